#!/usr/bin/env python3
"""Writes the SQL edition's two install files from its one source.

    python3 portable/build.py           # writes portable/scru128_sql.sql and
                                        # portable/scru128_sql_pgtle.sql
    python3 portable/build.py --check   # exits 1, with a diff, if the
                                        # committed files differ from what
                                        # the source gives (the drift test)

The source is portable/src/*.sql in name order.  Concatenated, it is the
plain script (run again, it replaces what it made).  An extension script may
not take over objects that the extension does not own, so its form is
derived, never kept by hand:

  CREATE SCHEMA IF NOT EXISTS   ->  CREATE SCHEMA (the extension owns it)
  CREATE OR REPLACE             ->  CREATE
  -- plain-only begin/end       ->  dropped (the idempotent wrappers)
  -- extension-only begin/end   ->  its lines, with their leading "-- " removed

The version is scru128.control's default_version: the SQL edition is
released with the native extension and carries the same number.
"""

import argparse
import difflib
import pathlib
import re
import sys

EXTNAME = "scru128_sql"
DESCRIPTION = ("SCRU128, SCRU64, SCRU160 and UUIDv7 in SQL and PL/pgSQL: "
               "the SQL edition of scru128, in the same bytes as the native types")

PORTABLE = pathlib.Path(__file__).resolve().parent
ROOT = PORTABLE.parent

# pg_tle wraps the extension script in these dollar quotes of its own and
# refuses a script that contains either (tleextension.h, validate_tle_sql)
PGTLE_RESERVED = ("$_pgtle_o_$", "$_pgtle_i_$")

MARKER = re.compile(r"^-- (plain-only|extension-only) (begin|end)\s*$")
# statements that only a script run over and over needs; anchored at the
# start of a line, where a statement of the source begins (bodies are
# indented or inside a plain-only block)
PLAIN_TO_EXTENSION = [
    (re.compile(r"^CREATE SCHEMA IF NOT EXISTS ", re.M), "CREATE SCHEMA "),
    (re.compile(r"^CREATE OR REPLACE ", re.M), "CREATE "),
]
# what must not survive into the extension script
EXTENSION_FORBIDDEN = re.compile(r"^CREATE (OR REPLACE|[A-Z ]*?IF NOT EXISTS)\b", re.M)
# psql meta-commands and transaction control: the plain script is run with
# "psql -1 -f", the extension script inside CREATE EXTENSION's transaction
SOURCE_FORBIDDEN = re.compile(
    r"^(\\\S+|(BEGIN|COMMIT|ROLLBACK|START TRANSACTION)\s*;)", re.M | re.I)


# the source may name its version (the schema's comment does): it must be
# the release's
VERSION_MENTION = re.compile(r"\b(?:scru128_sql|SQL edition) (\d+\.\d+(?:\.\d+)?)\b")


class SourceError(Exception):
    pass


def read_version():
    control = (ROOT / "scru128.control").read_text()
    m = re.search(r"^default_version\s*=\s*'([^']+)'", control, re.M)
    if not m:
        raise SourceError("scru128.control: no default_version")
    return m.group(1)


def read_source(src_dir):
    files = sorted(src_dir.glob("*.sql"))
    if not files:
        raise SourceError(f"{src_dir}: no *.sql")
    parts = []
    for f in files:
        text = f.read_text()
        if not text.endswith("\n"):
            text += "\n"
        m = SOURCE_FORBIDDEN.search(text)
        if m:
            line = text.count("\n", 0, m.start()) + 1
            raise SourceError(f"{f.name}:{line}: not allowed in the source: {m.group(0)!r}")
        check_markers(f.name, text)
        parts.append(text)
    return "".join(parts)


def check_version_mentions(source, version):
    for m in VERSION_MENTION.finditer(source):
        if m.group(1) != version:
            line = source.count("\n", 0, m.start()) + 1
            raise SourceError(f"line {line} of the source names version {m.group(1)}; "
                              f"scru128.control says {version}")


def check_markers(name, text):
    """Blocks are closed, not nested, and extension-only lines are comments."""
    inside = None
    for n, line in enumerate(text.splitlines(), 1):
        m = MARKER.match(line)
        if m:
            kind, edge = m.groups()
            if edge == "begin" and inside is None:
                inside = kind
            elif edge == "end" and inside == kind:
                inside = None
            else:
                raise SourceError(f"{name}:{n}: unexpected '{line}'")
        elif inside == "extension-only" and not (line == "--" or line.startswith("-- ")):
            raise SourceError(f"{name}:{n}: an extension-only line must start with '-- '")
    if inside is not None:
        raise SourceError(f"{name}: '-- {inside} begin' is not closed")


def extension_script(source):
    out = []
    inside = None
    for line in source.splitlines():
        m = MARKER.match(line)
        if m:
            inside = m.group(1) if m.group(2) == "begin" else None
            continue
        if inside == "plain-only":
            continue
        if inside == "extension-only":
            line = line[3:]
        out.append(line)
    text = "\n".join(out) + "\n"
    for pattern, replacement in PLAIN_TO_EXTENSION:
        text = pattern.sub(replacement, text)
    m = EXTENSION_FORBIDDEN.search(text)
    if m:
        raise SourceError(
            f"the extension script would keep {m.group(1)!r} in: "
            f"{text[m.start():m.start() + 80].splitlines()[0]!r}; "
            "put that statement in a plain-only block with its extension form beside it")
    return text


def dollar_tag(body):
    """A dollar-quote tag that does not occur in body."""
    n = 0
    while True:
        tag = "$" + EXTNAME + ("_" + str(n) if n else "") + "$"
        if tag not in body:
            return tag
        n += 1


def plain_file(source, version):
    header = f"""\
-- scru128_sql {version}: the SQL edition of scru128, as a plain script.
--
-- SCRU128, SCRU64, SCRU160 and UUIDv7 in SQL and PL/pgSQL only, all in the
-- schema scru128_sql, for servers that cannot load the native extension
-- (managed services).  It needs no superuser and no file on the server: a
-- role with CREATE on the database runs it with
--
--   psql -X -1 -v ON_ERROR_STOP=1 -d DBNAME -f scru128_sql.sql
--
-- Run again (this version or a newer one), it replaces the functions in
-- place; the domain scru128_sql.scru128 and the columns of that type stay.
-- See doc/sql-edition-migration.md.
--
-- Generated by portable/build.py from portable/src/*.sql: edit those.

"""
    return header + source


def pgtle_file(source, version):
    body = extension_script(source)
    for reserved in PGTLE_RESERVED:
        if reserved in body:
            raise SourceError(f"the extension script contains {reserved}, which pg_tle refuses")
    tag = dollar_tag(body)
    assert tag not in body
    quote = "'"
    for s in (version, DESCRIPTION):
        if quote in s:
            raise SourceError(f"a quote in {s!r}")
    return f"""\
-- scru128_sql {version}: the SQL edition of scru128, registered with pg_tle
-- (Trusted Language Extensions), after which CREATE EXTENSION scru128_sql
-- installs it, and DROP EXTENSION scru128_sql removes it.
--
-- A role with pgtle_admin (no superuser needed) runs, once per database:
--
--   psql -X -1 -v ON_ERROR_STOP=1 -d DBNAME -f scru128_sql_pgtle.sql
--   psql -d DBNAME -c 'CREATE EXTENSION scru128_sql'
--
-- For pg_tle 1.4 and later (the optional "schema" argument of 1.5 is not
-- used: the extension makes and owns its schema scru128_sql).
-- See doc/sql-edition-migration.md.
--
-- Generated by portable/build.py from portable/src/*.sql: edit those.

SELECT pgtle.install_extension(
	'{EXTNAME}',
	'{version}',
	'{DESCRIPTION}',
{tag}
{body}{tag}
);

SELECT pgtle.set_default_version('{EXTNAME}', '{version}');
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true",
                    help="compare with the files in --out instead of writing them")
    ap.add_argument("--src", type=pathlib.Path, default=PORTABLE / "src")
    ap.add_argument("--out", type=pathlib.Path, default=PORTABLE)
    args = ap.parse_args()
    try:
        version = read_version()
        source = read_source(args.src)
        check_version_mentions(source, version)
        files = {
            "scru128_sql.sql": plain_file(source, version),
            "scru128_sql_pgtle.sql": pgtle_file(source, version),
        }
    except SourceError as e:
        print(f"build.py: {e}", file=sys.stderr)
        return 2
    drift = 0
    for name, text in files.items():
        path = args.out / name
        if args.check:
            old = path.read_text() if path.exists() else ""
            if old != text:
                drift += 1
                sys.stdout.writelines(difflib.unified_diff(
                    old.splitlines(True), text.splitlines(True),
                    f"{name} (committed)", f"{name} (from portable/src)"))
        else:
            path.write_text(text)
    if drift:
        print(f"build.py: {drift} file(s) differ from portable/src: "
              "run python3 portable/build.py and commit", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
