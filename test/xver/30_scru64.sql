-- scru64 across versions: a table with a scru64 primary key, an array
-- column and a BRIN index, filled with fixed IDs (scru64_from_parts and
-- the reference vectors), so that a dump made on one version restores on
-- another with the same values, order and index answers.  No scru64()
-- default: the generator needs a node spec the restoring server may not
-- have.
CREATE TABLE scru64_xver (
	id scru64 PRIMARY KEY,
	related scru64[] NOT NULL DEFAULT '{}',
	note text NOT NULL
);
INSERT INTO scru64_xver (id, related, note) VALUES
	('0u2pf62ji4b9', '{0u2r85hm2pt3,0u2r87q2rol5}', 'spec README example'),
	('zzzzzzzzzzzz', '{}', 'largest value'),
	('000000000000', '{zzzzzzzzzzzz}', 'smallest value'),
	(scru64_from_parts(6557084606, 2777946), ARRAY[scru64_from_parts(6557084607, 2771484)], 'from parts');
INSERT INTO scru64_xver (id, note)
SELECT scru64_from_parts(6557084606 + g, (42 << 16) | g), 'node 42, tick ' || g
FROM generate_series(1, 200) g;
CREATE INDEX scru64_xver_brin ON scru64_xver USING brin (id);
CREATE INDEX scru64_xver_related ON scru64_xver USING gin (related);
CREATE VIEW scru64_xver_times AS
	SELECT id, scru64_timestamp(id) AS at, scru64_node_id(id, 8) AS node, id::bigint AS num
	FROM scru64_xver;
-- what the restored copy must answer
DO $$
BEGIN
	IF (SELECT count(*) FROM scru64_xver) <> 204 THEN
		RAISE EXCEPTION 'scru64_xver has % rows', (SELECT count(*) FROM scru64_xver);
	END IF;
	IF (SELECT num FROM scru64_xver_times WHERE id = '0u2pf62ji4b9') <> 109959589539758421 THEN
		RAISE EXCEPTION 'scru64 integer value changed';
	END IF;
	IF (SELECT count(*) FROM scru64_xver WHERE id BETWEEN scru64_min('2023-03-12 09:34:19+00')
												  AND scru64_max('2023-03-12 09:34:20+00')) <> 4 THEN
		RAISE EXCEPTION 'scru64 range scan over the BRIN index changed';
	END IF;
	IF (SELECT count(*) FROM scru64_xver WHERE related @> '{zzzzzzzzzzzz}') <> 1 THEN
		RAISE EXCEPTION 'scru64 array lookup changed';
	END IF;
END
$$;
