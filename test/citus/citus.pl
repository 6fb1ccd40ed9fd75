
# Copyright: see the LICENSE file of the scru128 extension.
#
# Distributed tables keyed by SCRU IDs on a local Citus cluster: a
# coordinator and two workers, each a server of its own on this machine,
# the extension installed on all three.  Run by test/suites/citus.sh (which
# builds Citus) with prove; the framework is PostgreSQL's TAP modules.
#  1. create_distributed_table on a scru128 column with DEFAULT scru128(),
#     a table distributed by tenant with a (tenant, id scru128) primary key,
#     a reference table with scru128 keys, co-located joins on scru128.
#  2. 8 sessions at once, through the coordinator and (metadata synced)
#     through both workers: no duplicates, each session's IDs in its order,
#     every row on the shard its hash says.
#  3. Time-range queries with scru128_min/scru128_max return exactly the
#     rows of the range.
#  4. citus_rebalance_start moves shards and loses nothing.
#  5. scru64 (each node its own scru128.scru64_node_spec) and uuid DEFAULT
#     uuidv7(), where the extension or the server has them.
#  6. A benchmark (not a test): insert throughput of distributed tables
#     keyed by scru128, uuid v4 and bigserial, printed as "# bench:" lines.

use strict;
use warnings;

use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $bench_seconds = $ENV{CITUS_BENCH_SECONDS} // 5;
my $tmp = PostgreSQL::Test::Utils::tempdir;

my @names = qw(coordinator worker1 worker2);
my %node;
my $i = 0;
for my $name (@names)
{
	$i++;
	my $n = PostgreSQL::Test::Cluster->new($name);
	$n->init;
	my $host = $n->host;
	$n->append_conf(
		'postgresql.conf', qq{
shared_preload_libraries = 'citus'
max_connections = 100
max_prepared_transactions = 100
max_worker_processes = 20
timezone = 'UTC'
citus.shard_count = 8
# the nodes talk over Unix sockets, also to themselves (background jobs)
citus.node_conninfo = 'sslmode=disable'
citus.local_hostname = '$host'
scru128.scru64_node_spec = '$i/8'
# no statistics sent home from a test cluster (a Citus built without
# libcurl has no such setting and only warns)
citus.enable_statistics_collection = off
});
	$n->start;
	$node{$name} = $n;
}
my $coord = $node{coordinator};
my %by_port = map { $node{$_}->port => $node{$_} } @names;

sub sql
{
	my ($n, $q) = @_;
	return $n->safe_psql('postgres', $q);
}

sql($_, 'CREATE EXTENSION citus') for values %node;
my $citus = sql($coord, "SELECT extversion FROM pg_extension WHERE extname = 'citus'");
my $major = sql($coord, "SELECT current_setting('server_version_num')::int / 10000");
note "Citus $citus on PostgreSQL $major";
sql($coord,
	sprintf("SELECT citus_set_coordinator_host('%s', %d)", $coord->host, $coord->port));
for my $w (qw(worker1 worker2))
{
	sql($coord,
		sprintf("SELECT citus_add_node('%s', %d)", $node{$w}->host, $node{$w}->port));
}
is(sql($coord, 'SELECT count(*) FROM citus_get_active_worker_nodes()'),
	'2', 'two active workers');

# the extension is created once, on the coordinator: Citus propagates it
sql($coord, 'CREATE EXTENSION scru128');
for my $name (@names)
{
	is(sql($node{$name}, "SELECT extversion = default_version FROM pg_extension
		JOIN pg_available_extensions ON name = extname WHERE extname = 'scru128'"),
		't', "scru128, its default version, installed on the $name");
}

# every row of a distributed table is on the shard its hash says, and on
# exactly one shard; returns the number of rows counted shard by shard
sub check_shards
{
	my ($table, $col) = @_;
	my $shards = sql($coord,
		"SELECT shardid, shard_name, nodeport FROM citus_shards WHERE table_name = '$table'::regclass ORDER BY shardid");
	my ($rows, $misplaced, $nshards) = (0, 0, 0);
	for my $line (split /\n/, $shards)
	{
		my ($shardid, $shard_name, $port) = split /\|/, $line;
		my ($c, $bad) = split /\|/,
		  sql($by_port{$port},
			"SELECT count(*), count(*) FILTER (WHERE get_shard_id_for_distribution_column('$table', $col) <> $shardid) FROM $shard_name");
		$rows += $c;
		$misplaced += $bad;
		$nshards++;
	}
	is($misplaced, 0, "$table: every row on the shard its hash says ($nshards shards)");
	return $rows;
}

# run SQL files in sessions at once: [node, file] pairs; all must succeed
sub run_sessions
{
	my @sessions = @_;
	my (@h, @err);
	for my $k (0 .. $#sessions)
	{
		my ($n, $file) = @{ $sessions[$k] };
		$err[$k] = '';
		push @h,
		  IPC::Run::start(
			[ 'psql', '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', $n->connstr('postgres'), '-f', $file ],
			'>', '/dev/null', '2>', \$err[$k]);
	}
	my $failed = 0;
	for my $k (0 .. $#h)
	{
		$h[$k]->finish;
		if ($h[$k]->result != 0)
		{
			diag("session $k: $err[$k]");
			$failed++;
		}
	}
	return $failed;
}

sub session_file
{
	my ($name, $sql) = @_;
	my $file = "$tmp/$name.sql";
	open my $fh, '>', $file or die "$file: $!";
	print $fh $sql;
	close $fh;
	return $file;
}

#
# 1. distributions
#
sql(
	$coord, q{
CREATE TABLE items (
	id scru128 PRIMARY KEY DEFAULT scru128(),
	session int NOT NULL,
	seq int NOT NULL,
	node text NOT NULL
);
SELECT create_distributed_table('items', 'id');
CREATE TABLE tenant_items (
	tenant int NOT NULL,
	id scru128 NOT NULL DEFAULT scru128(),
	seq int NOT NULL,
	PRIMARY KEY (tenant, id)
);
SELECT create_distributed_table('tenant_items', 'tenant');
CREATE TABLE kinds (id scru128 PRIMARY KEY DEFAULT scru128(), name text NOT NULL);
SELECT create_reference_table('kinds');
CREATE TABLE orders (id scru128 PRIMARY KEY DEFAULT scru128(), kind scru128 NOT NULL);
SELECT create_distributed_table('orders', 'id');
CREATE TABLE order_lines (order_id scru128 NOT NULL, line int NOT NULL, PRIMARY KEY (order_id, line));
SELECT create_distributed_table('order_lines', 'order_id', colocate_with := 'orders');
});
is( sql($coord,
		"SELECT string_agg(logicalrelid::text || ':' || partmethod::text, ',' ORDER BY logicalrelid::text) FROM pg_dist_partition"),
	'items:h,kinds:n,order_lines:h,orders:h,tenant_items:h',
	'hash-distributed tables on scru128 and int columns, a reference table');
is( sql($coord,
		"SELECT count(DISTINCT colocationid) FROM pg_dist_partition WHERE logicalrelid IN ('orders'::regclass, 'order_lines'::regclass)"),
	'1', 'orders and order_lines are co-located');

# tenant table: router inserts and queries per tenant
sql($coord,
	'INSERT INTO tenant_items (tenant, seq) SELECT t, s FROM generate_series(1, 10) t, generate_series(1, 50) s ORDER BY s');
is(sql($coord, 'SELECT count(*), count(DISTINCT (tenant, id)) FROM tenant_items'),
	'500|500', 'tenant table: 500 rows, unique keys');
is( sql($coord,
		'SELECT count(*) FROM (SELECT seq, lag(seq) OVER (ORDER BY id) AS prev FROM tenant_items WHERE tenant = 3) s WHERE seq < prev'),
	'0', 'one tenant\'s rows in ID order are in insertion order');
my ($ret, $out, $err) = $coord->psql('postgres',
	'INSERT INTO tenant_items SELECT tenant, id, 0 FROM tenant_items WHERE tenant = 4 LIMIT 1');
like($err, qr/duplicate key value violates unique constraint/,
	'the (tenant, id) primary key is enforced on the shards');
check_shards('tenant_items', 'tenant');

# reference table: the same rows on every node
sql($coord, "INSERT INTO kinds (name) SELECT 'kind ' || k FROM generate_series(1, 5) k");
my $kinds = sql($coord, "SELECT string_agg(id::text, ',' ORDER BY id) FROM kinds");
my $placements = sql($coord,
	"SELECT shard_name || '|' || nodeport FROM citus_shards WHERE table_name = 'kinds'::regclass");
my $same = 0;
my @placements = split /\n/, $placements;
for my $p (@placements)
{
	my ($shard_name, $port) = split /\|/, $p;
	$same++
	  if sql($by_port{$port}, "SELECT string_agg(id::text, ',' ORDER BY id) FROM $shard_name") eq $kinds;
}
is($same, 3, 'the reference table\'s scru128 keys are the same on all three nodes');

# co-located join, with a reference table; repartition joins are off, so a
# join that is not co-located would fail
sql(
	$coord, q{
INSERT INTO orders (kind) SELECT (SELECT id FROM kinds ORDER BY id LIMIT 1 OFFSET o % 5) FROM generate_series(1, 300) o;
INSERT INTO order_lines SELECT id, l FROM orders, generate_series(1, 3) l;
});
is( sql($coord,
		'SET citus.enable_repartition_joins = off; SELECT count(*), count(DISTINCT o.id) FROM orders o JOIN order_lines l ON l.order_id = o.id JOIN kinds k ON k.id = o.kind'),
	'900|300', 'co-located join on scru128 columns (and a reference table) finds every line');
my $plan = sql($coord,
	'EXPLAIN (COSTS OFF) SELECT count(*) FROM orders o JOIN order_lines l ON l.order_id = o.id');
unlike($plan, qr/MapMergeJob|[Rr]epartition/, 'the join is pushed down to the shards, no repartitioning');
is( sql($coord,
		"SELECT count(*) FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.id = (SELECT min(id) FROM orders)"),
	'3', 'a router join on one scru128 key');

#
# 2. 8 sessions at once: 4 through the coordinator, 2 through each worker
#
my $per_session = 200;
my @sessions;
my $s = 0;
for my $name (qw(coordinator coordinator coordinator coordinator worker1 worker1 worker2 worker2))
{
	$s++;
	my $q = join '',
	  map { "INSERT INTO items (session, seq, node) VALUES ($s, $_, '$name');\n" } 1 .. $per_session;
	push @sessions, [ $node{$name}, session_file("items_$s", $q) ];
}
is(run_sessions(@sessions), 0, '8 sessions inserted through the coordinator and both workers');
is(sql($coord, 'SELECT count(*), count(DISTINCT id) FROM items'),
	8 * $per_session . '|' . 8 * $per_session, 'no duplicate IDs');
is( sql($coord, q{
WITH r AS MATERIALIZED (SELECT id, session, seq FROM items)
SELECT count(*) FROM (SELECT seq, lag(seq) OVER (PARTITION BY session ORDER BY id) AS prev FROM r) s
 WHERE seq <= prev}),
	'0', 'each session\'s IDs increase in its insertion order');
is(sql($coord, 'SELECT count(DISTINCT node) FROM items'), '3', 'rows came through all three nodes');
is(check_shards('items', 'id'), 8 * $per_session, 'items: each row on exactly one shard');

#
# 3. time ranges: rows of known hours, and the rows of the last hour
#
sql(
	$coord, q{
CREATE TABLE timed (id scru128 PRIMARY KEY, ts timestamptz NOT NULL);
SELECT create_distributed_table('timed', 'id');
INSERT INTO timed SELECT scru128(t), t FROM generate_series('2024-01-01'::timestamptz, '2024-02-29 23:00', '1 hour') t;
});
is( sql($coord,
		q{SELECT count(*) FROM timed WHERE id >= scru128_min('2024-01-10') AND id <= scru128_max('2024-01-19 23:00')}),
	'240', 'scru128_min/scru128_max range: the 240 rows of ten days');
is( sql($coord, q{
SELECT count(*) FROM timed
 WHERE (id >= scru128_min('2024-01-10 05:00') AND id < scru128_min('2024-02-03 17:00'))
       IS DISTINCT FROM (ts >= '2024-01-10 05:00' AND ts < '2024-02-03 17:00')}),
	'0', 'exactly the rows whose time is in the range, on every shard');
is( sql($coord,
		q{SELECT count(*) FROM items WHERE id >= scru128_min(now() - interval '1 hour') AND id <= scru128_max(now())}),
	8 * $per_session, 'now()-relative range: all rows of the last hour');

#
# 4. rebalancing: a table made while worker2 takes no shards, then spread
#
sql($coord,
	sprintf("SELECT citus_set_node_property('%s', %d, 'shouldhaveshards', false)",
		$node{worker2}->host, $node{worker2}->port));
sql(
	$coord, q{
CREATE TABLE rebal (id scru128 PRIMARY KEY DEFAULT scru128(), n int NOT NULL);
SELECT create_distributed_table('rebal', 'id', colocate_with := 'none');
INSERT INTO rebal (n) SELECT g FROM generate_series(1, 5000) g;
});
my $digest_sql = q{SELECT count(*) || ':' || md5(string_agg(id::text || '=' || n, ',' ORDER BY id)) FROM rebal};
my $before = sql($coord, $digest_sql);
my $w2shards = sprintf(
	"SELECT count(*) FROM citus_shards WHERE table_name = 'rebal'::regclass AND nodeport = %d",
	$node{worker2}->port);
is(sql($coord, $w2shards), '0', 'before: no shard of rebal on worker2');
sql($coord,
	sprintf("SELECT citus_set_node_property('%s', %d, 'shouldhaveshards', true)",
		$node{worker2}->host, $node{worker2}->port));
my $t0 = time;
sql($coord, q{SELECT citus_rebalance_start(shard_transfer_mode := 'block_writes')});
sql($coord, 'SELECT citus_rebalance_wait()');
note 'rebalance took ' . (time - $t0) . ' s';
cmp_ok(sql($coord, $w2shards), '>', 0, 'after citus_rebalance_start: shards of rebal moved to worker2');
is(sql($coord, $digest_sql), $before, 'rebalancing lost and changed nothing (count and digest)');
is(check_shards('rebal', 'id'), 5000, 'rebal: each row on exactly one shard after the moves');
sql($coord, 'INSERT INTO rebal (n) SELECT g FROM generate_series(5001, 5100) g');
is(sql($coord, 'SELECT count(DISTINCT id) FROM rebal'), '5100', 'inserts go on after the moves');

#
# 5. the other ID types, where they exist
#
if (sql($coord, "SELECT to_regtype('scru64') IS NOT NULL") eq 't')
{
	# a generator that waits for ever fails the test instead of hanging it
	for my $name (@names)
	{
		sql($node{$name}, "ALTER SYSTEM SET statement_timeout = '60s'; SELECT pg_reload_conf()");
	}
	my ($r, $o, $e) = $coord->psql('postgres', 'SELECT scru64() IS NOT NULL');
	is($o, 't', "scru64() works on the coordinator $e");
	my $i = 0;
	for my $name (@names)
	{
		$i++;
		is(sql($node{$name}, 'SELECT scru64_node_spec()'), "$i/8", "scru64 node spec of the $name");
	}
	sql(
		$coord, q{
CREATE TABLE s64 (id scru64 PRIMARY KEY DEFAULT scru64(), session int NOT NULL, seq int NOT NULL, node int NOT NULL);
SELECT create_distributed_table('s64', 'id');
CREATE TABLE s64_tenant (tenant int NOT NULL, id scru64 NOT NULL DEFAULT scru64(), PRIMARY KEY (tenant, id));
SELECT create_distributed_table('s64_tenant', 'tenant');
CREATE TABLE s64_ref (id scru64 PRIMARY KEY DEFAULT scru64());
SELECT create_reference_table('s64_ref');
INSERT INTO s64_tenant (tenant) SELECT t FROM generate_series(1, 10) t, generate_series(1, 20);
INSERT INTO s64_ref SELECT FROM generate_series(1, 10);
});
	my @s;
	my $k = 0;
	for my $name (qw(coordinator coordinator coordinator worker1 worker1 worker1 worker2 worker2 worker2))
	{
		$k++;
		my $nodeno = { coordinator => 1, worker1 => 2, worker2 => 3 }->{$name};
		my $q = join '',
		  map { "INSERT INTO s64 (session, seq, node) VALUES ($k, $_, $nodeno);\n" } 1 .. 200;
		push @s, [ $node{$name}, session_file("s64_$k", $q) ];
	}
	is(run_sessions(@s), 0, 'scru64: 9 sessions on the three nodes at once');
	is(sql($coord, 'SELECT count(*), count(DISTINCT id) FROM s64'), '1800|1800', 'scru64: IDs unique across nodes');
	is(sql($coord, 'SELECT count(*) FROM s64 WHERE scru64_node_id(id, 8) <> node'),
		'0', 'scru64: every ID carries the node ID of the server that made it');
	is( sql($coord, q{
WITH r AS MATERIALIZED (SELECT id, session, seq FROM s64)
SELECT count(*) FROM (SELECT seq, lag(seq) OVER (PARTITION BY session ORDER BY id) AS prev FROM r) s WHERE seq <= prev}),
		'0', 'scru64: each session\'s IDs increase');
	is(check_shards('s64', 'id'), 1800, 'scru64: each row on exactly one shard');
	is(sql($coord, 'SELECT count(*), count(DISTINCT (tenant, id)) FROM s64_tenant'), '200|200',
		'scru64: table distributed by tenant');
	is( sql($coord,
			'SELECT count(*) FROM s64 a JOIN s64 b ON a.id = b.id'),
		'1800', 'scru64: co-located self-join on the distribution column');
	is(sql($coord, 'SELECT count(*) FROM s64_ref'), '10', 'scru64: reference table');
}
else
{
	fail('scru64 is not in this build of the extension');
}

if (sql($coord, "SELECT to_regprocedure('uuidv7()') IS NOT NULL") eq 't')
{
	sql(
		$coord, q{
CREATE TABLE u7 (id uuid PRIMARY KEY DEFAULT uuidv7(), session int NOT NULL, seq int NOT NULL);
SELECT create_distributed_table('u7', 'id');
CREATE TABLE u7_tenant (tenant int NOT NULL, id uuid NOT NULL DEFAULT uuidv7(), PRIMARY KEY (tenant, id));
SELECT create_distributed_table('u7_tenant', 'tenant');
CREATE TABLE u7_ref (id uuid PRIMARY KEY DEFAULT uuidv7());
SELECT create_reference_table('u7_ref');
INSERT INTO u7_tenant (tenant) SELECT t FROM generate_series(1, 10) t, generate_series(1, 20);
INSERT INTO u7_ref SELECT FROM generate_series(1, 10);
});
	my @s;
	my $k = 0;
	for my $name (qw(coordinator coordinator worker1 worker2))
	{
		$k++;
		my $q = join '', map { "INSERT INTO u7 (session, seq) VALUES ($k, $_);\n" } 1 .. 200;
		push @s, [ $node{$name}, session_file("u7_$k", $q) ];
	}
	is(run_sessions(@s), 0, 'uuidv7: 4 sessions on the three nodes at once');
	is(sql($coord, 'SELECT count(*), count(DISTINCT id) FROM u7'), '800|800', 'uuidv7: IDs unique');
	is( sql($coord, q{
WITH r AS MATERIALIZED (SELECT id, session, seq FROM u7)
SELECT count(*) FROM (SELECT seq, lag(seq) OVER (PARTITION BY session ORDER BY id) AS prev FROM r) s WHERE seq <= prev}),
		'0', 'uuidv7: each session\'s IDs increase');
	is(check_shards('u7', 'id'), 800, 'uuidv7: each row on exactly one shard');
	is(sql($coord, 'SELECT count(*), count(DISTINCT (tenant, id)) FROM u7_tenant'), '200|200',
		'uuidv7: table distributed by tenant');
	is(sql($coord, 'SELECT count(*) FROM u7_ref'), '10', 'uuidv7: reference table');
}
else
{
	# PostgreSQL 18 has it in core; the extension adds it to older servers
	cmp_ok($major, '<', 18, 'uuidv7() is absent only before PostgreSQL 18 (not yet in the extension)');
}

#
# 6. benchmark: single-row inserts through the coordinator, 4 clients
#
if ($bench_seconds > 0)
{
	my %default = (
		scru128 => 'scru128 PRIMARY KEY DEFAULT scru128()',
		uuid4 => 'uuid PRIMARY KEY DEFAULT gen_random_uuid()',
		bigserial => 'bigserial PRIMARY KEY');
	my @result;
	for my $key (qw(scru128 uuid4 bigserial))
	{
		sql($coord,
			"CREATE TABLE bench_$key (id $default{$key}, v int NOT NULL, pad text NOT NULL); SELECT create_distributed_table('bench_$key', 'id')"
		);
		my $file = session_file("bench_$key", "INSERT INTO bench_$key (v, pad) VALUES (1, 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx');\n");
		my ($stdout, $stderr);
		IPC::Run::run(
			[ 'pgbench', '-n', '-c', '4', '-j', '2', '-T', $bench_seconds, '-f', $file, '-d', $coord->connstr('postgres') ],
			'>', \$stdout, '2>', \$stderr);
		my ($tps) = $stdout =~ /tps = ([0-9.]+)/;
		my $rows = sql($coord, "SELECT count(*) FROM bench_$key");
		push @result, sprintf('%s %.0f', $key eq 'uuid4' ? 'uuid v4' : $key, $tps // -1);
		note "bench: $key: $rows rows in $bench_seconds s";
	}
	note "bench: Citus $citus, PostgreSQL $major, 1 coordinator + 2 workers on one machine, "
	  . "single-row INSERT through the coordinator, 4 clients, $bench_seconds s each, rows/s: "
	  . join(', ', @result);
}

$_->stop for values %node;
done_testing();
