
# Copyright: see the LICENSE file of the scru128 extension.
#
# Multi-writer uniqueness: three independent clusters generate IDs at the
# same time, two sessions each (six generators, 300k IDs per session, 600k
# per cluster; 60k per session on the majors other than the host's, see
# test/perl/Scru128Size.pm, with longer pauses between the batches, so
# that the run still spans more than a second).  The IDs are dumped with
# COPY and merged into one table:
#  - there are no duplicates, and a primary key can be built on the result;
#  - no ID from a later second sorts before one from an earlier second
#    (per-second min/max with scru128_timestamp), nor, more strictly, from
#    a later millisecond before one from an earlier millisecond;
#  - every generator's IDs increase strictly in generation order;
#  - the embedded timestamps lie within the wall-clock run, and the six
#    generators really ran concurrently (their time ranges overlap).

use strict;
use warnings;

use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib "$FindBin::RealBin/../perl";
use Scru128Size;

my $tempdir = PostgreSQL::Test::Utils::tempdir;
my $sessions_per_cluster = 2;
my $batches = 6;
my $batch_size = full_size() ? 50000 : 10000;    # 6 x 50k = 300k per session, or 60k
# the five pauses: at the small size they alone take more than a second, so
# the IDs span at least two seconds however fast the inserts are
my $pause = full_size() ? 0.1 : 0.25;
my $per_session = $batches * $batch_size;
my $per_cluster = $sessions_per_cluster * $per_session;

my @nodes;
foreach my $i (1 .. 3)
{
	my $node = PostgreSQL::Test::Cluster->new("writer$i");
	$node->init;
	# no statement logging: six sessions of batch inserts
	$node->append_conf('postgresql.conf', "log_statement = none\nsynchronous_commit = off");
	$node->start;
	$node->safe_psql('postgres', q{
CREATE EXTENSION scru128;
CREATE TABLE ids (sess integer NOT NULL, n integer NOT NULL, id scru128 PRIMARY KEY);});
	push @nodes, $node;
}

# all generators start at the same moment, a little in the future
my $start = $nodes[0]->safe_psql('postgres', q{SELECT clock_timestamp() + interval '2 s'});

my @runs;
foreach my $i (0 .. $#nodes)
{
	foreach my $s (1 .. $sessions_per_cluster)
	{
		my $script = "SELECT pg_sleep_until('$start');\n";
		foreach my $b (0 .. $batches - 1)
		{
			my $lo = $b * $batch_size + 1;
			my $hi = ($b + 1) * $batch_size;
			$script .=
			  "INSERT INTO ids SELECT $s, n, scru128() FROM generate_series($lo, $hi) n;\n";
			$script .= "SELECT pg_sleep($pause);\n" if $b < $batches - 1;
		}
		# script and output in files, so that each psql runs on its own
		# rather than when IPC::Run gets round to feeding it
		my $base = "$tempdir/gen_" . ($i + 1) . "_$s";
		PostgreSQL::Test::Utils::append_to_file("$base.sql", $script);
		my $h = IPC::Run::start(
			[ 'psql', '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', $nodes[$i]->connstr('postgres'), '-f', "$base.sql" ],
			'<', '/dev/null', '>', "$base.out", '2>', "$base.err");
		push @runs, { h => $h, base => $base, name => 'writer' . ($i + 1) . " session $s" };
	}
}
foreach my $r (@runs)
{
	my $ok = $r->{h}->finish;
	ok($ok, "$r->{name} finished cleanly") or diag slurp_file("$r->{base}.err");
}
my $end = $nodes[0]->safe_psql('postgres', 'SELECT clock_timestamp()');
note "generation window: $start .. $end";

foreach my $i (0 .. $#nodes)
{
	my $c = $i + 1;
	is($nodes[$i]->safe_psql('postgres', 'SELECT count(*) FROM ids'),
		$per_cluster, "writer$c generated $per_cluster IDs");
	$nodes[$i]->safe_psql('postgres',
		"COPY (SELECT $c, sess, n, id FROM ids) TO '$tempdir/writer$c.copy' (FORMAT binary)");
}

my $merge = $nodes[0];
$merge->safe_psql('postgres', q{
CREATE TABLE merged (cluster integer, sess integer, n integer, id scru128);});
$merge->safe_psql('postgres', "COPY merged FROM '$tempdir/writer$_.copy' (FORMAT binary)")
  foreach 1 .. 3;

my $total = 3 * $per_cluster;
is($merge->safe_psql('postgres', 'SELECT count(*) || \' \' || count(DISTINCT id) FROM merged'),
	"$total $total", "$total IDs merged, all distinct");
my ($ret, $out, $err) =
  $merge->psql('postgres', 'ALTER TABLE merged ADD PRIMARY KEY (id)');
is($ret, 0, 'a primary key builds on the merged IDs') or diag $err;

# per-second min/max: the largest ID of each second is below the smallest
# of the next second that has IDs
my ($seconds, $violations) = split /\|/, $merge->safe_psql(
	'postgres', q{
WITH per_second AS (
	SELECT date_trunc('second', scru128_timestamp(id)) AS sec, min(id) AS lo, max(id) AS hi
	FROM merged GROUP BY 1)
SELECT count(*), count(*) FILTER (WHERE prev_hi >= lo)
FROM (SELECT lo, lag(hi) OVER (ORDER BY sec) AS prev_hi FROM per_second) s});
cmp_ok($seconds, '>=', 2, "the IDs span $seconds seconds");
is($violations, '0', 'no ID from a later second sorts before one from an earlier second');

is( $merge->safe_psql(
		'postgres', q{
SELECT count(*) FROM (
	SELECT scru128_timestamp_ms(id) AS ms,
		   lag(scru128_timestamp_ms(id)) OVER (ORDER BY id) AS prev_ms
	FROM merged) s
WHERE ms < prev_ms}),
	'0',
	'in ID order the embedded milliseconds never decrease');

is( $merge->safe_psql(
		'postgres', q{
SELECT count(*) FROM (
	SELECT id, lag(id) OVER (PARTITION BY cluster, sess ORDER BY n) AS prev FROM merged) s
WHERE id <= prev}),
	'0',
	'each generator\'s IDs increase strictly in generation order');

is( $merge->safe_psql(
		'postgres', qq{
SELECT count(*) FROM merged
WHERE scru128_timestamp(id) < date_trunc('milliseconds', '$start'::timestamptz)
   OR scru128_timestamp(id) > '$end'::timestamptz}),
	'0',
	'every embedded timestamp lies within the generation window');

is( $merge->safe_psql(
		'postgres', q{
SELECT count(*) || ' ' || (max(first) < min(last))
FROM (SELECT cluster, sess, min(scru128_timestamp(id)) AS first, max(scru128_timestamp(id)) AS last
	  FROM merged GROUP BY cluster, sess) g}),
	'6 true',
	'the six generators ran concurrently (their time ranges overlap)')
  or diag $merge->safe_psql('postgres', q{
SELECT cluster, sess, min(scru128_timestamp(id)), max(scru128_timestamp(id))
FROM merged GROUP BY cluster, sess ORDER BY 1, 2});

$_->stop foreach @nodes;
done_testing();
