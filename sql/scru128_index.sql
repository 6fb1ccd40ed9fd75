--
-- scru128 index support: btree, hash, BRIN (minmax, minmax-multi, bloom),
-- merge and hash joins, hash aggregation, hash partitioning and sorting
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
RESET client_min_messages;

-- time-ordered, deterministic IDs: 100 per millisecond
CREATE TABLE idx_t (id scru128, n integer);
INSERT INTO idx_t
	SELECT scru128_from_fields(1700000000000 + g / 100, 4242, 1000 + g, (g * 2654435761) % 4294967296), g
	FROM generate_series(0, 49999) g;
ANALYZE idx_t;

SET enable_seqscan = off;

-- btree
CREATE INDEX idx_t_btree ON idx_t USING btree (id);
EXPLAIN (COSTS OFF) SELECT n FROM idx_t WHERE id = scru128_from_fields(1700000000123, 4242, 13345, 2703968361);
SELECT n FROM idx_t WHERE id = (SELECT id FROM idx_t WHERE n = 12345);
EXPLAIN (COSTS OFF)
SELECT count(*) FROM idx_t
WHERE id >= scru128_min(timestamptz '2023-11-14 22:13:20.100+00')
  AND id <= scru128_max(timestamptz '2023-11-14 22:13:20.109+00');
SELECT count(*), min(n), max(n) FROM idx_t
WHERE id >= scru128_min(timestamptz '2023-11-14 22:13:20.100+00')
  AND id <= scru128_max(timestamptz '2023-11-14 22:13:20.109+00');
EXPLAIN (COSTS OFF) SELECT n FROM idx_t ORDER BY id DESC LIMIT 3;
SELECT n FROM idx_t ORDER BY id DESC LIMIT 3;
-- (16 and later no longer print "(returns $0)" after an InitPlan; 19 names
-- it "InitPlan minmax_1" and adds "Replaces: MinMaxAggregate")
CREATE FUNCTION idx_plan(query text) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE
	line text;
BEGIN
	FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || query LOOP
		CONTINUE WHEN line ~ '^\s*Replaces: MinMaxAggregate$';
		line := regexp_replace(line, '^(\s*InitPlan) minmax_(\d+)$', '\1 \2');
		RETURN NEXT regexp_replace(line, ' \(returns \$\d+\)$', '');
	END LOOP;
END
$$;
SELECT idx_plan('SELECT max(id) FROM idx_t');
DROP FUNCTION idx_plan(text);
SELECT max(id) = (SELECT id FROM idx_t WHERE n = 49999) AS max_ok,
	   min(id) = (SELECT id FROM idx_t WHERE n = 0) AS min_ok FROM idx_t;

-- btree deduplication is allowed (btequalimage)
CREATE EXTENSION pageinspect;
SELECT allequalimage FROM bt_metap('idx_t_btree');
DROP EXTENSION pageinspect;
DROP INDEX idx_t_btree;

-- unique index and primary key
ALTER TABLE idx_t ADD PRIMARY KEY (id);
INSERT INTO idx_t SELECT id, -1 FROM idx_t WHERE n = 7;
ALTER TABLE idx_t DROP CONSTRAINT idx_t_pkey;

-- hash
CREATE INDEX idx_t_hash ON idx_t USING hash (id);
EXPLAIN (COSTS OFF) SELECT n FROM idx_t WHERE id = scru128_from_fields(1700000000123, 4242, 13345, 2703968361);
SELECT n FROM idx_t WHERE id = (SELECT id FROM idx_t WHERE n = 31337);
SELECT n FROM idx_t WHERE id = scru128_from_fields(1700000000123, 4242, 13345, 2703968361);
DROP INDEX idx_t_hash;

-- BRIN, each operator class: the same answers as a sequential scan
CREATE TABLE idx_expect AS
	SELECT count(*) AS c, sum(n) AS s FROM idx_t
	WHERE id BETWEEN scru128_min(timestamptz '2023-11-14 22:13:20.250+00')
				 AND scru128_max(timestamptz '2023-11-14 22:13:20.252+00');
SELECT * FROM idx_expect;

CREATE INDEX idx_t_brin ON idx_t USING brin (id) WITH (pages_per_range = 2);
EXPLAIN (COSTS OFF)
SELECT count(*), sum(n) FROM idx_t
WHERE id BETWEEN scru128_min(timestamptz '2023-11-14 22:13:20.250+00')
			 AND scru128_max(timestamptz '2023-11-14 22:13:20.252+00');
SELECT count(*) = (SELECT c FROM idx_expect) AND sum(n) = (SELECT s FROM idx_expect) AS same FROM idx_t
WHERE id BETWEEN scru128_min(timestamptz '2023-11-14 22:13:20.250+00')
			 AND scru128_max(timestamptz '2023-11-14 22:13:20.252+00');
SELECT n FROM idx_t WHERE id = (SELECT id FROM idx_t WHERE n = 4711);
DROP INDEX idx_t_brin;

CREATE INDEX idx_t_brin_multi ON idx_t USING brin (id scru128_minmax_multi_ops(values_per_range = 8))
	WITH (pages_per_range = 4);
EXPLAIN (COSTS OFF)
SELECT count(*), sum(n) FROM idx_t
WHERE id BETWEEN scru128_min(timestamptz '2023-11-14 22:13:20.250+00')
			 AND scru128_max(timestamptz '2023-11-14 22:13:20.252+00');
SELECT count(*) = (SELECT c FROM idx_expect) AND sum(n) = (SELECT s FROM idx_expect) AS same FROM idx_t
WHERE id BETWEEN scru128_min(timestamptz '2023-11-14 22:13:20.250+00')
			 AND scru128_max(timestamptz '2023-11-14 22:13:20.252+00');
SELECT n FROM idx_t WHERE id = (SELECT id FROM idx_t WHERE n = 4711);
DROP INDEX idx_t_brin_multi;

CREATE INDEX idx_t_brin_bloom ON idx_t USING brin (id scru128_bloom_ops) WITH (pages_per_range = 4);
EXPLAIN (COSTS OFF) SELECT n FROM idx_t WHERE id = scru128_from_fields(1700000000123, 4242, 13345, 2703968361);
SELECT n FROM idx_t WHERE id = (SELECT id FROM idx_t WHERE n = 4711);
SELECT n FROM idx_t WHERE id = scru128_from_fields(1700000000123, 4242, 13345, 2703968361);
DROP INDEX idx_t_brin_bloom;

-- minmax-multi merges ranges with the distance function: random values
CREATE TABLE idx_r AS SELECT gen_random_uuid()::scru128 AS id FROM generate_series(1, 20000);
INSERT INTO idx_r VALUES ('0000000000000000000000000'), ('f5lxx1zz5pnorynqglhzmsp33');
CREATE INDEX idx_r_multi ON idx_r USING brin (id scru128_minmax_multi_ops(values_per_range = 16))
	WITH (pages_per_range = 8);
RESET enable_seqscan;
CREATE TABLE idx_r_expect AS
	SELECT count(*) AS c FROM idx_r WHERE id BETWEEN '1000000000000000000000000' AND '2000000000000000000000000';
SET enable_seqscan = off;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM idx_r WHERE id BETWEEN '1000000000000000000000000' AND '2000000000000000000000000';
SELECT count(*) = (SELECT c FROM idx_r_expect) AS same, count(*) > 1000 AS many
FROM idx_r WHERE id BETWEEN '1000000000000000000000000' AND '2000000000000000000000000';
SELECT count(*) FROM idx_r WHERE id <= '0000000000000000000000000' OR id >= 'f5lxx1zz5pnorynqglhzmsp33';
CREATE FUNCTION idx_lookups() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
	found bigint := 0;
	x scru128;
BEGIN
	FOR x IN SELECT id FROM idx_r TABLESAMPLE SYSTEM (5) REPEATABLE (1) LOOP
		found := found + (SELECT count(*) FROM idx_r WHERE id = x);
	END LOOP;
	RETURN found;
END
$$;
SELECT idx_lookups() = (SELECT count(*) FROM idx_r TABLESAMPLE SYSTEM (5) REPEATABLE (1)) AS all_found;
RESET enable_seqscan;

-- joins and aggregation
CREATE TABLE idx_u AS SELECT id, n FROM idx_t WHERE n % 3 = 0;
ANALYZE idx_u;
SET enable_hashjoin = off;
SET enable_nestloop = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM idx_t t JOIN idx_u u ON t.id = u.id;
SELECT count(*), sum(t.n - u.n) FROM idx_t t JOIN idx_u u ON t.id = u.id;
RESET enable_hashjoin;
SET enable_mergejoin = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM idx_t t JOIN idx_u u ON t.id = u.id;
SELECT count(*), sum(t.n - u.n) FROM idx_t t JOIN idx_u u ON t.id = u.id;
RESET enable_mergejoin;
RESET enable_nestloop;

SET enable_sort = off;
EXPLAIN (COSTS OFF) SELECT id, count(*) FROM (SELECT id FROM idx_t UNION ALL SELECT id FROM idx_u) s GROUP BY id;
SELECT count(*) AS groups, sum(c) AS rows, max(c) AS max_per_group
FROM (SELECT id, count(*) AS c FROM (SELECT id FROM idx_t UNION ALL SELECT id FROM idx_u) s GROUP BY id) g;
EXPLAIN (COSTS OFF) SELECT DISTINCT id FROM idx_u;
SELECT count(*) FROM (SELECT DISTINCT id FROM idx_u) d;
RESET enable_sort;

-- hash partitioning
CREATE TABLE idx_p (id scru128 PRIMARY KEY, n integer) PARTITION BY HASH (id);
CREATE TABLE idx_p0 PARTITION OF idx_p FOR VALUES WITH (MODULUS 4, REMAINDER 0);
CREATE TABLE idx_p1 PARTITION OF idx_p FOR VALUES WITH (MODULUS 4, REMAINDER 1);
CREATE TABLE idx_p2 PARTITION OF idx_p FOR VALUES WITH (MODULUS 4, REMAINDER 2);
CREATE TABLE idx_p3 PARTITION OF idx_p FOR VALUES WITH (MODULUS 4, REMAINDER 3);
INSERT INTO idx_p SELECT id, n FROM idx_t;
SELECT tableoid::regclass AS partition, count(*) FROM idx_p GROUP BY 1 ORDER BY 1;
SELECT count(*) AS misplaced FROM idx_p
WHERE NOT satisfies_hash_partition('idx_p'::regclass, 4,
		substr(tableoid::regclass::text, 6)::int, id);
EXPLAIN (COSTS OFF) SELECT n FROM idx_p WHERE id = scru128_from_fields(1700000000123, 4242, 13345, 2703968361);
SELECT n FROM idx_p WHERE id = scru128_from_fields(1700000000123, 4242, 13345, 2703968361);

-- sorting 100k random values: the order of the bytes and of the text,
-- with abbreviated keys (random prefixes) and with their abort (one prefix)
CREATE TABLE idx_s AS
	SELECT gen_random_uuid()::scru128 AS id FROM generate_series(1, 100000)
	UNION ALL
	SELECT scru128_from_fields(1700000000000, 77, g, (random() * 4294967295)::bigint)
	FROM generate_series(1, 100000) g;
SET work_mem = '64MB';
SELECT count(*) AS sorted,
	   count(*) FILTER (WHERE r_id <> r_bytea OR r_id <> r_text) AS misordered
FROM (SELECT row_number() OVER (ORDER BY id) AS r_id,
			 row_number() OVER (ORDER BY id::bytea) AS r_bytea,
			 row_number() OVER (ORDER BY id::text COLLATE "C") AS r_text
	  FROM idx_s) s;
SELECT bool_and(a.id < b.id) AS strictly_increasing
FROM (SELECT id, row_number() OVER () AS r FROM (SELECT id FROM idx_s ORDER BY id) o) a
JOIN (SELECT id, row_number() OVER () AS r FROM (SELECT id FROM idx_s ORDER BY id) o) b
  ON b.r = a.r + 1;
-- abbreviated keys are relative to a 16-second window around the first
-- value sorted: IDs before, in and after it sort in byte order
CREATE TABLE idx_w (id scru128);
INSERT INTO idx_w VALUES (scru128_from_fields(1700000014000, 5, 5, 5));
INSERT INTO idx_w
	SELECT scru128_from_fields(1700000014000 + (g * 7919) % 40000 - 20000,
							   (random() * 16777215)::integer, (random() * 16777215)::integer,
							   (random() * 4294967295)::bigint)
	FROM generate_series(1, 100000) g;
INSERT INTO idx_w SELECT scru128_from_fields(1700000014000, 5, 5, 5 + g) FROM generate_series(1, 1000) g;
SET work_mem = '64MB';
SELECT count(*) AS sorted,
	   count(*) FILTER (WHERE r_id <> r_bytea) AS misordered,
	   count(DISTINCT sign((scru128_timestamp_ms(id) - 1700000014000) / 8192)) AS classes
FROM (SELECT id, row_number() OVER (ORDER BY id) AS r_id,
			 row_number() OVER (ORDER BY id::bytea) AS r_bytea
	  FROM idx_w) s;
-- an external sort too
SET work_mem = '1MB';
SELECT bool_and(prev < id) AS external_sort_increasing
FROM (SELECT id, lag(id) OVER (ORDER BY id) AS prev FROM idx_s) s WHERE prev IS NOT NULL;
RESET work_mem;

DROP TABLE idx_t, idx_u, idx_r, idx_r_expect, idx_p, idx_s, idx_w, idx_expect;
DROP FUNCTION idx_lookups();
