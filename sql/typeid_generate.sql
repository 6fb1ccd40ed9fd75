--
-- typeid_generate(prefix): the generator, on the uuidv7() generator of the
-- session; the prefix per column (a domain with typeid_check_prefix) and
-- a column of any prefix
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
RESET client_min_messages;
\set VERBOSITY default

-- 200 000 IDs from one session, over two transactions, in order, each with
-- the prefix, a UUIDv7 and the canonical text
CREATE TABLE gent (n bigserial, id typeid, at timestamptz);
BEGIN;
INSERT INTO gent (id, at) SELECT typeid_generate('user'), clock_timestamp() FROM generate_series(1, 100000);
COMMIT;
BEGIN;
INSERT INTO gent (id, at) SELECT typeid_generate('user'), clock_timestamp() FROM generate_series(1, 100000);
COMMIT;
SELECT count(*) AS ids,
	   count(*) FILTER (WHERE id <= prev) AS not_increasing,
	   count(*) FILTER (WHERE id::text COLLATE "C" <= prev::text COLLATE "C") AS text_not_increasing,
	   count(DISTINCT id) AS distinct_ids,
	   count(*) FILTER (WHERE typeid_prefix(id) <> 'user') AS other_prefix,
	   count(*) FILTER (WHERE uuid_extract_version(id::uuid) <> 7) AS not_v7,
	   count(*) FILTER (WHERE id::text !~ '^user_[0-7][0-9a-hjkmnp-tv-z]{25}$') AS not_canonical
FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev FROM gent) s;
-- the time of each ID is the clock's, to the millisecond
SELECT count(*) FILTER (WHERE typeid_timestamp(id) > at) AS ahead_of_clock,
	   count(*) FILTER (WHERE at - typeid_timestamp(id) >= interval '1 second') AS behind_clock
FROM gent;

-- one clock with uuidv7(): the extension's uuidv7() and typeid_generate()
-- of one session interleave in order (public.uuidv7(): on PostgreSQL 18
-- and later an unqualified uuidv7() is core's, with its own clock)
SELECT count(*) AS steps,
	   count(*) FILTER (WHERE NOT (a < b AND b < c)) AS not_increasing
FROM (SELECT typeid_uuid(typeid_generate('x')) AS a, public.uuidv7() AS b, typeid_uuid(typeid_generate('y')) AS c
	  FROM generate_series(1, 10000)) s;
SELECT typeid_generate('user') > (SELECT max(id) FROM gent) AS continues;
SELECT count(DISTINCT typeid_generate('user')) AS distinct_in_one_query FROM generate_series(1, 1000);

-- the empty prefix, the longest prefix, inner underscores
SELECT typeid_prefix(typeid_generate('')) = '' AND length(typeid_generate('')::text) = 26 AS empty_prefix,
	   length(typeid_generate(repeat('a', 63))::text) = 90 AS longest_prefix,
	   typeid_generate('pre_fix')::text LIKE 'pre\_fix\_%' AS inner_underscore;
-- an invalid prefix is an error (22023) naming what is wrong
SELECT typeid_generate('User');
SELECT typeid_generate('user_');
SELECT typeid_generate('_user');
SELECT typeid_generate(repeat('a', 64));
SELECT typeid_generate('us er');
SELECT typeid_generate(NULL) IS NULL AS strict;
-- typeid('user') with a bare literal is a cast of the text, and says which
-- function makes a TypeID of a prefix
SELECT typeid('user');

-- a column of one prefix: a domain whose CHECK names it
CREATE DOMAIN user_id AS typeid CHECK (typeid_check_prefix(VALUE, 'user'));
CREATE TABLE users (id user_id PRIMARY KEY DEFAULT typeid_generate('user'), name text);
INSERT INTO users (name) VALUES ('a'), ('b');
INSERT INTO users VALUES ('user_01h455vb4pex5vsknk084sn02q', 'c');
SELECT count(*) AS users, count(*) FILTER (WHERE typeid_prefix(id) = 'user') AS with_prefix FROM users;
-- another prefix, or none, is refused naming both (23514, as a domain's
-- CHECK); the suffix of a generated ID is shown as <suffix>
CREATE FUNCTION typeid_try_sql(statement text, OUT state text, OUT message text)
LANGUAGE plpgsql AS $$
BEGIN
	EXECUTE statement;
	state := 'ok';
EXCEPTION WHEN OTHERS THEN
	GET STACKED DIAGNOSTICS state = RETURNED_SQLSTATE, message = MESSAGE_TEXT;
	message := regexp_replace(message, '(^|_)[0-7][0-9a-hjkmnp-tv-z]{25}"', '\1<suffix>"', 'g');
END $$;
SELECT statement, t.*
FROM (VALUES ($$INSERT INTO users VALUES ('post_01h455vb4pex5vsknk084sn02q', 'd')$$),
			 ($$INSERT INTO users VALUES ('01h455vb4pex5vsknk084sn02q', 'e')$$),
			 ($$INSERT INTO users VALUES (typeid_generate('users'), 'f')$$),
			 ($$UPDATE users SET id = typeid('post', id::uuid) WHERE name = 'a'$$),
			 ($$SELECT 'post_01h455vb4pex5vsknk084sn02q'::user_id$$),
			 ($$SELECT 'user_01h455vb4pex5vsknk084sn02q'::user_id$$)) v(statement),
	 LATERAL typeid_try_sql(statement) t;
-- the message as a client sees it
INSERT INTO users VALUES ('post_01h455vb4pex5vsknk084sn02q', 'd');
-- a DEFAULT of the wrong prefix fails at the first insert
CREATE TABLE users_bad (id user_id DEFAULT typeid_generate('usr'));
SELECT * FROM typeid_try_sql('INSERT INTO users_bad DEFAULT VALUES');
-- a domain of the empty prefix; a column of any prefix
CREATE DOMAIN bare_id AS typeid CHECK (typeid_check_prefix(VALUE, ''));
SELECT '01h455vb4pex5vsknk084sn02q'::bare_id AS bare, 'user_01h455vb4pex5vsknk084sn02q'::typeid AS any_prefix;
SELECT 'user_01h455vb4pex5vsknk084sn02q'::bare_id;
-- the prefix a CHECK names must itself be valid
CREATE DOMAIN bad_prefix_id AS typeid CHECK (typeid_check_prefix(VALUE, 'User'));
SELECT 'user_01h455vb4pex5vsknk084sn02q'::bad_prefix_id;
-- NULL passes a CHECK, as for any domain
SELECT NULL::user_id IS NULL AS null_passes, typeid_check_prefix(NULL, 'user') IS NULL AS strict;
-- the domain's values are typeid values: same operators, same index
SELECT count(*) AS ordered FROM users u1 JOIN users u2 ON u1.id < u2.id;
SELECT typeid_check_prefix('user_01h455vb4pex5vsknk084sn02q', 'user') AS matches;

-- labels: the generator is volatile and parallel restricted
SELECT p.oid::regprocedure, provolatile, proparallel
FROM pg_proc p WHERE proname = 'typeid_generate' ORDER BY 1::text;

DROP TABLE gent, users, users_bad;
DROP FUNCTION typeid_try_sql(text);
DROP DOMAIN user_id, bare_id, bad_prefix_id;
