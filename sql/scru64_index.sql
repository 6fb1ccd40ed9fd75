--
-- scru64 in indexes, sorts and joins
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
RESET client_min_messages;

-- 100k values spread over the whole range, and a dense run of one tick
SELECT setseed(0.64);
CREATE TABLE s64_t (id scru64, n integer);
INSERT INTO s64_t
SELECT scru64_from_parts(floor(random() * 282429536481)::bigint,
						 floor(random() * 16777216)::integer), g
FROM generate_series(1, 90000) g;
INSERT INTO s64_t
SELECT scru64_from_parts(6557084606, g), 90000 + g FROM generate_series(1, 10000) g;
INSERT INTO s64_t VALUES ('000000000000', 0), ('zzzzzzzzzzzz', 100001);
ANALYZE s64_t;

-- sort order = integer order = text order
SELECT count(*) AS values,
	   count(*) FILTER (WHERE by_id <> by_int) AS int_mismatches,
	   count(*) FILTER (WHERE by_id <> by_text) AS text_mismatches
FROM (SELECT row_number() OVER (ORDER BY id, n) AS by_id,
			 row_number() OVER (ORDER BY id::bigint, n) AS by_int,
			 row_number() OVER (ORDER BY id::text COLLATE "C", n) AS by_text
	  FROM s64_t) s;
SELECT count(*) AS out_of_order
FROM (SELECT id, lag(id) OVER (ORDER BY id) AS prev FROM s64_t) s
WHERE prev > id;
SELECT count(*) AS uppercase_order_mismatches
FROM (SELECT row_number() OVER (ORDER BY id, n) AS a,
			 row_number() OVER (ORDER BY upper(id::text)::scru64, n) AS b FROM s64_t) s
WHERE a <> b;

-- plan shapes without costs or details, the same on every version
SET max_parallel_workers_per_gather = 0;
CREATE FUNCTION s64_plan(q text) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE
	line text;
BEGIN
	FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || q LOOP
		line := substring(line FROM '^\s*(?:->\s+)?((?:Index Only Scan|Index Scan|Bitmap Index Scan|Bitmap Heap Scan|Seq Scan|Merge Join|Hash Join|Nested Loop|Sort|Hash)(?: (?:on|using) [a-z0-9_]+)*)(?: [a-z0-9_]+)?$');
		IF line IS NOT NULL THEN
			RETURN NEXT line;
		END IF;
	END LOOP;
END
$$;

SET enable_seqscan = off;
SET enable_bitmapscan = off;

-- btree
CREATE INDEX s64_btree ON s64_t (id);
SELECT s64_plan($$SELECT * FROM s64_t WHERE id = '0u375nxqh5cq'$$);
SELECT count(*) FROM s64_t WHERE id BETWEEN scru64_min('2023-03-12 09:34:19.2+00')
									AND scru64_max('2023-03-12 09:34:19.2+00');
SELECT s64_plan($$SELECT id FROM s64_t ORDER BY id LIMIT 5$$);
SELECT id FROM s64_t ORDER BY id LIMIT 3;
SELECT id FROM s64_t ORDER BY id DESC LIMIT 3;
SELECT min(id), max(id) FROM s64_t;
SELECT count(*) FROM s64_t WHERE id > 'zzzzzzzzzzzy' OR id < '000000000001';
RESET enable_bitmapscan;
DROP INDEX s64_btree;

-- hash
CREATE INDEX s64_hash ON s64_t USING hash (id);
SELECT s64_plan($$SELECT * FROM s64_t WHERE id = scru64_from_parts(6557084606, 77)$$);
SELECT n FROM s64_t WHERE id = scru64_from_parts(6557084606, 77);
DROP INDEX s64_hash;

-- BRIN: minmax (default), minmax-multi, bloom, each answering like a seq scan
CREATE TABLE s64_sorted AS SELECT * FROM s64_t ORDER BY id;
CREATE INDEX s64_brin ON s64_sorted USING brin (id) WITH (pages_per_range = 4);
SELECT s64_plan($$SELECT * FROM s64_sorted WHERE id BETWEEN scru64_min('2023-03-12 09:34:19+00') AND scru64_max('2023-03-12 09:34:20+00')$$);
SELECT count(*) FROM s64_sorted WHERE id BETWEEN scru64_min('2023-03-12 09:34:19+00')
										 AND scru64_max('2023-03-12 09:34:20+00');
DROP INDEX s64_brin;
CREATE INDEX s64_brin_multi ON s64_sorted USING brin (id scru64_minmax_multi_ops) WITH (pages_per_range = 4);
SELECT s64_plan($$SELECT * FROM s64_sorted WHERE id >= 'zzzzzzzzzzzz'$$);
SELECT count(*) FROM s64_sorted WHERE id BETWEEN scru64_min('2023-03-12 09:34:19+00')
										 AND scru64_max('2023-03-12 09:34:20+00');
SELECT n FROM s64_sorted WHERE id >= 'zzzzzzzzzzzz';
DROP INDEX s64_brin_multi;
CREATE INDEX s64_brin_bloom ON s64_sorted USING brin (id scru64_bloom_ops) WITH (pages_per_range = 4);
SELECT s64_plan($$SELECT * FROM s64_sorted WHERE id = '0u375nxqh5cq'$$);
SELECT n FROM s64_sorted WHERE id = scru64_from_parts(6557084606, 4242);
DROP INDEX s64_brin_bloom;
RESET enable_seqscan;

-- joins: merge and hash, same answer as the nested loop
CREATE TABLE s64_u AS SELECT id, n FROM s64_t WHERE n % 3 = 0;
ANALYZE s64_u;
SET enable_hashjoin = off;
SET enable_nestloop = off;
SELECT s64_plan($$SELECT count(*) FROM s64_t t JOIN s64_u u ON t.id = u.id$$);
SELECT count(*) FROM s64_t t JOIN s64_u u ON t.id = u.id;
RESET enable_hashjoin;
SET enable_mergejoin = off;
SELECT s64_plan($$SELECT count(*) FROM s64_t t JOIN s64_u u ON t.id = u.id$$);
SELECT count(*) FROM s64_t t JOIN s64_u u ON t.id = u.id;
RESET enable_mergejoin;
RESET enable_nestloop;
SELECT count(*) AS expected FROM s64_t WHERE n % 3 = 0;

-- unique index and DISTINCT
CREATE UNIQUE INDEX s64_unique ON s64_t (id);
INSERT INTO s64_t VALUES ('zzzzzzzzzzzz', -1);
SELECT count(DISTINCT id) = count(*) AS distinct_ok FROM s64_t;

DROP TABLE s64_t, s64_sorted, s64_u;
DROP FUNCTION s64_plan(text);
