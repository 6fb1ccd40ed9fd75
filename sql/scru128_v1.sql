--
-- First-draft (spec v1) SCRU128 IDs: radix-32 text to and from uuid,
-- timestamp and fields, against every row of the legacy vector file
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
RESET client_min_messages;
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';

-- test/vectors/scru128_v1_legacy_vectors.tsv, "\x20" written as a space
CREATE TABLE v1_valid (n int, text text, timestamp_biased bigint, counter integer,
	per_sec_random integer, per_gen_random bigint, hex text);
INSERT INTO v1_valid VALUES
	(1, '00000000000000000000000000', 0, 0, 0, 0, '00000000000000000000000000000000'),
	(2, '7VVVVVVVVG0000000000000000', 17592186044415, 0, 0, 0, 'fffffffffff000000000000000000000'),
	(3, '7vvvvvvvvg0000000000000000', 17592186044415, 0, 0, 0, 'fffffffffff000000000000000000000'),
	(4, '000000000FVVVVU00000000000', 0, 268435455, 0, 0, '00000000000fffffff00000000000000'),
	(5, '000000000fvvvvu00000000000', 0, 268435455, 0, 0, '00000000000fffffff00000000000000'),
	(6, '000000000000001VVVVS000000', 0, 0, 16777215, 0, '000000000000000000ffffff00000000'),
	(7, '000000000000001vvvvs000000', 0, 0, 16777215, 0, '000000000000000000ffffff00000000'),
	(8, '00000000000000000003VVVVVV', 0, 0, 0, 4294967295, '000000000000000000000000ffffffff'),
	(9, '00000000000000000003vvvvvv', 0, 0, 0, 4294967295, '000000000000000000000000ffffffff'),
	(10, '7VVVVVVVVVVVVVVVVVVVVVVVVV', 17592186044415, 268435455, 16777215, 4294967295, 'ffffffffffffffffffffffffffffffff'),
	(11, '7vvvvvvvvvvvvvvvvvvvvvvvvv', 17592186044415, 268435455, 16777215, 4294967295, 'ffffffffffffffffffffffffffffffff'),
	(12, '00QBTG0FERFTCCNFISUBO489DI', 56634639325, 192895179, 12475634, 4030997938, '00d2fb003ddb7f58cbbe5cf2f04425b2'),
	(13, '00QBTG0FERFTCCPFISU9NEF4CJ', 56634639325, 192895180, 12475634, 1860669843, '00d2fb003ddb7f58ccbe5cf26ee79193'),
	(14, '00QBTG0FERFTCCRFISU97R5OTB', 56634639325, 192895181, 12475634, 1337123755, '00d2fb003ddb7f58cdbe5cf24fb2e3ab'),
	(15, '00QBTG0FERFTCCTFISUA4B4DFK', 56634639325, 192895182, 12475634, 2293380596, '00d2fb003ddb7f58cebe5cf288b235f4'),
	(16, '00QBTG0FF6ULUKDFISU93H7KA9', 56634639326, 116751686, 12475634, 1192481097, '00d2fb003de6f57d46be5cf24713d149'),
	(17, '00QBTG0FF6ULUKFFISU9OC8U2F', 56634639326, 116751687, 12475634, 1891924047, '00d2fb003de6f57d47be5cf270c4784f'),
	(18, '00QBTG0FF6ULUKHFISUAOVFSF4', 56634639326, 116751688, 12475634, 2985816548, '00d2fb003de6f57d48be5cf2b1f7f1e4'),
	(19, '00QBTG0FF6ULUKJFISU94NVHK2', 56634639326, 116751689, 12475634, 1233110658, '00d2fb003de6f57d49be5cf2497fc682');
CREATE TABLE v1_invalid (n int, text text);
INSERT INTO v1_invalid VALUES
	(1, ''),
	(2, ' 00SCT4FL89GQPRHN44C4LFM0OV'),
	(3, '00SCT4FL89GQPRJN44C7SQO381 '),
	(4, ' 00SCT4FL89GQPRLN44C4BGCIIO '),
	(5, '+00SCT4FL89GQPRNN44C4F3QD24'),
	(6, '-00SCT4FL89GQPRPN44C7H4E5RC'),
	(7, '+0SCT4FL89GQPRRN44C55Q7RVC'),
	(8, '-0SCT4FL89GQPRTN44C6PN0A2R'),
	(9, '00SCT4FL89WQPRVN44C41RGVMM'),
	(10, '00SCT4FL89GQPS1N4_C54QDC5O'),
	(11, '00SCT4-L89GQPS3N44C602O0K8'),
	(12, '00SCT4FL89GQPS N44C7VHS5QJ'),
	(13, '80000000000000000000000000'),
	(14, 'VVVVVVVVVVVVVVVVVVVVVVVVVV');

-- every valid row: the uuid is the vector's hex, the text comes back
-- uppercase, the fields and the timestamp are the vector's
SELECT n, text,
	   scru128_v1_to_uuid(text) = hex::uuid AS uuid_ok,
	   scru128_v1_from_uuid(hex::uuid) AS canonical,
	   scru128_v1_from_uuid(hex::uuid) = upper(text) AS text_ok,
	   scru128_v1_timestamp(text) =
		   timestamptz '2020-01-01 00:00:00+00' + timestamp_biased * interval '1 ms' AS ts_ok,
	   f.timestamp = scru128_v1_timestamp(text) AND f.counter = v.counter AND
	   f.per_sec_random = v.per_sec_random AND f.per_gen_random = v.per_gen_random AS fields_ok
FROM v1_valid v, scru128_v1_fields(v.text) f
ORDER BY n;
SELECT count(*) AS valid_rows FROM v1_valid;

-- the fields themselves
SELECT n, (scru128_v1_fields(text)).* FROM v1_valid ORDER BY n;
SELECT n, scru128_v1_timestamp(text) FROM v1_valid ORDER BY n;

-- every invalid row raises 22P02, with a detail saying why
CREATE FUNCTION v1_error(t text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	state text;
	detail text;
BEGIN
	PERFORM scru128_v1_to_uuid(t);
	RETURN 'accepted';
EXCEPTION WHEN others THEN
	GET STACKED DIAGNOSTICS state = RETURNED_SQLSTATE, detail = PG_EXCEPTION_DETAIL;
	RETURN state || ': ' || detail;
END
$$;
CREATE FUNCTION v1_all_errors(t text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	state text;
	got text[] := '{}';
BEGIN
	BEGIN
		PERFORM scru128_v1_timestamp(t);
	EXCEPTION WHEN others THEN
		GET STACKED DIAGNOSTICS state = RETURNED_SQLSTATE;
		got := got || state;
	END;
	BEGIN
		PERFORM scru128_v1_fields(t);
	EXCEPTION WHEN others THEN
		GET STACKED DIAGNOSTICS state = RETURNED_SQLSTATE;
		got := got || state;
	END;
	RETURN array_to_string(got, ',');
END
$$;
SELECT n, '"' || text || '"' AS text, v1_error(text), v1_all_errors(text) AS timestamp_fields
FROM v1_invalid ORDER BY n;
SELECT count(*) AS invalid_rows FROM v1_invalid;

-- the messages in full
SELECT scru128_v1_to_uuid('00SCT4FL89WQPRVN44C41RGVMM');
SELECT scru128_v1_to_uuid('80000000000000000000000000');
SELECT scru128_v1_to_uuid('0');
SELECT scru128_v1_timestamp('7VVVVVVVVVVVVVVVVVVVVVVVV');
SELECT * FROM scru128_v1_fields('00QBTG0FERFTCCNFISUBO489D!');
-- a multibyte character counts its bytes
SELECT scru128_v1_to_uuid('00QBTG0FERFTCCNFISUBO489Dé');
SELECT v1_error('00QBTG0FERFTCCNFISUBO489é');
-- each digit just outside 0-9A-V, in both cases, in the last position
SELECT c, v1_error('0000000000000000000000000' || c)
FROM unnest(ARRAY['/', ':', '@', 'W', '`', 'w', 'Z', 'z']) c ORDER BY c COLLATE "C";

-- the limits
SELECT scru128_v1_to_uuid('00000000000000000000000000'),
	   scru128_v1_to_uuid('7VVVVVVVVVVVVVVVVVVVVVVVVV'),
	   scru128_v1_to_uuid('7vvvvvvvvvvvvvvvvvvvvvvvvv');
SELECT scru128_v1_from_uuid('00000000-0000-0000-0000-000000000000'),
	   scru128_v1_from_uuid('ffffffff-ffff-ffff-ffff-ffffffffffff');
SELECT scru128_v1_timestamp('00000000000000000000000000') AS epoch,
	   scru128_v1_timestamp('7VVVVVVVVVVVVVVVVVVVVVVVVV') AS last;
-- one bit at a time: each digit position carries the right bits
SELECT bit, scru128_v1_from_uuid(
		   (repeat('0', 31 - bit / 4) || (1 << (bit % 4))::text || repeat('0', bit / 4))::uuid
	   ) AS text
FROM generate_series(0, 127, 5) bit ORDER BY bit;

-- NULL in, NULL out
SELECT scru128_v1_to_uuid(NULL) IS NULL AS a, scru128_v1_from_uuid(NULL) IS NULL AS b,
	   scru128_v1_timestamp(NULL) IS NULL AS c, scru128_v1_fields(NULL) IS NULL AS d;

-- on random values: round trips and the order of the uuid is the order of
-- the text (byte order) and of the lowercase text read back
CREATE TABLE v1_random AS
	SELECT gen_random_uuid() AS u FROM generate_series(1, 20000);
INSERT INTO v1_random SELECT u FROM v1_random LIMIT 10;
SELECT count(*) AS checked,
	   count(*) FILTER (WHERE scru128_v1_to_uuid(scru128_v1_from_uuid(u)) <> u) AS round_trip_bad,
	   count(*) FILTER (WHERE scru128_v1_to_uuid(lower(scru128_v1_from_uuid(u))) <> u) AS lower_bad,
	   count(*) FILTER (WHERE scru128_v1_from_uuid(u) !~ '^[0-7][0-9A-V]{25}$') AS not_canonical
FROM v1_random;
SELECT count(*) AS ranked,
	   count(*) FILTER (WHERE by_uuid <> by_text) AS order_disagree
FROM (SELECT rank() OVER (ORDER BY u) AS by_uuid,
			 rank() OVER (ORDER BY scru128_v1_from_uuid(u) COLLATE "C") AS by_text
	  FROM v1_random) r;
-- the timestamps never decrease in the order of the IDs
SELECT count(*) FILTER (WHERE ts < prev_ts) AS timestamp_order_disagree
FROM (SELECT ts, lag(ts) OVER (ORDER BY u) AS prev_ts
	  FROM (SELECT u, scru128_v1_timestamp(scru128_v1_from_uuid(u)) AS ts FROM v1_random) s) r;

-- a v1 ID made before 2023-05-02 sorts below every SCRU128 (v2) ID made
-- later: as uuids, 16 times v1's timestamp (since 2020) plus up to 15 is
-- compared with v2's Unix milliseconds.  The last instant for which the
-- largest v1 ID is below the smallest v2 ID is 2023-05-02 11:11:59.998+00.
CREATE FUNCTION v1_max_at(ts timestamptz) RETURNS uuid LANGUAGE sql IMMUTABLE AS $$
	SELECT (lpad(to_hex((extract(epoch FROM ts) * 1000)::bigint - 1577836800000), 11, '0')
			|| repeat('f', 21))::uuid
$$;
SELECT ts, scru128_v1_timestamp(scru128_v1_from_uuid(v1_max_at(ts))) = ts AS v1_built,
	   v1_max_at(ts) < scru128_min(ts)::uuid AS v1_sorts_first
FROM unnest(ARRAY[timestamptz '2021-10-17 00:00+00', '2022-05-01 00:00+00',
				  '2023-05-02 00:00+00', '2023-05-02 11:11:59.998+00',
				  '2023-05-02 11:11:59.999+00',
				  '2024-01-01 00:00+00']) ts
ORDER BY ts;

-- catalog labels: only the encoder, which accepts every uuid, is leakproof
SELECT p.oid::regprocedure, provolatile, proisstrict, proleakproof, proparallel,
	   pg_get_function_arguments(p.oid) AS arguments, pg_get_function_result(p.oid) AS result
FROM pg_proc p
WHERE proname LIKE 'scru128\_v1\_%'
ORDER BY p.oid::regprocedure::text;

DROP TABLE v1_valid, v1_invalid, v1_random;
DROP FUNCTION v1_error(text), v1_all_errors(text), v1_max_at(timestamptz);
