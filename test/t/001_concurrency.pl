# Eight sessions insert into one table keyed by DEFAULT scru128() at the
# same time: no errors, no duplicates, and each session's IDs strictly
# increasing in the order it inserted them.  200k rows per session on
# the host's major, 40k on the others (test/perl/Scru128Size.pm): the same
# twenty statements per session, each of a fifth of the rows.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use IPC::Run;
use FindBin;
use lib "$FindBin::RealBin/../perl";
use Scru128Size;

my $sessions = 8;
my $batches = 20;
my $batch_rows = full_size() ? 10000 : 2000;

my $node = PostgreSQL::Test::Cluster->new('concurrency');
$node->init;
$node->append_conf('postgresql.conf', "max_connections = 20\nfsync = off\n");
$node->start;

$node->safe_psql('postgres', q{
	CREATE EXTENSION scru128;
	CREATE TABLE t (id scru128 PRIMARY KEY DEFAULT scru128(), session integer, seq integer);
});

my @runs;
for my $s (1 .. $sessions)
{
	my $script = "$PostgreSQL::Test::Utils::tmp_check/concurrency_$s.sql";
	open my $fh, '>', $script or die "could not write $script: $!";
	for my $b (0 .. $batches - 1)
	{
		my $from = $b * $batch_rows + 1;
		my $to = ($b + 1) * $batch_rows;
		print $fh "INSERT INTO t (session, seq) SELECT $s, g FROM generate_series($from, $to) g;\n";
	}
	close $fh;
	my ($out, $err) = ('', '');
	my $h = IPC::Run::start(
		[ 'psql', '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', $node->connstr('postgres'), '-f', $script ],
		'>', \$out, '2>', \$err);
	push @runs, [ $h, \$out, \$err ];
}

my $errors = 0;
for my $r (@runs)
{
	my ($h, $out, $err) = @$r;
	$h->finish;
	if ($h->result != 0 || $$err ne '')
	{
		$errors++;
		diag("session failed: $$err");
	}
}
is($errors, 0, "$sessions concurrent sessions inserted without errors");

my $total = $sessions * $batches * $batch_rows;
is($node->safe_psql('postgres', 'SELECT count(*) FROM t'), $total, "$total rows inserted");
is($node->safe_psql('postgres', 'SELECT count(DISTINCT id) FROM t'), $total, 'no duplicate IDs');
is( $node->safe_psql(
		'postgres', q{
	SELECT count(*) FROM (
		SELECT id, lag(id) OVER (PARTITION BY session ORDER BY seq) AS prev FROM t) s
	WHERE id <= prev}),
	0,
	'each session\'s IDs strictly increasing in insert order');
is( $node->safe_psql(
		'postgres', q{
	SELECT count(DISTINCT session) FROM t}),
	$sessions,
	'every session contributed');

$node->stop;
done_testing();
