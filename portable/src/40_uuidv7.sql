
-- UUIDv7 as PostgreSQL 18's uuidv7() makes it: 48-bit Unix milliseconds,
-- then 12 bits of sub-millisecond time, then 62 random bits.  Its clock
-- never repeats a reading: each value is at least 245 ns (1 ms / 4096,
-- rounded up) after the last one of the session, kept in the setting
-- scru128_sql.uuidv7_state (transactional, like scru128()'s; a state more
-- than 10 s ahead of the clock is dropped, as scru128()'s).  The session
-- clock here has microseconds (clock_timestamp()), core's nanoseconds.

-- The next reading of the session's ascending clock, in Unix nanoseconds.
CREATE OR REPLACE FUNCTION scru128_sql._uuidv7_clock_ns()
RETURNS bigint LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE AS $fn$
DECLARE
	now_ns bigint := (EXTRACT(epoch FROM pg_catalog.clock_timestamp()) OPERATOR(pg_catalog.*) 1000000000)::bigint;
	s pg_catalog.text := pg_catalog.current_setting('scru128_sql.uuidv7_state', true);
	-- "nanoseconds:k"; a state without the ":k" is no state (as scru128()'s)
	prev_ns bigint := CASE WHEN pg_catalog.split_part(s, ':', 2) OPERATOR(pg_catalog.=) 'k' THEN '0' OPERATOR(pg_catalog.||) pg_catalog.split_part(s, ':', 1) ELSE '0' END;
BEGIN
	-- the clock has not passed the last value, which is at most 10 s ahead
	-- (a state further ahead, set by hand or leaked by a pooler from
	-- another client, is no state)
	IF prev_ns OPERATOR(pg_catalog.>=) (now_ns OPERATOR(pg_catalog.-) 245) AND prev_ns OPERATOR(pg_catalog.<=) (now_ns OPERATOR(pg_catalog.+) 10000000000) THEN
		now_ns := prev_ns OPERATOR(pg_catalog.+) 245;
	END IF;
	s := pg_catalog.set_config('scru128_sql.uuidv7_state', now_ns::pg_catalog.text OPERATOR(pg_catalog.||) ':k', false);
	RETURN now_ns;
END
$fn$;
COMMENT ON FUNCTION scru128_sql._uuidv7_clock_ns() IS 'internal: the session''s ascending clock for uuidv7(), in Unix nanoseconds';

-- A version 7 UUID of a Unix millisecond and 12-bit sub-millisecond field;
-- the variant and the 62 random bits are the last 16 hex digits of a v4.
CREATE OR REPLACE FUNCTION scru128_sql._uuidv7_pack(ms bigint, sub_ms bigint)
RETURNS pg_catalog.uuid LANGUAGE sql VOLATILE PARALLEL SAFE AS $fn$
SELECT (((pg_catalog.lpad(pg_catalog.to_hex(ms), 12, '0') OPERATOR(pg_catalog.||) '7') OPERATOR(pg_catalog.||) pg_catalog.lpad(pg_catalog.to_hex(sub_ms), 3, '0'))
	OPERATOR(pg_catalog.||) pg_catalog.right(pg_catalog.gen_random_uuid()::pg_catalog.text, 17))::pg_catalog.uuid
$fn$;
COMMENT ON FUNCTION scru128_sql._uuidv7_pack(bigint, bigint) IS 'internal: a version 7 UUID of its time fields and random bits';

CREATE OR REPLACE FUNCTION scru128_sql.uuidv7()
RETURNS pg_catalog.uuid LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE AS $fn$
DECLARE
	ns bigint := scru128_sql._uuidv7_clock_ns();
BEGIN
	RETURN scru128_sql._uuidv7_pack(ns OPERATOR(pg_catalog./) 1000000, ((ns OPERATOR(pg_catalog.%) 1000000) OPERATOR(pg_catalog.<<) 12) OPERATOR(pg_catalog./) 1000000);
END
$fn$;
COMMENT ON FUNCTION scru128_sql.uuidv7() IS 'new version 7 UUID as PostgreSQL 18''s uuidv7(): increasing within the session';

-- As PostgreSQL 18: the shifted time is computed in microseconds through
-- timestamptz + interval (months and days follow the session's time zone),
-- and the clock's sub-microsecond part is kept.
CREATE OR REPLACE FUNCTION scru128_sql.uuidv7(shift interval)
RETURNS pg_catalog.uuid LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE AS $fn$
DECLARE
	ns bigint;
	t timestamp with time zone;
	us numeric;
BEGIN
	IF NOT pg_catalog.isfinite(shift) THEN
		RAISE EXCEPTION USING ERRCODE = '22008',
			MESSAGE = 'interval out of range for UUID version 7',
			DETAIL = 'UUID version 7 does not support infinite intervals.';
	END IF;
	ns := scru128_sql._uuidv7_clock_ns();
	t := (pg_catalog.to_timestamp(((ns OPERATOR(pg_catalog./) 1000000000))::double precision)
		OPERATOR(pg_catalog.+) pg_catalog.make_interval(0, 0, 0, 0, 0, 0, (((ns OPERATOR(pg_catalog.%) 1000000000) OPERATOR(pg_catalog./) 1000))::double precision OPERATOR(pg_catalog./) 1000000)) OPERATOR(pg_catalog.+) shift;
	us := EXTRACT(epoch FROM t) OPERATOR(pg_catalog.*) 1000000;
	IF us OPERATOR(pg_catalog.<) 0 OR us OPERATOR(pg_catalog.>) 281474976710655999 THEN
		RAISE EXCEPTION USING ERRCODE = '22008',
			MESSAGE = 'timestamp out of range for UUID version 7',
			DETAIL = 'UUID version 7 supports timestamps from 1970-01-01 to approximately year 10889.';
	END IF;
	RETURN scru128_sql._uuidv7_pack(pg_catalog.div(us, 1000)::bigint,
		(((((us OPERATOR(pg_catalog.%) 1000) OPERATOR(pg_catalog.*) 1000)::bigint OPERATOR(pg_catalog.+) (ns OPERATOR(pg_catalog.%) 1000)) OPERATOR(pg_catalog.<<) 12) OPERATOR(pg_catalog./) 1000000));
END
$fn$;
COMMENT ON FUNCTION scru128_sql.uuidv7(interval) IS 'new version 7 UUID for the current time plus an interval, as PostgreSQL 18''s uuidv7(interval)';
