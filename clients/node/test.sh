#!/usr/bin/env bash
# Tests the Node.js adapter against the server PGHOST, PGPORT, PGUSER and
# PGDATABASE point at (run by test/suites/clients.sh as an unprivileged
# user; the tests make databases of their own).  Prints one line per
# driver, "client NAME: N passed, N failed", and exits non-zero if any
# test failed.
#
# Like test/suites/node.sh it runs /usr/bin/node (Debian 12's nodejs is
# Node 18) with the npm beside it, not whatever node comes
# first on PATH; SCRU128_NODE=/path/to/node runs another on purpose.
set -uo pipefail
cd "$(dirname "$0")"
CLIENTS=(node-postgres:test/pg.test.mjs postgres.js:test/postgres.test.mjs)

all_failed() {
	echo "$1" >&2
	for c in "${CLIENTS[@]}"; do echo "client ${c%%:*}: 0 passed, 1 failed"; done
	exit 1
}

node=${SCRU128_NODE:-/usr/bin/node}
npm=$(dirname "$node")/npm
[ -x "$npm" ] || npm=$(command -v npm || true)
[ -x "$node" ] && [ -n "$npm" ] || all_failed "node ($node) or npm not found: run install.sh as root"
# a directory first on PATH with only these two, so that npm's own
# "#!/usr/bin/env node" finds this node
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
ln -s "$node" "$bin/node"
ln -s "$npm" "$bin/npm"
export PATH="$bin:$PATH"
echo "node $(node --version), npm $(npm --version 2>/dev/null)" >&2
npm ci --no-audit --no-fund >&2 || all_failed "npm ci failed"

rc=0
for c in "${CLIENTS[@]}"; do
	name=${c%%:*} file=${c#*:}
	tap=$(timeout 600 node --test --test-reporter=tap "$file" 2>&1)
	status=$?
	passed=$(sed -n 's/^# pass \([0-9][0-9]*\)$/\1/p' <<<"$tap" | tail -1)
	failed=$(sed -n 's/^# fail \([0-9][0-9]*\)$/\1/p' <<<"$tap" | tail -1)
	if [ -z "$passed" ] || [ -z "$failed" ]; then
		passed=${passed:-0} failed=$((${failed:-0} + 1))
	fi
	# a run that failed without a failed test (a hook, a crash) still fails
	[ "$status" != 0 ] && [ "$failed" = 0 ] && failed=1
	if [ "$failed" != 0 ]; then
		echo "$tap" >&2
		rc=1
	fi
	echo "client $name: $passed passed, $failed failed"
done
exit $rc
