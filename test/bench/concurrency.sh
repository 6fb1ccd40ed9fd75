#!/usr/bin/env bash
# test/bench/concurrency.sh: many writers at once (issue 34).
#
# Every insert of a time-ordered key lands at the right edge of the primary
# key's index, where random UUIDs spread over all of it.  This measures, with
# pgbench, what that costs and from how many writers, for each key:
#
#   bigserial       id bigserial (a sequence)
#   scru128         scru128(), scru128.generator_scope = session (default)
#   scru128_server  scru128(), scru128.generator_scope = server
#   scru64          scru64() (node spec 1/4: a 20-bit counter per 256 ms)
#   scru160         scru160()
#   ulid            ulid(), if the installed extension has it
#   uuidv7          the extension's uuidv7()
#   uuidv7_core     PostgreSQL's own uuidv7(), on 18 and later
#   pg_uuidv7       uuid_generate_v7() of the pg_uuidv7 extension, where it
#                   is installed (Debian: postgresql-NN-pg-uuidv7)
#   uuid_v4         gen_random_uuid()
#
# A key that this server cannot run is left out with a line saying why.
# Each key has its own table of realistic width, the key as primary key and
# one secondary index (an account id drawn at random, as a foreign key):
#
#   id KEY PRIMARY KEY, account_id bigint, created_at timestamptz,
#   status smallint, amount numeric(12,2), note text (64 characters)
#
# Workloads, each at 1, 2, 4, 8, ... clients up to four times the cores:
#
#   insert  one INSERT of one row per transaction, from an empty table
#           (TRUNCATE before the run) and from a large one (LARGE_ROWS rows,
#           default 10M, loaded and indexed once per key: its primary key
#           index is larger than shared_buffers).  Throughput and the
#           p50/p95/p99 latency of the transactions that ended within the
#           measured DURATION seconds after WARMUP seconds; WAL bytes and
#           full-page images per row (pg_current_wal_lsn and pg_stat_wal,
#           reset by pg_stat_reset_shared('wal') before each run, which
#           starts right after a CHECKPOINT); at the end of each phase the
#           primary key's size and leaf density (pgstattuple's pgstatindex).
#   ssi     under SERIALIZABLE, a read-then-insert transaction (look up the
#           row with the largest key, the newest one for every key but
#           uuid_v4; insert one), from an empty table, at 2 clients and
#           more: serialization failures per 1,000 commits.
#   retry   the same transaction at the largest client count with pgbench
#           retrying each serialization failure (--max-tries=100), as an
#           application's retry loop does: retries per 1,000 commits, and
#           the commits per second that are left.
#
# During every measured window the wait events of the pgbench sessions are
# sampled from pg_stat_activity every 50 ms (a session that is active and
# waits for nothing counts as CPU).  Runs are interleaved: at each client
# count every key runs once, in an order rotated from one count to the
# next, so that a noisy neighbour spreads over all keys.
#
#   sudo bash test/bench/concurrency.sh            # full run, into test/bench/concurrency/
#   sudo PG_MAJOR=18 bash test/bench/concurrency.sh  # the same on 18 (all keys)
#   sudo bash test/bench/concurrency.sh --smoke    # a few seconds per key, under $WORK
#
# Options as test/bench/run.sh: --smoke, --no-setup (use the running cluster
# given by PGHOST/PGPORT/PGUSER, with WORK and PGBIN set: test/suites/bench.sh),
# --out DIR.  Overrides: CLIENTS ("1 2 4 8"), DURATION, WARMUP (seconds per
# insert run), SSI_DURATION, LARGE_ROWS, SHARED_BUFFERS_MB, KEYS (a subset,
# by name), REPEATS (3: the insert runs at 8 clients, the goals' count).  Sizes and settings are chosen from the cores, the memory and the
# free disk, printed at the start and written to env.txt; results.csv has one
# line per result and concurrency_report.py turns it into results.md and
# the charts.

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

ALL_KEYS=(bigserial scru128 scru128_server scru64 scru160 ulid uuidv7 uuidv7_core pg_uuidv7 uuid_v4)

# ---------------------------------------------------------------------------
# sizes, from the machine
# ---------------------------------------------------------------------------
CORES=$(nproc)
MEM_MB=$(awk '/^MemTotal:/ { print int($2 / 1024) }' /proc/meminfo)
# 1, 2, 4, ... up to four times the cores, and that count itself
default_clients() {
	local c=1 max=$((4 * CORES)) list=""
	while [ "$c" -lt "$max" ]; do list+="$c "; c=$((c * 2)); done
	echo "$list$max"
}
if [ "$SMOKE" = 1 ]; then
	# one client count (2, as for SERIALIZABLE), one run of each and no
	# warm-up: a smoke run only shows that every key runs through every
	# workload and the report (each run costs about 4 s besides its own)
	CLIENTS=${CLIENTS:-2}
	DURATION=${DURATION:-1} WARMUP=${WARMUP:-0} SSI_DURATION=${SSI_DURATION:-1}
	LARGE_ROWS=${LARGE_ROWS:-20000} REPEATS=${REPEATS:-1}
else
	CLIENTS=${CLIENTS:-$(default_clients)}
	DURATION=${DURATION:-30} WARMUP=${WARMUP:-5} SSI_DURATION=${SSI_DURATION:-15}
	LARGE_ROWS=${LARGE_ROWS:-10000000} REPEATS=${REPEATS:-3}
fi
MAX_CLIENTS=$(echo $CLIENTS | tr ' ' '\n' | sort -n | tail -1)
# the goals of issue 34 are at 8 clients (else the largest count below):
# the insert runs at that count are made REPEATS times, interleaved, and the
# report takes the median, since one run on a shared VM can be far off
GOAL_CLIENTS=$(echo $CLIENTS | tr ' ' '\n' | sort -n | awk '$1 <= 8 { g = $1 } END { print g }')
[ -n "$GOAL_CLIENTS" ] || GOAL_CLIENTS=$(echo $CLIENTS | tr ' ' '\n' | sort -n | head -1)
# A row with its two index entries takes about 250 bytes on disk; every key
# has its table, and the WAL of a phase is kept (max_wal_size): ask for
# twice that.  A disk too small for LARGE_ROWS gets the largest size that
# fits, said so.
ROW_BYTES=250
NKEYS=${#ALL_KEYS[@]}
DISK_FREE_MB=$(df -Pm "${TMPDIR:-/tmp}" | awk 'NR == 2 { print $4 }')
FIT_ROWS=$((DISK_FREE_MB / 2 / NKEYS * 1024 * 1024 / ROW_BYTES))
SIZE_NOTE=""
if [ "$LARGE_ROWS" -gt "$FIT_ROWS" ]; then
	SIZE_NOTE="LARGE_ROWS lowered from $LARGE_ROWS to $FIT_ROWS: $DISK_FREE_MB MB free in ${TMPDIR:-/tmp}"
	LARGE_ROWS=$FIT_ROWS
fi
# shared_buffers: 128 MB per 10M rows of the large table, so that even the
# smallest primary key (bigserial's, ~21 bytes a row) is ~1.7 times larger
# and a uuid's ~2.5 times; never more than a quarter of the memory, never
# below 16 MB.
if [ -z "${SHARED_BUFFERS_MB:-}" ]; then
	SHARED_BUFFERS_MB=$((LARGE_ROWS * 128 / 10000000))
	[ "$SHARED_BUFFERS_MB" -ge 16 ] || SHARED_BUFFERS_MB=16
	[ "$SHARED_BUFFERS_MB" -le $((MEM_MB / 4)) ] || SHARED_BUFFERS_MB=$((MEM_MB / 4))
fi
# pgbench threads: one per client up to the cores
threads_for() { if [ "$1" -lt "$CORES" ]; then echo "$1"; else echo "$CORES"; fi; }

# Server settings: checkpoints only where the script asks for them (one
# before each run, so every run pays for the full-page images of the pages
# it is the first to touch, and no run for a checkpoint by chance); no
# autovacuum (an insert-only table would get vacuumed and analysed in the
# middle of some runs); asynchronous commit (the runs measure the keys, not
# this machine's fsync); wal_buffers at the 16 MB it reaches by itself from
# 512 MB of shared_buffers (1/32 of a small shared_buffers makes every
# session write WAL itself, a WALWrite wait unrelated to the key); scru128
# preloaded (on 15 and 16 the server scope and scru64() need its shared
# memory).
SERVER_SETTINGS="-c shared_buffers=${SHARED_BUFFERS_MB}MB -c wal_buffers=16MB -c max_wal_size=20GB -c min_wal_size=1GB
	-c checkpoint_timeout=1h -c autovacuum=off -c synchronous_commit=off
	-c max_connections=$((MAX_CLIENTS + 20)) -c shared_preload_libraries=scru128
	-c scru128.scru64_node_spec=1/4 -c jit=off -c max_parallel_workers_per_gather=0"

# ---------------------------------------------------------------------------
# setup
# ---------------------------------------------------------------------------
if [ "$SETUP" = 1 ]; then
	source "$BENCH_DIR/../lib.sh"
	# gnuplot for the charts; pg_uuidv7 where Debian packages it for this major
	EXTRA_PACKAGES="${EXTRA_PACKAGES:-} gnuplot-nox"
	if [ "$(id -u)" = 0 ] && [ -z "${SCRU128_NO_APT:-}" ] && apt-get update -qq &&
		apt-cache show "postgresql-$PG_MAJOR-pg-uuidv7" >/dev/null 2>&1; then
		EXTRA_PACKAGES="$EXTRA_PACKAGES postgresql-$PG_MAJOR-pg-uuidv7"
	fi
	install_packages
	build_and_install
	# the private install (SCRU128_PG_PRIVATE) is a copy made before
	# pg_uuidv7 was installed: copy its files in
	if [ -n "${SCRU128_PG_PRIVATE:-}" ] && [ -f "/usr/share/postgresql/$PG_MAJOR/extension/pg_uuidv7.control" ]; then
		cp /usr/lib/postgresql/"$PG_MAJOR"/lib/pg_uuidv7.so "$("$PG_CONFIG" --pkglibdir)/"
		cp /usr/share/postgresql/"$PG_MAJOR"/extension/pg_uuidv7* "$("$PG_CONFIG" --sharedir)/extension/"
	fi
	# shellcheck disable=SC2086
	start_cluster $SERVER_SETTINGS
else
	source "$BENCH_DIR/../lib.sh"
	: "${WORK:?--no-setup needs WORK}" "${PGBIN:?--no-setup needs PGBIN}"
	: "${PGHOST:?--no-setup needs PGHOST}" "${PGPORT:?--no-setup needs PGPORT}"
	export PGHOST PGPORT PGUSER="${PGUSER:-$SCRU128_USER}"
fi

if [ -z "$OUT" ]; then
	if [ "$SMOKE" = 1 ]; then OUT="$WORK/bench-concurrency"; else OUT="$BENCH_DIR/concurrency"; fi
fi
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
SCRATCH="$WORK/concurrency-scratch"
rm -rf "$SCRATCH"
mkdir -p "$SCRATCH"
[ "$(id -u)" = 0 ] && chown "$SCRU128_USER" "$SCRATCH"

export PGDATABASE=scru128_concurrency
export PGOPTIONS="-c client_min_messages=warning"
as_user dropdb --if-exists scru128_concurrency
as_user createdb -T template0 scru128_concurrency
psql_user -q -c "CREATE EXTENSION scru128" -c "CREATE EXTENSION pgstattuple"
S=$(psql_user -At -c "SELECT quote_ident(extnamespace::regnamespace::text) FROM pg_extension WHERE extname = 'scru128'")
SERVER_NUM=$(psql_user -At -c "SHOW server_version_num")
q1() { psql_user -At -c "$1"; }

# ---------------------------------------------------------------------------
# the keys: type, generator expression, session settings; those this server
# cannot run are left out, each with a note
# ---------------------------------------------------------------------------
declare -A TYPE GEN OPTS
NOTES=()
rettype() { q1 "SELECT prorettype::regtype FROM pg_proc WHERE oid = to_regprocedure('$1')"; }
WANT_KEYS=${KEYS:-${ALL_KEYS[*]}}
KEYS=()
for k in "${ALL_KEYS[@]}"; do
	[[ " $WANT_KEYS " == *" $k "* ]] || NOTES+=("$k: not in KEYS (skipped)")
done
for k in $WANT_KEYS; do
	OPTS[$k]=""
	case $k in
		bigserial) TYPE[$k]=bigint GEN[$k]="nextval('ck_bigserial_id_seq')" ;;
		scru128 | scru128_server | scru64 | scru160 | ulid)
			f=${k%_server}
			t=$(rettype "$S.$f()")
			if [ -z "$t" ]; then
				NOTES+=("$k: the installed extension has no $f() (skipped)")
				continue
			fi
			TYPE[$k]=$t GEN[$k]="$S.$f()"
			[ "$k" = scru128_server ] && OPTS[$k]="-c scru128.generator_scope=server"
			;;
		uuidv7) TYPE[$k]=uuid GEN[$k]="$S.uuidv7()" ;;
		uuidv7_core)
			if [ "$SERVER_NUM" -lt 180000 ]; then
				NOTES+=("uuidv7_core: PostgreSQL $SERVER_NUM has no core uuidv7() (18 and later; skipped)")
				continue
			fi
			TYPE[$k]=uuid GEN[$k]="pg_catalog.uuidv7()"
			;;
		pg_uuidv7)
			if [ "$(q1 "SELECT count(*) FROM pg_available_extensions WHERE name = 'pg_uuidv7'")" = 0 ]; then
				NOTES+=("pg_uuidv7: the pg_uuidv7 extension is not installed on this server (skipped)")
				continue
			fi
			# in a schema of its own: it must not meet the extension's names
			psql_user -q -c "CREATE SCHEMA pguv7" -c "CREATE EXTENSION pg_uuidv7 SCHEMA pguv7"
			TYPE[$k]=uuid GEN[$k]="pguv7.uuid_generate_v7()"
			;;
		uuid_v4) TYPE[$k]=uuid GEN[$k]="gen_random_uuid()" ;;
		*) echo "unknown key $k (known: ${ALL_KEYS[*]})" >&2; exit 2 ;;
	esac
	# a key whose generator fails here (scru64() or the server scope on 15
	# and 16 without the preload, say) is left out with the server's reason
	if [ "$k" != bigserial ] && ! err=$(PGOPTIONS="$PGOPTIONS ${OPTS[$k]}" psql_user -At -c "SELECT ${GEN[$k]}" 2>&1 >/dev/null); then
		NOTES+=("$k: ${GEN[$k]} fails on this server: $(echo "$err" | head -1) (skipped)")
		continue
	fi
	KEYS+=("$k")
done
[ "${#KEYS[@]}" -gt 0 ] || { echo "no key to measure" >&2; exit 1; }
for n in "${NOTES[@]}"; do log "$n"; done

# the server generators run up to the bound ahead of the clock for 10 s
# after a start (doc/uuid.md): wait until they are back, as scope.sh does
if [[ " ${KEYS[*]} " == *" scru128_server "* ]]; then
	WAIT=$(PGOPTIONS="$PGOPTIONS -c scru128.generator_scope=server" q1 "SELECT ceil(greatest(0,
		extract(epoch FROM $S.scru128_timestamp($S.scru128()) - clock_timestamp())))")
	[ "$WAIT" = 0 ] || sleep "$WAIT"
fi

# wait-event sampler: the pgbench sessions' wait events every STEP seconds
# for SECS seconds, counted; run in a session of its own during each
# measured window (it writes nothing, so no WAL)
psql_user -q <<'SQL'
CREATE FUNCTION bench_waits(secs float8, step float8)
RETURNS TABLE (wait text, n bigint) LANGUAGE plpgsql AS $$
DECLARE
	s text[] := '{}';
	t_end timestamptz := clock_timestamp() + secs * interval '1 second';
BEGIN
	WHILE clock_timestamp() < t_end LOOP
		PERFORM pg_stat_clear_snapshot();
		s := s || ARRAY(SELECT coalesce(wait_event_type || ':' || wait_event, 'CPU')
			FROM pg_stat_activity
			WHERE application_name = 'pgbench' AND state = 'active');
		PERFORM pg_sleep(step);
	END LOOP;
	RETURN QUERY SELECT x, count(*) FROM unnest(s) x GROUP BY x ORDER BY 2 DESC, 1;
END $$;
SQL

table_ddl() {
	local k=$1 id
	if [ "$k" = bigserial ]; then id="id bigserial PRIMARY KEY"; else
		id="id ${TYPE[$k]} PRIMARY KEY DEFAULT ${GEN[$k]}"
	fi
	echo "DROP TABLE IF EXISTS ck_$k;
CREATE TABLE ck_$k ($id, account_id bigint NOT NULL,
	created_at timestamptz NOT NULL DEFAULT now(), status smallint NOT NULL,
	amount numeric(12,2) NOT NULL, note text NOT NULL);
CREATE INDEX ck_${k}_account ON ck_$k (account_id);"
}
VALUES_SQL="(:acct, :acct % 5, :acct * 0.01, md5(:acct::text) || md5((:acct + 1)::text))"
for k in "${KEYS[@]}"; do
	psql_user -q -c "$(table_ddl "$k")"
	cat >"$SCRATCH/insert_$k.sql" <<EOF
\\set acct random(1, 100000)
INSERT INTO ck_$k (account_id, status, amount, note) VALUES $VALUES_SQL;
EOF
	cat >"$SCRATCH/ssi_$k.sql" <<EOF
\\set acct random(1, 100000)
BEGIN ISOLATION LEVEL SERIALIZABLE;
SELECT id FROM ck_$k ORDER BY id DESC LIMIT 1;
INSERT INTO ck_$k (account_id, status, amount, note) VALUES $VALUES_SQL;
END;
EOF
done
[ "$(id -u)" = 0 ] && chown -R "$SCRU128_USER" "$SCRATCH"

# ---------------------------------------------------------------------------
# environment
# ---------------------------------------------------------------------------
CSV="$OUT/results.csv"
echo "state,workload,key,clients,metric,value,unit" >"$CSV"
runs_total=$(( 2 * ${#KEYS[@]} * ($(echo $CLIENTS | wc -w) + REPEATS - 1) ))
ssi_clients=$(for c in $CLIENTS; do [ "$c" -ge 2 ] && echo "$c"; done | xargs)
ssi_total=$((${#KEYS[@]} * $(echo $ssi_clients | wc -w)))
est=$((runs_total * (DURATION + WARMUP + 3) + (ssi_total + ${#KEYS[@]}) * (SSI_DURATION + WARMUP + 2)))
{
	echo "date=$(date -u +%Y-%m-%dT%H:%MZ)"
	echo "mode=$([ "$SMOKE" = 1 ] && echo smoke || echo full)"
	echo "cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
	echo "cores=$CORES"
	echo "memory_mb=$MEM_MB"
	echo "disk_free_mb=$DISK_FREE_MB"
	echo "server=$(q1 'SELECT version()')"
	echo "pgbench=$(as_user pgbench --version)"
	echo "extension=scru128 $(q1 "SELECT extversion FROM pg_extension WHERE extname = 'scru128'")"
	echo "commit=$(git -C "$BENCH_DIR" rev-parse --short HEAD 2>/dev/null || echo "${BENCH_COMMIT:-unknown}")"
	echo "keys=${KEYS[*]}"
	for n in "${NOTES[@]}"; do echo "skipped=$n"; done
	echo "clients=$CLIENTS"
	echo "repeats=$REPEATS at $GOAL_CLIENTS clients (insert runs; the report takes the median)"
	echo "ssi_clients=$ssi_clients"
	echo "warmup_s=$WARMUP"
	echo "duration_s=$DURATION"
	echo "ssi_duration_s=$SSI_DURATION"
	echo "large_rows=$LARGE_ROWS"
	[ -z "$SIZE_NOTE" ] || echo "size_note=$SIZE_NOTE"
	for s in shared_buffers wal_buffers max_wal_size checkpoint_timeout autovacuum synchronous_commit wal_level full_page_writes max_connections; do
		echo "show_$s=$(q1 "SHOW $s")"
	done
	echo "estimated_s=$est"
	echo "load_start=$(cut -d' ' -f1-3 /proc/loadavg)"
} >"$OUT/env.txt"
log "concurrency: $CORES cores, $MEM_MB MB; clients $CLIENTS; ${WARMUP}+${DURATION} s per insert run, ${SSI_DURATION} s per SSI run"
log "large table: $LARGE_ROWS rows per key, shared_buffers=${SHARED_BUFFERS_MB}MB${SIZE_NOTE:+ ($SIZE_NOTE)}"
log "keys: ${KEYS[*]}; about $((est / 60)) min plus the loads; results into $OUT"
BENCH_START=$(date +%s)
LOADS="$SCRATCH/load.txt"
: >"$LOADS"
(while kill -0 $$ 2>/dev/null; do cut -d' ' -f1 /proc/loadavg >>"$LOADS"; sleep 5; done) >/dev/null 2>&1 &

# ---------------------------------------------------------------------------
# one run
# ---------------------------------------------------------------------------
result() { echo "$1,$2,$3,$4,$5,$6,$7" >>"$CSV"; }

# run STATE WORKLOAD KEY CLIENTS SECONDS: one pgbench run of WARMUP +
# SECONDS seconds; the results of the SECONDS after the warm-up
run() {
	local state=$1 wl=$2 k=$3 c=$4 secs=$5 t0 lsn0 lsn1 stats prefix="$SCRATCH/log" sampler=$SCRATCH/waits.txt
	local script=$wl tries=1
	[ "$wl" = retry ] && script=ssi tries=100
	# one psql each before and after: on a busy machine a connection
	# costs tenths of a second
	local trunc="SELECT 1"
	[ "$state" = empty ] && trunc="TRUNCATE ck_$k"
	lsn0=$(psql_user -qAt -c "$trunc" -c "CHECKPOINT" -c "SELECT pg_stat_reset_shared('wal')" \
		-c "SELECT pg_current_wal_lsn()" | tail -1)
	rm -f "$prefix".*
	t0=$(date +%s.%N)
	PGOPTIONS="$PGOPTIONS ${OPTS[$k]}" as_user pgbench -n -M prepared -c "$c" -j "$(threads_for "$c")" \
		-T $((WARMUP + secs)) -f "$SCRATCH/${script}_$k.sql" -l --log-prefix="$prefix" --max-tries="$tries" \
		>"$SCRATCH/pgbench.out" 2>&1 &
	local pid=$!
	sleep "$WARMUP"
	psql_user -At -F ' ' -c "SELECT * FROM bench_waits($secs, 0.05)" >"$sampler" 2>&1 || true
	if ! wait "$pid"; then
		cat "$SCRATCH/pgbench.out" >&2
		log "pgbench failed: $state $wl $k $c clients"
		exit 1
	fi
	# the sessions flush their WAL counters when they exit, before they
	# leave pg_stat_activity: wait for that, then read them
	local wal fpi
	read -r wal fpi <<<"$(psql_user -qAt -F ' ' -c "DO \$\$ BEGIN
		WHILE (SELECT count(*) FROM pg_stat_activity WHERE application_name = 'pgbench') > 0 LOOP
			PERFORM pg_sleep(0.05);
			PERFORM pg_stat_clear_snapshot();
		END LOOP; END \$\$" -c "SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '$lsn0'), wal_fpi FROM pg_stat_wal")"
	stats=$(python3 "$BENCH_DIR/concurrency_report.py" --logs "$t0" "$WARMUP" "$secs" "$prefix".*)
	# stats: ok ok_window failed_window retries_window tps p50 p95 p99 (ms)
	read -r ok okw failw retw tps p50 p95 p99 <<<"$stats"
	result "$state" "$wl" "$k" "$c" tps "$tps" "tx/s"
	result "$state" "$wl" "$k" "$c" p50 "$p50" ms
	result "$state" "$wl" "$k" "$c" p95 "$p95" ms
	result "$state" "$wl" "$k" "$c" p99 "$p99" ms
	if [ "$wl" = insert ]; then
		awk -v w="$wal" -v f="$fpi" -v n="$ok" -v st="$state" -v k="$k" -v c="$c" 'BEGIN {
			if (n > 0) {
				printf "%s,insert,%s,%s,wal_bytes_per_row,%.1f,B\n", st, k, c, w / n;
				printf "%s,insert,%s,%s,fpi_per_row,%.4f,FPI\n", st, k, c, f / n;
			}
		}' >>"$CSV"
	else
		# serialization failures (and retries) per 1,000 commits in the window
		awk -v ok="$okw" -v f="$failw" -v rt="$retw" -v st="$state" -v wl="$wl" -v k="$k" -v c="$c" 'BEGIN {
			printf "%s,%s,%s,%s,commits,%d,tx\n", st, wl, k, c, ok;
			printf "%s,%s,%s,%s,failures,%d,tx\n", st, wl, k, c, f;
			if (ok > 0) printf "%s,%s,%s,%s,failures_per_1000,%.1f,per 1000 commits\n", st, wl, k, c, 1000 * f / ok;
			if (wl == "retry") {
				printf "%s,%s,%s,%s,retries,%d,tries\n", st, wl, k, c, rt;
				if (ok > 0) printf "%s,%s,%s,%s,retries_per_1000,%.1f,per 1000 commits\n", st, wl, k, c, 1000 * rt / ok;
			}
		}' >>"$CSV"
	fi
	# wait events: each one's share of the samples of active sessions
	awk -v st="$state" -v wl="$wl" -v k="$k" -v c="$c" '
		NF == 2 && $2 ~ /^[0-9]+$/ { w[$1] = $2; s += $2 }
		END {
			for (e in w) printf "%s,%s,%s,%s,wait:%s,%.3f,share\n", st, wl, k, c, e, w[e] / s;
			printf "%s,%s,%s,%s,wait_samples,%d,samples\n", st, wl, k, c, s;
		}
	' "$sampler" >>"$CSV"
	result "$state" "$wl" "$k" "$c" load1 "$(cut -d' ' -f1 /proc/loadavg)" load
	printf '  %-5s %-6s %-14s %3s clients: %9s tx/s  p99 %7s ms  (load %s)\n' \
		"$state" "$wl" "$k" "$c" "$tps" "$p99" "$(cut -d' ' -f1 /proc/loadavg)" >&2
}

# the items in the order of round $1: rotated, so that none is always first
rotated() {
	local r=$1 n i
	shift
	n=$#
	for ((i = 0; i < n; i++)); do
		local j=$(((i + r) % n + 1))
		echo "${!j}"
	done
}

# primary key size and leaf density, secondary index size, rows
index_stats() {
	local state=$1 k
	for k in "${KEYS[@]}"; do
		q1 "SELECT '$state,index,$k,,rows,' || count(*) || ',rows' FROM ck_$k" >>"$CSV"
		q1 "SELECT '$state,index,$k,,pk_bytes,' || pg_relation_size('ck_${k}_pkey') || ',B'" >>"$CSV"
		q1 "SELECT '$state,index,$k,,pk_leaf_density,' || avg_leaf_density || ',%' FROM pgstatindex('ck_${k}_pkey')" >>"$CSV"
		q1 "SELECT '$state,index,$k,,secondary_bytes,' || pg_relation_size('ck_${k}_account') || ',B'" >>"$CSV"
		q1 "SELECT '$state,index,$k,,heap_bytes,' || pg_relation_size('ck_$k') || ',B'" >>"$CSV"
	done
}

# ---------------------------------------------------------------------------
# 1. inserts into an empty table
# ---------------------------------------------------------------------------
# the insert runs of one state: every key at each client count, in an order
# rotated from one round to the next; REPEATS rounds at GOAL_CLIENTS
insert_runs() {
	local state=$1 c i reps k
	for c in $CLIENTS; do
		reps=1
		[ "$c" = "$GOAL_CLIENTS" ] && reps=$REPEATS
		for ((i = 0; i < reps; i++)); do
			for k in $(rotated "$r" "${KEYS[@]}"); do run "$state" insert "$k" "$c" "$DURATION"; done
			r=$((r + 1))
		done
	done
}

log "1. inserts from an empty table"
r=0
insert_runs empty
index_stats empty

# ---------------------------------------------------------------------------
# 2. SERIALIZABLE read-then-insert, from an empty table
# ---------------------------------------------------------------------------
log "2. SERIALIZABLE read-then-insert"
for c in $ssi_clients; do
	for k in $(rotated "$r" "${KEYS[@]}"); do run empty ssi "$k" "$c" "$SSI_DURATION"; done
	r=$((r + 1))
done
if [ -n "$ssi_clients" ]; then
	log "2b. the same with retries, at $MAX_CLIENTS clients"
	for k in $(rotated "$r" "${KEYS[@]}"); do run empty retry "$k" "$MAX_CLIENTS" "$SSI_DURATION"; done
	r=$((r + 1))
fi

# ---------------------------------------------------------------------------
# 3. inserts into a large table: each key's table loaded with LARGE_ROWS
#    rows (generated by its own generator, in one session), indexed after
#    the load, vacuumed
# ---------------------------------------------------------------------------
log "3. loading $LARGE_ROWS rows per key"
for k in "${KEYS[@]}"; do
	t_load=$(date +%s)
	PGOPTIONS="$PGOPTIONS ${OPTS[$k]}" psql_user -q <<SQL
$(table_ddl "$k")
ALTER TABLE ck_$k DROP CONSTRAINT ck_${k}_pkey;
DROP INDEX ck_${k}_account;
INSERT INTO ck_$k (account_id, status, amount, note)
	SELECT a, a % 5, a * 0.01, md5(a::text) || md5((a + 1)::text)
	FROM (SELECT (g * 7919) % 100000 + 1 AS a FROM generate_series(1::bigint, $LARGE_ROWS) g) s;
ALTER TABLE ck_$k ADD PRIMARY KEY (id);
CREATE INDEX ck_${k}_account ON ck_$k (account_id);
VACUUM ANALYZE ck_$k;
SQL
	log "  $k: $(($(date +%s) - t_load)) s"
done
index_stats loaded
log "3. inserts into the large tables"
insert_runs large
index_stats large

{
	echo "elapsed_s=$(($(date +%s) - BENCH_START))"
	echo "load_end=$(cut -d' ' -f1-3 /proc/loadavg)"
	awk '{ s += $1; if ($1 > m) m = $1 } END { if (NR) printf "load1_mean=%.2f\nload1_max=%.2f\n", s / NR, m }' "$LOADS"
} >>"$OUT/env.txt"
log "benchmarks done in $(($(date +%s) - BENCH_START)) s; writing the report"
python3 "$BENCH_DIR/concurrency_report.py" "$OUT"
log "wrote $OUT/results.csv, $OUT/results.md and charts"
