-- ulid for the cross-version dump/restore test: a ulid primary key with
-- rows from the reference vectors' layout, an array column, a domain over
-- ulid, btree, hash and BRIN (minmax, minmax-multi, bloom) indexes, BRIN
-- on the domain column; plain SQL for a fresh database where the
-- extension exists
CREATE DOMAIN ulid_event_id AS ulid
	CHECK (VALUE > ulid_min(timestamptz '2016-01-01 00:00:00+00'));
CREATE TABLE ulid_events (
	id ulid PRIMARY KEY,
	event ulid_event_id NOT NULL,
	related ulid[],
	note text
);
INSERT INTO ulid_events (id, event, related, note)
SELECT (lpad(to_hex(1469918176385 + g * 1000), 12, '0') || lpad(to_hex(g), 20, '0'))::uuid::ulid,
	   (lpad(to_hex(1742844530210 + (g % 50) * 60000), 12, '0') || substr(md5(g::text), 1, 20))::uuid::ulid,
	   ARRAY['01JQ4T8BHJR0A5YKX7SVTVX0YN'::ulid, NULL],
	   'event ' || g
FROM generate_series(1, 3000) g;
INSERT INTO ulid_events (id, event, note)
SELECT ulid(), ulid(), 'generated ' || g FROM generate_series(1, 100) g;
INSERT INTO ulid_events (id, event, note) VALUES
	('01ARYZ6S41TSV4RRFFQ69G5FAV', '01JQ4T23H220KM7X0B3V1109DQ', 'spec vector');
CREATE INDEX ulid_events_event_hash ON ulid_events USING hash (event);
CREATE INDEX ulid_events_id_brin ON ulid_events USING brin (id);
CREATE INDEX ulid_events_id_multi ON ulid_events USING brin (id ulid_minmax_multi_ops);
CREATE INDEX ulid_events_id_bloom ON ulid_events USING brin (id ulid_bloom_ops);
CREATE INDEX ulid_events_event_minmax ON ulid_events USING brin (event);
CREATE INDEX ulid_events_event_desc ON ulid_events (event DESC, id);
