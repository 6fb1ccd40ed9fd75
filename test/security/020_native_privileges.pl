# Copyright: see the LICENSE file of the scru128 extension.
#
# doc/security.md, section "Objects found by name (native)", rows
# "Installing or replacing code" and "A LEAKPROOF label changed"; section
# "Settings and shared state", rows "Native node spec", "Generator scope",
# "The reset" and "Shared generators".  What each role may do to the
# native extension and to the state that other sessions, databases and
# roles share.
#
#  1. scru128 is a trusted extension (moved here from test/t/070): a role
#     with CREATE on the database installs it, uses it and drops it; one
#     without cannot install it; neither can replace its C functions or
#     make one from the library.  The installing role owns the extension
#     only: every member object is a superuser's, so it can neither grant
#     scru128_reset_generators() nor call it, nor change a LEAKPROOF label
#     that row-level security relies on.
#  2. scru128_reset_generators(), which resets the server's generators for
#     every database: refused (42501) to a role without EXECUTE, the
#     database owner and the extension's owner included; a superuser runs
#     it and can grant it.
#  3. scru128.generator_scope: any role sets it for its own sessions (SET,
#     ALTER ROLE itself); that reaches no other session or role; ALTER
#     SYSTEM and another role's or database's setting are refused.  The
#     install's GRANT SET ON PARAMETER (cluster-wide) grants SET on that
#     one setting to PUBLIC and nothing more.
#  4. scru128.scru64_node_spec (which node the server's scru64() is):
#     only the server's configuration sets it; a session SET, ALTER ROLE,
#     a database owner's ALTER DATABASE and a non-superuser's ALTER SYSTEM
#     are refused.
#  5. The server-wide generators are one per server for every database:
#     a role's burst of server-scope IDs in one database does not make the
#     IDs of another role in another database go back.

use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $node = PostgreSQL::Test::Cluster->new('native_privileges');
$node->init;
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'scru128'\n"
	  . "scru128.scru64_node_spec = '42/8'\n");
$node->start;

# run SQL as a role; returns (exit code, stdout, stderr)
sub psql_as
{
	my ($role, $db, $sql) = @_;
	my ($ret, $out, $err);
	$ret = $node->psql($db, $sql, stdout => \$out, stderr => \$err,
		extra_params => [ '-U', $role, '-v', 'VERBOSITY=verbose' ]);
	return ($ret, $out, $err);
}

$node->safe_psql(
	'postgres', q{
CREATE ROLE app LOGIN;
CREATE ROLE nobody LOGIN;
CREATE ROLE dbowner LOGIN;
CREATE DATABASE appdb;
CREATE DATABASE otherdb OWNER dbowner;
GRANT CREATE ON DATABASE appdb TO app;});

#
# 1. trusted extension
#
{
	my ($ret, $out, $err) = psql_as('nobody', 'appdb', 'CREATE EXTENSION scru128');
	isnt($ret, 0, 'a role without CREATE on the database cannot install scru128');
	like($err, qr/permission denied/, '... with "permission denied"');

	($ret, $out, $err) = psql_as('app', 'appdb', q{
CREATE SCHEMA app;
CREATE EXTENSION scru128 SCHEMA app;
SELECT extowner::regrole FROM pg_extension WHERE extname = 'scru128';});
	is($ret, 0, 'a non-superuser with CREATE on the database installs scru128') or diag $err;
	is($out, 'app', '... and owns the extension');
	is($node->safe_psql('appdb', q{SELECT rolsuper FROM pg_roles WHERE rolname = 'app'}),
		'f', 'app is not a superuser');
	is( $node->safe_psql('appdb', q{
SELECT count(*) FROM pg_depend d JOIN pg_proc p ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'scru128') AND d.deptype = 'e'
  AND p.proowner = 'app'::regrole}),
		'0', '... but owns none of its functions (they are the bootstrap superuser\'s)');

	($ret, $out, $err) = psql_as('app', 'appdb', q{
SET search_path = app;
CREATE TABLE items (id scru128 PRIMARY KEY DEFAULT scru128(), ref scru128);
CREATE INDEX items_ref_hash ON items USING hash (ref);
CREATE INDEX items_id_brin ON items USING brin (id);
INSERT INTO items (ref) SELECT scru128(now() - n * interval '1 min') FROM generate_series(1, 1000) n;
SELECT count(*), count(DISTINCT id), bool_and(scru128_timestamp(id) <= clock_timestamp()) FROM items;});
	is($ret, 0, 'app uses the type, generator, indexes and functions') or diag $err;
	is($out, '1000|1000|t', 'app generated 1000 distinct IDs');

	($ret, $out, $err) = psql_as('app', 'appdb', q{
CREATE OR REPLACE FUNCTION app.scru128_eq(app.scru128, app.scru128) RETURNS boolean
	AS 'scru128', 'scru128_ne' LANGUAGE C IMMUTABLE STRICT});
	like($err, qr/must be owner of function|permission denied/,
		'app cannot replace the extension\'s C functions');
	($ret, $out, $err) = psql_as('app', 'appdb', q{
CREATE FUNCTION app.evil(app.scru128) RETURNS boolean AS 'scru128', 'scru128_eq' LANGUAGE C});
	like($err, qr/permission denied for language c/, 'app cannot create C functions from the library');
	($ret, $out, $err) = psql_as('app', 'appdb', q{
ALTER FUNCTION app.scru128_eq(app.scru128, app.scru128) NOT LEAKPROOF});
	like($err, qr/42501.*must be owner of function/,
		'app cannot change a LEAKPROOF label (row-level security relies on them)');
	($ret, $out, $err) = psql_as('app', 'appdb', q{
GRANT EXECUTE ON FUNCTION app.scru128_reset_generators() TO PUBLIC});
	is( $node->safe_psql('appdb', q{
SELECT has_function_privilege('nobody', 'app.scru128_reset_generators()', 'EXECUTE')}),
		'f', 'app cannot grant scru128_reset_generators() to anyone') or diag $err;
	($ret, $out, $err) = psql_as('app', 'appdb', 'SELECT app.scru128_reset_generators()');
	like($err, qr/42501.*permission denied for function scru128_reset_generators/,
		'app, the extension\'s owner, cannot reset the server\'s generators (42501)');

	($ret, $out, $err) = psql_as('app', 'appdb', 'DROP EXTENSION scru128 CASCADE');
	is($ret, 0, 'app drops the extension it installed') or diag $err;
}

#
# 2. scru128_reset_generators()
#
$node->safe_psql('postgres', 'CREATE EXTENSION scru128');
$node->safe_psql('otherdb', 'CREATE EXTENSION scru128');
for my $r ([ 'nobody', 'postgres', 'a role with CONNECT only' ],
	[ 'dbowner', 'otherdb', 'the database\'s owner' ])
{
	my ($role, $db, $what) = @$r;
	my ($ret, $out, $err) = psql_as($role, $db, 'SELECT scru128_reset_generators()');
	like($err, qr/42501.*permission denied for function scru128_reset_generators/,
		"$what cannot reset the server's generators (42501)");
}
{
	my ($ret, $out, $err) = $node->psql('postgres', 'SELECT scru128_reset_generators()');
	is($ret, 0, 'a superuser resets them') or diag $err;
	$node->safe_psql('otherdb', 'GRANT EXECUTE ON FUNCTION scru128_reset_generators() TO dbowner');
	($ret, $out, $err) = psql_as('dbowner', 'otherdb', 'SELECT scru128_reset_generators()');
	is($ret, 0, '... and grants it to a role, which then can') or diag $err;
	$node->safe_psql('otherdb', 'REVOKE EXECUTE ON FUNCTION scru128_reset_generators() FROM dbowner');
}

#
# 3. scru128.generator_scope
#
{
	my ($ret, $out, $err) = psql_as('nobody', 'postgres', q{
SET scru128.generator_scope = server;
SELECT scru128() IS NOT NULL;
SELECT (SELECT setting FROM pg_settings WHERE name = 'scru128.generator_scope');});
	is($out, "t\nserver", 'a role with CONNECT only sets the scope for its own session') or diag $err;
	is($node->safe_psql('postgres', 'SHOW scru128.generator_scope'), 'session',
		'... no other session has it');
	($ret, $out, $err) = psql_as('nobody', 'postgres', q{ALTER ROLE nobody SET scru128.generator_scope = server});
	is($ret, 0, '... it sets it for its own role') or diag $err;
	is($node->safe_psql('postgres', 'SHOW scru128.generator_scope') . ' '
		  . (psql_as('dbowner', 'postgres', 'SHOW scru128.generator_scope'))[1],
		'session session', '... which no other role\'s session has');
	$node->safe_psql('postgres', 'ALTER ROLE nobody RESET scru128.generator_scope');
	($ret, $out, $err) = psql_as('nobody', 'postgres', q{ALTER SYSTEM SET scru128.generator_scope = server});
	like($err, qr/42501/, '... ALTER SYSTEM is refused (42501)');
	($ret, $out, $err) = psql_as('nobody', 'postgres', q{ALTER ROLE dbowner SET scru128.generator_scope = server});
	like($err, qr/42501/, '... another role\'s setting is refused (42501)');
	($ret, $out, $err) = psql_as('nobody', 'otherdb', q{ALTER DATABASE otherdb SET scru128.generator_scope = server});
	like($err, qr/42501/, '... a database it does not own is refused (42501)');
	is( $node->safe_psql('postgres', q{
SELECT string_agg(p.parname || ':' || CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE a.grantee::regrole::text END
	|| ':' || a.privilege_type, ',' ORDER BY 1)
FROM pg_parameter_acl p, aclexplode(p.paracl) a
WHERE p.parname LIKE 'scru128.%' AND a.grantee <> a.grantor}),
		'scru128.generator_scope:PUBLIC:SET',
		'the install granted SET on scru128.generator_scope to PUBLIC, nothing else (no ALTER SYSTEM, nothing on the node spec)');
	is($node->safe_psql('postgres', q{
SELECT has_parameter_privilege('nobody', 'scru128.generator_scope', 'ALTER SYSTEM'),
	has_parameter_privilege('nobody', 'scru128.scru64_node_spec', 'SET')}),
		'f|f', '... so a role has no ALTER SYSTEM on the scope, nor SET on the node spec');
}

#
# 4. scru128.scru64_node_spec
#
{
	my ($ret, $out, $err) = psql_as('nobody', 'postgres', q{SET scru128.scru64_node_spec = '7/8'});
	like($err, qr/55P02.*cannot be changed now/, 'a session cannot SET the node spec (55P02)');
	($ret, $out, $err) = psql_as('nobody', 'postgres', q{ALTER ROLE nobody SET scru128.scru64_node_spec = '7/8'});
	like($err, qr/55P02|42501/, '... nor ALTER ROLE itself SET it');
	($ret, $out, $err) = psql_as('dbowner', 'otherdb', q{ALTER DATABASE otherdb SET scru128.scru64_node_spec = '7/8'});
	like($err, qr/55P02|42501/, '... nor the database owner ALTER DATABASE SET it');
	($ret, $out, $err) = psql_as('dbowner', 'otherdb', q{ALTER SYSTEM SET scru128.scru64_node_spec = '7/8'});
	like($err, qr/42501/, '... nor a non-superuser ALTER SYSTEM (42501)');
	is((psql_as('nobody', 'postgres', 'SELECT scru64_node_id(scru64(), 8)'))[1], '42',
		'a role\'s scru64() has the server\'s node');
}

#
# 5. one server generator for every database
#
{
	$node->safe_psql('otherdb', 'GRANT CREATE ON SCHEMA public TO dbowner');
	my ($ret, $out, $err) = psql_as('nobody', 'postgres', q{
SET scru128.generator_scope = server;
SELECT max(u::text) FROM (SELECT public.uuidv7() u, scru128() s FROM generate_series(1, 20000)) x;});
	is($ret, 0, 'a role\'s burst of 20000 server-scope IDs in one database') or diag $err;
	my $burst = $out;
	($ret, $out, $err) = psql_as('dbowner', 'otherdb', qq{
SET scru128.generator_scope = server;
SELECT public.uuidv7()::text > '$burst'});
	is($out, 't', '... another role\'s next ID in another database sorts after all of them') or diag $err;
}

$node->stop;
done_testing();
