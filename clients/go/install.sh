#!/bin/bash
# clients/go/install.sh (as root): Go and pgx v4 with its dependencies as
# Debian packages them (a GOPATH tree under /usr/share/gocode; the Go module
# proxy may not be reachable).
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
apt-get -o DPkg::Lock::Timeout=900 install -y --no-install-recommends \
	golang-go golang-github-jackc-pgx-v4-dev
