-- The SQL edition's ULID (60_ulid.sql) and UUIDv8 (70_uuidv8.sql)
-- functions: the ULID vectors of test/vectors/ulid_spec.tsv, an independent
-- bit-string encoder, the native ulid type where this build has it, the
-- session generator's monotonic rule; UUIDv8 against RFC 9562 Appendix B
-- and the native uuidv8 functions.  psql variable n: how many random values.

-- ULID vectors: both directions, either case, the native names, the time
SELECT pg_temp.tap(scru128_sql.ulid_from_text(text) = uuid::uuid
		AND scru128_sql.ulid_from_text(lower(text)) = uuid::uuid
		AND scru128_sql.ulid_to_text(uuid::uuid) = canonical
		AND scru128_sql.ulid_to_uuid(text) = uuid::uuid
		AND scru128_sql.uuid_to_ulid(uuid::uuid) = canonical
		AND scru128_sql.ulid_timestamp_ms(uuid::uuid) = timestamp_ms::bigint
		AND extract(epoch FROM scru128_sql.ulid_timestamp(uuid::uuid)) * 1000 = timestamp_ms::numeric,
	'ulid vector ' || text)
FROM sqled_vec.ulid_spec WHERE kind = 'valid';
SELECT pg_temp.tap(scru128_sql.ulid_to_text(scru128_sql.ulid_from_text(text)) = canonical,
	'ulid alias ' || text || ' reads as ' || canonical)
FROM sqled_vec.ulid_spec WHERE kind = 'alias';
SELECT pg_temp.tap(e LIKE '22P02: invalid input syntax for type ulid: %' AND e LIKE '%' || CASE
			WHEN error = 'length' THEN format('got %s byte', octet_length(text))
			WHEN error = 'overflow' THEN 'exceeds the largest ULID'
			ELSE format('Byte %s is not a Crockford Base32 digit', split_part(error, ' ', 2)) END || '%'
		AND e = pg_temp.err(format('SELECT scru128_sql.ulid_to_uuid(%L)', text)),
	'ulid invalid ' || quote_literal(text) || ': ' || e)
FROM (SELECT text, error, pg_temp.err(format('SELECT scru128_sql.ulid_from_text(%L)', text)) e
	FROM sqled_vec.ulid_spec WHERE kind = 'invalid') x;

-- random values against a reference encoder written here (the 130 bits as
-- a bit string, 26 groups of 5), and round trips in either case
CREATE TEMP TABLE rulid AS SELECT k, gen_random_uuid() u FROM generate_series(1, :n) k;
INSERT INTO rulid VALUES (0, '00000000-0000-0000-0000-000000000000'), (0, 'ffffffff-ffff-ffff-ffff-ffffffffffff');
CREATE FUNCTION pg_temp.ulid_ref(u uuid) RETURNS text LANGUAGE sql AS $$
SELECT string_agg(substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ',
		substring(B'00' || ('x' || replace(u::text, '-', ''))::bit(128) FROM 5 * i + 1 FOR 5)::int + 1, 1), '' ORDER BY i)
FROM generate_series(0, 25) i
$$;
SELECT pg_temp.tap(count(*) = least(:n, 100000) + 2, 'ulid: to_text of ' || least(:n, 100000) || ' random values and the extremes equals the reference encoder')
FROM rulid WHERE k <= 100000 AND scru128_sql.ulid_to_text(u) = pg_temp.ulid_ref(u);
SELECT pg_temp.tap(count(*) = :n + 2, 'ulid: ' || :n || ' random values: from_text(to_text) and from_text(lower(to_text)) give them back')
FROM rulid WHERE scru128_sql.ulid_from_text(scru128_sql.ulid_to_text(u)) = u
	AND scru128_sql.ulid_from_text(lower(scru128_sql.ulid_to_text(u))) = u;
SELECT pg_temp.tap(count(*) = 1000, 'ulid_min/max: the first and last ID of the millisecond of 1000 random times')
FROM (SELECT timestamptz '1970-01-01 00:00:00+00' + random() * interval '8000 years' t FROM generate_series(1, 1000)) x
WHERE scru128_sql.ulid_timestamp(scru128_sql.ulid_min(t)) = date_trunc('milliseconds', t)
	AND scru128_sql.ulid_to_text(scru128_sql.ulid_min(t)) LIKE '%0000000000000000'
	AND scru128_sql.ulid_to_text(scru128_sql.ulid_max(t)) LIKE '%ZZZZZZZZZZZZZZZZ'
	AND scru128_sql.ulid_timestamp_ms(scru128_sql.ulid_max(t)) = scru128_sql.ulid_timestamp_ms(scru128_sql.ulid_min(t));
SELECT pg_temp.tap(pg_temp.err(format('SELECT scru128_sql.ulid_min(%L::timestamptz)', t)) LIKE '22008: timestamp out of range for ulid%',
	'ulid_min(' || t || ') refused with 22008')
FROM unnest(ARRAY['infinity', '-infinity', '1969-12-31 23:59:59.999+00', '10889-08-02 05:31:50.656+00']) t;

-- the native ulid type, where this build has it: the same text both ways,
-- the same errors
CREATE FUNCTION pg_temp.native_ulid_checks(n int) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE
	c bigint;
BEGIN
	IF to_regtype('public.ulid') IS NULL THEN
		RETURN NEXT pg_temp.tap(true, '# SKIP the native ulid type is not in this build: compared with the reference encoder only');
		RETURN;
	END IF;
	EXECUTE 'SELECT count(*) FROM rulid WHERE scru128_sql.ulid_to_text(u) = u::public.ulid::text
		AND scru128_sql.ulid_from_text(u::public.ulid::text) = u
		AND scru128_sql.ulid_timestamp(u) = public.ulid_timestamp(u::public.ulid)' INTO c;
	RETURN NEXT pg_temp.tap(c = n + 2, 'ulid: ' || n || ' random values, text equal to the native type''s both ways');
	RETURN QUERY EXECUTE 'SELECT pg_temp.tap(pg_temp.err(format(''SELECT scru128_sql.ulid_from_text(%L)'', text))
			= pg_temp.err(format(''SELECT %L::public.ulid'', text)), ''ulid invalid '' || quote_literal(text) || '': the native error'')
		FROM sqled_vec.ulid_spec WHERE kind = ''invalid''';
	RETURN QUERY EXECUTE 'SELECT pg_temp.tap(scru128_sql.ulid_from_text(text) = text::public.ulid::uuid, ''ulid alias '' || text || '' reads as the native type reads it'')
		FROM sqled_vec.ulid_spec WHERE kind = ''alias''';
	EXECUTE 'SELECT count(*) FROM (SELECT scru128_sql.ulid() u FROM generate_series(1, 1000)) g
		WHERE scru128_sql.ulid_to_text(u) = u::public.ulid::text' INTO c;
	RETURN NEXT pg_temp.tap(c = 1000, 'ulid(): generated IDs read by the native type give the same text');
END
$$;
SELECT pg_temp.native_ulid_checks(:n);

-- the generator: strictly increasing, the clock's millisecond, +1 within it
CREATE TEMP TABLE gulid AS
SELECT i, clock_timestamp() before, scru128_sql.ulid() id, clock_timestamp() after FROM generate_series(1, 20000) i;
SELECT pg_temp.tap(count(*) = 0, 'ulid(): 20000 IDs of one statement strictly increasing')
FROM (SELECT id, lag(id) OVER (ORDER BY i) p FROM gulid) x WHERE id <= p;
SELECT pg_temp.tap(count(*) = 0, 'ulid(): the timestamp is the clock''s millisecond')
FROM gulid WHERE scru128_sql.ulid_timestamp(id) < date_trunc('milliseconds', before) OR scru128_sql.ulid_timestamp(id) > after;
CREATE FUNCTION pg_temp.ulid_random(u uuid) RETURNS numeric LANGUAGE sql AS $$
SELECT ('x' || substr(replace(u::text, '-', ''), 13, 10))::bit(40)::bigint::numeric * 1099511627776
	+ ('x' || substr(replace(u::text, '-', ''), 23, 10))::bit(40)::bigint
$$;
SELECT pg_temp.tap(count(*) FILTER (WHERE pg_temp.ulid_random(id) <> pg_temp.ulid_random(p) + 1) = 0,
	'ulid(): within a millisecond the random part increases by exactly 1 (' || count(*) || ' pairs)')
FROM (SELECT id, lag(id) OVER (ORDER BY i) p FROM gulid) x
WHERE scru128_sql.ulid_timestamp_ms(id) = scru128_sql.ulid_timestamp_ms(p);
SELECT pg_temp.tap(count(*) = 0, 'ulid(): a second statement goes on above the first')
FROM (SELECT scru128_sql.ulid() id FROM generate_series(1, 100)) x WHERE id <= (SELECT id FROM gulid ORDER BY id DESC LIMIT 1);

-- the monotonic rule on a state set by hand: a clock behind the last ID
-- (by less than 10 s) keeps its timestamp and adds one; a spent random part
-- borrows the next ms
SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint + 5000 AS ahead \gset
SELECT set_config('scru128_sql.ulid_state', :ahead || ':5:1099511627775:k', false) AS state \gset
SELECT pg_temp.tap(scru128_sql.ulid_timestamp_ms(u) = :ahead AND right(replace(u::text, '-', ''), 20) = '00000000060000000000',
	'ulid(): the clock behind the last ID: the same timestamp, random part + 1 with the carry')
FROM (SELECT scru128_sql.ulid() u) x;
SELECT set_config('scru128_sql.ulid_state', :ahead || ':1099511627775:1099511627775:k', false) AS state \gset
SELECT pg_temp.tap(scru128_sql.ulid_timestamp_ms(u) = :ahead + 1,
	'ulid(): a spent random part borrows the next millisecond') FROM (SELECT scru128_sql.ulid() u) x;
-- a state more than 10 s ahead of the clock (set by hand, or another
-- client's leaked by a pooler), one without the ":k", or with a half out of
-- range is no state: a fresh start at the clock (1.4 before its release:
-- kept, or 22008 from the last millisecond)
SELECT set_config('scru128_sql.ulid_state', '281474976710654:1099511627775:1099511627775:k', false) AS state \gset
SELECT pg_temp.tap(pg_temp.err('SELECT scru128_sql.ulid()') = 'no error'
		AND scru128_sql.ulid_timestamp(scru128_sql.ulid()) BETWEEN clock_timestamp() - interval '1 s' AND clock_timestamp() + interval '1 s',
	'ulid(): a state in the last millisecond but one is dropped, no 22008');
SELECT set_config('scru128_sql.ulid_state', (:ahead + 6000) || ':5:6:k', false) AS state \gset
SELECT pg_temp.tap(scru128_sql.ulid_timestamp(u) BETWEEN clock_timestamp() - interval '1 s' AND clock_timestamp() + interval '1 s'
		AND current_setting('scru128_sql.ulid_state') ~ '^[0-9]+:[0-9]+:[0-9]+:k$',
	'ulid(): a state 11 s ahead of the clock is dropped; the state written ends in ":k"') FROM (SELECT scru128_sql.ulid() u) x;
SELECT set_config('scru128_sql.ulid_state', :ahead || ':5:6', false) AS state \gset
SELECT pg_temp.tap(scru128_sql.ulid_timestamp_ms(u) <> :ahead, 'ulid(): a state without ":k" is no state') FROM (SELECT scru128_sql.ulid() u) x;
SELECT set_config('scru128_sql.ulid_state', :ahead || ':1099511627776:6:k', false) AS state \gset
SELECT pg_temp.tap(scru128_sql.ulid_timestamp_ms(u) <> :ahead, 'ulid(): a state with a half above 2^40 - 1 is no state') FROM (SELECT scru128_sql.ulid() u) x;
-- transactional state, as scru128()'s: ROLLBACK puts it back, DISCARD ALL clears it
SELECT set_config('scru128_sql.ulid_state', '', false) AS state \gset
BEGIN;
SELECT scru128_sql.ulid() AS id \gset
ROLLBACK;
SELECT pg_temp.tap(current_setting('scru128_sql.ulid_state') = '', 'ulid(): ROLLBACK puts the state back');
SELECT pg_temp.tap(scru128_sql.ulid() IS NOT NULL AND current_setting('scru128_sql.ulid_state') <> '', 'ulid(): the state is set by a call');
SELECT pg_temp.tap(count(*) = 1000 AND count(DISTINCT u) = 1000 AND bool_and(scru128_sql.ulid_timestamp_ms(u) = 1700000000123),
	'ulid(timestamptz): the given millisecond, random parts')
FROM (SELECT scru128_sql.ulid(timestamptz '2023-11-14 22:13:20.123456+00') u FROM generate_series(1, 1000)) x;

-- UUIDv8: RFC 9562 Appendix B, and the native functions on random input
SELECT pg_temp.tap(scru128_sql.uuidv8(x'2489E9AD2EE2'::bigint, x'E00'::int, x'0EC932D5F69181C0'::bigint) = u
		AND scru128_sql.uuidv8(uuid_send(u)) = u,
	'uuidv8 ' || section || ' from its fields and its bytes')
FROM sqled_vec.uuid_rfc9562 WHERE section = 'B.1';
SELECT pg_temp.tap(scru128_sql.uuidv8_sha256('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'www.example.com') = u,
	'uuidv8_sha256 ' || section || ': DNS namespace, www.example.com')
FROM sqled_vec.uuid_rfc9562 WHERE section = 'B.2';
SELECT pg_temp.tap(count(*) = least(:n, 100000), 'uuidv8: ' || least(:n, 100000) || ' random fields, bytes and names equal the native functions')
FROM (SELECT (random() * 281474976710655)::bigint a, (random() * 4095)::int b, (random() * 4611686018427387903)::bigint c,
		uuid_send(gen_random_uuid()) || '' AS bytes, gen_random_uuid() ns, md5(random()::text) || 'é€' AS name
	FROM generate_series(1, least(:n, 100000))) r
WHERE scru128_sql.uuidv8(a, b, c) = public.uuidv8(a, b, c)
	AND scru128_sql.uuidv8(bytes) = public.uuidv8(bytes)
	AND scru128_sql.uuidv8_sha256(ns, name) = public.uuidv8_sha256(ns, name);
SELECT pg_temp.tap(e = pg_temp.err('SELECT public.' || q) AND e ~ '^22(003|P03): ', 'uuidv8 refuses ' || q || ': ' || e)
FROM (SELECT q, pg_temp.err('SELECT scru128_sql.' || q) e FROM unnest(ARRAY[
	'uuidv8(-1, 0, 0)', 'uuidv8(281474976710656, 0, 0)', 'uuidv8(0, -1, 0)', 'uuidv8(0, 4096, 0)',
	'uuidv8(0, 0, -1)', 'uuidv8(0, 0, 4611686018427387904)', 'uuidv8(''\x''::bytea)',
	'uuidv8(''\x000102030405060708090a0b0c0d0e''::bytea)', 'uuidv8(''\x000102030405060708090a0b0c0d0e0f10''::bytea)']) q) x;

-- labels: as the native functions (and PARALLEL UNSAFE for the generator
-- with its state in a setting, like the edition's scru128())
SELECT pg_temp.tap(count(*) = 3, 'uuidv8 functions labelled as the native ones')
FROM pg_proc e JOIN pg_proc n ON n.proname = e.proname AND n.proargtypes = e.proargtypes
WHERE e.pronamespace = 'scru128_sql'::regnamespace AND n.pronamespace = 'public'::regnamespace
	AND e.proname IN ('uuidv8', 'uuidv8_sha256')
	AND e.provolatile = n.provolatile AND e.proparallel = n.proparallel AND e.proisstrict = n.proisstrict;
SELECT pg_temp.tap(string_agg(p.oid::regprocedure::text || ' ' || p.provolatile::text || p.proparallel::text || CASE WHEN p.proisstrict THEN 's' ELSE '' END, ', ' ORDER BY p.oid::regprocedure::text COLLATE "C")
	= 'scru128_sql.ulid() vu, scru128_sql.ulid(timestamp with time zone) vrs, scru128_sql.ulid_from_text(text) iss, '
	  'scru128_sql.ulid_max(timestamp with time zone) iss, scru128_sql.ulid_min(timestamp with time zone) iss, '
	  'scru128_sql.ulid_timestamp(scru128_sql.ulid) iss, scru128_sql.ulid_timestamp_ms(scru128_sql.ulid) iss, '
	  'scru128_sql.ulid_to_text(scru128_sql.ulid) iss, scru128_sql.ulid_to_uuid(text) iss, scru128_sql.uuid_to_ulid(uuid) iss',
	'ulid functions: volatility, parallel safety, strictness')
FROM pg_proc p WHERE p.pronamespace = 'scru128_sql'::regnamespace AND (p.proname LIKE 'ulid%' OR p.proname = 'uuid_to_ulid');
