
# Copyright: see the LICENSE file of the scru128 extension.
#
# pg_partman 5.2+ with SCRU128 IDs kept in a uuid column: pg_partman
# partitions text and uuid columns by time only through a time encoder and
# decoder, and scru128_partman_encoder/decoder are that pair.
#  1. create_parent with daily partitions: the children's bounds are the
#     encoded midnights and decode back to them (pg_partman reads every
#     child's start through the decoder).
#  2. Rows made by DEFAULT scru128()::uuid and by scru128(timestamptz)::uuid
#     for past and future days land in the partition of their day, rows
#     outside every child in the default partition.
#  3. run_maintenance() pre-creates future partitions (premake raised), and
#     with a retention of 3 days drops the older children and nothing else.
#  4. Limits: a scru128-typed control column is refused by pg_partman.
#     (The encoder and decoder are named with their schema: pg_partman 5.5
#     runs them with search_path set to its own schema; 5.2 does not.)
# Debian packages pg_partman 5.2+ for PostgreSQL 17 and 18 (not for 19 in
# experimental, 19~rc1): on an older server, and on 19 while Debian has no
# package (test/lib.sh installs it when there is one, and then all of this
# runs), the test asserts that it is absent.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $node = PostgreSQL::Test::Cluster->new('partman');
$node->init;
$node->append_conf('postgresql.conf', "timezone = 'UTC'\n");
$node->start;

my $major = $node->safe_psql('postgres',
	"SELECT current_setting('server_version_num')::int / 10000");
# the newest pg_partman this server can install, if any
my $partman = $node->safe_psql('postgres',
	"SELECT max(version) FROM pg_available_extension_versions WHERE name = 'pg_partman'");
my $usable = $node->safe_psql('postgres',
	q{SELECT coalesce(bool_or(string_to_array(split_part(version, '-', 1), '.')::int[] >= '{5,2}'), false)
	    FROM pg_available_extension_versions WHERE name = 'pg_partman'});

if ($usable ne 't')
{
	# Debian has pg_partman 5.2+ for 17 (trixie) and 18 (forky), none
	# yet for 19
	ok($major < 17 || $major >= 19,
		"pg_partman 5.2+ is not installable (found: '$partman') only before PostgreSQL 17 or on 19 ($major)");
	note "pg_partman is not packaged for PostgreSQL $major: only its absence is tested"
	  if $major >= 19;
	my ($ret, $out, $err) = $node->psql('postgres',
		"CREATE EXTENSION pg_partman VERSION '5.2.0'");
	isnt($ret, 0, 'CREATE EXTENSION pg_partman 5.2 fails on this server');
	# the encoder and decoder exist and work without pg_partman
	$node->safe_psql('postgres', 'CREATE EXTENSION scru128');
	is( $node->safe_psql(
			'postgres',
			"SELECT scru128_partman_decoder(scru128_partman_encoder('2024-05-06')::text) = '2024-05-06'"),
		't',
		'encoder and decoder round-trip without pg_partman');
	done_testing();
	exit;
}

note "pg_partman $partman on PostgreSQL $major";
$node->safe_psql(
	'postgres', q{
CREATE SCHEMA partman;
CREATE EXTENSION pg_partman SCHEMA partman;
CREATE EXTENSION scru128;
CREATE TABLE public.events (
	id uuid NOT NULL DEFAULT scru128()::uuid PRIMARY KEY,
	note text
) PARTITION BY RANGE (id);
});
my $version = $node->safe_psql('postgres',
	"SELECT extversion FROM pg_extension WHERE extname = 'pg_partman'");
note "installed pg_partman $version";

# 4. limits first: a scru128-typed control column is refused
$node->safe_psql('postgres',
	'CREATE TABLE public.native (id scru128 PRIMARY KEY DEFAULT scru128()) PARTITION BY RANGE (id)');
my ($ret, $out, $err) = $node->psql(
	'postgres', q{
SELECT partman.create_parent(p_parent_table := 'public.native', p_control := 'id',
	p_interval := '1 day', p_time_encoder := 'public.scru128_partman_encoder',
	p_time_decoder := 'public.scru128_partman_decoder')});
isnt($ret, 0, 'create_parent refuses a scru128 control column');
like($err, qr/Only date\/time, text\/uuid or integer types are allowed|only supports partitioning of data types that are integer, numeric, date\/timestamp or specially encoded text/,
	'... with pg_partman\'s message on control column types');

# 1. daily partitions from 5 days ago, 3 days ahead
$node->safe_psql(
	'postgres', q{
SELECT partman.create_parent(p_parent_table := 'public.events', p_control := 'id',
	p_interval := '1 day', p_premake := 3,
	p_start_partition := (date_trunc('day', now()) - interval '5 days')::text,
	p_time_encoder := 'public.scru128_partman_encoder',
	p_time_decoder := 'public.scru128_partman_decoder')});

# children as pg_partman sees them (decoded).  show_partition_info needs
# p_parent_table here: pg_partman 5.2 looks the decoder up by that argument
# before it finds the parent by itself, and without it casts the uuid bound
# to timestamptz and fails.
my $children_sql = q{
SELECT string_agg(to_char(i.child_start_time, 'YYYY-MM-DD HH24:MI:SS.MS') || '..' ||
                  to_char(i.child_end_time, 'YYYY-MM-DD HH24:MI:SS.MS'), ' ' ORDER BY i.child_start_time)
  FROM partman.show_partitions('public.events') p,
       LATERAL partman.show_partition_info(p.partition_schemaname || '.' || p.partition_tablename,
                                           p_parent_table := 'public.events') i};
my $expected_children = $node->safe_psql(
	'postgres', q{
SELECT string_agg(to_char(d, 'YYYY-MM-DD HH24:MI:SS.MS') || '..' ||
                  to_char(d + interval '1 day', 'YYYY-MM-DD HH24:MI:SS.MS'), ' ' ORDER BY d)
  FROM generate_series(date_trunc('day', now()) - interval '5 days',
                       date_trunc('day', now()) + interval '3 days', interval '1 day') d});
is($node->safe_psql('postgres', $children_sql), $expected_children,
	'create_parent made daily children from 5 days ago to 3 days ahead, decoded at midnight');

# every child's bound is the encoder's value of its midnight
is( $node->safe_psql(
		'postgres', q{
SELECT count(*) FROM partman.show_partitions('public.events') p
  JOIN pg_class c ON c.relname = p.partition_tablename
 WHERE pg_get_expr(c.relpartbound, c.oid) <>
       format('FOR VALUES FROM (%L) TO (%L)',
              scru128_partman_encoder(to_timestamp(substr(p.partition_tablename, 9), 'YYYYMMDD')),
              scru128_partman_encoder(to_timestamp(substr(p.partition_tablename, 9), 'YYYYMMDD') + interval '1 day'))}
	),
	'0',
	'each child is bounded by the encoded midnights of its day');
is( $node->safe_psql('postgres',
		"SELECT count(*) FROM pg_class WHERE relname = 'events_default' AND relispartition"),
	'1', 'pg_partman made a default partition');

# 2. rows of today (DEFAULT), of past and future days, and out of range
$node->safe_psql(
	'postgres', q{
INSERT INTO events (note) SELECT 'today' FROM generate_series(1, 200);
INSERT INTO events (id, note)
	SELECT scru128(now() - d * interval '1 day' + random() * interval '1 hour')::uuid, 'day ' || -d
	  FROM generate_series(1, 5) d, generate_series(1, 50);
INSERT INTO events (id, note)
	SELECT scru128(date_trunc('day', now()) + d * interval '1 day' + interval '1 minute')::uuid, 'day +' || d
	  FROM generate_series(1, 3) d, generate_series(1, 10);
INSERT INTO events (id, note)
	SELECT scru128(now() - interval '30 days')::uuid, 'day -30 (no partition)' FROM generate_series(1, 4);
});
is($node->safe_psql('postgres', 'SELECT count(*) FROM events'), '484', 'all rows inserted');
is( $node->safe_psql(
		'postgres', q{
SELECT count(*) FROM events
 WHERE tableoid::regclass::text <>
       CASE WHEN scru128_partman_decoder(id::text) >= date_trunc('day', now()) - interval '5 days'
             AND scru128_partman_decoder(id::text) < date_trunc('day', now()) + interval '4 days'
            THEN 'events_p' || to_char(scru128_partman_decoder(id::text), 'YYYYMMDD')
            ELSE 'events_default' END}),
	'0',
	'every row is in the partition of its day, or in the default partition outside them');
is($node->safe_psql('postgres', 'SELECT count(*) FROM events_default'),
	'4', 'the 4 rows before every child are in the default partition');
is($node->safe_psql('postgres',
		"SELECT count(*) FROM partman.check_default(p_exact_count := true) WHERE default_table = 'public.events_default'"),
	'1', 'check_default() reports them');

# 3a. run_maintenance() makes future partitions: raise premake to 6.
# pg_partman counts them from the newest child that holds data (day +3
# here) or from now, whichever is later.
$node->safe_psql(
	'postgres', q{
UPDATE partman.part_config SET premake = 6 WHERE parent_table = 'public.events';
SELECT partman.run_maintenance();
});
is( $node->safe_psql(
		'postgres', q{
SELECT (max(i.child_end_time) - date_trunc('day', now()))::text
  FROM partman.show_partitions('public.events') p,
       LATERAL partman.show_partition_info(p.partition_schemaname || '.' || p.partition_tablename,
                                           p_parent_table := 'public.events') i}),
	'10 days',
	'run_maintenance() pre-created 6 children past the newest data (day +3)');
$node->safe_psql('postgres',
	"INSERT INTO events (id, note) SELECT scru128(date_trunc('day', now()) + interval '6 days')::uuid, 'day +6' FROM generate_series(1, 5)");
is( $node->safe_psql('postgres',
		"SELECT string_agg(DISTINCT tableoid::regclass::text, ',') FROM events WHERE note = 'day +6'"),
	'events_p' . $node->safe_psql('postgres',
		"SELECT to_char(now() + interval '6 days', 'YYYYMMDD')"),
	'rows of a pre-created day land in its partition');

# 3b. retention: keep 3 days, drop the rest
my $before = $node->safe_psql(
	'postgres', q{
SELECT count(*) FILTER (WHERE scru128_partman_decoder(id::text) >= date_trunc('day', now()) - interval '3 days'
                          OR tableoid = 'events_default'::regclass) || ' ' ||
       count(*) FILTER (WHERE scru128_partman_decoder(id::text) < date_trunc('day', now()) - interval '3 days'
                          AND tableoid <> 'events_default'::regclass)
  FROM events});
my ($keep, $drop) = split / /, $before;
cmp_ok($drop, '>', 0, "rows older than 3 days before retention: $drop");
$node->safe_psql(
	'postgres', q{
UPDATE partman.part_config SET retention = '3 days', retention_keep_table = false
 WHERE parent_table = 'public.events';
SELECT partman.run_maintenance();
});
is( $node->safe_psql(
		'postgres', q{
SELECT (date_trunc('day', now()) - min(i.child_start_time))::text
  FROM partman.show_partitions('public.events') p,
       LATERAL partman.show_partition_info(p.partition_schemaname || '.' || p.partition_tablename,
                                           p_parent_table := 'public.events') i}),
	'3 days',
	'retention dropped the children older than 3 days');
is($node->safe_psql('postgres', 'SELECT count(*) FROM events'),
	$keep, "the $keep other rows are all still there");
is( $node->safe_psql(
		'postgres', q{
SELECT count(*) FROM events
 WHERE scru128_partman_decoder(id::text) < date_trunc('day', now()) - interval '3 days'
   AND tableoid <> 'events_default'::regclass}),
	'0',
	'no row of a dropped day is left outside the default partition');
is( $node->safe_psql('postgres',
		"SELECT count(*) FROM pg_tables WHERE tablename LIKE 'events_p%'"),
	'16', 'children left: 3 days back to 6 days past the newest data (day +6)');

# 4. the time operators on the uuid control column prune the children: at
# executor start for now(), at plan time for constants
like(
	$node->safe_psql('postgres',
		q{EXPLAIN (COSTS OFF) SELECT count(*) FROM events WHERE id >= now() - interval '1 day'}),
	qr/Subplans Removed: [1-9]/,
	'id >= now() - 1 day prunes children at executor start');
is( $node->safe_psql('postgres',
		q{SELECT count(*) FROM events WHERE id >= now() - interval '1 day'}),
	$node->safe_psql('postgres',
		q{SELECT count(*) FROM events WHERE scru128_partman_decoder(id::text) >= now() - interval '1 day'}),
	'... and finds the rows of the last day');
my ($day, $next) = split /\|/, $node->safe_psql('postgres',
	q{SELECT date_trunc('day', now() + interval '1 day') || '|' || date_trunc('day', now() + interval '2 days')});
my $plan = $node->safe_psql('postgres',
	"EXPLAIN (COSTS OFF) SELECT count(*) FROM events WHERE id >= timestamptz '$day' AND id < timestamptz '$next'");
# the relations scanned, whatever the scan (a bitmap scan names the index
# on its own line)
my %scanned = map { $_ => 1 } grep { defined }
  $plan =~ /(?:Seq Scan|Bitmap Heap Scan) on (\w+)|Index (?:Only )?Scan(?: Backward)? using \w+ on (\w+)/g;
is(join(',', sort keys %scanned),
	'events_p' . $node->safe_psql('postgres', "SELECT to_char(timestamptz '$day', 'YYYYMMDD')"),
	'a constant day scans its child alone');

$node->stop;
done_testing();
