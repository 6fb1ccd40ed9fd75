#!/usr/bin/env bash
# Runs the test suites of the scru128 extension and ends with a line
# "N passed, N failed".  On a fresh Debian 12 machine, as root, it installs
# what it needs first.  Exits non-zero if anything failed.
#
#   bash test/run.sh                 # every suite on every major (the CI run)
#   bash test/run.sh unit regress    # only the named suites, on the host
#   bash test/run.sh pg18            # the suites of column 18, in its chroot
#   bash test/run.sh pg18:differential   # only the named suites, there
#   bash test/run.sh --list          # the table below and what pgNN runs
#
# The environment settings are in doc/testing.md.

source "$(dirname "$0")/lib.sh"

# The suites, in the order they run, and the majors each runs on.  15 is
# the host (Debian 12's PostgreSQL; PG_MAJOR picks another server there);
# 16 is the suite pg16, which builds PostgreSQL 16.2 with assertions from
# the vendored source and runs the suites of its column on the host against
# it (test/pg16.sh); 17, 18 and 19 are the suites pg17, pg18 and pg19, which
# run the suites of their column inside a Debian chroot of that major
# (test/chroot.sh).  Each pgNN counts as one suite.  Why each suite
# repeats where it does is said once, in doc/testing.md.  unit, regress,
# parallel and tap are defined below; every other suite is
# test/suites/NAME.sh defining suite_NAME, and adding one is that file and
# one line here:
#
#	suite NAME "MAJORS" "what it tests"
SUITE_NAMES=()
declare -A SUITE_MAJORS SUITE_WHAT
suite() {
	SUITE_NAMES+=("$1")
	SUITE_MAJORS[$1]=$2
	SUITE_WHAT[$1]=$3
}
suite unit      "15"          "C unit tests of the pure core (test/unit)"
suite regress   "15 16 17 18 19" "pg_regress tests (sql/, expected/)"
suite parallel  "15 19"       "the pg_regress tests planned in parallel mode"
suite tap       "15 16 17 18 19" "TAP tests with their own clusters (test/t), but for the next two"
suite timescaledb "17 18"     "TimescaleDB hypertables keyed by the IDs (test/t/610_timescaledb.pl)"
suite cdc       "15 16 17 18 19" "logical decoding: pgoutput, test_decoding, wal2json, decoderbufs (test/t/620_cdc.pl)"
suite bench     "15"          "the benchmarks in smoke mode (test/bench)"
suite citus     "18"          "distributed tables on a local Citus cluster"
suite clients   "15"          "the client adapters (clients/*/test.sh)"
suite fuzz      "15"          "libFuzzer over every decoder of the core (test/fuzz)"
suite meta      "15"          "META.json and the version strings agree with the tree"
suite node      "15"          "node-postgres and the npm scru128 and uuid packages"
suite packages  "15 19"       "Debian packages: build, lintian, install, autopkgtest, purge"
suite pgxn      "15"          "make dist; the zip builds, installs, passes, pgxn install"
suite sanitize  "15"          "the unit tests under ASan and UBSan"
suite xrestore  "16 17 18 19" "a dump made by 15's pg_dump restored (test/xver)"
suite sqledition "15 16 17 18 19" "the SQL edition (portable/src) against the native types and test/vectors"
suite pgtle     "15 16 17 18 19" "the SQL edition's install files: drift, plain script, pg_tle, move to native"
suite pgupgrade "19"          "pg_upgrade from 18 with the extension in both"
suite security  "15 16 17 18 19" "the attacks of doc/security.md's threat model (test/security)"
suite differential "15 16 17 18 19" "random time queries against the never-rewritten comparisons (test/differential)"

HOST_MAJOR=15
# the host's suites that need neither its server nor its installation:
# they may run beside the others (the lanes, below)
LANE_SUITES="unit sanitize fuzz meta"
# built from source on the host (test/pg16.sh)
SOURCE_MAJORS=(16)
CHROOT_MAJORS=(17 18 19)

# the suites of the table that run on major $1, in table order
suites_on() {
	local s
	for s in "${SUITE_NAMES[@]}"; do
		[[ " ${SUITE_MAJORS[$s]} " == *" $1 "* ]] && echo "$s"
	done
	return 0
}

plan_list() {
	local s v
	printf '%-10s %-12s %s\n' suite majors "what it tests"
	for s in "${SUITE_NAMES[@]}"; do
		printf '%-10s %-12s %s\n' "$s" "${SUITE_MAJORS[$s]}" "${SUITE_WHAT[$s]}"
	done
	echo
	echo "bash test/run.sh runs, in this order:"
	echo "  on the host ($HOST_MAJOR): $(suites_on "$HOST_MAJOR" | xargs)"
	for v in "${SOURCE_MAJORS[@]}"; do
		echo "  pg$v (built from source, with assertions): $(suites_on "$v" | xargs)"
	done
	for v in "${CHROOT_MAJORS[@]}"; do
		echo "  pg$v (a chroot): $(suites_on "$v" | xargs)"
	done
	echo "the pgNN runs, and $LANE_SUITES, run beside the host's other suites"
	echo "(SCRU128_NESTED_JOBS lanes, default 1; 0: all of it in the order above)"
}

# a major in the table that no run reaches would drop its suite silently
for s in "${SUITE_NAMES[@]}"; do
	for v in ${SUITE_MAJORS[$s]}; do
		if [ "$v" != "$HOST_MAJOR" ] && [[ " ${SOURCE_MAJORS[*]} ${CHROOT_MAJORS[*]} " != *" $v "* ]]; then
			log "suite $s: no run on major $v (the host is $HOST_MAJOR, built from source ${SOURCE_MAJORS[*]}, the chroots ${CHROOT_MAJORS[*]})"
			exit 2
		fi
	done
done

if [ "${1:-}" = --list ]; then
	plan_list
	exit 0
fi

become_root "$@"
source "$SRC_DIR/test/chroot.sh"
source "$SRC_DIR/test/pg16.sh"

# every file in test/suites is a row of the table, and every row a suite
for f in "$SRC_DIR"/test/suites/*.sh; do
	[ -e "$f" ] || continue
	s=$(basename "$f" .sh)
	if [ -z "${SUITE_MAJORS[$s]+set}" ]; then
		log "test/suites/$s.sh has no line in the table of test/run.sh"
		exit 2
	fi
	source "$f"
done

if [ $# -gt 0 ]; then
	SUITES=("$@")
else
	mapfile -t SUITES < <(suites_on "$HOST_MAJOR")
	for v in "${SOURCE_MAJORS[@]}" "${CHROOT_MAJORS[@]}"; do
		SUITES+=("pg$v")
	done
fi
# pgNN is the column NN, pgNN:A,B only the suites A and B of the table
# there (whatever their column says)
for s in "${SUITES[@]}"; do
	names=$s
	if [[ $s =~ ^pg([0-9]+)(:(.*))?$ ]] && [[ " ${SOURCE_MAJORS[*]} ${CHROOT_MAJORS[*]} " == *" ${BASH_REMATCH[1]} "* ]]; then
		[ -n "${BASH_REMATCH[2]}" ] || continue
		names=${BASH_REMATCH[3]//,/ }
	fi
	for n in $names; do
		if [ -z "${SUITE_MAJORS[$n]+set}" ]; then
			log "no suite $n: bash test/run.sh --list shows them"
			exit 2
		fi
	done
done

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
# repository (a vendored source archive: PostgreSQL 16.2, Citus, pg_tle):
# said in its log and again, with their count, just before the totals; never
# silent.  Under CI=true each counts as failed (SKIPPED_HERE: those of this
# run; a nested run's, listed too, were counted by that run itself).
SKIPPED=()
SKIPPED_HERE=0
record_skipped() {
	log "$1: SKIPPED: $2"
	SKIPPED+=("$1: $2")
	SKIPPED_HERE=$((SKIPPED_HERE + 1))
}

# TAP files that skipped themselves (plan skip_all): not applicable on this
# major, or, outside CI, without something they need (under CI=true such a
# file fails instead); listed before the totals
TAP_SKIPPED=()

# a suite whose harness failed without reporting a failed test still fails
suite_failed() {
	log "$1: the suite itself failed (see above)"
	FAILED=$((FAILED + 1))
}

# the pure core builds without a warning under both compilers (-Wall
# -Wextra -Werror): clang first, build only, then gcc, whose tests run
UNIT_CFLAGS="-O2 -g -Wall -Wextra -Werror -std=c99"
suite_unit() {
	local out="$WORK/unit.log"
	if as_user make -s -C "$BUILD/test/unit" clean check-build CC=clang CFLAGS="$UNIT_CFLAGS" >"$out" 2>&1; then :; else
		cat "$out"; log "unit: the core and its tests do not build warning-free with clang"; suite_failed unit; return
	fi
	if as_user make -s -C "$BUILD/test/unit" clean check CC=gcc CFLAGS="$UNIT_CFLAGS" >"$out" 2>&1; then :; else
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
	# (sql/*--*.sql are the extensions' scripts, scru128's and scru128_uuidv7compat's)
	failed=$(( $(ls "$BUILD"/sql/*.sql | grep -vc -- '--') - ok ))
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

# From 17 on, PostgreSQL::Test::Cluster copies the data directory named by
# INITDB_TEMPLATE instead of running initdb for each cluster that passes
# initdb no options, as PostgreSQL's own make check has it do: made here
# once per run and major, by the same initdb call Cluster.pm would make.
# About 1 to 1.5 s of CPU a cluster against under 0.1 s for the copy, for
# some 80 clusters per major.  15 and 16 have no such option:
# test/perl/Scru128InitdbTemplate.pm gives their Cluster.pm the same copy,
# loaded into the TAP files' perls through PERL5OPT.  All of it is given
# to run_tap's make only (TAP_ENV): a run of another major started from
# this one (pg16) must not inherit this major's template.
TAP_ENV=()
tap_initdb_template() {
	local t="$WORK/initdb-template"
	[ "${#TAP_ENV[@]}" = 0 ] || return 0
	rm -rf "$t"
	if ! as_user initdb -A trust -N -D "$t" >"$WORK/initdb-template.log" 2>&1; then
		cat "$WORK/initdb-template.log"
		log "tap: could not make the initdb template: each cluster runs initdb"
		rm -rf "$t"
		TAP_ENV=(-u INITDB_TEMPLATE)
		return 0
	fi
	log "tap: the clusters of $PG_MAJOR copy the data directory $t (INITDB_TEMPLATE)"
	TAP_ENV=(INITDB_TEMPLATE="$t")
	if [ "$PG_MAJOR" -lt 17 ]; then
		TAP_ENV+=(PERL5LIB="$BUILD/test/perl${PERL5LIB:+:$PERL5LIB}"
			PERL5OPT="-MScru128InitdbTemplate${PERL5OPT:+ $PERL5OPT}")
	fi
}

# run_tap NAME TESTS: the TAP test files TESTS (paths under the tree), as
# suite NAME
run_tap() {
	local name=$1 tests=$2 out="$WORK/$1.log"
	tap_initdb_template
	# a hung test must fail the run, not stall it until CI gives up; the
	# test files run side by side, one per core (each has clusters of its
	# own, on ports the framework hands out), and most of their time is
	# making clusters and starting servers
	if as_user env "${TAP_ENV[@]}" timeout "${TAP_TIMEOUT:-2400}" make -C "$BUILD" PG_CONFIG="$PG_CONFIG" REGRESS= \
		PROVE_TESTS="$tests" PROVE_FLAGS="-v --timer -j$(nproc)" installcheck >"$out" 2>&1; then
		# --timer: each file's time on its result line, for doc/testing.md
		grep -E '^(\[[0-9:]+\] )?(t|test)/|^(not )?ok|^Result' "$out" || true
		record_tap "$name" "$out"
	else
		cat "$out"
		for f in "$BUILD"/tmp_check/log/regress_log_*; do
			[ -f "$f" ] && { echo "--- $f"; tail -50 "$f"; }
		done
		record_tap "$name" "$out"
		suite_failed "$name"
	fi
	local f why
	while IFS=$'\t' read -r f why; do
		log "$name: $f skipped itself: $why"
		TAP_SKIPPED+=("$name: $f: $why")
	done < <(sed -nE 's/^(\[[0-9:]+\] )?(test\/[^ ]+\.pl) \.+ skipped: (.*)$/\2\t\3/p' "$out")
	# the next make installcheck empties tmp_check: the server logs go
	# where server_log_check finds them, under the suite's name
	if [ -d "$BUILD/tmp_check/log" ]; then
		rm -rf "$WORK/tap-logs-$name"
		mv "$BUILD/tmp_check/log" "$WORK/tap-logs-$name"
	fi
}

# the TAP files that are suites of their own
TAP_OWN_SUITES="test/t/610_timescaledb.pl test/t/620_cdc.pl"

suite_tap() {
	local f tests=""
	for f in $(cd "$BUILD" && echo test/t/*.pl); do
		[[ " $TAP_OWN_SUITES " == *" $f "* ]] || tests+="$f "
	done
	run_tap tap "$tests"
}

# SCRU128_SERVER_LOG_CHECK=1 (set in pg16's run): every server log the
# suites left (the throwaway cluster's, pg_tle's, the TAP clusters' in
# tmp_check/log, pg_regress's own instance's) must show no backend killed by
# a signal other than the SIGKILL some TAP tests send, no assertion failure
# ("TRAP:", a server built with --enable-cassert) and no WARNING of a leaked
# resource, which PostgreSQL logs when a transaction ends still holding one
server_log_check() {
	local f n=0 bad=0 hits
	while IFS= read -r -d '' f; do
		case $f in */regress_log_*) continue ;; esac
		grep -q 'database system is ready to accept connections' "$f" || continue
		n=$((n + 1))
		hits=$(grep -E 'TRAP: |terminated by signal ([0-8]|[1-9][0-9])\b|WARNING: +.*(leak|not closed|still active|non-empty SPI stack)' "$f" | head -20 || true)
		if [ -n "$hits" ]; then
			log "server log ${f#"$WORK"/}:"
			printf '%s\n' "$hits" >&2
			bad=$((bad + 1))
		fi
	done < <(find "$WORK" -name '*.log' -type f -print0)
	log "server logs: $n scanned, $bad with a crash, an assertion failure or a leak"
	if [ "$n" = 0 ]; then
		record serverlogs 0 1
	else
		record serverlogs $((bad == 0 ? 1 : 0)) "$bad"
	fi
}

install_packages
if [ "$(id -u)" = 0 ]; then
	for s in "${SUITES[@]}"; do
		case $s in
			pg16 | pg16:*) pg16_prepare_background ;;
			pg[0-9]*) v=${s#pg} && chroot_prepare_background "${v%%:*}" ;;
		esac
	done
fi
build_and_install
# a throwaway cluster: no suite needs it to survive a crash of the machine,
# and each commit's fdatasync took about 0.8 ms on the development VM
# (pg_test_fsync), more than a small statement; the TAP clusters turn it
# off too (PostgreSQL::Test::Cluster)
start_cluster -c fsync=off

# run_suite NAME: one suite, and its time (for the CI budget, doc/testing.md)
run_suite() {
	local s=$1 t0=$SECONDS
	log "suite $s"
	if [[ $s =~ ^pg([0-9]+)(:(.*))?$ ]]; then
		v=${BASH_REMATCH[1]}
		names=${BASH_REMATCH[3]//,/ }
		[ -n "${BASH_REMATCH[2]}" ] || names=$(suites_on "$v")
		if [ "$v" = 16 ]; then
			pg16_suite_run $names
		else
			chroot_suite_run "$v" $names
		fi
	else
		"suite_$s"
	fi
	log "suite $s took $((SECONDS - t0)) s (from $t0 s to $SECONDS s of the run)"
}

# Two streams of suites.  The runs of the other majors (pg16 and the
# chroots) share nothing with the host's server, and each of them, like
# most of the host's suites, keeps about one core busy: they run in
# SCRU128_NESTED_JOBS lanes (default 1; 0 runs every suite in turn) beside
# the host's suites, and so do the host's suites that need neither its
# server nor its installation (LANE_SUITES), which fill a lane while it
# waits for a chroot or the 16.2 build.  Each lane takes from one queue
# the first suite that is ready; the host's stream, once its own suites
# are done, takes from it too.  The lanes' counts and logs come after the
# host's suites.  The dump the xrestore suites restore is made first,
# from the host's server, before packages and pgxn change its installation.
QUEUED=()
HOST_SUITES=()
for s in "${SUITES[@]}"; do
	if [[ $s =~ ^pg([0-9]+)(:.*)?$ ]]; then
		QUEUED+=("$s")
	else
		HOST_SUITES+=("$s")
	fi
done
NESTED_JOBS=${SCRU128_NESTED_JOBS:-1}
LANE_PIDS=()
if [ "$(id -u)" = 0 ] && [ "$NESTED_JOBS" -gt 0 ] && [ "${#QUEUED[@]}" -gt 0 ] && [ "${#HOST_SUITES[@]}" -gt 0 ]; then
	HOST_SUITES=()
	for s in "${SUITES[@]}"; do
		if [[ $s =~ ^pg([0-9]+)(:.*)?$ ]]; then
			:
		elif [[ " $LANE_SUITES " == *" $s "* ]]; then
			QUEUED+=("$s")
		else
			HOST_SUITES+=("$s")
		fi
	done
fi

# whether the chroot or the build suite $1 waits for is there (or its
# preparation ended, failed: the suite then says so); any other is ready
lane_ready() {
	local pid= v
	case $1 in
		pg16 | pg16:*) pid=$PG16_PID ;;
		pg[0-9]*) v=${1#pg} && pid=${CHROOT_PID[${v%%:*}]:-} ;;
	esac
	[ -z "$pid" ] || ! kill -0 "$pid" 2>/dev/null
}

# lane_take: sets LANE_NEXT to the first ready suite of $WORK/lane.queue
# and takes it off (under a lock the lanes share), waiting while none is
# ready; empty when the queue is
lane_take() {
	local s left
	while :; do
		LANE_NEXT=
		{
			flock 8
			left=$(cat "$WORK/lane.queue")
			for s in $left; do
				if lane_ready "$s"; then LANE_NEXT=$s; break; fi
			done
			[ -z "$LANE_NEXT" ] || echo "$left" | grep -vx "$LANE_NEXT" >"$WORK/lane.queue" || true
		} 8>"$WORK/lane.lock"
		[ -n "$LANE_NEXT" ] || [ -z "$left" ] || { sleep 5; continue; }
		# a wait in the suite for the main shell's job would not find it
		case $LANE_NEXT in
			pg16 | pg16:*) PG16_PID= ;;
			pg[0-9]*) v=${LANE_NEXT#pg} && unset "CHROOT_PID[${v%%:*}]" ;;
		esac
		return 0
	done
}

# one lane: its counts go to $WORK/lane.N.state for the main shell
lane_run() {
	local lane=$1
	PASSED=0 FAILED=0 SKIPPED=() SKIPPED_HERE=0 TAP_SKIPPED=()
	while lane_take && [ -n "$LANE_NEXT" ]; do
		run_suite "$LANE_NEXT"
		echo "$LANE_NEXT" >>"$WORK/lane.$lane.done"
	done
	LANE_STATE=("$PASSED" "$FAILED" "$SKIPPED_HERE")
	LANE_SKIPPED=("${SKIPPED[@]}")
	LANE_TAP_SKIPPED=("${TAP_SKIPPED[@]}")
	declare -p LANE_STATE LANE_SKIPPED LANE_TAP_SKIPPED >"$WORK/lane.$lane.state"
}

# an end before the lanes' (a failed command, a signal): they go on until
# their suite ends, so the work directory is kept for them (stop_cluster
# in test/lib.sh calls this)
nested_abandon() {
	local pid
	for pid in "${LANE_PIDS[@]}"; do
		if kill -0 "$pid" 2>/dev/null; then
			log "suites still running beside (lanes): keeping $WORK"
			KEEP_WORK=1
			return
		fi
	done
}

# The queue, longest first where it matters: the stream that comes to it
# last should find the shortest run left.  pg19 does the most (packages,
# parallel, pg_upgrade); pg16 waits for its build anyway.  In a local CI
# run in table order the host's stream took pg19 last and ran it alone for
# about 200 s after the lane was done.
LANE_ORDER="pg19 pg17 pg18 pg16"
queue_longest_first() {
	local o s
	for o in $LANE_ORDER; do
		for s in "$@"; do
			[ "${s%%:*}" != "$o" ] || echo "$s"
		done
	done
	for s in "$@"; do
		[[ " $LANE_ORDER " == *" ${s%%:*} "* ]] || echo "$s"
	done
}

if [ "$(id -u)" = 0 ] && [ "$NESTED_JOBS" -gt 0 ] && [ "${#QUEUED[@]}" -gt 0 ] && [ "${#HOST_SUITES[@]}" -gt 0 ]; then
	xver_dump || true
	queue_longest_first "${QUEUED[@]}" >"$WORK/lane.queue"
	log "beside the host's suites, in $NESTED_JOBS lane(s) (SCRU128_NESTED_JOBS): $(xargs <"$WORK/lane.queue"); their logs after the host's suites"
	for ((lane = 1; lane <= NESTED_JOBS; lane++)); do
		lane_run "$lane" >"$WORK/lane.$lane.out" 2>&1 &
		LANE_PIDS+=("$!")
	done
	for s in "${HOST_SUITES[@]}"; do
		run_suite "$s"
	done
	# then what is left in the queue, here too
	while lane_take && [ -n "$LANE_NEXT" ]; do
		run_suite "$LANE_NEXT"
	done
	t0=$SECONDS
	for pid in "${LANE_PIDS[@]}"; do
		wait "$pid" || true
	done
	log "waited $((SECONDS - t0)) s for the lanes after the host's suites"
	for ((lane = 1; lane <= ${#LANE_PIDS[@]}; lane++)); do
		log "--- lane $lane ran: $(xargs <"$WORK/lane.$lane.done" 2>/dev/null)"
		cat "$WORK/lane.$lane.out"
		if [ -f "$WORK/lane.$lane.state" ]; then
			source "$WORK/lane.$lane.state"
			PASSED=$((PASSED + LANE_STATE[0]))
			FAILED=$((FAILED + LANE_STATE[1]))
			SKIPPED_HERE=$((SKIPPED_HERE + LANE_STATE[2]))
			SKIPPED+=("${LANE_SKIPPED[@]}")
			TAP_SKIPPED+=("${LANE_TAP_SKIPPED[@]}")
		else
			log "lane $lane ended without its counts"
			suite_failed "lane-$lane"
		fi
	done
else
	for s in "${SUITES[@]}"; do
		run_suite "$s"
	done
fi

[ -z "${SCRU128_SERVER_LOG_CHECK:-}" ] || server_log_check

log "total time $SECONDS s"
for s in "${TAP_SKIPPED[@]}"; do
	log "TAP file skipped: $s"
done
for s in "${SKIPPED[@]}"; do
	log "SKIPPED $s"
done
if [ "${#SKIPPED[@]}" != 0 ]; then
	if ci_run; then
		log "${#SKIPPED[@]} skipped: CI=true counts each as failed"
		FAILED=$((FAILED + SKIPPED_HERE))
	else
		log "${#SKIPPED[@]} skipped (not counted as failed; under CI=true each would be)"
	fi
fi
echo "$PASSED passed, $FAILED failed"
[ "$FAILED" = 0 ]
