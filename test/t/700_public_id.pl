
# Copyright: see the LICENSE file of the scru128 extension.
#
# Public IDs (release 1.5, doc/public-ids.md) with the key file
# scru128_public_id.keys in the data directory:
#  1. the worked example of the doc, for every kind, both ways;
#  2. round trips of generated keys, the shapes of the public IDs, and a
#     lookup by public ID that is an index scan of the primary key;
#  3. the errors anyone can check (no key involved) and those of the file
#     (missing, mode, every kind of bad line, no key for the database);
#  4. rotation: the database's line picks the current key; a change of the
#     file is seen at the next transaction, not within one, also when it
#     keeps its size in the same second (the "racy" re-read);
#  5. a wrong key or context decodes without an error to another key;
#  6. parallel workers read the file themselves and agree.

use strict;
use warnings;

use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $example = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
my $other = 'ff0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';

my $node = PostgreSQL::Test::Cluster->new('public_id');
$node->init;
$node->start;
my $keyfile = $node->data_dir . '/scru128_public_id.keys';

# writes the key file with the given lines and mode
sub keyfile
{
	my ($mode, @lines) = @_;
	open(my $fh, '>', $keyfile) or die "$keyfile: $!";
	print $fh map { "$_\n" } @lines;
	close($fh);
	chmod($mode, $keyfile) or die "chmod $keyfile: $!";
}

# (exit code, stdout, stderr) of SQL in the database shop
sub try_sql
{
	my ($sql) = @_;
	my ($out, $err);
	my $ret = $node->psql('shop', $sql, stdout => \$out, stderr => \$err);
	return ($ret, $out, $err);
}

# one session kept open (background_psql is 16 and later): session_query
# sends a statement and returns its output once psql echoed a marker
my ($s_in, $s_out, $s_err) = ('', '', '');
my $session;

sub session_query
{
	my ($sql) = @_;
	$s_out = '';
	$s_in .= "$sql;\n\\echo __done__\n";
	my $timer = IPC::Run::timer($PostgreSQL::Test::Utils::timeout_default);
	$session->pump until $s_out =~ /__done__\n/ || $timer->is_expired;
	die "session: no answer to $sql (stderr: $s_err)" unless $s_out =~ s/__done__\n\z//;
	chomp $s_out;
	return $s_out;
}

$node->safe_psql('postgres', 'CREATE DATABASE shop');
$node->safe_psql('shop', q{CREATE EXTENSION scru128});

#
# 3a. errors before any key: no file, its mode, the context's length
#
{
	my ($ret, $out, $err) = try_sql(q{SELECT public_id(1::bigint)});
	like($err, qr/ERROR:  public-ID key file "scru128_public_id.keys" does not exist in the data directory/,
		'no key file: F0000, naming the file, not its path');
	unlike($err, qr/\Q$keyfile\E/, '... the data directory is not in the message');

	keyfile(0644, "key 1 $example", 'database shop 1');
	($ret, $out, $err) = try_sql(q{SELECT public_id(1::bigint)});
	like($err, qr/gives access to other users/, 'mode 0644: refused');
	keyfile(0660, "key 1 $example", 'database shop 1');
	($ret, $out, $err) = try_sql(q{SELECT public_id(1::bigint)});
	like($err, qr/gives access to other users/, 'mode 0660 (group write): refused');
	keyfile(0640, "key 1 $example", 'database shop 1');
	is($node->safe_psql('shop', q{SELECT public_id(42::bigint, 'orders')}), '374374409193492836',
		'mode 0640 (group read, as in a data directory with group access): accepted');
	keyfile(0600, "key 1 $example", 'database shop 1');

	($ret, $out, $err) = try_sql(q{SELECT public_id(1::bigint, repeat('x', 256))});
	like($err, qr/public-ID context is too long/, 'a context of 256 bytes is refused');
	is($node->safe_psql('shop', q{SELECT public_id_decode(public_id(1::bigint, repeat('x', 255)), repeat('x', 255))}),
		'1', 'a context of 255 bytes works');
}

#
# 1. the worked example of doc/public-ids.md
#
{
	my @rows = (
		[ 'uuid', '017f22e2-79b0-7cc3-98c4-dc0c0c07398f',
		  '1aa3d8a7-34c7-4442-9f3c-abc767360b7d', 'd8bf6d1e-0ad0-4cd8-8cfb-a711e58c1df0' ],
		[ 'scru128', '036z951mhjikzik2gsl81gr7l',
		  '6kh3cwuznfnvodfatusfsnd5p', 'co23f5v51yajbok6hnqawmqt3' ],
		[ 'ulid', '01ARZ3NDEKTSV4RRFFQ69G5FAV',
		  '6RPNK3J8A85PN0S90QA26EP9AB', '2K5XN4JE9660PSVTSJY684EZ6T' ],
		[ 'scru160', '05TTUP1HNCPNA1QHTDHRTCU3V32PD7C6',
		  'RJCDF8DVROJEJDLF4UR8GM0A5O3KQC80', 'O8JP6V61T1IIDE5TI39IT6VAKJ7ASMSU' ],
		[ 'bigint', '42', '374374409193492836', '4073139441892033487' ]);
	for my $r (@rows)
	{
		my ($type, $key, $orders, $none) = @$r;
		is($node->safe_psql('shop', qq{
			SELECT public_id('$key'::$type, 'orders') || ' ' || public_id('$key'::$type)
			  || ' ' || public_id('$key'::$type, '') || ' ' || public_id('$key'::$type, 'orders', 1)}),
			"$orders $none $none $orders", "example $type: $key -> $orders (orders), $none (no context)");
		is($node->safe_psql('shop', qq{
			SELECT public_id_decode('$orders'::$type, 'orders') || ' ' || public_id_decode('$none'::$type)
			  || ' ' || public_id_decode('$orders'::$type, 'orders', 1)}),
			"$key $key $key", "example $type: decodes back");
	}
	is($node->safe_psql('shop', q{SELECT key_id || ' ' || is_current || ' ' || check_value FROM public_id_keys()}),
		'1 true 17464d58', 'public_id_keys(): the example key, current, check value 17464d58');
}

#
# 2. round trips, shapes, lookups
#
{
	is($node->safe_psql('shop', q{
		WITH k AS (SELECT uuidv7() AS u, scru128() AS s, ulid() AS l, scru160() AS c,
						  (random() * 9223372036854775807)::bigint AS b, g
				   FROM generate_series(1, 20000) g),
			 p AS (SELECT k.*, public_id(u, 'orders') AS pu, public_id(s, 'orders') AS ps,
						  public_id(l, 'orders') AS pl, public_id(c, 'orders') AS pc,
						  public_id(b, 'orders') AS pb FROM k)
		SELECT count(*) FILTER (WHERE public_id_decode(pu, 'orders') = u
									AND public_id_decode(ps, 'orders') = s
									AND public_id_decode(pl, 'orders') = l
									AND public_id_decode(pc, 'orders') = c
									AND public_id_decode(pb, 'orders') = b)
			   || ' ' || count(*) FILTER (WHERE substr(pu::text, 15, 1) = '4'
											AND substr(pu::text, 20, 1) IN ('8', '9', 'a', 'b'))
			   || ' ' || count(*) FILTER (WHERE pb >= 0)
			   || ' ' || count(DISTINCT pu) || ' ' || count(DISTINCT ps) || ' ' || count(DISTINCT pl)
			   || ' ' || count(DISTINCT pc) || ' ' || count(DISTINCT pb)
		FROM p}),
		'20000 20000 20000 20000 20000 20000 20000 20000',
		'20000 generated keys of each kind round trip; uuid public IDs are v4 of the RFC variant, bigint ones not negative; no collision');

	# the public IDs of keys in order are not in order: Spearman's rho of
	# 20000 consecutive bigint keys within 4 / sqrt(n - 1) of 0
	my $rho = $node->safe_psql('shop', q{
		WITH p AS (SELECT g, public_id(g::bigint, 'orders') AS pid FROM generate_series(1, 20000) g),
			 r AS (SELECT g, rank() OVER (ORDER BY pid) AS rk FROM p)
		SELECT 1 - 6 * sum((g - rk)::float8 ^ 2) / (20000.0 * (20000.0 ^ 2 - 1)) FROM r});
	cmp_ok(abs($rho), '<', 4 / sqrt(19999), "consecutive bigint keys: rank correlation $rho is noise");

	$node->safe_psql('shop', q{
		CREATE TABLE orders (id uuid PRIMARY KEY DEFAULT uuidv7(), total numeric);
		INSERT INTO orders (total) SELECT g FROM generate_series(1, 5000) g;
		ANALYZE orders;});
	my $pid = $node->safe_psql('shop', q{SELECT public_id(id, 'orders') FROM orders WHERE total = 4242});
	is($node->safe_psql('shop', qq{SELECT total FROM orders WHERE id = public_id_decode('$pid'::uuid, 'orders')}),
		'4242', 'a row found by its public ID');
	like($node->safe_psql('shop', qq{EXPLAIN (COSTS OFF) SELECT * FROM orders WHERE id = public_id_decode('$pid'::uuid, 'orders')}),
		qr/Index Scan using orders_pkey/, '... through the primary key index (the functions are STABLE)');
}

#
# 3b. the errors anyone can check, and the file's
#
{
	my @bad = (
		[ q{SELECT public_id(gen_random_uuid())}, qr/only a version 7 UUID has a public ID.*\n.*The UUID is version 4/,
		  'a v4 key' ],
		[ q{SELECT public_id('00000000-0000-0000-0000-000000000000'::uuid)}, qr/only a version 7 UUID.*\n.*not of the RFC 9562 variant/,
		  'the nil UUID' ],
		[ q{SELECT public_id_decode(uuidv7())},
		  qr/not a public ID: the public ID of a uuid is a version 4 UUID/, 'decoding a v7' ],
		[ q{SELECT public_id(-1::bigint)}, qr/a negative bigint is neither a key nor a public ID/, 'a negative key' ],
		[ q{SELECT public_id_decode(-5::bigint)}, qr/a negative bigint is neither a key nor a public ID/, 'a negative public ID' ],
		[ q{SELECT public_id(1::bigint, '', 2)}, qr/public-ID key 2 is not available to this database/, 'a key id the database may not use' ],
		[ q{SELECT public_id(1::bigint, '', -1)}, qr/public-ID key -1 is not available to this database/, 'key id -1 (not "the current key")' ],
		[ q{SELECT public_id_decode(1::bigint, '', 0)}, qr/public-ID key 0 is not available to this database/, 'key id 0' ]);
	for my $b (@bad)
	{
		my ($sql, $re, $what) = @$b;
		my ($ret, $out, $err) = try_sql($sql);
		like($err, $re, "$what: refused");
	}
	my ($ret, $out, $err) = try_sql(q{\set VERBOSITY verbose
SELECT public_id(gen_random_uuid())});
	like($err, qr/ERROR:  22023:/, 'SQLSTATE 22023 for an input no key could take');

	my @files = (
		[ [ "key 1 $example" ], qr/no public-ID key for database "shop"/, 'no line for the database' ],
		[ [ "key 1 ${example}0", 'database shop 1' ], qr/Line 1: a key is 64 hexadecimal digits/, '65 digits' ],
		[ [ 'key 1 ' . ('g' x 64), 'database shop 1' ], qr/Line 1: a key is 64 hexadecimal digits/, 'a non-hex digit' ],
		[ [ "key 0 $example", 'database shop 0' ], qr/Line 1: a key id is an integer from 1 to 2147483647/, 'key id 0' ],
		[ [ "key 2147483648 $example" ], qr/Line 1: a key id is an integer/, 'key id 2^31' ],
		[ [ "key 1 $example", "key 1 $other", 'database shop 1' ], qr/Line 2: a key id is defined twice/, 'a key id twice' ],
		[ [ "key 1 $example extra" ], qr/Line 1: a key line is/, 'a key line with 4 words' ],
		[ [ "key 1 $example", 'database shop' ], qr/Line 2: a database line is/, 'a database line without ids' ],
		[ [ "key 1 $example", 'database shop 1', 'database shop 1' ], qr/Line 3: a database has two lines/, 'a database twice' ],
		[ [ "key 1 $example", 'database shop 1 1' ], qr/Line 2: a database line lists a key twice/, 'a key listed twice' ],
		[ [ "key 1 $example", 'database shop 2' ], qr/For database "shop": the database's line lists a key id that no key line defines/, 'an undefined key id' ],
		[ [ "key 1 $example", 'databases shop 1' ], qr/Line 2: a line is "key \.\.\.", "database \.\.\.", blank or a comment/, 'an unknown line' ]);
	for my $f (@files)
	{
		my ($lines, $re, $what) = @$f;
		keyfile(0600, @$lines);
		($ret, $out, $err) = try_sql(q{\set VERBOSITY verbose
SELECT public_id(1::bigint)});
		like($err, $re, "key file with $what: refused");
		like($err, qr/ERROR:  F0000:/, "... F0000");
		unlike($err, qr/[0-9a-fA-F]{16}/, '... no key material in the message');
	}

	# comments, blank lines, CRLF, the "*" line and the own line's precedence
	keyfile(0600, "# keys", '', "key 2 $other   # the other key\r", "key 1 $example", 'database * 2', 'database shop 1', 'database other 2');
	is($node->safe_psql('shop', q{SELECT public_id(42::bigint, 'orders')}), '374374409193492836',
		"comments, blank lines and CRLF are read; the database's own line wins over \"*\"");
	keyfile(0600, "key 2 $other", "key 1 $example", 'database * 1', 'database elsewhere 2');
	is($node->safe_psql('shop', q{SELECT public_id(42::bigint, 'orders')}), '374374409193492836',
		'a database without a line uses the "*" line');
}

#
# 4. rotation and the detection of a changed file
#
{
	keyfile(0600, "key 1 $example", "key 2 $other", 'database shop 1 2');
	my $k1 = $node->safe_psql('shop', q{SELECT public_id(42::bigint, 'orders', 1)});
	my $k2 = $node->safe_psql('shop', q{SELECT public_id(42::bigint, 'orders', 2)});
	isnt($k1, $k2, 'two keys, two public IDs');
	is($node->safe_psql('shop', q{SELECT public_id(42::bigint, 'orders')}), $k1, 'the first key listed is current');
	is($node->safe_psql('shop', q{SELECT string_agg(key_id || ':' || is_current, ' ' ORDER BY key_id) FROM public_id_keys()}),
		'1:true 2:false', 'public_id_keys() lists both, 1 current');

	# one session: within a transaction the file read first is kept; the
	# next transaction sees the change, though the file keeps its size and
	# (most likely) its second
	$session = IPC::Run::start(
		[ 'psql', '-X', '-A', '-t', '-q', '-d', $node->connstr('shop') ],
		'<', \$s_in, '>', \$s_out, '2>', \$s_err);
	session_query('BEGIN');
	is(session_query(q{SELECT public_id(42::bigint, 'orders')}), $k1, 'session: current key 1');
	keyfile(0600, "key 1 $example", "key 2 $other", 'database shop 2 1');
	is(session_query(q{SELECT public_id(42::bigint, 'orders')}), $k1,
		'file changed to key 2 first: the open transaction keeps key 1');
	session_query('COMMIT');
	is(session_query(q{SELECT public_id(42::bigint, 'orders')}), $k2,
		'next transaction: key 2 (the file kept its size; in the same second, the re-read sees it)');
	# the lookup of rotation step 3: a public ID of either key finds the row
	is(session_query(qq{SELECT count(*) FROM (VALUES (42::bigint)) t(id)
		WHERE id = ANY (ARRAY[public_id_decode(${k1}::bigint, 'orders', 2), public_id_decode(${k1}::bigint, 'orders', 1)])}),
		'1', 'an old public ID is found by trying each key');
	# a replaced file (new inode), as editors write it
	unlink($keyfile);
	keyfile(0600, "key 2 $other", 'database shop 2');
	is(session_query(q{SELECT string_agg(key_id::text, ' ') FROM public_id_keys()}), '2',
		'a file replaced by another: read again');
	unlink($keyfile);
	my ($ret, $out, $err) = try_sql(q{SELECT public_id(1::bigint)});
	like($err, qr/does not exist in the data directory/, 'the file removed: an error, not the keys read before');
	$s_in .= "\\q\n";
	$session->finish;
	is($s_err, '', 'the session had no error');
	keyfile(0600, "key 1 $example", "key 2 $other", 'database shop 1 2');
}

#
# 5. a wrong key or context: another key, no error
#
{
	is($node->safe_psql('shop', q{
		WITH k AS (SELECT uuidv7() AS u, g::bigint AS b FROM generate_series(1, 1000) g)
		SELECT count(*) FILTER (WHERE public_id_decode(public_id(u, 'orders', 1), 'orders', 2) <> u)
			   || ' ' || count(*) FILTER (WHERE public_id_decode(public_id(u, 'orders'), 'users') <> u)
			   || ' ' || count(*) FILTER (WHERE public_id_decode(public_id(b, 'orders', 1), 'orders', 2) > 1000)
		FROM k}),
		'1000 1000 1000',
		'decoding with another key or context gives another key, without an error');
}

#
# 6. parallel workers
#
{
	$node->safe_psql('shop', q{
		CREATE TABLE nums AS SELECT g::bigint AS n FROM generate_series(1, 100000) g;
		ANALYZE nums;});
	my $sql = q{SELECT sum(public_id(n, 'p') % 1000003) FROM nums};
	my $serial = $node->safe_psql('shop', "SET max_parallel_workers_per_gather = 0; $sql");
	my $plan = $node->safe_psql('shop', qq{
		SET parallel_setup_cost = 0; SET parallel_tuple_cost = 0; SET min_parallel_table_scan_size = 0;
		SET max_parallel_workers_per_gather = 2;
		EXPLAIN (COSTS OFF) $sql});
	like($plan, qr/Gather/, 'the sum runs in parallel workers');
	is($node->safe_psql('shop', qq{
		SET parallel_setup_cost = 0; SET parallel_tuple_cost = 0; SET min_parallel_table_scan_size = 0;
		SET max_parallel_workers_per_gather = 2; $sql}),
		$serial, '... and gives the serial result');
}

$node->stop;
done_testing();
