-- typeid (release 1.5) for the cross-version dump/restore test: a typeid
-- primary key with prefixes none, one word, with an underscore and of 63
-- letters, the spec's example, a domain of one prefix with its default,
-- an array column, btree (also descending), hash and GIN indexes; plain
-- SQL for a fresh database where the extension exists
CREATE DOMAIN typeid_user AS typeid CHECK (typeid_check_prefix(VALUE, 'user'));
CREATE TABLE typeid_xver (
	id typeid PRIMARY KEY,
	owner typeid_user NOT NULL DEFAULT typeid_generate('user'),
	related typeid[],
	note text
);
INSERT INTO typeid_xver (id, owner, related, note)
SELECT typeid((ARRAY['', 'user', 'pre_fix', repeat('z', 63)])[g % 4 + 1],
			  (lpad(to_hex(1700000000000 + g * 1000), 12, '0') || '7' || substr(md5(g::text), 1, 3)
			   || '8' || substr(md5(g::text), 4, 15))::uuid),
	   typeid('user', md5(g::text)::uuid),
	   ARRAY[typeid('', md5((g + 1)::text)::uuid), NULL],
	   'row ' || g
FROM generate_series(1, 3000) g;
INSERT INTO typeid_xver (id, note)
SELECT typeid_generate('gen'), 'generated ' || g FROM generate_series(1, 100) g;
INSERT INTO typeid_xver (id, owner, note) VALUES
	('user_01h455vb4pex5vsknk084sn02q', 'user_01h455vb4pex5vsknk084sn02q', 'spec example');
CREATE INDEX typeid_xver_owner_hash ON typeid_xver USING hash (owner);
CREATE INDEX typeid_xver_owner_desc ON typeid_xver (owner DESC, id);
CREATE INDEX typeid_xver_related ON typeid_xver USING gin (related);
