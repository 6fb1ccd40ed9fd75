#!/bin/bash
# clients/rust/install.sh (as root): Debian's rustc and cargo, and the
# crates the build uses as librust-*-dev packages (crates.io may not be
# reachable: the build is offline, against /usr/share/cargo/registry).
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
apt-get -o DPkg::Lock::Timeout=900 install -y --no-install-recommends \
	rustc cargo \
	librust-postgres-types-dev librust-tokio-postgres-dev librust-bytes-dev \
	librust-tokio-dev librust-futures-util-dev
