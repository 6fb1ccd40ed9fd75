# With the library preloaded into the postmaster, every backend is forked
# from a process that has the library's static state.  Nothing random may
# be inherited: fresh connections must start from different counter_hi
# values and different first IDs.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $connections = 50;

my $node = PostgreSQL::Test::Cluster->new('fork_safety');
$node->init;
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'scru128'\n");
$node->start;

is($node->safe_psql('postgres', 'SHOW shared_preload_libraries'), 'scru128', 'library preloaded');
$node->safe_psql('postgres', 'CREATE EXTENSION scru128');

my (%first, %counter_hi);
for my $i (1 .. $connections)
{
	# each safe_psql call is a new connection, hence a new backend
	my ($id, $hi, $pid) = split /\|/, $node->safe_psql('postgres',
		'SELECT id, scru128_counter_hi(id), pg_backend_pid() FROM (SELECT scru128() AS id) s');
	$first{$id}++;
	$counter_hi{$hi}++;
}

is(scalar(keys %first), $connections, "$connections connections: distinct first IDs");
# 50 independent 24-bit values collide by chance about once in 14,000 runs;
# two chance collisions in one run, once in about 10^8: allow one.  State
# inherited from the postmaster would make them all equal.
cmp_ok(scalar(keys %counter_hi), '>=', $connections - 1,
	"$connections connections: counter_hi distinct but for at most one chance collision");

# under a parallel plan scru128() (PARALLEL RESTRICTED since 1.1) runs in
# the leader while the workers scan
$node->safe_psql('postgres', 'CREATE TABLE p AS SELECT g FROM generate_series(1, 100000) g; ANALYZE p;');
my $unique = $node->safe_psql('postgres', q{
	SET parallel_setup_cost = 0; SET parallel_tuple_cost = 0;
	SET min_parallel_table_scan_size = 0; SET max_parallel_workers_per_gather = 2;
	SELECT count(DISTINCT id) FROM (SELECT scru128() AS id FROM p) s});
is($unique, 100000, 'IDs under a parallel plan are unique');

$node->stop;
done_testing();
