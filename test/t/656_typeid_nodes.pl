
# Copyright: see the LICENSE file of the scru128 extension.
#
# typeid between servers (release 1.5, doc/typeid.md):
#  1. logical replication from a publisher to a subscriber, a text
#     (binary = false) and a binary (binary = true) subscription, each in
#     its own database: a table keyed by typeid (a domain of one prefix
#     beside it, a typeid[] column) and one with REPLICA IDENTITY FULL and
#     no index; initial sync, then streamed inserts, updates (of the key
#     too) and deletes; the subscriber's rows equal the publisher's.  The
#     type's OID differs between the nodes, which a binary array carries;
#  2. pg_upgrade (to the same major: what a TAP test can run; the pgupgrade
#     suite goes from 18 to 19 with test/pgupgrade/setup.sql) of a database
#     with a typeid primary key, a domain, a hash index and an array: the
#     same rows, amcheck clean, each index used and finding its row, the
#     domain still checking, new IDs after the old ones.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $ddl = q{
CREATE EXTENSION scru128;
CREATE DOMAIN user_tid AS typeid CHECK (typeid_check_prefix(VALUE, 'user'));
CREATE TABLE kv (
	id    typeid PRIMARY KEY,
	owner user_tid,
	ids   typeid[],
	v     integer,
	note  text
);
CREATE TABLE full_ident (id typeid, v integer);
ALTER TABLE full_ident REPLICA IDENTITY FULL;
};

#
# 1. logical replication
#
my $pub = PostgreSQL::Test::Cluster->new('typeid_pub');
$pub->init(allows_streaming => 'logical');
$pub->start;
my $sub = PostgreSQL::Test::Cluster->new('typeid_sub');
$sub->init;
$sub->start;

$pub->safe_psql('postgres', $ddl);
foreach my $db (qw(sub_text sub_bin))
{
	$sub->safe_psql('postgres', "CREATE DATABASE $db");
	# a type created first, so that typeid's OID differs from the publisher's
	$sub->safe_psql($db, "CREATE TYPE shift AS (a int); $ddl");
}

# prefixes: none, one letter, with underscores, 63 letters
$pub->safe_psql('postgres', q{
INSERT INTO kv
SELECT typeid_generate((ARRAY['', 'a', 'pre_fix', repeat('z', 63), 'order'])[n % 5 + 1]),
	   CASE WHEN n % 3 <> 0 THEN typeid_generate('user') END,
	   CASE WHEN n % 4 <> 0 THEN ARRAY[typeid_generate('item'), NULL, typeid('', md5(n::text)::uuid)] END,
	   n, 'initial ' || n
FROM generate_series(1, 5000) n;
INSERT INTO kv (id, note) VALUES
	('00000000000000000000000000', 'nil, no prefix'),
	('z_7zzzzzzzzzzzzzzzzzzzzzzzzz', 'max');
INSERT INTO full_ident SELECT typeid_generate('f'), n FROM generate_series(1, 2000) n;
INSERT INTO full_ident SELECT id, -1 FROM full_ident WHERE v % 100 = 0;  -- duplicates
CREATE PUBLICATION pub_typeid FOR TABLE kv, full_ident;
});

my $connstr = $pub->connstr . ' dbname=postgres';
foreach my $db (qw(sub_text sub_bin))
{
	my $binary = $db eq 'sub_bin' ? 'true' : 'false';
	$sub->safe_psql($db, "CREATE SUBSCRIPTION $db CONNECTION '$connstr' PUBLICATION pub_typeid WITH (binary = $binary)");
}
$sub->wait_for_subscription_sync($pub, 'sub_text', 'sub_text');
$sub->wait_for_subscription_sync($pub, 'sub_bin', 'sub_bin');
is($sub->safe_psql('sub_bin', q{SELECT subbinary FROM pg_subscription WHERE subname = 'sub_bin'}), 't',
	'sub_bin is a binary subscription');

my %fingerprint_sql = (
	kv => q{SELECT count(*) || ' ' || md5(string_agg(format('%s|%s|%s|%s|%s', id, owner, ids, v, note), E'\n' ORDER BY id)) FROM kv},
	full_ident => q{SELECT count(*) || ' ' || md5(string_agg(id::text || ':' || v, ',' ORDER BY id, v)) FROM full_ident});

sub compare_tables
{
	my ($stage) = @_;
	foreach my $table (qw(kv full_ident))
	{
		my $expected = $pub->safe_psql('postgres', $fingerprint_sql{$table});
		foreach my $db (qw(sub_text sub_bin))
		{
			is($sub->safe_psql($db, $fingerprint_sql{$table}), $expected,
				"$stage: $db.$table equals the publisher's ($expected)");
		}
	}
}
compare_tables('initial sync');

$pub->safe_psql('postgres', q{
INSERT INTO kv SELECT typeid_generate('s'), typeid_generate('user'), ARRAY[typeid_generate('')], n, 'streamed ' || n
FROM generate_series(1, 3000) n;
UPDATE kv SET v = -v, owner = typeid_generate('user'), ids = NULL WHERE v % 5 = 1;
UPDATE kv SET id = typeid_generate('rekeyed'), note = note || ' rekeyed' WHERE v % 17 = 2;
DELETE FROM kv WHERE v % 11 = 3;
DELETE FROM kv WHERE id = 'z_7zzzzzzzzzzzzzzzzzzzzzzzzz';
UPDATE full_ident SET v = v + 100000 WHERE v % 7 = 0;
DELETE FROM full_ident WHERE v % 13 = 0;
DELETE FROM full_ident WHERE v = -1 AND id IN (SELECT id FROM full_ident WHERE v % 200 = 0);
});
$pub->safe_psql('postgres', join("\n", map {
	"INSERT INTO kv (id, v, note) VALUES (typeid_generate('one'), $_, 'single');
	 UPDATE kv SET note = 'touched' WHERE id = (SELECT min(id) FROM kv WHERE note <> 'touched');"
} 1 .. 100));
$pub->wait_for_catchup('sub_text');
$pub->wait_for_catchup('sub_bin');
compare_tables('after streamed changes');
is($pub->safe_psql('postgres', q{
	SELECT count(*) FILTER (WHERE note LIKE '%rekeyed' AND typeid_prefix(id) = 'rekeyed') > 0
	   AND count(*) FILTER (WHERE v < 0) > 0 AND count(*) FILTER (WHERE note = 'touched') = 100 FROM kv}),
	't', 'the streamed changes did change the table');
isnt($sub->safe_psql('sub_bin', q{SELECT 'typeid'::regtype::oid}), $pub->safe_psql('postgres', q{SELECT 'typeid'::regtype::oid}),
	'the typeid OID differs between the publisher and the subscriber (the binary arrays arrived anyway)');
$sub->stop;
$pub->stop;

#
# 2. pg_upgrade
#
my $old = PostgreSQL::Test::Cluster->new('typeid_old');
$old->init;
$old->start;
$old->safe_psql('postgres', q{
CREATE EXTENSION scru128;
CREATE EXTENSION amcheck;
CREATE DOMAIN user_tid AS typeid CHECK (typeid_check_prefix(VALUE, 'user'));
CREATE TABLE users (
	id   user_tid PRIMARY KEY DEFAULT typeid_generate('user'),
	h    typeid NOT NULL,
	arr  typeid[] NOT NULL,
	n    int NOT NULL
);
CREATE INDEX users_h ON users USING hash (h);
INSERT INTO users (h, arr, n)
SELECT typeid_generate((ARRAY['', 'a', 'pre_fix', repeat('z', 63)])[g % 4 + 1]),
	   ARRAY[typeid_generate('x'), typeid('', md5(g::text)::uuid)], g
FROM generate_series(1, 3000) g;
});
my $fingerprint = q{SELECT count(*) || ' ' || md5(string_agg(format('%s|%s|%s|%s', id, h, arr, n), E'\n' ORDER BY id)) FROM users};
my $before = $old->safe_psql('postgres', $fingerprint);
my $last = $old->safe_psql('postgres', q{SELECT max(id) FROM users});
$old->stop;

my $new = PostgreSQL::Test::Cluster->new('typeid_new');
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
	'pg_upgrade of a database with typeid columns');
$new->start;
is($new->safe_psql('postgres', $fingerprint), $before, 'after pg_upgrade: the same rows');
is($new->safe_psql('postgres', q{SELECT bt_index_check('users_pkey', true)}), '', 'after pg_upgrade: amcheck clean');
my ($probe_id, $probe_h, $probe_x) = split /\|/,
	$new->safe_psql('postgres', q{SELECT id, h, arr[1] FROM users WHERE n = 2222});
for my $c ([ 'users_pkey', "id = '$probe_id'" ], [ 'users_h', "h = '$probe_h'" ])
{
	my ($idx, $cond) = @$c;
	my $out = $new->safe_psql('postgres', qq{
		SET enable_seqscan = off;
		EXPLAIN (COSTS OFF) SELECT n FROM users WHERE $cond;
		SELECT n FROM users WHERE $cond;});
	like($out, qr/(Index Scan using|Bitmap Index Scan on) $idx\b/, "after pg_upgrade: $idx is used");
	like($out, qr/\n2222$/, "... and finds the row");
}
my ($ret, $out, $err) = $new->psql('postgres', q{INSERT INTO users VALUES ('post_01h455vb4pex5vsknk084sn02q', 'a_01h455vb4pex5vsknk084sn02q', '{}', -1)});
like($err, qr/has the prefix "post", not "user"/, 'after pg_upgrade: the domain still checks the prefix');
is($new->safe_psql('postgres', qq{INSERT INTO users (h, arr, n) VALUES (typeid_generate('a'), '{}', -1) RETURNING id > '$last'}),
	't', 'after pg_upgrade: a new ID sorts after every ID made before');

$new->stop;
done_testing();
