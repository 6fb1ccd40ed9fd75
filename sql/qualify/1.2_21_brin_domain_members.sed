# the comparisons of the query, written OPERATOR(pg_catalog.=) (sql/qualify/README)
s/d\.classid = 'pg_catalog\.pg_opfamily'::regclass AND d\.deptype = 'e'/d.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_opfamily'::regclass AND d.deptype OPERATOR(pg_catalog.=) 'e'/
s/d\.refclassid = 'pg_catalog\.pg_extension'::regclass$/d.refclassid OPERATOR(pg_catalog.=) 'pg_catalog.pg_extension'::regclass/
s/d\.refobjid = (SELECT oid FROM pg_catalog\.pg_extension WHERE extname = 'scru128')/d.refobjid OPERATOR(pg_catalog.=) (SELECT oid FROM pg_catalog.pg_extension WHERE extname OPERATOR(pg_catalog.=) 'scru128')/
s/p\.amproc::oid = s\.core::oid AND p\.amprocfamily IN (SELECT objid FROM families)/p.amproc::oid OPERATOR(pg_catalog.=) s.core::oid AND p.amprocfamily OPERATOR(pg_catalog.=) ANY (SELECT objid FROM families)/
