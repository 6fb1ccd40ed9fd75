# test/suites/node.sh: a real client against the extension: the `pg`
# driver and the reference JavaScript implementation (npm `scru128`), see
# test/node/scru128.test.mjs; and the npm `uuid` package against the UUID
# functions, test/node/uuid.test.mjs.  Every test/node/*.test.mjs runs, one
# file at a time (each creates the extension if it is missing).  Sourced by
# test/run.sh, which calls
# suite_node.  Needs node (18+), npm and access to the npm registry.
#
# It runs the node and npm of the distribution's nodejs package
# (/usr/bin/node, Node 18 on Debian 12, installed by lib.sh's
# install_packages), not whatever node comes first on PATH (nvm,
# /usr/local): a newer Node there once hid that the suite failed on
# Debian 12's.  SCRU128_NODE=/path/to/node runs another node on purpose.

suite_node() {
	local dir="$BUILD/test/node" out="$WORK/node.log" tap="$WORK/node.tap" rc=0
	local node=${SCRU128_NODE:-/usr/bin/node} npm bin="$WORK/node-bin" pkg
	# npm beside that node (Debian's /usr/bin/npm, or the one of a node
	# tree given by SCRU128_NODE), else the first on PATH
	npm=$(dirname "$node")/npm
	[ -x "$npm" ] || npm=$(command -v npm || true)
	if [ ! -x "$node" ] || [ -z "$npm" ]; then
		log "node: $node or npm not found (Debian: apt-get install nodejs npm)"
		suite_failed node
		return
	fi
	# a directory first on PATH with only these two, so that npm's own
	# "#!/usr/bin/env node" and everything else started finds this node
	mkdir -p "$bin"
	ln -sf "$node" "$bin/node"
	ln -sf "$npm" "$bin/npm"
	pkg=$(dpkg-query -S "$(readlink -f "$node")" 2>/dev/null | cut -d: -f1 || true)
	if [ -n "$pkg" ]; then
		pkg="package $pkg $(dpkg-query -W -f='${Version}, from ${Maintainer}' "$pkg" 2>/dev/null || true)"
	else
		pkg="no Debian package"
	fi
	log "node: $node $("$node" --version) ($pkg), npm $(PATH="$bin:$PATH" "$npm" --version 2>/dev/null || echo '?')"
	# npm's cache goes to $HOME/.npm, so HOME must be writable by the user
	if ! as_user env HOME="$WORK" PATH="$bin:$PGBIN:$PATH" npm ci --prefix "$dir" --no-audit --no-fund >"$out" 2>&1; then
		cat "$out"
		log "node: npm ci failed"
		suite_failed node
		return
	fi
	local files
	files=$(cd "$dir" && ls *.test.mjs)
	as_user env -C "$dir" HOME="$WORK" PATH="$bin:$PGBIN:$PATH" timeout 900 \
		node --test --test-concurrency=1 --test-reporter=tap $files >"$tap" 2>&1 || rc=$?
	grep -E '^[[:space:]]*(not ok|# (stream|entropy|counter_lo|tests|pass|fail))' "$tap" | sed 's/^[[:space:]]*//' || true
	# count the tests, not the three describe() blocks that group them
	grep -vE '^[[:space:]]*(not )?ok [0-9]+ - \([abc]\) ' "$tap" >"$tap.leaves" || true
	record_tap node "$tap.leaves"
	if [ "$rc" != 0 ]; then
		cat "$tap"
		log "node: node --test exited with $rc"
		suite_failed node
	fi
}
