--
-- casts: the assignment casts from text and varchar to scru128, scru160 and
-- scru64 (release 1.3).  They let a string-typed parameter or column be
-- stored in a column of these types (pgjdbc's setString, SQLAlchemy's
-- VARCHAR binds), and must change nothing else: every query below is run
-- once with the six casts dropped and once with them, and the two answers
-- must be the same query by query.
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
RESET client_min_messages;

SELECT castsource::regtype, casttarget::regtype, castcontext, castmethod,
	   obj_description(oid, 'pg_cast') IS NOT NULL AS commented
FROM pg_cast
WHERE casttarget IN ('scru128'::regtype, 'scru160'::regtype, 'scru64'::regtype)
  AND castsource IN ('text'::regtype, 'varchar'::regtype)
ORDER BY 2::text, 1::text;

CREATE TABLE cast_probe (
	s128 scru128, s160 scru160, s64 scru64, u uuid, ts timestamptz,
	t128 text, v128 varchar, t160 text, v160 varchar, t64 text, v64 varchar,
	ta text[]
);
INSERT INTO cast_probe VALUES (
	'036Z951MHJIKZIK2GSL81GR7L', '0000000000000000000000000000000A', '0w6ivodaqfdt',
	'0188b1a6-1b2f-7a3c-8a0e-2c3d4e5f6a7b', '2026-01-01 00:00:00+00',
	'036Z951MHJIKZIK2GSL81GR7L', '036Z951MHJIKZIK2GSL81GR7L',
	'0000000000000000000000000000000A', '0000000000000000000000000000000A',
	'0w6ivodaqfdt', '0w6ivodaqfdt', '{036Z951MHJIKZIK2GSL81GR7L}');

-- what a query resolves to: the type and value of its first row, or the
-- error it raises
CREATE FUNCTION pg_temp.resolve(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	typ text;
	val text;
BEGIN
	EXECUTE format('SELECT pg_typeof(x)::text, x::text FROM (%s) s(x) LIMIT 1', q) INTO typ, val;
	RETURN coalesce(typ, '(no row)') || ' ' || coalesce(val, 'NULL');
EXCEPTION WHEN OTHERS THEN
	RETURN 'ERROR ' || SQLSTATE || ': ' || SQLERRM;
END
$$;

CREATE TABLE probe (n serial PRIMARY KEY, q text NOT NULL);

-- by hand: comparisons, concatenation, common-type constructs (COALESCE,
-- CASE, UNION, VALUES, ARRAY, IN, GREATEST) and core functions on text,
-- with a string operand of every kind beside a column of each type
INSERT INTO probe (q)
SELECT replace(replace(replace(replace(replace(f, '{S}', s), '{T}', t), '{V}', v), '{TYPE}', typ), '{LIT}', lit)
FROM (VALUES ('s128', 't128', 'v128', 'scru128', '036Z951MHJIKZIK2GSL81GR7L'),
			 ('s160', 't160', 'v160', 'scru160', '0000000000000000000000000000000A'),
			 ('s64', 't64', 'v64', 'scru64', '0w6ivodaqfdt')) c(s, t, v, typ, lit),
	 (VALUES
		('SELECT {S} = {T} FROM cast_probe'), ('SELECT {T} = {S} FROM cast_probe'),
		('SELECT {S} = {V} FROM cast_probe'), ('SELECT {V} = {S} FROM cast_probe'),
		('SELECT {S} < {T} FROM cast_probe'), ('SELECT {S} <> {V} FROM cast_probe'),
		('SELECT {S} = {T}::text FROM cast_probe'), ('SELECT {S}::text = {T} FROM cast_probe'),
		('SELECT {S} = ''{LIT}'' FROM cast_probe'),
		('SELECT {S} IS DISTINCT FROM {T} FROM cast_probe'),
		('SELECT {S} BETWEEN {T} AND {T} FROM cast_probe'),
		('SELECT {S} IN ({T}) FROM cast_probe'), ('SELECT {S} IN ({T}, {V}) FROM cast_probe'),
		('SELECT {T} IN ({S}) FROM cast_probe'),
		('SELECT {S} = ANY (ARRAY[{T}]) FROM cast_probe'),
		('SELECT {S} = ANY (ta) FROM cast_probe'),
		('SELECT ROW({S}) = ROW({T}) FROM cast_probe'),
		('SELECT {S} || {T} FROM cast_probe'), ('SELECT {T} || {S} FROM cast_probe'),
		('SELECT {S} || {V} FROM cast_probe'), ('SELECT {V} || {S} FROM cast_probe'),
		('SELECT {S} LIKE {T} FROM cast_probe'), ('SELECT {T} LIKE {S} FROM cast_probe'),
		('SELECT COALESCE({T}, {S}) FROM cast_probe'), ('SELECT COALESCE({S}, {T}) FROM cast_probe'),
		('SELECT COALESCE({V}, {S}) FROM cast_probe'), ('SELECT COALESCE({S}, {V}) FROM cast_probe'),
		('SELECT NULLIF({S}, {T}) FROM cast_probe'), ('SELECT NULLIF({T}, {S}) FROM cast_probe'),
		('SELECT GREATEST({S}, {T}) FROM cast_probe'), ('SELECT LEAST({T}, {S}) FROM cast_probe'),
		('SELECT CASE WHEN true THEN {T} ELSE {S} END FROM cast_probe'),
		('SELECT CASE WHEN true THEN {S} ELSE {T} END FROM cast_probe'),
		('SELECT CASE WHEN true THEN {S} ELSE {V} END FROM cast_probe'),
		('SELECT CASE {S} WHEN {T} THEN 1 END FROM cast_probe'),
		('SELECT ARRAY[{T}, {S}] FROM cast_probe'), ('SELECT ARRAY[{S}, {T}] FROM cast_probe'),
		('SELECT ARRAY[{S}, {V}] FROM cast_probe'),
		('SELECT {T} FROM cast_probe UNION SELECT {S} FROM cast_probe'),
		('SELECT {S} FROM cast_probe UNION SELECT {T} FROM cast_probe'),
		('SELECT {S} FROM cast_probe UNION ALL SELECT {V} FROM cast_probe'),
		('SELECT {S} FROM cast_probe INTERSECT SELECT {T} FROM cast_probe'),
		('VALUES ((SELECT {T} FROM cast_probe)), ((SELECT {S} FROM cast_probe))'),
		('VALUES ((SELECT {S} FROM cast_probe)), ((SELECT {V} FROM cast_probe))'),
		('SELECT length({S}) FROM cast_probe'), ('SELECT upper({S}) FROM cast_probe'),
		('SELECT lower({S}) FROM cast_probe'), ('SELECT substr({S}, 1, 3) FROM cast_probe'),
		('SELECT concat({S}, {T}) FROM cast_probe'), ('SELECT format(''%s'', {S}) FROM cast_probe'),
		('SELECT quote_literal({S}) FROM cast_probe'), ('SELECT md5({S}) FROM cast_probe'),
		('SELECT {S}::text FROM cast_probe'), ('SELECT {T}::{TYPE} FROM cast_probe'),
		('SELECT CAST({V} AS {TYPE}) FROM cast_probe'),
		('SELECT CAST({S} AS varchar) FROM cast_probe'),
		('SELECT min({T}) FROM cast_probe'), ('SELECT max({S}) FROM cast_probe'),
		('SELECT string_agg({S}, '','') FROM cast_probe'),
		('SELECT array_agg({S}) = ARRAY[{T}] FROM cast_probe'),
		('SELECT ta::{TYPE}[] FROM cast_probe'),
		('SELECT (SELECT {S} FROM cast_probe) = (SELECT {T} FROM cast_probe)'),
		('SELECT {T} FROM cast_probe WHERE {S} = {T}'),
		('SELECT {T} FROM cast_probe JOIN cast_probe c2 USING ({T}) WHERE cast_probe.{S} = c2.{T}')
	 ) f(f)
ORDER BY s, f COLLATE "C";
INSERT INTO probe (q) VALUES
	('SELECT s128 = u FROM cast_probe'), ('SELECT u = s128 FROM cast_probe'),
	('SELECT COALESCE(u, s128) FROM cast_probe'), ('SELECT s64 = 1 FROM cast_probe'),
	('SELECT s64 + 1 FROM cast_probe'), ('SELECT COALESCE(s64, 1) FROM cast_probe');
SELECT max(n) AS by_hand FROM probe \gset

-- generated: every function and operator of the extension with a scru128,
-- scru160, scru64, text or varchar argument, called with a string column
-- in each argument of one of the three types and with a column of each
-- type in each string argument; the other arguments get a value of their
-- own type
CREATE FUNCTION pg_temp.arg(typ regtype) RETURNS text LANGUAGE sql AS $$
	SELECT CASE typ
		WHEN 'scru128'::regtype THEN 's128' WHEN 'scru160'::regtype THEN 's160'
		WHEN 'scru64'::regtype THEN 's64' WHEN 'text'::regtype THEN 't128'
		WHEN 'character varying'::regtype THEN 'v128'
		WHEN 'timestamp with time zone'::regtype THEN 'ts'
		WHEN 'interval'::regtype THEN '''1 day''::interval'
		WHEN 'boolean'::regtype THEN 'true' WHEN 'integer'::regtype THEN '8'
		WHEN 'bigint'::regtype THEN '0'
		ELSE format('NULL::%s', typ) END
$$;
CREATE FUNCTION pg_temp.stand_ins(typ regtype) RETURNS SETOF text LANGUAGE sql AS $$
	SELECT x FROM unnest(CASE typ
		WHEN 'scru128'::regtype THEN ARRAY['t128', 'v128']
		WHEN 'scru160'::regtype THEN ARRAY['t160', 'v160']
		WHEN 'scru64'::regtype THEN ARRAY['t64', 'v64']
		WHEN 'text'::regtype THEN ARRAY['s128', 's160', 's64']
		WHEN 'character varying'::regtype THEN ARRAY['s128', 's160', 's64']
		ELSE '{}'::text[] END) x
$$;
CREATE TEMP VIEW members AS
SELECT objid, classid FROM pg_depend
WHERE refclassid = 'pg_extension'::regclass AND deptype = 'e'
  AND refobjid = (SELECT oid FROM pg_extension WHERE extname = 'scru128');

INSERT INTO probe (q)
SELECT format('SELECT %I(%s) FROM cast_probe', p.proname,
			  string_agg(CASE WHEN a.i = s.i THEN s.x ELSE pg_temp.arg(a.typ) END, ', ' ORDER BY a.i))
FROM members m
JOIN pg_proc p ON m.classid = 'pg_proc'::regclass AND p.oid = m.objid
CROSS JOIN LATERAL (SELECT typ::regtype, i FROM unnest(p.proargtypes::oid[]) WITH ORDINALITY u(typ, i)) s0
CROSS JOIN LATERAL (SELECT s0.i, x FROM pg_temp.stand_ins(s0.typ) x) s
CROSS JOIN LATERAL (SELECT typ::regtype, i FROM unnest(p.proargtypes::oid[]) WITH ORDINALITY u(typ, i)) a
WHERE NOT p.proargtypes::oid[] && ARRAY['internal'::regtype, 'cstring'::regtype]::oid[]
GROUP BY p.oid, p.proname, s.i, s.x
ORDER BY 1;

INSERT INTO probe (q)
SELECT format('SELECT %s %s %s FROM cast_probe',
			  CASE WHEN s.side = 'l' THEN s.x ELSE pg_temp.arg(o.oprleft) END,
			  o.oprname,
			  CASE WHEN s.side = 'r' THEN s.x ELSE pg_temp.arg(o.oprright) END)
FROM members m
JOIN pg_operator o ON m.classid = 'pg_operator'::regclass AND o.oid = m.objid
CROSS JOIN LATERAL (SELECT 'l' AS side, x FROM pg_temp.stand_ins(o.oprleft) x
					UNION ALL SELECT 'r', x FROM pg_temp.stand_ins(o.oprright) x) s
ORDER BY 1;

SELECT count(*) AS queries FROM probe;

-- without the casts (in a transaction rolled back: only their answers
-- are kept, in a psql variable)
BEGIN;
ALTER EXTENSION scru128 DROP CAST (text AS scru128);
ALTER EXTENSION scru128 DROP CAST (varchar AS scru128);
ALTER EXTENSION scru128 DROP CAST (text AS scru160);
ALTER EXTENSION scru128 DROP CAST (varchar AS scru160);
ALTER EXTENSION scru128 DROP CAST (text AS scru64);
ALTER EXTENSION scru128 DROP CAST (varchar AS scru64);
DROP CAST (text AS scru128);
DROP CAST (varchar AS scru128);
DROP CAST (text AS scru160);
DROP CAST (varchar AS scru160);
DROP CAST (text AS scru64);
DROP CAST (varchar AS scru64);
SELECT count(*) AS string_casts_left FROM pg_cast
WHERE casttarget IN ('scru128'::regtype, 'scru160'::regtype, 'scru64'::regtype)
  AND castsource IN ('text'::regtype, 'varchar'::regtype);
SELECT array_agg(pg_temp.resolve(q) ORDER BY n) AS without_casts FROM probe \gset
-- the assignments the casts are for, failing without them
CREATE TABLE assigned (s128 scru128, s160 scru160, s64 scru64);
INSERT INTO assigned SELECT t128, t160, t64 FROM cast_probe;
ROLLBACK;

-- with the casts: the same answer to every query
SELECT b.n, p.q, b.without_cast, pg_temp.resolve(p.q) AS with_cast
FROM unnest(:'without_casts'::text[]) WITH ORDINALITY b(without_cast, n)
FULL JOIN probe p USING (n)
WHERE b.without_cast IS DISTINCT FROM pg_temp.resolve(p.q);

-- how the answers divide: resolved, or which error (unchanged, as above)
SELECT CASE WHEN r LIKE 'ERROR%' THEN split_part(r, ':', 1) ELSE 'resolved' END AS outcome,
	   count(*)
FROM (SELECT pg_temp.resolve(q) AS r FROM probe) s
GROUP BY 1 ORDER BY 1;

-- the queries by hand, with their answers
SELECT n, q, pg_temp.resolve(q) AS answer FROM probe
WHERE n <= :by_hand AND (q LIKE '%128%' OR n > :by_hand - 6) ORDER BY n;

-- what the casts add: string values assigned to columns of the types
CREATE TABLE assigned (s128 scru128, s160 scru160, s64 scru64);
INSERT INTO assigned SELECT t128, t160, t64 FROM cast_probe;
INSERT INTO assigned SELECT v128, v160, v64 FROM cast_probe;
PREPARE ins(varchar, varchar, varchar) AS INSERT INTO assigned VALUES ($1, $2, $3);
EXECUTE ins('036z951mhjikzik2gsl81gr7l', '0000000000000000000000000000000a', '0W6IVODAQFDT');
PREPARE ins_text(text, text, text) AS INSERT INTO assigned VALUES ($1, $2, $3);
EXECUTE ins_text('036Z951MHJIKZIK2GSL81GR7L', NULL, NULL);
UPDATE assigned SET s128 = t128 FROM cast_probe WHERE assigned.s160 IS NULL;
SELECT s128, s160, s64 FROM assigned;
SELECT count(DISTINCT (s128, s160, s64)) AS distinct_rows FROM assigned WHERE s160 IS NOT NULL;
-- arrays of strings, element by element
CREATE TABLE assigned_arrays (a128 scru128[]);
INSERT INTO assigned_arrays SELECT ta FROM cast_probe;
INSERT INTO assigned_arrays VALUES (ARRAY['036Z951MHJIKZIK2GSL81GR7L'::varchar, NULL]);
SELECT a128, pg_typeof(a128[1]) FROM assigned_arrays;
-- a return value of a function
CREATE FUNCTION pg_temp.first_id() RETURNS scru128 LANGUAGE sql AS
	'SELECT t128 FROM cast_probe';
SELECT pg_temp.first_id(), pg_typeof(pg_temp.first_id());
-- ALTER COLUMN ... TYPE from a string type: no USING needed, and a default
-- of the string type converts with the column
CREATE TABLE text_ids (n int, id text DEFAULT scru128()::text, id160 varchar(32), id64 text);
INSERT INTO text_ids (n, id160, id64) SELECT 1, t160, t64 FROM cast_probe;
ALTER TABLE text_ids ALTER COLUMN id TYPE scru128, ALTER COLUMN id160 TYPE scru160,
	ALTER COLUMN id64 TYPE scru64;
SELECT attname, format_type(atttypid, atttypmod),
	   pg_get_expr(adbin, adrelid) AS default
FROM pg_attribute LEFT JOIN pg_attrdef ON adrelid = attrelid AND adnum = attnum
WHERE attrelid = 'text_ids'::regclass AND attnum > 1 ORDER BY attnum;
INSERT INTO text_ids (n) VALUES (2);
SELECT n, pg_typeof(id), id160, id64 FROM text_ids ORDER BY n;
DROP TABLE text_ids;
-- a bad string fails as a literal would
EXECUTE ins('not an id', NULL, NULL);
EXECUTE ins(NULL, '0000000000000000000000000000000W', NULL);
EXECUTE ins(NULL, NULL, 'not-a-scru64');
INSERT INTO assigned (s128) VALUES ('036Z951MHJIKZIK2GSL81GR7L '::text);
-- what they do not do: compare with a string-typed parameter, which needs
-- an untyped parameter (pgjdbc's stringtype=unspecified) or a typed one
\set VERBOSITY terse
PREPARE cmp(varchar) AS SELECT count(*) FROM assigned WHERE s128 = $1;
\set VERBOSITY default
PREPARE cmp_unknown(unknown) AS SELECT count(*) FROM assigned WHERE s128 = $1;
EXECUTE cmp_unknown('036Z951MHJIKZIK2GSL81GR7L');
PREPARE cmp_typed(scru128) AS SELECT count(*) FROM assigned WHERE s128 = $1;
EXECUTE cmp_typed('036Z951MHJIKZIK2GSL81GR7L');

DEALLOCATE ALL;
DROP TABLE assigned, assigned_arrays, probe, cast_probe;
