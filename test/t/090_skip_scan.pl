# B-tree skip scan (PostgreSQL 18): scru128 registers skip support (btree
# support function 6), so a query on the second column of an index led by
# a scru128 column with few distinct values skips from one leading value
# to the next.  Before 18 there is no skip scan and no support function.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $node = PostgreSQL::Test::Cluster->new('skip_scan');
$node->init;
$node->start;
$node->safe_psql('postgres', 'CREATE EXTENSION scru128');
my $version = $node->safe_psql('postgres', 'SHOW server_version_num');

my $support = $node->safe_psql('postgres', q{
	SELECT count(*) FROM pg_amproc p JOIN pg_opfamily f ON f.oid = p.amprocfamily
	WHERE f.opfname = 'scru128_ops' AND f.opfmethod = (SELECT oid FROM pg_am WHERE amname = 'btree')
	  AND p.amprocnum = 6});
my $support64 = $node->safe_psql('postgres', q{
	SELECT count(*) FROM pg_amproc p JOIN pg_opfamily f ON f.oid = p.amprocfamily
	WHERE f.opfname = 'scru64_ops' AND f.opfmethod = (SELECT oid FROM pg_am WHERE amname = 'btree')
	  AND p.amprocnum = 6});

if ($version < 180000)
{
	is($support, '0', "PostgreSQL $version: no skip support function registered");
	is($node->safe_psql('postgres', q{SELECT to_regprocedure('scru128_skipsupport(internal)') IS NULL}),
		't', "PostgreSQL $version: scru128_skipsupport does not exist");
	is($support64, '0', "PostgreSQL $version: no skip support function registered for scru64");
	is($node->safe_psql('postgres', q{SELECT to_regprocedure('scru64_skipsupport(internal)') IS NULL}),
		't', "PostgreSQL $version: scru64_skipsupport does not exist");
	$node->stop;
	done_testing();
	exit;
}

is($support, '1', 'skip support registered for scru128_ops');
is($support64, '1', 'skip support registered for scru64_ops');

# 12 leading values, 10,000 rows each
$node->safe_psql('postgres', q{
	CREATE TABLE t (tenant scru128 NOT NULL, n int NOT NULL);
	INSERT INTO t SELECT scru128_from_fields(1700000000000 + g % 12, 0, 0, 0), g
	FROM generate_series(1, 120000) g;
	CREATE INDEX t_tenant_n ON t (tenant, n);
	VACUUM ANALYZE t;
});

my $query = 'SELECT tenant, n FROM t WHERE n BETWEEN 500 AND 520 ORDER BY tenant, n';
my $plan = $node->safe_psql('postgres', qq{
	SET enable_seqscan = off; SET enable_bitmapscan = off;
	EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF, BUFFERS OFF) $query});
like($plan, qr/Index Only Scan using t_tenant_n/, 'the two-column index is used');
like($plan, qr/Index Cond: \(\(n >= 500\) AND \(n <= 520\)\)/, 'on its second column alone');
my ($searches) = $plan =~ /Index Searches: (\d+)/;
ok(defined $searches, 'EXPLAIN ANALYZE reports Index Searches');
# a few descents per leading value (not one per leaf page: the index has
# about 330 leaf pages)
cmp_ok($searches, '<=', 2 * 12 + 1, "skip scan: $searches index searches for 12 leading values");
cmp_ok($searches, '>=', 12, 'one search at least per leading value');

my $with_index = $node->safe_psql('postgres', qq{
	SET enable_seqscan = off; SET enable_bitmapscan = off; $query});
my $with_seqscan = $node->safe_psql('postgres', qq{
	SET enable_indexscan = off; SET enable_indexonlyscan = off; SET enable_bitmapscan = off; $query});
is($with_index, $with_seqscan, 'the skip scan returns the rows a sequential scan returns');
is(scalar(split /\n/, $with_index), 21, 'the 21 rows of n = 500 ... 520');

# the increment and decrement at the ends of the domain: values next to
# all-zeros and all-ones bytes as leading values, scanned both ways
$node->safe_psql('postgres', q{
	CREATE TABLE e (k scru128 NOT NULL, n int NOT NULL);
	INSERT INTO e SELECT k::scru128, g FROM generate_series(1, 3000) g,
		(VALUES ('0000000000000000000000000'), ('0000000000000000000000001'),
				('f5lxx1zz5pnorynqglhzmsp32'), ('f5lxx1zz5pnorynqglhzmsp33'),
				('0372hg16csmsm50l8dikcvukc')) v(k);
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
	is(scalar(split /\n/, $got), 5, "ends of the domain, $dir: one row per leading value");
}

# scru64: the same on an 8-byte by-value key, with the ends of its domain
# (0 and 36^12 - 1) among the leading values
$node->safe_psql('postgres', q{
	CREATE TABLE s64 (k scru64 NOT NULL, n int NOT NULL);
	INSERT INTO s64 SELECT k::scru64, g FROM generate_series(1, 3000) g,
		(VALUES ('000000000000'), ('000000000001'), ('0u2r85hm2pt3'),
				('zzzzzzzzzzzy'), ('zzzzzzzzzzzz')) v(k);
	CREATE INDEX s64_k_n ON s64 (k, n);
	VACUUM ANALYZE s64;
});
for my $dir ('ASC', 'DESC')
{
	my $q = "SELECT k, n FROM s64 WHERE n = 42 ORDER BY k $dir, n $dir";
	my $plan = $node->safe_psql('postgres', qq{
		SET enable_seqscan = off; SET enable_bitmapscan = off;
		EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF, BUFFERS OFF) $q});
	like($plan, qr/Index Only Scan( Backward)? using s64_k_n/, "scru64, $dir: index used");
	my ($n) = $plan =~ /Index Searches: (\d+)/;
	cmp_ok($n // 99, '<=', 2 * 5 + 1, "scru64, $dir: skip scan, @{[ $n // 'no' ]} index searches for 5 leading values");
	my $got = $node->safe_psql('postgres', qq{SET enable_seqscan = off; SET enable_bitmapscan = off; $q});
	my $want = $node->safe_psql('postgres', qq{SET enable_indexscan = off; SET enable_indexonlyscan = off;
		SET enable_bitmapscan = off; $q});
	is($got, $want, "scru64, $dir: same rows as a sequential scan");
	is(scalar(split /\n/, $got), 5, "scru64, $dir: one row per leading value");
}

$node->stop;
done_testing();
