# TimescaleDB hypertables keyed by the extension's IDs (doc/timescaledb.md):
# scru128, scru160, scru64 and ulid through partition_func (the ID's time), uuid
# holding UUIDv7 through TimescaleDB's own UUIDv7 dimension (2.22 and
# later).  Chunk exclusion at plan time for constant times and at executor
# start for now() and parameters, with the forms the page gives, and time
# buckets by ID.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $node = PostgreSQL::Test::Cluster->new('timescaledb');
$node->init;
my $pkglibdir = $node->config_data('--pkglibdir');
my $major = $node->config_data('--version') =~ /(\d+)/ ? $1 : 0;
if (!-e "$pkglibdir/timescaledb.so")
{
	# test/lib.sh installs Debian's package on 17 and 18: there, under
	# CI=true, it must be; a server of a contributor's own may lack it
	die "timescaledb is installed by test/lib.sh on $major but missing"
	  if ($major == 17 || $major == 18) && ($ENV{CI} // '') !~ /^(|0|false)$/i;
	plan skip_all => ($major == 17 || $major == 18)
	  ? "TimescaleDB is not installed on this server (test/lib.sh installs Debian's package on $major)"
	  : "TimescaleDB is not packaged for $major (tested on 17 and 18)";
}
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'timescaledb'\ntimescaledb.telemetry_level = off");
$node->start;
$node->safe_psql('postgres', 'CREATE EXTENSION timescaledb; CREATE EXTENSION scru128');
my $ts = $node->safe_psql('postgres', q{SELECT extversion FROM pg_extension WHERE extname = 'timescaledb'});
note("TimescaleDB $ts on PostgreSQL $major");

# the number of chunks a plan reads: its scans of chunks, less those the
# executor excluded at startup
sub chunks_read
{
	my ($sql) = @_;
	my $plan = $node->safe_psql('postgres', "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) $sql");
	my $scans = () = $plan =~ /Scan[^\n]* on _hyper_\d+_\d+_chunk/g;
	return $scans;
}

# 15 days of rows, one an hour, up to now: 15 or 16 chunks of one day
# an ID of a given time: scru64 has no generator for one (its node
# identifier is the server's), its smallest ID of the tick does
my %at = (scru128 => 'scru128', scru160 => 'scru160', scru64 => 'scru64_min', ulid => 'ulid');
for my $type ('scru128', 'scru160', 'scru64', 'ulid')
{
	my $t = "ev_$type";
	$node->safe_psql('postgres', qq{
		CREATE TABLE $t (id $type NOT NULL, n int NOT NULL);
		SELECT create_hypertable('$t', by_range('id', interval '1 day', partition_func => '${type}_timestamp'));
		INSERT INTO $t SELECT $at{$type}(now() - g * interval '1 hour'), g FROM generate_series(0, 24 * 14) g;
		ANALYZE $t;});
	my $chunks = $node->safe_psql('postgres', "SELECT count(*) FROM show_chunks('$t')");
	cmp_ok($chunks, '>=', 15, "$type: the hypertable has $chunks chunks");

	# a constant time: excluded at plan time
	my $day = $node->safe_psql('postgres', q{SELECT date_trunc('day', now() - interval '2 days', 'UTC')});
	my $c = chunks_read("SELECT count(*) FROM $t WHERE id >= timestamptz '$day'");
	ok($c >= 2 && $c <= 4, "$type: id >= a constant time reads $c of $chunks chunks");
	is($node->safe_psql('postgres', "SELECT count(*) FROM $t WHERE id >= timestamptz '$day'"),
		$node->safe_psql('postgres', "SELECT count(*) FROM $t WHERE ${type}_timestamp(id) >= timestamptz '$day'"),
		"$type: and finds the rows");
	my ($from, $to) = split /\|/, $node->safe_psql('postgres', qq{SELECT timestamptz '$day' - interval '3 days', timestamptz '$day' - interval '1 day'});
	$c = chunks_read("SELECT count(*) FROM $t WHERE id BETWEEN timestamptz '$from' AND timestamptz '$to'");
	ok($c >= 2 && $c <= 4, "$type: BETWEEN two constant times reads $c chunks");

	# now() and parameters: the chunks' constraints are on the partition
	# function of id, so the rewrite puts the same comparison on
	# ${type}_timestamp(id) beside the range on id, which TimescaleDB
	# excludes by at executor start
	for my $cond ("id >= now() - interval '2 days'",
		"id BETWEEN now() - interval '4 days' AND now() - interval '2 days'",
		"id > now() - interval '2 days' AND id < now()")
	{
		(my $by_fn = $cond) =~ s/\bid\b/${type}_timestamp(id)/g;
		$c = chunks_read("SELECT count(*) FROM $t WHERE $cond");
		ok($c >= 2 && $c <= 4, "$type: $cond reads $c of $chunks chunks");
		like($node->safe_psql('postgres', "EXPLAIN (COSTS OFF) SELECT count(*) FROM $t WHERE $cond"),
			qr/Chunks excluded during startup: [1-9]/, "$type: $cond: excluded at executor start");
		is($node->safe_psql('postgres', "SELECT count(*) FROM $t WHERE $cond"),
			$node->safe_psql('postgres', "SELECT count(*) FROM $t WHERE $by_fn"),
			"$type: $cond: the same rows as by ${type}_timestamp(id)");
	}
	# NOT of it: the added comparison is the same one, so the negation is exact
	is($node->safe_psql('postgres', "SELECT count(*) FROM $t WHERE NOT (id >= now() - interval '2 days')"),
		$node->safe_psql('postgres', "SELECT count(*) FROM $t WHERE ${type}_timestamp(id) < now() - interval '2 days'"),
		"$type: NOT (id >= now() - interval): the other rows");

	# a parameter of a generic plan: the same, at executor start
	like($node->safe_psql('postgres', qq{
		SET plan_cache_mode = force_generic_plan;
		PREPARE q(timestamptz) AS SELECT count(*) FROM $t WHERE id >= \$1;
		EXPLAIN (COSTS OFF) EXECUTE q(now() - interval '2 days');}),
		qr/Chunks excluded during startup: [1-9]/, "$type: id >= \$1 excludes chunks at executor start");

	# the same table, not a hypertable: the rewrite adds nothing
	my $plain = $node->safe_psql('postgres', qq{
		CREATE TABLE plain_$type (LIKE $t);
		EXPLAIN (COSTS OFF) SELECT * FROM plain_$type WHERE id >= now() - interval '2 days'});
	unlike($plain, qr/${type}_timestamp/, "$type: on a plain table the rewrite is the range alone");

	# time buckets by ID: time_bucket of the ID's time
	is($node->safe_psql('postgres', qq{
		SELECT count(*) = 15 AND sum(c) = 337 FROM (
			SELECT time_bucket('1 day', ${type}_timestamp(id)) AS d, count(*) AS c FROM $t GROUP BY 1) b}),
		't', "$type: time_bucket('1 day', ${type}_timestamp(id)) groups by day");
}

# a role that may not read TimescaleDB's dimension table (SELECT revoked
# from PUBLIC; TimescaleDB reads its catalog without the role's rights)
# gets the plain rewrite: the same rows, no error, no chunk excluded
$node->safe_psql('postgres', q{
	CREATE ROLE reader;
	GRANT SELECT ON ALL TABLES IN SCHEMA public TO reader;
	REVOKE SELECT ON _timescaledb_catalog.dimension FROM PUBLIC;});
is($node->safe_psql('postgres', q{SET ROLE reader;
	SELECT count(*) FROM ev_scru128 WHERE id >= now() - interval '2 days'}),
	$node->safe_psql('postgres', q{SELECT count(*) FROM ev_scru128 WHERE scru128_timestamp(id) >= now() - interval '2 days'}),
	'a role that may not read the dimension table: the same rows, no error');
unlike($node->safe_psql('postgres', q{SET ROLE reader;
	EXPLAIN (COSTS OFF) SELECT count(*) FROM ev_scru128 WHERE id >= now() - interval '2 days'}),
	qr/scru128_timestamp/, 'and the plain rewrite');
$node->safe_psql('postgres', 'GRANT SELECT ON _timescaledb_catalog.dimension TO PUBLIC');

# uuid holding UUIDv7, TimescaleDB's UUIDv7 dimension (2.22 and later)
SKIP:
{
	skip "TimescaleDB $ts has no UUIDv7 dimension (2.22 and later)", 48
	  if $node->safe_psql('postgres', "SELECT string_to_array('$ts', '.')::int[] < '{2,22}'") eq 't';
	$node->safe_psql('postgres', q{
		CREATE TABLE ev_uuid (id uuid NOT NULL, n int NOT NULL);
		SELECT create_hypertable('ev_uuid', by_range('id', interval '1 day'));
		INSERT INTO ev_uuid SELECT uuidv7_at(now() - g * interval '1 hour'), g FROM generate_series(0, 24 * 14) g;
		ANALYZE ev_uuid;});
	my $chunks = $node->safe_psql('postgres', q{SELECT count(*) FROM show_chunks('ev_uuid')});
	my $day = $node->safe_psql('postgres', q{SELECT date_trunc('day', now() - interval '2 days', 'UTC')});
	my $c = chunks_read("SELECT count(*) FROM ev_uuid WHERE id >= uuidv7_min('$day')");
	ok($c >= 2 && $c <= 4, "uuid: id >= uuidv7_min(constant) reads $c of $chunks chunks");
	$c = chunks_read("SELECT count(*) FROM ev_uuid WHERE id >= to_uuidv7_boundary(now() - interval '2 days')");
	ok($c >= 2 && $c <= 4, "uuid: id >= to_uuidv7_boundary(now() - interval) reads $c chunks");
	# the extension's own rewrite of id >= now() - interval: its bounds are
	# evaluated at executor start, where TimescaleDB takes them
	$c = chunks_read("SELECT count(*) FROM ev_uuid WHERE id >= now() - interval '2 days'");
	ok($c >= 2 && $c <= 4, "uuid: id >= now() - interval reads $c chunks");
	is($node->safe_psql('postgres', q{SELECT count(*) FROM ev_uuid WHERE id >= now() - interval '2 days'}),
		$node->safe_psql('postgres', q{SELECT count(*) FROM ev_uuid WHERE uuid_extract_timestamp(id) >= date_trunc('milliseconds', now() - interval '2 days')}),
		'uuid: id >= now() - interval finds the rows');
	$c = chunks_read("SELECT count(*) FROM ev_uuid WHERE id >= uuidv7_min(now() - interval '2 days')");
	ok($c >= 2 && $c <= 4, "uuid: id >= uuidv7_min(now() - interval) reads $c chunks");
	is($node->safe_psql('postgres', q{SELECT count(*) FROM ev_uuid WHERE id >= uuidv7_min(now() - interval '2 days')}),
		$node->safe_psql('postgres', q{SELECT count(*) FROM ev_uuid WHERE uuid_extract_timestamp(id) >= date_trunc('milliseconds', now() - interval '2 days')}),
		'uuid: the same rows as by uuid_extract_timestamp');
	is($node->safe_psql('postgres', q{SELECT count(*) FROM (SELECT time_bucket('1 day', id) FROM ev_uuid GROUP BY 1) b}),
		'15', "uuid: TimescaleDB's time_bucket(interval, uuid) groups by day");
	# a constant time: the rewrite's bounds are the first and last UUIDv7 of
	# their millisecond on this column, which TimescaleDB takes at plan time
	my $by_ts = sub {
		my ($cond) = @_;
		(my $by = $cond) =~ s/\bid\b/uuid_extract_timestamp(id)/g;
		return $node->safe_psql('postgres', "SELECT count(*) FROM ev_uuid WHERE $by");
	};
	my ($from, $to, $before) = split /\|/, $node->safe_psql('postgres', qq{
		SELECT timestamptz '$day' - interval '3 days', timestamptz '$day' - interval '1 day' + interval '0.5 ms',
			timestamptz '$day' - interval '4 days'});
	for my $cond ("id >= timestamptz '$day'", "id > timestamptz '$day'",
		"id BETWEEN timestamptz '$from' AND timestamptz '$to'",
		"id < timestamptz '$from' AND id >= timestamptz '$before'")
	{
		$c = chunks_read("SELECT count(*) FROM ev_uuid WHERE $cond");
		ok($c >= 1 && $c <= 4, "uuid: $cond reads $c of $chunks chunks");
		unlike($node->safe_psql('postgres', "EXPLAIN (COSTS OFF) SELECT count(*) FROM ev_uuid WHERE $cond"),
			qr/Chunks excluded during startup/, "uuid: $cond: excluded at plan time");
		is($node->safe_psql('postgres', "SELECT count(*) FROM ev_uuid WHERE $cond"), $by_ts->($cond),
			"uuid: $cond: the same rows as by uuid_extract_timestamp(id)");
	}
	# the first and last UUIDv7 of a millisecond, on both sides of a bound
	# that falls in it
	$node->safe_psql('postgres', qq{INSERT INTO ev_uuid VALUES
		(uuidv7_min(timestamptz '$day'), -1), (uuidv7_max(timestamptz '$day'), -2),
		(uuidv7_max(timestamptz '$day' - interval '1 ms'), -3)});
	for my $cond ("id >= timestamptz '$day'", "id > timestamptz '$day'",
		"id <= timestamptz '$day'", "id < timestamptz '$day'")
	{
		is($node->safe_psql('postgres', "SELECT count(*) FROM ev_uuid WHERE $cond"), $by_ts->($cond),
			"uuid: $cond: exact at the millisecond's first and last UUIDv7");
	}
	# what TimescaleDB checks only on INSERT: a v4 and a v8 UUID of a
	# bound's millisecond put there by UPDATE, and a v15 one of the
	# millisecond before (inside a chunk, so that its constraint holds).
	# The bounds are a millisecond wider than the time with the exact
	# comparison beside them, so every such row is counted.
	my $mid = $node->safe_psql('postgres', qq{SELECT timestamptz '$day' + interval '6 hours'});
	$node->safe_psql('postgres', qq{
		INSERT INTO ev_uuid VALUES (uuidv7_min(timestamptz '$mid'), -11), (uuidv7_max(timestamptz '$mid'), -12),
			(uuidv7_max(timestamptz '$mid' - interval '1 ms'), -13);
		UPDATE ev_uuid SET id = overlay(id::text placing '4123' from 15 for 4)::uuid WHERE n = -11;
		UPDATE ev_uuid SET id = overlay(id::text placing '8fed' from 15 for 4)::uuid WHERE n = -12;
		UPDATE ev_uuid SET id = overlay(id::text placing 'f000' from 15 for 4)::uuid WHERE n = -13;});
	is($node->safe_psql('postgres', q{SELECT string_agg(uuid_extract_version(id)::text, ',' ORDER BY n) FROM ev_uuid WHERE n < -10}),
		'15,8,4', 'uuid: UPDATE put a v4, a v8 and a v15 UUID in the UUIDv7 dimension');
	# the form doc/timescaledb.md shows: the first UUIDv7 of the millisecond
	# before, and the exact comparison
	my $wider = $node->safe_psql('postgres', qq{SELECT uuidv7_min(timestamptz '$mid' - interval '1 ms')});
	like($node->safe_psql('postgres', qq{EXPLAIN (VERBOSE, COSTS OFF) SELECT count(*) FROM ev_uuid WHERE id >= timestamptz '$mid'}),
		qr/\Q$wider\E.*uuid_time_ge\(/s, "uuid: id >= t is id >= $wider AND uuid_time_ge(id, t)");
	for my $cond ("id >= timestamptz '$mid'", "id > timestamptz '$mid'",
		"id <= timestamptz '$mid'", "id < timestamptz '$mid'",
		"id >= timestamptz '$mid' - interval '1 ms'", "id < timestamptz '$mid' + interval '1 ms'")
	{
		(my $plain = $cond) =~ s/^id (\S+) (.*)$/"uuid_time_" . {'>=' => 'ge', '>' => 'gt', '<=' => 'le', '<' => 'lt'}->{$1} . "(id, $2)"/e;
		is($node->safe_psql('postgres', "SELECT count(*) FROM ev_uuid WHERE $cond"),
			$node->safe_psql('postgres', "SELECT count(*) FROM ev_uuid WHERE $plain"),
			"uuid: $cond: rows of other versions in the bound's millisecond are counted");
		$c = chunks_read("SELECT count(*) FROM ev_uuid WHERE $cond");
		ok($c < $chunks, "uuid: $cond: still excluded at plan time ($c of $chunks chunks)");
	}

	# constraint exclusion simplifies a CHECK constraint with the query's
	# range table while its Vars say varno 1: with the hypertable first in
	# FROM, a child's constraint on id is asked about as if it were the
	# hypertable's column.  The rows are the same in either FROM order and
	# with constraint_exclusion partition or on.
	$node->safe_psql('postgres', qq{
		CREATE TABLE ce_parent (id uuid);
		CREATE TABLE ce_child (CHECK (id >= timestamptz '$day')) INHERITS (ce_parent);
		INSERT INTO ce_child VALUES (overlay(uuidv7_min(timestamptz '$day')::text placing '4000' from 15 for 4)::uuid);});
	my $ce_uuid = $node->safe_psql('postgres', qq{SELECT overlay(uuidv7_min(timestamptz '$day')::text placing '5000' from 15 for 4)});
	for my $ce ('partition', 'on')
	{
		for my $from ('ev_uuid h, ce_parent p', 'ce_parent p, ev_uuid h')
		{
			is($node->safe_psql('postgres', qq{SET constraint_exclusion = $ce;
				SELECT count(*) FROM $from WHERE h.n = 0 AND p.id < '$ce_uuid'::uuid}),
				'1', "uuid: constraint_exclusion = $ce, FROM $from: the child's matching row is found");
		}
	}

	# the ends of time: every row or none, with no error
	is($node->safe_psql('postgres', q{SELECT count(*) = (SELECT count(*) FROM ev_uuid) FROM ev_uuid WHERE id >= timestamptz '-infinity'}),
		't', 'uuid: id >= -infinity: every row');
	is($node->safe_psql('postgres', q{SELECT count(*) FROM ev_uuid WHERE id > timestamptz 'infinity' OR id < timestamptz '1970-01-01 00:00:00+00'}),
		'0', 'uuid: after infinity or before 1970: no row');
	# why that is exact: the column holds nothing but values with the v7
	# version and variant bits (one scru128()::uuid in 64 has them by
	# chance, and is taken: the bounds hold for it as for any UUIDv7)
	for my $v ('gen_random_uuid()', "'00000000-0000-0000-0000-000000000000'",
		'(SELECT u FROM (SELECT scru128()::uuid AS u FROM generate_series(1, 200)) s WHERE uuid_extract_version(u) <> 7 LIMIT 1)')
	{
		my ($ret, $out, $err) = $node->psql('postgres', "INSERT INTO ev_uuid VALUES ($v, 0)");
		isnt($ret, 0, "uuid: TimescaleDB refuses to store " . ($v =~ /scru128/ ? 'a scru128()::uuid of another version' : $v)
			  . ' in its UUIDv7 dimension');
	}
	# a hypertable with no chunk yet
	is($node->safe_psql('postgres', qq{
		CREATE TABLE ev_uuid_empty (id uuid NOT NULL);
		SELECT count(*) FROM create_hypertable('ev_uuid_empty', by_range('id', interval '1 day'));
		SELECT count(*) FROM ev_uuid_empty WHERE id >= timestamptz '$day' OR id < timestamptz '$from'}),
		"1\n0", 'uuid: a hypertable without chunks takes a constant time too');
	# the same values in a plain uuid column keep the bounds of any UUID
	like($node->safe_psql('postgres', qq{
		CREATE TABLE plain_uuid (id uuid);
		EXPLAIN (COSTS OFF, VERBOSE) SELECT * FROM plain_uuid WHERE id >= timestamptz '$day'}),
		qr/-0000-0000-000000000000/, 'uuid: a plain uuid column keeps the first UUID of the millisecond');
}

$node->stop;
done_testing();
