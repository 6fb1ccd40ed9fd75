/*-------------------------------------------------------------------------
 *
 * time_core.c
 *	  Comparing the timestamp of an ID with a time (see time_core.h).
 *
 *-------------------------------------------------------------------------
 */
#include "time_core.h"

#include <ctype.h>
#include <string.h>

/* floor(a / b) and ceil(a / b) for b > 0; C division truncates toward 0 */
static int64_t
floor_div(int64_t a, int64_t b)
{
	int64_t		q = a / b;

	return (a % b != 0 && a < 0) ? q - 1 : q;
}

static int64_t
ceil_div(int64_t a, int64_t b)
{
	int64_t		q = a / b;

	return (a % b != 0 && a > 0) ? q + 1 : q;
}

bool
time_core_compare(uint64_t k, int64_t unit_us, time_op op, int64_t t)
{
	/*
	 * The ID's time in PostgreSQL microseconds.  k is below 2^48 ms or 3^24
	 * ticks, so the product is below 2^59 in magnitude: no overflow.
	 */
	int64_t		id_us = (int64_t) k * unit_us - TIME_CORE_EPOCH_OFFSET_US;

	switch (op)
	{
		case TIME_OP_LT:
			return id_us < t;
		case TIME_OP_LE:
			return id_us <= t;
		case TIME_OP_GT:
			return id_us > t;
		default:
			return id_us >= t;
	}
}

time_range_kind
time_core_range(int64_t t, time_op op, int64_t unit_us, uint64_t kmax,
				uint64_t *bound)
{
	/*
	 * The timestamp k is (k - epoch) * unit_us in PostgreSQL microseconds,
	 * epoch being the Unix epoch in units before 2000 (exact for both unit
	 * sizes).  floor and ceil of t / unit_us are at most 2^63 / 1000 in
	 * magnitude, so adding epoch cannot overflow, even for the infinities.
	 */
	int64_t		epoch = TIME_CORE_EPOCH_OFFSET_US / unit_us;
	int64_t		b;
	bool		from;

	switch (op)
	{
		case TIME_OP_GE:		/* (k - epoch) * unit >= t */
			b = ceil_div(t, unit_us) + epoch;
			from = true;
			break;
		case TIME_OP_GT:		/* (k - epoch) * unit > t */
			b = floor_div(t, unit_us) + 1 + epoch;
			from = true;
			break;
		case TIME_OP_LE:		/* (k - epoch) * unit <= t */
			b = floor_div(t, unit_us) + epoch;
			from = false;
			break;
		default:				/* (k - epoch) * unit < t */
			b = ceil_div(t, unit_us) - 1 + epoch;
			from = false;
			break;
	}

	if (from)
	{
		if (b <= 0)
			return TIME_RANGE_ALL;
		if ((uint64_t) b > kmax)
			return TIME_RANGE_NONE;
		*bound = (uint64_t) b;
		return TIME_RANGE_FROM;
	}
	if (b < 0)
		return TIME_RANGE_NONE;
	if ((uint64_t) b >= kmax)
		return TIME_RANGE_ALL;
	*bound = (uint64_t) b;
	return TIME_RANGE_UPTO;
}

bool
time_core_looks_like_time(const char *str)
{
	static const char *const words[] = {
		"now", "today", "tomorrow", "yesterday", "epoch",
		"infinity", "+infinity", "-infinity"
	};
	const char *p = str;
	size_t		len;
	size_t		digits = 0;
	size_t		i;

	while (isspace((unsigned char) *p))
		p++;
	len = strlen(p);
	while (len > 0 && isspace((unsigned char) p[len - 1]))
		len--;
	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
	{
		size_t		k;

		if (strlen(words[i]) != len)
			continue;
		for (k = 0; k < len; k++)
			if (tolower((unsigned char) p[k]) != words[i][k])
				break;
		if (k == len)
			return true;
	}

	while (digits < len && isdigit((unsigned char) p[digits]))
		digits++;
	if (digits == 0 || digits + 1 >= len ||
		!isdigit((unsigned char) p[digits + 1]))
		return false;
	if (p[digits] == ':')
		return digits <= 2;
	return digits <= 4 && strchr("-/.", p[digits]) != NULL;
}
