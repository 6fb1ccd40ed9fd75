--
-- The install surface: every object a fresh CREATE EXTENSION scru128 makes,
-- with its labels, one line each, sorted, so that a change to what the
-- extension installs shows in review as lines of expected/surface.out.
-- The newest release is installed by name: it may be open while
-- default_version is still the one before (1.5 while 1.4 ships).
-- A fresh database, so that nothing an earlier test did (updates, drops)
-- is seen.  The B-tree skip support that exists only on PostgreSQL 18 and
-- later is checked apart, as present exactly where it should be, and the
-- array types (members of the extension on newer majors) are left out, so that
-- the output is the same on every major.
--
\set regress_db :DBNAME
SET client_min_messages = warning;
DROP DATABASE IF EXISTS scru128_surface;
CREATE DATABASE scru128_surface;
\c scru128_surface
SELECT version AS newest FROM pg_available_extension_versions
WHERE name = 'scru128' AND version !~ '-'
ORDER BY string_to_array(version, '.')::int[] DESC LIMIT 1 \gset
SET client_min_messages = warning;
CREATE EXTENSION scru128 VERSION :'newest';
RESET client_min_messages;

-- one object per line: kind | identity | labels | comment
\pset format unaligned
\pset fieldsep ' | '
\pset footer off

CREATE TEMP VIEW member AS
SELECT d.classid, d.objid, d.objsubid, o.type AS kind, o.identity
FROM pg_depend d
CROSS JOIN LATERAL pg_identify_object(d.classid, d.objid, d.objsubid) o
WHERE d.refclassid = 'pg_extension'::regclass
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'scru128')
  AND d.deptype = 'e'
  -- B-tree skip support: only on 18 and later, checked at the end
  AND NOT (d.classid = 'pg_proc'::regclass AND o.identity LIKE '%\_skipsupport(%')
  -- the array type CREATE TYPE makes beside each type (a member on newer majors)
  AND NOT (d.classid = 'pg_type'::regclass
		   AND EXISTS (SELECT FROM pg_type e WHERE e.typarray = d.objid));

-- what each kind of object is labelled with
CREATE TEMP VIEW labelled AS
SELECT m.kind, m.identity,
	CASE m.classid
	WHEN 'pg_proc'::regclass THEN (
		SELECT concat_ws(' ',
			CASE p.provolatile WHEN 'i' THEN 'immutable' WHEN 's' THEN 'stable' ELSE 'volatile' END,
			CASE WHEN p.proisstrict THEN 'strict' ELSE 'called-on-null' END,
			CASE WHEN p.proleakproof THEN 'leakproof' END,
			CASE p.proparallel WHEN 's' THEN 'parallel-safe' WHEN 'r' THEN 'parallel-restricted' ELSE 'parallel-unsafe' END,
			CASE WHEN p.prosecdef THEN 'security-definer' END,
			CASE WHEN p.proretset THEN 'returns-setof' ELSE 'returns' END,
			format_type(p.prorettype, NULL),
			'language', l.lanname,
			CASE WHEN p.prosupport <> 0 THEN 'support ' || p.prosupport::regproc END,
			CASE WHEN p.proconfig IS NOT NULL THEN 'set ' || array_to_string(p.proconfig, ',') END)
		FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
		WHERE p.oid = m.objid)
	WHEN 'pg_operator'::regclass THEN (
		SELECT concat_ws(' ',
			'function', o.oprcode::regproc,
			CASE WHEN o.oprcom <> 0 THEN 'commutator ' || o.oprcom::regoperator END,
			CASE WHEN o.oprnegate <> 0 THEN 'negator ' || o.oprnegate::regoperator END,
			CASE WHEN o.oprrest <> 0 THEN 'restrict ' || o.oprrest::regproc END,
			CASE WHEN o.oprjoin <> 0 THEN 'join ' || o.oprjoin::regproc END,
			CASE WHEN o.oprcanhash THEN 'hashes' END,
			CASE WHEN o.oprcanmerge THEN 'merges' END)
		FROM pg_operator o WHERE o.oid = m.objid)
	WHEN 'pg_cast'::regclass THEN (
		SELECT concat_ws(' ',
			CASE c.castcontext WHEN 'i' THEN 'implicit' WHEN 'a' THEN 'assignment' ELSE 'explicit' END,
			CASE c.castmethod WHEN 'f' THEN 'function ' || c.castfunc::regprocedure
				WHEN 'b' THEN 'binary-coercible' ELSE 'inout' END)
		FROM pg_cast c WHERE c.oid = m.objid)
	WHEN 'pg_type'::regclass THEN (
		SELECT concat_ws(' ',
			CASE t.typtype WHEN 'b' THEN 'base' WHEN 'd' THEN 'domain over ' || format_type(t.typbasetype, t.typtypmod)
				WHEN 'c' THEN 'composite' WHEN 'e' THEN 'enum' WHEN 'r' THEN 'range' WHEN 'm' THEN 'multirange'
				ELSE t.typtype::text END,
			CASE WHEN t.typlen > 0 THEN 'length ' || t.typlen ELSE 'varlena' END,
			CASE WHEN t.typbyval THEN 'by-value' END,
			'align', t.typalign, 'storage', t.typstorage,
			'category', t.typcategory,
			CASE WHEN t.typispreferred THEN 'preferred' END,
			CASE WHEN t.typelem <> 0 THEN 'element ' || format_type(t.typelem, NULL) END,
			CASE WHEN t.typarray <> 0 THEN 'array ' || format_type(t.typarray, NULL) END,
			CASE WHEN t.typtype = 'b' THEN concat_ws(' ', 'in', t.typinput, 'out', t.typoutput,
				'receive', t.typreceive, 'send', t.typsend,
				CASE WHEN t.typanalyze <> 0 THEN 'analyze ' || t.typanalyze END) END)
		FROM pg_type t WHERE t.oid = m.objid)
	WHEN 'pg_opclass'::regclass THEN (
		SELECT concat_ws(' ', 'for', format_type(c.opcintype, NULL),
			CASE WHEN c.opcdefault THEN 'default' END,
			CASE WHEN c.opckeytype <> 0 THEN 'storage ' || format_type(c.opckeytype, NULL) END)
		FROM pg_opclass c WHERE c.oid = m.objid)
	WHEN 'pg_class'::regclass THEN (
		SELECT 'relkind ' || c.relkind::text FROM pg_class c WHERE c.oid = m.objid)
	END AS labels,
	CASE WHEN obj_description(m.objid, (SELECT relname FROM pg_class WHERE oid = m.classid)) IS NULL THEN 'NO COMMENT' ELSE 'comment' END
		AS comment
FROM member m;

-- every object of the extension
SELECT kind, identity, coalesce(labels, '') AS labels, comment
FROM labelled
ORDER BY kind COLLATE "C", identity COLLATE "C";

-- the members of its operator families: operators by strategy, support
-- functions by number (the skip support, 6 of btree, apart as above)
SELECT family, member FROM (
SELECT 'operator family ' || f.opfname || ' of ' || a.amname AS family,
	'operator ' || o.amopstrategy || ' (' || format_type(o.amoplefttype, NULL) || ', '
		|| format_type(o.amoprighttype, NULL) || ') ' || o.amopopr::regoperator
		|| CASE o.amoppurpose WHEN 'o' THEN ' for order by ' || o.amopsortfamily::regclass ELSE '' END AS member
FROM pg_amop o
JOIN pg_opfamily f ON f.oid = o.amopfamily
JOIN pg_am a ON a.oid = f.opfmethod
WHERE f.oid IN (SELECT objid FROM member WHERE classid = 'pg_opfamily'::regclass)
UNION ALL
SELECT 'operator family ' || f.opfname || ' of ' || a.amname,
	'function ' || p.amprocnum || ' (' || format_type(p.amproclefttype, NULL) || ', '
		|| format_type(p.amprocrighttype, NULL) || ') ' || p.amproc::regprocedure
FROM pg_amproc p
JOIN pg_opfamily f ON f.oid = p.amprocfamily
JOIN pg_am a ON a.oid = f.opfmethod
WHERE f.oid IN (SELECT objid FROM member WHERE classid = 'pg_opfamily'::regclass)
  AND NOT (a.amname = 'btree' AND p.amprocnum = 6)
) AS m
ORDER BY family COLLATE "C", member COLLATE "C";

-- B-tree skip support: a function and support function 6 of each type's
-- btree family on 18 and later, neither before
SELECT t AS type,
	(to_regprocedure(t || '_skipsupport(internal)') IS NOT NULL
	 AND EXISTS (SELECT FROM pg_amproc p JOIN pg_opfamily f ON f.oid = p.amprocfamily
		JOIN pg_am a ON a.oid = f.opfmethod
		WHERE f.opfname = t || '_ops' AND a.amname = 'btree' AND p.amprocnum = 6
		  AND p.amproc = to_regprocedure(t || '_skipsupport(internal)')))
	= (current_setting('server_version_num')::int >= 180000) AS as_on_this_major,
	(SELECT count(*) FROM pg_depend d
	 WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
	   AND d.classid = 'pg_proc'::regclass AND d.objid = to_regprocedure(t || '_skipsupport(internal)'))
	= (current_setting('server_version_num')::int >= 180000)::int AS member_where_present
FROM unnest(ARRAY['scru128', 'scru160', 'scru64', 'ulid']) AS t
ORDER BY 1;

-- no skip support function other than those four
SELECT count(*) AS other_skipsupport
FROM pg_proc
WHERE proname LIKE '%\_skipsupport' AND pronamespace = 'public'::regnamespace
  AND proname NOT IN ('scru128_skipsupport', 'scru160_skipsupport', 'scru64_skipsupport', 'ulid_skipsupport');

\pset format aligned
\pset footer on
\c :regress_db
DROP DATABASE scru128_surface;
