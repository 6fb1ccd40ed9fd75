# test/pg16.sh: PostgreSQL 16, built from source with assertions.
#
# Sourced by test/run.sh.  No Debian release packages 16, so suite pg16
# builds PostgreSQL 16.2 from the vendored archive (postgresql-16.2.tar.gz
# in VENDOR_DIR, else ../shared/vendor beside the checkout; without it the
# suite says SKIPPED) with --enable-cassert --enable-tap-tests (not
# --enable-debug: -g made the build 561 s of CPU instead of 405, and an
# assertion failure's backtrace names the functions without it) and the
# contrib modules the suites use, as the unprivileged user, into $PG16_PREFIX, kept there
# for later runs while the archive's checksum and the build options are
# the same (the chroots' way).  The build starts in the background when the
# run starts, while the host's suites run; under nice only when every suite
# runs in turn (SCRU128_NESTED_JOBS=0): beside two streams of suites a
# niced build would get next to no CPU until the end of the run, and pg16,
# which waits for it, would come last.  The suites of
# column 16 then run on the host against a copy of that installation,
# through the same test/run.sh (PG_MAJOR=16, its pg_config), from a copy of
# the tree as in a chroot; that run also fails on a crash, an assertion
# failure or a leaked resource in any server log (server_log_check in
# test/run.sh).

PG16_PREFIX=${PG16_PREFIX:-/var/tmp/scru128-pg16}
PG16_ARCHIVE=postgresql-16.2.tar.gz
PG16_CONFIGURE="--enable-cassert --enable-tap-tests --without-icu --without-readline --with-ssl=openssl"
# the contrib modules a suite or TAP test creates
PG16_CONTRIB="amcheck pageinspect pgstattuple pg_prewarm test_decoding pg_stat_statements auto_explain pgcrypto"
# what the build needs beyond the host's packages (install_packages):
# flex and bison, since the archive is a git tree without generated parsers;
# OpenSSL for pgcrypto (the SQL edition's public IDs)
PG16_BUILD_DEPS="build-essential flex bison zlib1g-dev libssl-dev libipc-run-perl"
PG16_PID=

pg16_archive() {
	vendor_archive "$PG16_ARCHIVE"
}

# what the cached installation was built from: a change to any of it
# rebuilds it
pg16_stamp() {
	echo "$(sha256sum <"$1" | cut -d' ' -f1) $PG16_CONFIGURE contrib: $PG16_CONTRIB"
}

pg16_ready() {
	local archive
	archive=$(pg16_archive) || return 1
	[ -f "$PG16_PREFIX/.scru128-ready" ] && [ "$(cat "$PG16_PREFIX/.scru128-ready")" = "$(pg16_stamp "$archive")" ]
}

# build and install (once) into $PG16_PREFIX; the log in $PG16_PREFIX.log.
# A lock keeps two runs from building into the same prefix at once.
pg16_prepare() {
	local archive build="$PG16_PREFIX.build" stamp user=$SCRU128_USER m niceness=0
	[ "${SCRU128_NESTED_JOBS:-1}" != 0 ] || niceness=10
	archive=$(pg16_archive) || { log "pg16: no $PG16_ARCHIVE in VENDOR_DIR or ../shared/vendor"; return 1; }
	stamp=$(pg16_stamp "$archive")
	mkdir -p "$(dirname "$PG16_PREFIX")"
	(
		flock 9
		pg16_ready && exit 0
		rm -rf "$PG16_PREFIX" "$build"
		mkdir -p "$PG16_PREFIX" "$build"
		chown "$user" "$PG16_PREFIX" "$build"
		# the unprivileged user builds and installs: nothing of it runs as
		# root.  The archive comes on its standard input, opened here: that
		# user may not reach the path (a checkout in root's home)
		runuser -u "$user" -- env -C "$build" HOME="$build" nice -n "$niceness" sh -ec '
			prefix=$1 configure=$2 contrib=$3 jobs=$4
			tar -xzf - --strip-components=1
			./configure --prefix="$prefix" $configure
			make -j"$jobs" -s
			make -s install
			for m in $contrib; do
				make -C contrib/"$m" -j"$jobs" -s install
			done' sh "$PG16_PREFIX" "$PG16_CONFIGURE" "$PG16_CONTRIB" "$(nproc)" <"$archive" || exit 1
		echo "$stamp" >"$PG16_PREFIX/.scru128-ready"
		rm -rf "$build"
	) 9>"$PG16_PREFIX.lock" >"$PG16_PREFIX.log" 2>&1
}

# start the build in the background unless the cached one is current;
# installs the Debian packages of the build and of pg_tle's (the pgtle
# suite of pg16's run installs nothing) first, in the foreground: apt-get
# takes a lock of its own
pg16_prepare_background() {
	local missing="" p
	pg16_archive >/dev/null || return 0
	if [ -z "${SCRU128_NO_APT:-}" ]; then
		for p in $PG16_BUILD_DEPS ${PGTLE_BUILD_DEPS:-}; do
			dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing="$missing $p"
		done
		if [ -n "$missing" ]; then
			log "pg16: apt-get install$missing"
			DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >/dev/null
		fi
	fi
	pg16_ready && return 0
	log "building PostgreSQL 16.2 with assertions into $PG16_PREFIX in the background (log: $PG16_PREFIX.log)"
	pg16_prepare &
	PG16_PID=$!
}

# suite pg16: the given suites (column 16 of the table in test/run.sh)
# against a copy of the installation, counted from the "N passed, N
# failed" line its test/run.sh ends with
pg16_suite_run() {
	local out="$WORK/pg16.log" inst="$WORK/pg16" tree="$WORK/pg16-tree" t0=$SECONDS setting passed=()
	if [ -n "$PG16_PID" ]; then
		log "pg16: waiting for the build"
		wait "$PG16_PID" || true
		log "pg16: waited $((SECONDS - t0)) s for the build"
	fi
	if [ "$(id -u)" != 0 ]; then
		log "pg16: needs root (it builds as $SCRU128_USER and installs into a copy)"
		suite_failed pg16
		return
	fi
	# the vendored source is not in the repository: without it, as for
	# Citus and pg_tle, the run says so (and CI=true counts it as failed)
	if ! pg16_archive >/dev/null; then
		record_skipped pg16 "no $PG16_ARCHIVE in VENDOR_DIR or ../shared/vendor beside the checkout: PostgreSQL 16 with assertions not tested"
		return
	fi
	pg16_ready || pg16_prepare || true
	if ! pg16_ready; then
		tail -40 "$PG16_PREFIX.log" 2>/dev/null || true
		log "pg16: could not build PostgreSQL 16"
		suite_failed pg16
		return
	fi
	xver_dump || true
	# a copy, so that installing the extension and pg_tle leaves the
	# cached build as it was built (PostgreSQL finds its files relative
	# to its binaries)
	rm -rf "$inst" "$tree"
	cp -a "$PG16_PREFIX" "$inst"
	mkdir -p "$tree"
	(cd "$SRC_DIR" && tar --exclude=.git --exclude=node_modules -cf - .) | tar -xf - -C "$tree"
	if [ -d "$WORK/for-chroot" ]; then cp -r "$WORK/for-chroot" "$tree/test/from-host"; fi
	# the third-party sources the suites build (pg_tle), where a chroot's
	# run finds them: the copy of the tree has no ../shared/vendor beside it
	local vendor=${VENDOR_DIR:-$SRC_DIR/../shared/vendor} f
	for f in "$vendor"/*.tar.gz; do
		[ -f "$f" ] || continue
		case $(basename "$f") in "$PG16_ARCHIVE") continue ;; esac
		mkdir -p "$tree/test/from-host/vendor"
		cp "$f" "$tree/test/from-host/vendor/"
	done
	chown -R "$SCRU128_USER" "$inst" "$tree"
	for setting in $SCRU128_CHROOT_SETTINGS TMPDIR KEEP_WORK SCRU128_USER VENDOR_DIR; do
		[ -z "${!setting:-}" ] || passed+=("$setting=${!setting}")
	done
	env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 "${passed[@]}" \
		PG_MAJOR=16 PG_CONFIG="$inst/bin/pg_config" SCRU128_NO_APT=1 SCRU128_SERVER_ONLY=1 \
		SCRU128_SERVER_LOG_CHECK=1 bash "$tree/test/run.sh" "$@" >"$out" 2>&1 || true
	nested_run_record pg16 "$out" "$PG16_PREFIX-last-failed.log"
}
