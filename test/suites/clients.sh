# test/suites/clients.sh: the client adapters of clients/ (doc/clients.md),
# each against the host's server with the extension built from this tree.
#
# Every clients/LANG/ has a test.sh, run as the unprivileged user with
# PGHOST, PGPORT, PGUSER and PGDATABASE set, that prints one line
# "client NAME: N passed, N failed" per client it tests; before it, as root
# and only when the run may install packages, its install.sh (Debian's
# packages, npm).  The lines go to standard output as they are and count in
# the totals.  Which clients each folder must report is listed below: a
# client whose line is missing, a line with nothing passed, a test.sh that
# fails with no failure counted, or a folder not listed fails the suite.
# SCRU128_CLIENTS=LANG,... runs only those folders.

declare -A CLIENTS_OF=(
	[python]="psycopg3 psycopg2 asyncpg sqlalchemy django"
	[node]="node-postgres postgres.js"
	[drizzle]="drizzle"
	[java]="pgjdbc"
	[ruby]="ruby-pg activerecord"
	[rust]="tokio-postgres"
	[go]="pgx"
)

suite_clients() {
	local dir lang out lines p f name rc expected failed_here start
	for dir in "$BUILD"/clients/*/; do
		[ -f "$dir/test.sh" ] || continue
		lang=$(basename "$dir")
		# SCRU128_CLIENTS=go,java: only those folders (a contributor's
		# narrower run; the full run tests every folder)
		if [ -n "${SCRU128_CLIENTS:-}" ] && [[ ",$SCRU128_CLIENTS," != *",$lang,"* ]]; then
			log "clients: clients/$lang not run (SCRU128_CLIENTS=$SCRU128_CLIENTS)"
			continue
		fi
		out="$WORK/clients-$lang.log"
		expected=${CLIENTS_OF[$lang]:-}
		if [ -z "$expected" ]; then
			log "clients: clients/$lang is not listed in CLIENTS_OF (test/suites/clients.sh)"
			suite_failed "clients-$lang"
			continue
		fi
		if [ -f "$dir/install.sh" ] && [ "$(id -u)" = 0 ] && [ -z "${SCRU128_NO_APT:-}" ]; then
			if ! bash "$dir/install.sh" >"$out.install" 2>&1; then
				tail -40 "$out.install"
				log "clients $lang: install.sh failed"
				suite_failed "clients-$lang"
				continue
			fi
		fi
		rc=0
		start=$SECONDS
		as_user env -C "$dir" bash ./test.sh >"$out" 2>&1 || rc=$?
		log "clients $lang took $((SECONDS - start)) s"
		lines=$(grep -E '^client [a-z0-9.-]+: [0-9]+ passed, [0-9]+ failed$' "$out" || true)
		failed_here=0
		for name in $expected; do
			if ! grep -qE "^client $name: " <<<"$lines"; then
				log "clients $lang: no line for client $name"
				FAILED=$((FAILED + 1))
				failed_here=1
			fi
		done
		while read -r line; do
			[[ $line =~ ^client\ ([a-z0-9.-]+):\ ([0-9]+)\ passed,\ ([0-9]+)\ failed$ ]] || continue
			name=${BASH_REMATCH[1]} p=${BASH_REMATCH[2]} f=${BASH_REMATCH[3]}
			echo "$line"
			if [ "$p" = 0 ] && [ "$f" = 0 ]; then
				log "clients $lang: client $name ran no test"
				f=1
			fi
			[ "$f" = 0 ] || failed_here=1
			PASSED=$((PASSED + p))
			FAILED=$((FAILED + f))
		done <<<"$lines"
		if [ "$failed_here" != 0 ] || [ "$rc" != 0 ]; then
			grep -E '^(not ok|FAIL|#)' "$out" | head -40 || true
			tail -60 "$out"
		fi
		# exited non-zero with every client's line saying nothing failed
		if [ "$rc" != 0 ] && [ "$failed_here" = 0 ]; then
			suite_failed "clients-$lang"
		fi
	done
}
