# Copyright: see the LICENSE file of the scru128 extension.
#
# UUID generators across backends: with the library preloaded into the
# postmaster nothing random is inherited (each backend draws its own v6
# clock sequence and node), concurrent sessions never produce the same
# value, and each session's values strictly increase.
use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $connections = 30;

my $node = PostgreSQL::Test::Cluster->new('uuid_backends');
$node->init;
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'scru128'\n");
$node->start;
$node->safe_psql('postgres', 'CREATE EXTENSION scru128');

my (%node_ids, %first_v7, %first_v4);
for my $i (1 .. $connections)
{
	# each safe_psql call is a new connection, hence a new backend
	my ($v6, $v7, $v4) = split /\|/, $node->safe_psql('postgres',
		'SELECT encode(substring(uuid_send(public.uuidv6()) FROM 9), \'hex\'), public.uuidv7(), public.uuidv4()');
	$node_ids{$v6}++;
	$first_v7{$v7}++;
	$first_v4{$v4}++;
}
# 62 random bits per backend: a chance collision is negligible
is(scalar(keys %node_ids), $connections, "$connections backends: distinct v6 clock sequence and node");
is(scalar(keys %first_v7), $connections, "$connections backends: distinct first v7");
is(scalar(keys %first_v4), $connections, "$connections backends: distinct first v4");

# concurrent sessions inserting with the defaults
$node->safe_psql('postgres', q{
CREATE TABLE t (
	id uuid DEFAULT public.uuidv7(),
	id6 uuid DEFAULT public.uuidv6(),
	id4 uuid DEFAULT public.uuidv4(),
	pid int DEFAULT pg_backend_pid(),
	seq bigserial
)});
$node->pgbench(
	'--no-vacuum --client=4 --jobs=2 --transactions=200',
	0,
	[ qr{processed: 800/800} ],
	[qr{^(?![\s\S]*(?:aborted|PANIC|FATAL|ERROR))}],
	'4 clients insert with uuidv7(), uuidv6() and uuidv4() defaults',
	{ '110_insert' => q{INSERT INTO t (seq) SELECT nextval('t_seq_seq') FROM generate_series(1, 50);} });

is($node->safe_psql('postgres', 'SELECT count(*), count(DISTINCT id), count(DISTINCT id6), count(DISTINCT id4) FROM t'),
	'40000|40000|40000|40000', 'no value twice across concurrent sessions');
is($node->safe_psql('postgres', q{
	SELECT count(*) FROM (
		SELECT id, id6, lag(id) OVER w AS p7, lag(id6) OVER w AS p6
		FROM t WINDOW w AS (PARTITION BY pid ORDER BY seq)) s
	WHERE id <= p7 OR id6 <= p6}),
	'0', 'within each session, v7 and v6 values strictly increase');
is($node->safe_psql('postgres', 'SELECT count(DISTINCT pid) >= 4 FROM t'), 't', 'from several backends');

# under a parallel plan the generators (PARALLEL RESTRICTED) run in the leader
$node->safe_psql('postgres', 'CREATE TABLE p AS SELECT g FROM generate_series(1, 100000) g; ANALYZE p;');
my $out = $node->safe_psql('postgres', q{
	SET parallel_setup_cost = 0; SET parallel_tuple_cost = 0;
	SET min_parallel_table_scan_size = 0; SET max_parallel_workers_per_gather = 2;
	SELECT count(DISTINCT a) || ',' || count(DISTINCT b) || ',' || bool_and(a <> b)
	FROM (SELECT public.uuidv7() AS a, public.uuidv6() AS b FROM p) s});
is($out, '100000,100000,true', 'values under a parallel plan are unique');

$node->stop;
done_testing();
