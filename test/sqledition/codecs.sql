-- The text codecs and field functions against test/vectors and against the
-- native extension (installed in the same database), both directions.
-- psql variable n: how many random values per type.

-- SCRU128 vectors
SELECT pg_temp.tap(scru128_sql.scru128_from_text(text) = hex::uuid
		AND scru128_sql.scru128_from_text(upper(text)) = hex::uuid
		AND scru128_sql.scru128_from_text(canonical) = hex::uuid
		AND scru128_sql.scru128_to_text(hex::uuid) = canonical
		AND scru128_sql.scru128_timestamp_ms(hex::uuid) = timestamp_ms
		AND scru128_sql.scru128_counter_hi(hex::uuid) = counter_hi
		AND scru128_sql.scru128_counter_lo(hex::uuid) = counter_lo
		AND scru128_sql.scru128_entropy(hex::uuid) = entropy
		AND scru128_sql.scru128_timestamp(hex::uuid) = scru128_timestamp(hex::uuid::scru128),
	'scru128 vector ' || text)
FROM sqled_vec.scru128_vectors;

-- SCRU128 invalid strings: 22P02 with the native type's message and detail
SELECT pg_temp.tap(e = pg_temp.err(format('SELECT %L::scru128', s)) AND e LIKE '22P02: invalid input syntax for type scru128: %',
	'scru128 invalid ' || quote_literal(s) || ': ' || e)
FROM (SELECT s, pg_temp.err(format('SELECT scru128_sql.scru128_from_text(%L)', s)) e
	FROM (SELECT convert_from(decode(utf8_hex, 'hex'), 'UTF8') s FROM sqled_vec.scru128_invalid) v) x;

-- SCRU64 vectors and invalid inputs
SELECT pg_temp.tap(scru128_sql.scru64_from_text(text) = integer_dec
		AND scru128_sql.scru64_from_text(upper(text)) = integer_dec
		AND scru128_sql.scru64_to_text(integer_dec) = text
		AND scru128_sql.scru64_timestamp(integer_dec) = scru64_timestamp(integer_dec::scru64),
	'scru64 vector ' || text)
FROM sqled_vec.scru64_vectors;
SELECT pg_temp.tap(e = pg_temp.err(format('SELECT %L::scru64', input_escaped)) AND e LIKE '22P02: %',
	'scru64 invalid ' || quote_literal(input_escaped) || ': ' || e)
FROM (SELECT input_escaped, pg_temp.err(format('SELECT scru128_sql.scru64_from_text(%L)', input_escaped)) e
	FROM sqled_vec.scru64_invalid WHERE kind = 'string') x;
-- a bigint outside the SCRU64 range: the native scru64_from_bigint()'s error
SELECT pg_temp.tap(e = pg_temp.err(format('SELECT scru64_from_bigint(%s)', input_escaped)) AND e LIKE '22003: %'
		AND e = pg_temp.err(format('SELECT scru128_sql.scru64_timestamp(%s)', input_escaped)),
	'scru64_to_text and scru64_timestamp refuse ' || input_escaped || ': ' || e)
FROM (SELECT input_escaped, pg_temp.err(format('SELECT scru128_sql.scru64_to_text(%s)', input_escaped)) e
	FROM sqled_vec.scru64_invalid WHERE kind = 'i64') x;

-- node specs: the canonical form, and the native refusals
SELECT pg_temp.tap(scru128_sql.scru64_node_spec(node_spec) = canonical
		AND scru128_sql.scru64_node_spec(node_spec) = scru64_node_spec(node_spec)
		AND (scru128_sql._scru64_parse_spec(node_spec))[1:2] = ARRAY[node_id, node_id_size]::bigint[],
	'node spec ' || node_spec)
FROM sqled_vec.scru64_node_specs;
SELECT pg_temp.tap(e = pg_temp.err(format('SELECT scru64_node_spec(%L)', node_spec_escaped)) AND e LIKE '22023: invalid scru64 node spec: %',
	'invalid node spec ' || quote_literal(node_spec_escaped) || ': ' || e)
FROM (SELECT node_spec_escaped, pg_temp.err(format('SELECT scru128_sql.scru64_node_spec(%L)', node_spec_escaped)) e
	FROM sqled_vec.scru64_node_specs_invalid) x;

-- SCRU160 vectors
SELECT pg_temp.tap(scru128_sql.scru160_from_text(base32hex) = decode(hex, 'hex')
		AND scru128_sql.scru160_from_text(lower(base32hex)) = decode(hex, 'hex')
		AND scru128_sql.scru160_from_text(hex) = decode(hex, 'hex')
		AND scru128_sql.scru160_from_text(upper(hex)) = decode(hex, 'hex')
		AND scru128_sql.scru160_to_text(decode(hex, 'hex')) = upper(base32hex)
		AND scru128_sql.scru160_to_hex(decode(hex, 'hex')) = lower(hex)
		AND scru128_sql.scru160_timestamp_ms(decode(hex, 'hex')) = timestamp_ms,
	'scru160 vector ' || base32hex)
FROM sqled_vec.scru160_vectors;
SELECT pg_temp.tap(pg_temp.err(format('SELECT scru128_sql.scru160_from_text(%L)', s)) = pg_temp.err(format('SELECT %L::scru160', s)),
	'scru160 invalid ' || quote_literal(s) || ': ' || pg_temp.err(format('SELECT scru128_sql.scru160_from_text(%L)', s)))
FROM unnest(ARRAY['', '05U0GF0J0SP1ADJPT0U4VHIMCJJAIP5', '05U0GF0J0SP1ADJPT0U4VHIMCJJAIP5W', '05U0GF0J0SP1ADJPT0U4VHIMCJJAIP51X',
	'017c083c130732153679e83c4fc65664e6a964ag', '017c083c130732153679e83c4fc65664e6a964a', 'Z5U0GF0J0SP1ADJPT0U4VHIMCJJAIP51']) s;
-- a bytea of another length: the native scru160_from_bytea()'s error
SELECT pg_temp.tap(e = pg_temp.err(format('SELECT scru160_from_bytea(%L::bytea)', b)) AND e LIKE '22P03: %',
	'scru160_to_text refuses ' || b || ': ' || e)
FROM (SELECT b, pg_temp.err(format('SELECT scru128_sql.scru160_to_text(%L::bytea)', b)) e
	FROM unnest(ARRAY['\x', '\x00', '\x0102', '\x010203040506070809101112131415161718192021']) b) x;

-- random values, the SQL edition's text equal to the native's both ways
-- (both directions on all n; the upper-case input and the fields on the
-- first 100000, which is where the time of the 1M run goes otherwise)
CREATE TEMP TABLE r128 AS SELECT k, gen_random_uuid() u FROM generate_series(1, :n) k;
INSERT INTO r128 VALUES (0, '00000000-0000-0000-0000-000000000000'), (0, 'ffffffff-ffff-ffff-ffff-ffffffffffff');
SELECT pg_temp.tap(count(*) = :n + 2, 'scru128: ' || :n || ' random values and the extremes, to_text = native text, from_text(native text) gives them back')
FROM r128
WHERE scru128_sql.scru128_to_text(u) = u::scru128::text
	AND scru128_sql.scru128_from_text(u::scru128::text) = u;
SELECT pg_temp.tap(count(*) = least(:n, 100000) + 2, 'scru128: from_text(upper), fields and timestamps of random values equal the native ones')
FROM r128
WHERE k <= 100000 AND scru128_sql.scru128_from_text(upper(u::scru128::text)) = u
	AND scru128_sql.scru128_timestamp_ms(u) = scru128_timestamp_ms(u::scru128)
	AND scru128_sql.scru128_counter_hi(u) = scru128_counter_hi(u::scru128)
	AND scru128_sql.scru128_counter_lo(u) = scru128_counter_lo(u::scru128)
	AND scru128_sql.scru128_entropy(u) = scru128_entropy(u::scru128)
	AND scru128_sql.scru128_timestamp(u) = scru128_timestamp(u::scru128);
SELECT pg_temp.tap(count(*) = 1000, 'scru128_min/max equal the native ones for 1000 random times')
FROM (SELECT timestamptz '1970-01-01 00:00:00+00' + random() * interval '8000 years' t FROM generate_series(1, 1000)) x
WHERE scru128_sql.scru128_min(t) = scru128_min(t)::uuid AND scru128_sql.scru128_max(t) = scru128_max(t)::uuid;
CREATE TEMP TABLE r64 AS SELECT k, (random() * 4738381338321616895)::bigint x FROM generate_series(1, :n) k;
INSERT INTO r64 VALUES (0, 0), (0, 4738381338321616895), (0, 1), (0, 35), (0, 36);
SELECT pg_temp.tap(count(*) = :n + 5, 'scru64: ' || :n || ' random values and the extremes, to_text = native text, from_text gives them back')
FROM r64
WHERE scru128_sql.scru64_to_text(x) = x::scru64::text
	AND scru128_sql.scru64_from_text(x::scru64::text) = x;
SELECT pg_temp.tap(count(*) = least(:n, 100000) + 5, 'scru64: from_text(upper) and timestamps of random values equal the native ones')
FROM r64
WHERE k <= 100000 AND scru128_sql.scru64_from_text(upper(x::scru64::text)) = x
	AND scru128_sql.scru64_timestamp(x) = scru64_timestamp(x::scru64);
CREATE TEMP TABLE r160 AS SELECT k, substr(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()), 1, 20) b FROM generate_series(1, :n) k;
INSERT INTO r160 VALUES (0, '\x0000000000000000000000000000000000000000'), (0, '\xffffffffffffffffffffffffffffffffffffffff');
SELECT pg_temp.tap(count(*) = :n + 2, 'scru160: ' || :n || ' random values and the extremes, to_text = native text, from_text gives them back')
FROM r160
WHERE scru128_sql.scru160_to_text(b) = scru160_from_bytea(b)::text
	AND scru128_sql.scru160_from_text(scru160_from_bytea(b)::text) = b;
SELECT pg_temp.tap(count(*) = least(:n, 100000) + 2, 'scru160: from_text(hex), from_text(lower) and timestamps of random values equal the native ones')
FROM r160
WHERE k <= 100000 AND scru128_sql.scru160_from_text(encode(b, 'hex')) = b
	AND scru128_sql.scru160_from_text(lower(scru160_from_bytea(b)::text)) = b
	AND scru128_sql.scru160_timestamp(b) = scru160_timestamp(scru160_from_bytea(b));

-- range errors with the native messages
SELECT pg_temp.tap(pg_temp.err(format('SELECT scru128_sql.%s(%L::timestamptz)', f, t)) = pg_temp.err(format('SELECT %s(%L::timestamptz)', f, t)),
	f || '(' || t || '): ' || pg_temp.err(format('SELECT scru128_sql.%s(%L::timestamptz)', f, t)))
FROM unnest(ARRAY['scru128', 'scru128_min', 'scru128_max']) f,
	unnest(ARRAY['infinity', '-infinity', '1969-12-31 23:59:59.999+00', '10889-08-02 05:31:50.656+00', '1970-01-01 00:00:00+00']) t;
