--
-- scru160 index support: btree (also unique, deduplicated, backward, and
-- range scans by time), hash, BRIN minmax, minmax-multi and bloom, merge
-- and hash joins
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
RESET client_min_messages;

-- the scan node and index of a query's plan, whatever surrounds it
CREATE FUNCTION s160_scan(query text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
	line text;
	found text := NULL;
BEGIN
	FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || query LOOP
		IF line ~ '(Index Only Scan|Index Scan|Bitmap Index Scan)' THEN
			found := coalesce(found || '; ', '') ||
				(regexp_match(line, '((Index Only Scan|Index Scan|Bitmap Index Scan)( Backward)? (using|on) \w+)'))[1];
		END IF;
		IF line ~ 'Seq Scan' THEN
			found := coalesce(found || '; ', '') || 'Seq Scan';
		END IF;
	END LOOP;
	RETURN found;
END $$;

-- time-ordered, deterministic IDs: 100 per millisecond
CREATE TABLE idx160 (id scru160, n integer);
INSERT INTO idx160
	SELECT scru160_from_fields(1700000000000 + g / 100, 20000 + g % 100, (g * 40503) % 65536,
							   decode(substr(md5(g::text), 1, 20), 'hex')), g
	FROM generate_series(0, 49999) g;
ANALYZE idx160;
\set t100 'timestamptz ''2023-11-14 22:13:20.100+00'''
\set t109 'timestamptz ''2023-11-14 22:13:20.109+00'''
\set t250 'timestamptz ''2023-11-14 22:13:20.250+00'''
\set t252 'timestamptz ''2023-11-14 22:13:20.252+00'''
CREATE TABLE idx160_expect AS
	SELECT count(*) AS c, sum(n) AS s FROM idx160
	WHERE id BETWEEN scru160_min(:t250) AND scru160_max(:t252);
SELECT * FROM idx160_expect;

SET enable_seqscan = off;

-- btree
CREATE INDEX idx160_btree ON idx160 USING btree (id);
SELECT s160_scan('SELECT n FROM idx160 WHERE id = scru160_from_fields(1700000000123, 20045, 12345, ''\x00000000000000000000'')') AS plan;
SELECT n FROM idx160 WHERE id = (SELECT id FROM idx160 WHERE n = 12345);
SELECT s160_scan($$SELECT count(*) FROM idx160 WHERE id >= scru160_min($$ || quote_literal(:t100) || $$) AND id <= scru160_max($$ || quote_literal(:t109) || $$)$$) AS plan;
SELECT count(*), min(n), max(n) FROM idx160
WHERE id >= scru160_min(:t100) AND id <= scru160_max(:t109);
SET enable_bitmapscan = off;
SELECT s160_scan('SELECT n FROM idx160 ORDER BY id DESC LIMIT 3') AS plan;
SELECT n FROM idx160 ORDER BY id DESC LIMIT 3;
SELECT s160_scan('SELECT id FROM idx160 WHERE id > ''05U0GF0J0SP1ADJPT0U4VHIMCJJAIP51'' ORDER BY id LIMIT 2') AS plan;
SELECT max(id) = (SELECT id FROM idx160 WHERE n = 49999) AS max_ok,
	   min(id) = (SELECT id FROM idx160 WHERE n = 0) AS min_ok FROM idx160;
-- a full index scan returns every row in byte order
SELECT count(*) AS rows_in_order FROM (
	SELECT id, lag(id) OVER () AS prev FROM (SELECT id FROM idx160 ORDER BY id) s) t
WHERE prev IS NULL OR prev::bytea < id::bytea;
RESET enable_bitmapscan;

-- btree deduplication is allowed (btequalimage), and amcheck agrees
CREATE EXTENSION pageinspect;
SELECT allequalimage FROM bt_metap('idx160_btree');
DROP EXTENSION pageinspect;
CREATE EXTENSION amcheck;
SELECT bt_index_check('idx160_btree', true);
DROP EXTENSION amcheck;
DROP INDEX idx160_btree;

-- unique index and primary key
ALTER TABLE idx160 ADD PRIMARY KEY (id);
INSERT INTO idx160 SELECT id, -1 FROM idx160 WHERE n = 7;
INSERT INTO idx160 SELECT scru160_hex(id)::scru160, -1 FROM idx160 WHERE n = 7;
ALTER TABLE idx160 DROP CONSTRAINT idx160_pkey;

-- hash
CREATE INDEX idx160_hash ON idx160 USING hash (id);
SELECT s160_scan('SELECT n FROM idx160 WHERE id = ''05U0GF0J0SP1ADJPT0U4VHIMCJJAIP51''') AS plan;
SELECT n FROM idx160 WHERE id = (SELECT id FROM idx160 WHERE n = 31337);
SELECT count(*) AS found FROM idx160 a WHERE a.id = (SELECT id FROM idx160 b WHERE b.n = a.n) AND a.n % 1000 = 0;
DROP INDEX idx160_hash;

-- BRIN, each operator class: the same answers as the sequential scan
CREATE INDEX idx160_brin ON idx160 USING brin (id) WITH (pages_per_range = 2);
SELECT s160_scan($$SELECT count(*) FROM idx160 WHERE id BETWEEN scru160_min($$ || quote_literal(:t250) || $$) AND scru160_max($$ || quote_literal(:t252) || $$)$$) AS plan;
SELECT count(*) = (SELECT c FROM idx160_expect) AND sum(n) = (SELECT s FROM idx160_expect) AS same
FROM idx160 WHERE id BETWEEN scru160_min(:t250) AND scru160_max(:t252);
SELECT n FROM idx160 WHERE id = (SELECT id FROM idx160 WHERE n = 4711);
DROP INDEX idx160_brin;

CREATE INDEX idx160_brin_multi ON idx160 USING brin (id scru160_minmax_multi_ops(values_per_range = 8))
	WITH (pages_per_range = 4);
SELECT s160_scan($$SELECT count(*) FROM idx160 WHERE id BETWEEN scru160_min($$ || quote_literal(:t250) || $$) AND scru160_max($$ || quote_literal(:t252) || $$)$$) AS plan;
SELECT count(*) = (SELECT c FROM idx160_expect) AND sum(n) = (SELECT s FROM idx160_expect) AS same
FROM idx160 WHERE id BETWEEN scru160_min(:t250) AND scru160_max(:t252);
SELECT n FROM idx160 WHERE id = (SELECT id FROM idx160 WHERE n = 4711);
-- rows scattered in time: more values per range than values_per_range,
-- so ranges are merged by the distance function; answers still match
CREATE TABLE idx160_scatter AS
	SELECT id, n FROM idx160 ORDER BY md5(n::text);
CREATE INDEX idx160_scatter_multi ON idx160_scatter USING brin (id scru160_minmax_multi_ops(values_per_range = 8))
	WITH (pages_per_range = 4);
SELECT s160_scan($$SELECT count(*) FROM idx160_scatter WHERE id BETWEEN scru160_min($$ || quote_literal(:t250) || $$) AND scru160_max($$ || quote_literal(:t252) || $$)$$) AS plan;
SELECT count(*) = (SELECT c FROM idx160_expect) AND sum(n) = (SELECT s FROM idx160_expect) AS same
FROM idx160_scatter WHERE id BETWEEN scru160_min(:t250) AND scru160_max(:t252);
DROP TABLE idx160_scatter;
DROP INDEX idx160_brin_multi;

CREATE INDEX idx160_bloom ON idx160 USING brin (id scru160_bloom_ops) WITH (pages_per_range = 2);
SELECT s160_scan('SELECT n FROM idx160 WHERE id = ''05U0GF0J0SP1ADJPT0U4VHIMCJJAIP51''') AS plan;
SELECT n FROM idx160 WHERE id = (SELECT id FROM idx160 WHERE n = 4711);
SELECT count(*) AS none FROM idx160 WHERE id = '05U0GF0J0SP1ADJPT0U4VHIMCJJAIP51';
DROP INDEX idx160_bloom;

-- BRIN on a column of a domain over scru160: every class works on the column
-- itself (from release 1.2 on; see sql/brin_domain.sql) and on the cast to
-- scru160 (what release 1.1 needed)
CREATE DOMAIN idx160_domain AS scru160 CHECK (VALUE > '00000000000000000000000000000000');
CREATE TABLE idx160_dom AS SELECT id::idx160_domain AS id, n FROM idx160;
CREATE FUNCTION idx160_try(ddl text) RETURNS text
LANGUAGE plpgsql AS $$
BEGIN
	EXECUTE ddl;
	RETURN 'ok';
EXCEPTION WHEN OTHERS THEN
	RETURN SQLSTATE || ' ' || regexp_replace(SQLERRM, '[0-9]+', 'N', 'g');
END $$;
SELECT opclass, idx160_try(format('CREATE INDEX ON idx160_dom USING brin ((id::scru160) %s)', opclass)) AS on_cast,
	   idx160_try(format('CREATE INDEX ON idx160_dom USING brin (id %s)', opclass)) AS on_column
FROM (VALUES ('scru160_minmax_ops'), ('scru160_minmax_multi_ops'), ('scru160_bloom_ops')) c(opclass)
ORDER BY opclass;
SELECT count(*) AS brin_indexes FROM pg_index WHERE indrelid = 'idx160_dom'::regclass;
SELECT s160_scan($$SELECT n FROM idx160_dom WHERE id::scru160 = '05U0GF0J0SP1ADJPT0U4VHIMCJJAIP51'$$) IS NOT NULL AS index_used;
SELECT count(*) = (SELECT c FROM idx160_expect) AND sum(n) = (SELECT s FROM idx160_expect) AS same
FROM idx160_dom WHERE id::scru160 BETWEEN scru160_min(:t250) AND scru160_max(:t252);
DROP TABLE idx160_dom;
DROP DOMAIN idx160_domain;
DROP FUNCTION idx160_try(text);

RESET enable_seqscan;

-- merge join (sort support) and hash join agree
CREATE TABLE idx160_other AS SELECT id, n FROM idx160 WHERE n % 3 = 0;
SET enable_hashjoin = off;
SET enable_nestloop = off;
SELECT count(*) AS merge_joined, sum(a.n - b.n) AS zero FROM idx160 a JOIN idx160_other b USING (id);
RESET enable_hashjoin;
SET enable_mergejoin = off;
SELECT count(*) AS hash_joined, sum(a.n - b.n) AS zero FROM idx160 a JOIN idx160_other b USING (id);
RESET enable_mergejoin;
RESET enable_nestloop;

DROP TABLE idx160, idx160_expect, idx160_other;
DROP FUNCTION s160_scan(text);
