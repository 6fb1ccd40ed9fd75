-- The native extension's remaining SCRU128 and UUID functions, with its
-- names, semantics and errors (release 1.4 of the SQL edition).

CREATE OR REPLACE FUNCTION scru128_sql.scru128_from_fields(timestamp_ms bigint, counter_hi integer, counter_lo integer, entropy bigint)
RETURNS scru128_sql.scru128 LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
DECLARE
	f pg_catalog.text;
	v bigint;
	mx bigint;
BEGIN
	FOR f, v, mx IN VALUES ('timestamp_ms', timestamp_ms, 281474976710655), ('counter_hi', counter_hi::bigint, 16777215),
			('counter_lo', counter_lo::bigint, 16777215), ('entropy', entropy, 4294967295) LOOP
		IF v OPERATOR(pg_catalog.<) 0 OR v OPERATOR(pg_catalog.>) mx THEN
			RAISE EXCEPTION USING ERRCODE = '22003',
				MESSAGE = pg_catalog.format('scru128 field "%s" is out of range: %s', f, v),
				DETAIL = pg_catalog.format('"%s" must be between 0 and %s.', f, mx);
		END IF;
	END LOOP;
	RETURN (((pg_catalog.lpad(pg_catalog.to_hex(timestamp_ms), 12, '0') OPERATOR(pg_catalog.||) pg_catalog.lpad(pg_catalog.to_hex(counter_hi), 6, '0'))
		OPERATOR(pg_catalog.||) pg_catalog.lpad(pg_catalog.to_hex(counter_lo), 6, '0')) OPERATOR(pg_catalog.||) pg_catalog.lpad(pg_catalog.to_hex(entropy), 8, '0'))::pg_catalog.uuid;
END
$fn$;
COMMENT ON FUNCTION scru128_sql.scru128_from_fields(bigint, integer, integer, bigint) IS 'the SCRU128 ID of its four fields (22003 for a field out of range)';

-- The Unix millisecond of t for a UUIDv7, or the native error.
CREATE OR REPLACE FUNCTION scru128_sql._uuidv7_ms(t timestamp with time zone)
RETURNS bigint LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
DECLARE
	ms numeric;
BEGIN
	IF pg_catalog.isfinite(t) THEN
		ms := pg_catalog.floor(EXTRACT(epoch FROM t) OPERATOR(pg_catalog.*) 1000);
		IF ms OPERATOR(pg_catalog.>=) 0 AND ms OPERATOR(pg_catalog.<=) 281474976710655 THEN
			RETURN ms::bigint;
		END IF;
	END IF;
	RAISE EXCEPTION USING ERRCODE = '22008',
		MESSAGE = 'timestamp out of range for UUID version 7',
		DETAIL = 'UUID version 7 supports timestamps from 1970-01-01 to approximately year 10889.';
END
$fn$;
COMMENT ON FUNCTION scru128_sql._uuidv7_ms(timestamp with time zone) IS 'internal: the Unix millisecond of a time for a UUIDv7, or 22008';

CREATE OR REPLACE FUNCTION scru128_sql.uuidv7_min(t timestamp with time zone)
RETURNS pg_catalog.uuid LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
SELECT (pg_catalog.lpad(pg_catalog.to_hex(scru128_sql._uuidv7_ms(t)), 12, '0') OPERATOR(pg_catalog.||) '70008000000000000000')::pg_catalog.uuid
$fn$;
COMMENT ON FUNCTION scru128_sql.uuidv7_min(timestamp with time zone) IS 'the smallest UUIDv7 of the millisecond of t';

CREATE OR REPLACE FUNCTION scru128_sql.uuidv7_max(t timestamp with time zone)
RETURNS pg_catalog.uuid LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
SELECT (pg_catalog.lpad(pg_catalog.to_hex(scru128_sql._uuidv7_ms(t)), 12, '0') OPERATOR(pg_catalog.||) '7fffbfffffffffffffff')::pg_catalog.uuid
$fn$;
COMMENT ON FUNCTION scru128_sql.uuidv7_max(timestamp with time zone) IS 'the largest UUIDv7 of the millisecond of t';

-- Stateless, for backfills: random rand_a and rand_b.  PARALLEL RESTRICTED
-- as the native one.
CREATE OR REPLACE FUNCTION scru128_sql.uuidv7_at(t timestamp with time zone)
RETURNS pg_catalog.uuid LANGUAGE sql VOLATILE STRICT PARALLEL RESTRICTED AS $fn$
SELECT ((pg_catalog.lpad(pg_catalog.to_hex(scru128_sql._uuidv7_ms(t)), 12, '0') OPERATOR(pg_catalog.||) '7')
	OPERATOR(pg_catalog.||) pg_catalog.right(pg_catalog.replace(pg_catalog.gen_random_uuid()::pg_catalog.text, '-', ''), 19))::pg_catalog.uuid
$fn$;
COMMENT ON FUNCTION scru128_sql.uuidv7_at(timestamp with time zone) IS 'a new UUIDv7 of the millisecond of t, random below it (for backfills)';

-- RFC 9562 version of a uuid: its version digit if the variant is RFC
-- 9562's (10xx), else -1.
CREATE OR REPLACE FUNCTION scru128_sql._uuid_rfc_version(u pg_catalog.uuid)
RETURNS integer LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
SELECT CASE WHEN pg_catalog.substr(u::pg_catalog.text, 20, 1) OPERATOR(pg_catalog.=) ANY ('{8,9,a,b}'::pg_catalog.text[])
	THEN ('x' OPERATOR(pg_catalog.||) pg_catalog.substr(u::pg_catalog.text, 15, 1))::bit(4)::integer ELSE -1 END
$fn$;
COMMENT ON FUNCTION scru128_sql._uuid_rfc_version(pg_catalog.uuid) IS 'internal: the version of an RFC 9562 UUID, -1 for another variant';

CREATE OR REPLACE FUNCTION scru128_sql._uuid_check_convertible(u pg_catalog.uuid, from_v integer, to_v integer)
RETURNS pg_catalog.text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
DECLARE
	v integer := scru128_sql._uuid_rfc_version(u);
BEGIN
	IF v OPERATOR(pg_catalog.<) 0 THEN
		RAISE EXCEPTION USING ERRCODE = '22023',
			MESSAGE = pg_catalog.format('cannot convert a UUID of a variant other than RFC 9562 to version %s', to_v),
			DETAIL = pg_catalog.format('Only a version %s UUID can be converted to version %s.', from_v, to_v);
	ELSIF v OPERATOR(pg_catalog.<>) from_v THEN
		RAISE EXCEPTION USING ERRCODE = '22023',
			MESSAGE = pg_catalog.format('cannot convert a version %s UUID to version %s', v, to_v),
			DETAIL = pg_catalog.format('Only a version %s UUID can be converted to version %s.', from_v, to_v);
	END IF;
	RETURN pg_catalog.replace(u::pg_catalog.text, '-', '');
END
$fn$;
COMMENT ON FUNCTION scru128_sql._uuid_check_convertible(pg_catalog.uuid, integer, integer) IS 'internal: the 32 hex digits of a UUID of version from_v, or the native error';

-- v1: time_low (8 hex digits), time_mid (4), '1', time_high (3); v6: the
-- 60-bit time high digits first, '6' before its last 3 digits.
CREATE OR REPLACE FUNCTION scru128_sql.uuid_v1_to_v6(u pg_catalog.uuid)
RETURNS pg_catalog.uuid LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
DECLARE
	h pg_catalog.text := scru128_sql._uuid_check_convertible(u, 1, 6);
	t pg_catalog.text := (pg_catalog.substr(h, 14, 3) OPERATOR(pg_catalog.||) pg_catalog.substr(h, 9, 4)) OPERATOR(pg_catalog.||) pg_catalog.substr(h, 1, 8);
BEGIN
	RETURN (((pg_catalog.left(t, 12) OPERATOR(pg_catalog.||) '6') OPERATOR(pg_catalog.||) pg_catalog.right(t, 3)) OPERATOR(pg_catalog.||) pg_catalog.substr(h, 17))::pg_catalog.uuid;
END
$fn$;
COMMENT ON FUNCTION scru128_sql.uuid_v1_to_v6(pg_catalog.uuid) IS 'the UUIDv6 of a UUIDv1: same time, clock sequence and node (22023 for another version)';

CREATE OR REPLACE FUNCTION scru128_sql.uuid_v6_to_v1(u pg_catalog.uuid)
RETURNS pg_catalog.uuid LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
DECLARE
	h pg_catalog.text := scru128_sql._uuid_check_convertible(u, 6, 1);
	t pg_catalog.text := pg_catalog.left(h, 12) OPERATOR(pg_catalog.||) pg_catalog.substr(h, 14, 3);
BEGIN
	RETURN ((((pg_catalog.substr(t, 8, 8) OPERATOR(pg_catalog.||) pg_catalog.substr(t, 4, 4)) OPERATOR(pg_catalog.||) '1') OPERATOR(pg_catalog.||) pg_catalog.left(t, 3))
		OPERATOR(pg_catalog.||) pg_catalog.substr(h, 17))::pg_catalog.uuid;
END
$fn$;
COMMENT ON FUNCTION scru128_sql.uuid_v6_to_v1(pg_catalog.uuid) IS 'the UUIDv1 of a UUIDv6 (22023 for another version)';

-- The time of a v1, v6 or v7 UUID (RFC 9562 variant), NULL otherwise: the
-- 60-bit count of 100 ns since 1582-10-15 cut to microseconds, or the
-- 48-bit Unix milliseconds.  The microseconds become a timestamptz in two
-- exact steps (a float of more than 2^53 microseconds would not be).
CREATE OR REPLACE FUNCTION scru128_sql.scru128_uuid_timestamp(u pg_catalog.uuid)
RETURNS timestamp with time zone LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
DECLARE
	h pg_catalog.text := pg_catalog.replace(u::pg_catalog.text, '-', '');
	v integer := scru128_sql._uuid_rfc_version(u);
	us bigint;
BEGIN
	IF v OPERATOR(pg_catalog.=) 7 THEN
		us := ('x' OPERATOR(pg_catalog.||) pg_catalog.left(h, 12))::bit(48)::bigint OPERATOR(pg_catalog.*) 1000;
	ELSIF v OPERATOR(pg_catalog.=) 1 THEN
		us := (('x' OPERATOR(pg_catalog.||) ((pg_catalog.substr(h, 14, 3) OPERATOR(pg_catalog.||) pg_catalog.substr(h, 9, 4)) OPERATOR(pg_catalog.||) pg_catalog.left(h, 8)))::bit(60)::bigint
			OPERATOR(pg_catalog./) 10) OPERATOR(pg_catalog.-) 12219292800000000;
	ELSIF v OPERATOR(pg_catalog.=) 6 THEN
		us := (('x' OPERATOR(pg_catalog.||) (pg_catalog.left(h, 12) OPERATOR(pg_catalog.||) pg_catalog.substr(h, 14, 3)))::bit(60)::bigint
			OPERATOR(pg_catalog./) 10) OPERATOR(pg_catalog.-) 12219292800000000;
	ELSE
		RETURN NULL;
	END IF;
	RETURN pg_catalog.to_timestamp((us OPERATOR(pg_catalog./) 1000000)::double precision)
		OPERATOR(pg_catalog.+) pg_catalog.make_interval(0, 0, 0, 0, 0, 0, ((us OPERATOR(pg_catalog.%) 1000000)::double precision OPERATOR(pg_catalog./) 1000000));
END
$fn$;
COMMENT ON FUNCTION scru128_sql.scru128_uuid_timestamp(pg_catalog.uuid) IS 'the time of a version 1, 6 or 7 UUID, NULL for other versions';

-- UUIDv6 as the native uuidv6(): the 60-bit count of 100 ns since
-- 1582-10-15 (here from clock_timestamp()'s microseconds), one tick past
-- the last value when the clock has not advanced, the version, the variant,
-- a 14-bit clock sequence and a 48-bit random node with the multicast bit
-- set, both drawn once per session.  The state "last:clock_seq:node:k" is
-- the setting scru128_sql.uuidv6_state, transactional like uuidv7()'s: one
-- without the ":k", with a field out of range, or more than 10 s ahead of
-- the clock is no state (a fresh clock sequence and node are drawn).
CREATE OR REPLACE FUNCTION scru128_sql.uuidv6()
RETURNS pg_catalog.uuid LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE AS $fn$
DECLARE
	s pg_catalog.text := pg_catalog.current_setting('scru128_sql.uuidv6_state', true);
	ts bigint := (pg_catalog.floor(EXTRACT(epoch FROM pg_catalog.clock_timestamp()) OPERATOR(pg_catalog.*) 10000000))::bigint OPERATOR(pg_catalog.+) 122192928000000000;
	last bigint;
	seq integer;
	node bigint;
	r pg_catalog.text;
	h pg_catalog.text;
BEGIN
	IF pg_catalog.split_part(s, ':', 4) OPERATOR(pg_catalog.=) 'k' THEN
		last := pg_catalog.split_part(s, ':', 1);
		seq := pg_catalog.split_part(s, ':', 2);
		node := pg_catalog.split_part(s, ':', 3);
	END IF;
	IF last IS NULL OR last OPERATOR(pg_catalog.>) (ts OPERATOR(pg_catalog.+) 100000000)
			OR seq OPERATOR(pg_catalog.<) 0 OR seq OPERATOR(pg_catalog.>) 16383
			OR node OPERATOR(pg_catalog.<) 0 OR node OPERATOR(pg_catalog.>) 281474976710655 THEN
		last := 0;
		r := pg_catalog.replace(pg_catalog.gen_random_uuid()::pg_catalog.text, '-', '');
		seq := ('x' OPERATOR(pg_catalog.||) pg_catalog.substr(r, 1, 4))::bit(16)::integer OPERATOR(pg_catalog.&) 16383;
		node := ('x' OPERATOR(pg_catalog.||) pg_catalog.substr(r, 21, 12))::bit(48)::bigint OPERATOR(pg_catalog.|) 1099511627776;
	END IF;
	IF ts OPERATOR(pg_catalog.<=) last THEN
		ts := last OPERATOR(pg_catalog.+) 1;
	END IF;
	IF ts OPERATOR(pg_catalog.>) 1152921504606846975 OR ts OPERATOR(pg_catalog.<) 122192928000000000 THEN
		RAISE EXCEPTION USING ERRCODE = '22008',
			MESSAGE = 'timestamp out of range for UUID version 6',
			DETAIL = 'UUID version 6 supports timestamps from 1970-01-01 to approximately year 5236.';
	END IF;
	s := pg_catalog.set_config('scru128_sql.uuidv6_state',
		(((ts::pg_catalog.text OPERATOR(pg_catalog.||) ':') OPERATOR(pg_catalog.||) seq::pg_catalog.text) OPERATOR(pg_catalog.||) ':') OPERATOR(pg_catalog.||) node::pg_catalog.text OPERATOR(pg_catalog.||) ':k', false);
	h := pg_catalog.lpad(pg_catalog.to_hex(ts), 15, '0');
	RETURN ((((pg_catalog.left(h, 12) OPERATOR(pg_catalog.||) '6') OPERATOR(pg_catalog.||) pg_catalog.right(h, 3))
		OPERATOR(pg_catalog.||) pg_catalog.lpad(pg_catalog.to_hex(seq OPERATOR(pg_catalog.|) 32768), 4, '0')) OPERATOR(pg_catalog.||) pg_catalog.lpad(pg_catalog.to_hex(node), 12, '0'))::pg_catalog.uuid;
END
$fn$;
COMMENT ON FUNCTION scru128_sql.uuidv6() IS 'new version 6 UUID as the native uuidv6(): increasing within the session, random node and clock sequence per session (state in the setting scru128_sql.uuidv6_state)';
