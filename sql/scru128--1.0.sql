/* scru128--1.0.sql */

-- complain if script is sourced in psql, rather than via CREATE EXTENSION
\echo Use "CREATE EXTENSION scru128" to load this file. \quit

--
-- The type
--
CREATE TYPE scru128;

CREATE FUNCTION scru128_in(cstring) RETURNS scru128
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION scru128_out(scru128) RETURNS cstring
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION scru128_recv(internal) RETURNS scru128
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION scru128_send(scru128) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE TYPE scru128 (
	INPUT = scru128_in,
	OUTPUT = scru128_out,
	RECEIVE = scru128_recv,
	SEND = scru128_send,
	INTERNALLENGTH = 16,
	ALIGNMENT = char,
	STORAGE = plain
);

COMMENT ON TYPE scru128 IS 'SCRU128 identifier: 128 bits (48-bit ms timestamp, 24-bit counter_hi, 24-bit counter_lo, 32-bit entropy), shown as 25 Base36 digits';
COMMENT ON FUNCTION scru128_in(cstring) IS 'text input of scru128: 25 case-insensitive Base36 digits';
COMMENT ON FUNCTION scru128_out(scru128) IS 'text output of scru128: 25 lowercase Base36 digits';
COMMENT ON FUNCTION scru128_recv(internal) IS 'binary input of scru128: 16 big-endian bytes';
COMMENT ON FUNCTION scru128_send(scru128) IS 'binary output of scru128: 16 big-endian bytes';

--
-- Comparison operators
--
CREATE FUNCTION scru128_eq(scru128, scru128) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru128_ne(scru128, scru128) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru128_lt(scru128, scru128) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru128_le(scru128, scru128) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru128_gt(scru128, scru128) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru128_ge(scru128, scru128) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru128_cmp(scru128, scru128) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION scru128_eq(scru128, scru128) IS 'implementation of = operator';
COMMENT ON FUNCTION scru128_ne(scru128, scru128) IS 'implementation of <> operator';
COMMENT ON FUNCTION scru128_lt(scru128, scru128) IS 'implementation of < operator';
COMMENT ON FUNCTION scru128_le(scru128, scru128) IS 'implementation of <= operator';
COMMENT ON FUNCTION scru128_gt(scru128, scru128) IS 'implementation of > operator';
COMMENT ON FUNCTION scru128_ge(scru128, scru128) IS 'implementation of >= operator';
COMMENT ON FUNCTION scru128_cmp(scru128, scru128) IS 'less-equal-greater (-1, 0, 1) comparison';

CREATE OPERATOR = (
	LEFTARG = scru128, RIGHTARG = scru128, FUNCTION = scru128_eq,
	COMMUTATOR = =, NEGATOR = <>,
	RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES
);
CREATE OPERATOR <> (
	LEFTARG = scru128, RIGHTARG = scru128, FUNCTION = scru128_ne,
	COMMUTATOR = <>, NEGATOR = =,
	RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR < (
	LEFTARG = scru128, RIGHTARG = scru128, FUNCTION = scru128_lt,
	COMMUTATOR = >, NEGATOR = >=,
	RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR <= (
	LEFTARG = scru128, RIGHTARG = scru128, FUNCTION = scru128_le,
	COMMUTATOR = >=, NEGATOR = >,
	RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR > (
	LEFTARG = scru128, RIGHTARG = scru128, FUNCTION = scru128_gt,
	COMMUTATOR = <, NEGATOR = <=,
	RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR >= (
	LEFTARG = scru128, RIGHTARG = scru128, FUNCTION = scru128_ge,
	COMMUTATOR = <=, NEGATOR = <,
	RESTRICT = scalargesel, JOIN = scalargejoinsel
);

COMMENT ON OPERATOR = (scru128, scru128) IS 'equal';
COMMENT ON OPERATOR <> (scru128, scru128) IS 'not equal';
COMMENT ON OPERATOR < (scru128, scru128) IS 'less than (earlier)';
COMMENT ON OPERATOR <= (scru128, scru128) IS 'less than or equal';
COMMENT ON OPERATOR > (scru128, scru128) IS 'greater than (later)';
COMMENT ON OPERATOR >= (scru128, scru128) IS 'greater than or equal';

--
-- B-tree and hash support
--
CREATE FUNCTION scru128_sortsupport(internal) RETURNS void
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION scru128_hash(scru128) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru128_hash_extended(scru128, bigint) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION scru128_sortsupport(internal) IS 'sort support (abbreviated keys) for scru128';
COMMENT ON FUNCTION scru128_hash(scru128) IS '32-bit hash of a scru128';
COMMENT ON FUNCTION scru128_hash_extended(scru128, bigint) IS '64-bit seeded hash of a scru128';

CREATE OPERATOR CLASS scru128_ops
	DEFAULT FOR TYPE scru128 USING btree AS
		OPERATOR 1 <,
		OPERATOR 2 <=,
		OPERATOR 3 =,
		OPERATOR 4 >=,
		OPERATOR 5 >,
		FUNCTION 1 scru128_cmp(scru128, scru128),
		FUNCTION 2 scru128_sortsupport(internal),
		FUNCTION 4 btequalimage(oid);

CREATE OPERATOR CLASS scru128_ops
	DEFAULT FOR TYPE scru128 USING hash AS
		OPERATOR 1 =,
		FUNCTION 1 scru128_hash(scru128),
		FUNCTION 2 scru128_hash_extended(scru128, bigint);

COMMENT ON OPERATOR CLASS scru128_ops USING btree IS 'default B-tree operator class for scru128 (time order)';
COMMENT ON OPERATOR FAMILY scru128_ops USING btree IS 'B-tree operator family for scru128';
COMMENT ON OPERATOR CLASS scru128_ops USING hash IS 'default hash operator class for scru128';
COMMENT ON OPERATOR FAMILY scru128_ops USING hash IS 'hash operator family for scru128';

--
-- BRIN support
--
CREATE FUNCTION scru128_brin_minmax_multi_distance(internal, internal) RETURNS double precision
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION scru128_brin_minmax_multi_distance(internal, internal) IS 'distance between two scru128 values, for BRIN minmax-multi';

CREATE OPERATOR CLASS scru128_minmax_ops
	DEFAULT FOR TYPE scru128 USING brin AS
		OPERATOR 1 <,
		OPERATOR 2 <=,
		OPERATOR 3 =,
		OPERATOR 4 >=,
		OPERATOR 5 >,
		FUNCTION 1 brin_minmax_opcinfo(internal),
		FUNCTION 2 brin_minmax_add_value(internal, internal, internal, internal),
		FUNCTION 3 brin_minmax_consistent(internal, internal, internal),
		FUNCTION 4 brin_minmax_union(internal, internal, internal);

CREATE OPERATOR CLASS scru128_minmax_multi_ops
	FOR TYPE scru128 USING brin AS
		OPERATOR 1 <,
		OPERATOR 2 <=,
		OPERATOR 3 =,
		OPERATOR 4 >=,
		OPERATOR 5 >,
		FUNCTION 1 brin_minmax_multi_opcinfo(internal),
		FUNCTION 2 brin_minmax_multi_add_value(internal, internal, internal, internal),
		FUNCTION 3 brin_minmax_multi_consistent(internal, internal, internal, integer),
		FUNCTION 4 brin_minmax_multi_union(internal, internal, internal),
		FUNCTION 5 brin_minmax_multi_options(internal),
		FUNCTION 11 scru128_brin_minmax_multi_distance(internal, internal);

CREATE OPERATOR CLASS scru128_bloom_ops
	FOR TYPE scru128 USING brin AS
		OPERATOR 1 =,
		FUNCTION 1 brin_bloom_opcinfo(internal),
		FUNCTION 2 brin_bloom_add_value(internal, internal, internal, internal),
		FUNCTION 3 brin_bloom_consistent(internal, internal, internal, integer),
		FUNCTION 4 brin_bloom_union(internal, internal, internal),
		FUNCTION 5 brin_bloom_options(internal),
		FUNCTION 11 scru128_hash(scru128);

COMMENT ON OPERATOR CLASS scru128_minmax_ops USING brin IS 'default BRIN operator class for scru128: one range per block range';
COMMENT ON OPERATOR FAMILY scru128_minmax_ops USING brin IS 'BRIN minmax operator family for scru128';
COMMENT ON OPERATOR CLASS scru128_minmax_multi_ops USING brin IS 'BRIN minmax-multi operator class for scru128: several ranges per block range';
COMMENT ON OPERATOR FAMILY scru128_minmax_multi_ops USING brin IS 'BRIN minmax-multi operator family for scru128';
COMMENT ON OPERATOR CLASS scru128_bloom_ops USING brin IS 'BRIN bloom operator class for scru128: equality lookups';
COMMENT ON OPERATOR FAMILY scru128_bloom_ops USING brin IS 'BRIN bloom operator family for scru128';

--
-- Aggregates
--
CREATE FUNCTION scru128_smaller(scru128, scru128) RETURNS scru128
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION scru128_larger(scru128, scru128) RETURNS scru128
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION scru128_smaller(scru128, scru128) IS 'smaller of two scru128 values';
COMMENT ON FUNCTION scru128_larger(scru128, scru128) IS 'larger of two scru128 values';

CREATE AGGREGATE min(scru128) (
	SFUNC = scru128_smaller, STYPE = scru128,
	COMBINEFUNC = scru128_smaller, SORTOP = <, PARALLEL = SAFE
);
CREATE AGGREGATE max(scru128) (
	SFUNC = scru128_larger, STYPE = scru128,
	COMBINEFUNC = scru128_larger, SORTOP = >, PARALLEL = SAFE
);
COMMENT ON AGGREGATE min(scru128) IS 'minimum (earliest) scru128 value';
COMMENT ON AGGREGATE max(scru128) IS 'maximum (latest) scru128 value';

--
-- Fields and conversions
--
CREATE FUNCTION scru128_from_fields(timestamp_ms bigint, counter_hi integer, counter_lo integer, entropy bigint)
	RETURNS scru128
	AS 'MODULE_PATHNAME', 'scru128_from_fields_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION scru128_timestamp(scru128) RETURNS timestamptz
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru128_timestamp_ms(scru128) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru128_counter_hi(scru128) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru128_counter_lo(scru128) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru128_entropy(scru128) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru128_min(timestamptz) RETURNS scru128
	AS 'MODULE_PATHNAME', 'scru128_min_for' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION scru128_max(timestamptz) RETURNS scru128
	AS 'MODULE_PATHNAME', 'scru128_max_for' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION scru128_to_bytea(scru128) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION scru128_from_bytea(bytea) RETURNS scru128
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION scru128_from_fields(bigint, integer, integer, bigint) IS 'scru128 from its fields: 48-bit timestamp_ms, 24-bit counter_hi, 24-bit counter_lo, 32-bit entropy';
COMMENT ON FUNCTION scru128_timestamp(scru128) IS 'timestamp of a scru128, millisecond precision';
COMMENT ON FUNCTION scru128_timestamp_ms(scru128) IS '48-bit timestamp field of a scru128: milliseconds since 1970-01-01 00:00:00+00';
COMMENT ON FUNCTION scru128_counter_hi(scru128) IS '24-bit counter_hi field of a scru128';
COMMENT ON FUNCTION scru128_counter_lo(scru128) IS '24-bit counter_lo field of a scru128';
COMMENT ON FUNCTION scru128_entropy(scru128) IS '32-bit entropy field of a scru128';
COMMENT ON FUNCTION scru128_min(timestamptz) IS 'smallest scru128 of the millisecond of a timestamp (counters and entropy all zeros)';
COMMENT ON FUNCTION scru128_max(timestamptz) IS 'largest scru128 of the millisecond of a timestamp (counters and entropy all ones)';
COMMENT ON FUNCTION scru128_to_bytea(scru128) IS 'the 16 big-endian bytes of a scru128';
COMMENT ON FUNCTION scru128_from_bytea(bytea) IS 'scru128 from exactly 16 big-endian bytes';

--
-- Casts.  scru128 and uuid share their binary layout.
--
CREATE CAST (scru128 AS uuid) WITHOUT FUNCTION AS ASSIGNMENT;
CREATE CAST (uuid AS scru128) WITHOUT FUNCTION;
CREATE CAST (scru128 AS bytea) WITH FUNCTION scru128_to_bytea(scru128);
CREATE CAST (bytea AS scru128) WITH FUNCTION scru128_from_bytea(bytea);
CREATE CAST (scru128 AS timestamptz) WITH FUNCTION scru128_timestamp(scru128);

COMMENT ON CAST (scru128 AS uuid) IS 'same 16 bytes, reinterpreted as a uuid';
COMMENT ON CAST (uuid AS scru128) IS 'same 16 bytes, reinterpreted as a scru128';
COMMENT ON CAST (scru128 AS bytea) IS 'the 16 big-endian bytes';
COMMENT ON CAST (bytea AS scru128) IS 'from exactly 16 big-endian bytes';
COMMENT ON CAST (scru128 AS timestamptz) IS 'the embedded timestamp, millisecond precision';

--
-- Generators
--
CREATE FUNCTION scru128() RETURNS scru128
	AS 'MODULE_PATHNAME', 'scru128_generate' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
CREATE FUNCTION scru128(timestamptz) RETURNS scru128
	AS 'MODULE_PATHNAME', 'scru128_generate_at' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION scru128() IS 'new scru128 from this session''s generator: strictly increasing within the session';
COMMENT ON FUNCTION scru128(timestamptz) IS 'new scru128 for the given millisecond with random counters and entropy (stateless; for backfilling)';
