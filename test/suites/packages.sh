# test/suites/packages.sh: the Debian packages, as the README's package
# route makes and uses them.  From a copy of the tree: apt-get build-dep,
# pg_buildext updatecontrol over every PostgreSQL major whose server-dev
# package is installed here (PG_SUPPORTED_VERSIONS=installed, so that 19
# from experimental counts on forky), dpkg-buildpackage -us -uc -b (one
# postgresql-NN-scru128 per major) with the README and doc/ as the README's
# links expect them, lintian (no errors).  Then, with the
# files "make install" put there moved aside so that only the packages'
# files are there: apt-get install ./postgresql-NN-scru128_*.deb, the packages'
# autopkgtest (debian/tests/installcheck: pg_buildext installcheck in a
# throw-away cluster per major), apt-get purge, and a check that every file
# dpkg -L listed is gone and nothing named scru128 is left in any major's
# directories.  The files moved aside are put back for the suites after.
#
# The install steps write into /usr/lib/postgresql: they run where that is
# ours to change (CI, the chroots) and are skipped, loudly, on a shared
# machine (SCRU128_PG_PRIVATE).  PACKAGES_BUILD_TESTS=0 builds with
# DEB_BUILD_OPTIONS=nocheck (the installed packages are tested anyway), the
# default inside the chroots (SCRU128_SERVER_ONLY); 1 runs the build's tests.
#
# The regression files the build's tests and the autopkgtest run here:
# PACKAGES_REGRESS (surface: every object CREATE EXTENSION makes from the
# package's files, with its labels, as expected/surface.out has them, which
# also resolves every C symbol of the library; the second extension; one
# file of I/O), passed through MAKEFLAGS, which reaches the make of
# pg_buildext unchanged.  The others are the same files, on the same
# major, as the regress suite runs against "make install" of the same
# tree, and each package's SQL and control files are checked byte for byte
# against that install: the whole suite again would repeat checks made
# already (doc/testing.md).  PACKAGES_REGRESS=all runs every file, as
# Debian's CI runs the autopkgtest.
PACKAGES_REGRESS=${PACKAGES_REGRESS:-surface uuidv7_compat scru128_io}

suite_packages() {
	local out="$WORK/packages.log" top="$WORK/pkg" src="$WORK/pkg/scru128"
	local ok=0 bad=0 majors="" v deb debs=() pkgs=() n tests f left t0
	# step NAME COMMAND...: one check; its output goes to the log
	pk_step() {
		local name=$1 t0=$SECONDS
		shift
		echo "### $name" >>"$out"
		if "$@" >>"$out" 2>&1; then
			ok=$((ok + 1))
			log "packages: ok: $name ($((SECONDS - t0)) s)"
			return 0
		fi
		bad=$((bad + 1))
		log "packages: FAILED: $name"
		tail -40 "$out"
		return 1
	}
	pk_done() {
		log "packages: $SECONDS s since the start of the run"
		record packages "$ok" "$bad"
	}
	rm -rf "$top"
	mkdir -p "$src"
	chmod 755 "$top" "$src"
	(cd "$SRC_DIR" && tar --exclude=./.git --exclude=./node_modules --exclude=./dist -cf - .) | tar -xf - -C "$src"
	: >"$out"

	if [ -z "${SCRU128_NO_APT:-}" ]; then
		pk_step "apt-get build-dep ./ and lintian" sh -c "cd '$src' &&
			DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 build-dep -y -qq ./ &&
			DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends lintian" ||
			{ pk_done; return; }
	fi

	# every major whose server-dev package is installed here
	export PG_SUPPORTED_VERSIONS=installed
	pk_step "pg_buildext updatecontrol" sh -c "cd '$src' && pg_buildext updatecontrol" || { pk_done; return; }
	majors=$(sed -n 's/^Package: postgresql-\([0-9]*\)-scru128$/\1/p' "$src/debian/control" | xargs)
	log "packages: majors $majors"
	pk_step "debian/control lists a package per major ($majors)" test -n "$majors" || { pk_done; return; }

	# in the chroots the build skips its own run of the regression suite:
	# the installed packages' autopkgtest runs the same one a moment later
	local nocheck= build_tests=1
	[ -n "${SCRU128_SERVER_ONLY:-}" ] && build_tests=0
	[ "${PACKAGES_BUILD_TESTS:-$build_tests}" = 0 ] && nocheck=nocheck
	# the regression files of the build's tests and the autopkgtest, and
	# how many of them each major runs
	local makeflags=() ntests
	if [ "$PACKAGES_REGRESS" = all ]; then
		ntests=$(ls "$src"/sql/*.sql | grep -vc -- '--')
	else
		makeflags=(MAKEFLAGS="REGRESS=${PACKAGES_REGRESS// /\\ }")
		ntests=$(echo $PACKAGES_REGRESS | wc -w)
	fi
	pk_step "dpkg-buildpackage -us -uc -b${nocheck:+ (nocheck)}" env "${makeflags[@]}" sh -c "cd '$src' &&
		DEB_BUILD_OPTIONS='$nocheck' DEB_CFLAGS_APPEND='$BUILD_COPT' dpkg-buildpackage -us -uc -b" || { pk_done; return; }
	# pk_docs DEB PACKAGE: the README and every doc/*.md of the tree are in
	# the package, uncompressed, where the README's links into doc/ lead
	pk_docs() {
		local dir="./usr/share/doc/$2" f missing=""
		dpkg-deb -c "$1" | awk '{ print $NF }' >"$WORK/$2.contents"
		for f in README.md $(cd "$src" && ls doc/*.md) \
			$(grep -oE '\]\(doc/[a-z0-9_-]+\.md' "$src/README.md" | sed 's/^](//' | sort -u); do
			grep -qx "$dir/$f" "$WORK/$2.contents" || missing="$missing $f"
		done
		[ -z "$missing" ] || { echo "not in $2:$missing"; return 1; }
	}
	# what "make install" of the tree the other suites test installs
	# (for this run's major; the SQL and control files are the same for
	# every major), into a directory of its own
	rm -rf "$top/make-install"
	pk_step "make install DESTDIR=... of the tree" \
		make -C "$BUILD" PG_CONFIG="$PG_CONFIG" DESTDIR="$top/make-install" install || { pk_done; return; }
	# pk_files DEB MAJOR: the package has the library and exactly the
	# extension files of "make install", each the same bytes
	pk_files() {
		local x="$top/x-$2" ours theirs f bad=0
		rm -rf "$x"
		dpkg-deb -x "$1" "$x" || return 1
		ours=$(cd "$top/make-install" && find . -path "*/extension/*" -type f -printf '%f\n' | sort)
		theirs=$(cd "$x" && find "./usr/share/postgresql/$2/extension" -type f -printf '%f\n' | sort)
		if [ "$ours" != "$theirs" ]; then
			diff <(echo "$ours") <(echo "$theirs") | sed 's/^/make install vs package: /'
			return 1
		fi
		for f in $theirs; do
			cmp "$x/usr/share/postgresql/$2/extension/$f" \
				"$(find "$top/make-install" -path "*/extension/$f" -type f)" || bad=1
		done
		[ -f "$x/usr/lib/postgresql/$2/lib/scru128.so" ] || { echo "no scru128.so"; bad=1; }
		echo "$(echo "$theirs" | wc -l) extension files equal to make install's, and scru128.so"
		[ "$bad" = 0 ]
	}
	for v in $majors; do
		deb=$(ls "$top"/postgresql-"$v"-scru128_*.deb 2>/dev/null | head -1)
		pk_step "built postgresql-$v-scru128" test -n "$deb" && { debs+=("$deb"); pkgs+=("postgresql-$v-scru128"); } &&
			pk_step "postgresql-$v-scru128 has README.md and doc/*.md where the README's links lead" \
				pk_docs "$deb" "postgresql-$v-scru128" &&
			pk_step "postgresql-$v-scru128 has the files of make install, the same bytes" \
				pk_files "$deb" "$v"
	done
	if [ -z "$nocheck" ]; then
		# the build ran the regression files against each package's files
		n=$(grep -cE '^(test .*\.\.\. ok|ok [0-9]+ )' "$out" || true)
		pk_step "build-time installcheck ($PACKAGES_REGRESS): $n of $((ntests * $(echo $majors | wc -w))) passed" \
			test "$n" = "$((ntests * $(echo $majors | wc -w)))"
	fi
	# lintian: errors fail, warnings are shown
	lintian --allow-root "$top"/scru128_*.changes >"$WORK/lintian.log" 2>&1 || true
	cat "$WORK/lintian.log" >>"$out"
	log "packages: lintian: $(grep -c '^E:' "$WORK/lintian.log" || true) errors, $(grep -c '^W:' "$WORK/lintian.log" || true) warnings"
	grep -E '^[EW]:' "$WORK/lintian.log" || true
	pk_step "lintian reports no errors" sh -c "! grep -q '^E:' '$WORK/lintian.log'"

	if [ -n "${SCRU128_PG_PRIVATE:-}" ]; then
		record_skipped packages-install "SCRU128_PG_PRIVATE (a shared machine): the packages are built, not installed into /usr/lib/postgresql"
		pk_done
		return
	fi

	# only the packages' files: what "make install" put there (into this
	# run's major, or another's by an earlier run in the same chroot) is
	# moved aside, and put back after the purge for the suites after this
	pk_stash() {
		local v d
		: >"$top/stash.list"
		for v in $majors; do
			for d in "/usr/lib/postgresql/$v/lib" "/usr/share/postgresql/$v/extension"; do
				[ -d "$d" ] && find "$d" -name 'scru128*' -prune -print >>"$top/stash.list"
			done
		done
		echo "moved aside: $(wc -l <"$top/stash.list") paths"
		[ -s "$top/stash.list" ] || return 0
		tar -cPf "$top/stash.tar" -T "$top/stash.list" && xargs -d '\n' rm -rf <"$top/stash.list"
	}
	pk_unstash() {
		[ ! -f "$top/stash.tar" ] || tar -xPf "$top/stash.tar"
	}
	pk_step "moved the files of \"make install\" aside" pk_stash || { pk_done; return; }
	pk_leftovers() {
		local v d found=""
		for v in $majors; do
			for d in "/usr/lib/postgresql/$v/lib" "/usr/share/postgresql/$v/extension" "/usr/share/doc/postgresql-$v-scru128"; do
				[ -e "$d" ] && found="$found$(find "$d" -name 'scru128*' -o -path '*postgresql-*-scru128*' | head -20)"
			done
		done
		[ -z "$found" ] || { echo "left: $found"; return 1; }
	}
	pk_step "no scru128 files installed before the packages" pk_leftovers
	pk_purged() {
		local st
		st=$(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null || true)
		echo "$1: ${st:-unknown to dpkg}"
		[ -z "$st" ] || [ "$st" = not-installed ]
	}
	pk_step "apt-get install ${debs[*]##*/}" env DEBIAN_FRONTEND=noninteractive \
		apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${debs[@]}" || { pk_unstash; pk_done; return; }
	for f in "${pkgs[@]}"; do
		dpkg -L "$f" >"$WORK/$f.list"
		pk_step "$f installed: $(grep -c '\.so$' "$WORK/$f.list") library, $(grep -c 'extension/scru128' "$WORK/$f.list") extension files" \
			grep -q '/scru128\.control$' "$WORK/$f.list"
	done

	# the autopkgtest, from a fresh copy of the tree (never built, never installed)
	rm -rf "$top/autopkgtest"
	mkdir -p "$top/autopkgtest"
	(cd "$SRC_DIR" && tar --exclude=./.git --exclude=./node_modules --exclude=./dist -cf - .) | tar -xf - -C "$top/autopkgtest"
	cp "$src/debian/control" "$top/autopkgtest/debian/control"
	echo "### debian/tests/installcheck" >>"$out"
	t0=$SECONDS
	(cd "$top/autopkgtest" && env "${makeflags[@]}" timeout 1800 debian/tests/installcheck) >"$WORK/autopkgtest.log" 2>&1 || true
	cat "$WORK/autopkgtest.log" >>"$out"
	n=$(grep -cE '^(test .*\.\.\. ok|ok [0-9]+ )' "$WORK/autopkgtest.log" || true)
	tests=$((ntests * ${#pkgs[@]}))
	log "packages: installcheck of the installed packages ($PACKAGES_REGRESS): $n of $tests regression tests passed ($((SECONDS - t0)) s)"
	grep -E '^### |FAILED|^not ok' "$WORK/autopkgtest.log" || true
	ok=$((ok + n))
	if [ "$n" != "$tests" ]; then
		bad=$((bad + tests - n))
		grep -A200 'regression.diffs' "$WORK/autopkgtest.log" | head -200 || true
	fi

	pk_step "apt-get purge ${pkgs[*]}" env DEBIAN_FRONTEND=noninteractive \
		apt-get -o DPkg::Lock::Timeout=600 purge -y -qq "${pkgs[@]}"
	for f in "${pkgs[@]}"; do
		pk_step "$f purged (dpkg knows it no more)" pk_purged "$f"
		left=$(while read -r p; do if [ -f "$p" ] || [ -L "$p" ]; then echo "$p"; fi; done <"$WORK/$f.list")
		pk_step "$f: none of its $(wc -l <"$WORK/$f.list") paths left as files" test -z "$left" || echo "$left"
	done
	pk_step "no scru128 files left in any major's directories" pk_leftovers

	# put back what the suites after this one test
	pk_step "put back the files of \"make install\"" pk_unstash
	pk_done
}
