--
-- RFC 9562 UUIDs: every row of the RFC's test vectors (Appendix A and B):
-- layout, version, variant, timestamp extraction, v1 <-> v6.  Functions of
-- the extension are called schema-qualified: unqualified, PostgreSQL 17
-- and 18 give core's where core has one.
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
RESET client_min_messages;

\getenv abs_srcdir PG_ABS_SRCDIR
CREATE TEMP TABLE uuid_vectors AS
	SELECT split_part(line, E'\t', 1) AS section,
		   split_part(line, E'\t', 2)::int AS version,
		   split_part(line, E'\t', 3) AS as_printed,
		   split_part(line, E'\t', 4)::uuid AS u,
		   split_part(line, E'\t', 5) AS hex,
		   nullif(split_part(line, E'\t', 6), '')::bigint AS unix_ms
	FROM regexp_split_to_table(
		pg_read_file(:'abs_srcdir' || '/test/vectors/uuid_rfc9562_vectors.tsv'), E'\n') AS line
	WHERE line !~ '^(#|rfc_section\t|$)';

-- the text forms and the bytes agree; version and variant from the bytes
SELECT section, version, u,
	   as_printed::uuid = u AS printed_ok,
	   encode(uuid_send(u), 'hex') = hex AS bytes_ok,
	   public.uuid_extract_version(u) AS extract_version,
	   get_byte(uuid_send(u), 6) >> 4 AS version_nibble,
	   (get_byte(uuid_send(u), 8) >> 6) = 2 AS rfc_variant
FROM uuid_vectors ORDER BY section;

-- timestamps: v1, v6 and v7 give the RFC's instant, the others NULL;
-- uuid_extract_timestamp() as core's (from release 1.2): NULL for v6
SELECT section, version,
	   public.scru128_uuid_timestamp(u) AS uuid_timestamp,
	   public.uuid_extract_timestamp(u) IS NOT DISTINCT FROM public.scru128_uuid_timestamp(u) AS extract_same,
	   (extract(epoch FROM public.scru128_uuid_timestamp(u)) * 1000)::bigint = unix_ms AS ms_ok
FROM uuid_vectors ORDER BY section;

-- the same instant for all three, to the microsecond (v7 to the ms)
SELECT public.scru128_uuid_timestamp(u) AT TIME ZONE 'UTC' AS utc, count(*)
FROM uuid_vectors WHERE version IN (1, 6, 7) GROUP BY 1 ORDER BY 1;

-- v1 <-> v6: A.1 becomes A.5 and back
SELECT public.uuid_v1_to_v6(a1.u) = a5.u AS v1_to_v6,
	   public.uuid_v6_to_v1(a5.u) = a1.u AS v6_to_v1,
	   public.uuid_v1_to_v6(a1.u) AS v6, public.uuid_v6_to_v1(a5.u) AS v1
FROM uuid_vectors a1, uuid_vectors a5
WHERE a1.section = 'A.1' AND a5.section = 'A.5';

-- every other vector is refused by both, naming its version
CREATE FUNCTION pg_temp.uuid_try(f text, u uuid) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
	EXECUTE format('SELECT public.%I($1)', f) USING u;
	RETURN 'ok';
EXCEPTION WHEN others THEN
	RETURN SQLSTATE || ': ' || SQLERRM;
END
$$;
SELECT section, pg_temp.uuid_try('uuid_v1_to_v6', u) AS to_v6,
	   pg_temp.uuid_try('uuid_v6_to_v1', u) AS to_v1
FROM uuid_vectors ORDER BY section;

-- the rebuilt v7 bounds of the vector's millisecond enclose it
SELECT u BETWEEN public.uuidv7_min(public.scru128_uuid_timestamp(u))
			 AND public.uuidv7_max(public.scru128_uuid_timestamp(u)) AS in_bounds,
	   public.uuidv7_min(public.scru128_uuid_timestamp(u)) AS min,
	   public.uuidv7_max(public.scru128_uuid_timestamp(u)) AS max
FROM uuid_vectors WHERE section = 'A.6';
