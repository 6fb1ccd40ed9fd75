--
-- scru128: generators are PARALLEL RESTRICTED.  Under a parallel plan each
-- worker would run its own generator, so IDs of one statement would not
-- increase, and the planner evaluates identical volatile calls of one select
-- list only once in the workers: two scru128() columns came out equal.
--
ALTER FUNCTION scru128() PARALLEL RESTRICTED;
ALTER FUNCTION scru128(timestamptz) PARALLEL RESTRICTED;

--
-- B-tree skip support, PostgreSQL 18 and later only: the support function
-- and its symbol exist only there.
--
DO $$
BEGIN
	IF current_setting('server_version_num')::int >= 180000 THEN
		CREATE FUNCTION scru128_skipsupport(internal) RETURNS void
			AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
		COMMENT ON FUNCTION scru128_skipsupport(internal) IS 'B-tree skip scan support for scru128 (next and previous values)';
		ALTER OPERATOR FAMILY scru128_ops USING btree
			ADD FUNCTION 6 (scru128) scru128_skipsupport(internal);
	END IF;
END
$$;

