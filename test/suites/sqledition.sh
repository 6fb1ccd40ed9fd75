# test/suites/sqledition.sh: the SQL edition (portable/src/*.sql, see
# doc/sql-edition.md) installed from its plain-script source, twice (the
# script is idempotent), into a database that has the native extension
# too, and checked against it and test/vectors: test/sqledition/*.sql, each
# in a session of its own, print TAP lines (time_nonative.sql in a second
# database, without the native extension).  8 concurrent sessions then
# call every generator.  SQLED_RANDOM_N sets how many random values per
# type the codecs are compared on: by default 1000000 on 15, 10000 on the
# other majors.

suite_sqledition() {
	local out="$WORK/sqledition.log" dir="$BUILD/test/sqledition" db=sqledition
	local n=${SQLED_RANDOM_N:-} conc_n=3000 t f s pids=() failed=0
	[ -n "$n" ] || { [ "$PG_MAJOR" = 15 ] && n=1000000 || n=10000; }
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
		scru64_node_specs_invalid scru160_vectors; do
		grep -v '^#' "$BUILD/test/vectors/$t.tsv" |
			psql_user -d "$db" -q -c "COPY sqled_vec.$t FROM STDIN WITH (FORMAT text, HEADER true)" >>"$out" 2>&1 ||
			failed=1
	done
	log "sqledition: $n random values per type"
	for f in codecs generators state searchpath time aggregates functions; do
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
	psql_user -d "$db" -q -c 'CREATE TABLE sqled_conc (s int, i int, id128 uuid, id64 bigint, v7 uuid, id160 bytea)' >>"$out" 2>&1
	for s in 1 2 3 4 5 6 7 8; do
		psql_user -d "$db" -q -v s="$s" -v n="$conc_n" -f "$dir/concurrent.sql" >>"$out.$s" 2>&1 &
		pids+=($!)
	done
	for s in "${pids[@]}"; do
		wait "$s" || failed=1
	done
	cat "$out".? >>"$out"
	psql_user -d "$db" -q -v n="$conc_n" -f "$dir/tap.sql" -f "$dir/concurrent_check.sql" >>"$out" 2>&1 || failed=1
	grep -vE '^ok [0-9]+' "$out" || true
	record_tap sqledition "$out"
	[ "$failed" = 0 ] || suite_failed sqledition
}
