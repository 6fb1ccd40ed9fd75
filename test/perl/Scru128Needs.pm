# Copyright: see the LICENSE file of the scru128 extension.
#
# Scru128Needs: what a TAP file of test/t needs beyond the extension and
# PostgreSQL's core, said once at its top.  On a server of a contributor's
# own that lacks it (contrib modules are a package of their own on some
# systems, and a source build installs them apart), the file skips, saying
# what is missing; under CI=true (any value but empty, 0 or false), where
# test/lib.sh installs everything, it fails instead.  A file uses it as
#
#	use FindBin;
#	use lib "$FindBin::RealBin/../perl";
#	use Scru128Needs;
#	needs_extensions('amcheck');
package Scru128Needs;

use strict;
use warnings;
use Exporter 'import';
use Test::More;

our @EXPORT = qw(ci_run needs_extensions);

sub ci_run
{
	return (($ENV{CI} // '') !~ /^(|0|false)$/i);
}

# needs_extensions(NAME...): each extension's control file is in the
# installation whose pg_config is first on PATH (as make installcheck
# and test/run.sh set it)
sub needs_extensions
{
	my @names = @_;
	my $sharedir = `pg_config --sharedir`;
	chomp $sharedir;
	my @missing = grep { !-f "$sharedir/extension/$_.control" } @names;
	return unless @missing;
	my $why = join(', ', @missing) . ' not installed in ' . ($sharedir || 'the installation pg_config names')
	  . ' (contrib: part of the server package on Debian, a -contrib package elsewhere,'
	  . ' make -C contrib install in a source build)';
	plan skip_all => $why unless ci_run();
	plan tests => 1;
	fail("CI=true: $why");
	exit 1;
}

1;
