#!/usr/bin/env bash
# Tests the Drizzle ORM column types against the server PGHOST, PGPORT,
# PGUSER and PGDATABASE point at (run by test/suites/clients.sh as an
# unprivileged user; the test makes a database of its own).  Prints
# "client drizzle: N passed, N failed" and exits non-zero if a test failed.
# Runs /usr/bin/node (Debian's, what CI has) and the npm beside it, unless
# SCRU128_NODE names another node.
set -uo pipefail
cd "$(dirname "$0")"

fail() {
	echo "$1" >&2
	echo "client drizzle: 0 passed, 1 failed"
	exit 1
}

node=${SCRU128_NODE:-/usr/bin/node}
npm=$(dirname "$node")/npm
[ -x "$npm" ] || npm=$(command -v npm || true)
[ -x "$node" ] && [ -n "$npm" ] || fail "node ($node) or npm not found: run install.sh as root"
# npm and drizzle-kit start "#!/usr/bin/env node": this node first on PATH
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
ln -s "$node" "$bin/node"
export PATH="$bin:$PATH"
echo "node $(node --version), npm $("$npm" --version 2>/dev/null)" >&2
"$npm" ci --no-audit --no-fund >&2 || fail "npm ci failed"

tap=$(timeout 600 node --test --test-reporter=tap test/drizzle.test.mjs 2>&1)
status=$?
passed=$(sed -n 's/^# pass \([0-9][0-9]*\)$/\1/p' <<<"$tap" | tail -1)
failed=$(sed -n 's/^# fail \([0-9][0-9]*\)$/\1/p' <<<"$tap" | tail -1)
[ -n "$passed" ] && [ -n "$failed" ] || { passed=${passed:-0} failed=$((${failed:-0} + 1)); }
# a run that failed outside a test (a hook, a crash) still fails
[ "$status" != 0 ] && [ "$failed" = 0 ] && failed=1
[ "$failed" = 0 ] || echo "$tap" >&2
echo "client drizzle: $passed passed, $failed failed"
[ "$failed" = 0 ]
