--
-- BRIN on a column of a domain over scru128, scru64 or scru160: every class
-- (minmax, minmax-multi, bloom) builds, is used, and finds the same rows as a
-- sequential scan, after the build and after inserts into a summarized
-- range; also a domain over a domain, a second index column and a tiny
-- values_per_range that makes minmax-multi merge ranges.  (Release 1.1
-- failed here with "missing operator 1(...) in opfamily" for minmax and
-- minmax-multi.)
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
RESET client_min_messages;

CREATE DOMAIN bd128 AS scru128 CHECK (VALUE > scru128_min(timestamptz '2000-01-01 00:00:00+00'));
CREATE DOMAIN bd64 AS scru64;
CREATE DOMAIN bd160 AS scru160;
CREATE DOMAIN bd128_inner AS scru128;
CREATE DOMAIN bd128_outer AS bd128_inner;

-- time-ordered, deterministic IDs: the order of n is the order of the IDs
CREATE TABLE bd (n int, a bd128, b bd64, c bd160, d bd128_outer);
INSERT INTO bd
	SELECT g,
		   scru128_from_fields(1700000001000 + g, (g + 1000) % 1000, 7, g + 1000),
		   ((g + 1000)::bigint * 4096)::scru64,
		   scru160_from_fields(1700000001000 + g, (g + 1000) % 1000, 7, '\x0102030405060708090a'),
		   scru128_from_fields(1700000001000 + g, 0, 0, 0)
	FROM generate_series(1, 6000) g;
ANALYZE bd;

-- plan of query: the bitmap index scan on idx, or what was used instead
CREATE FUNCTION bd_scan(query text, idx text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
	line text;
	plan text := '';
BEGIN
	FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || query LOOP
		plan := plan || line || E'\n';
	END LOOP;
	IF plan ~ ('Bitmap Index Scan on ' || idx || '\M') THEN
		RETURN 'index';
	END IF;
	RETURN plan;
END $$;

-- for column col and index idx: with the index, the row counts of =, <, <=,
-- >, >= and BETWEEN around the n = 4000 row, each compared with what the
-- n column says they must be; 'ok' or the first that differs
CREATE FUNCTION bd_check(col text, idx text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
	q record;
	got bigint;
	plan text;
BEGIN
	FOR q IN
		SELECT * FROM (VALUES
			('=', 1::bigint), ('<', 3999), ('<=', 4000), ('>', 2000), ('>=', 2001)) v(op, want)
	LOOP
		plan := bd_scan(format('SELECT count(*) FROM bd WHERE %I %s (SELECT %I FROM bd WHERE n = 4000)',
							   col, q.op, col), idx);
		IF plan <> 'index' THEN
			-- bloom answers only equality
			CONTINUE WHEN q.op <> '=' AND idx LIKE '%bloom%';
			RETURN q.op || ': index not used: ' || plan;
		END IF;
		EXECUTE format('SELECT count(*) FROM bd WHERE %I %s (SELECT %I FROM bd WHERE n = 4000)',
					   col, q.op, col) INTO got;
		IF got <> q.want THEN
			RETURN format('%s: %s rows, not %s', q.op, got, q.want);
		END IF;
	END LOOP;
	EXECUTE format('SELECT count(*) FROM bd WHERE %1$I BETWEEN (SELECT %1$I FROM bd WHERE n = 100) AND (SELECT %1$I FROM bd WHERE n = 199)',
				   col) INTO got;
	IF got <> 100 THEN
		RETURN format('BETWEEN: %s rows, not 100', got);
	END IF;
	RETURN 'ok';
END $$;

SET enable_seqscan = off;
SET enable_indexscan = off;

-- each class on each domain, one index at a time
CREATE TABLE bd_result (col text, opclass text, built text, checked text);
DO $$
DECLARE
	c record;
	idx text;
BEGIN
	FOR c IN
		SELECT col, t || o AS opclass
		FROM (VALUES ('a', 'scru128'), ('b', 'scru64'), ('c', 'scru160'), ('d', 'scru128')) v(col, t),
			 (VALUES ('_minmax_ops'), ('_minmax_multi_ops'), ('_bloom_ops')) w(o)
		ORDER BY 1, 2
	LOOP
		idx := 'bd_' || c.col || '_' || c.opclass;
		BEGIN
			EXECUTE format('CREATE INDEX %I ON bd USING brin (%I %s) WITH (pages_per_range = 4)', idx, c.col, c.opclass);
			INSERT INTO bd_result VALUES (c.col, c.opclass, 'ok', bd_check(c.col, idx));
			EXECUTE format('DROP INDEX %I', idx);
		EXCEPTION WHEN OTHERS THEN
			INSERT INTO bd_result VALUES (c.col, c.opclass, SQLSTATE || ' ' || regexp_replace(SQLERRM, '[0-9]+', 'N', 'g'), NULL);
		END;
	END LOOP;
END $$;
SELECT * FROM bd_result ORDER BY col, opclass;

-- the index column's type is the domain, as it would be with any class
CREATE INDEX bd_a_minmax ON bd USING brin (a) WITH (pages_per_range = 2);
SELECT atttypid::regtype FROM pg_attribute WHERE attrelid = 'bd_a_minmax'::regclass;

-- rows inserted later into summarized ranges (add_value on the existing
-- summary), and summarizing new ranges
CREATE INDEX bd_b_multi ON bd USING brin (b scru64_minmax_multi_ops(values_per_range = 8)) WITH (pages_per_range = 2);
CREATE INDEX bd_c_bloom ON bd USING brin (c scru160_bloom_ops) WITH (pages_per_range = 2);
INSERT INTO bd
	SELECT g,
		   scru128_from_fields(1700000001000 + g, (g + 1000) % 1000, 7, g + 1000),
		   ((g + 1000)::bigint * 4096)::scru64,
		   scru160_from_fields(1700000001000 + g, (g + 1000) % 1000, 7, '\x0102030405060708090a'),
		   scru128_from_fields(1700000001000 + g, 0, 0, 0)
	FROM generate_series(-999, 0) g;
SELECT brin_summarize_new_values('bd_a_minmax') > 0 AS minmax_summarized,
	   brin_summarize_new_values('bd_b_multi') > 0 AS multi_summarized,
	   brin_summarize_new_values('bd_c_bloom') > 0 AS bloom_summarized;
SELECT bd_scan('SELECT count(*) FROM bd WHERE a = (SELECT a FROM bd WHERE n = -500)', 'bd_a_minmax') AS minmax_plan,
	   (SELECT count(*) FROM bd WHERE a = (SELECT a FROM bd WHERE n = -500)) AS minmax_eq,
	   (SELECT count(*) FROM bd WHERE a < (SELECT a FROM bd WHERE n = 1)) AS minmax_lt;
DROP INDEX bd_a_minmax;
SELECT bd_scan('SELECT count(*) FROM bd WHERE b = (SELECT b FROM bd WHERE n = -500)', 'bd_b_multi') AS multi_plan,
	   (SELECT count(*) FROM bd WHERE b = (SELECT b FROM bd WHERE n = -500)) AS multi_eq,
	   (SELECT count(*) FROM bd WHERE b <= (SELECT b FROM bd WHERE n = 10)) AS multi_le,
	   (SELECT count(*) FROM bd WHERE b > (SELECT b FROM bd WHERE n = 5990)) AS multi_gt;
DROP INDEX bd_b_multi;
SELECT bd_scan('SELECT count(*) FROM bd WHERE c = (SELECT c FROM bd WHERE n = -500)', 'bd_c_bloom') AS bloom_plan,
	   (SELECT count(*) FROM bd WHERE c = (SELECT c FROM bd WHERE n = -500)) AS bloom_eq;
DROP INDEX bd_c_bloom;

-- several columns, the domain ones not first; a parallel build where the
-- server has them (17 and later), whose workers' summaries are unioned
SET max_parallel_maintenance_workers = 2;
SET min_parallel_table_scan_size = 0;
ALTER TABLE bd SET (parallel_workers = 2);
CREATE INDEX bd_multi_col ON bd USING brin (n, c scru160_minmax_multi_ops, a, b scru64_minmax_multi_ops)
	WITH (pages_per_range = 1);
RESET max_parallel_maintenance_workers;
RESET min_parallel_table_scan_size;
ALTER TABLE bd RESET (parallel_workers);
SELECT bd_scan('SELECT count(*) FROM bd WHERE c >= (SELECT c FROM bd WHERE n = 5000) AND a <= (SELECT a FROM bd WHERE n = 5100)', 'bd_multi_col') AS multi_col_plan,
	   (SELECT count(*) FROM bd WHERE c >= (SELECT c FROM bd WHERE n = 5000) AND a <= (SELECT a FROM bd WHERE n = 5100)) AS multi_col_rows,
	   (SELECT count(*) FROM bd WHERE b = (SELECT b FROM bd WHERE n = 77)) AS multi_col_eq;

-- the domain's check still applies
INSERT INTO bd (n, a) VALUES (0, scru128_min(timestamptz '1999-01-01 00:00:00+00'));

RESET enable_seqscan;
RESET enable_indexscan;
DROP TABLE bd, bd_result;
DROP FUNCTION bd_check(text, text);
DROP FUNCTION bd_scan(text, text);
DROP DOMAIN bd128, bd64, bd160, bd128_outer, bd128_inner;
