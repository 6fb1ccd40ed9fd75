
# Copyright: see the LICENSE file of the scru128 extension.
#
# Schemas and row-level security (who may install the extension, replace
# its functions or reset its generators is the security suite's,
# test/security/020_native_privileges.pl):
#  1. Installed into a schema that is not on search_path, everything works
#     through qualified names (hidden.scru128, OPERATOR(hidden.=), ...), also
#     after ALTER EXTENSION ... SET SCHEMA.
#  2. The comparison functions are LEAKPROOF, so under a row level security
#     policy and through a security_barrier view a non-owner's key lookup
#     still uses the primary key index.  As a control, the same plans lose
#     the index once scru128_eq/scru128_gt are made NOT LEAKPROOF.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $node = PostgreSQL::Test::Cluster->new('privileges');
$node->init;
$node->start;

# run SQL as a role; returns (exit code, stdout, stderr)
sub psql_as
{
	my ($role, $db, $sql) = @_;
	my ($ret, $out, $err);
	$ret = $node->psql($db, $sql, stdout => \$out, stderr => \$err,
		extra_params => [ '-U', $role ]);
	return ($ret, $out, $err);
}

#
# 1. a schema that is not on search_path
#
$node->safe_psql(
	'postgres', q{
CREATE DATABASE hiddendb;});
$node->safe_psql(
	'hiddendb', q{
CREATE SCHEMA hidden;
CREATE SCHEMA elsewhere;
CREATE EXTENSION scru128 SCHEMA hidden;
ALTER DATABASE hiddendb SET search_path = public;});

my $qualified = q{
CREATE TABLE IF NOT EXISTS ev (
	id  hidden.scru128 PRIMARY KEY DEFAULT hidden.scru128(),
	ref hidden.scru128,
	arr hidden.scru128[]
);
CREATE INDEX IF NOT EXISTS ev_ref_hash ON ev USING hash (ref hidden.scru128_ops);
CREATE INDEX IF NOT EXISTS ev_id_brin ON ev USING brin (id hidden.scru128_minmax_multi_ops);
INSERT INTO ev (ref, arr)
SELECT hidden.scru128('2020-01-01 00:00:00+00'::timestamptz + n * interval '1 s'), ARRAY[hidden.scru128()]
FROM generate_series(1, 2000) n;
ANALYZE ev;
};

sub hidden_checks
{
	my ($schema, $stage) = @_;
	my $sql = $qualified =~ s/hidden\./$schema./gr;
	my ($ret, $out, $err) = $node->psql('hiddendb', $sql);
	is($ret, 0, "$stage: DDL and inserts with qualified names") or diag $err;

	my $probe = $node->safe_psql('hiddendb',
		"SELECT id FROM ev ORDER BY id USING OPERATOR($schema.<) OFFSET 1000 LIMIT 1");
	like($probe, qr/^[0-9a-z]{25}$/, "$stage: ORDER BY ... USING OPERATOR($schema.<)");

	is( $node->safe_psql(
			'hiddendb', qq{
SET enable_seqscan = off;
SELECT count(*) FROM ev WHERE id OPERATOR($schema.=) '$probe'::$schema.scru128;
SELECT count(*) FROM ev WHERE id OPERATOR($schema.<=) '$probe'::$schema.scru128;
SELECT count(*) FROM ev WHERE id OPERATOR($schema.<>) '$probe'::$schema.scru128;
SELECT $schema.min(id) OPERATOR($schema.<) $schema.max(id) FROM ev;
SELECT count(*) FROM ev a JOIN ev b ON a.ref OPERATOR($schema.=) b.ref;
SELECT $schema.scru128_timestamp('$probe') = '$probe'::$schema.scru128::timestamptz;
SELECT '$probe'::$schema.scru128::uuid::$schema.scru128 OPERATOR($schema.=) '$probe'::$schema.scru128;
SELECT count(*) FROM ev WHERE '$probe'::$schema.scru128 OPERATOR($schema.=) ANY (arr) OR arr[1] OPERATOR($schema.>) '0000000000000000000000000'}),
		join("\n", 1, 1001, $node->safe_psql('hiddendb', 'SELECT count(*) - 1 FROM ev'), 't',
			$node->safe_psql('hiddendb', 'SELECT count(*) FROM ev'), 't', 't',
			$node->safe_psql('hiddendb', 'SELECT count(*) FROM ev')),
		"$stage: qualified operators, aggregates, functions and casts");

	like( $node->safe_psql(
			'hiddendb', qq{
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT * FROM ev WHERE id OPERATOR($schema.=) '$probe'::$schema.scru128}),
		qr/Index (Only )?Scan using ev_pkey/,
		"$stage: OPERATOR($schema.=) uses the primary key");
	like( $node->safe_psql(
			'hiddendb', qq{
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT * FROM ev WHERE ref OPERATOR($schema.=) '$probe'::$schema.scru128}),
		qr/ev_ref_hash/,
		"$stage: OPERATOR($schema.=) on ref uses the hash index");

	($ret, $out, $err) = $node->psql('hiddendb', q{SELECT '0000000000000000000000000'::scru128});
	like($err, qr/type "scru128" does not exist/, "$stage: the unqualified type name is not visible");
}

hidden_checks('hidden', 'schema hidden');
$node->safe_psql('hiddendb', 'ALTER EXTENSION scru128 SET SCHEMA elsewhere');
is($node->safe_psql('hiddendb', q{SELECT count(*) FROM pg_type WHERE typname = 'scru128' AND typnamespace = 'elsewhere'::regnamespace}),
	'1', 'ALTER EXTENSION SET SCHEMA moved the type');
hidden_checks('elsewhere', 'after SET SCHEMA elsewhere');

#
# 2. RLS and security_barrier views
#
$node->safe_psql(
	'postgres', q{
CREATE ROLE tenant_a LOGIN;
CREATE ROLE tenant_b LOGIN;
CREATE DATABASE rlsdb;});
$node->safe_psql(
	'rlsdb', q{
CREATE EXTENSION scru128;
CREATE ROLE doc_owner;
CREATE TABLE docs (
	id     scru128 PRIMARY KEY DEFAULT scru128(),
	tenant name NOT NULL,
	body   text
);
INSERT INTO docs (tenant, body)
SELECT CASE WHEN n % 2 = 0 THEN 'tenant_a' ELSE 'tenant_b' END, 'doc ' || n
FROM generate_series(1, 20000) n;
ALTER TABLE docs OWNER TO doc_owner;
ALTER TABLE docs ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_docs ON docs FOR SELECT USING (tenant = current_user);
GRANT SELECT ON docs TO tenant_a, tenant_b;
CREATE VIEW docs_sb WITH (security_barrier) AS
	SELECT id, body FROM docs WHERE body NOT LIKE '%7';
ALTER VIEW docs_sb OWNER TO doc_owner;
GRANT SELECT ON docs_sb TO tenant_a;
ANALYZE docs;});

is( $node->safe_psql(
		'rlsdb', q{
SELECT string_agg(proname || '=' || proleakproof, ',' ORDER BY proname) FROM pg_proc
WHERE proname IN ('scru128_eq', 'scru128_ne', 'scru128_lt', 'scru128_le', 'scru128_gt', 'scru128_ge', 'scru128_cmp')}),
	'scru128_cmp=true,scru128_eq=true,scru128_ge=true,scru128_gt=true,scru128_le=true,scru128_lt=true,scru128_ne=true',
	'the comparison functions are LEAKPROOF');

my $a_doc = $node->safe_psql('rlsdb', q{SELECT id FROM docs WHERE tenant = 'tenant_a' AND body = 'doc 1000'});
my $b_doc = $node->safe_psql('rlsdb', q{SELECT id FROM docs WHERE tenant = 'tenant_b' AND body = 'doc 1001'});

my %queries = (
	'RLS equality'  => "SELECT body FROM docs WHERE id = '$a_doc'",
	'RLS range'     => "SELECT count(*) FROM docs WHERE id > '$a_doc' AND id < '$b_doc'",
	'security_barrier view equality' => "SELECT body FROM docs_sb WHERE id = '$a_doc'");

sub plans_as_tenant
{
	my ($stage, $expect_index) = @_;
	foreach my $q (sort keys %queries)
	{
		my ($ret, $plan, $err) = psql_as('tenant_a', 'rlsdb', "EXPLAIN (COSTS OFF) $queries{$q}");
		is($ret, 0, "$stage: $q: EXPLAIN as tenant_a") or diag $err;
		if ($expect_index)
		{
			like($plan, qr/Index (Only )?Scan using docs_pkey/, "$stage: $q uses docs_pkey")
			  or diag $plan;
		}
		else
		{
			unlike($plan, qr/Index Cond/, "$stage: $q has no index condition") or diag $plan;
		}
	}
}

plans_as_tenant('LEAKPROOF', 1);

# the answers respect the policy
{
	my ($ret, $out, $err) = psql_as('tenant_a', 'rlsdb', qq{
SELECT body FROM docs WHERE id = '$a_doc';
SELECT count(*) FROM docs WHERE id = '$b_doc';
SELECT count(*) FROM docs;
SELECT body FROM docs_sb WHERE id = '$a_doc';});
	is($out, "doc 1000\n0\n10000\ndoc 1000", 'tenant_a sees its own rows only, through the index');
}

# control: the same plans without LEAKPROOF
$node->safe_psql('rlsdb', q{
ALTER FUNCTION scru128_eq(scru128, scru128) NOT LEAKPROOF;
ALTER FUNCTION scru128_gt(scru128, scru128) NOT LEAKPROOF;
ALTER FUNCTION scru128_lt(scru128, scru128) NOT LEAKPROOF;});
plans_as_tenant('control, NOT LEAKPROOF', 0);
$node->safe_psql('rlsdb', q{
ALTER FUNCTION scru128_eq(scru128, scru128) LEAKPROOF;
ALTER FUNCTION scru128_gt(scru128, scru128) LEAKPROOF;
ALTER FUNCTION scru128_lt(scru128, scru128) LEAKPROOF;});

$node->stop;
done_testing();
