# Copyright: see the LICENSE file of the scru128 extension.
#
# Where scru64()'s shared state comes from.  PostgreSQL 17 and later: the
# DSM registry, so scru64() works without shared_preload_libraries.  15
# and 16: only with the preload; without it scru64() fails with 55000 and
# a hint that says so, while the rest of the extension works.  With the
# preload, every version works, and two sessions share one generator.

use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $node = PostgreSQL::Test::Cluster->new('scru64_preload');
$node->init;
$node->append_conf('postgresql.conf', "scru128.scru64_node_spec = '0xb00/12'\n");
$node->start;
my $version = $node->safe_psql('postgres', 'SHOW server_version_num');
$node->safe_psql('postgres', 'CREATE EXTENSION scru128');

# without the preload
is($node->safe_psql('postgres', q{SELECT scru64_node_spec()}), '2816/12',
	'canonical node spec in use');
is($node->safe_psql('postgres', q{SELECT '0u2pf62ji4b9'::scru64::bigint}), '109959589539758421',
	'the type works without the preload');
my ($ret, $out, $err) = $node->psql('postgres', 'SELECT scru64()',
	extra_params => [ '-v', 'VERBOSITY=verbose' ]);
if ($version < 170000)
{
	isnt($ret, 0, 'PG < 17 without the preload: scru64() fails');
	like($err, qr/55000/, 'with SQLSTATE 55000');
	like($err, qr/shared_preload_libraries/, 'and a hint naming shared_preload_libraries');
}
else
{
	is($ret, 0, 'PG >= 17 without the preload: scru64() works (DSM registry)');
	like($out, qr/^[0-9a-z]{12}$/, 'and returns an ID');
	is($err, '', 'without a message');
}

# with the preload
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'scru128'\n");
$node->restart;
my $a = $node->safe_psql('postgres', 'SELECT scru64()');
my $b = $node->safe_psql('postgres', 'SELECT scru64()');
like($a, qr/^[0-9a-z]{12}$/, 'with the preload scru64() works');
cmp_ok($b, 'gt', $a, 'a second session continues the same generator');
is($node->safe_psql('postgres', qq{SELECT scru64_node_id('$b', 12)}), 2816, 'node 2816 of 12 bits');

# unset node spec: 55000 with a hint, on every version
$node->safe_psql('postgres', q{ALTER SYSTEM SET scru128.scru64_node_spec = ''; SELECT pg_reload_conf();});
$node->poll_query_until('postgres', q{SELECT scru64_node_spec() IS NULL}) or die;
($ret, $out, $err) = $node->psql('postgres', 'SELECT scru64()',
	extra_params => [ '-v', 'VERBOSITY=verbose' ]);
isnt($ret, 0, 'unset node spec: scru64() fails');
like($err, qr/55000.*scru64_node_spec is not set/s, '55000, naming the setting');
like($err, qr/HINT:.*ALTER SYSTEM SET scru128\.scru64_node_spec/s, 'with a hint how to set it');

# an invalid value in postgresql.conf is refused at reload, the old one stays
$node->safe_psql('postgres', q{ALTER SYSTEM SET scru128.scru64_node_spec = '7/4'; SELECT pg_reload_conf();});
$node->poll_query_until('postgres', q{SELECT scru64_node_spec() = '7/4'}) or die;
$node->append_conf('postgresql.auto.conf', "scru128.scru64_node_spec = '99/4'\n");
$node->reload;
sleep 1;
is($node->safe_psql('postgres', q{SELECT scru64_node_spec()}), '7/4',
	'an invalid value at reload leaves the valid one in use');
ok($node->log_contains(qr/invalid value for parameter "scru128\.scru64_node_spec": "99\/4"/),
	'and is logged');

$node->stop;
done_testing();
