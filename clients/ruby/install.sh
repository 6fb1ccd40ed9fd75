#!/bin/bash
# clients/ruby/install.sh (as root): Debian's ruby-pg and ActiveRecord 6.1;
# minitest (bundled with Debian's ruby), which the tests use.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
apt-get -o DPkg::Lock::Timeout=900 install -y --no-install-recommends \
	ruby ruby-pg ruby-activerecord
