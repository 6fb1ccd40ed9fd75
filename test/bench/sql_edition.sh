#!/usr/bin/env bash
# test/bench/sql_edition.sh: the SQL edition (portable/src, doc/sql-edition.md)
# against what users of managed services run today, and against the native
# extension.
#
#   PGHOST=... PGPORT=... [PGDATABASE=...] bash test/bench/sql_edition.sh
#
# Runs against an existing cluster: installs the SQL edition from
# portable/src (concatenated, the plain script) and, where the server has
# it, the native extension (its figures are then printed beside; without
# it they read n/a).  The anchor is a stateless PL/pgSQL UUIDv7 of the kind
# copied from gists: the millisecond timestamp written over the first 6
# bytes of gen_random_uuid(), the version nibble set to 7.
#
# Statements are timed by psql's \timing (client round trip, no connection
# start-up), REPS repetitions (default 5) with the contenders interleaved
# and their order rotated from one repetition to the next; medians are
# printed, and the ratios with their goals (issue 26):
#
#   1. per call: SELECT count(f()) FROM generate_series(1, GEN_N) (default
#      200000), minus the same query over a constant.
#        scru128_sql.scru128() / anchor                       goal <= 2.0x
#   2. per call over a table of GEN_N IDs, minus reading the column:
#        scru128_sql.scru128_to_text(id) / anchor             goal <= 3.0x
#        scru128_sql.scru128_from_text(text) / anchor         goal <= 3.0x
#   3. INSERT_N (default 1M) rows into a table whose uuid primary key has
#      DEFAULT scru128_sql.scru128(), against DEFAULT anchor():  goal <= 1.5x
#   4. the same three for ULID (release 1.4, issue 31), with the goals of
#      the corresponding scru128 functions: scru128_sql.ulid() <= 2.0x,
#      ulid_to_text <= 3.0x, ulid_from_text <= 3.0x, the INSERT <= 1.5x
#   5. (issue 33, with the native extension) a one-hour window of a table
#      of INSERT_N SCRU128 IDs 100 ms apart, read WIN_LOOPS (default 20)
#      times in a DO block through the primary key: id >= now() - 2 h AND
#      id < now() - 1 h with the edition's operators on a
#      scru128_sql.scru128 column, against the native operators on a
#      scru128 column holding the same bytes:
#        SQL edition / native                                 goal <= 1.1x
set -euo pipefail

REPS=${REPS:-5}
GEN_N=${GEN_N:-200000}
INSERT_N=${INSERT_N:-1000000}
WIN_LOOPS=${WIN_LOOPS:-20}
SRC_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
PSQL=(psql -X -q -v ON_ERROR_STOP=1)

cat "$SRC_DIR"/portable/src/*.sql | "${PSQL[@]}" -c 'SET client_min_messages = warning' -f - >/dev/null
NATIVE=0
if "${PSQL[@]}" -c 'SET client_min_messages = warning' -c 'CREATE EXTENSION IF NOT EXISTS scru128' >/dev/null 2>&1; then
	NATIVE=1
	S=$("${PSQL[@]}" -At -c "SELECT quote_ident(extnamespace::regnamespace::text) FROM pg_extension WHERE extname = 'scru128'")
fi
VERSION=$("${PSQL[@]}" -At -c 'SHOW server_version')

"${PSQL[@]}" >/dev/null <<'SQL'
SET client_min_messages = warning;
CREATE SCHEMA IF NOT EXISTS sqled_bench;
-- the anchor: a stateless UUIDv7 over gen_random_uuid() (bits 52 and 53 of
-- the v4's version nibble 0100 make it 0111)
CREATE OR REPLACE FUNCTION sqled_bench.anchor_uuidv7() RETURNS uuid LANGUAGE plpgsql VOLATILE AS $$
BEGIN
	RETURN encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
		PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
		FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid;
END
$$;
SQL
OUT=$(mktemp -d)
chmod 755 "$OUT"
cleanup() {
	rm -rf "$OUT"
	"${PSQL[@]}" -c 'SET client_min_messages = warning' -c 'DROP SCHEMA IF EXISTS sqled_bench CASCADE' >/dev/null 2>&1 || true
}
trap cleanup EXIT

time_ms() {
	"${PSQL[@]}" "$@" 2>&1 | sed -n 's/^Time: \([0-9.]*\) ms.*/\1/p' | tail -1
}

median() {
	sort -g | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}

echo "# PostgreSQL $VERSION, native extension: $([ "$NATIVE" = 1 ] && echo "yes, schema $S" || echo no)"
echo "# $REPS repetitions, GEN_N=$GEN_N, INSERT_N=$INSERT_N"
echo "# host: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"

"${PSQL[@]}" -c "CREATE TABLE sqled_bench.ids AS SELECT scru128_sql.scru128()::uuid id, scru128_sql.scru128_to_text(scru128_sql.scru128()) t, scru128_sql.ulid_to_text(scru128_sql.ulid()) tu FROM generate_series(1, $GEN_N)" \
	-c 'VACUUM ANALYZE sqled_bench.ids' >/dev/null

declare -A Q=(
	[gen_baseline]="SELECT count(0) FROM generate_series(1, $GEN_N)"
	[gen_anchor]="SELECT count(sqled_bench.anchor_uuidv7()) FROM generate_series(1, $GEN_N)"
	[gen_sql]="SELECT count(scru128_sql.scru128()) FROM generate_series(1, $GEN_N)"
	[gen_sql_uuidv7]="SELECT count(scru128_sql.uuidv7()) FROM generate_series(1, $GEN_N)"
	[out_baseline]="SELECT count(id) FROM sqled_bench.ids"
	[out_sql]="SELECT count(scru128_sql.scru128_to_text(id)) FROM sqled_bench.ids"
	[in_baseline]="SELECT count(t) FROM sqled_bench.ids"
	[in_sql]="SELECT count(scru128_sql.scru128_from_text(t)) FROM sqled_bench.ids"
	[gen_sql_ulid]="SELECT count(scru128_sql.ulid()) FROM generate_series(1, $GEN_N)"
	[out_sql_ulid]="SELECT count(scru128_sql.ulid_to_text(id)) FROM sqled_bench.ids"
	[in_baseline_ulid]="SELECT count(tu) FROM sqled_bench.ids"
	[in_sql_ulid]="SELECT count(scru128_sql.ulid_from_text(tu)) FROM sqled_bench.ids"
)
if [ "$NATIVE" = 1 ]; then
	Q[gen_native]="SELECT count($S.scru128()) FROM generate_series(1, $GEN_N)"
	Q[gen_native_uuidv7]="SELECT count($S.uuidv7()) FROM generate_series(1, $GEN_N)"
	Q[out_native]="SELECT count(id::$S.scru128::text) FROM sqled_bench.ids"
	Q[in_native]="SELECT count(t::$S.scru128) FROM sqled_bench.ids"
fi
declare -A DEF=(
	[anchor]="sqled_bench.anchor_uuidv7()"
	[sql]="scru128_sql.scru128()"
	[sql_ulid]="scru128_sql.ulid()"
)
[ "$NATIVE" = 1 ] && DEF[native]="$S.scru128()::uuid"
for k in "${!DEF[@]}"; do
	"${PSQL[@]}" -c "CREATE TABLE sqled_bench.ins_$k (id uuid PRIMARY KEY DEFAULT ${DEF[$k]}, n int)" >/dev/null
done

if [ "$NATIVE" = 1 ]; then
	"${PSQL[@]}" >/dev/null <<SQL
CREATE TABLE sqled_bench.win_sql (id scru128_sql.scru128 PRIMARY KEY, v int);
INSERT INTO sqled_bench.win_sql SELECT scru128_sql.scru128(now() - i * interval '100 ms'), i FROM generate_series(1, $INSERT_N) i;
CREATE TABLE sqled_bench.win_native (id $S.scru128 PRIMARY KEY, v int);
INSERT INTO sqled_bench.win_native SELECT id::uuid::$S.scru128, v FROM sqled_bench.win_sql;
VACUUM ANALYZE sqled_bench.win_sql;
VACUUM ANALYZE sqled_bench.win_native;
SQL
	Q[win_sql]="DO \$\$ BEGIN FOR i IN 1..$WIN_LOOPS LOOP PERFORM count(v) FROM sqled_bench.win_sql WHERE id OPERATOR(scru128_sql.>=) now() - interval '2 hours' AND id OPERATOR(scru128_sql.<) now() - interval '1 hour'; END LOOP; END \$\$"
	Q[win_native]="DO \$\$ BEGIN FOR i IN 1..$WIN_LOOPS LOOP PERFORM count(v) FROM sqled_bench.win_native WHERE id OPERATOR($S.>=) now() - interval '2 hours' AND id OPERATOR($S.<) now() - interval '1 hour'; END LOOP; END \$\$"
	WIN_ROWS=$("${PSQL[@]}" -At -c "SELECT count(*) FROM sqled_bench.win_sql WHERE id OPERATOR(scru128_sql.>=) now() - interval '2 hours' AND id OPERATOR(scru128_sql.<) now() - interval '1 hour'")
	WIN_NATIVE_ROWS=$("${PSQL[@]}" -At -c "SELECT count(*) FROM sqled_bench.win_native WHERE id OPERATOR($S.>=) now() - interval '2 hours' AND id OPERATOR($S.<) now() - interval '1 hour'")
	if [ "$WIN_ROWS" != "$WIN_NATIVE_ROWS" ]; then
		echo "sql_edition.sh: the window has $WIN_ROWS rows through the edition's operators, $WIN_NATIVE_ROWS through the native ones" >&2
		exit 1
	fi
	echo "# window: $WIN_ROWS rows of $INSERT_N, plans:"
	for k in sql native; do
		"${PSQL[@]}" -At -c "EXPLAIN (COSTS OFF) SELECT count(v) FROM sqled_bench.win_$k WHERE id OPERATOR($([ $k = sql ] && echo scru128_sql || echo "$S").>=) now() - interval '2 hours' AND id OPERATOR($([ $k = sql ] && echo scru128_sql || echo "$S").<) now() - interval '1 hour'" |
			cut -c1-100 | sed "s/^/#   $k: /"
	done
fi

names=("${!Q[@]}")
defs=("${!DEF[@]}")
for rep in $(seq "$REPS"); do
	# rotate the order from one repetition to the next
	for j in $(seq 0 $((${#names[@]} - 1))); do
		k=${names[$(((j + rep) % ${#names[@]}))]}
		time_ms -c '\timing on' -c "${Q[$k]}" >>"$OUT/$k"
	done
	for j in $(seq 0 $((${#defs[@]} - 1))); do
		k=${defs[$(((j + rep) % ${#defs[@]}))]}
		"${PSQL[@]}" -c "TRUNCATE sqled_bench.ins_$k" -c 'CHECKPOINT' >/dev/null
		time_ms -c '\timing on' -c "INSERT INTO sqled_bench.ins_$k (n) SELECT i FROM generate_series(1, $INSERT_N) i" >>"$OUT/ins_$k"
	done
done

m() { [ -f "$OUT/$1" ] && median <"$OUT/$1" || echo ""; }
# microseconds per call, the baseline query subtracted
per_call() {
	local t b
	t=$(m "$1")
	b=$(m "$2")
	[ -n "$t" ] || { echo n/a; return; }
	awk -v t="$t" -v b="$b" -v n="$GEN_N" 'BEGIN { printf "%.2f", (t - b) * 1000 / n }'
}
ratio() {
	[ "$1" = n/a ] || [ "$2" = n/a ] && { echo n/a; return; }
	awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'
}
anchor=$(per_call gen_anchor gen_baseline)
gen_sql=$(per_call gen_sql gen_baseline)
gen_native=$(per_call gen_native gen_baseline)
v7_sql=$(per_call gen_sql_uuidv7 gen_baseline)
v7_native=$(per_call gen_native_uuidv7 gen_baseline)
out_sql=$(per_call out_sql out_baseline)
out_native=$(per_call out_native out_baseline)
in_sql=$(per_call in_sql in_baseline)
in_native=$(per_call in_native in_baseline)
win_sql=$(m win_sql)
win_native=$(m win_native)
[ -n "$win_sql" ] || win_sql=n/a
[ -n "$win_native" ] || win_native=n/a
ins_anchor=$(m ins_anchor)
ins_sql=$(m ins_sql)
ins_native=$(m ins_native)
gen_ulid=$(per_call gen_sql_ulid gen_baseline)
out_ulid=$(per_call out_sql_ulid out_baseline)
in_ulid=$(per_call in_sql_ulid in_baseline_ulid)
ins_ulid=$(m ins_sql_ulid)
[ -n "$ins_native" ] || ins_native=n/a

printf '%-44s %12s %12s %10s %10s\n' "measure (median of $REPS)" "SQL edition" "native" "SQL/anchor" "goal"
printf '%-44s %12s %12s %10s %10s\n' "anchor_uuidv7(), us per call" "$anchor" "" "1.00" ""
printf '%-44s %12s %12s %10s %10s\n' "scru128(), us per call" "$gen_sql" "$gen_native" "$(ratio "$gen_sql" "$anchor")" "<= 2.0"
printf '%-44s %12s %12s %10s %10s\n' "uuidv7(), us per call" "$v7_sql" "$v7_native" "$(ratio "$v7_sql" "$anchor")" ""
printf '%-44s %12s %12s %10s %10s\n' "scru128_to_text (native: ::text), us" "$out_sql" "$out_native" "$(ratio "$out_sql" "$anchor")" "<= 3.0"
printf '%-44s %12s %12s %10s %10s\n' "scru128_from_text (native: ::scru128), us" "$in_sql" "$in_native" "$(ratio "$in_sql" "$anchor")" "<= 3.0"
printf '%-44s %12s %12s %10s %10s\n' "INSERT $INSERT_N rows, ms (anchor: $ins_anchor)" "$ins_sql" "$ins_native" "$(ratio "$ins_sql" "$ins_anchor")" "<= 1.5"
printf '%-44s %12s %12s %10s %10s\n' "ulid(), us per call" "$gen_ulid" "" "$(ratio "$gen_ulid" "$anchor")" "<= 2.0"
printf '%-44s %12s %12s %10s %10s\n' "ulid_to_text, us" "$out_ulid" "" "$(ratio "$out_ulid" "$anchor")" "<= 3.0"
printf '%-44s %12s %12s %10s %10s\n' "ulid_from_text, us" "$in_ulid" "" "$(ratio "$in_ulid" "$anchor")" "<= 3.0"
printf '%-44s %12s %12s %10s %10s\n' "INSERT $INSERT_N rows DEFAULT ulid(), ms" "$ins_ulid" "" "$(ratio "$ins_ulid" "$ins_anchor")" "<= 1.5"
echo "# ulid / scru128 in the SQL edition: generator $(ratio "$gen_ulid" "$gen_sql"), to text $(ratio "$out_ulid" "$out_sql"), from text $(ratio "$in_ulid" "$in_sql"), INSERT $(ratio "$ins_ulid" "$ins_sql")"
printf '%-44s %12s %12s %10s %10s\n' "1 h window x $WIN_LOOPS, ms (SQL/native)" "$win_sql" "$win_native" "$(ratio "$win_sql" "$win_native")" "<= 1.1"
echo "# native / anchor: scru128() $(ratio "$gen_native" "$anchor"), to text $(ratio "$out_native" "$anchor"), from text $(ratio "$in_native" "$anchor"), INSERT $(ratio "$ins_native" "$ins_anchor")"
