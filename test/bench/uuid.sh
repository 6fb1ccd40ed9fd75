#!/usr/bin/env bash
# test/bench/uuid.sh: the UUID generators of the extension against core's.
#
#   PGHOST=... PGPORT=... [PGDATABASE=...] bash test/bench/uuid.sh
#
# Runs against an existing cluster where the extension is installed (it is
# created in the database if missing).  Statements are timed by psql's
# \timing (client round trip, no connection start-up), REPS repetitions
# (default 5) with the contenders interleaved and their order rotated from
# one repetition to the next; medians are printed.
#
#   1. per call: SELECT count(f()) FROM generate_series(1, GEN_N) (default
#      1M) for the extension's uuidv7(), uuidv6(), uuidv4(), core's
#      gen_random_uuid() and, on PostgreSQL 18, core's uuidv7(); plus the
#      same query over a constant, whose time is the executor's own cost:
#      "net" is the time above that, divided by GEN_N, i.e. the function.
#   2. INSERT_N (default 1M) rows into a table with a uuid primary key,
#      DEFAULT public.uuidv7() against DEFAULT gen_random_uuid() (and core's
#      uuidv7() on 18).
set -euo pipefail

REPS=${REPS:-5}
GEN_N=${GEN_N:-1000000}
INSERT_N=${INSERT_N:-1000000}
PSQL=(psql -X -q -v ON_ERROR_STOP=1)

"${PSQL[@]}" -c 'SET client_min_messages = warning' -c 'CREATE EXTENSION IF NOT EXISTS scru128' >/dev/null
S=$("${PSQL[@]}" -At -c "SELECT quote_ident(extnamespace::regnamespace::text) FROM pg_extension WHERE extname = 'scru128'")
VERSION=$("${PSQL[@]}" -At -c 'SHOW server_version')
CORE_V7=$("${PSQL[@]}" -At -c "SELECT to_regprocedure('pg_catalog.uuidv7()') IS NOT NULL")

# the time in ms of one statement (after optional setup statements)
time_ms() {
	"${PSQL[@]}" "$@" 2>&1 | sed -n 's/^Time: \([0-9.]*\) ms.*/\1/p' | tail -1
}

median() {
	sort -g | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}

declare -A GEN=(
	[baseline]="SELECT count(0) FROM generate_series(1, $GEN_N)"
	[ext_uuidv7]="SELECT count($S.uuidv7()) FROM generate_series(1, $GEN_N)"
	[ext_uuidv6]="SELECT count($S.uuidv6()) FROM generate_series(1, $GEN_N)"
	[ext_uuidv4]="SELECT count($S.uuidv4()) FROM generate_series(1, $GEN_N)"
	[gen_random_uuid]="SELECT count(gen_random_uuid()) FROM generate_series(1, $GEN_N)"
)
GEN_ORDER=(baseline ext_uuidv7 ext_uuidv6 ext_uuidv4 gen_random_uuid)
if [ "$CORE_V7" = t ]; then
	GEN[core_uuidv7]="SELECT count(pg_catalog.uuidv7()) FROM generate_series(1, $GEN_N)"
	GEN_ORDER+=(core_uuidv7)
fi

declare -A INS=(
	[ext_uuidv7]="$S.uuidv7()"
	[gen_random_uuid]="gen_random_uuid()"
)
INS_ORDER=(ext_uuidv7 gen_random_uuid)
if [ "$CORE_V7" = t ]; then
	INS[core_uuidv7]="pg_catalog.uuidv7()"
	INS_ORDER+=(core_uuidv7)
fi

OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

echo "# PostgreSQL $VERSION, extension in schema $S; $REPS repetitions, GEN_N=$GEN_N, INSERT_N=$INSERT_N"
echo "# host: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
# warm-up (library load, caches), not counted
for c in "${GEN_ORDER[@]}"; do
	"${PSQL[@]}" -c "${GEN[$c]/$GEN_N/10000}" >/dev/null
done
for ((r = 0; r < REPS; r++)); do
	n=${#GEN_ORDER[@]}
	for ((i = 0; i < n; i++)); do
		c=${GEN_ORDER[$(((i + r) % n))]}
		time_ms -c '\timing on' -c "${GEN[$c]}" >>"$OUT/gen_$c"
	done
	n=${#INS_ORDER[@]}
	for ((i = 0; i < n; i++)); do
		c=${INS_ORDER[$(((i + r) % n))]}
		"${PSQL[@]}" -c 'SET client_min_messages = warning' -c "DROP TABLE IF EXISTS bench_uuid_$c" \
			-c "CREATE TABLE bench_uuid_$c (id uuid PRIMARY KEY DEFAULT ${INS[$c]}, n int)" -c CHECKPOINT >/dev/null
		time_ms -c '\timing on' -c "INSERT INTO bench_uuid_$c (n) SELECT g FROM generate_series(1, $INSERT_N) g" >>"$OUT/ins_$c"
		"${PSQL[@]}" -c "DROP TABLE bench_uuid_$c" >/dev/null
	done
	echo "# repetition $((r + 1)) of $REPS done" >&2
done

base=$(median <"$OUT/gen_baseline")
grr=$(median <"$OUT/gen_gen_random_uuid")
echo
echo "1. per call, $GEN_N calls: median ms; net ns per call (above the executor's own $base ms); ratios of net times"
printf '%-18s %10s %12s %18s %18s\n' function median_ms net_ns_call vs_gen_random_uuid vs_core_uuidv7
for c in "${GEN_ORDER[@]}"; do
	[ "$c" = baseline ] && continue
	m=$(median <"$OUT/gen_$c")
	core="-"
	if [ "$CORE_V7" = t ]; then
		cm=$(median <"$OUT/gen_core_uuidv7")
		core=$(awk -v a="$m" -v b="$cm" -v z="$base" 'BEGIN { printf "%.3f", (a - z) / (b - z) }')
	fi
	awk -v c="$c" -v m="$m" -v z="$base" -v g="$grr" -v n="$GEN_N" -v core="$core" \
		'BEGIN { printf "%-18s %10.1f %12.1f %18.3f %18s\n", c, m, (m - z) * 1e6 / n, (m - z) / (g - z), core }'
done
echo "   whole statements, extension's uuidv7() / gen_random_uuid(): $(awk -v a="$(median <"$OUT/gen_ext_uuidv7")" -v b="$grr" 'BEGIN { printf "%.3f", a / b }')"
if [ "$CORE_V7" = t ]; then
	echo "   whole statements, extension's uuidv7() / core's uuidv7(): $(awk -v a="$(median <"$OUT/gen_ext_uuidv7")" -v b="$(median <"$OUT/gen_core_uuidv7")" 'BEGIN { printf "%.3f", a / b }')"
fi

echo
echo "2. INSERT of $INSERT_N rows, uuid primary key with the default: median ms"
gi=$(median <"$OUT/ins_gen_random_uuid")
printf '%-18s %10s %18s\n' default median_ms vs_gen_random_uuid
for c in "${INS_ORDER[@]}"; do
	m=$(median <"$OUT/ins_$c")
	awk -v c="$c" -v m="$m" -v g="$gi" 'BEGIN { printf "%-18s %10.1f %18.3f\n", c, m, m / g }'
done
