
--
-- The six assignment casts from text and varchar of release 1.3
-- (sql/1.3/40_casts.sql), each made only where no cast between the two
-- types exists yet.  1.3's part failed the update when the user had made
-- one of them (a cast of their own, not a member of the extension); the
-- direct updates from 1.0, 1.1 and 1.2 (scru128--1.2--1.4.sql and so on:
-- the Makefile leaves 1.3's part out of them) and a fresh install reach
-- 1.4 through this part instead, so they succeed and keep the user's
-- cast as it is.  From 1.3 the casts exist already: nothing happens.
--
DO $$
DECLARE
	s text := pg_catalog.quote_ident(pg_catalog.current_schema());
	c record;
BEGIN
	FOR c IN SELECT * FROM (VALUES ('text', 'scru128'), ('varchar', 'scru128'),
								   ('text', 'scru160'), ('varchar', 'scru160'),
								   ('text', 'scru64'), ('varchar', 'scru64')) v(src, tgt)
	LOOP
		IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_cast
					   WHERE castsource OPERATOR(pg_catalog.=) pg_catalog.to_regtype('pg_catalog.' OPERATOR(pg_catalog.||) c.src)
						 AND casttarget OPERATOR(pg_catalog.=) pg_catalog.to_regtype((s OPERATOR(pg_catalog.||) '.') OPERATOR(pg_catalog.||) c.tgt)) THEN
			EXECUTE pg_catalog.format('CREATE CAST (pg_catalog.%s AS %s.%s) WITH INOUT AS ASSIGNMENT',
									  c.src, s, c.tgt);
			EXECUTE pg_catalog.format('COMMENT ON CAST (pg_catalog.%s AS %s.%s) IS %L',
									  c.src, s, c.tgt,
									  'the text form, parsed by the type''s input function; assignment only (INSERT, UPDATE, return values)');
		END IF;
	END LOOP;
END
$$;
