
# Copyright: see the LICENSE file of the scru128 extension.
#
# COPY of scru128 data out and back in, in text, CSV and binary formats,
# server side and through psql's \copy: the rows read back are identical.
# The binary files are also parsed here: every scru128 is sent as its 16
# big-endian bytes, the same bytes a uuid column reads and writes, and a
# value of any other length is refused on the way in.

use strict;
use warnings;

use Digest::MD5 qw(md5_hex);
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $tempdir = PostgreSQL::Test::Utils::tempdir;
my $nrows = 50000;

my $node = PostgreSQL::Test::Cluster->new('copy');
$node->init;
$node->start;

$node->safe_psql(
	'postgres', qq{
CREATE EXTENSION scru128;
CREATE DOMAIN nonzero_scru128 AS scru128
	CHECK (VALUE <> '0000000000000000000000000');
CREATE TABLE src (
	id    scru128 PRIMARY KEY,
	other scru128,
	arr   scru128[],
	d     nonzero_scru128,
	note  text
);
INSERT INTO src
SELECT id,
	   CASE WHEN n % 3 <> 0 THEN scru128('2000-01-01 00:00:00+00'::timestamptz + n * interval '1 ms') END,
	   CASE WHEN n % 4 = 0 THEN ARRAY[id, NULL, scru128()]
			WHEN n % 4 = 1 THEN '{}'::scru128[] END,
	   CASE WHEN n % 5 <> 0 THEN scru128() END,
	   CASE WHEN n % 2 = 0 THEN 'tab\there, comma, "quote", newline\nend' ELSE 'plain' END
FROM (SELECT n, scru128() AS id FROM generate_series(1, $nrows) n) s;
INSERT INTO src (id, other, d, note) VALUES
	('0000000000000000000000000', 'f5lxx1zz5pnorynqglhzmsp33', 'f5lxx1zz5pnorynqglhzmsp33', 'zero'),
	('f5lxx1zz5pnorynqglhzmsp33', '0000000000000000000000000', '0000000000000000000000001', 'max');
});
$nrows += 2;

sub fingerprint
{
	my ($table) = @_;
	return $node->safe_psql('postgres',
		qq{SELECT count(*) || ' ' || md5(string_agg(format('%s|%s|%s|%s|%s', id, other, arr, d, note), E'\\n' ORDER BY id)) FROM $table});
}
my $src_fp = fingerprint('src');
like($src_fp, qr/^$nrows [0-9a-f]{32}$/, "source has $nrows rows");

# Load $file into a fresh copy of src with $copy_options, compare both ways.
sub check_round_trip
{
	my ($label, $table, $load_sql) = @_;
	$node->safe_psql('postgres', "CREATE TABLE $table (LIKE src INCLUDING ALL)");
	$node->safe_psql('postgres', $load_sql);
	is(fingerprint($table),
		$src_fp, "$label: identical rows");
	is( $node->safe_psql(
			'postgres',
			"SELECT (SELECT count(*) FROM (TABLE src EXCEPT ALL TABLE $table) a)
			      + (SELECT count(*) FROM (TABLE $table EXCEPT ALL TABLE src) b)"),
		'0',
		"$label: EXCEPT ALL both ways is empty");
}

foreach my $fmt (qw(text csv binary))
{
	my $file = "$tempdir/src.$fmt";
	$node->safe_psql('postgres', "COPY src TO '$file' (FORMAT $fmt)");
	ok(-s $file, "server-side COPY TO $fmt file");
	check_round_trip("server-side COPY $fmt", "back_$fmt",
		"COPY back_$fmt FROM '$file' (FORMAT $fmt)");
}

# client side, through psql's \copy (COPY TO STDOUT / FROM STDIN)
foreach my $fmt (qw(text binary))
{
	my $file = "$tempdir/client.$fmt";
	$node->command_ok(
		[ 'psql', '-X', '-d', 'postgres', '-c', "\\copy src TO '$file' (FORMAT $fmt)" ],
		"\\copy TO $fmt");
	$node->command_ok(
		[ 'psql', '-X', '-d', 'postgres', '-c', "CREATE TABLE client_$fmt (LIKE src INCLUDING ALL)",
		  '-c', "\\copy client_$fmt FROM '$file' (FORMAT $fmt)" ],
		"\\copy FROM $fmt");
	is(fingerprint("client_$fmt"),
		$src_fp, "\\copy $fmt: identical rows");
}

is(slurp_file("$tempdir/client.text"), slurp_file("$tempdir/src.text"),
	'text output of COPY TO STDOUT and COPY TO file is the same');

# text input is case-insensitive
{
	my $ids = $node->safe_psql('postgres', 'SELECT id FROM src ORDER BY id');
	open my $fh, '>', "$tempdir/upper.txt" or die;
	print $fh uc($ids), "\n";
	close $fh;
	$node->safe_psql('postgres', qq{
CREATE TABLE upper_ids (id scru128 PRIMARY KEY);
COPY upper_ids FROM '$tempdir/upper.txt'});
	is( $node->safe_psql(
			'postgres',
			'SELECT count(*) FROM upper_ids u FULL JOIN src s USING (id) WHERE u.id IS NULL OR s.id IS NULL'),
		'0',
		'upper-case text COPY input gives the same IDs');
}

#
# The binary format, read and written here.
#
sub parse_copy_binary
{
	my ($data) = @_;
	my $sig = "PGCOPY\n\377\r\n\0";
	die 'bad signature' unless substr($data, 0, 11) eq $sig;
	my ($flags, $extlen) = unpack('NN', substr($data, 11, 8));
	my $pos = 19 + $extlen;
	my @rows;
	while (1)
	{
		my $nfields = unpack('s>', substr($data, $pos, 2));
		$pos += 2;
		last if $nfields == -1;
		my @fields;
		for (1 .. $nfields)
		{
			my $len = unpack('l>', substr($data, $pos, 4));
			$pos += 4;
			if ($len == -1) { push @fields, undef; next; }
			push @fields, substr($data, $pos, $len);
			$pos += $len;
		}
		push @rows, \@fields;
	}
	die 'trailing bytes' unless $pos == length($data);
	return @rows;
}

sub write_copy_binary
{
	my ($file, @values) = @_;
	open my $fh, '>:raw', $file or die;
	print $fh "PGCOPY\n\377\r\n\0", pack('NN', 0, 0);
	print $fh pack('s>', 1), pack('l>', length($_)), $_ foreach @values;
	print $fh pack('s>', -1);
	close $fh;
}

{
	my $file = "$tempdir/ids.bin";
	$node->safe_psql('postgres',
		"COPY (SELECT id, d FROM src ORDER BY id) TO '$file' (FORMAT binary)");
	my @rows = parse_copy_binary(slurp_file($file));
	is(scalar(@rows), $nrows, 'binary file: one tuple per row');
	is(scalar(grep { @$_ == 2 && length($_->[0]) == 16 } @rows),
		$nrows, 'binary file: every id is 16 bytes');
	is(scalar(grep { !defined $_->[1] } @rows),
		$node->safe_psql('postgres', 'SELECT count(*) FROM src WHERE d IS NULL'),
		'binary file: NULL domain values are NULL fields');
	is( md5_hex(join(',', map { unpack('H*', $_->[0]) } @rows)),
		$node->safe_psql('postgres',
			q{SELECT md5(string_agg(encode(scru128_to_bytea(id), 'hex'), ',' ORDER BY id)) FROM src}),
		'binary file: the bytes are scru128_to_bytea(id), big-endian');
	is(unpack('H*', $rows[-1][0]), 'f' x 32, 'binary file: the largest ID is all ones');
	is(unpack('H*', $rows[0][0]), '0' x 32, 'binary file: the smallest ID is all zeros');

	# the same bytes are a uuid, both ways
	$node->safe_psql('postgres', qq{
CREATE TABLE as_uuid (id uuid PRIMARY KEY, d uuid);
COPY as_uuid FROM '$file' (FORMAT binary);
COPY as_uuid TO '$tempdir/uuids.bin' (FORMAT binary);
CREATE TABLE from_uuid (id scru128 PRIMARY KEY, d scru128);
COPY from_uuid FROM '$tempdir/uuids.bin' (FORMAT binary);});
	is( $node->safe_psql(
			'postgres',
			q{SELECT count(*) FROM as_uuid u JOIN src s ON s.id::uuid = u.id
			  WHERE u.d IS NOT DISTINCT FROM s.d::uuid}),
		$nrows,
		'binary scru128 loads into uuid columns as the same 16 bytes');
	is( $node->safe_psql(
			'postgres',
			q{SELECT count(*) FROM from_uuid f JOIN src s ON s.id = f.id
			  WHERE f.d IS NOT DISTINCT FROM s.d}),
		$nrows,
		'binary uuid loads back into scru128 columns unchanged');

	# hand-made binary input
	write_copy_binary("$tempdir/hand.bin", "\xff" x 16, "\x00" x 16,
		pack('H*', '0123456789abcdeffedcba9876543210'));
	$node->safe_psql('postgres', qq{
CREATE TABLE hand (id scru128);
COPY hand FROM '$tempdir/hand.bin' (FORMAT binary)});
	is( $node->safe_psql('postgres',
			q{SELECT string_agg(id::text || '=' || encode(scru128_to_bytea(id), 'hex'), ' ') FROM hand}),
		'f5lxx1zz5pnorynqglhzmsp33=ffffffffffffffffffffffffffffffff '
		  . '0000000000000000000000000=00000000000000000000000000000000 '
		  . $node->safe_psql('postgres', q{SELECT '0123456789abcdeffedcba9876543210'::uuid::scru128})
		  . '=0123456789abcdeffedcba9876543210',
		'hand-made binary COPY input is read as big-endian bytes');

	foreach my $len (15, 17, 0)
	{
		write_copy_binary("$tempdir/bad$len.bin", "\x01" x $len);
		my ($ret, $out, $err) = $node->psql('postgres',
			"COPY hand FROM '$tempdir/bad$len.bin' (FORMAT binary)");
		like($err, qr/invalid binary scru128 value: $len bytes, expected 16/,
			"binary COPY of a $len-byte value is refused");
	}
	is($node->safe_psql('postgres', 'SELECT count(*) FROM hand'), '3',
		'refused binary input left nothing behind');
}

$node->stop;
done_testing();
