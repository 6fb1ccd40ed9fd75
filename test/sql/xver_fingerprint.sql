-- What a dump and restore must keep, with no OIDs: every index definition,
-- then every table of schema public with its row count and a hash of its
-- rows in text form, one line each, sorted.  Used by the cross-version
-- dump/restore test (xver) and pg_upgrade's (pgupgrade).  Plain SQL and
-- psql's \gexec, so that it runs on a server built without libxml too.
SET TimeZone = 'UTC';
-- every function in an index definition named with its schema, on every
-- version: 15 would print the extension's uuid_extract_version(...)
-- unqualified, 17 and later qualified (core has one of that name)
SET search_path = pg_catalog;
SET extra_float_digits = 3;
SELECT line FROM (
SELECT 'index ' || pg_get_indexdef(i.indexrelid) AS line
FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
WHERE c.relnamespace = 'public'::regnamespace) f
ORDER BY line COLLATE "C";
-- one query per table, run in table name order (the lines' order)
SELECT format('SELECT %L || count(*) || '' '' || coalesce(md5(string_agg(t::text, E''\n'' ORDER BY t::text COLLATE "C")), ''-'') FROM public.%I t',
			  'table ' || c.relname || ' ', c.relname)
FROM pg_class c
WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')
ORDER BY c.relname COLLATE "C"
\gexec
