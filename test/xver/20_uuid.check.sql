-- after restore on 17/18: the dumped defaults (public.uuidv7(),
-- public.uuidv6()) still generate, and the restored rows read back
INSERT INTO uuid_xver (note) VALUES ('after restore');
DO $$
DECLARE
	r record;
BEGIN
	SELECT * INTO r FROM uuid_xver WHERE note = 'after restore';
	IF public.uuid_extract_version(r.id) IS DISTINCT FROM 7 OR public.uuid_extract_version(r.legacy) IS DISTINCT FROM 6 THEN
		RAISE EXCEPTION 'defaults after restore gave % and %', r.id, r.legacy;
	END IF;
	IF r.id <= (SELECT id FROM uuid_xver WHERE note <> 'after restore' ORDER BY id DESC LIMIT 1) THEN
		RAISE EXCEPTION 'the new uuidv7 % is not after the restored ones', r.id;
	END IF;
	IF (SELECT count(*) FROM uuid_xver_times
		WHERE id_at = '2022-02-22 19:22:22+00' AND legacy_at = '2022-02-22 19:22:22+00') <> 1 THEN
		RAISE EXCEPTION 'uuid_timestamp of the restored RFC vectors is wrong';
	END IF;
	IF (SELECT count(*) FROM uuid_xver
		WHERE id BETWEEN public.uuidv7_min('2024-01-01 00:00:00+00') AND public.uuidv7_max('2024-01-01 00:00:00+00')) <> 1 THEN
		RAISE EXCEPTION 'uuidv7_min/max range lost the restored row';
	END IF;
	-- the restored defaults call the extension's functions, not core's
	IF EXISTS (SELECT FROM pg_attrdef d
			   JOIN pg_proc p ON p.oid = (regexp_match(d.adbin::text, ':funcid (\d+)'))[1]::oid
			   WHERE d.adrelid = 'public.uuid_xver'::regclass
				 AND p.pronamespace = 'pg_catalog'::regnamespace) THEN
		RAISE EXCEPTION 'a restored default resolved to a core function';
	END IF;
END
$$;
