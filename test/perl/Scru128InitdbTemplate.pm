# Copyright: see the LICENSE file of the scru128 extension.
#
# Scru128InitdbTemplate: INITDB_TEMPLATE for the TAP clusters of 15 and 16.
#
# From 17 on, PostgreSQL::Test::Cluster's init() copies the data directory
# that INITDB_TEMPLATE names instead of running initdb, when it is given no
# initdb options of its own; PostgreSQL's make check uses it so.  15 and 16
# run initdb for every cluster: 1 to 1.5 s of CPU, against under 0.1 s for
# the copy, for some 80 clusters per major and run.  test/run.sh loads this
# module into every perl it starts for the TAP files of 15 and 16
# (PERL5OPT=-MScru128InitdbTemplate) after making the template with the
# very command init() runs, so that those clusters are made as 17's are.
#
# It changes nothing in a perl that has not loaded PostgreSQL::Test::Utils
# (prove itself, say), nor without INITDB_TEMPLATE, nor for an init() given
# options (extra => [...]): those run initdb as before.
package Scru128InitdbTemplate;

use strict;
use warnings;

# After the test file is compiled, so after its "use" lines have loaded
# PostgreSQL::Test::Utils, and before any of it runs.  Loading that module
# here instead would start its test log in perls that are no test file.
INIT
{
	my $template = $ENV{INITDB_TEMPLATE};
	if (   defined $template
		&& -f "$template/PG_VERSION"
		&& defined &PostgreSQL::Test::Utils::system_or_bail)
	{
		no warnings 'redefine';
		my $system_or_bail = \&PostgreSQL::Test::Utils::system_or_bail;

		# init() of 15 and 16 calls it, fully qualified, as
		# system_or_bail('initdb', '-D', $pgdata, '-A', 'trust', '-N',
		# @{ $params{extra} }): only that call without extra options is
		# replaced, by the copy 17 makes (cp -RPp)
		*PostgreSQL::Test::Utils::system_or_bail = sub {
			if (   @_ == 6
				&& $_[0] eq 'initdb'
				&& $_[1] eq '-D'
				&& $_[3] eq '-A'
				&& $_[4] eq 'trust'
				&& $_[5] eq '-N')
			{
				Test::More::note(
					"initializing database system by copying initdb template");
				return $system_or_bail->('cp', '-RPp', $template, $_[2]);
			}
			return $system_or_bail->(@_);
		};
	}
}

1;
