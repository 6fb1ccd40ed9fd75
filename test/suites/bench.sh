# test/suites/bench.sh: smoke run of the benchmark suite (test/bench/run.sh).
#
# Sourced by test/run.sh, which calls suite_bench once its cluster is up.
# Runs every benchmark workload with tiny sizes and one repetition against
# that cluster (--no-setup), so that the scripts keep working; the numbers
# mean nothing and go under $WORK, never into the committed results in
# test/bench/.  One pass per workload that produced its samples, plus one
# for the report files; one failure per workload without samples, and one
# if the concurrent inserts reported errors (e.g. duplicate keys).  Then
# the time-query benchmark (test/bench/timequery.sh) in its smoke mode:
# one pass per workload with samples, one if every window query returned
# the baseline's rows, one for its report.

suite_bench() {
	local out="$WORK/bench" logf="$WORK/bench.log" ok=0 bad=0 w n errors
	# WORK and PGBIN are lib.sh variables, not exported: pass them on
	if ! WORK="$WORK" PGBIN="$PGBIN" bash "$SRC_DIR/test/bench/run.sh" --smoke --no-setup --out "$out" \
		>"$logf" 2>&1; then
		tail -30 "$logf"
		record bench 0 1
		return
	fi

	# a sample is a raw.csv row "workload,contender,metric,rep,value,unit"
	for w in gen bulk conc sort textout textin copy lookup range; do
		n=$(grep -c "^$w," "$out/raw.csv" || true)
		if [ "$n" -gt 0 ]; then ok=$((ok + 1)); else log "bench: no samples for $w"; bad=$((bad + 1)); fi
	done
	n=$(($(wc -l <"$out/growth.csv") - 1))
	if [ "$n" -gt 0 ]; then ok=$((ok + 1)); else log "bench: no samples for growth"; bad=$((bad + 1)); fi

	errors=$(awk -F, '$1 == "conc" && $3 == "errors" { s += $5 } END { print s + 0 }' "$out/raw.csv")
	if [ "$errors" = 0 ]; then ok=$((ok + 1)); else
		log "bench: $errors errors in the concurrent inserts"
		bad=$((bad + 1))
	fi

	if [ -s "$out/results.csv" ] && [ -s "$out/results.md" ] && grep -q '^## Targets' "$out/results.md"; then
		ok=$((ok + 1))
	else
		log "bench: results.csv or results.md missing or empty"
		bad=$((bad + 1))
	fi
	record bench "$ok" "$bad"
	suite_bench_timequery
}

suite_bench_timequery() {
	local out="$WORK/bench-timequery" logf="$WORK/bench-timequery.log" ok=0 bad=0 w n wrong
	if ! WORK="$WORK" PGBIN="$PGBIN" bash "$SRC_DIR/test/bench/timequery.sh" --smoke --no-setup --out "$out" \
		>"$logf" 2>&1; then
		tail -30 "$logf"
		record bench-timequery 0 1
		return
	fi
	for w in insert size dataset window; do
		n=$(grep -c "^$w," "$out/raw.csv" || true)
		if [ "$n" -gt 0 ]; then ok=$((ok + 1)); else log "bench-timequery: no samples for $w"; bad=$((bad + 1)); fi
	done
	# every contender's window results were checked, and none was wrong
	n=$(awk -F, '$1 == "check" && $3 == "results" && $5 > 0' "$out/raw.csv" | wc -l)
	wrong=$(awk -F, '$1 == "check" && $3 == "mismatches" { s += $5 } END { print s + 0 }' "$out/raw.csv")
	if [ "$n" = 5 ] && [ "$wrong" = 0 ]; then ok=$((ok + 1)); else
		log "bench-timequery: $n contenders checked, $wrong wrong window results"
		bad=$((bad + 1))
	fi
	if [ -s "$out/results.csv" ] && grep -q '^## Goals' "$out/results.md" 2>/dev/null; then
		ok=$((ok + 1))
	else
		log "bench-timequery: results.csv or results.md missing or empty"
		bad=$((bad + 1))
	fi
	record bench-timequery "$ok" "$bad"
}
