
# Copyright: see the LICENSE file of the scru128 extension.
#
# pg_dump / restore of a database using scru128: plain, custom and directory
# (parallel restore) formats, restored into a fresh cluster.  The restored
# data must be identical and every index valid and working: btree indexes
# pass amcheck with heapallindexed, and the hash and BRIN indexes give the
# same answers as a sequential scan while the plan shows them being used.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use FindBin;
use lib "$FindBin::RealBin/../perl";
use Scru128Needs;

needs_extensions('amcheck');

my $tempdir = PostgreSQL::Test::Utils::tempdir;

my $src = PostgreSQL::Test::Cluster->new('dump_src');
$src->init;
$src->start;

$src->safe_psql('postgres', 'CREATE DATABASE app');
$src->safe_psql(
	'app', q{
CREATE EXTENSION scru128;
CREATE DOMAIN event_tag AS scru128
	CHECK (VALUE <> '0000000000000000000000000');

CREATE TABLE events (
	id      scru128 PRIMARY KEY DEFAULT scru128(),
	parent  scru128,
	refs    scru128[],
	tag     event_tag,
	created scru128,
	at      timestamptz,
	payload text
);
CREATE INDEX events_parent_btree ON events (parent);
CREATE INDEX events_parent_hash ON events USING hash (parent);
CREATE INDEX events_created_brin ON events USING brin (created)
	WITH (pages_per_range = 4);
CREATE INDEX events_created_brin_multi ON events
	USING brin (created scru128_minmax_multi_ops) WITH (pages_per_range = 4);
CREATE INDEX events_tag_bloom ON events
	USING brin (tag scru128_bloom_ops) WITH (pages_per_range = 4);
CREATE UNIQUE INDEX events_tag_uniq ON events (tag);
CREATE INDEX events_ts ON events (scru128_timestamp(id));
CREATE INDEX events_refs_gin ON events USING gin (refs);

CREATE TABLE children (
	id    scru128 PRIMARY KEY DEFAULT scru128(),
	event scru128 NOT NULL REFERENCES events (id)
);

CREATE VIEW recent_events AS
	SELECT id, tag FROM events WHERE id >= scru128_min('2020-01-01 00:00:00+00');

-- the IDs, in generation order
CREATE TEMP TABLE gen AS
	SELECT n, scru128() AS id FROM generate_series(1, 20000) n;

INSERT INTO events (id, parent, refs, tag, created, at, payload)
SELECT g.id,
	   CASE WHEN g.n % 7 <> 0 THEN p.id END,
	   CASE WHEN g.n % 5 = 0 THEN ARRAY[p.id, NULL, g.id]
			WHEN g.n % 5 = 1 THEN '{}'::scru128[]
			WHEN g.n % 5 = 2 THEN ARRAY[g.id] END,
	   CASE WHEN g.n % 11 <> 0
			THEN scru128('2021-01-01 00:00:00+00'::timestamptz + g.n * interval '1 min')::event_tag END,
	   scru128('2022-01-01 00:00:00+00'::timestamptz + g.n * interval '1 s'),
	   '2022-01-01 00:00:00+00'::timestamptz + g.n * interval '1 s',
	   'row ' || g.n
FROM gen g LEFT JOIN gen p ON p.n = g.n / 2;

-- the extremes of the type
INSERT INTO events (id, tag, payload) VALUES
	('0000000000000000000000000', '0000000000000000000000001', 'zero'),
	('F5LXX1ZZ5PNORYNQGLHZMSP33', 'f5lxx1zz5pnorynqglhzmsp32', 'max');

INSERT INTO children (event) SELECT id FROM events WHERE payload LIKE '%3';
ANALYZE;
});

# what must survive a dump and restore
my $fingerprint_sql = q{
SELECT f FROM (
SELECT 1 AS n, count(*) || ' ' || md5(string_agg(
		format('%s|%s|%s|%s|%s|%s|%s', id, parent, refs, tag, created,
			   extract(epoch FROM at), payload), E'\n' ORDER BY id)) AS f
FROM events
UNION ALL
SELECT 2, count(*) || ' ' || md5(string_agg(id::text || '>' || event::text, ',' ORDER BY id))
FROM children
UNION ALL
SELECT 3, count(*) || ' ' || md5(string_agg(id::text || tag::text, ',' ORDER BY id))
FROM recent_events) parts
ORDER BY n};

my $indexdefs_sql = q{
SELECT string_agg(pg_get_indexdef(indexrelid), E'\n' ORDER BY indexrelid::regclass::text)
FROM pg_index WHERE indrelid IN ('events'::regclass, 'children'::regclass)};

my $src_fingerprint = $src->safe_psql('app', $fingerprint_sql);
my $src_indexdefs = $src->safe_psql('app', $indexdefs_sql);
like($src_fingerprint, qr/^20002 [0-9a-f]{32}\n\d+ [0-9a-f]{32}\n\d+ [0-9a-f]{32}$/,
	'source fingerprint has the expected shape');

# the dumps
$src->command_ok(
	[ 'pg_dump', '-d', 'app', '-Fp', '-f', "$tempdir/app.sql" ],
	'pg_dump plain');
$src->command_ok(
	[ 'pg_dump', '-d', 'app', '-Fc', '-f', "$tempdir/app.dump" ],
	'pg_dump custom');
$src->command_ok(
	[ 'pg_dump', '-d', 'app', '-Fd', '-j', '2', '-f', "$tempdir/app.dir" ],
	'pg_dump directory, 2 jobs');

my $plain = slurp_file("$tempdir/app.sql");
like($plain, qr/CREATE EXTENSION IF NOT EXISTS scru128 WITH SCHEMA public;/,
	'the plain dump creates the extension');
unlike($plain, qr/CREATE TYPE public\.scru128/,
	'the plain dump does not redefine the extension type');

my $dst = PostgreSQL::Test::Cluster->new('dump_dst');
$dst->init;
$dst->start;

$dst->safe_psql('postgres', "CREATE DATABASE r_$_") for qw(plain custom dir);
$dst->command_ok(
	[ 'psql', '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', 'r_plain', '-f', "$tempdir/app.sql" ],
	'restore plain dump with psql');
$dst->command_ok(
	[ 'pg_restore', '-e', '-d', 'r_custom', "$tempdir/app.dump" ],
	'restore custom dump with pg_restore');
$dst->command_ok(
	[ 'pg_restore', '-e', '-j', '2', '-d', 'r_dir', "$tempdir/app.dir" ],
	'restore directory dump with pg_restore -j 2');

# Run $query on $db twice: once with only sequential scans, once with
# $drop_sql applied (in a rolled-back transaction) and sequential scans
# disabled, and check that the plan of the second uses $index.
sub check_index_answers
{
	my ($node, $db, $index, $drop_sql, $query) = @_;
	my $expected = $node->safe_psql($db, qq{
SET enable_indexscan = off; SET enable_bitmapscan = off; SET enable_indexonlyscan = off;
$query});
	my $out = $node->safe_psql($db, qq{
BEGIN;
$drop_sql
SET LOCAL enable_seqscan = off;
EXPLAIN (COSTS OFF) $query;
$query;
ROLLBACK});
	my @lines = split /\n/, $out;
	my $got = pop @lines;
	my $plan = join "\n", @lines;
	like($plan, qr/\b\Q$index\E\b/, "$db: plan uses $index");
	is($got, $expected, "$db: $index gives the sequential scan's answer ($expected)");
}

foreach my $db (qw(r_plain r_custom r_dir))
{
	is($dst->safe_psql($db, $fingerprint_sql), $src_fingerprint, "$db: identical data");
	is($dst->safe_psql($db, $indexdefs_sql), $src_indexdefs, "$db: identical index definitions");
	is( $dst->safe_psql(
			$db, q{SELECT count(*) FILTER (WHERE indisvalid AND indisready AND indislive)
				|| '/' || count(*)
			FROM pg_index WHERE indrelid IN ('events'::regclass, 'children'::regclass)}),
		'10/10',
		"$db: all indexes valid");

	$dst->safe_psql($db, 'CREATE EXTENSION amcheck');
	my ($ret, $out, $err) = $dst->psql(
		$db, q{
SELECT count(bt_index_check(c.oid, true))
FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
	JOIN pg_am am ON am.oid = c.relam
WHERE am.amname = 'btree' AND i.indrelid IN ('events'::regclass, 'children'::regclass)});
	is($ret, 0, "$db: bt_index_check(heapallindexed) runs") or diag $err;
	is($out, '5', "$db: all 5 btree indexes checked");

	# hash: a nested loop probing parent = outer id
	check_index_answers(
		$dst, $db, 'events_parent_hash',
		'DROP INDEX events_parent_btree; SET LOCAL enable_hashjoin = off; SET LOCAL enable_mergejoin = off;',
		q{SELECT count(*) || ' ' || md5(string_agg(b.id::text, ',' ORDER BY b.id))
		  FROM events a JOIN events b ON b.parent = a.id WHERE a.payload LIKE 'row 1%'});
	# BRIN minmax and minmax-multi: a range of the created column
	check_index_answers(
		$dst, $db, 'events_created_brin',
		'DROP INDEX events_created_brin_multi;',
		q{SELECT count(*) || ' ' || md5(string_agg(id::text, ',' ORDER BY id)) FROM events
		  WHERE created BETWEEN scru128_min('2022-01-01 01:00:00+00') AND scru128_max('2022-01-01 01:30:00+00')});
	check_index_answers(
		$dst, $db, 'events_created_brin_multi',
		'DROP INDEX events_created_brin;',
		q{SELECT count(*) || ' ' || md5(string_agg(id::text, ',' ORDER BY id)) FROM events
		  WHERE created > scru128_min('2022-01-01 05:00:00+00')});
	# BRIN bloom: equality on the domain column
	check_index_answers(
		$dst, $db, 'events_tag_bloom',
		'DROP INDEX events_tag_uniq;',
		q{SELECT count(*) || ' ' || string_agg(payload, ',' ORDER BY payload) FROM events
		  WHERE tag = (SELECT tag FROM events WHERE payload = 'row 12345')});

	# the restored column default and domain still work
	is( $dst->safe_psql(
			$db, q{INSERT INTO events (tag, payload) VALUES (scru128(), 'new')
				   RETURNING id > (SELECT max(id) FROM events WHERE payload <> 'max' AND payload <> 'new')}),
		't',
		"$db: restored DEFAULT scru128() generates a new, later ID");
	($ret, $out, $err) = $dst->psql($db,
		q{INSERT INTO events (tag) VALUES ('0000000000000000000000000')});
	like($err, qr/violates check constraint/, "$db: restored domain constraint enforced");
}

$src->stop;
$dst->stop;
done_testing();
