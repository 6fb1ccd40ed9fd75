# Change data capture of tables keyed by each type (doc/cdc.md): what the
# output plugins test_decoding, pgoutput (text and binary), wal2json and
# decoderbufs emit for scru128, scru160, scru64, ulid and uuid keys.  wal2json and
# decoderbufs are Debian packages that test/lib.sh installs where Debian has
# them (15, 17, 18); there, under CI=true, they must be present.  Without
# test_decoding (a contrib module) the file skips, saying so, and fails
# under CI=true.
use strict;
use warnings;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $ci = ($ENV{CI} // '') !~ /^(|0|false)$/i;
my $node = PostgreSQL::Test::Cluster->new('cdc');
if (!-e $node->config_data('--pkglibdir') . '/test_decoding.so')
{
	my $why = 'test_decoding is not installed (contrib: part of the server package on Debian,'
	  . ' a -contrib package elsewhere, make -C contrib/test_decoding install in a source build)';
	plan skip_all => $why unless $ci;
	plan tests => 1;
	fail("CI=true: $why");
	exit;
}
$node->init(allows_streaming => 'logical');
# scru64() reserves its shared memory at server start on 15 and 16
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'scru128'\nscru128.scru64_node_spec = '42/8'");
$node->start;
my $major = int($node->safe_psql('postgres', 'SHOW server_version_num') / 10000);
my $pkglibdir = $node->config_data('--pkglibdir');

my @plugins = ('test_decoding', 'pgoutput');
for my $p ('wal2json', 'decoderbufs')
{
	if (-e "$pkglibdir/$p.so")
	{
		push @plugins, $p;
	}
	elsif (($major == 15 || $major == 17 || $major == 18) && $ci)
	{
		fail("$p: test/lib.sh installs it on $major, but $pkglibdir/$p.so is missing");
	}
	elsif ($major == 15 || $major == 17 || $major == 18)
	{
		note("$p: not installed ($pkglibdir/$p.so; test/lib.sh installs Debian's package), its checks skipped");
	}
	else
	{
		note("$p: not packaged for $major, not checked");
	}
}

# recent minor releases (15.20, 17.12, 18.6 ...) load only the output
# plugins listed in output_plugin_libraries: the page's setting
if ($node->safe_psql('postgres', q{SELECT count(*) FROM pg_settings WHERE name = 'output_plugin_libraries'}) eq '1')
{
	is($node->safe_psql('postgres', 'SHOW output_plugin_libraries'), 'pgoutput, test_decoding',
		'output_plugin_libraries: only the core plugins by default');
	if (grep { $_ eq 'wal2json' } @plugins)
	{
		my ($ret, $out, $err) = $node->psql('postgres',
			q{SELECT pg_create_logical_replication_slot('refused', 'wal2json')});
		like($err, qr/may not be used as an output plugin/, 'wal2json is refused until it is listed');
	}
	$node->safe_psql('postgres', 'ALTER SYSTEM SET output_plugin_libraries = ' . join(', ', @plugins)
		  . '; SELECT pg_reload_conf()');
}

my %gen = (scru128 => 'scru128()', scru160 => 'scru160()', scru64 => 'scru64()', ulid => 'ulid()', uuid => 'uuidv7()');
my @types = sort keys %gen;
$node->safe_psql('postgres', 'CREATE EXTENSION scru128');
for my $type (@types)
{
	$node->safe_psql('postgres', qq{
		CREATE TABLE k_$type (id $type PRIMARY KEY DEFAULT $gen{$type}, n int NOT NULL)});
}
$node->safe_psql('postgres', 'CREATE PUBLICATION pub FOR TABLE ' . join(', ', map { "k_$_" } @types));
for my $p (@plugins)
{
	$node->safe_psql('postgres', "SELECT pg_create_logical_replication_slot('s_$p', '$p')");
}
for my $type (@types)
{
	$node->safe_psql('postgres', "INSERT INTO k_$type (n) VALUES (1)");
}

# each key as text and as the bytes of its binary send function, in hex
my %text;
my %send;
for my $type (@types)
{
	my $send = $type eq 'uuid' ? 'uuid_send' : "${type}_send";
	($text{$type}, $send{$type}) = split /\|/,
	  $node->safe_psql('postgres', "SELECT id::text, encode($send(id), 'hex') FROM k_$type");
}
sub hex_of { my $s = shift; return unpack('H*', $s); }

# all the changes of a slot, as hex (binary plugins) or text
sub changes_hex
{
	my ($slot, $opts) = @_;
	return $node->safe_psql('postgres', qq{
		SELECT encode(string_agg(data, ''::bytea), 'hex')
		FROM pg_logical_slot_peek_binary_changes('$slot', NULL, NULL $opts)});
}

# test_decoding: the type's name and its text
my $td = $node->safe_psql('postgres', q{SELECT string_agg(data, E'\n') FROM pg_logical_slot_peek_changes('s_test_decoding', NULL, NULL)});
for my $type (@types)
{
	like($td, qr/table public\.k_$type: INSERT: id\[$type\]:'\Q$text{$type}\E'/,
		"test_decoding: $type key as id[$type]:'text'");
}

# pgoutput, protocol 1: a Type message (Y) names each extension type (its
# schema and name); the column in text format is the type's text, in
# binary format (binary 'true') its send function's bytes
my $pubopts = q{, 'proto_version', '1', 'publication_names', 'pub'};
my $po_text = changes_hex('s_pgoutput', $pubopts);
my $po_bin = changes_hex('s_pgoutput', $pubopts . q{, 'binary', 'true'});
for my $type (@types)
{
	my $typemsg = hex_of("public\0$type\0");
	if ($type eq 'uuid')
	{
		unlike($po_text, qr/\Q$typemsg\E/, 'pgoutput: no Type message for core\'s uuid');
	}
	else
	{
		like($po_text, qr/\Q$typemsg\E/, "pgoutput: a Type message names public.$type");
	}
	my $as_text = '74' . sprintf('%08x', length($text{$type})) . hex_of($text{$type});
	like($po_text, qr/\Q$as_text\E/, "pgoutput text: $type key as 't', length, its text");
	my $blen = length($send{$type}) / 2;
	my $as_bin = '62' . sprintf('%08x', $blen) . $send{$type};
	like($po_bin, qr/\Q$as_bin\E/, "pgoutput binary: $type key as 'b', length $blen, its send bytes");
	my $text_hex = hex_of($text{$type});
	unlike($po_bin, qr/\Q$text_hex\E/, "pgoutput binary: no text of the $type key");
}

SKIP:
{
	skip 'wal2json is not installed for this major', 2 * @types unless grep { $_ eq 'wal2json' } @plugins;
	# format 2, one JSON object per change, with the column types by name
	for my $type (@types)
	{
		is($node->safe_psql('postgres', qq{
			SELECT c->>'type' || ' ' || (c->>'value')
			FROM pg_logical_slot_peek_changes('s_wal2json', NULL, NULL, 'format-version', '2', 'include-types', '1') s,
				 json_array_elements(s.data::json->'columns') c
			WHERE s.data::json->>'table' = 'k_$type' AND c->>'name' = 'id'}),
			"$type $text{$type}", "wal2json format 2: $type key with its type name and text");
		is($node->safe_psql('postgres', qq{
			SELECT (c.data::json->'change'->0->'columntypes'->>0) || ' ' || (c.data::json->'change'->0->'columnvalues'->>0)
			FROM pg_logical_slot_peek_changes('s_wal2json', NULL, NULL) c
			WHERE c.data::json->'change'->0->>'table' = 'k_$type'}),
			"$type $text{$type}", "wal2json format 1: $type key with its type name and text");
	}
}

SKIP:
{
	skip 'decoderbufs is not installed for this major', 2 * @types unless grep { $_ eq 'decoderbufs' } @plugins;
	# protobuf: a type it does not know is sent as its text; the column's
	# type name is in the typeinfo of the new tuple
	my $db = changes_hex('s_decoderbufs', '');
	for my $type (@types)
	{
		# field 8 (datum_string, tag 0x42) for uuid, which it knows; field
		# 9 (datum_bytes, tag 0x4a) holding the text for the others
		my $tag = $type eq 'uuid' ? '42' : '4a';
		my $value = $tag . sprintf('%02x', length($text{$type})) . hex_of($text{$type});
		like($db, qr/\Q$value\E/,
			"decoderbufs: $type key as " . ($type eq 'uuid' ? 'datum_string' : 'datum_bytes holding its text'));
		my $name = sprintf('%02x', length($type)) . hex_of($type);
		like($db, qr/\Q$name\E/, "decoderbufs: the type name $type");
	}
}

# the binary forms a consumer can read as a type it knows: scru128's 16
# bytes are its uuid's (scru128::uuid), scru64's 8 bytes its bigint's
is($node->safe_psql('postgres', q{SELECT scru128_send(id) = uuid_send(id::uuid) FROM k_scru128}),
	't', 'scru128 sends the bytes of its uuid');
is($node->safe_psql('postgres', q{SELECT scru64_send(id) = int8send(id::bigint) FROM k_scru64}),
	't', 'scru64 sends the bytes of its bigint');

# a downstream that knows only uuid, without the extension: a binary
# subscription into a uuid column receives scru128 keys as their uuids
# (uuid_recv takes the 16 bytes); a text one would fail on Base36
my $down = PostgreSQL::Test::Cluster->new('downstream');
$down->init;
$down->start;
$down->safe_psql('postgres', 'CREATE TABLE k_scru128 (id uuid PRIMARY KEY, n int NOT NULL)');
$node->safe_psql('postgres', q{CREATE PUBLICATION pub128 FOR TABLE k_scru128;
	INSERT INTO k_scru128 (n) SELECT g FROM generate_series(2, 100) g});
my $connstr = $node->connstr() . ' dbname=postgres';
# the initial copy is binary from 16 on; 15 copies in text, so there the
# existing rows are copied by hand, as uuids, and only changes stream
if ($major < 16)
{
	$down->safe_psql('postgres', 'INSERT INTO k_scru128 VALUES ' . join(', ', map { "('$_->[0]', $_->[1])" }
		map { [ split /\|/ ] } split /\n/, $node->safe_psql('postgres', 'SELECT id::uuid, n FROM k_scru128')));
}
my $copy = $major < 16 ? ', copy_data = false' : '';
$down->safe_psql('postgres', "CREATE SUBSCRIPTION down128 CONNECTION '$connstr' PUBLICATION pub128 WITH (binary = true$copy)");
$down->wait_for_subscription_sync($node, 'down128');
$node->safe_psql('postgres', q{INSERT INTO k_scru128 (n) SELECT g FROM generate_series(101, 150) g});
$node->wait_for_catchup('down128');
my $want = $node->safe_psql('postgres', q{SELECT count(*) || ' ' || md5(string_agg(id::uuid::text || n, ',' ORDER BY id)) FROM k_scru128});
is($down->safe_psql('postgres', q{SELECT count(*) || ' ' || md5(string_agg(id::text || n, ',' ORDER BY id)) FROM k_scru128}),
	$want, 'a binary subscription into a uuid column: every scru128 key arrives as its uuid, in the same order');
$down->stop;

$node->stop;
done_testing();
