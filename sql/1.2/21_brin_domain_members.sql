
-- Support functions 2, 3 and 4 of the BRIN minmax and minmax-multi classes of
-- the three types become the wrappers of 20_brin_domain.sql.  A member of an
-- operator class cannot be dropped or replaced with ALTER OPERATOR FAMILY
-- while the class exists, nor the class dropped under the indexes that use
-- it, so the catalog rows are changed in place, with the dependency on the
-- function that CREATE OPERATOR CLASS records (core's functions are pinned
-- and had none).  Existing indexes keep their data: on a column of the type
-- itself the wrappers are core's functions.  Only rows still naming core's
-- function change, so this can run again (the 1.2-refresh update does).
-- pg_dump and pg_upgrade dump the classes with their members as they are
-- now, so the change outlives both.
WITH swap(core, ours) AS (VALUES
	('pg_catalog.brin_minmax_add_value(internal,internal,internal,internal)'::regprocedure,
	 'scru_brin_minmax_add_value(internal,internal,internal,internal)'::regprocedure),
	('pg_catalog.brin_minmax_consistent(internal,internal,internal)'::regprocedure,
	 'scru_brin_minmax_consistent(internal,internal,internal)'::regprocedure),
	('pg_catalog.brin_minmax_union(internal,internal,internal)'::regprocedure,
	 'scru_brin_minmax_union(internal,internal,internal)'::regprocedure),
	('pg_catalog.brin_minmax_multi_add_value(internal,internal,internal,internal)'::regprocedure,
	 'scru_brin_minmax_multi_add_value(internal,internal,internal,internal)'::regprocedure),
	('pg_catalog.brin_minmax_multi_consistent(internal,internal,internal,integer)'::regprocedure,
	 'scru_brin_minmax_multi_consistent(internal,internal,internal,integer)'::regprocedure),
	('pg_catalog.brin_minmax_multi_union(internal,internal,internal)'::regprocedure,
	 'scru_brin_minmax_multi_union(internal,internal,internal)'::regprocedure)
), families AS (
	SELECT d.objid FROM pg_catalog.pg_depend d
	WHERE d.classid = 'pg_catalog.pg_opfamily'::regclass AND d.deptype = 'e'
	  AND d.refclassid = 'pg_catalog.pg_extension'::regclass
	  AND d.refobjid = (SELECT oid FROM pg_catalog.pg_extension WHERE extname = 'scru128')
), swapped AS (
	UPDATE pg_catalog.pg_amproc p SET amproc = s.ours::oid::regproc
	FROM swap s
	WHERE p.amproc::oid = s.core::oid AND p.amprocfamily IN (SELECT objid FROM families)
	RETURNING p.oid, p.amproc
)
INSERT INTO pg_catalog.pg_depend (classid, objid, objsubid, refclassid, refobjid, refobjsubid, deptype)
SELECT 'pg_catalog.pg_amproc'::regclass, oid, 0, 'pg_catalog.pg_proc'::regclass, amproc::oid, 0, 'n'
FROM swapped;
