-- The IDs of the concurrent sessions (concurrent.sql): unique across all
-- sessions, and increasing within each session.
SELECT pg_temp.tap(count(DISTINCT s) = 8 AND count(*) = 8 * :n, 'concurrent: 8 sessions made ' || count(*) || ' rows') FROM sqled_conc;
SELECT pg_temp.tap(count(DISTINCT id128) = count(*), 'concurrent: scru128() unique across sessions') FROM sqled_conc;
SELECT pg_temp.tap(count(DISTINCT id64) = count(*), 'concurrent: scru64() unique across sessions (one node for the database)') FROM sqled_conc;
SELECT pg_temp.tap(count(DISTINCT v7) = count(*), 'concurrent: uuidv7() unique across sessions') FROM sqled_conc;
SELECT pg_temp.tap(count(DISTINCT id160) = count(*), 'concurrent: scru160() unique across sessions') FROM sqled_conc;
SELECT pg_temp.tap(count(DISTINCT ulid) = count(*), 'concurrent: ulid() unique across sessions') FROM sqled_conc;
SELECT pg_temp.tap(count(*) FILTER (WHERE id128 <= p128 OR id64 <= p64 OR v7 <= p7 OR id160 <= p160 OR ulid <= pulid) = 0,
	'concurrent: every generator strictly increasing within each session')
FROM (SELECT id128, id64, v7, id160, ulid, lag(id128) OVER w p128, lag(id64) OVER w p64, lag(v7) OVER w p7, lag(id160) OVER w p160, lag(ulid) OVER w pulid
	FROM sqled_conc WINDOW w AS (PARTITION BY s ORDER BY i)) x;
SELECT pg_temp.tap(bool_and(scru64_node_id(id64::scru64, 8) = 5 AND scru128_sql.scru128_to_text(id128) = id128::scru128::text),
	'concurrent: IDs valid for the native types') FROM sqled_conc;
