/*-------------------------------------------------------------------------
 *
 * scru128_ops.c
 *	  Comparison, sort support, hashing and BRIN support for scru128.
 *
 * Values are big-endian, so every ordering question is a memcmp().
 *
 *-------------------------------------------------------------------------
 */
#include "scru128_pg.h"

#include <math.h>

#include "common/hashfn.h"
#include "lib/hyperloglog.h"
#include "port/pg_bswap.h"
#include "utils/sortsupport.h"

static inline int
scru128_internal_cmp(const pg_scru128 *a, const pg_scru128 *b)
{
	return memcmp(a->data, b->data, SCRU128_LEN);
}

#define SCRU128_CMP_FUNC(name, op) \
PG_FUNCTION_INFO_V1(name); \
Datum \
name(PG_FUNCTION_ARGS) \
{ \
	PG_RETURN_BOOL(scru128_internal_cmp(PG_GETARG_SCRU128_P(0), \
										PG_GETARG_SCRU128_P(1)) op 0); \
}

SCRU128_CMP_FUNC(scru128_eq, ==)
SCRU128_CMP_FUNC(scru128_ne, !=)
SCRU128_CMP_FUNC(scru128_lt, <)
SCRU128_CMP_FUNC(scru128_le, <=)
SCRU128_CMP_FUNC(scru128_gt, >)
SCRU128_CMP_FUNC(scru128_ge, >=)

PG_FUNCTION_INFO_V1(scru128_cmp);
Datum
scru128_cmp(PG_FUNCTION_ARGS)
{
	int			c = scru128_internal_cmp(PG_GETARG_SCRU128_P(0),
										 PG_GETARG_SCRU128_P(1));

	PG_RETURN_INT32(c < 0 ? -1 : (c > 0 ? 1 : 0));
}

PG_FUNCTION_INFO_V1(scru128_smaller);
Datum
scru128_smaller(PG_FUNCTION_ARGS)
{
	pg_scru128 *a = PG_GETARG_SCRU128_P(0);
	pg_scru128 *b = PG_GETARG_SCRU128_P(1);

	PG_RETURN_SCRU128_P(scru128_internal_cmp(a, b) <= 0 ? a : b);
}

PG_FUNCTION_INFO_V1(scru128_larger);
Datum
scru128_larger(PG_FUNCTION_ARGS)
{
	pg_scru128 *a = PG_GETARG_SCRU128_P(0);
	pg_scru128 *b = PG_GETARG_SCRU128_P(1);

	PG_RETURN_SCRU128_P(scru128_internal_cmp(a, b) >= 0 ? a : b);
}

/*
 * Sort support.  The abbreviated key is the first 8 bytes (timestamp and
 * the top of counter_hi) as an unsigned integer.  IDs made by one generator
 * in the same millisecond share it, so abbreviation is abandoned, as for
 * uuid, only when its cardinality estimate shows almost no distinct keys.
 */
typedef struct scru128_sortsupport_state
{
	int64		input_count;	/* values converted so far */
	bool		estimating;		/* still estimating the cardinality? */
	hyperLogLogState abbr_card;
} scru128_sortsupport_state;

static int
scru128_fast_cmp(Datum x, Datum y, SortSupport ssup)
{
	return scru128_internal_cmp(DatumGetScru128P(x), DatumGetScru128P(y));
}

#if PG_VERSION_NUM < 150000
static int
scru128_abbrev_cmp(Datum x, Datum y, SortSupport ssup)
{
	return x < y ? -1 : (x > y ? 1 : 0);
}
#else
#define scru128_abbrev_cmp ssup_datum_unsigned_cmp
#endif

static Datum
scru128_abbrev_convert(Datum original, SortSupport ssup)
{
	scru128_sortsupport_state *state = ssup->ssup_extra;
	Datum		res;

	memcpy(&res, DatumGetScru128P(original)->data, sizeof(Datum));
	state->input_count++;

	if (state->estimating)
	{
		uint32		tmp;

#if SIZEOF_DATUM == 8
		tmp = (uint32) res ^ (uint32) ((uint64) res >> 32);
#else
		tmp = (uint32) res;
#endif
		addHyperLogLog(&state->abbr_card, DatumGetUInt32(hash_uint32(tmp)));
	}

	/* unsigned comparison of the Datum must follow the byte order */
	return DatumBigEndianToNative(res);
}

static bool
scru128_abbrev_abort(int memtupcount, SortSupport ssup)
{
	scru128_sortsupport_state *state = ssup->ssup_extra;
	double		abbr_card;

	if (memtupcount < 10000 || state->input_count < 10000 ||
		!state->estimating)
		return false;

	abbr_card = estimateHyperLogLog(&state->abbr_card);

	/* plenty of distinct keys: stop paying for the estimate */
	if (abbr_card > 100000.0)
	{
		state->estimating = false;
		return false;
	}

	/*
	 * Fewer than one distinct key in 2000 values means the full comparator
	 * decides nearly every comparison: abbreviation only adds work.
	 */
	return abbr_card < state->input_count / 2000.0 + 0.5;
}

PG_FUNCTION_INFO_V1(scru128_sortsupport);
Datum
scru128_sortsupport(PG_FUNCTION_ARGS)
{
	SortSupport ssup = (SortSupport) PG_GETARG_POINTER(0);

	ssup->comparator = scru128_fast_cmp;
	ssup->ssup_extra = NULL;

	if (ssup->abbreviate)
	{
		MemoryContext oldcontext = MemoryContextSwitchTo(ssup->ssup_cxt);
		scru128_sortsupport_state *state = palloc(sizeof(*state));

		state->input_count = 0;
		state->estimating = true;
		initHyperLogLog(&state->abbr_card, 10);

		ssup->ssup_extra = state;
		ssup->comparator = scru128_abbrev_cmp;
		ssup->abbrev_converter = scru128_abbrev_convert;
		ssup->abbrev_abort = scru128_abbrev_abort;
		ssup->abbrev_full_comparator = scru128_fast_cmp;

		MemoryContextSwitchTo(oldcontext);
	}

	PG_RETURN_VOID();
}

PG_FUNCTION_INFO_V1(scru128_hash);
Datum
scru128_hash(PG_FUNCTION_ARGS)
{
	pg_scru128 *id = PG_GETARG_SCRU128_P(0);

	return hash_any(id->data, SCRU128_LEN);
}

PG_FUNCTION_INFO_V1(scru128_hash_extended);
Datum
scru128_hash_extended(PG_FUNCTION_ARGS)
{
	pg_scru128 *id = PG_GETARG_SCRU128_P(0);

	return hash_any_extended(id->data, SCRU128_LEN, PG_GETARG_INT64(1));
}

/*
 * BRIN minmax-multi distance: the difference of the two 128-bit values as
 * a double, which keeps the ratios the merge heuristic compares.
 */
PG_FUNCTION_INFO_V1(scru128_brin_minmax_multi_distance);
Datum
scru128_brin_minmax_multi_distance(PG_FUNCTION_ARGS)
{
	pg_scru128 *a = PG_GETARG_SCRU128_P(0);
	pg_scru128 *b = PG_GETARG_SCRU128_P(1);
	uint64		ahi,
				alo,
				bhi,
				blo;

	if (scru128_internal_cmp(a, b) > 0)
	{
		pg_scru128 *tmp = a;

		a = b;
		b = tmp;
	}
	ahi = scru128_load_be64(a->data);
	alo = scru128_load_be64(a->data + 8);
	bhi = scru128_load_be64(b->data);
	blo = scru128_load_be64(b->data + 8);

	PG_RETURN_FLOAT8(ldexp((double) (bhi - ahi - (blo < alo)), 64) +
					 (double) (blo - alo));
}
