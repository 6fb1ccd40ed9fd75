--
-- scru64() on a server without a node spec; the setting's validation.
-- The generator itself is tested under the TAP tests (test/t/2*.pl), which
-- make servers with the node specs and the preload they need.
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
RESET client_min_messages;

-- unset: scru64() refuses with 55000 and says how to set it, on every
-- version (the node spec is checked before the shared memory)
SELECT scru64_node_spec() IS NULL AS unset;
SHOW scru128.scru64_node_spec;
SELECT scru64();
DO $$
BEGIN
	PERFORM scru64();
EXCEPTION WHEN object_not_in_prerequisite_state THEN
	RAISE NOTICE 'scru64() without a node spec: %', SQLSTATE;
END
$$;

-- the setting belongs to the server: not for a session
SET scru128.scru64_node_spec = '42/8';
SELECT set_config('scru128.scru64_node_spec', '42/8', false);

-- ALTER SYSTEM refuses invalid values, and shows the grammar
ALTER SYSTEM SET scru128.scru64_node_spec = '42';
ALTER SYSTEM SET scru128.scru64_node_spec = '0/24';
ALTER SYSTEM SET scru128.scru64_node_spec = '1024/8';
ALTER SYSTEM SET scru128.scru64_node_spec = ' 42/8';
ALTER SYSTEM SET scru128.scru64_node_spec = '0u2r85hm2pt3/0';
ALTER SYSTEM SET scru128.scru64_node_spec = 'zzzzzzzzzzzz/1';

-- labels of the generator
SELECT p.oid::regprocedure, p.provolatile, p.proparallel, p.proisstrict
FROM pg_proc p WHERE p.proname IN ('scru64', 'scru64_node_spec')
ORDER BY p.oid::regprocedure::text COLLATE "C";
SELECT name, context, vartype, boot_val FROM pg_settings WHERE name = 'scru128.scru64_node_spec';
