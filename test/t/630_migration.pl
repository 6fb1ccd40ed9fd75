# The recipes of doc/migration.md that move an existing key to a
# time-ordered one, each on a table with a foreign key pointing at it, a
# view and a second index, while pgbench inserts into both tables: every
# row there before is there after with the same value, every insert that
# pgbench counted is there, no client failed, and the locks each step
# takes and whether it rewrote the table are reported (and checked).
use strict;
use warnings;
use File::Temp qw(tempfile);
use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $node = PostgreSQL::Test::Cluster->new('migration');
$node->init;
# scru64() reserves its shared memory at server start on 15 and 16
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'scru128'\nscru128.scru64_node_spec = '42/8'");
$node->start;

# the locks this transaction holds on the recipe's tables, one line
my $locks_sql = q{SELECT string_agg(c.relname || ' ' || l.mode, ', ' ORDER BY c.relname, l.mode)
	FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
	WHERE l.pid = pg_backend_pid() AND c.relname IN ('p', 'c') AND l.granted};

my $view = q{CREATE VIEW pv AS SELECT p.id, p.v, count(c.pid) AS children
	FROM p LEFT JOIN c ON c.pid = p.id GROUP BY p.id, p.v;};

# a text key holding the strings of TYPE, made by DEFAULT, moved to TYPE:
# no USING (the type's assignment cast from text), both tables rewritten;
# KEY is the old text as it reads back, CHECKS the recipe's own
sub text_recipe
{
	my ($what, $type, $default, $key, $checks) = @_;
	return {
		name => "text holding $what strings -> $type",
		db => "m_text_$type",
		table => qq{CREATE TABLE p (id text PRIMARY KEY DEFAULT $default, v text NOT NULL);
			CREATE TABLE c (pid text NOT NULL REFERENCES p);},
		fill => q{INSERT INTO p (v) SELECT 'old ' || g FROM generate_series(1, 2000) g;},
		old_rows => qq{SELECT md5(string_agg($key || ':' || v, ',' ORDER BY $key)) FROM p WHERE v LIKE 'old %'},
		steps => [
			[ 'drop the foreign key', 'ALTER TABLE c DROP CONSTRAINT c_pid_fkey' ],
			[ 'change both columns (view dropped and made again)', qq{
				DROP VIEW pv;
				ALTER TABLE c ALTER pid TYPE $type;
				ALTER TABLE p ALTER id DROP DEFAULT, ALTER id TYPE $type, ALTER id SET DEFAULT $type();
				$view} ],
			[ 'add the foreign key NOT VALID', 'ALTER TABLE c ADD CONSTRAINT c_pid_fkey FOREIGN KEY (pid) REFERENCES p NOT VALID' ],
			[ 'validate it', 'ALTER TABLE c VALIDATE CONSTRAINT c_pid_fkey' ],
		],
		rewrites => 1,
		checks => [
			[ q{SELECT pg_column_size(id) FROM p LIMIT 1}, '16', 'the key is 16 bytes (it was 26 as text)' ],
			@$checks,
		],
	};
}

# name, key type and default before, setup extras, the steps, and the
# recipe's own checks afterwards
my @recipes = (
	{
		name => 'bigserial -> scru64',
		db => 'm_bigserial',
		table => q{CREATE TABLE p (id bigserial PRIMARY KEY, v text NOT NULL);
			CREATE TABLE c (pid bigint NOT NULL REFERENCES p);},
		fill => q{INSERT INTO p (v) SELECT 'old ' || g FROM generate_series(1, 2000) g;},
		old_rows => q{SELECT md5(string_agg(id::bigint || ':' || v, ',' ORDER BY id::bigint)) FROM p WHERE v LIKE 'old %'},
		steps => [
			[ 'drop the foreign key', 'ALTER TABLE c DROP CONSTRAINT c_pid_fkey' ],
			[ 'change both columns (view dropped and made again)', qq{
				DROP VIEW pv;
				ALTER TABLE c ALTER pid TYPE scru64 USING pid::scru64;
				ALTER TABLE p ALTER id DROP DEFAULT, ALTER id TYPE scru64 USING id::scru64,
					ALTER id SET DEFAULT scru64();
				DROP SEQUENCE p_id_seq;
				$view} ],
			[ 'add the foreign key NOT VALID', 'ALTER TABLE c ADD CONSTRAINT c_pid_fkey FOREIGN KEY (pid) REFERENCES p NOT VALID' ],
			[ 'validate it', 'ALTER TABLE c VALIDATE CONSTRAINT c_pid_fkey' ],
		],
		rewrites => 1,
		checks => [
			[ q{SELECT count(*) FROM pg_class WHERE relname = 'p_id_seq'}, '0', 'the sequence is gone' ],
			[ q{SELECT min(id) FILTER (WHERE v = 'bench2') > max(id) FILTER (WHERE v LIKE 'old %') FROM p},
				't', 'new keys from scru64() sort after the old ones' ],
			[ q{SELECT scru64_timestamp(id) < '1971-01-01' FROM p WHERE v = 'old 2000'},
				't', 'an old key reads as a time in 1970' ],
		],
	},
	{
		name => 'uuid v4 -> default uuidv7()',
		db => 'm_uuidv7',
		table => q{CREATE TABLE p (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), v text NOT NULL);
			CREATE TABLE c (pid uuid NOT NULL REFERENCES p);},
		# 20 old v4 keys whose leading 48 bits happen to read as now
		fill => q{INSERT INTO p (v) SELECT 'old ' || g FROM generate_series(1, 2000) g;
			INSERT INTO p (id, v) SELECT (substr(public.uuidv7()::text, 1, 14) || '4' || substr(gen_random_uuid()::text, 16))::uuid,
				'old now ' || g FROM generate_series(1, 20) g;},
		old_rows => q{SELECT md5(string_agg(id || ':' || v, ',' ORDER BY id)) FROM p WHERE v LIKE 'old %'},
		steps => [
			[ 'switch the default', 'ALTER TABLE p ALTER id SET DEFAULT uuidv7()' ],
			[ 'CHECK for new rows, NOT VALID', 'ALTER TABLE p ADD CONSTRAINT p_id_v7 CHECK (uuid_extract_version(id) = 7) NOT VALID' ],
		],
		rewrites => 0,
		checks => [
			# the plain comparison counts the v4 keys that read as now
			[ q{SELECT count(*) FROM p WHERE id >= now() - interval '1 hour' AND v LIKE 'old now %'},
				'20', 'id >= time alone returns old v4 keys' ],
			[ q{SELECT (SELECT count(*) FROM p WHERE id >= now() - interval '1 hour' AND uuid_extract_version(id) = 7)
				= (SELECT count(*) FROM p WHERE uuid_extract_version(id) = 7
					AND scru128_uuid_timestamp(id) >= date_trunc('milliseconds', now() - interval '1 hour'))
				AND (SELECT count(*) FROM p WHERE id >= now() - interval '1 hour' AND uuid_extract_version(id) = 7) > 0},
				't', 'the version-aware query returns exactly the v7 rows of the hour' ],
			[ q{SET enable_seqscan = off; EXPLAIN (COSTS OFF) SELECT * FROM p WHERE id >= now() - interval '1 hour' AND uuid_extract_version(id) = 7},
				qr/p_pkey/, 'and keeps the primary key range scan' ],
			[ q{SELECT count(*) FROM p WHERE v = 'bench2' AND uuid_extract_version(id) <> 7}, '0',
				'rows inserted after the switch are v7' ],
		],
	},
	{
		name => 'uuid v4 -> scru128',
		db => 'm_uuid_scru128',
		table => q{CREATE TABLE p (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), v text NOT NULL);
			CREATE TABLE c (pid uuid NOT NULL REFERENCES p);},
		fill => q{INSERT INTO p (v) SELECT 'old ' || g FROM generate_series(1, 2000) g;},
		old_rows => q{SELECT md5(string_agg(id::uuid || ':' || v, ',' ORDER BY id::uuid)) FROM p WHERE v LIKE 'old %'},
		steps => [
			[ 'drop the foreign key', 'ALTER TABLE c DROP CONSTRAINT c_pid_fkey' ],
			[ 'change both columns (view dropped and made again)', qq{
				DROP VIEW pv;
				ALTER TABLE c ALTER pid TYPE scru128 USING pid::scru128;
				ALTER TABLE p ALTER id DROP DEFAULT, ALTER id TYPE scru128 USING id::scru128,
					ALTER id SET DEFAULT scru128();
				$view} ],
			[ 'add the foreign key NOT VALID', 'ALTER TABLE c ADD CONSTRAINT c_pid_fkey FOREIGN KEY (pid) REFERENCES p NOT VALID' ],
			[ 'validate it', 'ALTER TABLE c VALIDATE CONSTRAINT c_pid_fkey' ],
		],
		rewrites => 0,
		checks => [
			[ q{SELECT count(*) FROM p WHERE v = 'bench2' AND id < scru128(now() - interval '1 hour')}, '0',
				'new keys are from now' ],
		],
	},
	text_recipe('SCRU128', 'scru128', 'scru128()::text', 'id::text', []),
	# lower case as some libraries write ULIDs: the type reads either
	text_recipe('ULID', 'ulid', 'lower(ulid()::text)', 'upper(id::text)', [
		[ q{SELECT count(*) FROM p WHERE v LIKE 'old %' AND id::text <> upper(id::text)}, '0',
			'the old keys read back in the canonical upper case' ],
		[ q{SELECT count(*) FROM p WHERE v = 'bench2' AND id < timestamptz 'now' - interval '1 hour'}, '0',
			'new keys are from now, and compare with times' ],
	]),
);

my @report;
for my $r (@recipes)
{
	my $db = $r->{db};
	$node->safe_psql('postgres', "CREATE DATABASE $db");
	$node->safe_psql($db, "CREATE EXTENSION scru128; $r->{table} CREATE INDEX p_v ON p (v); $view $r->{fill}
		INSERT INTO c SELECT id FROM p; ANALYZE p, c;");
	my $old = $node->safe_psql($db, $r->{old_rows});
	my $before_rows = $node->safe_psql($db, 'SELECT count(*) FROM p');

	# concurrent inserts: a row in p and a child of the newest row, until
	# the steps are done; then a last round ('bench2') on the new key
	my ($fh, $script) = tempfile(UNLINK => 1);
	print $fh "INSERT INTO p (v) VALUES ('bench');\nINSERT INTO c SELECT id FROM p ORDER BY id DESC LIMIT 1;\n";
	close $fh;
	my ($out, $err) = ('', '');
	my $bench = IPC::Run::start(
		[ 'pgbench', '-n', '-c', '2', '-T', '8', '-f', $script,
		  '-h', $node->host, '-p', $node->port, $db ],
		'>', \$out, '2>', \$err);
	sleep 1;

	my $table_file = $node->safe_psql($db, q{SELECT pg_relation_filenode('p')});
	for my $s (@{ $r->{steps} })
	{
		my ($what, $sql) = @$s;
		my $locks = $node->safe_psql($db, "BEGIN; $sql; $locks_sql; COMMIT;");
		$locks =~ s/^\s+|\s+$//g;
		push @report, "$r->{name}: $what: $locks";
		note("$r->{name}: $what: $locks");
		if ($sql =~ /ALTER TABLE . ALTER|ALTER TABLE . ADD CONSTRAINT .* CHECK|DROP CONSTRAINT/)
		{
			like($locks, qr/AccessExclusiveLock/, "$r->{name}: $what takes ACCESS EXCLUSIVE");
		}
		elsif ($sql =~ /FOREIGN KEY .* NOT VALID/)
		{
			like($locks, qr/c ShareRowExclusiveLock/, "$r->{name}: $what takes SHARE ROW EXCLUSIVE on the referencing table");
		}
		elsif ($sql =~ /VALIDATE/)
		{
			like($locks, qr/c ShareUpdateExclusiveLock/, "$r->{name}: $what takes SHARE UPDATE EXCLUSIVE (inserts go on)");
		}
		sleep 1;
	}
	my $rewritten = $node->safe_psql($db, q{SELECT pg_relation_filenode('p')}) ne $table_file ? 1 : 0;
	is($rewritten, $r->{rewrites}, "$r->{name}: the table is " . ($r->{rewrites} ? '' : 'not ') . 'rewritten');
	push @report, "$r->{name}: table rewritten: " . ($rewritten ? 'yes' : 'no');

	$bench->finish;
	my ($tx) = $out =~ /number of transactions actually processed: (\d+)/;
	ok(defined $tx && $tx > 0 && $err !~ /aborted|ERROR/, "$r->{name}: pgbench ran through the steps ("
		  . ($tx // 'none') . ' inserts)') or diag("$out\n$err");
	$tx //= 0;
	$node->safe_psql($db, q{INSERT INTO p (v) VALUES ('bench2'); INSERT INTO c SELECT id FROM p WHERE v = 'bench2'});

	is($node->safe_psql($db, $r->{old_rows}), $old, "$r->{name}: the rows there before are unchanged");
	is($node->safe_psql($db, 'SELECT count(*) FROM p'), $before_rows + $tx + 1,
		"$r->{name}: every concurrent insert is there");
	is($node->safe_psql($db, q{SELECT (SELECT count(*) FROM c) = (SELECT count(*) FROM p)
		AND (SELECT sum(children) FROM pv) = (SELECT count(*) FROM c)}),
		't', "$r->{name}: every row has its child, through the view");
	is($node->safe_psql($db, q{SELECT convalidated FROM pg_constraint WHERE conname IN ('c_pid_fkey')}),
		't', "$r->{name}: the foreign key is valid");
	for my $c (@{ $r->{checks} })
	{
		my ($sql, $want, $what) = @$c;
		my $got = $node->safe_psql($db, $sql);
		ref $want ? like($got, $want, "$r->{name}: $what") : is($got, $want, "$r->{name}: $what");
	}
}
note("locks and rewrites:\n" . join("\n", @report));

$node->stop;
done_testing();
