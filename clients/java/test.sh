#!/usr/bin/env bash
# Compiles the pgjdbc adapter and its test program with javac against
# Debian's pgjdbc (/usr/share/java/postgresql.jar, or PGJDBC_JAR) and runs
# it against the server PGHOST, PGPORT, PGUSER and PGDATABASE point at (run
# by test/suites/clients.sh as an unprivileged user; the test makes a
# database of its own).  Prints "client pgjdbc: N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")"
jar=${PGJDBC_JAR:-/usr/share/java/postgresql.jar}
fail() {
	echo "$1" >&2
	echo "client pgjdbc: 0 passed, 1 failed"
	exit 1
}
[ -f "$jar" ] || fail "$jar not found: run install.sh as root (libpostgresql-jdbc-java)"
command -v javac >/dev/null || fail "javac not found: run install.sh as root (default-jdk-headless)"
# the ULID and TypeID checks read test/vectors (the TypeID spec's valid.yml
# and invalid.yml among them)
export SCRU128_VECTORS=${SCRU128_VECTORS:-$PWD/../../test/vectors}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
javac -Xlint:all -Werror --release 17 -d "$out" -cp "$jar" \
	$(find src/main/java src/test/java -name '*.java' | sort) >&2 || fail "javac failed"
echo "java $(java -version 2>&1 | head -1), pgjdbc $(unzip -p "$jar" META-INF/MANIFEST.MF 2>/dev/null | sed -n 's/^Implementation-Version: *//p' | tr -d '\r')" >&2
timeout 600 java -cp "$out:$jar" io.github.scru128.pg.ClientTest
