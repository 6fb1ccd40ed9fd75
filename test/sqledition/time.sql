-- The SQL edition's time comparisons (portable/src/50_time.sql) against
-- the native extension's on the same values: every operator in both
-- operand orders, and the bound functions, on times around millisecond and
-- 256 ms tick edges (one microsecond either side), near 1970 and the last
-- representable time, +-infinity and NULL; IDs of the millisecond (tick)
-- before, of and after each time, and the smallest and largest IDs.  Then
-- what a plain uuid, bigint or integer compared with a timestamptz means
-- with the native extension present, the schema on and off the path.
-- (test/sqledition/time_nonative.sql: the same without the native
-- extension, and the plans.)

SELECT setseed(0.33);
-- times: n/10 (at most 20000) random milliseconds and as many 256 ms ticks,
-- each with offsets of -1, 0, +1 us and a random one inside it, and the edges
CREATE TEMP TABLE tms AS
SELECT ms FROM (SELECT (random() * 281474976710655)::bigint ms FROM generate_series(1, LEAST(:n, 200000) / 10)) r
UNION ALL SELECT (extract(epoch FROM now()) * 1000)::bigint + g FROM generate_series(-5, 5) g
UNION ALL VALUES (0), (1), (2), (999), (1000), (281474976710653), (281474976710654), (281474976710655);
CREATE TEMP TABLE tt AS
SELECT t FROM (
	SELECT timestamptz '1970-01-01 00:00:00+00' + (ms / 1000) * interval '1 second' + ((ms % 1000) * 1000 + d) * interval '1 microsecond' t
	FROM tms, LATERAL (VALUES (-1), (0), (1), ((random() * 999)::int)) d(d)
	UNION ALL
	SELECT timestamptz '1970-01-01 00:00:00+00' + (tk * 256 / 1000) * interval '1 second' + ((tk * 256 % 1000) * 1000 + d) * interval '1 microsecond'
	FROM (SELECT (random() * 282429536480)::bigint tk FROM generate_series(1, LEAST(:n, 200000) / 10)
		UNION ALL VALUES (0), (1), (282429536479), (282429536480), (282429536481)) k,
		LATERAL (VALUES (-1), (0), (1), ((random() * 255999)::int)) d(d)
	UNION ALL VALUES ('infinity'::timestamptz), ('-infinity'), (NULL), ('1969-12-31 23:59:59.999999+00'), ('0001-01-01 00:00:00+00 BC'),
		('10889-08-02 05:31:50.655+00'), ('10889-08-02 05:31:50.655999+00'), ('10889-08-02 05:31:50.656+00'),
		('10889-08-02 05:31:50.654999+00'), ('294276-12-31 23:59:59.999999+00'), ('3000-01-01 00:00:00+00')
) x;
-- SCRU128 IDs: per time, one of the millisecond before, of and after it
CREATE TEMP TABLE c128 AS
SELECT t, (lpad(to_hex(LEAST(GREATEST(m + o, 0), 281474976710655)), 12, '0') || right(replace(gen_random_uuid()::text, '-', ''), 20))::uuid id
FROM (SELECT t, floor(extract(epoch FROM t) * 1000)::bigint m FROM tt WHERE isfinite(t) AND t BETWEEN '1970-01-01+00' AND '10889-08-02 05:31:50.656+00') x,
	LATERAL (VALUES (-1), (0), (1)) o(o)
UNION ALL
SELECT t, id FROM tt, (VALUES ('00000000-0000-0000-0000-000000000000'::uuid), ('ffffffff-ffff-ffff-ffff-ffffffffffff'),
	('000000000000ffffffffffffffffffff'), ('ffffffffffff00000000000000000000'), (NULL), (gen_random_uuid())) v(id)
	WHERE t IS NULL OR NOT isfinite(t) OR random() < 0.02;
-- SCRU64 IDs: per time, one of the tick before, of and after it
CREATE TEMP TABLE c64 AS
SELECT t, LEAST(GREATEST(((k + o) << 24) | (random() * 16777215)::bigint, 0), 4738381338321616895) id
FROM (SELECT t, floor(extract(epoch FROM t) * 1000 / 256)::bigint k FROM tt WHERE isfinite(t) AND t BETWEEN '1970-01-01+00' AND '10889-08-02+00') x,
	LATERAL (VALUES (-1), (0), (1)) o(o)
UNION ALL
SELECT t, id FROM tt, (VALUES (0::bigint), (16777215), (16777216), (4738381338321616895), (4738381338304839680), (NULL)) v(id)
	WHERE t IS NULL OR NOT isfinite(t) OR random() < 0.02;
SELECT pg_temp.tap(count(*) > LEAST(:n, 200000) * 2, 'time comparisons: ' || count(*) || ' scru128 ID/time pairs') FROM c128;
SELECT pg_temp.tap(count(*) > LEAST(:n, 200000) * 2, 'time comparisons: ' || count(*) || ' scru64 ID/time pairs') FROM c64;

-- the operators, reached as OPERATOR(scru128_sql.x) with the schema off the path
SELECT pg_temp.tap(count(*) FILTER (WHERE NOT ok) = 0 AND count(*) FILTER (WHERE r1) > 0 AND count(*) FILTER (WHERE NOT r1) > 0,
	'scru128: the 8 operators equal the native ones (' || count(*) FILTER (WHERE NOT ok) || ' differ)')
FROM (SELECT e::scru128 >= t AS r1,
	(e OPERATOR(scru128_sql.<) t) IS NOT DISTINCT FROM (e::scru128 < t)
	AND (e OPERATOR(scru128_sql.<=) t) IS NOT DISTINCT FROM (e::scru128 <= t)
	AND (e OPERATOR(scru128_sql.>) t) IS NOT DISTINCT FROM (e::scru128 > t)
	AND (e OPERATOR(scru128_sql.>=) t) IS NOT DISTINCT FROM (e::scru128 >= t)
	AND (t OPERATOR(scru128_sql.<) e) IS NOT DISTINCT FROM (t < e::scru128)
	AND (t OPERATOR(scru128_sql.<=) e) IS NOT DISTINCT FROM (t <= e::scru128)
	AND (t OPERATOR(scru128_sql.>) e) IS NOT DISTINCT FROM (t > e::scru128)
	AND (t OPERATOR(scru128_sql.>=) e) IS NOT DISTINCT FROM (t >= e::scru128) ok
	FROM (SELECT id::scru128_sql.scru128 e, t FROM c128) x) y;
SELECT pg_temp.tap(count(*) FILTER (WHERE NOT ok) = 0 AND count(*) FILTER (WHERE r1) > 0 AND count(*) FILTER (WHERE NOT r1) > 0,
	'scru64: the 8 operators equal the native ones (' || count(*) FILTER (WHERE NOT ok) || ' differ)')
FROM (SELECT e::scru64 >= t AS r1,
	(e OPERATOR(scru128_sql.<) t) IS NOT DISTINCT FROM (e::scru64 < t)
	AND (e OPERATOR(scru128_sql.<=) t) IS NOT DISTINCT FROM (e::scru64 <= t)
	AND (e OPERATOR(scru128_sql.>) t) IS NOT DISTINCT FROM (e::scru64 > t)
	AND (e OPERATOR(scru128_sql.>=) t) IS NOT DISTINCT FROM (e::scru64 >= t)
	AND (t OPERATOR(scru128_sql.<) e) IS NOT DISTINCT FROM (t < e::scru64)
	AND (t OPERATOR(scru128_sql.<=) e) IS NOT DISTINCT FROM (t <= e::scru64)
	AND (t OPERATOR(scru128_sql.>) e) IS NOT DISTINCT FROM (t > e::scru64)
	AND (t OPERATOR(scru128_sql.>=) e) IS NOT DISTINCT FROM (t >= e::scru64) ok
	FROM (SELECT id::scru128_sql.scru64 e, t FROM c64) x) y;
SELECT pg_temp.tap(count(*) FILTER (WHERE NOT ok) = 0 AND count(*) FILTER (WHERE r1) > 0 AND count(*) FILTER (WHERE NOT r1) > 0,
	'scru160: the 8 operators equal the native ones (' || count(*) FILTER (WHERE NOT ok) || ' differ)')
FROM (SELECT n >= t AS r1,
	(e OPERATOR(scru128_sql.<) t) IS NOT DISTINCT FROM (n < t)
	AND (e OPERATOR(scru128_sql.<=) t) IS NOT DISTINCT FROM (n <= t)
	AND (e OPERATOR(scru128_sql.>) t) IS NOT DISTINCT FROM (n > t)
	AND (e OPERATOR(scru128_sql.>=) t) IS NOT DISTINCT FROM (n >= t)
	AND (t OPERATOR(scru128_sql.<) e) IS NOT DISTINCT FROM (t < n)
	AND (t OPERATOR(scru128_sql.<=) e) IS NOT DISTINCT FROM (t <= n)
	AND (t OPERATOR(scru128_sql.>) e) IS NOT DISTINCT FROM (t > n)
	AND (t OPERATOR(scru128_sql.>=) e) IS NOT DISTINCT FROM (t >= n) ok
	FROM (SELECT (uuid_send(id) || substr(uuid_send(gen_random_uuid()), 1, 4))::scru128_sql.scru160 e, t FROM c128) x,
		LATERAL (SELECT scru160_from_bytea(e) n) y) z;
-- the same through a WHERE clause, where the planner sees the inlined ranges
SELECT pg_temp.tap(
	(SELECT count(*) FROM c128 WHERE id::scru128_sql.scru128 OPERATOR(scru128_sql.>=) t) = (SELECT count(*) FROM c128 WHERE id::scru128 >= t)
	AND (SELECT count(*) FROM c128 WHERE t OPERATOR(scru128_sql.>) id::scru128_sql.scru128) = (SELECT count(*) FROM c128 WHERE t > id::scru128)
	AND (SELECT count(*) FROM c64 WHERE id::scru128_sql.scru64 OPERATOR(scru128_sql.<=) t) = (SELECT count(*) FROM c64 WHERE id::scru64 <= t)
	AND (SELECT count(*) FROM c64 WHERE t OPERATOR(scru128_sql.<) id::scru128_sql.scru64) = (SELECT count(*) FROM c64 WHERE t < id::scru64),
	'as WHERE conditions: the same rows as the native operators');

-- the bound functions, on every time and both inclusive flags
SELECT pg_temp.tap(count(*) FILTER (WHERE NOT ok) = 0,
	'the time_lower/upper/lower_end/upper_start functions of scru128, uuid, scru160, scru64 equal the native ones ('
	|| count(*) FILTER (WHERE NOT ok) || ' of ' || count(*) || ' differ)')
FROM (SELECT
	scru128_sql.scru128_time_lower(t, i)::uuid IS NOT DISTINCT FROM scru128_time_lower(t, i)::uuid
	AND scru128_sql.scru128_time_upper(t, i)::uuid IS NOT DISTINCT FROM scru128_time_upper(t, i)::uuid
	AND scru128_sql.scru128_time_lower_end(t, i)::uuid IS NOT DISTINCT FROM scru128_time_lower_end(t, i)::uuid
	AND scru128_sql.scru128_time_upper_start(t, i)::uuid IS NOT DISTINCT FROM scru128_time_upper_start(t, i)::uuid
	AND scru128_sql.uuid_time_lower(t, i) IS NOT DISTINCT FROM uuid_time_lower(t, i)
	AND scru128_sql.uuid_time_upper(t, i) IS NOT DISTINCT FROM uuid_time_upper(t, i)
	AND scru128_sql.uuid_time_lower_end(t, i) IS NOT DISTINCT FROM uuid_time_lower_end(t, i)
	AND scru128_sql.uuid_time_upper_start(t, i) IS NOT DISTINCT FROM uuid_time_upper_start(t, i)
	AND scru128_sql.scru160_time_lower(t, i) IS NOT DISTINCT FROM scru160_time_lower(t, i)::bytea
	AND scru128_sql.scru160_time_upper(t, i) IS NOT DISTINCT FROM scru160_time_upper(t, i)::bytea
	AND scru128_sql.scru160_time_lower_end(t, i) IS NOT DISTINCT FROM scru160_time_lower_end(t, i)::bytea
	AND scru128_sql.scru160_time_upper_start(t, i) IS NOT DISTINCT FROM scru160_time_upper_start(t, i)::bytea
	AND scru128_sql.scru64_time_lower(t, i)::bigint IS NOT DISTINCT FROM scru64_time_lower(t, i)::bigint
	AND scru128_sql.scru64_time_upper(t, i)::bigint IS NOT DISTINCT FROM scru64_time_upper(t, i)::bigint
	AND scru128_sql.scru64_time_lower_end(t, i)::bigint IS NOT DISTINCT FROM scru64_time_lower_end(t, i)::bigint
	AND scru128_sql.scru64_time_upper_start(t, i)::bigint IS NOT DISTINCT FROM scru64_time_upper_start(t, i)::bigint ok
	FROM tt, (VALUES (true), (false)) i(i)) x;
SELECT pg_temp.tap(scru128_sql.scru128_time_lower(NULL, true) IS NULL AND scru128_sql.scru128_time_upper('infinity', NULL) IS NULL
		AND scru128_sql.scru64_time_lower_end(NULL, false) IS NULL AND scru128_sql.scru64_time_upper_start(now(), NULL) IS NULL
		AND scru128_sql.scru160_time_lower(NULL, true) IS NULL AND scru128_sql._time_w(NULL) IS NULL,
	'the bound functions give NULL for a NULL argument (they are not declared STRICT so that they inline)');

-- With the native extension in public: what a plain uuid, bigint or
-- integer compared with a timestamptz means, the schema off and on the path.
CREATE TEMP TABLE pv AS SELECT id, t FROM c128 WHERE id IS NOT NULL AND t IS NOT NULL;
SELECT count(*) FILTER (WHERE id >= t) AS native_ge, count(*) FILTER (WHERE t > id) AS native_gt FROM pv \gset
SET search_path = scru128_sql, public;
SELECT pg_temp.tap(count(*) FILTER (WHERE id >= t) = :native_ge AND count(*) FILTER (WHERE t > id) = :native_gt,
	'schema first on the path, native present: uuid >= timestamptz is still the native uuid operator')
FROM pg_temp.pv;
SELECT pg_temp.tap((SELECT o.oprnamespace = 'public'::regnamespace FROM pg_operator o
		WHERE o.oid = (SELECT oid FROM pg_operator WHERE oid = to_regoperator('>=(uuid,timestamptz)'))), 
	'schema first on the path: >=(uuid, timestamptz) resolves to the native extension''s operator');
SELECT pg_temp.tap(pg_temp.err('SELECT 5::bigint >= now()') LIKE '42725: operator is not unique%'
		AND pg_temp.err('SELECT 5 >= now()') LIKE '42725: operator is not unique%'
		AND pg_temp.err('SELECT now() < 5::smallint') LIKE '42725: operator is not unique%',
	'schema on the path, native present: bigint, integer, smallint against timestamptz stay errors (ambiguous)');
SELECT pg_temp.tap(count(*) FILTER (WHERE id::scru128_sql.scru128 >= t) = :native_ge,
	'schema on the path: a scru128_sql.scru128 value >= timestamptz takes the edition''s operator, same answers')
FROM pg_temp.pv;
RESET search_path;
SELECT pg_temp.tap(pg_temp.err('SELECT 5::bigint >= now()') LIKE '42883: operator does not exist%'
		AND pg_temp.err('SELECT 5 >= now()') LIKE '42883: operator does not exist%'
		AND pg_temp.err('SELECT 5::scru128_sql.scru64 >= now()') LIKE '42883: operator does not exist%'
		AND pg_temp.err('SELECT ''\x00''::scru128_sql.scru160 < now()') LIKE '42883: operator does not exist%',
	'schema off the path, native present: bigint >= timestamptz is the error it was (42883); so are the scru64 and scru160 domains');
SELECT pg_temp.tap(count(*) FILTER (WHERE id::scru128_sql.scru128 >= t) = :native_ge
		AND count(*) FILTER (WHERE id >= t) = :native_ge,
	'schema off the path, native present: a scru128_sql.scru128 >= timestamptz takes the native uuid operator, same answers')
FROM pg_temp.pv;
SELECT pg_temp.tap(pg_temp.err('SELECT ''018f2c1e-0000-7000-8000-000000000000''::uuid OPERATOR(scru128_sql.>=) now()') LIKE '42725: operator is not unique%'
		AND pg_temp.err('SELECT 5 OPERATOR(scru128_sql.<) now()') LIKE '42725: operator is not unique%',
	'OPERATOR(scru128_sql.>=) with a plain uuid or integer: ambiguous, not a SCRU128 comparison');
SELECT pg_temp.tap(pg_temp.err('SELECT ''00000000-0000-0000-0000-000000000000''::scru128_sql._uuid_guard OPERATOR(scru128_sql.>=) now()')
		LIKE '42883: scru128_sql has no time comparison for a plain uuid%',
	'a value cast to the guard domain gets the guard''s error');
