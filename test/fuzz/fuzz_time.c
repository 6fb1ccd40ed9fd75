/*-------------------------------------------------------------------------
 *
 * fuzz_time.c
 *	  libFuzzer harness for src/core/time_core.c: comparing an ID's
 *	  timestamp with a time, and the check of text that reads like a time.
 *
 * Every input is used two ways:
 *
 *  1. The bytes, NUL-terminated, go to time_core_looks_like_time(), which
 *     must return without reading past the terminator (ASan watches).
 *  2. The first 8 bytes are a time t (any int64: the infinities are the
 *     extremes), the next 8 a timestamp k, one byte the operator and one
 *     the unit (ms or 256 ms tick, with the kmax of a 48-bit or 40-bit
 *     timestamp).  time_core_range() must describe exactly the k that
 *     time_core_compare() accepts: k itself, and the edges of the range.
 *     Commuting and negating the operator must agree with the comparison.
 *
 * Any disagreement calls abort().
 *
 *-------------------------------------------------------------------------
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "time_core.h"

#define FAIL(...) \
	do { \
		fprintf(stderr, __VA_ARGS__); \
		fprintf(stderr, "\n"); \
		abort(); \
	} while (0)

static bool
in_range(time_range_kind kind, uint64_t bound, uint64_t k)
{
	switch (kind)
	{
		case TIME_RANGE_ALL:
			return true;
		case TIME_RANGE_NONE:
			return false;
		case TIME_RANGE_FROM:
			return k >= bound;
		default:
			return k <= bound;
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char	   *text = malloc(size + 1);
	int64_t		t;
	uint64_t	k,
				kmax,
				bound = 0,
				probes[5];
	int64_t		unit;
	time_op		op;
	time_range_kind kind;

	memcpy(text, data, size);
	text[size] = '\0';
	(void) time_core_looks_like_time(text);
	free(text);

	if (size < 18)
		return 0;
	memcpy(&t, data, 8);
	memcpy(&k, data + 8, 8);
	op = (time_op) (data[16] % 4);
	if (data[17] & 1)
	{
		unit = TIME_CORE_TICK_US;
		kmax = (UINT64_C(1) << 40) - 1;
	}
	else
	{
		unit = TIME_CORE_MS_US;
		kmax = (UINT64_C(1) << 48) - 1;
	}
	k %= kmax + 1;

	kind = time_core_range(t, op, unit, kmax, &bound);
	if (kind == TIME_RANGE_FROM && (bound == 0 || bound > kmax))
		FAIL("FROM bound %llu outside (0, kmax]", (unsigned long long) bound);
	if (kind == TIME_RANGE_UPTO && bound >= kmax)
		FAIL("UPTO bound %llu outside [0, kmax)", (unsigned long long) bound);

	probes[0] = k;
	probes[1] = 0;
	probes[2] = kmax;
	probes[3] = bound;
	probes[4] = bound > 0 ? bound - 1 : bound + 1;
	for (int i = 0; i < 5; i++)
	{
		uint64_t	p = probes[i] > kmax ? kmax : probes[i];
		bool		c = time_core_compare(p, unit, op, t);

		if (c != in_range(kind, bound, p))
			FAIL("k=%llu op=%d t=%lld: compare %d, range kind %d bound %llu",
				 (unsigned long long) p, (int) op, (long long) t, (int) c,
				 (int) kind, (unsigned long long) bound);
		if (c == time_core_compare(p, unit, time_op_negate(op), t))
			FAIL("k=%llu op=%d t=%lld: the negated operator gives the same answer",
				 (unsigned long long) p, (int) op, (long long) t);
	}
	return 0;
}
