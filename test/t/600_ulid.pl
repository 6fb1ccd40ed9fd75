# ulid on a running server, where a regress test cannot look:
#  - B-tree skip scan (PostgreSQL 18): skip support registered for ulid_ops
#    and used, including at the ends of the domain; before 18 the support
#    function must not exist;
#  - fork safety: with the library preloaded into the postmaster, fresh
#    backends start with different random parts;
#  - 8 concurrent sessions generate distinct IDs, each session's in order,
#    with the session generator and with scru128.generator_scope = server;
#    under server scope, IDs taken one after the other by different
#    backends increase;
#  - pg_dump and restore of a table keyed by ulid, with an array column, a
#    domain (with a BRIN minmax index on it) and every index kind, then
#    amcheck on the restored btree.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib "$FindBin::RealBin/../perl";
use Scru128Needs;

needs_extensions('amcheck');

my $node = PostgreSQL::Test::Cluster->new('ulid');
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
	WHERE f.opfname = 'ulid_ops' AND f.opfmethod = (SELECT oid FROM pg_am WHERE amname = 'btree')
	  AND p.amprocnum = 6});
if ($version < 180000)
{
	is($support, '0', "PostgreSQL $version: no skip support function registered for ulid");
	is($node->safe_psql('postgres', q{SELECT to_regprocedure('ulid_skipsupport(internal)') IS NULL}),
		't', "PostgreSQL $version: ulid_skipsupport does not exist");
}
else
{
	is($support, '1', 'skip support registered for ulid_ops');
	$node->safe_psql('postgres', q{
		CREATE TABLE t (tenant ulid NOT NULL, n int NOT NULL);
		INSERT INTO t SELECT (lpad(to_hex(1700000000000), 12, '0') || lpad(to_hex(255 + g % 12), 20, '0'))::uuid::ulid, g / 12
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
	cmp_ok($searches // 999, '<=', 14, 'skip scan: ' . ($searches // 'no') . ' index searches for 12 leading values (at most 14)');
	my $with_index = $node->safe_psql('postgres', qq{
		SET enable_seqscan = off; SET enable_bitmapscan = off; $query});
	my $with_seqscan = $node->safe_psql('postgres', qq{
		SET enable_indexscan = off; SET enable_indexonlyscan = off; SET enable_bitmapscan = off; $query});
	is($with_index, $with_seqscan, 'the skip scan returns the rows a sequential scan returns');
	is(scalar(split /\n/, $with_index), 12 * 21, '21 rows for each of the 12 leading values');

	$node->safe_psql('postgres', q{
		CREATE TABLE e (k ulid NOT NULL, n int NOT NULL);
		INSERT INTO e SELECT k::ulid, g FROM generate_series(1, 3000) g,
			(VALUES ('00000000000000000000000000'), ('00000000000000000000000001'),
					('7ZZZZZZZZZZZZZZZZZZZZZZZZY'), ('7ZZZZZZZZZZZZZZZZZZZZZZZZZ'),
					('0ZZZZZZZZZZZZZZZZZZZZZZZZZ'), ('10000000000000000000000000'),
					('01ARYZ6S41TSV4RRFFQ69G5FAV')) v(k);
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
my (%first, %random);
my $connections = 40;
for my $i (1 .. $connections)
{
	my ($id, $random) = split /\|/, $node->safe_psql('postgres',
		'SELECT id, ulid_random(id) FROM (SELECT ulid() AS id) s');
	$first{$id}++;
	$random{$random}++;
}
is(scalar(keys %first), $connections, "$connections connections: distinct first IDs");
is(scalar(keys %random), $connections, "$connections connections: distinct random parts");

#
# 8 concurrent sessions, session scope and server scope: distinct IDs, each
# session strictly increasing
#
$node->safe_psql('postgres', 'CREATE TABLE c (scope text, session int, n int, id ulid)');
for my $scope ('session', 'server')
{
	my @sessions;
	for my $s (1 .. 8)
	{
		my $h = $node->background_psql('postgres');
		$h->query_until(qr/started/, qq{
			SET scru128.generator_scope = $scope;
			\\echo started
			INSERT INTO c SELECT '$scope', $s, g, ulid() FROM generate_series(1, 25000) g;
		});
		push @sessions, $h;
	}
	$_->quit for @sessions;
	is($node->safe_psql('postgres', "SELECT count(*), count(DISTINCT id) FROM c WHERE scope = '$scope'"),
		'200000|200000', "$scope scope: 8 concurrent sessions x 25,000 ulid(): all distinct");
	is($node->safe_psql('postgres', qq{
		SELECT count(*) FROM (SELECT id, lag(id) OVER (PARTITION BY session ORDER BY n) AS prev
							  FROM c WHERE scope = '$scope') s
		WHERE id <= prev}), '0', "$scope scope: each session strictly increasing");
	is($node->safe_psql('postgres', qq{
		SELECT count(*) FROM (SELECT id, lag(id) OVER (PARTITION BY session ORDER BY n) AS prev
							  FROM c WHERE scope = '$scope') s
		WHERE ulid_timestamp(id) = ulid_timestamp(prev) AND ulid_random(id) <= ulid_random(prev)}),
		'0', "$scope scope: within a millisecond the random part increases");
}

# server scope: IDs taken in turn by different backends increase
my @turns;
for my $i (1 .. 40)
{
	push @turns, $node->safe_psql('postgres', 'SET scru128.generator_scope = server; SELECT ulid()');
}
my @sorted = sort @turns;
is_deeply(\@turns, \@sorted, 'server scope: 40 backends in turn get increasing IDs');
my %seen = map { $_ => 1 } @turns;
is(scalar(keys %seen), 40, 'server scope: 40 distinct IDs');

#
# dump and restore
#
$node->safe_psql('postgres', q{
	CREATE DATABASE src;
});
$node->safe_psql('src', q{
	CREATE EXTENSION scru128;
	CREATE DOMAIN recent_ulid AS ulid CHECK (VALUE > '01ARYZ6S41TSV4RRFFQ69G5FAV');
	CREATE TABLE d (id ulid PRIMARY KEY, parent recent_ulid, ids ulid[], n int);
	INSERT INTO d SELECT ulid(), ulid(), ARRAY[ulid(), ulid(timestamptz '2020-01-01' + g * interval '1 s')], g
	FROM generate_series(1, 20000) g;
	CREATE INDEX d_hash ON d USING hash (id);
	CREATE INDEX d_brin ON d USING brin (id ulid_minmax_multi_ops);
	CREATE INDEX d_bloom ON d USING brin (parent ulid_bloom_ops);
	CREATE INDEX d_brin_domain ON d USING brin (parent);
});
my $dump = $node->basedir . '/ulid.dump';
$node->command_ok([ 'pg_dump', '-Fc', '-f', $dump, '-d', $node->connstr('src') ], 'pg_dump');
$node->safe_psql('postgres', 'CREATE DATABASE dst');
$node->command_ok([ 'pg_restore', '-d', $node->connstr('dst'), $dump ], 'pg_restore');
my $digest = q{SELECT md5(string_agg(id::text || parent::text || ids::text || n, ',' ORDER BY id)) FROM d};
is($node->safe_psql('dst', $digest), $node->safe_psql('src', $digest), 'restored rows equal the dumped ones');
is($node->safe_psql('dst', q{
	SET enable_seqscan = off;
	SELECT count(*) FROM d WHERE id IN (SELECT id FROM d WHERE n % 100 = 0)}), '200',
	'restored indexes find the rows');
is($node->safe_psql('dst', q{
	SET enable_seqscan = off; SET enable_indexscan = off;
	SELECT count(*) FROM d WHERE parent >= (SELECT parent FROM d WHERE n = 19000)}),
	$node->safe_psql('src', q{SELECT count(*) FROM d WHERE parent >= (SELECT parent FROM d WHERE n = 19000)}),
	'restored BRIN index on the domain column answers as the source');
$node->safe_psql('dst', 'CREATE EXTENSION amcheck');
is($node->safe_psql('dst', q{SELECT bt_index_check('d_pkey', true)}), '', 'amcheck: restored primary key is consistent');
my ($ret, $out, $err) = $node->psql('dst', q{INSERT INTO d (id, n) SELECT id, 0 FROM d LIMIT 1});
like($err, qr/duplicate key value violates unique constraint "d_pkey"/, 'restored primary key enforces uniqueness');
($ret, $out, $err) = $node->psql('dst', q{INSERT INTO d (id, parent, n) VALUES (ulid(), '00000000000000000000000000', 0)});
like($err, qr/violates check constraint/, 'restored domain keeps its check');

#
# pgx_ulid beside this extension (doc/ulid.md): both name their type ulid,
# so this one goes into a schema of its own.  pgx_ulid cannot be built
# here (pgrx); a stand-in holds its place in public with the same names: a
# type ulid (a domain over text holding pgx_ulid's output) and gen_ulid().
#
$node->safe_psql('postgres', 'CREATE DATABASE both_ext');
$node->safe_psql('both_ext', q{
	CREATE DOMAIN public.ulid AS text CHECK (VALUE ~ '^[0-7][0-9A-HJKMNP-TV-Z]{25}$');
	CREATE FUNCTION public.gen_ulid() RETURNS public.ulid LANGUAGE sql
		AS $$ SELECT '01ARYZ6S41TSV4RRFFQ69G5FAV'::public.ulid $$;
	CREATE TABLE events (id public.ulid PRIMARY KEY, at timestamptz);
	INSERT INTO events VALUES ('01JQ4T23H220KM7X0B3V1109DQ', '2025-03-24 19:28:50.21+00'),
		('01JQ4T8BHJR0A5YKX7SVTVX0YN', '2025-03-24 19:32:15.026+00'),
		('01JQ4T8X6CA54VSH0AANN0SWCX', '2025-03-24 19:32:33.1+00');
	CREATE SCHEMA ulid_native;
	CREATE EXTENSION scru128 SCHEMA ulid_native;
});
is($node->safe_psql('both_ext', q{SELECT pg_typeof(gen_ulid())::text, pg_typeof(ulid_native.ulid())::text}),
	'ulid|ulid_native.ulid', 'both types named ulid, each in its schema; the unqualified name is the one in public');
$node->safe_psql('both_ext', q{
	ALTER TABLE events ALTER COLUMN id TYPE ulid_native.ulid USING id::text::ulid_native.ulid;
	ALTER TABLE events ALTER COLUMN id SET DEFAULT ulid_native.ulid();
});
is($node->safe_psql('both_ext', q{SELECT count(*) FROM events
	WHERE ulid_native.ulid_timestamp(id) = at}), '3', 'the column moved through its text; times as written');
is($node->safe_psql('both_ext', q{SELECT count(*) FROM events
	WHERE id OPERATOR(ulid_native.>=) timestamptz '2025-03-24 19:32:15.026+00'}), '2',
	'time comparison with the schema-qualified operator');
like($node->safe_psql('both_ext', q{SET search_path = public, ulid_native; SET enable_seqscan = off;
	EXPLAIN (COSTS OFF) SELECT * FROM events WHERE id >= now() - interval '1 day'}),
	qr/Index Cond: .*ulid_time_lower/, 'the planner rewrite finds its bound functions in the extension\'s schema');
is($node->safe_psql('both_ext', q{SET search_path = public, ulid_native;
	SELECT count(*) FROM events WHERE id >= timestamptz '2025-03-24 19:32:00+00'}), '2',
	'with the extension\'s schema on the search_path, the operators resolve without qualification');

$node->stop;
done_testing();
