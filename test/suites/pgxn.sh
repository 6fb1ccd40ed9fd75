# test/suites/pgxn.sh: the PGXN route of the README.  "make dist" writes
# dist/scru128-<version>.zip (here into $WORK: the checkout is left alone);
# Debian's pgxnclient builds and installs the zip ("pgxn install
# ./scru128-<version>.zip", make and make install in the zip unpacked,
# over the copy "make install" put there, which goes first); the zip,
# unpacked outside the repository, passes regression tests against this
# run's server with those files: when every file of the zip is the
# tree's, byte for byte, and the tree has no file the zip lacks, the files
# the packages suite runs (PACKAGES_REGRESS: the regress suite ran them
# all on this server, from these very files), else the whole suite; and a
# new database creates the extension at default_version.  The zip is
# built once, by pgxn install (a make of its own before it built the same
# files again).  "make install" of the tree is put back at the end, as the
# zip holds the last commit, not uncommitted changes.  Needs git and the
# checkout's .git (not in the chroots), unzip, pgxnclient.

suite_pgxn() {
	local out="$WORK/pgxn.log" ok=0 bad=0 version zip dir n tests ext
	px_step() {
		local name=$1 t0=$SECONDS
		shift
		echo "### $name" >>"$out"
		if "$@" >>"$out" 2>&1; then
			ok=$((ok + 1))
			log "pgxn: ok: $name ($((SECONDS - t0)) s)"
			return 0
		fi
		bad=$((bad + 1))
		log "pgxn: FAILED: $name"
		tail -40 "$out"
		return 1
	}
	px_done() { record pgxn "$ok" "$bad"; }
	: >"$out"
	if [ "$(id -u)" = 0 ] && [ -z "${SCRU128_NO_APT:-}" ]; then
		px_step "apt-get install pgxnclient unzip git" env DEBIAN_FRONTEND=noninteractive \
			apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends pgxnclient unzip git ||
			{ px_done; return; }
	fi
	version=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["version"])' "$SRC_DIR/META.json")
	zip="$WORK/dist/scru128-$version.zip"
	# the checkout may belong to another user than the one running this
	px_step "make dist" env GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=safe.directory GIT_CONFIG_VALUE_0='*' \
		make -C "$SRC_DIR" PG_CONFIG="$PG_CONFIG" DIST_DIR="$WORK/dist" dist || { px_done; return; }
	px_step "dist/scru128-$version.zip has everything under scru128-$version/, META.json and its files" sh -c "
		unzip -Z1 '$zip' >'$WORK/dist/list' &&
		! grep -v '^scru128-$version/' '$WORK/dist/list' &&
		grep -qx 'scru128-$version/META.json' '$WORK/dist/list' &&
		grep -qx 'scru128-$version/scru128.control' '$WORK/dist/list' &&
		grep -qx 'scru128-$version/README.md' '$WORK/dist/list'"

	make -s -C "$BUILD" PG_CONFIG="$PG_CONFIG" uninstall >>"$out" 2>&1 || true
	# Debian's pgxnclient takes a local zip when its name has a slash; it
	# checks that the library directory is writable, which a private copy
	# of the installation may lack
	mkdir -p "$("$PG_CONFIG" --libdir)"
	px_step "pgxn install ./scru128-$version.zip (make, make install)" sh -c "cd '$WORK/dist' &&
		pgxn install --pg_config '$PG_CONFIG' './scru128-$version.zip'" || { px_done; return; }

	# the regression tests from the zip, outside the repository, as the
	# unprivileged user: installcheck builds nothing, it runs the zip's
	# files against what pgxn install put there
	rm -rf "$WORK/pgxn"
	mkdir -p "$WORK/pgxn"
	chown "$SCRU128_USER" "$WORK/pgxn" "$WORK/dist" "$zip" 2>/dev/null || true
	dir="$WORK/pgxn/scru128-$version"
	px_step "unzip" as_user sh -c "cd '$WORK/pgxn' && unzip -q '$zip'" || { px_done; return; }
	# the zip is HEAD: the tree the other suites test is the same only when
	# nothing is changed or added since (which a CI run's clone is)
	local regress=() which="every regression test"
	px_same() {
		local f fresh="$WORK/pgxn-fresh/scru128-$version"
		rm -rf "$WORK/pgxn-fresh"
		mkdir -p "$WORK/pgxn-fresh"
		(cd "$WORK/pgxn-fresh" && unzip -q "$zip") || return 1
		(cd "$fresh" && find . -type f -printf '%P\n') | sort >"$WORK/pgxn-zip.files"
		env GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=safe.directory GIT_CONFIG_VALUE_0='*' \
			git -C "$SRC_DIR" ls-files -co --exclude-standard | sort >"$WORK/pgxn-tree.files"
		comm -13 "$WORK/pgxn-zip.files" "$WORK/pgxn-tree.files" | sed 's/$/: in the tree, not in the zip/' | grep . && return 1
		while read -r f; do
			cmp "$SRC_DIR/$f" "$fresh/$f" || return 1
		done <"$WORK/pgxn-zip.files"
		echo "the zip's $(wc -l <"$WORK/pgxn-zip.files") files are the tree's"
	}
	if [ "${PGXN_REGRESS:-}" = all ]; then
		log "pgxn: PGXN_REGRESS=all: every regression test runs from the zip"
	elif px_same >>"$out" 2>&1; then
		regress=(REGRESS="${PACKAGES_REGRESS:-surface uuidv7_compat scru128_io}")
		which="${regress[0]#REGRESS=} (the zip is the tree the regress suite tested)"
	else
		log "pgxn: the zip is not the tree (uncommitted or untracked files, see $out): every regression test runs from it"
	fi
	echo "### make installcheck from the zip: $which" >>"$out"
	as_user make -C "$dir" PG_CONFIG="$PG_CONFIG" TAP_TESTS= "${regress[@]}" installcheck >"$WORK/pgxn-regress.log" 2>&1 || true
	cat "$WORK/pgxn-regress.log" >>"$out"
	n=$(grep -cE '^(test .*\.\.\. ok|ok [0-9]+ )' "$WORK/pgxn-regress.log" || true)
	if [ "${#regress[@]}" = 0 ]; then
		tests=$(ls "$dir"/sql/*.sql | grep -vc -- '--')
	else
		tests=$(echo ${regress[0]#REGRESS=} | wc -w)
	fi
	log "pgxn: installcheck from the zip ($which): $n of $tests regression tests passed"
	ok=$((ok + n))
	if [ "$n" != "$tests" ]; then
		bad=$((bad + tests - n))
		cat "$dir/results-dir/regression.diffs" 2>/dev/null | head -200 || true
	fi

	ext=$(sed -n "s/^default_version = '\(.*\)'/\1/p" "$SRC_DIR/scru128.control")
	px_smoke() {
		local got
		psql_user -q -c 'DROP DATABASE IF EXISTS pgxn_smoke' -c 'CREATE DATABASE pgxn_smoke' || return 1
		got=$(psql_user -q -d pgxn_smoke -At -c 'CREATE EXTENSION scru128' \
			-c "SELECT extversion FROM pg_extension WHERE extname = 'scru128'" \
			-c 'SELECT scru128() IS NOT NULL') || return 1
		echo "$got"
		psql_user -q -c 'DROP DATABASE pgxn_smoke'
		[ "$got" = "$ext"$'\n''t' ]
	}
	px_step "CREATE EXTENSION scru128 after pgxn install: version $ext, scru128() works" px_smoke

	make -s -C "$BUILD" PG_CONFIG="$PG_CONFIG" install >>"$out" 2>&1 ||
		{ log "pgxn: make install of the tree failed"; suite_failed pgxn; }
	px_done
}
