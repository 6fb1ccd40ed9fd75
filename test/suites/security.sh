# test/suites/security.sh: the attacks of doc/security.md's threat model,
# one TAP file per surface under test/security (objects found by name,
# locks taken before privilege checks, pg_tle's registration and version
# routes, session state through a pooler, what reaches logs).  Each attack
# is reproduced as the role the threat model names and must fail, and the
# victim's result must stay right.  A file whose surface needs something
# this server lacks (pg_tle, PgBouncer, TimescaleDB) says so with skip_all,
# and under CI=true it fails instead.  Sourced by test/run.sh, which calls
# suite_security; it runs after pgtle, which installs pg_tle.

suite_security() {
	local tests
	tests=$(cd "$BUILD" && echo test/security/*.pl)
	run_tap security "$tests"
}
