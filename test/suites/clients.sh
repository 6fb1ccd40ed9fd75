# test/suites/clients.sh: the client adapters of clients/ (doc/clients.md),
# each against the host's server with the extension built from this tree.
#
# Every clients/LANG/ has a test.sh, run as the unprivileged user with
# PGHOST, PGPORT, PGUSER and PGDATABASE set, that prints one line
# "client NAME: N passed, N failed" per client it tests; before it, as root
# and only when the run may install packages, its install.sh (Debian's
# packages, npm).  The lines go to standard output as they are and count in
# the totals; a test.sh that fails without such a line fails the suite.

suite_clients() {
	local dir lang out lines p f name
	for dir in "$BUILD"/clients/*/; do
		[ -f "$dir/test.sh" ] || continue
		lang=$(basename "$dir")
		out="$WORK/clients-$lang.log"
		if [ -f "$dir/install.sh" ] && [ "$(id -u)" = 0 ] && [ -z "${SCRU128_NO_APT:-}" ]; then
			if ! bash "$dir/install.sh" >"$out.install" 2>&1; then
				tail -40 "$out.install"
				log "clients $lang: install.sh failed"
				suite_failed "clients-$lang"
				continue
			fi
		fi
		if as_user env -C "$dir" bash ./test.sh >"$out" 2>&1; then :; else
			tail -60 "$out"
			grep -qE '^client [a-z0-9.-]+: [0-9]+ passed, [0-9]+ failed$' "$out" || suite_failed "clients-$lang"
		fi
		lines=$(grep -E '^client [a-z0-9.-]+: [0-9]+ passed, [0-9]+ failed$' "$out" || true)
		[ -n "$lines" ] || { tail -60 "$out"; suite_failed "clients-$lang"; continue; }
		while read -r line; do
			echo "$line"
			[[ $line =~ ^client\ ([a-z0-9.-]+):\ ([0-9]+)\ passed,\ ([0-9]+)\ failed$ ]] || continue
			name=${BASH_REMATCH[1]} p=${BASH_REMATCH[2]} f=${BASH_REMATCH[3]}
			[ "$f" = 0 ] || grep -E '^(not ok|FAIL|#)' "$out" | head -40 || true
			PASSED=$((PASSED + p))
			FAILED=$((FAILED + f))
		done <<<"$lines"
	done
}
