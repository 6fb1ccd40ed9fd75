#!/usr/bin/env bash
# test/bench/sql_edition_ab.sh: the SQL edition's generators, one release's
# plain script against another's, in the same conditions (to tell a change
# of cost from the machine's load, which moves test/bench/sql_edition.sh's
# absolute figures by more than its goals' margins).
#
#   PGHOST=... PGPORT=... bash test/bench/sql_edition_ab.sh [OLD.sql [NEW.sql]]
#
# OLD defaults to portable/released/1.3/scru128_sql.sql, NEW to
# portable/scru128_sql.sql.  Each goes into a database of its own
# (sqled_ab_old, sqled_ab_new, made afresh); REPS (default 7) repetitions,
# the two interleaved, each timing SELECT count(f()) FROM
# generate_series(1, GEN_N) minus the same over a constant.  Prints the
# medians in µs per call and NEW / OLD.
set -euo pipefail

REPS=${REPS:-7}
GEN_N=${GEN_N:-200000}
SRC_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
OLD=${1:-$SRC_DIR/portable/released/1.3/scru128_sql.sql}
NEW=${2:-$SRC_DIR/portable/scru128_sql.sql}
PSQL=(psql -X -q -v ON_ERROR_STOP=1)

for db in sqled_ab_old sqled_ab_new; do
	"${PSQL[@]}" -d postgres -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db" 2>/dev/null
done
"${PSQL[@]}" -d sqled_ab_old -1 -f "$OLD" >/dev/null 2>&1
"${PSQL[@]}" -d sqled_ab_new -1 -f "$NEW" >/dev/null 2>&1

# ms of: scru128(), uuidv7(), scru160(), the constant
run() {
	"${PSQL[@]}" -d "$1" -c '\timing on' \
		-c "SELECT count(scru128_sql.scru128()) FROM generate_series(1, $GEN_N)" \
		-c "SELECT count(scru128_sql.uuidv7()) FROM generate_series(1, $GEN_N)" \
		-c "SELECT count(scru128_sql.scru160()) FROM generate_series(1, $GEN_N)" \
		-c "SELECT count(1) FROM generate_series(1, $GEN_N)" | sed -n 's/^Time: \([0-9.]*\) ms.*/\1/p' | xargs
}
out=$(for r in $(seq 1 "$REPS"); do
	if [ $((r % 2)) = 1 ]; then echo "old $(run sqled_ab_old)"; echo "new $(run sqled_ab_new)"
	else echo "new $(run sqled_ab_new)"; echo "old $(run sqled_ab_old)"; fi
done)
echo "# $("${PSQL[@]}" -At -d postgres -c 'SELECT version()' | cut -d, -f1)"
echo "# $REPS repetitions, GEN_N=$GEN_N; host: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# old: ${OLD#"$SRC_DIR"/}, new: ${NEW#"$SRC_DIR"/}"
python3 - "$GEN_N" <<PY
import statistics, sys
n = int(sys.argv[1])
rows = {"old": [], "new": []}
for line in """$out""".splitlines():
    which, *ms = line.split()
    rows[which].append([float(x) for x in ms])
print(f"{'us per call (median)':24} {'old':>8} {'new':>8} {'new/old':>8}")
for i, name in enumerate(["scru128()", "uuidv7()", "scru160()"]):
    o = statistics.median((r[i] - r[3]) * 1000 / n for r in rows["old"])
    w = statistics.median((r[i] - r[3]) * 1000 / n for r in rows["new"])
    print(f"{name:24} {o:8.2f} {w:8.2f} {w / o:8.2f}")
PY
