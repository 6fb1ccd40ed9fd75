#!/usr/bin/env bash
# test/bench/public_id.sh: the cost of public IDs, the performance goals of
# issue 40 (doc/public-ids.md, "Performance"):
#   public_id() and public_id_decode() per call <= 1.0x gen_random_uuid();
#   a lookup by public ID (WHERE id = public_id_decode($1, 'ctx'), an index
#   condition) <= 1.1x the same lookup by key.
#
#   PGHOST=... PGPORT=... [PGDATABASE=...] bash test/bench/public_id.sh
#
# Runs against an existing cluster where the extension (release 1.5) is
# installed (it is created in the database if missing).  public_id needs a
# key for the database in scru128_public_id.keys in the data directory
# (doc/public-ids.md, "Key storage"): if the file is there, its current key
# for this database is used (the script stops if it has none); if there is
# no file and the script runs on the server's machine as root or as the
# server's user, it writes one (mode 0600, the data directory's owner) with
# a random key for this database only, and removes it at the end.
# pgbench comes from the PATH, as psql.
#
# Statements are timed by psql's \timing (client round trip, no
# connection start-up), REPS repetitions (default 5) with the contenders
# interleaved and their order rotated from one repetition to the next;
# medians are printed, then the ratios.  They run with jit = off: JIT
# compilation is a cost per statement, not per call or lookup, of 10 to
# 20 ms here that varies from run to run and would be counted in both
# sides of a ratio unevenly.  Sizes: GEN_N (default 1M),
# LOOKUP_N (table rows, default 1M), PROBES (lookups in the nested loop,
# default 200000), PGB_TX (lookups per pgbench run, default 20000);
# test/suites/bench.sh runs it with a few thousand and 200.
#
#   1. per call: GEN_N keys of each kind in a table with their public IDs
#      (context "orders"); count(public_id(k, 'orders')),
#      count(public_id_decode(p, 'orders')) and count(gen_random_uuid()) over
#      it, each net of count(k), the scan alone, divided by GEN_N: ns per
#      call.  Kinds uuid (v7), scru128 and bigint.
#   2. lookups in a table of LOOKUP_N rows keyed by uuid (DEFAULT uuidv7()):
#      a. pgbench, one client, prepared statements: a random probe row is
#         read (\gset), then the lookup, whose own latency pgbench reports
#         (-r): WHERE id = $1::uuid against WHERE id =
#         public_id_decode($1::uuid, 'orders'); PGB_TX lookups each, the
#         two interleaved 2 x REPS times.  Like with like: both runs of a
#         pair are given the same --random-seed, so they read the same
#         probe rows in the same order; each pair has a seed of its own;
#      b. in one statement: PROBES rows of a probe table joined to the
#         table by a nested loop with an index scan on each probe
#         (o.id = p.id against o.id = public_id_decode(p.pid, 'orders')),
#         net of the scan of the probes: ns per lookup.  Like with like:
#         both read the same probe rows (n, id and pid side by side, in a
#         random order of the table) by the same sequential scan, in the
#         same order, and look each one up by one descent of the same
#         primary key to the same row; the script checks the plans (a
#         nested loop, an index scan per probe, the index condition on
#         id), that every probe finds its row, and that both statements
#         touch the same number of shared buffers.  The one difference is
#         the decoding of each probe's public ID.  A lookup here is only
#         an index descent and a heap fetch, a few microseconds, without
#         the parsing, planning and round trip of a statement: the
#         decoding's share is far larger than in (a).
set -euo pipefail

REPS=${REPS:-5}
GEN_N=${GEN_N:-1000000}
LOOKUP_N=${LOOKUP_N:-1000000}
PROBES=${PROBES:-200000}
PGB_TX=${PGB_TX:-20000}
PSQL=(psql -X -q -v ON_ERROR_STOP=1)

"${PSQL[@]}" -c 'SET client_min_messages = warning' -c 'CREATE EXTENSION IF NOT EXISTS scru128' >/dev/null
S=$("${PSQL[@]}" -At -c "SELECT quote_ident(extnamespace::regnamespace::text) FROM pg_extension WHERE extname = 'scru128'")
if [ "$("${PSQL[@]}" -At -c "SELECT to_regproc('$S.public_id_keys') IS NOT NULL")" != t ]; then
	echo "public_id.sh: the extension in this database has no public IDs (release 1.5): ALTER EXTENSION scru128 UPDATE" >&2
	exit 1
fi
VERSION=$("${PSQL[@]}" -At -c 'SHOW server_version')
DB=$("${PSQL[@]}" -At -c 'SELECT current_database()')

# the key file: the one there, or one written for this run
WROTE_KEYS=""
KEYFILE=scru128_public_id.keys
if [ "$("${PSQL[@]}" -At -c "SELECT pg_stat_file('$KEYFILE', true) IS NULL")" = t ]; then
	# COPY ... TO would make the file readable by others, which the server
	# refuses: it is written here, by the server's user or root
	DATADIR=$("${PSQL[@]}" -At -c "SELECT current_setting('data_directory')")
	case $DB in *[[:space:]#]*)
		echo "public_id.sh: the database's name \"$DB\" cannot have a line in the key file: run it in another" >&2
		exit 1 ;;
	esac
	if [ ! -d "$DATADIR" ] || [ ! -w "$DATADIR" ]; then
		echo "public_id.sh: no $KEYFILE in the data directory, and this client cannot write one there:" \
			"run it on the server's machine as root or the server's user, or add a key for database \"$DB\" (doc/public-ids.md, \"Key storage\")" >&2
		exit 1
	fi
	WROTE_KEYS="$DATADIR/$KEYFILE"
	(
		umask 077
		{
			echo '# written by test/bench/public_id.sh for its run, removed after it'
			echo "key 1 $(od -An -N32 -tx1 /dev/urandom | tr -d ' \n')"
			echo "database $DB 1"
		} >"$WROTE_KEYS"
	)
	chown "$(stat -c %u "$DATADIR")" "$WROTE_KEYS"
fi
PGB=$(mktemp -d)
cleanup() {
	rm -rf "$PGB"
	[ -z "$WROTE_KEYS" ] || rm -f "$WROTE_KEYS"
}
trap cleanup EXIT
if ! KEY=$("${PSQL[@]}" -At -c "SELECT key_id FROM $S.public_id_keys() WHERE is_current"); then
	echo "public_id.sh: $KEYFILE in the data directory gives no key to database \"$DB\" (doc/public-ids.md, \"Key storage\")" >&2
	exit 1
fi

time_ms() {
	"${PSQL[@]}" -c '\timing on' -c 'SET jit = off' -c 'SET enable_hashjoin = off' -c 'SET enable_mergejoin = off' \
		-c 'SET max_parallel_workers_per_gather = 0' -c "$1" 2>&1 |
		sed -n 's/^Time: \([0-9.]*\) ms.*/\1/p' | tail -1
}

median() {
	sort -g | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}

"${PSQL[@]}" <<SQL >/dev/null
SET client_min_messages = warning;
DROP TABLE IF EXISTS bench_pid_calls, bench_pid_orders, bench_pid_probe;
CREATE UNLOGGED TABLE bench_pid_calls AS
	SELECT u, $S.public_id(u, 'orders') AS pu, s, $S.public_id(s, 'orders') AS ps,
		   b, $S.public_id(b, 'orders') AS pb
	FROM (SELECT $S.uuidv7() AS u, $S.scru128() AS s, (random() * 9.2e18)::bigint AS b
		  FROM generate_series(1, $GEN_N)) k;
CREATE TABLE bench_pid_orders (id uuid PRIMARY KEY DEFAULT $S.uuidv7(), total int);
INSERT INTO bench_pid_orders (total) SELECT g FROM generate_series(1, $LOOKUP_N) g;
CREATE UNLOGGED TABLE bench_pid_probe AS
	SELECT row_number() OVER () AS n, id, $S.public_id(id, 'orders') AS pid
	FROM (SELECT id FROM bench_pid_orders ORDER BY random() LIMIT $PROBES) s;
CREATE UNIQUE INDEX ON bench_pid_probe (n);
VACUUM ANALYZE bench_pid_calls, bench_pid_orders, bench_pid_probe;
SQL

declare -A Q=(
	[scan]="SELECT count(u) FROM bench_pid_calls"
	[gen_random_uuid]="SELECT count(gen_random_uuid()) FROM bench_pid_calls"
	[enc_uuid]="SELECT count($S.public_id(u, 'orders')) FROM bench_pid_calls"
	[dec_uuid]="SELECT count($S.public_id_decode(pu, 'orders')) FROM bench_pid_calls"
	[enc_scru128]="SELECT count($S.public_id(s, 'orders')) FROM bench_pid_calls"
	[dec_scru128]="SELECT count($S.public_id_decode(ps, 'orders')) FROM bench_pid_calls"
	[enc_bigint]="SELECT count($S.public_id(b, 'orders')) FROM bench_pid_calls"
	[dec_bigint]="SELECT count($S.public_id_decode(pb, 'orders')) FROM bench_pid_calls"
	[probe_scan]="SELECT count(id) FROM bench_pid_probe"
	[join_key]="SELECT count(o.total) FROM bench_pid_probe p JOIN bench_pid_orders o ON o.id = p.id"
	[join_pid]="SELECT count(o.total) FROM bench_pid_probe p JOIN bench_pid_orders o ON o.id = $S.public_id_decode(p.pid, 'orders')"
)
ORDER=(scan gen_random_uuid enc_uuid dec_uuid enc_scru128 dec_scru128 enc_bigint dec_bigint probe_scan join_key join_pid)

# the joins are what they claim: a nested loop with an index scan of the
# primary key for each probe, and every probe finds its row
for k in join_key join_pid; do
	plan=$("${PSQL[@]}" -At -c 'SET jit = off' -c 'SET enable_hashjoin = off' -c 'SET enable_mergejoin = off' \
		-c 'SET max_parallel_workers_per_gather = 0' -c "EXPLAIN (COSTS OFF) ${Q[$k]}")
	if ! grep -q 'Nested Loop' <<<"$plan" || ! grep -q 'Index Cond: (id = ' <<<"$plan"; then
		echo "public_id.sh: $k is not a nested loop of index lookups:" >&2
		echo "$plan" >&2
		exit 1
	fi
done
found=$("${PSQL[@]}" -At -c "SELECT count(*) FROM bench_pid_probe p JOIN bench_pid_orders o ON o.id = $S.public_id_decode(p.pid, 'orders')")
if [ "$found" != "$("${PSQL[@]}" -At -c 'SELECT count(*) FROM bench_pid_probe')" ]; then
	echo "public_id.sh: the lookup by public ID found $found rows, not one per probe" >&2
	exit 1
fi
# and they touch the same pages: the shared buffers (hit + read) of the
# whole statement, from EXPLAIN (ANALYZE, BUFFERS), once the session has
# read the key file (its first reading looks up the database's name)
buffers() {
	"${PSQL[@]}" -At -c "SELECT count(*) FROM $S.public_id_keys()" -c 'SET jit = off' \
		-c 'SET enable_hashjoin = off' -c 'SET enable_mergejoin = off' \
		-c 'SET max_parallel_workers_per_gather = 0' \
		-c "EXPLAIN (ANALYZE, BUFFERS, COSTS OFF, TIMING OFF) ${Q[$1]}" |
		awk '/Buffers: shared/ && !done {
			n = 0
			if (match($0, /hit=[0-9]+/)) n += substr($0, RSTART + 4, RLENGTH - 4)
			if (match($0, /read=[0-9]+/)) n += substr($0, RSTART + 5, RLENGTH - 5)
			print n; done = 1 }'
}
bk=$(buffers join_key)
bp=$(buffers join_pid)
if [ -z "$bk" ] || [ "$bk" != "$bp" ]; then
	echo "public_id.sh: the two joins do not touch the same shared buffers: ${bk:-?} by key, ${bp:-?} by public ID" >&2
	exit 1
fi

# warm-up (library load, key file, the tables in the buffer cache)
for k in "${ORDER[@]}"; do time_ms "${Q[$k]}" >/dev/null; done

declare -A T
for ((r = 0; r < REPS; r++)); do
	n=${#ORDER[@]}
	for ((i = 0; i < n; i++)); do
		k=${ORDER[$(((i + r) % n))]}
		T[$k]+="$(time_ms "${Q[$k]}") "
	done
done

# pgbench: a random probe, then the lookup whose latency is reported
NPROBES=$("${PSQL[@]}" -At -c 'SELECT count(*) FROM bench_pid_probe')
cat >"$PGB/key.sql" <<SQL
\set n random(1, $NPROBES)
SELECT id AS k FROM bench_pid_probe WHERE n = :n \gset
SELECT total FROM bench_pid_orders WHERE id = :k::uuid;
SQL
cat >"$PGB/pid.sql" <<SQL
\set n random(1, $NPROBES)
SELECT pid AS k FROM bench_pid_probe WHERE n = :n \gset
SELECT total FROM bench_pid_orders WHERE id = $S.public_id_decode(:k::uuid, 'orders');
SQL
# pgb_ms SCRIPT SEED: the lookup's average latency in ms (pgbench -r: the
# line of the statement) over PGB_TX lookups of the probes SEED picks
pgb_ms() {
	pgbench -n -M prepared -c 1 -t "$PGB_TX" --random-seed="$2" -r -f "$PGB/$1.sql" 2>&1 |
		awk '/SELECT total FROM bench_pid_orders/ { print $1 }' | tail -1
}
for ((r = 0; r < 2 * REPS; r++)); do
	if ((r % 2)); then pair=(pid key); else pair=(key pid); fi
	for c in "${pair[@]}"; do
		v=$(pgb_ms "$c" $((r + 1)))
		if [ -z "$v" ]; then
			echo "public_id.sh: pgbench gave no latency for the $c lookup" >&2
			pgbench -n -M prepared -c 1 -t 10 -r -f "$PGB/$c.sql" >&2 || true
			exit 1
		fi
		T[pgb_$c]+="$v "
	done
done

# the generic plan of the prepared lookup keeps the index condition
plan=$("${PSQL[@]}" -At <<SQL
SET plan_cache_mode = force_generic_plan;
PREPARE l(uuid) AS SELECT total FROM bench_pid_orders WHERE id = $S.public_id_decode(\$1, 'orders');
EXPLAIN (COSTS OFF) EXECUTE l('00000000-0000-4000-8000-000000000000');
SQL
)
if ! grep -q 'Index Cond: (id = ' <<<"$plan"; then
	echo "public_id.sh: the generic plan of the lookup by public ID is not an index scan:" >&2
	echo "$plan" >&2
	exit 1
fi

declare -A M
for k in "${ORDER[@]}" pgb_key pgb_pid; do
	M[$k]=$(echo "${T[$k]}" | tr ' ' '\n' | grep . | median)
done

echo "# public ID benchmark: PostgreSQL $VERSION, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "# key $KEY of $([ -n "$WROTE_KEYS" ] && echo "a key file written for the run" || echo "the key file there"); context 'orders'; GEN_N=$GEN_N, LOOKUP_N=$LOOKUP_N, PROBES=$NPROBES, PGB_TX=$PGB_TX"
echo "# medians of $REPS runs ($((2 * REPS)) pgbench pairs, a seed each), jit off; per-call times net of the scan alone, in ns; pgbench: prepared, 1 client, the lookup's own latency"
echo "# nested loop: the same $NPROBES probes in the same order, one primary-key descent each, $bk shared buffers on both sides"
awk -v z="${M[scan]}" -v g="${M[gen_random_uuid]}" \
	-v eu="${M[enc_uuid]}" -v du="${M[dec_uuid]}" -v es="${M[enc_scru128]}" -v ds="${M[dec_scru128]}" \
	-v eb="${M[enc_bigint]}" -v db="${M[dec_bigint]}" \
	-v pz="${M[probe_scan]}" -v jk="${M[join_key]}" -v jp="${M[join_pid]}" \
	-v bk="${M[pgb_key]}" -v bp="${M[pgb_pid]}" -v n="$GEN_N" -v pn="$NPROBES" 'BEGIN {
	gn = (g - z) * 1e6 / n;
	printf "%-48s %10s %10s %8s %8s %s\n", "measure", "public ID", "other", "ratio", "goal", "met";
	row("public_id(uuid), ns/call (other: gen_random_uuid)", (eu - z) * 1e6 / n, gn, 1.0, "%10.1f");
	row("public_id_decode(uuid), ns/call (other: same)", (du - z) * 1e6 / n, gn, 1.0, "%10.1f");
	row("public_id(scru128), ns/call (other: same)", (es - z) * 1e6 / n, gn, 1.0, "%10.1f");
	row("public_id_decode(scru128), ns/call (other: same)", (ds - z) * 1e6 / n, gn, 1.0, "%10.1f");
	row("public_id(bigint), ns/call (other: same)", (eb - z) * 1e6 / n, gn, 1.0, "%10.1f");
	row("public_id_decode(bigint), ns/call (other: same)", (db - z) * 1e6 / n, gn, 1.0, "%10.1f");
	row("lookup, pgbench, us (other: by key)", bp * 1000, bk * 1000, 1.1, "%10.1f");
	row("lookup in a nested loop, ns (other: by key)", (jp - pz) * 1e6 / pn, (jk - pz) * 1e6 / pn, 1.1, "%10.1f");
}
function row(what, a, b, goal, fmt) {
	r = (b > 0) ? a / b : -1;
	met = (r >= 0 && r <= goal + 0) ? "yes" : "NO";
	printf "%-48s " fmt " " fmt " %8.2f %8s %s\n", what, a, b, r, sprintf("<= %.2f", goal), met;
}'

"${PSQL[@]}" -c 'DROP TABLE bench_pid_calls, bench_pid_orders, bench_pid_probe' >/dev/null
