--
-- scru128 generators under parallel plans: PARALLEL RESTRICTED since 1.1,
-- so they run in the leader above the Gather while workers scan
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
RESET client_min_messages;

SELECT p.oid::regprocedure AS generator, p.provolatile AS vol, p.proparallel AS par
FROM pg_proc p
WHERE p.proname = 'scru128'
ORDER BY 1::text;

CREATE TABLE par_big AS SELECT x FROM generate_series(1, 200000) x;
ANALYZE par_big;

SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;

-- the nodes of a plan, without costs or version-dependent details
CREATE FUNCTION par_plan_nodes(query text) RETURNS SETOF text
LANGUAGE plpgsql AS $$
DECLARE
	line text;
BEGIN
	FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || query LOOP
		IF line ~ '(Gather|Seq Scan)' THEN
			RETURN NEXT regexp_replace(line, '^[ ->]*', '');
		END IF;
	END LOOP;
END
$$;

-- two identical generator calls in one select list: the scan is parallel,
-- the calls are not merged and each row gets two different, ordered IDs
SELECT par_plan_nodes('SELECT scru128() a, scru128() b, x FROM par_big WHERE x % 100 = 0');
CREATE TABLE par_ab AS SELECT scru128() a, scru128() b, x FROM par_big WHERE x % 100 = 0;
SELECT count(*) AS rows, count(*) FILTER (WHERE a = b) AS equal_pairs,
	   count(*) FILTER (WHERE a > b) AS reversed_pairs
FROM par_ab;

-- one statement's IDs increase in the order the rows come out
SELECT par_plan_nodes('SELECT scru128() id, x FROM par_big');
SELECT count(*) AS rows, count(*) FILTER (WHERE id <= prev) AS out_of_order
FROM (SELECT id, lag(id) OVER () AS prev FROM (SELECT scru128() id, x FROM par_big) s) t;

-- the same for the backfill generator
SELECT count(*) AS rows, count(*) FILTER (WHERE a = b) AS equal_pairs
FROM (SELECT scru128(timestamptz '2024-01-01 00:00:00+00') a,
			 scru128(timestamptz '2024-01-01 00:00:00+00') b
	  FROM par_big WHERE x % 100 = 0) s;

RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
RESET max_parallel_workers_per_gather;
DROP TABLE par_big, par_ab;
DROP FUNCTION par_plan_nodes(text);
