#!/usr/bin/env bash
# test/bench/scope.sh: the cost of scru128.generator_scope = server.
#
#   PGHOST=... PGPORT=... [PGDATABASE=...] bash test/bench/scope.sh
#
# Runs against an existing cluster where the extension is installed (it is
# created in the database if missing); on PostgreSQL 15 and 16 the server
# needs scru128 in shared_preload_libraries.  Statements are timed by
# psql's \timing (client round trip, no connection start-up).
#
#   1. One session, per call: SELECT count(f()) FROM generate_series(1,
#      GEN_N) (default 1M), net of the same query over a constant, for
#      scru128(), scru160() and the extension's uuidv7() under server and
#      under session scope, and nextval() of a sequence with default
#      options.  REPS repetitions (default 5), contenders interleaved and
#      rotated; medians.
#   2. CONC (default 8) sessions at once, each inserting ROWS (default
#      100 000) rows with DEFAULT f() into one table with f() as its
#      primary key: wall time from the start of the first to the end of
#      the last, under server and under session scope; CONC_REPS (default
#      3) repetitions, medians.
#
# Ratios: scru128() under server against nextval() and against scru128()
# under session (per call), and server against session for the
# concurrent inserts, for each generator.
set -euo pipefail

REPS=${REPS:-5}
GEN_N=${GEN_N:-1000000}
CONC=${CONC:-8}
ROWS=${ROWS:-100000}
CONC_REPS=${CONC_REPS:-3}
PSQL=(psql -X -q -v ON_ERROR_STOP=1)

"${PSQL[@]}" -c 'SET client_min_messages = warning' -c 'CREATE EXTENSION IF NOT EXISTS scru128' >/dev/null
S=$("${PSQL[@]}" -At -c "SELECT quote_ident(extnamespace::regnamespace::text) FROM pg_extension WHERE extname = 'scru128'")
VERSION=$("${PSQL[@]}" -At -c 'SHOW server_version')
LOAD_START=$(cut -d' ' -f1-3 /proc/loadavg)

# for 10 s from their first call after a start the server generators run
# at the bound ahead of the clock (doc/uuid.md), and uuidv7()'s million-call
# loop would be refused: wait until the clock has caught up
WAIT=$("${PSQL[@]}" -At -c 'SET scru128.generator_scope = server' -c "
	SELECT ceil(greatest(0, extract(epoch FROM greatest(
		$S.scru128_timestamp($S.scru128()), $S.scru160_timestamp($S.scru160()),
		$S.uuid_extract_timestamp($S.uuidv7())) - clock_timestamp())))")
[ "$WAIT" = 0 ] || sleep "$WAIT"

# the generators by name; uuidv7 by the extension's schema (unqualified it
# is core's on 18 and later)
declare -A F=([scru128]="$S.scru128()" [scru160]="$S.scru160()" [uuidv7]="$S.uuidv7()")
declare -A TYPE=([scru128]="$S.scru128" [scru160]="$S.scru160" [uuidv7]="uuid")
GENS=(scru128 scru160 uuidv7)

# the time in ms of one statement under a scope
time_ms() {
	"${PSQL[@]}" -c "SET scru128.generator_scope = $1" -c '\timing on' -c "$2" 2>&1 |
		sed -n 's/^Time: \([0-9.]*\) ms.*/\1/p' | tail -1
}

median() {
	sort -g | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}

now_ms() {
	echo $(($(date +%s%N) / 1000000))
}

"${PSQL[@]}" <<SQL >/dev/null
SET client_min_messages = warning;
DROP SEQUENCE IF EXISTS bench_scope_seq;
CREATE SEQUENCE bench_scope_seq;
SQL

# --- 1. per call
declare -A Q=(
	[baseline]="session|SELECT count(0) FROM generate_series(1, $GEN_N)"
	[nextval]="session|SELECT count(nextval('bench_scope_seq')) FROM generate_series(1, $GEN_N)"
)
ORDER=(baseline nextval)
for g in "${GENS[@]}"; do
	for scope in server session; do
		Q[${g}_$scope]="$scope|SELECT count(${F[$g]}) FROM generate_series(1, $GEN_N)"
		ORDER+=("${g}_$scope")
	done
done

run_q() {
	time_ms "${Q[$1]%%|*}" "${Q[$1]#*|}"
}

# warm up once (caches, the library, the shared state)
for k in "${ORDER[@]}"; do run_q "$k" >/dev/null; done

declare -A T
for ((r = 0; r < REPS; r++)); do
	n=${#ORDER[@]}
	for ((i = 0; i < n; i++)); do
		k=${ORDER[$(((i + r) % n))]}
		T[$k]+="$(run_q "$k") "
	done
done

declare -A M
for k in "${ORDER[@]}"; do
	M[$k]=$(echo "${T[$k]}" | tr ' ' '\n' | grep . | median)
done

# --- 2. concurrent inserts
conc_run() {
	local g=$1 scope=$2 t0 t1 k
	"${PSQL[@]}" -c "TRUNCATE bench_scope_$g" >/dev/null
	t0=$(now_ms)
	for ((k = 0; k < CONC; k++)); do
		"${PSQL[@]}" -c "SET scru128.generator_scope = $scope" \
			-c "INSERT INTO bench_scope_$g (n) SELECT g FROM generate_series(1, $ROWS) g" &
	done
	wait
	t1=$(now_ms)
	echo $((t1 - t0))
}

for g in "${GENS[@]}"; do
	"${PSQL[@]}" <<SQL >/dev/null
SET client_min_messages = warning;
DROP TABLE IF EXISTS bench_scope_$g;
CREATE TABLE bench_scope_$g (id ${TYPE[$g]} PRIMARY KEY DEFAULT ${F[$g]}, n int);
SQL
done

declare -A C
for ((r = 0; r < CONC_REPS; r++)); do
	for g in "${GENS[@]}"; do
		if ((r % 2)); then scopes=(session server); else scopes=(server session); fi
		for scope in "${scopes[@]}"; do
			C[${g}_$scope]+="$(conc_run "$g" "$scope") "
		done
	done
done
declare -A CM
for k in "${!C[@]}"; do
	CM[$k]=$(echo "${C[$k]}" | tr ' ' '\n' | grep . | median)
done

echo "# generator scope benchmark: PostgreSQL $VERSION, $(nproc) cores, load $LOAD_START at the start and $(cut -d' ' -f1-3 /proc/loadavg) at the end, $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "# 1. one session, ns per call net of the baseline scan (median of $REPS runs of $GEN_N calls)"
printf "%-10s %10s %10s %10s %18s %18s\n" generator server session nextval "server/nextval" "server/session"
for g in "${GENS[@]}"; do
	awk -v b="${M[baseline]}" -v sv="${M[${g}_server]}" -v ss="${M[${g}_session]}" -v nv="${M[nextval]}" \
		-v n="$GEN_N" -v g="$g" 'BEGIN {
		sv = (sv - b) * 1e6 / n; ss = (ss - b) * 1e6 / n; nv = (nv - b) * 1e6 / n;
		printf "%-10s %10.1f %10.1f %10.1f %18.2f %18.2f\n", g, sv, ss, nv, sv / nv, sv / ss;
	}'
done
echo "# 2. $CONC sessions inserting $ROWS rows each with DEFAULT f() (primary key), wall ms (median of $CONC_REPS)"
printf "%-10s %10s %10s %18s\n" generator server session "server/session"
for g in "${GENS[@]}"; do
	awk -v sv="${CM[${g}_server]}" -v ss="${CM[${g}_session]}" -v g="$g" 'BEGIN {
		printf "%-10s %10d %10d %18.2f\n", g, sv, ss, sv / ss;
	}'
done
echo "# below 1: server scope faster; nextval() is of a sequence with default options"

"${PSQL[@]}" -c "DROP TABLE bench_scope_scru128, bench_scope_scru160, bench_scope_uuidv7" -c "DROP SEQUENCE bench_scope_seq" >/dev/null
