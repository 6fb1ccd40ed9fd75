# Copyright: see the LICENSE file of the scru128 extension.
#
# A database owner who is not a superuser sets scru128.generator_scope for
# the database, dumps it with pg_dump --create and restores it with
# pg_restore --create, all as that owner (release 1.4 grants SET on the
# parameter to PUBLIC), without the preload (so that sessions that have not
# loaded the library see the setting as a placeholder; the scope itself is
# not used here, which on 15 and 16 needs the preload):
#
#  - the owner sets it in a session that has not loaded the library;
#  - the restore into the same cluster succeeds (exit 0) and new sessions
#    of the restored database have server scope;
#  - the restore into a cluster where the extension was never installed
#    fails loudly: pg_restore exits non-zero, naming the setting.

use strict;
use warnings;
use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $node = PostgreSQL::Test::Cluster->new('scope_dump');
$node->init;
$node->start;
$node->safe_psql('postgres', q{
	CREATE ROLE app_owner LOGIN CREATEDB;
	CREATE DATABASE app OWNER app_owner;
});
$node->safe_psql('app', 'CREATE EXTENSION scru128');
my $owner = $node->connstr('app') . ' user=app_owner';
my ($ret, $out, $err) = $node->psql('app',
	q{ALTER DATABASE app SET scru128.generator_scope = 'server'},
	connstr => $owner);
is($ret, 0, 'the owner sets the database setting without loading the library first: ' . $err);
is($node->safe_psql('app', 'SHOW scru128.generator_scope', connstr => $owner),
	'server', 'new sessions of the database have server scope');

my $dump = $node->basedir . '/app.dump';
$node->command_ok(
	[ 'pg_dump', '--create', '-Fc', '-f', $dump, '-d', $owner ],
	'the owner dumps the database');
$node->safe_psql('postgres', 'DROP DATABASE app');

# into the same cluster, by the owner
my $pg_owner = $node->connstr('postgres') . ' user=app_owner';
my ($stdout, $stderr) = ('', '');
my $ok = IPC::Run::run([ 'pg_restore', '--create', '-d', $pg_owner, $dump ],
	'>', \$stdout, '2>', \$stderr);
ok($ok, 'the owner restores it with pg_restore --create: exit 0');
is($stderr, '', 'and no error');
is($node->safe_psql('app', 'SHOW scru128.generator_scope', connstr => $owner),
	'server', 'the restored database keeps server scope');
is($node->safe_psql('app', q{
	SELECT count(*) FROM pg_db_role_setting s JOIN pg_database d ON d.oid = s.setdatabase
	WHERE d.datname = 'app' AND 'scru128.generator_scope=server' = ANY (s.setconfig)}),
	1, 'the setting is stored for the restored database');

# into a cluster that never had the extension: the grant is not there, and
# the restore says so instead of dropping the setting silently
my $fresh = PostgreSQL::Test::Cluster->new('scope_fresh');
$fresh->init;
$fresh->start;
$fresh->safe_psql('postgres', 'CREATE ROLE app_owner LOGIN CREATEDB');
($stdout, $stderr) = ('', '');
$ok = IPC::Run::run([ 'pg_restore', '--create', '-d', $fresh->connstr('postgres') . ' user=app_owner', $dump ],
	'>', \$stdout, '2>', \$stderr);
ok(!$ok, 'a restore into a cluster without the grant exits non-zero');
like($stderr, qr/permission denied to set parameter "scru128\.generator_scope"/,
	'naming the setting');
# the documented fix: the line again once the extension is installed
($ret, $out, $err) = $fresh->psql('app',
	q{ALTER DATABASE app SET scru128.generator_scope = 'server'},
	connstr => $fresh->connstr('app') . ' user=app_owner');
is($ret, 0, 'after the restore (the extension installed), the owner sets it again: ' . $err);
is($fresh->safe_psql('app', 'SHOW scru128.generator_scope'), 'server',
	'and new sessions have server scope');

$fresh->stop;
$node->stop;
done_testing();
