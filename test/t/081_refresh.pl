# ALTER EXTENSION scru128 UPDATE TO '1.5-refresh'; ALTER EXTENSION scru128
# UPDATE; brings the catalog of an installed 1.5 to what a fresh install on
# this server gives.  The catalog pg_upgrade leaves is simulated: on 18 and
# later without B-tree skip support (as a database installed on 17 and
# upgraded to 18 has it), on every version with core's BRIN support
# functions in place of the extension's (as 1.1 had them).  Then the
# refresh, then extension_definition.sql against a fresh install.
use strict;
use warnings;
use File::Basename qw(dirname);
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $definition_sql = slurp_file(dirname(__FILE__) . '/../sql/extension_definition.sql');

my $node = PostgreSQL::Test::Cluster->new('refresh');
$node->init;
$node->start;
my $v18 = $node->safe_psql('postgres', q{SELECT current_setting('server_version_num')::int >= 180000}) eq 't';

$node->safe_psql('postgres', 'CREATE DATABASE fresh');
$node->safe_psql('fresh', 'CREATE EXTENSION scru128');
my $fresh = $node->safe_psql('fresh', $definition_sql);
is(scalar(grep { /^amproc btree (scru(128|64|160)|ulid)_ops 6 / } split /\n/, $fresh), $v18 ? 4 : 0,
	'fresh install: skip support registered for the four types exactly on 18 and later');
is(scalar(grep { /^amproc brin \S+ [234] \S+ \S+ scru_brin_minmax/ } split /\n/, $fresh), 27,
	"fresh install: the extension's BRIN support functions 2-4 in the nine minmax classes (minmax and minmax-multi of scru128, scru64, scru160, ulid; minmax of typeid)");

$node->safe_psql('postgres', 'CREATE DATABASE upgraded');
$node->safe_psql('upgraded', q{
	CREATE EXTENSION scru128;
	CREATE DOMAIN ref AS scru64;
	CREATE TABLE t (n int, id scru128, r ref);
	INSERT INTO t SELECT g, scru128_from_fields(1700000000000 + g, 0, 0, g), (g::bigint * 4096)::scru64 FROM generate_series(1, 5000) g;
	CREATE INDEX t_id ON t (id);
	CREATE INDEX t_brin ON t USING brin (id) WITH (pages_per_range = 1);
});

# the catalog as pg_upgrade from an older major would leave it
if ($v18)
{
	for my $t ('scru128', 'scru64', 'scru160', 'ulid')
	{
		$node->safe_psql('upgraded', qq{
			ALTER OPERATOR FAMILY ${t}_ops USING btree DROP FUNCTION 6 ($t, $t);
			ALTER EXTENSION scru128 DROP FUNCTION ${t}_skipsupport(internal);
			DROP FUNCTION ${t}_skipsupport(internal);
		});
	}
}
$node->safe_psql('upgraded', q{
	WITH ours AS (
		SELECT p.oid, ('pg_catalog.' || substr(p.amproc::text, 6))::regproc AS core
		FROM pg_amproc p WHERE p.amproc::text LIKE 'scru\_brin\_minmax%'
	), gone AS (
		DELETE FROM pg_depend d USING ours
		WHERE d.classid = 'pg_amproc'::regclass AND d.objid = ours.oid AND d.refclassid = 'pg_proc'::regclass
		RETURNING 1
	)
	UPDATE pg_amproc p SET amproc = ours.core FROM ours WHERE p.oid = ours.oid;
});
my $before = $node->safe_psql('upgraded', $definition_sql);
isnt($before, $fresh, 'the simulated catalog differs from a fresh install');
is(scalar(grep { /^amproc btree (scru(128|64|160)|ulid)_ops 6 / } split /\n/, $before), 0,
	'simulated: no skip support');
is(scalar(grep { /scru_brin_minmax/ } grep { /^amproc/ } split /\n/, $before), 0,
	"simulated: core's BRIN support functions");

$node->safe_psql('upgraded', q{ALTER EXTENSION scru128 UPDATE TO '1.5-refresh'});
is($node->safe_psql('upgraded', q{SELECT extversion FROM pg_extension WHERE extname = 'scru128'}),
	'1.5-refresh', 'refresh step one');
$node->safe_psql('upgraded', q{ALTER EXTENSION scru128 UPDATE});
is($node->safe_psql('upgraded', q{SELECT extversion FROM pg_extension WHERE extname = 'scru128'}),
	'1.5', 'refresh step two: back on 1.5');

my $after = $node->safe_psql('upgraded', $definition_sql);
is($after, $fresh, 'after the refresh: the same extension as a fresh install');
if ($after ne $fresh)
{
	my %f = map { $_ => 1 } split /\n/, $fresh;
	my %u = map { $_ => 1 } split /\n/, $after;
	diag("only fresh: $_") for grep { !$u{$_} } sort keys %f;
	diag("only refreshed: $_") for grep { !$f{$_} } sort keys %u;
}

# again: nothing changes
$node->safe_psql('upgraded', q{ALTER EXTENSION scru128 UPDATE TO '1.5-refresh'; ALTER EXTENSION scru128 UPDATE;});
is($node->safe_psql('upgraded', $definition_sql), $fresh, 'a second refresh changes nothing');
is($node->safe_psql('upgraded', q{SELECT count(*) FROM pg_depend WHERE classid = 'pg_amproc'::regclass
	AND refobjid IN (SELECT oid FROM pg_proc WHERE proname LIKE 'scru\_brin\_minmax%')}),
	'27', 'one dependency per swapped support function, none twice');

# the indexes work: skip scan where the server has it, BRIN on the domain
$node->safe_psql('upgraded', 'ANALYZE t');
is($node->safe_psql('upgraded', q{
	SET enable_seqscan = off; SET enable_bitmapscan = off;
	SELECT count(*) FROM t WHERE id = scru128_from_fields(1700000000077, 0, 0, 77)}), '1', 'btree after the refresh');
is($node->safe_psql('upgraded', q{
	CREATE INDEX t_r ON t USING brin (r scru64_minmax_multi_ops);
	SET enable_seqscan = off;
	SELECT count(*) FROM t WHERE r >= (SELECT r FROM t WHERE n = 4990)}), '11', 'BRIN on a domain column after the refresh');
$node->stop;
done_testing();
