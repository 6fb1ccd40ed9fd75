/*-------------------------------------------------------------------------
 *
 * time_core.h
 *	  Comparing the timestamp of an ID with a time, and the range of ID
 *	  timestamps that satisfy such a comparison.
 *
 * An ID's timestamp is a whole number k of units (1 ms for scru128,
 * scru160 and uuid, one 256 ms tick for scru64) since the Unix epoch,
 * 0 <= k <= kmax.  Times are PostgreSQL timestamps: signed microseconds
 * since 2000-01-01, with INT64_MIN and INT64_MAX for -infinity and
 * infinity.  The Unix epoch is a whole number of units before the
 * PostgreSQL epoch for both unit sizes, so everything is exact integer
 * arithmetic without overflow, whatever the time.  Pure C, no PostgreSQL
 * headers.
 *
 *-------------------------------------------------------------------------
 */
#ifndef TIME_CORE_H
#define TIME_CORE_H

#include <stdbool.h>
#include <stdint.h>

/* microseconds from the Unix epoch to 2000-01-01 00:00:00+00 */
#define TIME_CORE_EPOCH_OFFSET_US INT64_C(946684800000000)

#define TIME_CORE_MS_US INT64_C(1000)
#define TIME_CORE_TICK_US INT64_C(256000)

typedef enum time_op
{
	TIME_OP_LT,
	TIME_OP_LE,
	TIME_OP_GT,
	TIME_OP_GE
} time_op;

/* the operator with its operands swapped: t < id is id > t */
static inline time_op
time_op_commute(time_op op)
{
	switch (op)
	{
		case TIME_OP_LT:
			return TIME_OP_GT;
		case TIME_OP_LE:
			return TIME_OP_GE;
		case TIME_OP_GT:
			return TIME_OP_LT;
		default:
			return TIME_OP_LE;
	}
}

/* the operator giving the opposite answer: NOT (id < t) is id >= t */
static inline time_op
time_op_negate(time_op op)
{
	switch (op)
	{
		case TIME_OP_LT:
			return TIME_OP_GE;
		case TIME_OP_LE:
			return TIME_OP_GT;
		case TIME_OP_GT:
			return TIME_OP_LE;
		default:
			return TIME_OP_LT;
	}
}

/*
 * Does the timestamp k (in units of unit_us since the Unix epoch) compare
 * with time t as op says?  Any t works, the infinities included.
 */
extern bool time_core_compare(uint64_t k, int64_t unit_us, time_op op,
							  int64_t t);

/* which timestamps k in [0, kmax] satisfy "k op t" */
typedef enum time_range_kind
{
	TIME_RANGE_ALL,				/* every k */
	TIME_RANGE_NONE,			/* no k */
	TIME_RANGE_FROM,			/* k >= bound, with 0 < bound <= kmax */
	TIME_RANGE_UPTO				/* k <= bound, with 0 <= bound < kmax */
} time_range_kind;

extern time_range_kind time_core_range(int64_t t, time_op op, int64_t unit_us,
									   uint64_t kmax, uint64_t *bound);

/*
 * Does text read like a date or a time?  For the hint of an ID's input
 * error: an untyped literal compared with an ID column is read as an ID.
 * True for "2026-01-01", "2026/1/1 12:00", "1.1.2026", "12:30", "now",
 * "today", "infinity" and the like: one to four digits then '-', '/' or
 * '.' and a digit, or one or two digits then ':' and a digit, or a
 * special time word.  Never raises an error (the server's date parser
 * can: an unknown time zone name is an error there).
 */
extern bool time_core_looks_like_time(const char *str);

#endif							/* TIME_CORE_H */
