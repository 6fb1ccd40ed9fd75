
# Copyright: see the LICENSE file of the scru128 extension.
#
# The migration recipe of doc/typeid.md, "Coming from elsewhere", run as
# written on tables made the way typeid-sql (jetify's SQL implementation)
# makes them, and on a text column of TypeIDs written by applications:
#  1. the composite form: typeid-sql's type typeid ("type" varchar(63),
#     "uuid" uuid) (written here from its definition, not copied), its
#     generator typeid_generate(text) and a domain checking the prefix, as
#     a primary key and as a foreign key referencing it; CREATE EXTENSION
#     collides with its names until they are renamed (step 1 of the recipe);
#  2. typeid-sql's text form (a domain over text checking the prefix,
#     DEFAULT a text generator) and a plain text column of TypeIDs of
#     several prefixes, the empty one and one with underscores included;
#  3. ALTER TABLE ... TYPE typeid USING ...: every row keeps its prefix and
#     UUID, and its text is the TypeID the text said, or the one the pair
#     makes (computed here in Perl, independently of the extension); the
#     primary key's index is rebuilt on the new type, passes amcheck and
#     serves lookups; the foreign key is back and enforced; new rows get
#     the native generator's IDs;
#  4. an invalid row (a prefix typeid-sql's check would not have kept out
#     of a composite, a text that is no TypeID) makes the ALTER fail with
#     the error of the type, naming the value, and leaves the table as it
#     was; on 16 and later pg_input_is_valid() finds it first.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $alphabet = '0123456789abcdefghjkmnpqrstvwxyz';

# the TypeID text of a prefix and a UUID: the UUID's 128 bits after two
# zero bits, in 26 digits of 5 bits each (the spec's encoding, written
# here bit by bit)
sub typeid_text
{
	my ($prefix, $uuid) = @_;
	(my $hex = $uuid) =~ s/-//g;
	my $bits = '00' . unpack('B128', pack('H32', $hex));
	my $suffix = join '', map { substr($alphabet, oct('0b' . substr($bits, 5 * $_, 5)), 1) } 0 .. 25;
	return $prefix eq '' ? $suffix : "${prefix}_$suffix";
}
is(typeid_text('user', '01890a5d-ac96-774b-bcce-b302099a8057'), 'user_01h455vb4pex5vsknk084sn02q',
	'the Perl encoder gives the example of the spec');

my $node = PostgreSQL::Test::Cluster->new('typeid_migration');
$node->init;
$node->start;
my $major = int($node->safe_psql('postgres', 'SHOW server_version_num') / 10000);
$node->safe_psql('postgres', 'CREATE DATABASE app');

# (exit code, stdout, stderr) of SQL in app
sub try_sql
{
	my ($sql) = @_;
	my ($out, $err);
	my $ret = $node->psql('app', $sql, stdout => \$out, stderr => \$err, on_error_stop => 1);
	return ($ret, $out // '', $err // '');
}

#
# the database as typeid-sql leaves it
#
$node->safe_psql('app', q{
-- typeid-sql's composite type and generator, written from their definition
CREATE TYPE typeid AS ("type" varchar(63), "uuid" uuid);
CREATE FUNCTION typeid_generate(prefix text) RETURNS typeid
LANGUAGE sql VOLATILE AS $$ SELECT ROW(prefix, gen_random_uuid())::typeid $$;
CREATE FUNCTION typeid_check(tid typeid, expected_type text) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$ SELECT (tid).type = expected_type $$;
CREATE DOMAIN user_id AS typeid CHECK (typeid_check(VALUE, 'user'));
-- its text form: a domain over text checking the prefix
CREATE FUNCTION typeid_check_text(typeid_str text, expected_type text) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
	SELECT typeid_str ~ ('^' || expected_type || '_[0-7][0-9a-hjkmnp-tv-z]{25}$')
$$;
CREATE DOMAIN order_id AS text CHECK (typeid_check_text(VALUE, 'order'));

CREATE TABLE users (id user_id PRIMARY KEY DEFAULT typeid_generate('user'), n int NOT NULL);
CREATE TABLE orders (id order_id PRIMARY KEY, user_id user_id NOT NULL REFERENCES users, n int NOT NULL);
CREATE TABLE events (id text PRIMARY KEY, n int NOT NULL);
-- a composite column without a domain
CREATE TABLE tags (id typeid PRIMARY KEY, n int NOT NULL);
INSERT INTO users (n) SELECT g FROM generate_series(1, 2000) g;
INSERT INTO tags SELECT typeid_generate('tag'), g FROM generate_series(1, 100) g;
});

# the users' pairs, and the TypeIDs the other tables hold as text,
# computed here
my %user;    # n -> [uuid, text]
for my $line (split /\n/, $node->safe_psql('app', q{SELECT n, (id).type, (id).uuid FROM users}))
{
	my ($n, $type, $uuid) = split /\|/, $line;
	$user{$n} = [ $uuid, typeid_text($type, $uuid) ];
}
is(scalar(keys %user), 2000, '2000 users with a composite key');

my @users = sort { $a <=> $b } keys %user;
my (@orders, @events);
for my $n (1 .. 3000)
{
	my $u = sprintf('%08x-%04x-7%03x-%04x-%012x', 0x01890000 + $n, $n, $n % 4096, 0x8000 | $n, $n * 7919);
	push @orders, [ $n, typeid_text('order', $u), $user{ $users[ $n % @users ] }, $u ];
	my $prefix = ('', 'pre_fix', 'evt', 'a' x 63)[ $n % 4 ];
	my $v = sprintf('%08x-%04x-4%03x-%04x-%012x', $n * 2654435761 % 2**32, $n, $n % 4096, 0x9000 | $n, $n);
	push @events, [ $n, typeid_text($prefix, $v), $prefix, $v ];
}
$node->safe_psql('app', 'INSERT INTO orders VALUES '
	  . join(',', map { "('$_->[1]', ROW('user', '$_->[2][0]')::typeid, $_->[0])" } @orders));
$node->safe_psql('app', 'INSERT INTO events VALUES ' . join(',', map { "('$_->[1]', $_->[0])" } @events));
is($node->safe_psql('app', 'SELECT count(*) FROM orders JOIN users ON users.id = orders.user_id'),
	'3000', '3000 orders in the text form, each referencing a user');

#
# step 1: typeid-sql's names collide with the extension's
#
my ($ret, $out, $err) = try_sql('CREATE EXTENSION scru128');
like($err, qr/type "typeid" already exists/, 'CREATE EXTENSION fails while typeid-sql\'s type is named typeid');
($ret, $out, $err) = try_sql(q{
ALTER TYPE typeid RENAME TO typeid_sql;
ALTER FUNCTION typeid_generate(text) RENAME TO typeid_sql_generate;
CREATE EXTENSION scru128;
});
is($ret, 0, 'after renaming its type and generator, CREATE EXTENSION works') or diag $err;
is($node->safe_psql('app', q{SELECT pg_get_expr(adbin, adrelid) FROM pg_attrdef WHERE adrelid = 'users'::regclass}),
	q{typeid_sql_generate('user'::text)}, 'the column default follows the renamed generator');

#
# step 2 (first with invalid rows): the ALTER fails and changes nothing
#
my @invalid = (
	[ 'tags', q{UPDATE tags SET id = ROW('Tag', (id).uuid)::typeid_sql WHERE n = 7},
	  q{ALTER TABLE tags ALTER COLUMN id TYPE typeid USING typeid((id).type, (id).uuid);},
	  qr/ERROR:  invalid TypeID prefix: "Tag"\nDETAIL:  The prefix has "T" at byte 1/,
	  'a composite whose prefix has an upper-case letter' ],
	[ 'events', q{INSERT INTO events VALUES ('evt_01h455vb4pex5vsknk084sn02Q', -1)},
	  q{ALTER TABLE events ALTER COLUMN id TYPE typeid USING id::typeid;},
	  qr/ERROR:  invalid input syntax for type typeid: "evt_01h455vb4pex5vsknk084sn02Q"\nDETAIL:  The suffix has "Q" at byte 30/,
	  'a text with an upper-case digit' ],
	[ 'events', q{INSERT INTO events VALUES ('_01h455vb4pex5vsknk084sn02q', -1)},
	  q{ALTER TABLE events ALTER COLUMN id TYPE typeid USING id::typeid;},
	  qr/ERROR:  invalid input syntax for type typeid: "_01h455vb4pex5vsknk084sn02q"/,
	  'a text with an empty prefix and a separator' ]);
for my $case (@invalid)
{
	my ($table, $break, $alter, $re, $what) = @$case;
	my $sum = $node->safe_psql('app', "SELECT md5(string_agg(t::text, ',' ORDER BY n)) FROM $table t");
	($ret, $out, $err) = try_sql(qq{\\set VERBOSITY verbose
BEGIN;
$break;
$alter
COMMIT;});
	(my $plain = $err) =~ s/ERROR:  [0-9A-Z]{5}: /ERROR:  /;
	$plain =~ s/\nLOCATION:.*//g;
	like($plain, $re, "$what: the ALTER fails, naming the value") or diag $err;
	my $state = $table eq 'tags' ? '22023' : '22P02';
	like($err, qr/ERROR:  $state:/, "... SQLSTATE $state");
	is($node->safe_psql('app', "SELECT md5(string_agg(t::text, ',' ORDER BY n)) FROM $table t"), $sum,
		'... and the table is as it was');
	if ($table eq 'tags')
	{
		is($node->safe_psql('app', qq{BEGIN; $break;
			SELECT string_agg((id).type, ' ') FROM tags WHERE (id).type !~ '^([a-z]([a-z_]*[a-z])?)?\$'; ROLLBACK;}),
			'Tag', '... the query of the recipe finds it first');
	}
	if ($major >= 16 && $table eq 'events')
	{
		is($node->safe_psql('app', qq{BEGIN; $break;
			SELECT string_agg(id, ' ') FROM events WHERE NOT pg_input_is_valid(id, 'typeid'); ROLLBACK;}),
			$break =~ /'([^']+)'/ && $1, '... pg_input_is_valid() finds it first');
	}
}
#
# step 2: the recipe
#
my $tags = $node->safe_psql('app', q{SELECT n, (id).type, (id).uuid FROM tags ORDER BY n});
($ret, $out, $err) = try_sql(q{
BEGIN;
-- a foreign key between the old types cannot survive the change of one side
ALTER TABLE orders DROP CONSTRAINT orders_user_id_fkey;
CREATE DOMAIN user_tid AS typeid CHECK (typeid_check_prefix(VALUE, 'user'));
CREATE DOMAIN order_tid AS typeid CHECK (typeid_check_prefix(VALUE, 'order'));
ALTER TABLE users
	ALTER COLUMN id DROP DEFAULT,
	ALTER COLUMN id TYPE user_tid USING typeid((id).type, (id).uuid),
	ALTER COLUMN id SET DEFAULT typeid_generate('user');
ALTER TABLE orders
	ALTER COLUMN id TYPE order_tid USING id::typeid,
	ALTER COLUMN user_id TYPE user_tid USING typeid((user_id).type, (user_id).uuid),
	ADD FOREIGN KEY (user_id) REFERENCES users;
ALTER TABLE events ALTER COLUMN id TYPE typeid USING id::typeid;
ALTER TABLE tags ALTER COLUMN id TYPE typeid USING typeid((id).type, (id).uuid);
COMMIT;
});
is($ret, 0, 'the recipe runs') or diag $err;

is($node->safe_psql('app', q{
	SELECT string_agg(attrelid::regclass || '.' || attname || ' ' || format_type(atttypid, atttypmod), ', '
					  ORDER BY attrelid::regclass::text, attname)
	FROM pg_attribute WHERE attrelid IN ('users'::regclass, 'orders'::regclass, 'events'::regclass, 'tags'::regclass)
	  AND attname IN ('id', 'user_id')}),
	'events.id typeid, orders.id order_tid, orders.user_id user_tid, tags.id typeid, users.id user_tid',
	'every column has the native type (through its domain)');

# every row, against what Perl computed
my $got = $node->safe_psql('app', q{SELECT n, typeid_prefix(id), typeid_uuid(id), id::text FROM users ORDER BY n});
my $want = join("\n", map { "$_|user|$user{$_}[0]|$user{$_}[1]" } @users);
is($got, $want, 'users: every row keeps its prefix and UUID, and has the TypeID text of the pair');
$got = $node->safe_psql('app', q{SELECT n, typeid_uuid(id), id::text, user_id::text FROM orders ORDER BY n});
$want = join("\n", map { "$_->[0]|$_->[3]|$_->[1]|$_->[2][1]" } @orders);
is($got, $want, 'orders: every row keeps its TypeID text, its UUID, and its user');
$got = $node->safe_psql('app', q{SELECT n, typeid_prefix(id), typeid_uuid(id), id::text FROM events ORDER BY n});
$want = join("\n", map { "$_->[0]|$_->[2]|$_->[3]|$_->[1]" } @events);
is($got, $want, 'events: every row keeps its TypeID text; prefixes empty, with underscores and of 63 letters');
is($node->safe_psql('app', q{SELECT n, typeid_prefix(id), typeid_uuid(id) FROM tags ORDER BY n}), $tags,
	'tags: every row keeps its prefix and UUID');

# the indexes
is($node->safe_psql('app', q{
	SELECT string_agg(c.relname || ' ' || o.opcname || ' ' || i.indisprimary || ' ' || i.indisvalid, ', ' ORDER BY c.relname)
	FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_opclass o ON o.oid = i.indclass[0]
	WHERE i.indrelid IN ('users'::regclass, 'orders'::regclass, 'events'::regclass, 'tags'::regclass)}),
	'events_pkey typeid_ops true true, orders_pkey typeid_ops true true, tags_pkey typeid_ops true true, users_pkey typeid_ops true true',
	'each primary key is rebuilt with typeid_ops, valid');
$node->safe_psql('app', 'CREATE EXTENSION amcheck');
is($node->safe_psql('app', q{
	SELECT count(bt_index_check(i, true)) FROM unnest(ARRAY['users_pkey', 'orders_pkey', 'events_pkey', 'tags_pkey']::regclass[]) i}),
	'4', 'amcheck: the rebuilt indexes hold every heap tuple in order');
$node->safe_psql('app', 'ANALYZE users, orders, events');
my $probe = $events[1234][1];
like($node->safe_psql('app', qq{EXPLAIN (COSTS OFF) SELECT n FROM events WHERE id = '$probe'}),
	qr/Index Scan using events_pkey/, 'a lookup by TypeID text uses the index');
is($node->safe_psql('app', qq{SELECT n FROM events WHERE id = '$probe'}), $events[1234][0], '... and finds its row');
is($node->safe_psql('app', qq{SELECT n FROM users WHERE id = '$user{77}[1]'}), '77', 'a user found by its TypeID');

# the foreign key, the domains and the native default
($ret, $out, $err) = try_sql(q{INSERT INTO orders VALUES (typeid_generate('order'), typeid_generate('user'), -1)});
like($err, qr/violates foreign key constraint "orders_user_id_fkey"/, 'the foreign key is back and enforced');
($ret, $out, $err) = try_sql(q{INSERT INTO users VALUES ('post_01h455vb4pex5vsknk084sn02q', -1)});
like($err, qr/TypeID "post_01h455vb4pex5vsknk084sn02q" has the prefix "post", not "user"/, 'the new domain refuses another prefix');
like($node->safe_psql('app', q{INSERT INTO users (n) VALUES (-1) RETURNING id::text || ' ' || (typeid_timestamp(id) > now() - interval '1 minute')}),
	qr/^user_[0-7][0-9a-hjkmnp-tv-z]{25} true$/, 'a new user gets a TypeID of the native generator (a UUIDv7 of now)');
is($node->safe_psql('app', q{SELECT count(*) FROM orders JOIN users ON users.id = orders.user_id}),
	'3000', 'every order still finds its user');

$node->stop;
done_testing();
