
--
-- A database owner who is not a superuser sets scru128.generator_scope for
-- the database (ALTER DATABASE ... SET).  In a session that has not loaded
-- the library the setting is a placeholder, which PostgreSQL 15 and later
-- store only for a superuser or a role granted SET on the parameter: so
-- the owner's own dump and restore failed on that line.  The setting is
-- PGC_USERSET (any role may SET it once the library is loaded), so SET on
-- it for PUBLIC gives no role a right it did not have.  The grant is in
-- pg_parameter_acl, shared by the cluster and no member of the extension:
-- DROP EXTENSION leaves it (doc/scru128.md).
--
GRANT SET ON PARAMETER scru128.generator_scope TO PUBLIC;
