#!/usr/bin/env bash
# test/bench/timequery.sh: querying by time through the ID (issue 16).
#
# A table keyed by a time-ordered ID needs no created_at column: the ID
# carries the time, and the operators <, <=, >, >= between the ID types and
# timestamptz let a query ask for a time window on the primary key.  This
# compares three tables of N rows (default 1M), one row per second of time
# from 2026-01-01 00:00:00 UTC, each with a payload column v int (= n):
#
#   scru128   id scru128 PRIMARY KEY DEFAULT scru128(), v int
#   uuidv7    id uuid PRIMARY KEY DEFAULT uuidv7(), v int   (the extension's)
#   baseline  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
#             created_at timestamptz NOT NULL DEFAULT now(), v int,
#             plus CREATE INDEX ON baseline (created_at)
#
# and measures, against the baseline:
#
#   1. insert of the N rows, INSERT ... SELECT ... FROM generate_series, in
#      two forms (what each contender inserts is stated in results.md):
#        live:     INSERT INTO t (v) SELECT g ...: every column from its
#                  default (the ID generators; now() for created_at)
#        backfill: one row per second of time, given explicitly:
#                  scru128(t), uuidv7_at(t), created_at = t (baseline id
#                  from its default); this is the query data set
#      CHECKPOINT before each; goal <= 0.5x the baseline
#   2. size of the backfilled table: heap + all its indexes
#      (pg_total_relation_size); goal <= 0.75x
#   3. random one-hour windows [t1, t1 + 1 hour), t1 at a random millisecond
#      (every window holds exactly 3,600 rows), WINDOWS windows, the same
#      ones in each of REPS repetitions, on a warm cache after VACUUM
#      ANALYZE; two query shapes
#        rows:  SELECT count(*), sum(v) ... (reads every row of the window)
#        count: SELECT count(*) ...         (an index-only scan)
#      and two ways of giving the times
#        const:   timestamptz literals in the query text (custom plan)
#        generic: PREPARE ... ($1, $2) with plan_cache_mode =
#                 force_generic_plan, EXECUTE with the times
#      predicates: scru128 and uuidv7 "id >= t1 AND id < t2" (the
#      operators); scru128_min and uuidv7_min the hand-written equivalent
#      "id >= scru128_min(t1) AND id < scru128_min(t2)" (uuidv7_min) on the
#      same tables; baseline "created_at >= t1 AND created_at < t2".
#      Goal: rows/const <= 1.1x the baseline.
#
#   sudo bash test/bench/timequery.sh            # full run, results into test/bench/timequery/
#   sudo bash test/bench/timequery.sh --smoke    # tiny sizes, one repetition, results under $WORK
#
# Options as test/bench/run.sh: --smoke, --no-setup (use the running cluster
# given by PGHOST/PGPORT/PGUSER, with WORK and PGBIN set: test/suites/bench.sh),
# --out DIR.  REPS, N and WINDOWS override the full run's sizes.
#
# Inserts are timed by psql's \timing (client round trip, no connection
# start-up); window queries on the server, by clock_timestamp() around a
# PL/pgSQL EXECUTE of each (parse, plan and run; no client round trip).
# Contenders are interleaved: every window runs all of them, in a random
# order drawn anew for every window and repetition.  Every timed query's
# result is checked: all contenders must return the same count and sum,
# and every count must be 3,600.  Raw samples go to raw.csv; timequery_report.py turns them into
# results.csv, results.md and timequery.png.

set -euo pipefail

BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SMOKE=0
SETUP=1
OUT=""
while [ $# -gt 0 ]; do
	case "$1" in
		--smoke) SMOKE=1 ;;
		--no-setup) SETUP=0 ;;
		--out) OUT=$2; shift ;;
		*) echo "usage: $0 [--smoke] [--no-setup] [--out DIR]" >&2; exit 2 ;;
	esac
	shift
done

# Server settings of the full run: shared_buffers holds all three data sets
# with their indexes (about 300 MB at 1M rows), so the window queries read
# from shared buffers alone, for every contender alike; checkpoints are
# spaced out so that the timed inserts (each right after a CHECKPOINT) do
# not pay for one by chance.
SERVER_SETTINGS="-c shared_buffers=1GB -c max_wal_size=4GB -c checkpoint_timeout=15min -c autovacuum=off"
# Session settings of every connection, as test/bench/run.sh: no JIT, no
# parallel query (one core per query, no worker start-up noise in queries
# of a millisecond), asynchronous commit (the inserts measure the keys, not
# the VM's fsync).  TimeZone UTC only fixes how the window times are printed.
SESSION_SETTINGS="-c jit=off -c max_parallel_workers_per_gather=0 -c work_mem=64MB -c synchronous_commit=off -c client_min_messages=warning -c TimeZone=UTC"

if [ "$SMOKE" = 1 ]; then
	REPS=1 N=8000 WINDOWS=3
else
	REPS=${REPS:-5}
	N=${N:-1000000}
	WINDOWS=${WINDOWS:-200}
fi
WINDOW_ROWS=3600
[ "$N" -gt $((WINDOW_ROWS + 1)) ] || { echo "N must exceed $((WINDOW_ROWS + 1))" >&2; exit 2; }

T0="timestamptz '2026-01-01 00:00:00+00'"
TS="$T0 + g * interval '1 second'"
CONTENDERS=(scru128 uuidv7 baseline)
# the query contenders: a table and a predicate each
QUERIES=(scru128 scru128_min uuidv7 uuidv7_min baseline)
NQ=${#QUERIES[@]}

# ---------------------------------------------------------------------------
# setup
# ---------------------------------------------------------------------------
if [ "$SETUP" = 1 ]; then
	# gnuplot for the chart; pg_prewarm comes with postgresql-contrib
	EXTRA_PACKAGES="${EXTRA_PACKAGES:-} gnuplot-nox"
	source "$BENCH_DIR/../lib.sh"
	install_packages
	build_and_install
	# shellcheck disable=SC2086
	start_cluster $SERVER_SETTINGS
else
	source "$BENCH_DIR/../lib.sh"
	: "${WORK:?--no-setup needs WORK}" "${PGBIN:?--no-setup needs PGBIN}"
	: "${PGHOST:?--no-setup needs PGHOST}" "${PGPORT:?--no-setup needs PGPORT}"
	export PGHOST PGPORT PGUSER="${PGUSER:-$SCRU128_USER}"
fi

if [ -z "$OUT" ]; then
	if [ "$SMOKE" = 1 ]; then OUT="$WORK/bench-timequery"; else OUT="$BENCH_DIR/timequery"; fi
fi
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
SCRATCH="$WORK/timequery-scratch"
mkdir -p "$SCRATCH"
[ "$(id -u)" = 0 ] && chown "$SCRU128_USER" "$SCRATCH"

export PGDATABASE=scru128_timequery
export PGOPTIONS="$SESSION_SETTINGS"
RAW="$OUT/raw.csv"
echo "workload,contender,metric,rep,value,unit" >"$RAW"

as_user dropdb --if-exists scru128_timequery
as_user createdb -T template0 scru128_timequery
psql_user -q -c "CREATE EXTENSION scru128"
# pg_prewarm if the server has it (contrib); otherwise the untimed first
# pass over the windows and a scan of each table warm the cache
PREWARM=$(psql_user -At -c "SELECT count(*) FROM pg_available_extensions WHERE name = 'pg_prewarm'")
[ "$PREWARM" = 1 ] && psql_user -q -c "CREATE EXTENSION pg_prewarm"
S=$(psql_user -At -c "SELECT quote_ident(extnamespace::regnamespace::text) FROM pg_extension WHERE extname = 'scru128'")

# psql session with \timing, as test/bench/run.sh
SESSION=""
q() { SESSION+="$*"$'\n'; }
t() { SESSION+="\\echo @@$1,$2,$3,$4"$'\n'"$5"$'\n'; }
v() { SESSION+="SELECT '##$1,$2,$3,$4,' || ($6) || ',$5';"$'\n'; }

# Runs the session and appends its samples to raw.csv: the "Time:" line
# after an "@@label" line is that statement's time; the result row printed
# in between (if any) goes to results.txt as "label<TAB>result", for the checks.
run_session() {
	local out="$SCRATCH/session.out"
	printf '\\timing on\n%s' "$SESSION" >"$SCRATCH/session.sql"
	SESSION=""
	psql_user -q -At -f "$SCRATCH/session.sql" >"$out"
	awk -v res="$SCRATCH/results.txt" '
		/^@@/ { label = substr($0, 3); next }
		/^Time: / { if (label != "") { print label "," $2 ",ms"; label = "" } ; next }
		/^##/ { print substr($0, 3); next }
		label != "" { print label "\t" $0 >>res }
	' "$out" >>"$RAW"
}

# the table of each query contender
table_of() { case "$1" in scru128 | scru128_min) echo tq_scru128 ;; uuidv7 | uuidv7_min) echo tq_uuidv7 ;; baseline) echo tq_baseline ;; esac; }
# the window predicate of each query contender, for times $2 and $3
pred_of() {
	case "$1" in
		scru128 | uuidv7) echo "id >= $2 AND id < $3" ;;
		scru128_min) echo "id >= scru128_min($2) AND id < scru128_min($3)" ;;
		uuidv7_min) echo "id >= $S.uuidv7_min($2) AND id < $S.uuidv7_min($3)" ;;
		baseline) echo "created_at >= $2 AND created_at < $3" ;;
	esac
}
shape_sql() { case "$1" in rows) echo "count(*), sum(v)" ;; count) echo "count(*)" ;; esac; }

# table definitions; $2 is the table name
create_table() {
	case "$1" in
		scru128) echo "CREATE TABLE $2 (id scru128 PRIMARY KEY DEFAULT scru128(), v int) WITH (autovacuum_enabled = off);" ;;
		uuidv7) echo "CREATE TABLE $2 (id uuid PRIMARY KEY DEFAULT $S.uuidv7(), v int) WITH (autovacuum_enabled = off);" ;;
		baseline) echo "CREATE TABLE $2 (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), created_at timestamptz NOT NULL DEFAULT now(), v int) WITH (autovacuum_enabled = off); CREATE INDEX ${2}_created_at ON $2 (created_at);" ;;
	esac
}
# the insert statements; $2 is the table name
insert_live() { echo "INSERT INTO $2 (v) SELECT g FROM generate_series(0, $((N - 1))) g;"; }
insert_backfill() {
	case "$1" in
		scru128) echo "INSERT INTO $2 (id, v) SELECT scru128($TS), g FROM generate_series(0, $((N - 1))) g;" ;;
		uuidv7) echo "INSERT INTO $2 (id, v) SELECT $S.uuidv7_at($TS), g FROM generate_series(0, $((N - 1))) g;" ;;
		baseline) echo "INSERT INTO $2 (created_at, v) SELECT $TS, g FROM generate_series(0, $((N - 1))) g;" ;;
	esac
}

# the items in the order of round $1: rotated, so that none is always first
rotated() {
	local r=$1 n i
	shift
	n=$#
	for ((i = 0; i < n; i++)); do
		local j=$(((i + r) % n + 1))
		echo "${!j}"
	done
}

log "results go to $OUT (reps=$REPS, n=$N, windows=$WINDOWS)"
BENCH_START=$(date +%s)
LOADS="$SCRATCH/load.txt"
: >"$LOADS"
(while kill -0 $$ 2>/dev/null; do cut -d' ' -f1 /proc/loadavg >>"$LOADS"; sleep 5; done) >/dev/null 2>&1 &

{
	echo "date=$(date -u +%Y-%m-%dT%H:%MZ)"
	echo "mode=$([ "$SMOKE" = 1 ] && echo smoke || echo full)"
	echo "cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
	echo "cores=$(nproc)"
	echo "memory=$(free -g | awk '/^Mem:/ { print $2 " GiB" }')"
	echo "kernel=$(uname -sr)"
	echo "os=$(. /etc/os-release && echo "$PRETTY_NAME")"
	echo "commit=$(git -C "$SRC_DIR" describe --always 2>/dev/null || echo unknown)$(
		git -C "$SRC_DIR" diff --quiet HEAD -- src sql Makefile scru128.control 2>/dev/null ||
			echo "+uncommitted changes in src/sql")"
	echo "source_sha256=$(cd "${BUILD:-$SRC_DIR}" && cat src/*/*.c src/*/*.h sql/scru128--*.sql 2>/dev/null | sha256sum | cut -c1-16)"
	echo "server=$(psql_user -At -c 'SELECT version()')"
	echo "server_settings=$([ "$SETUP" = 1 ] && echo "$SERVER_SETTINGS" || echo "those of the running cluster")"
	for s in shared_buffers max_wal_size checkpoint_timeout autovacuum; do
		echo "show_$s=$(psql_user -At -c "SHOW $s")"
	done
	echo "session_settings=$SESSION_SETTINGS"
	echo "prewarm=$([ "$PREWARM" = 1 ] && echo pg_prewarm || echo "untimed pass")"
	echo "reps=$REPS"
	echo "n=$N"
	echo "windows=$WINDOWS"
	echo "window_rows=$WINDOW_ROWS"
	echo "load_at_start=$(cut -d' ' -f1-3 /proc/loadavg)"
	echo "ddl_scru128=$(create_table scru128 t)"
	echo "ddl_uuidv7=$(create_table uuidv7 t)"
	echo "ddl_baseline=$(create_table baseline t)"
	for c in "${CONTENDERS[@]}"; do
		echo "insert_live_$c=$(insert_live "$c" t)"
		echo "insert_backfill_$c=$(insert_backfill "$c" t)"
	done
	for c in "${QUERIES[@]}"; do
		echo "pred_$c=$(table_of "$c"): $(pred_of "$c" t1 t2)"
	done
} >"$OUT/env.txt"

# ---------------------------------------------------------------------------
# 1. inserts and 2. sizes
# ---------------------------------------------------------------------------
log "1. inserts of $N rows, live and backfill, $REPS repetitions"
for ((r = 1; r <= REPS; r++)); do
	for c in $(rotated "$r" "${CONTENDERS[@]}"); do
		for kind in live backfill; do
			q "DROP TABLE IF EXISTS ins;"
			q "$(create_table "$c" ins)"
			q "CHECKPOINT;"
			if [ $kind = live ]; then
				t insert "$c" "${kind}_ms" "$r" "$(insert_live "$c" ins)"
			else
				t insert "$c" "${kind}_ms" "$r" "$(insert_backfill "$c" ins)"
			fi
			v size "$c" "${kind}_heap_bytes" "$r" bytes "pg_table_size('ins')"
			v size "$c" "${kind}_pk_bytes" "$r" bytes "pg_relation_size('ins_pkey')"
			v size "$c" "${kind}_indexes_bytes" "$r" bytes "pg_indexes_size('ins')"
			v size "$c" "${kind}_total_bytes" "$r" bytes "pg_total_relation_size('ins')"
		done
	done
	run_session
	log "   repetition $r/$REPS, $(($(date +%s) - BENCH_START)) s so far"
done
psql_user -q -c "DROP TABLE IF EXISTS ins"

# ---------------------------------------------------------------------------
# 3. the query data sets and the one-hour windows
# ---------------------------------------------------------------------------
log "3. one-hour windows: data sets of $N rows"
for c in "${CONTENDERS[@]}"; do
	q "DROP TABLE IF EXISTS tq_$c;"
	q "$(create_table "$c" "tq_$c")"
	q "$(insert_backfill "$c" "tq_$c")"
done
run_session
psql_user -q -c "VACUUM ANALYZE tq_scru128, tq_uuidv7, tq_baseline"
for c in "${CONTENDERS[@]}"; do
	v dataset "$c" heap_bytes 1 bytes "pg_table_size('tq_$c')"
	v dataset "$c" indexes_bytes 1 bytes "pg_indexes_size('tq_$c')"
	v dataset "$c" total_bytes 1 bytes "pg_total_relation_size('tq_$c')"
done
run_session

# the windows: WINDOWS random starts at a millisecond in [T0, T0 + N - 3600 s),
# the same in every repetition (a fixed seed)
psql_user -At -F'|' -c "SELECT setseed(0.16)" -c "
	SELECT t1, t1 + interval '1 hour' FROM (
		SELECT $T0 + floor(random() * ($N - $WINDOW_ROWS) * 1000) * interval '1 millisecond' AS t1
		FROM generate_series(1, $WINDOWS)) w" | tail -n "$WINDOWS" >"$SCRATCH/windows.txt"
mapfile -t WIN <"$SCRATCH/windows.txt"
[ "${#WIN[@]}" = "$WINDOWS" ] || { log "expected $WINDOWS windows, got ${#WIN[@]}"; exit 1; }

# the prepared statements of the generic mode, in every session
prepare_all() {
	local c s
	q "SET plan_cache_mode = force_generic_plan;"
	for c in "${QUERIES[@]}"; do
		for s in rows count; do
			q "PREPARE q_${c}_$s(timestamptz, timestamptz) AS SELECT $(shape_sql $s) FROM $(table_of "$c") WHERE $(pred_of "$c" '$1' '$2');"
		done
	done
}
# the statement of contender $1, shape $2, mode $3 for window $4 (t1|t2)
window_sql() {
	local t1=${4%|*} t2=${4#*|}
	if [ "$3" = const ]; then
		echo "SELECT $(shape_sql "$2") FROM $(table_of "$1") WHERE $(pred_of "$1" "timestamptz '$t1'" "timestamptz '$t2'");"
	else
		echo "EXECUTE q_${1}_$2('$t1', '$t2');"
	fi
}

# warm every relation into shared buffers
if [ "$PREWARM" = 1 ]; then
	for c in "${CONTENDERS[@]}"; do
		q "SELECT sum(pg_prewarm(c.oid)) FROM pg_class c WHERE c.oid = 'tq_$c'::regclass OR c.oid IN (SELECT indexrelid FROM pg_index WHERE indrelid = 'tq_$c'::regclass);"
	done
else
	for c in "${CONTENDERS[@]}"; do q "SELECT count(*) FROM tq_$c;"; done
fi
run_session

: >"$SCRATCH/results.txt"
log "   $WINDOWS windows x ${#QUERIES[@]} contenders x 2 shapes x 2 modes, $REPS repetitions after an untimed one"
# Each statement is timed on the server, by clock_timestamp() around a
# PL/pgSQL EXECUTE of it (parse, plan and run for the constant times; the
# cached generic plan of a prepared statement run by EXECUTE otherwise):
# no client round trip, whose scheduling on a busy 2-core machine would
# dwarf queries of a fraction of a millisecond.  The statements, as
# format() templates of the two times, go into tq_stmts; tq_run(r) runs all
# of them for every window, in a random order drawn anew for every window
# (so that no statement always follows the same one: the first query on a
# table after another table's pays for the CPU caches), and returns one
# row per statement and window.
q "DROP TABLE IF EXISTS tq_stmts, tq_windows;"
q "CREATE TABLE tq_windows (w int, t1 timestamptz, t2 timestamptz);"
for ((w = 0; w < WINDOWS; w++)); do
	q "INSERT INTO tq_windows VALUES ($w, '${WIN[$w]%|*}', '${WIN[$w]#*|}');"
done
q "CREATE TABLE tq_stmts (k int, label text, tpl text);"
k=0
for c in "${QUERIES[@]}"; do
	for m in const generic; do
		for s in rows count; do
			tpl=$(window_sql "$c" "$s" "$m" "@1@|@2@")
			tpl=${tpl//\'@1@\'/%L}
			tpl=${tpl//\'@2@\'/%L}
			q "INSERT INTO tq_stmts VALUES ($k, '$c,${m}_${s}_ms', \$t\$${tpl%;}\$t\$);"
			k=$((k + 1))
		done
	done
done
q "CREATE OR REPLACE FUNCTION tq_run(r int) RETURNS TABLE (label text, w int, ms float8, result text)
LANGUAGE plpgsql AS \$f\$
DECLARE
	labels text[] := ARRAY(SELECT s.label FROM tq_stmts s ORDER BY s.k);
	tpls text[] := ARRAY(SELECT s.tpl FROM tq_stmts s ORDER BY s.k);
	n int := cardinality(tpls);
	win record;
	rec record;
	j int;
	sql text;
	t0 timestamptz;
BEGIN
	PERFORM setseed(r / 1000.0);
	FOR win IN SELECT * FROM tq_windows ORDER BY tq_windows.w LOOP
		FOR j IN SELECT g FROM generate_series(1, n) g ORDER BY random() LOOP
			sql := format(tpls[j], win.t1, win.t2);
			t0 := clock_timestamp();
			EXECUTE sql INTO rec;
			ms := extract(epoch FROM clock_timestamp() - t0) * 1000;
			label := labels[j];
			w := win.w;
			result := trim(BOTH '()' FROM rec::text);
			RETURN NEXT;
		END LOOP;
	END LOOP;
END \$f\$;"
run_session
for ((r = 0; r <= REPS; r++)); do
	prepare_all
	q "\\copy (SELECT label, w, ms, result FROM tq_run($r)) TO '$SCRATCH/window.out'"
	printf '%s' "$SESSION" >"$SCRATCH/window.sql"
	SESSION=""
	psql_user -q -f "$SCRATCH/window.sql" >/dev/null
	# repetition 0 warms caches and plans: not recorded
	if [ "$r" -gt 0 ]; then
		awk -F'\t' -v r="$r" -v res="$SCRATCH/results.txt" '{
			printf "window,%s,%s.%s,%.4f,ms\n", $1, r, $2, $3
			print "window," $1 "," r "." $2 "\t" $4 >>res
		}' "$SCRATCH/window.out" >>"$RAW"
		log "   repetition $r/$REPS, $(($(date +%s) - BENCH_START)) s so far"
	fi
done

# the planning of the constant-time statements alone: the mean µs of
# PLAN_LOOPS EXPLAINs (parse, rewrite, plan: the operators' planner support
# included) in a loop on the server, per contender and repetition
PLAN_LOOPS=$([ "$SMOKE" = 1 ] && echo 20 || echo 1000)
q "CREATE FUNCTION pg_temp.plan_us(q text, n int) RETURNS float8 LANGUAGE plpgsql AS \$\$
DECLARE t0 timestamptz := clock_timestamp();
BEGIN
	FOR i IN 1..n LOOP EXECUTE 'EXPLAIN ' || q; END LOOP;
	RETURN extract(epoch FROM clock_timestamp() - t0) * 1e6 / n;
END \$\$;"
for c in "${QUERIES[@]}"; do
	# unrecorded: the session's first planning of each statement loads catalog entries
	sql=$(window_sql "$c" rows const "${WIN[0]}")
	q "SELECT pg_temp.plan_us(\$q\$${sql%;}\$q\$, 10);"
done
for ((r = 1; r <= REPS; r++)); do
	for ((i = 0; i < NQ; i++)); do
		c=${QUERIES[$(((i + r) % NQ))]}
		sql=$(window_sql "$c" rows const "${WIN[0]}")
		v plan "$c" const_plan_us "$r" us "pg_temp.plan_us(\$q\$${sql%;}\$q\$, $PLAN_LOOPS)"
	done
done
run_session

# the plans, for the report: each statement for the first window, then
# EXPLAIN ANALYZE of the rows shape (buffers touched, rows removed by a
# filter, planning time), on the warm cache after the timed runs
{
	prepare_all
	for m in const generic; do
		for s in rows count; do
			for c in "${QUERIES[@]}"; do
				sql=$(window_sql "$c" "$s" "$m" "${WIN[0]}")
				q "\\echo '-- $c, $s, $m: ${sql//\'/\'\'}'"
				q "EXPLAIN (COSTS OFF) $sql"
			done
		done
	done
	for m in const generic; do
		for c in "${QUERIES[@]}"; do
			sql=$(window_sql "$c" rows "$m" "${WIN[0]}")
			# once before, unrecorded: the session's first query of a table
			# pays for loading its catalog entries
			q "\\o /dev/null"
			q "$sql"
			q "\\o"
			q "\\echo '-- $c, rows, $m, EXPLAIN ANALYZE: ${sql//\'/\'\'}'"
			q "EXPLAIN (ANALYZE, BUFFERS, COSTS OFF, TIMING OFF) $sql"
		done
	done
	printf '%s' "$SESSION" >"$SCRATCH/plans.sql"
	SESSION=""
}
psql_user -q -f "$SCRATCH/plans.sql" >"$OUT/plans.txt"

# the checks: "window,CONTENDER,MODE_SHAPE_ms,REP.W<TAB>result"; every
# contender's result equals the baseline's, every count is WINDOW_ROWS
awk -F'\t' -v rows=$WINDOW_ROWS '
	{
		split($1, l, ","); key = l[3] "," l[4]; res[l[2], key] = $2; keys[key] = 1; cont[l[2]] = 1
		if ($2 + 0 != rows) bad_count[l[2]]++
		n[l[2]]++
	}
	END {
		for (c in cont) {
			mism = 0
			for (k in keys) if (res[c, k] != res["baseline", k]) mism++
			printf "check,%s,results,1,%d,count\n", c, n[c]
			printf "check,%s,mismatches,1,%d,count\n", c, mism + bad_count[c]
		}
	}' "$SCRATCH/results.txt" >>"$RAW"
for c in "${CONTENDERS[@]}"; do q "DROP TABLE tq_$c;"; done
q "DROP TABLE tq_stmts, tq_windows; DROP FUNCTION tq_run(int);"
run_session

echo "elapsed_s=$(($(date +%s) - BENCH_START))" >>"$OUT/env.txt"
awk '{ s += $1; if ($1 > m) m = $1 } END { if (NR) printf "load1_mean=%.2f\nload1_max=%.2f\n", s / NR, m }' \
	"$LOADS" >>"$OUT/env.txt"
log "done in $(($(date +%s) - BENCH_START)) s; writing the report"
python3 "$BENCH_DIR/timequery_report.py" "$OUT"
log "wrote $OUT/results.csv, $OUT/results.md and $OUT/timequery.png"
