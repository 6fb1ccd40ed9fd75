# test/suites/fuzz.sh: libFuzzer runs over every decoder of the pure C core
# (test/fuzz, one harness per NAME.mk there).  Sourced by test/run.sh, which
# calls suite_fuzz.  FUZZ_TIME (seconds per harness, default 15) sets the
# length of each run; the harnesses run side by side, one per core.
# One pass or failure per harness.

suite_fuzz() {
	local dir="$BUILD/test/fuzz" out="$WORK/fuzz.log" f p rc fuzzers pids=() ok=0 bad=0
	if ! as_user make -s -C "$dir" all FUZZ_WERROR=-Werror >"$out" 2>&1; then
		cat "$out"
		log "fuzz: could not build the harnesses (needs clang and libclang-rt-dev)"
		record fuzz 0 1
		return
	fi
	fuzzers=$(as_user make -s -C "$dir" --no-print-directory -f Makefile -f - print-fuzzers <<<'print-fuzzers: ; @echo $(FUZZERS)')
	# each harness is one process: run as many at once as there are cores
	# (waiting for these jobs only: the chroots are made in the background
	# meanwhile, test/chroot.sh)
	for f in $fuzzers; do
		while [ "${#pids[@]}" -ge "$(nproc)" ]; do
			wait "${pids[0]}" || true
			pids=("${pids[@]:1}")
		done
		(
			rc=0
			as_user make -s -C "$dir" run FUZZERS="$f" FUZZ_TIME="${FUZZ_TIME:-15}" >"$out.$f" 2>&1 || rc=$?
			echo "$rc" >"$out.$f.rc"
		) &
		pids+=("$!")
	done
	for p in "${pids[@]}"; do
		wait "$p" || true
	done
	for f in $fuzzers; do
		rc=$(cat "$out.$f.rc" 2>/dev/null || echo 1)
		grep -E '^(stat::number_of_executed_units|Done )' "$out.$f" | sed "s/^/$f: /" || true
		if [ "$rc" = 0 ] && ! grep -qE '^(==[0-9]+==ERROR|SUMMARY: |fuzz_[a-z0-9_]+: )' "$out.$f" &&
			! ls "$dir"/crash-"$f"-* >/dev/null 2>&1; then
			ok=$((ok + 1))
		else
			log "fuzz: $f: crash or failure (exit $rc); the log follows"
			grep -vE '^#[0-9]+[[:space:]]+(NEW|REDUCE|pulse)' "$out.$f" | tail -80
			for c in "$dir"/crash-"$f"-*; do
				[ -f "$c" ] && { echo "--- $c"; od -An -c "$c" | head -20; }
			done
			bad=$((bad + 1))
		fi
	done
	record fuzz "$ok" "$bad"
}
