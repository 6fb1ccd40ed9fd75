--
-- typeid_time: the operators <, <=, >, >= between typeid and timestamptz,
-- in both operand orders, against the time of each TypeID's UUID (its
-- leading 48 bits as Unix milliseconds, whatever the version, as uuid's),
-- and what the planner makes of them: on a column of one prefix (a domain
-- with CHECK (typeid_check_prefix(VALUE, 'user'))) a range of the B-tree
-- index, BRIN and partition pruning; on any other column a filter.
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
SET TimeZone = 'UTC';
SELECT setseed(0.41);

-- the shared body (test/sql/id_time.sql) on a column of one prefix; it
-- calls X_time_lower(t, inclusive) and the like, which for typeid take the
-- prefix too: these wrappers give it the domain's prefix
CREATE DOMAIN user_tid AS typeid CHECK (typeid_check_prefix(VALUE, 'user'));
CREATE FUNCTION user_tid_time_lower(t timestamptz, inclusive boolean) RETURNS typeid
	LANGUAGE sql IMMUTABLE AS $$ SELECT typeid_time_lower('user', t, inclusive) $$;
CREATE FUNCTION user_tid_time_upper(t timestamptz, inclusive boolean) RETURNS typeid
	LANGUAGE sql IMMUTABLE AS $$ SELECT typeid_time_upper('user', t, inclusive) $$;
CREATE FUNCTION user_tid_time_lower_end(t timestamptz, inclusive boolean) RETURNS typeid
	LANGUAGE sql IMMUTABLE AS $$ SELECT typeid_time_lower_end('user', t, inclusive) $$;
CREATE FUNCTION user_tid_time_upper_start(t timestamptz, inclusive boolean) RETURNS typeid
	LANGUAGE sql IMMUTABLE AS $$ SELECT typeid_time_upper_start('user', t, inclusive) $$;
CREATE FUNCTION user_tid_time_lt(id typeid, t timestamptz) RETURNS boolean
	LANGUAGE sql IMMUTABLE AS $$ SELECT typeid_time_lt(id, t) $$;
CREATE FUNCTION user_tid_time_le(id typeid, t timestamptz) RETURNS boolean
	LANGUAGE sql IMMUTABLE AS $$ SELECT typeid_time_le(id, t) $$;
CREATE FUNCTION user_tid_time_gt(id typeid, t timestamptz) RETURNS boolean
	LANGUAGE sql IMMUTABLE AS $$ SELECT typeid_time_gt(id, t) $$;
CREATE FUNCTION user_tid_time_ge(id typeid, t timestamptz) RETURNS boolean
	LANGUAGE sql IMMUTABLE AS $$ SELECT typeid_time_ge(id, t) $$;

\set typ user_tid
\set ts_of 'scru128_timestamp(typeid_uuid(id)::scru128)'
\set id_of 'typeid(''user'', (lpad(to_hex(ms), 12, ''0'') || substring(md5(i::text) from 1 for 20))::uuid)'
SELECT 1000 AS unit_us, 281474976710655 AS kmax,
	   typeid('user', '00000000-0000-0000-0000-000000000000') AS smallest,
	   typeid('user', 'ffffffff-ffff-ffff-ffff-ffffffffffff') AS largest,
	   typeid('user', (lpad(to_hex(1), 12, '0') || '00000000000000000000')::uuid) AS second_unit,
	   typeid('user', (lpad(to_hex(281474976710655), 12, '0') || '00000000000000000000')::uuid) AS last_unit \gset
\getenv abs_srcdir PG_ABS_SRCDIR
\set body :abs_srcdir '/test/sql/id_time.sql'
\i :body

-- the UUID's own time: for UUIDv7s the comparison is typeid_timestamp()'s,
-- for every UUID the uuid operators' on typeid_uuid()
CREATE TEMP TABLE v (id user_tid PRIMARY KEY);
INSERT INTO v SELECT typeid('user', uuidv7_at(timestamptz '2026-03-01' + g * interval '997 us'))
FROM generate_series(0, 4999) AS g;
INSERT INTO v VALUES (typeid('user', '01890a5d-ac96-4000-8000-000000000000')),
	(typeid('user', '01890a5d-ac96-8fff-bfff-ffffffffffff')), (typeid('user', '01890a5d-ac95-ffff-ffff-ffffffffffff'));
SELECT count(*) AS comparisons,
	   count(*) FILTER (WHERE uuid_extract_version(typeid_uuid(id)) = 7 AND (
			(id >= t) IS DISTINCT FROM (typeid_timestamp(id) >= t)
		 OR (id > t) IS DISTINCT FROM (typeid_timestamp(id) > t)
		 OR (id <= t) IS DISTINCT FROM (typeid_timestamp(id) <= t)
		 OR (id < t) IS DISTINCT FROM (typeid_timestamp(id) < t))) AS v7_mismatches,
	   count(*) FILTER (WHERE
			(id >= t) IS DISTINCT FROM (typeid_uuid(id) >= t)
		 OR (id < t) IS DISTINCT FROM (typeid_uuid(id) < t)
		 OR (t > id) IS DISTINCT FROM (t > typeid_uuid(id))
		 OR (t <= id) IS DISTINCT FROM (t <= typeid_uuid(id))) AS uuid_mismatches
FROM v, LATERAL (SELECT scru128_timestamp(typeid_uuid(v.id)::scru128) + d * interval '1 us' AS t
				 FROM (VALUES (-1), (0), (1), (999), (1000)) AS s(d)) AS p;
-- not a v7: its leading 48 bits all the same (a v4 here), no NULL
SELECT typeid_timestamp(id) AS v7_time,
	   id >= timestamptz '2023-06-30 03:34:18.518' AS ge, id < timestamptz '2023-06-30 03:34:18.519' AS lt,
	   id > timestamptz '2023-06-30 03:34:18.518' AS gt
FROM (VALUES (typeid('user', '01890a5d-ac96-474b-bcce-b302099a8057')),
			 (typeid('user', '01890a5d-ac96-774b-bcce-b302099a8057'))) AS w(id);
SELECT NULL::typeid >= now() AS null_id, typeid_generate('user') >= NULL::timestamptz AS null_time,
	   typeid_time_lower(NULL, now(), true) AS null_prefix;

-- the bounds of one prefix; an invalid prefix is 22023
SELECT typeid_time_lower('user', '2023-06-30 03:34:18.518', true) AS lower,
	   typeid_time_lower('user', '2023-06-30 03:34:18.518', false) AS lower_excl,
	   typeid_time_upper('user', '2023-06-30 03:34:18.5185', true) AS upper,
	   typeid_time_lower_end('', 'infinity', true) AS lower_end_none,
	   typeid_time_upper_start('post', 'infinity', true) AS upper_start_all;
SELECT typeid_time_lower('User', now(), true);
SELECT typeid_time_upper('_user', now(), true);

-- plans: a column of one prefix
CREATE FUNCTION plan(query text) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE
	line text;
BEGIN
	FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || query LOOP
		CONTINUE WHEN line ~ '^\s*Replaces: ';
		RETURN NEXT regexp_replace(line, 'SubPlan \w+', 'SubPlan');
	END LOOP;
END
$$;
CREATE TABLE users (id user_tid PRIMARY KEY, n integer);
INSERT INTO users
SELECT typeid('user', uuidv7_at(timestamptz '2026-03-01' + g * interval '20 s')), g
FROM generate_series(0, 43199) AS g;
VACUUM ANALYZE users;
SELECT plan('SELECT count(*) FROM users WHERE id >= timestamptz ''2026-03-10 12:00''');
SELECT plan('SELECT count(*) FROM users WHERE timestamptz ''2026-03-10 12:00'' < id');
SELECT plan('SELECT count(*) FROM users WHERE id BETWEEN timestamptz ''2026-03-10'' AND timestamptz ''2026-03-10 01:00''');
SELECT plan('SELECT count(*) FROM users WHERE id > timestamptz ''-infinity''');
SELECT plan('SELECT count(*) FROM users WHERE id >= timestamptz ''infinity''');
SELECT plan('SELECT count(*) FROM users WHERE id >= now() - interval ''1 day''');
SELECT plan('SELECT count(*) FROM users WHERE id < clock_timestamp()');
PREPARE since(timestamptz) AS SELECT count(*) FROM users WHERE id >= $1;
SET plan_cache_mode = force_generic_plan;
SELECT plan('EXECUTE since(''2026-03-10'')');
EXECUTE since('2026-03-10');
SELECT count(*) FROM users WHERE typeid_time_ge(id, '2026-03-10');
-- a domain over the domain, a domain among other checks
CREATE DOMAIN user_tid2 AS user_tid;
CREATE DOMAIN user_tid3 AS typeid CHECK (VALUE IS NOT NULL) CHECK (typeid_check_prefix(VALUE, 'user'));
CREATE TABLE users2 (id user_tid2 PRIMARY KEY, id3 user_tid3 UNIQUE);
SELECT plan('SELECT * FROM users2 WHERE id >= timestamptz ''2026-03-10'' AND id3 < timestamptz ''2026-03-10''');

-- columns not of one prefix: the comparison stays, row by row, and is right
CREATE DOMAIN any_tid AS typeid CHECK (typeid_prefix(VALUE) <> 'x');
CREATE DOMAIN or_tid AS typeid CHECK (typeid_check_prefix(VALUE, 'user') OR true);
CREATE DOMAIN late_tid AS typeid;
CREATE TABLE mixed (id typeid PRIMARY KEY, a any_tid, o or_tid, l late_tid);
INSERT INTO mixed
SELECT typeid(p, typeid_uuid(id)), typeid(p, typeid_uuid(id)), typeid(p, typeid_uuid(id)), typeid(p, typeid_uuid(id))
FROM users, (VALUES ('user'), ('post'), ('')) AS q(p)
WHERE n % 10 = 0;
ALTER DOMAIN late_tid ADD CONSTRAINT late CHECK (typeid_check_prefix(VALUE, 'user')) NOT VALID;
VACUUM ANALYZE mixed;
SELECT plan('SELECT count(*) FROM mixed WHERE id >= timestamptz ''2026-03-10''');
SELECT plan('SELECT count(*) FROM mixed WHERE a >= timestamptz ''2026-03-10'' AND o < now() AND l > timestamptz ''2026-03-10''');
SELECT count(*) FILTER (WHERE id >= timestamptz '2026-03-10') AS ge, count(*) FILTER (WHERE typeid_time_ge(id, '2026-03-10')) AS plain_ge,
	   count(*) FILTER (WHERE l >= timestamptz '2026-03-10') AS late_ge, count(*) FILTER (WHERE typeid_time_ge(l, '2026-03-10')) AS plain_late_ge
FROM mixed;
-- one prefix of such a column, through its index: the bounds by hand
SELECT plan('SELECT count(*) FROM mixed WHERE id >= typeid_time_lower(''post'', now() - interval ''1 day'', true) AND id <= typeid_time_lower_end(''post'', now() - interval ''1 day'', true)');
SELECT count(*) FROM mixed
WHERE id >= typeid_time_lower('post', '2026-03-10', true) AND id <= typeid_time_lower_end('post', '2026-03-10', true);
SELECT count(*) FROM mixed WHERE typeid_prefix(id) = 'post' AND id >= timestamptz '2026-03-10';

-- a plan made with the domain's check is made again without it
SELECT plan('EXECUTE since(''2026-03-10'')');
ALTER DOMAIN user_tid DROP CONSTRAINT user_tid_check;
SELECT plan('EXECUTE since(''2026-03-10'')');
INSERT INTO users VALUES (typeid('post', uuidv7_min('2026-03-11')), -1);
EXECUTE since('2026-03-10');
DELETE FROM users WHERE n = -1;
ALTER DOMAIN user_tid ADD CONSTRAINT user_tid_check CHECK (typeid_check_prefix(VALUE, 'user'));
SELECT plan('EXECUTE since(''2026-03-10'')');
RESET plan_cache_mode;
DEALLOCATE since;

-- BRIN (minmax, on the domain) and partition pruning
CREATE TABLE ev_brin (id user_tid, n integer);
INSERT INTO ev_brin SELECT * FROM users;
CREATE INDEX ON ev_brin USING brin (id) WITH (pages_per_range = 4);
CREATE INDEX ev_brin_bloom ON ev_brin USING brin (id typeid_bloom_ops);
VACUUM ANALYZE ev_brin;
SET enable_seqscan = off;
SELECT plan('SELECT count(*) FROM ev_brin WHERE id >= timestamptz ''2026-03-10 12:00''');
SELECT count(*) FROM ev_brin WHERE id >= timestamptz '2026-03-10 12:00';
SELECT count(*) FROM ev_brin WHERE id BETWEEN now() - interval '100 years' AND timestamptz '2026-03-02';
SELECT count(*) FROM ev_brin WHERE id = (SELECT id FROM users WHERE n = 1000);
RESET enable_seqscan;
SELECT count(*) FROM users WHERE id BETWEEN now() - interval '100 years' AND timestamptz '2026-03-02';

CREATE TABLE ev_part (id user_tid, n integer) PARTITION BY RANGE (id);
CREATE TABLE ev_part_1 PARTITION OF ev_part
	FOR VALUES FROM (MINVALUE) TO (typeid('user', uuidv7_min('2026-03-04')));
CREATE TABLE ev_part_2 PARTITION OF ev_part
	FOR VALUES FROM (typeid('user', uuidv7_min('2026-03-04'))) TO (typeid('user', uuidv7_min('2026-03-08')));
CREATE TABLE ev_part_3 PARTITION OF ev_part
	FOR VALUES FROM (typeid('user', uuidv7_min('2026-03-08'))) TO (MAXVALUE);
INSERT INTO ev_part SELECT * FROM users;
VACUUM ANALYZE ev_part;
SELECT plan('SELECT count(*) FROM ev_part WHERE id >= timestamptz ''2026-03-09''');
SELECT plan('SELECT count(*) FROM ev_part WHERE id < timestamptz ''2026-03-04''');
PREPARE part_before(timestamptz) AS SELECT count(*) FROM ev_part WHERE id < $1;
SET plan_cache_mode = force_generic_plan;
SELECT line FROM plan('EXECUTE part_before(''2026-03-02'')') AS line WHERE line ~ 'Subplans|Seq Scan';
EXECUTE part_before('2026-03-02');
RESET plan_cache_mode;
SELECT count(*) FROM ev_part WHERE typeid_time_lt(id, '2026-03-02');

DROP TABLE users, users2, mixed, ev_brin, ev_part;
DROP DOMAIN user_tid2, user_tid3, any_tid, or_tid, late_tid;
DROP FUNCTION plan(text);
DROP TABLE x, v;
DROP DOMAIN user_tid;
DROP FUNCTION user_tid_time_lower(timestamptz, boolean), user_tid_time_upper(timestamptz, boolean),
	user_tid_time_lower_end(timestamptz, boolean), user_tid_time_upper_start(timestamptz, boolean),
	user_tid_time_lt(typeid, timestamptz), user_tid_time_le(typeid, timestamptz),
	user_tid_time_gt(typeid, timestamptz), user_tid_time_ge(typeid, timestamptz);
