#!/bin/bash
# clients/go/test.sh: runs the pgx v4 adapter's tests against the server
# named by PGHOST, PGPORT, PGUSER and PGDATABASE.  Prints
# "client pgx: N passed, N failed" (tests and subtests of go test -v).
#
# Offline, in GOPATH mode: Debian's golang-*-dev packages install pgx v4
# and its dependencies as a GOPATH tree under /usr/share/gocode, and the Go
# module proxy may not be reachable.  The package is linked into a GOPATH
# of its own under $HOME, where the build cache goes too.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
import_path=$(sed -n 's/^module //p' "$here/go.mod")
build=${SCRU128_GO_BUILD:-$HOME/.cache/scru128-clients-go}
mkdir -p "$build/gopath/src/$(dirname "$import_path")"
ln -sfn "$here" "$build/gopath/src/$import_path"

# the ULID and TypeID tests read the vectors of test/vectors (the TypeID
# spec's valid.yml and invalid.yml among them)
export SCRU128_VECTORS=${SCRU128_VECTORS:-$here/../../test/vectors}
export GO111MODULE=off GOFLAGS= GOPATH="$build/gopath:${DEBIAN_GOPATH:-/usr/share/gocode}" \
	GOCACHE="$build/cache" GOTOOLCHAIN=local
log="$build/go-test.log"
rm -f "$log"; : >"$log"
start=$SECONDS
cd "$build/gopath/src/$import_path"
go vet . && go test -count=1 -v . 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
echo "# go test took $((SECONDS - start)) s (build included)"

passed=$(grep -cE '^ *--- PASS' "$log")
failed=$(grep -cE '^ *--- FAIL' "$log")
if [ "$status" != 0 ] && [ "$failed" = 0 ]; then
	failed=1
fi
echo "client pgx: $passed passed, $failed failed"
[ "$status" = 0 ]
