
--
-- RFC 9562 UUIDs on the core uuid type.
--
-- PostgreSQL 17 and 18 core functions, created here on every version with
-- core's names, arguments and semantics: pg_catalog is searched first, so
-- an unqualified call gets core's where core has it, and the extension's
-- copy keeps schema-qualified references valid (pg_dump writes
-- DEFAULT public.uuidv7(), which must restore on any server).  The C
-- symbols are the extension's own.  Generators are PARALLEL RESTRICTED
-- like scru128(): each backend has its own clock state.
--
-- Nothing below names one of these functions unqualified after creating
-- it: on a server whose core has the same function that would be core's.
--
CREATE FUNCTION uuidv7() RETURNS uuid
	AS 'MODULE_PATHNAME', 'scru128_uuidv7'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;

CREATE FUNCTION uuidv7(shift interval) RETURNS uuid
	AS 'MODULE_PATHNAME', 'scru128_uuidv7_shift'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;

CREATE FUNCTION uuidv4() RETURNS uuid
	AS 'MODULE_PATHNAME', 'scru128_uuidv4'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;

CREATE FUNCTION uuid_extract_timestamp(uuid) RETURNS timestamptz
	AS 'MODULE_PATHNAME', 'scru128_uuid_timestamp'
	LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

CREATE FUNCTION uuid_extract_version(uuid) RETURNS smallint
	AS 'MODULE_PATHNAME', 'scru128_uuid_extract_version'
	LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

--
-- What core does not have.
--
CREATE FUNCTION uuidv6() RETURNS uuid
	AS 'MODULE_PATHNAME', 'scru128_uuidv6'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;

CREATE FUNCTION uuidv7_at(timestamptz) RETURNS uuid
	AS 'MODULE_PATHNAME', 'scru128_uuidv7_at'
	LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;

CREATE FUNCTION uuidv7_min(timestamptz) RETURNS uuid
	AS 'MODULE_PATHNAME', 'scru128_uuidv7_min'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION uuidv7_max(timestamptz) RETURNS uuid
	AS 'MODULE_PATHNAME', 'scru128_uuidv7_max'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION uuid_v1_to_v6(uuid) RETURNS uuid
	AS 'MODULE_PATHNAME', 'scru128_uuid_v1_to_v6'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION uuid_v6_to_v1(uuid) RETURNS uuid
	AS 'MODULE_PATHNAME', 'scru128_uuid_v6_to_v1'
	LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION uuid_timestamp(uuid) RETURNS timestamptz
	AS 'MODULE_PATHNAME', 'scru128_uuid_timestamp'
	LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

--
-- Comments name the functions with the schema the script runs in (the
-- first schema of its search_path), or COMMENT ON FUNCTION uuidv7() would
-- comment on core's function on PostgreSQL 18.
--
DO $$
DECLARE
	s text := pg_catalog.quote_ident(pg_catalog.current_schema());
	c text[] := ARRAY[
		'uuidv7()',
			'generate a UUID version 7 (RFC 9562, Unix ms and a 12-bit sub-millisecond fraction, strictly increasing per backend), as PostgreSQL 18',
		'uuidv7(interval)',
			'generate a UUID version 7 with the timestamp shifted by the given interval, as PostgreSQL 18',
		'uuidv4()',
			'generate a UUID version 4 (random), as PostgreSQL 18',
		'uuid_extract_timestamp(uuid)',
			'timestamp of a UUID version 1, 6 or 7 (NULL for other versions), as PostgreSQL 17/18 (which know no version 6)',
		'uuid_extract_version(uuid)',
			'version of an RFC 9562 UUID (NULL for other variants), as PostgreSQL 17',
		'uuidv6()',
			'generate a UUID version 6 (RFC 9562, Gregorian 100-ns timestamp, random clock sequence and node, strictly increasing per backend)',
		'uuidv7_at(timestamptz)',
			'generate a UUID version 7 for the given time, random below the millisecond',
		'uuidv7_min(timestamptz)',
			'smallest UUID version 7 of the millisecond of the given time',
		'uuidv7_max(timestamptz)',
			'largest UUID version 7 of the millisecond of the given time',
		'uuid_v1_to_v6(uuid)',
			'reorder a UUID version 1 into the field-compatible version 6',
		'uuid_v6_to_v1(uuid)',
			'reorder a UUID version 6 into the field-compatible version 1',
		'uuid_timestamp(uuid)',
			'timestamp of a UUID version 1, 6 or 7 (NULL for other versions and variants) on every server version'];
BEGIN
	FOR i IN 1 .. pg_catalog.array_length(c, 1) BY 2 LOOP
		EXECUTE pg_catalog.format('COMMENT ON FUNCTION %s.%s IS %L', s, c[i], c[i + 1]);
	END LOOP;
END
$$;
