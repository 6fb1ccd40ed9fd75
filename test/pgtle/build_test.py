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
m = re.search(r"^SELECT pgtle\.install_extension\(\n"
              r"\t'scru128_sql',\n\t'([^']+)',\n\t'[^']+',\n(\$[a-z0-9_]+\$)\n", pgtle, re.M)
ok(m is not None and m.group(1) == build.read_version(),
   "the pg_tle file: install_extension(name, version, description, body), no schema argument",
   pgtle[:2000])
if m:
    tag = m.group(2)
    ok(pgtle.count(tag) == 2 and pgtle.rstrip().endswith(
        f"{tag}\n);\n\nSELECT pgtle.set_default_version('scru128_sql', '{build.read_version()}');"),
       "the pg_tle file: its dollar quote opens and closes the body and nothing else")
print(f"1..{n}")
