# test/suites/sqledition.sh: the SQL edition (portable/src/*.sql, see
# doc/sql-edition.md) installed from its plain-script source, twice (the
# script is idempotent), into a database that has the native extension
# too, and checked against it and test/vectors: test/sqledition/*.sql, each
# in a session of its own, print TAP lines (time_nonative.sql in a second
# database, without the native extension).  8 concurrent sessions then
# call every generator.  SQLED_RANDOM_N sets how many random values per
# type the codecs are compared on: by default 200000 on 15, 10000 on the
# other majors (1000000 on 15 took 432 s of the host's stream in a local
# CI run, the largest suite there, for the same checks).

# scru64()'s lock under cancels and timeouts (1.3 leaked its session-level
# advisory lock when a cancel landed between taking it and the protected
# block, and every other session's scru64() then hung): session A runs
# 300 statements of 100 scru64() calls each under statement_timeout = 1ms,
# with pg_cancel_backend() from another session besides, and stays
# connected; then session B's scru64() must answer at once.  A lock held by
# a role that can take it (the owner, in an open transaction) makes
# scru64() fail with 55P03 after lock_timeout (5 s), naming the holder and
# saying who can hold it.  (test/security/200_sqled_locks.pl: no other
# role can.)
sqled_lock() {
	local db=$1 out=$2 dir="$WORK/sqled-lock" n=0 a_pid got t0 t1 i
	mkdir -p "$dir"
	[ "$(id -u)" = 0 ] && chown "$SCRU128_USER" "$dir"
	{
		echo "SELECT 'pid ' || pg_backend_pid();"
		echo "SET statement_timeout = '1ms';"
		for i in $(seq 1 300); do echo "SELECT count(scru128_sql.scru64()) FROM generate_series(1, 100);"; done
		echo "RESET statement_timeout;"
		echo "SELECT 'A done';"
		# still connected and working while B runs (a stray cancel ends one sleep only)
		for i in $(seq 1 12); do echo "SELECT pg_sleep(0.5);"; done
	} >"$dir/a.sql"
	psql_user -d "$db" -X -At -v ON_ERROR_STOP=0 -f "$dir/a.sql" >"$dir/a.out" 2>&1 &
	a_pid=$!
	for i in $(seq 1 100); do grep -q '^pid ' "$dir/a.out" 2>/dev/null && break; sleep 0.05; done
	for i in $(seq 1 40); do
		psql_user -d "$db" -X -At -c "SELECT pg_cancel_backend($(sed -n 's/^pid //p' "$dir/a.out"))" >/dev/null 2>&1 || true
		grep -q '^A done' "$dir/a.out" && break
		sleep 0.02
	done
	for i in $(seq 1 600); do grep -q '^A done' "$dir/a.out" && break; sleep 0.1; done
	t0=$(date +%s%N)
	got=$(psql_user -d "$db" -X -At -q -c "SET statement_timeout = '3s'" \
		-c "SELECT scru128_sql.scru64() > 0" \
		-c "SELECT count(*) FROM pg_locks WHERE relation = 'scru128_sql_private.scru64_lock'::regclass AND mode <> 'AccessShareLock'" \
		-c "SELECT count(*) FROM pg_stat_activity WHERE pid = $(sed -n 's/^pid //p' "$dir/a.out")" 2>&1) || true
	t1=$(date +%s%N)
	wait "$a_pid" || true
	{
		n=$(grep -c 'canceling statement' "$dir/a.out" || true)
		[ "$n" -ge 100 ] && echo "ok 1 - scru64() lock: $n of 300 statements of session A cancelled (timeout or pg_cancel_backend)" ||
			echo "not ok 1 - scru64() lock: only $n of 300 statements of session A cancelled"
		[ "$got" = "t
0
1" ] && [ $(((t1 - t0) / 1000000)) -lt 2000 ] &&
			echo "ok 2 - scru64() lock: then, A still connected, session B's scru64() answers at once ($(((t1 - t0) / 1000000)) ms) and no lock is held" ||
			{ echo "not ok 2 - scru64() lock: session B's scru64() after A's cancels ($(((t1 - t0) / 1000000)) ms)"; echo "$got" | sed 's/^/#   /'; }
		grep -q WARNING "$dir/a.out" && { echo "not ok 3 - scru64() lock: no WARNING under cancels"; grep WARNING "$dir/a.out" | sort | uniq -c | sed 's/^/#   /'; } ||
			echo "ok 3 - scru64() lock: no WARNING under cancels (1.3 printed \"you don't own a lock\")"
	} >>"$out"

	# the owner holds the lock in an open transaction: a clear error in 5 s
	psql_user -d "$db" -X -At -c "BEGIN" -c "LOCK TABLE scru128_sql_private.scru64_lock IN SHARE ROW EXCLUSIVE MODE" \
		-c "SELECT 'locked ' || pg_backend_pid()" -c "SELECT pg_sleep(9)" -c "COMMIT" >"$dir/h.out" 2>&1 &
	a_pid=$!
	for i in $(seq 1 100); do grep -q '^locked ' "$dir/h.out" 2>/dev/null && break; sleep 0.05; done
	t0=$(date +%s%N)
	got=$(psql_user -d "$db" -X -At -q -v VERBOSITY=verbose -c "SET statement_timeout = '20s'" -c "SELECT scru128_sql.scru64()" 2>&1) || true
	t1=$(date +%s%N)
	wait "$a_pid" || true
	{
		if grep -q "ERROR:  55P03: scru64() waited 5 s for this database's generator and gave up" <<<"$got" &&
			grep -q "DETAIL:  A lock on scru128_sql_private.scru64_lock, scru64_last or scru64_node is held by process $(sed -n 's/^locked //p' "$dir/h.out")\." <<<"$got" &&
			grep -q "HINT:  .*superusers.*pg_stat_activity" <<<"$got" &&
			[ $(((t1 - t0) / 1000000)) -ge 4500 ] && [ $(((t1 - t0) / 1000000)) -lt 8000 ]; then
			echo "ok 4 - scru64() lock held elsewhere: 55P03 after $(((t1 - t0) / 1000000)) ms, naming the holder"
		else
			echo "not ok 4 - scru64() lock held elsewhere: 55P03 after 5 s ($(((t1 - t0) / 1000000)) ms)"
			echo "$got" | sed 's/^/#   /'
		fi
	} >>"$out"
}

# The SQL edition behind PgBouncer (Debian's package), as doc/sql-edition.md
# ("Connection poolers") says: in session mode with DISCARD ALL between
# clients (one server connection), each client's first scru128() sorts
# above the previous client's last; in transaction mode (two server
# connections, four clients making 150 one-statement transactions each),
# every client's IDs are unique and keep the clock's millisecond order,
# its scru64() IDs strictly increase, and a client's SET of the node spec
# (which the pooler leaks to the others) changes no one's node.
sqled_pgbouncer() {
	local db=$1 out=$2 dir="$WORK/pgb" mode port pids=() c i got bin
	bin=$(command -v pgbouncer || ls /usr/sbin/pgbouncer 2>/dev/null || true)
	if [ -z "$bin" ]; then
		echo "not ok 1 - pgbouncer: the pgbouncer package is installed (test/lib.sh install_packages)" >>"$out"
		return
	fi
	mkdir -p "$dir"
	echo "\"$SCRU128_USER\" \"\"" >"$dir/users.txt"
	for mode in session transaction; do
		[ "$mode" = session ] && port=$((PGPORT + 11)) || port=$((PGPORT + 12))
		cat >"$dir/$mode.ini" <<-EOF
		[databases]
		$db = host=$WORK port=$PGPORT dbname=$db
		[pgbouncer]
		listen_addr =
		listen_port = $port
		unix_socket_dir = $dir
		auth_type = trust
		auth_file = $dir/users.txt
		pool_mode = $mode
		server_reset_query = DISCARD ALL
		default_pool_size = $([ "$mode" = session ] && echo 1 || echo 2)
		max_client_conn = 50
		logfile = $dir/$mode.log
		pidfile = $dir/$mode.pid
		EOF
	done
	[ "$(id -u)" = 0 ] && chown -R "$SCRU128_USER" "$dir"
	as_user "$bin" -d "$dir/session.ini" >/dev/null 2>&1 && as_user "$bin" -d "$dir/transaction.ini" >/dev/null 2>&1 || {
		echo "not ok 1 - pgbouncer: two poolers start"; cat "$dir"/*.log | sed 's/^/#   /'
	} >>"$out"
	sleep 1
	local ps="as_user psql -X -At -q -v ON_ERROR_STOP=1 -h $dir -p $((PGPORT + 11)) -d $db"
	local pt="as_user psql -X -At -q -v ON_ERROR_STOP=1 -h $dir -p $((PGPORT + 12)) -d $db"
	psql_user -d "$db" -q -c "DROP TABLE IF EXISTS sqled_pgb" \
		-c "CREATE TABLE sqled_pgb (mode text, client int, i int, pid int, id128 uuid, id64 bigint, at timestamptz DEFAULT clock_timestamp())" >>"$out" 2>&1
	# session mode: 60 clients one after the other through one server connection
	for c in $(seq 1 60); do
		$ps -c "INSERT INTO sqled_pgb (mode, client, i, pid, id128) SELECT 'session', $c, i, pg_backend_pid(), scru128_sql.scru128() FROM generate_series(1, 20) i" \
			>>"$dir/clients.log" 2>&1 || echo "client $c failed" >>"$dir/clients.log"
	done
	# transaction mode: 4 clients at once, 150 transactions each; client 1
	# first SETs another node spec, which the pooler leaks.  Each client's
	# first transaction holds its server connection for a second, so that
	# the clients overlap and both server connections serve them even on a
	# loaded machine, where they could otherwise run one after the other
	for c in 1 2 3 4; do
		{
			[ "$c" = 1 ] && echo "SET scru128_sql.scru64_node_spec = '4/8';"
			for i in $(seq 1 150); do
				if [ "$i" = 1 ]; then echo "BEGIN;"; fi
				echo "INSERT INTO sqled_pgb (mode, client, i, pid, id128, id64) VALUES ('transaction', $c, $i, pg_backend_pid(), scru128_sql.scru128(), scru128_sql.scru64());"
				if [ "$i" = 1 ]; then echo "DO 'BEGIN PERFORM pg_catalog.pg_sleep(1); END'; COMMIT;"; fi
			done
		} >"$dir/t$c.sql"
		[ "$(id -u)" = 0 ] && chown "$SCRU128_USER" "$dir/t$c.sql"
		$pt -f "$dir/t$c.sql" >>"$dir/clients.log" 2>&1 &
		pids+=($!)
	done
	for i in "${pids[@]}"; do wait "$i" || echo "a transaction-mode client failed" >>"$dir/clients.log"; done
	for mode in session transaction; do
		[ -f "$dir/$mode.pid" ] && as_user kill "$(cat "$dir/$mode.pid")" 2>/dev/null || true
	done
	got=$(psql_user -d "$db" -At -c "SELECT count(*), count(DISTINCT pid), count(*) FILTER (WHERE first <= prev_last)
		FROM (SELECT client, min(pid) AS pid, (array_agg(id128 ORDER BY i))[1] AS first,
			lag((array_agg(id128 ORDER BY i DESC))[1]) OVER (ORDER BY client) AS prev_last
			FROM sqled_pgb WHERE mode = 'session' GROUP BY client) x" 2>&1)
	{
		if [ -s "$dir/clients.log" ]; then
			echo "not ok 1 - pgbouncer: every client ran"; sed 's/^/#   /' "$dir/clients.log" | head -20
		else
			echo "ok 1 - pgbouncer: 60 session-mode and 4 transaction-mode clients ran"
		fi
		[ "$got" = "60|1|0" ] &&
			echo "ok 2 - pgbouncer session mode (DISCARD ALL, one server connection): each of 60 clients' first scru128() above the previous client's last" ||
			echo "not ok 2 - pgbouncer session mode: clients in order on one connection (got $got, want 60|1|0)"
		got=$(psql_user -d "$db" -At -c "SELECT count(*), count(DISTINCT id128), count(DISTINCT id64), count(DISTINCT pid) > 1,
			count(*) FILTER (WHERE scru128_sql.scru128_timestamp_ms(id128) < prev_ms),
			count(*) FILTER (WHERE id64 <= prev64),
			count(*) FILTER (WHERE scru64_node_id(id64::scru64, 8) <> 5)
			FROM (SELECT *, lag(scru128_sql.scru128_timestamp_ms(id128)) OVER w AS prev_ms, lag(id64) OVER w AS prev64
				FROM sqled_pgb WHERE mode = 'transaction' WINDOW w AS (PARTITION BY client ORDER BY i)) x" 2>&1)
		[ "$got" = "600|600|600|t|0|0|0" ] &&
			echo "ok 3 - pgbouncer transaction mode (2 server connections): 600 IDs unique, each client's in the clock's millisecond order, its scru64() strictly increasing, every node the table's despite a leaked SET" ||
			echo "not ok 3 - pgbouncer transaction mode (got $got, want 600|600|600|t|0|0|0)"
	} >>"$out"
}

suite_sqledition() {
	local out="$WORK/sqledition.log" dir="$BUILD/test/sqledition" db=sqledition
	local n=${SQLED_RANDOM_N:-} conc_n=3000 t f s pids=() failed=0
	[ -n "$n" ] || { [ "$PG_MAJOR" = 15 ] && n=200000 || n=10000; }
	: >"$out"
	as_user dropdb --if-exists "$db" >/dev/null 2>&1 || true
	as_user createdb "$db"
	cat "$BUILD"/portable/src/*.sql >"$WORK/scru128_sql_plain.sql"
	[ "$(id -u)" = 0 ] && chown "$SCRU128_USER" "$WORK/scru128_sql_plain.sql"
	if ! psql_user -d "$db" -q -c 'SET client_min_messages = warning' -c 'CREATE EXTENSION scru128' -f "$WORK/scru128_sql_plain.sql" \
		-f "$WORK/scru128_sql_plain.sql" -f "$dir/load_vectors.sql" >>"$out" 2>&1; then
		cat "$out"
		suite_failed sqledition
		return
	fi
	for t in scru128_vectors scru128_invalid scru64_vectors scru64_invalid scru64_node_specs \
		scru64_node_specs_invalid scru160_vectors ulid_spec; do
		grep -v '^#' "$BUILD/test/vectors/$t.tsv" |
			psql_user -d "$db" -q -c "COPY sqled_vec.$t FROM STDIN WITH (FORMAT text, HEADER true)" >>"$out" 2>&1 ||
			failed=1
	done
	grep -v '^#' "$BUILD/test/vectors/uuid_rfc9562_vectors.tsv" |
		psql_user -d "$db" -q -c "COPY sqled_vec.uuid_rfc9562 FROM STDIN WITH (FORMAT text, HEADER true)" >>"$out" 2>&1 ||
		failed=1
	# the TypeID spec's YAML, read as the regression tests read it
	# (test/vectors/typeid/README.md): a "- name:" line starts a case, then
	# its "key: "value"" lines; csv with a quote that never occurs keeps
	# every byte and reads an empty value as '' (FORCE_NOT_NULL)
	for f in valid.yml invalid.yml; do
		sed -n -e "s/^- name: \(.*\)\$/$f\tname\t\1/p" -e "s/^  \(typeid\|prefix\|uuid\): \"\(.*\)\"\$/$f\t\1\t\2/p" \
			"$BUILD/test/vectors/typeid/$f" |
			psql_user -d "$db" -q -c "COPY sqled_vec.typeid_yml_lines (file, key, value) FROM STDIN
				WITH (FORMAT csv, DELIMITER E'\t', QUOTE E'\x01', FORCE_NOT_NULL (value), ENCODING 'UTF8')" >>"$out" 2>&1 ||
			failed=1
	done
	grep -v '^#' "$BUILD/test/vectors/typeid/invalid_errors.tsv" |
		psql_user -d "$db" -q -c "COPY sqled_vec.typeid_invalid_errors FROM STDIN WITH (FORMAT text, HEADER true)" >>"$out" 2>&1 ||
		failed=1
	log "sqledition: $n random values per type"
	for f in codecs generators state searchpath ulid_v8 time aggregates functions typeid; do
		psql_user -d "$db" -q -v n="$n" -f "$dir/tap.sql" -f "$dir/$f.sql" >>"$out" 2>&1 || {
			log "sqledition: $f.sql stopped on an error"
			failed=1
		}
	done
	# the time comparisons where the native extension is absent
	as_user dropdb --if-exists "${db}_nonative" >/dev/null 2>&1 || true
	as_user createdb "${db}_nonative"
	psql_user -d "${db}_nonative" -q -c 'SET client_min_messages = warning' -f "$WORK/scru128_sql_plain.sql" \
		-f "$WORK/scru128_sql_plain.sql" -f "$dir/tap.sql" -f "$dir/time_nonative.sql" >>"$out" 2>&1 || {
		log "sqledition: time_nonative.sql stopped on an error"
		failed=1
	}
	psql_user -d "$db" -q -o /dev/null -c 'CREATE TABLE sqled_conc (s int, i int, id128 uuid, id64 bigint, v7 uuid, id160 bytea, ulid uuid)' \
		-c "SELECT scru128_sql.scru64_set_node_spec('5/8')" >>"$out" 2>&1
	for s in 1 2 3 4 5 6 7 8; do
		psql_user -d "$db" -q -v s="$s" -v n="$conc_n" -f "$dir/concurrent.sql" >>"$out.$s" 2>&1 &
		pids+=($!)
	done
	for s in "${pids[@]}"; do
		wait "$s" || failed=1
	done
	cat "$out".? >>"$out"
	sqled_lock "$db" "$out"
	sqled_pgbouncer "$db" "$out"
	psql_user -d "$db" -q -v n="$conc_n" -f "$dir/tap.sql" -f "$dir/concurrent_check.sql" >>"$out" 2>&1 || failed=1
	grep -vE '^ok [0-9]+' "$out" || true
	record_tap sqledition "$out"
	[ "$failed" = 0 ] || suite_failed sqledition
}
