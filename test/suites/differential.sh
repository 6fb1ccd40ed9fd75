# test/suites/differential.sh: random queries comparing id OP t, which the
# planner rewrites, with the never-rewritten X_time_OP functions and with
# the ternary partition of the predicate (test/differential, doc/testing.md).
# DIFF_SECONDS bounds each file's queries: 60 s by default on the host (15),
# the full-size run, and 20 s on the other majors, which run the same
# generator to check the rewrite on their planner; the run may take that
# and its setup, so TAP_TIMEOUT is raised to leave 10 minutes more.
# Sourced by test/run.sh, which calls suite_differential.

suite_differential() {
	local tests
	local TAP_TIMEOUT=${TAP_TIMEOUT:-2400}
	local DIFF_SECONDS=${DIFF_SECONDS:-}
	[ -n "$DIFF_SECONDS" ] || { [ "$PG_MAJOR" = 15 ] && DIFF_SECONDS=60 || DIFF_SECONDS=20; }
	export DIFF_SECONDS
	[ "$TAP_TIMEOUT" -ge $((DIFF_SECONDS + 600)) ] || TAP_TIMEOUT=$((DIFF_SECONDS + 600))
	tests=$(cd "$BUILD" && echo test/differential/*.pl)
	run_tap differential "$tests"
}
