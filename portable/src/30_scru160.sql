
-- SCRU160 (v0.1.0) in a 20-byte bytea: 48-bit timestamp, 16-bit counter,
-- 16-bit random16, 80-bit random80, as the native scru160 stores it.

-- The argument, or the native extension's error when it is not 20 bytes.
CREATE OR REPLACE FUNCTION scru128_sql._scru160_check(id pg_catalog.bytea)
RETURNS pg_catalog.bytea LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
BEGIN
	IF pg_catalog.length(id) OPERATOR(pg_catalog.<>) 20 THEN
		RAISE EXCEPTION USING ERRCODE = '22P03',
			MESSAGE = pg_catalog.format('invalid length for scru160: %s byte%s, expected 20', pg_catalog.length(id),
				CASE WHEN pg_catalog.length(id) OPERATOR(pg_catalog.=) 1 THEN '' ELSE 's' END);
	END IF;
	RETURN id;
END
$fn$;
COMMENT ON FUNCTION scru128_sql._scru160_check(pg_catalog.bytea) IS 'internal: the argument, or an error when it is not 20 bytes';

-- 32 upper-case base32hex digits: four groups of 40 bits, each a bigint.
CREATE OR REPLACE FUNCTION scru128_sql.scru160_to_text(id pg_catalog.bytea)
RETURNS pg_catalog.text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
DECLARE
	h pg_catalog.text := pg_catalog.encode(scru128_sql._scru160_check(id), 'hex');
	raw pg_catalog.text := '';
	g bigint;
	i integer;
BEGIN
	FOR i IN 0..3 LOOP
		g := ('x' OPERATOR(pg_catalog.||) pg_catalog.substr(h, (i OPERATOR(pg_catalog.*) 10) OPERATOR(pg_catalog.+) 1, 10))::bit(40)::bigint;
		raw := raw OPERATOR(pg_catalog.||) pg_catalog.chr(((g OPERATOR(pg_catalog.>>) 35) OPERATOR(pg_catalog.&) 31)::integer OPERATOR(pg_catalog.+) 48) OPERATOR(pg_catalog.||) pg_catalog.chr(((g OPERATOR(pg_catalog.>>) 30) OPERATOR(pg_catalog.&) 31)::integer OPERATOR(pg_catalog.+) 48)
			OPERATOR(pg_catalog.||) pg_catalog.chr(((g OPERATOR(pg_catalog.>>) 25) OPERATOR(pg_catalog.&) 31)::integer OPERATOR(pg_catalog.+) 48) OPERATOR(pg_catalog.||) pg_catalog.chr(((g OPERATOR(pg_catalog.>>) 20) OPERATOR(pg_catalog.&) 31)::integer OPERATOR(pg_catalog.+) 48)
			OPERATOR(pg_catalog.||) pg_catalog.chr(((g OPERATOR(pg_catalog.>>) 15) OPERATOR(pg_catalog.&) 31)::integer OPERATOR(pg_catalog.+) 48) OPERATOR(pg_catalog.||) pg_catalog.chr(((g OPERATOR(pg_catalog.>>) 10) OPERATOR(pg_catalog.&) 31)::integer OPERATOR(pg_catalog.+) 48)
			OPERATOR(pg_catalog.||) pg_catalog.chr(((g OPERATOR(pg_catalog.>>) 5) OPERATOR(pg_catalog.&) 31)::integer OPERATOR(pg_catalog.+) 48) OPERATOR(pg_catalog.||) pg_catalog.chr((g OPERATOR(pg_catalog.&) 31)::integer OPERATOR(pg_catalog.+) 48);
	END LOOP;
	RETURN pg_catalog.translate(raw, ':;<=>?@ABCDEFGHIJKLMNO', 'ABCDEFGHIJKLMNOPQRSTUV');
END
$fn$;
COMMENT ON FUNCTION scru128_sql.scru160_to_text(pg_catalog.bytea) IS 'the canonical text of a SCRU160 ID: 32 upper-case base32hex digits';

CREATE OR REPLACE FUNCTION scru128_sql.scru160_to_hex(id pg_catalog.bytea)
RETURNS pg_catalog.text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
SELECT pg_catalog.encode(scru128_sql._scru160_check(id), 'hex')
$fn$;
COMMENT ON FUNCTION scru128_sql.scru160_to_hex(pg_catalog.bytea) IS 'a SCRU160 ID as 40 lower-case hex digits';

-- 32 base32hex digits or 40 hex digits, either case.
CREATE OR REPLACE FUNCTION scru128_sql.scru160_from_text(t pg_catalog.text)
RETURNS pg_catalog.bytea LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
DECLARE
	d pg_catalog.bytea;
	h pg_catalog.text := '';
	i integer;
	bad integer;
BEGIN
	IF t OPERATOR(pg_catalog.~) '^[0-9A-Fa-f]{40}$' THEN
		RETURN pg_catalog.decode(t, 'hex');
	END IF;
	IF t OPERATOR(pg_catalog.~) '^[0-9A-Va-v]{32}$' THEN
		d := pg_catalog.textsend(pg_catalog.translate(pg_catalog.upper(t), 'ABCDEFGHIJKLMNOPQRSTUV', ':;<=>?@ABCDEFGHIJKLMNO'));
		FOR i IN 0..3 LOOP
			h := h OPERATOR(pg_catalog.||) pg_catalog.lpad(pg_catalog.to_hex(
				((((((((pg_catalog.get_byte(d, i OPERATOR(pg_catalog.*) 8) OPERATOR(pg_catalog.-) 48)::bigint OPERATOR(pg_catalog.<<) 35)
				OPERATOR(pg_catalog.|) ((pg_catalog.get_byte(d, (i OPERATOR(pg_catalog.*) 8) OPERATOR(pg_catalog.+) 1) OPERATOR(pg_catalog.-) 48)::bigint OPERATOR(pg_catalog.<<) 30))
				OPERATOR(pg_catalog.|) ((pg_catalog.get_byte(d, (i OPERATOR(pg_catalog.*) 8) OPERATOR(pg_catalog.+) 2) OPERATOR(pg_catalog.-) 48)::bigint OPERATOR(pg_catalog.<<) 25))
				OPERATOR(pg_catalog.|) ((pg_catalog.get_byte(d, (i OPERATOR(pg_catalog.*) 8) OPERATOR(pg_catalog.+) 3) OPERATOR(pg_catalog.-) 48)::bigint OPERATOR(pg_catalog.<<) 20))
				OPERATOR(pg_catalog.|) ((pg_catalog.get_byte(d, (i OPERATOR(pg_catalog.*) 8) OPERATOR(pg_catalog.+) 4) OPERATOR(pg_catalog.-) 48)::bigint OPERATOR(pg_catalog.<<) 15))
				OPERATOR(pg_catalog.|) ((pg_catalog.get_byte(d, (i OPERATOR(pg_catalog.*) 8) OPERATOR(pg_catalog.+) 5) OPERATOR(pg_catalog.-) 48)::bigint OPERATOR(pg_catalog.<<) 10))
				OPERATOR(pg_catalog.|) ((pg_catalog.get_byte(d, (i OPERATOR(pg_catalog.*) 8) OPERATOR(pg_catalog.+) 6) OPERATOR(pg_catalog.-) 48)::bigint OPERATOR(pg_catalog.<<) 5))
				OPERATOR(pg_catalog.|) (pg_catalog.get_byte(d, (i OPERATOR(pg_catalog.*) 8) OPERATOR(pg_catalog.+) 7) OPERATOR(pg_catalog.-) 48)::bigint), 10, '0');
		END LOOP;
		RETURN pg_catalog.decode(h, 'hex');
	END IF;
	IF pg_catalog.octet_length(t) OPERATOR(pg_catalog.=) 32 THEN
		bad := pg_catalog.octet_length(pg_catalog.substring(t, '^[0-9A-Va-v]*'::pg_catalog.text));
		RAISE EXCEPTION USING ERRCODE = '22P02',
			MESSAGE = pg_catalog.format('invalid input syntax for type scru160: "%s"', t),
			DETAIL = pg_catalog.format('Byte %s is not a base32hex digit (0-9, A-V, a-v).', bad OPERATOR(pg_catalog.+) 1);
	END IF;
	IF pg_catalog.octet_length(t) OPERATOR(pg_catalog.=) 40 THEN
		bad := pg_catalog.octet_length(pg_catalog.substring(t, '^[0-9A-Fa-f]*'::pg_catalog.text));
		RAISE EXCEPTION USING ERRCODE = '22P02',
			MESSAGE = pg_catalog.format('invalid input syntax for type scru160: "%s"', t),
			DETAIL = pg_catalog.format('Byte %s is not a hex digit (0-9, a-f, A-F).', bad OPERATOR(pg_catalog.+) 1);
	END IF;
	RAISE EXCEPTION USING ERRCODE = '22P02',
		MESSAGE = pg_catalog.format('invalid input syntax for type scru160: "%s"', t),
		DETAIL = pg_catalog.format('A scru160 value has 32 base32hex digits or 40 hex digits; got %s byte%s.',
			pg_catalog.octet_length(t), CASE WHEN pg_catalog.octet_length(t) OPERATOR(pg_catalog.=) 1 THEN '' ELSE 's' END);
END
$fn$;
COMMENT ON FUNCTION scru128_sql.scru160_from_text(pg_catalog.text) IS 'the SCRU160 ID of its text: 32 base32hex or 40 hex digits, either case (22P02 otherwise)';

CREATE OR REPLACE FUNCTION scru128_sql.scru160_timestamp_ms(id pg_catalog.bytea)
RETURNS bigint LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
SELECT ('x' OPERATOR(pg_catalog.||) pg_catalog.encode(pg_catalog.substr(scru128_sql._scru160_check(id), 1, 6), 'hex'))::bit(48)::bigint
$fn$;
COMMENT ON FUNCTION scru128_sql.scru160_timestamp_ms(pg_catalog.bytea) IS 'the timestamp field of a SCRU160 ID: milliseconds since 1970-01-01 00:00:00+00';

CREATE OR REPLACE FUNCTION scru128_sql.scru160_timestamp(id pg_catalog.bytea)
RETURNS timestamp with time zone LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
SELECT scru128_sql._ms_timestamptz(scru128_sql.scru160_timestamp_ms(id))
$fn$;
COMMENT ON FUNCTION scru128_sql.scru160_timestamp(pg_catalog.bytea) IS 'the timestamp field of a SCRU160 ID as a timestamptz';

-- The session's SCRU160 generator (the spec's default counter usage, as the
-- native scru160()): state "timestamp:counter:k" in the setting
-- scru128_sql.scru160_state, transactional like scru128()'s: a state more
-- than 10 s ahead of the clock, or with a counter above 65535, is no state.
-- A counter that reaches 65535 within a millisecond waits for the next one
-- (at most 1 s).
CREATE OR REPLACE FUNCTION scru128_sql.scru160()
RETURNS pg_catalog.bytea LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE AS $fn$
DECLARE
	-- 30 random hex digits: a v4 uuid without its version and variant digits
	u pg_catalog.text := pg_catalog.replace(pg_catalog.gen_random_uuid()::pg_catalog.text, '-', '');
	r pg_catalog.text := (pg_catalog.substr(u, 1, 12) OPERATOR(pg_catalog.||) pg_catalog.substr(u, 14, 3)) OPERATOR(pg_catalog.||) pg_catalog.substr(u, 18);
	s pg_catalog.text := pg_catalog.current_setting('scru128_sql.scru160_state', true);
	-- a state without the trailing ":k" is no state (as scru128()'s)
	ok boolean := pg_catalog.split_part(s, ':', 3) OPERATOR(pg_catalog.=) 'k';
	ts bigint := CASE WHEN ok THEN '0' OPERATOR(pg_catalog.||) pg_catalog.split_part(s, ':', 1) ELSE '0' END;
	c bigint := CASE WHEN ok THEN '0' OPERATOR(pg_catalog.||) pg_catalog.split_part(s, ':', 2) ELSE '0' END;
	now_ms bigint;
	steps integer := 0;
BEGIN
	LOOP
		now_ms := pg_catalog.floor(EXTRACT(epoch FROM pg_catalog.clock_timestamp()) OPERATOR(pg_catalog.*) 1000)::bigint;
		IF now_ms OPERATOR(pg_catalog.<) 1 OR now_ms OPERATOR(pg_catalog.>=) 281474976710655 THEN
			RAISE EXCEPTION USING ERRCODE = '22008',
				MESSAGE = pg_catalog.format('system clock is outside the range scru160 can represent: "%s"', pg_catalog.clock_timestamp());
		END IF;
		IF ts IS NULL OR now_ms OPERATOR(pg_catalog.>) ts OR ts OPERATOR(pg_catalog.>) (now_ms OPERATOR(pg_catalog.+) 10000) OR c OPERATOR(pg_catalog.>) 65535 THEN
			ts := now_ms;
			c := ('x' OPERATOR(pg_catalog.||) pg_catalog.substr(r, 25, 4))::bit(16)::bigint OPERATOR(pg_catalog.&) 32767;
			EXIT;
		ELSIF c OPERATOR(pg_catalog.<) 65535 THEN
			-- same millisecond, or the clock went back: keep the order
			c := c OPERATOR(pg_catalog.+) 1;
			EXIT;
		END IF;
		steps := steps OPERATOR(pg_catalog.+) 1;
		IF steps OPERATOR(pg_catalog.>) 10000 THEN
			RAISE EXCEPTION USING ERRCODE = '55000',
				MESSAGE = 'scru160 counter exhausted and the clock does not advance',
				DETAIL = pg_catalog.format('65536 IDs were made in millisecond %s and the clock still reads "%s" after waiting one second.', ts, pg_catalog.clock_timestamp()),
				HINT = 'The system clock may have been set back; IDs continue once it passes the last ID''s millisecond.';
		END IF;
		PERFORM pg_catalog.pg_sleep(0.0001);
	END LOOP;
	s := pg_catalog.set_config('scru128_sql.scru160_state', (ts::pg_catalog.text OPERATOR(pg_catalog.||) ':') OPERATOR(pg_catalog.||) c::pg_catalog.text OPERATOR(pg_catalog.||) ':k', false);
	RETURN pg_catalog.decode((pg_catalog.lpad(pg_catalog.to_hex(ts), 12, '0') OPERATOR(pg_catalog.||) pg_catalog.lpad(pg_catalog.to_hex(c), 4, '0'))
		OPERATOR(pg_catalog.||) pg_catalog.left(r, 24), 'hex');
END
$fn$;
COMMENT ON FUNCTION scru128_sql.scru160() IS 'new SCRU160 ID from this session''s generator (state in the setting scru128_sql.scru160_state)';
