-- Objects of each kind that call uuid_timestamp(uuid), the name of
-- scru128_uuid_timestamp(uuid) in releases 1.1 to 1.3, with rows: run in
-- a database where the extension is at one of those releases, with its
-- schema first on search_path.  A dump names the function as text
-- (public.uuid_timestamp(...)): restored into a fresh 1.4 each of these
-- fails, and a table that calls it in its definition is lost with its
-- rows (doc/install.md, "Restoring a dump of 1.1 to 1.3").  Used by
-- test/t/640_restore_old_release.pl and the pgupgrade suite.

-- a table that names no function of the extension (kept either way)
CREATE TABLE untouched (id uuid PRIMARY KEY, n int NOT NULL);

-- a column default
CREATE TABLE with_default (
	id    uuid PRIMARY KEY,
	n     int NOT NULL,
	epoch timestamptz DEFAULT uuid_timestamp('1ec9414c-232a-6b00-b3c8-9f6bdeced846')
);

-- a generated column (uuid_timestamp(uuid) is IMMUTABLE since 1.1)
CREATE TABLE with_generated (
	id uuid PRIMARY KEY,
	n  int NOT NULL,
	at timestamptz GENERATED ALWAYS AS (uuid_timestamp(id)) STORED
);

-- a check constraint
CREATE TABLE with_check (
	id uuid PRIMARY KEY CHECK (uuid_timestamp(id) IS NOT NULL),
	n  int NOT NULL
);

-- an expression index (the table's own definition names no function)
CREATE TABLE with_index (id uuid PRIMARY KEY, n int NOT NULL);
CREATE INDEX with_index_at ON with_index (uuid_timestamp(id));

-- an SQL-standard function body, parsed when the function is created
-- (a string body is not, and fails only when called)
CREATE FUNCTION id_time(id uuid) RETURNS timestamptz
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
BEGIN ATOMIC
	SELECT uuid_timestamp(id);
END;

-- versions 6 and 7, both of which uuid_timestamp() reads
INSERT INTO untouched SELECT CASE WHEN g % 2 = 0 THEN uuidv6() ELSE uuidv7() END, g FROM generate_series(1, 200) g;
INSERT INTO with_default (id, n) SELECT CASE WHEN g % 2 = 0 THEN uuidv6() ELSE uuidv7() END, g FROM generate_series(1, 200) g;
INSERT INTO with_generated (id, n) SELECT CASE WHEN g % 2 = 0 THEN uuidv6() ELSE uuidv7() END, g FROM generate_series(1, 200) g;
INSERT INTO with_check SELECT CASE WHEN g % 2 = 0 THEN uuidv6() ELSE uuidv7() END, g FROM generate_series(1, 200) g;
INSERT INTO with_index SELECT CASE WHEN g % 2 = 0 THEN uuidv6() ELSE uuidv7() END, g FROM generate_series(1, 200) g;

-- a view and a materialized view
CREATE VIEW index_times AS
	SELECT id, n, uuid_timestamp(id) AS at FROM with_index;
CREATE MATERIALIZED VIEW index_times_saved AS
	SELECT id, uuid_timestamp(id) AS at FROM with_index;
ANALYZE;
