--
-- ulid operators, ordering, aggregates, hashing and catalog labels
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
RESET client_min_messages;

\set a '''01BX5ZZKBKACTAV9WEVGEMMVRZ''::ulid'
\set b '''01BX5ZZKBKACTAV9WEVGEMMVS0''::ulid'
SELECT :a = :a AS eq, :a = :b AS eq_false, :a <> :b AS ne, :a <> :a AS ne_false,
	   :a < :b AS lt, :b < :a AS lt_false, :a <= :a AS le, :b <= :a AS le_false,
	   :b > :a AS gt, :a > :b AS gt_false, :a >= :a AS ge, :a >= :b AS ge_false,
	   ulid_cmp(:a, :b) AS cmp_lt, ulid_cmp(:b, :a) AS cmp_gt, ulid_cmp(:a, :a) AS cmp_eq;

--
-- sort order = byte order = text order = uuid order, over 150 000 values:
-- bursts within a millisecond and a second (as the abbreviated keys see
-- them), values far apart, the extremes, and random bytes; sorted in
-- memory (abbreviated keys), by an external sort, and through a btree
--
CREATE TABLE ops_u (n integer PRIMARY KEY, id ulid);
INSERT INTO ops_u
	SELECT g, CASE g % 4
		WHEN 0 THEN (lpad(to_hex(1700000000000 + g / 50), 12, '0') || substr(md5(g::text), 1, 20))::uuid::ulid
		WHEN 1 THEN (lpad(to_hex(1700000000000 + g % 997), 12, '0') || lpad(to_hex(g), 20, '0'))::uuid::ulid
		WHEN 2 THEN (lpad(to_hex((g::bigint * 2654435761) % 281474976710656), 12, '0') || substr(md5(g::text), 1, 20))::uuid::ulid
		ELSE md5(g::text)::uuid::ulid
	END
	FROM generate_series(1, 150000) g;
INSERT INTO ops_u VALUES (0, '00000000000000000000000000'), (-1, '7ZZZZZZZZZZZZZZZZZZZZZZZZZ'),
	(-2, ulid_min('2023-11-14 22:13:20+00')), (-3, ulid_max('2023-11-14 22:13:20+00'));
SELECT count(*) AS ids, count(DISTINCT id) AS distinct_ids FROM ops_u;
CREATE TABLE ops_uranks AS
	SELECT n,
		   row_number() OVER (ORDER BY id) AS by_value,
		   row_number() OVER (ORDER BY id::bytea) AS by_bytes,
		   row_number() OVER (ORDER BY id::text COLLATE "C") AS by_text,
		   row_number() OVER (ORDER BY id::uuid) AS by_uuid
	FROM ops_u;
SELECT count(*) AS ranked,
	   count(*) FILTER (WHERE by_value <> by_bytes) AS value_vs_bytes,
	   count(*) FILTER (WHERE by_value <> by_text) AS value_vs_text,
	   count(*) FILTER (WHERE by_value <> by_uuid) AS value_vs_uuid
FROM ops_uranks;
SET work_mem = '1MB';
CREATE TABLE ops_usorted AS SELECT row_number() OVER () AS rk, n FROM (SELECT n FROM ops_u ORDER BY id DESC) s;
SELECT count(*) FILTER (WHERE s.n <> r.n) AS external_desc_sort_mismatches
FROM ops_usorted s JOIN (SELECT n, count(*) OVER () + 1 - by_bytes AS rk FROM ops_uranks) r USING (rk);
RESET work_mem;
CREATE INDEX ops_u_id ON ops_u (id);
SET enable_seqscan = off;
SET enable_bitmapscan = off;
CREATE TABLE ops_uscanned AS SELECT row_number() OVER () AS rk, n FROM (SELECT n FROM ops_u ORDER BY id) s;
SELECT count(*) FILTER (WHERE s.n <> r.n) AS index_order_mismatches
FROM ops_uscanned s JOIN ops_uranks r ON r.by_bytes = s.rk;
RESET enable_seqscan;
RESET enable_bitmapscan;
SELECT count(*) AS pairs,
	   count(*) FILTER (WHERE (x.id < y.id) <> (x.id::bytea < y.id::bytea)
						   OR (x.id <= y.id) <> (x.id::bytea <= y.id::bytea)
						   OR (x.id = y.id) <> (x.id::bytea = y.id::bytea)
						   OR (x.id <> y.id) <> (x.id::bytea <> y.id::bytea)
						   OR (x.id >= y.id) <> (x.id::bytea >= y.id::bytea)
						   OR (x.id > y.id) <> (x.id::bytea > y.id::bytea)
						   OR ulid_cmp(x.id, y.id) <> sign(byteacmp(x.id::bytea, y.id::bytea))) AS disagreements
FROM (SELECT id FROM ops_u WHERE n % 500 = 0 OR n <= 0) x,
	 (SELECT id FROM ops_u WHERE n % 500 = 7 OR n <= 0) y;

-- aggregates; hashing (equal values, equal hashes; a hash aggregate)
SELECT min(id) AS min, max(id) AS max FROM ops_u;
SELECT min(id) = (SELECT id FROM ops_u WHERE n > 0 ORDER BY id::bytea LIMIT 1) AS min_ok,
	   max(id) = (SELECT id FROM ops_u WHERE n > 0 ORDER BY id::bytea DESC LIMIT 1) AS max_ok
FROM ops_u WHERE n > 0;
SELECT ulid_smaller(:a, :b) = :a AS smaller, ulid_larger(:a, :b) = :b AS larger;
SELECT count(DISTINCT ulid_hash(id)) > 149000 AS hash_spread,
	   count(DISTINCT ulid_hash_extended(id, 0)) > 149000 AS hash_extended_spread,
	   bool_and(ulid_hash_extended(id, 0) <> ulid_hash_extended(id, 1)) AS seed_matters,
	   bool_and(ulid_hash(id) = ulid_hash(id::bytea::ulid)) AS equal_hash
FROM ops_u;
SET enable_sort = off;
SELECT count(*) AS groups FROM (SELECT id FROM ops_u UNION SELECT id FROM ops_u) u;
RESET enable_sort;

--
-- catalog: the labels of every ulid function and operator function (skip
-- support, on 18 only, apart), comments on every ulid object
--
SELECT p.oid::regprocedure AS function, p.provolatile AS vol, p.proparallel AS par,
	   p.proisstrict AS strict, p.proleakproof AS leakproof
FROM pg_proc p JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'scru128')
  AND (p.proname ~ 'ulid' OR 'ulid'::regtype = ANY (p.proargtypes::oid[]))
  AND p.proname <> 'ulid_skipsupport'
ORDER BY p.oid::regprocedure::text COLLATE "C";
SELECT (to_regprocedure('ulid_skipsupport(internal)') IS NOT NULL) =
	   (current_setting('server_version_num')::int >= 180000) AS skipsupport_where_expected,
	   (SELECT count(*) FROM pg_amproc ap JOIN pg_opfamily f ON f.oid = ap.amprocfamily
		WHERE f.opfname = 'ulid_ops' AND ap.amprocnum = 6) =
	   (current_setting('server_version_num')::int >= 180000)::int AS registered_as_support_6;
SELECT pg_describe_object(d.classid, d.objid, 0) AS missing_comment
FROM pg_depend d
WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'scru128')
  AND pg_describe_object(d.classid, d.objid, 0) ~ 'ulid'
  AND obj_description(d.objid, d.classid::regclass::name) IS NULL
  AND NOT (d.classid = 'pg_type'::regclass AND d.objid = '_ulid'::regtype)
  AND d.classid NOT IN ('pg_amop'::regclass, 'pg_amproc'::regclass);
SELECT count(*) FILTER (WHERE pg_describe_object(d.classid, d.objid, 0) ~ 'ulid') >= 80 AS ulid_members
FROM pg_depend d
WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'scru128');
SELECT typlen, typbyval, typalign, typstorage FROM pg_type WHERE oid = 'ulid'::regtype;
SELECT opcname, amname, opcdefault FROM pg_opclass c JOIN pg_am a ON a.oid = c.opcmethod
WHERE opcintype = 'ulid'::regtype ORDER BY 2, 1;

-- functions ulid has in common with scru160 (same name after the type's
-- name, same arguments but for the type): no label differs
WITH f AS (
	SELECT regexp_replace(p.oid::regprocedure::text, '^(scru160|ulid)|scru160|ulid', 'X', 'g') AS shape,
		   p.proname ~ '^scru160|scru160' AS is160,
		   concat_ws(' ', p.provolatile, p.proparallel, p.proisstrict, p.proleakproof) AS labels
	FROM pg_proc p
	JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
	WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'scru128')
	  AND p.oid::regprocedure::text ~ 'scru160|ulid'
)
SELECT shape, string_agg(CASE WHEN is160 THEN 'scru160' ELSE 'ulid' END || ': ' || labels, ', ' ORDER BY is160) AS labels
FROM f GROUP BY shape
HAVING count(*) > 1 AND count(DISTINCT labels) > 1
ORDER BY 1;
SELECT count(*) >= 40 AS twins_compared FROM (
	SELECT 1 FROM pg_proc p
	JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
	WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'scru128')
	  AND p.oid::regprocedure::text ~ 'scru160|ulid'
	GROUP BY regexp_replace(p.oid::regprocedure::text, '^(scru160|ulid)|scru160|ulid', 'X', 'g')
	HAVING count(*) > 1) t;

DROP TABLE ops_u, ops_uranks, ops_usorted, ops_uscanned;
