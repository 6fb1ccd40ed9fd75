
# Copyright: see the LICENSE file of the scru128 extension.
#
# The SQL edition's public IDs (portable/src/90_public_id.sql,
# doc/public-ids.md "The SQL edition") against the native ones, in one
# database that has both, the native key file and the same keys imported
# into the SQL edition:
#  1. the worked example of the doc, every kind both ways, and the check
#     values of public_id_keys();
#  2. random keys of every kind, the extreme values, contexts of 0, 6, 16,
#     17 and 255 bytes and a multi-byte one, both key ids: the same public
#     IDs as the native functions, and the same keys back;
#  3. the FF1 underneath: NIST's nine samples (AES-128/192/256, radix 10
#     and 36) and Zcash's radix-2 values, both ways;
#  4. every bad input: the native SQLSTATE and message;
#  5. keys: generated in the server, imported, made current, dropped, and
#     the rotation lookup of the doc; labels and privileges;
#  6. without pgcrypto: 55000, then public_id_use_pgcrypto() binds it;
#  7. pg_dump and restore keep the keys (the doc says the dump holds them);
#     parallel workers agree; the cost per call against the native one.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $plain = ($ENV{TESTDIR} // '.') . '/portable/scru128_sql.sql';
die "no $plain" unless -f $plain;

my $example = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
my $other = 'ff0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';

my $node = PostgreSQL::Test::Cluster->new('sqled_public_id');
$node->init;
$node->append_conf('postgresql.conf', 'max_worker_processes = 16');
$node->start;
my $major = int($node->safe_psql('postgres', 'SHOW server_version_num') / 10000);

# pgcrypto is contrib: Debian's packages have it on every major, and the
# pg16 of test/pg16.sh builds it (with OpenSSL); a server of a contributor's
# own may lack it: skipped there, a failure under CI=true
if ($node->safe_psql('postgres', q{SELECT count(*) FROM pg_available_extensions WHERE name = 'pgcrypto'}) ne '1')
{
	die "pgcrypto is not installed on $major (test/lib.sh and test/pg16.sh install it with the server)\n"
	  if ($ENV{CI} // '') !~ /^(|0|false)$/i;
	plan skip_all => "pgcrypto is not installed on $major (contrib)";
}

open(my $fh, '>', $node->data_dir . '/scru128_public_id.keys') or die;
print $fh "key 1 $example\nkey 2 $other\ndatabase shop 1 2\ndatabase restored 1 2\n";
close($fh);
chmod(0600, $node->data_dir . '/scru128_public_id.keys');

$node->safe_psql('postgres', q{
CREATE ROLE sqled_owner LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE;
CREATE ROLE sqled_app LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE;
CREATE DATABASE shop;
GRANT CREATE ON DATABASE shop TO sqled_owner;});
$node->safe_psql('shop', 'CREATE EXTENSION scru128');

# psql as ROLE in DB, verbose errors: (exit code, stdout, stderr)
sub psql_as
{
	my ($role, $db, $sql, @extra) = @_;
	my ($out, $err);
	my $ret = $node->psql($db, $sql, stdout => \$out, stderr => \$err,
		extra_params => [ '-U', $role, '-v', 'VERBOSITY=verbose', @extra ]);
	return ($ret, $out, $err);
}

my ($ret, $out, $err) = psql_as('sqled_owner', 'shop', 'CREATE EXTENSION pgcrypto');
is($ret, 0, 'the owner (CREATE on the database only) creates pgcrypto, a trusted extension') or diag $err;
($ret, $out, $err) = psql_as('sqled_owner', 'shop', undef, '-1', '-f', $plain);
is($ret, 0, 'the owner installs the plain script') or diag $err;
is($node->safe_psql('shop', q{
	SELECT string_agg(d.refobjid::regprocedure::text, ' ' ORDER BY d.refobjid::regprocedure::text)
	FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.refclassid = 'pg_proc'::regclass
	  AND d.objid IN ('scru128_sql_private._aes_cbc(bytea,bytea,bytea)'::regprocedure,
					  'scru128_sql_private._hmac_sha256(bytea,bytea)'::regprocedure,
					  'scru128_sql_private._random_bytes(integer)'::regprocedure)}),
	'encrypt_iv(bytea,bytea,bytea,text) gen_random_bytes(integer) hmac(bytea,bytea,text)',
	"the wrappers are bound to pgcrypto's encrypt_iv, gen_random_bytes and hmac (bytea)");

($ret, $out, $err) = psql_as('sqled_owner', 'shop', qq{
	SELECT scru128_sql.public_id_import_key(1, '$example');
	SELECT scru128_sql.public_id_import_key(2, '$other');});
is($ret, 0, 'the owner imports the two keys of the key file') or diag $err;
is($out, "17464d58\n" . $node->safe_psql('shop', q{SELECT check_value FROM public_id_keys() WHERE key_id = 2}),
	'... and gets the check values of the native public_id_keys()');
is($node->safe_psql('shop', q{
	SELECT string_agg(key_id || ':' || is_current || ':' || check_value, ' ' ORDER BY key_id) FROM scru128_sql.public_id_keys()}),
	$node->safe_psql('shop', q{
	SELECT string_agg(key_id || ':' || is_current || ':' || check_value, ' ' ORDER BY key_id) FROM public_id_keys()}),
	'public_id_keys(): the same ids, current key (the first imported) and check values as the native');

#
# 1. the worked example
#
{
	my @rows = (
		[ 'uuid', '017f22e2-79b0-7cc3-98c4-dc0c0c07398f',
		  '1aa3d8a7-34c7-4442-9f3c-abc767360b7d', 'd8bf6d1e-0ad0-4cd8-8cfb-a711e58c1df0',
		  'scru128_sql.public_id_uuid(%s::uuid, %s)', 'scru128_sql.public_id_decode_uuid(%s::uuid, %s)' ],
		[ 'scru128', '036z951mhjikzik2gsl81gr7l',
		  '6kh3cwuznfnvodfatusfsnd5p', 'co23f5v51yajbok6hnqawmqt3',
		  'scru128_sql.scru128_to_text(scru128_sql.public_id_scru128(scru128_sql.scru128_from_text(%s), %s))',
		  'scru128_sql.scru128_to_text(scru128_sql.public_id_decode_scru128(scru128_sql.scru128_from_text(%s), %s))' ],
		[ 'ulid', '01ARZ3NDEKTSV4RRFFQ69G5FAV',
		  '6RPNK3J8A85PN0S90QA26EP9AB', '2K5XN4JE9660PSVTSJY684EZ6T',
		  'scru128_sql.ulid_to_text(scru128_sql.public_id_ulid(scru128_sql.ulid_from_text(%s), %s))',
		  'scru128_sql.ulid_to_text(scru128_sql.public_id_decode_ulid(scru128_sql.ulid_from_text(%s), %s))' ],
		[ 'scru160', '05TTUP1HNCPNA1QHTDHRTCU3V32PD7C6',
		  'RJCDF8DVROJEJDLF4UR8GM0A5O3KQC80', 'O8JP6V61T1IIDE5TI39IT6VAKJ7ASMSU',
		  'scru128_sql.scru160_to_text(scru128_sql.public_id_scru160(scru128_sql.scru160_from_text(%s), %s))',
		  'scru128_sql.scru160_to_text(scru128_sql.public_id_decode_scru160(scru128_sql.scru160_from_text(%s), %s))' ],
		[ 'bigint', '42', '374374409193492836', '4073139441892033487',
		  'scru128_sql.public_id_bigint(%s::bigint, %s)', 'scru128_sql.public_id_decode_bigint(%s::bigint, %s)' ]);
	for my $r (@rows)
	{
		my ($type, $key, $orders, $none, $enc, $dec) = @$r;
		my $e = sub { sprintf($enc, "'$_[0]'", "'$_[1]'") };
		my $d = sub { sprintf($dec, "'$_[0]'", "'$_[1]'") };
		is($node->safe_psql('shop', 'SELECT ' . $e->($key, 'orders') . q{ || ' ' || } . $e->($key, '')),
			"$orders $none", "example $type: $key -> $orders (orders), $none (no context), as the doc and the native");
		is($node->safe_psql('shop', 'SELECT ' . $d->($orders, 'orders') . q{ || ' ' || } . $d->($none, '')),
			"$key $key", "example $type: decodes back");
	}
	my $dflt = $node->safe_psql('shop', q{
		SELECT scru128_sql.public_id_uuid('017f22e2-79b0-7cc3-98c4-dc0c0c07398f') || ' '
			|| scru128_sql.public_id_bigint(42) || ' ' || scru128_sql.public_id_decode_bigint(4073139441892033487)});
	is($dflt, 'd8bf6d1e-0ad0-4cd8-8cfb-a711e58c1df0 4073139441892033487 42', 'the context defaults to the empty string');
}

#
# 2. random keys and the extremes, every context, both keys: as the native
#
{
	$node->safe_psql('shop', q{
		CREATE TABLE ctx (c text);
		INSERT INTO ctx VALUES (''), ('orders'), ('abcdefghijklmnop'), ('abcdefghijklmnopq'), (repeat('z', 255)),
			('commandes d''été ✓'), (repeat('é', 127));
		CREATE TABLE keys (k int, c text, u uuid, s uuid, l uuid, x bytea, b bigint);
		INSERT INTO keys
		SELECT 1 + (g % 2), c, uuidv7(), scru128()::uuid, ulid()::uuid, scru160()::bytea,
			   (random() * 9223372036854775807)::bigint
		FROM ctx, generate_series(1, 100) g;
		INSERT INTO keys
		SELECT k, c, u, s, s, x, b FROM ctx, (VALUES
			(1, '00000000-0000-7000-8000-000000000000'::uuid, '00000000-0000-0000-0000-000000000000'::uuid, '\x0000000000000000000000000000000000000000'::bytea, 0::bigint),
			(2, 'ffffffff-ffff-7fff-bfff-ffffffffffff'::uuid, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid, '\xffffffffffffffffffffffffffffffffffffffff'::bytea, 9223372036854775807::bigint)) v(k, u, s, x, b);
		CREATE TABLE pids AS
		SELECT k, c, u, s, l, x, b,
			   public_id(u, c, k) AS nu, public_id(s::scru128, c, k)::uuid AS ns, public_id(l::ulid, c, k)::uuid AS nl,
			   public_id(x::scru160, c, k)::bytea AS nx, public_id(b, c, k) AS nb,
			   scru128_sql.public_id_uuid(u, c, k) AS qu, scru128_sql.public_id_scru128(s, c, k) AS qs,
			   scru128_sql.public_id_ulid(l, c, k) AS ql, scru128_sql.public_id_scru160(x, c, k) AS qx,
			   scru128_sql.public_id_bigint(b, c, k) AS qb
		FROM keys;});
	my $n = $node->safe_psql('shop', 'SELECT count(*) FROM pids');
	is($node->safe_psql('shop', q{
		SELECT count(*) FILTER (WHERE nu = qu) || ' ' || count(*) FILTER (WHERE ns = qs) || ' ' || count(*) FILTER (WHERE nl = ql)
			|| ' ' || count(*) FILTER (WHERE nx = qx) || ' ' || count(*) FILTER (WHERE nb = qb) FROM pids}),
		"$n $n $n $n $n",
		"$n keys of each kind (random and extreme), 7 contexts (0, 6, 16, 17, 255 bytes, multi-byte), keys 1 and 2: the native public IDs");
	is($node->safe_psql('shop', q{
		SELECT count(*) FILTER (WHERE scru128_sql.public_id_decode_uuid(nu, c, k) = u)
			|| ' ' || count(*) FILTER (WHERE scru128_sql.public_id_decode_scru128(ns, c, k) = s)
			|| ' ' || count(*) FILTER (WHERE scru128_sql.public_id_decode_ulid(nl, c, k) = l)
			|| ' ' || count(*) FILTER (WHERE scru128_sql.public_id_decode_scru160(nx, c, k) = x)
			|| ' ' || count(*) FILTER (WHERE scru128_sql.public_id_decode_bigint(nb, c, k) = b) FROM pids}),
		"$n $n $n $n $n", '... and the native public IDs decode to the keys');
	is($node->safe_psql('shop', q{
		SELECT count(*) FROM pids WHERE c = 'orders' AND k = 1
		  AND (scru128_sql.public_id_uuid(u, c) <> qu OR scru128_sql.public_id_decode_bigint(qb, c) <> b
			   OR scru128_sql.public_id_scru128(s, c) <> qs OR scru128_sql.public_id_decode_scru160(qx, c) <> x)}),
		'0', 'without a key id: the current key (1)');
}

#
# 3. FF1: NIST's samples and Zcash's radix-2 values
#
{
	my $key = '2B7E151628AED2A6ABF7158809CF4F3CEF4359D8D580AA4F7F036D6F04FC6A94';
	my @samples = (
		[ 1, 16, 10, '', '2433477484' ], [ 2, 16, 10, '39383736353433323130', '6124200773' ],
		[ 3, 16, 36, '3737373770717273373737', 'a9tv40mll9kdu509eum' ],
		[ 4, 24, 10, '', '2830668132' ], [ 5, 24, 10, '39383736353433323130', '2496655549' ],
		[ 6, 24, 36, '3737373770717273373737', 'xbj3kv35jrawxv32ysr' ],
		[ 7, 32, 10, '', '6657667009' ], [ 8, 32, 10, '39383736353433323130', '1001623463' ],
		[ 9, 32, 36, '3737373770717273373737', 'xs8a0azh2avyalyzuwd' ]);
	$node->safe_psql('shop', q{
		CREATE FUNCTION num(s text, radix int) RETURNS numeric LANGUAGE sql AS $$
			SELECT coalesce(sum((strpos('0123456789abcdefghijklmnopqrstuvwxyz', substr(s, i, 1)) - 1)::numeric
				* power(radix::numeric, length(s) - i)), 0) FROM generate_series(1, length(s)) i $$;
		CREATE FUNCTION str(x numeric, radix int, n int) RETURNS text LANGUAGE sql AS $$
			SELECT string_agg(substr('0123456789abcdefghijklmnopqrstuvwxyz', (div(x, trunc(power(radix::numeric, n - i))) % radix)::int + 1, 1), '' ORDER BY i)
			FROM generate_series(1, n) i $$;});
	for my $s (@samples)
	{
		my ($num, $klen, $radix, $tweak, $ct) = @$s;
		my $n = length($ct);
		my $pt = substr('0123456789abcdefghi', 0, $n);
		my $k = "substr('\\x$key'::bytea, 1, $klen)";
		is($node->safe_psql('shop', qq{
			SELECT str(scru128_sql_private._ff1($k, $radix, $n, '\\x$tweak'::bytea, num('$pt', $radix), false), $radix, $n)
				|| ' ' || str(scru128_sql_private._ff1($k, $radix, $n, '\\x$tweak'::bytea, num('$ct', $radix), true), $radix, $n)}),
			"$ct $pt", "NIST FF1 sample $num (AES-" . ($klen * 8) . ", radix $radix): $pt -> $ct and back");
	}
	my @zcash = (
		[ 0, '0' x 88, '0000100100110101011101111111110011000001101100111110011101110101011010100100010011001111' ],
		[ 0, '0000100100110101011101111111110011000001101100111110011101110101011010100100010011001111',
		  '1101101011010001100011110000010011001111110110011101010110100001111001000101011111011000' ],
		[ 0, '01' x 44, '0000111101000001111011010111011111110001100101000000001101101110100010010111001100100110' ],
		[ 1, '01' x 44, '0111110110001000000111010110000100010101101000000011100111100100100010101101111010100011' ]);
	my $i = 0;
	for my $z (@zcash)
	{
		my ($t255, $pt, $ct) = @$z;
		my $tweak = $t255 ? q{(SELECT string_agg(set_byte('\x00'::bytea, 0, g), '' ORDER BY g) FROM generate_series(0, 254) g)} : q{''::bytea};
		$i++;
		is($node->safe_psql('shop', qq{
			SELECT scru128_sql_private._ff1('\\x$key', 2, 88, $tweak, num('$pt', 2), false) = num('$ct', 2)
			   AND scru128_sql_private._ff1('\\x$key', 2, 88, $tweak, num('$ct', 2), true) = num('$pt', 2)}),
			't', "Zcash's radix-2 FF1 value $i (n = 88" . ($t255 ? ', a 255-byte tweak' : '') . '): both ways');
	}
}

#
# 4. bad inputs: the native SQLSTATE and message
#
{
	my @bad = (
		[ q{public_id(gen_random_uuid())}, q{scru128_sql.public_id_uuid(gen_random_uuid())}, 'a v4 key' ],
		[ q{public_id('00000000-0000-0000-0000-000000000000'::uuid)}, q{scru128_sql.public_id_uuid('00000000-0000-0000-0000-000000000000')}, 'the nil UUID' ],
		[ q{public_id('017f22e2-79b0-7cc3-18c4-dc0c0c07398f'::uuid)}, q{scru128_sql.public_id_uuid('017f22e2-79b0-7cc3-18c4-dc0c0c07398f')}, 'a v7 of another variant' ],
		[ q{public_id_decode('017f22e2-79b0-7cc3-98c4-dc0c0c07398f'::uuid)}, q{scru128_sql.public_id_decode_uuid('017f22e2-79b0-7cc3-98c4-dc0c0c07398f')}, 'decoding a v7' ],
		[ q{public_id_decode('1aa3d8a7-34c7-4442-cf3c-abc767360b7d'::uuid)}, q{scru128_sql.public_id_decode_uuid('1aa3d8a7-34c7-4442-cf3c-abc767360b7d')}, 'decoding a v4 of another variant' ],
		[ q{public_id(-1::bigint)}, q{scru128_sql.public_id_bigint(-1)}, 'a negative key' ],
		[ q{public_id_decode(-5::bigint, 'x', 1)}, q{scru128_sql.public_id_decode_bigint(-5, 'x', 1)}, 'a negative public ID' ],
		[ q{public_id(1::bigint, repeat('x', 256))}, q{scru128_sql.public_id_bigint(1, repeat('x', 256))}, 'a context of 256 bytes' ],
		[ q{public_id(1::bigint, repeat('é', 128))}, q{scru128_sql.public_id_bigint(1, repeat('é', 128))}, 'a context of 128 characters, 256 bytes' ],
		[ q{public_id(scru128(), '', 3)}, q{scru128_sql.public_id_scru128(scru128_sql.scru128(), '', 3)}, 'a key id the database does not have' ],
		[ q{public_id_decode(ulid(), '', 0)}, q{scru128_sql.public_id_decode_ulid(scru128_sql.ulid(), '', 0)}, 'key id 0' ],
		[ q{public_id(scru160(), '', -1)}, q{scru128_sql.public_id_scru160(scru128_sql.scru160(), '', -1)}, 'key id -1' ],
		# two faults: the native order (context, key, value)
		[ q{public_id(-1::bigint, '', 7)}, q{scru128_sql.public_id_bigint(-1, '', 7)}, 'a negative key and a missing key id: the key id' ],
		[ q{public_id(gen_random_uuid(), repeat('x', 256), 7)}, q{scru128_sql.public_id_uuid(gen_random_uuid(), repeat('x', 256), 7)},
		  'a v4, a long context and a missing key id: the context' ],
		[ q{public_id_decode(uuidv7(), '', 9)}, q{scru128_sql.public_id_decode_uuid(scru128_sql.uuidv7(), '', 9)}, 'decoding a v7 with a missing key id: the key id' ]);
	for my $b (@bad)
	{
		my ($native, $sqled, $what) = @$b;
		# as the superuser: the native functions are not the owner's
		my (undef, undef, $nerr) = psql_as($node->safe_psql('postgres', 'SELECT current_user'), 'shop', "SELECT $native");
		my (undef, undef, $serr) = psql_as('sqled_owner', 'shop', "SELECT $sqled");
		my ($nline) = $nerr =~ /(ERROR:.*)$/m;
		my ($sline) = $serr =~ /(ERROR:.*)$/m;
		my ($ndetail) = $nerr =~ /(DETAIL:.*)$/m;
		my ($sdetail) = $serr =~ /(DETAIL:.*)$/m;
		ok(defined $nline && $nline =~ /^ERROR:  (22023|F0000):/, "$what: the native fails (" . ($nline // $nerr) . ')');
		ok(defined $sline, "$what: the SQL edition fails");
		is($sline, $nline, "$what: the SQL edition's SQLSTATE and message are the native's");
		is($sdetail, $ndetail, "$what: ... and its detail");
	}
	(undef, undef, $err) = psql_as('sqled_owner', 'shop', q{SELECT scru128_sql.public_id_scru160('\x0102', 'orders')});
	like($err, qr/ERROR:  22P03: invalid length for scru160: 2 bytes, expected 20/,
		'a scru160 that is not 20 bytes: 22P03, as the SQL edition\'s other scru160 functions');
	is($node->safe_psql('shop', q{SELECT scru128_sql.public_id_bigint(NULL) IS NULL AND scru128_sql.public_id_uuid(uuidv7(), NULL) IS NULL
		AND scru128_sql.public_id_decode_scru128(NULL, 'x', 1) IS NULL}), 't', 'STRICT: NULL in, NULL out');
	is($node->safe_psql('shop', q{
		SELECT count(*) FILTER (WHERE scru128_sql.public_id_decode_bigint(scru128_sql.public_id_bigint(g, 'orders', 1), 'orders', 2) <> g)
			|| ' ' || count(*) FILTER (WHERE scru128_sql.public_id_decode_bigint(scru128_sql.public_id_bigint(g, 'orders'), 'users') <> g)
		FROM generate_series(1, 50) g}),
		'50 50', 'another key or context decodes to another key, without an error');
}

#
# 5. keys, rotation, labels, privileges
#
{
	($ret, $out, $err) = psql_as('sqled_owner', 'shop', q{SELECT scru128_sql.public_id_generate_key()});
	is($out, '3', 'generate_key(): the next key id, 3');
	is($node->safe_psql('shop', q{SELECT string_agg(key_id || ':' || is_current, ' ' ORDER BY key_id) FROM scru128_sql.public_id_keys()}),
		'1:true 2:false 3:false', '... not current (a key exists)');
	is($node->safe_psql('shop', q{SELECT count(DISTINCT check_value) FROM scru128_sql.public_id_keys()}), '3',
		'... a check value of its own');
	is($node->safe_psql('shop', q{SELECT octet_length(master) || ' ' || (master <> decode(repeat('00', 32), 'hex'))::text FROM scru128_sql_private.public_id_key WHERE key_id = 3}),
		'32 true', '... 32 bytes, not zeros');
	($ret, $out, $err) = psql_as('sqled_owner', 'shop', q{SELECT scru128_sql.public_id_generate_key(100)});
	is($out, '100', 'generate_key(100): that key id');

	my $k3 = $node->safe_psql('shop', q{SELECT scru128_sql.public_id_bigint(42, 'orders', 3)});
	psql_as('sqled_owner', 'shop', q{SELECT scru128_sql.public_id_set_current_key(3)});
	is($node->safe_psql('shop', q{SELECT scru128_sql.public_id_bigint(42, 'orders') || ' ' ||
		(SELECT string_agg(key_id || ':' || is_current, ' ' ORDER BY key_id) FROM scru128_sql.public_id_keys())}),
		"$k3 1:false 2:false 3:true 100:false", 'set_current_key(3): new public IDs use key 3, the only current one');
	my $k1 = $node->safe_psql('shop', q{SELECT public_id(42::bigint, 'orders', 1)});
	is($node->safe_psql('shop', qq{SELECT count(*) FROM (VALUES (42::bigint)) t(id)
		WHERE id = ANY (ARRAY[scru128_sql.public_id_decode_bigint($k1, 'orders', 3), scru128_sql.public_id_decode_bigint($k1, 'orders', 1)])}),
		'1', 'rotation: an old public ID (key 1) is found by trying each key, newest first');

	my @errs = (
		[ q{SELECT scru128_sql.public_id_drop_key(3)}, qr/ERROR:  55000: public-ID key 3 is the current key/, 'dropping the current key: 55000' ],
		[ q{SELECT scru128_sql.public_id_drop_key(7)}, qr/ERROR:  22023: public-ID key 7 is not available/, 'dropping a key that is not there: 22023' ],
		[ q{SELECT scru128_sql.public_id_set_current_key(7)}, qr/ERROR:  22023: public-ID key 7 is not available/, 'making a missing key current: 22023' ],
		[ qq{SELECT scru128_sql.public_id_import_key(2, '$example')}, qr/ERROR:  42710: public-ID key 2 already exists/, 'importing under a key id in use: 42710' ],
		[ q{SELECT scru128_sql.public_id_generate_key(2)}, qr/ERROR:  42710: public-ID key 2 already exists/, 'generating under a key id in use: 42710' ],
		[ q{SELECT scru128_sql.public_id_generate_key(0)}, qr/ERROR:  22023: public-ID key id 0 is out of range/, 'key id 0: 22023' ],
		[ qq{SELECT scru128_sql.public_id_import_key(5, '${example}0')}, qr/ERROR:  22023: a public-ID key is 64 hexadecimal digits.*\n.*65 characters/, 'a key of 65 digits: 22023' ],
		[ q{SELECT scru128_sql.public_id_import_key(5, '} . ('g' x 64) . q{')}, qr/ERROR:  22023: a public-ID key is 64 hexadecimal digits/, 'a key with a non-hex digit: 22023' ]);
	for my $e (@errs)
	{
		my ($sql, $re, $what) = @$e;
		($ret, $out, $err) = psql_as('sqled_owner', 'shop', $sql);
		like($err, $re, $what);
		unlike($err =~ s/^STATEMENT:.*$//mgr, qr/[0-9a-fA-F]{16}/, '... no key material in the message');
	}
	($ret, $out, $err) = psql_as('sqled_owner', 'shop', q{SELECT scru128_sql.public_id_drop_key(1)});
	is($ret, 0, 'drop_key(1), not current') or diag $err;
	($ret, $out, $err) = psql_as('sqled_owner', 'shop', q{SELECT scru128_sql.public_id_bigint(42, 'orders', 1)});
	like($err, qr/ERROR:  22023: public-ID key 1 is not available to this database/, '... then key 1 is refused');
	psql_as('sqled_owner', 'shop', qq{SELECT scru128_sql.public_id_import_key(1, '$example'); SELECT scru128_sql.public_id_set_current_key(1)});

	# labels, as the native; the SECURITY DEFINER ones pin search_path
	is($node->safe_psql('shop', q{
		SELECT string_agg(DISTINCT p.provolatile::text || p.proisstrict::text || p.proparallel::text || p.prosecdef::text || coalesce(array_to_string(p.proconfig, ','), '-'), ' ')
		FROM pg_proc p WHERE p.pronamespace = 'scru128_sql'::regnamespace AND p.proname ~ '^public_id_(decode_)?(uuid|scru128|ulid|scru160|bigint)$'}),
		'struestruesearch_path=pg_catalog, pg_temp', 'the 20 functions: STABLE STRICT PARALLEL SAFE SECURITY DEFINER, search_path pinned');
	is($node->safe_psql('shop', q{SELECT count(*) FROM pg_proc WHERE pronamespace = 'scru128_sql'::regnamespace AND proname ~ '^public_id_(decode_)?(uuid|scru128|ulid|scru160|bigint)$'}),
		'20', '... there are 20 (10 with a key id)');
	is($node->safe_psql('shop', q{
		SELECT string_agg(p.oid::regprocedure::text, ' ' ORDER BY p.oid::regprocedure::text)
		FROM pg_proc p WHERE p.pronamespace IN ('scru128_sql'::regnamespace, 'scru128_sql_private'::regnamespace)
		  AND (p.proname LIKE 'public_id%' OR p.proname LIKE '\_public_id%' OR p.proname IN ('_ff1', '_hkdf_sha256', '_aes_cbc', '_hmac_sha256', '_random_bytes'))
		  AND (has_function_privilege('sqled_app', p.oid, 'EXECUTE') OR obj_description(p.oid, 'pg_proc') IS NULL)}),
		'', 'no public-ID function is executable by PUBLIC, and each has a comment');
	($ret, $out, $err) = psql_as('sqled_app', 'shop', q{SELECT scru128_sql.public_id_bigint(42, 'orders')});
	like($err, qr/ERROR:  42501: permission denied for function public_id_bigint/, 'a role not granted EXECUTE: 42501');
	psql_as('sqled_owner', 'shop', q{GRANT EXECUTE ON FUNCTION scru128_sql.public_id_bigint(bigint, text), scru128_sql.public_id_decode_bigint(bigint, text) TO sqled_app});
	($ret, $out, $err) = psql_as('sqled_app', 'shop', q{SELECT scru128_sql.public_id_decode_bigint(scru128_sql.public_id_bigint(42, 'orders'), 'orders') || ' ' || scru128_sql.public_id_bigint(42, 'orders')});
	is($out, '42 374374409193492836', 'the owner grants EXECUTE: the role gets the native public IDs, without USAGE on scru128_sql_private') or diag $err;
}

#
# 6. a database without pgcrypto
#
{
	$node->safe_psql('postgres', q{CREATE DATABASE nocrypto; GRANT CREATE ON DATABASE nocrypto TO sqled_owner;});
	($ret, $out, $err) = psql_as('sqled_owner', 'nocrypto', undef, '-1', '-f', $plain);
	is($ret, 0, 'the plain script installs without pgcrypto') or diag $err;
	($ret, $out, $err) = psql_as('sqled_owner', 'nocrypto', qq{SELECT scru128_sql.public_id_generate_key()});
	like($err, qr/ERROR:  55000: public IDs of the SQL edition need the extension pgcrypto\nDETAIL:  pgcrypto is not installed in this database\.\nHINT:  CREATE EXTENSION pgcrypto; then/,
		'generate_key(): 55000 naming pgcrypto and the way out');
	($ret, $out, $err) = psql_as('sqled_owner', 'nocrypto', qq{SELECT scru128_sql.public_id_import_key(1, '$example')});
	like($err, qr/ERROR:  55000: public IDs of the SQL edition need the extension pgcrypto/, 'import_key(): 55000 (its check value is an HMAC)');
	$node->safe_psql('nocrypto', qq{INSERT INTO scru128_sql_private.public_id_key VALUES (1, '\\x$example', true)});
	($ret, $out, $err) = psql_as('sqled_owner', 'nocrypto', q{SELECT scru128_sql.public_id_bigint(42, 'orders')});
	like($err, qr/ERROR:  55000: public IDs of the SQL edition need the extension pgcrypto/, 'public_id_bigint() with a key: 55000');
	($ret, $out, $err) = psql_as('sqled_owner', 'nocrypto', q{CREATE EXTENSION pgcrypto; SELECT scru128_sql.public_id_use_pgcrypto(); SELECT scru128_sql.public_id_bigint(42, 'orders')});
	is($out, "public\n374374409193492836", 'CREATE EXTENSION pgcrypto, public_id_use_pgcrypto() (its schema): the public ID of the example') or diag $err;
	($ret, $out, $err) = psql_as('sqled_owner', 'nocrypto', undef, '-1', '-f', $plain);
	is($ret . ' ' . $node->safe_psql('nocrypto', q{SELECT scru128_sql.public_id_bigint(42, 'orders')}), '0 374374409193492836',
		'the plain script run again: still bound, the key kept') or diag $err;
	($ret, $out, $err) = psql_as('sqled_owner', 'nocrypto', 'DROP EXTENSION pgcrypto');
	like($err, qr/ERROR:  2BP01: cannot drop extension pgcrypto because other objects depend on it/,
		'pgcrypto cannot be dropped from under the public IDs (but with CASCADE)');
}

#
# 7. pg_dump and restore; parallel workers; cost
#
{
	my $dump = $node->basedir . '/shop.sql';
	$node->command_ok([ 'pg_dump', '-d', $node->connstr('shop'), '-f', $dump ], 'pg_dump of the database');
	open(my $dh, '<', $dump) or die;
	my $text = do { local $/; <$dh> };
	close($dh);
	like($text, qr/\\\\x$example/, 'the dump holds the keys (the key table is dumped, as the doc says)');
	$node->safe_psql('postgres', 'CREATE DATABASE restored');
	$node->command_ok([ 'psql', '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', $node->connstr('restored'), '-f', $dump ], 'restored into a new database');
	is($node->safe_psql('restored', q{SELECT scru128_sql.public_id_bigint(42, 'orders') || ' ' || scru128_sql.public_id_uuid('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', 'orders', 2)
		|| ' ' || (SELECT string_agg(key_id || ':' || is_current, ' ' ORDER BY key_id) FROM scru128_sql.public_id_keys())}),
		$node->safe_psql('shop', q{SELECT public_id(42::bigint, 'orders', 1) || ' ' || public_id('017f22e2-79b0-7cc3-98c4-dc0c0c07398f'::uuid, 'orders', 2)})
		. ' 1:true 2:false 3:false 100:false',
		'... the same public IDs, keys and current key');

	$node->safe_psql('shop', q{CREATE TABLE nums AS SELECT g::bigint AS n FROM generate_series(1, 4000) g; ANALYZE nums;});
	my $sql = q{SELECT sum(scru128_sql.public_id_bigint(n, 'p') % 1000003) FROM nums};
	my $serial = $node->safe_psql('shop', "SET max_parallel_workers_per_gather = 0; $sql");
	my $par = q{SET parallel_setup_cost = 0; SET parallel_tuple_cost = 0; SET min_parallel_table_scan_size = 0;
		SET max_parallel_workers_per_gather = 2;};
	like($node->safe_psql('shop', "$par EXPLAIN (COSTS OFF) $sql"), qr/Gather/, 'parallel workers call public_id_bigint()');
	is($node->safe_psql('shop', "$par $sql"), $serial, '... and give the serial result');
	is($serial, $node->safe_psql('shop', q{SELECT sum(public_id(n, 'p') % 1000003) FROM nums}), '... which is the native one');

	# the cost per call (informative, not checked: the machine may be busy)
	$node->safe_psql('shop', q{
		CREATE FUNCTION per_call(expr text, n integer) RETURNS float8 LANGUAGE plpgsql AS $$
		DECLARE t0 timestamptz; t1 timestamptz; b0 timestamptz;
		BEGIN
			b0 := clock_timestamp();
			EXECUTE format('SELECT count(u) FROM (SELECT uuidv7() AS u, g::bigint AS b FROM generate_series(1, %s) g) x', n);
			t0 := clock_timestamp();
			EXECUTE format('SELECT count(%s) FROM (SELECT uuidv7() AS u, g::bigint AS b FROM generate_series(1, %s) g) x', expr, n);
			t1 := clock_timestamp();
			-- the call's time: the query's minus the same query without it
			RETURN GREATEST(extract(epoch FROM t1 - t0) - extract(epoch FROM t0 - b0), 0) / n * 1e6;
		END $$;});
	my %t = map { $_->[0] => $node->safe_psql('shop', "SELECT round(per_call('$_->[1]', $_->[2])::numeric, 1)") } (
		[ 'native', q{public_id(b, ''orders'')}, 200000 ], [ 'sqled', q{scru128_sql.public_id_bigint(b, ''orders'')}, 2000 ],
		[ 'native_uuid', q{public_id(u, ''orders'')}, 200000 ], [ 'sqled_uuid', q{scru128_sql.public_id_uuid(u, ''orders'')}, 2000 ]);
	note("cost per call: bigint native $t{native} us, SQL edition $t{sqled} us; uuid native $t{native_uuid} us, SQL edition $t{sqled_uuid} us");
}

$node->stop;
done_testing();
