# test/suites/fuzz.sh: libFuzzer run over the Base36 codec (test/fuzz).
# Sourced by test/run.sh, which calls suite_fuzz.  FUZZ_TIME (seconds,
# default 60) sets the length of the run.

suite_fuzz() {
	local dir="$BUILD/test/fuzz" out="$WORK/fuzz.log" rc=0
	if ! as_user make -s -C "$dir" fuzz_base36.bin >"$out" 2>&1; then
		cat "$out"
		log "fuzz: could not build the harness (needs clang and libclang-rt-dev)"
		record fuzz 0 1
		return
	fi
	as_user make -s -C "$dir" run FUZZ_TIME="${FUZZ_TIME:-60}" >>"$out" 2>&1 || rc=$?
	grep -E '^(stat::|Done )' "$out" || true
	if [ "$rc" = 0 ] && ! grep -qE '^(==[0-9]+==ERROR|SUMMARY: |fuzz_base36: )' "$out" &&
		! ls "$dir"/crash-* >/dev/null 2>&1; then
		record fuzz 1 0
	else
		log "fuzz: crash or failure (exit $rc); the log follows"
		grep -vE '^#[0-9]+[[:space:]]+(NEW|REDUCE|pulse)' "$out" | tail -80
		for f in "$dir"/crash-*; do
			[ -f "$f" ] && { echo "--- $f"; od -An -c "$f" | head -20; }
		done
		record fuzz 0 1
	fi
}
