# Copyright: see the LICENSE file of the scru128 extension.
#
# Scru128Size: the size of a TAP file's heaviest randomized or bulk checks.
# The whole CI runs test/t on the host's major (15) and again on 16 to 19;
# the guide asks for the heaviest checks at full size on one major only, as
# the sqledition suite does with SQLED_RANDOM_N and the differential suite
# with DIFF_SECONDS.  A file whose time is a number of rows, sessions or
# IDs takes that number from here:
#
#	use FindBin;
#	use lib "$FindBin::RealBin/../perl";
#	use Scru128Size;
#	my $rows = full_size() ? 1_000_000 : 100_000;
#
# full_size() is true when the server's major (that of the pg_config first
# on PATH, as make installcheck and test/run.sh set it) is 15, false on the
# others; SCRU128_FULL_SIZE=1 forces full size, SCRU128_FULL_SIZE=0 the
# small one.  The small size runs the same checks, on the same code paths,
# with thresholds that depend on the size scaled with it.
package Scru128Size;

use strict;
use warnings;
use Exporter 'import';
use Test::More;

our @EXPORT = qw(full_size);

# the major that runs the checks at full size
my $full_major = 15;
my $full;

sub full_size
{
	return $full if defined $full;
	my $force = $ENV{SCRU128_FULL_SIZE} // '';
	if ($force ne '')
	{
		die "SCRU128_FULL_SIZE must be 0 or 1, not '$force'\n" unless $force =~ /^[01]$/;
		$full = $force;
	}
	else
	{
		my $version = `pg_config --version`;
		die "pg_config --version failed\n" unless defined $version && $version =~ /(\d+)/;
		$full = $1 == $full_major ? 1 : 0;
	}
	note('size of the heavy checks: ' . ($full ? 'full' : 'small')
		  . ($force ne '' ? ' (SCRU128_FULL_SIZE)' : " (full on PostgreSQL $full_major only)"));
	return $full;
}

1;
