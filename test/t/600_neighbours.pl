# The extensions users run beside this one, and the names core adds in
# later majors: each is created before and after scru128 in a fresh
# database, in the default schema, and both answer as they should.  The
# list is this file's @neighbours; doc/timescaledb.md says what was
# decided where names met (1.4 renamed uuid_timestamp(uuid), which
# TimescaleDB 2.22 and later create too).
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $node = PostgreSQL::Test::Cluster->new('neighbours');
$node->init;

# TimescaleDB and Citus must be preloaded (Citus first); only those whose
# library is installed, or the server would not start
my $pkglibdir = $node->config_data('--pkglibdir');
my @preload = grep { -e "$pkglibdir/$_.so" } ('citus', 'timescaledb');
$node->append_conf('postgresql.conf', join("\n",
	"shared_preload_libraries = '" . join(',', @preload) . "'",
	'timescaledb.telemetry_level = off', 'max_worker_processes = 32'))
  if @preload;
$node->start;
my $major = int($node->safe_psql('postgres', 'SHOW server_version_num') / 10000);

# the majors where test/lib.sh's install_packages installs the Debian package:
# there it must be there, elsewhere it is checked if it is
my %installed_on = (
	'timescaledb' => [ 17, 18 ],
	'pg_uuidv7' => [18],
	'pg_partman' => [ 17, 18 ],
	'uuid-ossp' => [ 15, 17, 18, 19 ],
	'pgcrypto' => [ 15, 17, 18, 19 ]);

my $v6 = '1ec9414c-232a-6b00-b3c8-9f6bdeced846';
my $v7 = '017f22e2-79b0-7cc3-98c4-dc0c0c07398f';

# name, SQL that makes it, SQL that must return t afterwards in either order
my @neighbours = (
	[ 'timescaledb', 'CREATE EXTENSION timescaledb', sub {
		# 2.19 (Debian's on 17) has no UUID functions: 2.22 added them
		return qq{SELECT to_regprocedure('public.uuid_timestamp(uuid)') IS NULL
		  AND scru128_uuid_timestamp('$v6') = '2022-02-22 19:22:22+00'
		  AND time_bucket('1 day', scru128_timestamp(scru128(timestamptz '2024-01-01 12:00:00+00'))) = '2024-01-01 00:00:00+00'}
		  if $node->safe_psql($_[0], q{SELECT to_regprocedure('public.generate_uuidv7()') IS NULL}) eq 't';
		return qq{SELECT
		  -- uuid_timestamp(uuid) is TimescaleDB's (v7 only) ...
		  (SELECT e.extname FROM pg_depend d JOIN pg_extension e ON e.oid = d.refobjid
		   WHERE d.objid = 'public.uuid_timestamp(uuid)'::regprocedure AND d.deptype = 'e') = 'timescaledb'
		  AND uuid_timestamp('$v7') = '2022-02-22 19:22:22+00' AND uuid_timestamp('$v6') IS NULL
		  -- ... ours, which reads v6 too, has its own name
		  AND scru128_uuid_timestamp('$v6') = '2022-02-22 19:22:22+00'
		  AND scru128_uuid_timestamp('$v7') = '2022-02-22 19:22:22+00'
		  AND uuid_version(uuidv7()) = 7 AND uuid_extract_version(generate_uuidv7()) = 7
		  AND time_bucket('1 day', generate_uuidv7()) = date_trunc('day', now(), 'UTC')
		  AND to_uuidv7_boundary('2022-02-22 19:22:22+00') >= uuidv7_min('2022-02-22 19:22:22+00')
		  AND uuid_timestamp(scru128()::uuid) IS NULL};
	} ],
	[ 'citus', 'CREATE EXTENSION citus', q{
		SELECT citus_version() IS NOT NULL AND scru128() < scru128()} ],
	[ 'pg_uuidv7', 'CREATE EXTENSION pg_uuidv7', qq{
		SELECT uuid_v7_to_timestamptz('$v7') = scru128_uuid_timestamp('$v7')
		  AND uuid_extract_version(uuid_generate_v7()) = 7
		  AND uuid_v7_to_timestamptz(public.uuidv7_at('2024-01-01 00:00:00+00')) = '2024-01-01 00:00:00+00'
		  AND uuid_timestamptz_to_v7('2024-01-01 00:00:00+00', true) >= public.uuidv7_min('2024-01-01 00:00:00+00')} ],
	[ 'uuid-ossp', 'CREATE EXTENSION "uuid-ossp"', q{
		SELECT uuid_extract_version(uuid_generate_v1()) = 1
		  AND abs(extract(epoch FROM scru128_uuid_timestamp(uuid_generate_v1()) - now())) < 60
		  AND uuid_extract_version(public.uuid_v1_to_v6(uuid_generate_v1mc())) = 6} ],
	[ 'pgcrypto', 'CREATE EXTENSION pgcrypto', q{
		SELECT uuid_extract_version(public.gen_random_uuid()) = 4
		  AND octet_length(digest(scru128()::text, 'sha256')) = 32} ],
	[ 'pg_partman', 'CREATE EXTENSION pg_partman', q{
		SELECT EXISTS (SELECT FROM pg_extension WHERE extname = 'pg_partman')
		  AND scru128_partman_encoder('2024-01-01 00:00:00+00') IS NOT NULL} ],
	# PostgreSQL 19: casts between uuid and bytea (core's on 19, made in
	# pg_catalog as core's would be before); the extension makes none
	[ 'core 19 uuid/bytea casts', $major >= 19 ? 'SELECT 1' : q{
		CREATE FUNCTION pg_catalog.uuid_bytea_sim(uuid) RETURNS bytea
			LANGUAGE sql IMMUTABLE STRICT AS 'SELECT uuid_send($1)';
		CREATE FUNCTION pg_catalog.bytea_uuid_sim(bytea) RETURNS uuid
			LANGUAGE sql IMMUTABLE STRICT AS 'SELECT encode($1, ''hex'')::uuid';
		CREATE CAST (uuid AS bytea) WITH FUNCTION pg_catalog.uuid_bytea_sim(uuid);
		CREATE CAST (bytea AS uuid) WITH FUNCTION pg_catalog.bytea_uuid_sim(bytea);},
		qq{SELECT ('$v7'::uuid::bytea)::uuid = '$v7' AND octet_length(public.uuidv7()::bytea) = 16
		  AND octet_length(scru128()::uuid::bytea) = 16
		  AND NOT EXISTS (SELECT FROM pg_cast c JOIN pg_depend d ON d.objid = c.oid AND d.deptype = 'e'
			WHERE c.castsource IN ('uuid'::regtype, 'bytea'::regtype)
			  AND c.casttarget IN ('uuid'::regtype, 'bytea'::regtype))}
		  . ($major >= 19 ? q{ AND length(encode(scru128()::uuid::bytea, 'base32hex')) > 0} : '') ],
	# PostgreSQL 20: min(uuid) and max(uuid) in core, made in pg_catalog here
	[ 'core 20 min/max(uuid)', $major >= 20 ? 'SELECT 1' : q{
		CREATE FUNCTION pg_catalog.uuid_smaller_sim(uuid, uuid) RETURNS uuid
			LANGUAGE sql IMMUTABLE STRICT AS 'SELECT CASE WHEN $1 <= $2 THEN $1 ELSE $2 END';
		CREATE FUNCTION pg_catalog.uuid_larger_sim(uuid, uuid) RETURNS uuid
			LANGUAGE sql IMMUTABLE STRICT AS 'SELECT CASE WHEN $1 >= $2 THEN $1 ELSE $2 END';
		CREATE AGGREGATE pg_catalog.min(uuid) (sfunc = pg_catalog.uuid_smaller_sim, stype = uuid,
			combinefunc = pg_catalog.uuid_smaller_sim, sortop = <);
		CREATE AGGREGATE pg_catalog.max(uuid) (sfunc = pg_catalog.uuid_larger_sim, stype = uuid,
			combinefunc = pg_catalog.uuid_larger_sim, sortop = >);},
		q{SELECT min(u) = '00000000-0000-0000-0000-000000000001' AND max(u) = public.uuidv7_max('2100-01-01')
		  AND min(s) < max(s)
		  FROM (SELECT g::uuid u FROM (VALUES ('00000000-0000-0000-0000-000000000001'), ('017f22e2-79b0-7cc3-98c4-dc0c0c07398f')) v(g)
				UNION ALL SELECT public.uuidv7_max('2100-01-01')) a,
			   (SELECT scru128() s FROM generate_series(1, 3)) b} ],
);

my $available = $node->safe_psql('postgres', 'SELECT string_agg(name, \' \') FROM pg_available_extensions');
my %available = map { $_ => 1 } split / /, $available;
my $n = 0;
for my $nb (@neighbours)
{
	my ($name, $make, $check) = @$nb;
	$n++;
	my $is_ext = $name !~ /^core /;
	if ($is_ext && !$available{$name})
	{
		if (grep { $_ == $major } @{ $installed_on{$name} // [] })
		{
			# a server of the contributor's own may lack it; CI may not
			if (($ENV{CI} // '') !~ /^(|0|false)$/i)
			{
				fail("$name: installed on $major by test/lib.sh, but not available");
			}
			else
			{
				note("$name: not available on $major (test/lib.sh installs it), not checked");
			}
		}
		else
		{
			# not packaged for this major (or built by its own suite: Citus)
			note("$name: not available on $major, not checked here");
		}
		next;
	}
	if ($is_ext && $name =~ /^(timescaledb|citus)$/ && !grep { $_ eq $name } @preload)
	{
		fail("$name: available but its library is not in $pkglibdir");
		next;
	}
	for my $order ('before', 'after')
	{
		my $db = "n${n}_$order";
		$node->safe_psql('postgres', "CREATE DATABASE $db");
		my @steps = $order eq 'before' ? ($make, 'CREATE EXTENSION scru128') : ('CREATE EXTENSION scru128', $make);
		my $ok = 1;
		for my $step (@steps)
		{
			my ($ret, $out, $err) = $node->psql($db, $step);
			if ($ret != 0)
			{
				$ok = 0;
				fail("$name created $order scru128: $step: $err");
				last;
			}
		}
		next unless $ok;
		pass("$name created $order scru128, in the default schema");
		is($node->safe_psql($db, ref $check ? $check->($db) : $check), 't',
			"$name $order scru128: both answer as their own");
		is($node->safe_psql($db, q{SELECT extversion FROM pg_extension WHERE extname = 'scru128'}),
			$node->safe_psql($db, q{SELECT default_version FROM pg_available_extensions WHERE name = 'scru128'}),
			"$name $order scru128: scru128 at its default version");
	}
}

# an install of 1.3 (which has uuid_timestamp(uuid)) updated to 1.4 makes
# room for TimescaleDB
SKIP:
{
	skip "timescaledb is not available on $major (installed on 17 and 18)", 2
	  unless $available{timescaledb} && grep { $_ eq 'timescaledb' } @preload;
	$node->safe_psql('postgres', 'CREATE DATABASE from13');
	$node->safe_psql('from13', q{CREATE EXTENSION scru128 VERSION '1.3'});
	my $ts = $node->safe_psql('postgres', q{SELECT default_version FROM pg_available_extensions WHERE name = 'timescaledb'});
	my ($ret, $out, $err) = $node->psql('from13', 'CREATE EXTENSION timescaledb');
	if ($node->safe_psql('postgres', qq{SELECT string_to_array('$ts', '.')::int[] >= '{2,22}'}) eq 't')
	{
		like($err, qr/function "uuid_timestamp" already exists/, "1.3 and TimescaleDB $ts collide on uuid_timestamp(uuid)");
	}
	else
	{
		is($ret, 0, "1.3 and TimescaleDB $ts (no UUID functions before 2.22) do not collide");
		$node->safe_psql('from13', 'DROP EXTENSION timescaledb');
	}
	$node->safe_psql('from13', 'ALTER EXTENSION scru128 UPDATE');
	is($node->safe_psql('from13', qq{CREATE EXTENSION timescaledb;
		SELECT to_regprocedure('uuid_timestamp(uuid)') IS DISTINCT FROM to_regprocedure('scru128_uuid_timestamp(uuid)')
		  AND scru128_uuid_timestamp('$v6') IS NOT NULL}),
		't', 'after ALTER EXTENSION scru128 UPDATE to 1.4, CREATE EXTENSION timescaledb works');
}

# ALTER EXTENSION ... UPDATE of a neighbour runs its update scripts, which
# may create names its fresh install of this version has had all along or
# never had (TimescaleDB 2.22 added six): every script the neighbour ships
# for this major, fresh installs and updates from every release it can
# update from, may create no name that scru128 1.4 has in the schema they
# share.  By name alone, so that an overload that would still install
# counts too.
my $sharedir = $node->config_data('--sharedir');
$node->safe_psql('postgres', 'CREATE DATABASE names');
my %ours = map { $_ => 1 } split /\n/, $node->safe_psql('names', q{CREATE EXTENSION scru128;
	SELECT DISTINCT name FROM (
		SELECT p.proname::text AS name FROM pg_depend d JOIN pg_proc p ON p.oid = d.objid
		WHERE d.classid = 'pg_proc'::regclass AND d.deptype = 'e'
		  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'scru128')
		UNION ALL
		SELECT t.typname::text FROM pg_depend d JOIN pg_type t ON t.oid = d.objid
		WHERE d.classid = 'pg_type'::regclass AND d.deptype = 'e'
		  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'scru128')) n});
cmp_ok(scalar(keys %ours), '>', 100, 'scru128 1.4 has ' . scalar(keys %ours) . ' function and type names');
for my $ext ('timescaledb', 'pg_uuidv7', 'uuid-ossp', 'pgcrypto', 'pg_partman', 'citus')
{
	my @scripts = glob("$sharedir/extension/$ext--*.sql");
	next unless @scripts;
	my %theirs;
	for my $f (@scripts)
	{
		my $sql = slurp_file($f);
		# in the extension's own schema: qualified by @extschema@, or not at all
		while ($sql =~ /CREATE\s+(?:OR\s+REPLACE\s+)?(?:FUNCTION|PROCEDURE|AGGREGATE|TYPE|DOMAIN)\s+(?:(\@extschema\@|"?\w+"?)\s*\.\s*)?"?(\w+)"?/gi)
		{
			my ($schema, $name) = ($1, lc $2);
			next if defined $schema && $schema ne '@extschema@';
			$theirs{$name} = 1;
		}
	}
	# the reader sees the name that met release 1.3
	ok($theirs{uuid_timestamp}, 'timescaledb: its scripts create uuid_timestamp, as 2.22 and later do')
	  if $ext eq 'timescaledb' && $theirs{generate_uuidv7};
	my @met = sort grep { $ours{$_} } keys %theirs;
	is(join(', ', @met), '', "$ext: none of the names its " . scalar(@scripts)
		  . ' scripts create (' . scalar(keys %theirs) . ') is one of scru128\'s');
}

$node->stop;
done_testing();
