--
-- ulid in indexes: B-tree and hash lookups, BRIN minmax, minmax-multi and
-- bloom (also on a column of a domain over ulid), min/max through the
-- index, and a uuid column converted in place to ulid
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
RESET client_min_messages;

-- IDs in time order, as a generator fills a table
CREATE TABLE ui (id ulid NOT NULL, n int NOT NULL);
INSERT INTO ui SELECT (lpad(to_hex(1772323200000 + g * 10), 12, '0') || substr(md5(g::text), 1, 20))::uuid::ulid, g
FROM generate_series(1, 100000) g;
CREATE DOMAIN ulid_d AS ulid;
ALTER TABLE ui ADD COLUMN d ulid_d;
UPDATE ui SET d = id;
VACUUM ANALYZE ui;

SELECT ulid_min(to_timestamp(1772323500)) AS lo, ulid_max(to_timestamp(1772323560)) AS hi \gset
\set lo '''' :lo ''''
\set hi '''' :hi ''''
SELECT count(*) AS expected FROM ui WHERE id BETWEEN :lo AND :hi \gset
SELECT :expected > 1000 AS enough;

CREATE INDEX ui_btree ON ui (id);
CREATE INDEX ui_hash ON ui USING hash (id);
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM ui WHERE id BETWEEN :lo AND :hi;
SELECT count(*) = :expected AS btree_range FROM ui WHERE id BETWEEN :lo AND :hi;
SELECT count(*) AS btree_equal FROM ui WHERE id = (SELECT id FROM ui WHERE n = 777);
SET enable_indexscan = off; SET enable_indexonlyscan = off;
DROP INDEX ui_btree;
EXPLAIN (COSTS OFF) SELECT count(*) FROM ui WHERE id = '01KJGJ6F2R0000000000000000';
SELECT count(*) AS hash_equal FROM ui WHERE id = (SELECT id FROM ui WHERE n = 777);
DROP INDEX ui_hash;

-- BRIN: every class, on the type and on the domain
CREATE INDEX ui_brin ON ui USING brin (id);
EXPLAIN (COSTS OFF) SELECT count(*) FROM ui WHERE id BETWEEN :lo AND :hi;
SELECT count(*) = :expected AS brin_minmax FROM ui WHERE id BETWEEN :lo AND :hi;
SELECT count(*) = :expected AS brin_minmax_time FROM ui
WHERE id >= ulid_timestamp(:lo) AND id < ulid_timestamp(:hi) + interval '1 ms';
DROP INDEX ui_brin;
CREATE INDEX ui_brin_multi ON ui USING brin (id ulid_minmax_multi_ops);
SELECT count(*) = :expected AS brin_minmax_multi FROM ui WHERE id BETWEEN :lo AND :hi;
DROP INDEX ui_brin_multi;
CREATE INDEX ui_bloom ON ui USING brin (id ulid_bloom_ops);
EXPLAIN (COSTS OFF) SELECT count(*) FROM ui WHERE id = '01KJGJ6F2R0000000000000000';
SELECT count(*) AS brin_bloom FROM ui WHERE id = (SELECT id FROM ui WHERE n = 777);
DROP INDEX ui_bloom;
CREATE INDEX ui_brin_d ON ui USING brin (d);
CREATE INDEX ui_brin_multi_d ON ui USING brin (d ulid_minmax_multi_ops);
SELECT count(*) = :expected AS brin_on_domain FROM ui WHERE d BETWEEN :lo AND :hi;
RESET enable_seqscan; RESET enable_indexscan; RESET enable_indexonlyscan;

-- min() and max() through a B-tree
CREATE INDEX ui_btree ON ui (id);
SELECT max(id) = (SELECT id FROM ui ORDER BY n DESC LIMIT 1) AS max_is_last FROM ui;

-- a uuid column holding ULID bytes becomes a ulid column without a
-- rewrite (the cast is binary coercible), and back
CREATE TABLE uu (id uuid PRIMARY KEY);
INSERT INTO uu SELECT id::uuid FROM ui;
SELECT pg_relation_filenode('uu') AS before \gset
ALTER TABLE uu ALTER COLUMN id TYPE ulid;
SELECT pg_relation_filenode('uu') = :before AS not_rewritten,
	   (SELECT count(*) FROM uu JOIN ui USING (id)) AS same_values,
	   pg_get_indexdef('uu_pkey'::regclass) AS index;
ALTER TABLE uu ALTER COLUMN id TYPE uuid;
SELECT pg_relation_filenode('uu') = :before AS not_rewritten_back;
DROP TABLE uu, ui;
DROP DOMAIN ulid_d;
