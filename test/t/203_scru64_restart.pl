# Copyright: see the LICENSE file of the scru128 extension.
#
# The shared state of scru64() after a crash, a restart and a change of
# node spec.
#
# Crash: sessions take IDs (psql prints each batch only once it has it, so
# the output is the list of acknowledged IDs) while one backend is killed
# with SIGKILL; the server recovers, and IDs taken right after the restart
# (likely in the same 256 ms tick as the last ones before it) repeat none
# of the acknowledged ones: a new state issues nothing in the tick it
# started in.  The same after a fast restart.
#
# Reload: a new node spec gives a new state whose IDs carry the new node
# and sort after every ID the old node issued; a node_prev spec resumes
# right after the given ID.

use strict;
use warnings;
use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(usleep);

my $tempdir = PostgreSQL::Test::Utils::tempdir;
my $node = PostgreSQL::Test::Cluster->new('scru64_restart');
$node->init;
$node->append_conf('postgresql.conf',
	"restart_after_crash = on\nscru128.scru64_node_spec = '42/8'\n");
$node->start;
if ($node->safe_psql('postgres', 'SHOW server_version_num') < 170000)
{
	$node->append_conf('postgresql.conf', "shared_preload_libraries = 'scru128'\n");
	$node->restart;
}
$node->safe_psql('postgres', 'CREATE EXTENSION scru128; CREATE TABLE acked (id scru64, phase text)');

# read the IDs a psql run printed
sub ids_of
{
	my ($file) = @_;
	open my $fh, '<', $file or return ();
	my @ids = grep { /^[0-9a-z]{12}$/ } map { chomp; $_ } <$fh>;
	close $fh;
	return @ids;
}

sub store
{
	my ($phase, @ids) = @_;
	return unless @ids;
	my $file = "$tempdir/store_$phase.txt";
	open my $fh, '>', $file or die;
	print $fh map { "$_\t$phase\n" } @ids;
	close $fh;
	$node->safe_psql('postgres', "COPY acked FROM '$file'");
}

# round 1: three sessions take IDs in small batches until the crash
my $script = "$tempdir/take.sql";
open my $fh, '>', $script or die;
print $fh "SELECT scru64() FROM generate_series(1, 50);\n" for 1 .. 100_000;
close $fh;
my @runs;
for my $w (1 .. 3)
{
	my $h = IPC::Run::start(
		[ 'psql', '-X', '-At', '-d', $node->connstr('postgres'), '-f', $script ],
		'>', "$tempdir/crash_$w.txt", '2>', "$tempdir/crash_$w.err");
	push @runs, $h;
}
usleep(1_000_000);
my $pid = '';
for (1 .. 100)
{
	$pid = $node->safe_psql('postgres',
		q{SELECT pid FROM pg_stat_activity WHERE query LIKE 'SELECT scru64()%' AND pid <> pg_backend_pid() LIMIT 1});
	last if $pid =~ /^\d+$/;
	usleep(100_000);
}
ok($pid =~ /^\d+$/, 'found a generating backend');
kill 'KILL', $pid;
$_->finish for @runs;
$node->poll_query_until('postgres', 'SELECT true') or die 'server did not recover';
my $after = $node->safe_psql('postgres', 'SELECT scru64() FROM generate_series(1, 20000)');
my @before = map { ids_of("$tempdir/crash_$_.txt") } 1 .. 3;
cmp_ok(scalar(@before), '>', 1000, scalar(@before) . ' IDs acknowledged before the crash');
store('before_crash', @before);
store('after_crash', split /\n/, $after);
is($node->safe_psql('postgres', q{
	SELECT count(*) FROM acked a JOIN acked b ON a.id = b.id
	WHERE a.phase = 'before_crash' AND b.phase = 'after_crash'}), 0,
	'no acknowledged ID issued again after crash recovery');
is($node->safe_psql('postgres', q{
	SELECT (SELECT min(id) FROM acked WHERE phase = 'after_crash') >
		   (SELECT max(id) FROM acked WHERE phase = 'before_crash')}), 't',
	'IDs after the recovery sort after every acknowledged one');
is($node->safe_psql('postgres', 'SELECT count(*) - count(DISTINCT id) FROM acked'), 0,
	'no duplicates at all');

# a fast restart, IDs right before and right after
my $last = $node->safe_psql('postgres', 'SELECT max(x) FROM (SELECT scru64() x FROM generate_series(1, 5000)) s');
$node->restart;
my $first = $node->safe_psql('postgres', 'SELECT scru64()');
cmp_ok($first, 'gt', $last, 'first ID after a restart sorts after the last one before it');
is($node->safe_psql('postgres',
	qq{SELECT scru64_timestamp_ms('$first') > scru64_timestamp_ms('$last')}), 't',
	'and is in a later tick');

# reload with another node: new state, after every ID of the old node
$last = $node->safe_psql('postgres', 'SELECT max(x) FROM (SELECT scru64() x FROM generate_series(1, 70000)) s');
$node->safe_psql('postgres', q{ALTER SYSTEM SET scru128.scru64_node_spec = '43/8'; SELECT pg_reload_conf();});
$node->poll_query_until('postgres', q{SELECT scru64_node_spec() = '43/8'}) or die;
my $new = $node->safe_psql('postgres', 'SELECT scru64()');
is($node->safe_psql('postgres', qq{SELECT scru64_node_id('$new', 8)}), 43, 'new node 43 in use');
cmp_ok($new, 'gt', $last, 'the new node\'s first ID sorts after the old node\'s last');

# node_prev: resume right after a given ID, here one 20 ticks ahead of the
# clock (at most 40 are allowed), once the clock has passed the state (up
# to 41 ticks ahead after the restart), so that the given ID is the latest
$node->poll_query_until('postgres', q{
	SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint / 256 >
		   scru64_timestamp_ms(scru64()) >> 8})
  or die 'the clock did not pass the state';
my $prev = $node->safe_psql('postgres', q{
	SELECT scru64_from_parts((extract(epoch FROM clock_timestamp()) * 1000)::bigint / 256 + 20,
							 (44 << 16) | 65000)});
$node->safe_psql('postgres', qq{ALTER SYSTEM SET scru128.scru64_node_spec = '$prev/8'; SELECT pg_reload_conf();});
$node->poll_query_until('postgres', qq{SELECT scru64_node_spec() = '$prev/8'}) or die;
my $resumed = $node->safe_psql('postgres', 'SELECT scru64()');
is($node->safe_psql('postgres', qq{SELECT scru64_node_id('$resumed', 8)}), 44,
	'node_prev spec: node from the given ID');
is($node->safe_psql('postgres', qq{SELECT '$resumed'::scru64::bigint - '$prev'::scru64::bigint}), 1,
	'node_prev spec: resumes right after the given ID');

$node->stop;
done_testing();
