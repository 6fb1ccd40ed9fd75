
# Copyright: see the LICENSE file of the scru128 extension.
#
# Threat model (doc/security.md), the SQL edition's rows "a lock taken
# before the privilege check stalls scru64()" and "a role the owner
# delegated the node spec to stalls scru64()".
#
# PostgreSQL locks the relations a statement names during parse analysis
# and checks privileges only when the statement runs, and some DDL queues
# a strong lock before it checks ownership.  scru64() serialises on a lock:
# a role that can hold or queue a conflicting lock on anything scru64()
# locks or reads makes every other session's scru64() fail with 55P03.
# Each attack below runs as the role it names, in a session that keeps
# its transaction open; another session's scru64() must then answer at
# once (statement_timeout 3 s, under scru64()'s own 5 s lock_timeout):
#
#  1. PREPARE of DELETE, INSERT, UPDATE and SELECT ... FOR UPDATE (a role
#     with the defaults);
#  2. a pg_temp SQL function whose body is a DELETE or an UPDATE;
#  3. a weak lock held by PREPARE, then CREATE TABLE ... PARTITION OF,
#     CREATE TRIGGER and CREATE RULE from other sessions of that role,
#     whose lock requests wait behind it (and every later request behind
#     them) before the ownership check;
#  4. the role the owner delegated the node spec to, the documented way,
#     using it and then LOCK TABLE in ACCESS EXCLUSIVE mode on everything.
#
# The targets are every relation of the schemas scru128_sql and
# scru128_sql_private, and a control table of the owner on which each
# attack must take its lock (else it proves nothing).  Then:
#  5. the plain script refuses a schema scru128_sql_private that another
#     role made first (its owner could lock what scru64() uses);
#  6. the owner can still hold the lock: 55P03 after 5 s, naming the
#     process and saying who can hold it and how to find it.
use strict;
use warnings;

use Cwd qw(abs_path);
use File::Basename qw(dirname);
use IPC::Run;
use Time::HiRes qw(time usleep);
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $script = abs_path(dirname(__FILE__) . '/../../portable/scru128_sql.sql');

my $node = PostgreSQL::Test::Cluster->new('sqled_locks');
$node->init;
$node->append_conf('postgresql.conf', "max_connections = 60\n");
$node->start;

$node->safe_psql(
	'postgres', q{
CREATE ROLE owner LOGIN;
CREATE ROLE mallory LOGIN;
CREATE ROLE ops LOGIN;
CREATE ROLE app LOGIN;
CREATE DATABASE d OWNER owner;
CREATE DATABASE squat OWNER owner;
GRANT CREATE ON DATABASE squat TO mallory;});

# psql as a role: (exit code, stdout, stderr)
sub psql_as
{
	my ($role, $db, $sql, @opts) = @_;
	my ($out, $err);
	my $ret = $node->psql($db, $sql, stdout => \$out, stderr => \$err,
		extra_params => [ '-U', $role ], @opts);
	return ($ret, $out, $err);
}

sub install
{
	my ($db) = @_;
	my ($out, $err) = ('', '');
	IPC::Run::run(
		[ 'psql', '-X', '-q', '-1', '-v', 'ON_ERROR_STOP=1', '-v', 'VERBOSITY=verbose',
		  '-d', $node->connstr($db), '-U', 'owner',
		  '-c', 'SET client_min_messages = warning', '-f', $script ],
		'>', \$out, '2>', \$err);
	return $err;
}

is(install('d'), '', 'the plain script installs as the database owner');

# the node spec the way both 1.3 and 1.4 read it; the delegation the way
# this version documents it (1.4 before this test: UPDATE and INSERT on
# the table scru128_sql.scru64_node; now EXECUTE on the setter)
$node->safe_psql('postgres', q{ALTER DATABASE d SET scru128_sql.scru64_node_spec = '42/8'});
my $setter = $node->safe_psql('d',
	q{SELECT to_regprocedure('scru128_sql.scru64_set_node_spec(pg_catalog.text)') IS NOT NULL}) eq 't';
my ($delegate_grant, $delegate_use) =
  $setter
  ? ('GRANT EXECUTE ON FUNCTION scru128_sql.scru64_set_node_spec(text) TO ops',
	q{SELECT scru128_sql.scru64_set_node_spec('42/8')})
  : ('GRANT INSERT, UPDATE ON scru128_sql.scru64_node TO ops',
	q{INSERT INTO scru128_sql.scru64_node (node_spec) VALUES ('42/8') ON CONFLICT (one) DO UPDATE SET node_spec = excluded.node_spec});
my ($ret, $out, $err) = psql_as('owner', 'd', qq{
CREATE TABLE public.control (x int);
GRANT UPDATE ON public.control TO ops;
$delegate_grant;});
is($ret, 0, 'the owner makes a control table and delegates the node spec') or diag $err;

($ret, $out, $err) = psql_as('app', 'd', 'SELECT scru128_sql.scru64() > 0');
is($out, 't', 'a role with the defaults calls scru64()') or diag $err;

# every relation scru64() could lock or read, and the control table:
# [name, first column or undef]
my @targets = map { [ split /\|/, $_, 2 ] } split /\n/, $node->safe_psql(
	'd', q{
SELECT c.oid::regclass, (SELECT quote_ident(a.attname) FROM pg_attribute a
		WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum LIMIT 1)
FROM pg_class c
WHERE c.relnamespace IN ('scru128_sql'::regnamespace, to_regnamespace('scru128_sql_private'))
	AND c.relkind IN ('r', 'p', 'S', 'v')
ORDER BY 1});
$_->[1] = undef for grep { !defined $_->[1] || $_->[1] eq '' } @targets;
cmp_ok(scalar @targets, '>=', 2, 'the relations behind scru64(): ' . join(', ', map { $_->[0] } @targets));
push @targets, [ 'public.control', 'x' ];

my @sessions;
my $n = 0;

# a psql session of a role that runs the statements (each in a savepoint
# of one open transaction when $begin, so a refused one leaves the others'
# locks held), prints "ready" and keeps the transaction open
sub attacker
{
	my ($role, $begin, @sql) = @_;
	my $name = 'attack' . ++$n;
	my ($in, $out, $err) = ('', '', '');
	my $h = IPC::Run::start(
		[ 'psql', '-X', '-At', '-v', 'ON_ERROR_STOP=0', '-d', $node->connstr('d') . " application_name=$name", '-U', $role ],
		'<', \$in, '>', \$out, '2>', \$err);
	$in .= "\\set ON_ERROR_ROLLBACK on\n" . ($begin ? "BEGIN;\n" : '') . join('', map { "$_;\n" } @sql) . "SELECT 'ready';\n";
	my $s = { h => $h, in => \$in, out => \$out, err => \$err, name => $name };
	push @sessions, $s;
	return $s;
}

# until the session printed "ready" or waits for a lock
sub settle
{
	my ($s) = @_;
	my $until = time + 20;
	while (time < $until)
	{
		$s->{h}->pump_nb;
		return 'ready' if ${ $s->{out} } =~ /^ready$/m;
		return 'waiting' if $node->safe_psql('d',
			"SELECT count(*) FROM pg_stat_activity WHERE application_name = '$s->{name}' AND wait_event_type = 'Lock'") > 0;
		usleep(50_000);
	}
	return 'stuck';
}

# the locks a session holds or waits for on the control table
sub control_locks
{
	my ($s) = @_;
	return $node->safe_psql('d', qq{
SELECT coalesce(string_agg(l.mode || CASE WHEN l.granted THEN '' ELSE ' (waiting)' END, ',' ORDER BY l.mode), '')
FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
WHERE a.application_name = '$s->{name}' AND l.relation = 'public.control'::regclass});
}

sub end_sessions
{
	$node->safe_psql('d', q{SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name LIKE 'attack%'});
	$_->{h}->kill_kill for @sessions;
	@sessions = ();
	$node->poll_query_until('d', q{SELECT count(*) = 0 FROM pg_stat_activity WHERE application_name LIKE 'attack%'});
}

# another session's scru64() answers at once
sub victim_answers
{
	my ($what) = @_;
	my $t0 = time;
	my ($ret, $out, $err) = psql_as('app', 'd', q{SET statement_timeout = '3s'; SELECT scru128_sql.scru64() > 0});
	my $ms = int((time - $t0) * 1000);
	ok($ret == 0 && $out eq 't', "$what: another session's scru64() answers ($ms ms)")
	  or diag("exit $ret, $ms ms: $err");
}

#
# 1. PREPARE of DELETE, INSERT, UPDATE, SELECT ... FOR UPDATE
#
{
	my (@sql, $i);
	for my $t (@targets)
	{
		my ($rel, $col) = @$t;
		$i++;
		push @sql, "PREPARE d$i AS DELETE FROM $rel", "PREPARE i$i AS INSERT INTO $rel DEFAULT VALUES",
		  "PREPARE f$i AS SELECT FROM $rel FOR UPDATE";
		push @sql, "PREPARE u$i AS UPDATE $rel SET $col = $col" if defined $col;
	}
	my $s = attacker('mallory', 1, @sql);
	is(settle($s), 'ready', 'PREPARE: the session holds what it could take');
	like(control_locks($s), qr/RowExclusiveLock/, 'PREPARE: ... ROW EXCLUSIVE on the control table, on which it has no privilege (so the attack works)');
	victim_answers('PREPARE of DELETE/INSERT/UPDATE/SELECT FOR UPDATE by a role with the defaults');
	end_sessions();
}

#
# 2. a pg_temp SQL function whose body is a DELETE or an UPDATE
#
{
	my (@sql, $i);
	for my $t (@targets)
	{
		my ($rel, $col) = @$t;
		$i++;
		push @sql, "CREATE FUNCTION pg_temp.d$i() RETURNS void LANGUAGE sql AS 'DELETE FROM $rel'";
		push @sql, "CREATE FUNCTION pg_temp.u$i() RETURNS void LANGUAGE sql AS 'UPDATE $rel SET $col = $col'" if defined $col;
	}
	my $s = attacker('mallory', 1, @sql);
	is(settle($s), 'ready', 'pg_temp function: the session holds what it could take');
	like(control_locks($s), qr/RowExclusiveLock/, 'pg_temp function: ... ROW EXCLUSIVE on the control table');
	victim_answers('a pg_temp SQL function body of DELETE/UPDATE by a role with the defaults');
	end_sessions();
}

#
# 3. a lock held, then strong lock requests queued behind it
#
{
	my (@sql, $i);
	for my $t (@targets)
	{
		$i++;
		push @sql, "PREPARE s$i AS SELECT * FROM $t->[0]", "PREPARE d$i AS DELETE FROM $t->[0]";
	}
	my $holder = attacker('mallory', 1, @sql);
	is(settle($holder), 'ready', 'queue: one session holds ACCESS SHARE and ROW EXCLUSIVE where it could');
	my ($control_queued, $all_settled) = (0, 1);
	$i = 0;
	for my $t (@targets)
	{
		$i++;
		for my $stmt ("CREATE TABLE pg_temp.q$i PARTITION OF $t->[0] DEFAULT",
			"CREATE TRIGGER t$i BEFORE UPDATE ON $t->[0] FOR EACH ROW EXECUTE FUNCTION suppress_redundant_updates_trigger()",
			"CREATE RULE r$i AS ON INSERT TO $t->[0] DO INSTEAD NOTHING")
		{
			my $s = attacker('mallory', 0, "SET lock_timeout = '60s'", $stmt);
			my $state = settle($s);
			$all_settled = 0 if $state eq 'stuck';
			$control_queued++ if $t->[0] eq 'public.control' && control_locks($s) =~ /\(waiting\)/;
		}
	}
	ok($all_settled, 'queue: each CREATE TABLE ... PARTITION OF, CREATE TRIGGER, CREATE RULE failed or waits for its lock');
	is($control_queued, 3, 'queue: ... all three wait for theirs on the control table');
	victim_answers('strong lock requests queued by a role with the defaults (PARTITION OF, TRIGGER, RULE)');
	end_sessions();
}

#
# 4. the delegated role
#
{
	my @sql = ($delegate_use);
	push @sql, "LOCK TABLE $_->[0] IN ACCESS EXCLUSIVE MODE" for @targets;
	my $s = attacker('ops', 1, @sql);
	is(settle($s), 'ready', 'delegation: the role sets the node spec and locks what it can');
	like(${ $s->{out} }, qr{^(42/8|INSERT 0 1)$}m, 'delegation: ... setting the node spec worked');
	like(control_locks($s), qr/AccessExclusiveLock/, 'delegation: ... ACCESS EXCLUSIVE on the control table it may update');
	victim_answers('the role the node spec is delegated to, in an open transaction with LOCK TABLE on everything');
	end_sessions();
}

#
# 5. a schema scru128_sql_private made first by another role
#
{
	($ret, $out, $err) = psql_as('mallory', 'squat', 'CREATE SCHEMA scru128_sql_private');
	is($ret, 0, 'squat: a role with CREATE on the database makes scru128_sql_private first') or diag $err;
	like(install('squat'), qr/42501: schema scru128_sql_private already exists and is owned by role mallory/,
		'squat: ... the plain script refuses it (42501)');
	is($node->safe_psql('squat', q{SELECT to_regnamespace('scru128_sql') IS NULL}), 't', 'squat: ... and leaves nothing');
}

#
# 6. the owner can hold the lock: 55P03 after 5 s, saying who and how
#
{
	my @sql = map { "LOCK TABLE $_->[0] IN ACCESS EXCLUSIVE MODE" } @targets;
	my $s = attacker('owner', 1, @sql, q{SELECT 'pid ' || pg_backend_pid()});
	is(settle($s), 'ready', 'owner: the owner locks everything in an open transaction');
	my ($pid) = ${ $s->{out} } =~ /^pid (\d+)$/m;
	my $t0 = time;
	($ret, $out, $err) = psql_as('app', 'd', q{SET statement_timeout = '20s'; SELECT scru128_sql.scru64()},
		extra_params => [ '-U', 'app', '-v', 'VERBOSITY=verbose' ]);
	my $ms = int((time - $t0) * 1000);
	ok($ms >= 4500 && $ms < 9000, "owner: scru64() gives up after its lock_timeout ($ms ms)");
	like($err, qr/ERROR:  55P03: scru64\(\) waited 5 s for this database's generator and gave up/, 'owner: ... with 55P03');
	like($err, qr/DETAIL:  .* held by process $pid\./, 'owner: ... naming the owner\'s process');
	like($err, qr/HINT:  .*owner of the SQL edition.*superusers.*scru128_sql_private.*pg_stat_activity/s,
		'owner: ... saying who can hold it (owner, superusers, roles granted the private schema) and where to look');
	end_sessions();
}

$node->stop;
done_testing();
