#!/usr/bin/env python3
"""TAP: what portable/build.py derives from a source, and what it refuses.

    python3 test/pgtle/build_test.py [TREE]
"""

import pathlib
import re
import sys
import tempfile

TREE = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).parents[2])
sys.path.insert(0, str(TREE / "portable"))
import build  # noqa: E402

n = 0


def ok(cond, name, detail=""):
    global n
    n += 1
    print(f"{'ok' if cond else 'not ok'} {n} - build.py: {name}")
    if not cond and detail:
        for line in str(detail).splitlines():
            print(f"#   {line}")


def source(files):
    d = tempfile.TemporaryDirectory()
    for name, text in files.items():
        (pathlib.Path(d.name) / name).write_text(text)
    return d


def refused(files, what):
    with source(files) as d:
        try:
            s = build.read_source(pathlib.Path(d))
            build.pgtle_file(s, "9.9")
        except build.SourceError as e:
            return what in str(e), e
    return False, "not refused"


SAMPLE = {
    "10_b.sql": "CREATE OR REPLACE FUNCTION scru128_sql.f() RETURNS int\n"
                "LANGUAGE sql AS $$ SELECT 1 $$;\n",
    "00_a.sql": "CREATE SCHEMA IF NOT EXISTS scru128_sql;\n"
                "-- plain-only begin\n"
                "DO $$ BEGIN CREATE DOMAIN scru128_sql.d AS uuid; "
                "EXCEPTION WHEN duplicate_object THEN NULL; END $$;\n"
                "-- plain-only end\n"
                "-- extension-only begin\n"
                "-- CREATE DOMAIN scru128_sql.d AS uuid;\n"
                "--\n"
                "-- extension-only end\n",
}

control = (TREE / "scru128.control").read_text()
ok(f"default_version = '{build.read_version()}'" in control,
   "the version is scru128.control's default_version", build.read_version())

with source(SAMPLE) as d:
    src = build.read_source(pathlib.Path(d))
ok(src == SAMPLE["00_a.sql"] + SAMPLE["10_b.sql"], "the source is the files in name order", src)
plain = build.plain_file(src, "9.9")
ok(plain.endswith(src) and plain.startswith("-- scru128_sql 9.9:"),
   "the plain script is a header and the source as it is", plain)
ext = build.extension_script(src)
ok(re.search(r"^CREATE SCHEMA scru128_sql;$", ext, re.M) is not None,
   "extension: CREATE SCHEMA IF NOT EXISTS becomes CREATE SCHEMA", ext)
ok(re.search(r"^CREATE FUNCTION scru128_sql\.f\(\)", ext, re.M) is not None
   and "OR REPLACE" not in ext, "extension: CREATE OR REPLACE becomes CREATE", ext)
ok("DO $$" not in ext and "plain-only" not in ext,
   "extension: plain-only blocks are left out", ext)
ok(re.search(r"^CREATE DOMAIN scru128_sql\.d AS uuid;$", ext, re.M) is not None
   and "extension-only" not in ext, "extension: extension-only lines are uncommented", ext)

for files, what, name in [
    ({"a.sql": "-- plain-only begin\nSELECT 1;\n"}, "not closed", "an unclosed block"),
    ({"a.sql": "-- plain-only begin\n-- extension-only begin\n-- extension-only end\n-- plain-only end\n"},
     "unexpected", "nested blocks"),
    ({"a.sql": "-- extension-only begin\nCREATE DOMAIN x AS uuid;\n-- extension-only end\n"},
     "must start with", "an extension-only line that is not commented out"),
    ({"a.sql": "\\set ON_ERROR_STOP 1\n"}, "not allowed", "a psql meta-command"),
    ({"a.sql": "BEGIN;\nSELECT 1;\nCOMMIT;\n"}, "not allowed", "BEGIN; in the source"),
    ({"a.sql": "CREATE TABLE IF NOT EXISTS scru128_sql.t (a int);\n"}, "IF NOT EXISTS",
     "a CREATE ... IF NOT EXISTS the extension form would keep"),
    ({"a.sql": "SELECT $_pgtle_i_$ x $_pgtle_i_$;\n"}, "pg_tle refuses",
     "pg_tle's own dollar quotes in the body"),
]:
    good, detail = refused(files, what)
    ok(good, "refuses " + name, detail)

try:
    build.check_version_mentions("COMMENT ON SCHEMA scru128_sql IS 'scru128 SQL edition 0.9';\n", "9.9")
    ok(False, "refuses a version in the source other than scru128.control's")
except build.SourceError as e:
    ok("0.9" in str(e), "refuses a version in the source other than scru128.control's", e)
build.check_version_mentions("-- scru128_sql 9.9: ...\n", "9.9")

ok(build.dollar_tag("SELECT 1") == "$scru128_sql$"
   and build.dollar_tag("SELECT $scru128_sql$x$scru128_sql$") == "$scru128_sql_1$",
   "the dollar-quote tag is one the body does not contain")

pgtle = (TREE / "portable" / "scru128_sql_pgtle.sql").read_text()
version = build.read_version()
m = re.search(r"^WITH script\(ext\) AS \(VALUES \(\n(\$[a-z0-9_]+\$)\n", pgtle, re.M)
ok(m is not None and f"THEN pgtle.install_extension_version_sql('scru128_sql', '{version}', ext)" in pgtle
   and re.search(r"ELSE pgtle\.install_extension\('scru128_sql', '" + re.escape(version) + r"', '[^']+', ext\)$", pgtle, re.M),
   "the pg_tle file: install_extension(name, version, description, body), no schema argument, "
   "or install_extension_version_sql beside a registered version", pgtle[:2000])
if m:
    tag = m.group(1)
    olds = [v for v in build.released_versions() if v != version]
    ok(pgtle.count(tag) == 2 + 2 * len(olds),
       "the pg_tle file: its dollar quote opens and closes the bodies and nothing else")
    # this version the default before an older one's script is removed
    # (pg_tle keeps the default), and that before the update path from it
    # is registered (removing a version's script removes its paths too)
    default = pgtle.find(f"\nSELECT pgtle.set_default_version('scru128_sql', '{version}');\n")
    order = [(pgtle.find("SELECT pgtle.uninstall_extension(v.name, v.version)\nFROM pgtle.available_extension_versions() AS v\n"
                         f"WHERE v.name OPERATOR(pg_catalog.=) 'scru128_sql' AND v.version OPERATOR(pg_catalog.=) '{v}'\n"),
              pgtle.find(f"SELECT pgtle.install_update_path('scru128_sql', '{v}', '{version}',")) for v in olds]
    ok(pgtle.find("FROM script;") < default and all(default < u < p for u, p in order),
       "the pg_tle file: this version made the default, then each released version's own script "
       "removed, then the update path from it registered", (default, order))
    ok(all(f"SELECT pgtle.install_update_path('scru128_sql', '{v}', '{version}',\n{tag}\n" in pgtle for v in olds)
       and "1.3" in olds,
       "the pg_tle file: an update path from every released version (1.3 on)", olds)

# the update script, on a made-up old and new extension script
OLD = """CREATE SCHEMA scru128_sql;
COMMENT ON SCHEMA scru128_sql IS 'old';
CREATE DOMAIN scru128_sql.d AS uuid;
-- a comment; with a ; in it
CREATE FUNCTION scru128_sql.same(a bigint) RETURNS int LANGUAGE sql AS $fn$ SELECT 1; $fn$;
CREATE FUNCTION scru128_sql.changed(t timestamp with time zone, x pg_catalog.text) RETURNS int LANGUAGE sql AS $fn$ SELECT 1 $fn$;
CREATE FUNCTION scru128_sql.gone() RETURNS int LANGUAGE sql AS 'SELECT '';'' ';
"""
NEW = """CREATE SCHEMA scru128_sql;
COMMENT ON SCHEMA scru128_sql IS 'new';
CREATE DOMAIN scru128_sql.d AS uuid;
CREATE FUNCTION scru128_sql.same(a bigint) RETURNS int LANGUAGE sql AS $fn$ SELECT 1; $fn$;
CREATE FUNCTION scru128_sql.changed(t timestamp with time zone, x pg_catalog.text) RETURNS int LANGUAGE sql AS $fn$ SELECT 2 $fn$;
CREATE TABLE scru128_sql.t (a int);
SELECT pg_catalog.pg_extension_config_dump('scru128_sql.t', '');
CREATE FUNCTION scru128_sql.added() RETURNS int LANGUAGE sql AS $fn$ SELECT 3 $fn$;
"""
up = build.update_script(OLD, NEW)
stmts = build.split_statements(up)
ok(len(build.split_statements(OLD)) == 6, "statements: quotes, dollar quotes and comments hold their ';'",
   build.split_statements(OLD))
ok(stmts[0] == "DROP FUNCTION scru128_sql.gone();", "update: a function that is gone is dropped (first)", up)
ok(not any("same(" in s or "CREATE SCHEMA" in s or "CREATE DOMAIN" in s for s in stmts),
   "update: statements as released are left out", up)
ok(any(s.startswith("CREATE OR REPLACE FUNCTION scru128_sql.changed(") and "SELECT 2" in s for s in stmts),
   "update: a changed function is replaced (CREATE OR REPLACE)", up)
ok(any(s.startswith("CREATE OR REPLACE FUNCTION scru128_sql.added(") for s in stmts)
   and "CREATE TABLE scru128_sql.t (a int);" in stmts
   and "SELECT pg_catalog.pg_extension_config_dump('scru128_sql.t', '');" in stmts
   and "COMMENT ON SCHEMA scru128_sql IS 'new';" in stmts,
   "update: new objects, a changed comment and new SELECTs are kept", up)
ok(build.update_script(OLD, NEW, "ALTER DOMAIN scru128_sql.d SET NOT NULL;\n").startswith("ALTER DOMAIN"),
   "update: a hand-written step goes first")
GUARD = "DO $do$ BEGIN RAISE EXCEPTION 'no'; END $do$;\n"
up = build.update_script(GUARD + OLD, GUARD + NEW, "ALTER DOMAIN scru128_sql.d SET NOT NULL;\n")
ok(up.startswith(GUARD.rstrip("\n") + "\n\nALTER DOMAIN") and up.count("RAISE EXCEPTION 'no'") == 1,
   "update: the DO blocks that open the script (its checks) go first, before a hand-written step, "
   "even when the released script has them word for word", up)
try:
    build.update_script(OLD, NEW.replace("CREATE DOMAIN scru128_sql.d AS uuid;", "CREATE DOMAIN scru128_sql.d AS text;"))
    ok(False, "update: refuses a changed CREATE of a domain (needs a hand-written step)")
except build.SourceError as e:
    ok("CREATE DOMAIN scru128_sql.d" in str(e), "update: refuses a changed CREATE of a domain (needs a hand-written step)", e)
ok(build.function_signature("CREATE FUNCTION scru128_sql.f(t timestamp with time zone, lo bigint DEFAULT 1, "
                            "pg_catalog.text) RETURNS int")
   == "scru128_sql.f(timestamp with time zone, bigint, pg_catalog.text)",
   "update: a function's signature leaves out argument names and defaults")
print(f"1..{n}")
