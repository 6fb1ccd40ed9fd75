
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

CREATE OR REPLACE FUNCTION scru128_sql.scru64_node_spec()
RETURNS pg_catalog.text LANGUAGE sql STABLE PARALLEL SAFE AS $fn$
SELECT CASE WHEN s OPERATOR(pg_catalog.<>) '' THEN scru128_sql.scru64_node_spec(s) END
FROM pg_catalog.current_setting('scru128_sql.scru64_node_spec', true) s
$fn$;
COMMENT ON FUNCTION scru128_sql.scru64_node_spec() IS 'the canonical form of the setting scru128_sql.scru64_node_spec, NULL when unset';

-- The last SCRU64 ID issued in this database (whatever node spec issued
-- it): a sequence, because setval() survives ROLLBACK.  Only scru64() (a
-- SECURITY DEFINER function) may read or set it.  The plain script has
-- checked (00_schema.sql) that one already there is the installing role's.
-- plain-only begin
CREATE SEQUENCE IF NOT EXISTS scru128_sql.scru64_last AS bigint MINVALUE 0 START 0 NO CYCLE;
-- plain-only end
-- extension-only begin
-- CREATE SEQUENCE scru128_sql.scru64_last AS bigint MINVALUE 0 START 0 NO CYCLE;
-- SELECT pg_catalog.pg_extension_config_dump('scru128_sql.scru64_last', '');
-- extension-only end
REVOKE ALL ON SEQUENCE scru128_sql.scru64_last FROM PUBLIC;
COMMENT ON SEQUENCE scru128_sql.scru64_last IS 'the last SCRU64 ID that scru128_sql.scru64() issued in this database';

-- The database's SCRU64 generator, the native rules (scru64_core.c) run on
-- the last ID issued in this database.  Every call holds the session-level
-- advisory lock (1396920917, 64) from reading that ID to setting the next,
-- so IDs increase in the order they are issued across all sessions; the
-- lock, the read and setval() are not undone by ROLLBACK, and an error
-- inside releases the lock.  Like the native generator it waits for the
-- clock (at most 40 ticks) when it ran ahead of it.
CREATE OR REPLACE FUNCTION scru128_sql.scru64()
RETURNS bigint LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $fn$
DECLARE
	spec pg_catalog.text := pg_catalog.current_setting('scru128_sql.scru64_node_spec', true);
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
BEGIN
	IF spec IS NULL OR spec OPERATOR(pg_catalog.=) '' THEN
		RAISE EXCEPTION USING ERRCODE = '55000',
			MESSAGE = 'scru128_sql.scru64_node_spec is not set',
			DETAIL = 'scru64() needs the node ID of this database.',
			HINT = 'Set it for the database, e.g. ALTER DATABASE mydb SET scru128_sql.scru64_node_spec = ''42/8'' (see doc/sql-edition.md).';
	END IF;
	p := scru128_sql._scru64_parse_spec(spec);
	counter_size := 24 OPERATOR(pg_catalog.-) p[2]::integer;
	node_bits := p[1] OPERATOR(pg_catalog.<<) counter_size;
	LOOP
		now_ms := pg_catalog.floor(EXTRACT(epoch FROM pg_catalog.clock_timestamp()) OPERATOR(pg_catalog.*) 1000)::bigint;
		tick := now_ms OPERATOR(pg_catalog.>>) 8;
		deadline := COALESCE(deadline, now_ms OPERATOR(pg_catalog.+) 10240);
		IF tick OPERATOR(pg_catalog.<) 1 OR tick OPERATOR(pg_catalog.>=) 282429536480 THEN
			RAISE EXCEPTION USING ERRCODE = '22008',
				MESSAGE = pg_catalog.format('system clock is outside the range scru64 can represent: "%s"', pg_catalog.clock_timestamp());
		END IF;
		IF p[3] OPERATOR(pg_catalog.>) 0 AND (p[3] OPERATOR(pg_catalog.>>) 24) OPERATOR(pg_catalog.>) (tick OPERATOR(pg_catalog.+) 40) THEN
			RAISE EXCEPTION USING ERRCODE = '22023',
				MESSAGE = 'the previous ID of scru128_sql.scru64_node_spec is ahead of the clock',
				DETAIL = pg_catalog.format('Its tick starts at %s; scru64() runs at most 10240 ms (40 ticks) ahead of the clock.',
					scru128_sql.scru64_timestamp(p[3])),
				HINT = 'Set scru128_sql.scru64_node_spec to <node_id>/<node_id_size>, or to a previous ID that is not ahead of the clock.';
		END IF;
		wait_ms := 0;
		PERFORM pg_catalog.pg_advisory_lock(1396920917, 64);
		BEGIN
			prev := GREATEST(COALESCE(pg_catalog.pg_sequence_last_value('scru128_sql.scru64_last'::pg_catalog.regclass), 0), p[3]);
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
				PERFORM pg_catalog.setval('scru128_sql.scru64_last'::pg_catalog.regclass, next_id, true);
			END IF;
			PERFORM pg_catalog.pg_advisory_unlock(1396920917, 64);
		EXCEPTION WHEN OTHERS OR query_canceled THEN
			PERFORM pg_catalog.pg_advisory_unlock(1396920917, 64);
			RAISE;
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
COMMENT ON FUNCTION scru128_sql.scru64() IS 'new SCRU64 ID from this database''s generator (node from the setting scru128_sql.scru64_node_spec), increasing across all its sessions';
