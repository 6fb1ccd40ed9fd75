# test/suites/differential.sh: random queries comparing id OP t, which the
# planner rewrites, with the never-rewritten X_time_OP functions and with
# the ternary partition of the predicate (test/differential, doc/testing.md).
# Sourced by test/run.sh, which calls suite_differential.

suite_differential() {
	local tests
	tests=$(cd "$BUILD" && echo test/differential/*.pl)
	run_tap differential "$tests"
}
