"""Runs the tests of one client and prints "client NAME: N passed, N failed"
on standard output (the unittest report goes to standard error).  A test
that cannot run, a skip included, counts as failed."""

import os
import sys
import traceback
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# the value classes' own tests (no server) count with the first client
MODULES = {
    "psycopg3": ["tests.test_values", "tests.test_psycopg3"],
    "psycopg2": ["tests.test_psycopg2"],
    "asyncpg": ["tests.test_asyncpg"],
    "sqlalchemy": ["tests.test_sqlalchemy"],
    "django": ["tests.test_django"],
}


def main(name):
    try:
        suite = unittest.defaultTestLoader.loadTestsFromNames(MODULES[name])
    except Exception:
        traceback.print_exc()
        print("client %s: 0 passed, 1 failed" % name, flush=True)
        return 1
    result = unittest.TextTestRunner(stream=sys.stderr, verbosity=2).run(suite)
    failed = (len(result.failures) + len(result.errors) + len(result.skipped)
              + len(result.unexpectedSuccesses))
    if result.testsRun == 0:
        failed += 1
    passed = result.testsRun - failed if result.testsRun else 0
    sys.stderr.flush()
    print("client %s: %d passed, %d failed" % (name, max(passed, 0), failed), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
