# Copyright: see the LICENSE file of the scru128 extension.
#
# doc/security.md, section "Install and update scripts (native)", rows
# "The install-script route" and "Names taken first"; section "Objects
# found by name: the planner and TimescaleDB's catalog", row "A sibling
# function of the rewrite"; section "Objects found by name (native)", row
# "A writable public beside the extension".  A role that can create
# objects in a schema on the search_path of the extension's scripts, or of
# a superuser's queries, does not get its code run by them.
#
#  1. Install and update scripts.  CREATE EXTENSION and ALTER EXTENSION
#     UPDATE run the scripts as a superuser (scru128 is trusted: the
#     bootstrap superuser, whoever asked) with search_path = the target
#     schema.  A role with CREATE on the database and nothing more makes
#     a schema of its own, fills it with operators whose operand types
#     match exactly a comparison a script might write unqualified
#     (=(oid, regclass), <(int4, int4)'s cross-type neighbours, ...), each
#     counting its calls in a sequence and making the role a superuser
#     when run as one, then installs scru128 into that schema itself, in
#     every version, and runs every update script and refresh waypoint:
#     no trap runs and the role stays what it was.  Then a superuser
#     installs into public where that role has CREATE: the same.
#     (1.2's and 1.4's scripts compared oid with regclass, regtype,
#     regnamespace and regprocedure unqualified: any role with CREATE on a
#     database became a superuser.  Removing sql/qualify/ or an
#     OPERATOR(pg_catalog.=) of sql/1.4 fails these checks.)  A control
#     shows the traps fire on an unqualified comparison.
#  2. Names the role took first in the target schema (a function, a
#     shell type, a function the scripts create with OR REPLACE): the
#     install fails and adopts none of them.
#  3. The planner's time rewrite looks up X_time_lower and its siblings,
#     and X_time_lt ... X_time_ge, by name in the schema of the function it
#     rewrites: each exists there and is a member of the extension, so no
#     other role can add one.
#  4. A superuser's queries in the documented forms (time comparisons
#     with a timestamptz, literals, casts, aggregates, ORDER BY) on every
#     type of the extension, with that role's traps in public beside the
#     extension: none resolves to a trap.  A control: id >= current_date
#     (an implicit cast from date, which the docs tell to avoid) does.

use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $node = PostgreSQL::Test::Cluster->new('native_objects');
$node->init;
$node->start;

$node->safe_psql('postgres', q{
CREATE ROLE squatter LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE;
CREATE DATABASE sq;
GRANT CREATE ON DATABASE sq TO squatter;
CREATE DATABASE victim;});
my $squatter = $node->connstr('sq') . ' user=squatter';

sub psql_as
{
	my ($db, $connstr, $sql) = @_;
	my ($out, $err);
	my $ret = $node->psql($db, $sql, stdout => \$out, stderr => \$err,
		connstr => $connstr, extra_params => [ '-v', 'VERBOSITY=verbose' ]);
	return ($ret, $out, $err);
}

# The traps, made by the role that owns the schema: for each pair of
# operand types of a category (the integers and the OID types; the
# string types) and each operator, one whose operand types are exactly
# those, where pg_catalog has none (an operator of pg_catalog with the same
# operand types is found first, so only an inexact match can be taken
# over); and a current_setting(name).  Each counts its call and returns
# what pg_catalog's operator would, so a script that calls one goes on.
my $traps = q{
CREATE SEQUENCE @S@.trap_hits;
GRANT USAGE ON SCHEMA @S@ TO PUBLIC;
GRANT USAGE, SELECT, UPDATE ON SEQUENCE @S@.trap_hits TO PUBLIC;
CREATE FUNCTION @S@.trap_fired() RETURNS void LANGUAGE plpgsql AS $f$
BEGIN
	PERFORM pg_catalog.nextval('@S@.trap_hits');
	IF (SELECT r.rolsuper FROM pg_catalog.pg_roles r WHERE r.rolname OPERATOR(pg_catalog.=) CURRENT_USER) THEN
		EXECUTE 'ALTER ROLE @R@ SUPERUSER';
	END IF;
END
$f$;
GRANT EXECUTE ON FUNCTION @S@.trap_fired() TO PUBLIC;
DO $do$
DECLARE
	num text[] := ARRAY['oid', 'regclass', 'regtype', 'regproc', 'regprocedure', 'regnamespace',
		'regrole', 'regoper', 'regoperator', 'int2', 'int4', 'int8'];
	str text[] := ARRAY['text', 'name', 'varchar', '"char"'];
	l text;
	r text;
	op text;
	n integer := 0;
BEGIN
	FOREACH l IN ARRAY num OPERATOR(pg_catalog.||) str LOOP
		FOREACH r IN ARRAY CASE WHEN l OPERATOR(pg_catalog.=) ANY (num) THEN num ELSE str END LOOP
			FOREACH op IN ARRAY ARRAY['=', '<>', '<', '<=', '>', '>=', '||'] LOOP
				CONTINUE WHEN op OPERATOR(pg_catalog.=) '||' AND l OPERATOR(pg_catalog.=) ANY (num);
				CONTINUE WHEN EXISTS (SELECT FROM pg_catalog.pg_operator o
					WHERE o.oprnamespace OPERATOR(pg_catalog.=) 'pg_catalog'::pg_catalog.regnamespace::pg_catalog.oid
					  AND o.oprname OPERATOR(pg_catalog.=) op
					  AND o.oprleft OPERATOR(pg_catalog.=) l::pg_catalog.regtype::pg_catalog.oid
					  AND o.oprright OPERATOR(pg_catalog.=) r::pg_catalog.regtype::pg_catalog.oid);
				n := n OPERATOR(pg_catalog.+) 1;
				EXECUTE pg_catalog.format($x$CREATE FUNCTION @S@.trap_%s(a %s, b %s) RETURNS %s LANGUAGE plpgsql AS $b$
BEGIN
	PERFORM @S@.trap_fired();
	RETURN %s;
END
$b$$x$, n, l, r, CASE WHEN op OPERATOR(pg_catalog.=) '||' THEN 'text' ELSE 'boolean' END,
					CASE WHEN l OPERATOR(pg_catalog.=) ANY (str) THEN pg_catalog.format('a::text OPERATOR(pg_catalog.%s) b::text', op)
						ELSE pg_catalog.format('a::%s::int8 OPERATOR(pg_catalog.%s) b::%s::int8',
							CASE WHEN l OPERATOR(pg_catalog.=) ANY ('{int2,int4,int8}') THEN 'int8' ELSE 'oid' END, op,
							CASE WHEN r OPERATOR(pg_catalog.=) ANY ('{int2,int4,int8}') THEN 'int8' ELSE 'oid' END) END);
				EXECUTE pg_catalog.format('CREATE OPERATOR @S@.%s (LEFTARG = %s, RIGHTARG = %s, FUNCTION = @S@.trap_%s)',
					op, l, r, n);
			END LOOP;
		END LOOP;
	END LOOP;
	RAISE NOTICE 'traps: % operators', n;
END
$do$;
CREATE FUNCTION @S@.current_setting(name) RETURNS text LANGUAGE plpgsql AS $f$
BEGIN
	PERFORM @S@.trap_fired();
	RETURN pg_catalog.current_setting($1::text);
END
$f$;
SELECT pg_catalog.setval('@S@.trap_hits', 1, false);};

sub make_traps
{
	my ($db, $connstr, $schema, $role) = @_;
	my $sql = $traps =~ s/\@S\@/$schema/gr =~ s/\@R\@/$role/gr;
	my ($ret, $out, $err) = psql_as($db, $connstr, $sql);
	is($ret, 0, "$role makes its traps in schema $schema") or diag $err;
	like($err, qr/traps: [1-9][0-9]+ operators/, '... a few hundred operators') or diag $err;
}

# whether the traps of a schema stayed unused, and the role no superuser
sub no_trap
{
	my ($db, $schema, $role, $what) = @_;
	is( $node->safe_psql($db, qq{
SELECT (SELECT is_called FROM $schema.trap_hits)::text || ' '
	|| (SELECT rolsuper FROM pg_roles WHERE rolname = '$role')::text}),
		'false false', "$what: no trap of $role ran, and $role is no superuser");
}

#
# 1. install and update scripts, run by the role into its own schema
#
psql_as('sq', $squatter, 'CREATE SCHEMA own');
make_traps('sq', $squatter, 'own', 'squatter');

# control: an unqualified comparison of oid with regclass on that path
# takes the trap (here run by a role that is no superuser)
$node->safe_psql('postgres', 'CREATE ROLE control_role LOGIN');
my ($ret, $out, $err) = psql_as('sq', $node->connstr('sq') . ' user=control_role', q{
SET search_path = own;
SELECT count(*) > 0 FROM pg_catalog.pg_depend d WHERE d.classid = 'pg_catalog.pg_class'::pg_catalog.regclass;
SELECT is_called FROM own.trap_hits;});
is($out, "t\nt", 'control: an unqualified oid = regclass on that search_path runs a trap') or diag $err;
$node->safe_psql('sq', q{SELECT setval('own.trap_hits', 1, false)});
no_trap('sq', 'own', 'squatter', 'control reset');

# every version as CREATE EXTENSION ... VERSION installs it (1.0, then the
# shortest path), and every update script as one step
my @versions = split /\n/, $node->safe_psql('sq', q{
SELECT version FROM pg_available_extension_versions WHERE name = 'scru128' ORDER BY version});
my @steps = split /\n/, $node->safe_psql('sq', q{
SELECT source || ' ' || target FROM pg_extension_update_paths('scru128')
WHERE path = source || '--' || target ORDER BY source, target});
ok(scalar(@versions) >= 8 && scalar(@steps) >= 10,
	scalar(@versions) . ' versions, ' . scalar(@steps) . ' one-step updates');

for my $v (@versions)
{
	($ret, $out, $err) = psql_as('sq', $squatter, qq{
CREATE EXTENSION scru128 SCHEMA own VERSION '$v';
SELECT extversion FROM pg_extension WHERE extname = 'scru128';
DROP EXTENSION scru128;});
	is($ret . $out, "0$v", "the role itself: CREATE EXTENSION scru128 SCHEMA own VERSION '$v'") or diag $err;
	no_trap('sq', 'own', 'squatter', "VERSION '$v'");
}
for my $s (@steps)
{
	my ($from, $to) = split / /, $s;
	($ret, $out, $err) = psql_as('sq', $squatter, qq{
CREATE EXTENSION scru128 SCHEMA own VERSION '$from';
SELECT pg_catalog.setval('own.trap_hits', 1, false);
ALTER EXTENSION scru128 UPDATE TO '$to';
SELECT extversion FROM pg_extension WHERE extname = 'scru128';
DROP EXTENSION scru128;});
	is($ret . ($out =~ s/^.*\n//r), "0$to", "the role itself: scru128--$from--$to.sql") or diag $err;
	no_trap('sq', 'own', 'squatter', "update $from to $to");
}

# a superuser installs into public, where the role may create
$node->safe_psql('victim', q{
GRANT CREATE ON SCHEMA public TO squatter;
GRANT CREATE ON DATABASE victim TO squatter;});
my $squatter_v = $node->connstr('victim') . ' user=squatter';
make_traps('victim', $squatter_v, 'public', 'squatter');
($ret, $out, $err) = $node->psql('victim', 'CREATE EXTENSION scru128');
is($ret, 0, 'a superuser: CREATE EXTENSION scru128 into public') or diag $err;
no_trap('victim', 'public', 'squatter', 'a superuser\'s install into public');
# the default version's refresh waypoint, whichever release that is
my $current = $node->safe_psql('victim', q{SELECT extversion FROM pg_extension WHERE extname = 'scru128'});
($ret, $out, $err) = $node->psql('victim', qq{
ALTER EXTENSION scru128 UPDATE TO '$current-refresh'; ALTER EXTENSION scru128 UPDATE});
is($ret, 0, "a superuser: the $current-refresh waypoint and back") or diag $err;
no_trap('victim', 'public', 'squatter', 'a superuser\'s refresh');

#
# 2. names taken first in the target schema
#
for my $case (
	[ 'a function of the extension\'s name', 'CREATE FUNCTION taken.scru128_reset_generators() RETURNS void LANGUAGE sql AS $$SELECT$$',
		"SELECT count(*) FROM pg_proc WHERE proname = 'scru128_reset_generators' AND pronamespace = 'taken'::regnamespace AND proowner = 'squatter'::regrole" ],
	[ 'a domain scru128', 'CREATE DOMAIN taken.scru128 AS uuid',
		"SELECT count(*) FROM pg_type WHERE typname = 'scru128' AND typnamespace = 'taken'::regnamespace AND typowner = 'squatter'::regrole" ],
	[ 'uuid_extract_timestamp(uuid), which 1.2 creates OR REPLACE', 'CREATE FUNCTION taken.uuid_extract_timestamp(uuid) RETURNS timestamptz LANGUAGE sql AS $$SELECT now()$$',
		"SELECT count(*) FROM pg_proc WHERE proname = 'uuid_extract_timestamp' AND pronamespace = 'taken'::regnamespace AND proowner = 'squatter'::regrole" ])
{
	my ($what, $make, $count) = @$case;
	($ret, $out, $err) = psql_as('sq', $squatter, "DROP SCHEMA IF EXISTS taken CASCADE; CREATE SCHEMA taken; $make");
	is($ret, 0, "the role makes $what in its schema") or diag $err;
	($ret, $out, $err) = psql_as('sq', $squatter, 'CREATE EXTENSION scru128 SCHEMA taken');
	isnt($ret, 0, "... CREATE EXTENSION scru128 SCHEMA taken fails");
	like($err, qr/already exists|is not a member of extension/, '... on that name') or diag $err;
	is($node->safe_psql('sq', "SELECT count(*) FROM pg_extension WHERE extname = 'scru128'") . ' '
		  . $node->safe_psql('sq', $count), '0 1', '... no extension, and the object is still the role\'s, adopted by none');
}

#
# 3. the planner's lookups by name
#
is( $node->safe_psql('victim', q{
SET search_path = pg_catalog;
SELECT string_agg(f || '(' || a::regtype[]::text || ')', ', ' ORDER BY f) FROM (
	SELECT p || '_' || s AS f, ARRAY['timestamptz', 'boolean']::regtype[]::oid[] AS a
	FROM unnest(ARRAY['scru128', 'scru160', 'scru64', 'uuid', 'ulid']) p,
		unnest(ARRAY['time_lower', 'time_upper', 'time_lower_end', 'time_upper_start']) s
	UNION ALL
	SELECT p || '_time_' || s, ARRAY[to_regtype((SELECT nspname FROM pg_namespace WHERE oid = e.extnamespace)
		|| '.' || p), 'timestamptz'::regtype]::oid[]
	FROM unnest(ARRAY['scru128', 'scru160', 'scru64', 'ulid']) p, unnest(ARRAY['lt', 'le', 'gt', 'ge']) s,
		pg_extension e WHERE e.extname = 'scru128'
	UNION ALL
	SELECT 'uuid_time_' || s, ARRAY['uuid', 'timestamptz']::regtype[]::oid[]
	FROM unnest(ARRAY['lt', 'le', 'gt', 'ge']) s
	UNION ALL
	SELECT 'typeid_' || s, ARRAY['text', 'timestamptz', 'boolean']::regtype[]::oid[]
	FROM unnest(ARRAY['time_lower', 'time_upper', 'time_lower_end', 'time_upper_start']) s) x
WHERE NOT EXISTS (
	SELECT FROM pg_proc pr JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = pr.oid AND d.deptype = 'e'
	WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'scru128')
	  AND pr.pronamespace = (SELECT extnamespace FROM pg_extension WHERE extname = 'scru128')
	  AND pr.proname = x.f AND pr.proargtypes = array_to_string(x.a, ' ')::oidvector)}),
	'', 'every X_time_lower, X_time_upper, X_time_lower_end, X_time_upper_start(timestamptz, boolean), typeid_time_lower ... typeid_time_upper_start(text, timestamptz, boolean) and X_time_lt ... X_time_ge(X, timestamptz) the planner looks up is a member of the extension, in its schema');

#
# 4. a superuser's queries beside the role's traps in public
#
($ret, $out, $err) = psql_as('victim', $squatter_v, q{
DO $do$
DECLARE
	ours text[] := ARRAY['scru128', 'scru160', 'scru64', 'ulid', 'uuid'];
	others text[] := ARRAY['text', 'varchar', 'timestamp', 'date', 'timestamptz', 'uuid', 'bytea', 'int8', 'int4', 'numeric'];
	l text;
	r text;
	op text;
	n integer := 0;
	pair text[];
BEGIN
	FOREACH l IN ARRAY ours LOOP
		FOREACH r IN ARRAY others LOOP
			FOREACH pair SLICE 1 IN ARRAY ARRAY[ARRAY[l, r], ARRAY[r, l]] LOOP
				FOREACH op IN ARRAY ARRAY['=', '<>', '<', '<=', '>', '>='] LOOP
					CONTINUE WHEN EXISTS (SELECT FROM pg_catalog.pg_operator o WHERE o.oprname OPERATOR(pg_catalog.=) op
						AND o.oprleft OPERATOR(pg_catalog.=) pair[1]::pg_catalog.regtype::pg_catalog.oid
						AND o.oprright OPERATOR(pg_catalog.=) pair[2]::pg_catalog.regtype::pg_catalog.oid);
					n := n OPERATOR(pg_catalog.+) 1;
					EXECUTE pg_catalog.format($x$CREATE FUNCTION public.trap_q%s(a %s, b %s) RETURNS boolean LANGUAGE plpgsql AS $b$
BEGIN
	PERFORM public.trap_fired();
	RETURN false;
END
$b$$x$, n, pair[1], pair[2]);
					EXECUTE pg_catalog.format('CREATE OPERATOR public.%s (LEFTARG = %s, RIGHTARG = %s, FUNCTION = public.trap_q%s)',
						op, pair[1], pair[2], n);
				END LOOP;
			END LOOP;
		END LOOP;
	END LOOP;
	RAISE NOTICE 'query traps: %', n;
END
$do$;
SELECT pg_catalog.setval('public.trap_hits', 1, false);});
is($ret, 0, 'the role adds traps in public for the extension\'s types against others') or diag $err;

$node->safe_psql('victim', q{
CREATE TABLE ev (
	id scru128 PRIMARY KEY DEFAULT scru128(), s160 scru160 DEFAULT scru160(),
	s64 scru64 DEFAULT scru64_min(now()), u uuid DEFAULT public.uuidv7(), l ulid DEFAULT ulid());
INSERT INTO ev SELECT FROM generate_series(1, 100);});
my @queries = (
	q{SELECT count(*) FROM ev WHERE id >= now() - interval '1 hour'},
	q{SELECT count(*) FROM ev WHERE id BETWEEN timestamptz '2020-01-01 00:00+00' AND now()},
	q{SELECT count(*) FROM ev WHERE s160 > now() - interval '1 day' AND l > now() - interval '1 day'},
	q{SELECT count(*) FROM ev WHERE u >= now() - interval '1 hour'},
	q{SELECT count(*) FROM ev WHERE s64 < now()},
	q{SELECT count(*) FROM ev WHERE id = '0000000000000000000000000'},
	q{SELECT count(*) FROM ev WHERE id::text = '0000000000000000000000000' OR id::uuid = '00000000-0000-0000-0000-000000000000'},
	q{SELECT count(*) FROM ev WHERE id BETWEEN scru128_min(now() - interval '1 hour') AND scru128_max(now())},
	q{SELECT min(id) < max(id), min(l) <= max(l) FROM ev},
	q{SELECT id FROM ev ORDER BY id DESC LIMIT 1},
	q{SELECT count(*) FROM ev WHERE scru128_timestamp(id) > now() - interval '1 hour'},
	q{SELECT count(*) FROM ev WHERE l = '01ARZ3NDEKTSV4RRFFQ69G5FAV' OR s160 = '00000000000000000000000000000000'});
for my $q (@queries)
{
	($ret, $out, $err) = $node->psql('victim', $q);
	is($ret, 0, "a superuser: $q") or diag $err;
}
no_trap('victim', 'public', 'squatter', 'a superuser\'s queries in the documented forms');
($ret, $out, $err) = $node->psql('victim', 'SELECT count(*) FROM ev WHERE id >= current_date');
is($node->safe_psql('victim', 'SELECT is_called FROM public.trap_hits'), 't',
	'control: id >= current_date (an implicit cast the docs tell to avoid) takes a trap');

$node->stop;
done_testing();
