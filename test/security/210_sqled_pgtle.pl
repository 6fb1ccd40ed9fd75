# Threat model (doc/security.md), the SQL edition through pg_tle: a role
# with only CREATE on the database creates the extension, so owns its
# functions and can change what they run for every caller and superuser
# (the version route: CREATE EXTENSION scru128_sql VERSION '1.3', whose
# script has no creator check, where 1.3 was registered and the 1.4 file
# run as documented); and a superuser's ALTER EXTENSION scru128_sql UPDATE
# of an installation such a role owns (squatted while only 1.3 was
# registered), which would keep that role the owner of the functions.
# The version route must fail and leave nothing; the update must refuse
# (42501) with the way out, run none of the squatter's code, and leave the
# installation as it was; the way out (drop, create again as a member of
# pgtle_admin) must give an extension that only trusted roles own; the
# documented update of a 1.3 that a pgtle_admin member owns must go on
# working, and refuse once a member object is given to another role.
use strict;
use warnings;
use Cwd qw(abs_path);
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $old_file = abs_path('portable/released/1.3/scru128_sql_pgtle.sql');
my $new_file = abs_path('portable/scru128_sql_pgtle.sql');
die "run from the top of the tree: $old_file or $new_file missing" unless -f $old_file && -f $new_file;

my $node = PostgreSQL::Test::Cluster->new('sqled_pgtle');
$node->init;
my $pkglibdir = $node->config_data('--pkglibdir');
if (!-e "$pkglibdir/pg_tle.so")
{
	# the pgtle suite builds pg_tle into the server before this suite runs
	die "pg_tle is not installed in $pkglibdir (run the pgtle suite first)" if $ENV{CI};
	plan skip_all => "pg_tle is not installed in $pkglibdir (bash test/run.sh pgtle security installs it)";
}
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'pg_tle'");
$node->start;

open my $control, '<', 'scru128.control' or die "scru128.control: $!";
my ($version) = join('', <$control>) =~ /^default_version\s*=\s*'([^']+)'/m;
close $control;
my $superuser = $node->safe_psql('postgres', 'SELECT current_user');

# roles: an administrator of pg_tle that is not a superuser, and a role
# with CREATE on the databases and nothing else
$node->safe_psql('postgres', q{
	CREATE ROLE tle_admin LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE;
	CREATE ROLE squatter LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE;
});

# a database with pg_tle, CREATE on it for both roles
sub new_db
{
	my ($db) = @_;
	$node->safe_psql('postgres', qq{CREATE DATABASE $db});
	$node->safe_psql($db, qq{CREATE EXTENSION pg_tle;
		GRANT pgtle_admin TO tle_admin;
		GRANT CREATE ON DATABASE $db TO tle_admin, squatter;});
}

# psql as ROLE: (exit status, stdout, stderr), verbose errors
sub as
{
	my ($role, $db, $sql, @files) = @_;
	my ($ret, $out, $err) = $node->psql($db, $sql,
		extra_params => ['-U', $role, '-v', 'VERBOSITY=verbose', map { ('-1', '-f', $_) } @files]);
	return ($ret, $out, $err);
}

sub register
{
	my ($db, $file, $what) = @_;
	my ($ret, $out, $err) = as('tle_admin', $db, '', $file);
	is($ret, 0, "$db: tle_admin registers $what") or diag($err);
	return $err;
}

# the roles that own the extension or any of its objects, and whether each
# is a superuser or a member of pgtle_admin
my $owners_sql = q{
	SELECT string_agg(DISTINCT r.rolname || ':' || (r.rolsuper OR pg_has_role(r.oid, 'pgtle_admin', 'MEMBER')), ',')
	FROM pg_roles r
	WHERE r.oid IN (SELECT extowner FROM pg_extension WHERE extname = 'scru128_sql'
		UNION SELECT s.refobjid FROM pg_depend d
		JOIN pg_shdepend s ON s.classid = d.classid AND s.objid = d.objid AND s.deptype = 'o'
			AND s.dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
		WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
			AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'scru128_sql'))};

# --- the version route: 1.3 registered, then the 1.4 file run as documented
new_db('tle_route');
register('tle_route', $old_file, '1.3 as shipped (portable/released/1.3)');
register('tle_route', $new_file, "this version's file ($version)");
is($node->safe_psql('tle_route', q{SELECT string_agg(version, ',' ORDER BY version)
		FROM pgtle.available_extension_versions() WHERE name = 'scru128_sql'}),
	$version, "tle_route: only $version can be created");
is($node->safe_psql('tle_route', qq{SELECT count(*) FROM pgtle.extension_update_paths('scru128_sql')
		WHERE source = '1.3' AND target = '$version' AND path IS NOT NULL}),
	1, "tle_route: the update path from 1.3 is registered");

my ($ret, $out, $err) = as('squatter', 'tle_route', q{CREATE EXTENSION scru128_sql VERSION '1.3'});
isnt($ret, 0, "tle_route: CREATE EXTENSION scru128_sql VERSION '1.3' by a role with only CREATE fails");
like($err, qr/no installation script nor update path for version "1\.3"/,
	"tle_route: ... 1.3 has no script to create it from") or diag($err);
($ret, $out, $err) = as('squatter', 'tle_route', q{CREATE EXTENSION scru128_sql});
like($err, qr/ERROR:  42501: permission denied to create extension scru128_sql as role squatter/,
	"tle_route: CREATE EXTENSION scru128_sql ($version) by that role fails with 42501");
is($node->safe_psql('tle_route', q{SELECT count(*) FROM pg_extension WHERE extname = 'scru128_sql';
		SELECT to_regnamespace('scru128_sql') IS NULL}), "0\nt", 'tle_route: ... and nothing is left');
($ret, $out, $err) = as('tle_admin', 'tle_route', q{CREATE EXTENSION scru128_sql; SELECT extversion FROM pg_extension WHERE extname = 'scru128_sql'});
is($out, $version, "tle_route: a member of pgtle_admin creates it ($version)") or diag($err);
is($node->safe_psql('tle_route', $owners_sql), 'tle_admin:true', 'tle_route: ... and owns it and all its objects');

# --- a squatted 1.3: created by that role while only 1.3 was registered
new_db('tle_squat');
register('tle_squat', $old_file, '1.3 as shipped');
($ret, $out, $err) = as('squatter', 'tle_squat', q{
	CREATE EXTENSION scru128_sql;
	CREATE SCHEMA sq;
	GRANT USAGE ON SCHEMA sq TO PUBLIC;
	CREATE TABLE sq.ran (who text);
	GRANT INSERT ON sq.ran TO PUBLIC;
	-- bodies of its own, which record who runs them
	CREATE OR REPLACE FUNCTION scru128_sql.scru128_to_text(id scru128_sql.scru128) RETURNS text
		LANGUAGE sql AS $$ INSERT INTO sq.ran VALUES (current_user) RETURNING 'owned' $$;
	CREATE OR REPLACE FUNCTION scru128_sql.scru64_node_spec() RETURNS text
		LANGUAGE sql AS $$ INSERT INTO sq.ran VALUES (current_user) RETURNING '1/8' $$;});
is($ret, 0, 'tle_squat: with only 1.3 registered, the squatter creates the extension (1.3 had no check) and replaces a body')
	or diag($err);
is($node->safe_psql('tle_squat', $owners_sql), 'squatter:false', 'tle_squat: ... it owns the extension and its objects');
$node->safe_psql('tle_squat', q{CREATE TABLE public.kept (id scru128_sql.scru128, n int);
	INSERT INTO public.kept SELECT scru128_sql.scru128(), g FROM generate_series(1, 5) g});
# pg_tle cannot remove 1.3's script while the extension depends on it
like(register('tle_squat', $new_file, "this version's file ($version)"),
	qr/WARNING:  01000: version 1\.3 of extension scru128_sql stays registered: the installed extension depends on its script.*HINT:  Whenever you DROP EXTENSION scru128_sql, run SELECT pgtle\.uninstall_extension\('scru128_sql', '1\.3'\); in the same transaction\./s,
	"tle_squat: ... with a warning: 1.3's script stays while the extension depends on it, remove it with a DROP");

# the superuser updates, as documented
($ret, $out, $err) = as($superuser, 'tle_squat', q{ALTER EXTENSION scru128_sql UPDATE});
isnt($ret, 0, "tle_squat: a superuser's ALTER EXTENSION scru128_sql UPDATE fails");
like($err, qr/ERROR:  42501: extension scru128_sql or its objects are owned by squatter, neither a superuser nor a member of pgtle_admin/,
	'tle_squat: ... with 42501, naming the owner') or diag($err);
like($err, qr/HINT:  Do not update it\.  As a superuser, in one transaction: .*DROP EXTENSION scru128_sql, and SELECT pgtle\.uninstall_extension\('scru128_sql', '1\.3'\) where 1\.3 is registered; then CREATE EXTENSION scru128_sql as a member of pgtle_admin/,
	'tle_squat: ... and the way out in its hint') or diag($err);
is($node->safe_psql('tle_squat', q{SELECT extversion FROM pg_extension WHERE extname = 'scru128_sql';
		SELECT count(*) FROM sq.ran}), "1.3\n0",
	"tle_squat: ... the extension stays 1.3 and the squatter's code never ran");

# the way out: the columns off the domain, drop, create again as a member
# of pgtle_admin, the columns back (no rewrite: a domain shares its base
# type's bytes)
my $filenode = $node->safe_psql('tle_squat', q{SELECT pg_relation_filenode('public.kept')});
($ret, $out, $err) = as($superuser, 'tle_squat', q{BEGIN;
	ALTER TABLE public.kept ALTER COLUMN id TYPE uuid;
	DROP EXTENSION scru128_sql;
	SELECT pgtle.uninstall_extension('scru128_sql', '1.3');
	COMMIT;});
is($ret, 0, "tle_squat: the way out: in one transaction the column to uuid, DROP EXTENSION, 1.3's script removed (superuser)")
	or diag($err);
is($node->safe_psql('tle_squat', q{SELECT string_agg(version, ',' ORDER BY version)
		FROM pgtle.available_extension_versions() WHERE name = 'scru128_sql'}),
	$version, "tle_squat: ... only $version can be created");
($ret, $out, $err) = as('squatter', 'tle_squat', q{CREATE EXTENSION scru128_sql VERSION '1.3'});
like($err, qr/no installation script nor update path for version "1\.3"/,
	"tle_squat: ... the squatter's CREATE EXTENSION scru128_sql VERSION '1.3' fails") or diag($err);
($ret, $out, $err) = as('tle_admin', 'tle_squat', q{CREATE EXTENSION scru128_sql;
	SELECT extversion FROM pg_extension WHERE extname = 'scru128_sql'});
is($out, $version, "tle_squat: ... CREATE EXTENSION by a member of pgtle_admin ($version)") or diag($err);
$node->safe_psql('tle_squat', q{ALTER TABLE public.kept ALTER COLUMN id TYPE scru128_sql.scru128});
is($node->safe_psql('tle_squat', $owners_sql), 'tle_admin:true', 'tle_squat: ... only that member owns it now');
is($node->safe_psql('tle_squat', q{SELECT count(DISTINCT id), pg_relation_filenode('public.kept') FROM public.kept;
		SELECT count(*) FROM sq.ran}),
	"5|$filenode\n0", 'tle_squat: ... the table keeps its rows and its file, nothing of the squatter ran');

# --- the documented update, by a member of pgtle_admin, still works; a
# member object given to another role is refused
new_db('tle_update');
register('tle_update', $old_file, '1.3 as shipped');
($ret, $out, $err) = as('tle_admin', 'tle_update', q{CREATE EXTENSION scru128_sql});
is($ret, 0, 'tle_update: a member of pgtle_admin creates 1.3') or diag($err);
like(register('tle_update', $new_file, "this version's file ($version)"), qr/WARNING:  01000: version 1\.3 of extension scru128_sql stays registered/,
	"tle_update: ... 1.3's script stays (the extension depends on it), with the warning");
$node->safe_psql('tle_update', q{ALTER FUNCTION scru128_sql.scru128() OWNER TO squatter});
($ret, $out, $err) = as('tle_admin', 'tle_update', q{ALTER EXTENSION scru128_sql UPDATE});
like($err, qr/ERROR:  42501: extension scru128_sql or its objects are owned by squatter/,
	'tle_update: a function of the extension owned by another role: the update refuses (42501)') or diag($err);
$node->safe_psql('tle_update', q{ALTER FUNCTION scru128_sql.scru128() OWNER TO tle_admin});
($ret, $out, $err) = as('tle_admin', 'tle_update', q{ALTER EXTENSION scru128_sql UPDATE;
	SELECT extversion FROM pg_extension WHERE extname = 'scru128_sql'});
is($out, $version, "tle_update: given back, the owner's ALTER EXTENSION scru128_sql UPDATE brings it to $version") or diag($err);
is($node->safe_psql('tle_update', $owners_sql), 'tle_admin:true', 'tle_update: ... owned by that member alone');
($ret, $out, $err) = as('squatter', 'tle_update', q{SELECT length(scru128_sql.scru128_to_text(scru128_sql.scru128()))});
is($out, 25, 'tle_update: ... and works for another role');

$node->stop;
done_testing();
