# test/lib.sh: shared setup for test/run.sh, test/demo.sh and the benchmarks.
#
# Sourced, not run.  Installs what is missing (as root, with apt-get),
# builds and installs the extension from a copy of the tree owned by an
# unprivileged user, and starts a throwaway cluster in a temporary
# directory.  initdb, pg_regress and the TAP framework refuse to run as
# root, so everything that touches a server runs as $SCRU128_USER.

set -euo pipefail

PG_MAJOR=${PG_MAJOR:-15}
SCRU128_USER=${SCRU128_USER:-postgres}
SRC_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

log() { printf '==> %s\n' "$*" >&2; }

# The environment settings a user may give, each described in the table of
# doc/testing.md: all of them survive the sudo below, and those of the
# second list also reach the test/run.sh inside a chroot (test/chroot.sh),
# which otherwise starts from an empty environment.
SCRU128_SETTINGS="PG_MAJOR PG_CONFIG PGPORT TMPDIR KEEP_WORK SCRU128_USER
	SCRU128_NO_SUDO SCRU128_NO_APT SCRU128_PG_PRIVATE SCRU128_SERVER_ONLY
	EXTRA_PACKAGES FUZZ_TIME SCRU128_NODE CHROOT_BASE DEBIAN_MIRROR
	CHROOT_EXTRA_PACKAGES SCRU128_NO_UNSHARE VENDOR_DIR SCRU128_RUST_BUILD
	SCRU128_GO_BUILD PG16_PREFIX SCRU128_SERVER_LOG_CHECK SCRU128_NESTED_JOBS
	PGXN_REGRESS"
SCRU128_CHROOT_SETTINGS="CI REGRESS_TIMEOUT TAP_TIMEOUT CITUS_VERSION
	CITUS_BENCH_SECONDS PACKAGES_BUILD_TESTS PACKAGES_REGRESS PG_UPGRADE_FROM
	SQLED_RANDOM_N PGTLE_ARCHIVE PGTLE_UNSUPPORTED_MAJORS DIFF_SEED DIFF_SECONDS
	DIFF_QUERIES DIFF_ONLY DIFF_BATCH SCRU128_FULL_SIZE"

# CI=true (any value but empty, 0 or false): a run in CI, where whatever
# a suite or a test file needs must be there.  A suite that says SKIPPED
# then counts as failed (test/run.sh), and a TAP file that lacks what it
# needs fails instead of skipping (the same test in Perl).
ci_run() {
	case ${CI:-} in
		'' | 0 | false | FALSE | False) return 1 ;;
	esac
	return 0
}

# Root is needed to install packages and to use chroots: a sudoer who runs
# "bash test/run.sh" gets it through sudo, root needs no sudo at all.
# SCRU128_NO_SUDO=1 runs unprivileged against what is installed.
become_root() {
	if [ "$(id -u)" != 0 ] && [ -z "${SCRU128_NO_SUDO:-}" ] && command -v sudo >/dev/null 2>&1; then
		exec sudo --preserve-env="$(echo $SCRU128_SETTINGS $SCRU128_CHROOT_SETTINGS | tr ' ' ,)" \
			bash "$0" "$@"
	fi
}

# the Debian packages the suites use; SCRU128_SERVER_ONLY=1 leaves out what
# only the host's suites need (clang for fuzz and sanitize, node)
install_packages() {
	if [ "$(id -u)" != 0 ]; then
		log "not root: assuming PostgreSQL $PG_MAJOR and the build tools are installed"
		return
	fi
	if [ -n "${SCRU128_NO_APT:-}" ]; then
		log "SCRU128_NO_APT: assuming PostgreSQL $PG_MAJOR and the build tools are installed"
		return
	fi
	# libfaketime: test/t/510_start_rule.pl runs a server on a faked clock;
	# pgbouncer: the sqledition suite runs the SQL edition behind it;
	# libssl-dev: FF1 (src/core/ff1.c) links with libcrypto, in the
	# extension and in the unit tests
	local pkgs="libipc-run-perl make gcc ca-certificates python3 procps libfaketime pgbouncer libssl-dev ${EXTRA_PACKAGES:-}"
	local pgpkgs="postgresql-$PG_MAJOR postgresql-server-dev-$PG_MAJOR" target=()
	# bookworm's contrib is a package of its own; later releases fold it in
	[ "$PG_MAJOR" = 15 ] && pgpkgs="$pgpkgs postgresql-contrib"
	if [ -z "${SCRU128_SERVER_ONLY:-}" ]; then
		pkgs="$pkgs clang libclang-rt-dev debootstrap"
		# the node suite runs the nodejs package's /usr/bin/node, so it is
		# installed even when another node is on PATH; a nodejs package
		# from elsewhere (NodeSource's brings its own npm and conflicts
		# with Debian's) is kept, and the suite says whose node it ran
		if dpkg-query -W -f='${Provides}' nodejs 2>/dev/null | grep -qw npm; then
			log "keeping the installed nodejs $(dpkg-query -W -f='${Version}' nodejs) (not Debian's; it has its own npm)"
		else
			pkgs="$pkgs nodejs npm"
		fi
	fi
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq
	# a major that only Debian experimental has (19 before it reaches forky;
	# test/chroot.sh adds the source): its packages from there, everything
	# else from the release
	if ! apt-cache madison "postgresql-$PG_MAJOR" | grep -v ' experimental/' | grep -q . &&
		apt-cache madison "postgresql-$PG_MAJOR" | grep -q ' experimental/'; then
		target=(-t experimental)
	fi
	# pg_partman 5.2+ (time encoders for uuid columns) is in trixie and
	# later, for the majors Debian packages it for (not 19 in experimental)
	if [ "$PG_MAJOR" -ge 17 ] && apt-cache show "postgresql-$PG_MAJOR-partman" >/dev/null 2>&1; then
		pgpkgs="$pgpkgs postgresql-$PG_MAJOR-partman"
	fi
	# pg_uuidv7 1.7.0, which Debian packages for 18 only: on 18,
	# test/t/610_pg_uuidv7.pl compares scru128_uuidv7compat with it and runs
	# the swap of doc/migration.md (and fails without it)
	if [ "$PG_MAJOR" = 18 ]; then
		pgpkgs="$pgpkgs postgresql-18-pg-uuidv7"
	fi
	# the extensions users run beside this one (test/t/600_neighbours.pl,
	# 610_timescaledb.pl, 620_cdc.pl), for the majors Debian packages them for
	local p
	for p in timescaledb wal2json decoderbufs; do
		if apt-cache show "postgresql-$PG_MAJOR-$p" >/dev/null 2>&1; then
			pgpkgs="$pgpkgs postgresql-$PG_MAJOR-$p"
		fi
	done
	log "apt-get install $(echo $pkgs)"
	log "apt-get install ${target[*]} $(echo $pgpkgs)"
	# Debian's postgresql-common would create and start a cluster of its own
	mkdir -p /etc/postgresql-common
	[ -f /etc/postgresql-common/createcluster.conf ] ||
		echo 'create_main_cluster = false' >/etc/postgresql-common/createcluster.conf
	# keep the createcluster.conf written above when the package brings its own
	apt-get install -y -qq --no-install-recommends \
		-o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold $pkgs >/dev/null
	apt-get install -y -qq --no-install-recommends "${target[@]}" \
		-o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold $pgpkgs >/dev/null
}

PG_CONFIG=${PG_CONFIG:-/usr/lib/postgresql/$PG_MAJOR/bin/pg_config}

# SCRU128_PG_PRIVATE=DIR: install into a private copy of the PostgreSQL
# installation under DIR (made on first use; PostgreSQL finds its files
# relative to its binaries), so that several trees can be tested at once
# on one machine without installing over each other.
if [ -n "${SCRU128_PG_PRIVATE:-}" ]; then
	if [ ! -x "$SCRU128_PG_PRIVATE/usr/lib/postgresql/$PG_MAJOR/bin/pg_config" ]; then
		mkdir -p "$SCRU128_PG_PRIVATE/usr/lib/postgresql" "$SCRU128_PG_PRIVATE/usr/share/postgresql" \
			"$SCRU128_PG_PRIVATE/usr/include"
		cp -a "/usr/lib/postgresql/$PG_MAJOR" "$SCRU128_PG_PRIVATE/usr/lib/postgresql/"
		cp -a "/usr/share/postgresql/$PG_MAJOR" "$SCRU128_PG_PRIVATE/usr/share/postgresql/"
		cp -a /usr/include/postgresql "$SCRU128_PG_PRIVATE/usr/include/"
	fi
	PG_CONFIG="$SCRU128_PG_PRIVATE/usr/lib/postgresql/$PG_MAJOR/bin/pg_config"
fi

# vendor_archive FILE: the path of a third-party archive the tests build
# (Citus, pg_tle, PostgreSQL 16.2), looked for where the host left it for a
# chroot or a nested run ($BUILD/test/from-host/vendor), in VENDOR_DIR,
# then in ../shared/vendor beside the checkout; fails if none has it.  The
# path is for root: the unprivileged user may not reach it (a checkout in
# root's home, mode 0700), so what that user unpacks is handed over on its
# standard input, which root opens (test/pg16.sh).  A suite whose archive
# is missing says SKIPPED (record_skipped in test/run.sh).
vendor_archive() {
	local d
	for d in "${BUILD:+$BUILD/test/from-host/vendor}" "${VENDOR_DIR:-}" "$SRC_DIR/../shared/vendor"; do
		if [ -n "$d" ] && [ -f "$d/$1" ]; then
			echo "$d/$1"
			return 0
		fi
	done
	return 1
}

# run a command as the unprivileged user (or as ourselves if not root)
as_user() {
	if [ "$(id -u)" = 0 ]; then
		# from $WORK: the caller's directory may be closed to that user
		runuser -u "$SCRU128_USER" -- env -C "$WORK" HOME="$WORK" PATH="$PGBIN:$PATH" "$@"
	else
		env PATH="$PGBIN:$PATH" "$@"
	fi
}

# the compiler options of every build of the extension the harness makes
# (COPT reaches CFLAGS in PGXS, not the Makefile users run): a warning
# fails the run
BUILD_COPT=${BUILD_COPT--Werror}

# copy the tree into $WORK/tree, build it there and install it
build_and_install() {
	PGBIN=$("$PG_CONFIG" --bindir)
	WORK=$(mktemp -d "${TMPDIR:-/tmp}/scru128.XXXXXX")
	BUILD="$WORK/tree"
	mkdir -p "$BUILD"
	(cd "$SRC_DIR" && tar --exclude=.git --exclude=node_modules -cf - .) | tar -xf - -C "$BUILD"
	[ "$(id -u)" = 0 ] && chown -R "$SCRU128_USER" "$WORK"
	log "building in $BUILD"
	as_user make -s -C "$BUILD" PG_CONFIG="$PG_CONFIG" clean >/dev/null
	as_user make -s -C "$BUILD" PG_CONFIG="$PG_CONFIG" COPT="$BUILD_COPT" >/dev/null
	log "installing"
	if [ "$(id -u)" = 0 ]; then
		make -s -C "$BUILD" PG_CONFIG="$PG_CONFIG" install >/dev/null
	else
		make -s -C "$BUILD" PG_CONFIG="$PG_CONFIG" install >/dev/null ||
			{ log "make install failed: run as root or make the PostgreSQL install writable"; exit 1; }
	fi
}

# start a throwaway cluster; extra server settings may be given as -c k=v
start_cluster() {
	export PGHOST="$WORK" PGPORT=${PGPORT:-$((50000 + $$ % 10000))} PGUSER="$SCRU128_USER" PGDATABASE=postgres
	log "starting a throwaway cluster in $WORK/data (port $PGPORT)"
	as_user initdb -D "$WORK/data" -A trust -U "$SCRU128_USER" --encoding=UTF8 --locale=C.UTF-8 >/dev/null
	as_user pg_ctl -D "$WORK/data" -l "$WORK/server.log" -w \
		-o "-p $PGPORT -k $WORK -c listen_addresses='' $*" start >/dev/null
	trap stop_cluster EXIT
}

stop_cluster() {
	# test/run.sh: runs of other majors still going beside keep $WORK
	if declare -F nested_abandon >/dev/null; then nested_abandon; fi
	if [ -n "${WORK:-}" ] && [ -f "$WORK/data/postmaster.pid" ]; then
		as_user pg_ctl -D "$WORK/data" -m fast -w stop >/dev/null || true
	fi
	if [ -z "${KEEP_WORK:-}" ] && [ -n "${WORK:-}" ]; then
		rm -rf "$WORK"
	fi
}

psql_user() {
	as_user psql -X -v ON_ERROR_STOP=1 "$@"
}
