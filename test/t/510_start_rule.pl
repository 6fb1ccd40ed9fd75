# Copyright: see the LICENSE file of the scru128 extension.
#
# The start rule of the server-wide generators (scru128.generator_scope =
# server: scru128(), scru160(), uuidv7(), ulid(); and scru64()), release 1.4:
#
#  - a hot standby whose generators were used while in recovery, then
#    promoted after its primary restarted (so the primary's IDs ran up to
#    10 s ahead) and stopped: the first IDs of the new primary sort after
#    the last ones of the old;
#  - a first call long after the server started starts at the clock, not
#    10 s ahead of it;
#  - with the clock faked (libfaketime, LD_PRELOAD): a clock set an hour
#    ahead, then back: 55000 saying the clock went back; a session whose
#    own last ID is ahead: 55000 saying so; scru128_reset_generators() is
#    refused to a role without EXECUTE, and after it a superuser's session
#    and new sessions get IDs again, near the clock.

use strict;
use warnings;
use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

# the faked clock needs libfaketime (test/lib.sh installs Debian's
# package): without it the file skips, saying so, except under CI=true,
# where it fails (and the other files still run)
my $libfaketime = (glob('/usr/lib/*/faketime/libfaketime.so.1'))[0];
if (!defined $libfaketime)
{
	my $why = 'libfaketime is not installed (Debian package libfaketime): the faked clock needs it';
	plan skip_all => $why unless ($ENV{CI} // '') !~ /^(|0|false)$/i;
	plan tests => 1;
	fail("CI=true: $why");
	exit;
}

my $server = 'SET scru128.generator_scope = server;';
my %ts = (
	'scru128()' => 'scru128_timestamp',
	'scru160()' => 'scru160_timestamp',
	'public.uuidv7()' => 'public.scru128_uuid_timestamp',
	'ulid()' => 'ulid_timestamp',
	'scru64()' => 'scru64_timestamp');
my @gens = sort keys %ts;
my $conf = "shared_preload_libraries = 'scru128'\n"
  . "scru128.scru64_node_spec = '42/8'\n"
  . "checkpoint_timeout = '1h'\n";

# --- a promoted standby
my $primary = PostgreSQL::Test::Cluster->new('primary');
$primary->init(allows_streaming => 1);
$primary->append_conf('postgresql.conf', $conf);
$primary->start;
$primary->safe_psql('postgres', 'CREATE EXTENSION scru128');
$primary->backup('b');
my $standby = PostgreSQL::Test::Cluster->new('standby');
$standby->init_from_backup($primary, 'b', has_streaming => 1);
$standby->start;
$primary->wait_for_catchup($standby);
is($standby->safe_psql('postgres', 'SELECT pg_is_in_recovery()'), 't', 'the standby is in recovery');

# the standby's generators are used while it is a standby (they start the
# bound ahead of its clock then), and only after that does the primary
# restart, so the primary's IDs are ahead of the standby's state
for my $g (@gens)
{
	isnt($standby->safe_psql('postgres', "$server SELECT ${g}::text"), '',
		"$g on the standby while in recovery");
}
sleep 2;
$primary->restart;
# the clock at the restart: the generators that follow run some seconds
# later on a loaded machine, and their IDs are ahead of this time by the
# start rule's bound whenever they are made
my $restarted = $primary->safe_psql('postgres', 'SELECT clock_timestamp()');
my %last;
for my $g (@gens)
{
	$last{$g} = $primary->safe_psql('postgres',
		"$server SELECT max(x::text) FROM (SELECT $g AS x FROM generate_series(1, 2000)) s");
	is($primary->safe_psql('postgres', "SELECT $ts{$g}('$last{$g}') > timestamptz '$restarted' + interval '5 s'"),
		't', "$g: the restarted primary's IDs run ahead of the clock");
}
$primary->stop('immediate');
$standby->promote;
is($standby->safe_psql('postgres', 'SELECT pg_is_in_recovery()'), 'f', 'the standby is promoted');
for my $g (@gens)
{
	my $first = $standby->safe_psql('postgres', "$server SELECT ${g}::text");
	cmp_ok($first, 'gt', $last{$g},
		"$g: the first ID of the promoted standby sorts after the last of the old primary");
}
$standby->stop;

# --- a first call long after the start
my $late = PostgreSQL::Test::Cluster->new('late');
$late->init;
$late->append_conf('postgresql.conf', $conf);
$late->start;
$late->safe_psql('postgres', 'CREATE EXTENSION scru128');
$late->restart;
# the lead covers 10 s after the server started; wait them out
sleep 12;
for my $g (@gens)
{
	is($late->safe_psql('postgres', qq{$server
		SELECT $ts{$g}($g) BETWEEN clock_timestamp() - interval '1 s' AND clock_timestamp() + interval '1 s'}),
		't', "$g: a first call 12 s after the start is at the clock, not 10 s ahead");
}
# and the rule still holds across a restart right after IDs ran ahead
for my $g (@gens)
{
	$last{$g} = $late->safe_psql('postgres', "$server SELECT ${g}::text");
}
$late->restart;
for my $g (@gens)
{
	cmp_ok($late->safe_psql('postgres', "$server SELECT ${g}::text"), 'gt', $last{$g},
		"$g: right after a restart, after the last ID before it");
}
$late->stop;

# --- a faked clock
my $clock = PostgreSQL::Test::Cluster->new('clock');
$clock->init;
$clock->append_conf('postgresql.conf', $conf);
my $offset_file = $clock->basedir . '/faketime';
# the server's processes read the file at every clock reading, and
# libfaketime ends a process that reads it half written: write another
# file, then rename it over
sub set_offset
{
	my ($offset) = @_;
	open my $fh, '>', "$offset_file.new" or die "cannot write $offset_file.new: $!";
	print $fh "$offset\n";
	close $fh;
	rename("$offset_file.new", $offset_file) or die "cannot rename to $offset_file: $!";
}
set_offset('+0');
{
	# only the server runs on the faked clock
	local $ENV{LD_PRELOAD} = $libfaketime;
	local $ENV{FAKETIME_TIMESTAMP_FILE} = $offset_file;
	local $ENV{FAKETIME_NO_CACHE} = '1';
	local $ENV{DONT_FAKE_MONOTONIC} = '1';
	local $ENV{FAKETIME_DONT_FAKE_MONOTONIC} = '1';
	$clock->start;
}
$clock->safe_psql('postgres', q{
	CREATE EXTENSION scru128;
	CREATE ROLE app LOGIN;
});
my $app = $clock->connstr('postgres') . ' user=app';
is($clock->safe_psql('postgres', "SELECT abs(extract(epoch FROM clock_timestamp() - now())) < 5"),
	't', 'faked clock at +0');

# IDs made while the clock is an hour ahead, then the clock is corrected
set_offset('+1h');
my %ahead;
for my $g (@gens)
{
	$ahead{$g} = $clock->safe_psql('postgres', "$server SELECT ${g}::text");
}
is($clock->safe_psql('postgres', "SELECT scru128_timestamp(scru128()) > statement_timestamp() - interval '1 s'"),
	't', 'the clock runs an hour ahead');
set_offset('+0');
my ($ret, $out, $err);
for my $g ('scru128()', 'scru160()', 'public.uuidv7()', 'ulid()')
{
	(my $type = $g) =~ s/^(?:public\.)?(\w+)\(\)$/$1/;
	($ret, $out, $err) = $clock->psql('postgres', "$server SELECT $g",
		extra_params => [ '-v', 'VERBOSITY=verbose' ]);
	like($err, qr/55000/, "$g: clock corrected: 55000");
	like($err, qr/ERROR:  55000: $type generator of this server is more than 10000 ms ahead of the clock because the system clock went back/,
		"$g: the message says the clock went back");
	like($err, qr/HINT:  .*scru128_reset_generators\(\)/, "$g: the hint names the way out");
}
($ret, $out, $err) = $clock->psql('postgres', 'SELECT scru64()',
	extra_params => [ '-v', 'VERBOSITY=verbose' ]);
like($err, qr/55000: scru64 generator is ahead of the clock/, 'scru64(): 55000 too');

# a role without EXECUTE cannot reset
($ret, $out, $err) = $clock->psql('postgres', 'SELECT scru128_reset_generators()',
	connstr => $app, extra_params => [ '-v', 'VERBOSITY=verbose' ]);
like($err, qr/42501: permission denied for function scru128_reset_generators/,
	'scru128_reset_generators(): 42501 for a role without EXECUTE');

# one superuser session, kept open while the clock changes: IDs an hour
# ahead (its own last IDs), the clock corrected, refused, reset: its next
# IDs are near the clock again
my ($s_in, $s_out, $s_err) = ('', '', '');
my $s = IPC::Run::start(
	[ 'psql', '-X', '-A', '-t', '-q', '-d', $clock->connstr('postgres') ],
	'<', \$s_in, '>', \$s_out, '2>', \$s_err,
	IPC::Run::timeout($PostgreSQL::Test::Utils::timeout_default));
# one statement in the session; its output, without the end marker
sub in_session
{
	my ($sql) = @_;
	$s_out = '';
	$s_in .= "$sql;\n\\echo __end__\n";
	$s->pump until $s_out =~ /__end__\n/;
	$s_out =~ s/__end__\n//;
	chomp $s_out;
	return $s_out;
}
in_session($server);
for my $g ('scru128()', 'scru160()', 'public.uuidv7()', 'ulid()')
{
	set_offset('+1h');
	is(in_session("SELECT ${g}::text > '$ahead{$g}'"), 't', "session, $g: an ID while the clock is an hour ahead");
	set_offset('+0');
	$s_err = '';
	is(in_session("SELECT $g IS NOT NULL"), '', "session, $g: the clock corrected: no ID");
	like($s_err, qr/because the system clock went back/, "session, $g: refused, the clock went back");
	in_session('SELECT scru128_reset_generators()');
	is(in_session(qq{SELECT $ts{$g}(x) BETWEEN clock_timestamp() AND clock_timestamp() + interval '10.1 s',
			   x::text < '$ahead{$g}'
		FROM (SELECT $g AS x) s}), 't|t',
		"session, $g: after the reset, near the clock again, below the IDs made ahead (the order given up)");
}
$s_in .= "\\q\n";
$s->finish;
for my $g ('scru128()', 'scru160()', 'public.uuidv7()', 'ulid()')
{
	is($clock->safe_psql('postgres', qq{$server
		SELECT $ts{$g}($g) BETWEEN clock_timestamp() - interval '1 s' AND clock_timestamp() + interval '10.1 s'},
		connstr => $app), 't', "$g: a new session after the reset: near the clock");
}

# a session's own last ID ahead while the server's generator is not: a
# session-scope ID made while the clock is ahead, then server scope
($s_in, $s_out, $s_err) = ('', '', '');
$s = IPC::Run::start(
	[ 'psql', '-X', '-A', '-t', '-q', '-v', 'VERBOSITY=verbose', '-d', $clock->connstr('postgres') ],
	'<', \$s_in, '>', \$s_out, '2>', \$s_err,
	IPC::Run::timeout($PostgreSQL::Test::Utils::timeout_default));
set_offset('+1h');
in_session('SELECT scru128()');
set_offset('+0');
in_session("$server SELECT scru128()");
$s_in .= "\\q\n";
$s->finish;
$err = $s_err;
like($err, qr/ERROR:  55000: this session's last scru128 ID is more than 10000 ms ahead of the clock/,
	"a session's own last ID ahead: the message says so");
like($err, qr/HINT:  A new session starts without it/, 'and the hint says what to do');
is($clock->safe_psql('postgres', "$server SELECT scru128() IS NOT NULL"), 't',
	'a new session gets IDs');

$clock->stop;
done_testing();
