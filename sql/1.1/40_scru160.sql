
--
-- scru160: SCRU160 v0.1.0 identifiers, the 160-bit predecessor of SCRU128,
-- as a native 20-byte type.  Text is the spec's canonical form, 32
-- uppercase base32hex digits; input also takes 40 hex digits, either case.
--
CREATE TYPE scru160;

CREATE FUNCTION scru160_in(cstring) RETURNS scru160
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION scru160_out(scru160) RETURNS cstring
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION scru160_recv(internal) RETURNS scru160
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION scru160_send(scru160) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE TYPE scru160 (
	INPUT = scru160_in,
	OUTPUT = scru160_out,
	RECEIVE = scru160_recv,
	SEND = scru160_send,
	INTERNALLENGTH = 20,
	ALIGNMENT = char,
	STORAGE = plain
);

COMMENT ON TYPE scru160 IS 'SCRU160 identifier: 160 bits (48-bit ms timestamp, 16-bit counter, 16-bit random16, 80-bit random80), shown as 32 base32hex digits';
COMMENT ON FUNCTION scru160_in(cstring) IS 'text input of scru160: 32 base32hex or 40 hex digits, case-insensitive';
COMMENT ON FUNCTION scru160_out(scru160) IS 'text output of scru160: 32 uppercase base32hex digits';
COMMENT ON FUNCTION scru160_recv(internal) IS 'binary input of scru160: 20 big-endian bytes';
COMMENT ON FUNCTION scru160_send(scru160) IS 'binary output of scru160: 20 big-endian bytes';

CREATE FUNCTION scru160_eq(scru160, scru160) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru160_ne(scru160, scru160) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru160_lt(scru160, scru160) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru160_le(scru160, scru160) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru160_gt(scru160, scru160) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru160_ge(scru160, scru160) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru160_cmp(scru160, scru160) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION scru160_eq(scru160, scru160) IS 'implementation of = operator';
COMMENT ON FUNCTION scru160_ne(scru160, scru160) IS 'implementation of <> operator';
COMMENT ON FUNCTION scru160_lt(scru160, scru160) IS 'implementation of < operator';
COMMENT ON FUNCTION scru160_le(scru160, scru160) IS 'implementation of <= operator';
COMMENT ON FUNCTION scru160_gt(scru160, scru160) IS 'implementation of > operator';
COMMENT ON FUNCTION scru160_ge(scru160, scru160) IS 'implementation of >= operator';
COMMENT ON FUNCTION scru160_cmp(scru160, scru160) IS 'less-equal-greater (-1, 0, 1) comparison';

CREATE OPERATOR = (
	LEFTARG = scru160, RIGHTARG = scru160, FUNCTION = scru160_eq,
	COMMUTATOR = =, NEGATOR = <>,
	RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES
);
CREATE OPERATOR <> (
	LEFTARG = scru160, RIGHTARG = scru160, FUNCTION = scru160_ne,
	COMMUTATOR = <>, NEGATOR = =,
	RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR < (
	LEFTARG = scru160, RIGHTARG = scru160, FUNCTION = scru160_lt,
	COMMUTATOR = >, NEGATOR = >=,
	RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR <= (
	LEFTARG = scru160, RIGHTARG = scru160, FUNCTION = scru160_le,
	COMMUTATOR = >=, NEGATOR = >,
	RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR > (
	LEFTARG = scru160, RIGHTARG = scru160, FUNCTION = scru160_gt,
	COMMUTATOR = <, NEGATOR = <=,
	RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR >= (
	LEFTARG = scru160, RIGHTARG = scru160, FUNCTION = scru160_ge,
	COMMUTATOR = <=, NEGATOR = <,
	RESTRICT = scalargesel, JOIN = scalargejoinsel
);

COMMENT ON OPERATOR = (scru160, scru160) IS 'equal';
COMMENT ON OPERATOR <> (scru160, scru160) IS 'not equal';
COMMENT ON OPERATOR < (scru160, scru160) IS 'less than (earlier)';
COMMENT ON OPERATOR <= (scru160, scru160) IS 'less than or equal';
COMMENT ON OPERATOR > (scru160, scru160) IS 'greater than (later)';
COMMENT ON OPERATOR >= (scru160, scru160) IS 'greater than or equal';

CREATE FUNCTION scru160_sortsupport(internal) RETURNS void
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION scru160_hash(scru160) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru160_hash_extended(scru160, bigint) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION scru160_sortsupport(internal) IS 'sort support (abbreviated keys) for scru160';
COMMENT ON FUNCTION scru160_hash(scru160) IS '32-bit hash of a scru160';
COMMENT ON FUNCTION scru160_hash_extended(scru160, bigint) IS '64-bit seeded hash of a scru160';

CREATE OPERATOR CLASS scru160_ops
	DEFAULT FOR TYPE scru160 USING btree AS
		OPERATOR 1 <,
		OPERATOR 2 <=,
		OPERATOR 3 =,
		OPERATOR 4 >=,
		OPERATOR 5 >,
		FUNCTION 1 scru160_cmp(scru160, scru160),
		FUNCTION 2 scru160_sortsupport(internal),
		FUNCTION 4 btequalimage(oid);

CREATE OPERATOR CLASS scru160_ops
	DEFAULT FOR TYPE scru160 USING hash AS
		OPERATOR 1 =,
		FUNCTION 1 scru160_hash(scru160),
		FUNCTION 2 scru160_hash_extended(scru160, bigint);

COMMENT ON OPERATOR CLASS scru160_ops USING btree IS 'default B-tree operator class for scru160 (time order)';
COMMENT ON OPERATOR FAMILY scru160_ops USING btree IS 'B-tree operator family for scru160';
COMMENT ON OPERATOR CLASS scru160_ops USING hash IS 'default hash operator class for scru160';
COMMENT ON OPERATOR FAMILY scru160_ops USING hash IS 'hash operator family for scru160';

DO $$
BEGIN
	IF current_setting('server_version_num')::int >= 180000 THEN
		CREATE FUNCTION scru160_skipsupport(internal) RETURNS void
			AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
		COMMENT ON FUNCTION scru160_skipsupport(internal) IS 'B-tree skip scan support for scru160 (next and previous values)';
		ALTER OPERATOR FAMILY scru160_ops USING btree
			ADD FUNCTION 6 (scru160) scru160_skipsupport(internal);
	END IF;
END
$$;

--
-- BRIN.  On a column of a domain over scru160, building the index can fail
-- with "missing operator": the index key gets the domain type, core's BRIN
-- support looks operators up by it, and CREATE OPERATOR CLASS cannot record
-- a key type equal to the input type as core's own BRIN classes do.  Index
-- the cast, (column::scru160), instead.
--
CREATE FUNCTION scru160_brin_minmax_multi_distance(internal, internal) RETURNS double precision
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION scru160_brin_minmax_multi_distance(internal, internal) IS 'distance between two scru160 values, for BRIN minmax-multi';

CREATE OPERATOR CLASS scru160_minmax_ops
	DEFAULT FOR TYPE scru160 USING brin AS
		OPERATOR 1 <,
		OPERATOR 2 <=,
		OPERATOR 3 =,
		OPERATOR 4 >=,
		OPERATOR 5 >,
		FUNCTION 1 brin_minmax_opcinfo(internal),
		FUNCTION 2 brin_minmax_add_value(internal, internal, internal, internal),
		FUNCTION 3 brin_minmax_consistent(internal, internal, internal),
		FUNCTION 4 brin_minmax_union(internal, internal, internal);

CREATE OPERATOR CLASS scru160_minmax_multi_ops
	FOR TYPE scru160 USING brin AS
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
		FUNCTION 11 scru160_brin_minmax_multi_distance(internal, internal);

CREATE OPERATOR CLASS scru160_bloom_ops
	FOR TYPE scru160 USING brin AS
		OPERATOR 1 =,
		FUNCTION 1 brin_bloom_opcinfo(internal),
		FUNCTION 2 brin_bloom_add_value(internal, internal, internal, internal),
		FUNCTION 3 brin_bloom_consistent(internal, internal, internal, integer),
		FUNCTION 4 brin_bloom_union(internal, internal, internal),
		FUNCTION 5 brin_bloom_options(internal),
		FUNCTION 11 scru160_hash(scru160);

COMMENT ON OPERATOR CLASS scru160_minmax_ops USING brin IS 'default BRIN operator class for scru160: one range per block range';
COMMENT ON OPERATOR FAMILY scru160_minmax_ops USING brin IS 'BRIN minmax operator family for scru160';
COMMENT ON OPERATOR CLASS scru160_minmax_multi_ops USING brin IS 'BRIN minmax-multi operator class for scru160: several ranges per block range';
COMMENT ON OPERATOR FAMILY scru160_minmax_multi_ops USING brin IS 'BRIN minmax-multi operator family for scru160';
COMMENT ON OPERATOR CLASS scru160_bloom_ops USING brin IS 'BRIN bloom operator class for scru160: equality lookups';
COMMENT ON OPERATOR FAMILY scru160_bloom_ops USING brin IS 'BRIN bloom operator family for scru160';

CREATE FUNCTION scru160_smaller(scru160, scru160) RETURNS scru160
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION scru160_larger(scru160, scru160) RETURNS scru160
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION scru160_smaller(scru160, scru160) IS 'smaller of two scru160 values';
COMMENT ON FUNCTION scru160_larger(scru160, scru160) IS 'larger of two scru160 values';

CREATE AGGREGATE min(scru160) (
	SFUNC = scru160_smaller, STYPE = scru160,
	COMBINEFUNC = scru160_smaller, SORTOP = <, PARALLEL = SAFE
);
CREATE AGGREGATE max(scru160) (
	SFUNC = scru160_larger, STYPE = scru160,
	COMBINEFUNC = scru160_larger, SORTOP = >, PARALLEL = SAFE
);
COMMENT ON AGGREGATE min(scru160) IS 'minimum (earliest) scru160 value';
COMMENT ON AGGREGATE max(scru160) IS 'maximum (latest) scru160 value';

CREATE FUNCTION scru160_from_fields(timestamp_ms bigint, counter integer, random16 integer, random80 bytea)
	RETURNS scru160
	AS 'MODULE_PATHNAME', 'scru160_from_fields_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION scru160_timestamp(scru160) RETURNS timestamptz
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru160_timestamp_ms(scru160) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru160_counter(scru160) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru160_random16(scru160) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru160_random80(scru160) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru160_hex(scru160) RETURNS text
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru160_min(timestamptz) RETURNS scru160
	AS 'MODULE_PATHNAME', 'scru160_min_for' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION scru160_max(timestamptz) RETURNS scru160
	AS 'MODULE_PATHNAME', 'scru160_max_for' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION scru160_to_bytea(scru160) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION scru160_from_bytea(bytea) RETURNS scru160
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION scru160_from_fields(bigint, integer, integer, bytea) IS 'scru160 from its fields: 48-bit timestamp_ms, 16-bit counter, 16-bit random16, 10-byte random80';
COMMENT ON FUNCTION scru160_timestamp(scru160) IS 'timestamp of a scru160, millisecond precision';
COMMENT ON FUNCTION scru160_timestamp_ms(scru160) IS '48-bit timestamp field of a scru160: milliseconds since 1970-01-01 00:00:00+00';
COMMENT ON FUNCTION scru160_counter(scru160) IS '16-bit counter field of a scru160';
COMMENT ON FUNCTION scru160_random16(scru160) IS '16-bit random16 field of a scru160';
COMMENT ON FUNCTION scru160_random80(scru160) IS '80-bit random80 field of a scru160, as 10 big-endian bytes';
COMMENT ON FUNCTION scru160_hex(scru160) IS 'the spec''s alternative text form of a scru160: 40 lowercase hex digits';
COMMENT ON FUNCTION scru160_min(timestamptz) IS 'smallest scru160 of the millisecond of a timestamp (counter and random fields all zeros)';
COMMENT ON FUNCTION scru160_max(timestamptz) IS 'largest scru160 of the millisecond of a timestamp (counter and random fields all ones)';
COMMENT ON FUNCTION scru160_to_bytea(scru160) IS 'the 20 big-endian bytes of a scru160';
COMMENT ON FUNCTION scru160_from_bytea(bytea) IS 'scru160 from exactly 20 big-endian bytes';

CREATE CAST (scru160 AS bytea) WITH FUNCTION scru160_to_bytea(scru160);
CREATE CAST (bytea AS scru160) WITH FUNCTION scru160_from_bytea(bytea);
CREATE CAST (scru160 AS timestamptz) WITH FUNCTION scru160_timestamp(scru160);

COMMENT ON CAST (scru160 AS bytea) IS 'the 20 big-endian bytes';
COMMENT ON CAST (bytea AS scru160) IS 'from exactly 20 big-endian bytes';
COMMENT ON CAST (scru160 AS timestamptz) IS 'the embedded timestamp, millisecond precision';

CREATE FUNCTION scru160() RETURNS scru160
	AS 'MODULE_PATHNAME', 'scru160_generate' LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
CREATE FUNCTION scru160(timestamptz) RETURNS scru160
	AS 'MODULE_PATHNAME', 'scru160_generate_at' LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;

COMMENT ON FUNCTION scru160() IS 'new scru160 from this session''s generator: strictly increasing within the session';
COMMENT ON FUNCTION scru160(timestamptz) IS 'new scru160 for the given millisecond with a random counter and random fields (stateless; for backfilling); call it with a typed argument, scru160(timestamptz ''...''): scru160(''...'') is a cast';
