#!/usr/bin/env bash
# test/bench/typeid.sh: typeid against uuid and against the same TypeID
# stored as text, the performance goals of issue 41 (doc/typeid.md,
# "Performance"):
#   text output <= 1.2x uuid_out; text input of a TypeID with a 4-letter
#   prefix <= 0.6x uuid_in of a uuid's text; a 1M-row INSERT with
#   DEFAULT typeid_generate('user') <= 1.15x the same with DEFAULT uuidv7()
#   on a uuid key, and <= 0.6x the same table keyed by the TypeID as text;
#   the primary key's index <= 1.35x the uuid key's and <= 0.75x the text
#   key's.
#
#   PGHOST=... PGPORT=... [PGDATABASE=...] bash test/bench/typeid.sh
#
# Runs against an existing cluster where the extension (release 1.5) is
# installed (it is created in the database if missing).  Statements are
# timed by psql's \timing (client round trip, no connection start-up), REPS
# repetitions (default 5; INS_REPS, default 3, for the inserts) with the
# contenders interleaved and their order rotated from one repetition to
# the next; medians are printed, then the ratios.  Sizes: IO_N and INS_N
# (default 1M each; test/suites/bench.sh runs it with a few thousand).
#
#   1. text output and input: IO_N values kept in a table, TypeIDs with
#      the prefix PREFIX (default "user") and uuids; count(id::text)
#      (output) and count(t::typeid) / count(t::uuid) over the text of
#      other values (input), each net of the same scan over the column
#      alone, divided by IO_N: ns per value.
#   2. inserts: INSERT INTO t (n) SELECT g FROM generate_series(1, INS_N)
#      into a fresh logged table (id PRIMARY KEY DEFAULT ..., n int), after
#      a CHECKPOINT; whole statement, no subtraction.  Keys: typeid
#      DEFAULT typeid_generate(PREFIX); uuid DEFAULT the extension's
#      uuidv7() (the generator typeid_generate() uses); text DEFAULT
#      typeid_generate(PREFIX)::text in the database's collation, and the
#      same in COLLATE "C" (shown; the goal is against the database's).
#   3. the primary key index's size (pg_relation_size) after the last
#      insert of each key, and its leaf pages' average density when
#      the server has pgstattuple (created in the database if missing).
#   4. to explain the inserts: each default's own cost per call
#      (count(f()) over generate_series(1, IO_N), net of count(0)), and the
#      WAL and heap bytes per row of the last insert of each key.
set -euo pipefail

REPS=${REPS:-5}
INS_REPS=${INS_REPS:-3}
IO_N=${IO_N:-1000000}
INS_N=${INS_N:-1000000}
PREFIX=${PREFIX:-user}
PSQL=(psql -X -q -v ON_ERROR_STOP=1)

"${PSQL[@]}" -c 'SET client_min_messages = warning' -c 'CREATE EXTENSION IF NOT EXISTS scru128' >/dev/null
S=$("${PSQL[@]}" -At -c "SELECT quote_ident(extnamespace::regnamespace::text) FROM pg_extension WHERE extname = 'scru128'")
if [ "$("${PSQL[@]}" -At -c "SELECT to_regtype('$S.typeid') IS NOT NULL")" != t ]; then
	echo "typeid.sh: the extension in this database has no typeid type (release 1.5): ALTER EXTENSION scru128 UPDATE" >&2
	exit 1
fi
VERSION=$("${PSQL[@]}" -At -c 'SHOW server_version')
COLLATION=$("${PSQL[@]}" -At -c 'SELECT datcollate FROM pg_database WHERE datname = current_database()')
STATTUPLE=$("${PSQL[@]}" -At -c 'SET client_min_messages = warning' \
	-c 'CREATE EXTENSION IF NOT EXISTS pgstattuple' -c 'SELECT 1' 2>/dev/null || true)

time_ms() {
	"${PSQL[@]}" -c '\timing on' -c "$1" 2>&1 | sed -n 's/^Time: \([0-9.]*\) ms.*/\1/p' | tail -1
}

median() {
	sort -g | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}

"${PSQL[@]}" <<SQL >/dev/null
SET client_min_messages = warning;
DROP TABLE IF EXISTS bench_typeid_io, bench_typeid_uuid_io;
CREATE UNLOGGED TABLE bench_typeid_io AS
	SELECT $S.typeid_generate('$PREFIX') AS id, $S.typeid_generate('$PREFIX')::text AS t
	FROM generate_series(1, $IO_N);
CREATE UNLOGGED TABLE bench_typeid_uuid_io AS
	SELECT $S.uuidv7() AS id, $S.uuidv7()::text AS t FROM generate_series(1, $IO_N);
VACUUM ANALYZE bench_typeid_io, bench_typeid_uuid_io;
SQL

declare -A Q=(
	[scan_typeid]="SELECT count(id) FROM bench_typeid_io"
	[out_typeid]="SELECT count(id::text) FROM bench_typeid_io"
	[scan_typeid_t]="SELECT count(t) FROM bench_typeid_io"
	[in_typeid]="SELECT count(t::$S.typeid) FROM bench_typeid_io"
	[scan_uuid]="SELECT count(id) FROM bench_typeid_uuid_io"
	[out_uuid]="SELECT count(id::text) FROM bench_typeid_uuid_io"
	[scan_uuid_t]="SELECT count(t) FROM bench_typeid_uuid_io"
	[in_uuid]="SELECT count(t::uuid) FROM bench_typeid_uuid_io"
	[gen_baseline]="SELECT count(0) FROM generate_series(1, $IO_N)"
	[gen_typeid]="SELECT count($S.typeid_generate('$PREFIX')) FROM generate_series(1, $IO_N)"
	[gen_uuid]="SELECT count($S.uuidv7()) FROM generate_series(1, $IO_N)"
	[gen_text]="SELECT count($S.typeid_generate('$PREFIX')::text) FROM generate_series(1, $IO_N)"
)
ORDER=(scan_typeid out_typeid scan_typeid_t in_typeid scan_uuid out_uuid scan_uuid_t in_uuid
	gen_baseline gen_typeid gen_uuid gen_text)

# warm-up (library load, the tables in the buffer cache), not counted
for k in "${ORDER[@]}"; do time_ms "${Q[$k]}" >/dev/null; done

declare -A T
for ((r = 0; r < REPS; r++)); do
	n=${#ORDER[@]}
	for ((i = 0; i < n; i++)); do
		k=${ORDER[$(((i + r) % n))]}
		T[$k]+="$(time_ms "${Q[$k]}") "
	done
done

# the key column of each insert contender
key_column() {
	case "$1" in
		typeid) echo "id $S.typeid PRIMARY KEY DEFAULT $S.typeid_generate('$PREFIX')" ;;
		uuid) echo "id uuid PRIMARY KEY DEFAULT $S.uuidv7()" ;;
		text) echo "id text PRIMARY KEY DEFAULT $S.typeid_generate('$PREFIX')::text" ;;
		text_c) echo "id text COLLATE \"C\" PRIMARY KEY DEFAULT $S.typeid_generate('$PREFIX')::text" ;;
	esac
}
INS_ORDER=(typeid uuid text text_c)
declare -A SIZE DENSITY WAL HEAP
for ((r = 0; r < INS_REPS; r++)); do
	n=${#INS_ORDER[@]}
	for ((i = 0; i < n; i++)); do
		c=${INS_ORDER[$(((i + r) % n))]}
		"${PSQL[@]}" -c 'SET client_min_messages = warning' -c "DROP TABLE IF EXISTS bench_typeid_ins_$c" \
			-c "CREATE TABLE bench_typeid_ins_$c ($(key_column "$c"), n int)" -c CHECKPOINT >/dev/null
		lsn=$("${PSQL[@]}" -At -c 'SELECT pg_current_wal_insert_lsn()')
		T[ins_$c]+="$(time_ms "INSERT INTO bench_typeid_ins_$c (n) SELECT g FROM generate_series(1, $INS_N) g") "
		WAL[$c]=$("${PSQL[@]}" -At -c "SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '$lsn')")
		HEAP[$c]=$("${PSQL[@]}" -At -c "SELECT pg_relation_size('bench_typeid_ins_$c')")
		SIZE[$c]=$("${PSQL[@]}" -At -c "SELECT pg_relation_size('bench_typeid_ins_${c}_pkey')")
		if [ -n "$STATTUPLE" ]; then
			DENSITY[$c]=$("${PSQL[@]}" -At -c "SELECT avg_leaf_density FROM pgstatindex('bench_typeid_ins_${c}_pkey')")
		else
			DENSITY[$c]=-
		fi
		"${PSQL[@]}" -c "DROP TABLE bench_typeid_ins_$c" >/dev/null
	done
done

declare -A M
for k in "${ORDER[@]}" ins_typeid ins_uuid ins_text ins_text_c; do
	M[$k]=$(echo "${T[$k]}" | tr ' ' '\n' | grep . | median)
done

echo "# typeid benchmark: PostgreSQL $VERSION, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "# prefix \"$PREFIX\"; database collation $COLLATION; IO_N=$IO_N, INS_N=$INS_N"
echo "# medians of $REPS runs ($INS_REPS for inserts); per-value times are net of the scan of the column, in ns"
awk -v st="${M[scan_typeid]}" -v ot="${M[out_typeid]}" -v tt="${M[scan_typeid_t]}" -v it="${M[in_typeid]}" \
	-v su="${M[scan_uuid]}" -v ou="${M[out_uuid]}" -v ut="${M[scan_uuid_t]}" -v iu="${M[in_uuid]}" \
	-v nt="${M[ins_typeid]}" -v nu="${M[ins_uuid]}" -v nx="${M[ins_text]}" -v nc="${M[ins_text_c]}" \
	-v zt="${SIZE[typeid]}" -v zu="${SIZE[uuid]}" -v zx="${SIZE[text]}" -v zc="${SIZE[text_c]}" \
	-v io="$IO_N" -v inn="$INS_N" 'BEGIN {
	otn = (ot - st) * 1e6 / io; oun = (ou - su) * 1e6 / io;
	itn = (it - tt) * 1e6 / io; iun = (iu - ut) * 1e6 / io;
	printf "%-46s %10s %10s %8s %8s %s\n", "measure", "typeid", "other", "ratio", "goal", "met";
	row("text output, ns/value (other: uuid)", otn, oun, 1.2, "%10.1f");
	row("text input, ns/value (other: uuid)", itn, iun, 0.6, "%10.1f");
	row("insert " inn " rows, ms (other: uuid key)", nt, nu, 1.15, "%10.0f");
	row("insert " inn " rows, ms (other: text key)", nt, nx, 0.6, "%10.0f");
	row("insert " inn " rows, ms (other: text \"C\" key)", nt, nc, "-", "%10.0f");
	row("primary key, kB (other: uuid key)", zt / 1024, zu / 1024, 1.35, "%10.0f");
	row("primary key, kB (other: text key)", zt / 1024, zx / 1024, 0.75, "%10.0f");
	row("primary key, kB (other: text \"C\" key)", zt / 1024, zc / 1024, "-", "%10.0f");
}
function row(what, a, b, goal, fmt) {
	r = (b > 0) ? a / b : -1;
	met = (goal == "-") ? "" : ((r >= 0 && r <= goal + 0) ? "yes" : "NO");
	printf "%-46s " fmt " " fmt " %8.2f %8s %s\n", what, a, b, r, (goal == "-") ? "-" : sprintf("<= %.2f", goal), met;
}'
echo "# leaf density of the primary keys (pgstattuple, %): typeid ${DENSITY[typeid]}, uuid ${DENSITY[uuid]}, text ${DENSITY[text]}, text \"C\" ${DENSITY[text_c]}"
# what the inserts' differences are made of: the default's own cost, and
# the bytes written (the last insert of each key)
awk -v gb="${M[gen_baseline]}" -v gt="${M[gen_typeid]}" -v gu="${M[gen_uuid]}" -v gx="${M[gen_text]}" -v io="$IO_N" \
	-v inn="$INS_N" -v wt="${WAL[typeid]}" -v wu="${WAL[uuid]}" -v wx="${WAL[text]}" \
	-v ht="${HEAP[typeid]}" -v hu="${HEAP[uuid]}" -v hx="${HEAP[text]}" 'BEGIN {
	printf "# the default per call, ns: typeid_generate() %.1f, uuidv7() %.1f, typeid_generate()::text %.1f\n",
		(gt - gb) * 1e6 / io, (gu - gb) * 1e6 / io, (gx - gb) * 1e6 / io;
	printf "# per row inserted, bytes of WAL: typeid %.1f, uuid %.1f, text %.1f; of heap: typeid %.1f, uuid %.1f, text %.1f\n",
		wt / inn, wu / inn, wx / inn, ht / inn, hu / inn, hx / inn;
}'

"${PSQL[@]}" -c 'DROP TABLE bench_typeid_io, bench_typeid_uuid_io' >/dev/null
