
--
-- ulid: ULID (github.com/ulid/spec) as a native 16-byte type, the bytes of
-- the spec's binary layout: 48-bit Unix millisecond timestamp, 80 random
-- bits, big-endian, so that byte order is time order and text order.
-- Text is 26 upper-case Crockford Base32 digits; input takes either case,
-- reads I and L as 1 and O as 0 (Crockford's decoding), refuses U, and
-- refuses values above 7ZZZZZZZZZZZZZZZZZZZZZZZZZ (more than 128 bits).
-- The same bytes as uuid and scru128: binary-coercible casts both ways.
--
CREATE TYPE ulid;

CREATE FUNCTION ulid_in(cstring) RETURNS ulid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_out(ulid) RETURNS cstring
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ulid_recv(internal) RETURNS ulid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_send(ulid) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

CREATE TYPE ulid (
	INPUT = ulid_in,
	OUTPUT = ulid_out,
	RECEIVE = ulid_recv,
	SEND = ulid_send,
	INTERNALLENGTH = 16,
	ALIGNMENT = char,
	STORAGE = plain
);

COMMENT ON TYPE ulid IS 'ULID: 128 bits (48-bit ms timestamp, 80 random bits), shown as 26 Crockford Base32 digits';
COMMENT ON FUNCTION ulid_in(cstring) IS 'text input of ulid: 26 Crockford Base32 digits, case-insensitive, I and L read as 1 and O as 0';
COMMENT ON FUNCTION ulid_out(ulid) IS 'text output of ulid: 26 upper-case Crockford Base32 digits';
COMMENT ON FUNCTION ulid_recv(internal) IS 'binary input of ulid: 16 big-endian bytes';
COMMENT ON FUNCTION ulid_send(ulid) IS 'binary output of ulid: 16 big-endian bytes';

CREATE FUNCTION ulid_eq(ulid, ulid) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ulid_ne(ulid, ulid) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ulid_lt(ulid, ulid) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ulid_le(ulid, ulid) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ulid_gt(ulid, ulid) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ulid_ge(ulid, ulid) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ulid_cmp(ulid, ulid) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION ulid_eq(ulid, ulid) IS 'implementation of = operator';
COMMENT ON FUNCTION ulid_ne(ulid, ulid) IS 'implementation of <> operator';
COMMENT ON FUNCTION ulid_lt(ulid, ulid) IS 'implementation of < operator';
COMMENT ON FUNCTION ulid_le(ulid, ulid) IS 'implementation of <= operator';
COMMENT ON FUNCTION ulid_gt(ulid, ulid) IS 'implementation of > operator';
COMMENT ON FUNCTION ulid_ge(ulid, ulid) IS 'implementation of >= operator';
COMMENT ON FUNCTION ulid_cmp(ulid, ulid) IS 'less-equal-greater (-1, 0, 1) comparison';

CREATE OPERATOR = (
	LEFTARG = ulid, RIGHTARG = ulid, FUNCTION = ulid_eq,
	COMMUTATOR = =, NEGATOR = <>,
	RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES
);
CREATE OPERATOR <> (
	LEFTARG = ulid, RIGHTARG = ulid, FUNCTION = ulid_ne,
	COMMUTATOR = <>, NEGATOR = =,
	RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR < (
	LEFTARG = ulid, RIGHTARG = ulid, FUNCTION = ulid_lt,
	COMMUTATOR = >, NEGATOR = >=,
	RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR <= (
	LEFTARG = ulid, RIGHTARG = ulid, FUNCTION = ulid_le,
	COMMUTATOR = >=, NEGATOR = >,
	RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR > (
	LEFTARG = ulid, RIGHTARG = ulid, FUNCTION = ulid_gt,
	COMMUTATOR = <, NEGATOR = <=,
	RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR >= (
	LEFTARG = ulid, RIGHTARG = ulid, FUNCTION = ulid_ge,
	COMMUTATOR = <=, NEGATOR = <,
	RESTRICT = scalargesel, JOIN = scalargejoinsel
);

COMMENT ON OPERATOR = (ulid, ulid) IS 'equal';
COMMENT ON OPERATOR <> (ulid, ulid) IS 'not equal';
COMMENT ON OPERATOR < (ulid, ulid) IS 'less than (earlier)';
COMMENT ON OPERATOR <= (ulid, ulid) IS 'less than or equal';
COMMENT ON OPERATOR > (ulid, ulid) IS 'greater than (later)';
COMMENT ON OPERATOR >= (ulid, ulid) IS 'greater than or equal';

CREATE FUNCTION ulid_sortsupport(internal) RETURNS void
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_hash(ulid) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ulid_hash_extended(ulid, bigint) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION ulid_sortsupport(internal) IS 'sort support (abbreviated keys) for ulid';
COMMENT ON FUNCTION ulid_hash(ulid) IS '32-bit hash of a ulid';
COMMENT ON FUNCTION ulid_hash_extended(ulid, bigint) IS '64-bit seeded hash of a ulid';

CREATE OPERATOR CLASS ulid_ops
	DEFAULT FOR TYPE ulid USING btree AS
		OPERATOR 1 <,
		OPERATOR 2 <=,
		OPERATOR 3 =,
		OPERATOR 4 >=,
		OPERATOR 5 >,
		FUNCTION 1 ulid_cmp(ulid, ulid),
		FUNCTION 2 ulid_sortsupport(internal),
		FUNCTION 4 btequalimage(oid);

CREATE OPERATOR CLASS ulid_ops
	DEFAULT FOR TYPE ulid USING hash AS
		OPERATOR 1 =,
		FUNCTION 1 ulid_hash(ulid),
		FUNCTION 2 ulid_hash_extended(ulid, bigint);

COMMENT ON OPERATOR CLASS ulid_ops USING btree IS 'default B-tree operator class for ulid (time order)';
COMMENT ON OPERATOR FAMILY ulid_ops USING btree IS 'B-tree operator family for ulid';
COMMENT ON OPERATOR CLASS ulid_ops USING hash IS 'default hash operator class for ulid';
COMMENT ON OPERATOR FAMILY ulid_ops USING hash IS 'hash operator family for ulid';

--
-- BRIN, with the wrappers of 1.2 (scru_brin_minmax_*) as support functions
-- 2, 3 and 4 of minmax and minmax-multi, so that a column of a domain over
-- ulid can be indexed too (src/pg/brin_domain.c).
--
CREATE FUNCTION ulid_brin_minmax_multi_distance(internal, internal) RETURNS double precision
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_brin_minmax_multi_distance(internal, internal) IS 'distance between two ulid values, for BRIN minmax-multi';

CREATE OPERATOR CLASS ulid_minmax_ops
	DEFAULT FOR TYPE ulid USING brin AS
		OPERATOR 1 <,
		OPERATOR 2 <=,
		OPERATOR 3 =,
		OPERATOR 4 >=,
		OPERATOR 5 >,
		FUNCTION 1 brin_minmax_opcinfo(internal),
		FUNCTION 2 scru_brin_minmax_add_value(internal, internal, internal, internal),
		FUNCTION 3 scru_brin_minmax_consistent(internal, internal, internal),
		FUNCTION 4 scru_brin_minmax_union(internal, internal, internal);

CREATE OPERATOR CLASS ulid_minmax_multi_ops
	FOR TYPE ulid USING brin AS
		OPERATOR 1 <,
		OPERATOR 2 <=,
		OPERATOR 3 =,
		OPERATOR 4 >=,
		OPERATOR 5 >,
		FUNCTION 1 brin_minmax_multi_opcinfo(internal),
		FUNCTION 2 scru_brin_minmax_multi_add_value(internal, internal, internal, internal),
		FUNCTION 3 scru_brin_minmax_multi_consistent(internal, internal, internal, integer),
		FUNCTION 4 scru_brin_minmax_multi_union(internal, internal, internal),
		FUNCTION 5 brin_minmax_multi_options(internal),
		FUNCTION 11 ulid_brin_minmax_multi_distance(internal, internal);

CREATE OPERATOR CLASS ulid_bloom_ops
	FOR TYPE ulid USING brin AS
		OPERATOR 1 =,
		FUNCTION 1 brin_bloom_opcinfo(internal),
		FUNCTION 2 brin_bloom_add_value(internal, internal, internal, internal),
		FUNCTION 3 brin_bloom_consistent(internal, internal, internal, integer),
		FUNCTION 4 brin_bloom_union(internal, internal, internal),
		FUNCTION 5 brin_bloom_options(internal),
		FUNCTION 11 ulid_hash(ulid);

COMMENT ON OPERATOR CLASS ulid_minmax_ops USING brin IS 'default BRIN operator class for ulid: one range per block range';
COMMENT ON OPERATOR FAMILY ulid_minmax_ops USING brin IS 'BRIN minmax operator family for ulid';
COMMENT ON OPERATOR CLASS ulid_minmax_multi_ops USING brin IS 'BRIN minmax-multi operator class for ulid: several ranges per block range';
COMMENT ON OPERATOR FAMILY ulid_minmax_multi_ops USING brin IS 'BRIN minmax-multi operator family for ulid';
COMMENT ON OPERATOR CLASS ulid_bloom_ops USING brin IS 'BRIN bloom operator class for ulid: equality lookups';
COMMENT ON OPERATOR FAMILY ulid_bloom_ops USING brin IS 'BRIN bloom operator family for ulid';

CREATE FUNCTION ulid_smaller(ulid, ulid) RETURNS ulid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ulid_larger(ulid, ulid) RETURNS ulid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION ulid_smaller(ulid, ulid) IS 'smaller of two ulid values';
COMMENT ON FUNCTION ulid_larger(ulid, ulid) IS 'larger of two ulid values';

CREATE AGGREGATE min(ulid) (
	SFUNC = ulid_smaller, STYPE = ulid,
	COMBINEFUNC = ulid_smaller, SORTOP = <, PARALLEL = SAFE
);
CREATE AGGREGATE max(ulid) (
	SFUNC = ulid_larger, STYPE = ulid,
	COMBINEFUNC = ulid_larger, SORTOP = >, PARALLEL = SAFE
);
COMMENT ON AGGREGATE min(ulid) IS 'minimum (earliest) ulid value';
COMMENT ON AGGREGATE max(ulid) IS 'maximum (latest) ulid value';

CREATE FUNCTION ulid_timestamp(ulid) RETURNS timestamptz
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ulid_timestamp_ms(ulid) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ulid_random(ulid) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ulid_min(timestamptz) RETURNS ulid
	AS 'MODULE_PATHNAME', 'ulid_min_for' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_max(timestamptz) RETURNS ulid
	AS 'MODULE_PATHNAME', 'ulid_max_for' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_to_bytea(ulid) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_from_bytea(bytea) RETURNS ulid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ulid_to_uuid(text) RETURNS uuid
	AS 'MODULE_PATHNAME', 'ulid_text_to_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION uuid_to_ulid(uuid) RETURNS text
	AS 'MODULE_PATHNAME', 'ulid_uuid_to_text' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION ulid_timestamp(ulid) IS 'timestamp of a ulid, millisecond precision';
COMMENT ON FUNCTION ulid_timestamp_ms(ulid) IS '48-bit timestamp field of a ulid: milliseconds since 1970-01-01 00:00:00+00';
COMMENT ON FUNCTION ulid_random(ulid) IS '80-bit random field of a ulid, as 10 big-endian bytes';
COMMENT ON FUNCTION ulid_min(timestamptz) IS 'smallest ulid of the millisecond of a timestamp (random field all zeros)';
COMMENT ON FUNCTION ulid_max(timestamptz) IS 'largest ulid of the millisecond of a timestamp (random field all ones)';
COMMENT ON FUNCTION ulid_to_bytea(ulid) IS 'the 16 big-endian bytes of a ulid';
COMMENT ON FUNCTION ulid_from_bytea(bytea) IS 'ulid from exactly 16 big-endian bytes';
COMMENT ON FUNCTION ulid_to_uuid(text) IS 'the uuid of the same 16 bytes as a ULID in text (26 Crockford Base32 digits): for ULIDs kept in text columns';
COMMENT ON FUNCTION uuid_to_ulid(uuid) IS 'the ULID text (26 upper-case Crockford Base32 digits) of the 16 bytes of a uuid: for ULIDs kept in uuid columns';

-- uuid and scru128 hold the same 16 bytes in the same order: no function,
-- so ALTER COLUMN ... TYPE between them does not rewrite the table.  uuid
-- converts by assignment both ways (INSERT a ulid into a uuid column, or
-- ALTER a uuid column TYPE ulid without USING); scru128 only explicitly.
-- No cast is implicit: one would take part in operator resolution and make
-- comparisons between the types ambiguous.
CREATE CAST (ulid AS uuid) WITHOUT FUNCTION AS ASSIGNMENT;
CREATE CAST (uuid AS ulid) WITHOUT FUNCTION AS ASSIGNMENT;
CREATE CAST (ulid AS scru128) WITHOUT FUNCTION;
CREATE CAST (scru128 AS ulid) WITHOUT FUNCTION;
CREATE CAST (ulid AS bytea) WITH FUNCTION ulid_to_bytea(ulid);
CREATE CAST (bytea AS ulid) WITH FUNCTION ulid_from_bytea(bytea);
CREATE CAST (ulid AS timestamptz) WITH FUNCTION ulid_timestamp(ulid);
CREATE CAST (text AS ulid) WITH INOUT AS ASSIGNMENT;
CREATE CAST (varchar AS ulid) WITH INOUT AS ASSIGNMENT;

COMMENT ON CAST (ulid AS uuid) IS 'same 16 bytes, reinterpreted as a uuid';
COMMENT ON CAST (uuid AS ulid) IS 'same 16 bytes, reinterpreted as a ulid';
COMMENT ON CAST (ulid AS scru128) IS 'same 16 bytes, reinterpreted as a scru128 (same order)';
COMMENT ON CAST (scru128 AS ulid) IS 'same 16 bytes, reinterpreted as a ulid (same order)';
COMMENT ON CAST (ulid AS bytea) IS 'the 16 big-endian bytes';
COMMENT ON CAST (bytea AS ulid) IS 'from exactly 16 big-endian bytes';
COMMENT ON CAST (ulid AS timestamptz) IS 'the embedded timestamp, millisecond precision';
COMMENT ON CAST (text AS ulid) IS 'the text form, parsed by the type''s input function; assignment only (INSERT, UPDATE, return values)';
COMMENT ON CAST (varchar AS ulid) IS 'the text form, parsed by the type''s input function; assignment only (INSERT, UPDATE, return values)';

CREATE FUNCTION ulid() RETURNS ulid
	AS 'MODULE_PATHNAME', 'ulid_generate' LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
CREATE FUNCTION ulid(timestamptz) RETURNS ulid
	AS 'MODULE_PATHNAME', 'ulid_generate_at' LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;

COMMENT ON FUNCTION ulid() IS 'new ulid from the generator of scru128.generator_scope: this session''s or the server''s, monotonic (the same millisecond adds one to the random part), strictly increasing within the session or across all sessions';
COMMENT ON FUNCTION ulid(timestamptz) IS 'new ulid for the given millisecond with a random random part (stateless; for backfilling); call it with a typed argument, ulid(timestamptz ''...''): ulid(''...'') is a cast';
