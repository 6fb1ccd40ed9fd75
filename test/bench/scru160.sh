#!/usr/bin/env bash
# test/bench/scru160.sh: scru160 against uuid, per call and in text I/O.
#
#   PGHOST=... PGPORT=... [PGDATABASE=...] bash test/bench/scru160.sh
#
# Runs against an existing cluster where the extension is installed (it is
# created in the database if missing).  Statements are timed by psql's
# \timing (client round trip, no connection start-up), REPS repetitions
# (default 5) with the contenders interleaved and their order rotated from
# one repetition to the next; medians are printed, then the ratios.
#
#   1. per call: SELECT count(f()) FROM generate_series(1, GEN_N) (default
#      1M) for scru160() and core's gen_random_uuid(); the same query over a
#      constant is the executor's own cost, and "net" is the time above it,
#      per call.
#   2. text output and input: IO_N (default 1M) values kept in a table,
#      then count(id::text) (output) and count(t::scru160 / t::uuid) over
#      their text (input), each net of the same scan over the column alone.
set -euo pipefail

REPS=${REPS:-5}
GEN_N=${GEN_N:-1000000}
IO_N=${IO_N:-1000000}
PSQL=(psql -X -q -v ON_ERROR_STOP=1)

"${PSQL[@]}" -c 'SET client_min_messages = warning' -c 'CREATE EXTENSION IF NOT EXISTS scru128' >/dev/null
S=$("${PSQL[@]}" -At -c "SELECT quote_ident(extnamespace::regnamespace::text) FROM pg_extension WHERE extname = 'scru128'")
VERSION=$("${PSQL[@]}" -At -c 'SHOW server_version')

# the time in ms of one statement
time_ms() {
	"${PSQL[@]}" -c '\timing on' -c "$1" 2>&1 | sed -n 's/^Time: \([0-9.]*\) ms.*/\1/p' | tail -1
}

median() {
	sort -g | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}

"${PSQL[@]}" <<SQL >/dev/null
SET client_min_messages = warning;
DROP TABLE IF EXISTS bench_scru160_io, bench_uuid_io;
CREATE UNLOGGED TABLE bench_scru160_io AS
	SELECT $S.scru160() AS id, $S.scru160()::text AS t FROM generate_series(1, $IO_N);
CREATE UNLOGGED TABLE bench_uuid_io AS
	SELECT gen_random_uuid() AS id, gen_random_uuid()::text AS t FROM generate_series(1, $IO_N);
VACUUM ANALYZE bench_scru160_io, bench_uuid_io;
SQL

declare -A Q=(
	[gen_baseline]="SELECT count(0) FROM generate_series(1, $GEN_N)"
	[gen_scru160]="SELECT count($S.scru160()) FROM generate_series(1, $GEN_N)"
	[gen_uuid]="SELECT count(gen_random_uuid()) FROM generate_series(1, $GEN_N)"
	[scan_scru160]="SELECT count(id) FROM bench_scru160_io"
	[out_scru160]="SELECT count(id::text) FROM bench_scru160_io"
	[scan_scru160_t]="SELECT count(t) FROM bench_scru160_io"
	[in_scru160]="SELECT count(t::$S.scru160) FROM bench_scru160_io"
	[scan_uuid]="SELECT count(id) FROM bench_uuid_io"
	[out_uuid]="SELECT count(id::text) FROM bench_uuid_io"
	[scan_uuid_t]="SELECT count(t) FROM bench_uuid_io"
	[in_uuid]="SELECT count(t::uuid) FROM bench_uuid_io"
)
ORDER=(gen_baseline gen_scru160 gen_uuid scan_scru160 out_scru160 scan_scru160_t in_scru160
	scan_uuid out_uuid scan_uuid_t in_uuid)

# warm up once (caches, the library)
for k in "${ORDER[@]}"; do time_ms "${Q[$k]}" >/dev/null; done

declare -A T
for ((r = 0; r < REPS; r++)); do
	n=${#ORDER[@]}
	for ((i = 0; i < n; i++)); do
		k=${ORDER[$(((i + r) % n))]}
		T[$k]+="$(time_ms "${Q[$k]}") "
	done
done

declare -A M
for k in "${ORDER[@]}"; do
	M[$k]=$(echo "${T[$k]}" | tr ' ' '\n' | grep . | median)
done

echo "# scru160 benchmark: PostgreSQL $VERSION, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "# medians of $REPS runs; per-value times are net of the baseline scan, in ns"
awk -v gb="${M[gen_baseline]}" -v gs="${M[gen_scru160]}" -v gu="${M[gen_uuid]}" \
	-v ss="${M[scan_scru160]}" -v os="${M[out_scru160]}" -v st="${M[scan_scru160_t]}" -v is="${M[in_scru160]}" \
	-v su="${M[scan_uuid]}" -v ou="${M[out_uuid]}" -v ut="${M[scan_uuid_t]}" -v iu="${M[in_uuid]}" \
	-v gn="$GEN_N" -v io="$IO_N" 'BEGIN {
	g160 = (gs - gb) * 1e6 / gn; guu = (gu - gb) * 1e6 / gn;
	o160 = (os - ss) * 1e6 / io; ouu = (ou - su) * 1e6 / io;
	i160 = (is - st) * 1e6 / io; iuu = (iu - ut) * 1e6 / io;
	printf "%-28s %10s %10s %8s\n", "measure", "scru160", "uuid", "ratio";
	printf "%-28s %10.1f %10.1f %8.2f\n", "generate, ns/call", g160, guu, g160 / guu;
	printf "%-28s %10.1f %10.1f %8.2f\n", "text output, ns/value", o160, ouu, o160 / ouu;
	printf "%-28s %10.1f %10.1f %8.2f\n", "text input, ns/value", i160, iuu, i160 / iuu;
	printf "# ratio = scru160 time / uuid time (below 1: scru160 faster); uuid generation is gen_random_uuid()\n";
}'

"${PSQL[@]}" -c 'DROP TABLE bench_scru160_io, bench_uuid_io' >/dev/null
