# the comparisons and concatenations of the block, written
# OPERATOR(pg_catalog.x) (sql/qualify/README)
s/::int < 180000 THEN/::int OPERATOR(pg_catalog.<) 180000 THEN/
s/t || '_skipsupport'/(t OPERATOR(pg_catalog.||) '_skipsupport')/g
s/'B-tree skip scan support for ' || t || ' (next and previous values)'/('B-tree skip scan support for ' OPERATOR(pg_catalog.||) t) OPERATOR(pg_catalog.||) ' (next and previous values)'/
s/am\.oid = f\.opfmethod/am.oid OPERATOR(pg_catalog.=) f.opfmethod/
s/f\.opfname = t || '_ops' AND am\.amname = 'btree'/f.opfname OPERATOR(pg_catalog.=) (t OPERATOR(pg_catalog.||) '_ops') AND am.amname OPERATOR(pg_catalog.=) 'btree'/
s/f\.opfnamespace = pg_catalog\.current_schema()::regnamespace/f.opfnamespace OPERATOR(pg_catalog.=) pg_catalog.current_schema()::regnamespace/
s/WHERE amprocfamily = family AND amprocnum = 6/WHERE amprocfamily OPERATOR(pg_catalog.=) family AND amprocnum OPERATOR(pg_catalog.=) 6/
s/t || '_ops', t, (t OPERATOR(pg_catalog.||) '_skipsupport')/(t OPERATOR(pg_catalog.||) '_ops'), t, (t OPERATOR(pg_catalog.||) '_skipsupport')/
