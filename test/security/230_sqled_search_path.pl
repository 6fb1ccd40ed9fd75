# Threat model (doc/security.md), the SQL edition's operators found through
# the search_path: a role that can create objects in a schema on the
# querying role's path (public where CREATE on it is granted to PUBLIC, as
# in databases created before PostgreSQL 15 and upgraded) makes operators
# and functions with the edition's operand types, which PostgreSQL prefers
# when they match the operands more exactly, so its code runs as the
# querying role.  With the path doc/sql-edition.md gives (its block
# "tested: search-path", run here as written) and with the operators named
# (OPERATOR(scru128_sql.>=), OPERATOR(pg_catalog.=)) under the path 1.3's
# page gave, the victim's queries must run none of the squatter's code and
# give the right answers.  The path 1.3's page gave is shown to lose, so
# that the squat is known to be live.
use strict;
use warnings;
use Cwd qw(abs_path);
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $plain = abs_path('portable/scru128_sql.sql');
my $doc = 'doc/sql-edition.md';
die "run from the top of the tree: $plain or $doc missing" unless -f $plain && -f $doc;

# the ```sql block after "<!-- tested: NAME -->" in the doc
sub recipe
{
	my ($name) = @_;
	open my $fh, '<', $doc or die "$doc: $!";
	my ($want, $inside, @lines) = (0, 0);
	while (my $line = <$fh>)
	{
		chomp $line;
		if ($line eq "<!-- tested: $name -->") { $want = 1; next; }
		if ($want && !$inside && $line eq '```sql') { $inside = 1; next; }
		last if $inside && $line eq '```';
		push @lines, $line if $inside;
	}
	close $fh;
	return join("\n", @lines);
}

my $node = PostgreSQL::Test::Cluster->new('sqled_search_path');
$node->init;
$node->start;
my $major = $node->safe_psql('postgres', q{SELECT current_setting('server_version_num')::int / 10000});

# the edition's owner, a role that queries, another role; public writable
# by every role, as before PostgreSQL 15
$node->safe_psql('postgres', q{
	CREATE ROLE edition_owner LOGIN;
	CREATE ROLE victim LOGIN;
	CREATE ROLE squatter LOGIN;
	CREATE DATABASE sp;
	GRANT CREATE ON DATABASE sp TO edition_owner;
});
$node->safe_psql('sp', q{GRANT CREATE ON SCHEMA public TO PUBLIC});
my ($ret, $out, $err) = $node->psql('sp', '', extra_params => ['-U', 'edition_owner', '-1', '-f', $plain]);
is($ret, 0, 'the SQL edition installed by its owner (plain script)') or diag($err);

# a table of the three domains: 60 rows a minute apart
$node->safe_psql('sp', q{
	SET ROLE edition_owner;
	CREATE TABLE public.orders (
		id scru128_sql.scru128 PRIMARY KEY,
		s scru128_sql.scru64 NOT NULL,
		b scru128_sql.scru160 NOT NULL,
		n int NOT NULL);
	INSERT INTO public.orders
		SELECT scru128_sql.scru128(t), scru128_sql.scru64_time_lower(t, true), scru128_sql.scru160_time_lower(t, true), g
		FROM generate_series(1, 60) g, LATERAL (SELECT now() - g * interval '1 minute' AS t) x;
	GRANT SELECT ON public.orders TO victim;
});

# the squatter's look-alikes in public: for each domain, the time
# operators in both orders, the comparisons between IDs and with the base
# type, and functions named as the edition's; each records who ran it and
# answers true (or 'owned')
my @ops = ('<', '<=', '>', '>=');
my $sq = q{
	CREATE TABLE public.ran (who text, what text);
	GRANT INSERT ON public.ran TO PUBLIC;
	CREATE FUNCTION public.caught(what text) RETURNS boolean LANGUAGE sql
		AS $$ INSERT INTO public.ran VALUES (current_user, what) RETURNING true $$;
};
my $k = 0;
for my $d (['scru128', 'uuid'], ['scru64', 'bigint'], ['scru160', 'bytea'])
{
	my ($dom, $base) = @$d;
	my $t = "scru128_sql.$dom";
	for my $sig (["$t", 'timestamptz', \@ops], ['timestamptz', "$t", \@ops],
		["$t", "$t", ['=', '<>', @ops]], ["$t", $base, ['=', '<>', @ops]])
	{
		my ($l, $r, $names) = @$sig;
		$k++;
		$sq .= qq{CREATE FUNCTION public.f$k(a $l, b $r) RETURNS boolean LANGUAGE sql AS \$\$ SELECT public.caught('$l $r') \$\$;\n};
		$sq .= qq{CREATE OPERATOR public.$_ (LEFTARG = $l, RIGHTARG = $r, FUNCTION = public.f$k);\n} for @$names;
	}
}
$sq .= q{
	CREATE FUNCTION public.scru128_to_text(id scru128_sql.scru128) RETURNS text LANGUAGE sql
		AS $$ SELECT 'owned' WHERE public.caught('scru128_to_text') $$;
	CREATE FUNCTION public.scru128_timestamp(id scru128_sql.scru128) RETURNS timestamptz LANGUAGE sql
		AS $$ SELECT 'epoch'::timestamptz WHERE public.caught('scru128_timestamp') $$;
	CREATE FUNCTION public.scru128_time_lower(t timestamptz, inclusive boolean) RETURNS scru128_sql.scru128 LANGUAGE sql
		AS $$ SELECT NULL::scru128_sql.scru128 WHERE public.caught('scru128_time_lower') $$;
};
($ret, $out, $err) = $node->psql('sp', $sq, extra_params => ['-U', 'squatter']);
is($ret, 0, 'the squatter makes its operators and functions in public') or diag($err);

sub ran
{
	return $node->safe_psql('sp', q{SELECT count(*) || ':' || coalesce(string_agg(DISTINCT who || ' ' || what, ', '), '') FROM public.ran});
}

# the victim's queries: [label, as written under a path, with the
# operators and functions named (the form for any path), the truth by
# qualified functions and base-type operators alone]
my $cut = q{(SELECT now() - interval '30 minutes 30 seconds')};
my $seven = $node->safe_psql('sp', 'SELECT id FROM public.orders WHERE n = 7');
my @checks = (
	['id >= t', "SELECT count(*) FROM public.orders WHERE id >= $cut",
		"SELECT count(*) FROM public.orders WHERE id OPERATOR(scru128_sql.>=) $cut",
		"SELECT count(*) FROM public.orders WHERE scru128_sql.scru128_timestamp(id) OPERATOR(pg_catalog.>=) $cut"],
	['t <= id', "SELECT count(*) FROM public.orders WHERE $cut <= id",
		"SELECT count(*) FROM public.orders WHERE $cut OPERATOR(scru128_sql.<=) id",
		"SELECT count(*) FROM public.orders WHERE scru128_sql.scru128_timestamp(id) OPERATOR(pg_catalog.>=) $cut"],
	['s < t', "SELECT count(*) FROM public.orders WHERE s < $cut",
		"SELECT count(*) FROM public.orders WHERE s OPERATOR(scru128_sql.<) $cut",
		"SELECT count(*) FROM public.orders WHERE scru128_sql.scru64_timestamp(s) OPERATOR(pg_catalog.<) $cut"],
	['b > t', "SELECT count(*) FROM public.orders WHERE b > $cut",
		"SELECT count(*) FROM public.orders WHERE b OPERATOR(scru128_sql.>) $cut",
		"SELECT count(*) FROM public.orders WHERE scru128_sql.scru160_timestamp(b) OPERATOR(pg_catalog.>) $cut"],
	['id BETWEEN t1 AND t2', "SELECT count(*) FROM public.orders WHERE id BETWEEN now() - interval '10 minutes 30 seconds' AND now()",
		"SELECT count(*) FROM public.orders WHERE id OPERATOR(scru128_sql.>=) now() - interval '10 minutes 30 seconds' AND id OPERATOR(scru128_sql.<=) now()",
		"SELECT 10"],
	['a.id = b.id', "SELECT count(*) FROM public.orders a JOIN public.orders b ON a.id = b.id",
		"SELECT count(*) FROM public.orders a JOIN public.orders b ON a.id OPERATOR(pg_catalog.=) b.id",
		"SELECT 60"],
	['id = a literal', "SELECT count(*) FROM public.orders WHERE id = '$seven'",
		"SELECT count(*) FROM public.orders WHERE id OPERATOR(pg_catalog.=) '$seven'",
		"SELECT 1"],
	['id < a uuid', "SELECT count(*) FROM public.orders WHERE id < '$seven'::uuid",
		"SELECT count(*) FROM public.orders WHERE id OPERATOR(pg_catalog.<) '$seven'::uuid",
		"SELECT count(*) FROM public.orders WHERE n OPERATOR(pg_catalog.>) 7"],
	['a.s = b.s', "SELECT count(*) FROM public.orders a JOIN public.orders b ON a.s = b.s",
		"SELECT count(*) FROM public.orders a JOIN public.orders b ON a.s OPERATOR(pg_catalog.=) b.s",
		"SELECT count(*) FROM public.orders a JOIN public.orders b ON a.s::bigint OPERATOR(pg_catalog.=) b.s::bigint"],
	['b <> a bytea', q{SELECT count(*) FROM public.orders WHERE b <> '\x00'::bytea},
		q{SELECT count(*) FROM public.orders WHERE b OPERATOR(pg_catalog.<>) '\x00'::bytea},
		"SELECT 60"],
	['scru128_to_text(id)', "SELECT count(*) FROM public.orders WHERE length(scru128_to_text(id)) = 25",
		"SELECT count(*) FROM public.orders WHERE length(scru128_sql.scru128_to_text(id)) = 25",
		"SELECT 60"],
	['scru128_timestamp(id)', "SELECT count(*) FROM public.orders WHERE scru128_timestamp(id) > $cut",
		"SELECT count(*) FROM public.orders WHERE scru128_sql.scru128_timestamp(id) > $cut",
		"SELECT 30"],
);

# the victim's session: PREFIX (the path, its output dropped), then each
# check in form FORM (1: as written, 2: named); the counts, one a line
sub victim
{
	my ($prefix, $form) = @_;
	my $sql = "\\o /dev/null\n$prefix\n\\o\n" . join('', map { "$_->[$form];\n" } @checks);
	return $node->psql('sp', $sql, extra_params => ['-U', 'victim']);
}

my $truth = $node->safe_psql('sp', join(";\n", 'SET search_path = pg_catalog', map { $_->[3] } @checks));
is($truth, "30\n30\n30\n30\n10\n60\n1\n53\n60\n60\n60\n30", 'the truth: rows a minute apart, cut at 30.5 minutes');

# the path 1.3's page gave: the squatter's code runs as the victim
$node->safe_psql('sp', 'TRUNCATE public.ran');
($ret, $out, $err) = victim(q{SET search_path = "$user", public, scru128_sql;}, 1);
like(ran(), qr/^[1-9]\d*:.*victim /, "1.3's path \"\$user\", public, scru128_sql: the squatter's code runs as the victim (the squat is live)");

# scru128_sql first, public after it: the edition's time operators win
# (exact operands, earlier schema), comparisons between IDs do not (the
# squatter's operator on the domain is exact, pg_catalog's needs the
# domain's base type), as the doc says
$node->safe_psql('sp', 'TRUNCATE public.ran');
victim(q{SET search_path = scru128_sql, public;}, 1);
my $caught = ran();
ok($caught =~ /victim scru128_sql\.scru128 scru128_sql\.scru128/ && $caught !~ /timestamptz/,
	'scru128_sql before public: the time operators are the edition\'s, a.id = b.id is the squatter\'s') or diag($caught);

# the doc's path, its block as written, then the checks
my $block = recipe('search-path');
like($block, qr/^SET search_path = /m, "$doc has a block \"tested: search-path\" that sets search_path");
$node->safe_psql('sp', 'TRUNCATE public.ran');
($ret, $out, $err) = victim($block, 1);
is($ret, 0, "the doc's block runs as the victim") or diag($err);
is(ran(), '0:', "the doc's path: none of the squatter's operators or functions ran");
is($out, $truth, "the doc's path: every query gives the right answer");

# the operators named, under 1.3's path
$node->safe_psql('sp', 'TRUNCATE public.ran');
($ret, $out, $err) = victim(q{SET search_path = "$user", public, scru128_sql;}, 2);
is($ret, 0, "OPERATOR(scru128_sql.op) and OPERATOR(pg_catalog.op) under 1.3's path run") or diag($err);
is(ran(), '0:', "... none of the squatter's code ran");
is($out, $truth, '... and every query gives the right answer');

$node->stop;
done_testing();
