# test/suites/citus.sh: distributed tables keyed by scru128 on a local Citus
# cluster (a coordinator and two workers, each a server of its own), see
# test/citus/citus.pl.  Sourced by test/run.sh, which calls suite_citus.
#
# Debian has no Citus package: this suite builds Citus from the archive in
# VENDOR_DIR or ../shared/vendor beside the checkout (copied into the
# chroot by test/chroot.sh) into the chroot's PostgreSQL, once: the chroot
# is kept between runs, and a build of the same version is not repeated.
# Citus has no release for PostgreSQL 15: the suite runs in a chroot (the
# table in test/run.sh says which).

CITUS_VERSION=${CITUS_VERSION:-14.0.1}
# libcurl: PostgreSQL 18's own headers define HAVE_LIBCURL (OAuth), so
# Citus compiles its statistics collection in whatever configure is told,
# and --without-libcurl leaves citus.so with an undefined curl_easy_perform.
# Built with libcurl, and citus.enable_statistics_collection is turned off
# in the test cluster (test/citus/citus.pl).
CITUS_BUILD_DEPS="libicu-dev liblz4-dev libzstd-dev libkrb5-dev libssl-dev
	libselinux1-dev libxslt1-dev libpam0g-dev libreadline-dev libcurl4-openssl-dev"

# build and install Citus unless this version is installed already
citus_install() {
	local libdir stamp archive src t0
	libdir=$("$PG_CONFIG" --pkglibdir)
	stamp="$libdir/citus.so.scru128-built-$CITUS_VERSION"
	if [ -f "$libdir/citus.so" ] && [ -f "$stamp" ]; then
		log "citus: $CITUS_VERSION already built and installed"
		return 0
	fi
	if ! archive=$(vendor_archive "citus-$CITUS_VERSION.tar.gz"); then
		# not in the repository (third-party, AGPL): without it there is
		# nothing to build, which the run reports as SKIPPED
		CITUS_MISSING=1
		return 1
	fi
	# the majors this Citus release builds for, from its configure's own
	# check ('16', '17', '18' for 14.0.1): on another (19) there is nothing
	# to build, which the run reports as SKIPPED
	CITUS_MAJORS=$(tar -xzf "$archive" --wildcards '*/configure' -O |
		grep -E "^elif test \"\\\$version_num\" != '" | grep -o "'[0-9]*'" | tr -d "'" | tr '\n' ' ' || true)
	if [ -n "$CITUS_MAJORS" ] && ! [[ " $CITUS_MAJORS" == *" $PG_MAJOR "* ]]; then
		CITUS_UNSUPPORTED=1
		return 1
	fi
	if [ "$(id -u)" != 0 ]; then
		log "citus: not root, cannot install the build dependencies"
		return 1
	fi
	t0=$SECONDS
	log "citus: installing the build dependencies"
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
		$CITUS_BUILD_DEPS >"$WORK/citus-apt.log" 2>&1 || { cat "$WORK/citus-apt.log"; return 1; }
	src="$WORK/citus-src"
	mkdir -p "$src"
	tar -xzf "$archive" -C "$src" --strip-components=1
	log "citus: building $CITUS_VERSION"
	# no LLVM bitcode for JIT inlining, which would double the build time
	if ! (cd "$src" && ./configure PG_CONFIG="$PG_CONFIG" &&
		make -j"$(nproc)" with_llvm=no && make with_llvm=no install) >"$WORK/citus-build.log" 2>&1; then
		tail -60 "$WORK/citus-build.log"
		return 1
	fi
	touch "$stamp"
	rm -rf "$src"
	log "citus: built and installed in $((SECONDS - t0)) s"
}

suite_citus() {
	local out="$WORK/citus.log" t0=$SECONDS perl5lib
	CITUS_MISSING=
	CITUS_UNSUPPORTED=
	if ! citus_install; then
		if [ -n "$CITUS_MISSING" ]; then
			record_skipped citus "no citus-$CITUS_VERSION.tar.gz in VENDOR_DIR or ../shared/vendor beside the checkout"
			return
		fi
		if [ -n "$CITUS_UNSUPPORTED" ]; then
			record_skipped citus "Citus $CITUS_VERSION does not support PostgreSQL $PG_MAJOR (its configure accepts only ${CITUS_MAJORS% })"
			return
		fi
		log "citus: could not build Citus"
		suite_failed citus
		return
	fi
	perl5lib="$("$PG_CONFIG" --pkglibdir)/pgxs/src/test/perl"
	mkdir -p "$WORK/citus"
	[ "$(id -u)" = 0 ] && chown "$SCRU128_USER" "$WORK/citus"
	if as_user env -C "$WORK/citus" PERL5LIB="$perl5lib" \
		PG_REGRESS="$("$PG_CONFIG" --pkglibdir)/pgxs/src/test/regress/pg_regress" \
		CITUS_BENCH_SECONDS="${CITUS_BENCH_SECONDS:-5}" \
		timeout 900 prove -v "$BUILD/test/citus/citus.pl" >"$out" 2>&1; then
		grep -E '^(not )?ok|^# (bench|Citus|rebalance)|^Result' "$out" || true
	else
		cat "$out"
		for f in "$WORK"/citus/tmp_check/log/*.log; do
			[ -f "$f" ] && { echo "--- $f"; tail -30 "$f"; }
		done
		suite_failed citus
	fi
	record_tap citus "$out"
	log "citus: suite ran in $((SECONDS - t0)) s"
}
