# Copyright: see the LICENSE file of the scru128 extension.
#
# scru128.generator_scope = server: one scru128(), scru160() and uuidv7()
# generator per server.
#
#  - PostgreSQL 15 and 16 without the preload: 55000 and a hint; with it
#    (and 17 and later without it, through the DSM registry) it works;
#  - a database owner (not a superuser) turns it on for the database with
#    ALTER DATABASE, with or without the library loaded in the session;
#  - 8 sessions ping-pong through an advisory lock, each call strictly
#    after the previous one in another session: every ID is greater than
#    the one before, for each generator;
#  - 8 free-running sessions insert SCRU128_SCOPE_ROWS rows each (100 000
#    unless set) with DEFAULT scru128(), scru160() and uuidv7(): no
#    duplicates, and increasing per session;
#  - switching scope within a session never goes back;
#  - after a restart and after a crash (pg_ctl stop -m immediate) the
#    first IDs sort after the last ones issued before.

use strict;
use warnings;
use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $rows = $ENV{SCRU128_SCOPE_ROWS} || 100_000;
my $node = PostgreSQL::Test::Cluster->new('generator_scope');
$node->init;
$node->append_conf('postgresql.conf', "max_connections = 40\n");
$node->start;
my $version = $node->safe_psql('postgres', 'SHOW server_version_num');
$node->safe_psql('postgres', 'CREATE EXTENSION scru128');

# the three generators, the extension's uuidv7() by its schema (unqualified
# it is core's on 18 and later)
my @gens = ('scru128()', 'scru160()', 'public.uuidv7()');

# --- a database owner turns it on, for an existing DEFAULT, without DDL.
# Without the preload a session knows the setting only once the library is
# loaded (15 and later store a placeholder of an unknown library only for a
# superuser or a role granted SET on it, as 1.4 grants to PUBLIC).  Here
# before the preload, on every version.
$node->safe_psql('postgres', q{
	CREATE ROLE app_owner LOGIN;
	CREATE DATABASE app OWNER app_owner;
});
$node->safe_psql('app', q{
	CREATE EXTENSION scru128;
	CREATE TABLE pp (seq int PRIMARY KEY, sess int, a scru128, b scru160, c uuid);
	CREATE TABLE free (sess int, n int,
		a scru128 DEFAULT scru128(), b scru160 DEFAULT scru160(),
		c uuid DEFAULT public.uuidv7());
	GRANT ALL ON pp, free TO app_owner;
});
my $owner = $node->connstr('app') . ' user=app_owner';
# 1.4 grants SET on the parameter to PUBLIC: the owner sets the placeholder
# in a session that has not loaded the library (1.3 needed a call first)
my ($ret, $out, $err) = $node->psql('app',
	q{ALTER DATABASE app SET scru128.generator_scope = 'server'},
	connstr => $owner);
is($ret, 0, 'a database owner sets it before the library is loaded: ' . $err);
($ret, $out, $err) = $node->psql('app',
	q{SET scru128.generator_scope = session; SELECT scru128() IS NOT NULL;
	  ALTER DATABASE app SET scru128.generator_scope = 'server'},
	connstr => $owner);
is($ret, 0, 'and after calling scru128() in the session (the 1.3 recipe): ' . $err);

# --- the preload on 15 and 16
if ($version < 170000)
{
	($ret, $out, $err) = $node->psql('postgres',
		"SET scru128.generator_scope = server; SELECT scru128()",
		extra_params => [ '-v', 'VERBOSITY=verbose' ]);
	isnt($ret, 0, 'PG < 17 without the preload: server scope fails');
	like($err, qr/55000/, 'with 55000');
	like($err, qr/shared_preload_libraries/, 'and a hint naming shared_preload_libraries');
	is($node->safe_psql('postgres', "SELECT scru128() IS NOT NULL"), 't',
		'session scope works without the preload');
	$node->append_conf('postgresql.conf', "shared_preload_libraries = 'scru128'\n");
	$node->restart;
	is($node->safe_psql('postgres', 'SHOW shared_preload_libraries'), 'scru128',
		'library preloaded');
}
else
{
	is($node->safe_psql('postgres', 'SHOW shared_preload_libraries'), '',
		'PG >= 17: no preload');
}

is($node->safe_psql('app', 'SHOW scru128.generator_scope', connstr => $owner),
	'server', 'new sessions of the database start with server scope');
is($node->safe_psql('postgres', 'SELECT scru128() IS NOT NULL; SHOW scru128.generator_scope'),
	"t\nsession", 'other databases keep session scope');

# run one SQL text in n concurrent sessions as the database owner (SESSION
# is replaced by the session's number)
sub run_sessions
{
	my ($n, $template) = @_;
	my @h;
	for my $k (0 .. $n - 1)
	{
		(my $sql = $template) =~ s/SESSION/$k/g;
		push @h, IPC::Run::start(
			[ 'psql', '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', $owner, '-c', $sql ],
			'>', \my $o, '2>', \my $e);
	}
	my $failed = 0;
	for my $h (@h)
	{
		$h->finish or $failed++;
	}
	return $failed;
}

# --- 8 sessions ping-pong: session k makes IDs number k, k+8, k+16, ...,
# each once the previous one is committed
my $turns = 100;
is(run_sessions(8, qq{
DO \$\$
DECLARE
	k int := SESSION;
	done int := 0;
	last int;
BEGIN
	WHILE done < $turns LOOP
		PERFORM pg_advisory_xact_lock(500);
		SELECT coalesce(max(seq), 0) INTO last FROM pp;
		IF last % 8 = k THEN
			INSERT INTO pp VALUES (last + 1, k, scru128(), scru160(), public.uuidv7());
			done := done + 1;
		END IF;
		COMMIT;
	END LOOP;
END
\$\$;
}), 0, '8 ping-pong sessions ran');
is($node->safe_psql('app', 'SELECT count(*), count(DISTINCT sess) FROM pp'),
	8 * $turns . '|8', 'every turn taken, by 8 sessions in turn');
for my $col ('a', 'b', 'c')
{
	is($node->safe_psql('app', qq{
		SELECT count(*) FROM (SELECT $col AS id, lag($col) OVER (ORDER BY seq) AS prev FROM pp) s
		WHERE id <= prev}), 0,
		"ping-pong, column $col: every ID greater than the one made before it in another session");
}

# --- 8 free-running sessions
is(run_sessions(8, qq{INSERT INTO free (sess, n) SELECT SESSION, g FROM generate_series(1, $rows) g;}),
	0, "8 sessions inserted $rows rows each");
is($node->safe_psql('app', 'SELECT count(*) FROM free'), 8 * $rows, 'all rows there');
for my $col ('a', 'b', 'c')
{
	is($node->safe_psql('app', "SELECT count(*) - count(DISTINCT $col) FROM free"), 0,
		"free-running, column $col: no duplicates");
	is($node->safe_psql('app', qq{
		SELECT count(*) FROM (SELECT $col AS id, lag($col) OVER (PARTITION BY sess ORDER BY n) AS prev FROM free) s
		WHERE id <= prev}), 0,
		"free-running, column $col: increasing in each session");
}

# --- switching scope within a session.  Right after a start the server's
# generator runs up to 10 s ahead of the clock, so a session that went back
# to its own clock-based generator would go back: it must not.
$node->restart;
for my $g (@gens)
{
	my $ids = $node->safe_psql('postgres', qq{
		SET scru128.generator_scope = session;
		SELECT ${g}::text;
		SET scru128.generator_scope = server;
		SELECT ${g}::text;
		SET scru128.generator_scope = session;
		SELECT ${g}::text;
		SELECT ${g}::text;
		SET scru128.generator_scope = server;
		SELECT ${g}::text;
	});
	my @ids = split /\n/, $ids;
	is(scalar(@ids), 5, "$g: five IDs");
	my $sorted = join(',', sort @ids);
	is(join(',', @ids), $sorted, "$g: session -> server -> session -> server never goes back");
	my %seen = map { $_ => 1 } @ids;
	is(scalar(keys %seen), 5, "$g: and never repeats");
}
is($node->safe_psql('postgres', q{
	SET scru128.generator_scope = server;
	SELECT scru128_timestamp(scru128()) > clock_timestamp() + interval '5 s'}), 't',
	'after a start, the server generator runs ahead of the clock (up to 10 s)');

# --- restart and crash: IDs issued just before, in the 10 s after a start
# (so the state is ahead of the clock), and the first ones after
sub last_and_first
{
	my ($how) = @_;
	my %last;
	for my $g (@gens)
	{
		$last{$g} = $node->safe_psql('app',
			"SELECT max(x::text) FROM (SELECT $g AS x FROM generate_series(1, 5000)) s");
	}
	if ($how eq 'crash')
	{
		$node->stop('immediate');
		$node->start;
	}
	else
	{
		$node->restart;
	}
	for my $g (@gens)
	{
		my $first = $node->safe_psql('app', "SELECT ${g}::text");
		cmp_ok($first, 'gt', $last{$g}, "$how: the first $g after it sorts after the last before it");
	}
}
# right after a start the state is the full bound ahead of the clock: 8
# sessions starting at once must not see it as more than the bound ahead
# (a clock read before another session's call but used after it would).
# uuidv7() moves on 245 ns a value, so there only about 4,000 values fit
# under the bound before the clock moves (doc/uuid.md): 300 a session.
$node->restart;
is(run_sessions(8, q{
	SET scru128.generator_scope = server;
	SELECT count(scru128()) + count(scru160()) FROM generate_series(1, 20000);
	SELECT count(public.uuidv7()) FROM generate_series(1, 300);
}), 0, '8 sessions right after a start: no call refused');

$node->restart;
last_and_first('restart');
last_and_first('crash');
last_and_first('crash');

$node->stop;
done_testing();
