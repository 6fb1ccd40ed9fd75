
--
-- typeid: TypeID (jetify's specification 0.3.0), a type prefix and a UUID,
-- written user_01h455vb4pex5vsknk084sn02q.  Stored as a varlena of the
-- UUID's 16 bytes followed by the prefix's 0 to 63 bytes (a 1-byte header
-- on disk); the binary form is the same bytes.  Ordered by prefix, then
-- UUID, which is the C-collation order of the text.  Input is strict, as
-- the spec requires: lower case only, no Crockford aliases, the first
-- digit at most 7, the prefix's rules of 0.3.0.  A column of one prefix is
-- a domain: CHECK (typeid_check_prefix(VALUE, 'user')) (doc/typeid.md).
--
CREATE TYPE typeid;

CREATE FUNCTION typeid_in(cstring) RETURNS typeid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION typeid_out(typeid) RETURNS cstring
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid_recv(internal) RETURNS typeid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION typeid_send(typeid) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

CREATE TYPE typeid (
	INPUT = typeid_in,
	OUTPUT = typeid_out,
	RECEIVE = typeid_recv,
	SEND = typeid_send,
	INTERNALLENGTH = VARIABLE,
	ALIGNMENT = int4,
	STORAGE = main
);

COMMENT ON TYPE typeid IS 'TypeID: a type prefix and a UUID, shown as the prefix, an underscore and 26 lower-case base32 digits (spec 0.3.0)';
COMMENT ON FUNCTION typeid_in(cstring) IS 'text input of typeid: prefix_suffix, strictly as the spec writes it (lower case, no aliases)';
COMMENT ON FUNCTION typeid_out(typeid) IS 'text output of typeid: the prefix, an underscore and 26 lower-case base32 digits; the digits alone for the empty prefix';
COMMENT ON FUNCTION typeid_recv(internal) IS 'binary input of typeid: the 16 bytes of the UUID, then the 0 to 63 bytes of the prefix';
COMMENT ON FUNCTION typeid_send(typeid) IS 'binary output of typeid: the 16 bytes of the UUID, then the 0 to 63 bytes of the prefix';

CREATE FUNCTION typeid_eq(typeid, typeid) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid_ne(typeid, typeid) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid_lt(typeid, typeid) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid_le(typeid, typeid) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid_gt(typeid, typeid) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid_ge(typeid, typeid) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid_cmp(typeid, typeid) RETURNS integer
	AS 'MODULE_PATHNAME', 'typeid_cmp_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION typeid_eq(typeid, typeid) IS 'implementation of = operator';
COMMENT ON FUNCTION typeid_ne(typeid, typeid) IS 'implementation of <> operator';
COMMENT ON FUNCTION typeid_lt(typeid, typeid) IS 'implementation of < operator';
COMMENT ON FUNCTION typeid_le(typeid, typeid) IS 'implementation of <= operator';
COMMENT ON FUNCTION typeid_gt(typeid, typeid) IS 'implementation of > operator';
COMMENT ON FUNCTION typeid_ge(typeid, typeid) IS 'implementation of >= operator';
COMMENT ON FUNCTION typeid_cmp(typeid, typeid) IS 'less-equal-greater (-1, 0, 1) comparison: by prefix, then by UUID';

CREATE OPERATOR = (
	LEFTARG = typeid, RIGHTARG = typeid, FUNCTION = typeid_eq,
	COMMUTATOR = =, NEGATOR = <>,
	RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES
);
CREATE OPERATOR <> (
	LEFTARG = typeid, RIGHTARG = typeid, FUNCTION = typeid_ne,
	COMMUTATOR = <>, NEGATOR = =,
	RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR < (
	LEFTARG = typeid, RIGHTARG = typeid, FUNCTION = typeid_lt,
	COMMUTATOR = >, NEGATOR = >=,
	RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR <= (
	LEFTARG = typeid, RIGHTARG = typeid, FUNCTION = typeid_le,
	COMMUTATOR = >=, NEGATOR = >,
	RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR > (
	LEFTARG = typeid, RIGHTARG = typeid, FUNCTION = typeid_gt,
	COMMUTATOR = <, NEGATOR = <=,
	RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR >= (
	LEFTARG = typeid, RIGHTARG = typeid, FUNCTION = typeid_ge,
	COMMUTATOR = <=, NEGATOR = <,
	RESTRICT = scalargesel, JOIN = scalargejoinsel
);

COMMENT ON OPERATOR = (typeid, typeid) IS 'equal';
COMMENT ON OPERATOR <> (typeid, typeid) IS 'not equal';
COMMENT ON OPERATOR < (typeid, typeid) IS 'less than (by prefix, then UUID)';
COMMENT ON OPERATOR <= (typeid, typeid) IS 'less than or equal';
COMMENT ON OPERATOR > (typeid, typeid) IS 'greater than (by prefix, then UUID)';
COMMENT ON OPERATOR >= (typeid, typeid) IS 'greater than or equal';

CREATE FUNCTION typeid_sortsupport(internal) RETURNS void
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION typeid_hash(typeid) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid_hash_extended(typeid, bigint) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;

COMMENT ON FUNCTION typeid_sortsupport(internal) IS 'sort support (a direct comparator) for typeid';
COMMENT ON FUNCTION typeid_hash(typeid) IS '32-bit hash of a typeid';
COMMENT ON FUNCTION typeid_hash_extended(typeid, bigint) IS '64-bit seeded hash of a typeid';

CREATE OPERATOR CLASS typeid_ops
	DEFAULT FOR TYPE typeid USING btree AS
		OPERATOR 1 <,
		OPERATOR 2 <=,
		OPERATOR 3 =,
		OPERATOR 4 >=,
		OPERATOR 5 >,
		FUNCTION 1 typeid_cmp(typeid, typeid),
		FUNCTION 2 typeid_sortsupport(internal),
		FUNCTION 4 btequalimage(oid);

CREATE OPERATOR CLASS typeid_ops
	DEFAULT FOR TYPE typeid USING hash AS
		OPERATOR 1 =,
		FUNCTION 1 typeid_hash(typeid),
		FUNCTION 2 typeid_hash_extended(typeid, bigint);

COMMENT ON OPERATOR CLASS typeid_ops USING btree IS 'default B-tree operator class for typeid (by prefix, then UUID: the C order of the text)';
COMMENT ON OPERATOR FAMILY typeid_ops USING btree IS 'B-tree operator family for typeid';
COMMENT ON OPERATOR CLASS typeid_ops USING hash IS 'default hash operator class for typeid';
COMMENT ON OPERATOR FAMILY typeid_ops USING hash IS 'hash operator family for typeid';

CREATE FUNCTION typeid_smaller(typeid, typeid) RETURNS typeid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid_larger(typeid, typeid) RETURNS typeid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION typeid_smaller(typeid, typeid) IS 'smaller of two typeid values';
COMMENT ON FUNCTION typeid_larger(typeid, typeid) IS 'larger of two typeid values';

CREATE AGGREGATE min(typeid) (
	SFUNC = typeid_smaller, STYPE = typeid,
	COMBINEFUNC = typeid_smaller, SORTOP = <, PARALLEL = SAFE
);
CREATE AGGREGATE max(typeid) (
	SFUNC = typeid_larger, STYPE = typeid,
	COMBINEFUNC = typeid_larger, SORTOP = >, PARALLEL = SAFE
);
COMMENT ON AGGREGATE min(typeid) IS 'minimum typeid value (by prefix, then UUID)';
COMMENT ON AGGREGATE max(typeid) IS 'maximum typeid value (by prefix, then UUID)';

CREATE FUNCTION typeid_prefix(typeid) RETURNS text
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid_uuid(typeid) RETURNS uuid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid(uuid) RETURNS typeid
	AS 'MODULE_PATHNAME', 'typeid_from_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid(prefix text, id uuid) RETURNS typeid
	AS 'MODULE_PATHNAME', 'typeid_from_prefix_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION typeid_timestamp(typeid) RETURNS timestamptz
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid_check_prefix(id typeid, prefix text) RETURNS boolean
	AS 'MODULE_PATHNAME', 'typeid_check_prefix_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION typeid_prefix(typeid) IS 'the prefix of a typeid; the empty string for none';
COMMENT ON FUNCTION typeid_uuid(typeid) IS 'the UUID of a typeid (its suffix), without the prefix';
COMMENT ON FUNCTION typeid(uuid) IS 'the typeid of a UUID with the empty prefix (its 26 digits alone)';
COMMENT ON FUNCTION typeid(text, uuid) IS 'the typeid of a prefix and a UUID; an invalid prefix is an error (22023)';
COMMENT ON FUNCTION typeid_timestamp(typeid) IS 'the time of the UUID of a typeid if it is a UUIDv7 (millisecond precision), else NULL';
COMMENT ON FUNCTION typeid_check_prefix(typeid, text) IS 'true if the typeid has the prefix, else an error (23514) naming both: for CHECK (typeid_check_prefix(VALUE, ''user'')) on a domain over typeid';

-- to uuid and back: explicit, since the prefix is lost or must be chosen
CREATE CAST (typeid AS uuid) WITH FUNCTION typeid_uuid(typeid);
CREATE CAST (uuid AS typeid) WITH FUNCTION typeid(uuid);
CREATE CAST (text AS typeid) WITH INOUT AS ASSIGNMENT;
CREATE CAST (varchar AS typeid) WITH INOUT AS ASSIGNMENT;

COMMENT ON CAST (typeid AS uuid) IS 'the UUID, without the prefix';
COMMENT ON CAST (uuid AS typeid) IS 'the UUID with the empty prefix';
COMMENT ON CAST (text AS typeid) IS 'the text form, parsed by the type''s input function; assignment only (INSERT, UPDATE, return values)';
COMMENT ON CAST (varchar AS typeid) IS 'the text form, parsed by the type''s input function; assignment only (INSERT, UPDATE, return values)';

CREATE FUNCTION typeid_generate(prefix text) RETURNS typeid
	AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;

COMMENT ON FUNCTION typeid_generate(text) IS 'new typeid of the prefix whose UUID is the next uuidv7() of the generator of scru128.generator_scope: strictly increasing within the session, or across all sessions';
