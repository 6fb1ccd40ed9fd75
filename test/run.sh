#!/usr/bin/env bash
# Runs every test suite of the scru128 extension and ends with a line
# "N passed, N failed".  On a fresh Debian 12 machine, as root, it installs
# what it needs first.  Exits non-zero if anything failed.
#
#   bash test/run.sh                 # everything (as root, or a sudoer)
#   bash test/run.sh unit regress    # only the named suites
#
# Suites: unit, regress, parallel (regress under debug_parallel_query), tap,
# then one per file test/suites/NAME.sh, each of
# which defines a function suite_NAME that calls record or record_tap, then
# pg17, pg18 and pg19: the server suites on PostgreSQL 17, 18 and 19, each
# inside a Debian chroot (test/chroot.sh).  The server suites are regress,
# parallel, tap and every test/suites/NAME.sh with a line "# server suite";
# one with a line "# chroot only" runs only there (Citus has no release for
# 15); one with "# upgrade suite" only in a chroot with two majors (pg19).
# Not every server suite repeats on every major: see SUITE_MAJORS_ below.

source "$(dirname "$0")/lib.sh"
become_root "$@"
source "$SRC_DIR/test/chroot.sh"

SUITES=(unit regress parallel tap)
SERVER_SUITES=(regress parallel tap)
for f in "$SRC_DIR"/test/suites/*.sh; do
	[ -e "$f" ] || continue
	source "$f"
	if grep -q '^# upgrade suite' "$f"; then
		continue
	elif grep -q '^# chroot only' "$f"; then
		[ "${PG_MAJOR}" != 15 ] && SUITES+=("$(basename "$f" .sh)")
	else
		SUITES+=("$(basename "$f" .sh)")
	fi
	grep -qE '^# (server suite|chroot only)' "$f" && SERVER_SUITES+=("$(basename "$f" .sh)")
done
# Which server suites repeat on which major: CI (the whole run, four
# majors) must stay under 40 minutes on 2 cores.  regress, tap and xrestore
# run on every major: they reach what differs between majors (C APIs behind
# PG_VERSION_NUM, catalog features such as skip support, core functions
# named like ours, plan and message output, a 15 dump restored).  parallel
# (regress again under debug_parallel_query) runs on the oldest and the
# newest only: the parallel labels it exercises are the same catalog
# entries on every major.  citus (about 3 minutes, mostly building Citus)
# runs on 18, the newest major Citus 14.0.1 builds on (its configure
# refuses 19); what it checks is the extension's objects distributed, the
# same on every major.  pgupgrade runs where the chroot has the older major
# beside the newer (19 with 18).
SUITE_MAJORS_parallel="15 19"
SUITE_MAJORS_citus="18"
# packages builds and tests a package for every major installed where it
# runs: 15 on the host, and 18 with 19 in the pg19 chroot (pg_buildext runs
# the same steps for each; 17, 2 minutes more, adds nothing they do not)
SUITE_MAJORS_packages="15 19"
runs_on() {
	local v="SUITE_MAJORS_$1"
	[ -z "${!v:-}" ] || [[ " ${!v} " == *" $2 "* ]]
}
OTHER_VERSIONS=(17 18 19)
for v in "${OTHER_VERSIONS[@]}"; do
	SUITES+=("pg$v")
	list=""
	for s in "${SERVER_SUITES[@]}"; do
		runs_on "$s" "$v" && list="$list $s"
	done
	# pgupgrade (a file marked "# upgrade suite") only where the chroot has
	# the older major too (chroot_upgrade_from)
	chroot_upgrade_from "$v" >/dev/null && list="$list pgupgrade"
	eval "suite_pg$v() { chroot_suite_run $v $list; }"
done
[ $# -gt 0 ] && SUITES=("$@")

PASSED=0
FAILED=0

# record SUITE PASSED FAILED
record() {
	log "$1: $2 passed, $3 failed"
	PASSED=$((PASSED + $2))
	FAILED=$((FAILED + $3))
}

# counts "ok N" / "not ok N" lines (TAP) in a log file
record_tap() {
	local suite=$1 file=$2 ok notok
	ok=$(grep -cE '^[[:space:]]*ok [0-9]+' "$file" || true)
	notok=$(grep -cE '^[[:space:]]*not ok [0-9]+' "$file" || true)
	record "$suite" "$ok" "$notok"
}

# a suite that cannot run on this machine for want of something outside the
# repository (the Citus sources): said in its log and again, last, before the
# totals; never silent
SKIPPED=()
record_skipped() {
	log "$1: SKIPPED: $2"
	SKIPPED+=("$1: $2")
}

# a suite whose harness failed without reporting a failed test still fails
suite_failed() {
	log "$1: the suite itself failed (see above)"
	FAILED=$((FAILED + 1))
}

suite_unit() {
	local out="$WORK/unit.log"
	if as_user make -s -C "$BUILD/test/unit" check >"$out" 2>&1; then :; else
		cat "$out"; record_tap unit "$out"; suite_failed unit; return
	fi
	grep -E '^not ok' "$out" || true
	record_tap unit "$out"
}

# run_regress NAME [VAR=VALUE...]: the pg_regress tests, with the given
# environment (PGOPTIONS reaches every connection pg_regress opens)
run_regress() {
	local name=$1 out="$WORK/$1.log" ok failed
	shift
	rm -rf "$BUILD/results-dir"
	as_user env "$@" timeout "${REGRESS_TIMEOUT:-1200}" make -C "$BUILD" PG_CONFIG="$PG_CONFIG" TAP_TESTS= installcheck >"$out" 2>&1 || true
	cat "$out" | grep -E '^(test|     |ok|not ok)|tests? (passed|failed)' || true
	# PostgreSQL 15 prints "test NAME ... ok", 16 and later print TAP lines
	ok=$(grep -cE '^(test .*\.\.\. ok|ok [0-9]+)' "$out" || true)
	# every test that did not pass failed, whether or not it got as far as a diff
	failed=$(( $(ls "$BUILD"/sql/*.sql | grep -vc '/scru128--') - ok ))
	if [ -f "$BUILD/results-dir/regression.diffs" ] && [ "$failed" != 0 ]; then
		cat "$BUILD/results-dir/regression.diffs"
	fi
	record "$name" "$ok" "$failed"
	[ "$ok" -gt 0 ] || suite_failed "$name"
}

suite_regress() {
	run_regress regress
}

# the regression tests again with every query planned in parallel mode, as
# PostgreSQL's buildfarm runs its own (the setting was renamed in 16)
suite_parallel() {
	local setting=debug_parallel_query
	[ "$PG_MAJOR" -lt 16 ] && setting=force_parallel_mode
	run_regress parallel PGOPTIONS="-c $setting=regress"
}

suite_tap() {
	local out="$WORK/tap.log"
	# a hung test must fail the run, not stall it until CI gives up; the
	# test files run side by side, one per core (each has clusters of its
	# own, on ports the framework hands out), and most of their time is
	# initdb and server starts
	if as_user timeout "${TAP_TIMEOUT:-2400}" make -C "$BUILD" PG_CONFIG="$PG_CONFIG" REGRESS= \
		PROVE_FLAGS="-v -j$(nproc)" installcheck >"$out" 2>&1; then
		grep -E '^(t|test)/|^(not )?ok|^Result' "$out" || true
		record_tap tap "$out"
	else
		cat "$out"
		for f in "$BUILD"/tmp_check/log/regress_log_*; do
			[ -f "$f" ] && { echo "--- $f"; tail -50 "$f"; }
		done
		record_tap tap "$out"
		suite_failed tap
	fi
}

install_packages
if [ "$(id -u)" = 0 ]; then
	for s in "${SUITES[@]}"; do
		[[ $s =~ ^pg([0-9]+)$ ]] && chroot_prepare_background "${BASH_REMATCH[1]}"
	done
fi
build_and_install
start_cluster

for s in "${SUITES[@]}"; do
	log "suite $s"
	t0=$SECONDS
	"suite_$s"
	# the time of each suite, for the CI budget (40 minutes on 2 cores)
	log "suite $s took $((SECONDS - t0)) s"
done

log "total time $SECONDS s"
for s in "${SKIPPED[@]}"; do
	log "SKIPPED $s"
done
echo "$PASSED passed, $FAILED failed"
[ "$FAILED" = 0 ]
