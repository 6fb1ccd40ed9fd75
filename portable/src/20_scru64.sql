
-- SCRU64 (v1.0.0) in bigint: 36-bit timestamp in 256 ms ticks, then 24 bits
-- of node_id and counter, as the native scru64 stores it.

-- The native extension's error for a bigint that is no SCRU64 value.
CREATE OR REPLACE FUNCTION scru128_sql._scru64_check(id bigint)
RETURNS bigint LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
BEGIN
	IF id OPERATOR(pg_catalog.<) 0 OR id OPERATOR(pg_catalog.>) 4738381338321616895 THEN
		RAISE EXCEPTION USING ERRCODE = '22003',
			MESSAGE = pg_catalog.format('scru64 value is out of range: %s', id),
			DETAIL = 'value must be between 0 and 4738381338321616895.';
	END IF;
	RETURN id;
END
$fn$;
COMMENT ON FUNCTION scru128_sql._scru64_check(bigint) IS 'internal: the argument, or an error when it is no SCRU64 value';

CREATE OR REPLACE FUNCTION scru128_sql.scru64_to_text(id bigint)
RETURNS pg_catalog.text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
BEGIN
	IF id OPERATOR(pg_catalog.<) 0 OR id OPERATOR(pg_catalog.>) 4738381338321616895 THEN
		PERFORM scru128_sql._scru64_check(id);
	END IF;
	RETURN pg_catalog.translate(scru128_sql._base36_raw12(id), ':;<=>?@ABCDEFGHIJKLMNOPQRS', 'abcdefghijklmnopqrstuvwxyz');
END
$fn$;
COMMENT ON FUNCTION scru128_sql.scru64_to_text(bigint) IS 'the canonical text of a SCRU64 ID: 12 lower-case Base36 digits';

CREATE OR REPLACE FUNCTION scru128_sql.scru64_from_text(t pg_catalog.text)
RETURNS bigint LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
BEGIN
	IF NOT (t OPERATOR(pg_catalog.~) '^[0-9A-Za-z]{12}$') THEN
		PERFORM scru128_sql._base36_error(t, 'scru64', 12);
	END IF;
	RETURN scru128_sql._base36_value12(pg_catalog.textsend(pg_catalog.translate(t,
		'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ', ':;<=>?@ABCDEFGHIJKLMNOPQRS:;<=>?@ABCDEFGHIJKLMNOPQRS')), 0);
END
$fn$;
COMMENT ON FUNCTION scru128_sql.scru64_from_text(pg_catalog.text) IS 'the SCRU64 ID of its text: 12 Base36 digits, either case (22P02 otherwise)';

CREATE OR REPLACE FUNCTION scru128_sql.scru64_timestamp(id bigint)
RETURNS timestamp with time zone LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
SELECT scru128_sql._ms_timestamptz((scru128_sql._scru64_check(id) OPERATOR(pg_catalog.>>) 24) OPERATOR(pg_catalog.<<) 8)
$fn$;
COMMENT ON FUNCTION scru128_sql.scru64_timestamp(bigint) IS 'the start of the 256 ms tick of a SCRU64 ID';

-- A node spec parsed as the native scru128.scru64_node_spec is:
-- {node_id, node_id_size, previous ID (-1 for none)}.
CREATE OR REPLACE FUNCTION scru128_sql._scru64_parse_spec(spec pg_catalog.text)
RETURNS bigint[] LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
DECLARE
	left_part pg_catalog.text := pg_catalog.split_part(spec, '/', 1);
	size_part pg_catalog.text := pg_catalog.substr(spec, pg_catalog.length(left_part) OPERATOR(pg_catalog.+) 2);
	node_id bigint;
	size integer;
	prev bigint := -1;
	problem pg_catalog.text;
BEGIN
	IF pg_catalog.strpos(spec, '/') OPERATOR(pg_catalog.=) 0 OR pg_catalog.strpos(size_part, '/') OPERATOR(pg_catalog.<>) 0
			OR NOT (size_part OPERATOR(pg_catalog.~) '^[0-9]{1,3}$')
			OR NOT (left_part OPERATOR(pg_catalog.~) '^([0-9A-Za-z]{12}|0x[0-9A-Fa-f]{1,6}|[0-9]{1,8})$') THEN
		problem := 'A node spec is <node_id>/<node_id_size>, with node_id in decimal (up to 8 digits) or hexadecimal with 0x (up to 6 digits), or <previous scru64 ID, 12 Base36 digits>/<node_id_size>.';
	ELSE
		size := size_part::integer;
		IF size OPERATOR(pg_catalog.<) 1 OR size OPERATOR(pg_catalog.>) 23 THEN
			problem := 'node_id_size must be between 1 and 23.';
		ELSIF pg_catalog.length(left_part) OPERATOR(pg_catalog.=) 12 THEN
			prev := scru128_sql.scru64_from_text(left_part);
			node_id := (prev OPERATOR(pg_catalog.&) 16777215) OPERATOR(pg_catalog.>>) (24 OPERATOR(pg_catalog.-) size);
			IF (prev OPERATOR(pg_catalog.>>) 24) OPERATOR(pg_catalog.>=) 282429536480 THEN
				problem := 'The previous ID is in the last tick, which is reserved: no ID can follow it.';
			END IF;
		ELSE
			IF pg_catalog.left(left_part, 2) OPERATOR(pg_catalog.=) '0x' THEN
				node_id := ('x' OPERATOR(pg_catalog.||) pg_catalog.lpad(pg_catalog.substr(left_part, 3), 8, '0'))::bit(32)::bigint;
			ELSE
				node_id := left_part::bigint;
			END IF;
			IF node_id OPERATOR(pg_catalog.>=) (1::bigint OPERATOR(pg_catalog.<<) size) THEN
				problem := 'node_id does not fit in node_id_size bits.';
			END IF;
		END IF;
	END IF;
	IF problem IS NOT NULL THEN
		RAISE EXCEPTION USING ERRCODE = '22023',
			MESSAGE = pg_catalog.format('invalid scru64 node spec: "%s"', spec),
			DETAIL = problem,
			HINT = 'Examples: ''42/8'', ''0xb00/12'', ''0u2r85hm2pt3/16''; node_id_size is 1 to 23.';
	END IF;
	RETURN ARRAY[node_id, size, prev];
END
$fn$;
COMMENT ON FUNCTION scru128_sql._scru64_parse_spec(pg_catalog.text) IS 'internal: {node_id, node_id_size, previous ID or -1} of a node spec';

CREATE OR REPLACE FUNCTION scru128_sql.scru64_node_spec(node_spec pg_catalog.text)
RETURNS pg_catalog.text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
DECLARE
	p bigint[] := scru128_sql._scru64_parse_spec(node_spec);
BEGIN
	-- a previous ID of timestamp 0 says no more than its node_id
	IF p[3] OPERATOR(pg_catalog.>) 0 AND (p[3] OPERATOR(pg_catalog.>>) 24) OPERATOR(pg_catalog.>) 0 THEN
		RETURN (scru128_sql.scru64_to_text(p[3]) OPERATOR(pg_catalog.||) '/') OPERATOR(pg_catalog.||) p[2]::pg_catalog.text;
	END IF;
	RETURN (p[1]::pg_catalog.text OPERATOR(pg_catalog.||) '/') OPERATOR(pg_catalog.||) p[2]::pg_catalog.text;
END
$fn$;
COMMENT ON FUNCTION scru128_sql.scru64_node_spec(pg_catalog.text) IS 'the canonical form of a node spec, or an error explaining why it is refused';

-- What scru64() locks and reads lives in a schema of its own that no
-- other role may use: a role that can name a relation can lock it, whatever
-- its privileges, because PostgreSQL takes a relation's lock before it
-- checks them.  PREPARE of an INSERT, UPDATE or DELETE, or a pg_temp SQL
-- function whose body is one, holds ROW EXCLUSIVE until the transaction
-- ends (privileges are checked only when the statement runs); CREATE
-- TRIGGER, CREATE RULE or CREATE TABLE ... PARTITION OF queue a stronger
-- lock before they fail, and every later lock request on that relation
-- waits behind them; a role granted UPDATE may LOCK TABLE it.  Without
-- USAGE on the schema the name is refused before any lock: only the owner
-- of the SQL edition (and its members), superusers, and roles the owner
-- grants USAGE on this schema can stall scru64().  The plain script
-- refuses a schema of this name that another role made.
-- plain-only begin
DO $do$
DECLARE
	other pg_catalog.name;
BEGIN
	SELECT pg_catalog.pg_get_userbyid(n.nspowner) INTO other FROM pg_catalog.pg_namespace n
		WHERE n.nspname OPERATOR(pg_catalog.=) 'scru128_sql_private' AND n.nspowner OPERATOR(pg_catalog.<>) (SELECT r.oid FROM pg_catalog.pg_roles r WHERE r.rolname OPERATOR(pg_catalog.=) CURRENT_USER);
	IF FOUND THEN
		RAISE EXCEPTION USING ERRCODE = '42501',
			MESSAGE = pg_catalog.format('schema scru128_sql_private already exists and is owned by role %I, not by %I', other, CURRENT_USER),
			HINT = 'That role could lock or change what scru128_sql.scru64() uses.  Install as the schema''s owner, or drop the schema (after checking what is in it) and run the script again.';
	END IF;
	IF pg_catalog.to_regnamespace('scru128_sql_private') IS NULL THEN
		CREATE SCHEMA scru128_sql_private;
	END IF;
END
$do$;
-- plain-only end
-- extension-only begin
-- CREATE SCHEMA scru128_sql_private;
-- extension-only end
REVOKE ALL ON SCHEMA scru128_sql_private FROM PUBLIC;
COMMENT ON SCHEMA scru128_sql_private IS 'scru128 SQL edition: the state of scru128_sql.scru64(), for its owner only (no other role may name what is in it, so none can lock it)';

-- The last SCRU64 ID issued in this database (whatever node spec issued
-- it): a sequence, because setval() survives ROLLBACK.  Only scru64() (a
-- SECURITY DEFINER function) reads or sets it.
-- plain-only begin
CREATE SEQUENCE IF NOT EXISTS scru128_sql_private.scru64_last AS bigint MINVALUE 0 START 0 NO CYCLE;
-- plain-only end
-- extension-only begin
-- CREATE SEQUENCE scru128_sql_private.scru64_last AS bigint MINVALUE 0 START 0 NO CYCLE;
-- SELECT pg_catalog.pg_extension_config_dump('scru128_sql_private.scru64_last', '');
-- extension-only end
REVOKE ALL ON SEQUENCE scru128_sql_private.scru64_last FROM PUBLIC;
COMMENT ON SEQUENCE scru128_sql_private.scru64_last IS 'the last SCRU64 ID that scru128_sql.scru64() issued in this database';

-- 1.3 kept that ID in scru128_sql.scru64_last, which any role can name:
-- carry it over, so that IDs go on increasing, and drop it (and, in an
-- update of the extension, its membership first, which takes it out of
-- the dumped configuration too).  The plain script has checked
-- (00_schema.sql) that one there is the installing role's.
DO $do$
DECLARE
	old pg_catalog.oid;
	last bigint;
BEGIN
	SELECT c.oid INTO old FROM pg_catalog.pg_class c
		WHERE c.relnamespace OPERATOR(pg_catalog.=) pg_catalog.to_regnamespace('scru128_sql') AND c.relname OPERATOR(pg_catalog.=) 'scru64_last'
			AND c.relkind OPERATOR(pg_catalog.=) 'S';
	IF old IS NULL THEN
		RETURN;
	END IF;
	last := pg_catalog.pg_sequence_last_value(old::pg_catalog.regclass);
	IF last OPERATOR(pg_catalog.>) COALESCE(pg_catalog.pg_sequence_last_value('scru128_sql_private.scru64_last'::pg_catalog.regclass), -1) THEN
		PERFORM pg_catalog.setval('scru128_sql_private.scru64_last'::pg_catalog.regclass, last, true);
	END IF;
	IF EXISTS (SELECT FROM pg_catalog.pg_depend d WHERE d.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_class'::pg_catalog.regclass
			AND d.objid OPERATOR(pg_catalog.=) old AND d.deptype OPERATOR(pg_catalog.=) 'e') THEN
		ALTER EXTENSION scru128_sql DROP SEQUENCE scru128_sql.scru64_last;
	END IF;
	DROP SEQUENCE scru128_sql.scru64_last;
END
$do$;

-- This database's node spec: one row (or none: then the database's ALTER
-- DATABASE ... SET value is used, as in 1.3), written only through
-- scru128_sql.scru64_set_node_spec(), read by scru64() and
-- scru64_node_spec().  A value of the setting scru128_sql.scru64_node_spec
-- set in a session (SET, PGOPTIONS, ALTER ROLE ... SET) is not used: any
-- role could set it, and behind a pooler a session's SET reaches other
-- clients.  The roles that may set the spec get EXECUTE on the setter,
-- not a privilege on this table, so none of them can lock it.
-- plain-only begin
CREATE TABLE IF NOT EXISTS scru128_sql_private.scru64_node (
	one boolean PRIMARY KEY DEFAULT true CHECK (one),
	node_spec pg_catalog.text CHECK (node_spec IS NULL OR scru128_sql.scru64_node_spec(node_spec) IS NOT NULL)
);
-- plain-only end
-- extension-only begin
-- CREATE TABLE scru128_sql_private.scru64_node (
-- 	one boolean PRIMARY KEY DEFAULT true CHECK (one),
-- 	node_spec pg_catalog.text CHECK (node_spec IS NULL OR scru128_sql.scru64_node_spec(node_spec) IS NOT NULL)
-- );
-- SELECT pg_catalog.pg_extension_config_dump('scru128_sql_private.scru64_node', '');
-- extension-only end
REVOKE ALL ON TABLE scru128_sql_private.scru64_node FROM PUBLIC;
COMMENT ON TABLE scru128_sql_private.scru64_node IS 'this database''s SCRU64 node spec for scru128_sql.scru64() (one row; set with scru128_sql.scru64_set_node_spec())';

-- What scru64() locks (SHARE ROW EXCLUSIVE) from reading the last ID to
-- setting the next: a table without columns or rows (so without an index
-- whose OID could be handed to a function that locks the table behind it).
-- plain-only begin
CREATE TABLE IF NOT EXISTS scru128_sql_private.scru64_lock ();
-- plain-only end
-- extension-only begin
-- CREATE TABLE scru128_sql_private.scru64_lock ();
-- extension-only end
REVOKE ALL ON TABLE scru128_sql_private.scru64_lock FROM PUBLIC;
COMMENT ON TABLE scru128_sql_private.scru64_lock IS 'the lock scru128_sql.scru64() holds while it computes the next ID (no columns, no rows)';

-- The value of ALTER DATABASE ... SET scru128_sql.scru64_node_spec for this
-- database (for all roles), or NULL: 1.3's way to set the node, which needs
-- a superuser (or GRANT SET ON PARAMETER), so it is trusted as the table is.
CREATE OR REPLACE FUNCTION scru128_sql._scru64_database_spec()
RETURNS pg_catalog.text LANGUAGE sql STABLE PARALLEL SAFE AS $fn$
SELECT pg_catalog.substr(c, 30)
FROM pg_catalog.pg_db_role_setting s, pg_catalog.unnest(s.setconfig) c
WHERE s.setrole OPERATOR(pg_catalog.=) 0
	AND s.setdatabase OPERATOR(pg_catalog.=) (SELECT d.oid FROM pg_catalog.pg_database d WHERE d.datname OPERATOR(pg_catalog.=) pg_catalog.current_database())
	AND pg_catalog.left(c, 29) OPERATOR(pg_catalog.=) 'scru128_sql.scru64_node_spec='
$fn$;
COMMENT ON FUNCTION scru128_sql._scru64_database_spec() IS 'internal: this database''s ALTER DATABASE ... SET value of scru128_sql.scru64_node_spec, or NULL';

CREATE OR REPLACE FUNCTION scru128_sql.scru64_node_spec()
RETURNS pg_catalog.text LANGUAGE sql STABLE PARALLEL SAFE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $fn$
SELECT scru128_sql.scru64_node_spec(COALESCE((SELECT n.node_spec FROM scru128_sql_private.scru64_node n), scru128_sql._scru64_database_spec()))
$fn$;
COMMENT ON FUNCTION scru128_sql.scru64_node_spec() IS 'the canonical form of this database''s node spec (set by scru128_sql.scru64_set_node_spec(), else ALTER DATABASE ... SET), NULL when unset';

-- Sets this database's node spec (stored in its canonical form; NULL
-- removes it) and returns scru64_node_spec().  Executable by the owner
-- only, and by the roles it grants EXECUTE: such a role's open
-- transaction holds only the row it wrote, which scru64() reads without
-- waiting.
CREATE OR REPLACE FUNCTION scru128_sql.scru64_set_node_spec(spec pg_catalog.text)
RETURNS pg_catalog.text LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $fn$
BEGIN
	IF spec IS NULL THEN
		DELETE FROM scru128_sql_private.scru64_node;
	ELSE
		INSERT INTO scru128_sql_private.scru64_node (one, node_spec) VALUES (true, scru128_sql.scru64_node_spec(spec))
			ON CONFLICT (one) DO UPDATE SET node_spec = excluded.node_spec;
	END IF;
	RETURN scru128_sql.scru64_node_spec();
END
$fn$;
REVOKE ALL ON FUNCTION scru128_sql.scru64_set_node_spec(pg_catalog.text) FROM PUBLIC;
COMMENT ON FUNCTION scru128_sql.scru64_set_node_spec(pg_catalog.text) IS 'sets this database''s node spec for scru128_sql.scru64() (NULL removes it; 22023 for a bad spec); the owner''s, and the roles it grants EXECUTE';

-- The database's SCRU64 generator, the native rules (scru64_core.c) run on
-- the last ID issued in this database.  Every call holds the lock on
-- scru128_sql_private.scru64_lock from reading that ID to setting the next,
-- so IDs increase in the order they are issued across all sessions;
-- setval() is not undone by ROLLBACK.  The lock is taken in the block's
-- subtransaction and the block ends by raising S6401, which rolls the
-- subtransaction back: that releases the lock at once (a transaction-level
-- lock would serialize every caller's whole transaction) and keeps
-- setval().  A cancel, a timeout or an error anywhere also ends the
-- subtransaction, so no lock outlives the call.  A wait for a lock (the
-- node spec's table, the lock, the sequence; none of them can another role
-- name, see above) ends after lock_timeout (5 s, the SET clause) with 55P03
-- naming the processes that hold one.  Like the native generator it waits
-- for the clock (at most 40 ticks) when it ran ahead of it.
CREATE OR REPLACE FUNCTION scru128_sql.scru64()
RETURNS bigint LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp SET lock_timeout = '5s' AS $fn$
DECLARE
	session_spec pg_catalog.text;
	db_spec pg_catalog.text;
	spec pg_catalog.text;
	p bigint[];
	counter_size integer;
	node_bits bigint;
	now_ms bigint;
	tick bigint;
	deadline bigint;
	prev bigint;
	prev_ts bigint;
	prev_node bigint;
	next_id bigint;
	wait_ms bigint;
	holders pg_catalog.text;
BEGIN
	LOOP
		now_ms := pg_catalog.floor(EXTRACT(epoch FROM pg_catalog.clock_timestamp()) OPERATOR(pg_catalog.*) 1000)::bigint;
		tick := now_ms OPERATOR(pg_catalog.>>) 8;
		deadline := COALESCE(deadline, now_ms OPERATOR(pg_catalog.+) 10240);
		IF tick OPERATOR(pg_catalog.<) 1 OR tick OPERATOR(pg_catalog.>=) 282429536480 THEN
			RAISE EXCEPTION USING ERRCODE = '22008',
				MESSAGE = pg_catalog.format('system clock is outside the range scru64 can represent: "%s"', pg_catalog.clock_timestamp());
		END IF;
		wait_ms := 0;
		BEGIN
			SELECT n.node_spec INTO spec FROM scru128_sql_private.scru64_node n;
			IF spec IS NULL THEN
				db_spec := scru128_sql._scru64_database_spec();
				spec := db_spec;
			END IF;
			IF spec IS NULL OR spec OPERATOR(pg_catalog.=) '' THEN
				session_spec := pg_catalog.current_setting('scru128_sql.scru64_node_spec', true);
				RAISE EXCEPTION USING ERRCODE = '55000',
					MESSAGE = 'scru128_sql.scru64_node_spec is not set',
					DETAIL = 'scru64() needs the node ID of this database, set with scru128_sql.scru64_set_node_spec().'
						OPERATOR(pg_catalog.||) CASE WHEN session_spec OPERATOR(pg_catalog.<>) '' AND session_spec IS DISTINCT FROM db_spec
							THEN pg_catalog.format(' The value "%s" of this session (SET, PGOPTIONS, ALTER ROLE ... SET) is not used since 1.4: any role could set it, and behind a pooler it leaks to other clients.', session_spec)
							ELSE '' END,
					HINT = 'The owner of the SQL edition (or a role it granted EXECUTE on that function) sets it: SELECT scru128_sql.scru64_set_node_spec(''42/8'') (see doc/sql-edition.md).';
			END IF;
			p := scru128_sql._scru64_parse_spec(spec);
			counter_size := 24 OPERATOR(pg_catalog.-) p[2]::integer;
			node_bits := p[1] OPERATOR(pg_catalog.<<) counter_size;
			IF p[3] OPERATOR(pg_catalog.>) 0 AND (p[3] OPERATOR(pg_catalog.>>) 24) OPERATOR(pg_catalog.>) (tick OPERATOR(pg_catalog.+) 40) THEN
				RAISE EXCEPTION USING ERRCODE = '22023',
					MESSAGE = 'the previous ID of scru128_sql.scru64_node_spec is ahead of the clock',
					DETAIL = pg_catalog.format('Its tick starts at %s; scru64() runs at most 10240 ms (40 ticks) ahead of the clock.',
						scru128_sql.scru64_timestamp(p[3])),
					HINT = 'Set the node spec to <node_id>/<node_id_size>, or to a previous ID that is not ahead of the clock.';
			END IF;
			LOCK TABLE scru128_sql_private.scru64_lock IN SHARE ROW EXCLUSIVE MODE;
			prev := GREATEST(COALESCE(pg_catalog.pg_sequence_last_value('scru128_sql_private.scru64_last'::pg_catalog.regclass), 0), p[3]);
			prev_ts := prev OPERATOR(pg_catalog.>>) 24;
			prev_node := (prev OPERATOR(pg_catalog.&) 16777215) OPERATOR(pg_catalog.>>) counter_size;
			next_id := NULL;
			IF tick OPERATOR(pg_catalog.>) prev_ts THEN
				next_id := (tick OPERATOR(pg_catalog.<<) 24) OPERATOR(pg_catalog.|) node_bits;
			ELSIF (tick OPERATOR(pg_catalog.+) 39) OPERATOR(pg_catalog.<) prev_ts THEN
				-- the clock is behind the last ID by more than the allowance
				wait_ms := ((prev_ts OPERATOR(pg_catalog.-) 39) OPERATOR(pg_catalog.<<) 8) OPERATOR(pg_catalog.-) now_ms;
			ELSIF prev_node OPERATOR(pg_catalog.=) p[1] AND ((prev OPERATOR(pg_catalog.&) ((1::bigint OPERATOR(pg_catalog.<<) counter_size) OPERATOR(pg_catalog.-) 1)) OPERATOR(pg_catalog.+) 1) OPERATOR(pg_catalog.<) (1::bigint OPERATOR(pg_catalog.<<) counter_size) THEN
				next_id := prev OPERATOR(pg_catalog.+) 1;
			ELSIF prev_node OPERATOR(pg_catalog.<) p[1] THEN
				-- another spec's ID below all of ours in this tick
				next_id := (prev_ts OPERATOR(pg_catalog.<<) 24) OPERATOR(pg_catalog.|) node_bits;
			ELSE
				-- counter overflow, or another spec's ID above ours: next tick
				next_id := ((prev_ts OPERATOR(pg_catalog.+) 1) OPERATOR(pg_catalog.<<) 24) OPERATOR(pg_catalog.|) node_bits;
			END IF;
			IF next_id IS NOT NULL AND next_id OPERATOR(pg_catalog.<>) (prev OPERATOR(pg_catalog.+) 1) THEN
				-- a new counter: random, one bit short from node_id_size 20 on
				next_id := next_id OPERATOR(pg_catalog.|) (('x' OPERATOR(pg_catalog.||) pg_catalog.left(pg_catalog.gen_random_uuid()::pg_catalog.text, 8))::bit(32)::bigint
					OPERATOR(pg_catalog.&) ((1::bigint OPERATOR(pg_catalog.<<) (counter_size OPERATOR(pg_catalog.-) (CASE WHEN p[2] OPERATOR(pg_catalog.>=) 20 THEN 1 ELSE 0 END))) OPERATOR(pg_catalog.-) 1));
			END IF;
			IF next_id IS NOT NULL THEN
				IF (next_id OPERATOR(pg_catalog.>>) 24) OPERATOR(pg_catalog.>=) 282429536480 THEN
					RAISE EXCEPTION USING ERRCODE = '22008',
						MESSAGE = 'scru64 counter exhausted in the last representable tick';
				END IF;
				PERFORM pg_catalog.setval('scru128_sql_private.scru64_last'::pg_catalog.regclass, next_id, true);
			END IF;
			-- roll the block back: releases the lock, keeps setval()
			RAISE SQLSTATE 'S6401';
		EXCEPTION
			WHEN SQLSTATE 'S6401' THEN
				NULL;
			WHEN lock_not_available THEN
				-- who holds a lock that scru64() waits for: a conflicting
				-- one on the lock table or the sequence, or an ACCESS
				-- EXCLUSIVE on the node spec's table
				SELECT pg_catalog.string_agg(DISTINCT l.pid::pg_catalog.text, ', ' ORDER BY l.pid::pg_catalog.text) INTO holders FROM pg_catalog.pg_locks l
					WHERE l.locktype OPERATOR(pg_catalog.=) 'relation' AND l.granted AND l.pid OPERATOR(pg_catalog.<>) pg_catalog.pg_backend_pid()
						AND l.database OPERATOR(pg_catalog.=) (SELECT d.oid FROM pg_catalog.pg_database d WHERE d.datname OPERATOR(pg_catalog.=) pg_catalog.current_database())
						AND ((l.relation OPERATOR(pg_catalog.=) 'scru128_sql_private.scru64_lock'::pg_catalog.regclass AND l.mode OPERATOR(pg_catalog.<>) 'AccessShareLock')
							OR (l.relation OPERATOR(pg_catalog.=) 'scru128_sql_private.scru64_last'::pg_catalog.regclass AND l.mode OPERATOR(pg_catalog.<>) ALL (ARRAY['AccessShareLock', 'RowShareLock', 'RowExclusiveLock']))
							OR (l.relation OPERATOR(pg_catalog.=) 'scru128_sql_private.scru64_node'::pg_catalog.regclass AND l.mode OPERATOR(pg_catalog.=) 'AccessExclusiveLock'));
				RAISE EXCEPTION USING ERRCODE = '55P03',
					MESSAGE = 'scru64() waited 5 s for this database''s generator and gave up',
					DETAIL = pg_catalog.format('A lock on scru128_sql_private.scru64_lock, scru64_last or scru64_node is held by process %s.', COALESCE(holders, '(none now)')),
					HINT = 'A scru64() call holds its lock for microseconds.  No role can name those relations but the owner of the SQL edition (and its members), superusers, and roles the owner granted USAGE on schema scru128_sql_private: one of them holds the lock in an open transaction.  pg_stat_activity shows that process''s role and query; end its transaction or pg_terminate_backend() it.';
		END;
		IF next_id IS NOT NULL THEN
			RETURN next_id;
		END IF;
		IF (prev_ts OPERATOR(pg_catalog.-) 39) OPERATOR(pg_catalog.<<) 8 OPERATOR(pg_catalog.>) deadline THEN
			RAISE EXCEPTION USING ERRCODE = '55000',
				MESSAGE = 'scru64 generator is ahead of the clock by more than it may wait',
				DETAIL = pg_catalog.format('The last ID issued in this database is in the tick starting at %s; scru64() waits at most 10240 ms for the clock.',
					scru128_sql.scru64_timestamp(prev)),
				HINT = 'The system clock went back: scru64() works again once the clock is within 10 s of that time.';
		END IF;
		PERFORM pg_catalog.pg_sleep(LEAST(GREATEST(wait_ms, 1), 64)::double precision OPERATOR(pg_catalog./) 1000);
	END LOOP;
END
$fn$;
COMMENT ON FUNCTION scru128_sql.scru64() IS 'new SCRU64 ID from this database''s generator (node from scru128_sql.scru64_node_spec()), increasing across all its sessions';
