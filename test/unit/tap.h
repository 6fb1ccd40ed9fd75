/*
 * tap.h: minimal TAP output for the C unit tests ("ok N - name").
 */
#ifndef SCRU128_TAP_H
#define SCRU128_TAP_H

#include <stdio.h>

static int	tap_count = 0;
static int	tap_failed = 0;

#define ok(cond, ...) \
	do { \
		int			ok_c_ = (cond) ? 1 : 0; \
		printf("%sok %d - ", ok_c_ ? "" : "not ", ++tap_count); \
		printf(__VA_ARGS__); \
		printf("\n"); \
		if (!ok_c_) \
		{ \
			tap_failed++; \
			printf("#   failed at %s:%d\n", __FILE__, __LINE__); \
		} \
	} while (0)

/*
 * UNIT_ROUNDS(n): how many rounds a test's random or bulk loop runs: n in
 * the unit suite, n / 10 in a build with -DSCRU128_UNIT_SMALL, which the
 * sanitize suite makes (its instrumented build runs several times slower,
 * and the unit suite has run the full n on the same sources).  A threshold
 * that depends on the count must be computed from it.
 */
#ifdef SCRU128_UNIT_SMALL
#define UNIT_ROUNDS(n) ((n) / 10)
#else
#define UNIT_ROUNDS(n) (n)
#endif

static inline int
tap_done(void)
{
	printf("1..%d\n", tap_count);
	return tap_failed ? 1 : 0;
}

#endif
