
# Copyright: see the LICENSE file of the scru128 extension.
#
# doc/security.md, "Objects found by name: the planner and TimescaleDB's
# catalog".  The planner support of id OP timestamptz asks what
# TimescaleDB's catalog says of the column.  A database owner who is not a
# superuser (any role with CREATE on the database) squats the schema
# _timescaledb_catalog in a database that never had TimescaleDB:
#  1. a view "dimension" calling the squatter's function: a superuser's
#     planning of id >= now() - interval must not run it (the squatter
#     would make itself a superuser);
#  2. a fake row naming an ordinary uuid table as a UUIDv7 dimension must
#     not change any role's rows;
#  3. a catalog whose columns have other types must not fail queries;
#  4. a view whose own plan asks the support function again must not
#     recurse.
# Each query is also compared with the never-rewritten X_time_OP.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $node = PostgreSQL::Test::Cluster->new('planner_catalog');
$node->init;
$node->start;

sub psql_as
{
	my ($role, $db, $sql) = @_;
	my ($out, $err);
	my $ret = $node->psql($db, $sql, stdout => \$out, stderr => \$err,
		extra_params => [ '-U', $role ]);
	return ($ret, $out, $err);
}

$node->safe_psql('postgres', q{
	CREATE ROLE dbo LOGIN;
	CREATE ROLE reader LOGIN;
	CREATE DATABASE squat OWNER dbo;});
$node->safe_psql('squat', q{
	CREATE EXTENSION scru128;
	CREATE TABLE public.events (id scru128 PRIMARY KEY, n int);
	INSERT INTO public.events SELECT scru128(now() - g * interval '1 minute'), g FROM generate_series(0, 119) g;
	-- v4 and v8 UUIDs of one millisecond, and a UUIDv7 of it
	CREATE TABLE public.u (id uuid);
	INSERT INTO public.u VALUES
		('01890a5d-ac96-4000-8000-000000000000'), ('01890a5d-ac96-8fff-bfff-ffffffffffff'),
		('01890a5d-ac96-7000-8000-000000000001'), ('01890a5d-ac95-ffff-ffff-ffffffffffff'),
		('01890a5d-ac97-0000-0000-000000000000');
	GRANT SELECT ON public.events, public.u TO PUBLIC;
	ALTER TABLE public.events OWNER TO dbo;});

# what the squatter's code leaves when it runs: a row, and an attempt to
# make its owner a superuser
my ($ret, $out, $err) = psql_as('dbo', 'squat', q{
	CREATE TABLE public.ran (who name, at timestamptz DEFAULT now());
	GRANT INSERT ON public.ran TO PUBLIC;
	CREATE FUNCTION public.payload() RETURNS name LANGUAGE plpgsql AS $$
	BEGIN
		INSERT INTO public.ran (who) VALUES (current_user);
		BEGIN
			EXECUTE 'ALTER ROLE dbo SUPERUSER';
		EXCEPTION WHEN insufficient_privilege THEN NULL;
		END;
		RETURN 'public';
	END $$;
	CREATE SCHEMA _timescaledb_catalog;
	CREATE TABLE _timescaledb_catalog.hypertable (id int, schema_name name, table_name name);
	INSERT INTO _timescaledb_catalog.hypertable VALUES (1, 'public', 'events'), (2, 'public', 'u');
	CREATE VIEW _timescaledb_catalog.dimension AS
		SELECT 1 AS hypertable_id, 'id'::name AS column_name, 86400000000::bigint AS interval_length,
			public.payload()::name AS partitioning_func_schema, 'scru128_timestamp'::name AS partitioning_func;
	GRANT USAGE ON SCHEMA _timescaledb_catalog TO PUBLIC;
	GRANT SELECT ON ALL TABLES IN SCHEMA _timescaledb_catalog TO PUBLIC;});
is($ret, 0, 'the database owner squats _timescaledb_catalog with a view running its function') or diag($err);

my $want = $node->safe_psql('squat',
	q{SELECT count(*) FROM events WHERE scru128_time_ge(id, now() - interval '1 hour')});
for my $q (q{SELECT count(*) FROM events WHERE id >= now() - interval '1 hour'},
	q{PREPARE p(timestamptz) AS SELECT count(*) FROM events WHERE id >= $1;
	  SET plan_cache_mode = force_generic_plan; EXECUTE p(now() - interval '1 hour')},
	q{SELECT count(*) FROM events WHERE id >= timestamptz '2000-01-01' AND id >= now() - interval '1 hour'})
{
	(my $name = $q) =~ s/\s+/ /g;
	is($node->safe_psql('squat', $q), $want, "a superuser's $name: the right rows");
}
is($node->safe_psql('squat', 'SELECT count(*) FROM ran'), '0',
	"the squatter's function never ran in a superuser's planning");
is($node->safe_psql('postgres', q{SELECT rolsuper FROM pg_roles WHERE rolname = 'dbo'}), 'f',
	'the squatter is not a superuser');
($ret, $out, $err) = psql_as('reader', 'squat',
	q{SELECT count(*) FROM events WHERE id >= now() - interval '1 hour'});
is($out, $want, "another role's query: the right rows") or diag($err);
is($node->safe_psql('squat', 'SELECT count(*) FROM ran'), '0',
	"... and the squatter's function did not run as that role either");

# 2. the view replaced by a table with a fake row: uuid table u as a UUIDv7
# dimension.  The v4 and v8 UUIDs of the bound's millisecond are counted.
($ret, $out, $err) = psql_as('dbo', 'squat', q{
	DROP VIEW _timescaledb_catalog.dimension;
	CREATE TABLE _timescaledb_catalog.dimension (hypertable_id int, column_name name,
		interval_length bigint, partitioning_func_schema name, partitioning_func name);
	INSERT INTO _timescaledb_catalog.dimension VALUES (2, 'id', 86400000000, NULL, NULL);
	GRANT SELECT ON _timescaledb_catalog.dimension TO PUBLIC;});
is($ret, 0, 'a fake dimension row naming the uuid table u') or diag($err);
# a constant time: the bound's millisecond, 0x01890a5dac96 ms after the epoch
my $t = "timestamptz '" . $node->safe_psql('squat',
	q{SET TimeZone = UTC; SELECT timestamptz 'epoch' + interval '1 ms' * x'01890a5dac96'::bigint}) . "'";
for my $op ('>=', '>', '<=', '<')
{
	my $fn = { '>=' => 'ge', '>' => 'gt', '<=' => 'le', '<' => 'lt' }->{$op};
	for my $role ('dbo', 'reader')
	{
		($ret, $out, $err) = psql_as($role, 'squat', "SELECT count(*) FROM u WHERE id $op $t");
		is($out, $node->safe_psql('squat', "SELECT count(*) FROM u WHERE uuid_time_$fn(id, $t)"),
			"uuid id $op t as $role: the same rows as uuid_time_$fn despite the fake row") or diag($err);
	}
}

# 3. the columns of another type: no error, the same rows
$node->safe_psql('squat', q{
	ALTER TABLE _timescaledb_catalog.hypertable ALTER COLUMN id TYPE text;
	ALTER TABLE _timescaledb_catalog.dimension ALTER COLUMN column_name TYPE text;});
($ret, $out, $err) = psql_as('reader', 'squat',
	q{SELECT count(*) FROM events WHERE id >= now() - interval '1 hour'});
is($ret, 0, 'a catalog with columns of other types: no error') or diag($err);
is($out, $want, '... and the right rows');

# 4. a view whose plan would ask the support function again
$node->safe_psql('squat', q{
	DROP TABLE _timescaledb_catalog.dimension, _timescaledb_catalog.hypertable;
	CREATE VIEW _timescaledb_catalog.hypertable AS
		SELECT n AS id, 'public'::name AS schema_name, 'events'::name AS table_name
		FROM public.events WHERE id >= now() - interval '1 day';
	CREATE VIEW _timescaledb_catalog.dimension AS
		SELECT id AS hypertable_id, 'id'::name AS column_name, 1::bigint AS interval_length,
			NULL::name AS partitioning_func_schema, NULL::name AS partitioning_func
		FROM _timescaledb_catalog.hypertable;
	GRANT SELECT ON ALL TABLES IN SCHEMA _timescaledb_catalog TO PUBLIC;});
($ret, $out, $err) = psql_as('reader', 'squat',
	q{SELECT count(*) FROM events WHERE id >= now() - interval '1 hour'});
is($ret, 0, 'a catalog view whose plan asks the support function: no recursion, no error') or diag($err);
is($out, $want, '... and the right rows');
is($node->safe_psql('squat', 'SELECT count(*) FROM ran'), '0', "the squatter's function never ran");

$node->stop;
done_testing();
