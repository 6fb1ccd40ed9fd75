# pg_upgrade (to the same major: what these tests can run) keeps what
# release 1.2 changed in the catalog: the BRIN support functions that make
# minmax and minmax-multi work on a domain column (pg_dump --binary-upgrade
# writes each operator class with its members as they are), the LEAKPROOF
# labels and uuid_extract_timestamp()'s symbol.  A BRIN index of every class
# on a domain over each type, made before the upgrade, answers after it, and
# takes new rows; the extension equals a fresh install.  Also a plain
# pg_dump/pg_restore of the same database.
use strict;
use warnings;
use File::Basename qw(dirname);
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $definition_sql = slurp_file(dirname(__FILE__) . '/../sql/extension_definition.sql');

my $old = PostgreSQL::Test::Cluster->new('old');
$old->init;
$old->start;
$old->safe_psql('postgres', q{
	CREATE EXTENSION scru128;
	CREATE DOMAIN d128 AS scru128;
	CREATE DOMAIN d64 AS scru64;
	CREATE DOMAIN d160 AS scru160;
	CREATE TABLE t (n int, a d128, b d64, c d160);
	INSERT INTO t SELECT g, scru128_from_fields(1700000000000 + g, 0, 0, g), (g::bigint * 4096)::scru64,
		scru160_from_fields(1700000000000 + g, 0, 0, '\x00000000000000000000')
	FROM generate_series(1, 5000) g;
});
my @indexes;
for my $col ('a', 'b', 'c')
{
	my $t = { a => 'scru128', b => 'scru64', c => 'scru160' }->{$col};
	for my $class ('minmax', 'minmax_multi', 'bloom')
	{
		push @indexes, [ "t_${col}_$class", $col ];
		$old->safe_psql('postgres',
			"CREATE INDEX t_${col}_$class ON t USING brin ($col ${t}_${class}_ops) WITH (pages_per_range = 2)");
	}
}
my $fresh_def = $old->safe_psql('postgres', $definition_sql);

# each index alone (the others dropped in a transaction rolled back): used,
# and the right number of rows
sub check_indexes
{
	my ($node, $db, $what) = @_;
	for my $i (@indexes)
	{
		my ($idx, $col) = @$i;
		my @drop = map { "DROP INDEX $_->[0];" } grep { $_->[0] ne $idx } @indexes;
		my @out = split /\n/, $node->safe_psql($db, qq{
			BEGIN; @drop
			SET LOCAL enable_seqscan = off;
			EXPLAIN (COSTS OFF) SELECT count(*) FROM t WHERE $col = (SELECT $col FROM t WHERE n = 4321);
			SELECT count(*) FROM t WHERE $col = (SELECT $col FROM t WHERE n = 4321);
			ROLLBACK;});
		like(join("\n", @out), qr/Bitmap Index Scan on $idx\b/, "$what: $idx is used");
		is($out[-1], '1', "$what: $idx finds the row");
	}
}
check_indexes($old, 'postgres', 'before');

# a plain dump and restore
my $dump = $old->basedir . '/brin.dump';
$old->command_ok([ 'pg_dump', '-Fc', '-f', $dump, '-d', $old->connstr('postgres') ], 'pg_dump');
$old->safe_psql('postgres', 'CREATE DATABASE restored');
$old->command_ok([ 'pg_restore', '-d', $old->connstr('restored'), $dump ], 'pg_restore');
check_indexes($old, 'restored', 'restored');

# pg_upgrade
$old->stop;
my $new = PostgreSQL::Test::Cluster->new('new');
$new->init;
my $bindir = $new->config_data('--bindir');
my $sockdir = PostgreSQL::Test::Utils::tempdir_short();
command_ok(
	[
		'pg_upgrade', '--no-sync',
		'-d', $old->data_dir, '-D', $new->data_dir,
		'-b', $bindir, '-B', $bindir,
		'-s', $sockdir,
		'-p', $old->port, '-P', $new->port,
	],
	'pg_upgrade');
$new->start;

is($new->safe_psql('postgres', $definition_sql), $fresh_def,
	'after pg_upgrade: the same extension as before (BRIN wrappers, labels, symbols)');
is($new->safe_psql('postgres', q{SELECT count(*) FROM pg_amproc WHERE amproc::text LIKE 'scru\_brin\_minmax%'}),
	'27', "after pg_upgrade: the extension's BRIN support functions are still in place (nine classes)");
check_indexes($new, 'postgres', 'after pg_upgrade');
is($new->safe_psql('postgres', q{
	INSERT INTO t SELECT g, scru128_from_fields(1700000000000 + g, 0, 0, g), (g::bigint * 4096)::scru64,
		scru160_from_fields(1700000000000 + g, 0, 0, '\x00000000000000000000')
	FROM generate_series(5001, 6000) g;
	SELECT brin_summarize_new_values('t_a_minmax') > 0 AND brin_summarize_new_values('t_b_minmax_multi') > 0;
	SET enable_seqscan = off;
	SELECT count(*) FROM t WHERE a > (SELECT a FROM t WHERE n = 5900) AND b > (SELECT b FROM t WHERE n = 5000);}),
	"t\n100", 'after pg_upgrade: new rows summarized and found');

$new->stop;
done_testing();
