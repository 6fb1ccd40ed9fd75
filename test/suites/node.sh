# test/suites/node.sh: a real client against the extension: the `pg`
# driver and the reference JavaScript implementation (npm `scru128`), see
# test/node/scru128.test.mjs; and the npm `uuid` package against the UUID
# functions, test/node/uuid.test.mjs.  Every test/node/*.test.mjs runs, one
# file at a time (each creates the extension if it is missing).  Sourced by
# test/run.sh, which calls
# suite_node.  Needs node (18+), npm and access to the npm registry.

suite_node() {
	local dir="$BUILD/test/node" out="$WORK/node.log" tap="$WORK/node.tap" rc=0
	if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
		log "node: node or npm not found"
		suite_failed node
		return
	fi
	# npm's cache goes to $HOME/.npm, so HOME must be writable by the user
	if ! as_user env HOME="$WORK" npm ci --prefix "$dir" --no-audit --no-fund >"$out" 2>&1; then
		cat "$out"
		log "node: npm ci failed"
		suite_failed node
		return
	fi
	local files
	files=$(cd "$dir" && ls *.test.mjs)
	as_user env -C "$dir" HOME="$WORK" timeout 900 \
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
