
--
-- First SCRU128 draft (spec v1.0.x): 26-digit radix-32 IDs in text columns.
-- They convert losslessly and in order to uuid; there is no v1 type.
-- The text parsers raise errors on bad input, so only the encoder, which
-- accepts every uuid, is LEAKPROOF.
--
CREATE FUNCTION scru128_v1_to_uuid(text) RETURNS uuid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION scru128_v1_from_uuid(uuid) RETURNS text
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION scru128_v1_timestamp(text) RETURNS timestamptz
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION scru128_v1_fields(id text,
		OUT "timestamp" timestamptz, OUT counter integer,
		OUT per_sec_random integer, OUT per_gen_random bigint)
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION scru128_v1_to_uuid(text) IS 'first-draft (v1) SCRU128 ID, 26 radix-32 digits, as the uuid of the same 128-bit value; order-preserving';
COMMENT ON FUNCTION scru128_v1_from_uuid(uuid) IS 'the 128-bit value of a uuid as a first-draft (v1) SCRU128 ID: 26 uppercase radix-32 digits; order-preserving';
COMMENT ON FUNCTION scru128_v1_timestamp(text) IS 'timestamp of a first-draft (v1) SCRU128 ID (milliseconds since 2020-01-01)';
COMMENT ON FUNCTION scru128_v1_fields(text) IS 'the four fields of a first-draft (v1) SCRU128 ID: timestamp, counter, per_sec_random, per_gen_random';
