-- min_id and max_id: the smallest and largest ID of a column, for the
-- types that have no min/max before PostgreSQL 20 (uuid: SCRU128,
-- scru128_sql.scru128 and UUIDv7 columns; bytea: SCRU160).  Not named
-- min/max: PostgreSQL 20's min(uuid) and max(uuid) in pg_catalog would
-- then sit beside them, and a plain uuid argument would find two equally
-- good candidates when both are on the path.  SCRU64 needs none: core's
-- min(bigint) and max(bigint) take scru128_sql.scru64.  The sort operator
-- lets the planner read the value from one end of a btree index instead
-- of every row.  The transition function is SQL (no C): where no index
-- serves, each row costs a function call.
CREATE OR REPLACE FUNCTION scru128_sql._uuid_smaller(a pg_catalog.uuid, b pg_catalog.uuid)
RETURNS pg_catalog.uuid LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
SELECT CASE WHEN a OPERATOR(pg_catalog.<=) b THEN a ELSE b END
$fn$;
COMMENT ON FUNCTION scru128_sql._uuid_smaller(pg_catalog.uuid, pg_catalog.uuid) IS 'internal: the smaller of two uuids (min_id''s transition function)';

CREATE OR REPLACE FUNCTION scru128_sql._uuid_larger(a pg_catalog.uuid, b pg_catalog.uuid)
RETURNS pg_catalog.uuid LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
SELECT CASE WHEN a OPERATOR(pg_catalog.>=) b THEN a ELSE b END
$fn$;
COMMENT ON FUNCTION scru128_sql._uuid_larger(pg_catalog.uuid, pg_catalog.uuid) IS 'internal: the larger of two uuids (max_id''s transition function)';

CREATE OR REPLACE FUNCTION scru128_sql._bytea_smaller(a pg_catalog.bytea, b pg_catalog.bytea)
RETURNS pg_catalog.bytea LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
SELECT CASE WHEN a OPERATOR(pg_catalog.<=) b THEN a ELSE b END
$fn$;
COMMENT ON FUNCTION scru128_sql._bytea_smaller(pg_catalog.bytea, pg_catalog.bytea) IS 'internal: the smaller of two byteas (min_id''s transition function)';

CREATE OR REPLACE FUNCTION scru128_sql._bytea_larger(a pg_catalog.bytea, b pg_catalog.bytea)
RETURNS pg_catalog.bytea LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
SELECT CASE WHEN a OPERATOR(pg_catalog.>=) b THEN a ELSE b END
$fn$;
COMMENT ON FUNCTION scru128_sql._bytea_larger(pg_catalog.bytea, pg_catalog.bytea) IS 'internal: the larger of two byteas (max_id''s transition function)';

-- CREATE OR REPLACE AGGREGATE is PostgreSQL 12 and later, as is all the
-- edition supports.
CREATE OR REPLACE AGGREGATE scru128_sql.min_id(pg_catalog.uuid) (
	SFUNC = scru128_sql._uuid_smaller, STYPE = pg_catalog.uuid, COMBINEFUNC = scru128_sql._uuid_smaller,
	SORTOP = OPERATOR(pg_catalog.<), PARALLEL = SAFE);
COMMENT ON AGGREGATE scru128_sql.min_id(pg_catalog.uuid) IS 'the smallest (earliest) SCRU128 or UUIDv7 ID';
CREATE OR REPLACE AGGREGATE scru128_sql.max_id(pg_catalog.uuid) (
	SFUNC = scru128_sql._uuid_larger, STYPE = pg_catalog.uuid, COMBINEFUNC = scru128_sql._uuid_larger,
	SORTOP = OPERATOR(pg_catalog.>), PARALLEL = SAFE);
COMMENT ON AGGREGATE scru128_sql.max_id(pg_catalog.uuid) IS 'the largest (latest) SCRU128 or UUIDv7 ID';
CREATE OR REPLACE AGGREGATE scru128_sql.min_id(pg_catalog.bytea) (
	SFUNC = scru128_sql._bytea_smaller, STYPE = pg_catalog.bytea, COMBINEFUNC = scru128_sql._bytea_smaller,
	SORTOP = OPERATOR(pg_catalog.<), PARALLEL = SAFE);
COMMENT ON AGGREGATE scru128_sql.min_id(pg_catalog.bytea) IS 'the smallest (earliest) SCRU160 ID';
CREATE OR REPLACE AGGREGATE scru128_sql.max_id(pg_catalog.bytea) (
	SFUNC = scru128_sql._bytea_larger, STYPE = pg_catalog.bytea, COMBINEFUNC = scru128_sql._bytea_larger,
	SORTOP = OPERATOR(pg_catalog.>), PARALLEL = SAFE);
COMMENT ON AGGREGATE scru128_sql.max_id(pg_catalog.bytea) IS 'the largest (latest) SCRU160 ID';
