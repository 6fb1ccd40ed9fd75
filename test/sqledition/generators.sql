-- The generators: streams in one session, each ID accepted by the native
-- types with the same timestamp and fields, the SCRU128 counter rules.

CREATE TEMP TABLE g128 AS
SELECT i, scru128_sql.scru128() id, clock_timestamp() after FROM generate_series(1, 20000) i;
SELECT pg_temp.tap(count(*) = 0, 'scru128(): 20000 IDs of one session strictly increasing')
FROM (SELECT id, lag(id) OVER (ORDER BY i) prev FROM g128) x WHERE id <= prev;
SELECT pg_temp.tap(count(DISTINCT id) = 20000, 'scru128(): 20000 IDs unique') FROM g128;
SELECT pg_temp.tap(bool_and(scru128_sql.scru128_to_text(id) = id::scru128::text
		AND scru128_timestamp_ms(id::scru128) = scru128_sql.scru128_timestamp_ms(id)
		AND scru128_counter_hi(id::scru128) = scru128_sql.scru128_counter_hi(id)
		AND scru128_counter_lo(id::scru128) = scru128_sql.scru128_counter_lo(id)
		AND scru128_entropy(id::scru128) = scru128_sql.scru128_entropy(id)
		AND (scru128_sql.scru128_to_text(id))::scru128 = id::scru128),
	'scru128(): every ID read by the native type gives the same text, timestamp and fields') FROM g128;
SELECT pg_temp.tap(bool_and(scru128_sql.scru128_timestamp(id) <= after
		AND scru128_sql.scru128_timestamp(id) > after - interval '1 second'),
	'scru128(): the timestamp is the clock''s millisecond') FROM g128;
-- SCRU128 v2.1.1: in the same millisecond the 48-bit counter goes up by one
SELECT pg_temp.tap(count(*) > 0 AND bool_and(c = pc + 1),
	'scru128(): within a millisecond counter_hi:counter_lo increases by exactly 1 (' || count(*) || ' pairs)')
FROM (SELECT scru128_sql.scru128_timestamp_ms(id) t, scru128_sql.scru128_counter_hi(id)::bigint * 16777216 + scru128_sql.scru128_counter_lo(id) c,
		lag(scru128_sql.scru128_timestamp_ms(id)) OVER w pt,
		lag(scru128_sql.scru128_counter_hi(id)::bigint * 16777216 + scru128_sql.scru128_counter_lo(id)) OVER w pc
	FROM g128 WINDOW w AS (ORDER BY i)) x WHERE t = pt;
-- counter_hi is kept across milliseconds and renewed once a second
SELECT pg_temp.tap(count(*) FILTER (WHERE t - pt >= 1000 OR ch = pch) = count(*),
	'scru128(): counter_hi unchanged from one millisecond to the next within a second')
FROM (SELECT scru128_sql.scru128_timestamp_ms(id) t, scru128_sql.scru128_counter_hi(id) ch,
		lag(scru128_sql.scru128_timestamp_ms(id)) OVER w pt, lag(scru128_sql.scru128_counter_hi(id)) OVER w pch
	FROM g128 WINDOW w AS (ORDER BY i)) x
WHERE t > pt AND t - (SELECT min(scru128_sql.scru128_timestamp_ms(id)) FROM g128) < 900;
SELECT pg_temp.tap(count(DISTINCT scru128_sql.scru128_counter_hi(id)) > 1,
	'scru128(): counter_hi renewed across 1.5 s') FROM (
	SELECT scru128_sql.scru128() id UNION ALL SELECT scru128_sql.scru128() FROM pg_sleep(1.5)) x;
-- a clock 5 s ahead in the state (as after a small clock rollback): kept
SELECT set_config('scru128_sql.scru128_state',
	(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint + 5000) || ':77:' || (floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint + 5000) || ':k', false) IS NOT NULL \g /dev/null
SELECT pg_temp.tap(scru128_sql.scru128_timestamp_ms(id) = split_part(s, ':', 1)::bigint AND scru128_sql.scru128_counter_lo(id) = 78,
	'scru128(): a state less than 10 s ahead of the clock goes on (rollback allowance)')
FROM (SELECT current_setting('scru128_sql.scru128_state') s) x, scru128_sql.scru128() id;
SELECT set_config('scru128_sql.scru128_state',
	(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint + 20000) || ':77:0:k', false) IS NOT NULL \g /dev/null
SELECT pg_temp.tap(scru128_sql.scru128_timestamp(id) <= clock_timestamp(),
	'scru128(): a state more than 10 s ahead of the clock is dropped')
FROM scru128_sql.scru128() id;
SELECT pg_temp.tap(scru128_sql.scru128_timestamp_ms(id) = 1700000000123
		AND scru128_sql.scru128_to_text(id) = id::scru128::text,
	'scru128(timestamptz): the given millisecond')
FROM scru128_sql.scru128(timestamptz '2023-11-14 22:13:20.123456+00') id;

-- uuidv7(): increasing, version 7, variant 10, the clock's time
CREATE TEMP TABLE g7 AS SELECT i, scru128_sql.uuidv7() id, clock_timestamp() after FROM generate_series(1, 20000) i;
SELECT pg_temp.tap(count(*) = 0, 'uuidv7(): 20000 values of one session strictly increasing')
FROM (SELECT id, lag(id) OVER (ORDER BY i) prev FROM g7) x WHERE id <= prev;
SELECT pg_temp.tap(bool_and(uuid_extract_version(id) = 7 AND get_byte(uuid_send(id), 8) >> 6 = 2
		AND pg_temp.v7_time(id) <= after AND pg_temp.v7_time(id) > after - interval '1 second'),
	'uuidv7(): version 7, variant 10, timestamp of the clock') FROM g7;
SELECT pg_temp.tap(abs(extract(epoch FROM pg_temp.v7_time(scru128_sql.uuidv7(interval '-3 days -2 hours'))
		- (clock_timestamp() - interval '3 days 2 hours'))) < 1,
	'uuidv7(interval): the time shifted');
SELECT pg_temp.tap(pg_temp.err('SELECT scru128_sql.uuidv7(interval ''-60 years'')') = '22008: timestamp out of range for UUID version 7 / UUID version 7 supports timestamps from 1970-01-01 to approximately year 10889.',
	'uuidv7(interval): before 1970 refused as core does');

-- scru160(): increasing, read by the native type
CREATE TEMP TABLE g160 AS SELECT i, scru128_sql.scru160() id, clock_timestamp() after FROM generate_series(1, 20000) i;
SELECT pg_temp.tap(count(*) = 0, 'scru160(): 20000 IDs of one session strictly increasing')
FROM (SELECT id, lag(id) OVER (ORDER BY i) prev FROM g160) x WHERE id <= prev;
SELECT pg_temp.tap(bool_and(length(id) = 20 AND scru160_from_bytea(id)::text = scru128_sql.scru160_to_text(id)
		AND scru160_timestamp(scru160_from_bytea(id)) = scru128_sql.scru160_timestamp(id)
		AND scru128_sql.scru160_timestamp(id) <= after),
	'scru160(): every ID read by the native type, same text and timestamp') FROM g160;

-- scru64(): node set with scru64_set_node_spec(), increasing, read by the native type
SELECT scru128_sql.scru64_set_node_spec(NULL) \g /dev/null
SELECT pg_temp.tap(pg_temp.err('SELECT scru128_sql.scru64()') LIKE '55000: scru128_sql.scru64_node_spec is not set%', 'scru64(): refused without a node spec');
SELECT pg_temp.tap(scru128_sql.scru64_set_node_spec('0x1f/12') = '31/12', 'scru64_set_node_spec(): stores and returns the canonical spec');
SELECT pg_temp.tap(pg_temp.err('SELECT scru128_sql.scru64()') = 'no error', 'scru64(): runs with a node spec');
CREATE TEMP TABLE g64 AS SELECT i, scru128_sql.scru64() id, clock_timestamp() after FROM generate_series(1, 5000) i;
SELECT pg_temp.tap(count(*) = 0, 'scru64(): 5000 IDs of one session strictly increasing')
FROM (SELECT id, lag(id) OVER (ORDER BY i) prev FROM g64) x WHERE id <= prev;
SELECT pg_temp.tap(bool_and(scru64_node_id(id::scru64, 12) = 31 AND id::scru64::text = scru128_sql.scru64_to_text(id)
		AND scru64_timestamp(id::scru64) <= after + interval '10240 ms' AND scru64_timestamp(id::scru64) > after - interval '11 seconds'),
	'scru64(): node_id 31 of the spec, read by the native type, tick of the clock (at most 40 ticks ahead)') FROM g64;
SELECT pg_temp.tap(pg_temp.err($$SELECT scru128_sql.scru64_set_node_spec('42/40')$$)
		= pg_temp.err('SELECT scru64_node_spec(''42/40'')'), 'scru64(): a bad node spec refused as the native does (when it is set)');
SELECT scru128_sql.scru64_set_node_spec('0zzzzzzzzzzz/8') \g /dev/null
SELECT pg_temp.tap(pg_temp.err('SELECT scru128_sql.scru64()') LIKE '22023: the previous ID of scru128_sql.scru64_node_spec is ahead of the clock%', 'scru64(): a previous ID far ahead of the clock refused');
SELECT scru128_sql.scru64_set_node_spec('3/8') \g /dev/null
SELECT pg_temp.tap(scru128_sql.scru64_node_spec() = '3/8', 'scru64_node_spec(): the spec set');

-- any role may call the generators; only scru64() (SECURITY DEFINER) may
-- move its sequence; only the owner (and whom it grants) sets the node spec,
-- and no other role can name, so take or hold, what scru64() locks (1.3:
-- any role could SET its own spec, and take the advisory lock;
-- test/security/200_sqled_locks.pl has the attacks on locks taken at parse)
DROP ROLE IF EXISTS sqled_other_role;
CREATE ROLE sqled_other_role;
SET ROLE sqled_other_role;
SELECT scru128_sql.scru64() AS other_id64, scru128_sql.scru128_to_text(scru128_sql.scru128()) AS other_text,
	scru128_sql.scru64_node_spec() AS other_spec \gset
SELECT pg_temp.err('SELECT setval(''scru128_sql_private.scru64_last'', 1)') AS other_setval \gset
SELECT pg_temp.err($$SELECT scru128_sql.scru64_set_node_spec('4/8')$$) AS other_set \gset
SELECT pg_temp.err($$UPDATE scru128_sql_private.scru64_node SET node_spec = '4/8'$$) AS other_update \gset
SELECT pg_temp.err('LOCK TABLE scru128_sql_private.scru64_lock IN SHARE ROW EXCLUSIVE MODE') AS other_lock \gset
SET scru128_sql.scru64_node_spec = '4/8';
SELECT scru128_sql.scru64() AS other_session_id64 \gset
RESET scru128_sql.scru64_node_spec;
RESET ROLE;
DROP ROLE sqled_other_role;
SELECT pg_temp.tap(scru64_node_id(:other_id64::scru64, 8) = 3 AND length(:'other_text') = 25 AND :'other_spec' = '3/8',
	'a role without any grant calls scru64() (node set by the owner), scru128() and scru64_node_spec()');
SELECT pg_temp.tap(:'other_setval' LIKE '42501: permission denied for schema scru128_sql_private%', 'that role cannot name scru64()''s sequence');
SELECT pg_temp.tap(:'other_set' LIKE '42501: permission denied for function scru64_set_node_spec%'
		AND :'other_update' LIKE '42501: permission denied for schema scru128_sql_private%', 'that role cannot set the node spec');
SELECT pg_temp.tap(:'other_lock' LIKE '42501: permission denied for schema scru128_sql_private%', 'that role cannot name scru64()''s lock');
SELECT pg_temp.tap(scru64_node_id(:other_session_id64::scru64, 8) = 3,
	'a node spec SET in a session is not used (the one set with scru64_set_node_spec() is)');
-- the database's ALTER DATABASE ... SET value (1.3's way, needs a superuser) when none is set
SELECT pg_temp.tap(scru128_sql.scru64_set_node_spec(NULL) IS NULL, 'scru64_set_node_spec(NULL): no node spec');
SET scru128_sql.scru64_node_spec = '4/8';
SELECT pg_temp.tap(pg_temp.err('SELECT scru128_sql.scru64()') LIKE '55000: scru128_sql.scru64_node_spec is not set / % The value "4/8" of this session (SET, PGOPTIONS, ALTER ROLE ... SET) is not used since 1.4%',
	'scru64(): a session''s value alone is not a node spec (55000, saying so)');
RESET scru128_sql.scru64_node_spec;
SELECT format('ALTER DATABASE %I SET scru128_sql.scru64_node_spec = %L', current_database(), '9/8') \gexec
SELECT pg_temp.tap(scru64_node_id(scru128_sql.scru64()::scru64, 8) = 9 AND scru128_sql.scru64_node_spec() = '9/8',
	'scru64(): without one set, the database''s ALTER DATABASE ... SET value');
SELECT scru128_sql.scru64_set_node_spec('3/8') \g /dev/null
SELECT pg_temp.tap(scru64_node_id(scru128_sql.scru64()::scru64, 8) = 3, 'scru64(): the spec set comes before the database''s value');
SELECT format('ALTER DATABASE %I RESET scru128_sql.scru64_node_spec', current_database()) \gexec

-- a bare literal is a cast to the domain (doc/sql-edition.md); typed, the
-- stateless generator
SELECT pg_temp.tap(pg_temp.err($$SELECT scru128_sql.scru128('2024-05-01 12:00+00')$$) LIKE '22P02: invalid input syntax for type uuid: "2024-05-01 12:00+00"%'
		AND scru128_sql.scru128_timestamp(scru128_sql.scru128(timestamptz '2024-05-01 12:00+00')) = timestamptz '2024-05-01 12:00+00',
	'scru128(''2024-...'') is a cast to the domain; scru128(timestamptz ''2024-...'') the stateless generator');
