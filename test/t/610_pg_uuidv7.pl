# Copyright: see the LICENSE file of the scru128 extension.
#
# scru128_uuidv7compat against pg_uuidv7 itself (Debian's
# postgresql-18-pg-uuidv7 1.7.0, which test/chroot.sh installs in the 18
# chroot; Debian builds it for 18 only):
#  - pg_uuidv7 and scru128 in one database;
#  - the compatible functions, in another schema, answer as pg_uuidv7's on
#    the same inputs, the odd ones included;
#  - pg_uuidv7's own test cases (its test/sql folder) against both;
#  - the swap recipe of doc/migration.md, read from the page: refused with
#    a view still using pg_uuidv7, leaving everything as it was; then run on
#    tables with DEFAULT uuid_generate_v7() that keep their rows and go on.
# On a major without pg_uuidv7 installed the test says so and skips; on 18
# under CI=true a missing pg_uuidv7 is a failure (the chroot must have it).
use strict;
use warnings;

use File::Basename;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $node = PostgreSQL::Test::Cluster->new('pg_uuidv7');
$node->init;
$node->start;
my $version = $node->safe_psql('postgres', 'SHOW server_version_num');
my $have = $node->safe_psql('postgres',
	q{SELECT count(*) FROM pg_available_extensions WHERE name = 'pg_uuidv7'});
if ($have == 0)
{
	if ($version >= 180000 && $version < 190000 && ($ENV{CI} // '') !~ /^(|0|false)$/i)
	{
		fail('pg_uuidv7 is installed on 18 (postgresql-18-pg-uuidv7, test/chroot.sh)');
		done_testing();
		exit;
	}
	plan skip_all => "pg_uuidv7 is not installed on $version (Debian packages it for 18 only"
	  . ($version >= 180000 && $version < 190000 ? '; test/lib.sh installs it there' : '') . ')';
}

$node->safe_psql('postgres', 'CREATE DATABASE app');
$node->safe_psql('app', 'CREATE EXTENSION pg_uuidv7');
is($node->safe_psql('app', q{SELECT extversion FROM pg_extension WHERE extname = 'pg_uuidv7'}),
	'1.7', 'pg_uuidv7 1.7 installed');
$node->safe_psql('app', 'CREATE EXTENSION scru128');
pass('CREATE EXTENSION scru128 in a database that has pg_uuidv7');

my ($ret, $out, $err) = $node->psql('app', 'CREATE EXTENSION scru128_uuidv7compat');
isnt($ret, 0, 'scru128_uuidv7compat is refused in pg_uuidv7\'s schema');
like($err, qr/function "uuid_generate_v7" already exists/, '... because the functions would exist twice');
$node->safe_psql('app', 'CREATE SCHEMA compat; CREATE EXTENSION scru128_uuidv7compat SCHEMA compat');
pass('scru128_uuidv7compat beside pg_uuidv7, in another schema');

# the same inputs through both: times of every kind, the odd ones included
my $times = q{
	SELECT t FROM (VALUES ('2023-01-02 04:26:40.637+00'::timestamptz),
		('1970-01-01 00:00:00+00'), ('1969-12-31 23:59:59.999999+00'),
		('1900-01-01 00:00:00+00'), ('4713-01-01 00:00:00+00 BC'),
		('10889-08-02 05:31:50.655+00'), ('10889-08-02 05:31:50.656+00'),
		('294276-12-31 23:59:59.999999+00'), ('infinity'), ('-infinity')) v(t)
	UNION ALL
	SELECT timestamptz '1970-01-01 00:00:00+00' + random() * interval '20000 years' - interval '5000 years'
	FROM generate_series(1, 20000)
};
is($node->safe_psql('app', qq{
	SELECT count(*) FILTER (WHERE public.uuid_timestamptz_to_v7(t, true) <> compat.uuid_timestamptz_to_v7(t, true)
		OR public.uuid_timestamp_to_v7(t::timestamp, true) <> compat.uuid_timestamp_to_v7(t::timestamp, true))
	FROM ($times) s}), '0', 'uuid_timestamp(tz)_to_v7(t, true): the same on 20,010 times');
is($node->safe_psql('app', qq{
	SELECT count(*) FILTER (WHERE substr(public.uuid_timestamptz_to_v7(t)::text, 1, 15) <> substr(compat.uuid_timestamptz_to_v7(t)::text, 1, 15)
		OR substr(public.uuid_timestamp_to_v7(t::timestamp, false)::text, 1, 15) <> substr(compat.uuid_timestamp_to_v7(t::timestamp, false)::text, 1, 15)
		OR public.uuid_extract_version(compat.uuid_timestamptz_to_v7(t)) <> 7
		OR substr(compat.uuid_timestamptz_to_v7(t)::text, 20, 1) NOT IN ('8', '9', 'a', 'b'))
	FROM ($times) s}), '0', 'without zero: the same time bits, version 7, the variant');
is($node->safe_psql('app', q{
	SELECT count(*) FILTER (WHERE public.uuid_v7_to_timestamptz(u) <> compat.uuid_v7_to_timestamptz(u)
		OR public.uuid_v7_to_timestamp(u) <> compat.uuid_v7_to_timestamp(u))
	FROM (SELECT ('x' || md5(i::text) || md5((-i)::text))::bit(128)::text AS b FROM generate_series(1, 20000) i) r,
		 LATERAL (SELECT (lpad(to_hex(substr(b, 1, 64)::bit(64)::bigint), 16, '0') ||
						  lpad(to_hex(substr(b, 65, 64)::bit(64)::bigint), 16, '0'))::uuid AS u) s}),
	'0', 'uuid_v7_to_timestamp(tz): the same on 20,000 uuids of any version');
is($node->safe_psql('app', q{
	SELECT count(*) FILTER (WHERE public.uuid_v7_to_timestamptz(u) <> compat.uuid_v7_to_timestamptz(u))
	FROM (VALUES ('00000000-0000-0000-0000-000000000000'::uuid), ('ffffffff-ffff-ffff-ffff-ffffffffffff')) v(u)}),
	'0', 'the same on the smallest and the largest uuid');

# generated values: the same layout and the current millisecond in both
is($node->safe_psql('app', q{
	SELECT count(*) FILTER (WHERE public.uuid_extract_version(a) = 7 AND public.uuid_extract_version(b) = 7
		AND abs(extract(epoch FROM compat.uuid_v7_to_timestamptz(a) - compat.uuid_v7_to_timestamptz(b))) < 5
		AND a <> b)
	FROM (SELECT public.uuid_generate_v7() AS a, compat.uuid_generate_v7() AS b FROM generate_series(1, 1000)) s}),
	'1000', 'uuid_generate_v7(): version 7 of the current time from both');

# pg_uuidv7's test cases (test/sql/002-006), against each in turn
for my $schema ('public', 'compat')
{
	is($node->safe_psql('app', qq{
		SET search_path = $schema, public;
		SELECT uuid_generate_v7() > '018570bb-4a7d-7000-8000-000000000000'
		   AND uuid_v7_to_timestamptz('018570bb-4a7d-7000-8000-000000000000') = '2023-01-02 04:26:40.637+00'
		   AND uuid_timestamptz_to_v7('2023-01-02 04:26:40.637+00') > '018570bb-4a7d-7000-8000-000000000000'
		   AND uuid_timestamptz_to_v7('2023-01-02 04:26:40.637+00', true) = '018570bb-4a7d-7000-8000-000000000000'
		   AND uuid_v7_to_timestamp('018570bb-4a7d-7000-8000-000000000000') = '2023-01-02 04:26:40.637'
		   AND uuid_timestamp_to_v7('2023-01-02 04:26:40.637') > '018570bb-4a7d-7000-8000-000000000000'
		   AND uuid_timestamp_to_v7('2023-01-02 04:26:40.637', true) = '018570bb-4a7d-7000-8000-000000000000'}),
		't', "pg_uuidv7's test cases pass in schema $schema");
}

# the swap, as doc/migration.md gives it
$node->safe_psql('app', q{
	DROP EXTENSION scru128_uuidv7compat; DROP SCHEMA compat;
	CREATE TABLE orders (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), n int);
	CREATE SCHEMA shop;
	CREATE TABLE shop.items (id uuid NOT NULL DEFAULT uuid_generate_v7(), n int,
		made uuid DEFAULT uuid_timestamptz_to_v7(now(), zero => true)) PARTITION BY RANGE (id);
	CREATE TABLE shop.items_all PARTITION OF shop.items DEFAULT;
	INSERT INTO orders (n) SELECT generate_series(1, 1000);
	INSERT INTO shop.items (n) SELECT generate_series(1, 100);
	CREATE VIEW recent AS SELECT id, uuid_v7_to_timestamptz(id) AS at FROM orders;
});
my $before = $node->safe_psql('app', q{SELECT md5(string_agg(id::text, ',' ORDER BY id)) FROM orders});

my $doc = slurp_file(dirname(__FILE__) . '/../../doc/migration.md');
my ($recipe) = $doc =~ /<!-- pg_uuidv7 swap: begin -->\n```sql\n(.*?)```\n<!-- pg_uuidv7 swap: end -->/s;
ok(defined $recipe && $recipe =~ /DROP EXTENSION pg_uuidv7/, 'the recipe is read from doc/migration.md');
$recipe //= '';

# a view still using pg_uuidv7: refused, nothing changed
($ret, $out, $err) = $node->psql('app', $recipe, on_error_stop => 1);
isnt($ret, 0, 'the recipe is refused while a view uses pg_uuidv7');
like($err, qr/cannot drop extension pg_uuidv7 because other objects depend on it/, '... naming the dependency');
is($node->safe_psql('app', q{
	SELECT (SELECT count(*) FROM pg_extension WHERE extname = 'pg_uuidv7') || ',' ||
		   (SELECT count(*) FROM pg_extension WHERE extname = 'scru128_uuidv7compat') || ',' ||
		   pg_get_expr(adbin, adrelid)
	FROM pg_attrdef WHERE adrelid = 'orders'::regclass}),
	'1,0,uuid_generate_v7()', '... and everything is as it was');

$node->safe_psql('app', 'DROP VIEW recent');
($ret, $out, $err) = $node->psql('app', $recipe, on_error_stop => 1);
is($ret, 0, 'the recipe runs') or diag($err);
is($node->safe_psql('app', q{
	SELECT string_agg(extname, ',' ORDER BY extname) FROM pg_extension WHERE extname <> 'plpgsql'}),
	'scru128,scru128_uuidv7compat', 'pg_uuidv7 is gone, scru128_uuidv7compat is there');
is($node->safe_psql('app', q{
	SELECT string_agg(adrelid::regclass || '.' || attname || '=' || pg_get_expr(adbin, adrelid), ' ' ORDER BY 1)
	FROM pg_attrdef JOIN pg_attribute ON attrelid = adrelid AND attnum = adnum
	WHERE adrelid IN ('orders'::regclass, 'shop.items'::regclass, 'shop.items_all'::regclass)}),
	'orders.id=uuid_generate_v7() shop.items.id=uuid_generate_v7() '
	  . 'shop.items.made=uuid_timestamptz_to_v7(now(), zero => true) '
	  . 'shop.items_all.id=uuid_generate_v7() '
	  . 'shop.items_all.made=uuid_timestamptz_to_v7(now(), zero => true)',
	'every default is back, with the same text');
is($node->safe_psql('app', q{
	SELECT count(*) FROM pg_depend d JOIN pg_depend e ON e.objid = d.refobjid AND e.classid = 'pg_proc'::regclass
		AND e.refclassid = 'pg_extension'::regclass
	WHERE d.classid = 'pg_attrdef'::regclass AND d.refclassid = 'pg_proc'::regclass
	  AND e.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'scru128_uuidv7compat')}),
	'5', '... calling the compatible functions');
is($node->safe_psql('app', q{SELECT md5(string_agg(id::text, ',' ORDER BY id)) FROM orders}),
	$before, 'the rows are unchanged');
$node->safe_psql('app', q{
	INSERT INTO orders (n) SELECT generate_series(1001, 2000);
	INSERT INTO shop.items (n) SELECT generate_series(101, 200);
});
is($node->safe_psql('app', q{
	SELECT count(*) || ',' || count(DISTINCT id) || ',' ||
		   count(*) FILTER (WHERE uuid_extract_version(id) = 7 AND uuid_v7_to_timestamptz(id) > now() - interval '1 hour')
	FROM orders}),
	'2000,2000,2000', 'the default goes on making version 7 IDs of the current time');
is($node->safe_psql('app', q{SELECT count(*) FROM shop.items WHERE made IS NOT NULL}),
	'200', 'the partitioned table too');
is($node->safe_psql('app', q{
	SELECT uuid_timestamptz_to_v7('2023-01-02 04:26:40.637+00', true) = '018570bb-4a7d-7000-8000-000000000000'
	   AND uuid_v7_to_timestamptz('018570bb-4a7d-7000-8000-000000000000') = '2023-01-02 04:26:40.637+00'}),
	't', 'application SQL unchanged: the same calls, the same answers');
$node->safe_psql('app', q{
	CREATE VIEW recent AS SELECT id, uuid_v7_to_timestamptz(id) AS at FROM orders});
pass('the view is made again on the compatible function');

$node->stop;
done_testing();
