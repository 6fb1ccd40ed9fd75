-- first-draft (v1) SCRU128 IDs for the cross-version dump/restore test: a
-- text column of v1 IDs converted to uuid (the recipe of doc/migration.md), a view that
-- gives the old text back and an expression index on the v1 timestamp, so
-- the restore must recreate objects that call the scru128_v1_* functions
CREATE TABLE legacy_events (id text PRIMARY KEY, kind text NOT NULL, orig text);
INSERT INTO legacy_events (id, kind) VALUES
	('00QBTG0FERFTCCNFISUBO489DI', 'spec'), ('00QBTG0FERFTCCPFISU9NEF4CJ', 'spec'),
	('00QBTG0FERFTCCRFISU97R5OTB', 'spec'), ('00QBTG0FERFTCCTFISUA4B4DFK', 'spec'),
	('00QBTG0FF6ULUKDFISU93H7KA9', 'spec'), ('00QBTG0FF6ULUKFFISU9OC8U2F', 'spec'),
	('00QBTG0FF6ULUKHFISUAOVFSF4', 'spec'), ('00QBTG0FF6ULUKJFISU94NVHK2', 'spec'),
	('00000000000000000000000000', 'min'), ('7vvvvvvvvvvvvvvvvvvvvvvvvv', 'max');
INSERT INTO legacy_events (id, kind)
SELECT scru128_v1_from_uuid((lpad(to_hex(56634639325 + g * 7919731::bigint), 11, '0') ||
							 substr(md5(g::text), 1, 21))::uuid), 'generated'
FROM generate_series(1, 500) g;
UPDATE legacy_events SET orig = upper(id);
ALTER TABLE legacy_events ALTER COLUMN id TYPE uuid USING scru128_v1_to_uuid(id);
CREATE INDEX legacy_events_time ON legacy_events (scru128_v1_timestamp(scru128_v1_from_uuid(id)));
CREATE VIEW legacy_events_text AS
	SELECT scru128_v1_from_uuid(id) AS id, kind,
		   (scru128_v1_fields(scru128_v1_from_uuid(id))).*
	FROM legacy_events;
-- the conversion must have kept every ID and its order
SELECT 1 / (count(*) = 510 AND count(*) FILTER (WHERE scru128_v1_from_uuid(id) <> orig) = 0)::int
FROM legacy_events;
SELECT 1 / (count(*) FILTER (WHERE by_id <> by_text) = 0)::int
FROM (SELECT rank() OVER (ORDER BY id) AS by_id, rank() OVER (ORDER BY orig COLLATE "C") AS by_text
	  FROM legacy_events) s;
