
# Copyright: see the LICENSE file of the scru128 extension.
#
# Threat model (doc/security.md), the SQL edition's row "session state
# through a pooler": the session generators keep their state in custom
# settings, and behind PgBouncer in transaction mode no reset runs between
# clients, so a set_config() by one client reaches every later client of
# the same role on that server connection.  (1.4 before this test: a
# uuidv7() state planted 2255 made everyone's uuidv7() values dated 2255,
# a ulid() state 10 years ahead everyone's ULIDs, scru160() and uuidv6()
# likewise; only scru128() bounded its state.)
#
# One client, through PgBouncer in transaction mode with one server
# connection, calls every generator, then sets each state to one in the
# generator's own format but far in the future.  Later clients of the same
# role, on the same server connection (checked, with the planted state
# visible to them), must get values dated now from scru128(), scru160(),
# uuidv7(), uuidv6() and ulid(), without an error, and every state the
# generators then write ends in ":k".
use strict;
use warnings;

use Cwd qw(abs_path);
use File::Basename qw(dirname);
use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $script = abs_path(dirname(__FILE__) . '/../../portable/scru128_sql.sql');

my ($bin) = grep { -x $_ } ((map { "$_/pgbouncer" } split /:/, ($ENV{PATH} // '')), '/usr/sbin/pgbouncer');
if (!$bin)
{
	if ($ENV{CI})
	{
		fail('pgbouncer is installed (test/lib.sh install_packages)');
		done_testing();
		exit 0;
	}
	plan skip_all => 'pgbouncer is not installed (test/lib.sh installs it)';
}

my $node = PostgreSQL::Test::Cluster->new('sqled_pooler');
$node->init;
$node->start;
$node->safe_psql('postgres', q{CREATE ROLE app LOGIN; CREATE DATABASE d OWNER app;});

my ($out, $err) = ('', '');
IPC::Run::run(
	[ 'psql', '-X', '-q', '-1', '-v', 'ON_ERROR_STOP=1', '-d', $node->connstr('d'), '-U', 'app',
	  '-c', 'SET client_min_messages = warning', '-f', $script ],
	'>', \$out, '2>', \$err);
is($err, '', 'the plain script installs as the database owner');

# PgBouncer, transaction mode, one server connection for the pool
my $dir = PostgreSQL::Test::Utils::tempdir_short();
my $port = PostgreSQL::Test::Cluster::get_free_port();
my $host = $node->host;
my $pg_port = $node->port;
open my $fh, '>', "$dir/users.txt" or die $!;
print $fh qq{"app" ""\n};
close $fh;
open $fh, '>', "$dir/pgbouncer.ini" or die $!;
print $fh <<"EOF";
[databases]
d = host=$host port=$pg_port dbname=d
[pgbouncer]
listen_addr =
listen_port = $port
unix_socket_dir = $dir
auth_type = trust
auth_file = $dir/users.txt
pool_mode = transaction
default_pool_size = 1
max_client_conn = 20
logfile = $dir/pgbouncer.log
pidfile = $dir/pgbouncer.pid
EOF
close $fh;
ok(IPC::Run::run([ $bin, '-d', "$dir/pgbouncer.ini" ], '>', \$out, '2>', \$err), 'pgbouncer starts (transaction mode, pool size 1)')
  or diag("$err " . slurp_file("$dir/pgbouncer.log"));

# a client through the pooler: (exit code, stdout, stderr)
sub client
{
	my ($sql) = @_;
	my ($out, $err) = ('', '');
	my $h;
	for (1 .. 50)
	{
		IPC::Run::run([ 'psql', '-X', '-At', '-q', '-v', 'ON_ERROR_STOP=1', '-h', $dir, '-p', $port, '-d', 'd', '-U', 'app', '-c', $sql ],
			'>', \$out, '2>', \$err);
		last unless $err =~ /could not connect|No such file/;
		select(undef, undef, undef, 0.1);
	}
	chomp $out;
	return ($out, $err);
}

my @states = qw(scru128_state scru160_state uuidv7_state uuidv6_state ulid_state);

# client 1: every generator once, then each state moved far ahead, in its
# own format (only the first field, the time, changed): 10 years for the
# millisecond states, 2255 for uuidv7()'s nanoseconds
my ($pid1, $e1) = client(q{SELECT pg_backend_pid(), scru128_sql.scru128(), scru128_sql.scru160(), scru128_sql.uuidv7(),
	scru128_sql.uuidv6(), scru128_sql.ulid()});
is($e1, '', 'client 1 calls every generator through the pooler');
$pid1 =~ s/\|.*//;
my ($planted, $e2) = client(q{
SELECT string_agg(set_config('scru128_sql.' || name, far || substr(current_setting('scru128_sql.' || name), strpos(current_setting('scru128_sql.' || name), ':')), false), ' ' ORDER BY name)
FROM (VALUES
	('scru128_state', floor(extract(epoch FROM clock_timestamp() + interval '10 years') * 1000)::bigint),
	('scru160_state', floor(extract(epoch FROM clock_timestamp() + interval '10 years') * 1000)::bigint),
	('ulid_state', floor(extract(epoch FROM clock_timestamp() + interval '10 years') * 1000)::bigint),
	('uuidv7_state', floor(extract(epoch FROM timestamptz '2255-06-01 00:00:00+00') * 1000000000)::bigint),
	('uuidv6_state', floor(extract(epoch FROM clock_timestamp() + interval '10 years') * 10000000)::bigint + 122192928000000000)) v(name, far)});
is($e2, '', "client 1 sets far-future states: $planted");

# later clients of the same role: the same server connection, the planted
# state there; every generator dated now, no error
my ($seen, $e3) = client(q{SELECT pg_backend_pid() || ' ' || current_setting('scru128_sql.uuidv7_state')});
my ($seen_pid, $seen_state) = split / /, $seen;
is($seen_pid, $pid1, 'client 2 runs on client 1\'s server connection');
ok(defined $seen_state && grep({ $_ eq $seen_state } split / /, $planted),
	"... and sees the planted uuidv7() state, $seen_state (the pooler leaks it)");

my %expr = (
	scru128 => 'scru128_sql.scru128_timestamp(scru128_sql.scru128())',
	scru160 => 'scru128_sql.scru160_timestamp(scru128_sql.scru160())',
	uuidv7 => 'scru128_sql.scru128_uuid_timestamp(scru128_sql.uuidv7())',
	uuidv6 => 'scru128_sql.scru128_uuid_timestamp(scru128_sql.uuidv6())',
	ulid => 'scru128_sql.ulid_timestamp(scru128_sql.ulid())');
for my $g (sort keys %expr)
{
	my ($got, $e) = client("SELECT t, abs(extract(epoch FROM t - clock_timestamp())) < 2 FROM (SELECT $expr{$g} AS t) x");
	is($e, '', "a later client's $g(): no error");
	like($got, qr/\|t$/, "a later client's $g(): dated now ($got)");
}

# every state the generators wrote has its marker
my ($written, $e4) = client('SELECT ' . join(' || \' \' || ', map { "current_setting('scru128_sql.$_')" } @states) . ' AS s');
is($e4, '', 'the states read back');
is(scalar(grep { /:k$/ } split / /, $written), scalar @states, "every generator's state ends in \":k\" ($written)");

# and a second later client, once more, all in one statement
my ($again, $e5) = client(q{SELECT bool_and(abs(extract(epoch FROM t - clock_timestamp())) < 2) FROM (VALUES
	(scru128_sql.scru128_timestamp(scru128_sql.scru128())), (scru128_sql.scru160_timestamp(scru128_sql.scru160())),
	(scru128_sql.scru128_uuid_timestamp(scru128_sql.uuidv7())), (scru128_sql.scru128_uuid_timestamp(scru128_sql.uuidv6())),
	(scru128_sql.ulid_timestamp(scru128_sql.ulid()))) v(t)});
is("$again$e5", 't', 'another later client: every generator dated now');

if (-f "$dir/pgbouncer.pid")
{
	my $pid = slurp_file("$dir/pgbouncer.pid");
	chomp $pid;
	kill 'TERM', $pid;
}
$node->stop;
done_testing();
