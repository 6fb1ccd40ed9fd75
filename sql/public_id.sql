--
-- Public IDs (release 1.5, doc/public-ids.md), what needs no key file:
-- the functions' labels, comments and privileges, and the context's
-- length, checked before any key.  The keys and the key file are tested by
-- test/t/700_public_id.pl, which can make the file with mode 0600 (COPY
-- cannot), and test/security/400_public_id_keys.pl.  In a database of its
-- own, at 1.5 while the default version is older.
--
\set regress_db :DBNAME
SET client_min_messages = warning;
DROP DATABASE IF EXISTS scru128_public_id;
DROP ROLE IF EXISTS regress_scru128_public_id_plain;
RESET client_min_messages;
CREATE DATABASE scru128_public_id;
CREATE ROLE regress_scru128_public_id_plain;
\c scru128_public_id
CREATE EXTENSION scru128;

-- every function: STRICT, STABLE, PARALLEL SAFE, commented, not for PUBLIC
SELECT p.oid::regprocedure AS function, p.proisstrict AS strict, p.provolatile AS volatility,
	   p.proparallel AS parallel, obj_description(p.oid, 'pg_proc') IS NOT NULL AS commented,
	   has_function_privilege('regress_scru128_public_id_plain', p.oid, 'EXECUTE') AS plain_may_execute
FROM pg_proc p
JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'scru128'
WHERE p.proname LIKE 'public\_id%'
ORDER BY p.oid::regprocedure::text COLLATE "C";

-- the extension's owner (here the superuser running the test) holds
-- EXECUTE with GRANT OPTION, so a non-superuser owner can grant it on
SELECT count(*) AS grants_to_owner
FROM pg_proc p, aclexplode(p.proacl) a
WHERE p.proname LIKE 'public\_id%' AND a.grantee = (SELECT extowner FROM pg_extension WHERE extname = 'scru128')
  AND a.privilege_type = 'EXECUTE' AND a.is_grantable;

SET ROLE regress_scru128_public_id_plain;
SELECT public_id(1::bigint);
SELECT public_id_decode('017f22e2-79b0-7cc3-98c4-dc0c0c07398f'::uuid, 'orders');
SELECT * FROM public_id_keys();
RESET ROLE;

-- the context's length is checked before any key is read
SELECT public_id(1::bigint, repeat('x', 256));
SELECT public_id('036z951mhjikzik2gsl81gr7l'::scru128, repeat('é', 128), 1);
DO $$
BEGIN
	PERFORM public_id_decode('017f22e2-79b0-4cc3-98c4-dc0c0c07398f'::uuid, repeat('x', 300));
EXCEPTION WHEN OTHERS THEN
	RAISE NOTICE 'SQLSTATE %', SQLSTATE;
END $$;

\c :regress_db
DROP DATABASE scru128_public_id;
DROP ROLE regress_scru128_public_id_plain;
