
-- SCRU128 (v2.1.1) in uuid: 48-bit timestamp, 24-bit counter_hi, 24-bit
-- counter_lo, 32-bit entropy, big-endian, as the native type stores it.

-- 25 lower-case Base36 digits.  The 128 bits are split 32/48/48 (each a
-- non-negative bigint), joined in numeric, and cut into three Base36 groups
-- of 1, 12 and 12 digits (36^12 < 2^63, so a group fits a bigint).
CREATE OR REPLACE FUNCTION scru128_sql.scru128_to_text(id scru128_sql.scru128)
RETURNS pg_catalog.text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
DECLARE
	h pg_catalog.text := pg_catalog.replace(id::pg_catalog.text, '-', '');
	n numeric := (((('x' OPERATOR(pg_catalog.||) pg_catalog.substr(h, 1, 8))::bit(32)::bigint)::numeric OPERATOR(pg_catalog.*) 79228162514264337593543950336)
		OPERATOR(pg_catalog.+) ((('x' OPERATOR(pg_catalog.||) pg_catalog.substr(h, 9, 12))::bit(48)::bigint)::numeric OPERATOR(pg_catalog.*) 281474976710656))
		OPERATOR(pg_catalog.+) ('x' OPERATOR(pg_catalog.||) pg_catalog.substr(h, 21, 12))::bit(48)::bigint;
	t numeric := pg_catalog.div(n, 4738381338321616896);
	x0 bigint := (n OPERATOR(pg_catalog.-) (t OPERATOR(pg_catalog.*) 4738381338321616896))::bigint;
	x2 integer := pg_catalog.div(t, 4738381338321616896)::integer;
	x1 bigint := (t OPERATOR(pg_catalog.-) (x2::numeric OPERATOR(pg_catalog.*) 4738381338321616896))::bigint;
BEGIN
	RETURN pg_catalog.translate((pg_catalog.chr(x2 OPERATOR(pg_catalog.+) 48) OPERATOR(pg_catalog.||) scru128_sql._base36_raw12(x1)) OPERATOR(pg_catalog.||) scru128_sql._base36_raw12(x0),
		':;<=>?@ABCDEFGHIJKLMNOPQRS', 'abcdefghijklmnopqrstuvwxyz');
END
$fn$;
COMMENT ON FUNCTION scru128_sql.scru128_to_text(scru128_sql.scru128) IS 'the canonical text of a SCRU128 ID: 25 lower-case Base36 digits';

-- 25 Base36 digits of either case, up to "f5lxx1zz5pnorynqglhzmsp33".  One
-- translate() maps both cases of a letter to the character 48 + its value,
-- so the digits keep their order in the C collation ("?5EQQ1SS5IGHKRGJ@EASFLI33"
-- is the largest value).
CREATE OR REPLACE FUNCTION scru128_sql.scru128_from_text(t pg_catalog.text)
RETURNS scru128_sql.scru128 LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
DECLARE
	r pg_catalog.text := pg_catalog.translate(t, 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ',
		':;<=>?@ABCDEFGHIJKLMNOPQRS:;<=>?@ABCDEFGHIJKLMNOPQRS');
	d pg_catalog.bytea;
	n numeric;
	hi bigint;
	mid bigint;
BEGIN
	IF NOT (t OPERATOR(pg_catalog.~) '^[0-9A-Za-z]{25}$' AND (r COLLATE pg_catalog."C") OPERATOR(pg_catalog.<=) '?5EQQ1SS5IGHKRGJ@EASFLI33') THEN
		PERFORM scru128_sql._base36_error(t, 'scru128', 25);
	END IF;
	d := pg_catalog.textsend(r);
	n := ((((pg_catalog.get_byte(d, 0) OPERATOR(pg_catalog.-) 48)::numeric OPERATOR(pg_catalog.*) 4738381338321616896) OPERATOR(pg_catalog.+) scru128_sql._base36_value12(d, 1))
		OPERATOR(pg_catalog.*) 4738381338321616896) OPERATOR(pg_catalog.+) scru128_sql._base36_value12(d, 13);
	hi := pg_catalog.div(n, 79228162514264337593543950336)::bigint;
	n := n OPERATOR(pg_catalog.-) (hi::numeric OPERATOR(pg_catalog.*) 79228162514264337593543950336);
	mid := pg_catalog.div(n, 281474976710656)::bigint;
	RETURN ((pg_catalog.lpad(pg_catalog.to_hex(hi), 8, '0') OPERATOR(pg_catalog.||) pg_catalog.lpad(pg_catalog.to_hex(mid), 12, '0'))
		OPERATOR(pg_catalog.||) pg_catalog.lpad(pg_catalog.to_hex((n OPERATOR(pg_catalog.-) (mid::numeric OPERATOR(pg_catalog.*) 281474976710656))::bigint), 12, '0'))::pg_catalog.uuid;
END
$fn$;
COMMENT ON FUNCTION scru128_sql.scru128_from_text(pg_catalog.text) IS 'the SCRU128 ID of its text: 25 Base36 digits, either case (22P02 otherwise)';

CREATE OR REPLACE FUNCTION scru128_sql.scru128_timestamp_ms(id scru128_sql.scru128)
RETURNS bigint LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
SELECT ('x' OPERATOR(pg_catalog.||) pg_catalog.left(pg_catalog.replace(id::pg_catalog.text, '-', ''), 12))::bit(48)::bigint
$fn$;
COMMENT ON FUNCTION scru128_sql.scru128_timestamp_ms(scru128_sql.scru128) IS 'the timestamp field: milliseconds since 1970-01-01 00:00:00+00';

CREATE OR REPLACE FUNCTION scru128_sql.scru128_timestamp(id scru128_sql.scru128)
RETURNS timestamp with time zone LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
SELECT scru128_sql._ms_timestamptz(scru128_sql.scru128_timestamp_ms(id))
$fn$;
COMMENT ON FUNCTION scru128_sql.scru128_timestamp(scru128_sql.scru128) IS 'the timestamp field as a timestamptz (millisecond precision)';

CREATE OR REPLACE FUNCTION scru128_sql.scru128_counter_hi(id scru128_sql.scru128)
RETURNS integer LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
SELECT ('x' OPERATOR(pg_catalog.||) pg_catalog.substr(pg_catalog.replace(id::pg_catalog.text, '-', ''), 13, 6))::bit(24)::integer
$fn$;
COMMENT ON FUNCTION scru128_sql.scru128_counter_hi(scru128_sql.scru128) IS 'the 24-bit counter_hi field';

CREATE OR REPLACE FUNCTION scru128_sql.scru128_counter_lo(id scru128_sql.scru128)
RETURNS integer LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
SELECT ('x' OPERATOR(pg_catalog.||) pg_catalog.substr(pg_catalog.replace(id::pg_catalog.text, '-', ''), 19, 6))::bit(24)::integer
$fn$;
COMMENT ON FUNCTION scru128_sql.scru128_counter_lo(scru128_sql.scru128) IS 'the 24-bit counter_lo field';

CREATE OR REPLACE FUNCTION scru128_sql.scru128_entropy(id scru128_sql.scru128)
RETURNS bigint LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
SELECT ('x' OPERATOR(pg_catalog.||) pg_catalog.right(id::pg_catalog.text, 8))::bit(32)::bigint
$fn$;
COMMENT ON FUNCTION scru128_sql.scru128_entropy(scru128_sql.scru128) IS 'the 32-bit entropy field';

CREATE OR REPLACE FUNCTION scru128_sql.scru128_min(t timestamp with time zone)
RETURNS scru128_sql.scru128 LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
SELECT (pg_catalog.lpad(pg_catalog.to_hex(scru128_sql._timestamptz_ms(t, 0, 281474976710655, 'scru128')), 12, '0')
	OPERATOR(pg_catalog.||) '00000000000000000000')::pg_catalog.uuid
$fn$;
COMMENT ON FUNCTION scru128_sql.scru128_min(timestamp with time zone) IS 'the smallest SCRU128 ID of the millisecond of a time';

CREATE OR REPLACE FUNCTION scru128_sql.scru128_max(t timestamp with time zone)
RETURNS scru128_sql.scru128 LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
SELECT (pg_catalog.lpad(pg_catalog.to_hex(scru128_sql._timestamptz_ms(t, 0, 281474976710655, 'scru128')), 12, '0')
	OPERATOR(pg_catalog.||) 'ffffffffffffffffffff')::pg_catalog.uuid
$fn$;
COMMENT ON FUNCTION scru128_sql.scru128_max(timestamp with time zone) IS 'the largest SCRU128 ID of the millisecond of a time';

-- Stateless: random counters and entropy (for backfilling).  Labelled as
-- the native scru128(timestamptz), PARALLEL RESTRICTED, so that a table
-- moved to the native extension keeps the plans it had.
CREATE OR REPLACE FUNCTION scru128_sql.scru128(t timestamp with time zone)
RETURNS scru128_sql.scru128 LANGUAGE sql VOLATILE STRICT PARALLEL RESTRICTED AS $fn$
SELECT (pg_catalog.lpad(pg_catalog.to_hex(scru128_sql._timestamptz_ms(t, 1, 281474976710654, 'scru128')), 12, '0')
	OPERATOR(pg_catalog.||) pg_catalog.right(pg_catalog.replace(pg_catalog.gen_random_uuid()::pg_catalog.text, '-', ''), 20))::pg_catalog.uuid
$fn$;
COMMENT ON FUNCTION scru128_sql.scru128(timestamp with time zone) IS 'new SCRU128 ID for the given millisecond with random counters and entropy (stateless; for backfilling)';

-- The session's generator, SCRU128 v2.1.1 as the native scru128().  Its
-- state is one custom setting, scru128_sql.scru128_state, holding
-- "timestamp:counter:ts_counter_hi:k" in decimal, where counter is
-- counter_hi * 2^24 + counter_lo (so one increment carries counter_lo into
-- counter_hi).  A setting is transactional: ROLLBACK (to a savepoint, too)
-- puts back the state of the transaction's start, RESET ALL and DISCARD
-- ALL clear it.  The clock keeps the timestamp from going back then; within
-- the millisecond of the lost state, the counters start afresh and only
-- the random counter_lo and entropy keep IDs apart (doc/sql-edition.md).
-- A state without the trailing ":k" (cleared, or not written by this
-- function: a user's set_config(), 1.3's format) is no state.  With no
-- state, IDs this connection made before RESET ALL or DISCARD ALL (a
-- pooler's reset between clients) may be in the current millisecond, so
-- the generator starts in the next one: the next client's first ID sorts
-- above the previous client's last (at most 1 ms of waiting, once per
-- reset; no cost per call).
-- One random uuid gives every random field: hex digits 1-6 counter_lo,
-- 10-13 and 16-17 counter_hi, 25-32 entropy (its version and variant
-- digits, 15 and 20, are left out).
CREATE OR REPLACE FUNCTION scru128_sql.scru128()
RETURNS scru128_sql.scru128 LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE AS $fn$
DECLARE
	r pg_catalog.text := pg_catalog.gen_random_uuid()::pg_catalog.text;
	now_ms bigint := pg_catalog.floor(EXTRACT(epoch FROM pg_catalog.clock_timestamp()) OPERATOR(pg_catalog.*) 1000)::bigint;
	s pg_catalog.text := pg_catalog.current_setting('scru128_sql.scru128_state', true);
	ts bigint;
	c bigint;
	ts_hi bigint;
BEGIN
	-- RESET ALL and DISCARD ALL leave '' (NULL before the first call)
	IF pg_catalog.split_part(s, ':', 4) OPERATOR(pg_catalog.=) 'k' THEN
		ts := pg_catalog.split_part(s, ':', 1);
		c := pg_catalog.split_part(s, ':', 2);
		ts_hi := pg_catalog.split_part(s, ':', 3);
	END IF;
	IF ts OPERATOR(pg_catalog.>=) now_ms AND ts OPERATOR(pg_catalog.<=) (now_ms OPERATOR(pg_catalog.+) 10000) THEN
		-- same millisecond, or the clock went back less than 10 s
		c := c OPERATOR(pg_catalog.+) 1;
		IF c OPERATOR(pg_catalog.>) 281474976710655 THEN
			-- both counters wrapped: borrow the next millisecond
			IF ts OPERATOR(pg_catalog.>=) 281474976710654 THEN
				RAISE EXCEPTION USING ERRCODE = '22008',
					MESSAGE = 'scru128 counters exhausted in the last representable millisecond';
			END IF;
			ts := ts OPERATOR(pg_catalog.+) 1;
			c := ('x' OPERATOR(pg_catalog.||) pg_catalog.substr(r, 1, 6))::bit(24)::bigint;
		END IF;
	ELSE
		IF now_ms OPERATOR(pg_catalog.<) 1 OR now_ms OPERATOR(pg_catalog.>=) 281474976710655 THEN
			RAISE EXCEPTION USING ERRCODE = '22008',
				MESSAGE = pg_catalog.format('system clock is outside the range scru128 can represent: "%s"', pg_catalog.clock_timestamp());
		END IF;
		IF ts IS NULL THEN
			-- no state: start in the next millisecond (see above)
			LOOP
				PERFORM pg_catalog.pg_sleep(0.0002);
				ts := pg_catalog.floor(EXTRACT(epoch FROM pg_catalog.clock_timestamp()) OPERATOR(pg_catalog.*) 1000)::bigint;
				EXIT WHEN ts OPERATOR(pg_catalog.>) now_ms OR ts OPERATOR(pg_catalog.<) (now_ms OPERATOR(pg_catalog.-) 1000);
			END LOOP;
			now_ms := ts;
			ts := NULL;
		END IF;
		IF ts IS NULL OR ts OPERATOR(pg_catalog.>) now_ms THEN
			-- no state, or the clock went back too far: start afresh
			ts_hi := 0;
			c := 0;
		END IF;
		ts := now_ms;
		c := (c OPERATOR(pg_catalog.&) 281474959933440) OPERATOR(pg_catalog.|) ('x' OPERATOR(pg_catalog.||) pg_catalog.substr(r, 1, 6))::bit(24)::bigint;
	END IF;
	IF (ts OPERATOR(pg_catalog.-) ts_hi) OPERATOR(pg_catalog.>=) 1000 THEN
		ts_hi := ts;
		c := (c OPERATOR(pg_catalog.&) 16777215) OPERATOR(pg_catalog.|) (('x' OPERATOR(pg_catalog.||) pg_catalog.substr(r, 10, 4) OPERATOR(pg_catalog.||) pg_catalog.substr(r, 16, 2))::bit(24)::bigint OPERATOR(pg_catalog.<<) 24);
	END IF;
	s := pg_catalog.set_config('scru128_sql.scru128_state', ((ts::pg_catalog.text OPERATOR(pg_catalog.||) ':') OPERATOR(pg_catalog.||) c::pg_catalog.text OPERATOR(pg_catalog.||) ':') OPERATOR(pg_catalog.||) ts_hi::pg_catalog.text OPERATOR(pg_catalog.||) ':k', false);
	RETURN ((pg_catalog.lpad(pg_catalog.to_hex(ts), 12, '0') OPERATOR(pg_catalog.||) pg_catalog.lpad(pg_catalog.to_hex(c), 12, '0'))
		OPERATOR(pg_catalog.||) pg_catalog.substr(r, 25, 8))::pg_catalog.uuid;
END
$fn$;
COMMENT ON FUNCTION scru128_sql.scru128() IS 'new SCRU128 ID from this session''s generator (state in the setting scru128_sql.scru128_state; see doc/sql-edition.md for what ROLLBACK and DISCARD ALL do)';
