
# Copyright: see the LICENSE file of the scru128 extension.
#
# Crash recovery.  Three writers insert rows with scru128() keys, in small
# autocommit statements whose RETURNING output psql prints only once the
# statement has committed, so the output is the list of acknowledged rows.
#
# Round 1: one writer's backend is killed with SIGKILL in the middle of the
# inserts; the postmaster kills the others and recovers (restart_after_crash).
# Round 2: the server is stopped in immediate mode during the inserts and
# started again.
#
# After each recovery: every acknowledged row is present exactly once, there
# are no duplicate keys or (writer, seq) pairs in the heap, at most one
# unacknowledged statement per writer made it in, the primary key passes
# amcheck with heapallindexed, and new IDs sort after all the old ones.

use strict;
use warnings;

use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib "$FindBin::RealBin/../perl";
use Scru128Needs;

needs_extensions('amcheck');

my $tempdir = PostgreSQL::Test::Utils::tempdir;
my $writers = 3;
my $batch = 20;              # rows per statement
my $statements = 20000;      # per writer: far more than run before the crash

my $node = PostgreSQL::Test::Cluster->new('crash');
$node->init;
$node->append_conf('postgresql.conf', "restart_after_crash = on\nlog_statement = none");
$node->start;
$node->safe_psql(
	'postgres', q{
CREATE EXTENSION scru128;
CREATE EXTENSION amcheck;
CREATE TABLE t (
	id     scru128 PRIMARY KEY DEFAULT scru128(),
	round  integer NOT NULL,
	writer integer NOT NULL,
	seq    integer NOT NULL
);
CREATE INDEX t_writer_seq ON t (round, writer, seq);});

# start the writers of round $round; returns their handles
sub start_writers
{
	my ($round) = @_;
	my @w;
	foreach my $w (1 .. $writers)
	{
		my $base = "$tempdir/r${round}_w$w";
		open my $fh, '>', "$base.sql" or die;
		foreach my $k (0 .. $statements - 1)
		{
			my $lo = $k * $batch + 1;
			my $hi = $lo + $batch - 1;
			print $fh "INSERT INTO t (round, writer, seq) SELECT $round, $w, g "
			  . "FROM generate_series($lo, $hi) g RETURNING id, writer, seq;\n";
		}
		close $fh;
		my $h = IPC::Run::start(
			[ 'psql', '-X', '-A', '-t', '-q', '-v', 'ON_ERROR_STOP=1',
			  '-d', $node->connstr('postgres') . " application_name=writer$w",
			  '-f', "$base.sql" ],
			'<', '/dev/null', '>', "$base.out", '2>', "$base.err");
		push @w, { h => $h, base => $base, writer => $w };
	}
	return @w;
}

# wait until the writers have committed $n rows of round $round
sub wait_rows
{
	my ($round, $n) = @_;
	$node->poll_query_until('postgres',
		"SELECT count(*) >= $n FROM t WHERE round = $round")
	  or die "timed out waiting for $n rows";
}

# wait for the writers to fail, then check the table against their output
sub check_round
{
	my ($round, @w) = @_;
	my $acked = 0;
	my %acked_ids;
	my @lines;
	foreach my $w (@w)
	{
		$w->{h}->finish;    # psql fails when its connection goes
		my $err = slurp_file("$w->{base}.err");
		like($err, qr/server closed the connection|terminating connection|connection to server was lost|no connection to the server/,
			"round $round: writer $w->{writer} lost its connection in the crash");
		foreach my $line (split /\n/, slurp_file("$w->{base}.out"))
		{
			next if $line eq '';
			my ($id, $writer, $seq) = split /\|/, $line;
			die "unexpected output line: $line" unless defined $seq;
			$acked_ids{$id}++;
			push @lines, "$id\t$round\t$writer\t$seq\n";
		}
	}
	$acked = scalar(@lines);
	cmp_ok($acked, '>=', $batch * $writers, "round $round: $acked acknowledged rows");
	is(scalar(grep { $_ > 1 } values %acked_ids), 0,
		"round $round: no ID was acknowledged twice");

	open my $fh, '>', "$tempdir/acked_$round.tsv" or die;
	print $fh @lines;
	close $fh;
	$node->safe_psql('postgres', qq{
CREATE TABLE acked_$round (id scru128, round integer, writer integer, seq integer);
COPY acked_$round FROM '$tempdir/acked_$round.tsv';});

	is( $node->safe_psql(
			'postgres', qq{
SELECT count(*) FROM acked_$round a
WHERE (SELECT count(*) FROM t WHERE t.id = a.id AND t.round = a.round
		AND t.writer = a.writer AND t.seq = a.seq) <> 1}),
		'0',
		"round $round: every acknowledged row is present exactly once");

	# heap only: duplicates would not show through the unique index
	is( $node->safe_psql(
			'postgres', qq{
SET enable_indexscan = off; SET enable_bitmapscan = off; SET enable_indexonlyscan = off;
SELECT (count(*) - count(DISTINCT id)) || ' ' || (count(*) - count(DISTINCT (writer, seq)))
FROM t WHERE round = $round}),
		'0 0',
		"round $round: no duplicate IDs or (writer, seq) pairs in the heap");

	my $extra = $node->safe_psql('postgres', qq{
SET enable_indexscan = off; SET enable_bitmapscan = off; SET enable_indexonlyscan = off;
SELECT count(*) FROM t
WHERE round = $round AND NOT EXISTS (SELECT FROM acked_$round a WHERE a.id = t.id)});
	cmp_ok($extra, '<=', $batch * $writers,
		"round $round: at most one unacknowledged statement per writer committed ($extra rows)");
	is($extra % $batch, 0, "round $round: the unacknowledged rows are whole statements");

	my ($ret, $out, $err) = $node->psql('postgres',
		q{SELECT bt_index_check('t_pkey', heapallindexed => true),
				 bt_index_check('t_writer_seq', heapallindexed => true)});
	is($ret, 0, "round $round: indexes pass bt_index_check(heapallindexed)") or diag $err;

	is( $node->safe_psql(
			'postgres', qq{
INSERT INTO t (round, writer, seq) VALUES (-$round, 0, 0)
RETURNING id > (SELECT max(id) FROM t WHERE round >= 0)}),
		't',
		"round $round: a new ID sorts after every ID from before the crash");
}

# round 1: SIGKILL of one writer's backend
my @w = start_writers(1);
wait_rows(1, 20000);
# catch writer 2's backend while it runs a statement (it may be between
# two statements when we look)
my $pid = '';
for my $try (1 .. 100)
{
	# after 100 tries, take it in whatever state it is
	my $state = $try < 100 ? q{AND state = 'active'} : '';
	$pid = $node->safe_psql('postgres',
		qq{SELECT pid FROM pg_stat_activity WHERE application_name = 'writer2' $state LIMIT 1});
	last if $pid ne '';
}
like($pid, qr/^\d+$/, 'found the backend of writer 2 inserting');
my $log_offset = -s $node->logfile;
ok(kill('KILL', $pid), "SIGKILL sent to backend $pid");
$node->wait_for_log(qr/all server processes terminated; reinitializing/, $log_offset);
$node->poll_query_until('postgres', 'SELECT true') or die 'no recovery';
ok($node->log_contains(qr/database system was not properly shut down; automatic recovery in progress/,
		$log_offset), 'round 1: the server went through crash recovery');
check_round(1, @w);

# round 2: immediate shutdown in the middle of the inserts
@w = start_writers(2);
wait_rows(2, 20000);
$log_offset = -s $node->logfile;
$node->stop('immediate');
$node->start;
ok($node->log_contains(qr/database system was interrupted|not properly shut down/, $log_offset),
	'round 2: the server went through crash recovery');
check_round(2, @w);

# round 1's rows are still all there after round 2's crash
is( $node->safe_psql(
		'postgres', q{SELECT count(*) FROM acked_1 a WHERE NOT EXISTS (SELECT 1 FROM t WHERE t.id = a.id)}),
	'0',
	'round 1 rows survived round 2');

$node->stop;
done_testing();
