#!/bin/bash
# clients/ruby/test.sh: runs the gem's minitest suites against the server
# named by PGHOST, PGPORT, PGUSER and PGDATABASE, one process per client.
# Prints "client ruby-pg: N passed, N failed" and
# "client activerecord: N passed, N failed"; a skipped test counts as failed.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
status=0

run() {
	local client=$1 file=$2 log start out rc runs failures errors skips
	log=$(mktemp)
	start=$SECONDS
	ruby -I"$here/lib" "$here/test/$file" 2>&1 | tee "$log"
	rc=${PIPESTATUS[0]}
	echo "# $client took $((SECONDS - start)) s"
	out=$(grep -E '^[0-9]+ runs, [0-9]+ assertions, [0-9]+ failures, [0-9]+ errors, [0-9]+ skips' "$log" | tail -1)
	rm -f "$log"
	if [[ $out =~ ^([0-9]+)\ runs,\ [0-9]+\ assertions,\ ([0-9]+)\ failures,\ ([0-9]+)\ errors,\ ([0-9]+)\ skips ]]; then
		runs=${BASH_REMATCH[1]} failures=${BASH_REMATCH[2]} errors=${BASH_REMATCH[3]} skips=${BASH_REMATCH[4]}
	else
		runs=0 failures=0 errors=0 skips=0
	fi
	local failed=$((failures + errors + skips))
	# a crash before the summary counts as a failure, not as nothing run
	if [ "$rc" != 0 ] && [ "$failed" = 0 ]; then
		failed=1
	fi
	[ "$failed" = 0 ] || status=1
	echo "client $client: $((runs - failures - errors - skips)) passed, $failed failed"
}

run ruby-pg test_pg.rb
run activerecord test_active_record.rb
exit $status
