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
# the baseline's rows, one for its report.  Then the concurrency benchmark
# (test/bench/concurrency.sh) in its smoke mode, a few seconds per key:
# only that its output is well formed (suite_bench_concurrency).  Last the
# benchmarks of release 1.5, test/bench/typeid.sh and public_id.sh, with a
# few thousand rows: that they run and print every row of their table
# (suite_bench_ratios).

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
	suite_bench_concurrency
	suite_bench_ratios typeid "IO_N=5000 INS_N=5000 REPS=1 INS_REPS=1" 8
	suite_bench_ratios public_id "GEN_N=5000 LOOKUP_N=5000 PROBES=2000 PGB_TX=200 REPS=1" 8
}

# suite_bench_ratios NAME "SETTINGS" ROWS: test/bench/NAME.sh with tiny
# sizes against the suite's cluster (the numbers mean nothing): passes for
# its exit status, for ROWS lines of its table each with two figures and a
# ratio, and, for public_id, for the key file it wrote being gone after it
suite_bench_ratios() {
	local name=$1 settings=$2 rows=$3 logf="$WORK/bench-$1.log" ok=0 bad=0 n
	# shellcheck disable=SC2086
	if env $settings PATH="$PGBIN:$PATH" bash "$SRC_DIR/test/bench/$name.sh" >"$logf" 2>&1; then
		ok=$((ok + 1))
	else
		tail -30 "$logf"
		log "bench-$name: the script failed"
		bad=$((bad + 1))
	fi
	n=$(grep -cE '^[a-z_()]+.* -?[0-9]+(\.[0-9]+)? +-?[0-9]+(\.[0-9]+)? +-?[0-9]+\.[0-9]{2} +(<= [0-9.]+|-)( (yes|NO))? *$' "$logf" || true)
	if [ "$n" = "$rows" ] && grep -q '^# .*benchmark: PostgreSQL' "$logf"; then
		ok=$((ok + 1))
	else
		log "bench-$name: $n of $rows result lines well formed"
		cat "$logf"
		bad=$((bad + 1))
	fi
	if [ "$name" = public_id ]; then
		if [ ! -e "$WORK/data/scru128_public_id.keys" ]; then ok=$((ok + 1)); else
			log "bench-public_id: the key file written for the run is still there"
			bad=$((bad + 1))
		fi
	fi
	record "bench-$name" "$ok" "$bad"
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

# The concurrency benchmark's smoke run against the suite's cluster, which
# has no shared_preload_libraries: on 15 and 16 scru64() and the server
# scope are left out, each with a note in env.txt (the full run preloads).
# Passes: one for results.csv as a whole (its header, and every line seven
# fields with a number for a value), two per key that ran (every figure of
# every workload at every client count, the index figures; as many insert
# runs at the goals' client count as env.txt says were made), one for a
# note for each key left out, one for results.md with its goals.
suite_bench_concurrency() {
	local out="$WORK/bench-concurrency" logf="$WORK/bench-concurrency.log" res
	if ! WORK="$WORK" PGBIN="$PGBIN" bash "$SRC_DIR/test/bench/concurrency.sh" --smoke --no-setup --out "$out" \
		>"$logf" 2>&1; then
		tail -30 "$logf"
		record bench-concurrency 0 1
		return
	fi
	res=$(python3 - "$out" <<'PY'
import csv, os, sys
out = sys.argv[1]
ok = bad = 0
def check(cond, what):
    global ok, bad
    if cond:
        ok += 1
    else:
        bad += 1
        print(f"bench-concurrency: {what}", file=sys.stderr)
env = {}
for line in open(os.path.join(out, "env.txt")):
    k, _, v = line.rstrip("\n").partition("=")
    env.setdefault(k, []).append(v)
keys = env["keys"][0].split()
clients = [int(c) for c in env["clients"][0].split()]
ssi_clients = [int(c) for c in env["ssi_clients"][0].split()]
# "repeats=N at C clients (...)": the insert runs at C are made N times
rep_n, _, rest = env["repeats"][0].partition(" at ")
rep_n, rep_c = int(rep_n), rest.split()[0]
lines = open(os.path.join(out, "results.csv")).read().splitlines()
good = lines[0] == "state,workload,key,clients,metric,value,unit"
have = set()
count = {}
for row in csv.reader(lines[1:]):
    if len(row) != 7:
        good = False
        continue
    try:
        float(row[5])
    except ValueError:
        good = False
    have.add(tuple(row[:5]))
    count[tuple(row[:5])] = count.get(tuple(row[:5]), 0) + 1
check(good and len(lines) > 1, "results.csv is not well formed")
for k in keys:
    check(all(count.get((s, "insert", k, rep_c, "tps")) == rep_n for s in ("empty", "large")),
          f"{k}: not {rep_n} insert runs at {rep_c} clients")
    want = [(s, "insert", k, str(c), m) for s in ("empty", "large") for c in clients
            for m in ("tps", "p50", "p95", "p99", "wal_bytes_per_row", "fpi_per_row", "load1")]
    want += [("empty", "ssi", k, str(c), m) for c in ssi_clients for m in ("tps", "p99", "commits", "failures")]
    want += [("empty", "retry", k, str(max(clients)), m) for m in ("tps", "commits", "retries")]
    want += [(s, "index", k, "", m) for s in ("empty", "loaded", "large")
             for m in ("rows", "pk_bytes", "pk_leaf_density", "secondary_bytes", "heap_bytes")]
    missing = [w for w in want if w not in have]
    check(not missing, f"{k}: {len(missing)} figures missing, e.g. {missing[:2]}")
known = "bigserial scru128 scru128_server scru64 scru160 ulid uuidv7 uuidv7_core pg_uuidv7 uuid_v4".split()
notes = env.get("skipped", [])
check(all(k in keys or any(n.startswith(k + ":") for n in notes) for k in known),
      "a key neither measured nor left out with a note")
md = open(os.path.join(out, "results.md")).read()
check("## Goals" in md and "## SERIALIZABLE" in md, "results.md without its goals or its SSI table")
print(ok, bad)
PY
	) || res="0 1"
	record bench-concurrency ${res% *} ${res#* }
}
