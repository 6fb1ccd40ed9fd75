-- What ROLLBACK, an aborted subtransaction, RESET ALL and DISCARD ALL do to
-- the generators, exactly as doc/sql-edition.md says ("Generator state").

SELECT scru128_sql.scru128() IS NOT NULL AND scru128_sql.uuidv7() IS NOT NULL AND scru128_sql.scru160() IS NOT NULL \g /dev/null
SELECT current_setting('scru128_sql.scru128_state') AS s128_before,
	current_setting('scru128_sql.uuidv7_state') AS s7_before \gset
BEGIN;
SELECT count(scru128_sql.scru128()) + count(scru128_sql.uuidv7()) FROM generate_series(1, 1000) \g /dev/null
SELECT scru128_sql.scru128() AS id_rolled_back, scru128_sql.uuidv7() AS v7_rolled_back \gset
ROLLBACK;
SELECT pg_temp.tap(current_setting('scru128_sql.scru128_state') = :'s128_before'
		AND current_setting('scru128_sql.uuidv7_state') = :'s7_before',
	'ROLLBACK puts back the generator state of the transaction''s start');
SELECT pg_temp.tap(scru128_sql.scru128_timestamp_ms(id) >= scru128_sql.scru128_timestamp_ms(:'id_rolled_back') AND id <> :'id_rolled_back',
	'after ROLLBACK, the next scru128() has a timestamp not below the rolled-back IDs'' (the clock)')
FROM scru128_sql.scru128() id;
SELECT pg_temp.tap(pg_temp.v7_time(v) >= pg_temp.v7_time(:'v7_rolled_back'),
	'after ROLLBACK, the next uuidv7() has a timestamp not below the rolled-back values''')
FROM scru128_sql.uuidv7() v;

-- IDs made in aborted subtransactions, kept in a variable: all distinct,
-- timestamps never decrease, and the state is back where it was
CREATE TEMP TABLE sub AS SELECT * FROM (VALUES (NULL::uuid[], NULL::bigint[], NULL::text, NULL::text)) v(ids, ids64, before, after);
SELECT scru128_sql.scru64_set_node_spec('7/8') \g /dev/null
DO $$
DECLARE
	v_ids uuid[] := '{}';
	v_ids64 bigint[] := '{}';
	v_before text := current_setting('scru128_sql.scru128_state');
BEGIN
	FOR i IN 1..3000 LOOP
		BEGIN
			v_ids := v_ids || scru128_sql.scru128()::uuid;
			v_ids64 := v_ids64 || scru128_sql.scru64();
			RAISE EXCEPTION 'abort';
		EXCEPTION WHEN raise_exception THEN NULL;
		END;
	END LOOP;
	UPDATE sub SET ids = v_ids, ids64 = v_ids64, before = v_before, after = current_setting('scru128_sql.scru128_state');
END
$$;
SELECT pg_temp.tap(before = after, 'an aborted subtransaction puts back the generator state of its start') FROM sub;
SELECT pg_temp.tap(count(DISTINCT id) = 3000, 'scru128(): 3000 IDs from aborted subtransactions all distinct') FROM sub, unnest(ids) id;
SELECT pg_temp.tap(bool_and(t >= pt), 'scru128(): their timestamps never decrease')
FROM (SELECT scru128_sql.scru128_timestamp_ms(id) t, lag(scru128_sql.scru128_timestamp_ms(id)) OVER (ORDER BY n) pt
	FROM sub, unnest(ids) WITH ORDINALITY u(id, n)) x WHERE pt IS NOT NULL;
SELECT pg_temp.tap(bool_and(id > prev) AND count(*) = 2999, 'scru64(): IDs from aborted subtransactions strictly increasing (the sequence is not rolled back)')
FROM (SELECT id, lag(id) OVER (ORDER BY n) prev FROM sub, unnest(ids64) WITH ORDINALITY u(id, n)) x WHERE prev IS NOT NULL;
SELECT max(id) AS last64 FROM sub, unnest(ids64) id \gset
BEGIN;
SELECT scru128_sql.scru64() AS id64_rolled_back \gset
ROLLBACK;
SELECT pg_temp.tap(scru128_sql.scru64() > :id64_rolled_back AND :id64_rolled_back > :last64,
	'scru64(): the ID after a ROLLBACK is above the rolled-back one');

-- RESET ALL and DISCARD ALL (what connection poolers run) clear the state
SELECT scru128_sql.scru128() AS id_before_reset \gset
RESET ALL;
SELECT pg_temp.tap(coalesce(current_setting('scru128_sql.scru128_state', true), '') = ''
		AND coalesce(current_setting('scru128_sql.uuidv7_state', true), '') = '',
	'RESET ALL clears the generator state');
SELECT pg_temp.tap(scru128_sql.scru128_timestamp_ms(id) >= scru128_sql.scru128_timestamp_ms(:'id_before_reset') AND id <> :'id_before_reset',
	'after RESET ALL, scru128() starts afresh at the clock''s millisecond')
FROM scru128_sql.scru128() id;
SELECT scru128_sql.scru128() AS id_before_discard \gset
SELECT last_value AS tap_last FROM pg_temp.tap_n \gset
DISCARD ALL;
-- DISCARD ALL dropped the temporary TAP helpers too
\ir tap.sql
SELECT setval('pg_temp.tap_n', :tap_last) \g /dev/null
SELECT pg_temp.tap(coalesce(current_setting('scru128_sql.scru128_state', true), '') = ''
		AND coalesce(current_setting('scru128_sql.scru160_state', true), '') = '',
	'DISCARD ALL clears the generator state');
SELECT pg_temp.tap(scru128_sql.scru128_timestamp_ms(id) >= scru128_sql.scru128_timestamp_ms(:'id_before_discard') AND id <> :'id_before_discard',
	'after DISCARD ALL, scru128() starts afresh at the clock''s millisecond')
FROM scru128_sql.scru128() id;

-- A state not written by the generators (a user's set_config(), a value
-- cut short, 1.3's format) is replaced, not an error (1.3: 22P02 on every
-- call until the session reset it)
SELECT scru128_sql.scru128() AS id_before_garbage, scru128_sql.uuidv7() AS v7_before_garbage \gset
SELECT set_config('scru128_sql.scru128_state', 'garbage', false), set_config('scru128_sql.scru160_state', '12:x', false),
	set_config('scru128_sql.uuidv7_state', 'not a number', false) \g /dev/null
SELECT pg_temp.tap(pg_temp.err('SELECT scru128_sql.scru128(), scru128_sql.scru160(), scru128_sql.uuidv7()') = 'no error'
		AND current_setting('scru128_sql.scru128_state') LIKE '%:k' AND current_setting('scru128_sql.scru160_state') LIKE '%:k'
		AND current_setting('scru128_sql.uuidv7_state') LIKE '%:k',
	'a state the generators did not write is replaced by a fresh one (scru128, scru160, uuidv7)');
SELECT set_config('scru128_sql.scru128_state', '1700000000000:5:1700000000000', false) \g /dev/null
SELECT pg_temp.tap(id > :'id_before_garbage', 'scru128(): a state in 1.3''s format (no ":k") is a fresh start, above the IDs before')
FROM scru128_sql.scru128() id;

-- Every generator's state has the ":k" and the bound of scru128()'s: less
-- than 10 s ahead of the clock it goes on (a clock set back a little),
-- further ahead it is no state (a value set by hand, or another client's
-- leaked by a pooler in transaction mode: test/security/220_sqled_pooler.pl)
SELECT floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint AS now_ms \gset
SELECT set_config('scru128_sql.scru160_state', (:now_ms + 5000) || ':7:k', false),
	set_config('scru128_sql.uuidv7_state', ((:now_ms + 5000) * 1000000) || ':k', false),
	set_config('scru128_sql.uuidv6_state', ((:now_ms + 5000) * 10000 + 122192928000000000) || ':5:1099511627777:k', false) \g /dev/null
SELECT pg_temp.tap(scru128_sql.scru160_timestamp_ms(a) = :now_ms + 5000
		AND ('x' || left(replace(b::text, '-', ''), 12))::bit(48)::bigint = :now_ms + 5000
		AND floor(extract(epoch FROM scru128_sql.scru128_uuid_timestamp(c)) * 1000)::bigint = :now_ms + 5000 AND right(c::text, 12) = '010000000001',
	'scru160(), uuidv7(), uuidv6(): a state 5 s ahead of the clock goes on')
FROM scru128_sql.scru160() a, scru128_sql.uuidv7() b, scru128_sql.uuidv6() c;
SELECT set_config('scru128_sql.scru160_state', (:now_ms + 20000) || ':7:k', false),
	set_config('scru128_sql.uuidv7_state', ((:now_ms + 20000) * 1000000) || ':k', false),
	set_config('scru128_sql.uuidv6_state', ((:now_ms + 20000) * 10000 + 122192928000000000) || ':5:1099511627777:k', false) \g /dev/null
SELECT pg_temp.tap(scru128_sql.scru160_timestamp(a) <= clock_timestamp() + interval '1 s'
		AND pg_temp.v7_time(b) <= clock_timestamp() + interval '1 s'
		AND scru128_sql.scru128_uuid_timestamp(c) <= clock_timestamp() + interval '1 s' AND right(c::text, 12) <> '010000000001',
	'scru160(), uuidv7(), uuidv6(): a state 20 s ahead of the clock is dropped (uuidv6(): a new node too)')
FROM scru128_sql.scru160() a, scru128_sql.uuidv7() b, scru128_sql.uuidv6() c;
SELECT set_config('scru128_sql.scru160_state', (:now_ms + 3000) || ':70000:k', false),
	set_config('scru128_sql.uuidv6_state', ((:now_ms + 5000) * 10000 + 122192928000000000) || ':5:1099511627777', false),
	set_config('scru128_sql.uuidv7_state', '9223372036854775000:k', false) \g /dev/null
SELECT pg_temp.tap(pg_temp.err('SELECT scru128_sql.scru160(), scru128_sql.uuidv6(), scru128_sql.uuidv7()') = 'no error'
		AND current_setting('scru128_sql.scru160_state') ~ '^[0-9]+:[0-9]+:k$' AND split_part(current_setting('scru128_sql.scru160_state'), ':', 2)::int <= 65535
		AND current_setting('scru128_sql.uuidv6_state') ~ '^[0-9]+:[0-9]+:[0-9]+:k$' AND split_part(current_setting('scru128_sql.uuidv6_state'), ':', 3) <> '1099511627777'
		AND current_setting('scru128_sql.uuidv7_state') ~ '^[0-9]+:k$' AND split_part(current_setting('scru128_sql.uuidv7_state'), ':', 1)::bigint < 9000000000000000000,
	'a scru160() counter above 65535, a uuidv6() state without ":k", a uuidv7() state at the end of bigint: no state, no error');

-- A pooler's DISCARD ALL between clients on one connection: the next
-- client's first ID sorts above the previous client's last (1.3: often
-- below, within the same millisecond); 200 times
DROP TABLE IF EXISTS sqled_discard;
CREATE TABLE sqled_discard (i int, last_before uuid, first_after uuid);
SELECT last_value AS tap_last FROM pg_temp.tap_n \gset
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 1, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 2, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 3, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 4, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 5, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 6, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 7, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 8, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 9, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 10, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 11, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 12, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 13, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 14, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 15, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 16, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 17, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 18, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 19, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 20, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 21, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 22, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 23, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 24, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 25, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 26, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 27, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 28, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 29, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 30, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 31, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 32, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 33, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 34, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 35, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 36, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 37, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 38, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 39, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 40, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 41, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 42, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 43, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 44, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 45, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 46, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 47, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 48, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 49, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 50, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 51, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 52, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 53, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 54, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 55, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 56, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 57, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 58, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 59, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 60, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 61, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 62, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 63, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 64, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 65, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 66, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 67, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 68, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 69, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 70, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 71, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 72, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 73, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 74, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 75, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 76, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 77, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 78, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 79, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 80, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 81, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 82, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 83, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 84, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 85, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 86, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 87, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 88, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 89, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 90, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 91, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 92, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 93, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 94, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 95, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 96, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 97, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 98, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 99, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 100, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 101, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 102, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 103, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 104, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 105, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 106, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 107, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 108, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 109, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 110, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 111, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 112, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 113, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 114, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 115, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 116, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 117, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 118, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 119, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 120, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 121, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 122, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 123, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 124, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 125, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 126, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 127, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 128, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 129, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 130, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 131, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 132, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 133, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 134, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 135, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 136, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 137, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 138, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 139, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 140, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 141, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 142, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 143, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 144, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 145, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 146, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 147, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 148, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 149, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 150, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 151, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 152, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 153, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 154, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 155, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 156, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 157, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 158, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 159, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 160, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 161, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 162, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 163, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 164, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 165, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 166, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 167, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 168, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 169, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 170, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 171, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 172, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 173, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 174, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 175, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 176, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 177, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 178, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 179, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 180, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 181, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 182, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 183, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 184, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 185, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 186, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 187, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 188, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 189, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 190, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 191, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 192, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 193, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 194, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 195, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 196, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 197, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 198, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 199, :'b', scru128_sql.scru128();
SELECT scru128_sql.scru128() AS b \gset
DISCARD ALL;
INSERT INTO sqled_discard SELECT 200, :'b', scru128_sql.scru128();
\ir tap.sql
SELECT setval('pg_temp.tap_n', :tap_last) \g /dev/null
SELECT pg_temp.tap(count(*) = 200 AND bool_and(first_after > last_before),
	'after DISCARD ALL, the first scru128() sorts above the last before it, 200 times out of 200')
FROM sqled_discard;
DROP TABLE sqled_discard;
