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

static inline int
tap_done(void)
{
	printf("1..%d\n", tap_count);
	return tap_failed ? 1 : 0;
}

#endif
