--
-- scru160 operators, ordering, aggregates and catalog labels
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
RESET client_min_messages;

\set a '''05TTUP1HNCPNA1QHTDHRTCU3V32PD7C6''::scru160'
\set b '''05TTUP1HNCPNCOI15PL5EM490SQS6F1B''::scru160'
SELECT :a = :a AS eq, :a = :b AS eq_false, :a <> :b AS ne, :a <> :a AS ne_false,
	   :a < :b AS lt, :b < :a AS lt_false, :a <= :a AS le, :b <= :a AS le_false,
	   :b > :a AS gt, :a > :b AS gt_false, :a >= :a AS ge, :a >= :b AS ge_false,
	   scru160_cmp(:a, :b) AS cmp_lt, scru160_cmp(:b, :a) AS cmp_gt, scru160_cmp(:a, :a) AS cmp_eq;
-- the hex form is the same value
SELECT :a = '017bdf6431bb33750751eb63beb3c3f8c5969d86' AS hex_equal;
-- a difference in the last byte only, and in the first only
SELECT '00000000000000000000000000000000'::scru160 < '00000000000000000000000000000001'::scru160 AS last_byte,
	   '10000000000000000000000000000000'::scru160 > '0VVVVVVVVVVVVVVVVVVVVVVVVVVVVVVV'::scru160 AS first_digit;

--
-- sort order = byte order = text order, over 150 000 values: a burst in
-- one second (as the abbreviated keys' window sees it), values far before
-- and after it, the extremes, and random bytes; sorted in memory (with
-- abbreviated keys), by an external sort, and through a btree index
--
CREATE TABLE ops_t (n integer PRIMARY KEY, id scru160);
INSERT INTO ops_t
	SELECT g, CASE g % 5
		WHEN 0 THEN scru160_from_fields(1700000000000 + g / 50, (g * 7) % 65536, (g * 31) % 65536,
										decode(substr(md5(g::text), 1, 20), 'hex'))
		WHEN 1 THEN scru160_from_fields(1700000000000 + (g % 997), g % 65536, 0,
										decode(substr(md5(g::text), 1, 20), 'hex'))
		WHEN 2 THEN scru160_from_fields((g::bigint * 2654435761) % 281474976710656, g % 3, g % 7,
										decode(substr(md5(g::text), 1, 20), 'hex'))
		WHEN 3 THEN decode(md5(g::text) || substr(md5((-g)::text), 1, 8), 'hex')::scru160
		ELSE scru160_from_fields(1700000000000 - 10000000 + g, 65535 - g % 65536, 1,
								 decode(substr(md5((-g)::text), 1, 20), 'hex'))
	END
	FROM generate_series(1, 150000) g;
INSERT INTO ops_t VALUES
	(0, '00000000000000000000000000000000'),
	(-1, 'VVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVV'),
	(-2, scru160_from_fields(1700000000000, 0, 0, '\x00000000000000000000')),
	(-3, scru160_from_fields(1700000000000, 65535, 65535, '\xffffffffffffffffffff'));
SELECT count(*) AS ids, count(DISTINCT id) AS distinct_ids FROM ops_t;

CREATE TABLE ops_ranks AS
	SELECT n,
		   row_number() OVER (ORDER BY id) AS by_value,
		   row_number() OVER (ORDER BY id::bytea) AS by_bytes,
		   row_number() OVER (ORDER BY id::text COLLATE "C") AS by_text,
		   row_number() OVER (ORDER BY scru160_hex(id) COLLATE "C") AS by_hex
	FROM ops_t;
SELECT count(*) AS ranked,
	   count(*) FILTER (WHERE by_value <> by_bytes) AS value_vs_bytes,
	   count(*) FILTER (WHERE by_value <> by_text) AS value_vs_text,
	   count(*) FILTER (WHERE by_value <> by_hex) AS value_vs_hex
FROM ops_ranks;

-- descending, and an external sort with little work_mem
SET work_mem = '1MB';
SELECT count(*) FILTER (WHERE d.n <> r.n) AS desc_mismatches
FROM (SELECT n, row_number() OVER (ORDER BY id DESC) AS rk FROM ops_t) d
JOIN (SELECT n, count(*) OVER () + 1 - by_bytes AS rk FROM ops_ranks) r USING (rk);
CREATE TABLE ops_sorted AS SELECT row_number() OVER () AS rk, n FROM (SELECT n FROM ops_t ORDER BY id) s;
SELECT count(*) FILTER (WHERE s.n <> r.n) AS external_sort_mismatches
FROM ops_sorted s JOIN ops_ranks r ON r.by_bytes = s.rk;
RESET work_mem;

-- a btree built by sorting returns the same order
CREATE INDEX ops_t_id ON ops_t (id);
SET enable_seqscan = off;
SET enable_bitmapscan = off;
CREATE TABLE ops_scanned AS SELECT row_number() OVER () AS rk, n FROM (SELECT n FROM ops_t ORDER BY id) s;
SELECT count(*) FILTER (WHERE s.n <> r.n) AS index_order_mismatches
FROM ops_scanned s JOIN ops_ranks r ON r.by_bytes = s.rk;
RESET enable_seqscan;
RESET enable_bitmapscan;

-- every comparison operator agrees with bytea comparison, pairwise
SELECT count(*) AS pairs,
	   count(*) FILTER (WHERE (x.id < y.id) <> (x.id::bytea < y.id::bytea)
						   OR (x.id <= y.id) <> (x.id::bytea <= y.id::bytea)
						   OR (x.id = y.id) <> (x.id::bytea = y.id::bytea)
						   OR (x.id <> y.id) <> (x.id::bytea <> y.id::bytea)
						   OR (x.id >= y.id) <> (x.id::bytea >= y.id::bytea)
						   OR (x.id > y.id) <> (x.id::bytea > y.id::bytea)
						   OR scru160_cmp(x.id, y.id) <> sign(byteacmp(x.id::bytea, y.id::bytea))) AS disagreements
FROM (SELECT id FROM ops_t WHERE n % 500 = 0 OR n <= 0) x,
	 (SELECT id FROM ops_t WHERE n % 500 = 7 OR n <= 0) y;

--
-- aggregates, also parallel
--
SELECT min(id) AS min, max(id) AS max FROM ops_t;
SELECT min(id) = (SELECT id FROM ops_t WHERE n > 0 ORDER BY id::bytea LIMIT 1) AS min_ok,
	   max(id) = (SELECT id FROM ops_t WHERE n > 0 ORDER BY id::bytea DESC LIMIT 1) AS max_ok
FROM ops_t WHERE n > 0;
SELECT min(id) IS NULL AS empty_min FROM ops_t WHERE false;
SELECT scru160_smaller(:a, :b) = :a AS smaller, scru160_larger(:a, :b) = :b AS larger;

-- hashing: hash agg, distinct and hash joins use it; equal values, equal hashes
SELECT count(*) AS hash_mismatches
FROM ops_t x JOIN ops_t y ON x.id::bytea = y.id::bytea
WHERE scru160_hash(x.id) <> scru160_hash(y.id::bytea::scru160)
   OR scru160_hash_extended(x.id, 42) <> scru160_hash_extended(y.id::bytea::scru160, 42);
SELECT count(DISTINCT scru160_hash(id)) > 149000 AS hash_spread,
	   count(DISTINCT scru160_hash_extended(id, 0)) > 149000 AS hash_extended_spread,
	   bool_and(scru160_hash_extended(id, 0) <> scru160_hash_extended(id, 1)) AS seed_matters
FROM ops_t;
SET enable_sort = off;
SELECT count(*) AS groups FROM (SELECT id FROM ops_t UNION SELECT id FROM ops_t) u;
RESET enable_sort;

--
-- catalog: the labels of every scru160 function (skip support, on 18
-- only, is checked apart) and comments on every scru160 object
--
SELECT p.oid::regprocedure AS function, p.provolatile AS vol, p.proparallel AS par,
	   p.proisstrict AS strict, p.proleakproof AS leakproof
FROM pg_proc p JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'scru128')
  AND (p.proname ~ '^scru160(_|$)' OR (p.proname IN ('min', 'max') AND p.proargtypes[0] = 'scru160'::regtype))
  AND p.proname <> 'scru160_skipsupport'
ORDER BY p.oid::regprocedure::text COLLATE "C";
SELECT (to_regprocedure('scru160_skipsupport(internal)') IS NOT NULL) =
	   (current_setting('server_version_num')::int >= 180000) AS skipsupport_where_expected,
	   (SELECT count(*) FROM pg_amproc ap JOIN pg_opfamily f ON f.oid = ap.amprocfamily
		WHERE f.opfname = 'scru160_ops' AND ap.amprocnum = 6) =
	   (current_setting('server_version_num')::int >= 180000)::int AS registered_as_support_6;

SELECT pg_describe_object(d.classid, d.objid, 0) AS missing_comment
FROM pg_depend d
WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'scru128')
  AND pg_describe_object(d.classid, d.objid, 0) ~ 'scru160'
  AND obj_description(d.objid, d.classid::regclass::name) IS NULL
  AND NOT (d.classid = 'pg_type'::regclass AND d.objid = '_scru160'::regtype);
SELECT count(*) FILTER (WHERE pg_describe_object(d.classid, d.objid, 0) ~ 'scru160') >= 50 AS scru160_members
FROM pg_depend d
WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'scru128');
-- the type itself
SELECT typlen, typbyval, typalign, typstorage FROM pg_type WHERE oid = 'scru160'::regtype;

-- functions the three types have in common (same name after the type's
-- name, same number of arguments): labels that differ between the twins
-- (release 1.2 made scru128's and scru160's out, send, smaller and larger
-- LEAKPROOF like scru64's; scru64() is not STRICT, which for a function of
-- no arguments changes nothing)
WITH f AS (
	SELECT substring(p.proname FROM '^scru(?:128|64|160)(.*)$') AS suffix, p.pronargs,
		   substring(p.proname FROM '^(scru(?:128|64|160))') AS type,
		   concat_ws(' ', p.provolatile, p.proparallel, p.proisstrict, p.proleakproof) AS labels
	FROM pg_proc p
	JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
	WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'scru128')
	  AND p.proname ~ '^scru(128|64|160)'
)
SELECT 'scru' || suffix || '/' || pronargs AS twin, string_agg(type || ': ' || labels, ', ' ORDER BY type) AS labels
FROM f GROUP BY suffix, pronargs
HAVING count(*) > 1 AND count(DISTINCT labels) > 1
ORDER BY 1;
SELECT count(*) >= 26 AS all_twins_compared FROM (
	SELECT 1 FROM pg_proc p
	JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
	WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'scru128')
	  AND p.proname ~ '^scru(128|64|160)'
	GROUP BY substring(p.proname FROM '^scru(?:128|64|160)(.*)$'), p.pronargs
	HAVING count(*) > 1) t;

DROP TABLE ops_t, ops_ranks, ops_sorted, ops_scanned;
