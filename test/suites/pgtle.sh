# test/suites/pgtle.sh: the SQL edition's packaging (portable/): both
# install files agree with portable/src (the drift test, and the
# generator's own checks in test/pgtle/build_test.py); the plain script
# installs, and installs again, as a role that has only CREATE on its
# database; through pg_tle, built from ../shared/vendor, a pgtle_admin role
# that is not a superuser registers it and runs CREATE EXTENSION, which
# gives the same objects as the plain script, and DROP EXTENSION removes
# them; the move of a table to the native extension as
# doc/sql-edition-migration.md gives it (its ```sql blocks marked
# "tested: NAME" are what runs here), checked by relfilenode and data.
# Sourced by test/run.sh, which calls suite_pgtle.

PGTLE_ARCHIVE=${PGTLE_ARCHIVE:-pg_tle-2f4b7b3.tar.gz}
PGTLE_BUILD_DEPS="flex bison libkrb5-dev"
# majors pg_tle is known not to build on: a failed build there is reported
# as SKIPPED (the plain script is still tested); anywhere else it fails
PGTLE_UNSUPPORTED_MAJORS=${PGTLE_UNSUPPORTED_MAJORS:-}

PGTLE_N=0
PGTLE_LOG=

# pgtle_ok NAME COMMAND...: a TAP line for whether COMMAND succeeds
pgtle_ok() {
	local name=$1 out
	shift
	PGTLE_N=$((PGTLE_N + 1))
	if out=$("$@" 2>&1); then
		echo "ok $PGTLE_N - $name" >>"$PGTLE_LOG"
	else
		{ echo "not ok $PGTLE_N - $name"; printf '%s\n' "$out" | sed 's/^/#   /'; } >>"$PGTLE_LOG"
	fi
}

# pgtle_is NAME GOT EXPECTED
pgtle_is() {
	PGTLE_N=$((PGTLE_N + 1))
	if [ "$2" == "$3" ]; then
		echo "ok $PGTLE_N - $1" >>"$PGTLE_LOG"
	else
		{
			echo "not ok $PGTLE_N - $1"
			printf 'got:\n%s\nexpected:\n%s\n' "$2" "$3" | head -40 | sed 's/^/#   /'
		} >>"$PGTLE_LOG"
	fi
}

# pgtle_sql SOCKETDIR PORT ROLE DB SQL...: the rows, unaligned; "ERROR: ..."
# (and a non-zero status) if the statement failed
pgtle_sql() {
	local host=$1 port=$2 role=$3 db=$4
	shift 4
	as_user env PGOPTIONS="${PGTLE_PGOPTIONS:-}" \
		psql -X -At -q -v ON_ERROR_STOP=1 -h "$host" -p "$port" -U "$role" -d "$db" "$@" 2>&1
}

# the psql of the throwaway cluster (lib.sh) and of the pg_tle cluster
pgtle_main() { pgtle_sql "$WORK" "$PGPORT" "$@"; }
pgtle_tle() { pgtle_sql "$WORK/pgtle-sock" "$PGTLE_PORT" "$@"; }

# the ```sql block after the line "<!-- tested: NAME -->" in the migration doc
pgtle_recipe() {
	awk -v name="$1" '
		$0 == "<!-- tested: " name " -->" { want = 1; next }
		want && /^```sql$/ { inside = 1; next }
		inside && /^```$/ { exit }
		inside { print }
	' "$BUILD/doc/sql-edition-migration.md"
}

pgtle_archive() {
	vendor_archive "$PGTLE_ARCHIVE"
}

# build pg_tle from the archive into $PG_CONFIG's installation; its log in
# $WORK/pgtle-build.log
pgtle_build() {
	local archive=$1 src="$WORK/pgtle-src" missing="" p
	if [ "$(id -u)" = 0 ] && [ -z "${SCRU128_NO_APT:-}" ]; then
		for p in $PGTLE_BUILD_DEPS; do
			dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing="$missing $p"
		done
		if [ -n "$missing" ]; then
			log "pgtle: apt-get install$missing"
			DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing \
				>"$WORK/pgtle-apt.log" 2>&1 || { cat "$WORK/pgtle-apt.log"; return 1; }
		fi
	fi
	rm -rf "$src"
	mkdir -p "$src"
	: >"$WORK/pgtle-build.log"
	tar -xzf "$archive" -C "$src" --strip-components=1
	# on a server built with assertions (pg16), with our fix of a
	# use-after-free that such a server turns into a crash (see the patch)
	if "$PG_CONFIG" --configure | grep -q -- --enable-cassert; then
		patch -d "$src" -p1 <"$BUILD/test/pgtle/pg_tle-set-default-version.patch" >>"$WORK/pgtle-build.log" 2>&1 ||
			{ cat "$WORK/pgtle-build.log"; return 1; }
		log "pgtle: patched pg_tle (test/pgtle/pg_tle-set-default-version.patch): the server has assertions"
	fi
	# no LLVM bitcode: JIT inlining of pg_tle is not what is tested
	(cd "$src" && make PG_CONFIG="$PG_CONFIG" with_llvm=no &&
		make PG_CONFIG="$PG_CONFIG" with_llvm=no install) >>"$WORK/pgtle-build.log" 2>&1
}

pgtle_stop() {
	if [ -f "$WORK/pgtle-data/postmaster.pid" ]; then
		as_user pg_ctl -D "$WORK/pgtle-data" -m fast -w stop >/dev/null 2>&1 || true
	fi
}

# the plain script, twice, by a role with CREATE on its database and nothing more
pgtle_plain() {
	local plain="$BUILD/portable/scru128_sql.sql" fp1 fp2 oids1 oids2 got
	pgtle_ok "plain: a role with CREATE on its database and nothing more" \
		pgtle_main "$SCRU128_USER" postgres -c "CREATE ROLE sqled_plain LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE" \
		-c "CREATE DATABASE sqled_plain" -c "GRANT CREATE ON DATABASE sqled_plain TO sqled_plain"
	pgtle_is "plain: the installing role is not a superuser" \
		"$(pgtle_main sqled_plain sqled_plain -c "SELECT rolsuper OR rolcreatedb OR rolcreaterole FROM pg_roles WHERE rolname = current_user")" f
	pgtle_ok "plain: psql -1 -f scru128_sql.sql as that role" pgtle_main sqled_plain sqled_plain -1 -f "$plain"
	fp1=$(pgtle_main sqled_plain sqled_plain -f "$BUILD/test/pgtle/fingerprint.sql")
	# (in 1.3 the fingerprint query failed, and two equal errors compared equal)
	pgtle_is "plain: the fingerprint lists the objects and their privileges, no error" \
		"$(grep -c '^function scru128_sql.scru128() ' <<<"$fp1") $(grep -c '^privilege schema scru128_sql to PUBLIC USAGE$' <<<"$fp1") $(grep -c ERROR <<<"$fp1")" "1 1 0"
	oids1=$(pgtle_main sqled_plain sqled_plain -c "SELECT string_agg(oid::text, ',' ORDER BY oid) FROM pg_proc WHERE pronamespace = 'scru128_sql'::regnamespace")
	got=$(pgtle_main sqled_plain sqled_plain \
		-c "CREATE SCHEMA app" \
		-c "CREATE TABLE app.orders (id scru128_sql.scru128 PRIMARY KEY DEFAULT scru128_sql.scru128(), n int)" \
		-c "INSERT INTO app.orders (n) SELECT generate_series(1, 100)" \
		-c "SELECT count(*) FROM app.orders WHERE scru128_sql.scru128_to_text(id) ~ '^[0-9a-z]{25}\$'")
	pgtle_is "plain: scru128_to_text(scru128()) gives 25 Base36 digits" "$got" 100
	pgtle_ok "plain: the same script again" pgtle_main sqled_plain sqled_plain -1 -f "$plain"
	fp2=$(pgtle_main sqled_plain sqled_plain -f "$BUILD/test/pgtle/fingerprint.sql")
	oids2=$(pgtle_main sqled_plain sqled_plain -c "SELECT string_agg(oid::text, ',' ORDER BY oid) FROM pg_proc WHERE pronamespace = 'scru128_sql'::regnamespace")
	pgtle_is "plain: the second run leaves the same objects" "$fp2" "$fp1"
	pgtle_is "plain: ... replaced in place (same function OIDs)" "$oids2" "$oids1"
	pgtle_is "plain: a table of the domain type keeps its rows" \
		"$(pgtle_main sqled_plain sqled_plain -c "SELECT count(DISTINCT id) FROM app.orders")" 100
	# (the owner's REVOKE kept by a re-run: test/security/300_sqled_objects.pl)
	pgtle_is "plain: the schema holds functions" \
		"$(pgtle_main sqled_plain sqled_plain -c "SELECT count(*) > 0 FROM pg_proc WHERE pronamespace = 'scru128_sql'::regnamespace")" t
	# uninstalling, as doc/sql-edition-migration.md says
	local q="pgtle_main sqled_plain sqled_plain" before
	# what the doc's uninstall must find: a column, an array column, a
	# composite attribute, a view and defaults (1.3's query missed the array
	# and the composite, and DROP SCHEMA ... CASCADE dropped them with their data)
	pgtle_ok "plain: an array column, a composite attribute, a view and a default using the SQL edition" \
		$q -c "CREATE TABLE app.lists (ids scru128_sql.scru128[], n int)" \
		-c "INSERT INTO app.lists SELECT array_agg(id), 1 FROM app.orders" \
		-c "CREATE TYPE app.pair AS (a scru128_sql.scru128, b int)" -c "CREATE TABLE app.pairs (p app.pair)" \
		-c "INSERT INTO app.pairs SELECT ROW(id, 1)::app.pair FROM app.orders" \
		-c "CREATE TABLE app.plain (u uuid DEFAULT scru128_sql.uuidv7(), n int)" -c "INSERT INTO app.plain (n) VALUES (1)" \
		-c "CREATE VIEW app.v AS SELECT scru128_sql.scru128_to_text(id) AS t FROM app.orders"
	# a generated column and a restrictive policy (1.4's page named neither,
	# and CASCADE drops the column with its data, the policy with its effect)
	pgtle_ok "plain: a generated column and a restrictive row-level security policy using the SQL edition" \
		$q -c "CREATE TABLE app.guarded (id scru128_sql.scru128 NOT NULL,
			id_text text GENERATED ALWAYS AS (scru128_sql.scru128_to_text(id)) STORED, n int)" \
		-c "INSERT INTO app.guarded (id, n) SELECT id, n FROM app.orders" \
		-c "INSERT INTO app.guarded (id, n) VALUES (scru128_sql.scru128(timestamptz '2019-06-01 00:00+00'), 0)" \
		-c "ALTER TABLE app.guarded ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY" \
		-c "CREATE POLICY everyone ON app.guarded USING (true)" \
		-c "CREATE POLICY recent ON app.guarded AS RESTRICTIVE USING (id OPERATOR(scru128_sql.>=) timestamptz '2020-01-01 00:00+00')"
	pgtle_is "plain: ... the policy hides the row of 2019" "$($q -c "SELECT count(*), min(n) FROM app.guarded")" "100|1"
	# (15 records a default's dependency on its type as well, 18 does not:
	# such lines are left out of the comparison)
	pgtle_is "plain: the objects that use the SQL edition (doc: dependents)" \
		"$($q -c "$(pgtle_recipe dependents)" | grep -vE '^default value for column [^|]* of table [^|]*\|type scru128_sql\.scru128$')" \
		"column a of composite type app.pair|type scru128_sql.scru128
column id of table app.guarded|type scru128_sql.scru128
column id of table app.orders|type scru128_sql.scru128
column ids of table app.lists|type scru128_sql.scru128[]
default value for column id of table app.orders|function scru128_sql.scru128()
default value for column id_text of table app.guarded|function scru128_sql.scru128_to_text(scru128_sql.scru128)
default value for column u of table app.plain|function scru128_sql.uuidv7()
policy recent on table app.guarded|operator scru128_sql.>=(scru128_sql.scru128,timestamp with time zone)
rule _RETURN on view app.v|function scru128_sql.scru128_to_text(scru128_sql.scru128)"
	got=$($q -c "$(pgtle_recipe uninstall)" 2>&1) || true
	pgtle_is "plain: the uninstall refuses while they use it (doc: uninstall)" \
		"$(grep -cE 'ERROR:  [0-9]+ dependencies on the SQL edition outside schema scru128_sql' <<<"$got")$($q -c "SELECT to_regnamespace('scru128_sql') IS NOT NULL")" 1t
	before=$($q -c "SELECT string_agg(pg_relation_filenode(c)::text, ',' ORDER BY c) FROM unnest('{app.orders,app.plain,app.guarded}'::regclass[]) c")
	pgtle_ok "plain: the columns moved to uuid, defaults dropped, the view redefined (doc: keep-as-uuid)" $q -c "$(pgtle_recipe keep-as-uuid)"
	pgtle_is "plain: ... without a rewrite (but the array's and the composite's tables)" \
		"$($q -c "SELECT string_agg(pg_relation_filenode(c)::text, ',' ORDER BY c) FROM unnest('{app.orders,app.plain,app.guarded}'::regclass[]) c")" "$before"
	pgtle_is "plain: ... nothing depends on the SQL edition any more (doc: dependents)" "$($q -c "$(pgtle_recipe dependents)")" ""
	pgtle_ok "plain: the SQL edition removed (doc: uninstall)" $q -c "$(pgtle_recipe uninstall)"
	pgtle_is "plain: ... every column, array and composite attribute keeps its values, as uuid" \
		"$($q -c "SELECT (SELECT count(DISTINCT id) FROM app.orders), (SELECT cardinality(ids) FROM app.lists),
			(SELECT count(DISTINCT (p).a) FROM app.pairs), (SELECT count(*) FROM app.plain), (SELECT count(*) FROM app.v),
			format_type((SELECT atttypid FROM pg_attribute WHERE attrelid = 'app.lists'::regclass AND attname = 'ids'), NULL),
			(SELECT format_type(atttypid, NULL) FROM pg_attribute WHERE attrelid = 'app.pair'::regclass AND attname = 'a'),
			to_regnamespace('scru128_sql') IS NULL AND to_regnamespace('scru128_sql_private') IS NULL")" "100|100|100|1|100|uuid[]|uuid|t"
	pgtle_is "plain: ... the generated column keeps its values, the policy its effect" \
		"$($q -c "SELECT count(*), min(n), count(*) FILTER (WHERE id_text ~ '^[0-9a-z]{25}\$'),
			(SELECT count(*) FROM pg_policy WHERE polrelid = 'app.guarded'::regclass) FROM app.guarded")" "100|1|100|2"
	PGTLE_PLAIN_FINGERPRINT=$fp1

	# the documented upgrade: the shipped 1.3 script, then this one
	local up="pgtle_main sqled_plain sqled_plain_up"
	pgtle_ok "plain update: a database of that role" \
		pgtle_main "$SCRU128_USER" postgres -c "CREATE DATABASE sqled_plain_up" -c "GRANT CREATE ON DATABASE sqled_plain_up TO sqled_plain"
	pgtle_ok "plain update: the script of 1.3 as shipped (portable/released/1.3)" \
		$up -1 -f "$BUILD/portable/released/1.3/scru128_sql.sql" \
		-c "CREATE SCHEMA app" -c "CREATE TABLE app.kept (id scru128_sql.scru128 DEFAULT scru128_sql.scru128(), n int)" \
		-c "INSERT INTO app.kept (n) SELECT generate_series(1, 10)"
	pgtle_is "plain update: 1.3 is not this version's objects" \
		"$([ "$($up -f "$BUILD/test/pgtle/fingerprint.sql")" != "$fp1" ] && echo differs)" differs
	pgtle_ok "plain update: this version's script over it" $up -1 -f "$plain" -c "INSERT INTO app.kept (n) VALUES (11)"
	pgtle_is "plain update: ... gives the objects of a fresh install" "$($up -f "$BUILD/test/pgtle/fingerprint.sql")" "$fp1"
	pgtle_is "plain update: ... the table keeps its rows" "$($up -c "SELECT count(DISTINCT id) FROM app.kept")" 11
}

# Schema squatting (the plain script refuses a schema, domain, sequence or
# table under its names that another role made first) is the security
# suite's: test/security/300_sqled_objects.pl.

# pg_restore of the dump of tle_up into a new database of the pg_tle cluster
pgtle_restore() {
	as_user createdb -h "$WORK/pgtle-sock" -p "$PGTLE_PORT" tle_restored &&
		as_user pg_restore --exit-on-error -h "$WORK/pgtle-sock" -p "$PGTLE_PORT" -d tle_restored "$WORK/tle_up.dump"
}

# pg_tle on a second cluster (the throwaway one does not preload it)
pgtle_extension() {
	local pgtle="$BUILD/portable/scru128_sql_pgtle.sql" got members version fresh_config
	version=$(sed -n "s/^default_version *= *'\([^']*\)'.*/\1/p" "$BUILD/scru128.control")
	PGTLE_PORT=$((PGPORT + 1))
	mkdir -p "$WORK/pgtle-sock"
	[ "$(id -u)" = 0 ] && chown "$SCRU128_USER" "$WORK/pgtle-sock"
	as_user initdb -D "$WORK/pgtle-data" -A trust -U "$SCRU128_USER" --encoding=UTF8 --locale=C.UTF-8 >/dev/null
	if ! as_user pg_ctl -D "$WORK/pgtle-data" -l "$WORK/pgtle-server.log" -w \
		-o "-p $PGTLE_PORT -k $WORK/pgtle-sock -c listen_addresses='' -c shared_preload_libraries=pg_tle" start >/dev/null; then
		cat "$WORK/pgtle-server.log"
		pgtle_ok "pg_tle: a server with shared_preload_libraries = pg_tle starts" false
		return
	fi
	pgtle_ok "pg_tle: CREATE EXTENSION pg_tle (superuser, once); a pgtle_admin role with CREATE on its database" \
		pgtle_tle "$SCRU128_USER" postgres -c "CREATE DATABASE tle" \
		-c "CREATE ROLE tle_admin LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE" \
		-c "GRANT CREATE ON DATABASE tle TO tle_admin" \
		-c "\\c tle" -c "CREATE EXTENSION pg_tle" -c "GRANT pgtle_admin TO tle_admin"
	pgtle_is "pg_tle: the installing role is not a superuser" \
		"$(pgtle_tle tle_admin tle -c "SELECT rolsuper FROM pg_roles WHERE rolname = current_user")" f
	pgtle_ok "pg_tle: psql -1 -f scru128_sql_pgtle.sql as that role" pgtle_tle tle_admin tle -1 -f "$pgtle"
	pgtle_is "pg_tle: scru128_sql is available in the release's version" \
		"$(pgtle_tle tle_admin tle -c "SELECT default_version FROM pgtle.available_extensions() WHERE name = 'scru128_sql'")" \
		"$(sed -n "s/^default_version *= *'\([^']*\)'.*/\1/p" "$BUILD/scru128.control")"
	# a role with CREATE on the database, not pgtle_admin, may not create it
	# (1.3: it could, own every function and change their bodies)
	pgtle_ok "pg_tle: an untrusted role with CREATE on the database" \
		pgtle_tle "$SCRU128_USER" tle -c "CREATE ROLE tle_untrusted LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE" \
		-c "GRANT CREATE ON DATABASE tle TO tle_untrusted"
	got=$(pgtle_tle tle_untrusted tle -v VERBOSITY=verbose -c "CREATE EXTENSION scru128_sql") || true
	pgtle_is "pg_tle: ... CREATE EXTENSION scru128_sql fails with 42501" \
		"$(grep -c 'ERROR:  42501: permission denied to create extension scru128_sql as role tle_untrusted' <<<"$got")" 1
	pgtle_is "pg_tle: ... and leaves nothing" \
		"$(pgtle_tle tle_admin tle -c "SELECT count(*) FROM pg_extension WHERE extname = 'scru128_sql'" -c "SELECT to_regnamespace('scru128_sql') IS NULL")" "0
t"
	pgtle_ok "pg_tle: CREATE EXTENSION scru128_sql as that role" pgtle_tle tle_admin tle -c "CREATE EXTENSION scru128_sql"
	fresh_config=$(pgtle_tle tle_admin tle -c "SELECT extversion, extconfig::regclass[]::text, extcondition FROM pg_extension WHERE extname = 'scru128_sql'")
	pgtle_is "pg_tle: the extension is recorded in schema public, the first on search_path (doc), and has nothing there" \
		"$(pgtle_tle tle_admin tle -c "SELECT extnamespace::regnamespace FROM pg_extension WHERE extname = 'scru128_sql'" \
			-c "SELECT count(*) FROM pg_depend d JOIN pg_extension e ON d.refobjid = e.oid AND d.refclassid = 'pg_extension'::regclass
				AND e.extname = 'scru128_sql' WHERE d.classid = 'pg_proc'::regclass
				AND (SELECT pronamespace FROM pg_proc WHERE oid = d.objid) = 'public'::regnamespace")" "public
0"
	got=$(pgtle_tle tle_admin tle -c "SELECT scru128_sql.scru128_to_text(scru128_sql.scru128()) ~ '^[0-9a-z]{25}\$'")
	pgtle_is "pg_tle: scru128_to_text(scru128()) gives 25 Base36 digits" "$got" t
	members="SELECT count(*) FROM pg_depend d WHERE d.refclassid = 'pg_extension'::regclass
		AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'scru128_sql') AND d.deptype = 'e'"
	got=$(pgtle_tle tle_admin tle -c "SELECT count(*) FROM (
		SELECT 'pg_proc'::regclass AS c, oid FROM pg_proc WHERE pronamespace = 'scru128_sql'::regnamespace
		UNION ALL SELECT 'pg_type'::regclass, oid FROM pg_type WHERE typnamespace = 'scru128_sql'::regnamespace AND typtype <> 'b'
		UNION ALL SELECT 'pg_class'::regclass, oid FROM pg_class WHERE relnamespace IN ('scru128_sql'::regnamespace, 'scru128_sql_private'::regnamespace) AND relkind IN ('r', 'S', 'v')
		UNION ALL SELECT 'pg_namespace'::regclass, oid FROM pg_namespace WHERE nspname IN ('scru128_sql', 'scru128_sql_private')) o
		WHERE NOT EXISTS ($members AND d.classid = o.c AND d.objid = o.oid)")
	pgtle_is "pg_tle: the schema, its functions, types and relations are members of the extension" "$got" 0
	got=$(pgtle_tle tle_admin tle -f "$BUILD/test/pgtle/fingerprint.sql")
	pgtle_is "pg_tle: the extension's objects are the plain script's" "$got" "$PGTLE_PLAIN_FINGERPRINT"
	pgtle_ok "pg_tle: DROP EXTENSION scru128_sql" pgtle_tle tle_admin tle -c "DROP EXTENSION scru128_sql"
	pgtle_is "pg_tle: ... takes the schema with it" \
		"$(pgtle_tle tle_admin tle -c "SELECT to_regnamespace('scru128_sql') IS NULL")" t
	pgtle_ok "pg_tle: CREATE EXTENSION again, then pgtle.uninstall_extension" pgtle_tle tle_admin tle \
		-c "CREATE EXTENSION scru128_sql" -c "DROP EXTENSION scru128_sql" -c "SELECT pgtle.uninstall_extension('scru128_sql')"
	# an installed 1.3 (the file as shipped) updated: the same as a fresh install
	local up="pgtle_tle tle_admin tle_up" old="$BUILD/portable/released/1.3/scru128_sql_pgtle.sql"
	pgtle_ok "pg_tle update: a database with pg_tle, 1.3 registered and created, a table of it" \
		pgtle_tle "$SCRU128_USER" postgres -c "CREATE DATABASE tle_up" -c "GRANT CREATE ON DATABASE tle_up TO tle_admin" \
		-c "\\c tle_up" -c "CREATE EXTENSION pg_tle" -c "\\c tle_up tle_admin" -c "\\i $old" \
		-c "CREATE EXTENSION scru128_sql" \
		-c "CREATE SCHEMA app" -c "CREATE TABLE app.kept (id scru128_sql.scru128 DEFAULT scru128_sql.scru128(), n int)" \
		-c "INSERT INTO app.kept (n) SELECT generate_series(1, 10)"
	pgtle_is "pg_tle update: ... at 1.3" "$($up -c "SELECT extversion FROM pg_extension WHERE extname = 'scru128_sql'")" 1.3
	pgtle_ok "pg_tle update: this version's file registered beside 1.3" $up -1 -f "$pgtle"
	# 1.3's own script stays while the extension created at 1.3 depends on
	# it (where none does, the file removes it: test/security/210)
	pgtle_is "pg_tle update: ... both versions available, the path 1.3 to this one" \
		"$($up -c "SELECT string_agg(version, ',' ORDER BY version) FROM pgtle.available_extension_versions() WHERE name = 'scru128_sql'" \
			-c "SELECT count(*) FROM pgtle.extension_update_paths('scru128_sql') WHERE source = '1.3' AND target = '$version' AND path IS NOT NULL")" \
		"1.3,$version
1"
	pgtle_ok "pg_tle update: ALTER EXTENSION scru128_sql UPDATE" $up -c "ALTER EXTENSION scru128_sql UPDATE"
	pgtle_is "pg_tle update: ... the extension's version, config tables" \
		"$($up -c "SELECT extversion, extconfig::regclass[]::text, extcondition FROM pg_extension WHERE extname = 'scru128_sql'")" "$fresh_config"
	pgtle_is "pg_tle update: ... the objects of a fresh install" "$($up -f "$BUILD/test/pgtle/fingerprint.sql")" "$PGTLE_PLAIN_FINGERPRINT"
	got=$($up -c "SELECT count(*) FROM (
		SELECT 'pg_proc'::regclass AS c, oid FROM pg_proc WHERE pronamespace = 'scru128_sql'::regnamespace
		UNION ALL SELECT 'pg_type'::regclass, oid FROM pg_type WHERE typnamespace = 'scru128_sql'::regnamespace AND typtype <> 'b'
		UNION ALL SELECT 'pg_class'::regclass, oid FROM pg_class WHERE relnamespace IN ('scru128_sql'::regnamespace, 'scru128_sql_private'::regnamespace) AND relkind IN ('r', 'S', 'v')
		UNION ALL SELECT 'pg_namespace'::regclass, oid FROM pg_namespace WHERE nspname IN ('scru128_sql', 'scru128_sql_private')) o
		WHERE NOT EXISTS ($members AND d.classid = o.c AND d.objid = o.oid)")
	pgtle_is "pg_tle update: ... every object a member of the extension" "$got" 0
	pgtle_is "pg_tle update: ... the table keeps its rows, new ones come" \
		"$($up -c "INSERT INTO app.kept (n) VALUES (11)" -c "SELECT count(DISTINCT id) FROM app.kept")" 11
	# dump and restore as the doc says: into an empty database, the file
	# not run there first (1.3's page said to run it first, and the
	# restore then failed)
	pgtle_ok "pg_tle dump: the node spec set, pg_dump -Fc of that database" \
		$up -c "SELECT scru128_sql.scru64_set_node_spec('6/8')" -c "SELECT scru128_sql.scru64()"
	# public IDs (1.5): pgcrypto created after the extension, bound by its
	# owner from outside the extension script (the member wrappers are
	# replaced in place), a key made in the server; its table is a config
	# table, so the key is dumped and the restore gives the same public ID
	# (pgcrypto is contrib: the pg16 of test/pg16.sh has none, no OpenSSL)
	local pid_before="" pid_check
	if [ "$($up -c "SELECT count(*) FROM pg_available_extensions WHERE name = 'pgcrypto'")" = 1 ]; then
		pgtle_ok "pg_tle dump: pgcrypto, public_id_use_pgcrypto(), a public-ID key made in the server" \
			$up -c "CREATE EXTENSION pgcrypto" -c "SELECT scru128_sql.public_id_use_pgcrypto()" -c "SELECT scru128_sql.public_id_generate_key()"
		pid_before=$($up -c "SELECT scru128_sql.public_id_bigint(42, 'orders')" 2>&1)
		pgtle_is "pg_tle dump: ... the wrappers are still members, the key table a config table" \
			"$($up -c "SELECT count(*) FROM pg_depend d WHERE d.deptype = 'e' AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'scru128_sql')
				AND d.classid = 'pg_proc'::regclass AND d.objid IN ('scru128_sql_private._aes_cbc(bytea,bytea,bytea)'::regprocedure,
					'scru128_sql_private._hmac_sha256(bytea,bytea)'::regprocedure, 'scru128_sql_private._random_bytes(integer)'::regprocedure)" \
				-c "SELECT 'scru128_sql_private.public_id_key'::regclass = ANY (extconfig) FROM pg_extension WHERE extname = 'scru128_sql'")" "3
t"
	elif [ "$PG_MAJOR" != 16 ]; then
		pgtle_ok "pg_tle dump: pgcrypto is installed on $PG_MAJOR (test/lib.sh)" false
	fi
	as_user pg_dump -Fc -h "$WORK/pgtle-sock" -p "$PGTLE_PORT" -d tle_up -f "$WORK/tle_up.dump" 2>"$WORK/tle_dump.log" ||
		cat "$WORK/tle_dump.log" >>"$PGTLE_LOG"
	pgtle_ok "pg_tle dump: pg_restore into a new empty database (doc)" pgtle_restore
	pgtle_is "pg_tle dump: ... the extension, its rows, the node spec and the sequence's state come back" \
		"$(pgtle_tle "$SCRU128_USER" tle_restored -c "SELECT extversion FROM pg_extension WHERE extname = 'scru128_sql'" \
			-c "SELECT count(DISTINCT id) FROM app.kept" -c "SELECT scru128_sql.scru64_node_spec()" \
			-c "SELECT last_value FROM scru128_sql_private.scru64_last")" "$version
11
6/8
$(pgtle_tle "$SCRU128_USER" tle_up -c "SELECT last_value FROM scru128_sql_private.scru64_last")"
	if [ -n "$pid_before" ]; then
		pid_check=$(pgtle_tle "$SCRU128_USER" tle_restored -c "SELECT scru128_sql.public_id_bigint(42, 'orders')" 2>&1)
		pgtle_is "pg_tle dump: ... the public-ID key comes back: the same public ID" "$pid_check" "$pid_before"
	fi
	# pg_tle 1.4 (Supabase) has install_extension(name, version,
	# description, ext, requires DEFAULT NULL) and no schema argument: the
	# calls of the file must resolve against its API as they do against 1.5's
	# (PREPARE resolves them without running pg_tle's C code, which is 1.5's)
	# the two long statements go through files: either exceeds the 128 kB
	# a single command-line argument may have
	awk '/^WITH script\(ext\) AS \(VALUES \($/ { on = 1 } on { print } on && /^FROM script;$/ { exit }' "$pgtle" |
		sed '1s/^WITH /PREPARE install14 AS WITH /' >"$WORK/install14.sql"
	awk '/^SELECT pgtle.install_update_path\(/ { on = 1 } on { print } on && prev ~ /^\$[a-z0-9_]+\$$/ && /^\);$/ { exit } { prev = $0 }' "$pgtle" |
		sed '1s/^SELECT /PREPARE update14 AS SELECT /' >"$WORK/update14.sql"
	[ "$(id -u)" = 0 ] && chown "$SCRU128_USER" "$WORK/install14.sql" "$WORK/update14.sql"
	got=$(pgtle_tle "$SCRU128_USER" postgres -c "CREATE DATABASE tle14" -c "\\c tle14" \
		-c "CREATE EXTENSION pg_tle VERSION '1.4.0'" \
		-c "SELECT extversion FROM pg_extension WHERE extname = 'pg_tle'" \
		-c "SELECT pg_get_function_identity_arguments('pgtle.install_extension'::regproc)" \
		-f "$WORK/install14.sql" -f "$WORK/update14.sql" \
		-c "$(grep "^SELECT pgtle.uninstall_update_path_if_exists(" "$pgtle" | head -1 | sed 's/^SELECT /PREPARE unpath14 AS SELECT /')" \
		-c "$(grep "^SELECT pgtle.set_default_version(" "$pgtle" | sed 's/^SELECT /PREPARE default14 AS SELECT /')" \
		-c "$(awk '/^SELECT pgtle.uninstall_extension\(/ { on = 1 } on { print } on && /;$/ { exit }' "$pgtle" | sed '1s/^SELECT /PREPARE unversion14 AS SELECT /')" \
		-c "SELECT count(*) FROM pg_prepared_statements WHERE name IN ('install14', 'update14', 'unpath14', 'default14', 'unversion14')")
	pgtle_is "pg_tle 1.4's API: the file's calls resolve" "$got" \
		"1.4.0
name text, version text, description text, ext text, requires text[]
5"
}

# the recipe of doc/sql-edition-migration.md, on the throwaway cluster where
# the native extension is installed
pgtle_migrate() {
	local q="pgtle_main sqled_mover sqled_mover" got before index_before
	pgtle_ok "migrate: a role that owns its database, not a superuser" \
		pgtle_main "$SCRU128_USER" postgres -c "CREATE ROLE sqled_mover LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE" \
		-c "CREATE DATABASE sqled_mover OWNER sqled_mover"
	pgtle_ok "migrate: the SQL edition, a table of it, and the native extension beside it" \
		$q -1 -f "$BUILD/portable/scru128_sql.sql" \
		-c "$(pgtle_recipe node-spec)" \
		-c "$(pgtle_recipe table)" \
		-c "INSERT INTO events (payload) SELECT 'row ' || i FROM generate_series(1, 2000) AS i" \
		-c "CREATE TABLE events_before AS SELECT payload, id::uuid AS id, scru128_sql.scru128_to_text(id) AS id_text,
			uuid7, scru64, scru128_sql.scru64_to_text(scru64) AS scru64_text,
			scru160, scru128_sql.scru160_to_text(scru160) AS scru160_text FROM events" \
		-c "$(pgtle_recipe native)"
	pgtle_is "migrate: after step 1, a row from the SQL edition's defaults" \
		"$($q -c "INSERT INTO events (payload) VALUES ('step 1') RETURNING pg_typeof(id), scru64 > 0")" "scru128_sql.scru128|t"
	before=$($q -c "SELECT pg_relation_filenode('events')")
	index_before=$($q -c "SELECT pg_relation_filenode('events_pkey')")
	pgtle_ok "migrate: the SCRU128 and UUIDv7 columns (doc: scru128)" $q -c "$(pgtle_recipe scru128)"
	pgtle_is "migrate: ... rebuilt the primary key's index, with the native operator class" \
		"$($q -c "SELECT pg_relation_filenode('events_pkey') <> $index_before, opcname FROM pg_index
			JOIN pg_opclass ON pg_opclass.oid = indclass[0] WHERE indexrelid = 'events_pkey'::regclass")" "t|scru128_ops"
	pgtle_is "migrate: ... did not rewrite the table (same relfilenode)" "$($q -c "SELECT pg_relation_filenode('events')")" "$before"
	pgtle_is "migrate: ... the column is of the native type" \
		"$($q -c "SELECT atttypid::regtype FROM pg_attribute WHERE attrelid = 'events'::regclass AND attname = 'id'")" \
		"$($q -c "SELECT 'public.scru128'::regtype")"
	got=$($q -c "SELECT count(*) FROM events e JOIN events_before b USING (payload)
		WHERE e.id::uuid = b.id AND e.id::text = b.id_text AND e.uuid7 = b.uuid7")
	pgtle_is "migrate: ... every ID the same bytes, its native text the SQL edition's" "$got" 2000
	got=$($q -c "INSERT INTO events (payload) VALUES ('native') RETURNING id > (SELECT max(id) FROM events WHERE payload <> 'native'),
		pg_typeof(id), scru128_sql.scru128_to_text(id::uuid) = id::text")
	pgtle_is "migrate: ... new rows from the native generator, after the old ones; the SQL edition reads them" \
		"$got" "t|scru128|t"
	before=$($q -c "SELECT pg_relation_filenode('events')")
	pgtle_ok "migrate: the SCRU64 and SCRU160 columns (doc: scru64-scru160)" $q -c "$(pgtle_recipe scru64-scru160)"
	# after step 3 the native scru64() fills the column: it needs the
	# server's node spec, and on 15 and 16 the library preloaded (doc)
	got=$($q -c "INSERT INTO events (payload) VALUES ('step 3 before the node spec')" 2>&1) || true
	pgtle_is "migrate: after step 3, an insert without the server's node spec fails with 55000 (doc)" \
		"$(grep -c 'ERROR:  .*scru64' <<<"$got")" 1
	pgtle_ok "migrate: the server's node spec set (ALTER SYSTEM, reload)" \
		pgtle_main "$SCRU128_USER" postgres -c "LOAD 'scru128'" -c "ALTER SYSTEM SET scru128.scru64_node_spec = '43/8'" -c "SELECT pg_reload_conf()"
	sleep 1
	got=$($q -c "INSERT INTO events (payload) VALUES ('step 3') RETURNING scru64_node_id(scru64, 8)" 2>&1) || true
	if [ "$PG_MAJOR" -ge 17 ]; then
		pgtle_is "migrate: ... then a row from the native scru64() (17 and later: no preload)" "$got" 43
	else
		pgtle_is "migrate: ... still 55000 on $PG_MAJOR: scru128 not in shared_preload_libraries (doc)" \
			"$(grep -c 'shared_preload_libraries' <<<"$got")$(grep -q shared_preload_libraries <<<"$got" || echo " $got")" 1
	fi
	pgtle_ok "migrate: (the server's node spec reset)" \
		pgtle_main "$SCRU128_USER" postgres -c "LOAD 'scru128'" -c "ALTER SYSTEM RESET scru128.scru64_node_spec" -c "SELECT pg_reload_conf()"
	pgtle_is "migrate: ... that rewrote the table (a new relfilenode), as the doc says" \
		"$($q -c "SELECT pg_relation_filenode('events') <> $before")" t
	got=$($q -c "SELECT count(*) FROM events e JOIN events_before b USING (payload)
		WHERE e.scru64::bigint = b.scru64 AND e.scru64::text = b.scru64_text")
	pgtle_is "migrate: ... every SCRU64 the same value, its native text the SQL edition's" "$got" 2000
	got=$($q -c "SELECT count(*) FROM events e JOIN events_before b USING (payload)
		WHERE e.scru160::bytea = b.scru160 AND e.scru160::text = b.scru160_text")
	pgtle_is "migrate: ... every SCRU160 the same bytes, its native text the SQL edition's" "$got" 2000
	pgtle_ok "migrate: the SQL edition removed (doc: uninstall)" $q -c "$(pgtle_recipe uninstall)"
	pgtle_is "migrate: ... the table and its rows stay" "$($q -c "SELECT count(*) FROM events")" \
		"$([ "$PG_MAJOR" -ge 17 ] && echo 2003 || echo 2002)"
}

# migration step 2 with a view and a foreign key on the column (1.3's
# recipe failed there): the doc's blocks, no rewrite of either table
pgtle_view_fk() {
	local q="pgtle_main sqled_mover sqled_viewfk" before got
	pgtle_ok "view-fk: a database of that role with the SQL edition, two tables, a view, the native extension" \
		pgtle_main "$SCRU128_USER" postgres -c "CREATE DATABASE sqled_viewfk OWNER sqled_mover"
	pgtle_ok "view-fk: ... (doc: view-fk-tables)" $q -q -1 -f "$BUILD/portable/scru128_sql.sql" \
		-c "$(pgtle_recipe view-fk-tables)" \
		-c "INSERT INTO public.accounts (name) SELECT 'a' || i FROM generate_series(1, 100) i" \
		-c "INSERT INTO public.payments (account_id, amount) SELECT id, 5 FROM public.accounts, generate_series(1, 3)" \
		-c "$(pgtle_recipe native)"
	got=$($q -c "ALTER TABLE public.accounts ALTER COLUMN id DROP DEFAULT, ALTER COLUMN id TYPE public.scru128 USING id::uuid::public.scru128" 2>&1) || true
	pgtle_is "view-fk: step 2 alone fails on the view" "$(grep -c 'cannot alter type of a column used by a view or rule' <<<"$got")" 1
	before=$($q -c "SELECT pg_relation_filenode('public.accounts') || ',' || pg_relation_filenode('public.payments')")
	got=$($q -c "SELECT string_agg(id::uuid || ':' || total, ',' ORDER BY id::uuid) FROM public.account_totals")
	pgtle_ok "view-fk: the recipe (doc: view-fk)" $q -c "$(pgtle_recipe view-fk)"
	pgtle_is "view-fk: ... neither table rewritten" \
		"$($q -c "SELECT pg_relation_filenode('public.accounts') || ',' || pg_relation_filenode('public.payments')")" "$before"
	pgtle_is "view-fk: ... the columns native, the key valid, the view gives the same rows" \
		"$($q -c "SELECT (SELECT string_agg(format_type(atttypid, NULL), ',' ORDER BY attrelid, attnum) FROM pg_attribute
			WHERE attrelid IN ('public.accounts'::regclass, 'public.payments'::regclass) AND attname IN ('id', 'account_id')),
			(SELECT convalidated FROM pg_constraint WHERE conname = 'payments_account_id_fkey'),
			(SELECT string_agg(id::uuid || ':' || total, ',' ORDER BY id::uuid) FROM public.account_totals) = '$got'")" \
		"scru128,scru128,scru128|t|t"
	got=$($q -c "INSERT INTO public.payments (account_id, amount) VALUES ('00000000-0000-0000-0000-000000000001'::uuid::public.scru128, 1)" 2>&1) || true
	pgtle_is "view-fk: ... the key is enforced" "$(grep -c 'violates foreign key constraint' <<<"$got")" 1
}

suite_pgtle() {
	local archive t0
	PGTLE_LOG="$WORK/pgtle.log"
	PGTLE_N=0
	: >"$PGTLE_LOG"
	python3 "$BUILD/test/pgtle/build_test.py" "$BUILD" >>"$PGTLE_LOG" 2>&1 || true
	PGTLE_N=$(grep -cE '^(not )?ok ' "$PGTLE_LOG" || true)
	# a test file that stopped before its plan line lost its later tests
	grep -q '^1\.\.' "$PGTLE_LOG" || pgtle_ok "build_test.py ran to its end" false
	pgtle_ok "drift: the committed install files are what portable/src gives" \
		python3 "$BUILD/portable/build.py" --check
	# each stage goes on after a failed step (errexit does not reach into
	# a function called on the left of ||): what failed is a "not ok" line
	pgtle_plain || true
	pgtle_migrate || true
	pgtle_view_fk || true
	if ! archive=$(pgtle_archive); then
		record_skipped pgtle-extension "no $PGTLE_ARCHIVE in ../shared/vendor beside the checkout or VENDOR_DIR: pg_tle not tested"
	elif t0=$SECONDS && ! pgtle_build "$archive"; then
		tail -40 "$WORK/pgtle-build.log"
		if [[ " $PGTLE_UNSUPPORTED_MAJORS " == *" $PG_MAJOR "* ]]; then
			record_skipped pgtle-extension "pg_tle does not build on PostgreSQL $PG_MAJOR (the plain script is tested)"
		else
			pgtle_ok "pg_tle: builds on PostgreSQL $PG_MAJOR" false
		fi
	else
		log "pgtle: built $(basename "$archive") in $((SECONDS - t0)) s"
		pgtle_ok "pg_tle: builds on PostgreSQL $PG_MAJOR" true
		trap 'pgtle_stop; stop_cluster' EXIT
		pgtle_extension || true
		pgtle_stop
		trap stop_cluster EXIT
	fi
	grep -E '^(not ok|#)' "$PGTLE_LOG" || true
	record_tap pgtle "$PGTLE_LOG"
}
