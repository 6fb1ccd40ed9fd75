
-- TypeID (jetify's specification 0.3.0), release 1.5: the text of the
-- native typeid type, user_01h455vb4pex5vsknk084sn02q, over a uuid column.
-- Without C there is no variable-length type of its own, so the column
-- holds the UUID (the native typeid's first 16 bytes) and the prefix is
-- given by the caller: an argument of these functions, or a domain of the
-- caller's with two functions of its own (doc/sql-edition.md, "TypeID").
-- The text is exactly the native type's: strict lower case, no Crockford
-- aliases, the first suffix digit at most 7, the prefix's rules of 0.3.0;
-- every refusal is the native error (SQLSTATE, message and detail).

-- A prefix is 0 to 63 bytes of a-z and _, neither first nor last an
-- underscore; a TypeID is the prefix, an underscore and 26 digits of
-- 0123456789abcdefghjkmnpqrstvwxyz, the first 0 to 7, or the digits alone
-- for the empty prefix.  The patterns below are those rules; the separator
-- is the last underscore, since the suffix has none.

-- One character of a text for a message, as the native type writes it: a
-- printable ASCII or any non-ASCII character quoted, any other byte as
-- "byte 0xNN".
CREATE OR REPLACE FUNCTION scru128_sql._typeid_describe(c pg_catalog.text)
RETURNS pg_catalog.text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
SELECT CASE WHEN pg_catalog.octet_length(c) OPERATOR(pg_catalog.>) 1
		OR (pg_catalog.ascii(c) OPERATOR(pg_catalog.>=) 32 AND pg_catalog.ascii(c) OPERATOR(pg_catalog.<>) 127)
	THEN ('"' OPERATOR(pg_catalog.||) c) OPERATOR(pg_catalog.||) '"'
	ELSE 'byte 0x' OPERATOR(pg_catalog.||) pg_catalog.upper(pg_catalog.lpad(pg_catalog.to_hex(pg_catalog.ascii(c)), 2, '0')) END
$fn$;
COMMENT ON FUNCTION scru128_sql._typeid_describe(pg_catalog.text) IS 'internal: a character of a TypeID error message, quoted, or its byte value if it is a control character';

-- What is wrong with a prefix, as the native type's DETAIL says it (the
-- first rule broken, in the native order: length, character, leading,
-- trailing underscore; lengths and positions in bytes), or NULL if it is
-- a valid prefix (the empty prefix is one).
CREATE OR REPLACE FUNCTION scru128_sql._typeid_prefix_detail(prefix pg_catalog.text)
RETURNS pg_catalog.text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
DECLARE
	good pg_catalog.text;
BEGIN
	IF pg_catalog.octet_length(prefix) OPERATOR(pg_catalog.>) 63 THEN
		RETURN pg_catalog.format('The prefix has %s characters; a TypeID prefix has at most 63.', pg_catalog.octet_length(prefix));
	END IF;
	good := pg_catalog.substring(prefix COLLATE pg_catalog."C", '^[a-z_]*'::pg_catalog.text);
	IF pg_catalog.octet_length(good) OPERATOR(pg_catalog.<) pg_catalog.octet_length(prefix) THEN
		RETURN pg_catalog.format('The prefix has %s at byte %s; a TypeID prefix has only lower-case letters a-z and underscores.',
			scru128_sql._typeid_describe(pg_catalog.substr(prefix, pg_catalog.char_length(good) OPERATOR(pg_catalog.+) 1, 1)),
			pg_catalog.octet_length(good) OPERATOR(pg_catalog.+) 1);
	END IF;
	IF pg_catalog.left(prefix, 1) OPERATOR(pg_catalog.=) '_' THEN
		RETURN pg_catalog.format('The prefix "%s" begins with an underscore; a TypeID prefix begins and ends with a letter.', prefix);
	END IF;
	IF pg_catalog.right(prefix, 1) OPERATOR(pg_catalog.=) '_' THEN
		RETURN pg_catalog.format('The prefix "%s" ends with an underscore; a TypeID prefix begins and ends with a letter.', prefix);
	END IF;
	RETURN NULL;
END
$fn$;
COMMENT ON FUNCTION scru128_sql._typeid_prefix_detail(pg_catalog.text) IS 'internal: what is wrong with a TypeID prefix (the native detail), NULL if it is valid';

-- A prefix given as an argument: the native 22023 error unless it is
-- valid (then nothing).
CREATE OR REPLACE FUNCTION scru128_sql._typeid_check_prefix_arg(prefix pg_catalog.text)
RETURNS void LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
DECLARE
	detail pg_catalog.text := scru128_sql._typeid_prefix_detail(prefix);
BEGIN
	IF detail IS NOT NULL THEN
		RAISE EXCEPTION USING ERRCODE = '22023',
			MESSAGE = pg_catalog.format('invalid TypeID prefix: "%s"', prefix),
			DETAIL = detail;
	END IF;
END
$fn$;
COMMENT ON FUNCTION scru128_sql._typeid_check_prefix_arg(pg_catalog.text) IS 'internal: raises the native error (22023) for an invalid TypeID prefix argument';

-- The error for a text that is not a TypeID: the native type's 22P02,
-- message and detail, the first fault in the native decoder's order (the
-- separator first, then the prefix, then the suffix's length, a byte
-- outside the alphabet, the first digit above 7).
CREATE OR REPLACE FUNCTION scru128_sql._typeid_error(t pg_catalog.text)
RETURNS void LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
DECLARE
	-- the characters from the last underscore to the end, 0 if none
	sep integer := pg_catalog.strpos(pg_catalog.reverse(t), '_');
	suffix pg_catalog.text := t;
	detail pg_catalog.text;
	good pg_catalog.text;
	n integer;
BEGIN
	IF pg_catalog.octet_length(t) OPERATOR(pg_catalog.=) 0 THEN
		detail := 'A TypeID is an optional prefix and an underscore followed by 26 base32 digits; the text is empty.';
	ELSIF sep OPERATOR(pg_catalog.=) pg_catalog.char_length(t) THEN
		detail := 'The text has an underscore with no prefix before it; a TypeID without a prefix is its 26 digits alone.';
	ELSE
		IF sep OPERATOR(pg_catalog.>) 0 THEN
			detail := scru128_sql._typeid_prefix_detail(pg_catalog.left(t, -sep));
			suffix := pg_catalog.right(t, sep OPERATOR(pg_catalog.-) 1);
		END IF;
		n := pg_catalog.octet_length(suffix);
		IF detail IS NOT NULL THEN
			NULL;
		ELSIF n OPERATOR(pg_catalog.<>) 26 AND sep OPERATOR(pg_catalog.=) 0 THEN
			detail := pg_catalog.format('The text has no underscore, so no prefix, and %s byte%s; a TypeID without a prefix is exactly 26 base32 digits.',
				n, CASE WHEN n OPERATOR(pg_catalog.=) 1 THEN '' ELSE 's' END);
		ELSIF n OPERATOR(pg_catalog.<>) 26 THEN
			detail := pg_catalog.format('The suffix after the prefix has %s byte%s; a TypeID suffix has exactly 26 base32 digits.',
				n, CASE WHEN n OPERATOR(pg_catalog.=) 1 THEN '' ELSE 's' END);
		ELSE
			good := pg_catalog.substring(suffix COLLATE pg_catalog."C", '^[0-9a-hjkmnp-tv-z]*'::pg_catalog.text);
			IF pg_catalog.octet_length(good) OPERATOR(pg_catalog.<) 26 THEN
				detail := pg_catalog.format('The suffix has %s at byte %s; TypeID digits are 0-9 and the lower-case letters a-z but i, l, o and u.',
					scru128_sql._typeid_describe(pg_catalog.substr(suffix, pg_catalog.char_length(good) OPERATOR(pg_catalog.+) 1, 1)),
					(pg_catalog.octet_length(t) OPERATOR(pg_catalog.-) 26) OPERATOR(pg_catalog.+) pg_catalog.octet_length(good) OPERATOR(pg_catalog.+) 1);
			ELSE
				detail := pg_catalog.format('The suffix begins with "%s"; its first digit is at most 7, or the value exceeds 128 bits.',
					pg_catalog.left(suffix, 1));
			END IF;
		END IF;
	END IF;
	RAISE EXCEPTION USING ERRCODE = '22P02',
		MESSAGE = pg_catalog.format('invalid input syntax for type typeid: "%s"', t),
		DETAIL = detail;
END
$fn$;
COMMENT ON FUNCTION scru128_sql._typeid_error(pg_catalog.text) IS 'internal: raises the native error (22P02) for a text that is not a TypeID';

-- The text of a prefix and a UUID: the native typeid(prefix, id)::text.
-- The 26 digits are a ULID's (the same 128 bits, 5 a digit) in lower case.
CREATE OR REPLACE FUNCTION scru128_sql.typeid_text(prefix pg_catalog.text, id pg_catalog.uuid)
RETURNS pg_catalog.text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
DECLARE
	h pg_catalog.text := pg_catalog.replace(id::pg_catalog.text, '-', '');
	ts bigint := ('x' OPERATOR(pg_catalog.||) pg_catalog.substr(h, 1, 12))::bit(48)::bigint;
BEGIN
	IF NOT prefix COLLATE pg_catalog."C" OPERATOR(pg_catalog.~) '^(?:[a-z](?:[a-z_]{0,61}[a-z])?)?$' THEN
		PERFORM scru128_sql._typeid_check_prefix_arg(prefix);
	END IF;
	RETURN CASE WHEN pg_catalog.octet_length(prefix) OPERATOR(pg_catalog.=) 0 THEN '' ELSE prefix OPERATOR(pg_catalog.||) '_' END
		OPERATOR(pg_catalog.||) pg_catalog.translate(
			((pg_catalog.chr(((ts OPERATOR(pg_catalog.>>) 45))::integer OPERATOR(pg_catalog.+) 48)
				OPERATOR(pg_catalog.||) pg_catalog.chr((((ts OPERATOR(pg_catalog.>>) 40) OPERATOR(pg_catalog.&) 31))::integer OPERATOR(pg_catalog.+) 48))
				OPERATOR(pg_catalog.||) scru128_sql._crockford_raw8(ts OPERATOR(pg_catalog.&) 1099511627775))
			OPERATOR(pg_catalog.||) scru128_sql._crockford_raw8(('x' OPERATOR(pg_catalog.||) pg_catalog.substr(h, 13, 10))::bit(40)::bigint)
			OPERATOR(pg_catalog.||) scru128_sql._crockford_raw8(('x' OPERATOR(pg_catalog.||) pg_catalog.substr(h, 23, 10))::bit(40)::bigint),
			':;<=>?@ABCDEFGHIJKLMNO', 'abcdefghjkmnpqrstvwxyz');
END
$fn$;
COMMENT ON FUNCTION scru128_sql.typeid_text(pg_catalog.text, pg_catalog.uuid) IS 'the TypeID text of a prefix and a UUID, as the native typeid(prefix, id)::text; an invalid prefix is an error (22023)';

-- The UUID of 26 valid digits (each byte translated to 48 + its value).
CREATE OR REPLACE FUNCTION scru128_sql._typeid_suffix_uuid(suffix pg_catalog.text)
RETURNS pg_catalog.uuid LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
DECLARE
	d pg_catalog.bytea := pg_catalog.textsend(pg_catalog.translate(suffix, 'abcdefghjkmnpqrstvwxyz', ':;<=>?@ABCDEFGHIJKLMNO'));
BEGIN
	RETURN ((pg_catalog.lpad(pg_catalog.to_hex((((pg_catalog.get_byte(d, 0) OPERATOR(pg_catalog.-) 48) OPERATOR(pg_catalog.*) 32 OPERATOR(pg_catalog.+) (pg_catalog.get_byte(d, 1) OPERATOR(pg_catalog.-) 48))::bigint OPERATOR(pg_catalog.<<) 40)
			OPERATOR(pg_catalog.|) scru128_sql._crockford_value8(d, 2)), 12, '0')
		OPERATOR(pg_catalog.||) pg_catalog.lpad(pg_catalog.to_hex(scru128_sql._crockford_value8(d, 10)), 10, '0'))
		OPERATOR(pg_catalog.||) pg_catalog.lpad(pg_catalog.to_hex(scru128_sql._crockford_value8(d, 18)), 10, '0'))::pg_catalog.uuid;
END
$fn$;
COMMENT ON FUNCTION scru128_sql._typeid_suffix_uuid(pg_catalog.text) IS 'internal: the UUID of 26 valid TypeID digits';

-- The UUID of a TypeID of any prefix: the native typeid_uuid(t::typeid).
CREATE OR REPLACE FUNCTION scru128_sql.typeid_uuid(t pg_catalog.text)
RETURNS pg_catalog.uuid LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
BEGIN
	IF NOT t COLLATE pg_catalog."C" OPERATOR(pg_catalog.~) '^(?:[a-z](?:[a-z_]{0,61}[a-z])?_)?[0-7][0-9a-hjkmnp-tv-z]{25}$' THEN
		PERFORM scru128_sql._typeid_error(t);
	END IF;
	RETURN scru128_sql._typeid_suffix_uuid(pg_catalog.right(t, 26));
END
$fn$;
COMMENT ON FUNCTION scru128_sql.typeid_uuid(pg_catalog.text) IS 'the UUID of a TypeID text of any prefix, as the native typeid_uuid(t::typeid); 22P02 with the native message and detail for a text that is not a TypeID';

-- The prefix of a TypeID: the native typeid_prefix(t::typeid).
CREATE OR REPLACE FUNCTION scru128_sql.typeid_prefix(t pg_catalog.text)
RETURNS pg_catalog.text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
BEGIN
	IF NOT t COLLATE pg_catalog."C" OPERATOR(pg_catalog.~) '^(?:[a-z](?:[a-z_]{0,61}[a-z])?_)?[0-7][0-9a-hjkmnp-tv-z]{25}$' THEN
		PERFORM scru128_sql._typeid_error(t);
	END IF;
	RETURN pg_catalog.left(t, -27);
END
$fn$;
COMMENT ON FUNCTION scru128_sql.typeid_prefix(pg_catalog.text) IS 'the prefix of a TypeID text, '''' for none, as the native typeid_prefix(t::typeid); 22P02 for a text that is not a TypeID';

-- The UUID of a TypeID that must have the given prefix: what the native
-- type does for t::user_id on a domain CHECK (typeid_check_prefix(VALUE,
-- 'user')), the 23514 error naming both prefixes, then typeid_uuid().
CREATE OR REPLACE FUNCTION scru128_sql.typeid_parse(t pg_catalog.text, prefix pg_catalog.text)
RETURNS pg_catalog.uuid LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
DECLARE
	p pg_catalog.text;
BEGIN
	IF NOT t COLLATE pg_catalog."C" OPERATOR(pg_catalog.~) '^(?:[a-z](?:[a-z_]{0,61}[a-z])?_)?[0-7][0-9a-hjkmnp-tv-z]{25}$' THEN
		PERFORM scru128_sql._typeid_error(t);
	END IF;
	p := pg_catalog.left(t, -27);
	IF p OPERATOR(pg_catalog.<>) prefix COLLATE pg_catalog."C" THEN
		PERFORM scru128_sql._typeid_check_prefix_arg(prefix);
		RAISE EXCEPTION USING ERRCODE = '23514',
			MESSAGE = CASE
				WHEN p OPERATOR(pg_catalog.=) '' THEN pg_catalog.format('TypeID "%s" has the empty prefix, not "%s"', t, prefix)
				WHEN prefix OPERATOR(pg_catalog.=) '' THEN pg_catalog.format('TypeID "%s" has the prefix "%s", not the empty prefix', t, p)
				ELSE pg_catalog.format('TypeID "%s" has the prefix "%s", not "%s"', t, p, prefix) END;
	END IF;
	RETURN scru128_sql._typeid_suffix_uuid(pg_catalog.right(t, 26));
END
$fn$;
COMMENT ON FUNCTION scru128_sql.typeid_parse(pg_catalog.text, pg_catalog.text) IS 'the UUID of a TypeID text that has the given prefix; 22P02 for a text that is not a TypeID, 23514 naming both prefixes for another prefix, 22023 for an invalid expected prefix (the native errors)';

-- A new TypeID of the prefix whose UUID is the next uuidv7() of the
-- session (so strictly increasing within the session, and in order with
-- the session's uuidv7() values); the native typeid_generate(prefix)::text
-- but for the generator's scope (the SQL edition has only the session's).
CREATE OR REPLACE FUNCTION scru128_sql.typeid_generate(prefix pg_catalog.text)
RETURNS pg_catalog.text LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE AS $fn$
BEGIN
	-- the prefix first, as the native function: an invalid one advances no clock
	IF NOT prefix COLLATE pg_catalog."C" OPERATOR(pg_catalog.~) '^(?:[a-z](?:[a-z_]{0,61}[a-z])?)?$' THEN
		PERFORM scru128_sql._typeid_check_prefix_arg(prefix);
	END IF;
	RETURN scru128_sql.typeid_text(prefix, scru128_sql.uuidv7());
END
$fn$;
COMMENT ON FUNCTION scru128_sql.typeid_generate(pg_catalog.text) IS 'new TypeID text of the prefix whose UUID is the session''s next uuidv7(); an invalid prefix is an error (22023)';
