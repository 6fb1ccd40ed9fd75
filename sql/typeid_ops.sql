--
-- typeid comparison, order, hashing and indexes; the conversions to and
-- from uuid, the prefix and the time; the size on disk
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
RESET client_min_messages;
\set VERBOSITY default

-- prefixes that begin one another, an inner underscore, the empty prefix;
-- UUIDs that share leading bytes
CREATE TABLE typeid_set (n int, id typeid);
INSERT INTO typeid_set
	SELECT g, typeid(p, (left(md5(g::text), 32 - 4 * (g % 5)) || repeat('0', 4 * (g % 5)))::uuid)
	FROM generate_series(1, 3000) g,
		 LATERAL (SELECT (ARRAY['', 'a', 'a_b', 'a_a', 'ab', 'abc', 'b', 'z', 'user', 'user_x'])[g % 10 + 1] AS p) s;
-- a value and itself, and its neighbours differing only in the last bit
INSERT INTO typeid_set VALUES (0, 'a_00000000000000000000000000'), (0, 'a_00000000000000000000000001'),
	(0, 'a_00000000000000000000000001'), (0, 'a_7zzzzzzzzzzzzzzzzzzzzzzzzz'), (0, 'a_b_00000000000000000000000000');

-- the order is the C order of the text, and (prefix, uuid)
SELECT count(*) AS pairs,
	   count(*) FILTER (WHERE (a < b) <> (a::text COLLATE "C" < b::text COLLATE "C")) AS text_order_lt,
	   count(*) FILTER (WHERE (a = b) <> (a::text = b::text)) AS text_equality,
	   count(*) FILTER (WHERE (a < b) <> ((typeid_prefix(a) COLLATE "C", typeid_uuid(a)) <
										 (typeid_prefix(b) COLLATE "C", typeid_uuid(b)))) AS prefix_uuid_order,
	   count(*) FILTER (WHERE typeid_cmp(a, b) <> CASE WHEN a < b THEN -1 WHEN a > b THEN 1 ELSE 0 END) AS cmp,
	   count(*) FILTER (WHERE (a <= b) <> (a < b OR a = b) OR (a >= b) <> (a > b OR a = b)
							OR (a <> b) <> NOT (a = b) OR (a > b) <> (b < a)) AS operators,
	   count(*) FILTER (WHERE a = b) AS equal_pairs
FROM (SELECT s1.id AS a, s2.id AS b
	  FROM typeid_set s1 JOIN typeid_set s2 ON s2.n IN (s1.n, s1.n + 1, s1.n + 7, s1.n + 10, s1.n + 333)) p;
-- sorting (sort support) agrees with the text
SELECT count(*) AS rows,
	   count(*) FILTER (WHERE by_id <> by_text) AS sort_differences
FROM (SELECT row_number() OVER (ORDER BY id) AS by_id, row_number() OVER (ORDER BY id::text COLLATE "C") AS by_text
	  FROM (SELECT DISTINCT id FROM typeid_set) d) s;
SELECT id FROM typeid_set WHERE n = 0 OR n BETWEEN 1 AND 10 ORDER BY id;
-- min() and max() are the ends of that order
SELECT min(id) = (SELECT id FROM typeid_set ORDER BY id LIMIT 1) AS min,
	   max(id) = (SELECT id FROM typeid_set ORDER BY id DESC LIMIT 1) AS max,
	   min(id) AS smallest, max(id) AS largest
FROM typeid_set;

-- hashing: equal values hash alike; the seed changes the extended hash
SELECT count(*) FILTER (WHERE typeid_hash(a) <> typeid_hash(b)) AS hash_differs,
	   count(*) FILTER (WHERE typeid_hash_extended(a, 0) <> typeid_hash_extended(b, 0)) AS hash_extended_differs,
	   count(*) FILTER (WHERE typeid_hash_extended(a, 0) & 4294967295 <> typeid_hash(a)::bigint & 4294967295) AS seed_0_low_bits_not_hash,
	   count(*) FILTER (WHERE typeid_hash_extended(a, 1) = typeid_hash_extended(a, 0)) AS seed_ignored
FROM (SELECT id AS a, id::text::typeid AS b FROM typeid_set) s;
SELECT count(DISTINCT typeid_hash(id)) > 2900 AS hashes_spread FROM typeid_set;

-- btree (deduplicated: btequalimage) and hash indexes give the same rows
-- as a sequential scan
CREATE INDEX typeid_set_btree ON typeid_set (id);
CREATE INDEX typeid_set_hash ON typeid_set USING hash (id);
ANALYZE typeid_set;
SET enable_seqscan = off;
SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF) SELECT n FROM typeid_set WHERE id >= 'user_00000000000000000000000000' AND id < 'user_x_00000000000000000000000000';
SELECT count(*) AS user_range
FROM typeid_set WHERE id >= 'user_00000000000000000000000000' AND id <= 'user_7zzzzzzzzzzzzzzzzzzzzzzzzz';
DROP INDEX typeid_set_btree;
EXPLAIN (COSTS OFF) SELECT n FROM typeid_set WHERE id = 'user_01h455vb4pex5vsknk084sn02q';
SELECT count(*) AS hash_lookups_found
FROM typeid_set s WHERE EXISTS (SELECT FROM typeid_set t WHERE t.id = s.id::text::typeid AND t.n = s.n);
RESET enable_seqscan;
RESET enable_bitmapscan;
SELECT count(*) FILTER (WHERE typeid_prefix(id) = 'user') AS seqscan_user_range FROM typeid_set;
-- a unique index, with the equal pair of n = 0
CREATE UNIQUE INDEX typeid_set_unique ON typeid_set (id);
-- btree deduplication is allowed (btequalimage), and amcheck agrees that
-- the order holds for every index tuple
CREATE INDEX typeid_set_btree ON typeid_set (id);
CREATE EXTENSION pageinspect;
SELECT allequalimage FROM bt_metap('typeid_set_btree');
DROP EXTENSION pageinspect;
CREATE EXTENSION amcheck;
SELECT bt_index_check('typeid_set_btree', true);
DROP EXTENSION amcheck;
-- hash and merge joins agree
SET enable_nestloop = off;
SET enable_mergejoin = off;
SELECT count(*) AS hash_join FROM typeid_set a JOIN typeid_set b ON a.id = b.id;
SET enable_mergejoin = on;
SET enable_hashjoin = off;
SELECT count(*) AS merge_join FROM typeid_set a JOIN typeid_set b ON a.id = b.id;
RESET enable_nestloop;
RESET enable_mergejoin;
RESET enable_hashjoin;

-- conversions: the UUID, the prefix, the pair, to and from uuid
SELECT id, typeid_prefix(id) AS prefix, typeid_uuid(id) AS uuid, id::uuid AS cast_uuid
FROM (VALUES ('user_01h455vb4pex5vsknk084sn02q'::typeid), ('01h455vb4pex5vsknk084sn02q'),
			 ('a_b_7zzzzzzzzzzzzzzzzzzzzzzzzz')) v(id);
SELECT '01890a5d-ac96-774b-bcce-b302099a8057'::uuid::typeid AS from_uuid,
	   typeid('01890a5d-ac96-774b-bcce-b302099a8057'::uuid) AS function_form,
	   typeid('user', '01890a5d-ac96-774b-bcce-b302099a8057') AS with_prefix;
SELECT typeid('User', '01890a5d-ac96-774b-bcce-b302099a8057');
SELECT typeid('', '01890a5d-ac96-774b-bcce-b302099a8057') = '01890a5d-ac96-774b-bcce-b302099a8057'::uuid::typeid AS empty_prefix;
SELECT typeid(NULL, '01890a5d-ac96-774b-bcce-b302099a8057') IS NULL AND typeid('user', NULL) IS NULL
	   AND typeid_prefix(NULL) IS NULL AND typeid_uuid(NULL) IS NULL AS strict;
-- a bare literal is read as a cast to typeid, not as a call
SELECT typeid('user_01h455vb4pex5vsknk084sn02q') AS a_cast;
SELECT typeid('user');
-- no implicit cast to or from uuid: comparing the two is an error
-- (terse: 19 words the error's hint differently)
\set VERBOSITY terse
SELECT 'user_01h455vb4pex5vsknk084sn02q'::typeid = '01890a5d-ac96-774b-bcce-b302099a8057'::uuid;
\set VERBOSITY default
-- text and varchar convert by assignment
CREATE TABLE typeid_assign (id typeid);
INSERT INTO typeid_assign VALUES ('user_01h455vb4pex5vsknk084sn02q'::text), ('post_01h455vb4pex5vsknk084sn02q'::varchar);
SELECT id FROM typeid_assign ORDER BY id;
INSERT INTO typeid_assign VALUES ('01890a5d-ac96-774b-bcce-b302099a8057'::uuid);

-- the time: a UUIDv7's millisecond, NULL for other versions (compared with
-- the first 48 bits read by hand: 17's uuid_extract_timestamp reads only v1)
SET TimeZone = 'UTC';
SELECT id, uuid_extract_version(id::uuid) AS version, typeid_timestamp(id) AS time,
	   typeid_timestamp(id) IS NOT DISTINCT FROM
	   CASE WHEN uuid_extract_version(id::uuid) = 7
			THEN to_timestamp(('x' || left(replace(id::uuid::text, '-', ''), 12))::bit(48)::bigint / 1000.0)
	   END AS same_as_unix_ts_ms
FROM (VALUES ('user_01h455vb4pex5vsknk084sn02q'::typeid), ('00000000000000000000000000'),
			 ('7zzzzzzzzzzzzzzzzzzzzzzzzz'), (typeid('x', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')),
			 (typeid('x', '4d9f6a6c-3b8e-4a0b-9c1f-2a5e7d8b9c0d'))) v(id);
RESET TimeZone;

-- the size: the UUID's 16 bytes, the prefix's bytes and a 1-byte header on
-- disk (4 in memory)
SELECT p, pg_column_size(typeid(p, '01890a5d-ac96-774b-bcce-b302099a8057')) AS in_memory
FROM (VALUES (''), ('user'), (repeat('a', 63))) v(p);
CREATE TABLE typeid_sizes (id typeid);
INSERT INTO typeid_sizes
	SELECT typeid(p, '01890a5d-ac96-774b-bcce-b302099a8057') FROM (VALUES (''), ('user'), (repeat('a', 63))) v(p);
SELECT length(typeid_prefix(id)) AS prefix_length, pg_column_size(id) AS on_disk FROM typeid_sizes ORDER BY 1;
SELECT typlen, typalign, typstorage FROM pg_type WHERE oid = 'typeid'::regtype;

DROP TABLE typeid_set, typeid_assign, typeid_sizes;
