
# Copyright: see the LICENSE file of the scru128 extension.
#
# Logical replication of scru128 (and ulid) data from a publisher to a subscriber, with
# a text (binary = false) and a binary (binary = true) subscription, each in
# its own database: initial table sync, then streamed inserts, updates
# (including of the primary key) and deletes.  The subscriber tables must be
# identical to the publisher's.
#
# Tables:
#   kv   scru128 primary key: the apply worker finds rows through the btree
#        index on the key
#   full REPLICA IDENTITY FULL, no index at all: the apply worker compares
#        whole rows with the type's default equality operator
#   arr  a scru128[] column.  A binary array carries its element type's
#        OID, and the scru128 OID differs between the publisher and the
#        subscriber databases (checked below).  Since PostgreSQL 14
#        array_recv() insists on matching OIDs only for built-in types
#        (commit 670c0a1d47), so the binary subscription must cope.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $ddl = q{
CREATE EXTENSION scru128;
CREATE DOMAIN nonzero_scru128 AS scru128
	CHECK (VALUE <> '0000000000000000000000000');
CREATE TABLE kv (
	id    scru128 PRIMARY KEY,
	ref   scru128,
	d     nonzero_scru128,
	v     integer,
	note  text
);
CREATE TABLE full_ident (id scru128, v integer);
ALTER TABLE full_ident REPLICA IDENTITY FULL;
CREATE TABLE arr (id scru128 PRIMARY KEY, ids scru128[]);
CREATE TABLE ulid_kv (id ulid PRIMARY KEY, ids ulid[], v integer);
CREATE TABLE ulid_full (id ulid, v integer);
ALTER TABLE ulid_full REPLICA IDENTITY FULL;
};

my $pub = PostgreSQL::Test::Cluster->new('publisher');
$pub->init(allows_streaming => 'logical');
$pub->start;

my $sub = PostgreSQL::Test::Cluster->new('subscriber');
$sub->init;
$sub->start;

$pub->safe_psql('postgres', $ddl);
foreach my $db (qw(sub_text sub_bin))
{
	$sub->safe_psql('postgres', "CREATE DATABASE $db");
	$sub->safe_psql($db, $ddl);
}

# initial data, before the subscriptions exist
$pub->safe_psql(
	'postgres', q{
INSERT INTO kv
SELECT scru128(),
	   CASE WHEN n % 3 <> 0 THEN scru128('2001-02-03 04:05:06+00'::timestamptz + n * interval '1 s') END,
	   CASE WHEN n % 4 <> 0 THEN scru128() END,
	   n, 'initial ' || n
FROM generate_series(1, 10000) n;
INSERT INTO kv (id, d, note) VALUES
	('0000000000000000000000000', 'f5lxx1zz5pnorynqglhzmsp33', 'zero'),
	('f5lxx1zz5pnorynqglhzmsp33', '0000000000000000000000001', 'max');
INSERT INTO full_ident SELECT scru128(), n FROM generate_series(1, 2000) n;
INSERT INTO full_ident SELECT id, -1 FROM full_ident WHERE v % 100 = 0;  -- duplicates
INSERT INTO arr SELECT scru128(), ARRAY[scru128(), NULL, scru128()] FROM generate_series(1, 1000);
INSERT INTO ulid_kv SELECT ulid(), ARRAY[ulid(), NULL], n FROM generate_series(1, 3000) n;
INSERT INTO ulid_kv VALUES ('00000000000000000000000000', NULL, 0), ('7ZZZZZZZZZZZZZZZZZZZZZZZZZ', NULL, -1);
INSERT INTO ulid_full SELECT ulid(), n FROM generate_series(1, 1000) n;
CREATE PUBLICATION pub_main FOR TABLE kv, full_ident, ulid_kv, ulid_full;
CREATE PUBLICATION pub_arr FOR TABLE arr;
});

my $connstr = $pub->connstr . ' dbname=postgres';
$sub->safe_psql('sub_text',
	"CREATE SUBSCRIPTION sub_text CONNECTION '$connstr' PUBLICATION pub_main, pub_arr WITH (binary = false)");
$sub->safe_psql('sub_bin',
	"CREATE SUBSCRIPTION sub_bin CONNECTION '$connstr' PUBLICATION pub_main, pub_arr WITH (binary = true)");

$sub->wait_for_subscription_sync($pub, 'sub_text', 'sub_text');
$sub->wait_for_subscription_sync($pub, 'sub_bin', 'sub_bin');

is($sub->safe_psql('sub_bin', 'SELECT subbinary FROM pg_subscription WHERE subname = current_database()'), 't',
	'sub_bin is a binary subscription');
is($sub->safe_psql('sub_text', 'SELECT subbinary FROM pg_subscription WHERE subname = current_database()'), 'f',
	'sub_text is a text subscription');

my %fingerprint_sql = (
	kv => q{SELECT count(*) || ' ' || md5(string_agg(format('%s|%s|%s|%s|%s', id, ref, d, v, note), E'\n' ORDER BY id)) FROM kv},
	full_ident => q{SELECT count(*) || ' ' || md5(string_agg(id::text || ':' || v, ',' ORDER BY id, v)) FROM full_ident},
	arr => q{SELECT count(*) || ' ' || md5(string_agg(id::text || ':' || ids::text, ',' ORDER BY id)) FROM arr},
	ulid_kv => q{SELECT count(*) || ' ' || md5(string_agg(format('%s|%s|%s', id, ids, v), E'\n' ORDER BY id)) FROM ulid_kv},
	ulid_full => q{SELECT count(*) || ' ' || md5(string_agg(id::text || ':' || v, ',' ORDER BY id, v)) FROM ulid_full});

sub compare_tables
{
	my ($stage) = @_;
	foreach my $table (qw(kv full_ident arr ulid_kv ulid_full))
	{
		my $expected = $pub->safe_psql('postgres', $fingerprint_sql{$table});
		foreach my $db (qw(sub_text sub_bin))
		{
			is($sub->safe_psql($db, $fingerprint_sql{$table}), $expected,
				"$stage: $db.$table identical to the publisher ($expected)");
		}
	}
}

compare_tables('initial sync');

# streamed changes, in several transactions of different sizes
$pub->safe_psql(
	'postgres', q{
-- plain inserts, one transaction
INSERT INTO kv SELECT scru128(), scru128(), scru128(), n, 'streamed ' || n
FROM generate_series(1, 5000) n;
-- updates of non-key columns
UPDATE kv SET v = -v, ref = scru128(), d = NULL WHERE v % 5 = 1;
-- updates of the key itself
UPDATE kv SET id = scru128(), note = note || ' rekeyed' WHERE v % 17 = 2;
-- deletes
DELETE FROM kv WHERE v % 11 = 3;
DELETE FROM kv WHERE id = 'f5lxx1zz5pnorynqglhzmsp33';
-- many small transactions are in the loop below
UPDATE full_ident SET v = v + 100000 WHERE v % 7 = 0;
DELETE FROM full_ident WHERE v % 13 = 0;
DELETE FROM full_ident WHERE v = -1 AND id IN (SELECT id FROM full_ident WHERE v % 200 = 0);
INSERT INTO arr SELECT scru128(), ARRAY[scru128()] FROM generate_series(1, 500);
UPDATE arr SET ids = ids || id WHERE scru128_entropy(id) % 3 = 0;
DELETE FROM arr WHERE scru128_entropy(id) % 3 = 1;
-- ulid: inserts, updates of the key and of the array, deletes
INSERT INTO ulid_kv SELECT ulid(), ARRAY[ulid()], -n FROM generate_series(1, 2000) n;
UPDATE ulid_kv SET id = ulid() WHERE v % 7 = 3;
UPDATE ulid_kv SET ids = ids || id WHERE v % 5 = 0;
DELETE FROM ulid_kv WHERE v % 11 = 4 OR id = '7ZZZZZZZZZZZZZZZZZZZZZZZZZ';
UPDATE ulid_full SET v = v + 100000 WHERE v % 9 = 0;
DELETE FROM ulid_full WHERE v % 13 = 0;
});
$pub->safe_psql('postgres', join("\n", map {
	"INSERT INTO kv (id, v, note) VALUES (scru128(), $_, 'single');
	 UPDATE kv SET note = 'touched' WHERE id = (SELECT min(id) FROM kv WHERE note <> 'touched');
	 DELETE FROM kv WHERE id = (SELECT max(id) FROM kv WHERE note = 'single' AND v < $_);"
} 1 .. 200));

$pub->wait_for_catchup('sub_text');
$pub->wait_for_catchup('sub_bin');

compare_tables('after streamed changes');
is( $pub->safe_psql('postgres',
		q{SELECT count(*) FILTER (WHERE note LIKE '%rekeyed') > 0
		     AND count(*) FILTER (WHERE v < 0) > 0
		     AND count(*) FILTER (WHERE note = 'touched') = 200 FROM kv}),
	't',
	'the streamed changes did change the table');

# What pgoutput puts on the wire for a scru128 column: in binary mode the
# 16 bytes of scru128_send(), in text mode the 25 Base36 digits.
$pub->safe_psql('postgres',
	q{SELECT pg_create_logical_replication_slot('peek', 'pgoutput')});
my $probe = '03hb1f8d4xzj3xnbpygq0wnxm';
$pub->safe_psql('postgres', "INSERT INTO full_ident VALUES ('$probe', 424242)");
my $probe_hex = $pub->safe_psql('postgres', "SELECT encode(scru128_to_bytea('$probe'), 'hex')");
foreach my $binary (qw(true false))
{
	my $changes = $pub->safe_psql(
		'postgres', qq{
SELECT string_agg(encode(data, 'hex'), '')
FROM pg_logical_slot_peek_binary_changes('peek', NULL, NULL, 'proto_version', '1',
	'publication_names', 'pub_main', 'binary', '$binary')});
	my $expected =
	  $binary eq 'true'
	  ? '62' . '00000010' . $probe_hex
	  : '74' . '00000019' . unpack('H*', $probe);
	like($changes, qr/\Q$expected\E/,
		"pgoutput with binary = $binary sends the scru128 as " . ($binary eq 'true' ? '16 bytes' : 'Base36 text'));
}
$pub->safe_psql('postgres', q{SELECT pg_drop_replication_slot('peek')});
$pub->wait_for_catchup('sub_text');
$pub->wait_for_catchup('sub_bin');
is($sub->safe_psql($_, "SELECT v FROM full_ident WHERE id = '$probe'"), '424242',
	"$_: the probe row arrived") foreach qw(sub_text sub_bin);

my $pub_oid = $pub->safe_psql('postgres', q{SELECT 'scru128'::regtype::oid});
my $sub_oid = $sub->safe_psql('sub_bin', q{SELECT 'scru128'::regtype::oid});
isnt($sub_oid, $pub_oid,
	"the scru128 type OID differs between publisher ($pub_oid) and sub_bin ($sub_oid)");

$sub->stop;
$pub->stop;
done_testing();
