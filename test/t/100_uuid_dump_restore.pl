# Copyright: see the LICENSE file of the scru128 extension.
#
# UUID functions named like core's survive pg_dump and restore:
#  - a dump made here: the column default written unqualified resolves to
#    the extension's uuidv7() before PostgreSQL 18 (pg_dump writes
#    public.uuidv7()) and to core's from 18 on (pg_dump writes uuidv7());
#  - a dump made by PostgreSQL 15's pg_dump (embedded below, as it wrote
#    it) restores on this version, its public.uuidv7() default still works
#    and resolves to the extension's function, also where core has one;
#  - the update from 1.0 to the default version creates the same functions as a fresh install.
use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $tempdir = PostgreSQL::Test::Utils::tempdir;

my $node = PostgreSQL::Test::Cluster->new('uuid_dump');
$node->init;
$node->start;
my $version = $node->safe_psql('postgres', 'SHOW server_version_num');
my $core_v7 = $version >= 180000;
my $core_extract = $version >= 170000;

#
# 1. A dump made on this version
#
$node->safe_psql('postgres', 'CREATE DATABASE app');
$node->safe_psql('app', q{
CREATE EXTENSION scru128;
CREATE TABLE orders (
	id uuid PRIMARY KEY DEFAULT uuidv7(),
	legacy uuid DEFAULT uuidv6(),
	shifted uuid DEFAULT uuidv7('-1 day'),
	n int
);
CREATE VIEW order_versions AS
	SELECT id, uuid_extract_version(id) AS v, scru128_uuid_timestamp(legacy) AS legacy_at FROM orders;
INSERT INTO orders (n) SELECT g FROM generate_series(1, 1000) g;
});

my $dump = "$tempdir/app.sql";
$node->command_ok([ 'pg_dump', '-d', $node->connstr('app'), '-f', $dump ], 'pg_dump of a database using the UUID functions');
my $text = slurp_file($dump);
if ($core_v7)
{
	like($text, qr/id uuid DEFAULT uuidv7\(\) NOT NULL/, 'PostgreSQL 18+: the default is core\'s uuidv7(), written unqualified');
}
else
{
	like($text, qr/id uuid DEFAULT public\.uuidv7\(\) NOT NULL/, 'before 18: the default is the extension\'s, written public.uuidv7()');
}
like($text, qr/legacy uuid DEFAULT public\.uuidv6\(\)/, 'uuidv6() is always the extension\'s');
if ($core_extract)
{
	like($text, qr/[ (]uuid_extract_version\((orders\.)?id\)/, '17+: the view uses core\'s uuid_extract_version()');
	unlike($text, qr/public\.uuid_extract_version\(/, '17+: not the extension\'s');
}
else
{
	like($text, qr/public\.uuid_extract_version\((orders\.)?id\)/, 'before 17: the view uses the extension\'s uuid_extract_version()');
}

$node->safe_psql('postgres', 'CREATE DATABASE app_restored');
$node->command_ok([ 'psql', '-X', '-v', 'ON_ERROR_STOP=1', '-q', '-d', $node->connstr('app_restored'), '-f', $dump ],
	'the dump restores');
my $q = q{SELECT string_agg(id || ' ' || legacy || ' ' || shifted || ' ' || n, ',' ORDER BY id) FROM orders};
is($node->safe_psql('app_restored', $q), $node->safe_psql('app', $q), 'restored rows are identical');
is($node->safe_psql('app_restored', q{
	INSERT INTO orders (n) VALUES (0) RETURNING uuid_extract_version(id) = 7 AND id > (SELECT id FROM orders WHERE n > 0 ORDER BY id DESC LIMIT 1)
		AND uuid_extract_version(legacy) = 6}),
	't', 'restored defaults generate new values, after the old ones');

#
# 2. A dump written by PostgreSQL 15's pg_dump (its \restrict lines, which
#    psql before 17.6 does not know, left out)
#
my $pg15_dump = <<'DUMP';
--
-- PostgreSQL database dump
--

-- Dumped from database version 15.20 (Debian 15.20-0+deb12u1)
-- Dumped by pg_dump version 15.20 (Debian 15.20-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

CREATE EXTENSION IF NOT EXISTS scru128 WITH SCHEMA public;

COMMENT ON EXTENSION scru128 IS 'SCRU128: sortable, clock and random number-based unique identifiers';

SET default_tablespace = '';

SET default_table_access_method = heap;

CREATE TABLE public.orders (
    id uuid DEFAULT public.uuidv7() NOT NULL,
    legacy uuid DEFAULT public.uuidv6(),
    made timestamp with time zone NOT NULL,
    note text
);

ALTER TABLE public.orders OWNER TO postgres;

CREATE VIEW public.order_times AS
 SELECT orders.id,
    public.scru128_uuid_timestamp(orders.id) AS at,
    public.uuid_extract_version(orders.id) AS v
   FROM public.orders;

ALTER TABLE public.order_times OWNER TO postgres;

COPY public.orders (id, legacy, made, note) FROM stdin;
017f22e2-79b0-7cc3-98c4-dc0c0c07398f	1ec9414c-232a-6b00-b3c8-9f6bdeced846	2022-02-22 19:22:22+00	RFC A.6
018cc288-e280-7000-8000-000000000001	\N	2024-01-01 01:00:00+00	min+1
\.

ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_pkey PRIMARY KEY (id);

--
-- PostgreSQL database dump complete
--
DUMP
# the dump names the owner postgres
$node->safe_psql('postgres', q{DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'postgres') THEN CREATE ROLE postgres; END IF; END $$});
my $f15 = "$tempdir/pg15.sql";
append_to_file($f15, $pg15_dump);
$node->safe_psql('postgres', 'CREATE DATABASE from15');
$node->command_ok([ 'psql', '-X', '-v', 'ON_ERROR_STOP=1', '-q', '-d', $node->connstr('from15'), '-f', $f15 ],
	'a dump made by PostgreSQL 15\'s pg_dump restores');
is($node->safe_psql('from15', q{
	SELECT string_agg(DISTINCT p.pronamespace::regnamespace::text || '.' || p.proname, ',')
	FROM pg_attrdef d
	JOIN pg_proc p ON p.oid = (regexp_match(d.adbin::text, ':funcid (\d+)'))[1]::oid
	WHERE d.adrelid = 'orders'::regclass}),
	'public.uuidv6,public.uuidv7', 'its defaults call the extension\'s functions');
is($node->safe_psql('from15', q{
	INSERT INTO orders (made, note) VALUES (now(), 'new')
	RETURNING uuid_extract_version(id) || ',' || uuid_extract_version(legacy) || ',' ||
		(abs(extract(epoch FROM public.scru128_uuid_timestamp(id) - now())) < 5)}),
	'7,6,true', 'an insert using its defaults works');
is($node->safe_psql('from15', q{SET timezone = 'UTC'; SELECT at || ' ' || v FROM order_times WHERE id = '017f22e2-79b0-7cc3-98c4-dc0c0c07398f'}),
	'2022-02-22 19:22:22+00 7', 'its view works');
is($node->safe_psql('from15', q{SELECT count(*) FROM orders WHERE id BETWEEN public.uuidv7_min('2024-01-01 01:00:00+00') AND public.uuidv7_max('2024-01-01 01:00:00+00')}),
	'1', 'uuidv7_min/max find the restored row');

#
# 3. 1.0 -> the current release gives the same functions as a fresh install
# (1.2 changed uuid_extract_timestamp(), so 1.1 alone no longer would)
#
$node->safe_psql('postgres', 'CREATE DATABASE upd');
$node->safe_psql('upd', q{CREATE EXTENSION scru128 VERSION '1.0'; ALTER EXTENSION scru128 UPDATE});
my $funcs = q{
	SELECT string_agg(p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' || p.provolatile::text || p.proparallel::text
		|| p.proleakproof::text || coalesce(obj_description(p.oid, 'pg_proc'), '-'), ',' ORDER BY 1)
	FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace AND p.proname ~ '^uuid'};
my $fresh = $node->safe_psql('app', $funcs);
is($node->safe_psql('upd', $funcs), $fresh, '1.0 updated to the current release has the same UUID functions as a fresh install');
like($fresh, qr/^uuid_extract_timestamp\(uuid\)/, 'and they are there');
is($node->safe_psql('upd', q{SELECT count(*) FROM pg_description d JOIN pg_proc p ON p.oid = d.objoid
	WHERE p.pronamespace = 'pg_catalog'::regnamespace AND p.proname IN ('uuidv7', 'uuidv4', 'uuid_extract_timestamp', 'uuid_extract_version')
	  AND d.description ~ 'PostgreSQL 1[78]'}),
	'0', 'no comment of the extension landed on a core function');

$node->stop;
done_testing();
