# Copyright: see the LICENSE file of the scru128 extension.
#
# scru64() while the node spec changes: IDs stay strictly increasing in
# the order they are issued, across all sessions and every spec, and no ID
# is issued twice (issue 19).
#
# 1. One spec after another (each step its own connection; the state is
#    the server's): 1/16, 10 IDs; 0/15 (whose ID space holds all of 1/16's),
#    3000 IDs; 1/16 again, 3000 IDs.  Both specs run ahead of the clock,
#    so the third step starts in ticks the second one already used.
# 2. Back to an earlier spec of the same size: 1/16, 2/16, 1/16.
# 3. A statement that is running while the spec changes keeps the old spec
#    (a backend applies a reload between statements): session A takes IDs
#    under 0/15 and waits in the middle of its statement; the spec becomes
#    1/16 and session B takes 3000 IDs; then A takes more, still under
#    0/15.  The phases A1, B, A2 follow each other in time, so their IDs
#    must too.
# 4. node_prev specs that could block: the reserved last tick is refused
#    when set; one an hour ahead of the clock makes scru64() fail at once
#    with 22023 instead of waiting; a later, sane spec is not held back by
#    it; one within the allowance resumes right after the given ID.
#
# statement_timeout bounds every call that could wait, so a regression
# fails here instead of hanging; no assertion depends on timing.

use strict;
use warnings;
use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(usleep);

my $node = PostgreSQL::Test::Cluster->new('scru64_spec_change');
$node->init;
$node->append_conf('postgresql.conf', "fsync = off\nscru128.scru64_node_spec = '1/16'\n");
$node->start;
if ($node->safe_psql('postgres', 'SHOW server_version_num') < 170000)
{
	$node->append_conf('postgresql.conf', "shared_preload_libraries = 'scru128'\n");
	$node->restart;
}
$node->safe_psql('postgres', q{
	CREATE EXTENSION scru128;
	CREATE SEQUENCE s;
	CREATE TABLE ids (id scru64, phase text, spec text, seq bigint);
	CREATE TABLE flag (go boolean);
});

sub set_spec
{
	my ($spec, $canonical) = @_;
	$canonical //= $spec;
	$node->safe_psql('postgres',
		qq{ALTER SYSTEM SET scru128.scru64_node_spec = '$spec'; SELECT pg_reload_conf();});
	$node->poll_query_until('postgres', qq{SELECT scru64_node_spec() = '$canonical'})
	  or die "node spec $spec not reloaded";
}

# takes $n IDs in one statement; the sequence numbers them in issue order
sub take
{
	my ($phase, $n) = @_;
	$node->safe_psql('postgres', qq{
		SET statement_timeout = '120s';
		INSERT INTO ids SELECT scru64(), '$phase', scru64_node_spec(), nextval('s')
		FROM generate_series(1, $n)});
}

# duplicates and order violations among the phases given, in that order:
# IDs not above the one issued before, and IDs below one issued earlier
sub check_phases
{
	my ($what, @phases) = @_;
	my $list = join(', ', map { "'$_'" } @phases);
	my $order = join(' ', map { "WHEN '$phases[$_]' THEN $_" } 0 .. $#phases);
	my ($rows, $dups, $back, $below) = split /\|/, $node->safe_psql('postgres', qq{
		SELECT count(*), count(*) - count(DISTINCT id),
			   count(*) FILTER (WHERE id <= prev), count(*) FILTER (WHERE id <= earlier)
		FROM (SELECT id, lag(id) OVER w AS prev,
					 max(id) OVER (w ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS earlier
			  FROM ids WHERE phase IN ($list)
			  WINDOW w AS (ORDER BY CASE phase $order END, seq)) x});
	diag("$what: $rows IDs, $dups duplicates, $back not above the one before, $below not above every earlier one");
	is($dups, 0, "$what: no duplicate IDs");
	is($back, 0, "$what: IDs strictly increasing in the order issued");
	is($below, 0, "$what: no ID below an earlier one");
	return $rows;
}

# 1. 1/16 -> 0/15 -> 1/16
take('s1', 10);
set_spec('0/15');
take('s2', 3000);
set_spec('1/16');
take('s3', 3000);
is(check_phases('1/16, 0/15, 1/16', 's1', 's2', 's3'), 6010, 'all 6010 IDs stored');
is($node->safe_psql('postgres', q{
	SELECT count(*) FROM ids WHERE phase IN ('s1', 's3') AND scru64_node_id(id, 16) <> 1
	UNION ALL
	SELECT count(*) FROM ids WHERE phase = 's2' AND scru64_node_id(id, 15) <> 0}), "0\n0",
	'each ID carries the node of its spec');

# 2. back to an earlier spec of the same size
set_spec('2/16');
take('r1', 3000);
set_spec('1/16');
take('r2', 3000);
check_phases('1/16, 2/16, 1/16', 's3', 'r1', 'r2');

# 3. a statement running while the spec changes
set_spec('0/15');
$node->safe_psql('postgres', 'TRUNCATE flag');
my ($a_out, $a_err) = ('', '');
my $a = IPC::Run::start(
	[ 'psql', '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', $node->connstr('postgres'), '-c', q{
		SET statement_timeout = '300s';
		SET application_name = 'session_a';
		DO $$
		BEGIN
			INSERT INTO ids SELECT scru64(), 'A1', scru64_node_spec(), nextval('s')
			FROM generate_series(1, 5000);
			WHILE NOT EXISTS (SELECT FROM flag) LOOP
				PERFORM pg_sleep(0.02);
			END LOOP;
			INSERT INTO ids SELECT scru64(), 'A2', scru64_node_spec(), nextval('s')
			FROM generate_series(1, 5000);
		END
		$$;} ],
	'>', \$a_out, '2>', \$a_err);
$node->poll_query_until('postgres', q{
	SELECT EXISTS (SELECT FROM pg_stat_activity
				   WHERE application_name = 'session_a' AND wait_event = 'PgSleep')})
  or die 'session A did not reach its wait';
set_spec('1/16');
take('B', 3000);
$node->safe_psql('postgres', 'INSERT INTO flag VALUES (true)');
$a->finish;
ok(!$a->result, 'session A finished') or diag($a_err);
is($node->safe_psql('postgres', q{
	SELECT phase || ' ' || spec || ' ' || count(*) FROM ids
	WHERE phase IN ('A1', 'B', 'A2') GROUP BY phase, spec ORDER BY phase}),
	"A1 0/15 5000\nA2 0/15 5000\nB 1/16 3000",
	'A kept 0/15 through its statement while B used 1/16');
check_phases('A under 0/15, B under 1/16 meanwhile, A again', 'A1', 'B', 'A2');
is($node->safe_psql('postgres', 'SELECT count(*) - count(DISTINCT id) FROM ids'), 0,
	'no duplicates among all IDs of this test');

# 4. node_prev specs that could block
# (in a session that has loaded the library: on 17 and later, without the
# preload, ALTER SYSTEM cannot check a setting of a library not loaded)
my ($ret, $out, $err) = $node->psql('postgres', q{
	SELECT scru64_node_spec();
	ALTER SYSTEM SET scru128.scru64_node_spec = 'zzzzzzzzzzzz/1';});
isnt($ret, 0, 'a previous ID in the reserved last tick is refused');
like($err, qr/invalid value for parameter "scru128.scru64_node_spec".*\n.*last tick/,
	'with a message saying why');
($ret, $out, $err) = $node->psql('postgres', q{SELECT scru64_node_spec('zzzzzzzzzzzz/1')},
	extra_params => [ '-v', 'VERBOSITY=verbose' ]);
like($err, qr/22023/, 'scru64_node_spec(text) refuses it too (22023)');

my $ahead = $node->safe_psql('postgres', q{
	SELECT scru64_from_parts((scru64_timestamp_ms(scru64()) >> 8) + 3600 * 1000 / 256, (44 << 16) | 7)});
set_spec("$ahead/8");
($ret, $out, $err) = $node->psql('postgres', q{SET statement_timeout = '60s'; SELECT scru64()},
	extra_params => [ '-v', 'VERBOSITY=verbose' ]);
isnt($ret, 0, 'a node_prev an hour ahead: scru64() fails');
like($err, qr/22023/, 'with SQLSTATE 22023');
like($err, qr/ahead of the clock/, 'saying the previous ID is ahead of the clock');
unlike($err, qr/statement timeout/, 'at once, not at statement_timeout');
($ret, $out, $err) = $node->psql('postgres', q{
	SET statement_timeout = '60s';
	INSERT INTO ids SELECT scru64(), 'never', NULL, 0});
like($err, qr/ahead of the clock/, 'so does a column default');

set_spec('43/8');
($ret, $out, $err) = $node->psql('postgres', q{
	SET statement_timeout = '60s';
	SELECT scru64_node_id(x, 8),
		   (scru64_timestamp_ms(x) >> 8) <= (extract(epoch FROM clock_timestamp()) * 1000)::bigint / 256 + 40
	FROM (SELECT scru64() x) s});
is($ret, 0, 'a sane spec after the hour-ahead one works') or diag($err);
is($out, '43|t', 'node 43, not ahead of the clock by more than the allowance');
take('after', 20000);
check_phases('43/8 after the hour-ahead spec', 'r2', 'B', 'A2', 'after');

# within the allowance: resumes right after the given ID
# (once the clock has passed every ID so far, so that the given ID is the
# latest and still within the allowance)
$node->poll_query_until('postgres', q{
	SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint / 256 >
		   (SELECT scru64_timestamp_ms(max(id)) >> 8 FROM ids)})
  or die 'the clock did not pass the IDs issued';
my $near = $node->safe_psql('postgres', q{
	SELECT scru64_from_parts((extract(epoch FROM clock_timestamp()) * 1000)::bigint / 256 + 10,
							 (45 << 16) | 65000)});
set_spec("$near/8");
is($node->safe_psql('postgres', qq{
	SET statement_timeout = '60s';
	SELECT scru64()::bigint - '$near'::scru64::bigint}), 1,
	'a node_prev 10 ticks ahead: resumes right after it');

$node->stop;
done_testing();
