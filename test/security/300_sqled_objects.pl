# Copyright: see the LICENSE file of the scru128 extension.
#
# doc/security.md, section "Objects found by name (SQL edition)", rows
# "The schema taken first" and "The owner's REVOKE undone"; section
# "SECURITY DEFINER functions", row "A caller's temporary objects";
# section "Locks taken before privilege checks (SQL edition)", row "1.3's
# advisory lock"; section "Settings and shared state", row "SQL edition
# node spec".  The attacks of 1.3's review (issue 29) on the plain script,
# as the roles that made them.
#
#  1. Schema squatting (moved here from the pgtle suite): any role with
#     CREATE on the database makes schema scru128_sql first, with a domain
#     scru128 whose CHECK would run its code in every caller's
#     scru128_sql.scru128().  The plain script refuses (42501), before it
#     creates anything, a schema, domain, sequence or table under its
#     names that another role owns, and a domain that is not exactly its
#     own; a superuser installs here, the worst case.
#  2. A re-run of the plain script (the documented upgrade) keeps the
#     owner's REVOKE of USAGE on the schema from PUBLIC (1.3 granted it
#     back; moved here from the pgtle suite).
#  3. The SCRU64 node spec: a role with CONNECT only sets its own with SET,
#     set_config(), PGOPTIONS and ALTER ROLE ... SET (1.3 used it for the
#     database's one generator: IDs pushed ahead, everyone slowed down):
#     scru64() ignores all of them, and the role can neither change the
#     owner's table nor move the sequence.  1.3's advisory lock key held
#     by such a role in an open transaction no longer stalls scru64().
#  4. SECURITY DEFINER: scru64() and scru64_node_spec() (and any other
#     the edition has) each pin search_path to pg_catalog, pg_temp; a caller's temporary
#     views named like what they read (pg_temp is on that path, and is
#     where any role can create) are never read by them as their owner.
#     A control shows the same views take an unqualified name on that
#     path.

use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $plain = ($ENV{TESTDIR} // '.') . '/portable/scru128_sql.sql';
die "no $plain" unless -f $plain;

my $node = PostgreSQL::Test::Cluster->new('sqled_objects');
$node->init;
$node->start;
my $su = $node->safe_psql('postgres', 'SELECT current_user');

# psql as ROLE in DB, verbose errors; (exit code, stdout, stderr)
sub psql_as
{
	my ($role, $db, $sql, @extra) = @_;
	my ($out, $err);
	my $ret = $node->psql($db, $sql, stdout => \$out, stderr => \$err,
		extra_params => [ '-U', $role, '-v', 'VERBOSITY=verbose', @extra ]);
	return ($ret, $out, $err);
}

# the plain script, as ROLE in DB, in one transaction
sub install
{
	my ($role, $db) = @_;
	return psql_as($role, $db, undef, '-1', '-f', $plain);
}

#
# 1. schema squatting
#
$node->safe_psql('postgres', q{
CREATE ROLE sqled_squatter LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE;
CREATE DATABASE sqled_squat;
GRANT CREATE ON DATABASE sqled_squat TO sqled_squatter;});
my ($ret, $out, $err) = psql_as('sqled_squatter', 'sqled_squat', q{
CREATE SCHEMA scru128_sql;
GRANT USAGE ON SCHEMA scru128_sql TO PUBLIC;
CREATE SEQUENCE scru128_sql.evil_runs;
GRANT ALL ON SEQUENCE scru128_sql.evil_runs TO PUBLIC;
CREATE FUNCTION scru128_sql.evil_chk(uuid) RETURNS boolean LANGUAGE sql AS 'SELECT nextval(''scru128_sql.evil_runs'') > 0';
CREATE DOMAIN scru128_sql.scru128 AS uuid CHECK (scru128_sql.evil_chk(value));});
is($ret, 0, 'squat: a role with CREATE on the database makes schema scru128_sql and a domain scru128 whose CHECK counts its runs') or diag $err;
my $evil_ran = sub {
	$node->safe_psql('sqled_squat', 'SELECT is_called FROM scru128_sql.evil_runs');
};

($ret, $out, $err) = install($su, 'sqled_squat');
like($err, qr/ERROR:  42501: schema scru128_sql already exists and is owned by role sqled_squatter, not by/,
	'squat: a superuser\'s install into that schema fails with 42501');
is($node->safe_psql('sqled_squat', q{
SELECT count(*) FROM pg_proc WHERE pronamespace = 'scru128_sql'::regnamespace AND proname <> 'evil_chk'}),
	'0', 'squat: ... and makes no function');
psql_as($su, 'sqled_squat', 'SELECT scru128_sql.scru128()');
is($evil_ran->(), 'f', 'squat: ... and the squatter\'s CHECK never ran as the superuser');

$node->safe_psql('sqled_squat', qq{
ALTER SCHEMA scru128_sql OWNER TO "$su";
GRANT CREATE ON SCHEMA scru128_sql TO sqled_squatter;});
($ret, $out, $err) = install($su, 'sqled_squat');
like($err, qr/ERROR:  42501: type scru128_sql.scru128 already exists and is not the SQL edition.s domain \(owner sqled_squatter/,
	'squat: the schema the installer\'s, CREATE on it the squatter\'s: its domain scru128 refused with 42501');
for my $rel ('scru64_last', 'scru64_node')
{
	my $make = $rel eq 'scru64_last' ? 'CREATE SEQUENCE scru128_sql.scru64_last' : 'CREATE TABLE scru128_sql.scru64_node (one boolean, node_spec text)';
	($ret, $out, $err) = psql_as('sqled_squatter', 'sqled_squat',
		"DROP DOMAIN IF EXISTS scru128_sql.scru128; DROP SEQUENCE IF EXISTS scru128_sql.scru64_last; $make");
	is($ret, 0, "squat: the squatter's domain replaced by a relation $rel of its own") or diag $err;
	($ret, $out, $err) = install($su, 'sqled_squat');
	like($err, qr/ERROR:  42501: relation scru128_sql.$rel already exists and is owned by role sqled_squatter, not by/,
		"squat: a relation $rel of another owner refused with 42501");
}
($ret, $out, $err) = psql_as('sqled_squatter', 'sqled_squat', 'DROP TABLE scru128_sql.scru64_node');
is($ret, 0, 'squat: the squatter drops its relation') or diag $err;
($ret, $out, $err) = install($su, 'sqled_squat');
is($ret, 0, 'squat: ... then the install succeeds') or diag $err;
($ret, $out, $err) = install($su, 'sqled_squat');
is($ret, 0, 'squat: ... and again (a re-install by the owner)') or diag $err;
is($node->safe_psql('sqled_squat', 'SELECT length(scru128_sql.scru128_to_text(scru128_sql.scru128()))') . $evil_ran->(),
	'25f', 'squat: ... scru128() works, the squatter\'s CHECK never ran');
$node->safe_psql('sqled_squat', 'ALTER DOMAIN scru128_sql.scru128 ADD CHECK (scru128_sql.evil_chk(value))');
($ret, $out, $err) = install($su, 'sqled_squat');
like($err, qr/ERROR:  42501: type scru128_sql.scru128 already exists and is not the SQL edition.s domain/,
	'squat: the installer\'s own domain given a CHECK: the install refuses it (42501)');

#
# 2. the owner's REVOKE survives a re-run
#
$node->safe_psql('postgres', q{
CREATE ROLE sqled_plain LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE;
CREATE DATABASE sqled_plain;
GRANT CREATE ON DATABASE sqled_plain TO sqled_plain;});
($ret, $out, $err) = install('sqled_plain', 'sqled_plain');
is($ret, 0, 'plain: a role with CREATE on its database installs the plain script') or diag $err;
($ret, $out, $err) = psql_as('sqled_plain', 'sqled_plain', q{
REVOKE USAGE ON SCHEMA scru128_sql FROM PUBLIC;
GRANT USAGE ON SCHEMA scru128_sql TO pg_monitor;});
is($ret, 0, 'plain: the owner revokes USAGE on the schema from PUBLIC (as the doc suggests)') or diag $err;
($ret, $out, $err) = install('sqled_plain', 'sqled_plain');
is($ret, 0, 'plain: ... and runs the script again') or diag $err;
is( $node->safe_psql('sqled_plain', q{
SELECT string_agg(CASE WHEN grantee = 0 THEN 'PUBLIC' ELSE grantee::regrole::text END || ':' || privilege_type, ',' ORDER BY 1)
FROM aclexplode((SELECT nspacl FROM pg_namespace WHERE nspname = 'scru128_sql'))
WHERE grantee <> (SELECT nspowner FROM pg_namespace WHERE nspname = 'scru128_sql')}),
	'pg_monitor:USAGE', 'plain: ... the schema\'s privileges stay as the owner made them');
$node->safe_psql('sqled_plain', q{
GRANT USAGE ON SCHEMA scru128_sql TO PUBLIC;
REVOKE USAGE ON SCHEMA scru128_sql FROM pg_monitor;});

#
# 3. the node spec and the generator's state
#
$node->safe_psql('postgres', 'CREATE ROLE sqled_connect LOGIN');
# where scru64()'s state is (scru128_sql, or a schema of its own only the
# owner may use) and how the owner sets the node spec (the table, or a
# function that writes it)
my $state = $node->safe_psql('sqled_plain', q{
SELECT coalesce(to_regnamespace('scru128_sql_private')::text, 'scru128_sql')});
my $setter = $node->safe_psql('sqled_plain', q{
SELECT to_regprocedure('scru128_sql.scru64_set_node_spec(text)') IS NOT NULL});
sub set_node_spec
{
	my ($spec) = @_;
	$node->safe_psql('sqled_plain', $setter eq 't'
		? "SELECT scru128_sql.scru64_set_node_spec($spec)"
		: ($spec eq 'NULL' ? "DELETE FROM $state.scru64_node"
			: "INSERT INTO $state.scru64_node (node_spec) VALUES ($spec) ON CONFLICT (one) DO UPDATE SET node_spec = excluded.node_spec"));
}
set_node_spec("'3/8'");
my $node_id = 'SELECT ((scru128_sql.scru64() >> 16) & 255)::text';
for my $case (
	[ 'SET', "SET scru128_sql.scru64_node_spec = '5/8'; $node_id" ],
	[ 'set_config()', "SELECT set_config('scru128_sql.scru64_node_spec', '5/8', false); $node_id" ],
	[ 'PGOPTIONS', $node_id, "-c scru128_sql.scru64_node_spec=5/8" ],
	[ 'ALTER ROLE ... SET', $node_id, undef, 1 ])
{
	my ($how, $sql, $options, $alter_role) = @$case;
	$node->safe_psql('postgres', "ALTER ROLE sqled_connect SET scru128_sql.scru64_node_spec = '5/8'")
	  if $alter_role;
	local $ENV{PGOPTIONS} = $options if $options;
	($ret, $out, $err) = psql_as('sqled_connect', 'sqled_plain', $sql);
	is((split /\n/, $out // '')[-1], '3',
		"node spec: a role with CONNECT only sets its own with $how; scru64() keeps the table's node") or diag $err;
}
($ret, $out, $err) = psql_as('sqled_connect', 'sqled_plain', q{
SHOW scru128_sql.scru64_node_spec;
SELECT scru128_sql.scru64_node_spec();});
is($out, "5/8\n3/8", 'node spec: ... the role\'s own setting is there, scru64_node_spec() gives the table\'s') or diag $err;
$node->safe_psql('postgres', 'ALTER ROLE sqled_connect RESET scru128_sql.scru64_node_spec');
my @cannot = (
	[ 'change the table', "UPDATE $state.scru64_node SET node_spec = '5/8'", qr/42501.*permission denied for (table scru64_node|schema $state)/ ],
	[ 'add a row', "INSERT INTO $state.scru64_node (node_spec) VALUES ('5/8')", qr/42501.*permission denied for (table scru64_node|schema $state)/ ],
	[ 'move the sequence', "SELECT setval('$state.scru64_last', 4738381338321616895)", qr/42501.*permission denied for (sequence scru64_last|schema $state)/ ],
	[ 'read the sequence', "SELECT last_value FROM $state.scru64_last", qr/42501.*permission denied for (sequence scru64_last|table scru64_last|schema $state)/ ]);
push @cannot, [ 'call the owner\'s setter', "SELECT scru128_sql.scru64_set_node_spec('5/8')",
	qr/42501.*permission denied for function scru64_set_node_spec/ ] if $setter eq 't';
for my $case (@cannot)
{
	my ($what, $sql, $re) = @$case;
	($ret, $out, $err) = psql_as('sqled_connect', 'sqled_plain', $sql);
	like($err, $re, "node spec: the role cannot $what (42501)");
}
set_node_spec('NULL');
($ret, $out, $err) = psql_as('sqled_connect', 'sqled_plain', q{
SET scru128_sql.scru64_node_spec = '5/8'; SELECT scru128_sql.scru64()});
like($err, qr/55000: scru128_sql.scru64_node_spec is not set.*The value "5\/8" of this session .* is not used/s,
	'node spec: without the table\'s row the session\'s value is still not used (55000 names it)');
set_node_spec("'3/8'");

# 1.3's advisory lock key, held by a role with CONNECT only
{
	my $holder = $node->background_psql('sqled_plain', extra_params => [ '-U', 'sqled_connect' ]);
	$holder->query_safe('BEGIN; SELECT pg_advisory_xact_lock(1396920917, 64); SELECT pg_advisory_lock(1396920917, 64)');
	($ret, $out, $err) = psql_as('sqled_connect', 'sqled_plain', q{
SET statement_timeout = '3s'; SELECT scru128_sql.scru64() > 0});
	is($out, 't', 'lock: 1.3\'s advisory lock key held by a role with CONNECT only does not stall scru64()') or diag $err;
	$holder->quit;
}

#
# 4. SECURITY DEFINER functions
#
my $definers = $node->safe_psql('sqled_plain', q{
SELECT string_agg(p.oid::regprocedure::text, ', ' ORDER BY 1) FROM pg_proc p
WHERE p.pronamespace IN (SELECT oid FROM pg_namespace WHERE nspname LIKE 'scru128\_sql%') AND p.prosecdef});
like($definers, qr/^(?=.*scru128_sql\.scru64\(\))(?=.*scru128_sql\.scru64_node_spec\(\))/,
	"SECURITY DEFINER: $definers");
is( $node->safe_psql('sqled_plain', q{
SELECT string_agg(p.oid::regprocedure::text, ', ' ORDER BY 1) FROM pg_proc p
WHERE p.pronamespace IN (SELECT oid FROM pg_namespace WHERE nspname LIKE 'scru128\_sql%') AND p.prosecdef
  AND NOT coalesce('search_path=pg_catalog, pg_temp' = ANY (p.proconfig), false)}),
	'', 'SECURITY DEFINER: ... each pins search_path to pg_catalog, pg_temp');

# PostgreSQL never looks for functions or operators in pg_temp, so what a
# caller can put on that path are relations and types: temporary views
# named like the tables the bodies read, each running the caller's function
my $temp_traps = q{
CREATE TEMP SEQUENCE trap_hits;
CREATE FUNCTION pg_temp.trap_fired() RETURNS text LANGUAGE sql AS $$SELECT pg_catalog.nextval('pg_temp.trap_hits'); SELECT '5/8'::text$$;
CREATE TEMP VIEW scru64_node AS SELECT true AS one, pg_temp.trap_fired() AS node_spec;
CREATE TEMP VIEW scru64_last AS SELECT 4738381338321616895::bigint AS last_value, pg_temp.trap_fired() AS t;
CREATE TEMP VIEW scru64_lock AS SELECT pg_temp.trap_fired() AS t;
CREATE TEMP VIEW pg_locks AS SELECT 0 AS pid, pg_temp.trap_fired() AS t;
CREATE TEMP VIEW pg_db_role_setting AS SELECT 0::oid AS setdatabase, 0::oid AS setrole, ARRAY[pg_temp.trap_fired()] AS setconfig;
CREATE TEMP VIEW pg_database AS SELECT 0::oid AS oid, pg_temp.trap_fired()::name AS datname;
CREATE TEMP VIEW pg_roles AS SELECT pg_temp.trap_fired()::name AS rolname;
};
($ret, $out, $err) = psql_as('sqled_connect', 'sqled_plain', $temp_traps . q{
SELECT scru128_sql.scru64() > 0, scru128_sql.scru64_node_spec();
SELECT is_called FROM pg_temp.trap_hits;
SET search_path = pg_catalog, pg_temp;
SELECT node_spec FROM scru64_node;
SELECT is_called FROM pg_temp.trap_hits;});
is($out, "t|3/8\nf\n5/8\nt",
	'SECURITY DEFINER: a role with CONNECT only makes temporary views scru64_node, scru64_last, pg_locks, ... running its function; scru64() and scru64_node_spec() answer and run none of it (control: an unqualified scru64_node on their search_path does)')
  or diag $err;

$node->stop;
done_testing();
