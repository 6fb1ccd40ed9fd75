#!/bin/bash
# clients/python/install.sh: Debian 12's packages the Python adapters and
# their tests use (run as root).
set -eu
export DEBIAN_FRONTEND=noninteractive
apt-get -o DPkg::Lock::Timeout=900 install -y --no-install-recommends \
	python3 python3-psycopg python3-psycopg2 python3-asyncpg \
	python3-sqlalchemy python3-django
