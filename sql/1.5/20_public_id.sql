
--
-- Public IDs (doc/public-ids.md): a key value enciphered by FF1 (AES-256,
-- NIST SP 800-38G) into a value of the same type that shows neither time
-- nor order, and back.  The master keys are in the file
-- scru128_public_id.keys of the data directory, which only the server
-- reads; the file names the databases that may use each key.
--
-- STABLE, not IMMUTABLE: the result depends on the key file (read again
-- when it changed, at most once per transaction), so a public ID cannot be
-- stored in an index or a generated column, on purpose.  EXECUTE is
-- revoked from PUBLIC: a role that may call public_id() can tabulate the
-- public IDs of small key spaces (bigint 1 .. N) and so decode them, so
-- both directions are granted only to roles that may see keys.  In a
-- trusted install the functions belong to the bootstrap superuser; the
-- grant with GRANT OPTION lets the extension's owner grant them on.
--
CREATE FUNCTION public_id(key uuid, context text DEFAULT '') RETURNS uuid
	AS 'MODULE_PATHNAME', 'public_id_uuid'
	LANGUAGE C STRICT STABLE PARALLEL SAFE;
CREATE FUNCTION public_id(key uuid, context text, key_id integer) RETURNS uuid
	AS 'MODULE_PATHNAME', 'public_id_uuid'
	LANGUAGE C STRICT STABLE PARALLEL SAFE;
CREATE FUNCTION public_id_decode(public_id uuid, context text DEFAULT '') RETURNS uuid
	AS 'MODULE_PATHNAME', 'public_id_decode_uuid'
	LANGUAGE C STRICT STABLE PARALLEL SAFE;
CREATE FUNCTION public_id_decode(public_id uuid, context text, key_id integer) RETURNS uuid
	AS 'MODULE_PATHNAME', 'public_id_decode_uuid'
	LANGUAGE C STRICT STABLE PARALLEL SAFE;

CREATE FUNCTION public_id(key scru128, context text DEFAULT '') RETURNS scru128
	AS 'MODULE_PATHNAME', 'public_id_scru128'
	LANGUAGE C STRICT STABLE PARALLEL SAFE;
CREATE FUNCTION public_id(key scru128, context text, key_id integer) RETURNS scru128
	AS 'MODULE_PATHNAME', 'public_id_scru128'
	LANGUAGE C STRICT STABLE PARALLEL SAFE;
CREATE FUNCTION public_id_decode(public_id scru128, context text DEFAULT '') RETURNS scru128
	AS 'MODULE_PATHNAME', 'public_id_decode_scru128'
	LANGUAGE C STRICT STABLE PARALLEL SAFE;
CREATE FUNCTION public_id_decode(public_id scru128, context text, key_id integer) RETURNS scru128
	AS 'MODULE_PATHNAME', 'public_id_decode_scru128'
	LANGUAGE C STRICT STABLE PARALLEL SAFE;

CREATE FUNCTION public_id(key ulid, context text DEFAULT '') RETURNS ulid
	AS 'MODULE_PATHNAME', 'public_id_ulid'
	LANGUAGE C STRICT STABLE PARALLEL SAFE;
CREATE FUNCTION public_id(key ulid, context text, key_id integer) RETURNS ulid
	AS 'MODULE_PATHNAME', 'public_id_ulid'
	LANGUAGE C STRICT STABLE PARALLEL SAFE;
CREATE FUNCTION public_id_decode(public_id ulid, context text DEFAULT '') RETURNS ulid
	AS 'MODULE_PATHNAME', 'public_id_decode_ulid'
	LANGUAGE C STRICT STABLE PARALLEL SAFE;
CREATE FUNCTION public_id_decode(public_id ulid, context text, key_id integer) RETURNS ulid
	AS 'MODULE_PATHNAME', 'public_id_decode_ulid'
	LANGUAGE C STRICT STABLE PARALLEL SAFE;

CREATE FUNCTION public_id(key scru160, context text DEFAULT '') RETURNS scru160
	AS 'MODULE_PATHNAME', 'public_id_scru160'
	LANGUAGE C STRICT STABLE PARALLEL SAFE;
CREATE FUNCTION public_id(key scru160, context text, key_id integer) RETURNS scru160
	AS 'MODULE_PATHNAME', 'public_id_scru160'
	LANGUAGE C STRICT STABLE PARALLEL SAFE;
CREATE FUNCTION public_id_decode(public_id scru160, context text DEFAULT '') RETURNS scru160
	AS 'MODULE_PATHNAME', 'public_id_decode_scru160'
	LANGUAGE C STRICT STABLE PARALLEL SAFE;
CREATE FUNCTION public_id_decode(public_id scru160, context text, key_id integer) RETURNS scru160
	AS 'MODULE_PATHNAME', 'public_id_decode_scru160'
	LANGUAGE C STRICT STABLE PARALLEL SAFE;

CREATE FUNCTION public_id(key bigint, context text DEFAULT '') RETURNS bigint
	AS 'MODULE_PATHNAME', 'public_id_bigint'
	LANGUAGE C STRICT STABLE PARALLEL SAFE;
CREATE FUNCTION public_id(key bigint, context text, key_id integer) RETURNS bigint
	AS 'MODULE_PATHNAME', 'public_id_bigint'
	LANGUAGE C STRICT STABLE PARALLEL SAFE;
CREATE FUNCTION public_id_decode(public_id bigint, context text DEFAULT '') RETURNS bigint
	AS 'MODULE_PATHNAME', 'public_id_decode_bigint'
	LANGUAGE C STRICT STABLE PARALLEL SAFE;
CREATE FUNCTION public_id_decode(public_id bigint, context text, key_id integer) RETURNS bigint
	AS 'MODULE_PATHNAME', 'public_id_decode_bigint'
	LANGUAGE C STRICT STABLE PARALLEL SAFE;

CREATE FUNCTION public_id_keys(OUT key_id integer, OUT is_current boolean, OUT check_value text)
	RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'public_id_key_list'
	LANGUAGE C STRICT STABLE PARALLEL SAFE ROWS 4;

REVOKE ALL ON FUNCTION
	public_id(uuid, text), public_id(uuid, text, integer),
	public_id_decode(uuid, text), public_id_decode(uuid, text, integer),
	public_id(scru128, text), public_id(scru128, text, integer),
	public_id_decode(scru128, text), public_id_decode(scru128, text, integer),
	public_id(ulid, text), public_id(ulid, text, integer),
	public_id_decode(ulid, text), public_id_decode(ulid, text, integer),
	public_id(scru160, text), public_id(scru160, text, integer),
	public_id_decode(scru160, text), public_id_decode(scru160, text, integer),
	public_id(bigint, text), public_id(bigint, text, integer),
	public_id_decode(bigint, text), public_id_decode(bigint, text, integer),
	public_id_keys()
	FROM PUBLIC;
GRANT EXECUTE ON FUNCTION
	public_id(uuid, text), public_id(uuid, text, integer),
	public_id_decode(uuid, text), public_id_decode(uuid, text, integer),
	public_id(scru128, text), public_id(scru128, text, integer),
	public_id_decode(scru128, text), public_id_decode(scru128, text, integer),
	public_id(ulid, text), public_id(ulid, text, integer),
	public_id_decode(ulid, text), public_id_decode(ulid, text, integer),
	public_id(scru160, text), public_id(scru160, text, integer),
	public_id_decode(scru160, text), public_id_decode(scru160, text, integer),
	public_id(bigint, text), public_id(bigint, text, integer),
	public_id_decode(bigint, text), public_id_decode(bigint, text, integer),
	public_id_keys()
	TO @extowner@ WITH GRANT OPTION;

COMMENT ON FUNCTION public_id(uuid, text) IS 'public ID of a UUIDv7 key in a context: a UUIDv4 that shows neither time nor order (FF1 with the database''s current key; doc/public-ids.md)';
COMMENT ON FUNCTION public_id(uuid, text, integer) IS 'public ID of a UUIDv7 key in a context, with the given key id';
COMMENT ON FUNCTION public_id_decode(uuid, text) IS 'the UUIDv7 key whose public ID in the context this UUIDv4 is (current key); a wrong or made-up ID gives a key that is not found, not an error';
COMMENT ON FUNCTION public_id_decode(uuid, text, integer) IS 'the UUIDv7 key whose public ID in the context this UUIDv4 is, with the given key id';
COMMENT ON FUNCTION public_id(scru128, text) IS 'public ID of a scru128 key in a context: a scru128 that shows neither time nor order (FF1 with the database''s current key; doc/public-ids.md)';
COMMENT ON FUNCTION public_id(scru128, text, integer) IS 'public ID of a scru128 key in a context, with the given key id';
COMMENT ON FUNCTION public_id_decode(scru128, text) IS 'the scru128 key whose public ID in the context this is (current key); a wrong or made-up ID gives a key that is not found, not an error';
COMMENT ON FUNCTION public_id_decode(scru128, text, integer) IS 'the scru128 key whose public ID in the context this is, with the given key id';
COMMENT ON FUNCTION public_id(ulid, text) IS 'public ID of a ulid key in a context: a ulid that shows neither time nor order (FF1 with the database''s current key; doc/public-ids.md)';
COMMENT ON FUNCTION public_id(ulid, text, integer) IS 'public ID of a ulid key in a context, with the given key id';
COMMENT ON FUNCTION public_id_decode(ulid, text) IS 'the ulid key whose public ID in the context this is (current key); a wrong or made-up ID gives a key that is not found, not an error';
COMMENT ON FUNCTION public_id_decode(ulid, text, integer) IS 'the ulid key whose public ID in the context this is, with the given key id';
COMMENT ON FUNCTION public_id(scru160, text) IS 'public ID of a scru160 key in a context: a scru160 that shows neither time nor order (FF1 with the database''s current key; doc/public-ids.md)';
COMMENT ON FUNCTION public_id(scru160, text, integer) IS 'public ID of a scru160 key in a context, with the given key id';
COMMENT ON FUNCTION public_id_decode(scru160, text) IS 'the scru160 key whose public ID in the context this is (current key); a wrong or made-up ID gives a key that is not found, not an error';
COMMENT ON FUNCTION public_id_decode(scru160, text, integer) IS 'the scru160 key whose public ID in the context this is, with the given key id';
COMMENT ON FUNCTION public_id(bigint, text) IS 'public ID of a non-negative bigint key in a context: a non-negative bigint that shows neither order nor count (FF1 with the database''s current key; doc/public-ids.md)';
COMMENT ON FUNCTION public_id(bigint, text, integer) IS 'public ID of a non-negative bigint key in a context, with the given key id';
COMMENT ON FUNCTION public_id_decode(bigint, text) IS 'the bigint key whose public ID in the context this is (current key); a wrong or made-up ID gives a key that is not found, not an error';
COMMENT ON FUNCTION public_id_decode(bigint, text, integer) IS 'the bigint key whose public ID in the context this is, with the given key id';
COMMENT ON FUNCTION public_id_keys() IS 'the public-ID key ids this database may use, which one is current, and each key''s check value (4 bytes of HKDF of the key, to compare servers; never the key)';
