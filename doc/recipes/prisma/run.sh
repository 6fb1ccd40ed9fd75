#!/usr/bin/env bash
# Checks the Prisma recipe of doc/clients-more.md by hand (not part of CI:
# Prisma 7 needs Node >= 20.19, and its CLI downloads a schema engine from
# binaries.prisma.sh, which CI cannot reach).  PGHOST, PGPORT, PGUSER and
# PGDATABASE as for psql; the server needs the extension installed.
#
# Every prisma command first fetches the schema engine (used by migrate and
# db pull/push, not by generate).  Where that host is unreachable,
# SCRU128_PRISMA_NO_ENGINE=1 points PRISMA_SCHEMA_ENGINE_BINARY at
# /bin/false so that generate runs; migrate and db pull are then untested.
set -euo pipefail
cd "$(dirname "$0")"
npm ci --no-audit --no-fund >&2
[ -n "${SCRU128_PRISMA_NO_ENGINE:-}" ] && export PRISMA_SCHEMA_ENGINE_BINARY=/bin/false
# an Unsupported(...) @id is refused
if out=$(npx prisma generate --schema unsupported-id.prisma 2>&1); then
	echo "prisma generate accepted an Unsupported @id" >&2
	echo "prisma recipe: 0 passed, 1 failed"
	exit 1
fi
grep -q 'P1012' <<<"$out" || { echo "$out" >&2; exit 1; }
echo "ok - an Unsupported(\"scru128\") @id is refused by prisma generate (P1012)" >&2
npx prisma generate >&2
node check.js
