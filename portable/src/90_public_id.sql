
-- Public IDs (release 1.5, doc/public-ids.md, "The SQL edition"): a key
-- value enciphered by FF1 (NIST SP 800-38G, radix 2, AES-256) into a value
-- of the same type that shows neither time nor order, and back; the same
-- public IDs as the native public_id() for the same master key and context.
-- AES and HMAC-SHA-256 are pgcrypto's (encrypt_iv(), hmac()), and keys are
-- made by its gen_random_bytes(): nothing here enciphers or hashes by hand.
--
-- Keys: one row per key id in scru128_sql_private.public_id_key, the
-- owner's table in the schema no other role may use; the functions that
-- read it are SECURITY DEFINER with a pinned search_path, EXECUTE revoked
-- from PUBLIC (the owner grants it to the application's role).  Key
-- material is only ever in PL/pgSQL variables and in simple expressions
-- (assignments without a FROM): those are planned once as generic plans,
-- so no plan, no parameter list and no nested statement that the server
-- can log or print (debug_print_plan, auto_explain, print_strict_params)
-- holds a key; the only statements with a FROM read the table, and their
-- parameters are key ids.  No message quotes a key.

-- The key table.  The plain script refuses one another role made (it
-- would get the keys); the schema itself is checked in 20_scru64.sql.
-- plain-only begin
DO $do$
DECLARE
	other pg_catalog.name;
BEGIN
	SELECT pg_catalog.pg_get_userbyid(c.relowner) INTO other FROM pg_catalog.pg_class c
		WHERE c.relnamespace OPERATOR(pg_catalog.=) pg_catalog.to_regnamespace('scru128_sql_private') AND c.relname OPERATOR(pg_catalog.=) 'public_id_key'
		AND (c.relowner OPERATOR(pg_catalog.<>) (SELECT r.oid FROM pg_catalog.pg_roles r WHERE r.rolname OPERATOR(pg_catalog.=) CURRENT_USER)
			OR c.relkind OPERATOR(pg_catalog.<>) 'r');
	IF FOUND THEN
		RAISE EXCEPTION USING ERRCODE = '42501',
			MESSAGE = pg_catalog.format('relation scru128_sql_private.public_id_key already exists and is not the SQL edition''s table (owner %I, installing role %I)', other, CURRENT_USER),
			HINT = 'Its owner would get every public-ID key made into it.  Install as the owner of the SQL edition, or drop the relation (after checking what is in it) and run the script again.';
	END IF;
END
$do$;
CREATE TABLE IF NOT EXISTS scru128_sql_private.public_id_key (
	key_id integer PRIMARY KEY CHECK (key_id OPERATOR(pg_catalog.>) 0),
	master pg_catalog.bytea NOT NULL,
	is_current boolean UNIQUE CHECK (is_current),
	created timestamp with time zone NOT NULL DEFAULT pg_catalog.now()
);
-- plain-only end
-- extension-only begin
-- CREATE TABLE scru128_sql_private.public_id_key (
-- 	key_id integer PRIMARY KEY CHECK (key_id OPERATOR(pg_catalog.>) 0),
-- 	master pg_catalog.bytea NOT NULL,
-- 	is_current boolean UNIQUE CHECK (is_current),
-- 	created timestamp with time zone NOT NULL DEFAULT pg_catalog.now()
-- );
-- SELECT pg_catalog.pg_extension_config_dump('scru128_sql_private.public_id_key', '');
-- extension-only end
-- ANALYZE would copy keys into pg_statistic (which pg_stats shows only to
-- roles that may read the column, but which is one more copy)
ALTER TABLE scru128_sql_private.public_id_key ALTER COLUMN master SET STATISTICS 0;
REVOKE ALL ON TABLE scru128_sql_private.public_id_key FROM PUBLIC;
COMMENT ON TABLE scru128_sql_private.public_id_key IS 'the public-ID master keys of this database (32 bytes each; is_current: the one that makes new public IDs), read only by the owner''s SECURITY DEFINER functions; dumped by pg_dump';

-- pgcrypto's functions, bound by OID: each wrapper's body (an SQL-standard
-- body, parsed once when it is created) names the function in the schema
-- of the installed extension pgcrypto, and is kept only when the function
-- it resolved to is that extension's member and pgcrypto's own C function
-- (language C, the library pgcrypto, its C symbol): a schema, function or
-- extension named pgcrypto that another role made is never called, and
-- nothing is resolved by name when the wrappers run.  Without pgcrypto the
-- wrappers raise 55000.  Run again (as the owner) after CREATE EXTENSION
-- pgcrypto, or after pgcrypto was dropped with CASCADE.
CREATE OR REPLACE FUNCTION scru128_sql.public_id_use_pgcrypto()
RETURNS pg_catalog.text LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp AS $fn$
DECLARE
	ext pg_catalog.oid;
	nsp pg_catalog.text;
	f record;
	bound pg_catalog.oid;
	want pg_catalog.oid;
	calls bigint;
	missing pg_catalog.text;
	body pg_catalog.text;
BEGIN
	SELECT e.oid, n.nspname INTO ext, nsp FROM pg_catalog.pg_extension e JOIN pg_catalog.pg_namespace n ON n.oid OPERATOR(pg_catalog.=) e.extnamespace
		WHERE e.extname OPERATOR(pg_catalog.=) 'pgcrypto';
	-- the three functions, each the extension's member and its C function
	SELECT pg_catalog.string_agg(w.fname, ', ') INTO missing
		FROM (VALUES ('encrypt_iv', 'bytea, bytea, bytea, text', 'pg_encrypt_iv'), ('hmac', 'bytea, bytea, text', 'pg_hmac'),
			('gen_random_bytes', 'integer', 'pg_random_bytes')) w(fname, args, csym)
		WHERE NOT EXISTS (SELECT FROM pg_catalog.pg_depend d JOIN pg_catalog.pg_proc p ON p.oid OPERATOR(pg_catalog.=) d.objid
			WHERE d.refclassid OPERATOR(pg_catalog.=) 'pg_catalog.pg_extension'::pg_catalog.regclass AND d.refobjid OPERATOR(pg_catalog.=) ext
				AND d.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_proc'::pg_catalog.regclass AND d.deptype OPERATOR(pg_catalog.=) 'e'
				AND p.proname OPERATOR(pg_catalog.=) w.fname AND pg_catalog.oidvectortypes(p.proargtypes) OPERATOR(pg_catalog.=) w.args
				AND p.prolang OPERATOR(pg_catalog.=) (SELECT l.oid FROM pg_catalog.pg_language l WHERE l.lanname OPERATOR(pg_catalog.=) 'c')
				AND p.probin OPERATOR(pg_catalog.~) '(^|/)pgcrypto(\.[a-z]+)?$' AND p.prosrc OPERATOR(pg_catalog.=) w.csym
				AND p.pronamespace OPERATOR(pg_catalog.=) (SELECT e.extnamespace FROM pg_catalog.pg_extension e WHERE e.oid OPERATOR(pg_catalog.=) ext));
	IF ext IS NULL OR missing IS NOT NULL THEN
		FOR f IN SELECT * FROM (VALUES ('_aes_cbc', 'data pg_catalog.bytea, key pg_catalog.bytea, iv pg_catalog.bytea', 'IMMUTABLE'),
				('_hmac_sha256', 'data pg_catalog.bytea, key pg_catalog.bytea', 'IMMUTABLE'), ('_random_bytes', 'n integer', 'VOLATILE')) w(fname, args, vol) LOOP
			body := pg_catalog.format('BEGIN RAISE EXCEPTION USING ERRCODE = %L, MESSAGE = %L, DETAIL = %L, HINT = %L; END',
				'55000', 'public IDs of the SQL edition need the extension pgcrypto',
				CASE WHEN ext IS NULL THEN 'pgcrypto is not installed in this database.'
					ELSE pg_catalog.format('The extension pgcrypto has no C function %s of its own.', missing) END,
				'CREATE EXTENSION pgcrypto; then, as the owner of the SQL edition, SELECT scru128_sql.public_id_use_pgcrypto().');
			EXECUTE pg_catalog.format('CREATE OR REPLACE FUNCTION scru128_sql_private.%I(%s) RETURNS pg_catalog.bytea LANGUAGE plpgsql %s STRICT PARALLEL SAFE AS %L',
				f.fname, f.args, f.vol, body);
		END LOOP;
		RETURN NULL;
	END IF;
	EXECUTE pg_catalog.format('CREATE OR REPLACE FUNCTION scru128_sql_private._aes_cbc(data pg_catalog.bytea, key pg_catalog.bytea, iv pg_catalog.bytea) RETURNS pg_catalog.bytea LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE RETURN %I.encrypt_iv(data, key, iv, %L::pg_catalog.text)',
		nsp, 'aes-cbc/pad:none');
	EXECUTE pg_catalog.format('CREATE OR REPLACE FUNCTION scru128_sql_private._hmac_sha256(data pg_catalog.bytea, key pg_catalog.bytea) RETURNS pg_catalog.bytea LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE RETURN %I.hmac(data, key, %L::pg_catalog.text)',
		nsp, 'sha256');
	EXECUTE pg_catalog.format('CREATE OR REPLACE FUNCTION scru128_sql_private._random_bytes(n integer) RETURNS pg_catalog.bytea LANGUAGE sql VOLATILE STRICT PARALLEL SAFE RETURN %I.gen_random_bytes(n)',
		nsp);
	-- what each body resolved to, by pg_depend: exactly the member found above
	FOR f IN SELECT * FROM (VALUES ('scru128_sql_private._aes_cbc(pg_catalog.bytea, pg_catalog.bytea, pg_catalog.bytea)', 'encrypt_iv', 'bytea, bytea, bytea, text', 'pg_encrypt_iv'),
			('scru128_sql_private._hmac_sha256(pg_catalog.bytea, pg_catalog.bytea)', 'hmac', 'bytea, bytea, text', 'pg_hmac'),
			('scru128_sql_private._random_bytes(integer)', 'gen_random_bytes', 'integer', 'pg_random_bytes')) w(wrapper, fname, args, csym) LOOP
		SELECT p.oid INTO want FROM pg_catalog.pg_depend d JOIN pg_catalog.pg_proc p ON p.oid OPERATOR(pg_catalog.=) d.objid
			WHERE d.refclassid OPERATOR(pg_catalog.=) 'pg_catalog.pg_extension'::pg_catalog.regclass AND d.refobjid OPERATOR(pg_catalog.=) ext
				AND d.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_proc'::pg_catalog.regclass AND d.deptype OPERATOR(pg_catalog.=) 'e'
				AND p.proname OPERATOR(pg_catalog.=) f.fname AND pg_catalog.oidvectortypes(p.proargtypes) OPERATOR(pg_catalog.=) f.args AND p.prosrc OPERATOR(pg_catalog.=) f.csym
				AND p.prolang OPERATOR(pg_catalog.=) (SELECT l.oid FROM pg_catalog.pg_language l WHERE l.lanname OPERATOR(pg_catalog.=) 'c')
				AND p.probin OPERATOR(pg_catalog.~) '(^|/)pgcrypto(\.[a-z]+)?$';
		SELECT pg_catalog.min(d.refobjid), pg_catalog.count(*) INTO bound, calls
			FROM pg_catalog.pg_depend d
			WHERE d.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_proc'::pg_catalog.regclass AND d.objid OPERATOR(pg_catalog.=) f.wrapper::pg_catalog.regprocedure
				AND d.refclassid OPERATOR(pg_catalog.=) 'pg_catalog.pg_proc'::pg_catalog.regclass AND d.deptype OPERATOR(pg_catalog.=) 'n';
		IF bound IS DISTINCT FROM want OR calls OPERATOR(pg_catalog.<>) 1 THEN
			RAISE EXCEPTION USING ERRCODE = '42501',
				MESSAGE = pg_catalog.format('%s did not bind to pgcrypto''s %s', f.wrapper, f.fname),
				DETAIL = pg_catalog.format('It calls function %s.', bound::pg_catalog.regprocedure);
		END IF;
	END LOOP;
	RETURN nsp;
END
$fn$;
REVOKE ALL ON FUNCTION scru128_sql.public_id_use_pgcrypto() FROM PUBLIC;
COMMENT ON FUNCTION scru128_sql.public_id_use_pgcrypto() IS 'binds the public IDs to the installed pgcrypto''s AES, HMAC and random bytes (by OID, only the extension''s own C functions); returns its schema, or NULL (and public IDs raise 55000) without pgcrypto; the owner''s';

DO $do$
BEGIN
	PERFORM scru128_sql.public_id_use_pgcrypto();
END
$do$;
COMMENT ON FUNCTION scru128_sql_private._aes_cbc(pg_catalog.bytea, pg_catalog.bytea, pg_catalog.bytea) IS 'internal: pgcrypto''s AES-CBC without padding (bound by scru128_sql.public_id_use_pgcrypto())';
COMMENT ON FUNCTION scru128_sql_private._hmac_sha256(pg_catalog.bytea, pg_catalog.bytea) IS 'internal: pgcrypto''s HMAC-SHA-256 (bound by scru128_sql.public_id_use_pgcrypto())';
COMMENT ON FUNCTION scru128_sql_private._random_bytes(integer) IS 'internal: pgcrypto''s gen_random_bytes() (bound by scru128_sql.public_id_use_pgcrypto())';
REVOKE ALL ON FUNCTION scru128_sql_private._aes_cbc(pg_catalog.bytea, pg_catalog.bytea, pg_catalog.bytea),
	scru128_sql_private._hmac_sha256(pg_catalog.bytea, pg_catalog.bytea), scru128_sql_private._random_bytes(integer) FROM PUBLIC;

-- A restore creates the extensions in the order they were first made, so
-- a pg_tle install made before pgcrypto comes back before it, unbound; the
-- key table's rows come back after every extension: binding when rows are
-- added makes that restore whole.  (The plain script's wrappers are dumped
-- as functions, after pgcrypto.)  Only the owner, superusers and the
-- owner's SECURITY DEFINER functions add rows.
CREATE OR REPLACE FUNCTION scru128_sql_private._public_id_key_bind()
RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $fn$
BEGIN
	IF EXISTS (SELECT FROM pg_catalog.pg_proc p WHERE p.oid OPERATOR(pg_catalog.=) pg_catalog.to_regprocedure('scru128_sql_private._aes_cbc(pg_catalog.bytea, pg_catalog.bytea, pg_catalog.bytea)')
			AND p.prolang OPERATOR(pg_catalog.<>) (SELECT l.oid FROM pg_catalog.pg_language l WHERE l.lanname OPERATOR(pg_catalog.=) 'sql'))
		AND EXISTS (SELECT FROM pg_catalog.pg_extension e WHERE e.extname OPERATOR(pg_catalog.=) 'pgcrypto') THEN
		PERFORM scru128_sql.public_id_use_pgcrypto();
	END IF;
	RETURN NULL;
END
$fn$;
REVOKE ALL ON FUNCTION scru128_sql_private._public_id_key_bind() FROM PUBLIC;
COMMENT ON FUNCTION scru128_sql_private._public_id_key_bind() IS 'internal: binds pgcrypto when keys are added while the wrappers are unbound and pgcrypto is there (a restore)';
CREATE OR REPLACE TRIGGER public_id_key_bind AFTER INSERT ON scru128_sql_private.public_id_key
	FOR EACH STATEMENT EXECUTE FUNCTION scru128_sql_private._public_id_key_bind();
COMMENT ON TRIGGER public_id_key_bind ON scru128_sql_private.public_id_key IS 'binds pgcrypto when keys are restored into an unbound installation';

-- The integer of hexadecimal digits, and back (digits digits, at most 15
-- at a time in a bigint).
CREATE OR REPLACE FUNCTION scru128_sql_private._hex_numeric(h pg_catalog.text)
RETURNS numeric LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
DECLARE
	r numeric := 0;
	len integer := pg_catalog.length(h);
	i integer := 1;
	k integer := ((len OPERATOR(pg_catalog.+) 14) OPERATOR(pg_catalog.%) 15) OPERATOR(pg_catalog.+) 1;
BEGIN
	WHILE i OPERATOR(pg_catalog.<=) len LOOP
		r := (r OPERATOR(pg_catalog.*) (1::bigint OPERATOR(pg_catalog.<<) (4 OPERATOR(pg_catalog.*) k))::numeric)
			OPERATOR(pg_catalog.+) ('x' OPERATOR(pg_catalog.||) pg_catalog.lpad(pg_catalog.substr(h, i, k), 16, '0'))::bit(64)::bigint::numeric;
		i := i OPERATOR(pg_catalog.+) k;
		k := 15;
	END LOOP;
	RETURN r;
END
$fn$;
COMMENT ON FUNCTION scru128_sql_private._hex_numeric(pg_catalog.text) IS 'internal: the non-negative integer of hexadecimal digits';

CREATE OR REPLACE FUNCTION scru128_sql_private._numeric_hex(x numeric, digits integer)
RETURNS pg_catalog.text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
DECLARE
	h pg_catalog.text := '';
	k integer;
	q numeric;
	p numeric;
BEGIN
	WHILE digits OPERATOR(pg_catalog.>) 0 LOOP
		k := LEAST(digits, 15);
		p := (1::bigint OPERATOR(pg_catalog.<<) (4 OPERATOR(pg_catalog.*) k))::numeric;
		q := pg_catalog.div(x, p);
		h := pg_catalog.lpad(pg_catalog.to_hex((x OPERATOR(pg_catalog.-) (q OPERATOR(pg_catalog.*) p))::bigint), k, '0') OPERATOR(pg_catalog.||) h;
		x := q;
		digits := digits OPERATOR(pg_catalog.-) k;
	END LOOP;
	RETURN h;
END
$fn$;
COMMENT ON FUNCTION scru128_sql_private._numeric_hex(numeric, integer) IS 'internal: the lowest digits hexadecimal digits of a non-negative integer';

-- FF1 (NIST SP 800-38G Rev. 1, Algorithms 7 and 8), any radix, on the
-- integer x = NUM_radix(X) of the n numerals X: A and B are the integers of
-- the first u = floor(n/2) and the last v = n - u numerals, so that
-- NUM_radix(A || B) = A * radix^v + B.  Each round: Q = T || [0]^((-t-b-1)
-- mod 16) || [i]^1 || [NUM_radix(B)]^b, R = PRF(P || Q) (CBC-MAC with a zero
-- IV: pgcrypto's AES-CBC, whose last block it is; the chain after P and
-- T's whole blocks, the same in every round, is computed once), S = the
-- first d bytes of R || CIPH(R xor [1]^16) || ..., c = (A + NUM(S)) mod
-- radix^m, A, B = B, c.  The public IDs use radix 2; the other radixes are
-- here for NIST's samples, which the tests run through it.
CREATE OR REPLACE FUNCTION scru128_sql_private._ff1(key pg_catalog.bytea, radix integer, n integer, tweak pg_catalog.bytea, x numeric, decrypt boolean)
RETURNS numeric LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
DECLARE
	u integer := n OPERATOR(pg_catalog./) 2;
	v integer := n OPERATOR(pg_catalog.-) (n OPERATOR(pg_catalog./) 2);
	t integer := pg_catalog.length(tweak);
	whole integer := pg_catalog.length(tweak) OPERATOR(pg_catalog./) 16;
	zero pg_catalog.bytea := '\x00000000000000000000000000000000'::pg_catalog.bytea;
	ru numeric;
	rv numeric;
	rm numeric;
	b integer;
	d integer;
	p numeric;
	chain pg_catalog.bytea;
	head pg_catalog.bytea;
	r pg_catalog.bytea;
	s pg_catalog.bytea;
	a numeric;
	bb numeric;
	c numeric;
	y numeric;
	num pg_catalog.text;
	hi bigint;
	lo bigint;
	i integer;
	j integer;
BEGIN
	IF radix OPERATOR(pg_catalog.<) 2 OR radix OPERATOR(pg_catalog.>) 65536 OR n OPERATOR(pg_catalog.<) 2 OR n OPERATOR(pg_catalog.>) 256
			OR pg_catalog.trunc(pg_catalog.power(radix::numeric, n::numeric)) OPERATOR(pg_catalog.<) 1000000
			OR t OPERATOR(pg_catalog.>) 65536 THEN
		RAISE EXCEPTION USING ERRCODE = '22023', MESSAGE = 'FF1: radix 2 .. 65536, radix^n at least 1000000, n at most 256 and a tweak of at most 65536 bytes';
	END IF;
	ru := pg_catalog.trunc(pg_catalog.power(radix::numeric, u::numeric));
	rv := pg_catalog.trunc(pg_catalog.power(radix::numeric, v::numeric));
	IF x OPERATOR(pg_catalog.<) 0 OR x OPERATOR(pg_catalog.>=) (ru OPERATOR(pg_catalog.*) rv) OR x OPERATOR(pg_catalog.<>) pg_catalog.trunc(x) THEN
		RAISE EXCEPTION USING ERRCODE = '22023', MESSAGE = 'FF1: the input is not an integer from 0 to radix^n - 1';
	END IF;
	-- b = ceil(ceil(v * log2(radix)) / 8): the least b with 256^b >= radix^v
	b := 0;
	p := 1;
	WHILE p OPERATOR(pg_catalog.<) rv LOOP
		p := p OPERATOR(pg_catalog.*) 256;
		b := b OPERATOR(pg_catalog.+) 1;
	END LOOP;
	d := (4 OPERATOR(pg_catalog.*) ((b OPERATOR(pg_catalog.+) 3) OPERATOR(pg_catalog./) 4)) OPERATOR(pg_catalog.+) 4;
	-- P = [1]^1 || [2]^1 || [1]^1 || [radix]^3 || [10]^1 || [u mod 256]^1 || [n]^4 || [t]^4, then T's whole blocks
	chain := scru128_sql_private._aes_cbc(pg_catalog.decode(((((('010201' OPERATOR(pg_catalog.||) pg_catalog.lpad(pg_catalog.to_hex(radix), 6, '0'))
			OPERATOR(pg_catalog.||) '0a') OPERATOR(pg_catalog.||) pg_catalog.lpad(pg_catalog.to_hex(u OPERATOR(pg_catalog.%) 256), 2, '0'))
			OPERATOR(pg_catalog.||) pg_catalog.lpad(pg_catalog.to_hex(n), 8, '0')) OPERATOR(pg_catalog.||) pg_catalog.lpad(pg_catalog.to_hex(t), 8, '0')), 'hex')
		OPERATOR(pg_catalog.||) pg_catalog.substr(tweak, 1, whole OPERATOR(pg_catalog.*) 16), key, zero);
	chain := pg_catalog.substr(chain, pg_catalog.length(chain) OPERATOR(pg_catalog.-) 15, 16);
	-- the rest of T and the zeros before [i]^1
	head := pg_catalog.substr(tweak, (whole OPERATOR(pg_catalog.*) 16) OPERATOR(pg_catalog.+) 1)
		OPERATOR(pg_catalog.||) pg_catalog.substr(zero, 1, (16 OPERATOR(pg_catalog.-) (((t OPERATOR(pg_catalog.-) (whole OPERATOR(pg_catalog.*) 16)) OPERATOR(pg_catalog.+) b OPERATOR(pg_catalog.+) 1) OPERATOR(pg_catalog.%) 16)) OPERATOR(pg_catalog.%) 16);
	a := pg_catalog.div(x, rv);
	bb := x OPERATOR(pg_catalog.-) (a OPERATOR(pg_catalog.*) rv);
	FOR k IN 0..9 LOOP
		i := CASE WHEN decrypt THEN 9 OPERATOR(pg_catalog.-) k ELSE k END;
		rm := CASE WHEN (i OPERATOR(pg_catalog.%) 2) OPERATOR(pg_catalog.=) 0 THEN ru ELSE rv END;
		-- [NUM_radix(B)]^b (of A when deciphering): in two bigints up to 14 bytes
		IF b OPERATOR(pg_catalog.<=) 14 THEN
			c := CASE WHEN decrypt THEN a ELSE bb END;
			num := pg_catalog.lpad(pg_catalog.to_hex(pg_catalog.div(c, 72057594037927936)::bigint), GREATEST((2 OPERATOR(pg_catalog.*) b) OPERATOR(pg_catalog.-) 14, 0), '0')
				OPERATOR(pg_catalog.||) pg_catalog.right(pg_catalog.lpad(pg_catalog.to_hex(pg_catalog.mod(c, 72057594037927936)::bigint), 14, '0'), 2 OPERATOR(pg_catalog.*) b);
		ELSE
			num := scru128_sql_private._numeric_hex(CASE WHEN decrypt THEN a ELSE bb END, 2 OPERATOR(pg_catalog.*) b);
		END IF;
		r := scru128_sql_private._aes_cbc(head OPERATOR(pg_catalog.||) pg_catalog.decode(pg_catalog.lpad(pg_catalog.to_hex(i), 2, '0') OPERATOR(pg_catalog.||) num, 'hex'), key, chain);
		r := pg_catalog.substr(r, pg_catalog.length(r) OPERATOR(pg_catalog.-) 15, 16);
		s := pg_catalog.substr(r, 1, d);
		j := 1;
		WHILE pg_catalog.length(s) OPERATOR(pg_catalog.<) d LOOP
			s := s OPERATOR(pg_catalog.||) pg_catalog.substr(scru128_sql_private._aes_cbc(pg_catalog.set_byte(r, 15, pg_catalog.get_byte(r, 15) OPERATOR(pg_catalog.#) j), key, zero),
				1, d OPERATOR(pg_catalog.-) pg_catalog.length(s));
			j := j OPERATOR(pg_catalog.+) 1;
		END LOOP;
		-- y = NUM(S): up to 16 bytes in two bigints, each read as unsigned
		IF d OPERATOR(pg_catalog.<=) 16 THEN
			num := pg_catalog.lpad(pg_catalog.encode(s, 'hex'), 32, '0');
			hi := ('x' OPERATOR(pg_catalog.||) pg_catalog.substr(num, 1, 16))::bit(64)::bigint;
			lo := ('x' OPERATOR(pg_catalog.||) pg_catalog.substr(num, 17, 16))::bit(64)::bigint;
			y := (((hi::numeric OPERATOR(pg_catalog.+) (CASE WHEN hi OPERATOR(pg_catalog.<) 0 THEN 18446744073709551616 ELSE 0 END)) OPERATOR(pg_catalog.*) 18446744073709551616)
				OPERATOR(pg_catalog.+) lo::numeric) OPERATOR(pg_catalog.+) (CASE WHEN lo OPERATOR(pg_catalog.<) 0 THEN 18446744073709551616 ELSE 0 END);
		ELSE
			y := scru128_sql_private._hex_numeric(pg_catalog.encode(s, 'hex'));
		END IF;
		IF decrypt THEN
			-- c = (NUM(B) - y) mod radix^m; B, A = A, c
			c := pg_catalog.mod(bb OPERATOR(pg_catalog.-) pg_catalog.mod(y, rm), rm);
			IF c OPERATOR(pg_catalog.<) 0 THEN
				c := c OPERATOR(pg_catalog.+) rm;
			END IF;
			bb := a;
			a := c;
		ELSE
			c := pg_catalog.mod(a OPERATOR(pg_catalog.+) y, rm);
			a := bb;
			bb := c;
		END IF;
	END LOOP;
	RETURN (a OPERATOR(pg_catalog.*) rv) OPERATOR(pg_catalog.+) bb;
END
$fn$;
REVOKE ALL ON FUNCTION scru128_sql_private._ff1(pg_catalog.bytea, integer, integer, pg_catalog.bytea, numeric, boolean) FROM PUBLIC;
COMMENT ON FUNCTION scru128_sql_private._ff1(pg_catalog.bytea, integer, integer, pg_catalog.bytea, numeric, boolean) IS 'internal: FF1 (NIST SP 800-38G) with AES and the given key on NUM_radix of n numerals, enciphering or deciphering';

-- HKDF-SHA256 (RFC 5869) without salt (32 zero bytes), 32 bytes of output:
-- T(1) = HMAC(PRK, info || 0x01), PRK = HMAC(salt, IKM).
CREATE OR REPLACE FUNCTION scru128_sql_private._hkdf_sha256(ikm pg_catalog.bytea, info pg_catalog.text)
RETURNS pg_catalog.bytea LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
DECLARE
	prk pg_catalog.bytea;
BEGIN
	prk := scru128_sql_private._hmac_sha256(ikm, '\x0000000000000000000000000000000000000000000000000000000000000000'::pg_catalog.bytea);
	RETURN scru128_sql_private._hmac_sha256(pg_catalog.convert_to(info, 'UTF8') OPERATOR(pg_catalog.||) '\x01'::pg_catalog.bytea, prk);
END
$fn$;
REVOKE ALL ON FUNCTION scru128_sql_private._hkdf_sha256(pg_catalog.bytea, pg_catalog.text) FROM PUBLIC;
COMMENT ON FUNCTION scru128_sql_private._hkdf_sha256(pg_catalog.bytea, pg_catalog.text) IS 'internal: HKDF-SHA256 without salt, 32 bytes, of an ASCII info';

-- The master key of key_id (NULL: the current one); F0000 when there is
-- none, 22023 for a key id the database does not have.  Its FROM has only
-- key ids as parameters; the key is returned, never printed.
CREATE OR REPLACE FUNCTION scru128_sql_private._public_id_master(key_id integer)
RETURNS pg_catalog.bytea LANGUAGE plpgsql STABLE PARALLEL SAFE AS $fn$
DECLARE
	m pg_catalog.bytea;
BEGIN
	IF key_id IS NULL THEN
		SELECT k.master INTO m FROM scru128_sql_private.public_id_key k WHERE k.is_current;
		IF NOT FOUND THEN
			RAISE EXCEPTION USING ERRCODE = 'F0000',
				MESSAGE = 'no current public-ID key in this database',
				HINT = 'The owner of the SQL edition makes one with scru128_sql.public_id_generate_key() or scru128_sql.public_id_import_key() (doc/public-ids.md).';
		END IF;
	ELSE
		SELECT k.master INTO m FROM scru128_sql_private.public_id_key k WHERE k.key_id OPERATOR(pg_catalog.=) _public_id_master.key_id;
		IF NOT FOUND THEN
			RAISE EXCEPTION USING ERRCODE = '22023',
				MESSAGE = pg_catalog.format('public-ID key %s is not available to this database', key_id),
				HINT = 'scru128_sql.public_id_keys() lists the key ids the database may use.';
		END IF;
	END IF;
	IF pg_catalog.length(m) OPERATOR(pg_catalog.<>) 32 THEN
		RAISE EXCEPTION USING ERRCODE = 'F0000',
			MESSAGE = 'a public-ID key of this database is not 32 bytes',
			HINT = 'Keys are written by scru128_sql.public_id_generate_key() and scru128_sql.public_id_import_key(); see scru128_sql_private.public_id_key.';
	END IF;
	RETURN m;
END
$fn$;
REVOKE ALL ON FUNCTION scru128_sql_private._public_id_master(integer) FROM PUBLIC;
COMMENT ON FUNCTION scru128_sql_private._public_id_master(integer) IS 'internal: the master key of a key id, or of the current key for NULL';

-- The subkey of a kind (HKDF of the master key, info "scru128 public-id v1
-- <kind>"), after the checks the native makes first: the context's length
-- (22023), then the key (F0000 without a current key, 22023 for a key id
-- the database does not have); the value's own checks come after.
CREATE OR REPLACE FUNCTION scru128_sql_private._public_id_subkey(kind pg_catalog.text, context pg_catalog.text, key_id integer)
RETURNS pg_catalog.bytea LANGUAGE plpgsql STABLE PARALLEL SAFE AS $fn$
BEGIN
	IF pg_catalog.octet_length(context) OPERATOR(pg_catalog.>) 255 THEN
		RAISE EXCEPTION USING ERRCODE = '22023',
			MESSAGE = 'public-ID context is too long',
			DETAIL = pg_catalog.format('The context has %s bytes; it may have at most 255.', pg_catalog.octet_length(context));
	END IF;
	RETURN scru128_sql_private._hkdf_sha256(scru128_sql_private._public_id_master(key_id), 'scru128 public-id v1 ' OPERATOR(pg_catalog.||) kind);
END
$fn$;
REVOKE ALL ON FUNCTION scru128_sql_private._public_id_subkey(pg_catalog.text, pg_catalog.text, integer) FROM PUBLIC;
COMMENT ON FUNCTION scru128_sql_private._public_id_subkey(pg_catalog.text, pg_catalog.text, integer) IS 'internal: the subkey of a kind of the current or given key, after the context''s check';

-- uuid: the 122 bits but version and variant (unix_ts_ms, rand_a, rand_b
-- of a v7), enciphered into a v4, deciphered back into a v7; another
-- version or variant: the native 22023.  The tweak is the context's bytes
-- in the database's encoding.
CREATE OR REPLACE FUNCTION scru128_sql_private._public_id_uuid(id pg_catalog.uuid, context pg_catalog.text, key_id integer, decrypt boolean)
RETURNS pg_catalog.uuid LANGUAGE plpgsql STABLE PARALLEL SAFE AS $fn$
DECLARE
	h pg_catalog.text := pg_catalog.encode(pg_catalog.uuid_send(id), 'hex');
	subkey pg_catalog.bytea;
	x numeric;
BEGIN
	subkey := scru128_sql_private._public_id_subkey('uuidv7', context, key_id);
	IF pg_catalog.substr(h, 17, 1) OPERATOR(pg_catalog.!~) '^[89ab]$' OR pg_catalog.substr(h, 13, 1) OPERATOR(pg_catalog.<>) (CASE WHEN decrypt THEN '4' ELSE '7' END) THEN
		RAISE EXCEPTION USING ERRCODE = '22023',
			MESSAGE = CASE WHEN decrypt THEN 'not a public ID: the public ID of a uuid is a version 4 UUID' ELSE 'only a version 7 UUID has a public ID' END,
			DETAIL = CASE WHEN pg_catalog.substr(h, 17, 1) OPERATOR(pg_catalog.!~) '^[89ab]$' THEN 'The UUID is not of the RFC 9562 variant.'
				ELSE pg_catalog.format('The UUID is version %s.', ('x' OPERATOR(pg_catalog.||) pg_catalog.lpad(pg_catalog.substr(h, 13, 1), 8, '0'))::bit(32)::integer) END;
	END IF;
	-- unix_ts_ms (48) || rand_a (12) || rand_b (62)
	x := (((scru128_sql_private._hex_numeric(pg_catalog.substr(h, 1, 12)) OPERATOR(pg_catalog.*) 4096)
		OPERATOR(pg_catalog.+) scru128_sql_private._hex_numeric(pg_catalog.substr(h, 14, 3))) OPERATOR(pg_catalog.*) 4611686018427387904)
		OPERATOR(pg_catalog.+) (scru128_sql_private._hex_numeric(pg_catalog.substr(h, 17, 16)) OPERATOR(pg_catalog.-) 9223372036854775808);
	x := scru128_sql_private._ff1(subkey, 2, 122, pg_catalog.convert_to(context, pg_catalog.getdatabaseencoding()), x, decrypt);
	h := scru128_sql_private._numeric_hex(pg_catalog.div(x, 4611686018427387904), 16)
		OPERATOR(pg_catalog.||) scru128_sql_private._numeric_hex(pg_catalog.mod(x, 4611686018427387904) OPERATOR(pg_catalog.+) 9223372036854775808, 16);
	RETURN (((pg_catalog.substr(h, 2, 12) OPERATOR(pg_catalog.||) CASE WHEN decrypt THEN '7' ELSE '4' END) OPERATOR(pg_catalog.||) pg_catalog.substr(h, 14, 3))
		OPERATOR(pg_catalog.||) pg_catalog.substr(h, 17, 16))::pg_catalog.uuid;
END
$fn$;
REVOKE ALL ON FUNCTION scru128_sql_private._public_id_uuid(pg_catalog.uuid, pg_catalog.text, integer, boolean) FROM PUBLIC;
COMMENT ON FUNCTION scru128_sql_private._public_id_uuid(pg_catalog.uuid, pg_catalog.text, integer, boolean) IS 'internal: the public ID of a UUIDv7 (a UUIDv4), or the UUIDv7 of a public ID';

-- scru128, ulid (16 bytes) and scru160 (20 bytes, else 22P03 as the
-- edition's other SCRU160 functions): all the bits.
CREATE OR REPLACE FUNCTION scru128_sql_private._public_id_bytes(id pg_catalog.bytea, kind pg_catalog.text, context pg_catalog.text, key_id integer, decrypt boolean)
RETURNS pg_catalog.bytea LANGUAGE plpgsql STABLE PARALLEL SAFE AS $fn$
DECLARE
	subkey pg_catalog.bytea;
BEGIN
	subkey := scru128_sql_private._public_id_subkey(kind, context, key_id);
	IF kind OPERATOR(pg_catalog.=) 'scru160' AND pg_catalog.length(id) OPERATOR(pg_catalog.<>) 20 THEN
		RAISE EXCEPTION USING ERRCODE = '22P03',
			MESSAGE = pg_catalog.format('invalid length for scru160: %s byte%s, expected 20', pg_catalog.length(id),
				CASE WHEN pg_catalog.length(id) OPERATOR(pg_catalog.=) 1 THEN '' ELSE 's' END);
	END IF;
	RETURN pg_catalog.decode(scru128_sql_private._numeric_hex(scru128_sql_private._ff1(subkey, 2, 8 OPERATOR(pg_catalog.*) pg_catalog.length(id),
		pg_catalog.convert_to(context, pg_catalog.getdatabaseencoding()), scru128_sql_private._hex_numeric(pg_catalog.encode(id, 'hex')), decrypt),
		2 OPERATOR(pg_catalog.*) pg_catalog.length(id)), 'hex');
END
$fn$;
REVOKE ALL ON FUNCTION scru128_sql_private._public_id_bytes(pg_catalog.bytea, pg_catalog.text, pg_catalog.text, integer, boolean) FROM PUBLIC;
COMMENT ON FUNCTION scru128_sql_private._public_id_bytes(pg_catalog.bytea, pg_catalog.text, pg_catalog.text, integer, boolean) IS 'internal: the public ID of a scru128, ulid or scru160 key, or the key of a public ID';

CREATE OR REPLACE FUNCTION scru128_sql_private._public_id_bigint(id bigint, context pg_catalog.text, key_id integer, decrypt boolean)
RETURNS bigint LANGUAGE plpgsql STABLE PARALLEL SAFE AS $fn$
DECLARE
	subkey pg_catalog.bytea;
BEGIN
	subkey := scru128_sql_private._public_id_subkey('bigint', context, key_id);
	IF id OPERATOR(pg_catalog.<) 0 THEN
		RAISE EXCEPTION USING ERRCODE = '22023',
			MESSAGE = 'a negative bigint is neither a key nor a public ID',
			DETAIL = 'Public IDs map 0 .. 9223372036854775807 onto itself.';
	END IF;
	RETURN scru128_sql_private._ff1(subkey, 2, 63, pg_catalog.convert_to(context, pg_catalog.getdatabaseencoding()), id::numeric, decrypt)::bigint;
END
$fn$;
REVOKE ALL ON FUNCTION scru128_sql_private._public_id_bigint(bigint, pg_catalog.text, integer, boolean) FROM PUBLIC;
COMMENT ON FUNCTION scru128_sql_private._public_id_bigint(bigint, pg_catalog.text, integer, boolean) IS 'internal: the public ID of a non-negative bigint, or the bigint of a public ID';

-- The functions of the native extension, one name per type (a domain over
-- uuid is no type of its own for overloading).  SECURITY DEFINER: they
-- read the owner's key table; EXECUTE is revoked from PUBLIC below.
CREATE OR REPLACE FUNCTION scru128_sql.public_id_uuid(key pg_catalog.uuid, context pg_catalog.text DEFAULT '')
RETURNS pg_catalog.uuid LANGUAGE sql STRICT STABLE PARALLEL SAFE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $fn$
SELECT scru128_sql_private._public_id_uuid(key, context, NULL, false)
$fn$;
CREATE OR REPLACE FUNCTION scru128_sql.public_id_uuid(key pg_catalog.uuid, context pg_catalog.text, key_id integer)
RETURNS pg_catalog.uuid LANGUAGE sql STRICT STABLE PARALLEL SAFE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $fn$
SELECT scru128_sql_private._public_id_uuid(key, context, key_id, false)
$fn$;
CREATE OR REPLACE FUNCTION scru128_sql.public_id_decode_uuid(public_id pg_catalog.uuid, context pg_catalog.text DEFAULT '')
RETURNS pg_catalog.uuid LANGUAGE sql STRICT STABLE PARALLEL SAFE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $fn$
SELECT scru128_sql_private._public_id_uuid(public_id, context, NULL, true)
$fn$;
CREATE OR REPLACE FUNCTION scru128_sql.public_id_decode_uuid(public_id pg_catalog.uuid, context pg_catalog.text, key_id integer)
RETURNS pg_catalog.uuid LANGUAGE sql STRICT STABLE PARALLEL SAFE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $fn$
SELECT scru128_sql_private._public_id_uuid(public_id, context, key_id, true)
$fn$;

CREATE OR REPLACE FUNCTION scru128_sql.public_id_scru128(key scru128_sql.scru128, context pg_catalog.text DEFAULT '')
RETURNS scru128_sql.scru128 LANGUAGE sql STRICT STABLE PARALLEL SAFE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $fn$
SELECT pg_catalog.encode(scru128_sql_private._public_id_bytes(pg_catalog.uuid_send(key), 'scru128', context, NULL, false), 'hex')::pg_catalog.uuid
$fn$;
CREATE OR REPLACE FUNCTION scru128_sql.public_id_scru128(key scru128_sql.scru128, context pg_catalog.text, key_id integer)
RETURNS scru128_sql.scru128 LANGUAGE sql STRICT STABLE PARALLEL SAFE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $fn$
SELECT pg_catalog.encode(scru128_sql_private._public_id_bytes(pg_catalog.uuid_send(key), 'scru128', context, key_id, false), 'hex')::pg_catalog.uuid
$fn$;
CREATE OR REPLACE FUNCTION scru128_sql.public_id_decode_scru128(public_id scru128_sql.scru128, context pg_catalog.text DEFAULT '')
RETURNS scru128_sql.scru128 LANGUAGE sql STRICT STABLE PARALLEL SAFE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $fn$
SELECT pg_catalog.encode(scru128_sql_private._public_id_bytes(pg_catalog.uuid_send(public_id), 'scru128', context, NULL, true), 'hex')::pg_catalog.uuid
$fn$;
CREATE OR REPLACE FUNCTION scru128_sql.public_id_decode_scru128(public_id scru128_sql.scru128, context pg_catalog.text, key_id integer)
RETURNS scru128_sql.scru128 LANGUAGE sql STRICT STABLE PARALLEL SAFE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $fn$
SELECT pg_catalog.encode(scru128_sql_private._public_id_bytes(pg_catalog.uuid_send(public_id), 'scru128', context, key_id, true), 'hex')::pg_catalog.uuid
$fn$;

CREATE OR REPLACE FUNCTION scru128_sql.public_id_ulid(key scru128_sql.ulid, context pg_catalog.text DEFAULT '')
RETURNS scru128_sql.ulid LANGUAGE sql STRICT STABLE PARALLEL SAFE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $fn$
SELECT pg_catalog.encode(scru128_sql_private._public_id_bytes(pg_catalog.uuid_send(key), 'ulid', context, NULL, false), 'hex')::pg_catalog.uuid
$fn$;
CREATE OR REPLACE FUNCTION scru128_sql.public_id_ulid(key scru128_sql.ulid, context pg_catalog.text, key_id integer)
RETURNS scru128_sql.ulid LANGUAGE sql STRICT STABLE PARALLEL SAFE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $fn$
SELECT pg_catalog.encode(scru128_sql_private._public_id_bytes(pg_catalog.uuid_send(key), 'ulid', context, key_id, false), 'hex')::pg_catalog.uuid
$fn$;
CREATE OR REPLACE FUNCTION scru128_sql.public_id_decode_ulid(public_id scru128_sql.ulid, context pg_catalog.text DEFAULT '')
RETURNS scru128_sql.ulid LANGUAGE sql STRICT STABLE PARALLEL SAFE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $fn$
SELECT pg_catalog.encode(scru128_sql_private._public_id_bytes(pg_catalog.uuid_send(public_id), 'ulid', context, NULL, true), 'hex')::pg_catalog.uuid
$fn$;
CREATE OR REPLACE FUNCTION scru128_sql.public_id_decode_ulid(public_id scru128_sql.ulid, context pg_catalog.text, key_id integer)
RETURNS scru128_sql.ulid LANGUAGE sql STRICT STABLE PARALLEL SAFE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $fn$
SELECT pg_catalog.encode(scru128_sql_private._public_id_bytes(pg_catalog.uuid_send(public_id), 'ulid', context, key_id, true), 'hex')::pg_catalog.uuid
$fn$;

CREATE OR REPLACE FUNCTION scru128_sql.public_id_scru160(key scru128_sql.scru160, context pg_catalog.text DEFAULT '')
RETURNS scru128_sql.scru160 LANGUAGE sql STRICT STABLE PARALLEL SAFE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $fn$
SELECT scru128_sql_private._public_id_bytes(key, 'scru160', context, NULL, false)
$fn$;
CREATE OR REPLACE FUNCTION scru128_sql.public_id_scru160(key scru128_sql.scru160, context pg_catalog.text, key_id integer)
RETURNS scru128_sql.scru160 LANGUAGE sql STRICT STABLE PARALLEL SAFE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $fn$
SELECT scru128_sql_private._public_id_bytes(key, 'scru160', context, key_id, false)
$fn$;
CREATE OR REPLACE FUNCTION scru128_sql.public_id_decode_scru160(public_id scru128_sql.scru160, context pg_catalog.text DEFAULT '')
RETURNS scru128_sql.scru160 LANGUAGE sql STRICT STABLE PARALLEL SAFE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $fn$
SELECT scru128_sql_private._public_id_bytes(public_id, 'scru160', context, NULL, true)
$fn$;
CREATE OR REPLACE FUNCTION scru128_sql.public_id_decode_scru160(public_id scru128_sql.scru160, context pg_catalog.text, key_id integer)
RETURNS scru128_sql.scru160 LANGUAGE sql STRICT STABLE PARALLEL SAFE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $fn$
SELECT scru128_sql_private._public_id_bytes(public_id, 'scru160', context, key_id, true)
$fn$;

CREATE OR REPLACE FUNCTION scru128_sql.public_id_bigint(key bigint, context pg_catalog.text DEFAULT '')
RETURNS bigint LANGUAGE sql STRICT STABLE PARALLEL SAFE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $fn$
SELECT scru128_sql_private._public_id_bigint(key, context, NULL, false)
$fn$;
CREATE OR REPLACE FUNCTION scru128_sql.public_id_bigint(key bigint, context pg_catalog.text, key_id integer)
RETURNS bigint LANGUAGE sql STRICT STABLE PARALLEL SAFE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $fn$
SELECT scru128_sql_private._public_id_bigint(key, context, key_id, false)
$fn$;
CREATE OR REPLACE FUNCTION scru128_sql.public_id_decode_bigint(public_id bigint, context pg_catalog.text DEFAULT '')
RETURNS bigint LANGUAGE sql STRICT STABLE PARALLEL SAFE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $fn$
SELECT scru128_sql_private._public_id_bigint(public_id, context, NULL, true)
$fn$;
CREATE OR REPLACE FUNCTION scru128_sql.public_id_decode_bigint(public_id bigint, context pg_catalog.text, key_id integer)
RETURNS bigint LANGUAGE sql STRICT STABLE PARALLEL SAFE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $fn$
SELECT scru128_sql_private._public_id_bigint(public_id, context, key_id, true)
$fn$;

-- The keys of this database: id, current, check value (the first 4 bytes
-- of HKDF-SHA256(K, info "scru128 public-id v1 check"), the native
-- public_id_keys()'s, to compare with a key file), never a key.
CREATE OR REPLACE FUNCTION scru128_sql.public_id_keys(OUT key_id integer, OUT is_current boolean, OUT check_value pg_catalog.text)
RETURNS SETOF record LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY DEFINER ROWS 4
SET search_path = pg_catalog, pg_temp AS $fn$
DECLARE
	id integer;
BEGIN
	FOR id IN SELECT k.key_id FROM scru128_sql_private.public_id_key k ORDER BY k.is_current IS NOT TRUE, k.key_id DESC LOOP
		key_id := id;
		is_current := (SELECT k.is_current IS TRUE FROM scru128_sql_private.public_id_key k WHERE k.key_id OPERATOR(pg_catalog.=) id);
		check_value := pg_catalog.encode(pg_catalog.substr(scru128_sql_private._hkdf_sha256(scru128_sql_private._public_id_master(id), 'scru128 public-id v1 check'), 1, 4), 'hex');
		RETURN NEXT;
	END LOOP;
END
$fn$;

-- Key management: the owner's (EXECUTE revoked from PUBLIC; SECURITY
-- DEFINER, so that the owner can delegate it by a grant, as the node spec).
-- A key made here comes from pgcrypto's gen_random_bytes() inside the
-- server and appears in no SQL text, no result and no log.  The first key
-- becomes the current one.
CREATE OR REPLACE FUNCTION scru128_sql.public_id_generate_key(key_id integer DEFAULT NULL)
RETURNS integer LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $fn$
DECLARE
	id integer := key_id;
BEGIN
	LOCK TABLE scru128_sql_private.public_id_key IN SHARE ROW EXCLUSIVE MODE;
	IF id IS NULL THEN
		id := COALESCE((SELECT pg_catalog.max(k.key_id) FROM scru128_sql_private.public_id_key k), 0) OPERATOR(pg_catalog.+) 1;
	END IF;
	PERFORM scru128_sql_private._public_id_new_key_check(id);
	-- the bytes are made by the executor, never a parameter of a plan
	INSERT INTO scru128_sql_private.public_id_key (key_id, master, is_current)
		SELECT id, scru128_sql_private._random_bytes(32),
			CASE WHEN NOT EXISTS (SELECT FROM scru128_sql_private.public_id_key k WHERE k.is_current) THEN true END;
	RETURN id;
END
$fn$;

-- 22023 for a key id out of range, 42710 for one that exists.
CREATE OR REPLACE FUNCTION scru128_sql_private._public_id_new_key_check(key_id integer)
RETURNS void LANGUAGE plpgsql STABLE PARALLEL SAFE AS $fn$
BEGIN
	IF key_id OPERATOR(pg_catalog.<) 1 THEN
		RAISE EXCEPTION USING ERRCODE = '22023',
			MESSAGE = pg_catalog.format('public-ID key id %s is out of range', key_id),
			DETAIL = 'A key id is an integer from 1 to 2147483647.';
	END IF;
	IF EXISTS (SELECT FROM scru128_sql_private.public_id_key k WHERE k.key_id OPERATOR(pg_catalog.=) _public_id_new_key_check.key_id) THEN
		RAISE EXCEPTION USING ERRCODE = '42710',
			MESSAGE = pg_catalog.format('public-ID key %s already exists', key_id),
			HINT = 'Give another key id; scru128_sql.public_id_keys() lists those in use.';
	END IF;
END
$fn$;
REVOKE ALL ON FUNCTION scru128_sql_private._public_id_new_key_check(integer) FROM PUBLIC;
COMMENT ON FUNCTION scru128_sql_private._public_id_new_key_check(integer) IS 'internal: an error unless a key id is in range and unused';

-- A key from elsewhere (the native extension's key file: its 64
-- hexadecimal digits), under the same key id to keep the same public IDs.
-- The key is in the statement's text or parameters: see doc/public-ids.md,
-- "The SQL edition", for what the server may log of it.  Errors never
-- quote it.  Returns the key's check value.
CREATE OR REPLACE FUNCTION scru128_sql.public_id_import_key(key_id integer, key pg_catalog.text)
RETURNS pg_catalog.text LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $fn$
DECLARE
	m pg_catalog.bytea;
BEGIN
	IF pg_catalog.length(key) OPERATOR(pg_catalog.<>) 64 OR key OPERATOR(pg_catalog.!~) '^[0-9A-Fa-f]*$' THEN
		RAISE EXCEPTION USING ERRCODE = '22023',
			MESSAGE = 'a public-ID key is 64 hexadecimal digits (32 bytes)',
			DETAIL = pg_catalog.format('The key given has %s characters.', pg_catalog.length(key));
	END IF;
	m := pg_catalog.decode(key, 'hex');
	LOCK TABLE scru128_sql_private.public_id_key IN SHARE ROW EXCLUSIVE MODE;
	PERFORM scru128_sql_private._public_id_new_key_check(key_id);
	INSERT INTO scru128_sql_private.public_id_key (key_id, master, is_current)
		VALUES (key_id, m, CASE WHEN NOT EXISTS (SELECT FROM scru128_sql_private.public_id_key k WHERE k.is_current) THEN true END);
	RETURN pg_catalog.encode(pg_catalog.substr(scru128_sql_private._hkdf_sha256(m, 'scru128 public-id v1 check'), 1, 4), 'hex');
END
$fn$;

CREATE OR REPLACE FUNCTION scru128_sql.public_id_set_current_key(key_id integer)
RETURNS void LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $fn$
BEGIN
	LOCK TABLE scru128_sql_private.public_id_key IN SHARE ROW EXCLUSIVE MODE;
	IF NOT EXISTS (SELECT FROM scru128_sql_private.public_id_key k WHERE k.key_id OPERATOR(pg_catalog.=) public_id_set_current_key.key_id) THEN
		RAISE EXCEPTION USING ERRCODE = '22023',
			MESSAGE = pg_catalog.format('public-ID key %s is not available to this database', key_id),
			HINT = 'scru128_sql.public_id_keys() lists the key ids the database may use.';
	END IF;
	UPDATE scru128_sql_private.public_id_key k SET is_current = NULL WHERE k.is_current AND k.key_id OPERATOR(pg_catalog.<>) public_id_set_current_key.key_id;
	UPDATE scru128_sql_private.public_id_key k SET is_current = true WHERE k.key_id OPERATOR(pg_catalog.=) public_id_set_current_key.key_id;
END
$fn$;

-- Removes a key that is not the current one (55000 for the current one:
-- make another current first).
CREATE OR REPLACE FUNCTION scru128_sql.public_id_drop_key(key_id integer)
RETURNS void LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp AS $fn$
DECLARE
	cur boolean;
BEGIN
	LOCK TABLE scru128_sql_private.public_id_key IN SHARE ROW EXCLUSIVE MODE;
	SELECT k.is_current IS TRUE INTO cur FROM scru128_sql_private.public_id_key k WHERE k.key_id OPERATOR(pg_catalog.=) public_id_drop_key.key_id;
	IF NOT FOUND THEN
		RAISE EXCEPTION USING ERRCODE = '22023',
			MESSAGE = pg_catalog.format('public-ID key %s is not available to this database', key_id),
			HINT = 'scru128_sql.public_id_keys() lists the key ids the database may use.';
	END IF;
	IF cur THEN
		RAISE EXCEPTION USING ERRCODE = '55000',
			MESSAGE = pg_catalog.format('public-ID key %s is the current key', key_id),
			HINT = 'Make another key current with scru128_sql.public_id_set_current_key() first.';
	END IF;
	DELETE FROM scru128_sql_private.public_id_key k WHERE k.key_id OPERATOR(pg_catalog.=) public_id_drop_key.key_id;
END
$fn$;

REVOKE ALL ON FUNCTION
	scru128_sql.public_id_uuid(pg_catalog.uuid, pg_catalog.text), scru128_sql.public_id_uuid(pg_catalog.uuid, pg_catalog.text, integer),
	scru128_sql.public_id_decode_uuid(pg_catalog.uuid, pg_catalog.text), scru128_sql.public_id_decode_uuid(pg_catalog.uuid, pg_catalog.text, integer),
	scru128_sql.public_id_scru128(scru128_sql.scru128, pg_catalog.text), scru128_sql.public_id_scru128(scru128_sql.scru128, pg_catalog.text, integer),
	scru128_sql.public_id_decode_scru128(scru128_sql.scru128, pg_catalog.text), scru128_sql.public_id_decode_scru128(scru128_sql.scru128, pg_catalog.text, integer),
	scru128_sql.public_id_ulid(scru128_sql.ulid, pg_catalog.text), scru128_sql.public_id_ulid(scru128_sql.ulid, pg_catalog.text, integer),
	scru128_sql.public_id_decode_ulid(scru128_sql.ulid, pg_catalog.text), scru128_sql.public_id_decode_ulid(scru128_sql.ulid, pg_catalog.text, integer),
	scru128_sql.public_id_scru160(scru128_sql.scru160, pg_catalog.text), scru128_sql.public_id_scru160(scru128_sql.scru160, pg_catalog.text, integer),
	scru128_sql.public_id_decode_scru160(scru128_sql.scru160, pg_catalog.text), scru128_sql.public_id_decode_scru160(scru128_sql.scru160, pg_catalog.text, integer),
	scru128_sql.public_id_bigint(bigint, pg_catalog.text), scru128_sql.public_id_bigint(bigint, pg_catalog.text, integer),
	scru128_sql.public_id_decode_bigint(bigint, pg_catalog.text), scru128_sql.public_id_decode_bigint(bigint, pg_catalog.text, integer),
	scru128_sql.public_id_keys(), scru128_sql.public_id_generate_key(integer), scru128_sql.public_id_import_key(integer, pg_catalog.text),
	scru128_sql.public_id_set_current_key(integer), scru128_sql.public_id_drop_key(integer)
	FROM PUBLIC;

COMMENT ON FUNCTION scru128_sql.public_id_uuid(pg_catalog.uuid, pg_catalog.text) IS 'public ID of a UUIDv7 key in a context: a UUIDv4 that shows neither time nor order (FF1 with the database''s current key; the native public_id(uuid, text))';
COMMENT ON FUNCTION scru128_sql.public_id_uuid(pg_catalog.uuid, pg_catalog.text, integer) IS 'public ID of a UUIDv7 key in a context, with the given key id';
COMMENT ON FUNCTION scru128_sql.public_id_decode_uuid(pg_catalog.uuid, pg_catalog.text) IS 'the UUIDv7 key whose public ID in the context this UUIDv4 is (current key); a wrong or made-up ID gives a key that is not found, not an error';
COMMENT ON FUNCTION scru128_sql.public_id_decode_uuid(pg_catalog.uuid, pg_catalog.text, integer) IS 'the UUIDv7 key whose public ID in the context this UUIDv4 is, with the given key id';
COMMENT ON FUNCTION scru128_sql.public_id_scru128(scru128_sql.scru128, pg_catalog.text) IS 'public ID of a scru128 key in a context: a scru128 that shows neither time nor order (FF1 with the database''s current key; the native public_id(scru128, text))';
COMMENT ON FUNCTION scru128_sql.public_id_scru128(scru128_sql.scru128, pg_catalog.text, integer) IS 'public ID of a scru128 key in a context, with the given key id';
COMMENT ON FUNCTION scru128_sql.public_id_decode_scru128(scru128_sql.scru128, pg_catalog.text) IS 'the scru128 key whose public ID in the context this is (current key); a wrong or made-up ID gives a key that is not found, not an error';
COMMENT ON FUNCTION scru128_sql.public_id_decode_scru128(scru128_sql.scru128, pg_catalog.text, integer) IS 'the scru128 key whose public ID in the context this is, with the given key id';
COMMENT ON FUNCTION scru128_sql.public_id_ulid(scru128_sql.ulid, pg_catalog.text) IS 'public ID of a ulid key in a context: a ulid that shows neither time nor order (FF1 with the database''s current key; the native public_id(ulid, text))';
COMMENT ON FUNCTION scru128_sql.public_id_ulid(scru128_sql.ulid, pg_catalog.text, integer) IS 'public ID of a ulid key in a context, with the given key id';
COMMENT ON FUNCTION scru128_sql.public_id_decode_ulid(scru128_sql.ulid, pg_catalog.text) IS 'the ulid key whose public ID in the context this is (current key); a wrong or made-up ID gives a key that is not found, not an error';
COMMENT ON FUNCTION scru128_sql.public_id_decode_ulid(scru128_sql.ulid, pg_catalog.text, integer) IS 'the ulid key whose public ID in the context this is, with the given key id';
COMMENT ON FUNCTION scru128_sql.public_id_scru160(scru128_sql.scru160, pg_catalog.text) IS 'public ID of a 20-byte SCRU160 key in a context: a SCRU160 that shows neither time nor order (FF1 with the database''s current key; the native public_id(scru160, text))';
COMMENT ON FUNCTION scru128_sql.public_id_scru160(scru128_sql.scru160, pg_catalog.text, integer) IS 'public ID of a SCRU160 key in a context, with the given key id';
COMMENT ON FUNCTION scru128_sql.public_id_decode_scru160(scru128_sql.scru160, pg_catalog.text) IS 'the SCRU160 key whose public ID in the context this is (current key); a wrong or made-up ID gives a key that is not found, not an error';
COMMENT ON FUNCTION scru128_sql.public_id_decode_scru160(scru128_sql.scru160, pg_catalog.text, integer) IS 'the SCRU160 key whose public ID in the context this is, with the given key id';
COMMENT ON FUNCTION scru128_sql.public_id_bigint(bigint, pg_catalog.text) IS 'public ID of a non-negative bigint key in a context: a non-negative bigint that shows neither order nor count (FF1 with the database''s current key; the native public_id(bigint, text))';
COMMENT ON FUNCTION scru128_sql.public_id_bigint(bigint, pg_catalog.text, integer) IS 'public ID of a non-negative bigint key in a context, with the given key id';
COMMENT ON FUNCTION scru128_sql.public_id_decode_bigint(bigint, pg_catalog.text) IS 'the bigint key whose public ID in the context this is (current key); a wrong or made-up ID gives a key that is not found, not an error';
COMMENT ON FUNCTION scru128_sql.public_id_decode_bigint(bigint, pg_catalog.text, integer) IS 'the bigint key whose public ID in the context this is, with the given key id';
COMMENT ON FUNCTION scru128_sql.public_id_keys() IS 'the public-ID key ids of this database, which one is current, and each key''s check value (4 bytes of HKDF of the key, the native public_id_keys()''s; never the key)';
COMMENT ON FUNCTION scru128_sql.public_id_generate_key(integer) IS 'makes a public-ID key inside the server (pgcrypto''s gen_random_bytes()) under the given or the next key id, current if it is the first; returns its id; the owner''s';
COMMENT ON FUNCTION scru128_sql.public_id_import_key(integer, pg_catalog.text) IS 'adds a public-ID key given as 64 hexadecimal digits (from the native key file) under a key id, current if it is the first; returns its check value; the owner''s (the key is in the statement: see doc/public-ids.md)';
COMMENT ON FUNCTION scru128_sql.public_id_set_current_key(integer) IS 'makes a key id the one that makes new public IDs; the owner''s';
COMMENT ON FUNCTION scru128_sql.public_id_drop_key(integer) IS 'removes a public-ID key that is not the current one; the owner''s';
