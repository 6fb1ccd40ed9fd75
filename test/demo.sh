#!/usr/bin/env bash
# Sets everything up on a fresh Debian 12 machine (as root) and runs a short
# SQL session against a throwaway cluster: bash test/demo.sh
source "$(dirname "$0")/lib.sh"
become_root "$@"

install_packages
build_and_install
start_cluster
psql_user -e -f "$BUILD/test/demo.sql"
