-- Everything that defines the members of the scru128 extension, one line
-- each, with no OIDs: two databases whose outputs are equal have the same
-- extension.  Used by test/t/080_upgrade.pl.
WITH m AS (
	SELECT classid, objid FROM pg_depend
	WHERE refclassid = 'pg_extension'::regclass AND deptype = 'e'
	  AND refobjid = (SELECT oid FROM pg_extension WHERE extname = 'scru128')
)
SELECT line FROM (
	SELECT 'member ' || pg_describe_object(classid, objid, 0) || ' -- ' ||
		   coalesce(obj_description(objid, classid::regclass::name), '(no comment)') AS line
	FROM m
	UNION ALL
	SELECT 'function ' || p.oid::regprocedure || ' ' ||
		   concat_ws(' ', p.prokind, p.provolatile, p.proparallel, p.proisstrict,
					 p.proleakproof, p.prosecdef, p.proretset, p.prorettype::regtype,
					 p.prosrc, p.probin, p.proargnames::text, p.proargmodes::text,
					 p.procost, p.prorows, p.proconfig::text, l.lanname)
	FROM m JOIN pg_proc p ON m.classid = 'pg_proc'::regclass AND p.oid = m.objid
	JOIN pg_language l ON l.oid = p.prolang
	UNION ALL
	SELECT 'aggregate ' || a.aggfnoid::regprocedure || ' ' ||
		   concat_ws(' ', a.aggkind, a.aggtransfn::regprocedure, a.aggcombinefn::regprocedure,
					 a.aggfinalfn::regprocedure, a.aggsortop::regoperator, a.aggtranstype::regtype)
	FROM m JOIN pg_aggregate a ON m.classid = 'pg_proc'::regclass AND a.aggfnoid = m.objid
	UNION ALL
	SELECT 'operator ' || o.oid::regoperator || ' ' ||
		   concat_ws(' ', o.oprcode::regprocedure, o.oprcom::regoperator, o.oprnegate::regoperator,
					 o.oprrest::regprocedure, o.oprjoin::regprocedure, o.oprcanhash, o.oprcanmerge)
	FROM m JOIN pg_operator o ON m.classid = 'pg_operator'::regclass AND o.oid = m.objid
	UNION ALL
	SELECT 'type ' || t.oid::regtype || ' ' ||
		   concat_ws(' ', t.typlen, t.typbyval, t.typalign, t.typstorage, t.typcategory,
					 t.typinput::regprocedure, t.typoutput::regprocedure,
					 t.typreceive::regprocedure, t.typsend::regprocedure, t.typelem::regtype,
					 t.typarray::regtype)
	FROM m JOIN pg_type t ON m.classid = 'pg_type'::regclass AND t.oid = m.objid
	UNION ALL
	SELECT 'cast ' || c.castsource::regtype || ' -> ' || c.casttarget::regtype || ' ' ||
		   concat_ws(' ', c.castfunc::regprocedure, c.castcontext, c.castmethod)
	FROM m JOIN pg_cast c ON m.classid = 'pg_cast'::regclass AND c.oid = m.objid
	UNION ALL
	SELECT 'opclass ' || am.amname || ' ' || c.opcname || ' ' ||
		   concat_ws(' ', c.opcintype::regtype, c.opcdefault, c.opckeytype::regtype, f.opfname)
	FROM m JOIN pg_opclass c ON m.classid = 'pg_opclass'::regclass AND c.oid = m.objid
	JOIN pg_am am ON am.oid = c.opcmethod JOIN pg_opfamily f ON f.oid = c.opcfamily
	UNION ALL
	SELECT 'amop ' || am.amname || ' ' || f.opfname || ' ' ||
		   concat_ws(' ', o.amopstrategy, o.amoplefttype::regtype, o.amoprighttype::regtype,
					 o.amopopr::regoperator, o.amoppurpose, o.amopsortfamily)
	FROM m JOIN pg_opfamily f ON m.classid = 'pg_opfamily'::regclass AND f.oid = m.objid
	JOIN pg_am am ON am.oid = f.opfmethod JOIN pg_amop o ON o.amopfamily = f.oid
	UNION ALL
	SELECT 'amproc ' || am.amname || ' ' || f.opfname || ' ' ||
		   concat_ws(' ', p.amprocnum, p.amproclefttype::regtype, p.amprocrighttype::regtype,
					 p.amproc::regprocedure)
	FROM m JOIN pg_opfamily f ON m.classid = 'pg_opfamily'::regclass AND f.oid = m.objid
	JOIN pg_am am ON am.oid = f.opfmethod JOIN pg_amproc p ON p.amprocfamily = f.oid
) d
ORDER BY line COLLATE "C";
