# Copyright: see the LICENSE file of the scru128 extension.
#
# scru64(): one generator per server.  16 sessions each take 100k IDs at
# once (20k on the majors other than the host's, test/perl/Scru128Size.pm:
# still five ticks' worth at the cap) with node spec 42/8: no duplicates,
# every session's IDs strictly increasing, every ID carries node 42, no
# tick holds more than 2^16 IDs, and no ID is ahead of the clock by more
# than the rollback allowance.
# Then a small cap (1/16, 256 IDs per tick) makes the generator wait for
# the clock: the elapsed time is at least what the cap implies.  Finally
# a waiting call (1/23: two IDs per tick) is interrupted by
# statement_timeout.
#
# PostgreSQL 15 and 16 need the preload; 17 and later run here without it
# (the DSM registry), which 201_scru64_preload.pl checks separately.

use strict;
use warnings;
use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(time);
use FindBin;
use lib "$FindBin::RealBin/../perl";
use Scru128Size;

my $node = PostgreSQL::Test::Cluster->new('scru64_conc');
$node->init;
$node->append_conf('postgresql.conf',
	"max_connections = 30\nfsync = off\nscru128.scru64_node_spec = '42/8'\n");
$node->start;
my $version = $node->safe_psql('postgres', 'SHOW server_version_num');
if ($version < 170000)
{
	$node->append_conf('postgresql.conf', "shared_preload_libraries = 'scru128'\n");
	$node->restart;
}
$node->safe_psql('postgres', q{
	CREATE EXTENSION scru128;
	CREATE UNLOGGED TABLE t (id scru64, session integer, seq integer);
});

# runs $sessions psql scripts at once; returns the number that failed
sub run_sessions
{
	my ($sessions, $sql_of) = @_;
	my @runs;
	for my $s (1 .. $sessions)
	{
		my ($out, $err) = ('', '');
		my $h = IPC::Run::start(
			[ 'psql', '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', $node->connstr('postgres'),
			  '-c', $sql_of->($s) ],
			'>', \$out, '2>', \$err);
		push @runs, [ $h, \$err ];
	}
	my $failed = 0;
	for my $r (@runs)
	{
		$r->[0]->finish;
		if ($r->[0]->result != 0 || ${ $r->[1] } ne '')
		{
			$failed++;
			diag("session failed: ${ $r->[1] }");
		}
	}
	return $failed;
}

my $sessions = 16;
my $per = full_size() ? 100_000 : 20_000;
my $total = $sessions * $per;
my $t0 = time;
is(run_sessions($sessions, sub {
	my $s = shift;
	"INSERT INTO t SELECT scru64(), $s, g FROM generate_series(1, $per) g";
}), 0, "$sessions sessions took $per IDs each without errors");
my $elapsed = time - $t0;
my $clock_tick = $node->safe_psql('postgres',
	q{SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint >> 8});
diag(sprintf('%d IDs in %.2f s (%.0f per second)', $total, $elapsed, $total / $elapsed));

is($node->safe_psql('postgres', 'SELECT count(*) FROM t'), $total, "$total rows");
is($node->safe_psql('postgres', 'SELECT count(DISTINCT id) FROM t'), $total, 'no duplicate IDs');
is($node->safe_psql('postgres', q{
	SELECT count(*) FROM (
		SELECT id, lag(id) OVER (PARTITION BY session ORDER BY seq) AS prev FROM t) s
	WHERE id <= prev}), 0, 'each session\'s IDs strictly increasing');
is($node->safe_psql('postgres', 'SELECT count(*) FROM t WHERE scru64_node_id(id, 8) <> 42'),
	0, 'every ID carries node 42');
my $max_per_tick = $node->safe_psql('postgres',
	'SELECT max(c) FROM (SELECT count(*) AS c FROM t GROUP BY scru64_timestamp_ms(id)) s');
cmp_ok($max_per_tick, '<=', 65536, "at most 2^16 IDs per tick (max $max_per_tick)");
my ($first_tick, $last_tick) = split /\|/, $node->safe_psql('postgres',
	'SELECT min(scru64_timestamp_ms(id)) >> 8, max(scru64_timestamp_ms(id)) >> 8 FROM t');
cmp_ok(($last_tick - $first_tick + 1) * 65536, '>=', $total,
	'the IDs span enough ticks for the per-tick cap');
cmp_ok($last_tick, '<=', $clock_tick + 40,
	'no ID more than the allowance (39 ticks + the borrowed one) ahead of the clock');

# a small cap: 256 IDs per tick
$node->safe_psql('postgres', q{
	ALTER SYSTEM SET scru128.scru64_node_spec = '1/16';
	SELECT pg_reload_conf();});
$node->poll_query_until('postgres', q{SELECT scru64_node_spec() = '1/16'})
	or die 'node spec not reloaded';
$node->safe_psql('postgres', 'TRUNCATE t');
my $small = 4 * 3000;
$t0 = time;
is(run_sessions(4, sub {
	my $s = shift;
	"INSERT INTO t SELECT scru64(), $s, g FROM generate_series(1, 3000) g";
}), 0, '4 sessions took 3000 IDs each with node 1/16');
$elapsed = time - $t0;
my $min_time = ($small / 256 - 41) * 0.256;
cmp_ok($elapsed, '>=', $min_time,
	sprintf('waited for the clock: %.2f s for %d IDs at 256 per tick (at least %.2f s)',
		$elapsed, $small, $min_time));
is($node->safe_psql('postgres', 'SELECT count(DISTINCT id) FROM t'), $small, 'no duplicates at 1/16');
$max_per_tick = $node->safe_psql('postgres',
	'SELECT max(c) FROM (SELECT count(*) AS c FROM t GROUP BY scru64_timestamp_ms(id)) s');
cmp_ok($max_per_tick, '<=', 256, "at most 256 IDs per tick (max $max_per_tick)");
is($node->safe_psql('postgres', 'SELECT count(*) FROM t WHERE scru64_node_id(id, 16) <> 1'),
	0, 'every ID carries node 1 of 16 bits');

# statement_timeout interrupts a call waiting for the clock
$node->safe_psql('postgres', q{
	ALTER SYSTEM SET scru128.scru64_node_spec = '1/23';
	SELECT pg_reload_conf();});
$node->poll_query_until('postgres', q{SELECT scru64_node_spec() = '1/23'})
	or die 'node spec not reloaded';
$t0 = time;
my ($ret, $out, $err) = $node->psql('postgres', q{
	SET statement_timeout = '1s';
	SELECT count(scru64()) FROM generate_series(1, 100000);});
$elapsed = time - $t0;
isnt($ret, 0, 'a long wait for the clock fails');
like($err, qr/canceling statement due to statement timeout/, 'statement_timeout interrupted it');
cmp_ok($elapsed, '<', 15, sprintf('promptly (%.2f s)', $elapsed));
is($node->safe_psql('postgres', q{SELECT scru64_node_id(scru64(), 23)}), 1,
	'the generator works after the interrupted call');

$node->stop;
done_testing();
