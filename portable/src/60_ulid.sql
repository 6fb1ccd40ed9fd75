
-- ULID (github.com/ulid/spec) in uuid: 48-bit Unix milliseconds, then 80
-- random bits, big-endian, as the native ulid type stores it; the text is
-- 26 Crockford Base32 digits (0123456789ABCDEFGHJKMNPQRSTVWXYZ), upper case,
-- of which the first is 0 to 7.  Input reads either case and Crockford's
-- aliases (I and L as 1, O as 0) and refuses U, as the native type does.
-- The 128 bits are handled as 48 + 40 + 40: the first 10 digits hold the
-- timestamp (2 zero bits first), the next 8 and the last 8 the random part.

-- The plain script takes over a domain scru128_sql.ulid only if it is its
-- own (00_schema.sql says why).
-- plain-only begin
DO $do$
DECLARE
	other pg_catalog.name;
BEGIN
	SELECT pg_catalog.pg_get_userbyid(t.typowner) INTO other FROM pg_catalog.pg_type t
		WHERE t.typnamespace OPERATOR(pg_catalog.=) pg_catalog.to_regnamespace('scru128_sql') AND t.typname OPERATOR(pg_catalog.=) 'ulid'
		AND (t.typowner OPERATOR(pg_catalog.<>) (SELECT r.oid FROM pg_catalog.pg_roles r WHERE r.rolname OPERATOR(pg_catalog.=) CURRENT_USER)
			OR t.typtype OPERATOR(pg_catalog.<>) 'd' OR t.typbasetype OPERATOR(pg_catalog.<>) 'pg_catalog.uuid'::pg_catalog.regtype
			OR t.typnotnull OR t.typdefaultbin IS NOT NULL
			OR EXISTS (SELECT FROM pg_catalog.pg_constraint c WHERE c.contypid OPERATOR(pg_catalog.=) t.oid));
	IF FOUND THEN
		RAISE EXCEPTION USING ERRCODE = '42501',
			MESSAGE = pg_catalog.format('type scru128_sql.ulid already exists and is not the SQL edition''s domain (owner %I, installing role %I)', other, CURRENT_USER),
			DETAIL = 'The SQL edition''s ulid is a domain over uuid, owned by the installing role, without a constraint, default or NOT NULL.',
			HINT = 'Install as the owner of the SQL edition, or drop the type (after checking what uses it) and run the script again.';
	END IF;
	IF pg_catalog.to_regtype('scru128_sql.ulid') IS NULL THEN
		CREATE DOMAIN scru128_sql.ulid AS pg_catalog.uuid;
	END IF;
END
$do$;
-- plain-only end
-- extension-only begin
-- CREATE DOMAIN scru128_sql.ulid AS pg_catalog.uuid;
-- extension-only end
COMMENT ON DOMAIN scru128_sql.ulid IS 'a ULID in the bytes of the native ulid type (uuid order is ULID order)';

-- Eight digits of 0 <= x < 2^40, each as the character 48 + digit ('0'..'9',
-- then ':'..'O'); callers translate the letters once for all.
CREATE OR REPLACE FUNCTION scru128_sql._crockford_raw8(x bigint)
RETURNS pg_catalog.text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
SELECT pg_catalog.chr(((x OPERATOR(pg_catalog.>>) 35) OPERATOR(pg_catalog.&) 31)::integer OPERATOR(pg_catalog.+) 48)
	OPERATOR(pg_catalog.||) pg_catalog.chr(((x OPERATOR(pg_catalog.>>) 30) OPERATOR(pg_catalog.&) 31)::integer OPERATOR(pg_catalog.+) 48)
	OPERATOR(pg_catalog.||) pg_catalog.chr(((x OPERATOR(pg_catalog.>>) 25) OPERATOR(pg_catalog.&) 31)::integer OPERATOR(pg_catalog.+) 48)
	OPERATOR(pg_catalog.||) pg_catalog.chr(((x OPERATOR(pg_catalog.>>) 20) OPERATOR(pg_catalog.&) 31)::integer OPERATOR(pg_catalog.+) 48)
	OPERATOR(pg_catalog.||) pg_catalog.chr(((x OPERATOR(pg_catalog.>>) 15) OPERATOR(pg_catalog.&) 31)::integer OPERATOR(pg_catalog.+) 48)
	OPERATOR(pg_catalog.||) pg_catalog.chr(((x OPERATOR(pg_catalog.>>) 10) OPERATOR(pg_catalog.&) 31)::integer OPERATOR(pg_catalog.+) 48)
	OPERATOR(pg_catalog.||) pg_catalog.chr(((x OPERATOR(pg_catalog.>>) 5) OPERATOR(pg_catalog.&) 31)::integer OPERATOR(pg_catalog.+) 48)
	OPERATOR(pg_catalog.||) pg_catalog.chr((x OPERATOR(pg_catalog.&) 31)::integer OPERATOR(pg_catalog.+) 48)
$fn$;
COMMENT ON FUNCTION scru128_sql._crockford_raw8(bigint) IS 'internal: 8 Crockford Base32 digits of 40 bits as characters 48 + digit';

-- The value of eight digits from byte o of d, each byte 48 + digit.
CREATE OR REPLACE FUNCTION scru128_sql._crockford_value8(d pg_catalog.bytea, o integer)
RETURNS bigint LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
SELECT ((pg_catalog.get_byte(d, o OPERATOR(pg_catalog.+) 0)::bigint OPERATOR(pg_catalog.*) 34359738368)
	OPERATOR(pg_catalog.+) (pg_catalog.get_byte(d, o OPERATOR(pg_catalog.+) 1)::bigint OPERATOR(pg_catalog.*) 1073741824)
	OPERATOR(pg_catalog.+) (pg_catalog.get_byte(d, o OPERATOR(pg_catalog.+) 2)::bigint OPERATOR(pg_catalog.*) 33554432)
	OPERATOR(pg_catalog.+) (pg_catalog.get_byte(d, o OPERATOR(pg_catalog.+) 3)::bigint OPERATOR(pg_catalog.*) 1048576)
	OPERATOR(pg_catalog.+) (pg_catalog.get_byte(d, o OPERATOR(pg_catalog.+) 4)::bigint OPERATOR(pg_catalog.*) 32768)
	OPERATOR(pg_catalog.+) (pg_catalog.get_byte(d, o OPERATOR(pg_catalog.+) 5)::bigint OPERATOR(pg_catalog.*) 1024)
	OPERATOR(pg_catalog.+) (pg_catalog.get_byte(d, o OPERATOR(pg_catalog.+) 6)::bigint OPERATOR(pg_catalog.*) 32)
	OPERATOR(pg_catalog.+) pg_catalog.get_byte(d, o OPERATOR(pg_catalog.+) 7)::bigint) OPERATOR(pg_catalog.-) 1702469617200
$fn$;
COMMENT ON FUNCTION scru128_sql._crockford_value8(pg_catalog.bytea, integer) IS 'internal: the value of 8 Crockford Base32 digits given as bytes 48 + digit';

-- The error for a text that is not a ULID: the native type's message and
-- details (positions and lengths in bytes).
CREATE OR REPLACE FUNCTION scru128_sql._ulid_error(t pg_catalog.text)
RETURNS void LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
DECLARE
	bad integer;
BEGIN
	IF pg_catalog.octet_length(t) OPERATOR(pg_catalog.<>) 26 THEN
		RAISE EXCEPTION USING ERRCODE = '22P02',
			MESSAGE = pg_catalog.format('invalid input syntax for type ulid: "%s"', t),
			DETAIL = pg_catalog.format('A ULID has exactly 26 Crockford Base32 digits; got %s byte%s.',
				pg_catalog.octet_length(t), CASE WHEN pg_catalog.octet_length(t) OPERATOR(pg_catalog.=) 1 THEN '' ELSE 's' END);
	END IF;
	bad := pg_catalog.octet_length(pg_catalog.substring(t, '^[0-9A-TV-Za-tv-z]*'::pg_catalog.text));
	IF bad OPERATOR(pg_catalog.<) 26 THEN
		RAISE EXCEPTION USING ERRCODE = '22P02',
			MESSAGE = pg_catalog.format('invalid input syntax for type ulid: "%s"', t),
			DETAIL = pg_catalog.format('Byte %s is not a Crockford Base32 digit (0-9, A-Z but U, either case; I and L read as 1, O as 0).', bad OPERATOR(pg_catalog.+) 1);
	END IF;
	RAISE EXCEPTION USING ERRCODE = '22P02',
		MESSAGE = pg_catalog.format('invalid input syntax for type ulid: "%s"', t),
		DETAIL = 'The value exceeds the largest ULID, "7ZZZZZZZZZZZZZZZZZZZZZZZZZ" (the first digit is at most 7).';
END
$fn$;
COMMENT ON FUNCTION scru128_sql._ulid_error(pg_catalog.text) IS 'internal: raises the error for a text that is not a ULID';

-- 26 upper-case Crockford Base32 digits.
CREATE OR REPLACE FUNCTION scru128_sql.ulid_to_text(id scru128_sql.ulid)
RETURNS pg_catalog.text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
DECLARE
	h pg_catalog.text := pg_catalog.replace(id::pg_catalog.text, '-', '');
	ts bigint := ('x' OPERATOR(pg_catalog.||) pg_catalog.substr(h, 1, 12))::bit(48)::bigint;
BEGIN
	RETURN pg_catalog.translate(
		((pg_catalog.chr(((ts OPERATOR(pg_catalog.>>) 45))::integer OPERATOR(pg_catalog.+) 48)
			OPERATOR(pg_catalog.||) pg_catalog.chr((((ts OPERATOR(pg_catalog.>>) 40) OPERATOR(pg_catalog.&) 31))::integer OPERATOR(pg_catalog.+) 48))
			OPERATOR(pg_catalog.||) scru128_sql._crockford_raw8(ts OPERATOR(pg_catalog.&) 1099511627775))
		OPERATOR(pg_catalog.||) scru128_sql._crockford_raw8(('x' OPERATOR(pg_catalog.||) pg_catalog.substr(h, 13, 10))::bit(40)::bigint)
		OPERATOR(pg_catalog.||) scru128_sql._crockford_raw8(('x' OPERATOR(pg_catalog.||) pg_catalog.substr(h, 23, 10))::bit(40)::bigint),
		':;<=>?@ABCDEFGHIJKLMNO', 'ABCDEFGHJKMNPQRSTVWXYZ');
END
$fn$;
COMMENT ON FUNCTION scru128_sql.ulid_to_text(scru128_sql.ulid) IS 'the canonical text of a ULID: 26 upper-case Crockford Base32 digits';

-- 26 digits of either case, the first 0 to 7; I and L read as 1, O as 0.
-- One translate() maps every accepted letter to the character 48 + its value.
CREATE OR REPLACE FUNCTION scru128_sql.ulid_from_text(t pg_catalog.text)
RETURNS scru128_sql.ulid LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
DECLARE
	d pg_catalog.bytea;
BEGIN
	IF NOT t OPERATOR(pg_catalog.~) '^[0-7IiLlOo][0-9A-TV-Za-tv-z]{25}$' THEN
		PERFORM scru128_sql._ulid_error(t);
	END IF;
	d := pg_catalog.textsend(pg_catalog.translate(t, 'ABCDEFGHJKMNPQRSTVWXYZabcdefghjkmnpqrstvwxyzIiLlOo',
		':;<=>?@ABCDEFGHIJKLMNO:;<=>?@ABCDEFGHIJKLMNO111100'));
	RETURN ((pg_catalog.lpad(pg_catalog.to_hex((((pg_catalog.get_byte(d, 0) OPERATOR(pg_catalog.-) 48) OPERATOR(pg_catalog.*) 32 OPERATOR(pg_catalog.+) (pg_catalog.get_byte(d, 1) OPERATOR(pg_catalog.-) 48))::bigint OPERATOR(pg_catalog.<<) 40)
			OPERATOR(pg_catalog.|) scru128_sql._crockford_value8(d, 2)), 12, '0')
		OPERATOR(pg_catalog.||) pg_catalog.lpad(pg_catalog.to_hex(scru128_sql._crockford_value8(d, 10)), 10, '0'))
		OPERATOR(pg_catalog.||) pg_catalog.lpad(pg_catalog.to_hex(scru128_sql._crockford_value8(d, 18)), 10, '0'))::pg_catalog.uuid;
END
$fn$;
COMMENT ON FUNCTION scru128_sql.ulid_from_text(pg_catalog.text) IS 'the ULID of its text: 26 Crockford Base32 digits, either case, I and L as 1, O as 0 (22P02 otherwise)';

-- the native extension's names for the same two conversions, for ULIDs
-- kept in text or uuid columns
CREATE OR REPLACE FUNCTION scru128_sql.ulid_to_uuid(t pg_catalog.text)
RETURNS pg_catalog.uuid LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
SELECT scru128_sql.ulid_from_text(t)::pg_catalog.uuid
$fn$;
COMMENT ON FUNCTION scru128_sql.ulid_to_uuid(pg_catalog.text) IS 'the uuid of the same 16 bytes as a ULID in text, as the native ulid_to_uuid(text)';

CREATE OR REPLACE FUNCTION scru128_sql.uuid_to_ulid(u pg_catalog.uuid)
RETURNS pg_catalog.text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
SELECT scru128_sql.ulid_to_text(u::scru128_sql.ulid)
$fn$;
COMMENT ON FUNCTION scru128_sql.uuid_to_ulid(pg_catalog.uuid) IS 'the ULID text of the 16 bytes of a uuid, as the native uuid_to_ulid(uuid)';

CREATE OR REPLACE FUNCTION scru128_sql.ulid_timestamp_ms(id scru128_sql.ulid)
RETURNS bigint LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
SELECT ('x' OPERATOR(pg_catalog.||) pg_catalog.left(pg_catalog.replace(id::pg_catalog.text, '-', ''), 12))::bit(48)::bigint
$fn$;
COMMENT ON FUNCTION scru128_sql.ulid_timestamp_ms(scru128_sql.ulid) IS 'the timestamp field: milliseconds since 1970-01-01 00:00:00+00';

CREATE OR REPLACE FUNCTION scru128_sql.ulid_timestamp(id scru128_sql.ulid)
RETURNS timestamp with time zone LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
SELECT scru128_sql._ms_timestamptz(scru128_sql.ulid_timestamp_ms(id))
$fn$;
COMMENT ON FUNCTION scru128_sql.ulid_timestamp(scru128_sql.ulid) IS 'the timestamp field as a timestamptz (millisecond precision)';

CREATE OR REPLACE FUNCTION scru128_sql.ulid_min(t timestamp with time zone)
RETURNS scru128_sql.ulid LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
SELECT (pg_catalog.lpad(pg_catalog.to_hex(scru128_sql._timestamptz_ms(t, 0, 281474976710655, 'ulid')), 12, '0')
	OPERATOR(pg_catalog.||) '00000000000000000000')::pg_catalog.uuid
$fn$;
COMMENT ON FUNCTION scru128_sql.ulid_min(timestamp with time zone) IS 'the smallest ULID of the millisecond of a time (random part all zeros)';

CREATE OR REPLACE FUNCTION scru128_sql.ulid_max(t timestamp with time zone)
RETURNS scru128_sql.ulid LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
SELECT (pg_catalog.lpad(pg_catalog.to_hex(scru128_sql._timestamptz_ms(t, 0, 281474976710655, 'ulid')), 12, '0')
	OPERATOR(pg_catalog.||) 'ffffffffffffffffffff')::pg_catalog.uuid
$fn$;
COMMENT ON FUNCTION scru128_sql.ulid_max(timestamp with time zone) IS 'the largest ULID of the millisecond of a time (random part all ones)';

-- Stateless: a random random part (for backfilling), 80 bits of a v4's
-- random hex digits (1-8, 10-11 and 25-34 of its text, the version and
-- variant digits left out).
CREATE OR REPLACE FUNCTION scru128_sql.ulid(t timestamp with time zone)
RETURNS scru128_sql.ulid LANGUAGE sql VOLATILE STRICT PARALLEL RESTRICTED AS $fn$
SELECT (pg_catalog.lpad(pg_catalog.to_hex(scru128_sql._timestamptz_ms(t, 0, 281474976710655, 'ulid')), 12, '0')
	OPERATOR(pg_catalog.||) ((pg_catalog.substr(g.r, 1, 8) OPERATOR(pg_catalog.||) pg_catalog.substr(g.r, 10, 2)) OPERATOR(pg_catalog.||) pg_catalog.substr(g.r, 25, 10)))::pg_catalog.uuid
FROM (SELECT pg_catalog.gen_random_uuid()::pg_catalog.text AS r) g
$fn$;
COMMENT ON FUNCTION scru128_sql.ulid(timestamp with time zone) IS 'new ULID for the given millisecond with a random random part (stateless; for backfilling)';

-- The session's generator, the ULID spec's monotonic rule as the native
-- ulid(): a clock past the last ID's millisecond starts that millisecond
-- with a fresh random part; the same millisecond, or a clock that went
-- back, keeps the last timestamp and adds one to the random part; past
-- 2^80 - 1 it borrows the next millisecond.  The state is the setting
-- scru128_sql.ulid_state, "timestamp:hi:lo:k" in decimal (the random part
-- as two 40-bit halves), transactional like scru128()'s (doc/sql-edition.md):
-- one without the ":k", with a half out of range, or more than 10 s ahead
-- of the clock (as scru128()'s rollback allowance) is no state.
CREATE OR REPLACE FUNCTION scru128_sql.ulid()
RETURNS scru128_sql.ulid LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE AS $fn$
DECLARE
	now_ms bigint := pg_catalog.floor(EXTRACT(epoch FROM pg_catalog.clock_timestamp()) OPERATOR(pg_catalog.*) 1000)::bigint;
	s pg_catalog.text := pg_catalog.current_setting('scru128_sql.ulid_state', true);
	ts bigint;
	hi bigint;
	lo bigint;
	r pg_catalog.text;
BEGIN
	-- RESET ALL and DISCARD ALL leave '' (NULL before the first call)
	IF pg_catalog.split_part(s, ':', 4) OPERATOR(pg_catalog.=) 'k' THEN
		ts := pg_catalog.split_part(s, ':', 1);
		hi := pg_catalog.split_part(s, ':', 2);
		lo := pg_catalog.split_part(s, ':', 3);
	END IF;
	IF ts OPERATOR(pg_catalog.>=) now_ms AND ts OPERATOR(pg_catalog.<=) (now_ms OPERATOR(pg_catalog.+) 10000)
			AND hi OPERATOR(pg_catalog.>=) 0 AND hi OPERATOR(pg_catalog.<=) 1099511627775
			AND lo OPERATOR(pg_catalog.>=) 0 AND lo OPERATOR(pg_catalog.<=) 1099511627775 THEN
		lo := lo OPERATOR(pg_catalog.+) 1;
		IF lo OPERATOR(pg_catalog.>) 1099511627775 THEN
			lo := 0;
			hi := hi OPERATOR(pg_catalog.+) 1;
			IF hi OPERATOR(pg_catalog.>) 1099511627775 THEN
				-- the random part is spent: borrow the next millisecond
				IF ts OPERATOR(pg_catalog.>=) 281474976710654 THEN
					RAISE EXCEPTION USING ERRCODE = '22008',
						MESSAGE = 'ulid random part exhausted in the last representable millisecond';
				END IF;
				ts := ts OPERATOR(pg_catalog.+) 1;
				hi := NULL;
			END IF;
		END IF;
	ELSE
		IF now_ms OPERATOR(pg_catalog.<) 0 OR now_ms OPERATOR(pg_catalog.>=) 281474976710655 THEN
			RAISE EXCEPTION USING ERRCODE = '22008',
				MESSAGE = pg_catalog.format('system clock is outside the range ulid can represent: "%s"', pg_catalog.clock_timestamp());
		END IF;
		ts := now_ms;
		hi := NULL;
	END IF;
	IF hi IS NULL THEN
		r := pg_catalog.gen_random_uuid()::pg_catalog.text;
		hi := ('x' OPERATOR(pg_catalog.||) pg_catalog.substr(r, 1, 8) OPERATOR(pg_catalog.||) pg_catalog.substr(r, 10, 2))::bit(40)::bigint;
		lo := ('x' OPERATOR(pg_catalog.||) pg_catalog.substr(r, 25, 10))::bit(40)::bigint;
	END IF;
	s := pg_catalog.set_config('scru128_sql.ulid_state', ((ts::pg_catalog.text OPERATOR(pg_catalog.||) ':') OPERATOR(pg_catalog.||) hi::pg_catalog.text OPERATOR(pg_catalog.||) ':') OPERATOR(pg_catalog.||) lo::pg_catalog.text OPERATOR(pg_catalog.||) ':k', false);
	RETURN ((pg_catalog.lpad(pg_catalog.to_hex(ts), 12, '0') OPERATOR(pg_catalog.||) pg_catalog.lpad(pg_catalog.to_hex(hi), 10, '0'))
		OPERATOR(pg_catalog.||) pg_catalog.lpad(pg_catalog.to_hex(lo), 10, '0'))::pg_catalog.uuid;
END
$fn$;
COMMENT ON FUNCTION scru128_sql.ulid() IS 'new ULID from this session''s monotonic generator (state in the setting scru128_sql.ulid_state; see doc/sql-edition.md for what ROLLBACK and DISCARD ALL do)';
