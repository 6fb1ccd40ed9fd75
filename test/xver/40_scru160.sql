-- scru160 for the cross-version dump/restore test: a scru160 primary key
-- with rows from scru160_from_fields, an array column, a domain over
-- scru160, btree, hash and BRIN (minmax, minmax-multi, bloom) indexes;
-- plain SQL for a fresh database where the extension exists
CREATE DOMAIN scru160_event_id AS scru160
	CHECK (VALUE > scru160_min(timestamptz '2021-01-01 00:00:00+00'));
CREATE TABLE scru160_events (
	id scru160 PRIMARY KEY,
	event scru160_event_id NOT NULL,
	related scru160[],
	note text
);
INSERT INTO scru160_events (id, event, related, note)
SELECT scru160_from_fields(1632225727239 + g * 1000, g % 65536, (g * 7) % 65536,
						   decode(lpad(to_hex(g), 20, '0'), 'hex')),
	   scru160_from_fields(1632225727239 + (g % 50) * 60000, 0, g % 65536,
						   '\x00000000000000000000'),
	   ARRAY[scru160_from_fields(1631540490683 + g, 13173, 1873, '\xeb63beb3c3f8c5969d86'), NULL],
	   'event ' || g
FROM generate_series(1, 3000) g;
INSERT INTO scru160_events (id, event, note)
SELECT scru160(), scru160(), 'generated ' || g FROM generate_series(1, 100) g;
INSERT INTO scru160_events (id, event, note) VALUES
	('05U0GF0J0SP1ADJPT0U4VHIMCJJAIP51', '017c083c13073216a2ab5d302cebfca0916625a0', 'spec vector');
CREATE INDEX scru160_events_event_hash ON scru160_events USING hash (event);
CREATE INDEX scru160_events_id_brin ON scru160_events USING brin (id);
CREATE INDEX scru160_events_id_multi ON scru160_events USING brin (id scru160_minmax_multi_ops);
CREATE INDEX scru160_events_id_bloom ON scru160_events USING brin (id scru160_bloom_ops);
-- BRIN on the domain column itself (from release 1.2 on; 1.1 needed an
-- index on the cast, kept here as an expression index)
CREATE INDEX scru160_events_event_brin ON scru160_events USING brin (event scru160_minmax_multi_ops);
CREATE INDEX scru160_events_event_minmax ON scru160_events USING brin (event);
CREATE INDEX scru160_events_event_cast ON scru160_events USING brin ((event::scru160) scru160_minmax_multi_ops);
CREATE INDEX scru160_events_event_desc ON scru160_events (event DESC, id);
