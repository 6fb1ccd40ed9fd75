# A database on release 1.1, 1.2 or 1.3 whose objects call
# uuid_timestamp(uuid), which 1.4 renames scru128_uuid_timestamp(uuid)
# (sql/1.4/40_uuid_timestamp_name.sql): a column default, a generated
# column, a check constraint, an expression index, a view, a materialized
# view and a BEGIN ATOMIC function (test/sql/uuid_timestamp_objects.sql),
# with rows; on 1.2 also the user's own cast from text.  Three ways to 1.4:
#
# - pg_dump, restored as it is into a database where CREATE EXTENSION makes
#   1.4: the dump names the function as text, so every object that calls
#   it fails, and a table that calls it in its own definition is lost with
#   its rows.  Asserted, so that doc/install.md's warning is true;
# - the documented procedure (doc/install.md, "Restoring a dump of 1.1 to
#   1.3"): CREATE EXTENSION scru128 VERSION 'the dump's release' in the new
#   database, pg_restore (or psql for a plain dump) with no error, then
#   ALTER EXTENSION scru128 UPDATE.  Every table, row and object is back as
#   it was, then as in the source database updated in place, calling the
#   new name, and the extension is a fresh 1.4 install; also with the
#   extension in a schema of its own;
# - pg_upgrade (to the same major here; the pgupgrade suite goes from 18 to
#   19) keeps the release and the objects; ALTER EXTENSION UPDATE then
#   renames the function under them; a database updated in place and then
#   dumped restores into 1.4 as it is.
use strict;
use warnings;
use File::Basename qw(dirname);
use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $sqldir = dirname(__FILE__) . '/../sql';
my $definition_sql = slurp_file("$sqldir/extension_definition.sql");
my $objects_sql = slurp_file("$sqldir/uuid_timestamp_objects.sql");
my $fingerprint_sql = slurp_file("$sqldir/user_objects_fingerprint.sql");
my $current;    # the default version, read from the server
my @releases = ('1.1', '1.2', '1.3');
my $tempdir = PostgreSQL::Test::Utils::tempdir;

# run a client program; its success, standard output and error
sub run_client
{
	my ($out, $err) = ('', '');
	my $ok = IPC::Run::run(\@_, '>', \$out, '2>', \$err);
	return ($ok, $out, $err);
}

# the fingerprint of a database's own objects, as the source's would read
# after the rename: every call of SCHEMA.uuid_timestamp( names
# SCHEMA.scru128_uuid_timestamp(
sub renamed
{
	my ($fp) = @_;
	return $fp =~ s/\b(\w+)\.uuid_timestamp\(/$1.scru128_uuid_timestamp(/gr;
}

# the relations the objects file makes, with the lost ones marked
my @lost_relations = qw(with_default with_generated with_check with_index_at index_times index_times_saved);
my @kept_relations = qw(untouched untouched_pkey with_index with_index_pkey);

my $old = PostgreSQL::Test::Cluster->new('old_release');
$old->init;
$old->start;

# --- the source databases, one per release, and their dumps
my %fp;
for my $from (@releases)
{
	my $db = 'src_' . ($from =~ s/\./_/r);
	$old->safe_psql('postgres', "CREATE DATABASE $db");
	$old->safe_psql($db, "CREATE EXTENSION scru128 VERSION '$from'");
	# 1.2 with the user's cast, which 1.3 makes too (doc/install.md)
	$old->safe_psql($db, 'CREATE CAST (text AS scru128) WITH INOUT AS IMPLICIT') if $from eq '1.2';
	$old->safe_psql($db, $objects_sql);
	is($old->safe_psql($db, q{SELECT extversion FROM pg_extension WHERE extname = 'scru128'}),
		$from, "source on $from");
	is($old->safe_psql($db, q{SELECT provolatile FROM pg_proc WHERE oid = 'uuid_timestamp(uuid)'::regprocedure}),
		'i', "$from: uuid_timestamp(uuid) is IMMUTABLE, so a generated column can call it");
	$fp{$from} = $old->safe_psql($db, $fingerprint_sql);
	like($fp{$from}, qr/^rows public\.with_generated 200 /m, "$from: the objects and rows are made");
	is(scalar(() = $fp{$from} =~ /public\.uuid_timestamp\(/g), 7,
		"$from: seven definitions call public.uuid_timestamp()");
	$old->command_ok([ 'pg_dump', '-Fc', '-f', "$tempdir/$db.dump", '-d', $old->connstr($db) ],
		"$from: pg_dump -Fc");
}
$old->command_ok([ 'pg_dump', '-f', "$tempdir/src_1_3.sql", '-d', $old->connstr('src_1_3') ],
	'1.3: pg_dump, plain');
like(slurp_file("$tempdir/src_1_3.sql"), qr/^CREATE EXTENSION IF NOT EXISTS scru128 WITH SCHEMA public;$/m,
	'the dump creates the extension with no version: the new server\'s default');

# the same with the extension in a schema of its own
$old->safe_psql('postgres', 'CREATE DATABASE src_ext');
$old->safe_psql('src_ext', q{CREATE SCHEMA ext; CREATE EXTENSION scru128 VERSION '1.3' SCHEMA ext});
$old->safe_psql('src_ext', "SET search_path = public, ext;\n$objects_sql");
my $fp_ext = $old->safe_psql('src_ext', $fingerprint_sql);
is(scalar(() = $fp_ext =~ /\bext\.uuid_timestamp\(/g), 7, 'extension in schema ext: seven definitions call ext.uuid_timestamp()');
$old->command_ok([ 'pg_dump', '-Fc', '-f', "$tempdir/src_ext.dump", '-d', $old->connstr('src_ext') ],
	'extension in schema ext: pg_dump -Fc');

# --- pg_upgrade of the cluster: the databases keep their release and
# objects; ALTER EXTENSION UPDATE renames the function under them
$old->stop;
my $node = PostgreSQL::Test::Cluster->new('new_release');
$node->init;
my $bindir = $node->config_data('--bindir');
command_ok(
	[
		'pg_upgrade', '--no-sync',
		'-d', $old->data_dir, '-D', $node->data_dir,
		'-b', $bindir, '-B', $bindir,
		'-s', PostgreSQL::Test::Utils::tempdir_short(),
		'-p', $old->port, '-P', $node->port,
	],
	'pg_upgrade of the cluster with the databases on 1.1, 1.2, 1.3');
$node->start;
$current = $node->safe_psql('postgres', q{SELECT default_version FROM pg_available_extensions WHERE name = 'scru128'});

$node->safe_psql('postgres', 'CREATE DATABASE fresh');
$node->safe_psql('fresh', 'CREATE EXTENSION scru128');
my $fresh = $node->safe_psql('fresh', $definition_sql);
cmp_ok(scalar(split /\n/, $fresh), '>', 100, "a fresh $current install, to compare with");

# what works after the update: the objects call the new name, compute, and
# the index is used.  Where the user made the cast from text to scru128
# (1.2), the update keeps it as the user's, and the extension has the
# others (doc/install.md).
sub check_updated
{
	my ($db, $what, $user_cast) = @_;
	is($node->safe_psql($db, q{SELECT extversion FROM pg_extension WHERE extname = 'scru128'}),
		$current, "$what: updated to $current");
	my $def = $node->safe_psql($db, $definition_sql);
	my $expected = $fresh;
	$expected = join("\n", grep { !/^(?:cast text -> scru128 |member cast from text to scru128 )/ } split /\n/, $fresh)
	  if $user_cast;
	is($def, $expected,
		"$what: the extension is a fresh $current install" . ($user_cast ? ", but for the user's cast" : ''));
	if ($def ne $expected)
	{
		my %f = map { $_ => 1 } split /\n/, $expected;
		my %u = map { $_ => 1 } split /\n/, $def;
		diag("only fresh: $_") for grep { !$u{$_} } sort keys %f;
		diag("only $what: $_") for grep { !$f{$_} } sort keys %u;
	}
	is($node->safe_psql($db, q{
		SET TimeZone = 'UTC';
		BEGIN;
		INSERT INTO with_default (id, n) VALUES ('1ec9414c-232a-6b00-b3c8-9f6bdeced846', 0);
		INSERT INTO with_generated (id, n) VALUES ('1ec9414c-232a-6b00-b3c8-9f6bdeced846', 0);
		INSERT INTO with_check (id, n) VALUES ('1ec9414c-232a-6b00-b3c8-9f6bdeced846', 0);
		INSERT INTO with_index (id, n) VALUES ('1ec9414c-232a-6b00-b3c8-9f6bdeced846', 0);
		SELECT (SELECT epoch FROM with_default WHERE n = 0), (SELECT at FROM with_generated WHERE n = 0),
			id_time('1ec9414c-232a-6b00-b3c8-9f6bdeced846'), (SELECT at FROM index_times WHERE n = 0);
		SELECT count(*) FROM with_check WHERE n = 0;
		SET enable_seqscan = off; SET enable_bitmapscan = off;
		EXPLAIN (COSTS OFF) SELECT n FROM with_index WHERE scru128_uuid_timestamp(id) = '2022-02-22 19:22:22+00';
		SELECT n FROM with_index WHERE scru128_uuid_timestamp(id) = '2022-02-22 19:22:22+00';
		ROLLBACK;}) =~ s/\n\s*Index Cond:.*//r,
		"2022-02-22 19:22:22+00|2022-02-22 19:22:22+00|2022-02-22 19:22:22+00|2022-02-22 19:22:22+00\n1\n"
		  . "Index Scan using with_index_at on with_index\n0",
		"$what: the default, generated column, check, function, view and index compute with the new name");
	is($node->safe_psql($db, q{SELECT to_regprocedure('uuid_timestamp(uuid)') IS NULL}), 't',
		"$what: uuid_timestamp(uuid) is gone");
}

for my $from (@releases)
{
	my $db = 'src_' . ($from =~ s/\./_/r);
	is($node->safe_psql($db, q{SELECT extversion FROM pg_extension WHERE extname = 'scru128'}),
		$from, "pg_upgrade: $from kept");
	is($node->safe_psql($db, $fingerprint_sql), $fp{$from},
		"pg_upgrade: $from: every table, row and object as before");
	$node->safe_psql($db, 'ALTER EXTENSION scru128 UPDATE');
	is($node->safe_psql($db, $fingerprint_sql), renamed($fp{$from}),
		"pg_upgrade, then ALTER EXTENSION UPDATE from $from: every table, row and object, calling scru128_uuid_timestamp()");
	check_updated($db, "pg_upgrade, then update from $from", $from eq '1.2');
}

# --- the dump restored as it is: CREATE EXTENSION makes 1.4, and whatever
# calls the old name is lost
for my $from (@releases)
{
	my $src = 'src_' . ($from =~ s/\./_/r);
	my $db = 'naive_' . ($from =~ s/\./_/r);
	$node->safe_psql('postgres', "CREATE DATABASE $db");
	my ($ok, $out, $err) = run_client('pg_restore', '-d', $node->connstr($db), "$tempdir/$src.dump");
	ok(!$ok, "$from dump restored as it is: pg_restore fails");
	is(scalar(grep { $fp{$from} =~ /^relation public\.$_ /m } @lost_relations), scalar(@lost_relations),
		"$from: the source has the relations that call it");
	like($err, qr/ERROR:  function public\.uuid_timestamp\(uuid\) does not exist/,
		"$from dump restored as it is: public.uuid_timestamp(uuid) does not exist");
	is($node->safe_psql($db, q{SELECT extversion FROM pg_extension WHERE extname = 'scru128'}),
		$current, "$from dump restored as it is: the extension is $current");
	is($node->safe_psql($db, q{SELECT string_agg(relname, ' ' ORDER BY relname) FROM pg_class
		WHERE relnamespace = 'public'::regnamespace}),
		join(' ', sort @kept_relations),
		"$from dump restored as it is: the tables with a default, a generated column or a check "
		  . 'that calls it are lost, and the index, view and materialized view');
	is($node->safe_psql($db, q{SELECT to_regprocedure('id_time(uuid)') IS NULL}), 't',
		"$from dump restored as it is: the BEGIN ATOMIC function is lost");
	my $kept = qr/^rows public\.(?:untouched|with_index) .*$/m;
	my @rows = $fp{$from} =~ /($kept)/g;
	is(scalar(@rows), 2, "$from: the source's rows of the tables that are kept");
	is(join("\n", $node->safe_psql($db, $fingerprint_sql) =~ /($kept)/g), join("\n", @rows),
		"$from dump restored as it is: the other tables have their rows");
}

# --- the procedure: the dump's release first, then the restore, then the
# update
for my $from (@releases)
{
	my $src = 'src_' . ($from =~ s/\./_/r);
	my $db = 'restored_' . ($from =~ s/\./_/r);
	$node->safe_psql('postgres', "CREATE DATABASE $db");
	$node->safe_psql($db, "CREATE EXTENSION scru128 VERSION '$from'");
	my ($ok, $out, $err) = run_client('pg_restore', '--exit-on-error', '-d', $node->connstr($db),
		"$tempdir/$src.dump");
	ok($ok, "$from dump restored after CREATE EXTENSION scru128 VERSION '$from': no error") or diag($err);
	is($node->safe_psql($db, $fingerprint_sql), $fp{$from},
		"$from dump restored the documented way: every table, row and object as in the dumped database");
	$node->safe_psql($db, 'ALTER EXTENSION scru128 UPDATE');
	is($node->safe_psql($db, $fingerprint_sql), $node->safe_psql($src, $fingerprint_sql),
		"$from dump restored the documented way, then updated: the same as the dumped database updated in place");
	is($node->safe_psql($db, $fingerprint_sql), renamed($fp{$from}),
		"$from dump restored the documented way, then updated: calling scru128_uuid_timestamp()");
	check_updated($db, "$from dump restored the documented way", $from eq '1.2');
}
like($fp{'1.2'}, qr/^cast text -> public\.scru128 - i i$/m, "1.2: the user's implicit cast from text was dumped");
like($node->safe_psql('restored_1_2', $fingerprint_sql), qr/^cast text -> public\.scru128 - i i$/m,
	"1.2 dump restored the documented way: the user's cast is still the user's after the update");

my ($ok, $out, $err);

# the other way round: updated in place first, then dumped, the dump names
# the new name and restores into 1.4 as it is
$node->command_ok([ 'pg_dump', '-Fc', '-f', "$tempdir/updated.dump", '-d', $node->connstr('src_1_3') ],
	'1.3 updated in place: pg_dump -Fc');
$node->safe_psql('postgres', 'CREATE DATABASE restored_updated');
($ok, $out, $err) = run_client('pg_restore', '--exit-on-error', '-d', $node->connstr('restored_updated'),
	"$tempdir/updated.dump");
ok($ok, '1.3 updated in place, then dumped: restored as it is with no error') or diag($err);
is($node->safe_psql('restored_updated', $fingerprint_sql), renamed($fp{'1.3'}),
	'1.3 updated in place, then dumped and restored: every table, row and object');
check_updated('restored_updated', '1.3 updated in place, then dumped and restored');

# a plain dump: the same through psql, stopping at the first error
$node->safe_psql('postgres', 'CREATE DATABASE restored_plain');
$node->safe_psql('restored_plain', q{CREATE EXTENSION scru128 VERSION '1.3'});
($ok, $out, $err) = run_client('psql', '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', $node->connstr('restored_plain'),
	'-f', "$tempdir/src_1_3.sql");
ok($ok, "1.3 plain dump through psql after CREATE EXTENSION scru128 VERSION '1.3': no error") or diag($err);
$node->safe_psql('restored_plain', 'ALTER EXTENSION scru128 UPDATE');
is($node->safe_psql('restored_plain', $fingerprint_sql), renamed($fp{'1.3'}),
	'1.3 plain dump restored the documented way, then updated: every table, row and object');
check_updated('restored_plain', '1.3 plain dump restored the documented way');

# the extension in a schema of its own: the schema made before the
# extension, so the dump's CREATE SCHEMA is the one error
$node->safe_psql('postgres', 'CREATE DATABASE restored_ext');
$node->safe_psql('restored_ext', q{CREATE SCHEMA ext; CREATE EXTENSION scru128 VERSION '1.3' SCHEMA ext});
($ok, $out, $err) = run_client('pg_restore', '-d', $node->connstr('restored_ext'), "$tempdir/src_ext.dump");
is(join("\n", $err =~ /^(pg_restore: error: .*|ERROR: .*)$/mg),
	"pg_restore: error: could not execute query: ERROR:  schema \"ext\" already exists",
	'extension in schema ext: the one error is the schema that exists');
is($node->safe_psql('restored_ext', $fingerprint_sql), $fp_ext,
	'extension in schema ext, restored the documented way: every table, row and object');
$node->safe_psql('restored_ext', 'ALTER EXTENSION scru128 UPDATE');
is($node->safe_psql('restored_ext', $fingerprint_sql), renamed($fp_ext),
	'extension in schema ext, restored and updated: calling ext.scru128_uuid_timestamp()');

$node->stop;
done_testing();
