# test/suites/meta.sh: META.json, the PGXN release, agrees with the tree
# (test/meta_check.py: default_version, the paths it names, the minimum
# PostgreSQL, debian/changelog).  No server, no build.

suite_meta() {
	local out="$WORK/meta.log"
	if python3 "$SRC_DIR/test/meta_check.py" "$SRC_DIR" >"$out" 2>&1; then :; else
		cat "$out"
		record_tap meta "$out"
		suite_failed meta
		return
	fi
	grep -E '^(not ok|#)' "$out" || true
	record_tap meta "$out"
}
