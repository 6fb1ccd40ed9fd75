/*
 * test_time.c: unit tests of time_core: the range of ID timestamps that
 * satisfy "id OP t" agrees with the comparison itself at the bound and on
 * both sides of it, for every microsecond around unit boundaries, for the
 * infinities and at both ends of the timestamp range; and which text
 * reads as a time.
 */
#include <inttypes.h>
#include <stdio.h>

#include "time_core.h"
#include "tap.h"

#define SCRU128_KMAX ((UINT64_C(1) << 48) - 1)
#define SCRU64_KMAX UINT64_C(282429536480)

static const char *const op_names[] = {"<", "<=", ">", ">="};

/*
 * Checks time_core_range for t against time_core_compare: every k on the
 * qualifying side of the bound qualifies (checked at the bound and at the
 * ends), the k beside the bound does not; ALL and NONE at the ends.
 */
static int
range_agrees(int64_t t, time_op op, int64_t unit, uint64_t kmax)
{
	uint64_t	b = 0;
	time_range_kind kind = time_core_range(t, op, unit, kmax, &b);

	switch (kind)
	{
		case TIME_RANGE_ALL:
			return time_core_compare(0, unit, op, t) &&
				time_core_compare(kmax, unit, op, t);
		case TIME_RANGE_NONE:
			return !time_core_compare(0, unit, op, t) &&
				!time_core_compare(kmax, unit, op, t);
		case TIME_RANGE_FROM:
			return b > 0 && b <= kmax &&
				time_core_compare(b, unit, op, t) &&
				time_core_compare(kmax, unit, op, t) &&
				!time_core_compare(b - 1, unit, op, t) &&
				!time_core_compare(0, unit, op, t);
		case TIME_RANGE_UPTO:
			return b < kmax &&
				time_core_compare(b, unit, op, t) &&
				time_core_compare(0, unit, op, t) &&
				!time_core_compare(b + 1, unit, op, t) &&
				!time_core_compare(kmax, unit, op, t);
	}
	return 0;
}

/* every t in [from, to] and every operator; returns the failures */
static int
sweep(int64_t from, int64_t to, int64_t unit, uint64_t kmax)
{
	int			failures = 0;
	int64_t		t;
	int			op;

	for (t = from;; t++)
	{
		for (op = TIME_OP_LT; op <= TIME_OP_GE; op++)
			if (!range_agrees(t, (time_op) op, unit, kmax))
			{
				if (failures++ < 5)
					printf("# t = %" PRId64 " op %s unit %" PRId64 "\n", t,
						   op_names[op], unit);
			}
		if (t == to)
			break;
	}
	return failures;
}

int
main(void)
{
	/* microseconds of the PostgreSQL epoch */
	const int64_t unix0 = -TIME_CORE_EPOCH_OFFSET_US;
	const int64_t units[] = {TIME_CORE_MS_US, TIME_CORE_TICK_US};
	const uint64_t kmaxes[] = {SCRU128_KMAX, SCRU64_KMAX};
	int			i;
	int			op;

	for (i = 0; i < 2; i++)
	{
		int64_t		u = units[i];
		uint64_t	kmax = kmaxes[i];
		int64_t		last = (int64_t) kmax * u + unix0;

		ok(sweep(unix0 - 3 * u, unix0 + 3 * u, u, kmax) == 0,
		   "unit %" PRId64 ": every microsecond around 1970-01-01", u);
		ok(sweep(1772323200000000 - 3 * u - 17, 1772323200000000 + 3 * u, u, kmax) == 0,
		   "unit %" PRId64 ": every microsecond around 2026-03-01", u);
		ok(sweep(last - 3 * u, last + 3 * u, u, kmax) == 0,
		   "unit %" PRId64 ": every microsecond around the last timestamp", u);
		ok(sweep(INT64_MIN, INT64_MIN + 3 * u, u, kmax) == 0 &&
		   sweep(INT64_MAX - 3 * u, INT64_MAX, u, kmax) == 0,
		   "unit %" PRId64 ": -infinity, infinity and the times beside them", u);

		for (op = TIME_OP_LT; op <= TIME_OP_GE; op++)
		{
			uint64_t	b = 0;
			int			from = (op == TIME_OP_GT || op == TIME_OP_GE);

			ok(time_core_range(INT64_MIN, (time_op) op, u, kmax, &b) ==
			   (from ? TIME_RANGE_ALL : TIME_RANGE_NONE) &&
			   time_core_range(INT64_MAX, (time_op) op, u, kmax, &b) ==
			   (from ? TIME_RANGE_NONE : TIME_RANGE_ALL),
			   "unit %" PRId64 ": id %s -infinity / infinity", u, op_names[op]);
		}
	}

	/* sub-unit rounding, by example: 12:00:00.0005 */
	{
		uint64_t	b = 0;
		int64_t		t = 1773144000000500 + (-TIME_CORE_EPOCH_OFFSET_US);

		ok(time_core_range(t, TIME_OP_GE, 1000, SCRU128_KMAX, &b) == TIME_RANGE_FROM &&
		   b == UINT64_C(1773144000001), ">= 12:00:00.0005 is from 12:00:00.001");
		ok(time_core_range(t, TIME_OP_GT, 1000, SCRU128_KMAX, &b) == TIME_RANGE_FROM &&
		   b == UINT64_C(1773144000001), "> 12:00:00.0005 is from 12:00:00.001");
		ok(time_core_range(t, TIME_OP_LE, 1000, SCRU128_KMAX, &b) == TIME_RANGE_UPTO &&
		   b == UINT64_C(1773144000000), "<= 12:00:00.0005 is up to 12:00:00.000");
		ok(time_core_range(t, TIME_OP_LT, 1000, SCRU128_KMAX, &b) == TIME_RANGE_UPTO &&
		   b == UINT64_C(1773144000000), "< 12:00:00.0005 is up to 12:00:00.000");
		t -= 500;
		ok(time_core_range(t, TIME_OP_GT, 1000, SCRU128_KMAX, &b) == TIME_RANGE_FROM &&
		   b == UINT64_C(1773144000001), "> 12:00:00.000 is from 12:00:00.001");
		ok(time_core_range(t, TIME_OP_LT, 1000, SCRU128_KMAX, &b) == TIME_RANGE_UPTO &&
		   b == UINT64_C(1773143999999), "< 12:00:00.000 is up to 11:59:59.999");
	}

	/* the operators' algebra */
	for (op = TIME_OP_LT; op <= TIME_OP_GE; op++)
		ok(time_op_commute(time_op_commute((time_op) op)) == (time_op) op &&
		   time_op_negate(time_op_negate((time_op) op)) == (time_op) op &&
		   time_core_compare(5, 1000, (time_op) op, 4999 + unix0) !=
		   time_core_compare(5, 1000, time_op_negate((time_op) op), 4999 + unix0),
		   "%s: commutator and negator are involutions, the negator disagrees",
		   op_names[op]);

	/* text that reads as a time */
	{
		const char *yes[] = {"2026-01-01", "2026/1/1", "1.1.2026", " 2026-01-01 12:00:00+00 ",
		"12:30", "1:05:00", "now", "Today", "INFINITY", "-infinity", "+infinity", "epoch",
		"yesterday", "tomorrow", "99-12-31"};
		const char *no[] = {"", " ", "036z8puq54qny1vq3hcbrkweb", "0u2r85hm2pt3",
			"01234567-89ab-cdef-0123-456789abcdef", "123:45", "12345-01-01", "abc",
			"2026", "2026-", "-", ":30", "nowhere", "infinityx", "12:x"};
		int			bad = 0;
		size_t		k;

		for (k = 0; k < sizeof(yes) / sizeof(yes[0]); k++)
			if (!time_core_looks_like_time(yes[k]))
				printf("# not a time: \"%s\"\n", yes[k]), bad++;
		ok(bad == 0, "dates, times and special words read as times");
		bad = 0;
		for (k = 0; k < sizeof(no) / sizeof(no[0]); k++)
			if (time_core_looks_like_time(no[k]))
				printf("# a time: \"%s\"\n", no[k]), bad++;
		ok(bad == 0, "IDs, uuids and other text do not");
	}

	return tap_done();
}
