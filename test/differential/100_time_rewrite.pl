# The differential test of the rewrite of id OP timestamptz (src/pg/time_ops.c,
# scru128_time_support): random queries over random table shapes, each
# compared with the same query through the functions X_time_OP, which the
# planner never rewrites, evaluated where nothing can prune (NoREC), and with
# the ternary partition of its predicate, p, NOT p and p IS NULL (TLP), in
# two orders of FROM.  doc/testing.md ("The differential suite") says what
# it covers, how to run it longer and how to replay a difference.
#
# Settings (environment):
#   DIFF_SEED     the seed (default: a random one, printed first)
#   DIFF_SECONDS  how long to generate queries (default 60)
#   DIFF_QUERIES  stop after this many queries (default 0: when time is up)
#   DIFF_ONLY     run only query number N of the seed (a reported failure)
#   DIFF_BATCH    queries per psql run and per TAP line (default 40)
#
# The tables, their rows and query N depend on the seed alone: every random
# choice comes from MD5 in counter mode keyed by the seed (and by N for a
# query), so a seed replays on any machine and Perl.
use strict;
use warnings;
use Digest::MD5 ();
use POSIX qw(floor);
use IPC::Run ();
use Time::HiRes ();
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

# a stream of random numbers, reproducible from its key
package DiffRng;

sub new
{
	my ($class, $key) = @_;
	return bless { key => $key, ctr => 0, buf => [] }, $class;
}

sub u32
{
	my ($self) = @_;
	$self->{buf} = [ unpack('N4', Digest::MD5::md5("$self->{key}:" . $self->{ctr}++)) ]
	  unless @{ $self->{buf} };
	return shift @{ $self->{buf} };
}

# an integer in [0, n), n below 2^32 (2^53 with two draws)
sub below
{
	my ($self, $n) = @_;
	return $self->u32 % $n if $n <= 4294967296;
	my $v = $self->u32 * 4294967296 + $self->u32;
	return $v % $n;
}
sub chance { my ($self, $p) = @_; return $self->u32 < $p * 4294967296; }
sub pick { my ($self, @a) = @_; return $a[ $self->below(scalar @a) ]; }
sub hex { my ($self, $digits) = @_; return join '', map { sprintf '%x', $self->below(16) } 1 .. $digits; }

# a choice by weight: pairs (weight, value)
sub weighted
{
	my ($self, @pairs) = @_;
	my $total = 0;
	for (my $i = 0; $i < @pairs; $i += 2) { $total += $pairs[$i]; }
	my $x = $self->below($total);
	for (my $i = 0; $i < @pairs; $i += 2)
	{
		return $pairs[ $i + 1 ] if $x < $pairs[$i];
		$x -= $pairs[$i];
	}
	return $pairs[-1];
}

sub shuffle
{
	my ($self, @a) = @_;
	for (my $i = $#a; $i > 0; $i--)
	{
		my $j = $self->below($i + 1);
		@a[ $i, $j ] = @a[ $j, $i ];
	}
	return @a;
}

package main;

my $seed = $ENV{DIFF_SEED};
if (!defined $seed || $seed eq '')
{
	open my $fh, '<', '/dev/urandom' or die "/dev/urandom: $!";
	read($fh, my $bytes, 4) == 4 or die "/dev/urandom: short read";
	close $fh;
	$seed = unpack('N', $bytes) & 0x7FFFFFFF;
}
die "DIFF_SEED must be a number, not '$seed'" unless $seed =~ /^\d+$/;
my $seconds = $ENV{DIFF_SECONDS} // 60;
my $max_queries = $ENV{DIFF_QUERIES} // 0;
my $only = $ENV{DIFF_ONLY};
my $batch_size = $ENV{DIFF_BATCH} // 40;
my $max_failures = 10;
for ([ DIFF_SECONDS => $seconds ], [ DIFF_QUERIES => $max_queries ], [ DIFF_BATCH => $batch_size ])
{
	die "$_->[0] must be a number, not '$_->[1]'" unless $_->[1] =~ /^\d+$/;
}
die "DIFF_ONLY must be a query number" if defined $only && $only !~ /^\d+$/;
$batch_size = 1 if $batch_size < 1;
diag("DIFF_SEED=$seed" . (defined $only ? " DIFF_ONLY=$only" : " DIFF_SECONDS=$seconds"));

my $node = PostgreSQL::Test::Cluster->new('differential');
$node->init;
my $pkglibdir = $node->config_data('--pkglibdir');
my $major = $node->config_data('--version') =~ /(\d+)/ ? $1 : 0;
my $have_ts = -e "$pkglibdir/timescaledb.so";
# test/lib.sh installs Debian's TimescaleDB on 17 and 18: there it must be
die "timescaledb is installed by test/lib.sh on $major but missing"
  if !$have_ts && ($major == 17 || $major == 18);
$node->append_conf('postgresql.conf', "jit = off\nmax_parallel_workers_per_gather = 0\n");
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'timescaledb'\ntimescaledb.telemetry_level = off\n")
  if $have_ts;
$node->start;

# psql on a script in a file (not on stdin: psql stops at the first error,
# and a write to its closed stdin would end this test); returns its exit
# code, output and errors
my $script_file = $node->basedir . '/script.sql';
sub run_psql
{
	my ($script) = @_;
	open my $fh, '>', $script_file or die "$script_file: $!";
	print $fh $script;
	close $fh;
	my ($out, $err) = ('', '');
	IPC::Run::run([ 'psql', '-XAtq', '-v', 'ON_ERROR_STOP=1', '-d', $node->connstr('postgres'), '-f', $script_file ],
		'<', \undef, '>', \$out, '2>', \$err);
	return ($? >> 8, $out, $err);
}
$node->safe_psql('postgres', 'CREATE EXTENSION scru128');

my $ts_version = '';
my $ts_uuidv7 = 0;
if ($have_ts)
{
	$node->safe_psql('postgres', 'CREATE EXTENSION timescaledb');
	$ts_version = $node->safe_psql('postgres', q{SELECT extversion FROM pg_extension WHERE extname = 'timescaledb'});
	$ts_uuidv7 = $node->safe_psql('postgres', "SELECT string_to_array('$ts_version', '.')::int[] >= '{2,22}'") eq 't';
}

# The ID types: the length of a timestamp unit in microseconds, the largest
# timestamp, the bytes after the 48-bit timestamp (scru64 is made from its
# 40-bit tick and 24-bit node and counter instead).
my %TYPES = (
	scru128 => { unit => 1000, kmax => 281474976710655, tail => 10 },
	scru160 => { unit => 1000, kmax => 281474976710655, tail => 14 },
	ulid => { unit => 1000, kmax => 281474976710655, tail => 10 },
	uuid => { unit => 1000, kmax => 281474976710655, tail => 10 },
	typeid => { unit => 1000, kmax => 281474976710655, tail => 10 },
	scru64 => { unit => 256000, kmax => 282429536480 },
);
my @TYPE_NAMES = sort keys %TYPES;

# a timestamptz literal of a time in microseconds since the Unix epoch
sub ts_text
{
	my ($us) = @_;
	my $s = floor($us / 1_000_000);
	my $frac = $us - $s * 1_000_000;
	my @g = gmtime($s);
	return sprintf('%04d-%02d-%02d %02d:%02d:%02d.%06d', $g[5] + 1900, $g[4] + 1, $g[3], $g[2], $g[1], $g[0], $frac);
}

# an ID as SQL: uuid as its text, typeid as the prefix user and that
# uuid, scru128, scru160 and ulid from their bytes, scru64 from its parts;
# all immutable, so constants in a plan
sub id_sql
{
	my ($type, $id) = @_;
	return "scru64_from_parts($id->[0], $id->[1])" if $type eq 'scru64';
	return "typeid('user', " . id_sql('uuid', $id) . ')' if $type eq 'typeid';
	if ($type eq 'uuid')
	{
		my $h = $id->[0];
		return "'" . join('-', substr($h, 0, 8), substr($h, 8, 4), substr($h, 12, 4), substr($h, 16, 4), substr($h, 20)) . "'::uuid";
	}
	return "${type}_from_bytea('\\x$id->[0]'::bytea)";
}

my $setup = DiffRng->new("$seed:setup");

# For each type the units (milliseconds, or scru64's ticks) the rows and
# the times gather at: near ones, a random moment of the 2020s with its
# neighbours (bounds that differ by one unit) and one up to three days
# later; and far ones, the first and last units an ID can have.  Few, so
# that a constraint's bound, a constant and a row often share a unit.
for my $type (@TYPE_NAMES)
{
	my $ty = $TYPES{$type};
	my $moment_ms = 1577836800000 + $setup->below(315360000) * 1000 + $setup->below(1000);
	my $k0 = int($moment_ms * 1000 / $ty->{unit});
	my $day = int(86_400_000_000 / $ty->{unit});
	my $d1 = 3 + $setup->below($day);
	my $d2 = $day + $setup->below(2 * $day);
	$ty->{near} = [ $k0 - 1, $k0, $k0 + 1, $k0 + $setup->pick($d1, $d2) ];
	$ty->{far} = [ 0, 1, $ty->{kmax} - 1, $ty->{kmax} ];
	$ty->{lo} = $k0 - 2 * $day;
	$ty->{hi} = $k0 + 3 * $day;
}

# The IDs of one unit k: the first and the last, random ones; for uuid
# (and typeid, whose UUID it is) also UUIDv7s (random, the first and last of the millisecond) and UUIDs
# of other versions whose leading 48 bits are the same millisecond (v4,
# v8, and the nil-tailed and all-ones-tailed ones above).
sub ids_of_unit
{
	my ($r, $type, $k, $many) = @_;
	my $ty = $TYPES{$type};
	if ($type eq 'scru64')
	{
		my @ids = ([ $k, 0 ], [ $k, 0xFFFFFF ]);
		push @ids, [ $k, $r->below(0x1000000) ] for 1 .. ($many ? 2 : 1);
		return @ids;
	}
	my $kh = sprintf('%012x', $k);
	my @ids = ([ $kh . ('0' x (2 * $ty->{tail})) ], [ $kh . ('f' x (2 * $ty->{tail})) ]);
	push @ids, [ $kh . $r->hex(2 * $ty->{tail}) ] for 1 .. ($many ? 2 : 1);
	if ($type eq 'uuid' || $type eq 'typeid')
	{
		my $var = sub { $r->pick(qw(8 9 a b)) };
		push @ids, [ $kh . '7' . $r->hex(3) . $var->() . $r->hex(15) ],
		  [ $kh . '70008000000000000000' ], [ $kh . '7fffbfffffffffffffff' ];
		push @ids, [ $kh . '4' . $r->hex(3) . $var->() . $r->hex(15) ],
		  [ $kh . '8' . $r->hex(3) . $var->() . $r->hex(15) ] if $many;
	}
	return @ids;
}

sub is_uuidv7
{
	my ($id) = @_;
	return substr($id->[0], 12, 1) eq '7' && substr($id->[0], 16, 1) =~ /^[89ab]$/;
}

# the rows of each type: [id or undef, n, near, at an edge unit], n unique
my %ROWS;
for my $type (@TYPE_NAMES)
{
	my $ty = $TYPES{$type};
	my @rows;
	my $add = sub { my ($id, $near, $edge) = @_; push @rows, [ $id, scalar(@rows) + 1, $near, $edge // 0 ]; };
	$add->($_, 1, 1) for map { ids_of_unit($setup, $type, $_, 1) } @{ $ty->{near} };
	$add->($_, 0) for map { ids_of_unit($setup, $type, $_, 0) } @{ $ty->{far} };
	for (1 .. 10)
	{
		my $k = $ty->{lo} + $setup->below($ty->{hi} - $ty->{lo});
		$add->($_, 1) for ids_of_unit($setup, $type, $k, 0);
	}
	if ($type eq 'uuid' || $type eq 'typeid')
	{
		# UUIDv4 as they are made: random leading bits too
		$add->([ $setup->hex(12) . '4' . $setup->hex(3) . $setup->pick(qw(8 9 a b)) . $setup->hex(15) ], 0) for 1 .. 4;
	}
	$add->(undef, 0) for 1 .. 3;
	$ROWS{$type} = \@rows;
}

# A time near the units of a type: a unit's start, a microsecond either
# side, its middle or end, a millisecond inside scru64's tick; sometimes a
# time no ID has (before 1970, after the last unit, infinite).
sub edge_time_us
{
	my ($r, $type) = @_;
	my $ty = $TYPES{$type};
	my $k = $r->chance(0.9) ? $r->pick(@{ $ty->{near} }) : $r->pick(@{ $ty->{far} });
	my $u = $ty->{unit};
	my $d = $r->weighted(6 => 0, 2 => 1, 2 => -1, 1 => $u - 1, 1 => $u, 1 => int($u / 2),
		1 => $r->below($u), 1 => 1000 * $r->below($u / 1000) + $r->pick(0, 0, 1, 999));
	return $k * $u + $d;
}

sub time_literal
{
	my ($r, $type) = @_;
	my $special = $r->weighted(92 => '', 2 => 'infinity', 2 => '-infinity', 2 => '1900-01-01 00:00:00',
		2 => '20000-01-01 00:00:00');
	return "timestamptz '$special'" if $special =~ /infinity/;
	my $text = $special eq '' ? ts_text(edge_time_us($r, $type)) : $special;
	return "timestamptz '$text+00'";
}

# the statements that make the tables, run as one script
my @setup_sql;
my %SHAPES;    # type => [table names], the relations a query may read
my %HYPERTABLE;    # table => 1

# typeid's tables are of one prefix, a domain the rewrite takes the
# prefix from (the rewrite leaves a plain typeid column alone: the
# typeid_mixed shape below)
push @setup_sql, "CREATE DOMAIN tid_user AS typeid CHECK (typeid_check_prefix(VALUE, 'user'))";
sub col_type { my ($type) = @_; return $type eq 'typeid' ? 'tid_user' : $type; }

# The times a query can join with or look up: edge times of every type,
# infinities, NULL; n unique, g the join key every table has.
{
	my @t;
	for my $i (1 .. 40)
	{
		my $type = $setup->pick(@TYPE_NAMES);
		push @t, $i <= 2 ? 'NULL' : $i == 3 ? "'infinity'" : $i == 4 ? "'-infinity'"
		  : "'" . ts_text(edge_time_us($setup, $type)) . "+00'";
	}
	push @setup_sql, 'CREATE TABLE times (n int NOT NULL, g int NOT NULL, t timestamptz)',
	  'INSERT INTO times VALUES ' . join(', ', map { "($_, " . ($_ % 5) . ", $t[$_ - 1])" } 1 .. @t),
	  'CREATE INDEX ON times (t)';
}

sub rows_values
{
	my ($type, @rows) = @_;
	return join(",\n", map { '(' . (defined $_->[0] ? id_sql($type, $_->[0]) : 'NULL') . ", $_->[1], " . ($_->[1] % 5) . ')' } @rows);
}

for my $type (@TYPE_NAMES)
{
	my $ty = $TYPES{$type};
	my @rows = @{ $ROWS{$type} };
	my @shapes;
	my $col = col_type($type);

	# no index; the source of the other tables' rows
	push @setup_sql, "CREATE TABLE ${type}_heap (id $col, n int NOT NULL, g int NOT NULL)",
	  "INSERT INTO ${type}_heap VALUES\n" . rows_values($type, $setup->shuffle(@rows));
	push @shapes, "${type}_heap";

	# a B-tree
	push @setup_sql, "CREATE TABLE ${type}_btree (id $col, n int NOT NULL, g int NOT NULL)",
	  "INSERT INTO ${type}_btree SELECT * FROM ${type}_heap",
	  "CREATE INDEX ON ${type}_btree (id)";
	push @shapes, "${type}_btree";

	# BRIN over rows in ID order, a few to a page, and partial indexes
	# whose predicates are comparisons with times
	my $brin_ops = $type eq 'typeid' ? 'typeid_minmax_ops'    # no minmax-multi
	  : $setup->pick("${type}_minmax_ops", "${type}_minmax_multi_ops");
	push @setup_sql, "CREATE TABLE ${type}_brin (id $col, n int NOT NULL, g int NOT NULL) WITH (fillfactor = 10)",
	  "INSERT INTO ${type}_brin SELECT * FROM ${type}_heap ORDER BY id",
	  "CREATE INDEX ON ${type}_brin USING brin (id $brin_ops) WITH (pages_per_range = 1)",
	  "CREATE INDEX ON ${type}_brin (id) WHERE id >= " . time_literal($setup, $type),
	  "CREATE INDEX ON ${type}_brin (n) WHERE " . time_literal($setup, $type) . " > id";
	push @shapes, "${type}_brin";

	# declarative range partitions on id, bounds at the first ID of a
	# unit (for uuid sometimes the first UUIDv7 of it or a random one),
	# NULLs in the default partition
	{
		my @bounds = sort { $a->[0] <=> $b->[0] } map {
			my $k = $_;
			my $id;
			if ($type eq 'scru64') { $id = [ $k, $setup->pick(0, 0, $setup->below(0x1000000)) ]; }
			else
			{
				my $tail = $setup->weighted(3 => '0' x (2 * $ty->{tail}), 1 => $setup->hex(2 * $ty->{tail}),
					($type eq 'uuid' || $type eq 'typeid' ? (2 => '70008000000000000000') : ()));
				$id = [ sprintf('%012x', $k) . $tail ];
			}
			[ $k, $id ]
		} (sort { $a <=> $b } @{ $ty->{near} })[ 1, 2, 3 ];
		push @setup_sql, "CREATE TABLE ${type}_range (id $col, n int NOT NULL, g int NOT NULL) PARTITION BY RANGE (id)";
		my $from = 'MINVALUE';
		for my $i (0 .. $#bounds)
		{
			my $to = id_sql($type, $bounds[$i][1]);
			push @setup_sql, "CREATE TABLE ${type}_range_$i PARTITION OF ${type}_range FOR VALUES FROM ($from) TO ($to)";
			$from = $to;
		}
		push @setup_sql, "CREATE TABLE ${type}_range_last PARTITION OF ${type}_range FOR VALUES FROM ($from) TO (MAXVALUE)",
		  "CREATE TABLE ${type}_range_null PARTITION OF ${type}_range DEFAULT",
		  "INSERT INTO ${type}_range SELECT * FROM ${type}_heap",
		  "CREATE INDEX ON ${type}_range (id)";
		push @shapes, "${type}_range";
	}

	# inheritance children with CHECK constraints of times: below a,
	# [a, b), [b, c), from c on, and one without (the NULLs); the same rows
	# as a UNION ALL of the children
	{
		my @t = sort { $a->[0] <=> $b->[0] } map { my $us = edge_time_us($setup, $type); [ $us, "timestamptz '" . ts_text($us) . "+00'" ] } 1 .. 3;
		my ($a, $b, $c) = map { $_->[1] } @t;
		my %checks = (
			lt => $setup->pick("id < $a", "$a > id"),
			ab => $setup->pick("id >= $a AND id < $b", "$a <= id AND id < $b"),
			bc => $setup->pick("id >= $b AND id < $c", "id >= $b AND $c > id"),
			ge => $setup->pick("id >= $c", "$c <= id"),
		);
		my %oracle = (
			lt => "${type}_time_lt(id, $a)",
			ab => "${type}_time_ge(id, $a) AND ${type}_time_lt(id, $b)",
			bc => "${type}_time_ge(id, $b) AND ${type}_time_lt(id, $c)",
			ge => "${type}_time_ge(id, $c)",
		);
		push @setup_sql, "CREATE TABLE ${type}_inh (id $col, n int NOT NULL, g int NOT NULL)";
		for my $child (qw(lt ab bc ge))
		{
			push @setup_sql, "CREATE TABLE ${type}_inh_$child (CHECK ($checks{$child})) INHERITS (${type}_inh)",
			  "INSERT INTO ${type}_inh_$child SELECT * FROM ${type}_heap WHERE $oracle{$child}",
			  "CREATE INDEX ON ${type}_inh_$child (id)";
		}
		push @setup_sql, "CREATE TABLE ${type}_inh_null () INHERITS (${type}_inh)",
		  "INSERT INTO ${type}_inh_null SELECT * FROM ${type}_heap WHERE id IS NULL";
		push @shapes, "${type}_inh",
		  "(SELECT * FROM ${type}_inh_ge UNION ALL SELECT * FROM ${type}_inh_lt UNION ALL SELECT * FROM ${type}_inh_bc"
		  . " UNION ALL SELECT * FROM ${type}_inh_null UNION ALL SELECT * FROM ${type}_inh_ab)";

		# a plain table with such a CHECK (constraint_exclusion = on)
		my $t = time_literal($setup, $type);
		my $op = $setup->pick('>=', '<', '<=', '>');
		my %fn = ('>=' => 'ge', '<' => 'lt', '<=' => 'le', '>' => 'gt');
		push @setup_sql, "CREATE TABLE ${type}_check (id $col CHECK (id $op $t), n int NOT NULL, g int NOT NULL)",
		  "INSERT INTO ${type}_check SELECT * FROM ${type}_heap WHERE id IS NULL OR ${type}_time_$fn{$op}(id, $t)";
		push @shapes, "${type}_check";
	}

	# typeid: a column of any prefix, the rows of user and the same UUIDs
	# with the prefix post and with none; not rewritten, compared row by row
	if ($type eq 'typeid')
	{
		push @setup_sql, "CREATE TABLE typeid_mixed (id typeid, n int NOT NULL, g int NOT NULL)",
		  "INSERT INTO typeid_mixed SELECT id, n, g FROM typeid_heap"
		  . " UNION ALL SELECT typeid('post', typeid_uuid(id)), n + 100000, g FROM typeid_heap"
		  . " UNION ALL SELECT typeid('', typeid_uuid(id)), n + 200000, g FROM typeid_heap",
		  "CREATE INDEX ON typeid_mixed (id)";
		push @shapes, "typeid_mixed";
	}
	$SHAPES{$type} = \@shapes;
}

# TimescaleDB hypertables of the near rows: by the ID's time through
# partition_func, uuid through TimescaleDB's UUIDv7 dimension (2.22 and
# later).  A UUIDv7 hypertable gets its UUIDv7s by INSERT, which checks the
# version, and the other UUIDs of those milliseconds as TimescaleDB lets
# them in: by UPDATE of a row, or by INSERT into the chunk itself.
my @ts_late;    # uuid rows to put in after the hypertable exists
if ($have_ts)
{
	for my $type (@TYPE_NAMES)
	{
		next if $type eq 'uuid' && !$ts_uuidv7;
		next if $type eq 'typeid';    # no partition_func reads all of its UUIDs
		my $ht = "${type}_hyper";
		my @near = grep { defined $_->[0] && $_->[2] } @{ $ROWS{$type} };
		push @setup_sql, "CREATE TABLE $ht (id $type NOT NULL, n int NOT NULL, g int NOT NULL)",
		  $type eq 'uuid'
		  ? "SELECT create_hypertable('$ht', by_range('id', interval '1 day'))"
		  : "SELECT create_hypertable('$ht', by_range('id', interval '1 day', partition_func => '${type}_timestamp'))";
		my @direct = $type eq 'uuid' ? grep { is_uuidv7($_->[0]) } @near : @near;
		push @setup_sql, "INSERT INTO $ht VALUES\n" . rows_values($type, $setup->shuffle(@direct));
		if ($type eq 'uuid')
		{
			@ts_late = grep { !is_uuidv7($_->[0]) } @near;
		}
		push @{ $SHAPES{$type} }, $ht;
		$HYPERTABLE{$ht} = 1;
	}
}

{
	my ($rc, $out, $err) = run_psql(join('', map { "$_;\n" } @setup_sql));
	die "making the tables failed:\n$err" if $rc != 0;
}

if (@ts_late)
{
	# Each UUID by INSERT into the chunk that holds its millisecond (which
	# TimescaleDB refuses from 2.22 on, or its message is printed), else a
	# UUIDv7 of the same millisecond by INSERT and the UUID over it by
	# UPDATE.  A row that neither way puts in stays out.
	my $do = "CREATE TABLE ts_late (updated int, direct int, refused int, direct_error text, error text);\n"
	  . "DO \$\$\nDECLARE\n\tchunk regclass;\n\tupdated int := 0;\n\tdirect int := 0;\n\trefused int := 0;\n"
	  . "\tdirect_error text;\n\terror text;\nBEGIN\n";
	for my $row (@ts_late)
	{
		my $kh = substr($row->[0][0], 0, 12);
		my $holder = id_sql('uuid', [ $kh . '7000800000000000' . sprintf('%04x', $row->[1]) ]);
		my $id = id_sql('uuid', $row->[0]);
		my ($n, $g) = ($row->[1], $row->[1] % 5);
		my $prefix = substr($kh, 0, 8) . '-' . substr($kh, 8, 4);
		my $update = "INSERT INTO uuid_hyper VALUES ($holder, $n, $g);\n"
		  . "\t\tUPDATE uuid_hyper SET id = $id WHERE n = $n;\n\t\tupdated := updated + 1;\n";
		$do .= "\tBEGIN\n";
		if ($setup->chance(0.5))
		{
			$do .= "\t\tBEGIN\n"
			  . "\t\t\tSELECT tableoid::regclass INTO STRICT chunk FROM uuid_hyper WHERE left(id::text, 13) = '$prefix' LIMIT 1;\n"
			  . "\t\t\tEXECUTE format('INSERT INTO %s VALUES (%s, $n, $g)', chunk, quote_literal($id));\n"
			  . "\t\t\tdirect := direct + 1;\n"
			  . "\t\tEXCEPTION WHEN OTHERS THEN\n"
			  . "\t\t\tdirect_error := coalesce(direct_error, SQLERRM);\n"
			  . "\t\t\t$update"
			  . "\t\tEND;\n";
		}
		else { $do .= "\t\t$update"; }
		$do .= "\tEXCEPTION WHEN OTHERS THEN\n\t\trefused := refused + 1;\n\t\terror := coalesce(error, SQLERRM);\n\tEND;\n";
	}
	$do .= "\tINSERT INTO ts_late VALUES (updated, direct, refused, direct_error, error);\nEND\n\$\$;\nSELECT * FROM ts_late;\n";
	my ($rc, $out, $err) = run_psql($do);
	die "putting UUIDs of other versions into the UUIDv7 hypertable failed:\n$err" if $rc != 0;
	chomp $out;
	my ($updated, $direct, $refused, $direct_error, $error) = split /\|/, $out;
	note("uuid_hyper: of " . scalar(@ts_late) . " UUIDs of other versions, $updated by UPDATE, $direct into a chunk"
		  . ($direct_error ne '' ? " (a chunk refused one: $direct_error)" : '') . ", $refused refused"
		  . ($error ne '' ? " ($error)" : ''));
	cmp_ok($updated + $direct, '>', 0, 'the UUIDv7 hypertable holds UUIDs of other versions in its milliseconds');
}
$node->safe_psql('postgres', 'ANALYZE');

SKIP:
{
	skip "TimescaleDB is not packaged for PostgreSQL $major (tested on 17 and 18): no hypertables", 1 unless $have_ts;
	my @hts = sort keys %HYPERTABLE;
	is($node->safe_psql('postgres', 'SELECT count(*) FROM timescaledb_information.hypertables'), scalar(@hts),
		"TimescaleDB $ts_version: hypertables @hts" . ($ts_uuidv7 ? '' : ' (no UUIDv7 dimension before 2.22)'));
}

my @ALL_TABLES = map { my $t = $_; map { [ $t, $_ ] } @{ $SHAPES{$t} } } @TYPE_NAMES;

# ---------------------------------------------------------------------
# The queries.  A predicate is a tree; each node is rendered twice: as the
# query is written (the operators, which the planner rewrites) and as the
# oracle (the functions X_time_OP, which it does not).

my %FN = ('<' => 'lt', '<=' => 'le', '>' => 'gt', '>=' => 'ge');
my %COMMUTE = ('<' => '>', '<=' => '>=', '>' => '<', '>=' => '<=');

# query state: the rng, the relations, the parameters
sub time_expr
{
	my ($q, $type, $alias) = @_;
	my $r = $q->{r};
	my $lit = time_literal($r, $type);
	my $kind = $r->weighted(40 => 'const', 10 => 'now', 4 => 'timestamp', 2 => 'date', 6 => 'scalar',
		5 => 'correlated', ($q->{times} ? (12 => 'column') : ()), ($q->{prepared} ? (25 => 'param') : ()),
		4 => 'volatile', 1 => 'null');
	if ($kind eq 'const') { return ($lit, $lit); }
	if ($kind eq 'null') { return ('NULL::timestamptz', 'NULL::timestamptz'); }
	if ($kind eq 'now')
	{
		my $e = $r->pick("($lit + (now() - now()))", "(statement_timestamp() - statement_timestamp() + $lit)",
			($lit =~ /infinity/ ? () : ("(now() + ($lit - now()))")));
		return ($e, $e);
	}
	if ($kind eq 'timestamp' || $kind eq 'date')
	{
		# a time without a zone: cast in the session's TimeZone
		(my $text = $lit) =~ s/^timestamptz '(.*?)(\+00)?'$/$1/;
		return ($lit, $lit) if $text =~ /infinity/;
		my $e = $kind eq 'date' ? "date '" . ($text =~ /^(\S+)/)[0] . "'" : "timestamp '$text'";
		return ($e, $e);
	}
	if ($kind eq 'scalar') { my $e = "(SELECT $lit)"; return ($e, $e); }
	if ($kind eq 'correlated')
	{
		my $e = $r->pick("(SELECT s.t FROM times s WHERE s.n = $alias.g + 1)", "(SELECT max(s.t) FROM times s WHERE s.g = $alias.g)",
			"(SELECT min(s.t) FROM times s WHERE s.g = $alias.g AND s.t > $lit)");
		return ($e, $e);
	}
	if ($kind eq 'column') { return ('o.t', 'o.t'); }
	if ($kind eq 'volatile')
	{
		my $e = $r->pick("($lit + random() * interval '0')", "(CASE WHEN random() >= 0 THEN $lit END)");
		return ($e, $e);
	}
	# a parameter
	push @{ $q->{params} }, [ 'timestamptz', $lit ];
	my $p = '$' . scalar(@{ $q->{params} });
	return ($p, $lit);
}

# an ID of a type: one the tables hold, or of a unit they gather at; only
# UUIDv7s where the relation is a UUIDv7 hypertable (TimescaleDB refuses
# a comparison of its column with any other UUID)
sub id_literal
{
	my ($q, $type, $table) = @_;
	my $r = $q->{r};
	# most often one of the near units, where the times gather
	my @ids = grep { defined $_->[0] && ($_->[3] || $r->chance(0.1)) } @{ $ROWS{$type} };
	@ids = map { $_->[0] } @ids;
	push @ids, ids_of_unit($r, $type, $r->pick(@{ $TYPES{$type}{near} }), 1) if $r->chance(0.15);
	@ids = grep { is_uuidv7($_) } @ids if $type eq 'uuid' && $HYPERTABLE{$table};
	my $id = $r->pick(@ids);
	my $lit = id_sql($type, $id);
	if ($q->{prepared} && $r->chance(0.3))
	{
		push @{ $q->{params} }, [ $type, $lit ];
		return ('$' . scalar(@{ $q->{params} }), $lit);
	}
	return ($lit, $lit);
}

# A part of a predicate: [query text, oracle text, what it compares], the
# last a set of "relation: kind of comparison" (time, id, null, exists),
# which names the form of a difference.
sub atom
{
	my ($q) = @_;
	my $r = $q->{r};
	my $rel = $r->chance(0.8) ? $q->{x} : $r->pick(@{ $q->{idrels} });
	my $kind = $r->weighted(60 => 'time', 35 => 'id', 3 => 'null', 6 => 'exists');
	my $node = atom_text($q, $rel, $kind);
	(my $label = $rel->[2]) =~ s/^\(SELECT \* FROM (\w+)_ge .*/$1 as a UNION ALL/s;
	return [ @$node, { "$label: $kind" => 1 } ];
}

sub atom_text
{
	my ($q, $rel, $kind) = @_;
	my $r = $q->{r};
	my ($a, $type, $table) = @$rel;
	if ($kind eq 'time')
	{
		my $op = $r->pick('<', '<=', '>', '>=');
		my ($tq, $to) = time_expr($q, $type, $a);
		my $o = "${type}_time_$FN{$op}($a.id, $to)";
		return $r->chance(0.5) ? [ "$a.id $op $tq", $o ] : [ "$tq $COMMUTE{$op} $a.id", $o ];
	}
	if ($kind eq 'id')
	{
		# TimescaleDB excludes a hypertable's chunks by the time of the
		# constant an ID is compared with (timescale/timescaledb#7079), which
		# for a strict comparison inside one unit is wrong (id < C AND id >=
		# D of one millisecond finds no row): its IDs are compared by =, <>
		# and IN only, whose negations are safe too
		my $ht = $HYPERTABLE{$table};
		my $form = $ht ? $r->weighted(8 => 'cmp', 2 => 'in') : $r->weighted(8 => 'cmp', 1 => 'in', 1 => 'between');
		my ($l1q, $l1o) = id_literal($q, $type, $table);
		if ($form eq 'cmp')
		{
			my $op = $ht ? $r->pick('=', '<>') : $r->pick('=', '<>', '<', '<=', '>', '>=');
			return [ "$a.id $op $l1q", "$a.id $op $l1o" ];
		}
		my ($l2q, $l2o) = id_literal($q, $type, $table);
		return $form eq 'in' ? [ "$a.id IN ($l1q, $l2q)", "$a.id IN ($l1o, $l2o)" ]
		  : [ "$a.id BETWEEN $l1q AND $l2q", "$a.id BETWEEN $l1o AND $l2o" ];
	}
	if ($kind eq 'exists')
	{
		# a semi-join on a comparison with another relation's time
		my $op = $r->pick('<', '<=', '>', '>=');
		my $g = $r->chance(0.5) ? " AND s.g = $a.g" : '';
		return [ "EXISTS (SELECT 1 FROM times s WHERE $a.id $op s.t$g)",
			"EXISTS (SELECT 1 FROM times s WHERE ${type}_time_$FN{$op}($a.id, s.t)$g)" ];
	}
	my $not = $r->pick('', 'NOT ');
	return [ "$a.id IS ${not}NULL", "$a.id IS ${not}NULL" ];
}

sub predicate
{
	my ($q, $depth) = @_;
	my $r = $q->{r};
	my $node;
	if ($depth == 0 || $r->chance(0.4)) { $node = atom($q); }
	else
	{
		my $op = $r->weighted(5 => 'AND', 3 => 'OR', 2 => 'NOT');
		if ($op eq 'NOT')
		{
			my $c = predicate($q, $depth - 1);
			$node = [ "NOT ($c->[0])", "NOT ($c->[1])", $c->[2] ];
		}
		else
		{
			my @c = map { predicate($q, $depth - 1) } 1 .. (2 + $r->below(2));
			$node = [ join(" $op ", map { "($_->[0])" } @c), join(" $op ", map { "($_->[1])" } @c),
				{ map { %{ $_->[2] } } @c } ];
		}
	}
	# every part of the predicate, for the search of the smallest that
	# still differs
	push @{ $q->{parts} }, $node;
	return $node;
}

# a WHERE clause: most often a conjunction, whose every conjunct the
# planner may use alone (to prune, to refute a constraint, as an index key)
sub where_clause
{
	my ($q) = @_;
	my $r = $q->{r};
	my @c = map { predicate($q, 2) } 1 .. $r->weighted(2 => 1, 2 => 2, 1 => 3);
	return $c[0] if @c == 1;
	my $node = [ join(' AND ', map { "($_->[0])" } @c), join(' AND ', map { "($_->[1])" } @c), { map { %{ $_->[2] } } @c } ];
	push @{ $q->{parts} }, $node;
	return $node;
}

my @VARIANT_NAME = ('p', 'NOT p', 'p IS NULL');

# The statements of query $q with predicate $p: p, NOT p and p IS NULL for
# each order of FROM, and the oracle, which evaluates the predicate once
# per row, in a subquery that is not pulled up (OFFSET 0), where nothing
# can prune by it.
sub set_predicate
{
	my ($q, $p) = @_;
	my $agg = 'count(*), coalesce(sum(x.n), 0)';
	$q->{stmts} = [];
	for my $k (0 .. $#{ $q->{orders} })
	{
		my $f = $q->{orders}[$k];
		my $v = 0;
		for my $w ("($p->[0])", "NOT ($p->[0])", "($p->[0]) IS NULL")
		{
			push @{ $q->{stmts} }, { sql => "SELECT $agg FROM $f->{from_q} WHERE $f->{jq}$w", v => $v,
				order => $k, name => $VARIANT_NAME[$v] . ($k ? ", $f->{label}" : '') };
			$v++;
		}
	}
	my $f = $q->{orders}[0];
	$q->{oracle} = "SELECT "
	  . join(', ', map { "count(*) FILTER (WHERE $_), coalesce(sum(n) FILTER (WHERE $_), 0)" } 'v', 'NOT v', 'v IS NULL')
	  . ", count(*) FROM (SELECT ($p->[1]) AS v, x.n FROM $f->{from_o} $f->{jo} OFFSET 0) AS oracle";
}

# Query number $i: its relations, predicate, settings and statements.
sub make_query
{
	my ($i) = @_;
	my $r = DiffRng->new("$seed:query:$i");
	my $q = { r => $r, i => $i, params => [] };
	# uuid twice as often as each other type: it alone has TimescaleDB's
	# own dimension and IDs of several versions in one millisecond
	my $type = $r->weighted(map { ($_ eq 'uuid' ? 2 : 1) => $_ } @TYPE_NAMES);
	# the shapes the planner's constraint machinery acts on twice as often
	my $table = $r->weighted(map { ($_ =~ /_range$|_inh$|_check$|UNION ALL/ ? 2 : 1) => $_ } @{ $SHAPES{$type} });
	$q->{prepared} = $r->chance(0.25);
	$q->{x} = [ 'x', $type, $table ];
	my @rels = ([ 'x', $table, $type ]);
	# other relations: the times, another table of the type, a table of
	# another type, a hypertable (of the type, most often): TimescaleDB is
	# asked about the relations of a query through its range table, where
	# a Var with the wrong number reads another relation
	my $others = $r->weighted(3 => 0, 5 => 1, 2 => 2);
	my @hts = sort keys %HYPERTABLE;
	for my $j (1 .. $others)
	{
		my $what = $r->weighted(2 => 'times', 3 => 'same', 1 => 'other', (@hts ? (4 => 'hyper') : ()));
		if ($what eq 'times' && !$q->{times})
		{
			$q->{times} = 1;
			push @rels, [ 'o', 'times', undef ];
			next;
		}
		my ($t2, $tab2);
		if ($what eq 'same') { $t2 = $type; $tab2 = $r->pick(@{ $SHAPES{$type} }); }
		elsif ($what eq 'hyper')
		{
			$tab2 = $HYPERTABLE{"${type}_hyper"} && $r->chance(0.8) ? "${type}_hyper" : $r->pick(@hts);
			($t2) = $tab2 =~ /^(\w+?)_hyper$/;
		}
		else { ($t2, $tab2) = @{ $r->pick(@ALL_TABLES) }; }
		push @rels, [ "y$j", $tab2, $t2 ];
	}
	$q->{idrels} = [ map { [ $_->[0], $_->[2], $_->[1] ] } grep { defined $_->[2] } @rels ];
	my $p = where_clause($q);

	# FROM: the relations in a random order, each joined to one before it
	# on g (the times sometimes on a time too, or not at all)
	@rels = $r->shuffle(@rels);
	my @joins;    # [query text, oracle text] of each relation but the first
	for my $k (1 .. $#rels)
	{
		my $alias = $rels[$k][0];
		my $prev = $rels[ $r->below($k) ][0];
		if ($alias eq 'o' || $prev eq 'o')
		{
			my $other = $alias eq 'o' ? $prev : $alias;
			my ($ot) = map { $_->[2] } grep { $_->[0] eq $other } @rels;
			my $how = $r->weighted(3 => 'g', 2 => 'time', 1 => 'cross');
			if ($how eq 'g') { push @joins, [ "o.g = $other.g", "o.g = $other.g" ]; }
			elsif ($how eq 'time')
			{
				my $op = $r->pick('<', '<=', '>', '>=');
				push @joins, [ "$other.id $op o.t AND o.g = $other.g", "${ot}_time_$FN{$op}($other.id, o.t) AND o.g = $other.g" ];
			}
			else { push @joins, [ 'true', 'true' ]; }
		}
		else { push @joins, [ "$alias.g = $prev.g", "$alias.g = $prev.g" ]; }
	}
	my @items = map { "$_->[1] AS $_->[0]" } @rels;
	my $conds = sub {
		my ($w) = @_;
		return @joins ? join(' AND ', map { $_->[$w] } @joins) : '';
	};
	# the order drawn, as JOIN ... ON or as a list; and, for the result
	# must not depend on it, the reverse order as a list
	if ($r->chance(0.4) || @rels == 1)
	{
		push @{ $q->{orders} }, { label => 'FROM as drawn', from_q => join(', ', @items), from_o => join(', ', @items),
			jq => (@joins ? $conds->(0) . ' AND ' : ''), jo => (@joins ? 'WHERE ' . $conds->(1) : '') };
	}
	else
	{
		push @{ $q->{orders} }, { label => 'FROM as drawn',
			from_q => $items[0] . join('', map { " JOIN $items[$_] ON $joins[$_ - 1][0]" } 1 .. $#items),
			from_o => $items[0] . join('', map { " JOIN $items[$_] ON $joins[$_ - 1][1]" } 1 .. $#items),
			jq => '', jo => '' };
	}
	if (@rels > 1)
	{
		my $rev = join(', ', reverse @items);
		push @{ $q->{orders} }, { label => 'FROM reversed', from_q => $rev, from_o => $rev,
			jq => $conds->(0) . ' AND ', jo => 'WHERE ' . $conds->(1) };
	}
	set_predicate($q, $p);

	my @settings = (
		'constraint_exclusion = ' . $r->pick('on', 'on', 'partition', 'partition', 'off'),
		'enable_seqscan = ' . $r->pick('on', 'on', 'off'),
		'enable_indexscan = ' . $r->pick('on', 'on', 'on', 'off'),
		'enable_bitmapscan = ' . $r->pick('on', 'on', 'on', 'off'),
		'enable_partition_pruning = ' . $r->pick('on', 'on', 'on', 'off'),
		'TimeZone = ' . $r->pick(qw('UTC' 'UTC' 'America/New_York' 'Asia/Kathmandu' 'Pacific/Chatham')),
	);
	# sometimes a parallel plan, however small the tables
	push @settings, 'max_parallel_workers_per_gather = 2', 'parallel_setup_cost = 0', 'parallel_tuple_cost = 0',
	  'min_parallel_table_scan_size = 0', 'min_parallel_index_scan_size = 0'
	  if $r->chance(0.02);
	if ($q->{prepared})
	{
		$q->{plan_cache_mode} = $r->pick('force_generic_plan', 'force_custom_plan', 'auto');
		push @settings, "plan_cache_mode = $q->{plan_cache_mode}";
		$q->{executes} = $q->{plan_cache_mode} eq 'auto' ? 6 : 1;
	}
	$q->{settings} = \@settings;
	return $q;
}

# the statements that run query $q, and what each prints: the oracle's
# line, then one line per execution of each statement
sub query_script
{
	my ($q) = @_;
	my $i = $q->{i};
	my $s = "\\echo \@Q $i\nBEGIN;\n" . join('', map { "SET LOCAL $_;\n" } @{ $q->{settings} });
	$s .= "$q->{oracle};\n";
	for my $k (0 .. $#{ $q->{stmts} })
	{
		my $sql = $q->{stmts}[$k]{sql};
		if ($q->{prepared})
		{
			my @types = map { $_->[0] } @{ $q->{params} };
			my $args = join(', ', map { $_->[1] } @{ $q->{params} });
			$s .= "PREPARE d${i}_$k" . (@types ? '(' . join(', ', @types) . ')' : '') . " AS $sql;\n";
			$s .= "EXECUTE d${i}_$k" . (@types ? "($args)" : '') . ";\n" for 1 .. $q->{executes};
			$s .= "DEALLOCATE d${i}_$k;\n";
		}
		else
		{
			$s .= "$sql;\n";
		}
	}
	return $s . "COMMIT;\n";
}

sub describe
{
	my ($q) = @_;
	my $d = "settings: " . join(', ', @{ $q->{settings} }) . "\n";
	if ($q->{prepared})
	{
		$d .= "prepared, parameters: " . join(', ', map { "$_->[0] $_->[1]" } @{ $q->{params} }) . "\n";
	}
	return $d;
}

# the plan of statement $k of query $q, for the report of a difference
sub plan_of
{
	my ($q, $k) = @_;
	my $sql = $q->{stmts}[$k]{sql};
	my $s = "BEGIN;\n" . join('', map { "SET LOCAL $_;\n" } @{ $q->{settings} });
	if ($q->{prepared})
	{
		my @types = map { $_->[0] } @{ $q->{params} };
		$s .= "PREPARE e" . (@types ? '(' . join(', ', @types) . ')' : '') . " AS $sql;\n";
		$s .= "EXPLAIN (COSTS OFF) EXECUTE e" . (@types ? '(' . join(', ', map { $_->[1] } @{ $q->{params} }) . ')' : '') . ";\n";
	}
	else
	{
		$s .= "EXPLAIN (COSTS OFF) $sql;\n";
	}
	$s .= "ROLLBACK;\n";
	my (undef, $out, $err) = run_psql($s);
	my @lines = split /\n/, $out . $err;
	splice(@lines, 60, @lines - 60, '...') if @lines > 60;
	return join("\n", @lines);
}

my $failures = 0;
my $forms_seen;
sub enough_failures { return $forms_seen >= $max_failures || $failures >= 10 * $max_failures; }
my $statements = 0;

# what query $q printed against its oracle: a report of the differences
# ('' if none) and the first statement that differs
sub compare
{
	my ($q, $lines) = @_;
	my $n = $q->{prepared} ? $q->{executes} : 1;
	my $want_lines = 1 + $n * @{ $q->{stmts} };
	return ("expected $want_lines lines of output, got:\n" . join("\n", @$lines) . "\n", 0)
	  if @$lines != $want_lines;
	my @o = split /\|/, $lines->[0];
	my ($report, $first_bad) = ('', undef);
	my %tlp;
	for my $k (0 .. $#{ $q->{stmts} })
	{
		my $st = $q->{stmts}[$k];
		my $want = "$o[2 * $st->{v}]|$o[2 * $st->{v} + 1]";
		$tlp{ $st->{order} } += (split /\|/, $lines->[ 1 + $k * $n ])[0];
		for my $e (0 .. $n - 1)
		{
			my $got = $lines->[ 1 + $k * $n + $e ];
			next if $got eq $want;
			$first_bad //= $k;
			$report .= $st->{name} . ($n > 1 ? ' (execution ' . ($e + 1) . ')' : '')
			  . ": the query gives count|sum(n) $got, the oracle $want\n";
		}
	}
	# TLP: the three parts partition the rows, whatever the oracle says
	for my $k (sort keys %tlp)
	{
		$report .= "p, NOT p and p IS NULL ($q->{orders}[$k]{label}) count $tlp{$k} rows of $o[6]\n"
		  if $tlp{$k} != $o[6];
	}
	return ($report, $first_bad // 0);
}

# The smallest part of the predicate of query $q that still differs, as a
# query without parameters (their values in their place): a copy of $q,
# its report and first differing statement; none if no part alone differs.
sub smallest_failing
{
	my ($q) = @_;
	my @parts = @{ $q->{parts} };
	pop @parts;    # the whole predicate, made last
	for my $part (sort { length($a->[0]) <=> length($b->[0]) } @parts)
	{
		my $s = { %$q, prepared => 0, settings => [ grep { !/^plan_cache_mode/ } @{ $q->{settings} } ] };
		(my $pq = $part->[0]) =~ s/\$(\d+)/$q->{params}[$1 - 1][1]/g;
		set_predicate($s, [ $pq, $part->[1] ]);
		my ($rc, $out) = run_psql(query_script($s));
		next if $rc != 0;
		my ($report, $bad) = compare($s, [ grep { !/^\@Q / } split /\n/, $out ]);
		return ($s, $report, $bad, $part) if $report ne '';
	}
	return;
}

# The form of a difference: what the smallest part of the predicate that
# differs compares, on which relations ("uuid_hyper: time").  A difference
# of a form already reported is one line; the run goes on until it has
# seen $max_failures forms (or ten times as many differences), so that one
# frequent fault does not hide a rarer one.
my %forms;
$forms_seen = 0;

# compare what query $q printed with its oracle; diag and return 0 on a
# difference
sub check_query
{
	my ($q, $lines) = @_;
	my ($report, $bad) = compare($q, $lines);
	$statements += scalar @$lines;
	return 1 if $report eq '';
	my $replay = "DIFF_SEED=$seed DIFF_ONLY=$q->{i}";
	my ($s, $sreport, $sbad, $part) = smallest_failing($q);
	my $form = join(', ', sort keys %{ ($part // $q->{parts}[-1])->[2] });
	if ($forms{$form})
	{
		diag("DIFFERENCE in query $q->{i} ($replay), of the form of query $forms{$form} ($form)");
		return 0;
	}
	$forms{$form} = $q->{i};
	$forms_seen++;
	my $text = "DIFFERENCE in query $q->{i} (replay: $replay bash test/run.sh differential), of the form $form\n"
	  . $report . describe($q)
	  . "query ($q->{stmts}[$bad]{name}): $q->{stmts}[$bad]{sql}\n"
	  . "oracle: $q->{oracle}\n";
	if ($s)
	{
		$text .= "The smallest part of the predicate that differs alone:\n" . $sreport
		  . "query ($s->{stmts}[$sbad]{name}): $s->{stmts}[$sbad]{sql}\n"
		  . "oracle: $s->{oracle}\n"
		  . "plan of the query ($s->{stmts}[$sbad]{name}):\n" . plan_of($s, $sbad);
	}
	else
	{
		$text .= "plan of the query ($q->{stmts}[$bad]{name}):\n" . plan_of($q, $bad);
	}
	diag($text);
	return 0;
}

# run queries $first .. $last in one psql; returns (queries run, ok)
sub run_batch
{
	my ($first, $last) = @_;
	my %queries = map { $_ => make_query($_) } $first .. $last;
	my $ok = 1;
	my $from = $first;
	my $done = 0;
	while ($from <= $last && !enough_failures())
	{
		my $script = join('', map { query_script($queries{$_}) } $from .. $last);
		my ($rc, $out, $err) = run_psql($script);
		my (%lines, $cur);
		for my $line (split /\n/, $out)
		{
			if ($line =~ /^\@Q (\d+)$/) { $cur = $1; $lines{$cur} = []; next; }
			push @{ $lines{$cur} }, $line if defined $cur;
		}
		my $stopped = $rc != 0 ? $cur : undef;
		for my $i ($from .. $last)
		{
			last if defined $stopped && $i >= $stopped;
			last unless defined $lines{$i};
			$done++;
			next if check_query($queries{$i}, $lines{$i});
			$ok = 0;
			$failures++;
		}
		last unless defined $stopped || $rc != 0;
		if (!defined $stopped)
		{
			# no query ran: nothing to go on with
			diag("psql failed before the first query: $err");
			$failures++;
			$forms_seen = $max_failures;
			return ($done, 0);
		}
		# an error: a failure of that query, then on with the next
		my $q = $queries{$stopped};
		diag("ERROR in query $stopped (replay: DIFF_SEED=$seed DIFF_ONLY=$stopped bash test/run.sh differential)\n$err\n"
			  . describe($q) . "query: $q->{stmts}[0]{sql}\noracle: $q->{oracle}");
		$ok = 0;
		$failures++;
		$forms_seen++;
		$done++;
		$from = $stopped + 1;
	}
	return ($done, $ok);
}

my $deadline = Time::HiRes::time() + $seconds;
my $queries = 0;
if (defined $only)
{
	my $q = make_query($only);
	note("query $only:\n" . describe($q) . "query: $q->{stmts}[0]{sql}\noracle: $q->{oracle}");
	my ($n, $ok) = run_batch($only, $only);
	ok($ok && $n == 1, "seed $seed, query $only: the three variants agree with the oracle");
	$queries = $n;
}
else
{
	my $next = 1;
	while (!enough_failures() && Time::HiRes::time() < $deadline
		&& ($max_queries == 0 || $next <= $max_queries))
	{
		my $last = $next + $batch_size - 1;
		$last = $max_queries if $max_queries && $last > $max_queries;
		my ($n, $ok) = run_batch($next, $last);
		ok($ok, "seed $seed, queries $next to $last: every variant agrees with the oracle");
		$queries += $n;
		$next = $last + 1;
	}
}
cmp_ok($queries, '>=', defined $only ? 1 : $max_queries && $max_queries < 20 ? $max_queries : 20,
	"seed $seed: $queries queries, $statements statements, over " . scalar(@ALL_TABLES) . " tables; $failures failed, of $forms_seen forms");

$node->stop;
done_testing();
