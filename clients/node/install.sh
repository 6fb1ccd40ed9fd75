#!/usr/bin/env bash
# Installs what clients/node/test.sh needs, as root on Debian 12: Node.js
# 18 and npm from Debian (the packages themselves come from the npm
# registry, by npm ci in test.sh).  A nodejs package from elsewhere that
# brings its own npm (NodeSource's, which conflicts with Debian's npm) is
# kept as it is.
set -euo pipefail
pkgs=()
dpkg-query -W -f='${Status}' nodejs 2>/dev/null | grep -q 'ok installed' || pkgs+=(nodejs)
if ! dpkg-query -W -f='${Provides}' nodejs 2>/dev/null | grep -qw npm &&
	! dpkg-query -W -f='${Status}' npm 2>/dev/null | grep -q 'ok installed'; then
	pkgs+=(npm)
fi
[ ${#pkgs[@]} -eq 0 ] && exit 0
export DEBIAN_FRONTEND=noninteractive
apt-get -o DPkg::Lock::Timeout=900 update -qq
apt-get -o DPkg::Lock::Timeout=900 install -y -qq --no-install-recommends "${pkgs[@]}" >/dev/null
