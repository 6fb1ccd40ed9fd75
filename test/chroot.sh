# test/chroot.sh: Debian chroots with other PostgreSQL versions.
#
# Sourced by test/run.sh.  PostgreSQL 17 comes from Debian trixie, 18 from
# forky, 19 from experimental in a forky chroot (only the PostgreSQL 19
# packages; everything else from forky, and 19 from forky itself once it is
# there), all from the mirror the host uses; each chroot is made once with
# debootstrap under $CHROOT_BASE and reused by later runs.  The server
# suites run inside it through the same test/run.sh, as in a fresh clone.

CHROOT_BASE=${CHROOT_BASE:-/var/tmp/scru128-chroots}
# the background job preparing each chroot (chroot_prepare_background)
declare -A CHROOT_PID=()
DEBIAN_MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}

# the Debian release that ships a PostgreSQL major version
chroot_suite() {
	case $1 in
		15) echo bookworm ;;
		17) echo trixie ;;
		18) echo forky ;;
		19) echo forky ;;
		*) return 1 ;;
	esac
}

# whether the chroot of version $1 gets Debian experimental as a source:
# 19 is there before it reaches forky; install_packages (test/lib.sh) takes
# the PostgreSQL packages from experimental only if the release has none
chroot_experimental() {
	[ "$1" = 19 ]
}

# the older major installed beside version $1 for the pg_upgrade suite
# (test/suites/pgupgrade.sh), from the chroot's own release
chroot_upgrade_from() {
	case $1 in
		19) echo 18 ;;
		*) return 1 ;;
	esac
}

# run a command inside the chroot of version $1, in a private mount
# namespace so that /proc, /dev and /dev/shm vanish with the command; where
# no such namespace can be made (containers, nested chroots: "unshare:
# cannot change root filesystem propagation"), with plain mounts in the
# chroot that are undone afterwards.  SCRU128_NO_UNSHARE=1 forces the
# latter, to test it.
chroot_exec() {
	local dir="$CHROOT_BASE/pg$1"
	shift
	if [ -n "${SCRU128_NO_UNSHARE:-}" ] ||
		! unshare --mount --propagation private -- true 2>/dev/null; then
		chroot_exec_plain "$dir" "$@"
		return
	fi
	unshare --mount --propagation private -- sh -c '
		dir=$1; shift
		mount -t proc proc "$dir/proc" &&
		mount --rbind /dev "$dir/dev" &&
		mount -t tmpfs -o mode=1777 shm "$dir/dev/shm" &&
		mount -t tmpfs -o mode=1777 tmp "$dir/tmp" &&
		exec chroot "$dir" "$@"' sh "$dir" "$@"
}

# chroot_exec without a mount namespace: the same mounts made in the
# chroot directly, in a subshell whose exit (normal, failed or by a
# signal) unmounts them.  /dev is made a slave of the host's so that the
# tmpfs on its shm is not seen on the host's /dev/shm (where / is shared).
chroot_exec_plain() {
	local dir=$1
	shift
	if mountpoint -q "$dir/proc" || mountpoint -q "$dir/dev" || mountpoint -q "$dir/tmp"; then
		log "$dir: something is mounted in it already (another run, or one that was killed): umount -R $dir/tmp $dir/dev $dir/proc"
		return 1
	fi
	log "no private mount namespace (unshare): mounting /proc, /dev, /dev/shm and /tmp in $dir for the command"
	(
		set +e
		chroot_umount_plain() {
			local m
			for m in "$dir/tmp" "$dir/dev" "$dir/proc"; do
				mountpoint -q "$m" || continue
				# a process still running in the chroot keeps it busy:
				# detach it anyway, it goes when that process does
				umount -R "$m" 2>/dev/null || {
					log "$m is busy: unmounting it lazily"
					umount -R -l "$m"
				}
			done
		}
		trap chroot_umount_plain EXIT
		trap 'exit 130' INT
		trap 'exit 143' TERM
		mount -t proc proc "$dir/proc" &&
			mount --rbind /dev "$dir/dev" &&
			mount --make-rslave "$dir/dev" &&
			mount -t tmpfs -o mode=1777 shm "$dir/dev/shm" &&
			mount -t tmpfs -o mode=1777 tmp "$dir/tmp" || {
			log "$dir: could not mount /proc, /dev or /tmp in it"
			exit 1
		}
		chroot "$dir" "$@"
	)
}

# make (once) the chroot of version $1 with PostgreSQL and the build tools;
# writes its log to $CHROOT_BASE/pgNN.log
chroot_prepare() {
	local v=$1 dir="$CHROOT_BASE/pg$1" suite script=""
	suite=$(chroot_suite "$v") || { log "no Debian release known for PostgreSQL $v"; return 1; }
	[ -f "$dir/.scru128-ready" ] && return 0
	command -v debootstrap >/dev/null || {
		apt-get install -y -qq --no-install-recommends debootstrap >/dev/null
	}
	# Debian 12's debootstrap has no script for forky: sid's is the same
	[ -e "/usr/share/debootstrap/scripts/$suite" ] || script=/usr/share/debootstrap/scripts/sid
	# mounts left by a killed chroot_exec_plain (/dev is the host's):
	# never remove through them
	if findmnt -rn -o TARGET | grep -q "^$dir/"; then
		log "$dir has mounts in it: umount -R $dir/tmp $dir/dev $dir/proc first"
		return 1
	fi
	rm -rf --one-file-system "$dir"
	mkdir -p "$dir"
	{
		debootstrap --variant=minbase "$suite" "$dir" "$DEBIAN_MIRROR" $script &&
		chroot_setup "$v" &&
		touch "$dir/.scru128-ready"
	} >"$CHROOT_BASE/pg$v.log" 2>&1
}

# what chroot_prepare does after debootstrap: apt settings and sources,
# then PostgreSQL $1 and the build tools (and the major to upgrade from)
chroot_setup() {
	local v=$1 dir="$CHROOT_BASE/pg$1" extra="${CHROOT_EXTRA_PACKAGES:-}" from
	# forky's Release file is past its Valid-Until date on some mirrors
	echo 'Acquire::Check-Valid-Until "false";' >"$dir/etc/apt/apt.conf.d/99scru128" &&
	if chroot_experimental "$v"; then
		echo "deb $DEBIAN_MIRROR experimental main" >"$dir/etc/apt/sources.list.d/experimental.list"
	fi &&
	if from=$(chroot_upgrade_from "$v"); then
		extra="$extra postgresql-$from postgresql-server-dev-$from"
	fi &&
	# no service starts inside the chroot
	printf '#!/bin/sh\nexit 101\n' >"$dir/usr/sbin/policy-rc.d" &&
	chmod +x "$dir/usr/sbin/policy-rc.d" &&
	cp /etc/resolv.conf "$dir/etc/resolv.conf" &&
	cp "$SRC_DIR/test/lib.sh" "$dir/var/tmp/scru128-lib.sh" &&
	chroot_exec "$v" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin PG_MAJOR="$v" \
		SCRU128_SERVER_ONLY=1 EXTRA_PACKAGES="$extra" \
		bash -c 'source /var/tmp/scru128-lib.sh && install_packages'
}

# start preparing the chroots of the given versions in the background, so
# that debootstrap and apt-get run while the suites of the host run
chroot_prepare_background() {
	local v
	mkdir -p "$CHROOT_BASE"
	for v in "$@"; do
		[ -f "$CHROOT_BASE/pg$v/.scru128-ready" ] && continue
		log "preparing a Debian $(chroot_suite "$v") chroot for PostgreSQL $v in the background"
		(chroot_prepare "$v"; echo $? >"$CHROOT_BASE/pg$v.rc") &
		CHROOT_PID[$v]=$!
	done
}

# suite pgNN: the given suites (the column NN of the table in test/run.sh)
# inside the chroot of version NN, counted from the "N passed, N failed"
# line its test/run.sh ends with
chroot_suite_run() {
	local v=$1 dir="$CHROOT_BASE/pg$1" out="$WORK/pg$1.log" pid
	shift
	pid=${CHROOT_PID[$v]:-}
	if [ -n "$pid" ]; then
		log "pg$v: waiting for the chroot"
		wait "$pid" || true
	fi
	if [ "$(id -u)" != 0 ]; then
		log "pg$v: needs root (debootstrap, chroot)"
		suite_failed "pg$v"
		return
	fi
	[ -f "$dir/.scru128-ready" ] || chroot_prepare "$v" || true
	if [ ! -f "$dir/.scru128-ready" ]; then
		tail -40 "$CHROOT_BASE/pg$v.log" 2>/dev/null || true
		log "pg$v: could not make the chroot"
		suite_failed "pg$v"
		return
	fi
	xver_dump || true
	rm -rf "$dir/scru128"
	mkdir -p "$dir/scru128"
	(cd "$SRC_DIR" && tar --exclude=.git --exclude=node_modules -cf - .) | tar -xf - -C "$dir/scru128"
	# files the host suites left for the chroot (the dump made with 15's pg_dump)
	if [ -d "$WORK/for-chroot" ]; then cp -r "$WORK/for-chroot" "$dir/scru128/test/from-host"; fi
	# third-party sources some suites build (Citus): VENDOR_DIR, else
	# ../shared/vendor beside the checkout
	local vendor=${VENDOR_DIR:-$SRC_DIR/../shared/vendor}
	if ls "$vendor"/*.tar.gz >/dev/null 2>&1; then
		mkdir -p "$dir/scru128/test/from-host/vendor"
		cp "$vendor"/*.tar.gz "$dir/scru128/test/from-host/vendor/"
	fi
	# the settings that act inside the chroot, where they were given
	local setting passed=()
	for setting in $SCRU128_CHROOT_SETTINGS; do
		[ -z "${!setting:-}" ] || passed+=("$setting=${!setting}")
	done
	chroot_exec "$v" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 \
		PG_MAJOR="$v" SCRU128_SERVER_ONLY=1 "${passed[@]}" \
		bash /scru128/test/run.sh "$@" >"$out" 2>&1 || true
	nested_run_record "pg$v" "$out" "$CHROOT_BASE/pg$v-last-failed.log"
}

# nested_run_record SUITE LOG FAILEDCOPY: count a test/run.sh run inside
# this one (a chroot's, pg16's) as suite SUITE from the "N passed, N
# failed" line it ends with; its log is kept in FAILEDCOPY if it failed
nested_run_record() {
	local suite=$1 out=$2 keep=$3 line p f
	grep -E '^==> [a-z0-9_]+: [0-9]+ passed|^==> suite [a-z0-9_]+ took|^==> .*failed|^(not ok|FAIL)|^ +[a-z0-9_]+ +\.\.\. FAILED' "$out" || true
	line=$(tail -n 1 "$out")
	if [[ $line =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed$ ]]; then
		p=${BASH_REMATCH[1]}
		f=${BASH_REMATCH[2]}
		[ "$f" = 0 ] || { tail -200 "$out"; cp "$out" "$keep"; }
		record "$suite" "$p" "$f"
		# listed again here; under CI=true that run counted them already
		while read -r line; do
			SKIPPED+=("$suite: $line")
		done < <(sed -n 's/^==> SKIPPED //p' "$out")
		while read -r line; do
			TAP_SKIPPED+=("$suite: $line")
		done < <(sed -n 's/^==> TAP file skipped: //p' "$out")
	else
		tail -80 "$out"
		cp "$out" "$keep"
		suite_failed "$suite"
	fi
}

# The dump for the cross-version test, made once per run on the host with
# PostgreSQL 15's pg_dump: a database built from test/xver/NN_*.sql (not
# *.check.sql) and its fingerprint (test/sql/xver_fingerprint.sql), left in
# $WORK/for-chroot for the xrestore suite inside the chroots.
xver_dump() {
	local out="$WORK/xver.log" f
	[ -f "$WORK/for-chroot/xver.dump" ] && return 0
	[ -n "${XVER_DUMP_FAILED:-}" ] && return 1
	mkdir -p "$WORK/for-chroot"
	[ "$(id -u)" = 0 ] && chown "$SCRU128_USER" "$WORK/for-chroot"
	# a subshell: a failing step ends it, not the whole run ("set -e" would
	# be ignored here, where the status is tested)
	(
		as_user dropdb --if-exists xver || exit 1
		as_user createdb xver || exit 1
		psql_user -d xver -q -c 'CREATE EXTENSION scru128' || exit 1
		for f in "$BUILD"/test/xver/[0-9]*.sql; do
			case $f in *.check.sql) continue ;; esac
			echo "-- $f"
			psql_user -d xver -q -f "$f" || exit 1
		done
		psql_user -d xver -q -At -f "$BUILD/test/sql/xver_fingerprint.sql" \
			>"$WORK/for-chroot/xver.fingerprint" || exit 1
		as_user pg_dump -Fc -d xver -f "$WORK/for-chroot/xver.dump" || exit 1
		as_user pg_dump --version >"$WORK/for-chroot/xver.pg_dump_version"
	) >"$out" 2>&1 || {
		cat "$out"
		rm -f "$WORK/for-chroot/xver.dump"
		XVER_DUMP_FAILED=1
		log "xver: the database to dump could not be built"
		record xver_dump 0 1
		return 1
	}
	log "xver: dumped with $(cat "$WORK/for-chroot/xver.pg_dump_version"): $(grep -c '^table' "$WORK/for-chroot/xver.fingerprint") tables, $(grep -c '^index' "$WORK/for-chroot/xver.fingerprint") indexes"
	record xver_dump 1 0
}
