-- The database carried across pg_upgrade by test/suites/pgupgrade.sh, made
-- on the older major: every type of the extension (typeid too) and uuid, arrays,
-- domains, every index kind, range and hash partitions, rows from the
-- generators (scru64 with the node spec 42/8 of the old server).  Each
-- index has a column of its own (a copy of the key), so that the checks
-- after the upgrade (check.sql) know which index a plan must use.
-- (BRIN indexes are on the base-typed columns: BRIN on a domain column is
-- fixed in release 1.2 by another change.)
SET TimeZone = 'UTC';

CREATE DOMAIN order_id AS scru128 CHECK (VALUE <> '0000000000000000000000000');
CREATE DOMAIN ticket_id AS scru64;
CREATE DOMAIN blob_id AS scru160;
CREATE DOMAIN event_id AS uuid;

-- one table per type: btree (primary key and the domain column), hash,
-- BRIN minmax, minmax-multi and bloom, GIN on the array column
CREATE TABLE t128 (
	id scru128 PRIMARY KEY DEFAULT scru128(),
	dom order_id NOT NULL,
	h scru128 NOT NULL,
	b_minmax scru128 NOT NULL,
	b_multi scru128 NOT NULL,
	b_bloom scru128 NOT NULL,
	arr scru128[] NOT NULL,
	n int NOT NULL
);
CREATE TABLE t64 (
	id scru64 PRIMARY KEY DEFAULT scru64(),
	dom ticket_id NOT NULL,
	h scru64 NOT NULL,
	b_minmax scru64 NOT NULL,
	b_multi scru64 NOT NULL,
	b_bloom scru64 NOT NULL,
	arr scru64[] NOT NULL,
	n int NOT NULL
);
CREATE TABLE t160 (
	id scru160 PRIMARY KEY DEFAULT scru160(),
	dom blob_id NOT NULL,
	h scru160 NOT NULL,
	b_minmax scru160 NOT NULL,
	b_multi scru160 NOT NULL,
	b_bloom scru160 NOT NULL,
	arr scru160[] NOT NULL,
	n int NOT NULL
);
-- the extension's uuidv7() by name, core's (18 and later) unqualified, v6
CREATE TABLE tuuid (
	id uuid PRIMARY KEY DEFAULT public.uuidv7(),
	dom event_id NOT NULL,
	h uuid NOT NULL,
	b_minmax uuid NOT NULL,
	b_multi uuid NOT NULL,
	b_bloom uuid NOT NULL,
	arr uuid[] NOT NULL,
	core uuid NOT NULL DEFAULT uuidv7(),
	v6 uuid NOT NULL DEFAULT uuidv6(),
	n int NOT NULL
);

INSERT INTO t128 (id, dom, h, b_minmax, b_multi, b_bloom, arr, n)
SELECT x, x, x, x, x, x, ARRAY[x, scru128()], g
FROM (SELECT scru128() AS x, g FROM generate_series(1, 3000) g) s;
INSERT INTO t64 (id, dom, h, b_minmax, b_multi, b_bloom, arr, n)
SELECT x, x, x, x, x, x, ARRAY[x, scru64()], g
FROM (SELECT scru64() AS x, g FROM generate_series(1, 3000) g) s;
INSERT INTO t160 (id, dom, h, b_minmax, b_multi, b_bloom, arr, n)
SELECT x, x, x, x, x, x, ARRAY[x, scru160()], g
FROM (SELECT scru160() AS x, g FROM generate_series(1, 3000) g) s;
INSERT INTO tuuid (id, dom, h, b_minmax, b_multi, b_bloom, arr, n)
SELECT x, x, x, x, x, x, ARRAY[x, public.uuidv7()], g
FROM (SELECT public.uuidv7() AS x, g FROM generate_series(1, 3000) g) s;
-- the rows again through the defaults (the key of each is the default)
INSERT INTO t128 (dom, h, b_minmax, b_multi, b_bloom, arr, n)
SELECT scru128(), scru128(), scru128(), scru128(), scru128(), '{}', 0;
INSERT INTO t64 (dom, h, b_minmax, b_multi, b_bloom, arr, n)
SELECT 'zzzzzzzzzzzz', scru64(), scru64(), scru64(), scru64(), '{}', 0;
INSERT INTO t160 (dom, h, b_minmax, b_multi, b_bloom, arr, n)
SELECT scru160(), scru160(), scru160(), scru160(), scru160(), '{}', 0;
INSERT INTO tuuid (dom, h, b_minmax, b_multi, b_bloom, arr, n)
SELECT gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), '{}', 0;

CREATE INDEX t128_dom ON t128 (dom);
CREATE INDEX t128_h ON t128 USING hash (h);
CREATE INDEX t128_b_minmax ON t128 USING brin (b_minmax) WITH (pages_per_range = 2);
CREATE INDEX t128_b_multi ON t128 USING brin (b_multi scru128_minmax_multi_ops) WITH (pages_per_range = 2);
CREATE INDEX t128_b_bloom ON t128 USING brin (b_bloom scru128_bloom_ops) WITH (pages_per_range = 2);
CREATE INDEX t128_arr ON t128 USING gin (arr);
CREATE INDEX t64_dom ON t64 (dom);
CREATE INDEX t64_h ON t64 USING hash (h);
CREATE INDEX t64_b_minmax ON t64 USING brin (b_minmax) WITH (pages_per_range = 2);
CREATE INDEX t64_b_multi ON t64 USING brin (b_multi scru64_minmax_multi_ops) WITH (pages_per_range = 2);
CREATE INDEX t64_b_bloom ON t64 USING brin (b_bloom scru64_bloom_ops) WITH (pages_per_range = 2);
CREATE INDEX t64_arr ON t64 USING gin (arr);
CREATE INDEX t160_dom ON t160 (dom);
CREATE INDEX t160_h ON t160 USING hash (h);
CREATE INDEX t160_b_minmax ON t160 USING brin (b_minmax) WITH (pages_per_range = 2);
CREATE INDEX t160_b_multi ON t160 USING brin (b_multi scru160_minmax_multi_ops) WITH (pages_per_range = 2);
CREATE INDEX t160_b_bloom ON t160 USING brin (b_bloom scru160_bloom_ops) WITH (pages_per_range = 2);
CREATE INDEX t160_arr ON t160 USING gin (arr);
CREATE INDEX tuuid_dom ON tuuid (dom);
CREATE INDEX tuuid_h ON tuuid USING hash (h);
CREATE INDEX tuuid_b_minmax ON tuuid USING brin (b_minmax) WITH (pages_per_range = 2);
CREATE INDEX tuuid_b_multi ON tuuid USING brin (b_multi uuid_minmax_multi_ops) WITH (pages_per_range = 2);
CREATE INDEX tuuid_b_bloom ON tuuid USING brin (b_bloom uuid_bloom_ops) WITH (pages_per_range = 2);
CREATE INDEX tuuid_arr ON tuuid USING gin (arr);
CREATE INDEX tuuid_core ON tuuid (core);
CREATE INDEX tuuid_v6 ON tuuid (v6);

-- range partitions by day on a scru128 key (scru128_partition_bounds), with
-- a default partition; rows in three days and now
CREATE TABLE p128 (id scru128 NOT NULL DEFAULT scru128(), note text NOT NULL)
	PARTITION BY RANGE (id);
DO $$
DECLARE
	b record;
BEGIN
	FOR b IN SELECT * FROM scru128_partition_bounds('2026-01-01', '2026-01-04', '1 day') LOOP
		EXECUTE format('CREATE TABLE p128_%s PARTITION OF p128 FOR VALUES FROM (%L) TO (%L)',
					   b.name_suffix, b.lower, b.upper);
	END LOOP;
END
$$;
CREATE TABLE p128_default PARTITION OF p128 DEFAULT;
CREATE INDEX p128_id ON p128 (id);
INSERT INTO p128 (id, note)
SELECT scru128(timestamptz '2026-01-01' + g * interval '97 seconds'), 'day ' || (g * 97 / 86400)
FROM generate_series(0, 2600) g;
INSERT INTO p128 (note) SELECT 'now' FROM generate_series(1, 100);

-- hash partitions on a scru64 key: the partition of a row is chosen by
-- scru64_hash_extended, which must give the same answer on the new major
CREATE TABLE p64 (id scru64 PRIMARY KEY DEFAULT scru64(), note text NOT NULL)
	PARTITION BY HASH (id);
CREATE TABLE p64_0 PARTITION OF p64 FOR VALUES WITH (MODULUS 4, REMAINDER 0);
CREATE TABLE p64_1 PARTITION OF p64 FOR VALUES WITH (MODULUS 4, REMAINDER 1);
CREATE TABLE p64_2 PARTITION OF p64 FOR VALUES WITH (MODULUS 4, REMAINDER 2);
CREATE TABLE p64_3 PARTITION OF p64 FOR VALUES WITH (MODULUS 4, REMAINDER 3);
INSERT INTO p64 (note) SELECT 'row ' || g FROM generate_series(1, 2000) g;

-- the same on scru128 and uuid keys
CREATE TABLE ph (id scru128 PRIMARY KEY, u uuid NOT NULL) PARTITION BY HASH (id);
CREATE TABLE ph_0 PARTITION OF ph FOR VALUES WITH (MODULUS 3, REMAINDER 0);
CREATE TABLE ph_1 PARTITION OF ph FOR VALUES WITH (MODULUS 3, REMAINDER 1);
CREATE TABLE ph_2 PARTITION OF ph FOR VALUES WITH (MODULUS 3, REMAINDER 2);
INSERT INTO ph SELECT x, x::uuid FROM (SELECT scru128() AS x FROM generate_series(1, 2000)) s;

-- typeid (release 1.5): the primary key, a domain of one prefix, a hash
-- index, an array with a GIN index; prefixes none, one word, with an
-- underscore and 63 letters
CREATE DOMAIN user_tid AS typeid CHECK (typeid_check_prefix(VALUE, 'user'));
CREATE TABLE ttypeid (
	id typeid PRIMARY KEY DEFAULT typeid_generate('user'),
	dom user_tid NOT NULL,
	h typeid NOT NULL,
	arr typeid[] NOT NULL,
	n int NOT NULL
);
INSERT INTO ttypeid (id, dom, h, arr, n)
SELECT x, typeid('user', typeid_uuid(x)), x, ARRAY[x, typeid_generate('')], g
FROM (SELECT typeid_generate((ARRAY['', 'user', 'pre_fix', repeat('z', 63)])[g % 4 + 1]) AS x, g
	  FROM generate_series(1, 3000) g) s;
CREATE INDEX ttypeid_dom ON ttypeid (dom);
CREATE INDEX ttypeid_h ON ttypeid USING hash (h);
CREATE INDEX ttypeid_arr ON ttypeid USING gin (arr);

ANALYZE;

-- the last ID each generator issued before the upgrade (scru64: the whole
-- server's, every session's; the others: this session's)
CREATE TABLE last_issued AS
SELECT scru128() AS s128, scru64() AS s64, scru160() AS s160,
	   public.uuidv7() AS ext_v7, uuidv7() AS core_v7, uuidv6() AS v6,
	   typeid_generate('user') AS tid;
