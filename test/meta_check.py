#!/usr/bin/env python3
"""Checks that META.json (the PGXN release) agrees with the rest of the tree.

    python3 test/meta_check.py [TOP]

Prints TAP lines, one per check, and exits non-zero if one fails: the
version is scru128.control's default_version (as a semantic version), the
same in provides, at the top of debian/changelog, in the manifests of the
client adapters (clients/*) and in the zip and package file names README.md
and doc/ give to copy; every path it names
exists; the minimum PostgreSQL is debian/pgversions' oldest major; and the
fields PGXN's meta spec 1.0.0 requires are there.
"""

import json
import os
import re
import sys

top = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
results = []


def check(ok, name, detail=""):
    results.append(bool(ok))
    line = "%s %d - %s" % ("ok" if ok else "not ok", len(results), name)
    print(line)
    if not ok and detail:
        print("#   " + detail.replace("\n", "\n#   "))


def read(path):
    with open(os.path.join(top, path), encoding="utf-8") as f:
        return f.read()


def semver(v):
    """'1.2' -> '1.2.0': PGXN versions have three parts, extension versions two"""
    parts = v.split(".")
    while len(parts) < 3:
        parts.append("0")
    return ".".join(parts)


try:
    meta = json.loads(read("META.json"))
    check(True, "META.json is JSON")
except (OSError, ValueError) as e:
    check(False, "META.json is JSON", str(e))
    print("1..%d" % len(results))
    sys.exit(1)

control = read("scru128.control")
m = re.search(r"^default_version\s*=\s*'([^']*)'", control, re.M)
default_version = m.group(1) if m else None
check(default_version, "scru128.control has a default_version")
version = meta.get("version")
check(version == semver(default_version or ""), "version is default_version %r" % default_version,
      "META.json version %r" % version)

for field in ("name", "abstract", "version", "maintainer", "license", "provides"):
    check(meta.get(field), "META.json has %s" % field)
check(meta.get("name") == "scru128", "name is scru128")
check(meta.get("meta-spec", {}).get("version") == "1.0.0", "meta-spec 1.0.0")
check(meta.get("release_status") in ("stable", "testing", "unstable"),
      "release_status is stable, testing or unstable", repr(meta.get("release_status")))

provides = meta.get("provides", {})
check(list(provides) == ["scru128", "scru128_uuidv7compat"],
      "provides the scru128 and scru128_uuidv7compat extensions", repr(list(provides)))
ext = provides.get("scru128", {})
check(ext.get("version") == version, "provides.scru128.version is the release's", repr(ext.get("version")))
check(ext.get("abstract"), "provides.scru128 has an abstract")
for key in ("file", "docfile"):
    path = ext.get(key)
    check(path and os.path.isfile(os.path.join(top, path)), "provides.scru128.%s %r exists" % (key, path))

# the second extension of the package has its own version, its control's
compat = provides.get("scru128_uuidv7compat", {})
m = re.search(r"^default_version\s*=\s*'([^']*)'", read("scru128_uuidv7compat.control"), re.M)
check(m and compat.get("version") == m.group(1) + ".0",
      "provides.scru128_uuidv7compat.version is its control's default_version", repr(compat.get("version")))
check(compat.get("abstract"), "provides.scru128_uuidv7compat has an abstract")
for key in ("file", "docfile"):
    path = compat.get(key)
    check(path and os.path.isfile(os.path.join(top, path)), "provides.scru128_uuidv7compat.%s %r exists" % (key, path))

pg = meta.get("prereqs", {}).get("runtime", {}).get("requires", {}).get("PostgreSQL")
oldest = None
for line in read("debian/pgversions").splitlines():
    m = re.match(r"^(\d+)\+?$", line.strip())
    if m:
        oldest = m.group(1)
check(pg and oldest and pg == oldest + ".0.0",
      "prereqs require PostgreSQL %r, debian/pgversions' oldest major" % pg, "debian/pgversions: %r" % oldest)

# the module magic (PG_MODULE_MAGIC_EXT, 18 and later) names no version of
# its own: the Makefile passes default_version as SCRU128_VERSION
makefile = read("Makefile")
check(re.search(r"^EXTVERSION :?= \$\(shell sed .*default_version.*scru128\.control\)$", makefile, re.M),
      "Makefile reads EXTVERSION from scru128.control's default_version")
check(re.search(r"^PG_CPPFLAGS = .*-DSCRU128_VERSION='\"\$\(EXTVERSION\)\"'", makefile, re.M),
      "Makefile passes it to the C sources as SCRU128_VERSION")
magic = []
for d in ("src/core", "src/pg"):
    for name in sorted(os.listdir(os.path.join(top, d))):
        if name.endswith((".c", ".h")):
            magic += re.findall(r"PG_MODULE_MAGIC_EXT\((.*)\)", read(os.path.join(d, name)))
check(magic and all(re.search(r"\.version = SCRU128_VERSION\b", m) for m in magic),
      "PG_MODULE_MAGIC_EXT takes its version from SCRU128_VERSION", repr(magic))
check(not any(re.search(r'\.version = "', m) for m in magic), "no version literal in the module magic", repr(magic))
check(os.path.isfile(os.path.join(top, "sql", default_version or "-", "00_header.sql"))
      and re.search(r"UPDATE TO '%s'" % re.escape(default_version or "-"),
                    read(os.path.join("sql", default_version or "-", "00_header.sql"))),
      "sql/%s/00_header.sql starts the update script of the release" % default_version)

# the client adapters (clients/*) are released with the extension: each
# manifest carries the release's version, as a semantic version
client_versions = [
    ("clients/node/package.json", lambda t: json.loads(t).get("version")),
    ("clients/drizzle/package.json", lambda t: json.loads(t).get("version")),
    ("clients/node/package-lock.json", lambda t: json.loads(t).get("packages", {}).get("", {}).get("version")),
    ("clients/drizzle/package-lock.json", lambda t: json.loads(t).get("packages", {}).get("", {}).get("version")),
    # the project's own <version>, the first after its <artifactId>
    ("clients/java/pom.xml", lambda t: (re.search(r"<artifactId>scru128-pg</artifactId>\s*<version>([^<]*)</version>", t) or [None, None])[1]),
    ("clients/python/pyproject.toml", lambda t: (re.search(r'^version = "([^"]*)"', t, re.M) or [None, None])[1]),
    ("clients/python/scru128_pg/__init__.py", lambda t: (re.search(r'^__version__ = "([^"]*)"', t, re.M) or [None, None])[1]),
    ("clients/rust/Cargo.toml", lambda t: (re.search(r'^\[package\][^\[]*?^version = "([^"]*)"', t, re.M | re.S) or [None, None])[1]),
    ("clients/ruby/scru128-pg.gemspec", lambda t: (re.search(r'^\s*spec\.version = "([^"]*)"', t, re.M) or [None, None])[1]),
]
# a Go module's version is its git tag: go.mod carries none
clients_without_version = {"go"}
listed = {path.split("/")[1] for path, _ in client_versions}
client_dirs = sorted(d for d in os.listdir(os.path.join(top, "clients"))
                     if os.path.isdir(os.path.join(top, "clients", d)))
check(set(client_dirs) - clients_without_version == listed,
      "every client's manifest is checked here (client_versions)",
      "clients/: %r; checked: %r" % (client_dirs, sorted(listed)))
for path, get in client_versions:
    try:
        got = get(read(path))
    except (OSError, ValueError) as e:
        got = "unreadable: %s" % e
    check(got == version, "%s has version %r" % (path, version), "found %r" % got)

m = re.match(r"^scru128 \(([^)-]*)(-[^)]*)?\)", read("debian/changelog"))
check(m and m.group(1) == version, "debian/changelog is for version %r" % version,
      "debian/changelog: %r" % (m.group(1) if m else None))

# the file names of the release the README and doc/install.md give to
# copy (the PGXN zip, the Debian packages) are this tree's: a command a
# user pastes must name what make dist and dpkg-buildpackage write
deb_revision = m.group(2) if m else None
named = []
for path in ["README.md"] + sorted("doc/" + f for f in os.listdir(os.path.join(top, "doc")) if f.endswith(".md")):
    text = read(path)
    for z in re.findall(r"scru128-(\d+\.\d+\.\d+)\.zip", text):
        named.append((path, "scru128-%s.zip" % z, z == version))
    for v, r in re.findall(r"scru128_(\d+\.\d+\.\d+)(-[0-9A-Za-z.+~]+)_[a-z0-9]+\.deb", text):
        named.append((path, "scru128_%s%s" % (v, r), v == version and r == deb_revision))
check(named and all(ok for _, _, ok in named),
      "the %d zip and package file names in README.md and doc/ are version %r's" % (len(named), version),
      "\n".join("%s: %s" % (p, n) for p, n, ok in named if not ok))

# Shipped releases are never edited: test/shipped.sha256 holds the hash of
# every file of each shipped release (sql/scru128--1.0.sql, sql/X.Y/, the
# SQL edition's portable/released/X.Y/), written once when the release
# ships (CONTRIBUTING.md, "Shipping a release"); every file is still there
# with that hash, and no file was added to a shipped directory.
import hashlib
shipped = {}
shipped_versions = set()
for line in read("test/shipped.sha256").splitlines():
    if line.strip() and not line.startswith("#"):
        digest, path = line.split(None, 1)
        shipped[path] = digest
        m = re.match(r"^(?:sql|portable/released)/(\d+\.\d+)/", path)
        shipped_versions.add(m.group(1) if m else "1.0")
changed = []
for path, digest in sorted(shipped.items()):
    try:
        with open(os.path.join(top, path), "rb") as f:
            got = hashlib.sha256(f.read()).hexdigest()
    except OSError:
        got = "missing"
    if got != digest:
        changed.append("%s: %s" % (path, got))
check(shipped and not changed, "the %d files of the shipped releases %s are as shipped"
      % (len(shipped), ", ".join(sorted(shipped_versions, key=lambda v: tuple(map(int, v.split(".")))))),
      "\n".join(changed))
added = []
for v in shipped_versions - {"1.0"}:
    for d in ("sql/%s" % v, "portable/released/%s" % v):
        if os.path.isdir(os.path.join(top, d)):
            for name in sorted(os.listdir(os.path.join(top, d))):
                if "%s/%s" % (d, name) not in shipped:
                    added.append("%s/%s" % (d, name))
check(not added, "no file was added to a shipped release's directory", "\n".join(added))

resources = meta.get("resources", {})
for name, res in resources.items():
    urls = [res] if isinstance(res, str) else [u for k, u in res.items() if k in ("web", "url", "mailto")]
    check(all(re.match(r"^(https?|git|mailto):", u) for u in urls), "resources.%s are URLs" % name, repr(urls))
    if any(".example/" in u or u.endswith(".example") for u in urls):
        print("# resources.%s is a placeholder (.example): set the project's address before a release" % name)

print("1..%d" % len(results))
sys.exit(0 if all(results) else 1)
