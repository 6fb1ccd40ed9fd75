-- TAP helpers for the SQL edition's tests (test/suites/sqledition.sh runs
-- this file first in every session).  Each check prints one line
-- "ok N - what" or "not ok N - what"; the suite counts them.
\set ON_ERROR_STOP 1
\pset tuples_only on
\pset format unaligned
SET client_min_messages = warning;
CREATE TEMP SEQUENCE tap_n;
CREATE FUNCTION pg_temp.tap(pass boolean, what text) RETURNS text LANGUAGE sql AS $$
SELECT CASE WHEN pass THEN 'ok ' ELSE 'not ok ' END || nextval('pg_temp.tap_n') || ' - ' || what
	|| CASE WHEN pass IS NULL THEN ' (NULL)' ELSE '' END
$$;
-- "SQLSTATE: message / detail" of the error a statement raises, or 'no error'
CREATE FUNCTION pg_temp.err(stmt text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	st text;
	msg text;
	det text;
BEGIN
	EXECUTE stmt;
	RETURN 'no error';
EXCEPTION WHEN OTHERS THEN
	GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE, msg = MESSAGE_TEXT, det = PG_EXCEPTION_DETAIL;
	RETURN st || ': ' || msg || coalesce(' / ' || nullif(det, ''), '');
END
$$;
-- the time of a version 7 UUID (core's uuid_extract_timestamp() reads
-- version 7 only from PostgreSQL 18 on)
CREATE FUNCTION pg_temp.v7_time(u uuid) RETURNS timestamptz LANGUAGE sql AS $$
SELECT timestamptz '1970-01-01 00:00:00+00' + ('x' || left(replace(u::text, '-', ''), 12))::bit(48)::bigint * interval '1 millisecond'
$$;
