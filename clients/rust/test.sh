#!/bin/bash
# clients/rust/test.sh: builds the crate offline against Debian's
# librust-*-dev crates and runs its tests against the server named by
# PGHOST, PGPORT and PGUSER.  Prints "client tokio-postgres: N passed, N failed".
#
# Nothing is written into this folder: the crate is built in a copy under
# $HOME (Cargo.lock, target/), and the registry replacement lives in a
# CARGO_HOME of its own there.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
cargo=${CARGO:-/usr/bin/cargo}
registry=${DEBIAN_CARGO_REGISTRY:-/usr/share/cargo/registry}
build=${SCRU128_RUST_BUILD:-$HOME/.cache/scru128-clients-rust}

mkdir -p "$build/cargo-home" "$build/crate"
cat >"$build/cargo-home/config.toml" <<TOML
[source.crates-io]
replace-with = "debian"

[source.debian]
directory = "$registry"

[net]
offline = true
TOML
rm -rf "$build/crate/src" "$build/crate/tests"
cp -r "$here/Cargo.toml" "$here/src" "$here/tests" "$build/crate/"

# the TypeID spec's test data, which the tests read from the repository
export SCRU128_TYPEID_VECTORS=${SCRU128_TYPEID_VECTORS:-$(cd "$here/../../test/vectors/typeid" && pwd)}

# Debian's rustc, whatever rustup may have put first on PATH
export RUSTC=${RUSTC:-/usr/bin/rustc} RUSTDOC=${RUSTDOC:-/usr/bin/rustdoc}
export CARGO_HOME="$build/cargo-home" CARGO_TARGET_DIR="$build/target"
# no debug info: a fifth less CPU for the ~60 crates built from source
export CARGO_PROFILE_DEV_DEBUG=${CARGO_PROFILE_DEV_DEBUG:-0}
log="$build/cargo-test.log"
rm -f "$log"; : >"$log"
start=$SECONDS
cd "$build/crate"
"$cargo" test --offline 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
echo "# cargo test took $((SECONDS - start)) s (build included)"

passed=0 failed=0
while read -r p f; do
	passed=$((passed + p)) failed=$((failed + f))
done < <(sed -nE 's/^test result: [a-zA-Z]+\. ([0-9]+) passed; ([0-9]+) failed;.*/\1 \2/p' "$log")
# a build or harness failure counts as a failure, not as nothing run
if [ "$status" != 0 ] && [ "$failed" = 0 ]; then
	failed=1
fi
echo "client tokio-postgres: $passed passed, $failed failed"
[ "$status" = 0 ]
