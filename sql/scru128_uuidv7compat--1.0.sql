-- scru128_uuidv7compat: the five functions of pg_uuidv7 1.7.0
-- (github.com/fboulnois/pg_uuidv7), with its names, argument names and
-- defaults and its results, in a small extension of its own so that
-- CREATE EXTENSION scru128 never brings them (a database that has
-- pg_uuidv7 can still have scru128).  doc/migration.md says how to swap.
--
-- Labels: the conversions to a time are IMMUTABLE and LEAKPROOF (pg_uuidv7
-- says STABLE; they read only their argument and never fail).  The
-- conversions to a uuid keep pg_uuidv7's STABLE, although without zero they
-- draw random bits: a query WHERE id >= uuid_timestamptz_to_v7(t, true) is
-- an index range scan with pg_uuidv7 and must stay one after the swap.  The
-- generator is VOLATILE and PARALLEL RESTRICTED like every generator of
-- scru128 (pg_uuidv7 says PARALLEL SAFE: plans may differ, results not).

-- complain if script is sourced in psql, rather than via CREATE EXTENSION
\echo Use "CREATE EXTENSION scru128_uuidv7compat" to load this file. \quit

CREATE FUNCTION uuid_generate_v7() RETURNS uuid
	AS 'MODULE_PATHNAME', 'scru128_compat_uuid_generate_v7'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;

CREATE FUNCTION uuid_v7_to_timestamptz(uuid) RETURNS timestamptz
	AS 'MODULE_PATHNAME', 'scru128_compat_uuid_v7_to_timestamptz'
	LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

CREATE FUNCTION uuid_timestamptz_to_v7(timestamptz, zero boolean DEFAULT false) RETURNS uuid
	AS 'MODULE_PATHNAME', 'scru128_compat_uuid_timestamptz_to_v7'
	LANGUAGE C STABLE STRICT PARALLEL SAFE;

CREATE FUNCTION uuid_v7_to_timestamp(uuid) RETURNS timestamp
	AS 'MODULE_PATHNAME', 'scru128_compat_uuid_v7_to_timestamp'
	LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

CREATE FUNCTION uuid_timestamp_to_v7(timestamp, zero boolean DEFAULT false) RETURNS uuid
	AS 'MODULE_PATHNAME', 'scru128_compat_uuid_timestamp_to_v7'
	LANGUAGE C STABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION uuid_generate_v7() IS 'generate a UUID version 7 as pg_uuidv7 does: the current Unix millisecond and 74 random bits (not ordered within a millisecond)';
COMMENT ON FUNCTION uuid_v7_to_timestamptz(uuid) IS 'the first 48 bits of any uuid as Unix milliseconds, as pg_uuidv7';
COMMENT ON FUNCTION uuid_timestamptz_to_v7(timestamptz, boolean) IS 'a UUID version 7 of the millisecond of the time, random bits or, if zero, zeros, as pg_uuidv7';
COMMENT ON FUNCTION uuid_v7_to_timestamp(uuid) IS 'the first 48 bits of any uuid as Unix milliseconds, a timestamp in UTC, as pg_uuidv7';
COMMENT ON FUNCTION uuid_timestamp_to_v7(timestamp, boolean) IS 'a UUID version 7 of the millisecond of the time read as UTC, random bits or, if zero, zeros, as pg_uuidv7';
