
# Copyright: see the LICENSE file of the scru128 extension.
#
# Memory of a BRIN scan rescanned in a nested loop.  The BRIN support
# functions of scru128, scru64 and scru160 are wrappers of core's (see
# src/pg/brin_domain.c); bringetbitmap calls them through a fresh copy of
# their FmgrInfo on every rescan, so whatever they keep in fn_extra is made
# again each time, in the query's ExecutorState.  Release 1.2 made its cache
# there for every column and grew ExecutorState by 840 bytes per rescan
# where core's own uuid and int8 classes grow it by 384 (PostgreSQL 15).
#
# For each class, a nested loop rescans a bitmap scan of a BRIN index once
# per outer row, 1000 and then 6000 times; the used bytes of ExecutorState
# are read at the end of the query (pg_backend_memory_contexts, from a
# subquery run after the join).  The growth per rescan must be at most that
# of core's class of the same kind (minmax, minmax-multi) on int8 and uuid,
# plus 16 bytes: on a column of the type itself nothing is allocated, on a
# column of a domain once per scan, not per rescan.  Memory, unlike time, is
# the same on every run, so this is asserted.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $node = PostgreSQL::Test::Cluster->new('brin_rescan_memory');
$node->init;
$node->start;

# the columns: [table suffix, type, BRIN operator class, is it core's]
my @columns = (
	[ 'int8', 'bigint', 'int8_minmax_ops', 1 ],
	[ 'uuid', 'uuid', 'uuid_minmax_ops', 1 ],
	[ 'scru64', 'scru64', 'scru64_minmax_ops', 0 ],
	[ 'scru128', 'scru128', 'scru128_minmax_ops', 0 ],
	[ 'scru160', 'scru160', 'scru160_minmax_ops', 0 ],
	[ 'd64', 'd64', 'scru64_minmax_ops', 0 ],
	[ 'd128', 'd128', 'scru128_minmax_ops', 0 ],
	[ 'd160', 'd160', 'scru160_minmax_ops', 0 ],
	[ 'int8_multi', 'bigint', 'int8_minmax_multi_ops', 1 ],
	[ 'uuid_multi', 'uuid', 'uuid_minmax_multi_ops', 1 ],
	[ 'scru64_multi', 'scru64', 'scru64_minmax_multi_ops', 0 ],
	[ 'scru128_multi', 'scru128', 'scru128_minmax_multi_ops', 0 ],
	[ 'd64_multi', 'd64', 'scru64_minmax_multi_ops', 0 ],
	[ 'd128_multi', 'd128', 'scru128_minmax_multi_ops', 0 ]);

# 100 keys, each of the six base columns; the outer table repeats them
my $setup = q{
CREATE EXTENSION scru128;
CREATE DOMAIN d64 AS scru64;
CREATE DOMAIN d128 AS scru128;
CREATE DOMAIN d160 AS scru160;
CREATE TABLE keys AS
SELECT k, scru64_from_parts(1000000 + k, 0) AS k_scru64,
	   scru128_from_fields(1772323200000 + k, 0, 0, 0) AS k_scru128,
	   scru160_from_fields(1772323200000 + k, 0, 0, '\x00000000000000000000') AS k_scru160
FROM generate_series(0, 99) AS k;
CREATE TABLE outer_rows AS
SELECT i, k_scru64::bigint AS k_int8, k_scru128::uuid AS k_uuid, k_scru64, k_scru128, k_scru160,
	   k_scru64::d64 AS k_d64, k_scru128::d128 AS k_d128, k_scru160::d160 AS k_d160
FROM generate_series(1, 6000) AS i JOIN keys ON k = i % 100;
};
for my $c (@columns)
{
	my ($name, $type, $opclass) = @$c;
	(my $base = $name) =~ s/_multi$//;
	$setup .= qq{
CREATE TABLE m_$name (id $type);
INSERT INTO m_$name SELECT k_$base FROM outer_rows WHERE i <= 100;
CREATE INDEX ON m_$name USING brin (id $opclass) WITH (pages_per_range = 1);
};
}
$setup .= q{
VACUUM ANALYZE;
CREATE FUNCTION executor_bytes_after(tab text, col text, n integer) RETURNS bigint
LANGUAGE plpgsql AS $f$
DECLARE
	b bigint;
BEGIN
	-- the subquery reads the memory once the join has run: it depends on c
	EXECUTE format($q$
		WITH j AS MATERIALIZED (
			SELECT count(*) AS c FROM outer_rows o JOIN %I t ON t.id = o.%I WHERE o.i <= %s)
		SELECT (SELECT max(used_bytes) FROM pg_backend_memory_contexts
				WHERE name = 'ExecutorState' AND c IS NOT NULL)
		FROM j$q$, tab, col, n) INTO b;
	RETURN b;
END
$f$;
};
$node->safe_psql('postgres', $setup);

# one rescan of the BRIN bitmap scan per outer row
my $settings = q{
SET enable_seqscan = off; SET enable_hashjoin = off; SET enable_mergejoin = off;
SET enable_material = off; SET enable_memoize = off; SET enable_indexscan = off;
SET max_parallel_workers_per_gather = 0; SET jit = off;
};

my %growth;
for my $c (@columns)
{
	my ($name, $type) = @$c;
	(my $base = $name) =~ s/_multi$//;
	my $plan = $node->safe_psql('postgres', $settings . qq{
EXPLAIN (COSTS OFF) SELECT count(*) FROM outer_rows o JOIN m_$name t ON t.id = o.k_$base;});
	like($plan, qr/Nested Loop.*Bitmap Heap Scan on m_$name.*Bitmap Index Scan on m_${name}_id_idx/s,
		"$name: a BRIN bitmap scan rescanned in a nested loop");
	my $count = $node->safe_psql('postgres', $settings . qq{
SELECT count(*) FROM outer_rows o JOIN m_$name t ON t.id = o.k_$base;});
	is($count, 6000, "$name: the nested loop finds every row");
	my ($b1, $b2) = split /\|/, $node->safe_psql('postgres', $settings . qq{
SELECT executor_bytes_after('m_$name', 'k_$base', 1000), executor_bytes_after('m_$name', 'k_$base', 6000);});
	$growth{$name} = ($b2 - $b1) / 5000;
	note sprintf("%-14s ExecutorState %8d bytes after 1000 rescans, %8d after 6000: %.1f per rescan",
		$name, $b1, $b2, $growth{$name});
}

for my $c (@columns)
{
	my ($name, $type, $opclass, $core) = @$c;
	next if $core;
	my $kind = $name =~ /_multi$/ ? '_multi' : '';
	my $limit = (sort { $b <=> $a } $growth{"int8$kind"}, $growth{"uuid$kind"})[0] + 16;
	cmp_ok($growth{$name}, '<=', $limit,
		sprintf("%s (%s): ExecutorState grows %.1f bytes per rescan, core's int8 and uuid classes %.1f and %.1f",
			$name, $opclass, $growth{$name}, $growth{"int8$kind"}, $growth{"uuid$kind"}));
}

$node->stop;
done_testing();
