# Copyright: see the LICENSE file of the scru128 extension.
#
# Three servers with node specs 1/8, 2/8 and 3/8 generate scru64 IDs at
# the same time (two sessions each); their IDs merged in one table have no
# duplicates, each carries its server's node, and each server's IDs are
# strictly increasing in the order they were made.

use strict;
use warnings;
use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $tempdir = PostgreSQL::Test::Utils::tempdir;
my $per = 50_000;
my @nodes;
for my $n (1 .. 3)
{
	my $node = PostgreSQL::Test::Cluster->new("scru64_node$n");
	$node->init;
	$node->append_conf('postgresql.conf', "fsync = off\nscru128.scru64_node_spec = '$n/8'\n");
	$node->start;
	if ($node->safe_psql('postgres', 'SHOW server_version_num') < 170000)
	{
		$node->append_conf('postgresql.conf', "shared_preload_libraries = 'scru128'\n");
		$node->restart;
	}
	$node->safe_psql('postgres', 'CREATE EXTENSION scru128');
	push @nodes, $node;
}

# two sessions per server, all six at once, each writing its IDs to a file
my @runs;
for my $n (1 .. 3)
{
	for my $s (1 .. 2)
	{
		my $file = "$tempdir/ids_${n}_$s.txt";
		my ($out, $err) = ('', '');
		my $h = IPC::Run::start(
			[ 'psql', '-X', '-q', '-At', '-v', 'ON_ERROR_STOP=1',
			  '-d', $nodes[ $n - 1 ]->connstr('postgres'),
			  '-c', "COPY (SELECT scru64(), $n, $s, g FROM generate_series(1, $per) g) TO STDOUT" ],
			'>', $file, '2>', \$err);
		push @runs, [ $h, \$err ];
	}
}
my $failed = 0;
for my $r (@runs)
{
	$r->[0]->finish;
	$failed++ if $r->[0]->result != 0 || ${ $r->[1] } ne '';
}
is($failed, 0, 'six sessions on three servers generated at once');

my $merge = $nodes[0];
$merge->safe_psql('postgres', 'CREATE TABLE merged (id scru64, node integer, session integer, seq integer)');
for my $n (1 .. 3)
{
	for my $s (1 .. 2)
	{
		$merge->safe_psql('postgres', "COPY merged FROM '$tempdir/ids_${n}_$s.txt'");
	}
}
my $total = 6 * $per;
is($merge->safe_psql('postgres', 'SELECT count(*) FROM merged'), $total, "$total IDs merged");
is($merge->safe_psql('postgres', 'SELECT count(DISTINCT id) FROM merged'), $total,
	'no duplicates across the three servers');
is($merge->safe_psql('postgres', 'SELECT count(*) FROM merged WHERE scru64_node_id(id, 8) <> node'),
	0, 'every ID carries its server\'s node');
is($merge->safe_psql('postgres', q{
	SELECT count(*) FROM (
		SELECT id, lag(id) OVER (PARTITION BY node, session ORDER BY seq) AS prev FROM merged) s
	WHERE id <= prev}), 0, 'each session\'s IDs strictly increasing');
is($merge->safe_psql('postgres', q{
	SELECT count(*) FROM (SELECT node, scru64_timestamp_ms(id) AS ts, count(*) AS c
						  FROM merged GROUP BY 1, 2) s WHERE c > 65536}),
	0, 'no server issued more than 2^16 IDs in one tick');

$_->stop for @nodes;
done_testing();
