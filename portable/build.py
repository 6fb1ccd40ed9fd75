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

Every release's two files as shipped are kept in portable/released/VERSION/
(never edited).  For each of them the pg_tle file also registers an update
path VERSION -> this version, whose script is derived, statement by
statement, from the shipped extension script and this one (update_script):
a statement the old script has word for word is left out, a function is
created with CREATE OR REPLACE (a member of the extension is replaced in
place, a new one joins it), a function that is gone is dropped, and any
other statement is kept when it creates an object the old script did not
have or is a COMMENT, GRANT, REVOKE, DO or SELECT (safe to run again); a
changed CREATE of anything else stops the build: write its step by hand in
portable/update/VERSION.sql, which goes first in that update script, after
the DO blocks that open the extension script (its checks of the role and
of the installation), which go into every update script, changed or not.
The pg_tle file makes this version the default and removes each released
version's own script before it registers the update paths.
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
RELEASED = PORTABLE / "released"
HAND_UPDATES = PORTABLE / "update"

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


def split_statements(text):
    """The top-level statements of a script, each without the comment lines
    before it and with its ';'.  Knows -- comments, '' and "" quotes and
    dollar quotes, which is all the source uses."""
    out = []
    i = 0
    start = None
    n = len(text)
    while i < n:
        c = text[i]
        if c in " \t\r\n":
            i += 1
            continue
        if text.startswith("--", i):
            i = text.find("\n", i)
            i = n if i < 0 else i + 1
            continue
        if start is None:
            start = i
        if c in "'\"":
            j = i + 1
            while True:
                j = text.find(c, j)
                if j < 0:
                    raise SourceError(f"an unclosed quote {c} at offset {i}")
                if text.startswith(c, j + 1):
                    j += 2
                    continue
                break
            i = j + 1
        elif c == "$":
            m = re.match(r"\$([A-Za-z_][A-Za-z_0-9]*)?\$", text[i:])
            if m:
                end = text.find(m.group(0), i + len(m.group(0)))
                if end < 0:
                    raise SourceError(f"an unclosed dollar quote {m.group(0)} at offset {i}")
                i = end + len(m.group(0))
            else:
                i += 1
        elif c == ";":
            out.append(text[start:i + 1])
            start = None
            i += 1
        else:
            i += 1
    if start is not None and text[start:].strip():
        raise SourceError(f"a statement without ';' at the end: {text[start:start + 60]!r}")
    return out


def normalize(stmt):
    """A statement with its whitespace runs made one space (outside quotes the
    source does not care; inside function bodies a change of layout is a
    change, and is treated as one)."""
    return re.sub(r"\s+", " ", stmt.strip())


FUNCTION_HEAD = re.compile(r"^CREATE (?:OR REPLACE )?FUNCTION ([\w.]+)\(", re.I)


def function_signature(stmt):
    """'schema.name(type, ...)' of a CREATE FUNCTION (argument names, modes
    and defaults left out), or None."""
    m = FUNCTION_HEAD.match(stmt)
    if not m:
        return None
    depth, i = 1, m.end()
    while depth:
        if stmt[i] == "(":
            depth += 1
        elif stmt[i] == ")":
            depth -= 1
        i += 1
    args = stmt[m.end():i - 1]
    types = []
    for a in (x.strip() for x in args.split(",")) if args.strip() else []:
        a = re.split(r"\s+DEFAULT\s+|\s*=\s*", a, flags=re.I)[0]
        words = a.split()
        if words and words[0].upper() in ("IN", "OUT", "INOUT", "VARIADIC"):
            words = words[1:]
        # "name type..." unless the first word is itself the start of a type
        if len(words) > 1 and not re.match(r"^(pg_catalog\.|scru128_sql\.|timestamp|double|character|bit|time)", words[0], re.I):
            words = words[1:]
        types.append(" ".join(words))
    return f"{m.group(1)}({', '.join(types)})"


def statement_key(stmt):
    """What a statement makes: ('function', signature), ('create', 'CREATE
    KIND name'), or (its first word, its text)."""
    norm = normalize(stmt)
    sig = function_signature(norm)
    if sig:
        return ("function", sig)
    m = re.match(r"^CREATE (?:OR REPLACE )?((?:UNLOGGED )?[A-Z]+(?: [A-Z]+)*?) (?:IF NOT EXISTS )?([\w.]+\S*)", norm)
    if m:
        key = f"CREATE {m.group(1)} {m.group(2)}"
        if m.group(1) == "OPERATOR":
            # an operator is its name and its operand types
            args = re.findall(r"\b(LEFTARG|RIGHTARG)\s*=\s*([^,)]+)", norm, re.I)
            key += "(" + ", ".join(f"{k.upper()}={v.strip()}" for k, v in sorted(args)) + ")"
        return ("create", key)
    if norm.upper().startswith("CREATE "):
        # CREATE CAST (a AS b) and the like: the statement is its own key
        return ("create", norm)
    return (norm.split(" ", 1)[0].upper(), norm)


RERUNNABLE = ("COMMENT", "GRANT", "REVOKE", "DO", "SELECT", "ALTER")


def update_script(old_ext, new_ext, hand=""):
    """The extension update script from the extension script old_ext to
    new_ext (both as CREATE EXTENSION runs them)."""
    old = split_statements(old_ext)
    new = split_statements(new_ext)
    old_text = {normalize(s) for s in old}
    old_keys = {}
    for s in old:
        old_keys.setdefault(statement_key(s), s)
    new_keys = {statement_key(s) for s in new}
    # the checks before the schema is created (the DO blocks that open the
    # script) go first, and into every update, even when unchanged: they
    # refuse a role or an installation the update must not go on with
    guards = []
    while new and statement_key(new[0])[0] == "DO":
        guards.append(new.pop(0).strip())
    out = []
    for s in old:
        kind, key = statement_key(s)
        if kind == "function" and (kind, key) not in new_keys:
            out.append(f"DROP FUNCTION {key};")
    for s in new:
        if normalize(s) in old_text:
            continue
        kind, key = statement_key(s)
        if kind == "function":
            out.append(FUNCTION_HEAD.sub(lambda m: f"CREATE OR REPLACE FUNCTION {m.group(1)}(", s.strip(), count=1))
        elif kind == "create":
            if (kind, key) in old_keys:
                raise SourceError(
                    f"{key} differs from the released one: an update cannot re-create it; "
                    f"write its update step in {HAND_UPDATES.name}/VERSION.sql "
                    f"and keep the CREATE as it was")
            out.append(s.strip())
        elif kind in RERUNNABLE:
            out.append(s.strip())
        else:
            raise SourceError(f"no update rule for a changed statement: {s.strip()[:80]!r}")
    if hand:
        out.insert(0, hand.rstrip("\n"))
    return "\n\n".join(guards + out) + "\n"


def released_versions():
    """{version: the shipped pg_tle file's extension script}, oldest first."""
    out = {}
    if not RELEASED.is_dir():
        return out
    def vkey(p):
        return tuple(int(x) for x in re.findall(r"\d+", p.name))
    for d in sorted((p for p in RELEASED.iterdir() if p.is_dir()), key=vkey):
        text = (d / "scru128_sql_pgtle.sql").read_text()
        # 1.3 passed the script to install_extension(); 1.4 and later to
        # install_extension() or install_extension_version_sql() through a CTE
        m = (re.search(r"^\s*'[^']*',\n(\$[a-z0-9_]+\$)\n(.*?)^\1\n\);$", text, re.M | re.S) or
             re.search(r"^WITH script\(ext\) AS \(VALUES \(\n(\$[a-z0-9_]+\$)\n(.*?)^\1\n\)\)$", text, re.M | re.S))
        if not m:
            raise SourceError(f"{d}/scru128_sql_pgtle.sql: no install_extension body found")
        out[d.name] = m.group(2)
    return out


def update_paths(source, version):
    """[(from_version, update script)] for every released version before this one."""
    new_ext = extension_script(source)
    paths = []
    for old_version, old_ext in released_versions().items():
        if old_version == version:
            continue
        hand_file = HAND_UPDATES / f"{old_version}.sql"
        hand = hand_file.read_text() if hand_file.exists() else ""
        paths.append((old_version, update_script(old_ext, new_ext, hand)))
    return paths


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


# the released versions whose extension script does not check the creating
# role (1.4 added the check)
NO_ROLE_CHECK = {"1.3"}


def removal(old):
    """SQL that removes released version old's own script from pg_tle."""
    uninstall = f"""SELECT pgtle.uninstall_extension(v.name, v.version)
FROM pgtle.available_extension_versions() AS v
WHERE v.name OPERATOR(pg_catalog.=) '{EXTNAME}' AND v.version OPERATOR(pg_catalog.=) '{old}'
	AND NOT EXISTS (SELECT FROM pg_catalog.pg_extension AS e WHERE e.extname OPERATOR(pg_catalog.=) '{EXTNAME}');
"""
    if old not in NO_ROLE_CHECK:
        return f"""-- {old}'s own script removed (with the update paths from and to {old}): only
-- this version is created, an installed earlier one is updated to it.
-- pg_tle keeps it while an installed extension depends on it (one created
-- at {old}, even once updated).
{uninstall}"""
    return f"""-- {old}'s own script removed (with the update paths from and to {old}): it
-- lacks the check above, so CREATE EXTENSION {EXTNAME} VERSION '{old}' would
-- let any role with CREATE on the database create the extension and own its
-- functions.  pg_tle keeps it while an installed extension depends on it
-- (one created at {old}, even once updated); that extension stands in the
-- way of CREATE EXTENSION, and a warning says to remove the script after
-- DROP EXTENSION.
{uninstall}DO $do$
BEGIN
	IF EXISTS (SELECT FROM pgtle.available_extension_versions() AS v
			WHERE v.name OPERATOR(pg_catalog.=) '{EXTNAME}' AND v.version OPERATOR(pg_catalog.=) '{old}') THEN
		RAISE WARNING USING
			MESSAGE = 'version {old} of extension {EXTNAME} stays registered: the installed extension depends on its script',
			DETAIL = 'Version {old} has no check of the creating role: with the extension dropped, any role with CREATE on the database could create it and own its functions.',
			HINT = 'Whenever you DROP EXTENSION {EXTNAME}, run SELECT pgtle.uninstall_extension(''{EXTNAME}'', ''{old}''); in the same transaction.';
	END IF;
END
$do$;
"""


def pgtle_file(source, version):
    body = extension_script(source)
    paths = update_paths(source, version)
    for text in [body] + [u for _, u in paths]:
        for reserved in PGTLE_RESERVED:
            if reserved in text:
                raise SourceError(f"the extension script contains {reserved}, which pg_tle refuses")
    tag = dollar_tag(body + "".join(u for _, u in paths))
    quote = "'"
    for s in (version, DESCRIPTION) + tuple(v for v, _ in paths):
        if quote in s:
            raise SourceError(f"a quote in {s!r}")
    updates = "".join(f"""
{removal(old)}
-- the update from {old} (ALTER EXTENSION {EXTNAME} UPDATE), replaced if this
-- file registered it before
SELECT pgtle.uninstall_update_path_if_exists('{EXTNAME}', '{old}', '{version}');
SELECT pgtle.install_update_path('{EXTNAME}', '{old}', '{version}',
{tag}
{script}{tag}
);
""" for old, script in paths)
    return f"""\
-- scru128_sql {version}: the SQL edition of scru128, registered with pg_tle
-- (Trusted Language Extensions), after which CREATE EXTENSION scru128_sql
-- installs it, ALTER EXTENSION scru128_sql UPDATE brings an installed
-- earlier version up to it, and DROP EXTENSION scru128_sql removes it.
--
-- A role with pgtle_admin (no superuser needed) runs, once per database:
--
--   psql -X -1 -v ON_ERROR_STOP=1 -d DBNAME -f scru128_sql_pgtle.sql
--   psql -d DBNAME -c 'CREATE EXTENSION scru128_sql'
--
-- For pg_tle 1.4 and later (the optional "schema" argument of 1.5 is not
-- used: the extension makes and owns its schema scru128_sql).  Where an
-- earlier version is registered, this version is added beside it, made the
-- default, and the earlier version's own script is removed: an installed
-- earlier version is updated, never created any more.
-- See doc/sql-edition-migration.md.
--
-- Generated by portable/build.py from portable/src/*.sql: edit those.

WITH script(ext) AS (VALUES (
{tag}
{body}{tag}
))
SELECT CASE WHEN EXISTS (SELECT FROM pgtle.available_extensions() AS a WHERE a.name OPERATOR(pg_catalog.=) '{EXTNAME}')
	THEN pgtle.install_extension_version_sql('{EXTNAME}', '{version}', ext)
	ELSE pgtle.install_extension('{EXTNAME}', '{version}', '{DESCRIPTION}', ext)
	END
FROM script;

-- the default first: pg_tle does not remove the default version
SELECT pgtle.set_default_version('{EXTNAME}', '{version}');
{updates}"""


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
