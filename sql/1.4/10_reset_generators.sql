
--
-- scru128_reset_generators(): after a forward error of the system clock was
-- corrected, every scru128.generator_scope = server call fails with 55000
-- until the clock catches up.  A superuser (or a role granted EXECUTE) sets
-- the server's scru128(), scru160(), uuidv7() and ulid() generators as
-- after a server start, without a restart: the order with the IDs issued
-- ahead is given up, uniqueness rests on their random bits (doc/scru128.md).
-- ulid() is made by a later part of 1.4 (20_ulid.sql); the comment names
-- it already.
-- scru64() is not reset (no random bits: a reset could repeat an ID).
--
CREATE FUNCTION scru128_reset_generators() RETURNS void
	AS 'MODULE_PATHNAME', 'scru128_reset_generators'
	LANGUAGE C VOLATILE PARALLEL UNSAFE;
REVOKE ALL ON FUNCTION scru128_reset_generators() FROM PUBLIC;
COMMENT ON FUNCTION scru128_reset_generators() IS 'set the server''s scru128.generator_scope = server generators of scru128(), scru160(), uuidv7() and ulid() as after a server start (the way out of 55000 after a forward clock error was corrected; the order with IDs issued before is given up); not scru64(); superusers only unless granted';
