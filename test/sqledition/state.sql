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
INSERT INTO scru128_sql.scru64_node (node_spec) VALUES ('7/8') ON CONFLICT (one) DO UPDATE SET node_spec = excluded.node_spec;
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
