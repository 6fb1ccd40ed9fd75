-- The extension's functions named like core's, in every place pg_dump
-- writes a call: a default, a generated column, a CHECK constraint, an
-- expression index and a view.  Written unqualified on PostgreSQL 15, they
-- resolve to the extension's and pg_dump writes them qualified
-- (public.uuidv7(), public.uuid_extract_timestamp(...)), which must restore
-- on 17, 18 and 19, where core has functions of the same names in
-- pg_catalog.  Only v7 and v4 UUIDs: their answers are core's too.
CREATE TABLE uuid_core_names (
	id uuid PRIMARY KEY DEFAULT uuidv7(),
	earlier uuid NOT NULL DEFAULT uuidv7('-1 hour'),
	random uuid NOT NULL DEFAULT uuidv4(),
	at timestamptz GENERATED ALWAYS AS (uuid_extract_timestamp(id)) STORED,
	note text NOT NULL,
	CHECK (uuid_extract_version(random) = 4)
);
INSERT INTO uuid_core_names (id, earlier, random, note) VALUES
	('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', '017f22e2-79b0-7cc3-98c4-dc0c0c07398f',
	 '919108f7-52d1-4320-9bac-f847db4148a8', 'RFC 9562 A.6 and B.1');
CREATE INDEX uuid_core_names_version ON uuid_core_names (uuid_extract_version(earlier));
CREATE INDEX uuid_core_names_at ON uuid_core_names (uuid_extract_timestamp(earlier));
CREATE VIEW uuid_core_names_view AS
	SELECT id, uuid_extract_timestamp(id) AS id_at, uuid_extract_version(random) AS random_version
	FROM uuid_core_names;
