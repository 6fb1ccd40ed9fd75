# scru160 on a running server, where a regress test cannot look:
#  - B-tree skip scan (PostgreSQL 18): skip support registered for
#    scru160_ops and used, including at the ends of the domain, where the
#    20-byte increment and decrement carry through every byte; before 18
#    the support function must not exist;
#  - fork safety: with the library preloaded into the postmaster, fresh
#    backends start with different counters and random fields;
#  - concurrent sessions generate distinct IDs, each session's in order;
#  - pg_dump and restore of a table keyed by scru160, with an array column,
#    a domain and every index kind, then amcheck on the restored btree.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib "$FindBin::RealBin/../perl";
use Scru128Needs;

needs_extensions('amcheck');

my $node = PostgreSQL::Test::Cluster->new('scru160');
$node->init;
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'scru128'\n");
$node->start;
$node->safe_psql('postgres', 'CREATE EXTENSION scru128');
my $version = $node->safe_psql('postgres', 'SHOW server_version_num');

#
# skip support
#
my $support = $node->safe_psql('postgres', q{
	SELECT count(*) FROM pg_amproc p JOIN pg_opfamily f ON f.oid = p.amprocfamily
	WHERE f.opfname = 'scru160_ops' AND f.opfmethod = (SELECT oid FROM pg_am WHERE amname = 'btree')
	  AND p.amprocnum = 6});
if ($version < 180000)
{
	is($support, '0', "PostgreSQL $version: no skip support function registered for scru160");
	is($node->safe_psql('postgres', q{SELECT to_regprocedure('scru160_skipsupport(internal)') IS NULL}),
		't', "PostgreSQL $version: scru160_skipsupport does not exist");
}
else
{
	is($support, '1', 'skip support registered for scru160_ops');

	# 12 leading values, each with n = 0 .. 9999.  The leading values are
	# consecutive byte strings, so the increment skip support gives is the
	# next value itself and each is found in one index search; without
	# skip support (or with an increment that overshoots or falls short)
	# each costs a second search.
	$node->safe_psql('postgres', q{
		CREATE TABLE t (tenant scru160 NOT NULL, n int NOT NULL);
		INSERT INTO t SELECT scru160_from_fields(1700000000000, 65535, 65535,
												 decode(lpad(to_hex(255 + g % 12), 20, '0'), 'hex')), g / 12
		FROM generate_series(0, 119999) g;
		CREATE INDEX t_tenant_n ON t (tenant, n);
		VACUUM ANALYZE t;
	});
	my $query = 'SELECT tenant, n FROM t WHERE n BETWEEN 500 AND 520 ORDER BY tenant, n';
	my $plan = $node->safe_psql('postgres', qq{
		SET enable_seqscan = off; SET enable_bitmapscan = off;
		EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF, BUFFERS OFF) $query});
	like($plan, qr/Index Only Scan using t_tenant_n/, 'the two-column index is used');
	my ($searches) = $plan =~ /Index Searches: (\d+)/;
	ok(defined $searches, 'EXPLAIN ANALYZE reports Index Searches');
	# one search per leading value, one from the lowest possible value to
	# the first, one past the last; two per value would be 24 or more
	cmp_ok($searches // 999, '<=', 14, 'skip scan: ' . ($searches // 'no') . ' index searches for 12 leading values (at most 14)');
	my $with_index = $node->safe_psql('postgres', qq{
		SET enable_seqscan = off; SET enable_bitmapscan = off; $query});
	my $with_seqscan = $node->safe_psql('postgres', qq{
		SET enable_indexscan = off; SET enable_indexonlyscan = off; SET enable_bitmapscan = off; $query});
	is($with_index, $with_seqscan, 'the skip scan returns the rows a sequential scan returns');
	is(scalar(split /\n/, $with_index), 12 * 21, '21 rows for each of the 12 leading values');

	# values next to all-zeros and all-ones bytes, and one whose increment
	# carries through 19 bytes, as leading values, scanned both ways
	$node->safe_psql('postgres', q{
		CREATE TABLE e (k scru160 NOT NULL, n int NOT NULL);
		INSERT INTO e SELECT k::scru160, g FROM generate_series(1, 3000) g,
			(VALUES ('00000000000000000000000000000000'), ('00000000000000000000000000000001'),
					('VVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVU'), ('VVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVV'),
					('00VVVVVVVVVVVVVVVVVVVVVVVVVVVVVV'), ('0100000000000000000000000000000000000000'),
					('05U0GF0J0SP1ADJPT0U4VHIMCJJAIP51')) v(k);
		CREATE INDEX e_k_n ON e (k, n);
		VACUUM ANALYZE e;
	});
	for my $dir ('ASC', 'DESC')
	{
		my $q = "SELECT k, n FROM e WHERE n = 42 ORDER BY k $dir, n $dir";
		my $plan = $node->safe_psql('postgres', qq{
			SET enable_seqscan = off; SET enable_bitmapscan = off; EXPLAIN (COSTS OFF) $q});
		like($plan, qr/Index Only Scan( Backward)? using e_k_n/, "ends of the domain, $dir: index used");
		my $got = $node->safe_psql('postgres', qq{SET enable_seqscan = off; SET enable_bitmapscan = off; $q});
		my $want = $node->safe_psql('postgres', qq{SET enable_indexscan = off; SET enable_indexonlyscan = off;
			SET enable_bitmapscan = off; $q});
		is($got, $want, "ends of the domain, $dir: same rows as a sequential scan");
		is(scalar(split /\n/, $got), 7, "ends of the domain, $dir: one row per leading value");
	}
}

#
# fork safety: the library is in the postmaster; each connection is a new
# backend and must not continue an inherited state
#
is($node->safe_psql('postgres', 'SHOW shared_preload_libraries'), 'scru128', 'library preloaded');
my (%first, %counter, %random);
my $connections = 40;
for my $i (1 .. $connections)
{
	my ($id, $counter, $random) = split /\|/, $node->safe_psql('postgres',
		'SELECT id, scru160_counter(id), scru160_random80(id) FROM (SELECT scru160() AS id) s');
	$first{$id}++;
	$counter{$counter}++;
	$random{$random}++;
}
is(scalar(keys %first), $connections, "$connections connections: distinct first IDs");
is(scalar(keys %random), $connections, "$connections connections: distinct random80");
# 40 15-bit values: a chance collision now and then, an inherited state
# would make them all equal
cmp_ok(scalar(keys %counter), '>=', $connections - 3,
	"$connections connections: first counters distinct but for chance collisions");

#
# concurrent sessions: distinct IDs, each session strictly increasing
#
$node->safe_psql('postgres', 'CREATE TABLE c (session int, n int, id scru160)');
my @sessions;
for my $s (1 .. 4)
{
	my $h = $node->background_psql('postgres');
	$h->query_until(qr/started/, qq{
		\\echo started
		INSERT INTO c SELECT $s, g, scru160() FROM generate_series(1, 50000) g;
	});
	push @sessions, $h;
}
$_->quit for @sessions;
is($node->safe_psql('postgres', 'SELECT count(*), count(DISTINCT id) FROM c'), '200000|200000',
	'4 concurrent sessions x 50,000: all distinct');
is($node->safe_psql('postgres', q{
	SELECT count(*) FROM (SELECT id, lag(id) OVER (PARTITION BY session ORDER BY n) AS prev FROM c) s
	WHERE id <= prev}), '0', 'each session strictly increasing');

#
# dump and restore
#
$node->safe_psql('postgres', q{
	CREATE DATABASE src;
});
$node->safe_psql('src', q{
	CREATE EXTENSION scru128;
	CREATE DOMAIN recent_scru160 AS scru160 CHECK (VALUE > '05TTUP1HNCPNA1QHTDHRTCU3V32PD7C6');
	CREATE TABLE d (id scru160 PRIMARY KEY, parent recent_scru160, ids scru160[], n int);
	INSERT INTO d SELECT scru160(), scru160(), ARRAY[scru160(), scru160_from_fields(g, g % 65536, 7, '\x0102030405060708090a')], g
	FROM generate_series(1, 20000) g;
	CREATE INDEX d_hash ON d USING hash (id);
	CREATE INDEX d_brin ON d USING brin (id scru160_minmax_multi_ops);
	CREATE INDEX d_bloom ON d USING brin (parent scru160_bloom_ops);
});
my $dump = $node->basedir . '/scru160.dump';
$node->command_ok([ 'pg_dump', '-Fc', '-f', $dump, '-d', $node->connstr('src') ], 'pg_dump');
$node->safe_psql('postgres', 'CREATE DATABASE dst');
$node->command_ok([ 'pg_restore', '-d', $node->connstr('dst'), $dump ], 'pg_restore');
my $digest = q{SELECT md5(string_agg(id::text || parent::text || ids::text || n, ',' ORDER BY id)) FROM d};
is($node->safe_psql('dst', $digest), $node->safe_psql('src', $digest), 'restored rows equal the dumped ones');
is($node->safe_psql('dst', q{
	SET enable_seqscan = off;
	SELECT count(*) FROM d WHERE id IN (SELECT id FROM d WHERE n % 100 = 0)}), '200',
	'restored indexes find the rows');
$node->safe_psql('dst', 'CREATE EXTENSION amcheck');
is($node->safe_psql('dst', q{SELECT bt_index_check('d_pkey', true)}), '', 'amcheck: restored primary key is consistent');
my ($ret, $out, $err) = $node->psql('dst', q{INSERT INTO d (id, n) SELECT id, 0 FROM d LIMIT 1});
like($err, qr/duplicate key value violates unique constraint "d_pkey"/, 'restored primary key enforces uniqueness');
($ret, $out, $err) = $node->psql('dst', q{INSERT INTO d (id, parent, n) VALUES (scru160(), '00000000000000000000000000000000', 0)});
like($err, qr/violates check constraint/, 'restored domain keeps its check');

$node->stop;
done_testing();
