# test/suites/timescaledb.sh: hypertables keyed by scru128, scru160, scru64
# and ulid (partition_func) and by uuid holding UUIDv7 (TimescaleDB's own
# dimension): chunk exclusion at plan time and at executor start, time
# buckets, and what TimescaleDB refuses (test/t/610_timescaledb.pl,
# doc/timescaledb.md).  Sourced by test/run.sh, which calls
# suite_timescaledb on the majors where Debian packages TimescaleDB and
# test/lib.sh installs it (17, 18); the test fails there if it is missing.

suite_timescaledb() {
	run_tap timescaledb test/t/610_timescaledb.pl
}
