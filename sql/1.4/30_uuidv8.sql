
--
-- UUID version 8 (RFC 9562 section 5.8): the layout with the version and
-- the variant set and every other bit the caller's.  No core function has
-- these names (PostgreSQL 18 and 19 make versions 4 and 7 only).
--
CREATE FUNCTION uuidv8(custom_a bigint, custom_b integer, custom_c bigint) RETURNS uuid
	AS 'MODULE_PATHNAME', 'scru128_uuidv8_fields'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION uuidv8(bytea) RETURNS uuid
	AS 'MODULE_PATHNAME', 'scru128_uuidv8_bytes'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION uuidv8_sha256(namespace uuid, name text) RETURNS uuid
	AS 'MODULE_PATHNAME', 'scru128_uuidv8_sha256'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION uuidv8(bigint, integer, bigint) IS 'UUID version 8 (RFC 9562) from custom_a (48 bits), custom_b (12 bits) and custom_c (62 bits), as Python''s uuid.uuid8(a, b, c)';
COMMENT ON FUNCTION uuidv8(bytea) IS 'UUID version 8 (RFC 9562) from 16 bytes, with the version and variant bits set';
COMMENT ON FUNCTION uuidv8_sha256(uuid, text) IS 'name-based UUID version 8 of RFC 9562 Appendix B.2: SHA-256 over the namespace and the UTF-8 name, first 128 bits, version and variant set';
