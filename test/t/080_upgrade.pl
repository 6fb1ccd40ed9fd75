# ALTER EXTENSION scru128 UPDATE from each earlier release must give exactly
# what a fresh CREATE EXTENSION gives, and keep the data and indexes made
# under the old release.  A release after the default version (one that is
# open while the one before it ships) is installed by name: the same holds
# for it.
use strict;
use warnings;
use File::Basename qw(dirname);
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib "$FindBin::RealBin/../perl";
use Scru128Needs;

needs_extensions('amcheck');

my $definition_sql = slurp_file(dirname(__FILE__) . '/../sql/extension_definition.sql');

my $node = PostgreSQL::Test::Cluster->new('upgrade');
$node->init;
$node->start;

# the default version, as scru128.control gives it
my $current = $node->safe_psql('postgres', q{SELECT default_version FROM pg_available_extensions WHERE name = 'scru128'});

# the update paths PostgreSQL finds: along the chain of releases (to 1.4
# and later from before 1.3 through the direct scripts to 1.4), and from
# each release that has a refresh waypoint (test/t/081_refresh.pl) to it
# and back; never backwards.  A release may be in the chain before it is
# the default version ($current).
my @releases = ('1.0', '1.1', '1.2', '1.3', '1.4', '1.5');
my %refreshed = map { $_ => 1 } ('1.2', '1.3', '1.4', '1.5');
my %rank;
@rank{@releases} = (0 .. $#releases);
my @versions = sort(@releases, map { "$_-refresh" } grep { $refreshed{$_} } @releases);
my @expected;
for my $s (@versions)
{
	for my $t (@versions)
	{
		next if $s eq $t;
		my ($sb, $tb) = map { s/-refresh$//r } ($s, $t);
		my @path = ($s);
		push @path, $sb if $s ne $sb;
		if ($rank{$tb} < $rank{$sb} || ($t eq $sb && $s eq $sb))
		{
			push @expected, "$s>$t:-";
			next;
		}
		# to 1.4 or later from before 1.3: the direct script to 1.4 (the
		# Makefile's DIRECT_SCRIPTS), one step, which PostgreSQL prefers,
		# then the chain
		if ($rank{$tb} >= $rank{'1.4'} && $rank{$sb} < $rank{'1.3'})
		{
			push @path, @releases[ $rank{'1.4'} .. $rank{$tb} ];
		}
		else
		{
			push @path, @releases[ $rank{$sb} + 1 .. $rank{$tb} ];
		}
		push @path, $t if $t ne $tb;
		push @expected, "$s>$t:" . join('--', @path);
	}
}
is($node->safe_psql('postgres',
		q{SELECT string_agg(source || '>' || target || ':' || coalesce(path, '-'), ',' ORDER BY source, target)
		  FROM pg_extension_update_paths('scru128')}),
	join(',', @expected),
	'update paths along ' . join(' -> ', @releases) . ', the refresh round trips, none back');

# the same members with the same definitions as a fresh install
$node->safe_psql('postgres', 'CREATE DATABASE fresh');
$node->safe_psql('fresh', 'CREATE EXTENSION scru128');
is($node->safe_psql('fresh', q{SELECT extversion FROM pg_extension WHERE extname = 'scru128'}),
	$current, "fresh install is $current");
my $fresh = $node->safe_psql('fresh', $definition_sql);
cmp_ok(scalar(split /\n/, $fresh), '>', 100, 'the definition lists the members');
like($fresh, qr/^function scru128\(\) f v r t f /m, 'fresh: scru128() is VOLATILE PARALLEL RESTRICTED');
# 1.4 renames 1.1's uuid_timestamp(uuid), whose name TimescaleDB takes in
# the same schema (doc/timescaledb.md): a fresh install never makes it
like($fresh, qr/^function scru128_uuid_timestamp\(uuid\) f i s t t f f timestamp with time zone scru128_uuid_timestamp /m,
	'fresh: scru128_uuid_timestamp(uuid) as 1.1 made uuid_timestamp(uuid)');
unlike($fresh, qr/^member function uuid_timestamp\(uuid\)/m, 'fresh: no uuid_timestamp(uuid)');
is($node->safe_psql('fresh', q{SELECT to_regprocedure('uuid_timestamp(uuid)') IS NULL}), 't',
	'fresh: uuid_timestamp(uuid) does not exist');

# the module names the release it belongs to (PG_MODULE_MAGIC_EXT, 18 and
# later), the version built from scru128.control's default_version
if ($node->safe_psql('postgres', q{SELECT current_setting('server_version_num')::int >= 180000}) eq 't')
{
	is($node->safe_psql('fresh', q{SELECT scru128()::text IS NOT NULL;
		SELECT version FROM pg_get_loaded_modules() WHERE module_name = 'scru128'}),
		"t\n$current", "pg_get_loaded_modules(): scru128 $current");
}

my $data_sql = q{SELECT count(*) || ' ' || md5(string_agg(format('%s %s %s %s', id, n, ids, at), ',' ORDER BY id)) FROM events};

for my $from (grep { $rank{$_} < $rank{$current} } @releases)
{
	my $db = 'from_' . ($from =~ s/\./_/r);

	# a database on the old release, with data and every kind of index
	$node->safe_psql('postgres', "CREATE DATABASE $db");
	$node->safe_psql($db, qq{
		CREATE EXTENSION scru128 VERSION '$from';
		CREATE EXTENSION amcheck;
		CREATE TABLE events (id scru128 PRIMARY KEY DEFAULT scru128(), n int NOT NULL,
							 ids scru128[], at scru128);
		INSERT INTO events (n, ids, at)
			SELECT g, ARRAY[scru128(), scru128()], scru128(timestamptz '2024-01-01' + g * interval '1 minute')
			FROM generate_series(1, 20000) g;
		CREATE INDEX events_hash ON events USING hash (at);
		CREATE INDEX events_brin ON events USING brin (id);
		CREATE INDEX events_brin_multi ON events USING brin (at scru128_minmax_multi_ops);
		CREATE INDEX events_bloom ON events USING brin (at scru128_bloom_ops);
		CREATE INDEX events_at ON events (at DESC);
		ANALYZE events;
		-- BRIN on a domain column: builds on an empty table, but before 1.2
		-- the second row of a range fails with "missing operator"
		CREATE DOMAIN event_ref AS scru128;
		CREATE TABLE refs (n int, ref event_ref);
		CREATE INDEX refs_minmax ON refs USING brin (ref) WITH (pages_per_range = 1);
		CREATE INDEX refs_multi ON refs USING brin (ref scru128_minmax_multi_ops) WITH (pages_per_range = 1);
	});
	# rows go into the indexes in the order they were made: the failure is
	# refs_minmax's, then, without it, refs_multi's
	if ($rank{$from} >= $rank{'1.2'})
	{
		is($node->safe_psql($db, "INSERT INTO refs SELECT -g, scru128() FROM generate_series(1, 2) g RETURNING 1"),
			"1\n1", "$from: BRIN on a domain column works already");
	}
	else
	{
		for my $idx ('refs_minmax', 'refs_multi')
		{
			my ($ret, $out, $err) = $node->psql($db, "INSERT INTO refs SELECT -g, scru128() FROM generate_series(1, 2) g");
			like($err, qr/missing operator 1/, "$from: BRIN $idx on a domain column fails before the update");
			$node->safe_psql($db, "DROP INDEX $idx") if $idx eq 'refs_minmax';
		}
		$node->safe_psql($db, q{
			CREATE INDEX refs_minmax ON refs USING brin (ref) WITH (pages_per_range = 1);});
	}
	is($node->safe_psql($db, q{SELECT extversion FROM pg_extension WHERE extname = 'scru128'}),
		$from, "installed $from");
	if ($from eq '1.0')
	{
		is($node->safe_psql($db, q{SELECT proparallel FROM pg_proc WHERE oid = 'scru128()'::regprocedure}),
			's', '1.0 has scru128() PARALLEL SAFE (the mistake 1.1 corrects)');
	}

	# a view that calls 1.1's uuid_timestamp(uuid) follows its rename (1.4
	# renamed it: the releases before have it)
	my $has_uuid_timestamp = $rank{$from} >= $rank{'1.1'} && $rank{$from} < $rank{'1.4'};
	if ($has_uuid_timestamp)
	{
		$node->safe_psql($db, q{CREATE VIEW v6_times AS
			SELECT uuid_timestamp('1ec9414c-232a-6b00-b3c8-9f6bdeced846') AS at});
	}

	my $before = $node->safe_psql($db, $data_sql);

	$node->safe_psql($db, 'ALTER EXTENSION scru128 UPDATE');
	is($node->safe_psql($db, q{SELECT extversion FROM pg_extension WHERE extname = 'scru128'}),
		$current, "$from updated to $current");

	my $updated = $node->safe_psql($db, $definition_sql);
	is($updated, $fresh, "$from -> $current: updated extension = fresh extension (members, labels, operators, opclasses, comments)");
	if ($updated ne $fresh)
	{
		my %f = map { $_ => 1 } split /\n/, $fresh;
		my %u = map { $_ => 1 } split /\n/, $updated;
		diag("only fresh: $_") for grep { !$u{$_} } sort keys %f;
		diag("only updated: $_") for grep { !$f{$_} } sort keys %u;
	}

	is($node->safe_psql($db, q{SELECT to_regprocedure('uuid_timestamp(uuid)') IS NULL}), 't',
		"$from: no uuid_timestamp(uuid) after the update");
	if ($has_uuid_timestamp)
	{
		is($node->safe_psql($db, q{SELECT at AT TIME ZONE 'UTC' FROM v6_times;
			SELECT pg_get_viewdef('v6_times') ~ 'scru128_uuid_timestamp'}),
			"2022-02-22 19:22:22\nt", "$from: a view calling uuid_timestamp() now calls scru128_uuid_timestamp()");
	}

	# data and indexes intact
	is($node->safe_psql($db, $data_sql), $before, "$from: data unchanged by the update");
	is($node->safe_psql($db, q{
		SELECT string_agg(c.relname || '=' || bt_index_check(c.oid, true)::text, ',' ORDER BY c.relname)
		FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam
		WHERE i.indrelid = 'events'::regclass AND a.amname = 'btree'}),
		'events_at=,events_pkey=', "$from: amcheck: btree indexes with heapallindexed");
	# the hash and BRIN bloom and minmax-multi indexes, each alone (the others
	# dropped in a transaction that is rolled back)
	my @at_indexes = qw(events_hash events_bloom events_brin_multi events_at);
	for my $idx ('events_hash', 'events_bloom', 'events_brin_multi')
	{
		my @drop = map { "DROP INDEX $_;" } grep { $_ ne $idx } @at_indexes;
		my @out = split /\n/, $node->safe_psql($db, qq{
			BEGIN; @drop
			SET LOCAL enable_seqscan = off;
			EXPLAIN (COSTS OFF) SELECT count(*) FROM events WHERE at = (SELECT at FROM events WHERE n = 777);
			SELECT count(*) FROM events WHERE at = (SELECT at FROM events WHERE n = 777);
			ROLLBACK;});
		like(join("\n", @out), qr/(using|on) $idx\b/, "$from: $idx is used");
		is($out[-1], '1', "$from: $idx finds the row after the update");
	}
	is($node->safe_psql($db, q{
		SET enable_seqscan = off; SET enable_indexscan = off;
		SELECT count(*) FROM events WHERE id >= (SELECT id FROM events WHERE n = 19001)}),
		'1000', "$from: BRIN minmax range after the update");

	# BRIN on the domain column, with the index made before the update
	is($node->safe_psql($db, q{
		INSERT INTO refs SELECT g, scru128() FROM generate_series(1, 3000) g;
		SELECT brin_summarize_new_values('refs_minmax') > 0 AND brin_summarize_new_values('refs_multi') > 0;
		SET enable_seqscan = off;
		SELECT count(*) FROM refs WHERE ref > (SELECT ref FROM refs WHERE n = 2900);}),
		"t\n100", "$from: BRIN indexes on a domain column made before the update summarize and answer after it");

	# the generators work on the updated database
	is($node->safe_psql($db, q{
		INSERT INTO events (n) VALUES (0) RETURNING id > (SELECT max(id) FROM events WHERE n > 0)}),
		't', "$from: new rows from scru128() sort after the old ones");
}

# --- the releases after the default version: a fresh install by name
# equals the default version updated to it, and 1.0 updated to it (through
# the direct script)
for my $next (grep { $rank{$_} > $rank{$current} } @releases)
{
	my $db = 'next_' . ($next =~ s/\./_/r);
	$node->safe_psql('postgres', "CREATE DATABASE ${db}_fresh");
	$node->safe_psql("${db}_fresh", "CREATE EXTENSION scru128 VERSION '$next'");
	my $next_fresh = $node->safe_psql("${db}_fresh", $definition_sql);
	cmp_ok(scalar(split /\n/, $next_fresh), '>', scalar(split /\n/, $fresh),
		"fresh $next has more members than $current");
	for my $from ($current, '1.0')
	{
		my $udb = "${db}_from_" . ($from =~ s/\./_/r);
		$node->safe_psql('postgres', "CREATE DATABASE $udb");
		$node->safe_psql($udb, "CREATE EXTENSION scru128 VERSION '$from'");
		$node->safe_psql($udb, "ALTER EXTENSION scru128 UPDATE TO '$next'");
		is($node->safe_psql($udb, q{SELECT extversion FROM pg_extension WHERE extname = 'scru128'}),
			$next, "$from updated to $next");
		is($node->safe_psql($udb, $definition_sql), $next_fresh,
			"$from -> $next: updated extension = fresh $next");
	}
}

# --- the user's own casts from text and varchar (1.3 makes six assignment
# casts; its update failed when the user had made one).  From 1.0, 1.1 and
# 1.2 the update succeeds and keeps the user's casts as they are; the
# extension makes the others.
my $casts_sql = q{
	SELECT string_agg(format('%s->%s:%s:%s', castsource::regtype, casttarget::regtype, castcontext,
		CASE WHEN EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_cast'::regclass
						  AND d.objid = c.oid AND d.deptype = 'e') THEN 'extension' ELSE 'user' END),
		',' ORDER BY castsource::regtype::text, casttarget::regtype::text)
	FROM pg_cast c
	WHERE castsource IN ('text'::regtype, 'varchar'::regtype)
	  AND casttarget::regtype::text IN ('scru128', 'scru160', 'scru64')};
for my $from ('1.0', '1.1', '1.2')
{
	my $db = 'casts_' . ($from =~ s/\./_/r);
	$node->safe_psql('postgres', "CREATE DATABASE $db");
	$node->safe_psql($db, "CREATE EXTENSION scru128 VERSION '$from'");
	$node->safe_psql($db, 'CREATE CAST (text AS scru128) WITH INOUT AS IMPLICIT');
	$node->safe_psql($db, 'CREATE CAST (varchar AS scru64) WITH INOUT AS IMPLICIT')
	  if $from ne '1.0';
	# the dump of 1.2 with the user's casts, for the restore below
	$node->command_ok([ 'pg_dump', '-f', $node->basedir . '/casts_1_2.sql', '-d', $node->connstr($db) ],
		"a dump of $from with the user's casts")
	  if $from eq '1.2';
	my ($ret, $out, $err) = $node->psql($db, 'ALTER EXTENSION scru128 UPDATE');
	is($ret, 0, "$from with the user's own casts: ALTER EXTENSION UPDATE succeeds $err");
	is($node->safe_psql($db, q{SELECT extversion FROM pg_extension WHERE extname = 'scru128'}),
		$current, "$from with the user's own casts: updated to $current");
	is($node->safe_psql($db, $casts_sql),
		join(',',
			'character varying->scru128:a:extension',
			'character varying->scru160:a:extension',
			'character varying->scru64:' . ($from eq '1.0' ? 'a:extension' : 'i:user'),
			'text->scru128:i:user', 'text->scru160:a:extension',
			'text->scru64:a:extension'),
		"$from: the user's implicit casts kept as they were, the extension's made for the others");
}

# a 1.2 dump holding the user's cast, restored into 1.4: CREATE EXTENSION
# makes 1.4 with its casts first, so the dump's CREATE CAST fails, loudly;
# the documented recipe puts the user's cast back
my $dump = $node->basedir . '/casts_1_2.sql';
like(slurp_file($dump), qr/CREATE CAST \(text AS (?:public\.)?scru128\) WITH INOUT AS IMPLICIT/,
	'the 1.2 dump holds the user cast');
$node->safe_psql('postgres', 'CREATE DATABASE casts_restored');
my ($ret, $out, $err) = $node->psql('casts_restored', slurp_file($dump));
like($err, qr/cast from type text to type (?:public\.)?scru128 already exists/,
	"restoring the user's cast into $current: reported, not silent");
is($node->safe_psql('casts_restored', $casts_sql),
	'character varying->scru128:a:extension,character varying->scru160:a:extension,'
	  . 'character varying->scru64:a:extension,'
	  . 'text->scru128:a:extension,text->scru160:a:extension,text->scru64:a:extension',
	"after it the extension's assignment casts are in place");
$node->safe_psql('casts_restored', q{
	ALTER EXTENSION scru128 DROP CAST (text AS scru128);
	DROP CAST (text AS scru128);
	CREATE CAST (text AS scru128) WITH INOUT AS IMPLICIT;
	ALTER EXTENSION scru128 DROP CAST (varchar AS scru64);
	DROP CAST (varchar AS scru64);
	CREATE CAST (varchar AS scru64) WITH INOUT AS IMPLICIT;
});
is($node->safe_psql('casts_restored', $casts_sql), $node->safe_psql('casts_1_2', $casts_sql),
	"the documented recipe gives the user's casts back, as in the updated database");

# releases after the default version (an open one before it ships): an installed
# $current updated to each gives what CREATE EXTENSION ... VERSION gives
for my $to (grep { $rank{$_} > $rank{$current} } @releases)
{
	my $db = 'to_' . ($to =~ s/\./_/r);
	$node->safe_psql('postgres', "CREATE DATABASE ${db}_fresh");
	$node->safe_psql("${db}_fresh", "CREATE EXTENSION scru128 VERSION '$to'");
	$node->safe_psql('postgres', "CREATE DATABASE ${db}_updated");
	$node->safe_psql("${db}_updated", "CREATE EXTENSION scru128; ALTER EXTENSION scru128 UPDATE TO '$to'");
	my $want = $node->safe_psql("${db}_fresh", $definition_sql);
	my $got = $node->safe_psql("${db}_updated", $definition_sql);
	is($got, $want, "$current -> $to: updated extension = fresh extension at $to");
	cmp_ok(scalar(split /\n/, $want), '>', scalar(split /\n/, $fresh), "$to has members $current has not");
}

$node->stop;
done_testing();
