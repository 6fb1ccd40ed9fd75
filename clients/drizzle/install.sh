#!/usr/bin/env bash
# Installs what clients/drizzle/test.sh needs, as root on Debian 12:
# Node.js and npm (the npm packages come from the npm registry, by npm ci in
# test.sh).  A node that brings its own npm (NodeSource's) is kept.
set -euo pipefail
command -v node >/dev/null && command -v npm >/dev/null && exit 0
export DEBIAN_FRONTEND=noninteractive
apt-get -o DPkg::Lock::Timeout=900 update -qq
apt-get -o DPkg::Lock::Timeout=900 install -y -qq --no-install-recommends nodejs npm >/dev/null
