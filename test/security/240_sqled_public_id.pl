
# Copyright: see the LICENSE file of the scru128 extension.
#
# doc/security.md, section "Public IDs (SQL edition)": rows "A role with
# EXECUTE reads the keys", "Plans, parameters and debug output",
# "pg_dump by that role", "A pgcrypto look-alike", "The owner of pgcrypto",
# "search_path and temporary objects", "The import's statement".
#
# The SQL edition's keys are rows of scru128_sql_private.public_id_key,
# the owner's table; the master key of key 1 is the worked example's, so
# that its subkeys are known, and key 2 is made in the server.  Each
# attack runs as the role the row names and must show no key and no
# subkey, in hex or as the bytes a node dump prints; the application's
# role keeps getting the native public IDs:
#  1. a role with EXECUTE (the application's): SELECT on the table, the
#     schema, pg_stats, the keys() function, every error, EXPLAIN VERBOSE,
#     debug_print_parse/rewritten/plan at client_min_messages = log (also
#     under plan_cache_mode = force_custom_plan),
#     plpgsql.print_strict_params; a role granted only generate_key() sees
#     no key it makes; pg_stat_statements (track = all) and the server log
#     hold none; control: the same debug output shows a bytea literal;
#  2. pg_dump by the application's role: refused, no key;
#  3. pgcrypto look-alikes: functions named like pgcrypto's in public and
#     in a schema "pgcrypto", by a role with CREATE there, before pgcrypto
#     is installed and after (in another schema, on the caller's path):
#     never called, the wrappers bind to pgcrypto's C functions only;
#  4. the owner of the pgcrypto extension (a role with CREATE on the
#     database can create it, it is trusted) drops it with CASCADE and
#     puts look-alikes in its place: public IDs stop (55000 after the
#     owner runs public_id_use_pgcrypto() again), no look-alike gets a key;
#  5. search_path and temporary objects of the caller: look-alikes of the
#     pg_catalog functions and operators the bodies use, first on the
#     path, and a temporary view public_id_key: none runs;
#  6. the import's statement: a failing import with the key as a literal
#     is logged with its STATEMENT (the documented caveat, shown), with
#     the key as a bind parameter it is not.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $plain = ($ENV{TESTDIR} // '.') . '/portable/scru128_sql.sql';
die "no $plain" unless -f $plain;

my $master = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
my @secrets = (
	$master,
	'30495d5e74b8b83b0e65c053f18882eb791aedee7d36c81b6f2ce3f2cd1388a6',
	'906090476e5218527c34274b3a5cbc326d560f046f19095470b28a2f45f5f835',
	'd908018c0289d9b642bbb66fdecee22ab61c14bfe1108f253d62db76cee996e9',
	'0a7cb3351da21a6607b0cc6990d39e0d444d85d08b8496ec7460a82568a5fcbb',
	'9d24fa0a06fa83b04261b32ccb098a335b558b2db8a2af8813ac4d270cd229b7');

# does text hold 8 consecutive bytes of a secret, in hex of either case,
# or as the signed decimals of a node dump's datum ("0 1 2 3 ...")?
sub leaks
{
	my ($text) = @_;
	for my $s (@secrets)
	{
		my @b = map { my $v = hex($_); $v > 127 ? $v - 256 : $v } ($s =~ /(..)/g);
		for (my $i = 0; $i + 8 <= @b; $i++)
		{
			my $w = substr($s, 2 * $i, 16);
			return "$w (of $s)" if $text =~ /\Q$w\E/i;
			my $d = join(' ', @b[ $i .. $i + 7 ]);
			return "bytes $d (of $s)" if $text =~ /(?<![\d-])\Q$d\E(?!\d)/;
		}
	}
	return '';
}

my $node = PostgreSQL::Test::Cluster->new('sqled_public_id_sec');
$node->init;
$node->append_conf('postgresql.conf', q{
shared_preload_libraries = 'pg_stat_statements'
pg_stat_statements.track = all
log_min_messages = warning
log_statement = none
});
$node->start;
my $major = int($node->safe_psql('postgres', 'SHOW server_version_num') / 10000);
my $su = $node->safe_psql('postgres', 'SELECT current_user');

if ($node->safe_psql('postgres', q{SELECT count(*) FROM pg_available_extensions WHERE name = 'pgcrypto'}) ne '1')
{
	die "pgcrypto is not installed on $major (test/lib.sh and test/pg16.sh install it with the server)\n"
	  if ($ENV{CI} // '') !~ /^(|0|false)$/i;
	plan skip_all => "pgcrypto is not installed on $major (contrib)";
}

# psql as ROLE in DB, verbose errors: (exit code, stdout, stderr)
sub psql_as
{
	my ($role, $db, $sql, @extra) = @_;
	my ($out, $err);
	my $ret = $node->psql($db, $sql, stdout => \$out, stderr => \$err,
		extra_params => [ '-U', $role, '-v', 'VERBOSITY=verbose', @extra ]);
	return ($ret, $out // '', $err // '');
}

$node->safe_psql('postgres', q{
CREATE ROLE sqled_owner LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE;
CREATE ROLE sqled_app LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE;
CREATE ROLE sqled_keyadmin LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE;
CREATE ROLE sqled_squatter LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE;
CREATE DATABASE shop;
GRANT CREATE ON DATABASE shop TO sqled_owner, sqled_squatter;});
$node->safe_psql('shop', q{
GRANT CREATE ON SCHEMA public TO sqled_squatter;
CREATE EXTENSION pg_stat_statements;});

#
# 3a. look-alikes before pgcrypto exists: never bound, never called
#
my ($ret, $out, $err) = psql_as('sqled_squatter', 'shop', q{
CREATE TABLE public.caught (who text, args text);
GRANT INSERT, SELECT ON public.caught TO PUBLIC;
CREATE SCHEMA pgcrypto;
GRANT USAGE ON SCHEMA pgcrypto TO PUBLIC;
DO $$
DECLARE s text;
BEGIN
	FOREACH s IN ARRAY ARRAY['public', 'pgcrypto'] LOOP
		EXECUTE format($f$CREATE FUNCTION %I.encrypt_iv(bytea, bytea, bytea, text) RETURNS bytea LANGUAGE sql AS
			'INSERT INTO public.caught VALUES (''encrypt_iv'', encode($2, ''hex'')) RETURNING $1'$f$, s);
		EXECUTE format($f$CREATE FUNCTION %I.hmac(bytea, bytea, text) RETURNS bytea LANGUAGE sql AS
			'INSERT INTO public.caught VALUES (''hmac'', encode($1, ''hex'') || '' '' || encode($2, ''hex'')) RETURNING $1'$f$, s);
		EXECUTE format($f$CREATE FUNCTION %I.gen_random_bytes(integer) RETURNS bytea LANGUAGE sql AS
			'INSERT INTO public.caught VALUES (''gen_random_bytes'', $1::text) RETURNING ''\x00''::bytea'$f$, s);
	END LOOP;
END $$;});
is($ret, 0, 'look-alike: a role with CREATE on the database and on public makes encrypt_iv, hmac, gen_random_bytes in public and in a schema pgcrypto') or diag $err;
($ret, $out, $err) = psql_as('sqled_owner', 'shop', undef, '-1', '-c', 'SET search_path = pgcrypto, public', '-f', $plain);
is($ret, 0, 'look-alike: the owner installs the plain script (its path: "$user", public)') or diag $err;
($ret, $out, $err) = psql_as('sqled_owner', 'shop', q{SET search_path = pgcrypto, public; SELECT scru128_sql.public_id_use_pgcrypto() IS NULL});
is($out, 't', 'look-alike: public_id_use_pgcrypto() with the look-alikes first on the path: nothing bound (NULL)') or diag $err;
($ret, $out, $err) = psql_as('sqled_owner', 'shop', qq{SET search_path = pgcrypto, public; SELECT scru128_sql.public_id_generate_key()});
like($err, qr/ERROR:  55000: public IDs of the SQL edition need the extension pgcrypto/, 'look-alike: generate_key(): 55000');
is($node->safe_psql('shop', 'SELECT count(*) FROM public.caught'), '0', 'look-alike: ... and no look-alike ran');

#
# 3b. the real pgcrypto in the owner's schema, the look-alikes still on
#     every path
#
($ret, $out, $err) = psql_as('sqled_owner', 'shop', q{
CREATE SCHEMA crypto;
GRANT USAGE ON SCHEMA crypto TO PUBLIC;
CREATE EXTENSION pgcrypto SCHEMA crypto;
SET search_path = pgcrypto, public, crypto;
SELECT scru128_sql.public_id_use_pgcrypto();});
is($out, 'crypto', 'pgcrypto in schema crypto: public_id_use_pgcrypto() finds it by the extension, not by the path') or diag $err;
is($node->safe_psql('shop', q{
	SELECT string_agg(p.oid::regprocedure::text || ' ' || l.lanname || ' ' || p.probin, ', ' ORDER BY p.oid::regprocedure::text)
	FROM pg_depend d JOIN pg_proc p ON p.oid = d.refobjid JOIN pg_language l ON l.oid = p.prolang
	WHERE d.classid = 'pg_proc'::regclass AND d.refclassid = 'pg_proc'::regclass
	  AND d.objid IN ('scru128_sql_private._aes_cbc(bytea,bytea,bytea)'::regprocedure,
					  'scru128_sql_private._hmac_sha256(bytea,bytea)'::regprocedure,
					  'scru128_sql_private._random_bytes(integer)'::regprocedure)}),
	'crypto.encrypt_iv(bytea,bytea,bytea,text) c $libdir/pgcrypto, crypto.gen_random_bytes(integer) c $libdir/pgcrypto, crypto.hmac(bytea,bytea,text) c $libdir/pgcrypto',
	"... the wrappers call pgcrypto's C functions");
($ret, $out, $err) = psql_as('sqled_owner', 'shop', qq{
	SET search_path = pgcrypto, public;
	SELECT scru128_sql.public_id_import_key(1, '$master');
	SELECT scru128_sql.public_id_generate_key();
	GRANT EXECUTE ON FUNCTION
		scru128_sql.public_id_uuid(uuid, text), scru128_sql.public_id_uuid(uuid, text, integer),
		scru128_sql.public_id_decode_uuid(uuid, text), scru128_sql.public_id_decode_uuid(uuid, text, integer),
		scru128_sql.public_id_scru128(scru128_sql.scru128, text), scru128_sql.public_id_scru128(scru128_sql.scru128, text, integer),
		scru128_sql.public_id_decode_scru128(scru128_sql.scru128, text), scru128_sql.public_id_decode_scru128(scru128_sql.scru128, text, integer),
		scru128_sql.public_id_ulid(scru128_sql.ulid, text), scru128_sql.public_id_ulid(scru128_sql.ulid, text, integer),
		scru128_sql.public_id_decode_ulid(scru128_sql.ulid, text), scru128_sql.public_id_decode_ulid(scru128_sql.ulid, text, integer),
		scru128_sql.public_id_scru160(scru128_sql.scru160, text), scru128_sql.public_id_scru160(scru128_sql.scru160, text, integer),
		scru128_sql.public_id_decode_scru160(scru128_sql.scru160, text), scru128_sql.public_id_decode_scru160(scru128_sql.scru160, text, integer),
		scru128_sql.public_id_bigint(bigint, text), scru128_sql.public_id_bigint(bigint, text, integer),
		scru128_sql.public_id_decode_bigint(bigint, text), scru128_sql.public_id_decode_bigint(bigint, text, integer),
		scru128_sql.public_id_keys() TO sqled_app;
	GRANT EXECUTE ON FUNCTION scru128_sql.public_id_generate_key(integer) TO sqled_keyadmin;});
is($ret, 0, 'the owner imports key 1, makes key 2 in the server, grants the functions to the application, generate_key() to a key admin') or diag $err;
my $k2 = $node->safe_psql('shop', q{SELECT encode(master, 'hex') FROM scru128_sql_private.public_id_key WHERE key_id = 2});
push @secrets, $k2, map { $node->safe_psql('shop', qq{SELECT encode(scru128_sql_private._hkdf_sha256('\\x$k2', 'scru128 public-id v1 $_'), 'hex')}) }
	qw(uuidv7 scru128 ulid scru160 bigint);

# every function, as the application calls them, and the worked example's answers
my $calls = q{
SELECT scru128_sql.public_id_uuid('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', 'orders');
SELECT scru128_sql.scru128_to_text(scru128_sql.public_id_scru128(scru128_sql.scru128_from_text('036z951mhjikzik2gsl81gr7l'), 'orders'));
SELECT scru128_sql.ulid_to_text(scru128_sql.public_id_ulid(scru128_sql.ulid_from_text('01ARZ3NDEKTSV4RRFFQ69G5FAV'), 'orders'));
SELECT scru128_sql.scru160_to_text(scru128_sql.public_id_scru160(scru128_sql.scru160_from_text('05TTUP1HNCPNA1QHTDHRTCU3V32PD7C6'), 'orders'));
SELECT scru128_sql.public_id_bigint(42, 'orders');
SELECT scru128_sql.public_id_decode_bigint(374374409193492836, 'orders', 1);
SELECT scru128_sql.public_id_decode_uuid('1aa3d8a7-34c7-4442-9f3c-abc767360b7d', 'orders', 1);
SELECT scru128_sql.public_id_decode_scru128(scru128_sql.public_id_scru128(scru128_sql.scru128_from_text('036z951mhjikzik2gsl81gr7l'), '', 2), '', 2) = scru128_sql.scru128_from_text('036z951mhjikzik2gsl81gr7l');
SELECT scru128_sql.public_id_decode_ulid(scru128_sql.public_id_ulid(scru128_sql.ulid_from_text('01ARZ3NDEKTSV4RRFFQ69G5FAV'), 'x', 2), 'x') <> scru128_sql.ulid_from_text('01ARZ3NDEKTSV4RRFFQ69G5FAV');
SELECT scru128_sql.public_id_decode_scru160(scru128_sql.public_id_scru160('\x11223344556677889900aabbccddeeff00112233', 'x', 2), 'x', 2) = '\x11223344556677889900aabbccddeeff00112233'::bytea;
SELECT string_agg(key_id || ':' || is_current || ':' || check_value, ' ' ORDER BY key_id) FROM scru128_sql.public_id_keys();
};
my $want = join("\n", '1aa3d8a7-34c7-4442-9f3c-abc767360b7d', '6kh3cwuznfnvodfatusfsnd5p', '6RPNK3J8A85PN0S90QA26EP9AB',
	'RJCDF8DVROJEJDLF4UR8GM0A5O3KQC80', '374374409193492836', '42', '017f22e2-79b0-7cc3-98c4-dc0c0c07398f', 't', 't', 't')
  . "\n1:true:17464d58 2:false:" . $node->safe_psql('shop', q{SELECT check_value FROM scru128_sql.public_id_keys() WHERE key_id = 2});
($ret, $out, $err) = psql_as('sqled_app', 'shop', "SET search_path = pgcrypto, public; $calls");
is($out, $want, 'the application (EXECUTE only), the look-alikes first on its path: the worked example, both keys, keys()') or diag $err;
is($node->safe_psql('shop', 'SELECT count(*) FROM public.caught'), '0', 'look-alike: none ran, for the owner or the application');

#
# 1. what a role with EXECUTE can reach
#
{
	my @tries = (
		[ q{SELECT * FROM scru128_sql_private.public_id_key}, qr/ERROR:  42501: permission denied for schema scru128_sql_private/, 'SELECT on the key table' ],
		[ q{SELECT scru128_sql_private._public_id_master(1)}, qr/ERROR:  42501: permission denied for schema scru128_sql_private/, 'the internal key reader' ],
		[ q{SELECT * FROM pg_stats WHERE tablename = 'public_id_key'}, qr/^$/, 'pg_stats (no row: no privilege, and the column has no statistics)' ],
		[ q{SELECT scru128_sql.public_id_generate_key()}, qr/ERROR:  42501: permission denied for function public_id_generate_key/, 'generate_key()' ],
		[ qq{SELECT scru128_sql.public_id_import_key(9, '$master')}, qr/ERROR:  42501: permission denied for function public_id_import_key/, 'import_key()' ],
		[ q{SELECT scru128_sql.public_id_set_current_key(2)}, qr/ERROR:  42501: permission denied for function public_id_set_current_key/, 'set_current_key()' ],
		[ q{SELECT scru128_sql.public_id_drop_key(2)}, qr/ERROR:  42501: permission denied for function public_id_drop_key/, 'drop_key()' ],
		[ q{SELECT scru128_sql.public_id_use_pgcrypto()}, qr/ERROR:  42501: permission denied for function public_id_use_pgcrypto/, 'use_pgcrypto()' ],
		[ q{SELECT scru128_sql.public_id_bigint(-1)}, qr/ERROR:  22023: a negative bigint/, 'an error: negative' ],
		[ q{SELECT scru128_sql.public_id_uuid(gen_random_uuid())}, qr/ERROR:  22023: only a version 7 UUID/, 'an error: a v4' ],
		[ q{SELECT scru128_sql.public_id_bigint(1, repeat('x', 300))}, qr/ERROR:  22023: public-ID context is too long/, 'an error: the context' ],
		[ q{SELECT scru128_sql.public_id_bigint(1, '', 77)}, qr/ERROR:  22023: public-ID key 77 is not available/, 'an error: the key id' ],
		[ q{SELECT scru128_sql.public_id_scru160('\x01', '')}, qr/ERROR:  22P03: invalid length for scru160/, 'an error: a scru160 length' ],
		[ q{EXPLAIN (VERBOSE, ANALYZE, COSTS OFF, TIMING OFF) SELECT scru128_sql.public_id_bigint(g, 'orders') FROM generate_series(1, 3) g},
		  qr/Function Scan/, 'EXPLAIN (VERBOSE, ANALYZE) of a call' ]);
	for my $t (@tries)
	{
		my ($sql, $re, $what) = @$t;
		($ret, $out, $err) = psql_as('sqled_app', 'shop', $sql);
		like($out . $err, $re, "application: $what");
		is(leaks($out . $err), '', "application: $what: no key material");
	}

	# the debug output of every plan and parse tree, and strict params
	my $debug = q{SET client_min_messages = log; SET debug_print_parse = on; SET debug_print_rewritten = on;
		SET debug_print_plan = on; SET plpgsql.print_strict_params = on;};
	for my $mode ('auto', 'force_custom_plan', 'force_generic_plan')
	{
		($ret, $out, $err) = psql_as('sqled_app', 'shop', "$debug SET plan_cache_mode = $mode; $calls$calls");
		like($err, qr/LOG:  (00000: )?plan:.*:constvalue/s, "debug output ($mode): the application gets every plan at LOG");
		is($out, "$want\n$want", "debug output ($mode): the right answers");
		is(leaks($out . $err), '', "debug output ($mode): no key or subkey, in hex or as datum bytes, in any parse tree or plan");
	}
	($ret, $out, $err) = psql_as('sqled_app', 'shop', "$debug SELECT octet_length('\\x$secrets[1]'::bytea)");
	isnt(leaks($err), '', 'control: a bytea constant of a query is in that output (as datum bytes: ' . leaks($err) . ')');

	# a role granted generate_key() only, with the same debug output
	($ret, $out, $err) = psql_as('sqled_keyadmin', 'shop', "$debug SET plan_cache_mode = force_custom_plan; SELECT scru128_sql.public_id_generate_key()");
	like($out, qr/^3$/m, 'key admin: generate_key() makes key 3') or diag $err;
	my $k3 = $node->safe_psql('shop', q{SELECT encode(master, 'hex') FROM scru128_sql_private.public_id_key WHERE key_id = 3});
	push @secrets, $k3;
	$want .= ' 3:false:' . $node->safe_psql('shop', q{SELECT check_value FROM scru128_sql.public_id_keys() WHERE key_id = 3});
	is(leaks($out . $err), '', "key admin: the key it made is in none of the debug output");
	($ret, $out, $err) = psql_as('sqled_keyadmin', 'shop', q{SELECT scru128_sql.public_id_bigint(1)});
	like($err, qr/ERROR:  42501/, 'key admin: no EXECUTE on the public-ID functions by that grant');

	is(leaks($node->safe_psql('shop', q{SELECT string_agg(query, E'\n') FROM pg_stat_statements})), '',
		'pg_stat_statements (track = all): no key in any statement, the import with a literal included');
	like($node->safe_psql('shop', q{SELECT string_agg(query, E'\n') FROM pg_stat_statements}), qr/public_id_import_key\(\$1, \$2\)/,
		'... the import is there, its constants replaced');
}

#
# 2. pg_dump by the application's role
#
{
	my ($stdout, $stderr);
	IPC::Run::run([ 'pg_dump', '-d', $node->connstr('shop'), '-U', 'sqled_app' ], '>', \$stdout, '2>', \$stderr);
	like($stderr, qr/permission denied for (schema scru128_sql_private|table public_id_key)/, 'pg_dump by the application: refused');
	is(leaks(($stdout // '') . $stderr), '', 'pg_dump by the application: no key material in what it wrote');
	IPC::Run::run([ 'pg_dump', '-d', $node->connstr('shop'), '-U', 'sqled_app', '-n', 'scru128_sql' ], '>', \$stdout, '2>', \$stderr);
	is(leaks(($stdout // '') . $stderr), '', 'pg_dump -n scru128_sql by the application: no key material');
}

#
# 5. search_path and the caller's temporary objects
#
{
	($ret, $out, $err) = psql_as('sqled_squatter', 'shop', q{
CREATE SCHEMA evil;
GRANT USAGE ON SCHEMA evil TO PUBLIC;
CREATE FUNCTION public.trap() RETURNS bytea LANGUAGE sql AS 'INSERT INTO public.caught VALUES (''trap'', NULL) RETURNING ''\x00''::bytea';
DO $$
DECLARE
	f record;
	n integer := 0;
BEGIN
	FOR f IN
		SELECT p.proname, pg_get_function_identity_arguments(p.oid) args, format_type(p.prorettype, NULL) ret
		FROM pg_proc p
		WHERE p.pronamespace = 'pg_catalog'::regnamespace AND p.prokind = 'f' AND NOT p.proretset
			AND p.proname IN ('substr', 'decode', 'encode', 'lpad', 'to_hex', 'div', 'mod', 'power', 'trunc', 'length',
				'octet_length', 'convert_to', 'get_byte', 'set_byte', 'uuid_send', 'getdatabaseencoding', 'right', 'format')
			AND NOT EXISTS (SELECT FROM unnest(p.proargtypes::oid[]) t WHERE t IN ('anyelement'::regtype, 'anyarray'::regtype, 'internal'::regtype, 'cstring'::regtype, '"any"'::regtype))
			AND p.prorettype NOT IN ('internal'::regtype, 'anyelement'::regtype, 'cstring'::regtype)
	LOOP
		EXECUTE format('CREATE FUNCTION evil.%I(%s) RETURNS %s LANGUAGE sql AS %L',
			f.proname, f.args, f.ret, format('INSERT INTO public.caught VALUES (%L, NULL) RETURNING NULL::%s', f.proname, f.ret));
	END LOOP;
	FOR f IN
		SELECT o.oprname, format_type(o.oprleft, NULL) l, format_type(o.oprright, NULL) r, format_type(o.oprresult, NULL) ret
		FROM pg_operator o
		WHERE o.oprnamespace = 'pg_catalog'::regnamespace AND o.oprkind = 'b'
			AND o.oprname IN ('+', '-', '*', '/', '%', '||', '=', '<>', '<', '<=', '>', '>=', '#', '<<', '!~')
			AND o.oprleft IN ('int4'::regtype, 'int8'::regtype, 'numeric'::regtype, 'text'::regtype, 'bytea'::regtype)
			AND o.oprright IN ('int4'::regtype, 'int8'::regtype, 'numeric'::regtype, 'text'::regtype, 'bytea'::regtype)
	LOOP
		n := n + 1;
		EXECUTE format('CREATE FUNCTION evil.%I(%s, %s) RETURNS %s LANGUAGE sql AS %L', 'op' || n, f.l, f.r, f.ret,
			format('INSERT INTO public.caught VALUES (%L, NULL) RETURNING NULL::%s', f.oprname, f.ret));
		EXECUTE format('CREATE OPERATOR evil.%s (LEFTARG = %s, RIGHTARG = %s, FUNCTION = evil.%I)', f.oprname, f.l, f.r, 'op' || n);
	END LOOP;
END $$;});
	is($ret, 0, 'search path: another role makes look-alikes of the functions and operators the bodies use') or diag $err;
	cmp_ok($node->safe_psql('shop', q{SELECT count(*) FROM pg_proc WHERE pronamespace = 'evil'::regnamespace}), '>', 50,
		'search path: ... ' . $node->safe_psql('shop', q{SELECT count(*) FROM pg_proc WHERE pronamespace = 'evil'::regnamespace}) . ' of them');
	# the caller's own query resolves its operators on its path (PostgreSQL's
	# rule): only function calls with literals here
	my %v = map { $_->[0] => $node->safe_psql('shop', $_->[1]) } (
		[ 's', q{SELECT scru128_sql.scru128_from_text('036z951mhjikzik2gsl81gr7l')} ],
		[ 'sp', q{SELECT scru128_sql.scru128_from_text('6kh3cwuznfnvodfatusfsnd5p')} ],
		[ 'l', q{SELECT scru128_sql.ulid_from_text('01ARZ3NDEKTSV4RRFFQ69G5FAV')} ],
		[ 'lp', q{SELECT scru128_sql.ulid_from_text('6RPNK3J8A85PN0S90QA26EP9AB')} ],
		[ 'x', q{SELECT scru128_sql.scru160_from_text('05TTUP1HNCPNA1QHTDHRTCU3V32PD7C6')} ],
		[ 'xp', q{SELECT scru128_sql.scru160_from_text('RJCDF8DVROJEJDLF4UR8GM0A5O3KQC80')} ],
		[ 'keys', q{SELECT k::text FROM scru128_sql.public_id_keys() k} ]);
	my $calls5 = qq{
SELECT scru128_sql.public_id_uuid('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', 'orders');
SELECT scru128_sql.public_id_decode_uuid('1aa3d8a7-34c7-4442-9f3c-abc767360b7d', 'orders', 1);
SELECT scru128_sql.public_id_scru128('$v{s}', 'orders');
SELECT scru128_sql.public_id_decode_scru128('$v{sp}', 'orders');
SELECT scru128_sql.public_id_ulid('$v{l}', 'orders', 1);
SELECT scru128_sql.public_id_decode_ulid('$v{lp}', 'orders');
SELECT scru128_sql.public_id_scru160('$v{x}', 'orders');
SELECT scru128_sql.public_id_decode_scru160('$v{xp}', 'orders', 1);
SELECT scru128_sql.public_id_bigint(42, 'orders');
SELECT scru128_sql.public_id_decode_bigint(374374409193492836, 'orders', 1);
SELECT scru128_sql.public_id_keys();};
	my $want5 = join("\n", '1aa3d8a7-34c7-4442-9f3c-abc767360b7d', '017f22e2-79b0-7cc3-98c4-dc0c0c07398f', $v{sp}, $v{s}, $v{lp}, $v{l},
		$v{xp}, $v{x}, '374374409193492836', '42', $v{keys});
	($ret, $out, $err) = psql_as('sqled_app', 'shop', qq{
		CREATE TEMP VIEW public_id_key AS SELECT 1 AS key_id, public.trap() AS master, true AS is_current;
		SET search_path = evil, pg_temp, pg_catalog, pgcrypto, public;
		$calls5});
	is($out, $want5, 'search path: the application with them first (before pg_catalog) and a temporary view public_id_key: the right answers') or diag $err;
	is($node->safe_psql('shop', 'SELECT count(*) FROM public.caught'), '0', 'search path: ... and none of them ran');
}

#
# 4. the owner of the pgcrypto extension
#
{
	$node->safe_psql('postgres', q{CREATE DATABASE shop2; GRANT CREATE ON DATABASE shop2 TO sqled_owner, sqled_squatter;});
	($ret, $out, $err) = psql_as('sqled_squatter', 'shop2', q{
		CREATE SCHEMA sq; GRANT USAGE ON SCHEMA sq TO PUBLIC; CREATE EXTENSION pgcrypto SCHEMA sq;
		CREATE TABLE sq.caught (who text, args text); GRANT INSERT ON sq.caught TO PUBLIC;});
	is($ret, 0, 'pgcrypto owner: a role with CREATE on the database creates pgcrypto first, in its schema') or diag $err;
	($ret, $out, $err) = psql_as('sqled_owner', 'shop2', undef, '-1', '-f', $plain);
	($ret, $out, $err) = psql_as('sqled_owner', 'shop2', qq{SELECT scru128_sql.public_id_import_key(1, '$master'); SELECT scru128_sql.public_id_bigint(42, 'orders')});
	is($out, "17464d58\n374374409193492836", 'pgcrypto owner: the SQL edition binds to it (the C functions are pgcrypto\'s whoever owns the extension)') or diag $err;
	($ret, $out, $err) = psql_as('sqled_squatter', 'shop2', q{
		DROP EXTENSION pgcrypto CASCADE;
		CREATE FUNCTION sq.encrypt_iv(bytea, bytea, bytea, text) RETURNS bytea LANGUAGE sql AS 'INSERT INTO sq.caught VALUES (''encrypt_iv'', encode($2, ''hex'')) RETURNING $1';
		CREATE FUNCTION sq.hmac(bytea, bytea, text) RETURNS bytea LANGUAGE sql AS 'INSERT INTO sq.caught VALUES (''hmac'', encode($1, ''hex'')) RETURNING $1';
		CREATE FUNCTION sq.gen_random_bytes(integer) RETURNS bytea LANGUAGE sql AS 'INSERT INTO sq.caught VALUES (''gen_random_bytes'', NULL) RETURNING ''\x00''::bytea';});
	is($ret, 0, 'pgcrypto owner: it drops pgcrypto with CASCADE (which takes the wrappers) and puts look-alikes in sq') or diag $err;
	($ret, $out, $err) = psql_as('sqled_owner', 'shop2', q{SET search_path = sq, public; SELECT scru128_sql.public_id_bigint(42, 'orders')});
	like($err, qr/ERROR:  42883: function scru128_sql_private\._/, 'pgcrypto owner: public IDs stop (the wrappers are gone), nothing resolved by name elsewhere');
	($ret, $out, $err) = psql_as('sqled_owner', 'shop2', q{SET search_path = sq, public; SELECT scru128_sql.public_id_use_pgcrypto() IS NULL; SELECT scru128_sql.public_id_bigint(42, 'orders')});
	ok($out eq 't' && $err =~ /ERROR:  55000: public IDs of the SQL edition need the extension pgcrypto/,
		'pgcrypto owner: public_id_use_pgcrypto() again: nothing to bind, 55000') or diag "$out\n$err";
	is($node->safe_psql('shop2', 'SELECT count(*) FROM sq.caught'), '0', 'pgcrypto owner: no look-alike ran, no key reached one');
}

#
# 6. the import's statement in the server log
#
{
	my $offset = -s $node->logfile;
	($ret, $out, $err) = psql_as('sqled_owner', 'shop', qq{SELECT scru128_sql.public_id_import_key(1, '$master')});
	like($err, qr/ERROR:  42710/, 'import: a failing import (the key id is taken)');
	my $log = slurp_file($node->logfile, $offset);
	like($log, qr/STATEMENT:  SELECT scru128_sql.public_id_import_key\(1, '$master'\)/,
		'import: with the key as a literal, the log has it (log_min_error_statement = error): the caveat the doc states');
	# the key as a bind parameter: psql 16's \bind, or on 15 (no \bind)
	# pgbench's extended protocol, which sends its variables as parameters
	my $bound_import = sub {
		my ($out, $err);
		if ($major >= 16)
		{
			(undef, $out, $err) = psql_as('sqled_owner', 'shop', q{SELECT scru128_sql.public_id_import_key(1, $1) \bind :key \g}, '-v', "key=$master");
		}
		else
		{
			my $script = $node->basedir . '/import.sql';
			open(my $fh, '>', $script) or die;
			print $fh "SELECT scru128_sql.public_id_import_key(1, :key);\n";
			close($fh);
			IPC::Run::run([ 'pgbench', '-n', '-M', 'extended', '-t', '1', '-D', "key=$master", '-f', $script,
				'-U', 'sqled_owner', $node->connstr('shop') ], '>', \$out, '2>', \$err);
		}
		return $err;
	};
	$offset = -s $node->logfile;
	like($bound_import->(), qr/42710|already exists/, 'import: the same failing import with the key as a bind parameter');
	$log = slurp_file($node->logfile, $offset);
	like($log, qr/STATEMENT:  SELECT scru128_sql.public_id_import_key\(1, \$1\)/, '... its statement is logged with $1');
	is(leaks($log), '', '... and the log has no key (log_statement = none, log_parameter_max_length_on_error = 0)') or diag $log;
	$node->safe_psql('postgres', q{ALTER ROLE sqled_owner SET log_statement = 'all'});
	$offset = -s $node->logfile;
	$bound_import->();
	isnt(leaks(slurp_file($node->logfile, $offset)), '',
		'import: under log_statement = all (a superuser\'s setting) the bind parameter is logged: the caveat the doc states');
	$node->safe_psql('postgres', q{ALTER ROLE sqled_owner RESET log_statement});
	$offset = -s $node->logfile;
	($ret, $out, $err) = psql_as('sqled_app', 'shop', "$calls SELECT scru128_sql.public_id_bigint(-1);");
	is(leaks(slurp_file($node->logfile, $offset)), '', 'the application\'s calls, a failing one included: no key in the log');
}

$node->stop;
done_testing();
