-- The functions of portable/src/57_functions.sql against the native
-- extension's: scru128_from_fields, uuidv7_min/max/at, the UUIDv1 <-> v6
-- conversions and scru128_uuid_timestamp, on random values, edges and bad input
-- (the same SQLSTATE, message and detail).
CREATE TEMP TABLE ff AS
SELECT (random() * 281474976710655)::bigint ms, (random() * 16777215)::int hi, (random() * 16777215)::int lo, (random() * 4294967295)::bigint en
FROM generate_series(1, LEAST(:n, 200000) / 10)
UNION ALL VALUES (0, 0, 0, 0), (281474976710655, 16777215, 16777215, 4294967295);
SELECT pg_temp.tap(bool_and(scru128_sql.scru128_from_fields(ms, hi, lo, en)::uuid = scru128_from_fields(ms, hi, lo, en)::uuid
		AND scru128_sql.scru128_timestamp_ms(scru128_sql.scru128_from_fields(ms, hi, lo, en)) = ms),
	'scru128_from_fields equals the native one (' || count(*) || ' values)') FROM ff;
SELECT pg_temp.tap(bool_and(pg_temp.err(format('SELECT scru128_sql.scru128_from_fields(%s, %s, %s, %s)', a, b, c, d))
		= pg_temp.err(format('SELECT scru128_from_fields(%s, %s, %s, %s)', a, b, c, d))
		AND pg_temp.err(format('SELECT scru128_from_fields(%s, %s, %s, %s)', a, b, c, d)) LIKE '22003:%'),
	'scru128_from_fields: each field out of range gives the native error')
FROM (VALUES (-1, 0, 0, 0), (281474976710656, 0, 0, 0), (0, -1, 0, 0), (0, 16777216, 0, 0), (0, 0, -1, 0), (0, 0, 16777216, 0),
	(0, 0, 0, -1), (0, 0, 0, 4294967296)) v(a, b, c, d);

CREATE TEMP TABLE ut AS
SELECT timestamptz '1970-01-01 00:00:00+00' + (random() * 281474976710) * interval '1 second' t FROM generate_series(1, LEAST(:n, 200000) / 10)
UNION ALL VALUES ('1970-01-01 00:00:00+00'), ('10889-08-02 05:31:50.655999+00'), (now());
SELECT pg_temp.tap(bool_and(scru128_sql.uuidv7_min(t) = uuidv7_min(t) AND scru128_sql.uuidv7_max(t) = uuidv7_max(t)
		AND scru128_sql.uuidv7_at(t) BETWEEN uuidv7_min(t) AND uuidv7_max(t) AND uuid_extract_version(scru128_sql.uuidv7_at(t)) = 7),
	'uuidv7_min, uuidv7_max equal the native ones; uuidv7_at lies between them, version 7') FROM ut;
SELECT pg_temp.tap(bool_and(pg_temp.err(format('SELECT scru128_sql.%s(%L)', f, t)) = pg_temp.err(format('SELECT %s(%L::timestamptz)', f, t))
		AND pg_temp.err(format('SELECT %s(%L::timestamptz)', f, t)) LIKE '22008:%'),
	'uuidv7_min, uuidv7_max, uuidv7_at out of range: the native error')
FROM (VALUES ('uuidv7_min'), ('uuidv7_max'), ('uuidv7_at')) f(f),
	(VALUES ('1969-12-31 23:59:59.999999+00'), ('10889-08-02 05:31:50.656+00'), ('infinity'), ('-infinity')) t(t);

CREATE TEMP TABLE uu AS
SELECT x FROM (SELECT uuidv6() x FROM generate_series(1, LEAST(:n, 200000) / 10)) a
UNION ALL SELECT uuid_v6_to_v1(uuidv6()) FROM generate_series(1, LEAST(:n, 200000) / 10)
UNION ALL SELECT uuidv7() FROM generate_series(1, LEAST(:n, 200000) / 10)
UNION ALL SELECT gen_random_uuid() FROM generate_series(1, LEAST(:n, 200000) / 10)
UNION ALL SELECT (lpad(to_hex((random() * 4294967295)::bigint), 8, '0') || '0000' || v || '000' || w || '000000000000000')::uuid
	FROM (VALUES ('1'), ('6'), ('7'), ('0'), ('f')) v(v), (VALUES ('0'), ('8'), ('b'), ('c'), ('f')) w(w)
UNION ALL VALUES ('ffffffff-ffff-6fff-bfff-ffffffffffff'::uuid), ('ffffffff-ffff-1fff-bfff-ffffffffffff'), ('00000000-0000-1000-8000-000000000000');
SELECT pg_temp.tap(bool_and(scru128_sql.scru128_uuid_timestamp(x) IS NOT DISTINCT FROM scru128_uuid_timestamp(x)),
	'scru128_uuid_timestamp equals the native one on v1, v6, v7, v4 and other versions and variants (' || count(*) || ' values)') FROM uu;
SELECT pg_temp.tap(bool_and(pg_temp.err(format('SELECT scru128_sql.uuid_v1_to_v6(%L)', x)) = pg_temp.err(format('SELECT uuid_v1_to_v6(%L)', x))
		AND pg_temp.err(format('SELECT scru128_sql.uuid_v6_to_v1(%L)', x)) = pg_temp.err(format('SELECT uuid_v6_to_v1(%L)', x))
		AND scru128_sql.uuid_v1_to_v6(CASE WHEN uuid_extract_version(x) = 1 THEN x END) IS NOT DISTINCT FROM uuid_v1_to_v6(CASE WHEN uuid_extract_version(x) = 1 THEN x END)
		AND scru128_sql.uuid_v6_to_v1(CASE WHEN uuid_extract_version(x) = 6 THEN x END) IS NOT DISTINCT FROM uuid_v6_to_v1(CASE WHEN uuid_extract_version(x) = 6 THEN x END)),
	'uuid_v1_to_v6, uuid_v6_to_v1: the native answers and errors') FROM uu;

-- uuidv6(): as the native one, strictly increasing in the session, one
-- node and clock sequence per session, readable by the native functions
CREATE TEMP TABLE v6 AS SELECT i, scru128_sql.uuidv6() u FROM generate_series(1, 5000) i;
SELECT pg_temp.tap(count(*) = 5000 AND count(*) FILTER (WHERE u <= p) = 0 AND count(DISTINCT right(u::text, 17)) = 1
		AND bool_and(uuid_extract_version(u) = 6 AND substr(u::text, 20, 1) IN ('8', '9', 'a', 'b'))
		AND bool_and(('x' || substr(u::text, 25, 2))::bit(8)::int & 1 = 1)
		AND bool_and(scru128_uuid_timestamp(u) BETWEEN now() - interval '1 minute' AND clock_timestamp() + interval '1 second')
		AND bool_and(scru128_sql.scru128_uuid_timestamp(u) = scru128_uuid_timestamp(u) AND uuid_v1_to_v6(uuid_v6_to_v1(u)) = u),
	'uuidv6(): strictly increasing, version 6, one node (multicast bit) and clock sequence, its time now, read alike by the native functions')
FROM (SELECT u, lag(u) OVER (ORDER BY i) p FROM v6) x;
SELECT pg_temp.tap(scru128_sql.uuidv6() > (SELECT max(u::text)::uuid FROM v6) AND current_setting('scru128_sql.uuidv6_state') ~ '^[0-9]+:[0-9]+:[0-9]+:k$',
	'uuidv6(): the state in the setting scru128_sql.uuidv6_state');
