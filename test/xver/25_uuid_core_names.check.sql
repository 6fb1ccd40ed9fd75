-- after restore: the dumped calls (public.uuidv7(), public.uuidv4(),
-- public.uuid_extract_timestamp(...), public.uuid_extract_version(...)) are
-- the extension's, and they work
INSERT INTO uuid_core_names (note) VALUES ('after restore');
DO $$
DECLARE
	r record;
	n int;
BEGIN
	SELECT * INTO r FROM uuid_core_names WHERE note = 'after restore';
	IF public.uuid_extract_version(r.id) IS DISTINCT FROM 7
	   OR public.uuid_extract_version(r.random) IS DISTINCT FROM 4
	   OR r.at IS DISTINCT FROM public.uuid_extract_timestamp(r.id)
	   OR r.earlier >= r.id THEN
		RAISE EXCEPTION 'defaults after restore gave %', r;
	END IF;
	IF (SELECT at FROM uuid_core_names WHERE note = 'RFC 9562 A.6 and B.1') <> '2022-02-22 19:22:22+00'
	   OR (SELECT id_at FROM uuid_core_names_view WHERE id = '017f22e2-79b0-7cc3-98c4-dc0c0c07398f')
		  <> '2022-02-22 19:22:22+00' THEN
		RAISE EXCEPTION 'restored generated column or view reads a wrong time';
	END IF;
	SET LOCAL enable_seqscan = off;
	SELECT count(*) INTO n FROM uuid_core_names WHERE public.uuid_extract_version(earlier) = 7;
	IF n <> 2 THEN
		RAISE EXCEPTION 'expression index on uuid_extract_version: % rows', n;
	END IF;
	-- a CHECK through the restored call
	BEGIN
		INSERT INTO uuid_core_names (random, note) VALUES ('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', 'v7 as random');
		RAISE EXCEPTION 'the restored CHECK let a v7 UUID in';
	EXCEPTION WHEN check_violation THEN
		NULL;
	END;
	-- every restored call is to the extension's function in public, none
	-- to core's of the same name
	SELECT count(*) INTO n
	FROM pg_depend d JOIN pg_proc p ON d.refclassid = 'pg_proc'::regclass AND p.oid = d.refobjid
	WHERE p.proname IN ('uuidv7', 'uuidv4', 'uuid_extract_timestamp', 'uuid_extract_version')
	  AND p.pronamespace = 'pg_catalog'::regnamespace
	  AND d.classid IN ('pg_attrdef'::regclass, 'pg_constraint'::regclass, 'pg_rewrite'::regclass, 'pg_class'::regclass);
	IF n <> 0 THEN
		RAISE EXCEPTION '% restored objects call core''s functions', n;
	END IF;
	SELECT count(*) INTO n
	FROM pg_depend d JOIN pg_proc p ON d.refclassid = 'pg_proc'::regclass AND p.oid = d.refobjid
	WHERE p.proname IN ('uuidv7', 'uuidv4', 'uuid_extract_timestamp', 'uuid_extract_version')
	  AND p.pronamespace = 'public'::regnamespace
	  AND d.classid IN ('pg_attrdef'::regclass, 'pg_constraint'::regclass, 'pg_rewrite'::regclass, 'pg_class'::regclass);
	IF n < 7 THEN
		RAISE EXCEPTION 'only % restored objects call the extension''s functions', n;
	END IF;
END
$$;
