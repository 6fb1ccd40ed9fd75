--
-- scru64 operators, functions, casts, aggregates, catalog labels
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
RESET client_min_messages;

-- operators against the integer order
SELECT a.t AS a, b.t AS b,
	   a.v = b.v AS eq, a.v <> b.v AS ne, a.v < b.v AS lt, a.v <= b.v AS le,
	   a.v > b.v AS gt, a.v >= b.v AS ge, scru64_cmp(a.v, b.v) AS cmp,
	   scru64_cmp(a.v, b.v) = sign(a.v::bigint - b.v::bigint) AS cmp_is_int_order
FROM (VALUES ('000000000000'), ('0u2pf62ji4b9'), ('zzzzzzzzzzzz')) a0(t),
	 LATERAL (SELECT a0.t, a0.t::scru64 AS v) a,
	 (VALUES ('000000000000'), ('0u2pf62ji4b9'), ('zzzzzzzzzzzz')) b0(t),
	 LATERAL (SELECT b0.t, b0.t::scru64 AS v) b
ORDER BY a.t, b.t;

-- fields
SELECT id, scru64_timestamp(id), scru64_timestamp_ms(id), scru64_node_ctr(id),
	   scru64_node_id(id, 16), scru64_counter(id, 16),
	   scru64_node_id(id, 1), scru64_counter(id, 1),
	   scru64_node_id(id, 23), scru64_counter(id, 23)
FROM (VALUES ('0u2r85hm2pt3'::scru64), ('zzzzzzzzzzzz'), ('000000000000'),
			 ('00000009zldr')) v(id)
ORDER BY id;
SELECT scru64_node_id('0u2r85hm2pt3', 0);
SELECT scru64_counter('0u2r85hm2pt3', 24);
SELECT scru64_node_id('0u2r85hm2pt3', -1);

-- bounds of a tick
SELECT scru64_min('2023-03-12 09:34:19.136+00'), scru64_max('2023-03-12 09:34:19.136+00'),
	   scru64_min('2023-03-12 09:34:19.391+00') = scru64_min('2023-03-12 09:34:19.136+00') AS same_tick,
	   scru64_min('2023-03-12 09:34:19.392+00') > scru64_max('2023-03-12 09:34:19.136+00') AS next_tick,
	   '0u375nxqh5cq'::scru64 BETWEEN scru64_min('2023-03-12 09:34:19.2+00')
							   AND scru64_max('2023-03-12 09:34:19.2+00') AS contains;
SELECT scru64_min('1970-01-01 00:00:00+00'), scru64_max('4261-02-27 06:08:59.135+00');
SELECT scru64_min('1969-12-31 23:59:59.999+00');
SELECT scru64_max('4262-01-01 00:00:00+00');
SELECT scru64_min('infinity');
SELECT scru64_timestamp(scru64_min(t)) <= t AND t < scru64_timestamp(scru64_min(t)) + interval '256 ms' AS tick_contains
FROM (VALUES (timestamptz '2024-02-29 12:34:56.789+00'), ('2000-01-01 00:00:00+00')) v(t);

-- casts: scru64 -> bigint by assignment, the others explicit
CREATE TABLE s64_assign (b bigint);
INSERT INTO s64_assign VALUES ('0u2pf62ji4b9'::scru64);
SELECT b FROM s64_assign;
SELECT '0u2pf62ji4b9'::scru64::timestamptz;
SELECT 109959589539758421::scru64;
SELECT castsource::regtype, casttarget::regtype, castcontext, castmethod,
	   castfunc::regprocedure
FROM pg_cast
WHERE castsource = 'scru64'::regtype OR casttarget = 'scru64'::regtype
ORDER BY castsource::regtype::text, casttarget::regtype::text;
-- nothing implicit: no scru64 = bigint comparison, no timestamptz arithmetic
-- (terse: 19 words the detail and hint of a missing operator differently)
\set VERBOSITY terse
SELECT '0u2pf62ji4b9'::scru64 = 109959589539758421::bigint;
SELECT '0u2pf62ji4b9'::scru64 + 1;
\set VERBOSITY default

-- the parser reads scru64('...') as a cast to the type, not a call
SELECT scru64('0u2pf62ji4b9');

-- node specs: canonical form of every valid vector, every invalid refused
\getenv abs_srcdir PG_ABS_SRCDIR
CREATE TABLE s64_specs (
	node_spec text, canonical text, spec_type text, node_id integer,
	node_id_size integer, node_prev_hex text, node_prev_text text, source text
);
\set specs 'grep -v "^#" ' :abs_srcdir '/test/vectors/scru64_node_specs.tsv'
COPY s64_specs FROM PROGRAM :'specs'
	WITH (FORMAT csv, DELIMITER E'\t', HEADER true, QUOTE E'\x01');
SELECT node_spec, scru64_node_spec(node_spec) AS got,
	   scru64_node_spec(node_spec) = canonical AS canonical_ok,
	   scru64_node_spec(scru64_node_spec(node_spec)) = canonical AS stable,
	   scru64_node_id(node_prev_text::scru64, node_id_size) = node_id AS node_of_prev
FROM s64_specs ORDER BY node_spec COLLATE "C";
CREATE TABLE s64_specs_invalid (node_spec_escaped text, source text);
\set specs_invalid 'grep -v "^#" ' :abs_srcdir '/test/vectors/scru64_node_specs_invalid.tsv'
COPY s64_specs_invalid FROM PROGRAM :'specs_invalid'
	WITH (FORMAT csv, DELIMITER E'\t', HEADER true, QUOTE E'\x01');
CREATE FUNCTION s64_spec_try(spec text, OUT code text, OUT detail text)
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM scru64_node_spec(spec);
	code := 'accepted';
EXCEPTION WHEN OTHERS THEN
	GET STACKED DIAGNOSTICS code = RETURNED_SQLSTATE, detail = PG_EXCEPTION_DETAIL;
END
$$;
SELECT i.node_spec_escaped, r.code, r.detail
FROM s64_specs_invalid i,
	 LATERAL s64_spec_try(replace(coalesce(i.node_spec_escaped, ''), '\x20', ' ')) r
ORDER BY i.node_spec_escaped COLLATE "C";
SELECT count(*) AS valid_specs FROM s64_specs;
SELECT count(*) AS invalid_specs FROM s64_specs_invalid;
SELECT scru64_node_spec('0x26eff5/23');
SELECT scru64_node_spec('1024/8');
-- a previous ID in the reserved last tick: nothing can follow it, refused
-- (the references take it); the tick before is not
SELECT scru64_node_spec('zzzzzzzzzzzz/1');
SELECT scru64_node_spec(scru64_from_parts(282429536480, 0)::text || '/8');
SELECT scru64_node_spec(scru64_from_parts(282429536479, 16777215)::text || '/8');

-- catalog: volatility, parallel safety, strictness and leakproofness
SELECT p.oid::regprocedure AS function, p.provolatile AS vol, p.proparallel AS par,
	   p.proisstrict AS strict, p.proleakproof AS leakproof
FROM pg_proc p JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'scru128')
  AND (p.proname ~ '^scru64(_|$)' OR
	   (p.proname IN ('min', 'max') AND pg_get_function_identity_arguments(p.oid) = 'scru64'))
  AND p.proname <> 'scru64_skipsupport'	-- 18 only: test/t/090_skip_scan.pl
ORDER BY p.oid::regprocedure::text COLLATE "C";

-- the operators carry what the planner needs
SELECT oprname, oprcanhash, oprcanmerge, oprcom::regoperator, oprnegate::regoperator,
	   oprrest, oprjoin, oprcode
FROM pg_operator WHERE oprleft = 'scru64'::regtype ORDER BY oprname;

SELECT typlen, typbyval, typalign, typstorage FROM pg_type WHERE oid = 'scru64'::regtype;

SELECT opc.opcname, am.amname, opc.opcdefault
FROM pg_opclass opc JOIN pg_am am ON am.oid = opc.opcmethod
WHERE opc.opcintype = 'scru64'::regtype ORDER BY am.amname, opc.opcname;

-- aggregates
SELECT min(v), max(v), count(*)
FROM (VALUES ('0u2pf62ji4b9'::scru64), ('zzzzzzzzzzzz'), ('000000000000'), (NULL)) t(v);

-- hash: as the same bigint
SELECT scru64_hash(v) = hashint8(v::bigint) AS hash,
	   scru64_hash_extended(v, 42) = hashint8extended(v::bigint, 42) AS hash_ext
FROM (VALUES ('0u2pf62ji4b9'::scru64), ('zzzzzzzzzzzz'), ('000000000000')) t(v);

DROP TABLE s64_assign, s64_specs, s64_specs_invalid;
DROP FUNCTION s64_spec_try(text);
