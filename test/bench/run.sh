#!/usr/bin/env bash
# test/bench/run.sh: the scru128 benchmark suite (issue 4).
#
# Compares five primary-key contenders in every workload where they apply:
#   scru128       scru128 column, DEFAULT scru128()
#   uuid_v4       uuid column,    DEFAULT gen_random_uuid()
#   uuid_scru128  uuid column,    DEFAULT scru128()::uuid
#   bigserial     bigserial column
#   text_scru128  text column,    DEFAULT scru128()::text
#
#   sudo bash test/bench/run.sh            # full run, results into test/bench/
#   sudo bash test/bench/run.sh --smoke    # tiny sizes, one repetition, results under $WORK
#
# Options:
#   --smoke       tiny sizes and one repetition: only checks that everything runs
#   --no-setup    do not install, build or start a cluster: use the running one
#                 given by PGHOST/PGPORT/PGUSER, with WORK (a scratch directory
#                 the server user can write) and PGBIN set (test/suites/bench.sh)
#   --out DIR     where results go (default: test/bench/ for a full run,
#                 $WORK/bench for a smoke run)
#
# As root on Debian 12 it installs PostgreSQL 15 and gnuplot through
# test/lib.sh, builds and installs the extension from a copy of the tree and
# starts a throwaway cluster with the settings in SERVER_SETTINGS below.
#
# Statements are timed by psql's \timing (client round trip, no connection
# start-up); the growth batches by the wall clock around one psql call each
# (a few ms of start-up against seconds of work); pgbench reports its own
# TPS and per-statement latencies.  Contenders are interleaved inside every
# repetition and their order rotates from one repetition to the next, so
# that drift in a noisy machine is spread over all of them.  Raw samples go
# to raw.csv and growth.csv; report.py turns them into results.csv,
# results.md and charts.  WORKLOADS="2 3" runs only those workloads; REPS,
# GEN_N, BULK_N, GROWTH_BATCH, GROWTH_BATCHES, PGB_SECONDS, SORT_N and
# LOOKUP_N override the full run's sizes.

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

# Server settings of the full run.  shared_buffers is small on purpose so that
# the growth run's PK indexes outgrow the buffer cache; checkpoints are spaced
# out so that the timed 1M-row inserts (which start right after a CHECKPOINT)
# do not pay for one by chance.
SERVER_SETTINGS="-c shared_buffers=128MB -c max_wal_size=4GB -c checkpoint_timeout=15min -c autovacuum=off"
# Session settings of every benchmark connection (stated in the report):
# no JIT and no parallel query, so that per-row costs are measured on one
# core without compilation noise; enough work_mem for an in-memory sort of
# 2M keys; asynchronous commit, so that pgbench measures the key and not the
# VM's fsync latency.  (client_min_messages only quiets DROP ... IF EXISTS.)
SESSION_SETTINGS="-c jit=off -c max_parallel_workers_per_gather=0 -c work_mem=1GB -c synchronous_commit=off -c client_min_messages=warning"

if [ "$SMOKE" = 1 ]; then
	REPS=1 GEN_N=20000 BULK_N=10000 GROWTH_BATCH=5000 GROWTH_BATCHES=6
	PGB_SECONDS=1 SORT_N=10000 LOOKUP_N=10000
else
	REPS=${REPS:-5}
	GEN_N=${GEN_N:-2000000}
	BULK_N=${BULK_N:-1000000}
	GROWTH_BATCH=${GROWTH_BATCH:-500000}
	GROWTH_BATCHES=${GROWTH_BATCHES:-40}
	PGB_SECONDS=${PGB_SECONDS:-6}
	SORT_N=${SORT_N:-2000000}
	LOOKUP_N=${LOOKUP_N:-2000000}
fi

CONTENDERS=(scru128 uuid_v4 uuid_scru128 bigserial text_scru128)

# column definition of the key for each contender
key_column() {
	case "$1" in
		scru128) echo "id scru128 PRIMARY KEY DEFAULT scru128()" ;;
		uuid_v4) echo "id uuid PRIMARY KEY DEFAULT gen_random_uuid()" ;;
		uuid_scru128) echo "id uuid PRIMARY KEY DEFAULT scru128()::uuid" ;;
		bigserial) echo "id bigserial PRIMARY KEY" ;;
		text_scru128) echo "id text PRIMARY KEY DEFAULT scru128()::text" ;;
	esac
}

# the key type and a generating expression, for tables filled with CREATE TABLE AS
key_type() {
	case "$1" in
		scru128) echo scru128 ;; uuid_v4 | uuid_scru128) echo uuid ;;
		bigserial) echo bigint ;; text_scru128) echo text ;;
	esac
}
key_expr() {
	case "$1" in
		scru128) echo "scru128()" ;; uuid_v4) echo "gen_random_uuid()" ;;
		uuid_scru128) echo "scru128()::uuid" ;; bigserial) echo "g::bigint" ;;
		text_scru128) echo "scru128()::text" ;;
	esac
}
# the same for a row whose time is the timestamptz expression $2 (backfilled
# keys spread over a day, for the time-range query)
key_expr_at() {
	case "$1" in
		scru128) echo "scru128($2)" ;; uuid_v4) echo "gen_random_uuid()" ;;
		uuid_scru128) echo "scru128($2)::uuid" ;; bigserial) echo "g::bigint" ;;
		text_scru128) echo "scru128($2)::text" ;;
	esac
}

# the contenders in the order of repetition $1: rotated, so that none is
# always first (cold) or last
rotated() {
	local r=$1 n=$# i
	shift
	n=$#
	for ((i = 0; i < n; i++)); do
		local j=$(((i + r) % n + 1))
		echo "${!j}"
	done
}

# ---------------------------------------------------------------------------
# setup
# ---------------------------------------------------------------------------
if [ "$SETUP" = 1 ]; then
	# gnuplot for the charts, pgstattuple comes with postgresql-contrib
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
	if [ "$SMOKE" = 1 ]; then OUT="$WORK/bench"; else OUT="$BENCH_DIR"; fi
fi
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
# scratch files the server and pgbench must read or write (COPY files, pgbench scripts)
SCRATCH="$WORK/bench-scratch"
mkdir -p "$SCRATCH"
[ "$(id -u)" = 0 ] && chown "$SCRU128_USER" "$SCRATCH"

# which workloads to run (all by default; e.g. WORKLOADS="1 2" for a partial run)
WORKLOADS=${WORKLOADS:-1 2 3 4 5 6}
want() { [[ " $WORKLOADS " == *" $1 "* ]]; }
log_elapsed() { log "   $(($(date +%s) - BENCH_START)) s so far"; }

export PGDATABASE=scru128_bench
export PGOPTIONS="$SESSION_SETTINGS"
RAW="$OUT/raw.csv"
GROWTH="$OUT/growth.csv"
echo "workload,contender,metric,rep,value,unit" >"$RAW"
echo "contender,batch,rows,table_bytes,index_bytes,seconds,rows_per_s" >"$GROWTH"

as_user dropdb --if-exists scru128_bench
as_user createdb -T template0 scru128_bench
psql_user -q -c "CREATE EXTENSION scru128" -c "CREATE EXTENSION pgstattuple"

# psql session with \timing; see run_session
SESSION=""
# add an untimed statement to the session
q() { SESSION+="$*"$'\n'; }
# add a timed statement: t WORKLOAD CONTENDER METRIC REP SQL
t() { SESSION+="\\echo @@$1,$2,$3,$4"$'\n'"$5"$'\n'; }
# add a statement printing a value: v WORKLOAD CONTENDER METRIC REP UNIT SQL-EXPRESSION
v() { SESSION+="SELECT '##$1,$2,$3,$4,' || ($6) || ',$5';"$'\n'; }

# Runs the session built with q/t/v in one psql connection and appends its
# samples to raw.csv: the "Time:" line that follows an "@@label" line is the
# time of the labelled statement (ms), and "##" lines are values as they are.
run_session() {
	local out="$SCRATCH/session.out"
	printf '\\timing on\n%s' "$SESSION" >"$SCRATCH/session.sql"
	SESSION=""
	psql_user -q -At -f "$SCRATCH/session.sql" >"$out"
	awk '
		/^@@/ { label = substr($0, 3); next }
		/^Time: / { if (label != "") { print label "," $2 ",ms"; label = "" } ; next }
		/^##/ { print substr($0, 3) }
	' "$out" >>"$RAW"
}

log "results go to $OUT (reps=$REPS)"
BENCH_START=$(date +%s)

# The machine may be shared: sample the 1-minute load average every 5 s for
# the report, so that a reader can tell a quiet run from a busy one.  The
# sampler ends by itself with this script.
LOADS="$SCRATCH/load.txt"
: >"$LOADS"
(while kill -0 $$ 2>/dev/null; do cut -d' ' -f1 /proc/loadavg >>"$LOADS"; sleep 5; done) >/dev/null 2>&1 &

# ---------------------------------------------------------------------------
# the machine, the server and the settings, for the report
# ---------------------------------------------------------------------------
{
	echo "date=$(date -u +%Y-%m-%dT%H:%MZ)"
	echo "mode=$([ "$SMOKE" = 1 ] && echo smoke || echo full)"
	echo "cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
	echo "cores=$(nproc)"
	echo "memory=$(free -g | awk '/^Mem:/ { print $2 " GiB" }')"
	echo "kernel=$(uname -sr)"
	echo "os=$(. /etc/os-release && echo "$PRETTY_NAME")"
	# what was built: the commit of the tree and a hash of the sources that
	# were actually compiled (others may commit while a run goes on)
	# (only the extension's own files count as "modified": the run itself
	# rewrites the committed results under test/bench/)
	echo "commit=$(git -C "$SRC_DIR" describe --always 2>/dev/null || echo unknown)$(
		git -C "$SRC_DIR" diff --quiet HEAD -- src sql Makefile scru128.control 2>/dev/null ||
			echo "+uncommitted changes in src/sql")"
	echo "source_sha256=$(cd "${BUILD:-$SRC_DIR}" && cat src/*/*.c src/*/*.h sql/scru128--*.sql | sha256sum | cut -c1-16)"
	echo "workloads=$WORKLOADS"
	echo "server=$(psql_user -At -c 'SELECT version()')"
	echo "server_settings=$([ "$SETUP" = 1 ] && echo "$SERVER_SETTINGS" || echo "those of the running cluster")"
	for s in shared_buffers max_wal_size checkpoint_timeout autovacuum lc_collate; do
		echo "show_$s=$(psql_user -At -c "SHOW $s")"
	done
	echo "session_settings=$SESSION_SETTINGS"
	echo "reps=$REPS"
	echo "gen_n=$GEN_N"
	echo "bulk_n=$BULK_N"
	echo "growth_batch=$GROWTH_BATCH"
	echo "growth_batches=$GROWTH_BATCHES"
	echo "pgbench_seconds=$PGB_SECONDS"
	echo "sort_n=$SORT_N"
	echo "lookup_n=$LOOKUP_N"
} >"$OUT/env.txt"

# ---------------------------------------------------------------------------
# 1. generation: per-call cost above the count(*) floor
# ---------------------------------------------------------------------------
if want 1; then
	log_elapsed
	log "1. generation ($GEN_N calls)"
	for ((r = 1; r <= REPS; r++)); do
		# a warm-up call, so that no sample pays for the first call's set-up
		q "SELECT scru128(), gen_random_uuid(), count(*) FROM generate_series(1, 1000);"
		for c in $(rotated "$r" floor scru128 uuid_v4); do
			case $c in
				floor) t gen floor ms "$r" "SELECT count(*) FROM generate_series(1, $GEN_N);" ;;
				scru128) t gen scru128 ms "$r" "SELECT count(scru128()) FROM generate_series(1, $GEN_N);" ;;
				uuid_v4) t gen uuid_v4 ms "$r" "SELECT count(gen_random_uuid()) FROM generate_series(1, $GEN_N);" ;;
			esac
		done
		run_session
	done

fi

# ---------------------------------------------------------------------------
# 2. bulk insert of BULK_N rows into a table with a PK, logged and unlogged
# ---------------------------------------------------------------------------
if want 2; then
	log_elapsed
	log "2. bulk insert ($BULK_N rows)"
	for ((r = 1; r <= REPS; r++)); do
		for c in $(rotated "$r" "${CONTENDERS[@]}"); do
			for kind in logged unlogged; do
				unlogged=""
				[ $kind = unlogged ] && unlogged=UNLOGGED
				q "DROP TABLE IF EXISTS bulk;"
				q "CREATE $unlogged TABLE bulk ($(key_column "$c"), v int) WITH (autovacuum_enabled = off);"
				# start every sample from a clean buffer cache state: no dirty
				# pages of the previous table, no checkpoint due
				q "CHECKPOINT;"
				t bulk "$c" "insert_ms_$kind" "$r" "INSERT INTO bulk (v) SELECT g FROM generate_series(1, $BULK_N) g;"
				v bulk "$c" "table_bytes_$kind" "$r" bytes "pg_table_size('bulk')"
				v bulk "$c" "index_bytes_$kind" "$r" bytes "pg_relation_size('bulk_pkey')"
				v bulk "$c" "leaf_density_$kind" "$r" pct "(pgstatindex('bulk_pkey')).avg_leaf_density"
			done
		done
		run_session
	done
	psql_user -q -c "DROP TABLE IF EXISTS bulk"

fi

# ---------------------------------------------------------------------------
# 3. growth: batches into ever larger tables, all contenders interleaved
# ---------------------------------------------------------------------------
if want 3; then
	log_elapsed
	log "3. growth ($GROWTH_BATCHES batches of $GROWTH_BATCH rows)"
	for c in "${CONTENDERS[@]}"; do
		q "DROP TABLE IF EXISTS grow_$c;"
		q "CREATE TABLE grow_$c ($(key_column "$c"), v int) WITH (autovacuum_enabled = off);"
	done
	run_session
	for ((b = 1; b <= GROWTH_BATCHES; b++)); do
		for c in $(rotated "$b" "${CONTENDERS[@]}"); do
			t0=$(date +%s%N)
			psql_user -q -c "INSERT INTO grow_$c (v) SELECT g FROM generate_series(1, $GROWTH_BATCH) g"
			t1=$(date +%s%N)
			sizes=$(psql_user -At -F, -c "SELECT pg_table_size('grow_$c'), pg_indexes_size('grow_$c')")
			awk -v c="$c" -v b="$b" -v n="$GROWTH_BATCH" -v s="$sizes" -v ns=$((t1 - t0)) 'BEGIN {
				sec = ns / 1e9
				printf "%s,%d,%d,%s,%.3f,%.0f\n", c, b, b * n, s, sec, n / sec
			}' >>"$GROWTH"
		done
		if [ $((b % 5)) = 0 ]; then log "   batch $b/$GROWTH_BATCHES, $(($(date +%s) - BENCH_START)) s so far"; fi
	done
	# the growth tables are by far the largest: free the disk now
	for c in "${CONTENDERS[@]}"; do q "DROP TABLE grow_$c;"; done
	run_session

fi

# ---------------------------------------------------------------------------
# 4. concurrency: pgbench, 8 clients, single-row inserts with the default key
# ---------------------------------------------------------------------------
if want 4; then
	log_elapsed
	log "4. concurrency (pgbench, 8 clients, $PGB_SECONDS s)"
	for c in "${CONTENDERS[@]}"; do
		echo "INSERT INTO conc_$c (v) VALUES (1);" >"$SCRATCH/insert_$c.sql"
	done
	for ((r = 1; r <= REPS; r++)); do
		for c in $(rotated "$r" "${CONTENDERS[@]}"); do
			psql_user -q -c "DROP TABLE IF EXISTS conc_$c" \
				-c "CREATE TABLE conc_$c ($(key_column "$c"), v int) WITH (autovacuum_enabled = off)" \
				-c "CHECKPOINT"
			# a failed insert (e.g. a duplicate key) aborts its client: pgbench
			# then exits non-zero, which is a result here, not a reason to stop
			as_user pgbench -n -c 8 -j 2 -T "$PGB_SECONDS" -f "$SCRATCH/insert_$c.sql" \
				>"$SCRATCH/pgbench.out" 2>&1 && rc=0 || rc=$?
			awk -v c="$c" -v r="$r" -v rc="$rc" '
				/^tps = / { tps = $3 }
				/number of failed transactions:/ { failed = $5 }
				/aborted in command/ { aborted++ }
				/^number of transactions actually processed:/ { split($6, a, "/"); done = a[1] }
				END {
					if (tps == "") tps = 0
					printf "conc,%s,tps,%d,%s,tps\n", c, r, tps
					printf "conc,%s,errors,%d,%d,count\n", c, r, failed + aborted + (rc != 0 && aborted == 0 ? 1 : 0)
					printf "conc,%s,transactions,%d,%d,count\n", c, r, done
				}' "$SCRATCH/pgbench.out" >>"$RAW"
			if [ "$rc" != 0 ]; then
				log "pgbench for $c exited with $rc:"
				grep -m5 -E 'ERROR|aborted|error' "$SCRATCH/pgbench.out" >&2 || true
			fi
		done
	done
	for c in "${CONTENDERS[@]}"; do q "DROP TABLE conc_$c;"; done
	run_session

fi

# ---------------------------------------------------------------------------
# 5. sort, text output, text input, binary COPY out and in
# ---------------------------------------------------------------------------
if want 5; then
	log_elapsed
	log "5. sort, text I/O, binary COPY ($SORT_N rows)"
	for c in "${CONTENDERS[@]}"; do
		# keys generated in time order, then stored shuffled
		q "DROP TABLE IF EXISTS sort_$c, copyin_$c;"
		q "CREATE TABLE sort_$c WITH (autovacuum_enabled = off) AS
			SELECT id FROM (SELECT $(key_expr "$c") AS id FROM generate_series(1, $SORT_N) g) k ORDER BY random();"
		q "CREATE TABLE copyin_$c (id $(key_type "$c")) WITH (autovacuum_enabled = off);"
	done
	# text columns holding canonical strings, for the input functions
	q "DROP TABLE IF EXISTS textin_scru128, textin_uuid_v4;"
	q "CREATE TABLE textin_scru128 WITH (autovacuum_enabled = off) AS SELECT scru128()::text AS s FROM generate_series(1, $SORT_N);"
	q "CREATE TABLE textin_uuid_v4 WITH (autovacuum_enabled = off) AS SELECT gen_random_uuid()::text AS s FROM generate_series(1, $SORT_N);"
	run_session
	# hint bits and visibility map set once, not during the first timed scan
	psql_user -q -c "VACUUM ANALYZE"

	for ((r = 1; r <= REPS; r++)); do
		# warm the buffer cache / OS cache for every table of this workload
		for c in "${CONTENDERS[@]}"; do q "SELECT count(*) FROM sort_$c;"; done
		q "SELECT count(*) FROM textin_scru128; SELECT count(*) FROM textin_uuid_v4;"
		for c in $(rotated "$r" "${CONTENDERS[@]}"); do
			# the scan alone (floor) and the same scan sorted; OFFSET n returns
			# nothing but needs every row, so the sort is complete and unbounded
			t sort "$c" floor_ms "$r" "SELECT id FROM sort_$c OFFSET $SORT_N;"
			t sort "$c" sort_ms "$r" "SELECT id FROM sort_$c ORDER BY id OFFSET $SORT_N;"
			if [ "$c" != text_scru128 ]; then
				# text output: count(id::text) above count(id)
				t textout "$c" floor_ms "$r" "SELECT count(id) FROM sort_$c;"
				t textout "$c" out_ms "$r" "SELECT count(id::text) FROM sort_$c;"
			fi
			t copy "$c" out_ms "$r" "COPY sort_$c TO '$SCRATCH/copy_$c.bin' (FORMAT binary);"
			q "TRUNCATE copyin_$c;"
			t copy "$c" in_ms "$r" "COPY copyin_$c FROM '$SCRATCH/copy_$c.bin' (FORMAT binary);"
		done
		for c in $(rotated "$r" scru128 uuid_v4); do
			# text input: s::scru128 (s::uuid) above count(s) of the same column
			ty=$([ $c = scru128 ] && echo scru128 || echo uuid)
			t textin "$c" floor_ms "$r" "SELECT count(s) FROM textin_$c;"
			t textin "$c" in_ms "$r" "SELECT count(s::$ty) FROM textin_$c;"
		done
		run_session
	done
	for c in "${CONTENDERS[@]}"; do q "DROP TABLE sort_$c, copyin_$c;"; done
	q "DROP TABLE textin_scru128, textin_uuid_v4;"
	run_session
	rm -f "$SCRATCH"/copy_*.bin

fi

# ---------------------------------------------------------------------------
# 6. point lookups by PK and a one-hour time-range query (btree and BRIN)
# ---------------------------------------------------------------------------
if want 6; then
	log_elapsed
	log "6. lookups and time ranges ($LOOKUP_N rows over one day)"
	# rows spread evenly over 2026-01-01, inserted in time order (backfilled
	# keys for the time-ordered contenders, as an application would have them)
	DAY0="'2026-01-01 00:00:00+00'::timestamptz"
	TS="$DAY0 + (g * (86400.0 / $LOOKUP_N)) * interval '1 second'"
	RANGED=(scru128 uuid_scru128 text_scru128)
	for c in "${CONTENDERS[@]}"; do
		q "DROP TABLE IF EXISTS pk_$c, keys_$c, brin_$c;"
		q "CREATE TABLE pk_$c ($(key_column "$c"), v int) WITH (autovacuum_enabled = off);"
		q "INSERT INTO pk_$c (id, v) SELECT $(key_expr_at "$c" "$TS"), g FROM generate_series(1, $LOOKUP_N) g;"
		# the keys by row number, so that pgbench can pick a random existing key
		q "CREATE TABLE keys_$c (n int PRIMARY KEY, id $(key_type "$c")) WITH (autovacuum_enabled = off);"
		q "INSERT INTO keys_$c SELECT v, id FROM pk_$c;"
	done
	for c in "${RANGED[@]}"; do
		# the same rows in the same order, with a BRIN index instead of the btree
		q "CREATE TABLE brin_$c WITH (autovacuum_enabled = off) AS SELECT * FROM pk_$c;"
		q "CREATE INDEX brin_${c}_id ON brin_$c USING brin (id);"
	done
	run_session
	psql_user -q -c "VACUUM ANALYZE"
	for c in "${CONTENDERS[@]}"; do
		v lookup "$c" pk_index_bytes 1 bytes "pg_relation_size('pk_${c}_pkey')"
	done
	for c in "${RANGED[@]}"; do
		v range "$c" brin_index_bytes 1 bytes "pg_relation_size('brin_${c}_id')"
		v range "$c" btree_index_bytes 1 bytes "pg_relation_size('pk_${c}_pkey')"
	done
	run_session

	for c in "${CONTENDERS[@]}"; do
		# -M prepared: :key is sent as a parameter and read by the key type's
		# input function; the per-command latency (-r) of the second statement is
		# the PK lookup alone
		cat >"$SCRATCH/lookup_$c.sql" <<-EOF
			\\set k random(1, $LOOKUP_N)
			SELECT id AS key FROM keys_$c WHERE n = :k \\gset
			SELECT v FROM pk_$c WHERE id = :key;
		EOF
	done
	for ((r = 1; r <= REPS; r++)); do
		for c in $(rotated "$r" "${CONTENDERS[@]}"); do
			as_user pgbench -n -M prepared -r -c 2 -j 2 -T "$PGB_SECONDS" -f "$SCRATCH/lookup_$c.sql" \
				>"$SCRATCH/pgbench.out" 2>&1 || { cat "$SCRATCH/pgbench.out" >&2; exit 1; }
			awk -v c="$c" -v r="$r" '
				/^tps = / { tps = $3 }
				/SELECT v FROM pk_/ { lat = $1 }
				END {
					printf "lookup,%s,tps,%d,%s,tps\n", c, r, tps
					printf "lookup,%s,latency_ms,%d,%s,ms\n", c, r, lat
				}' "$SCRATCH/pgbench.out" >>"$RAW"
		done
	done

	# one hour (10:00 to 10:59:59.999) of the day: 1/24 of the rows
	H0="'2026-01-01 10:00:00+00'::timestamptz"
	H1="'2026-01-01 10:59:59.999+00'::timestamptz"
	range_pred() {
		case "$1" in
			scru128) echo "id BETWEEN scru128_min($H0) AND scru128_max($H1)" ;;
			uuid_scru128) echo "id BETWEEN scru128_min($H0)::uuid AND scru128_max($H1)::uuid" ;;
			text_scru128) echo "id BETWEEN scru128_min($H0)::text AND scru128_max($H1)::text" ;;
		esac
	}
	for c in "${RANGED[@]}"; do
		v range "$c" rows 1 count "(SELECT count(*) FROM pk_$c WHERE $(range_pred "$c"))"
	done
	run_session
	# the plans of the timed range queries, so that the report can show
	# which index each one used
	for c in "${RANGED[@]}"; do
		for tbl in pk brin; do
			echo "-- ${tbl}_$c: SELECT count(*), sum(v) FROM ${tbl}_$c WHERE $(range_pred "$c")"
			PGOPTIONS="$PGOPTIONS -c enable_seqscan=off" psql_user -At \
				-c "EXPLAIN (COSTS OFF) SELECT count(*), sum(v) FROM ${tbl}_$c WHERE $(range_pred "$c")"
		done
	done >"$OUT/plans.txt"
	for ((r = 1; r <= REPS; r++)); do
		# the btree table has only the PK, the BRIN table only the BRIN index;
		# no sequential scan, so each query uses its index
		q "SET enable_seqscan = off;"
		for c in $(rotated "$r" "${RANGED[@]}"); do
			for i in 1 2 3; do
				q "SELECT count(*), sum(v) FROM pk_$c WHERE $(range_pred "$c");"
				t range "$c" btree_ms "$r.$i" "SELECT count(*), sum(v) FROM pk_$c WHERE $(range_pred "$c");"
				t range "$c" brin_ms "$r.$i" "SELECT count(*), sum(v) FROM brin_$c WHERE $(range_pred "$c");"
			done
		done
		run_session
	done
	for c in "${CONTENDERS[@]}"; do q "DROP TABLE IF EXISTS pk_$c, keys_$c, brin_$c;"; done
	run_session

fi

echo "elapsed_s=$(($(date +%s) - BENCH_START))" >>"$OUT/env.txt"
awk '{ s += $1; if ($1 > m) m = $1 } END { if (NR) printf "load1_mean=%.2f\nload1_max=%.2f\n", s / NR, m }' \
	"$LOADS" >>"$OUT/env.txt"
log "benchmarks done in $(($(date +%s) - BENCH_START)) s; writing the report"

# ---------------------------------------------------------------------------
# report: results.csv, results.md, PNG charts
# ---------------------------------------------------------------------------
python3 "$BENCH_DIR/report.py" "$OUT"
log "wrote $OUT/results.csv, $OUT/results.md and charts"
