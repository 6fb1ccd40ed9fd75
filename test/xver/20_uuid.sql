-- UUIDs across versions: a table whose default is written unqualified.  On
-- PostgreSQL 15 it resolves to the extension's uuidv7() and pg_dump writes
-- DEFAULT public.uuidv7(), which must restore on 17 and 18 (where core has
-- its own uuidv7() in pg_catalog).  uuidv6() and scru128_uuid_timestamp() exist
-- only in the extension.
CREATE TABLE uuid_xver (
	id uuid PRIMARY KEY DEFAULT uuidv7(),
	legacy uuid DEFAULT uuidv6(),
	note text NOT NULL
);
INSERT INTO uuid_xver (id, legacy, note) VALUES
	('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', '1ec9414c-232a-6b00-b3c8-9f6bdeced846', 'RFC 9562 A.6 and A.5'),
	(uuidv7_min('2024-01-01 00:00:00+00'), uuid_v1_to_v6('c232ab00-9414-11ec-b3c8-9f6bdeced846'), 'bounds');
INSERT INTO uuid_xver (note) SELECT 'generated ' || g FROM generate_series(1, 20) g;
CREATE INDEX uuid_xver_legacy ON uuid_xver (legacy);
CREATE VIEW uuid_xver_times AS
	SELECT id, scru128_uuid_timestamp(id) AS id_at, scru128_uuid_timestamp(legacy) AS legacy_at FROM uuid_xver;
