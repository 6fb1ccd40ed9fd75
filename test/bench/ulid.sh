#!/usr/bin/env bash
# test/bench/ulid.sh: ulid against scru128 (generation, inserts) and uuid
# (text I/O), the performance goals of issue 31:
#   ulid() per call <= 1.1x scru128(); ulid text output <= 1.0x uuid_out,
#   input <= 0.5x uuid_in; a 1M-row INSERT into a table with
#   DEFAULT ulid() <= 1.05x the same with DEFAULT scru128().
#
#   PGHOST=... PGPORT=... [PGDATABASE=...] bash test/bench/ulid.sh
#
# Runs against an existing cluster where the extension is installed (it is
# created in the database if missing).  Statements are timed by psql's
# \timing (client round trip, no connection start-up), REPS repetitions
# (default 5; INS_REPS, default 3, for the inserts) with the contenders
# interleaved and their order rotated from one repetition to the next;
# medians are printed, then the ratios.
#
#   1. per call: SELECT count(f()) FROM generate_series(1, GEN_N) (default
#      1M) for ulid() and scru128(); net of the same query over a constant.
#   2. text output and input: IO_N (default 1M) values kept in a table,
#      count(id::text) (output) and count(t::ulid / t::uuid) over their text
#      (input), each net of the same scan over the column alone.
#   3. inserts: INSERT INTO t (n) SELECT g FROM generate_series(1, INS_N)
#      (default 1M) into a fresh unlogged table (id PRIMARY KEY DEFAULT f(),
#      n int), f = ulid or scru128; whole statement, no subtraction.
#
# pgx_ulid (the pgrx extension ULID users run) cannot be built from Debian's
# packages here, so no figure of it is measured; doc/ulid.md says so.
set -euo pipefail

REPS=${REPS:-5}
INS_REPS=${INS_REPS:-3}
GEN_N=${GEN_N:-1000000}
IO_N=${IO_N:-1000000}
INS_N=${INS_N:-1000000}
PSQL=(psql -X -q -v ON_ERROR_STOP=1)

"${PSQL[@]}" -c 'SET client_min_messages = warning' -c 'CREATE EXTENSION IF NOT EXISTS scru128' >/dev/null
S=$("${PSQL[@]}" -At -c "SELECT quote_ident(extnamespace::regnamespace::text) FROM pg_extension WHERE extname = 'scru128'")
VERSION=$("${PSQL[@]}" -At -c 'SHOW server_version')

time_ms() {
	"${PSQL[@]}" -c '\timing on' -c "$1" 2>&1 | sed -n 's/^Time: \([0-9.]*\) ms.*/\1/p' | tail -1
}

median() {
	sort -g | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}

"${PSQL[@]}" <<SQL >/dev/null
SET client_min_messages = warning;
DROP TABLE IF EXISTS bench_ulid_io, bench_uuid_io;
CREATE UNLOGGED TABLE bench_ulid_io AS
	SELECT $S.ulid() AS id, $S.ulid()::text AS t FROM generate_series(1, $IO_N);
CREATE UNLOGGED TABLE bench_uuid_io AS
	SELECT gen_random_uuid() AS id, gen_random_uuid()::text AS t FROM generate_series(1, $IO_N);
VACUUM ANALYZE bench_ulid_io, bench_uuid_io;
SQL

declare -A Q=(
	[gen_baseline]="SELECT count(0) FROM generate_series(1, $GEN_N)"
	[gen_ulid]="SELECT count($S.ulid()) FROM generate_series(1, $GEN_N)"
	[gen_scru128]="SELECT count($S.scru128()) FROM generate_series(1, $GEN_N)"
	[scan_ulid]="SELECT count(id) FROM bench_ulid_io"
	[out_ulid]="SELECT count(id::text) FROM bench_ulid_io"
	[scan_ulid_t]="SELECT count(t) FROM bench_ulid_io"
	[in_ulid]="SELECT count(t::$S.ulid) FROM bench_ulid_io"
	[scan_uuid]="SELECT count(id) FROM bench_uuid_io"
	[out_uuid]="SELECT count(id::text) FROM bench_uuid_io"
	[scan_uuid_t]="SELECT count(t) FROM bench_uuid_io"
	[in_uuid]="SELECT count(t::uuid) FROM bench_uuid_io"
)
ORDER=(gen_baseline gen_ulid gen_scru128 scan_ulid out_ulid scan_ulid_t in_ulid
	scan_uuid out_uuid scan_uuid_t in_uuid)

for k in "${ORDER[@]}"; do time_ms "${Q[$k]}" >/dev/null; done

declare -A T
for ((r = 0; r < REPS; r++)); do
	n=${#ORDER[@]}
	for ((i = 0; i < n; i++)); do
		k=${ORDER[$(((i + r) % n))]}
		T[$k]+="$(time_ms "${Q[$k]}") "
	done
done

# inserts: a fresh table per run, so both start from an empty index
insert_ms() {
	"${PSQL[@]}" -c 'SET client_min_messages = warning' -c 'DROP TABLE IF EXISTS bench_ins' \
		-c "CREATE UNLOGGED TABLE bench_ins (id $S.$1 PRIMARY KEY DEFAULT $S.$1(), n int)" >/dev/null
	time_ms "INSERT INTO bench_ins (n) SELECT g FROM generate_series(1, $INS_N) g"
}
for ((r = 0; r < INS_REPS; r++)); do
	if ((r % 2)); then pair=(scru128 ulid); else pair=(ulid scru128); fi
	for f in "${pair[@]}"; do
		T[ins_$f]+="$(insert_ms "$f") "
	done
done
"${PSQL[@]}" -c 'DROP TABLE IF EXISTS bench_ins' >/dev/null

declare -A M
for k in "${ORDER[@]}" ins_ulid ins_scru128; do
	M[$k]=$(echo "${T[$k]}" | tr ' ' '\n' | grep . | median)
done

echo "# ulid benchmark: PostgreSQL $VERSION, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "# medians of $REPS runs ($INS_REPS for inserts); per-value times are net of the baseline, in ns"
awk -v gb="${M[gen_baseline]}" -v gl="${M[gen_ulid]}" -v gs="${M[gen_scru128]}" \
	-v sl="${M[scan_ulid]}" -v ol="${M[out_ulid]}" -v lt="${M[scan_ulid_t]}" -v il="${M[in_ulid]}" \
	-v su="${M[scan_uuid]}" -v ou="${M[out_uuid]}" -v ut="${M[scan_uuid_t]}" -v iu="${M[in_uuid]}" \
	-v nl="${M[ins_ulid]}" -v ns="${M[ins_scru128]}" \
	-v gn="$GEN_N" -v io="$IO_N" -v inn="$INS_N" 'BEGIN {
	gul = (gl - gb) * 1e6 / gn; gsc = (gs - gb) * 1e6 / gn;
	oul = (ol - sl) * 1e6 / io; ouu = (ou - su) * 1e6 / io;
	iul = (il - lt) * 1e6 / io; iuu = (iu - ut) * 1e6 / io;
	printf "%-36s %10s %10s %8s %8s\n", "measure", "ulid", "other", "ratio", "goal";
	printf "%-36s %10.1f %10.1f %8.2f %8s\n", "generate, ns/call (other: scru128())", gul, gsc, gul / gsc, "<= 1.10";
	printf "%-36s %10.1f %10.1f %8.2f %8s\n", "text output, ns/value (other: uuid)", oul, ouu, oul / ouu, "<= 1.00";
	printf "%-36s %10.1f %10.1f %8.2f %8s\n", "text input, ns/value (other: uuid)", iul, iuu, iul / iuu, "<= 0.50";
	printf "%-36s %10.0f %10.0f %8.2f %8s\n", "insert " inn " rows, ms (other: scru128)", nl, ns, nl / ns, "<= 1.05";
}'

"${PSQL[@]}" -c 'DROP TABLE bench_ulid_io, bench_uuid_io' >/dev/null
