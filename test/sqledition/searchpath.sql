-- No body of the SQL edition resolves a name through the caller's
-- search_path: a schema first on the path holds a look-alike (returning
-- NULL) of every function the edition calls and of every operator on the
-- types it uses, and every function still gives the native extension's
-- answers.  pg_catalog is put after it explicitly (otherwise it is searched
-- first).

DROP SCHEMA IF EXISTS sqled_evil CASCADE;
CREATE SCHEMA sqled_evil;
DO $$
DECLARE
	f record;
	n integer := 0;
BEGIN
	FOR f IN
		SELECT p.proname, pg_get_function_identity_arguments(p.oid) args, format_type(p.prorettype, NULL) ret
		FROM pg_proc p
		WHERE p.pronamespace = 'pg_catalog'::regnamespace AND p.prokind = 'f' AND NOT p.proretset
			AND p.proname IN ('chr', 'clock_timestamp', 'current_setting', 'decode', 'div', 'encode', 'floor', 'format',
				'gen_random_uuid', 'get_byte', 'isfinite', 'left', 'length', 'lower', 'lpad', 'make_interval', 'octet_length',
				'pg_advisory_lock', 'pg_advisory_unlock', 'unnest', 'string_agg', 'current_database', 'pg_sequence_last_value', 'pg_sleep', 'replace', 'right', 'set_config',
				'setval', 'split_part', 'strpos', 'substr', 'substring', 'textsend', 'to_hex', 'to_timestamp', 'translate',
				'upper', 'nextval', 'extract', 'date_part', 'uuid_send', 'int8send', 'overlay', 'concat', 'coalesce', 'nullif',
				'timestamptz_send', 'isfinite', 'ascii', 'char_length', 'reverse')
			AND NOT EXISTS (SELECT FROM unnest(p.proargtypes::oid[]) t WHERE t IN ('anyelement'::regtype, 'anyarray'::regtype, 'internal'::regtype, 'cstring'::regtype, '"any"'::regtype))
			AND p.prorettype NOT IN ('internal'::regtype, 'anyelement'::regtype, 'cstring'::regtype)
	LOOP
		EXECUTE format('CREATE FUNCTION sqled_evil.%I(%s) RETURNS %s LANGUAGE sql AS %L',
			f.proname, f.args, f.ret, format('SELECT NULL::%s', f.ret));
		n := n + 1;
	END LOOP;
	FOR f IN
		SELECT o.oprname, format_type(o.oprleft, NULL) l, format_type(o.oprright, NULL) r, format_type(o.oprresult, NULL) ret, o.oprkind
		FROM pg_operator o
		WHERE o.oprnamespace = 'pg_catalog'::regnamespace
			AND o.oprname IN ('+', '-', '*', '/', '%', '||', '=', '<>', '<', '<=', '>', '>=', '&', '|', '<<', '>>', '~', '#')
			AND o.oprkind = 'b'
			AND o.oprleft IN ('int4'::regtype, 'int8'::regtype, 'numeric'::regtype, 'text'::regtype, 'bytea'::regtype,
				'uuid'::regtype, 'bit'::regtype, 'timestamptz'::regtype, 'interval'::regtype, 'float8'::regtype, 'bool'::regtype)
			AND o.oprright IN ('int4'::regtype, 'int8'::regtype, 'numeric'::regtype, 'text'::regtype, 'bytea'::regtype,
				'uuid'::regtype, 'bit'::regtype, 'timestamptz'::regtype, 'interval'::regtype, 'float8'::regtype, 'bool'::regtype)
	LOOP
		EXECUTE format('CREATE FUNCTION sqled_evil.%I(%s, %s) RETURNS %s LANGUAGE sql AS %L',
			'op' || n, f.l, f.r, f.ret, format('SELECT NULL::%s', f.ret));
		EXECUTE format('CREATE OPERATOR sqled_evil.%s (LEFTARG = %s, RIGHTARG = %s, FUNCTION = sqled_evil.%I)',
			f.oprname, f.l, f.r, 'op' || n);
		n := n + 1;
	END LOOP;
END
$$;
SELECT pg_temp.tap(count(*) > 150, 'look-alikes made: ' || count(*) || ' functions') FROM pg_proc WHERE pronamespace = 'sqled_evil'::regnamespace;
SELECT pg_temp.tap(count(*) > 100, 'look-alikes made: ' || count(*) || ' operators') FROM pg_operator WHERE oprnamespace = 'sqled_evil'::regnamespace;

CREATE TEMP TABLE ev_in AS
SELECT gen_random_uuid() u, (random() * 4738381338321616895)::bigint x,
	substr(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()), 1, 20) b,
	timestamptz '1970-01-01 00:00:00+00' + random() * interval '8000 years' t
FROM generate_series(1, 1000);
CREATE TEMP TABLE ev_out (u uuid, x bigint, b bytea, t timestamptz,
	t128 text, f128 uuid, ms bigint, hi integer, lo integer, en bigint, ts timestamptz, mn uuid, mx uuid, at uuid,
	t64 text, f64 bigint, ts64 timestamptz, t160 text, f160 bytea, h160 bytea);
CREATE TEMP TABLE ev_err (st text, msg text, det text);
CREATE TEMP TABLE ev_gen (i integer, id128 uuid, v7 uuid, id160 bytea, id64 bigint);
SELECT scru128_sql.scru64_set_node_spec('200/8') \g /dev/null

SET search_path = sqled_evil, pg_catalog, public;
-- this is the look-alike: it fails the check below if the path were not in effect
SELECT sqled_evil.lower('ABC') IS NULL AS evil_lower_active \gset
INSERT INTO pg_temp.ev_out
SELECT u, x, b, t,
	scru128_sql.scru128_to_text(u), scru128_sql.scru128_from_text(public.scru128_out(u::public.scru128)::text),
	scru128_sql.scru128_timestamp_ms(u), scru128_sql.scru128_counter_hi(u), scru128_sql.scru128_counter_lo(u),
	scru128_sql.scru128_entropy(u), scru128_sql.scru128_timestamp(u), scru128_sql.scru128_min(t), scru128_sql.scru128_max(t),
	scru128_sql.scru128(t),
	scru128_sql.scru64_to_text(x), scru128_sql.scru64_from_text(public.scru64_out(x::public.scru64)::text), scru128_sql.scru64_timestamp(x),
	scru128_sql.scru160_to_text(b), scru128_sql.scru160_from_text(public.scru160_out(public.scru160_from_bytea(b))::text),
	scru128_sql.scru160_from_text(pg_catalog.encode(b, 'hex'))
FROM pg_temp.ev_in;
INSERT INTO pg_temp.ev_gen
SELECT i, scru128_sql.scru128(), scru128_sql.uuidv7(), scru128_sql.scru160(), scru128_sql.scru64()
FROM pg_catalog.generate_series(1, 2000) i;
SELECT scru128_sql.scru64_node_spec('0xb00/12') AS ev_spec, scru128_sql.scru64_node_spec() AS ev_spec_now \gset
DO $$
DECLARE
	st text;
	msg text;
	det text;
BEGIN
	PERFORM scru128_sql.scru128_from_text('036z8puq5a7j0t_08p2cdz28v');
EXCEPTION WHEN OTHERS THEN
	GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE, msg = MESSAGE_TEXT, det = PG_EXCEPTION_DETAIL;
	INSERT INTO pg_temp.ev_err VALUES (st, msg, det);
END
$$;
RESET search_path;

SELECT pg_temp.tap(:'evil_lower_active'::boolean, 'the look-alikes were first on the path');
SELECT pg_temp.tap(count(*) = 1000, 'under the look-alike path: scru128 codecs, fields, min/max equal the native ones')
FROM ev_out
WHERE t128 = u::scru128::text AND f128 = u AND ms = scru128_timestamp_ms(u::scru128) AND hi = scru128_counter_hi(u::scru128)
	AND lo = scru128_counter_lo(u::scru128) AND en = scru128_entropy(u::scru128) AND ts = scru128_timestamp(u::scru128)
	AND mn = scru128_min(t)::uuid AND mx = scru128_max(t)::uuid AND scru128_timestamp_ms(at::scru128) = scru128_timestamp_ms(mn::scru128);
SELECT pg_temp.tap(count(*) = 1000, 'under the look-alike path: scru64 and scru160 codecs equal the native ones')
FROM ev_out
WHERE t64 = x::scru64::text AND f64 = x AND ts64 = scru64_timestamp(x::scru64)
	AND t160 = scru160_from_bytea(b)::text AND f160 = b AND h160 = b;
SELECT pg_temp.tap(count(*) = 0, 'under the look-alike path: scru128(), uuidv7(), scru160(), scru64() strictly increasing')
FROM (SELECT id128 <= lag(id128) OVER w OR v7 <= lag(v7) OVER w OR id160 <= lag(id160) OVER w OR id64 <= lag(id64) OVER w bad
	FROM ev_gen WINDOW w AS (ORDER BY i)) x WHERE bad;
SELECT pg_temp.tap(bool_and(scru128_sql.scru128_to_text(id128) = id128::scru128::text AND uuid_extract_version(v7) = 7
		AND scru128_sql.scru160_to_text(id160) = scru160_from_bytea(id160)::text
		AND scru64_node_id(id64::scru64, 8) = 200 AND scru128_timestamp(id128::scru128) <= now() + interval '1 minute'),
	'under the look-alike path: the generated IDs are valid') FROM ev_gen;
SELECT pg_temp.tap(:'ev_spec' = '2816/12' AND :'ev_spec_now' = '200/8', 'under the look-alike path: node specs');
SELECT pg_temp.tap(st = '22P02' AND msg = 'invalid input syntax for type scru128: "036z8puq5a7j0t_08p2cdz28v"'
		AND det = 'Byte 15 is not a Base36 digit (0-9, a-z, A-Z).',
	'under the look-alike path: the error for bad text') FROM ev_err;
-- the time comparisons (50_time.sql): operators and bounds under the
-- look-alike path, with the edition's schema on it too, against the native
-- extension's answers
CREATE TEMP TABLE ev_time (u uuid, x bigint, b bytea, t timestamptz, i boolean, ge boolean, lt boolean, tgt boolean, tle boolean,
	ge64 boolean, lt64 boolean, tgt64 boolean, tle64 boolean, lo uuid, up uuid, loe uuid, ups uuid, lo64 bigint, up64 bigint,
	lov7 uuid, lo160 bytea, ge160 boolean);
SET search_path = sqled_evil, scru128_sql, pg_catalog, public;
INSERT INTO pg_temp.ev_time
SELECT u, x, b, t, i, u::scru128_sql.scru128 >= t, u::scru128_sql.scru128 < t, t > u::scru128_sql.scru128, t <= u::scru128_sql.scru128,
	x::scru128_sql.scru64 >= t, x::scru128_sql.scru64 < t, t > x::scru128_sql.scru64, t <= x::scru128_sql.scru64,
	scru128_sql.scru128_time_lower(t, i), scru128_sql.scru128_time_upper(t, i), scru128_sql.scru128_time_lower_end(t, i),
	scru128_sql.scru128_time_upper_start(t, i), scru128_sql.scru64_time_lower(t, i), scru128_sql.scru64_time_upper(t, i),
	scru128_sql.uuid_time_lower(t, i), scru128_sql.scru160_time_lower(t, i), b::scru128_sql.scru160 >= t
FROM pg_temp.ev_in, (VALUES (true), (false)) v(i);
SELECT scru128_sql.min_id(u) AS ev_min, scru128_sql.max_id(u) AS ev_max, scru128_sql.max_id(b) AS ev_maxb FROM pg_temp.ev_in \gset
CREATE TEMP TABLE ev_fn AS
SELECT u, t, scru128_sql.scru128_from_fields(x OPERATOR(pg_catalog.>>) 16, 7, 8, 9) ff, x, scru128_sql.uuidv7_min(t) v7min, scru128_sql.uuidv7_max(t) v7max,
	scru128_sql.uuidv7_at(t) v7at, scru128_sql.scru128_uuid_timestamp(u) uts, scru128_sql.uuid_v6_to_v1(v6) v1, v6, scru128_sql.uuid_v1_to_v6(scru128_sql.uuid_v6_to_v1(v6)) v6back,
	scru128_sql.uuidv6() s6
FROM (SELECT u, x, t, public.uuidv6() v6 FROM pg_temp.ev_in) e;
RESET search_path;
SELECT pg_temp.tap(count(*) = 1000, 'under the look-alike path: scru128_from_fields, uuidv7_min/max/at, scru128_uuid_timestamp, v1 <-> v6, uuidv6()')
FROM ev_fn
WHERE ff::uuid = scru128_from_fields(x >> 16, 7, 8, 9)::uuid AND v7min = uuidv7_min(t) AND v7max = uuidv7_max(t) AND v7at BETWEEN v7min AND v7max
	AND uts IS NOT DISTINCT FROM scru128_uuid_timestamp(u) AND v1 = uuid_v6_to_v1(v6) AND v6back = v6
	AND uuid_extract_version(s6) = 6 AND scru128_uuid_timestamp(s6) BETWEEN now() - interval '1 minute' AND clock_timestamp();
SELECT pg_temp.tap(:'ev_min' = min(u::scru128)::uuid::text AND :'ev_max' = max(u::scru128)::uuid::text AND :'ev_maxb'::bytea = max(scru160_from_bytea(b))::bytea,
	'under the look-alike path: min_id, max_id') FROM ev_in;
SELECT pg_temp.tap(count(*) = 2000, 'under the look-alike path: time comparisons and bounds equal the native ones')
FROM ev_time
WHERE ge = (u::scru128 >= t) AND lt = (u::scru128 < t) AND tgt = (t > u::scru128) AND tle = (t <= u::scru128)
	AND ge64 = (x::scru64 >= t) AND lt64 = (x::scru64 < t) AND tgt64 = (t > x::scru64) AND tle64 = (t <= x::scru64)
	AND lo = scru128_time_lower(t, i)::uuid AND up = scru128_time_upper(t, i)::uuid AND loe = scru128_time_lower_end(t, i)::uuid
	AND ups = scru128_time_upper_start(t, i)::uuid AND lo64 = scru64_time_lower(t, i)::bigint AND up64 = scru64_time_upper(t, i)::bigint
	AND lov7 = uuid_time_lower(t, i) AND lo160 = scru160_time_lower(t, i)::bytea AND ge160 = (scru160_from_bytea(b) >= t);
-- TypeID (80_typeid.sql): the codecs, the generator and every kind of
-- refusal under the look-alike path, against the native type's answers
CREATE TEMP TABLE ev_tid (u uuid, p text, t text, tu uuid, tp text, tpa uuid, g text);
CREATE TEMP TABLE ev_tid_err (kind text, input text, p text, st text, msg text, det text);
SET search_path = sqled_evil, pg_catalog, public;
INSERT INTO pg_temp.ev_tid
SELECT u, p, scru128_sql.typeid_text(p, u), scru128_sql.typeid_uuid(scru128_sql.typeid_text(p, u)),
	scru128_sql.typeid_prefix(scru128_sql.typeid_text(p, u)), scru128_sql.typeid_parse(scru128_sql.typeid_text(p, u), p),
	scru128_sql.typeid_generate(p)
FROM pg_temp.ev_in, (VALUES ('user'), (''), ('a_b'), ('abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijk')) v(p);
DO $$
DECLARE
	st text;
	msg text;
	det text;
	i text;
	p text;
BEGIN
	FOREACH i IN ARRAY ARRAY['', '_01h455vb4pex5vsknk084sn02q', 'préfix_01h455vb4pex5vsknk084sn02q', E'pre\tfix_01h455vb4pex5vsknk084sn02q',
		'_user_01h455vb4pex5vsknk084sn02q', 'user__01h455vb4pex5vsknk084sn02q', 'user_01h455vb4pex5vsknk084sn02',
		'user_01H455VB4PEX5VSKNK084SN02Q', 'user_81h455vb4pex5vsknk084sn02q', 'user_01h455vb4pex5vsknk084sn02q_', 'x',
		'abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijkl_01h455vb4pex5vsknk084sn02q'] LOOP
		BEGIN
			PERFORM scru128_sql.typeid_uuid(i);
			INSERT INTO pg_temp.ev_tid_err VALUES ('text', i, NULL, 'ok', NULL, NULL);
		EXCEPTION WHEN OTHERS THEN
			GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE, msg = MESSAGE_TEXT, det = PG_EXCEPTION_DETAIL;
			INSERT INTO pg_temp.ev_tid_err VALUES ('text', i, NULL, st, msg, det);
		END;
	END LOOP;
	FOREACH p IN ARRAY ARRAY['PREFIX', 'préfix', E'pre\x01fix', '_user', 'user_', 'abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijkl', 'post', ''] LOOP
		BEGIN
			PERFORM scru128_sql.typeid_parse('user_01h455vb4pex5vsknk084sn02q', p);
			INSERT INTO pg_temp.ev_tid_err VALUES ('prefix', 'user_01h455vb4pex5vsknk084sn02q', p, 'ok', NULL, NULL);
		EXCEPTION WHEN OTHERS THEN
			GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE, msg = MESSAGE_TEXT, det = PG_EXCEPTION_DETAIL;
			INSERT INTO pg_temp.ev_tid_err VALUES ('prefix', 'user_01h455vb4pex5vsknk084sn02q', p, st, msg, det);
		END;
	END LOOP;
END
$$;
RESET search_path;
SELECT pg_temp.tap(count(*) = 4000 AND bool_and(t = typeid(p, u)::text AND tu = u AND tp = p AND tpa = u
		AND g::typeid::text = g AND typeid_prefix(g::typeid) = p AND uuid_extract_version(typeid_uuid(g::typeid)) = 7),
	'under the look-alike path: typeid_text, typeid_uuid, typeid_prefix, typeid_parse, typeid_generate as the native type') FROM ev_tid;
SELECT pg_temp.tap(count(*) = 20 AND bool_and(st || ': ' || msg || coalesce(' / ' || nullif(det, ''), '') = CASE kind
			WHEN 'text' THEN pg_temp.err(format('SELECT %L::typeid', input))
			ELSE pg_temp.err(format('SELECT typeid_check_prefix(%L::typeid, %L)', input, p)) END
		AND st IN ('22P02', '22023', '23514')),
	'under the look-alike path: each kind of bad text and bad or other prefix, the native error') FROM ev_tid_err;
DROP SCHEMA sqled_evil CASCADE;
