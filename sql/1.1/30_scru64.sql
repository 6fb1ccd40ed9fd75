--
-- scru64: SCRU64 IDs (spec v1.0.0), 8 bytes passed by value.  The value is
-- the ID as an integer: every valid ID is below 36^12 < 2^63, so signed
-- order, numeric order and text order are the same.
--
CREATE TYPE scru64;

CREATE FUNCTION scru64_in(cstring) RETURNS scru64
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION scru64_out(scru64) RETURNS cstring
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru64_recv(internal) RETURNS scru64
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION scru64_send(scru64) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

CREATE TYPE scru64 (
	INPUT = scru64_in,
	OUTPUT = scru64_out,
	RECEIVE = scru64_recv,
	SEND = scru64_send,
	INTERNALLENGTH = 8,
	PASSEDBYVALUE,
	ALIGNMENT = double,
	STORAGE = plain
);

COMMENT ON TYPE scru64 IS 'SCRU64 identifier: 64 bits (timestamp in 256 ms ticks, then 24 bits of node_id and counter), shown as 12 Base36 digits';
COMMENT ON FUNCTION scru64_in(cstring) IS 'text input of scru64: 12 case-insensitive Base36 digits';
COMMENT ON FUNCTION scru64_out(scru64) IS 'text output of scru64: 12 lowercase Base36 digits';
COMMENT ON FUNCTION scru64_recv(internal) IS 'binary input of scru64: 8 big-endian bytes, as bigint, between 0 and 36^12 - 1';
COMMENT ON FUNCTION scru64_send(scru64) IS 'binary output of scru64: 8 big-endian bytes, as bigint';

--
-- Comparison operators
--
CREATE FUNCTION scru64_eq(scru64, scru64) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru64_ne(scru64, scru64) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru64_lt(scru64, scru64) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru64_le(scru64, scru64) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru64_gt(scru64, scru64) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru64_ge(scru64, scru64) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru64_cmp(scru64, scru64) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION scru64_eq(scru64, scru64) IS 'implementation of = operator';
COMMENT ON FUNCTION scru64_ne(scru64, scru64) IS 'implementation of <> operator';
COMMENT ON FUNCTION scru64_lt(scru64, scru64) IS 'implementation of < operator';
COMMENT ON FUNCTION scru64_le(scru64, scru64) IS 'implementation of <= operator';
COMMENT ON FUNCTION scru64_gt(scru64, scru64) IS 'implementation of > operator';
COMMENT ON FUNCTION scru64_ge(scru64, scru64) IS 'implementation of >= operator';
COMMENT ON FUNCTION scru64_cmp(scru64, scru64) IS 'less-equal-greater (-1, 0, 1) comparison';

CREATE OPERATOR = (
	LEFTARG = scru64, RIGHTARG = scru64, FUNCTION = scru64_eq,
	COMMUTATOR = =, NEGATOR = <>,
	RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES
);
CREATE OPERATOR <> (
	LEFTARG = scru64, RIGHTARG = scru64, FUNCTION = scru64_ne,
	COMMUTATOR = <>, NEGATOR = =,
	RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR < (
	LEFTARG = scru64, RIGHTARG = scru64, FUNCTION = scru64_lt,
	COMMUTATOR = >, NEGATOR = >=,
	RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR <= (
	LEFTARG = scru64, RIGHTARG = scru64, FUNCTION = scru64_le,
	COMMUTATOR = >=, NEGATOR = >,
	RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR > (
	LEFTARG = scru64, RIGHTARG = scru64, FUNCTION = scru64_gt,
	COMMUTATOR = <, NEGATOR = <=,
	RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR >= (
	LEFTARG = scru64, RIGHTARG = scru64, FUNCTION = scru64_ge,
	COMMUTATOR = <=, NEGATOR = <,
	RESTRICT = scalargesel, JOIN = scalargejoinsel
);

COMMENT ON OPERATOR = (scru64, scru64) IS 'equal';
COMMENT ON OPERATOR <> (scru64, scru64) IS 'not equal';
COMMENT ON OPERATOR < (scru64, scru64) IS 'less than (earlier)';
COMMENT ON OPERATOR <= (scru64, scru64) IS 'less than or equal';
COMMENT ON OPERATOR > (scru64, scru64) IS 'greater than (later)';
COMMENT ON OPERATOR >= (scru64, scru64) IS 'greater than or equal';

--
-- B-tree and hash support
--
CREATE FUNCTION scru64_sortsupport(internal) RETURNS void
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION scru64_hash(scru64) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru64_hash_extended(scru64, bigint) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION scru64_sortsupport(internal) IS 'sort support for scru64 (integer comparison)';
COMMENT ON FUNCTION scru64_hash(scru64) IS '32-bit hash of a scru64, the same as of its bigint';
COMMENT ON FUNCTION scru64_hash_extended(scru64, bigint) IS '64-bit seeded hash of a scru64, the same as of its bigint';

CREATE OPERATOR CLASS scru64_ops
	DEFAULT FOR TYPE scru64 USING btree AS
		OPERATOR 1 <,
		OPERATOR 2 <=,
		OPERATOR 3 =,
		OPERATOR 4 >=,
		OPERATOR 5 >,
		FUNCTION 1 scru64_cmp(scru64, scru64),
		FUNCTION 2 scru64_sortsupport(internal),
		FUNCTION 4 btequalimage(oid);

CREATE OPERATOR CLASS scru64_ops
	DEFAULT FOR TYPE scru64 USING hash AS
		OPERATOR 1 =,
		FUNCTION 1 scru64_hash(scru64),
		FUNCTION 2 scru64_hash_extended(scru64, bigint);

-- B-tree skip support, PostgreSQL 18 and later only (the symbol exists
-- only there)
DO $$
BEGIN
	IF current_setting('server_version_num')::int >= 180000 THEN
		CREATE FUNCTION scru64_skipsupport(internal) RETURNS void
			AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
		COMMENT ON FUNCTION scru64_skipsupport(internal) IS 'B-tree skip scan support for scru64 (next and previous values)';
		ALTER OPERATOR FAMILY scru64_ops USING btree
			ADD FUNCTION 6 (scru64) scru64_skipsupport(internal);
	END IF;
END
$$;

COMMENT ON OPERATOR CLASS scru64_ops USING btree IS 'default B-tree operator class for scru64 (time order)';
COMMENT ON OPERATOR FAMILY scru64_ops USING btree IS 'B-tree operator family for scru64';
COMMENT ON OPERATOR CLASS scru64_ops USING hash IS 'default hash operator class for scru64';
COMMENT ON OPERATOR FAMILY scru64_ops USING hash IS 'hash operator family for scru64';

--
-- BRIN support
--
CREATE FUNCTION scru64_brin_minmax_multi_distance(internal, internal) RETURNS double precision
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION scru64_brin_minmax_multi_distance(internal, internal) IS 'distance between two scru64 values, for BRIN minmax-multi';

CREATE OPERATOR CLASS scru64_minmax_ops
	DEFAULT FOR TYPE scru64 USING brin AS
		OPERATOR 1 <,
		OPERATOR 2 <=,
		OPERATOR 3 =,
		OPERATOR 4 >=,
		OPERATOR 5 >,
		FUNCTION 1 brin_minmax_opcinfo(internal),
		FUNCTION 2 brin_minmax_add_value(internal, internal, internal, internal),
		FUNCTION 3 brin_minmax_consistent(internal, internal, internal),
		FUNCTION 4 brin_minmax_union(internal, internal, internal);

CREATE OPERATOR CLASS scru64_minmax_multi_ops
	FOR TYPE scru64 USING brin AS
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
		FUNCTION 11 scru64_brin_minmax_multi_distance(internal, internal);

CREATE OPERATOR CLASS scru64_bloom_ops
	FOR TYPE scru64 USING brin AS
		OPERATOR 1 =,
		FUNCTION 1 brin_bloom_opcinfo(internal),
		FUNCTION 2 brin_bloom_add_value(internal, internal, internal, internal),
		FUNCTION 3 brin_bloom_consistent(internal, internal, internal, integer),
		FUNCTION 4 brin_bloom_union(internal, internal, internal),
		FUNCTION 5 brin_bloom_options(internal),
		FUNCTION 11 scru64_hash(scru64);

COMMENT ON OPERATOR CLASS scru64_minmax_ops USING brin IS 'default BRIN operator class for scru64: one range per block range';
COMMENT ON OPERATOR FAMILY scru64_minmax_ops USING brin IS 'BRIN minmax operator family for scru64';
COMMENT ON OPERATOR CLASS scru64_minmax_multi_ops USING brin IS 'BRIN minmax-multi operator class for scru64: several ranges per block range';
COMMENT ON OPERATOR FAMILY scru64_minmax_multi_ops USING brin IS 'BRIN minmax-multi operator family for scru64';
COMMENT ON OPERATOR CLASS scru64_bloom_ops USING brin IS 'BRIN bloom operator class for scru64: equality lookups';
COMMENT ON OPERATOR FAMILY scru64_bloom_ops USING brin IS 'BRIN bloom operator family for scru64';

--
-- Aggregates
--
CREATE FUNCTION scru64_smaller(scru64, scru64) RETURNS scru64
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru64_larger(scru64, scru64) RETURNS scru64
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION scru64_smaller(scru64, scru64) IS 'smaller of two scru64 values';
COMMENT ON FUNCTION scru64_larger(scru64, scru64) IS 'larger of two scru64 values';

CREATE AGGREGATE min(scru64) (
	SFUNC = scru64_smaller, STYPE = scru64,
	COMBINEFUNC = scru64_smaller, SORTOP = <, PARALLEL = SAFE
);
CREATE AGGREGATE max(scru64) (
	SFUNC = scru64_larger, STYPE = scru64,
	COMBINEFUNC = scru64_larger, SORTOP = >, PARALLEL = SAFE
);
COMMENT ON AGGREGATE min(scru64) IS 'minimum (earliest) scru64 value';
COMMENT ON AGGREGATE max(scru64) IS 'maximum (latest) scru64 value';

--
-- Fields and conversions
--
CREATE FUNCTION scru64_from_parts("timestamp" bigint, node_ctr integer) RETURNS scru64
	AS 'MODULE_PATHNAME', 'scru64_from_parts_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION scru64_from_bigint(bigint) RETURNS scru64
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION scru64_timestamp(scru64) RETURNS timestamptz
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru64_timestamp_ms(scru64) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru64_node_ctr(scru64) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru64_node_id(scru64, node_id_size integer) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION scru64_counter(scru64, node_id_size integer) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION scru64_min(timestamptz) RETURNS scru64
	AS 'MODULE_PATHNAME', 'scru64_min_for' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION scru64_max(timestamptz) RETURNS scru64
	AS 'MODULE_PATHNAME', 'scru64_max_for' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION scru64_from_parts(bigint, integer) IS 'scru64 from its timestamp (256 ms ticks since 1970-01-01 00:00:00+00, 0 to 282429536480) and 24-bit node_ctr';
COMMENT ON FUNCTION scru64_from_bigint(bigint) IS 'scru64 from its integer value, 0 to 36^12 - 1';
COMMENT ON FUNCTION scru64_timestamp(scru64) IS 'start of the 256 ms tick of a scru64';
COMMENT ON FUNCTION scru64_timestamp_ms(scru64) IS 'start of the tick of a scru64 in milliseconds since 1970-01-01 00:00:00+00 (timestamp field times 256)';
COMMENT ON FUNCTION scru64_node_ctr(scru64) IS '24-bit node_ctr field of a scru64: node_id and counter together';
COMMENT ON FUNCTION scru64_node_id(scru64, integer) IS 'node_id of a scru64 for a node_id_size of 1 to 23 bits';
COMMENT ON FUNCTION scru64_counter(scru64, integer) IS 'counter of a scru64 for a node_id_size of 1 to 23 bits';
COMMENT ON FUNCTION scru64_min(timestamptz) IS 'smallest scru64 of the 256 ms tick containing a time (node_ctr all zeros), for range scans';
COMMENT ON FUNCTION scru64_max(timestamptz) IS 'largest scru64 of the 256 ms tick containing a time (node_ctr all ones), for range scans';

--
-- Casts.  A scru64 is a valid bigint; not every bigint is a scru64.
--
CREATE CAST (scru64 AS bigint) WITHOUT FUNCTION AS ASSIGNMENT;
CREATE CAST (bigint AS scru64) WITH FUNCTION scru64_from_bigint(bigint);
CREATE CAST (scru64 AS timestamptz) WITH FUNCTION scru64_timestamp(scru64);

COMMENT ON CAST (scru64 AS bigint) IS 'the ID as an integer, same 8 bytes';
COMMENT ON CAST (bigint AS scru64) IS 'from an integer between 0 and 36^12 - 1';
COMMENT ON CAST (scru64 AS timestamptz) IS 'start of the 256 ms tick of the ID';

--
-- Generator: one per server, in shared memory
--
CREATE FUNCTION scru64() RETURNS scru64
	AS 'MODULE_PATHNAME', 'scru64_generate' LANGUAGE C VOLATILE PARALLEL RESTRICTED;
CREATE FUNCTION scru64_node_spec() RETURNS text
	AS 'MODULE_PATHNAME', 'scru64_node_spec_sql' LANGUAGE C STABLE PARALLEL SAFE;

COMMENT ON FUNCTION scru64() IS 'new scru64 from this server''s generator (node from scru128.scru64_node_spec): strictly increasing across all sessions';
COMMENT ON FUNCTION scru64_node_spec() IS 'canonical form of the node spec scru64() uses (scru128.scru64_node_spec), NULL when unset';
CREATE FUNCTION scru64_node_spec(node_spec text) RETURNS text
	AS 'MODULE_PATHNAME', 'scru64_node_spec_canonical_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION scru64_node_spec(text) IS 'canonical form of a node spec string (e.g. ''0xb00/12'' gives ''2816/12''); an error says what is wrong with an invalid one';
