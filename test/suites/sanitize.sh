# test/suites/sanitize.sh: the C unit tests (test/unit) built with clang's
# AddressSanitizer and UndefinedBehaviorSanitizer, in a copy of the tree
# ($WORK/unit-asan) so the normal build is untouched.  Built with
# -DSCRU128_UNIT_SMALL: the loops of random rounds run a tenth of their
# count (UNIT_ROUNDS in test/unit/tap.h), which the unit suite runs in
# full on the same sources; under the sanitizers test_public_id alone took
# 44 s of about a minute.  Sourced by test/run.sh, which calls
# suite_sanitize.

suite_sanitize() {
	local copy="$WORK/unit-asan" out="$WORK/sanitize.log"
	rm -rf "$copy"
	mkdir -p "$copy/test"
	# test/unit finds its sources in ../../src/core and its data in ../vectors
	cp -r "$BUILD/src" "$copy/src"
	cp -r "$BUILD/test/unit" "$BUILD/test/vectors" "$copy/test/"
	[ "$(id -u)" = 0 ] && chown -R "$SCRU128_USER" "$copy"
	if as_user env ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 \
		UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
		make -C "$copy/test/unit" clean check CC=clang \
		CFLAGS="-O1 -g -std=c99 -Wall -Wextra -Werror -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -DSCRU128_UNIT_SMALL" \
		>"$out" 2>&1; then
		grep -E '^not ok' "$out" || true
		record_tap sanitize "$out"
		# a sanitizer report that did not make a test fail still fails
		if grep -qE '^==[0-9]+==ERROR|^SUMMARY: |runtime error:' "$out"; then
			cat "$out"
			suite_failed sanitize
		fi
	else
		cat "$out"
		record_tap sanitize "$out"
		suite_failed sanitize
	fi
}
