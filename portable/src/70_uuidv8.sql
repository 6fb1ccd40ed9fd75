
-- UUIDv8 (RFC 9562 section 5.8), as the native extension's functions of
-- the same names: the version (8) and the variant set, every other bit the
-- caller's.

-- custom_a in the first 48 bits, custom_b in the 12 after the version,
-- custom_c in the 62 after the variant (Python's uuid.uuid8(a, b, c));
-- out of range: 22003 naming the field, as the native function.
CREATE OR REPLACE FUNCTION scru128_sql.uuidv8(custom_a bigint, custom_b integer, custom_c bigint)
RETURNS pg_catalog.uuid LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
DECLARE
	f pg_catalog.text;
	v bigint;
	bits integer;
BEGIN
	IF custom_a OPERATOR(pg_catalog.<) 0 OR custom_a OPERATOR(pg_catalog.>) 281474976710655 THEN
		f := 'custom_a'; v := custom_a; bits := 48;
	ELSIF custom_b OPERATOR(pg_catalog.<) 0 OR custom_b OPERATOR(pg_catalog.>) 4095 THEN
		f := 'custom_b'; v := custom_b; bits := 12;
	ELSIF custom_c OPERATOR(pg_catalog.<) 0 OR custom_c OPERATOR(pg_catalog.>) 4611686018427387903 THEN
		f := 'custom_c'; v := custom_c; bits := 62;
	END IF;
	IF f IS NOT NULL THEN
		RAISE EXCEPTION USING ERRCODE = '22003',
			MESSAGE = pg_catalog.format('%s out of range for UUID version 8: %s', f, v),
			DETAIL = pg_catalog.format('%s holds %s bits, 0 to %s.', f, bits,
				(pg_catalog.power(2::numeric, bits) OPERATOR(pg_catalog.-) 1)::numeric(20, 0));
	END IF;
	-- the variant: custom_c < 2^62, so setting the top bit gives "10"
	RETURN (((pg_catalog.lpad(pg_catalog.to_hex(custom_a), 12, '0') OPERATOR(pg_catalog.||) '8')
		OPERATOR(pg_catalog.||) pg_catalog.lpad(pg_catalog.to_hex(custom_b), 3, '0'))
		OPERATOR(pg_catalog.||) pg_catalog.to_hex(custom_c OPERATOR(pg_catalog.|) (-9223372036854775808)::bigint))::pg_catalog.uuid;
END
$fn$;
COMMENT ON FUNCTION scru128_sql.uuidv8(bigint, integer, bigint) IS 'UUID version 8 (RFC 9562) from custom_a (48 bits), custom_b (12 bits) and custom_c (62 bits), as Python''s uuid.uuid8(a, b, c)';

-- 16 bytes, every bit kept but the 4 of the version and the 2 of the
-- variant; another length: 22P03, as the native function.
CREATE OR REPLACE FUNCTION scru128_sql.uuidv8(b pg_catalog.bytea)
RETURNS pg_catalog.uuid LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
BEGIN
	IF pg_catalog.length(b) OPERATOR(pg_catalog.<>) 16 THEN
		RAISE EXCEPTION USING ERRCODE = '22P03',
			MESSAGE = pg_catalog.format('UUID version 8 is made of 16 bytes, not %s', pg_catalog.length(b));
	END IF;
	RETURN pg_catalog.encode(pg_catalog.set_byte(pg_catalog.set_byte(b,
		6, (pg_catalog.get_byte(b, 6) OPERATOR(pg_catalog.&) 15) OPERATOR(pg_catalog.|) 128),
		8, (pg_catalog.get_byte(b, 8) OPERATOR(pg_catalog.&) 63) OPERATOR(pg_catalog.|) 128), 'hex')::pg_catalog.uuid;
END
$fn$;
COMMENT ON FUNCTION scru128_sql.uuidv8(pg_catalog.bytea) IS 'UUID version 8 (RFC 9562) from 16 bytes, with the version and variant bits set';

-- RFC 9562 Appendix B.2: SHA-256 over the namespace's 16 bytes and the
-- name in UTF-8, the first 128 bits, version and variant set.
CREATE OR REPLACE FUNCTION scru128_sql.uuidv8_sha256(namespace pg_catalog.uuid, name pg_catalog.text)
RETURNS pg_catalog.uuid LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
SELECT scru128_sql.uuidv8(pg_catalog.substr(pg_catalog.sha256(pg_catalog.uuid_send(namespace)
	OPERATOR(pg_catalog.||) pg_catalog.convert_to(name, 'UTF8')), 1, 16))
$fn$;
COMMENT ON FUNCTION scru128_sql.uuidv8_sha256(pg_catalog.uuid, pg_catalog.text) IS 'name-based UUID version 8 of RFC 9562 Appendix B.2: SHA-256 over the namespace and the UTF-8 name, first 128 bits, version and variant set';
