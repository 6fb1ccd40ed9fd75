-- What a dump and restore must keep, with no OIDs: every table of schema
-- public with its row count and a hash of its rows in text form, then every
-- index definition.  Used by the cross-version dump/restore test (xver).
SET TimeZone = 'UTC';
-- every function in an index definition named with its schema, on every
-- version: 15 would print the extension's uuid_extract_version(...)
-- unqualified, 17 and later qualified (core has one of that name)
SET search_path = pg_catalog;
SET extra_float_digits = 3;
SELECT line FROM (
SELECT 'table ' || c.relname || ' ' ||
		(xpath('/row/f/text()',
			  query_to_xml(format('SELECT count(*) || '' '' || coalesce(md5(string_agg(t::text, E''\n'' ORDER BY t::text COLLATE "C")), ''-'') AS f FROM public.%I t',
								  c.relname), false, true, '')))[1]::text AS line
FROM pg_class c
WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')
UNION ALL
SELECT 'index ' || pg_get_indexdef(i.indexrelid)
FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
WHERE c.relnamespace = 'public'::regnamespace) f
ORDER BY line COLLATE "C";
