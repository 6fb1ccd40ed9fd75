# test/suites/cdc.sh: logical decoding of tables keyed by every ID type
# through pgoutput (text and binary), test_decoding, wal2json and
# decoderbufs (test/t/620_cdc.pl, doc/cdc.md).  Sourced by test/run.sh,
# which calls suite_cdc.  wal2json and decoderbufs are Debian packages that
# test/lib.sh installs where Debian has them; the test says which plugin it
# leaves out on a server without it (the 16.2 build) and why.

suite_cdc() {
	run_tap cdc test/t/620_cdc.pl
}
