#!/usr/bin/env bash
# test/bench/scru64.sh: scru64() against a sequence.
#
#   PGHOST=... PGPORT=... [PGDATABASE=...] bash test/bench/scru64.sh
#
# Runs against an existing cluster where the extension can be created (on
# PostgreSQL 15 and 16 it must be in shared_preload_libraries).  scru64()
# needs a node spec: if scru128.scru64_node_spec is unset, it is set to
# BENCH_NODE_SPEC (default 1/1: 2^23 IDs per 256 ms tick, so that the
# per-tick cap of the spec does not throttle a million calls) with ALTER
# SYSTEM for the run and reset afterwards.  Statements are timed by psql's
# \timing (client round trip, no connection start-up), REPS repetitions
# (default 5), contenders interleaved with their order rotated from one
# repetition to the next; medians are printed, and the ratios with their
# goals:
#
#   1. per call: SELECT count(f()) FROM generate_series(1, GEN_N) (default
#      1M), scru64() against nextval() of a sequence; the time of the same
#      query over a constant is subtracted from both.     goal <= 0.5x
#   2. INSERT_N (default 1M) rows into a table with a scru64 primary key
#      DEFAULT scru64() against a bigserial one.              goal <= 1.0x
#   3. pgbench, 8 clients, PGB_SECONDS (default 10) each, one-row inserts
#      into each table: tps.                                  goal >= 0.95x
#   4. size of the primary key index after (2).               goal <= 1.02x
set -euo pipefail

REPS=${REPS:-5}
GEN_N=${GEN_N:-1000000}
INSERT_N=${INSERT_N:-1000000}
PGB_SECONDS=${PGB_SECONDS:-10}
PGB_CLIENTS=${PGB_CLIENTS:-8}
BENCH_NODE_SPEC=${BENCH_NODE_SPEC:-1/1}
PSQL=(psql -X -q -v ON_ERROR_STOP=1)

"${PSQL[@]}" -c 'SET client_min_messages = warning' -c 'CREATE EXTENSION IF NOT EXISTS scru128' >/dev/null
S=$("${PSQL[@]}" -At -c "SELECT quote_ident(extnamespace::regnamespace::text) FROM pg_extension WHERE extname = 'scru128'")
VERSION=$("${PSQL[@]}" -At -c 'SHOW server_version')

SPEC=$("${PSQL[@]}" -At -c "SELECT $S.scru64_node_spec()")
RESET_SPEC=0
if [ -z "$SPEC" ]; then
	"${PSQL[@]}" -c "ALTER SYSTEM SET scru128.scru64_node_spec = '$BENCH_NODE_SPEC'" -c 'SELECT pg_reload_conf()' >/dev/null
	RESET_SPEC=1
	for _ in $(seq 50); do
		SPEC=$("${PSQL[@]}" -At -c "SELECT $S.scru64_node_spec()")
		[ -n "$SPEC" ] && break
		sleep 0.1
	done
fi
SIZE=${SPEC#*/}

OUT=$(mktemp -d)
chmod 755 "$OUT"
cleanup() {
	rm -rf "$OUT"
	"${PSQL[@]}" -c 'DROP TABLE IF EXISTS bench64_scru64, bench64_bigserial' -c 'DROP SEQUENCE IF EXISTS bench64_seq' >/dev/null 2>&1 || true
	if [ "$RESET_SPEC" = 1 ]; then
		"${PSQL[@]}" -c 'ALTER SYSTEM RESET scru128.scru64_node_spec' -c 'SELECT pg_reload_conf()' >/dev/null || true
	fi
}
trap cleanup EXIT

time_ms() {
	"${PSQL[@]}" "$@" 2>&1 | sed -n 's/^Time: \([0-9.]*\) ms.*/\1/p' | tail -1
}

median() {
	sort -g | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}

echo "# PostgreSQL $VERSION, extension in schema $S, node spec $SPEC ($((1 << (24 - SIZE))) IDs per 256 ms tick at most)"
echo "# $REPS repetitions, GEN_N=$GEN_N, INSERT_N=$INSERT_N, pgbench $PGB_CLIENTS clients x ${PGB_SECONDS}s"
echo "# host: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"

"${PSQL[@]}" -c 'DROP SEQUENCE IF EXISTS bench64_seq' -c 'CREATE SEQUENCE bench64_seq' >/dev/null

# 1. per call
declare -A GEN=(
	[baseline]="SELECT count(0) FROM generate_series(1, $GEN_N)"
	[scru64]="SELECT count($S.scru64()) FROM generate_series(1, $GEN_N)"
	[nextval]="SELECT count(nextval('bench64_seq')) FROM generate_series(1, $GEN_N)"
)
GEN_ORDER=(baseline scru64 nextval)
for c in "${GEN_ORDER[@]}"; do
	"${PSQL[@]}" -c "${GEN[$c]/$GEN_N/10000}" >/dev/null
done
for ((r = 0; r < REPS; r++)); do
	for ((i = 0; i < 3; i++)); do
		c=${GEN_ORDER[$(((i + r) % 3))]}
		time_ms -c '\timing on' -c "${GEN[$c]}" >>"$OUT/gen_$c"
	done
done
for c in "${GEN_ORDER[@]}"; do
	eval "GEN_MED_$c=$(median <"$OUT/gen_$c")"
done

# 2. bulk insert, and 4. index size
declare -A DDL=(
	[scru64]="CREATE TABLE bench64_scru64 (id $S.scru64 PRIMARY KEY DEFAULT $S.scru64(), v integer)"
	[bigserial]="CREATE TABLE bench64_bigserial (id bigserial PRIMARY KEY, v integer)"
)
INS_ORDER=(scru64 bigserial)
for ((r = 0; r < REPS; r++)); do
	for ((i = 0; i < 2; i++)); do
		c=${INS_ORDER[$(((i + r) % 2))]}
		"${PSQL[@]}" -c "DROP TABLE IF EXISTS bench64_$c" -c "${DDL[$c]}" -c CHECKPOINT >/dev/null
		time_ms -c '\timing on' -c "INSERT INTO bench64_$c (v) SELECT g FROM generate_series(1, $INSERT_N) g" >>"$OUT/ins_$c"
		"${PSQL[@]}" -At -c "SELECT pg_relation_size('bench64_${c}_pkey')" >>"$OUT/size_$c"
	done
done

# 3. pgbench: one-row inserts from PGB_CLIENTS clients
for c in "${INS_ORDER[@]}"; do
	echo "INSERT INTO bench64_$c (v) VALUES (1);" >"$OUT/pgb_$c.sql"
done
for ((r = 0; r < REPS; r++)); do
	for ((i = 0; i < 2; i++)); do
		c=${INS_ORDER[$(((i + r) % 2))]}
		"${PSQL[@]}" -c "TRUNCATE bench64_$c" -c CHECKPOINT >/dev/null
		pgbench -n -c "$PGB_CLIENTS" -j 2 -T "$PGB_SECONDS" -f "$OUT/pgb_$c.sql" 2>/dev/null |
			sed -n 's/^tps = \([0-9.]*\).*/\1/p' >>"$OUT/pgb_$c"
	done
done

med() { median <"$OUT/$1"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }
net_scru64=$(awk -v a="$GEN_MED_scru64" -v b="$GEN_MED_baseline" 'BEGIN { print a - b }')
net_nextval=$(awk -v a="$GEN_MED_nextval" -v b="$GEN_MED_baseline" 'BEGIN { print a - b }')

echo
echo "| measure | scru64 | baseline (sequence / bigserial) | ratio | goal |"
echo "|---|---|---|---|---|"
printf '| per call, ns (net of %s ms executor baseline) | %.1f | %.1f | %s | <= 0.5 |\n' \
	"$GEN_MED_baseline" "$(awk -v t="$net_scru64" -v n="$GEN_N" 'BEGIN { print t * 1e6 / n }')" \
	"$(awk -v t="$net_nextval" -v n="$GEN_N" 'BEGIN { print t * 1e6 / n }')" "$(ratio "$net_scru64" "$net_nextval")"
printf '| %d-row insert, ms | %.0f | %.0f | %s | <= 1.0 |\n' "$INSERT_N" \
	"$(med ins_scru64)" "$(med ins_bigserial)" "$(ratio "$(med ins_scru64)" "$(med ins_bigserial)")"
printf '| pgbench %d clients, tps | %.0f | %.0f | %s | >= 0.95 |\n' "$PGB_CLIENTS" \
	"$(med pgb_scru64)" "$(med pgb_bigserial)" "$(ratio "$(med pgb_scru64)" "$(med pgb_bigserial)")"
printf '| PK index after the insert, bytes | %d | %d | %s | <= 1.02 |\n' \
	"$(med size_scru64)" "$(med size_bigserial)" "$(ratio "$(med size_scru64)" "$(med size_bigserial)")"
