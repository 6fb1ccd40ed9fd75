# Copyright: see the LICENSE file of the scru128 extension.
#
# doc/security.md, "Objects found by name: the planner and TimescaleDB's
# catalog", row "A typeid domain's prefix".  The planner support of
# typeid OP timestamptz rewrites the comparison into a range of one
# prefix's typeids when the column's domain has a validated CHECK that is
# the extension's own typeid_check_prefix(VALUE, constant).  A role with
# CREATE on a schema (here: its own) makes domains whose CHECK only looks
# like that, fills a table of them with other prefixes, and lets a
# superuser (the victim) query it:
#  1. its own function named typeid_check_prefix (true for everything,
#     and recording whether it ran): no rewrite, no run in the planning;
#  2. the real function on something else than VALUE, with a NULL prefix
#     or VALUE's own prefix (not a constant), or under OR: no rewrite;
#  3. the real check added NOT VALID after other prefixes were stored;
#  4. the real check dropped after the victim prepared a query, then other
#     prefixes stored: the victim's plan is made again.
# Every count is compared with the never-rewritten typeid_time_ge.

use strict;
use warnings;

use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $node = PostgreSQL::Test::Cluster->new('typeid_planner');
$node->init;
$node->start;

sub psql_as
{
	my ($role, $sql) = @_;
	my ($out, $err);
	my $ret = $node->psql('postgres', $sql, stdout => \$out, stderr => \$err,
		extra_params => [ '-U', $role ]);
	return ($ret, $out, $err);
}

$node->safe_psql('postgres', q{
	CREATE ROLE mallory LOGIN;
	CREATE EXTENSION scru128;
	CREATE SCHEMA m AUTHORIZATION mallory;
	CREATE TABLE public.ran (who name, at timestamptz DEFAULT now());
	GRANT INSERT, SELECT ON public.ran TO PUBLIC;});

# the role's look-alikes: a typeid_check_prefix that takes everything and
# records its runs, in its own schema; domains of every shape; a table of
# each, holding the prefixes user, post and none over ten days
my ($ret, $out, $err) = psql_as('mallory', q{
	SET search_path = m, public;
	CREATE FUNCTION m.typeid_check_prefix(id typeid, prefix text) RETURNS boolean
		LANGUAGE plpgsql VOLATILE AS $$
	BEGIN
		INSERT INTO public.ran (who) VALUES (current_user);
		RETURN true;
	END $$;
	CREATE DOMAIN m.fake AS typeid CHECK (m.typeid_check_prefix(VALUE, 'user'));
	CREATE DOMAIN m.other_value AS typeid
		CHECK (public.typeid_check_prefix(public.typeid('user', public.typeid_uuid(VALUE)), 'user'));
	CREATE DOMAIN m.null_prefix AS typeid CHECK (public.typeid_check_prefix(VALUE, NULL));
	CREATE DOMAIN m.func_prefix AS typeid CHECK (public.typeid_check_prefix(VALUE, public.typeid_prefix(VALUE)));
	CREATE DOMAIN m.or_true AS typeid CHECK (public.typeid_check_prefix(VALUE, 'user') OR true);
	CREATE DOMAIN m.late AS typeid;
	CREATE DOMAIN m.dropped AS typeid CHECK (public.typeid_check_prefix(VALUE, 'user'));
	CREATE TABLE m.t (fake m.fake, other_value m.other_value, null_prefix m.null_prefix,
		func_prefix m.func_prefix, or_true m.or_true, late m.late, dropped m.dropped, n int);
	CREATE INDEX ON m.t (fake);
	CREATE INDEX ON m.t (late);
	CREATE INDEX ON m.t (dropped);
	INSERT INTO m.t
	SELECT v, v, v, v, v, v, typeid('user', typeid_uuid(v)), g
	FROM (SELECT g, typeid(p, uuidv7_at(timestamptz '2026-03-01' + g * interval '1 hour')) AS v
		  FROM generate_series(0, 239) AS g, (VALUES ('user'), ('post'), ('')) AS q(p)) AS s;
	ALTER DOMAIN m.late ADD CONSTRAINT late_user CHECK (public.typeid_check_prefix(VALUE, 'user')) NOT VALID;
	ANALYZE m.t;
	GRANT SELECT ON m.t TO PUBLIC;
	GRANT USAGE ON SCHEMA m TO PUBLIC;});
is($ret, 0, 'mallory makes domains whose CHECK looks like typeid_check_prefix') or diag($err);
$node->safe_psql('postgres', 'TRUNCATE public.ran');

# the victim: a superuser, counting by time in each column
my @cols = qw(fake other_value null_prefix func_prefix or_true late);
for my $col (@cols)
{
	my $q = "SELECT count(*) FROM m.t WHERE $col >= timestamptz '2026-03-06'";
	my $got = $node->safe_psql('postgres', $q);
	my $want = $node->safe_psql('postgres',
		"SELECT count(*) FROM m.t WHERE typeid_time_ge($col, '2026-03-06')");
	is($got, $want, "$col: the same rows as typeid_time_ge ($want), every prefix counted");
	is($want, 3 * 120, "$col: the table holds three prefixes of that time");
	my $plan = $node->safe_psql('postgres', "EXPLAIN (COSTS OFF) $q");
	unlike($plan, qr/'user_[0-9a-z]{26}'::typeid|typeid_time_lower/,
		"$col: not rewritten into a range of the prefix user");

	my $p = $node->safe_psql('postgres',
		"PREPARE q_$col AS SELECT count(*) FROM m.t WHERE $col >= now() - interval '100 years';"
		  . " SET plan_cache_mode = force_generic_plan; EXECUTE q_$col");
	is($p, 3 * 240, "$col: now() in a generic plan, every prefix counted");
}
is($node->safe_psql('postgres', 'SELECT count(*) FROM public.ran'), '0',
	"mallory's typeid_check_prefix never ran while the superuser planned or ran the queries");

# a control: the real check on VALUE with a constant is taken (so the
# tests above would have seen a rewrite), and is right on its column
my $q = "SELECT count(*) FROM m.t WHERE dropped >= timestamptz '2026-03-06'";
like($node->safe_psql('postgres', "EXPLAIN (COSTS OFF) $q"),
	qr/dropped\)::typeid >= 'user_[0-9a-z]{26}'::typeid/,
	'control: a domain with the real, validated check is rewritten');
is($node->safe_psql('postgres', $q), 3 * 120, 'control: and its count is right');

# 4. the check dropped under a prepared plan: the victim's session keeps
# its prepared statement while mallory drops the check and stores another
# prefix; the next execution must count it
my $victim = $node->background_psql('postgres');
# its output without the trailing newline 16.2's BackgroundPsql leaves
my $vq = sub { my $r = $victim->query_safe($_[0]); $r =~ s/\n+\z//; return $r; };
$victim->query_safe(q{SET plan_cache_mode = force_generic_plan;
	PREPARE since(timestamptz) AS SELECT count(*) FROM m.t WHERE dropped >= $1;});
is($vq->(q{EXECUTE since('2026-03-06')}), 3 * 120,
	'dropped: the prepared query counts every row before the change');
like($victim->query_safe(q{EXPLAIN (COSTS OFF) EXECUTE since('2026-03-06')}),
	qr/typeid_time_lower\('user'::text/, 'dropped: its generic plan is the range of user');
($ret, $out, $err) = psql_as('mallory', q{
	ALTER DOMAIN m.dropped DROP CONSTRAINT dropped_check;
	UPDATE m.t SET dropped = typeid('post', typeid_uuid(dropped)) WHERE n % 2 = 0;});
is($ret, 0, 'mallory drops the check and stores other prefixes') or diag($err);
is($vq->(q{EXECUTE since('2026-03-06')}), 3 * 120,
	'dropped: the same prepared query still counts every row');
unlike($victim->query_safe(q{EXPLAIN (COSTS OFF) EXECUTE since('2026-03-06')}),
	qr/typeid_time_lower/, 'dropped: its plan was made again without the range');
($ret, $out, $err) = psql_as('mallory', q{
	ALTER DOMAIN m.dropped ADD CONSTRAINT again CHECK (public.typeid_check_prefix(VALUE, 'user')) NOT VALID;});
is($ret, 0, 'mallory adds the check back NOT VALID') or diag($err);
is($vq->(q{EXECUTE since('2026-03-06')}), 3 * 120,
	'dropped: NOT VALID, the prepared query still counts every row');
$victim->quit;

done_testing();
