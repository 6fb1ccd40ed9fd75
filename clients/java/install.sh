#!/usr/bin/env bash
# Installs what clients/java/test.sh needs, as root on Debian 12: pgjdbc
# (libpostgresql-jdbc-java, 42.5) and a JDK (17).  Nothing comes from Maven
# Central: test.sh compiles with javac against Debian's jar.
set -euo pipefail
pkgs=()
for p in libpostgresql-jdbc-java default-jdk-headless; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || pkgs+=("$p")
done
[ ${#pkgs[@]} -eq 0 ] && exit 0
export DEBIAN_FRONTEND=noninteractive
apt-get -o DPkg::Lock::Timeout=900 update -qq
apt-get -o DPkg::Lock::Timeout=900 install -y -qq --no-install-recommends "${pkgs[@]}" >/dev/null
