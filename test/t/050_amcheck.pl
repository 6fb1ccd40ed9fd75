
# Copyright: see the LICENSE file of the scru128 extension.
#
# amcheck on scru128 btree indexes after a concurrent workload.  A table of
# 1.1M rows (110k on the majors other than the host's,
# test/perl/Scru128Size.pm, their keys ten times as far apart, so that they
# span the same year and the workload's keys fall where they do at full
# size; the primary key still has a level of internal pages, asserted) gets
# a scru128 primary key (built by sorting, so with the sort support and
# abbreviated keys) and an index on a second, randomly ordered scru128
# column.  Then pgbench runs, concurrently: inserts at the right end of the
# key space and in the middle of it, range deletes that empty whole leaf
# pages, updates, VACUUM, and bt_index_check itself.  Afterwards
# bt_index_check with heapallindexed must be clean, and after a final
# VACUUM so must bt_index_parent_check with heapallindexed and rootdescend
# and the table must still hold >= 1M rows (>= 100k at the small size),
# with index and heap agreeing on them.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib "$FindBin::RealBin/../perl";
use Scru128Needs;

use Scru128Size;

needs_extensions('amcheck', 'pgstattuple');

my $rows = full_size() ? 1_100_000 : 110_000;
# seconds between the initial keys: 30 at full size, about a year in all
my $step = 30 * 1_100_000 / $rows;
my $min_rows = $rows / 11 * 10;

my $node = PostgreSQL::Test::Cluster->new('amcheck');
$node->init;
$node->append_conf(
	'postgresql.conf', q{
log_statement = none
synchronous_commit = off
max_wal_size = 1GB
autovacuum_naptime = 1s
});
$node->start;

# IDs of the initial rows: one every $step s from 2020-01-01, about a year
$node->safe_psql(
	'postgres', qq{
CREATE EXTENSION scru128;
CREATE EXTENSION amcheck;
CREATE TABLE t (id scru128 NOT NULL, v integer, ref scru128);
INSERT INTO t
SELECT scru128('2020-01-01 00:00:00+00'::timestamptz + n * interval '$step s'), n,
	   scru128('2020-01-01 00:00:00+00'::timestamptz + random() * interval '400 days')
FROM generate_series(1, $rows) n;
ALTER TABLE t ADD PRIMARY KEY (id);
CREATE INDEX t_ref ON t (ref);
VACUUM ANALYZE t;
});

my %check_sql = (
	check => q{SELECT bt_index_check('t_pkey', heapallindexed => true),
					  bt_index_check('t_ref', heapallindexed => true)},
	parent_check => q{SELECT bt_index_parent_check('t_pkey', heapallindexed => true, rootdescend => true),
							 bt_index_parent_check('t_ref', heapallindexed => true, rootdescend => true)});

sub amcheck_clean
{
	my ($stage, $kind) = @_;
	my $fn = $kind eq 'check' ? 'bt_index_check' : 'bt_index_parent_check';
	my ($ret, $out, $err) = $node->psql('postgres', $check_sql{$kind});
	is($ret, 0, "$stage: $fn(heapallindexed) on both indexes is clean")
	  or diag $err;
	is($err, '', "$stage: $fn reported nothing");
}

amcheck_clean('after the initial load', 'check');

my $base = q{'2020-01-01 00:00:00+00'::timestamptz};
$node->pgbench(
	'--no-vacuum --client=4 --jobs=2 --time=15 --max-tries=10',
	0,
	[ qr{processed: [1-9]}, qr{number of failed transactions: 0 } ],
	[qr{^(?![\s\S]*(?:aborted|PANIC|FATAL))}],
	'concurrent inserts, deletes, updates, VACUUM and bt_index_check',
	{
		# new IDs, at the right end of the primary key
		'050_insert_new@4' => q{
INSERT INTO t SELECT scru128(), g, scru128() FROM generate_series(1, 100) g;
},
		# IDs in the middle of the existing key range
		'050_insert_middle@4' => qq{
INSERT INTO t SELECT scru128($base + random() * interval '380 days'), -g,
	scru128($base + random() * interval '400 days')
FROM generate_series(1, 100) g;
},
		# a run of 400 adjacent keys: whole leaf pages become empty.  The
		# deleted and the updated ranges are disjoint, so that they cannot
		# deadlock on each other's rows.
		'050_delete_range@3' => qq{
\\set n 2000 * random(0, $rows / 2000 - 1)
DELETE FROM t WHERE id >= scru128_min($base + :n * interval '$step s')
				AND id < scru128_min($base + (:n + 400) * interval '$step s');
},
		'050_update@2' => qq{
\\set n 2000 * random(0, $rows / 2000 - 1) + 1000
UPDATE t SET v = v + 1, ref = scru128()
WHERE id >= scru128_min($base + :n * interval '$step s')
  AND id < scru128_min($base + (:n + 50) * interval '$step s');
},
		'050_vacuum@1' => q{
VACUUM t;
},
		'050_check@1' => q{
SELECT bt_index_check('t_pkey');
},
	});

my ($count, $ins, $del, $vacuums) = split /\|/, $node->safe_psql(
	'postgres', q{
SELECT (SELECT count(*) FROM t), n_tup_ins, n_tup_del, vacuum_count + autovacuum_count
FROM pg_stat_user_tables WHERE relname = 't'});
note "rows: $count, inserted: $ins, deleted: $del, vacuums: $vacuums";
cmp_ok($count, '>=', $min_rows, "the table still holds >= $min_rows rows ($count)");
cmp_ok($ins - $rows, '>', 0, 'the workload inserted rows');
cmp_ok($del, '>', 0, 'the workload deleted rows');
cmp_ok($vacuums, '>', 1, 'VACUUM ran during the workload');

amcheck_clean('after the concurrent workload', 'check');

$node->safe_psql('postgres', 'VACUUM t');
amcheck_clean('after a final VACUUM', 'parent_check');

my $stats = $node->safe_psql('postgres',
	q{CREATE EXTENSION pgstattuple;
	  SELECT tree_level || ' ' || leaf_pages || ' ' || deleted_pages FROM pgstatindex('t_pkey')});
note "t_pkey: tree level, leaf pages, deleted pages: $stats";
# rootdescend and the parent checks saw internal pages, at either size
cmp_ok((split / /, $stats)[0], '>=', 2, 't_pkey has internal pages below its root');

# the index and the heap agree, row for row
my $via_heap = $node->safe_psql(
	'postgres', q{
SET enable_indexscan = off; SET enable_indexonlyscan = off; SET enable_bitmapscan = off;
SELECT count(*) || ' ' || md5(string_agg(id::text, ',' ORDER BY id)) FROM t});
my $via_index = $node->safe_psql(
	'postgres', q{
SET enable_seqscan = off; SET enable_bitmapscan = off; SET enable_sort = off;
SELECT count(*) || ' ' || md5(string_agg(id::text, ',')) FROM (SELECT id FROM t ORDER BY id) s});
is($via_index, $via_heap, 'a scan of the primary key returns exactly the heap\'s IDs, in order');

$node->stop;
done_testing();
