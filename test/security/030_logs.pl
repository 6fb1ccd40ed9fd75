# Copyright: see the LICENSE file of the scru128 extension.
#
# doc/security.md, section "What reaches the server log and
# pg_stat_statements", rows "A successful call", "A failing call" and
# "pg_stat_statements": what the native extension and the SQL edition put
# where other roles (the server's administrators, pg_read_all_stats) read
# it.
#
#  1. A role with CONNECT only calls every generator of the native
#     extension (session and server scope) and of the SQL edition, and
#     every codec, thousands of times: the server log gets no line from
#     it (no per-call LOG, NOTICE or WARNING a role could flood the log
#     with, and no ID or generator state).
#  2. A failing call logs one ERROR naming what the caller passed (and the
#     statement, as PostgreSQL does), and nothing of another session: the
#     IDs another session made are in no line of the log.
#  3. pg_stat_statements with track = all and track_utility = on: the
#     native functions run no SQL of their own (only the caller's
#     statements are recorded); the SQL edition's statements inside its
#     functions are recorded with their values as parameters, so no
#     generator state (scru128_sql.scru128_state and the others, written
#     with set_config(), not with a SET whose text would be recorded as it
#     is) and no ID made appears in any recorded query text.  Another role
#     reads no query text of that role.

use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $plain = ($ENV{TESTDIR} // '.') . '/portable/scru128_sql.sql';
die "no $plain" unless -f $plain;

my $node = PostgreSQL::Test::Cluster->new('logs');
$node->init;
my $pgss = -f $node->config_data('--sharedir') . '/extension/pg_stat_statements.control';
if (!$pgss)
{
	if ($ENV{CI})
	{
		fail('pg_stat_statements is installed on this server (CI=true)');
		done_testing();
		exit 0;
	}
	diag('pg_stat_statements is not installed on this server: its checks (3.) are skipped');
}
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'scru128"
	  . ($pgss ? ",pg_stat_statements'\n" : "'\n")
	  . "scru128.scru64_node_spec = '42/8'\n"
	  . "log_checkpoints = off\nlog_autovacuum_min_duration = -1\nlog_statement = none\n"
	  . ($pgss ? "pg_stat_statements.track = all\npg_stat_statements.track_utility = on\n" : ''));
$node->start;

$node->safe_psql('postgres', q{
CREATE ROLE plain LOGIN;
CREATE ROLE other LOGIN;
CREATE DATABASE app;});
$node->safe_psql('app', 'CREATE EXTENSION scru128');
$node->safe_psql('app', 'CREATE EXTENSION pg_stat_statements') if $pgss;
my ($ret, $out, $err) = $node->psql('app', undef, extra_params => [ '-q', '-1', '-f', $plain ]);
is($ret, 0, 'the SQL edition\'s plain script installed') or diag $err;
# the SQL edition's node spec, through its setter where it has one
$node->safe_psql('app', q{
SELECT CASE WHEN to_regprocedure('scru128_sql.scru64_set_node_spec(text)') IS NOT NULL
	THEN format('SELECT scru128_sql.scru64_set_node_spec(%L)', '43/8')
	ELSE format('INSERT INTO scru128_sql.scru64_node (node_spec) VALUES (%L)', '43/8') END \gexec});

sub psql_as
{
	my ($role, $sql) = @_;
	my ($out, $err);
	my $ret = $node->psql('app', $sql, stdout => \$out, stderr => \$err,
		extra_params => [ '-U', $role, '-v', 'VERBOSITY=verbose' ]);
	return ($ret, $out, $err);
}

# the lines the server wrote to its log since offset $from
sub log_since
{
	my ($from) = @_;
	my $log = slurp_file($node->logfile);
	return substr($log, $from);
}

#
# 1. calls that succeed
#
my $calls = q{
SELECT count(DISTINCT x) FROM (
	SELECT scru128()::text AS x FROM generate_series(1, 2000)
	UNION ALL SELECT scru160()::text FROM generate_series(1, 2000)
	UNION ALL SELECT scru64()::text FROM generate_series(1, 2000)
	UNION ALL SELECT public.uuidv7()::text FROM generate_series(1, 2000)
	UNION ALL SELECT uuidv6()::text FROM generate_series(1, 2000)
	UNION ALL SELECT ulid()::text FROM generate_series(1, 2000)
	UNION ALL SELECT scru128_sql.scru128_to_text(scru128_sql.scru128()) FROM generate_series(1, 2000)
	UNION ALL SELECT scru128_sql.scru64()::text FROM generate_series(1, 200)
	UNION ALL SELECT scru128_sql.scru160_to_text(scru128_sql.scru160()) FROM generate_series(1, 2000)
	UNION ALL SELECT scru128_sql.uuidv7()::text FROM generate_series(1, 2000)
	UNION ALL SELECT scru128_sql.ulid_to_text(scru128_sql.ulid()) FROM generate_series(1, 2000)
	UNION ALL SELECT (x::text::scru128)::text FROM (SELECT scru128() x FROM generate_series(1, 2000)) s
	UNION ALL SELECT scru128_sql.scru128_to_text(scru128_sql.scru128_from_text(scru128()::text)) FROM generate_series(1, 2000)) t;
};
my $offset = length(slurp_file($node->logfile));
($ret, $out, $err) = psql_as('plain', "$calls SET scru128.generator_scope = server; $calls");
is($ret, 0, 'a role with CONNECT only calls every generator and codec, in both scopes') or diag $err;
like($out, qr/^24200\n24200$/, '... 24200 distinct IDs each time');
my $new = log_since($offset);
is($new, '', '... and the server log got no line from it') or diag $new;

#
# 2. a failing call
#
my @made = split /\n/, (psql_as('other', q{
SELECT scru128()::text FROM generate_series(1, 20)
UNION ALL SELECT scru128_sql.scru128_to_text(scru128_sql.scru128()) FROM generate_series(1, 20)}))[1];
is(scalar(@made), 40, 'another role made 40 IDs');
$offset = length(slurp_file($node->logfile));
for my $bad (q{SELECT 'not-an-id-1'::scru128}, q{SELECT scru128_sql.scru128_from_text('not-an-id-2')},
	q{SELECT scru64_node_spec('not-a-spec-3')}, q{SELECT scru128_sql.scru64_node_spec('not-a-spec-4')})
{
	($ret, $out, $err) = psql_as('plain', $bad);
	isnt($ret, 0, "failing: $bad");
}
$new = log_since($offset);
my @lines = grep { /^\S.*(ERROR|WARNING|NOTICE|LOG|DETAIL|HINT|STATEMENT|CONTEXT):/ } split /\n/, $new;
is(scalar(grep { /ERROR:/ } @lines), 4, 'four failing calls, four ERROR lines') or diag $new;
is(scalar(grep { /WARNING:|NOTICE:|LOG:/ } @lines), 0, '... and no WARNING, NOTICE or LOG') or diag $new;
for my $n (1 .. 4)
{
	ok((grep { /ERROR:.*not-a[n-]*(id|spec)-$n/ } @lines) == 1, "... error $n names the value the caller passed");
}
is(scalar(grep { my $l = $_; grep { index($l, $_) >= 0 } @made } split /\n/, slurp_file($node->logfile)), 0,
	'no ID another session made is in the log');

#
# 3. pg_stat_statements
#
SKIP:
{
	skip 'pg_stat_statements is not installed on this server', 5 unless $pgss;
	$node->safe_psql('app', 'SELECT pg_stat_statements_reset()');
	($ret, $out, $err) = psql_as('plain', q{
SELECT scru128() IS NOT NULL, scru64() IS NOT NULL, ulid() IS NOT NULL, public.uuidv7() IS NOT NULL;
SELECT '0000000000000000000000000'::scru128 < scru128(), scru128_timestamp(scru128()) <= now() + interval '1 min';});
	is($ret, 0, 'a role calls the native functions') or diag $err;
	is( $node->safe_psql('app', q{
SELECT string_agg(query, ' | ' ORDER BY query) FROM pg_stat_statements
WHERE userid = 'plain'::regrole
  AND query NOT LIKE 'SELECT scru128() IS NOT NULL, scru64() IS NOT NULL, ulid() IS NOT NULL, public.uuidv7() IS NOT NULL%'
  AND query NOT LIKE 'SELECT $1::scru128 < scru128(), scru128_timestamp(scru128()) <= now() + interval $2%'}),
		'', '... pg_stat_statements (track = all) holds its two statements and nothing the extension ran');

	$node->safe_psql('app', 'SELECT pg_stat_statements_reset()');
	($ret, $out, $err) = psql_as('plain', q{
SELECT count(*) FROM (
	SELECT scru128_sql.scru128(), scru128_sql.uuidv7(), scru128_sql.uuidv6(), scru128_sql.scru160(),
		scru128_sql.ulid(), scru128_sql.scru64(), scru128_sql.scru64_node_spec()
	FROM generate_series(1, 50)) x;
SELECT scru128_sql.scru128_to_text(scru128_sql.scru128()), scru128_sql.scru64_to_text(scru128_sql.scru64());
SELECT current_setting('scru128_sql.scru128_state'), current_setting('scru128_sql.uuidv7_state'),
	current_setting('scru128_sql.uuidv6_state'), current_setting('scru128_sql.scru160_state'),
	current_setting('scru128_sql.ulid_state');});
	is($ret, 0, 'a role calls the SQL edition\'s generators') or diag $err;
	my @o = split /\n/, $out;
	my @values = ((split /\|/, $o[1]), (split /\|/, $o[2]));
	is(scalar(@values), 7, '... two IDs and five generator states');
	my $recorded = $node->safe_psql('app', q{
SELECT count(*) FROM pg_stat_statements WHERE userid = 'plain'::regrole AND toplevel IS FALSE});
	cmp_ok($recorded, '>', 0, "... pg_stat_statements recorded $recorded statements run inside the edition's functions");
	my $texts = $node->safe_psql('app', q{SELECT string_agg(query, E'\n') FROM pg_stat_statements});
	is(join(', ', grep { index($texts, $_) >= 0 } @values), '',
		'... no ID or generator state in any recorded query text');
	($ret, $out, $err) = psql_as('other', q{
SELECT count(*) FILTER (WHERE query <> '<insufficient privilege>') FROM pg_stat_statements WHERE userid = 'plain'::regrole});
	is($out, '0', 'another role reads no query text of that role') or diag $err;
}

$node->stop;
done_testing();
