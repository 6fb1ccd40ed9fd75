-- Time comparisons (release 1.4 of the SQL edition): id >= t and the
-- other three, in both operand orders, for scru128_sql.scru128,
-- scru128_sql.scru64 and scru128_sql.scru160, with the native operators' meaning to the
-- microsecond: the ID's time (the start of its millisecond, of its 256 ms
-- tick for SCRU64) compared with t.  Without C there is no planner support
-- function; instead each operator's function is one SQL expression,
--
--   id >= bound(t) AND id <= other_end(t)
--
-- which the planner inlines, so both halves are index conditions of a
-- btree on the column, BRIN conditions and partition pruning steps, as the
-- native rewrite gives.  The second half makes the range empty where no ID
-- qualifies (t after year 10889, 'infinity'), keeping the answer exact.
-- Inlining needs: LANGUAGE sql, one expression, nothing more volatile than
-- the function, and no STRICT label (a strict function is only inlined
-- when its body is strict, and AND and CASE are not).  The bodies give
-- NULL for a NULL argument all the same.
--
-- A domain accepts its base type's values: an operator on
-- (scru128_sql.scru128, timestamptz) alone would also take a plain uuid
-- (one on scru128_sql.scru64 a plain bigint, integer or smallint, one on
-- scru128_sql.scru160 a plain bytea)
-- once scru128_sql is on the search_path, giving an answer where there
-- was an error.  Each operator therefore has a guard: the same operator on
-- a second domain over the same base type.  A column of the edition's
-- domain finds its own operator exactly; a plain uuid, bigint or bytea matches
-- both equally and PostgreSQL refuses it as ambiguous (42725), unless an
-- exact uuid operator is visible (the native extension's), which it then
-- takes, as before.  The guards' functions only raise an error.

-- SCRU64 and SCRU160 IDs as marked types.  An existing bigint (bytea) column
-- becomes one in place: ALTER TABLE t ALTER COLUMN id TYPE scru128_sql.scru64 rewrites
-- neither the table nor its indexes (a domain over the same type with no
-- constraint is binary coercible).  The guards are domains nobody stores.
-- The plain script keeps what it finds only if it is the installing role's
-- domain over the right type without constraint, default or NOT NULL (see
-- 00_schema.sql for why).
-- plain-only begin
DO $do$
DECLARE
	d record;
BEGIN
	FOR d IN SELECT * FROM (VALUES ('scru64', 'pg_catalog.int8'), ('scru160', 'pg_catalog.bytea'), ('_uuid_guard', 'pg_catalog.uuid'), ('_bigint_guard', 'pg_catalog.int8'),
			('_bytea_guard', 'pg_catalog.bytea')) v(name, base) LOOP
		IF EXISTS (SELECT FROM pg_catalog.pg_type t
				WHERE t.typnamespace OPERATOR(pg_catalog.=) pg_catalog.to_regnamespace('scru128_sql') AND t.typname OPERATOR(pg_catalog.=) d.name
				AND (t.typowner OPERATOR(pg_catalog.<>) (SELECT r.oid FROM pg_catalog.pg_roles r WHERE r.rolname OPERATOR(pg_catalog.=) CURRENT_USER)
					OR t.typtype OPERATOR(pg_catalog.<>) 'd' OR t.typbasetype OPERATOR(pg_catalog.<>) d.base::pg_catalog.regtype
					OR t.typnotnull OR t.typdefaultbin IS NOT NULL
					OR EXISTS (SELECT FROM pg_catalog.pg_constraint c WHERE c.contypid OPERATOR(pg_catalog.=) t.oid))) THEN
			RAISE EXCEPTION USING ERRCODE = '42501',
				MESSAGE = pg_catalog.format('type scru128_sql.%s already exists and is not the SQL edition''s domain', d.name),
				DETAIL = pg_catalog.format('The SQL edition''s %s is a domain over %s, owned by the installing role, without a constraint, default or NOT NULL.', d.name, d.base),
				HINT = 'Install as the owner of the SQL edition, or drop the type (after checking what uses it) and run the script again.';
		END IF;
	END LOOP;
	IF pg_catalog.to_regtype('scru128_sql.scru64') IS NULL THEN
		CREATE DOMAIN scru128_sql.scru64 AS bigint;
	END IF;
	IF pg_catalog.to_regtype('scru128_sql.scru160') IS NULL THEN
		CREATE DOMAIN scru128_sql.scru160 AS pg_catalog.bytea;
	END IF;
	IF pg_catalog.to_regtype('scru128_sql._bytea_guard') IS NULL THEN
		CREATE DOMAIN scru128_sql._bytea_guard AS pg_catalog.bytea;
	END IF;
	IF pg_catalog.to_regtype('scru128_sql._uuid_guard') IS NULL THEN
		CREATE DOMAIN scru128_sql._uuid_guard AS pg_catalog.uuid;
	END IF;
	IF pg_catalog.to_regtype('scru128_sql._bigint_guard') IS NULL THEN
		CREATE DOMAIN scru128_sql._bigint_guard AS bigint;
	END IF;
END
$do$;
-- plain-only end
-- extension-only begin
-- CREATE DOMAIN scru128_sql.scru64 AS bigint;
-- CREATE DOMAIN scru128_sql._uuid_guard AS pg_catalog.uuid;
-- CREATE DOMAIN scru128_sql._bigint_guard AS bigint;
-- CREATE DOMAIN scru128_sql.scru160 AS pg_catalog.bytea;
-- CREATE DOMAIN scru128_sql._bytea_guard AS pg_catalog.bytea;
-- extension-only end
COMMENT ON DOMAIN scru128_sql.scru64 IS 'a SCRU64 ID in the bytes of the native scru64 type (bigint order is SCRU64 order); its time comparisons are the edition''s operators';
COMMENT ON DOMAIN scru128_sql.scru160 IS 'a SCRU160 ID: the 20 bytes of the native scru160 type (bytea order is SCRU160 order); its time comparisons are the edition''s operators';
COMMENT ON DOMAIN scru128_sql._bytea_guard IS 'internal: holds the guard operators that keep a plain bytea compared with a timestamptz an error';
COMMENT ON DOMAIN scru128_sql._uuid_guard IS 'internal: holds the guard operators that keep a plain uuid compared with a timestamptz an error';
COMMENT ON DOMAIN scru128_sql._bigint_guard IS 'internal: holds the guard operators that keep a plain bigint compared with a timestamptz an error';

-- The microseconds of t from PostgreSQL's epoch 2000-01-01 00:00:00+00,
-- as it stores them (timestamptz_send() gives them; +-infinity are the
-- largest and smallest bigint), clamped to +-4e17 (past any ID's time on
-- either side: the clamp keeps the order where it matters) and moved up by
-- C = 512000000000000000, so that the result w is positive and truncating
-- division is floor division.  All bigint and IMMUTABLE, so it inlines
-- and folds: numeric arithmetic, or EXTRACT (only STABLE on a
-- timestamptz), would cost several times more per row where the bound is
-- evaluated row by row (a filter, a BRIN recheck).  NULL stays NULL.
CREATE OR REPLACE FUNCTION scru128_sql._time_w(t timestamp with time zone)
RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT CASE WHEN t IS NOT NULL THEN LEAST(GREATEST(('x' OPERATOR(pg_catalog.||) pg_catalog.encode(pg_catalog.timestamptz_send(t), 'hex'))::bit(64)::bigint,
	-400000000000000000), 400000000000000000) OPERATOR(pg_catalog.+) 512000000000000000 END
$fn$;
COMMENT ON FUNCTION scru128_sql._time_w(timestamp with time zone) IS 'internal: microseconds of a timestamptz since 2000, clamped to +-4e17, plus 512000000000000000';

-- The bounds, as the native functions of the same names.  With u the
-- microseconds of t since 1970: an ID of millisecond m is at or after t
-- when 1000 m >= u, so the first such m is floor((u + 999) / 1000) (after
-- t: floor((u + 1000) / 1000)); at or before t when m <= floor(u / 1000)
-- (before t: floor((u - 1) / 1000)).  With w = _time_w(t) = u - E + C
-- (E = 946684800000000, 1970 to 2000), and C - E a multiple of 1000 and of
-- 256000: floor((u + k) / 1000) = (w + k) / 1000 - (C - E) / 1000, the
-- division on non-negative bigints.  SCRU64 counts 256 ms ticks.  An
-- inlined body computes its value once per mention, so the common branch
-- comes first and the clamp is GREATEST/LEAST (ignoring NULL: the CASE
-- gives NULL for a NULL t or inclusive, no branch being true).
CREATE OR REPLACE FUNCTION scru128_sql.scru128_time_lower(t timestamp with time zone, inclusive boolean)
RETURNS scru128_sql.scru128 LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT CASE WHEN (((scru128_sql._time_w(t) OPERATOR(pg_catalog.+) CASE WHEN inclusive THEN 999 WHEN NOT inclusive THEN 1000 END) OPERATOR(pg_catalog./) 1000) OPERATOR(pg_catalog.-) 511053315200000) OPERATOR(pg_catalog.<=) 281474976710655 THEN (pg_catalog.lpad(pg_catalog.to_hex(GREATEST((((scru128_sql._time_w(t) OPERATOR(pg_catalog.+) CASE WHEN inclusive THEN 999 WHEN NOT inclusive THEN 1000 END) OPERATOR(pg_catalog./) 1000) OPERATOR(pg_catalog.-) 511053315200000), 0)), 12, '0') OPERATOR(pg_catalog.||) '00000000000000000000')::pg_catalog.uuid
	WHEN (((scru128_sql._time_w(t) OPERATOR(pg_catalog.+) CASE WHEN inclusive THEN 999 WHEN NOT inclusive THEN 1000 END) OPERATOR(pg_catalog./) 1000) OPERATOR(pg_catalog.-) 511053315200000) OPERATOR(pg_catalog.>) 281474976710655 THEN 'ffffffff-ffff-ffff-ffff-ffffffffffff'::pg_catalog.uuid END
$fn$;
COMMENT ON FUNCTION scru128_sql.scru128_time_lower(timestamp with time zone, boolean) IS 'the smallest SCRU128 ID whose time is at or after t (after t unless inclusive); the largest ID where no ID is';

CREATE OR REPLACE FUNCTION scru128_sql.scru128_time_lower_end(t timestamp with time zone, inclusive boolean)
RETURNS scru128_sql.scru128 LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT CASE WHEN (((scru128_sql._time_w(t) OPERATOR(pg_catalog.+) CASE WHEN inclusive THEN 999 WHEN NOT inclusive THEN 1000 END) OPERATOR(pg_catalog./) 1000) OPERATOR(pg_catalog.-) 511053315200000) OPERATOR(pg_catalog.<=) 281474976710655 THEN 'ffffffff-ffff-ffff-ffff-ffffffffffff'::pg_catalog.uuid
	WHEN (((scru128_sql._time_w(t) OPERATOR(pg_catalog.+) CASE WHEN inclusive THEN 999 WHEN NOT inclusive THEN 1000 END) OPERATOR(pg_catalog./) 1000) OPERATOR(pg_catalog.-) 511053315200000) OPERATOR(pg_catalog.>) 281474976710655 THEN '00000000-0000-0000-0000-000000000000'::pg_catalog.uuid END
$fn$;
COMMENT ON FUNCTION scru128_sql.scru128_time_lower_end(timestamp with time zone, boolean) IS 'the largest SCRU128 ID if some ID''s time is at or after t (after t unless inclusive), else the smallest: the other end of the range scru128_time_lower starts';

CREATE OR REPLACE FUNCTION scru128_sql.scru128_time_upper(t timestamp with time zone, inclusive boolean)
RETURNS scru128_sql.scru128 LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT CASE WHEN (((scru128_sql._time_w(t) OPERATOR(pg_catalog.-) CASE WHEN inclusive THEN 0 WHEN NOT inclusive THEN 1 END) OPERATOR(pg_catalog./) 1000) OPERATOR(pg_catalog.-) 511053315200000) OPERATOR(pg_catalog.>=) 0 THEN (pg_catalog.lpad(pg_catalog.to_hex(LEAST((((scru128_sql._time_w(t) OPERATOR(pg_catalog.-) CASE WHEN inclusive THEN 0 WHEN NOT inclusive THEN 1 END) OPERATOR(pg_catalog./) 1000) OPERATOR(pg_catalog.-) 511053315200000), 281474976710655)), 12, '0') OPERATOR(pg_catalog.||) 'ffffffffffffffffffff')::pg_catalog.uuid
	WHEN (((scru128_sql._time_w(t) OPERATOR(pg_catalog.-) CASE WHEN inclusive THEN 0 WHEN NOT inclusive THEN 1 END) OPERATOR(pg_catalog./) 1000) OPERATOR(pg_catalog.-) 511053315200000) OPERATOR(pg_catalog.<) 0 THEN '00000000-0000-0000-0000-000000000000'::pg_catalog.uuid END
$fn$;
COMMENT ON FUNCTION scru128_sql.scru128_time_upper(timestamp with time zone, boolean) IS 'the largest SCRU128 ID whose time is at or before t (before t unless inclusive); the smallest ID where no ID is';

CREATE OR REPLACE FUNCTION scru128_sql.scru128_time_upper_start(t timestamp with time zone, inclusive boolean)
RETURNS scru128_sql.scru128 LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT CASE WHEN (((scru128_sql._time_w(t) OPERATOR(pg_catalog.-) CASE WHEN inclusive THEN 0 WHEN NOT inclusive THEN 1 END) OPERATOR(pg_catalog./) 1000) OPERATOR(pg_catalog.-) 511053315200000) OPERATOR(pg_catalog.>=) 0 THEN '00000000-0000-0000-0000-000000000000'::pg_catalog.uuid
	WHEN (((scru128_sql._time_w(t) OPERATOR(pg_catalog.-) CASE WHEN inclusive THEN 0 WHEN NOT inclusive THEN 1 END) OPERATOR(pg_catalog./) 1000) OPERATOR(pg_catalog.-) 511053315200000) OPERATOR(pg_catalog.<) 0 THEN 'ffffffff-ffff-ffff-ffff-ffffffffffff'::pg_catalog.uuid END
$fn$;
COMMENT ON FUNCTION scru128_sql.scru128_time_upper_start(timestamp with time zone, boolean) IS 'the smallest SCRU128 ID if some ID''s time is at or before t (before t unless inclusive), else the largest: the other end of the range scru128_time_upper ends';

CREATE OR REPLACE FUNCTION scru128_sql.scru64_time_lower(t timestamp with time zone, inclusive boolean)
RETURNS scru128_sql.scru64 LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT CASE WHEN (((scru128_sql._time_w(t) OPERATOR(pg_catalog.+) CASE WHEN inclusive THEN 255999 WHEN NOT inclusive THEN 256000 END) OPERATOR(pg_catalog./) 256000) OPERATOR(pg_catalog.-) 1996302012500) OPERATOR(pg_catalog.<=) 282429536480 THEN GREATEST((((scru128_sql._time_w(t) OPERATOR(pg_catalog.+) CASE WHEN inclusive THEN 255999 WHEN NOT inclusive THEN 256000 END) OPERATOR(pg_catalog./) 256000) OPERATOR(pg_catalog.-) 1996302012500), 0) OPERATOR(pg_catalog.<<) 24
	WHEN (((scru128_sql._time_w(t) OPERATOR(pg_catalog.+) CASE WHEN inclusive THEN 255999 WHEN NOT inclusive THEN 256000 END) OPERATOR(pg_catalog./) 256000) OPERATOR(pg_catalog.-) 1996302012500) OPERATOR(pg_catalog.>) 282429536480 THEN 4738381338321616895 END
$fn$;
COMMENT ON FUNCTION scru128_sql.scru64_time_lower(timestamp with time zone, boolean) IS 'the smallest SCRU64 ID whose time (the start of its 256 ms tick) is at or after t (after t unless inclusive); the largest ID where no ID is';

CREATE OR REPLACE FUNCTION scru128_sql.scru64_time_lower_end(t timestamp with time zone, inclusive boolean)
RETURNS scru128_sql.scru64 LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT CASE WHEN (((scru128_sql._time_w(t) OPERATOR(pg_catalog.+) CASE WHEN inclusive THEN 255999 WHEN NOT inclusive THEN 256000 END) OPERATOR(pg_catalog./) 256000) OPERATOR(pg_catalog.-) 1996302012500) OPERATOR(pg_catalog.<=) 282429536480 THEN 4738381338321616895
	WHEN (((scru128_sql._time_w(t) OPERATOR(pg_catalog.+) CASE WHEN inclusive THEN 255999 WHEN NOT inclusive THEN 256000 END) OPERATOR(pg_catalog./) 256000) OPERATOR(pg_catalog.-) 1996302012500) OPERATOR(pg_catalog.>) 282429536480 THEN 0 END
$fn$;
COMMENT ON FUNCTION scru128_sql.scru64_time_lower_end(timestamp with time zone, boolean) IS 'the largest SCRU64 ID if some ID''s time is at or after t (after t unless inclusive), else the smallest: the other end of the range scru64_time_lower starts';

CREATE OR REPLACE FUNCTION scru128_sql.scru64_time_upper(t timestamp with time zone, inclusive boolean)
RETURNS scru128_sql.scru64 LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT CASE WHEN (((scru128_sql._time_w(t) OPERATOR(pg_catalog.-) CASE WHEN inclusive THEN 0 WHEN NOT inclusive THEN 1 END) OPERATOR(pg_catalog./) 256000) OPERATOR(pg_catalog.-) 1996302012500) OPERATOR(pg_catalog.>=) 0 THEN (LEAST((((scru128_sql._time_w(t) OPERATOR(pg_catalog.-) CASE WHEN inclusive THEN 0 WHEN NOT inclusive THEN 1 END) OPERATOR(pg_catalog./) 256000) OPERATOR(pg_catalog.-) 1996302012500), 282429536480) OPERATOR(pg_catalog.<<) 24) OPERATOR(pg_catalog.|) 16777215
	WHEN (((scru128_sql._time_w(t) OPERATOR(pg_catalog.-) CASE WHEN inclusive THEN 0 WHEN NOT inclusive THEN 1 END) OPERATOR(pg_catalog./) 256000) OPERATOR(pg_catalog.-) 1996302012500) OPERATOR(pg_catalog.<) 0 THEN 0 END
$fn$;
COMMENT ON FUNCTION scru128_sql.scru64_time_upper(timestamp with time zone, boolean) IS 'the largest SCRU64 ID whose time is at or before t (before t unless inclusive); the smallest ID where no ID is';

CREATE OR REPLACE FUNCTION scru128_sql.scru64_time_upper_start(t timestamp with time zone, inclusive boolean)
RETURNS scru128_sql.scru64 LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT CASE WHEN (((scru128_sql._time_w(t) OPERATOR(pg_catalog.-) CASE WHEN inclusive THEN 0 WHEN NOT inclusive THEN 1 END) OPERATOR(pg_catalog./) 256000) OPERATOR(pg_catalog.-) 1996302012500) OPERATOR(pg_catalog.>=) 0 THEN 0
	WHEN (((scru128_sql._time_w(t) OPERATOR(pg_catalog.-) CASE WHEN inclusive THEN 0 WHEN NOT inclusive THEN 1 END) OPERATOR(pg_catalog./) 256000) OPERATOR(pg_catalog.-) 1996302012500) OPERATOR(pg_catalog.<) 0 THEN 4738381338321616895 END
$fn$;
COMMENT ON FUNCTION scru128_sql.scru64_time_upper_start(timestamp with time zone, boolean) IS 'the smallest SCRU64 ID if some ID''s time is at or before t (before t unless inclusive), else the largest: the other end of the range scru64_time_upper ends';

CREATE OR REPLACE FUNCTION scru128_sql.uuid_time_lower(t timestamp with time zone, inclusive boolean)
RETURNS pg_catalog.uuid LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT scru128_sql.scru128_time_lower(t, inclusive)::pg_catalog.uuid
$fn$;
COMMENT ON FUNCTION scru128_sql.uuid_time_lower(timestamp with time zone, boolean) IS 'scru128_time_lower for a UUIDv7 column: the same 48-bit millisecond, as uuid';

CREATE OR REPLACE FUNCTION scru128_sql.uuid_time_lower_end(t timestamp with time zone, inclusive boolean)
RETURNS pg_catalog.uuid LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT scru128_sql.scru128_time_lower_end(t, inclusive)::pg_catalog.uuid
$fn$;
COMMENT ON FUNCTION scru128_sql.uuid_time_lower_end(timestamp with time zone, boolean) IS 'scru128_time_lower_end for a UUIDv7 column: the same 48-bit millisecond, as uuid';

CREATE OR REPLACE FUNCTION scru128_sql.uuid_time_upper(t timestamp with time zone, inclusive boolean)
RETURNS pg_catalog.uuid LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT scru128_sql.scru128_time_upper(t, inclusive)::pg_catalog.uuid
$fn$;
COMMENT ON FUNCTION scru128_sql.uuid_time_upper(timestamp with time zone, boolean) IS 'scru128_time_upper for a UUIDv7 column: the same 48-bit millisecond, as uuid';

CREATE OR REPLACE FUNCTION scru128_sql.uuid_time_upper_start(t timestamp with time zone, inclusive boolean)
RETURNS pg_catalog.uuid LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT scru128_sql.scru128_time_upper_start(t, inclusive)::pg_catalog.uuid
$fn$;
COMMENT ON FUNCTION scru128_sql.uuid_time_upper_start(timestamp with time zone, boolean) IS 'scru128_time_upper_start for a UUIDv7 column: the same 48-bit millisecond, as uuid';

CREATE OR REPLACE FUNCTION scru128_sql.scru160_time_lower(t timestamp with time zone, inclusive boolean)
RETURNS pg_catalog.bytea LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT pg_catalog.uuid_send(scru128_sql.scru128_time_lower(t, inclusive)::pg_catalog.uuid)
	OPERATOR(pg_catalog.||) pg_catalog.substr(pg_catalog.uuid_send(scru128_sql.scru128_time_lower(t, inclusive)::pg_catalog.uuid), 13, 4)
$fn$;
COMMENT ON FUNCTION scru128_sql.scru160_time_lower(timestamp with time zone, boolean) IS 'scru128_time_lower for a SCRU160 column: the same 48-bit millisecond, as 20 bytes';

CREATE OR REPLACE FUNCTION scru128_sql.scru160_time_lower_end(t timestamp with time zone, inclusive boolean)
RETURNS pg_catalog.bytea LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT pg_catalog.uuid_send(scru128_sql.scru128_time_lower_end(t, inclusive)::pg_catalog.uuid)
	OPERATOR(pg_catalog.||) pg_catalog.substr(pg_catalog.uuid_send(scru128_sql.scru128_time_lower_end(t, inclusive)::pg_catalog.uuid), 13, 4)
$fn$;
COMMENT ON FUNCTION scru128_sql.scru160_time_lower_end(timestamp with time zone, boolean) IS 'scru128_time_lower_end for a SCRU160 column: the same 48-bit millisecond, as 20 bytes';

CREATE OR REPLACE FUNCTION scru128_sql.scru160_time_upper(t timestamp with time zone, inclusive boolean)
RETURNS pg_catalog.bytea LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT pg_catalog.uuid_send(scru128_sql.scru128_time_upper(t, inclusive)::pg_catalog.uuid)
	OPERATOR(pg_catalog.||) pg_catalog.substr(pg_catalog.uuid_send(scru128_sql.scru128_time_upper(t, inclusive)::pg_catalog.uuid), 13, 4)
$fn$;
COMMENT ON FUNCTION scru128_sql.scru160_time_upper(timestamp with time zone, boolean) IS 'scru128_time_upper for a SCRU160 column: the same 48-bit millisecond, as 20 bytes';

CREATE OR REPLACE FUNCTION scru128_sql.scru160_time_upper_start(t timestamp with time zone, inclusive boolean)
RETURNS pg_catalog.bytea LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT pg_catalog.uuid_send(scru128_sql.scru128_time_upper_start(t, inclusive)::pg_catalog.uuid)
	OPERATOR(pg_catalog.||) pg_catalog.substr(pg_catalog.uuid_send(scru128_sql.scru128_time_upper_start(t, inclusive)::pg_catalog.uuid), 13, 4)
$fn$;
COMMENT ON FUNCTION scru128_sql.scru160_time_upper_start(timestamp with time zone, boolean) IS 'scru128_time_upper_start for a SCRU160 column: the same 48-bit millisecond, as 20 bytes';

-- The operators' functions.
CREATE OR REPLACE FUNCTION scru128_sql.scru128_lt_timestamptz(id scru128_sql.scru128, t timestamp with time zone)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT id OPERATOR(pg_catalog.<=) scru128_sql.scru128_time_upper(t, false)
	AND id OPERATOR(pg_catalog.>=) scru128_sql.scru128_time_upper_start(t, false)
$fn$;
COMMENT ON FUNCTION scru128_sql.scru128_lt_timestamptz(scru128_sql.scru128, timestamp with time zone) IS 'id < t: the time of the scru128 ID is before t (the operator''s function, inlined)';

CREATE OR REPLACE FUNCTION scru128_sql.scru128_le_timestamptz(id scru128_sql.scru128, t timestamp with time zone)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT id OPERATOR(pg_catalog.<=) scru128_sql.scru128_time_upper(t, true)
	AND id OPERATOR(pg_catalog.>=) scru128_sql.scru128_time_upper_start(t, true)
$fn$;
COMMENT ON FUNCTION scru128_sql.scru128_le_timestamptz(scru128_sql.scru128, timestamp with time zone) IS 'id <= t: the time of the scru128 ID is at or before t (the operator''s function, inlined)';

CREATE OR REPLACE FUNCTION scru128_sql.scru128_gt_timestamptz(id scru128_sql.scru128, t timestamp with time zone)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT id OPERATOR(pg_catalog.>=) scru128_sql.scru128_time_lower(t, false)
	AND id OPERATOR(pg_catalog.<=) scru128_sql.scru128_time_lower_end(t, false)
$fn$;
COMMENT ON FUNCTION scru128_sql.scru128_gt_timestamptz(scru128_sql.scru128, timestamp with time zone) IS 'id > t: the time of the scru128 ID is after t (the operator''s function, inlined)';

CREATE OR REPLACE FUNCTION scru128_sql.scru128_ge_timestamptz(id scru128_sql.scru128, t timestamp with time zone)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT id OPERATOR(pg_catalog.>=) scru128_sql.scru128_time_lower(t, true)
	AND id OPERATOR(pg_catalog.<=) scru128_sql.scru128_time_lower_end(t, true)
$fn$;
COMMENT ON FUNCTION scru128_sql.scru128_ge_timestamptz(scru128_sql.scru128, timestamp with time zone) IS 'id >= t: the time of the scru128 ID is at or after t (the operator''s function, inlined)';

CREATE OR REPLACE FUNCTION scru128_sql.timestamptz_lt_scru128(t timestamp with time zone, id scru128_sql.scru128)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT id OPERATOR(pg_catalog.>=) scru128_sql.scru128_time_lower(t, false)
	AND id OPERATOR(pg_catalog.<=) scru128_sql.scru128_time_lower_end(t, false)
$fn$;
COMMENT ON FUNCTION scru128_sql.timestamptz_lt_scru128(timestamp with time zone, scru128_sql.scru128) IS 't < id: t is before the time of the scru128 ID (the operator''s function, inlined)';

CREATE OR REPLACE FUNCTION scru128_sql.timestamptz_le_scru128(t timestamp with time zone, id scru128_sql.scru128)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT id OPERATOR(pg_catalog.>=) scru128_sql.scru128_time_lower(t, true)
	AND id OPERATOR(pg_catalog.<=) scru128_sql.scru128_time_lower_end(t, true)
$fn$;
COMMENT ON FUNCTION scru128_sql.timestamptz_le_scru128(timestamp with time zone, scru128_sql.scru128) IS 't <= id: t is at or before the time of the scru128 ID (the operator''s function, inlined)';

CREATE OR REPLACE FUNCTION scru128_sql.timestamptz_gt_scru128(t timestamp with time zone, id scru128_sql.scru128)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT id OPERATOR(pg_catalog.<=) scru128_sql.scru128_time_upper(t, false)
	AND id OPERATOR(pg_catalog.>=) scru128_sql.scru128_time_upper_start(t, false)
$fn$;
COMMENT ON FUNCTION scru128_sql.timestamptz_gt_scru128(timestamp with time zone, scru128_sql.scru128) IS 't > id: t is after the time of the scru128 ID (the operator''s function, inlined)';

CREATE OR REPLACE FUNCTION scru128_sql.timestamptz_ge_scru128(t timestamp with time zone, id scru128_sql.scru128)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT id OPERATOR(pg_catalog.<=) scru128_sql.scru128_time_upper(t, true)
	AND id OPERATOR(pg_catalog.>=) scru128_sql.scru128_time_upper_start(t, true)
$fn$;
COMMENT ON FUNCTION scru128_sql.timestamptz_ge_scru128(timestamp with time zone, scru128_sql.scru128) IS 't >= id: t is at or after the time of the scru128 ID (the operator''s function, inlined)';

CREATE OR REPLACE FUNCTION scru128_sql.scru64_lt_timestamptz(id scru128_sql.scru64, t timestamp with time zone)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT id OPERATOR(pg_catalog.<=) scru128_sql.scru64_time_upper(t, false)
	AND id OPERATOR(pg_catalog.>=) scru128_sql.scru64_time_upper_start(t, false)
$fn$;
COMMENT ON FUNCTION scru128_sql.scru64_lt_timestamptz(scru128_sql.scru64, timestamp with time zone) IS 'id < t: the time of the scru64 ID is before t (the operator''s function, inlined)';

CREATE OR REPLACE FUNCTION scru128_sql.scru64_le_timestamptz(id scru128_sql.scru64, t timestamp with time zone)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT id OPERATOR(pg_catalog.<=) scru128_sql.scru64_time_upper(t, true)
	AND id OPERATOR(pg_catalog.>=) scru128_sql.scru64_time_upper_start(t, true)
$fn$;
COMMENT ON FUNCTION scru128_sql.scru64_le_timestamptz(scru128_sql.scru64, timestamp with time zone) IS 'id <= t: the time of the scru64 ID is at or before t (the operator''s function, inlined)';

CREATE OR REPLACE FUNCTION scru128_sql.scru64_gt_timestamptz(id scru128_sql.scru64, t timestamp with time zone)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT id OPERATOR(pg_catalog.>=) scru128_sql.scru64_time_lower(t, false)
	AND id OPERATOR(pg_catalog.<=) scru128_sql.scru64_time_lower_end(t, false)
$fn$;
COMMENT ON FUNCTION scru128_sql.scru64_gt_timestamptz(scru128_sql.scru64, timestamp with time zone) IS 'id > t: the time of the scru64 ID is after t (the operator''s function, inlined)';

CREATE OR REPLACE FUNCTION scru128_sql.scru64_ge_timestamptz(id scru128_sql.scru64, t timestamp with time zone)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT id OPERATOR(pg_catalog.>=) scru128_sql.scru64_time_lower(t, true)
	AND id OPERATOR(pg_catalog.<=) scru128_sql.scru64_time_lower_end(t, true)
$fn$;
COMMENT ON FUNCTION scru128_sql.scru64_ge_timestamptz(scru128_sql.scru64, timestamp with time zone) IS 'id >= t: the time of the scru64 ID is at or after t (the operator''s function, inlined)';

CREATE OR REPLACE FUNCTION scru128_sql.timestamptz_lt_scru64(t timestamp with time zone, id scru128_sql.scru64)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT id OPERATOR(pg_catalog.>=) scru128_sql.scru64_time_lower(t, false)
	AND id OPERATOR(pg_catalog.<=) scru128_sql.scru64_time_lower_end(t, false)
$fn$;
COMMENT ON FUNCTION scru128_sql.timestamptz_lt_scru64(timestamp with time zone, scru128_sql.scru64) IS 't < id: t is before the time of the scru64 ID (the operator''s function, inlined)';

CREATE OR REPLACE FUNCTION scru128_sql.timestamptz_le_scru64(t timestamp with time zone, id scru128_sql.scru64)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT id OPERATOR(pg_catalog.>=) scru128_sql.scru64_time_lower(t, true)
	AND id OPERATOR(pg_catalog.<=) scru128_sql.scru64_time_lower_end(t, true)
$fn$;
COMMENT ON FUNCTION scru128_sql.timestamptz_le_scru64(timestamp with time zone, scru128_sql.scru64) IS 't <= id: t is at or before the time of the scru64 ID (the operator''s function, inlined)';

CREATE OR REPLACE FUNCTION scru128_sql.timestamptz_gt_scru64(t timestamp with time zone, id scru128_sql.scru64)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT id OPERATOR(pg_catalog.<=) scru128_sql.scru64_time_upper(t, false)
	AND id OPERATOR(pg_catalog.>=) scru128_sql.scru64_time_upper_start(t, false)
$fn$;
COMMENT ON FUNCTION scru128_sql.timestamptz_gt_scru64(timestamp with time zone, scru128_sql.scru64) IS 't > id: t is after the time of the scru64 ID (the operator''s function, inlined)';

CREATE OR REPLACE FUNCTION scru128_sql.timestamptz_ge_scru64(t timestamp with time zone, id scru128_sql.scru64)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT id OPERATOR(pg_catalog.<=) scru128_sql.scru64_time_upper(t, true)
	AND id OPERATOR(pg_catalog.>=) scru128_sql.scru64_time_upper_start(t, true)
$fn$;
COMMENT ON FUNCTION scru128_sql.timestamptz_ge_scru64(timestamp with time zone, scru128_sql.scru64) IS 't >= id: t is at or after the time of the scru64 ID (the operator''s function, inlined)';

CREATE OR REPLACE FUNCTION scru128_sql.scru160_lt_timestamptz(id scru128_sql.scru160, t timestamp with time zone)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT id OPERATOR(pg_catalog.<=) scru128_sql.scru160_time_upper(t, false)
	AND id OPERATOR(pg_catalog.>=) scru128_sql.scru160_time_upper_start(t, false)
$fn$;
COMMENT ON FUNCTION scru128_sql.scru160_lt_timestamptz(scru128_sql.scru160, timestamp with time zone) IS 'id < t: the time of the scru160 ID is before t (the operator''s function, inlined)';

CREATE OR REPLACE FUNCTION scru128_sql.scru160_le_timestamptz(id scru128_sql.scru160, t timestamp with time zone)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT id OPERATOR(pg_catalog.<=) scru128_sql.scru160_time_upper(t, true)
	AND id OPERATOR(pg_catalog.>=) scru128_sql.scru160_time_upper_start(t, true)
$fn$;
COMMENT ON FUNCTION scru128_sql.scru160_le_timestamptz(scru128_sql.scru160, timestamp with time zone) IS 'id <= t: the time of the scru160 ID is at or before t (the operator''s function, inlined)';

CREATE OR REPLACE FUNCTION scru128_sql.scru160_gt_timestamptz(id scru128_sql.scru160, t timestamp with time zone)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT id OPERATOR(pg_catalog.>=) scru128_sql.scru160_time_lower(t, false)
	AND id OPERATOR(pg_catalog.<=) scru128_sql.scru160_time_lower_end(t, false)
$fn$;
COMMENT ON FUNCTION scru128_sql.scru160_gt_timestamptz(scru128_sql.scru160, timestamp with time zone) IS 'id > t: the time of the scru160 ID is after t (the operator''s function, inlined)';

CREATE OR REPLACE FUNCTION scru128_sql.scru160_ge_timestamptz(id scru128_sql.scru160, t timestamp with time zone)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT id OPERATOR(pg_catalog.>=) scru128_sql.scru160_time_lower(t, true)
	AND id OPERATOR(pg_catalog.<=) scru128_sql.scru160_time_lower_end(t, true)
$fn$;
COMMENT ON FUNCTION scru128_sql.scru160_ge_timestamptz(scru128_sql.scru160, timestamp with time zone) IS 'id >= t: the time of the scru160 ID is at or after t (the operator''s function, inlined)';

CREATE OR REPLACE FUNCTION scru128_sql.timestamptz_lt_scru160(t timestamp with time zone, id scru128_sql.scru160)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT id OPERATOR(pg_catalog.>=) scru128_sql.scru160_time_lower(t, false)
	AND id OPERATOR(pg_catalog.<=) scru128_sql.scru160_time_lower_end(t, false)
$fn$;
COMMENT ON FUNCTION scru128_sql.timestamptz_lt_scru160(timestamp with time zone, scru128_sql.scru160) IS 't < id: t is before the time of the scru160 ID (the operator''s function, inlined)';

CREATE OR REPLACE FUNCTION scru128_sql.timestamptz_le_scru160(t timestamp with time zone, id scru128_sql.scru160)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT id OPERATOR(pg_catalog.>=) scru128_sql.scru160_time_lower(t, true)
	AND id OPERATOR(pg_catalog.<=) scru128_sql.scru160_time_lower_end(t, true)
$fn$;
COMMENT ON FUNCTION scru128_sql.timestamptz_le_scru160(timestamp with time zone, scru128_sql.scru160) IS 't <= id: t is at or before the time of the scru160 ID (the operator''s function, inlined)';

CREATE OR REPLACE FUNCTION scru128_sql.timestamptz_gt_scru160(t timestamp with time zone, id scru128_sql.scru160)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT id OPERATOR(pg_catalog.<=) scru128_sql.scru160_time_upper(t, false)
	AND id OPERATOR(pg_catalog.>=) scru128_sql.scru160_time_upper_start(t, false)
$fn$;
COMMENT ON FUNCTION scru128_sql.timestamptz_gt_scru160(timestamp with time zone, scru128_sql.scru160) IS 't > id: t is after the time of the scru160 ID (the operator''s function, inlined)';

CREATE OR REPLACE FUNCTION scru128_sql.timestamptz_ge_scru160(t timestamp with time zone, id scru128_sql.scru160)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT id OPERATOR(pg_catalog.<=) scru128_sql.scru160_time_upper(t, true)
	AND id OPERATOR(pg_catalog.>=) scru128_sql.scru160_time_upper_start(t, true)
$fn$;
COMMENT ON FUNCTION scru128_sql.timestamptz_ge_scru160(timestamp with time zone, scru128_sql.scru160) IS 't >= id: t is at or after the time of the scru160 ID (the operator''s function, inlined)';

-- The guards' function: never called by a comparison (no value has the
-- guard's type unless cast to it), it says what to write instead.
CREATE OR REPLACE FUNCTION scru128_sql._uuid_guard_timestamptz(id scru128_sql._uuid_guard, t timestamp with time zone)
RETURNS boolean LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $fn$
BEGIN
	RAISE EXCEPTION USING ERRCODE = '42883',
		MESSAGE = 'scru128_sql has no time comparison for a plain uuid',
		HINT = 'Give the column the type scru128_sql.scru128 (no rewrite), or compare with scru128_sql.uuid_time_lower(t, true) and its kin.';
END
$fn$;
COMMENT ON FUNCTION scru128_sql._uuid_guard_timestamptz(scru128_sql._uuid_guard, timestamp with time zone) IS 'internal: the guard operators'' function; raises 42883';

CREATE OR REPLACE FUNCTION scru128_sql._timestamptz_uuid_guard(t timestamp with time zone, id scru128_sql._uuid_guard)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT scru128_sql._uuid_guard_timestamptz(id, t)
$fn$;
COMMENT ON FUNCTION scru128_sql._timestamptz_uuid_guard(timestamp with time zone, scru128_sql._uuid_guard) IS 'internal: the guard operators'' function; raises 42883';

CREATE OR REPLACE FUNCTION scru128_sql._bigint_guard_timestamptz(id scru128_sql._bigint_guard, t timestamp with time zone)
RETURNS boolean LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $fn$
BEGIN
	RAISE EXCEPTION USING ERRCODE = '42883',
		MESSAGE = 'scru128_sql has no time comparison for a plain bigint',
		HINT = 'Give the column the type scru128_sql.scru64 (no rewrite).';
END
$fn$;
COMMENT ON FUNCTION scru128_sql._bigint_guard_timestamptz(scru128_sql._bigint_guard, timestamp with time zone) IS 'internal: the guard operators'' function; raises 42883';

CREATE OR REPLACE FUNCTION scru128_sql._timestamptz_bigint_guard(t timestamp with time zone, id scru128_sql._bigint_guard)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT scru128_sql._bigint_guard_timestamptz(id, t)
$fn$;
COMMENT ON FUNCTION scru128_sql._timestamptz_bigint_guard(timestamp with time zone, scru128_sql._bigint_guard) IS 'internal: the guard operators'' function; raises 42883';

CREATE OR REPLACE FUNCTION scru128_sql._bytea_guard_timestamptz(id scru128_sql._bytea_guard, t timestamp with time zone)
RETURNS boolean LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $fn$
BEGIN
	RAISE EXCEPTION USING ERRCODE = '42883',
		MESSAGE = 'scru128_sql has no time comparison for a plain bytea',
		HINT = 'Give the column the type scru128_sql.scru160 (no rewrite).';
END
$fn$;
COMMENT ON FUNCTION scru128_sql._bytea_guard_timestamptz(scru128_sql._bytea_guard, timestamp with time zone) IS 'internal: the guard operators'' function; raises 42883';

CREATE OR REPLACE FUNCTION scru128_sql._timestamptz_bytea_guard(t timestamp with time zone, id scru128_sql._bytea_guard)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
SELECT scru128_sql._bytea_guard_timestamptz(id, t)
$fn$;
COMMENT ON FUNCTION scru128_sql._timestamptz_bytea_guard(timestamp with time zone, scru128_sql._bytea_guard) IS 'internal: the guard operators'' function; raises 42883';

-- The operators.  There is no CREATE OR REPLACE OPERATOR: each is created
-- unless it exists (a script run again keeps it; its function was replaced
-- above).  A COMMUTATOR or NEGATOR named before its operator is created
-- makes a shell, which the later CREATE OPERATOR completes.
DO $do$
DECLARE
	s pg_catalog.text;
BEGIN
	FOREACH s IN ARRAY ARRAY[
		$op$CREATE OPERATOR scru128_sql.< (LEFTARG = scru128_sql.scru128, RIGHTARG = timestamp with time zone, FUNCTION = scru128_sql.scru128_lt_timestamptz,
			COMMUTATOR = OPERATOR(scru128_sql.>), NEGATOR = OPERATOR(scru128_sql.>=), RESTRICT = pg_catalog.scalarltsel, JOIN = pg_catalog.scalarltjoinsel)$op$,
		$op$CREATE OPERATOR scru128_sql.<= (LEFTARG = scru128_sql.scru128, RIGHTARG = timestamp with time zone, FUNCTION = scru128_sql.scru128_le_timestamptz,
			COMMUTATOR = OPERATOR(scru128_sql.>=), NEGATOR = OPERATOR(scru128_sql.>), RESTRICT = pg_catalog.scalarlesel, JOIN = pg_catalog.scalarlejoinsel)$op$,
		$op$CREATE OPERATOR scru128_sql.> (LEFTARG = scru128_sql.scru128, RIGHTARG = timestamp with time zone, FUNCTION = scru128_sql.scru128_gt_timestamptz,
			COMMUTATOR = OPERATOR(scru128_sql.<), NEGATOR = OPERATOR(scru128_sql.<=), RESTRICT = pg_catalog.scalargtsel, JOIN = pg_catalog.scalargtjoinsel)$op$,
		$op$CREATE OPERATOR scru128_sql.>= (LEFTARG = scru128_sql.scru128, RIGHTARG = timestamp with time zone, FUNCTION = scru128_sql.scru128_ge_timestamptz,
			COMMUTATOR = OPERATOR(scru128_sql.<=), NEGATOR = OPERATOR(scru128_sql.<), RESTRICT = pg_catalog.scalargesel, JOIN = pg_catalog.scalargejoinsel)$op$,
		$op$CREATE OPERATOR scru128_sql.< (LEFTARG = timestamp with time zone, RIGHTARG = scru128_sql.scru128, FUNCTION = scru128_sql.timestamptz_lt_scru128,
			COMMUTATOR = OPERATOR(scru128_sql.>), NEGATOR = OPERATOR(scru128_sql.>=), RESTRICT = pg_catalog.scalarltsel, JOIN = pg_catalog.scalarltjoinsel)$op$,
		$op$CREATE OPERATOR scru128_sql.<= (LEFTARG = timestamp with time zone, RIGHTARG = scru128_sql.scru128, FUNCTION = scru128_sql.timestamptz_le_scru128,
			COMMUTATOR = OPERATOR(scru128_sql.>=), NEGATOR = OPERATOR(scru128_sql.>), RESTRICT = pg_catalog.scalarlesel, JOIN = pg_catalog.scalarlejoinsel)$op$,
		$op$CREATE OPERATOR scru128_sql.> (LEFTARG = timestamp with time zone, RIGHTARG = scru128_sql.scru128, FUNCTION = scru128_sql.timestamptz_gt_scru128,
			COMMUTATOR = OPERATOR(scru128_sql.<), NEGATOR = OPERATOR(scru128_sql.<=), RESTRICT = pg_catalog.scalargtsel, JOIN = pg_catalog.scalargtjoinsel)$op$,
		$op$CREATE OPERATOR scru128_sql.>= (LEFTARG = timestamp with time zone, RIGHTARG = scru128_sql.scru128, FUNCTION = scru128_sql.timestamptz_ge_scru128,
			COMMUTATOR = OPERATOR(scru128_sql.<=), NEGATOR = OPERATOR(scru128_sql.<), RESTRICT = pg_catalog.scalargesel, JOIN = pg_catalog.scalargejoinsel)$op$,
		$op$CREATE OPERATOR scru128_sql.< (LEFTARG = scru128_sql._uuid_guard, RIGHTARG = timestamp with time zone, FUNCTION = scru128_sql._uuid_guard_timestamptz)$op$,
		$op$CREATE OPERATOR scru128_sql.<= (LEFTARG = scru128_sql._uuid_guard, RIGHTARG = timestamp with time zone, FUNCTION = scru128_sql._uuid_guard_timestamptz)$op$,
		$op$CREATE OPERATOR scru128_sql.> (LEFTARG = scru128_sql._uuid_guard, RIGHTARG = timestamp with time zone, FUNCTION = scru128_sql._uuid_guard_timestamptz)$op$,
		$op$CREATE OPERATOR scru128_sql.>= (LEFTARG = scru128_sql._uuid_guard, RIGHTARG = timestamp with time zone, FUNCTION = scru128_sql._uuid_guard_timestamptz)$op$,
		$op$CREATE OPERATOR scru128_sql.< (LEFTARG = timestamp with time zone, RIGHTARG = scru128_sql._uuid_guard, FUNCTION = scru128_sql._timestamptz_uuid_guard)$op$,
		$op$CREATE OPERATOR scru128_sql.<= (LEFTARG = timestamp with time zone, RIGHTARG = scru128_sql._uuid_guard, FUNCTION = scru128_sql._timestamptz_uuid_guard)$op$,
		$op$CREATE OPERATOR scru128_sql.> (LEFTARG = timestamp with time zone, RIGHTARG = scru128_sql._uuid_guard, FUNCTION = scru128_sql._timestamptz_uuid_guard)$op$,
		$op$CREATE OPERATOR scru128_sql.>= (LEFTARG = timestamp with time zone, RIGHTARG = scru128_sql._uuid_guard, FUNCTION = scru128_sql._timestamptz_uuid_guard)$op$,
		$op$CREATE OPERATOR scru128_sql.< (LEFTARG = scru128_sql.scru64, RIGHTARG = timestamp with time zone, FUNCTION = scru128_sql.scru64_lt_timestamptz,
			COMMUTATOR = OPERATOR(scru128_sql.>), NEGATOR = OPERATOR(scru128_sql.>=), RESTRICT = pg_catalog.scalarltsel, JOIN = pg_catalog.scalarltjoinsel)$op$,
		$op$CREATE OPERATOR scru128_sql.<= (LEFTARG = scru128_sql.scru64, RIGHTARG = timestamp with time zone, FUNCTION = scru128_sql.scru64_le_timestamptz,
			COMMUTATOR = OPERATOR(scru128_sql.>=), NEGATOR = OPERATOR(scru128_sql.>), RESTRICT = pg_catalog.scalarlesel, JOIN = pg_catalog.scalarlejoinsel)$op$,
		$op$CREATE OPERATOR scru128_sql.> (LEFTARG = scru128_sql.scru64, RIGHTARG = timestamp with time zone, FUNCTION = scru128_sql.scru64_gt_timestamptz,
			COMMUTATOR = OPERATOR(scru128_sql.<), NEGATOR = OPERATOR(scru128_sql.<=), RESTRICT = pg_catalog.scalargtsel, JOIN = pg_catalog.scalargtjoinsel)$op$,
		$op$CREATE OPERATOR scru128_sql.>= (LEFTARG = scru128_sql.scru64, RIGHTARG = timestamp with time zone, FUNCTION = scru128_sql.scru64_ge_timestamptz,
			COMMUTATOR = OPERATOR(scru128_sql.<=), NEGATOR = OPERATOR(scru128_sql.<), RESTRICT = pg_catalog.scalargesel, JOIN = pg_catalog.scalargejoinsel)$op$,
		$op$CREATE OPERATOR scru128_sql.< (LEFTARG = timestamp with time zone, RIGHTARG = scru128_sql.scru64, FUNCTION = scru128_sql.timestamptz_lt_scru64,
			COMMUTATOR = OPERATOR(scru128_sql.>), NEGATOR = OPERATOR(scru128_sql.>=), RESTRICT = pg_catalog.scalarltsel, JOIN = pg_catalog.scalarltjoinsel)$op$,
		$op$CREATE OPERATOR scru128_sql.<= (LEFTARG = timestamp with time zone, RIGHTARG = scru128_sql.scru64, FUNCTION = scru128_sql.timestamptz_le_scru64,
			COMMUTATOR = OPERATOR(scru128_sql.>=), NEGATOR = OPERATOR(scru128_sql.>), RESTRICT = pg_catalog.scalarlesel, JOIN = pg_catalog.scalarlejoinsel)$op$,
		$op$CREATE OPERATOR scru128_sql.> (LEFTARG = timestamp with time zone, RIGHTARG = scru128_sql.scru64, FUNCTION = scru128_sql.timestamptz_gt_scru64,
			COMMUTATOR = OPERATOR(scru128_sql.<), NEGATOR = OPERATOR(scru128_sql.<=), RESTRICT = pg_catalog.scalargtsel, JOIN = pg_catalog.scalargtjoinsel)$op$,
		$op$CREATE OPERATOR scru128_sql.>= (LEFTARG = timestamp with time zone, RIGHTARG = scru128_sql.scru64, FUNCTION = scru128_sql.timestamptz_ge_scru64,
			COMMUTATOR = OPERATOR(scru128_sql.<=), NEGATOR = OPERATOR(scru128_sql.<), RESTRICT = pg_catalog.scalargesel, JOIN = pg_catalog.scalargejoinsel)$op$,
		$op$CREATE OPERATOR scru128_sql.< (LEFTARG = scru128_sql._bigint_guard, RIGHTARG = timestamp with time zone, FUNCTION = scru128_sql._bigint_guard_timestamptz)$op$,
		$op$CREATE OPERATOR scru128_sql.<= (LEFTARG = scru128_sql._bigint_guard, RIGHTARG = timestamp with time zone, FUNCTION = scru128_sql._bigint_guard_timestamptz)$op$,
		$op$CREATE OPERATOR scru128_sql.> (LEFTARG = scru128_sql._bigint_guard, RIGHTARG = timestamp with time zone, FUNCTION = scru128_sql._bigint_guard_timestamptz)$op$,
		$op$CREATE OPERATOR scru128_sql.>= (LEFTARG = scru128_sql._bigint_guard, RIGHTARG = timestamp with time zone, FUNCTION = scru128_sql._bigint_guard_timestamptz)$op$,
		$op$CREATE OPERATOR scru128_sql.< (LEFTARG = timestamp with time zone, RIGHTARG = scru128_sql._bigint_guard, FUNCTION = scru128_sql._timestamptz_bigint_guard)$op$,
		$op$CREATE OPERATOR scru128_sql.<= (LEFTARG = timestamp with time zone, RIGHTARG = scru128_sql._bigint_guard, FUNCTION = scru128_sql._timestamptz_bigint_guard)$op$,
		$op$CREATE OPERATOR scru128_sql.> (LEFTARG = timestamp with time zone, RIGHTARG = scru128_sql._bigint_guard, FUNCTION = scru128_sql._timestamptz_bigint_guard)$op$,
		$op$CREATE OPERATOR scru128_sql.>= (LEFTARG = timestamp with time zone, RIGHTARG = scru128_sql._bigint_guard, FUNCTION = scru128_sql._timestamptz_bigint_guard)$op$,
		$op$CREATE OPERATOR scru128_sql.< (LEFTARG = scru128_sql.scru160, RIGHTARG = timestamp with time zone, FUNCTION = scru128_sql.scru160_lt_timestamptz,
			COMMUTATOR = OPERATOR(scru128_sql.>), NEGATOR = OPERATOR(scru128_sql.>=), RESTRICT = pg_catalog.scalarltsel, JOIN = pg_catalog.scalarltjoinsel)$op$,
		$op$CREATE OPERATOR scru128_sql.<= (LEFTARG = scru128_sql.scru160, RIGHTARG = timestamp with time zone, FUNCTION = scru128_sql.scru160_le_timestamptz,
			COMMUTATOR = OPERATOR(scru128_sql.>=), NEGATOR = OPERATOR(scru128_sql.>), RESTRICT = pg_catalog.scalarlesel, JOIN = pg_catalog.scalarlejoinsel)$op$,
		$op$CREATE OPERATOR scru128_sql.> (LEFTARG = scru128_sql.scru160, RIGHTARG = timestamp with time zone, FUNCTION = scru128_sql.scru160_gt_timestamptz,
			COMMUTATOR = OPERATOR(scru128_sql.<), NEGATOR = OPERATOR(scru128_sql.<=), RESTRICT = pg_catalog.scalargtsel, JOIN = pg_catalog.scalargtjoinsel)$op$,
		$op$CREATE OPERATOR scru128_sql.>= (LEFTARG = scru128_sql.scru160, RIGHTARG = timestamp with time zone, FUNCTION = scru128_sql.scru160_ge_timestamptz,
			COMMUTATOR = OPERATOR(scru128_sql.<=), NEGATOR = OPERATOR(scru128_sql.<), RESTRICT = pg_catalog.scalargesel, JOIN = pg_catalog.scalargejoinsel)$op$,
		$op$CREATE OPERATOR scru128_sql.< (LEFTARG = timestamp with time zone, RIGHTARG = scru128_sql.scru160, FUNCTION = scru128_sql.timestamptz_lt_scru160,
			COMMUTATOR = OPERATOR(scru128_sql.>), NEGATOR = OPERATOR(scru128_sql.>=), RESTRICT = pg_catalog.scalarltsel, JOIN = pg_catalog.scalarltjoinsel)$op$,
		$op$CREATE OPERATOR scru128_sql.<= (LEFTARG = timestamp with time zone, RIGHTARG = scru128_sql.scru160, FUNCTION = scru128_sql.timestamptz_le_scru160,
			COMMUTATOR = OPERATOR(scru128_sql.>=), NEGATOR = OPERATOR(scru128_sql.>), RESTRICT = pg_catalog.scalarlesel, JOIN = pg_catalog.scalarlejoinsel)$op$,
		$op$CREATE OPERATOR scru128_sql.> (LEFTARG = timestamp with time zone, RIGHTARG = scru128_sql.scru160, FUNCTION = scru128_sql.timestamptz_gt_scru160,
			COMMUTATOR = OPERATOR(scru128_sql.<), NEGATOR = OPERATOR(scru128_sql.<=), RESTRICT = pg_catalog.scalargtsel, JOIN = pg_catalog.scalargtjoinsel)$op$,
		$op$CREATE OPERATOR scru128_sql.>= (LEFTARG = timestamp with time zone, RIGHTARG = scru128_sql.scru160, FUNCTION = scru128_sql.timestamptz_ge_scru160,
			COMMUTATOR = OPERATOR(scru128_sql.<=), NEGATOR = OPERATOR(scru128_sql.<), RESTRICT = pg_catalog.scalargesel, JOIN = pg_catalog.scalargejoinsel)$op$,
		$op$CREATE OPERATOR scru128_sql.< (LEFTARG = scru128_sql._bytea_guard, RIGHTARG = timestamp with time zone, FUNCTION = scru128_sql._bytea_guard_timestamptz)$op$,
		$op$CREATE OPERATOR scru128_sql.<= (LEFTARG = scru128_sql._bytea_guard, RIGHTARG = timestamp with time zone, FUNCTION = scru128_sql._bytea_guard_timestamptz)$op$,
		$op$CREATE OPERATOR scru128_sql.> (LEFTARG = scru128_sql._bytea_guard, RIGHTARG = timestamp with time zone, FUNCTION = scru128_sql._bytea_guard_timestamptz)$op$,
		$op$CREATE OPERATOR scru128_sql.>= (LEFTARG = scru128_sql._bytea_guard, RIGHTARG = timestamp with time zone, FUNCTION = scru128_sql._bytea_guard_timestamptz)$op$,
		$op$CREATE OPERATOR scru128_sql.< (LEFTARG = timestamp with time zone, RIGHTARG = scru128_sql._bytea_guard, FUNCTION = scru128_sql._timestamptz_bytea_guard)$op$,
		$op$CREATE OPERATOR scru128_sql.<= (LEFTARG = timestamp with time zone, RIGHTARG = scru128_sql._bytea_guard, FUNCTION = scru128_sql._timestamptz_bytea_guard)$op$,
		$op$CREATE OPERATOR scru128_sql.> (LEFTARG = timestamp with time zone, RIGHTARG = scru128_sql._bytea_guard, FUNCTION = scru128_sql._timestamptz_bytea_guard)$op$,
		$op$CREATE OPERATOR scru128_sql.>= (LEFTARG = timestamp with time zone, RIGHTARG = scru128_sql._bytea_guard, FUNCTION = scru128_sql._timestamptz_bytea_guard)$op$
	] LOOP
		BEGIN
			EXECUTE s;
		EXCEPTION WHEN duplicate_function THEN
			NULL;
		END;
	END LOOP;
END
$do$;
COMMENT ON OPERATOR scru128_sql.< (scru128_sql.scru128, timestamp with time zone) IS 'the time of the scru128 ID is before the timestamptz, to the microsecond';
COMMENT ON OPERATOR scru128_sql.<= (scru128_sql.scru128, timestamp with time zone) IS 'the time of the scru128 ID is at or before the timestamptz, to the microsecond';
COMMENT ON OPERATOR scru128_sql.> (scru128_sql.scru128, timestamp with time zone) IS 'the time of the scru128 ID is after the timestamptz, to the microsecond';
COMMENT ON OPERATOR scru128_sql.>= (scru128_sql.scru128, timestamp with time zone) IS 'the time of the scru128 ID is at or after the timestamptz, to the microsecond';
COMMENT ON OPERATOR scru128_sql.< (timestamp with time zone, scru128_sql.scru128) IS 'the timestamptz is before the time of the scru128 ID, to the microsecond';
COMMENT ON OPERATOR scru128_sql.<= (timestamp with time zone, scru128_sql.scru128) IS 'the timestamptz is at or before the time of the scru128 ID, to the microsecond';
COMMENT ON OPERATOR scru128_sql.> (timestamp with time zone, scru128_sql.scru128) IS 'the timestamptz is after the time of the scru128 ID, to the microsecond';
COMMENT ON OPERATOR scru128_sql.>= (timestamp with time zone, scru128_sql.scru128) IS 'the timestamptz is at or after the time of the scru128 ID, to the microsecond';
COMMENT ON OPERATOR scru128_sql.< (scru128_sql._uuid_guard, timestamp with time zone) IS 'guard: makes a plain uuid < timestamptz ambiguous instead of a scru128 comparison';
COMMENT ON OPERATOR scru128_sql.<= (scru128_sql._uuid_guard, timestamp with time zone) IS 'guard: makes a plain uuid <= timestamptz ambiguous instead of a scru128 comparison';
COMMENT ON OPERATOR scru128_sql.> (scru128_sql._uuid_guard, timestamp with time zone) IS 'guard: makes a plain uuid > timestamptz ambiguous instead of a scru128 comparison';
COMMENT ON OPERATOR scru128_sql.>= (scru128_sql._uuid_guard, timestamp with time zone) IS 'guard: makes a plain uuid >= timestamptz ambiguous instead of a scru128 comparison';
COMMENT ON OPERATOR scru128_sql.< (timestamp with time zone, scru128_sql._uuid_guard) IS 'guard: makes a plain timestamptz < uuid ambiguous instead of a scru128 comparison';
COMMENT ON OPERATOR scru128_sql.<= (timestamp with time zone, scru128_sql._uuid_guard) IS 'guard: makes a plain timestamptz <= uuid ambiguous instead of a scru128 comparison';
COMMENT ON OPERATOR scru128_sql.> (timestamp with time zone, scru128_sql._uuid_guard) IS 'guard: makes a plain timestamptz > uuid ambiguous instead of a scru128 comparison';
COMMENT ON OPERATOR scru128_sql.>= (timestamp with time zone, scru128_sql._uuid_guard) IS 'guard: makes a plain timestamptz >= uuid ambiguous instead of a scru128 comparison';
COMMENT ON OPERATOR scru128_sql.< (scru128_sql.scru64, timestamp with time zone) IS 'the time of the scru64 ID is before the timestamptz, to the microsecond';
COMMENT ON OPERATOR scru128_sql.<= (scru128_sql.scru64, timestamp with time zone) IS 'the time of the scru64 ID is at or before the timestamptz, to the microsecond';
COMMENT ON OPERATOR scru128_sql.> (scru128_sql.scru64, timestamp with time zone) IS 'the time of the scru64 ID is after the timestamptz, to the microsecond';
COMMENT ON OPERATOR scru128_sql.>= (scru128_sql.scru64, timestamp with time zone) IS 'the time of the scru64 ID is at or after the timestamptz, to the microsecond';
COMMENT ON OPERATOR scru128_sql.< (timestamp with time zone, scru128_sql.scru64) IS 'the timestamptz is before the time of the scru64 ID, to the microsecond';
COMMENT ON OPERATOR scru128_sql.<= (timestamp with time zone, scru128_sql.scru64) IS 'the timestamptz is at or before the time of the scru64 ID, to the microsecond';
COMMENT ON OPERATOR scru128_sql.> (timestamp with time zone, scru128_sql.scru64) IS 'the timestamptz is after the time of the scru64 ID, to the microsecond';
COMMENT ON OPERATOR scru128_sql.>= (timestamp with time zone, scru128_sql.scru64) IS 'the timestamptz is at or after the time of the scru64 ID, to the microsecond';
COMMENT ON OPERATOR scru128_sql.< (scru128_sql._bigint_guard, timestamp with time zone) IS 'guard: makes a plain bigint < timestamptz ambiguous instead of a scru64 comparison';
COMMENT ON OPERATOR scru128_sql.<= (scru128_sql._bigint_guard, timestamp with time zone) IS 'guard: makes a plain bigint <= timestamptz ambiguous instead of a scru64 comparison';
COMMENT ON OPERATOR scru128_sql.> (scru128_sql._bigint_guard, timestamp with time zone) IS 'guard: makes a plain bigint > timestamptz ambiguous instead of a scru64 comparison';
COMMENT ON OPERATOR scru128_sql.>= (scru128_sql._bigint_guard, timestamp with time zone) IS 'guard: makes a plain bigint >= timestamptz ambiguous instead of a scru64 comparison';
COMMENT ON OPERATOR scru128_sql.< (timestamp with time zone, scru128_sql._bigint_guard) IS 'guard: makes a plain timestamptz < bigint ambiguous instead of a scru64 comparison';
COMMENT ON OPERATOR scru128_sql.<= (timestamp with time zone, scru128_sql._bigint_guard) IS 'guard: makes a plain timestamptz <= bigint ambiguous instead of a scru64 comparison';
COMMENT ON OPERATOR scru128_sql.> (timestamp with time zone, scru128_sql._bigint_guard) IS 'guard: makes a plain timestamptz > bigint ambiguous instead of a scru64 comparison';
COMMENT ON OPERATOR scru128_sql.>= (timestamp with time zone, scru128_sql._bigint_guard) IS 'guard: makes a plain timestamptz >= bigint ambiguous instead of a scru64 comparison';
COMMENT ON OPERATOR scru128_sql.< (scru128_sql.scru160, timestamp with time zone) IS 'the time of the scru160 ID is before the timestamptz, to the microsecond';
COMMENT ON OPERATOR scru128_sql.<= (scru128_sql.scru160, timestamp with time zone) IS 'the time of the scru160 ID is at or before the timestamptz, to the microsecond';
COMMENT ON OPERATOR scru128_sql.> (scru128_sql.scru160, timestamp with time zone) IS 'the time of the scru160 ID is after the timestamptz, to the microsecond';
COMMENT ON OPERATOR scru128_sql.>= (scru128_sql.scru160, timestamp with time zone) IS 'the time of the scru160 ID is at or after the timestamptz, to the microsecond';
COMMENT ON OPERATOR scru128_sql.< (timestamp with time zone, scru128_sql.scru160) IS 'the timestamptz is before the time of the scru160 ID, to the microsecond';
COMMENT ON OPERATOR scru128_sql.<= (timestamp with time zone, scru128_sql.scru160) IS 'the timestamptz is at or before the time of the scru160 ID, to the microsecond';
COMMENT ON OPERATOR scru128_sql.> (timestamp with time zone, scru128_sql.scru160) IS 'the timestamptz is after the time of the scru160 ID, to the microsecond';
COMMENT ON OPERATOR scru128_sql.>= (timestamp with time zone, scru128_sql.scru160) IS 'the timestamptz is at or after the time of the scru160 ID, to the microsecond';
COMMENT ON OPERATOR scru128_sql.< (scru128_sql._bytea_guard, timestamp with time zone) IS 'guard: makes a plain bytea < timestamptz ambiguous instead of a scru160 comparison';
COMMENT ON OPERATOR scru128_sql.<= (scru128_sql._bytea_guard, timestamp with time zone) IS 'guard: makes a plain bytea <= timestamptz ambiguous instead of a scru160 comparison';
COMMENT ON OPERATOR scru128_sql.> (scru128_sql._bytea_guard, timestamp with time zone) IS 'guard: makes a plain bytea > timestamptz ambiguous instead of a scru160 comparison';
COMMENT ON OPERATOR scru128_sql.>= (scru128_sql._bytea_guard, timestamp with time zone) IS 'guard: makes a plain bytea >= timestamptz ambiguous instead of a scru160 comparison';
COMMENT ON OPERATOR scru128_sql.< (timestamp with time zone, scru128_sql._bytea_guard) IS 'guard: makes a plain timestamptz < bytea ambiguous instead of a scru160 comparison';
COMMENT ON OPERATOR scru128_sql.<= (timestamp with time zone, scru128_sql._bytea_guard) IS 'guard: makes a plain timestamptz <= bytea ambiguous instead of a scru160 comparison';
COMMENT ON OPERATOR scru128_sql.> (timestamp with time zone, scru128_sql._bytea_guard) IS 'guard: makes a plain timestamptz > bytea ambiguous instead of a scru160 comparison';
COMMENT ON OPERATOR scru128_sql.>= (timestamp with time zone, scru128_sql._bytea_guard) IS 'guard: makes a plain timestamptz >= bytea ambiguous instead of a scru160 comparison';
