#!/bin/bash
# clients/python/test.sh: the Python adapters against a live server.
#
# Needs PGHOST, PGPORT, PGUSER (allowed to create databases) and the
# extension installed on that server; each client gets a database of its
# own (clients_py_*), where its test creates the extension.  Prints one line
# "client NAME: N passed, N failed" per client on standard output, the
# unittest reports on standard error.  Debian's python3 and python3-*
# packages (install.sh), nothing from PyPI.
set -u
cd "$(dirname "$0")"
PYTHON=${PYTHON:-/usr/bin/python3}
export PYTHONDONTWRITEBYTECODE=1
status=0
for client in psycopg3 psycopg2 asyncpg sqlalchemy django; do
	"$PYTHON" tests/run.py "$client" || status=1
done
exit $status
