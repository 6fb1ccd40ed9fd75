
# Copyright: see the LICENSE file of the scru128 extension.
#
# Threat model rows: doc/public-ids.md, "Threat model": a database role
# without EXECUTE on the public-ID functions; a role granted
# pg_read_all_settings; the owner of another database of the cluster; and
# "no error message, detail or hint contains key material"; in
# doc/security.md, "Public-ID keys (native, release 1.5)".
#
# The master key (the worked example's, so that its subkeys are known)
# is in scru128_public_id.keys.  Each attack runs as the role the row
# names and must not show the key, nor any subkey, nor let the role use
# it; the application's role keeps getting the right public IDs:
#  1. a non-superuser database owner installs 1.5 (trusted) and may grant
#     EXECUTE on; a role without the grant is refused every function;
#  2. SHOW ALL, pg_settings, pg_file_settings, pg_db_role_setting, the
#     file functions and COPY FROM the file, EXPLAIN VERBOSE, every error
#     of the functions and of a bad key file: no key material, as a role
#     without EXECUTE, as a member of pg_read_all_settings and as the
#     application's role;
#  3. the owner of another database installs the extension there and gets
#     F0000, never a public ID;
#  4. the server log (every statement, verbose errors, debug messages, a
#     reload) and pg_dump / pg_dumpall output hold no key material.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $master = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
my @secrets = (
	$master,
	'30495d5e74b8b83b0e65c053f18882eb791aedee7d36c81b6f2ce3f2cd1388a6',
	'906090476e5218527c34274b3a5cbc326d560f046f19095470b28a2f45f5f835',
	'd908018c0289d9b642bbb66fdecee22ab61c14bfe1108f253d62db76cee996e9',
	'0a7cb3351da21a6607b0cc6990d39e0d444d85d08b8496ec7460a82568a5fcbb',
	'9d24fa0a06fa83b04261b32ccb098a335b558b2db8a2af8813ac4d270cd229b7');

# does text hold 8 consecutive bytes of a secret, in hex of either case?
sub leaks
{
	my ($text) = @_;
	for my $s (@secrets)
	{
		for (my $i = 0; $i + 16 <= length($s); $i += 2)
		{
			my $w = substr($s, $i, 16);
			return "$w (of $s)" if $text =~ /\Q$w\E/i;
		}
	}
	return '';
}

my $node = PostgreSQL::Test::Cluster->new('public_id_keys');
$node->init;
$node->append_conf('postgresql.conf', q{
log_statement = 'all'
log_min_messages = debug2
log_error_verbosity = verbose
});
$node->start;
my $keyfile = $node->data_dir . '/scru128_public_id.keys';

sub keyfile
{
	my (@lines) = @_;
	open(my $fh, '>', $keyfile) or die "$keyfile: $!";
	print $fh map { "$_\n" } @lines;
	close($fh);
	chmod(0600, $keyfile) or die "chmod $keyfile: $!";
}
keyfile("key 1 $master", 'database shop 1');

# (exit code, stdout and stderr together) of SQL as a role
sub as_role
{
	my ($role, $db, $sql) = @_;
	my ($out, $err);
	my $ret = $node->psql($db, $sql, stdout => \$out, stderr => \$err,
		on_error_stop => 0, extra_params => [ '-U', $role ]);
	return ($ret, ($out // '') . "\n" . ($err // ''));
}

$node->safe_psql('postgres', q{
	CREATE ROLE dbowner LOGIN;
	CREATE ROLE app LOGIN;
	CREATE ROLE plain LOGIN;
	CREATE ROLE monitor LOGIN IN ROLE pg_read_all_settings;
	CREATE ROLE other_owner LOGIN;
	CREATE DATABASE shop OWNER dbowner;
	CREATE DATABASE other OWNER other_owner;
	ALTER ROLE app SET work_mem = '8MB';
	ALTER DATABASE shop SET scru128.generator_scope = 'session';
});

#
# 1. a trusted install by the database owner, who grants on
#
{
	my ($ret, $out) = as_role('dbowner', 'shop', q{CREATE EXTENSION scru128;
		SELECT rolsuper FROM pg_roles WHERE rolname = current_user;
		SELECT public_id('017f22e2-79b0-7cc3-98c4-dc0c0c07398f'::uuid, 'orders');
		GRANT EXECUTE ON FUNCTION public_id(uuid, text), public_id_decode(uuid, text) TO app;});
	is($ret, 0, 'a non-superuser database owner installs 1.5 and grants EXECUTE on') or diag $out;
	like($out, qr/^f\n1aa3d8a7-34c7-4442-9f3c-abc767360b7d$/m, '... and gets the public ID of the example');
	($ret, $out) = as_role('app', 'shop', q{SELECT public_id_decode('1aa3d8a7-34c7-4442-9f3c-abc767360b7d'::uuid, 'orders')});
	like($out, qr/017f22e2-79b0-7cc3-98c4-dc0c0c07398f/, 'the granted role decodes');
	for my $f (q{public_id('017f22e2-79b0-7cc3-98c4-dc0c0c07398f'::uuid)},
		q{public_id_decode('1aa3d8a7-34c7-4442-9f3c-abc767360b7d'::uuid, 'orders', 1)},
		q{public_id(42::bigint)}, q{public_id_decode(42::bigint, 'orders')}, q{* FROM public_id_keys()})
	{
		($ret, $out) = as_role('plain', 'shop', "SELECT $f");
		like($out, qr/permission denied for function public_id/, "a role without the grant: SELECT $f refused");
	}
	($ret, $out) = as_role('app', 'shop', q{SELECT public_id(42::bigint)});
	like($out, qr/permission denied/, 'the granted role has only what was granted');
}

#
# 2. what each role can read
#
{
	my $battery = q{
SHOW ALL;
SELECT name, setting FROM pg_settings;
SELECT * FROM pg_file_settings;
SELECT * FROM pg_db_role_setting;
SELECT pg_read_file('scru128_public_id.keys');
SELECT pg_read_binary_file('scru128_public_id.keys');
SELECT * FROM pg_stat_file('scru128_public_id.keys');
CREATE TEMP TABLE f (line text);
COPY f FROM 'scru128_public_id.keys';
SELECT * FROM f;
SELECT * FROM public_id_keys();
EXPLAIN (VERBOSE, COSTS OFF) SELECT public_id(g::bigint, 'orders') FROM generate_series(1, 3) g;
EXPLAIN (VERBOSE, COSTS OFF) SELECT public_id_decode('1aa3d8a7-34c7-4442-9f3c-abc767360b7d'::uuid, 'orders');
SELECT public_id(gen_random_uuid(), 'orders');
SELECT public_id_decode('017f22e2-79b0-7cc3-98c4-dc0c0c07398f'::uuid, 'orders');
SELECT public_id(-1::bigint);
SELECT public_id(1::bigint, repeat('x', 300));
SELECT public_id(1::bigint, 'x', 7);
SELECT public_id('017f22e2-79b0-7cc3-98c4-dc0c0c07398f'::uuid, 'orders');
};
	my %seen;
	for my $role ('plain', 'monitor', 'app', 'dbowner')
	{
		my ($ret, $out) = as_role($role, 'shop', "\\set VERBOSITY verbose\n$battery");
		$seen{$role} = $out;
		is(leaks($out), '', "$role: settings, catalogs, file functions, EXPLAIN VERBOSE and errors show no key material");
	}
	like($seen{monitor}, qr/log_statement\s*\|\s*all/, 'the monitor role does read the settings (the battery ran)');
	like($seen{monitor}, qr/permission denied for (view|function|table) pg_file_settings|permission denied for function pg_show_all_file_settings/,
		'... but not pg_file_settings');
	for my $role ('plain', 'monitor', 'app')
	{
		like($seen{$role}, qr/permission denied for function pg_read_file/, "$role: pg_read_file refused");
		like($seen{$role}, qr/must be superuser or have privileges of the pg_read_server_files role to COPY from a file|permission denied to COPY from a file/,
			"$role: COPY FROM the key file refused");
	}
	like($seen{dbowner}, qr/17464d58/, 'the owner sees the check value, which is no key');
	like($seen{dbowner}, qr/1aa3d8a7-34c7-4442-9f3c-abc767360b7d/, '... and the right public ID');

	# every error of the key file, as the owner
	my @bad = (
		[ "key 1 ${master}00", 'database shop 1' ],
		[ "key 1 " . substr($master, 0, 63) . 'x', 'database shop 1' ],
		[ "key 1 $master $master", 'database shop 1' ],
		[ "key 1 $master", "key 1 $master", 'database shop 1' ],
		[ "key 1 $master", 'database shop 2' ],
		[ "key 1 $master", 'database elsewhere 1' ],
		[ "key x $master", 'database shop 1' ],
		[ "$master", 'database shop 1' ]);
	my $errors = '';
	for my $lines (@bad)
	{
		keyfile(@$lines);
		my ($ret, $out) = as_role('dbowner', 'shop', qq{\\set VERBOSITY verbose
SELECT public_id(1::bigint)});
		$errors .= $out;
	}
	like($errors, qr/invalid public-ID key file/, 'the bad key files were refused');
	is(leaks($errors), '', 'no error about a bad key file shows key material');
	chmod(0644, $keyfile);
	keyfile("key 1 $master", 'database shop 1');
	chmod(0644, $keyfile);
	my ($ret, $out) = as_role('dbowner', 'shop', q{SELECT public_id(1::bigint)});
	like($out, qr/gives access to other users/, 'a key file others can read is refused');
	keyfile("key 1 $master", 'database shop 1');
}

#
# 3. the owner of another database
#
{
	my ($ret, $out) = as_role('other_owner', 'other', q{CREATE EXTENSION scru128;
\set VERBOSITY verbose
SELECT public_id('1aa3d8a7-34c7-4442-9f3c-abc767360b7d'::uuid);
SELECT public_id_decode('1aa3d8a7-34c7-4442-9f3c-abc767360b7d'::uuid, 'orders');
SELECT public_id_decode('1aa3d8a7-34c7-4442-9f3c-abc767360b7d'::uuid, 'orders', 1);
SELECT * FROM public_id_keys();});
	like($out, qr/ERROR:  F0000: no public-ID key for database "other"/, 'another database: F0000, no key');
	unlike($out, qr/017f22e2-79b0-7cc3-98c4-dc0c0c07398f/, '... and no decoded key');
	is(leaks($out), '', '... and no key material');
	keyfile("key 1 $master", 'database * 1');
	($ret, $out) = as_role('other_owner', 'other', q{SELECT public_id_decode('1aa3d8a7-34c7-4442-9f3c-abc767360b7d'::uuid, 'orders')});
	like($out, qr/017f22e2-79b0-7cc3-98c4-dc0c0c07398f/, 'control: with "database * 1" it would decode');
	keyfile("key 1 $master", 'database shop 1');
}

#
# 4. logs and dumps
#
{
	$node->safe_psql('postgres', 'SELECT pg_reload_conf()');
	$node->safe_psql('shop', q{SELECT public_id(g::bigint, 'orders') FROM generate_series(1, 3) g});
	my $dump = $node->basedir . '/shop.sql';
	$node->command_ok([ 'pg_dump', '-d', $node->connstr('shop'), '-f', $dump ], 'pg_dump of the database');
	my $all = $node->basedir . '/all.sql';
	$node->command_ok([ 'pg_dumpall', '-d', $node->connstr('postgres'), '-f', $all ], 'pg_dumpall');
	is(leaks(slurp_file($dump) . slurp_file($all)), '', 'no dump holds key material');
	like(slurp_file($dump), qr/GRANT (ALL|EXECUTE) ON FUNCTION public\.public_id_decode\((public_id )?uuid, (context )?text\) TO app;/,
		'... the grant to the application is in the dump');
	$node->stop;
	my $log = slurp_file($node->logfile);
	like($log, qr/statement: SELECT public_id/, 'the log has the statements (log_statement = all)');
	is(leaks($log), '', 'the server log holds no key material');
}

done_testing();
