-- after restore on 16 to 19: the spec's example reads back, the dumped
-- default still generates, after the restored TypeIDs of its prefix, and
-- the domain still refuses another prefix
DO $$
DECLARE
	r record;
BEGIN
	IF (SELECT typeid_uuid(id) FROM typeid_xver WHERE note = 'spec example')
		IS DISTINCT FROM '01890a5d-ac96-774b-bcce-b302099a8057' THEN
		RAISE EXCEPTION 'the spec''s example did not come back';
	END IF;
	INSERT INTO typeid_xver (id, note) VALUES (typeid_generate('gen'), 'after restore') RETURNING * INTO r;
	IF typeid_prefix(r.owner) <> 'user' OR typeid_timestamp(r.owner) IS NULL THEN
		RAISE EXCEPTION 'the default after restore gave %', r.owner;
	END IF;
	IF r.id <= (SELECT max(id) FROM typeid_xver WHERE typeid_prefix(id) = 'gen' AND note <> 'after restore') THEN
		RAISE EXCEPTION 'the new TypeID % is not after the restored ones', r.id;
	END IF;
	BEGIN
		INSERT INTO typeid_xver (id, owner) VALUES (typeid_generate('gen'), 'post_01h455vb4pex5vsknk084sn02q');
		RAISE EXCEPTION 'the domain took a TypeID of another prefix';
	EXCEPTION WHEN check_violation THEN
		NULL;
	END;
	DELETE FROM typeid_xver WHERE note = 'after restore';
END
$$;
