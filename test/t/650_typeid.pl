# typeid on a running server, where a regress test cannot look:
#  - concurrent sessions generate distinct TypeIDs, each session's in
#    order, with the session generator and with scru128.generator_scope =
#    server (the library preloaded, which 15 and 16 need for it); under
#    server scope, TypeIDs and uuidv7() taken in turn by different backends
#    increase, one generator for both;
#  - pg_dump and restore of a table keyed by typeid, with an array column,
#    a domain of one prefix (typeid_check_prefix) and a hash index, then
#    amcheck on the restored btree and the domain's check after restore.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $node = PostgreSQL::Test::Cluster->new('typeid');
$node->init;
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'scru128'\n");
$node->start;
$node->safe_psql('postgres', q{CREATE EXTENSION scru128});

#
# 6 concurrent sessions, session scope and server scope: distinct IDs, each
# session strictly increasing
#
$node->safe_psql('postgres', 'CREATE TABLE c (scope text, session int, n int, id typeid)');
for my $scope ('session', 'server')
{
	my @sessions;
	for my $s (1 .. 6)
	{
		my $prefix = 's' . chr(96 + $s);	# sa .. sf
		my $h = $node->background_psql('postgres');
		$h->query_until(qr/started/, qq{
			SET scru128.generator_scope = $scope;
			\\echo started
			INSERT INTO c SELECT '$scope', $s, g, typeid_generate('$prefix') FROM generate_series(1, 20000) g;
		});
		push @sessions, $h;
	}
	$_->quit for @sessions;
	is($node->safe_psql('postgres', "SELECT count(*), count(DISTINCT typeid_uuid(id)) FROM c WHERE scope = '$scope'"),
		'120000|120000', "$scope scope: 6 concurrent sessions x 20,000 typeid_generate(): all UUIDs distinct");
	is($node->safe_psql('postgres', qq{
		SELECT count(*) FROM (SELECT id, lag(id) OVER (PARTITION BY session ORDER BY n) AS prev
							  FROM c WHERE scope = '$scope') s
		WHERE id <= prev}), '0', "$scope scope: each session strictly increasing");
	is($node->safe_psql('postgres', qq{
		SELECT count(*) FROM c WHERE scope = '$scope'
		  AND (typeid_prefix(id) <> 's' || chr(96 + session) OR uuid_extract_version(id::uuid) <> 7)}),
		'0', "$scope scope: each TypeID has its session's prefix and a UUIDv7");
}
# server scope: TypeIDs and uuidv7() taken in turn by different backends
# increase (the extension's uuidv7(): on 18 and later an unqualified one is
# core's)
my @turns;
for my $i (1 .. 40)
{
	push @turns, $node->safe_psql('postgres', $i % 2
		? q{SET scru128.generator_scope = server; SELECT typeid_uuid(typeid_generate('t'))}
		: q{SET scru128.generator_scope = server; SELECT public.uuidv7()});
}
my @sorted = sort @turns;
is_deeply(\@turns, \@sorted, 'server scope: 40 backends in turn, typeid_generate() and uuidv7(), increase');
my %seen = map { $_ => 1 } @turns;
is(scalar(keys %seen), 40, 'server scope: 40 distinct UUIDs');

#
# dump and restore
#
$node->safe_psql('postgres', 'CREATE DATABASE src');
$node->safe_psql('src', q{
	CREATE EXTENSION scru128;
	CREATE DOMAIN user_id AS typeid CHECK (typeid_check_prefix(VALUE, 'user'));
	CREATE TABLE d (id typeid PRIMARY KEY, owner user_id NOT NULL DEFAULT typeid_generate('user'),
					ids typeid[], n int);
	INSERT INTO d (id, ids, n)
		SELECT typeid_generate(CASE WHEN g % 3 = 0 THEN '' ELSE 'post' END),
			   ARRAY[typeid_generate('a_b'), typeid('x', md5(g::text)::uuid)], g
		FROM generate_series(1, 20000) g;
	CREATE INDEX d_hash ON d USING hash (owner);
});
my $dump = $node->basedir . '/typeid.dump';
$node->command_ok([ 'pg_dump', '-Fc', '-f', $dump, '-d', $node->connstr('src') ], 'pg_dump');
$node->safe_psql('postgres', 'CREATE DATABASE dst');
# pg_dump writes CREATE EXTENSION IF NOT EXISTS without a version, which
# installs the default one: while that is 1.4, make 1.5 first
$node->safe_psql('dst', q{CREATE EXTENSION scru128});
$node->command_ok([ 'pg_restore', '-d', $node->connstr('dst'), $dump ], 'pg_restore');
my $digest = q{SELECT md5(string_agg(id::text || owner::text || ids::text || n, ',' ORDER BY id)) FROM d};
is($node->safe_psql('dst', $digest), $node->safe_psql('src', $digest), 'restored rows equal the dumped ones');
is($node->safe_psql('dst', q{
	SET enable_seqscan = off;
	SELECT count(*) FROM d WHERE owner IN (SELECT owner FROM d WHERE n % 100 = 0)}), '200',
	'restored hash index finds the rows');
$node->safe_psql('dst', 'CREATE EXTENSION amcheck');
is($node->safe_psql('dst', q{SELECT bt_index_check('d_pkey', true)}), '', 'amcheck: restored primary key is consistent');
my ($ret, $out, $err) = $node->psql('dst', q{INSERT INTO d (id, n) SELECT id, 0 FROM d LIMIT 1});
like($err, qr/duplicate key value violates unique constraint "d_pkey"/, 'restored primary key enforces uniqueness');
($ret, $out, $err) = $node->psql('dst',
	q{INSERT INTO d (id, owner, n) VALUES (typeid_generate('post'), 'post_01h455vb4pex5vsknk084sn02q', 0)});
like($err, qr/TypeID "post_01h455vb4pex5vsknk084sn02q" has the prefix "post", not "user"/,
	'restored domain keeps its check, naming both prefixes');
is($node->safe_psql('dst', q{INSERT INTO d (id, n) VALUES (typeid_generate('post'), 0) RETURNING typeid_prefix(owner)}),
	'user', 'restored DEFAULT generates the domain\'s prefix');

$node->stop;
done_testing();
