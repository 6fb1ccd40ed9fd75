--
-- Migrating existing tables to scru128: the recipes of doc/migration.md, end to end
--   1. uuid -> scru128 in place (no table rewrite), with a foreign key
--   2. text -> scru128 (rewrites the table)
--   3. first-draft (v1) text -> uuid, keeping the order
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
RESET client_min_messages;
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';

--
-- 1. uuid -> scru128 in place
--
CREATE TABLE mig_parent (id uuid PRIMARY KEY DEFAULT scru128()::uuid, n integer NOT NULL);
CREATE INDEX mig_parent_n_id ON mig_parent (n, id);
CREATE TABLE mig_child (
	k integer PRIMARY KEY,
	parent_id uuid NOT NULL REFERENCES mig_parent (id)
);
CREATE INDEX mig_child_parent_id ON mig_child (parent_id);
-- one statement, one backend: the generated IDs increase with n
INSERT INTO mig_parent (n) SELECT g FROM generate_series(1, 2000) g;
INSERT INTO mig_child SELECT n, id FROM mig_parent WHERE n % 10 = 0;

SELECT c.relfilenode AS parent_node, i.relfilenode AS parent_pkey_node,
	   (SELECT relfilenode FROM pg_class WHERE oid = 'mig_child'::regclass) AS child_node
FROM pg_class c, pg_class i
WHERE c.oid = 'mig_parent'::regclass AND i.oid = 'mig_parent_pkey'::regclass \gset
SELECT id AS uuid_500 FROM mig_parent WHERE n = 500 \gset
SELECT md5(string_agg(id::text, ',' ORDER BY id)) AS parent_ids,
	   (SELECT md5(string_agg(parent_id::text, ',' ORDER BY k)) FROM mig_child) AS child_ids
FROM mig_parent \gset

-- pitfall: the old default, scru128()::uuid, has no automatic cast to scru128
ALTER TABLE mig_parent ALTER COLUMN id TYPE scru128 USING id::scru128;
-- pitfall: a foreign key from a uuid column cannot reference a scru128 column
-- (the details of this message differ between server versions)
\set VERBOSITY terse
ALTER TABLE mig_parent
	ALTER COLUMN id DROP DEFAULT,
	ALTER COLUMN id TYPE scru128 USING id::scru128,
	ALTER COLUMN id SET DEFAULT scru128();
\set VERBOSITY default
-- nothing has changed
SELECT format_type(atttypid, atttypmod) AS type, pg_get_expr(adbin, adrelid) AS default
FROM pg_attribute LEFT JOIN pg_attrdef ON adrelid = attrelid AND adnum = attnum
WHERE attrelid = 'mig_parent'::regclass AND attname = 'id';

-- the recipe: one transaction; the referencing columns change type too
BEGIN;
ALTER TABLE mig_child DROP CONSTRAINT mig_child_parent_id_fkey;
ALTER TABLE mig_parent
	ALTER COLUMN id DROP DEFAULT,
	ALTER COLUMN id TYPE scru128 USING id::scru128,
	ALTER COLUMN id SET DEFAULT scru128();
ALTER TABLE mig_child ALTER COLUMN parent_id TYPE scru128 USING parent_id::scru128;
ALTER TABLE mig_child ADD CONSTRAINT mig_child_parent_id_fkey
	FOREIGN KEY (parent_id) REFERENCES mig_parent (id);
COMMIT;

SELECT attrelid::regclass AS "table", attname, format_type(atttypid, atttypmod) AS type,
	   pg_get_expr(adbin, adrelid) AS default
FROM pg_attribute LEFT JOIN pg_attrdef ON adrelid = attrelid AND adnum = attnum
WHERE (attrelid, attname) IN (('mig_parent'::regclass, 'id'), ('mig_child'::regclass, 'parent_id'))
ORDER BY attrelid::regclass::text;
-- neither table was rewritten; the primary key was rebuilt (new operator class)
SELECT c.relfilenode = :parent_node AS parent_kept_file,
	   (SELECT relfilenode FROM pg_class WHERE oid = 'mig_child'::regclass) = :child_node AS child_kept_file,
	   i.relfilenode <> :parent_pkey_node AS pkey_rebuilt
FROM pg_class c, pg_class i
WHERE c.oid = 'mig_parent'::regclass AND i.oid = 'mig_parent_pkey'::regclass;
-- same values, same order
SELECT md5(string_agg(id::uuid::text, ',' ORDER BY id)) = :'parent_ids' AS parent_ids_kept,
	   (SELECT md5(string_agg(parent_id::uuid::text, ',' ORDER BY k)) FROM mig_child) = :'child_ids'
		   AS child_ids_kept,
	   count(*) FILTER (WHERE rank_id <> n) AS order_changed
FROM (SELECT id, n, rank() OVER (ORDER BY id) AS rank_id FROM mig_parent) s;
-- the indexes are valid, on scru128's operator class, and used
SELECT i.indexrelid::regclass AS index, i.indisvalid, i.indisready, i.indisprimary,
	   (SELECT string_agg(opcname, ',') FROM pg_opclass o
		WHERE o.oid = ANY (i.indclass::oid[])) AS opclasses
FROM pg_index i
WHERE i.indrelid IN ('mig_parent'::regclass, 'mig_child'::regclass)
ORDER BY i.indexrelid::regclass::text;
SELECT parent_id AS id_500 FROM mig_child WHERE k = 500 \gset
SELECT id AS id_1001 FROM mig_parent WHERE n = 1001 \gset
SET enable_seqscan = off;
SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF) SELECT n FROM mig_parent WHERE id = '0000000000000000000000000';
SELECT n FROM mig_parent WHERE id = :'id_500';
EXPLAIN (COSTS OFF) SELECT k FROM mig_child WHERE parent_id >= '0000000000000000000000000';
SELECT count(*) FROM mig_child WHERE parent_id >= :'id_1001';
-- an application that still has the uuid form casts it
SELECT n FROM mig_parent WHERE id = :'uuid_500'::uuid::scru128;
SELECT id::uuid = :'uuid_500' AS same_uuid FROM mig_parent WHERE n = 500;
RESET enable_seqscan;
RESET enable_bitmapscan;
-- the foreign key is enforced both ways
INSERT INTO mig_child VALUES (1, '0000000000000000000000000');
\set VERBOSITY terse
DELETE FROM mig_parent WHERE n = 10;
\set VERBOSITY default
SELECT count(*) AS orphans FROM mig_child c LEFT JOIN mig_parent p ON p.id = c.parent_id
WHERE p.id IS NULL;
-- the new default works and sorts after the migrated IDs
INSERT INTO mig_parent (n) VALUES (2001);
SELECT n FROM mig_parent ORDER BY id DESC LIMIT 1;
INSERT INTO mig_child SELECT 2001, id FROM mig_parent WHERE n = 2001;
SELECT count(*) FROM mig_child c JOIN mig_parent p ON p.id = c.parent_id;

--
-- 2. text -> scru128: a rewrite
--
CREATE TABLE mig_text (id text PRIMARY KEY DEFAULT scru128()::text, n integer NOT NULL);
INSERT INTO mig_text (n) SELECT g FROM generate_series(1, 2000) g;
-- text written by other libraries may be uppercase
UPDATE mig_text SET id = upper(id) WHERE n % 3 = 0;
SELECT relfilenode AS text_node FROM pg_class WHERE oid = 'mig_text'::regclass \gset
SELECT md5(string_agg(lower(id), ',' ORDER BY lower(id) COLLATE "C")) AS text_ids FROM mig_text \gset

-- (unlike uuid's, the default scru128()::text converts with the column:
-- release 1.3 has an assignment cast from text, see sql/casts.sql)
-- a value that is not a scru128 stops the whole statement
INSERT INTO mig_text VALUES ('not a scru128', 0);
ALTER TABLE mig_text
	ALTER COLUMN id DROP DEFAULT,
	ALTER COLUMN id TYPE scru128 USING id::scru128,
	ALTER COLUMN id SET DEFAULT scru128();
SELECT format_type(atttypid, atttypmod) AS still FROM pg_attribute
WHERE attrelid = 'mig_text'::regclass AND attname = 'id';
DELETE FROM mig_text WHERE n = 0;
-- the recipe
ALTER TABLE mig_text
	ALTER COLUMN id DROP DEFAULT,
	ALTER COLUMN id TYPE scru128 USING id::scru128,
	ALTER COLUMN id SET DEFAULT scru128();
SELECT format_type(atttypid, atttypmod) AS type,
	   (SELECT pg_get_expr(adbin, adrelid) FROM pg_attrdef
		WHERE adrelid = attrelid AND adnum = attnum) AS default,
	   (SELECT relfilenode FROM pg_class WHERE oid = 'mig_text'::regclass) <> :text_node AS rewritten
FROM pg_attribute WHERE attrelid = 'mig_text'::regclass AND attname = 'id';
SELECT md5(string_agg(id::text, ',' ORDER BY id)) = :'text_ids' AS ids_and_order_kept,
	   count(*) FILTER (WHERE rank_id <> n) AS order_changed
FROM (SELECT id, n, rank() OVER (ORDER BY id) AS rank_id FROM mig_text) s;
SELECT indexrelid::regclass AS index, indisvalid FROM pg_index
WHERE indrelid = 'mig_text'::regclass;
INSERT INTO mig_text (n) VALUES (2001);
SELECT n FROM mig_text ORDER BY id DESC LIMIT 1;

--
-- 3. first-draft (v1) IDs in a text column -> uuid, keeping their order
--
CREATE TABLE mig_v1 (id text PRIMARY KEY, created timestamptz, orig text);
-- v1 IDs from 2021-10 to 2022-04, some lowercase (the text is case-insensitive)
INSERT INTO mig_v1 (id)
SELECT CASE WHEN g % 4 = 0 THEN lower(t) ELSE t END
FROM (SELECT g, scru128_v1_from_uuid(
			 (lpad(to_hex(56634639325 + g * 7919731::bigint), 11, '0') ||
			  substr(md5(g::text), 1, 21))::uuid) AS t
	  FROM generate_series(1, 2000) g) s;
-- and the examples of the v1 spec
INSERT INTO mig_v1 (id) VALUES
	('00QBTG0FERFTCCNFISUBO489DI'), ('00QBTG0FERFTCCPFISU9NEF4CJ'),
	('00QBTG0FERFTCCRFISU97R5OTB'), ('00QBTG0FERFTCCTFISUA4B4DFK'),
	('00QBTG0FF6ULUKDFISU93H7KA9'), ('00QBTG0FF6ULUKFFISU9OC8U2F'),
	('00QBTG0FF6ULUKHFISUAOVFSF4'), ('00QBTG0FF6ULUKJFISU94NVHK2');
UPDATE mig_v1 SET orig = id, created = scru128_v1_timestamp(id);
SELECT relfilenode AS v1_node FROM pg_class WHERE oid = 'mig_v1'::regclass \gset

ALTER TABLE mig_v1 ALTER COLUMN id TYPE uuid USING scru128_v1_to_uuid(id);

SELECT format_type(atttypid, atttypmod) AS type,
	   (SELECT relfilenode FROM pg_class WHERE oid = 'mig_v1'::regclass) <> :v1_node AS rewritten
FROM pg_attribute WHERE attrelid = 'mig_v1'::regclass AND attname = 'id';
-- every ID reads back as its canonical (uppercase) text; the uuid order is
-- the order of the canonical text and of the timestamps
SELECT count(*) AS ids,
	   count(*) FILTER (WHERE scru128_v1_from_uuid(id) <> upper(orig)) AS text_changed,
	   count(*) FILTER (WHERE scru128_v1_timestamp(scru128_v1_from_uuid(id)) <> created) AS timestamp_changed,
	   count(*) FILTER (WHERE by_uuid <> by_text) AS order_changed
FROM (SELECT id, orig, created, rank() OVER (ORDER BY id) AS by_uuid,
			 rank() OVER (ORDER BY upper(orig) COLLATE "C") AS by_text
	  FROM mig_v1) s;
SELECT count(*) FILTER (WHERE created < prev) AS timestamps_out_of_order
FROM (SELECT created, lag(created) OVER (ORDER BY id) AS prev FROM mig_v1) s;
SELECT indexrelid::regclass AS index, indisvalid FROM pg_index WHERE indrelid = 'mig_v1'::regclass;
-- applications that still send v1 text convert it on the way in
SELECT created FROM mig_v1 WHERE id = scru128_v1_to_uuid('00QBTG0FERFTCCNFISUBO489DI');
SELECT scru128_v1_from_uuid(id) AS first_id, created FROM mig_v1 ORDER BY id LIMIT 1;
-- v1 IDs from before 2023-05-02 sort below newly generated SCRU128 IDs
ALTER TABLE mig_v1 ALTER COLUMN id SET DEFAULT scru128()::uuid;
INSERT INTO mig_v1 (orig) VALUES ('new');
SELECT orig FROM mig_v1 ORDER BY id DESC LIMIT 1;

DROP TABLE mig_child, mig_parent, mig_text, mig_v1;
