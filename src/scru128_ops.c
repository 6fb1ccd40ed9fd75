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
#include "utils/sortsupport.h"
#if PG_VERSION_NUM >= 180000
#include "utils/skipsupport.h"
#endif

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
 * Sort support with abbreviated keys.
 *
 * The obvious abbreviation, the first 8 bytes, holds the timestamp and
 * part of counter_hi: IDs made by one session in the same millisecond all
 * share it, so a table filled by a bulk insert (about a thousand IDs per
 * millisecond) sorts mostly on the full comparator, and more slowly than
 * random uuids.  Keys are instead made relative to a window of 2^14 ms
 * (about 16 seconds) centred on the timestamp of the first value seen:
 *
 *   timestamp before the window:  [0, 2^62)     the value's top 62 bits
 *   timestamp in the window:      [2^62, 2^63)  14-bit offset in the window,
 *                                               counter_hi, counter_lo
 *   timestamp after the window:   [2^63, 2^64)  the value's top 63 bits
 *
 * Each class is monotonic in the value and the classes are in value order,
 * so the key order never contradicts the full order.  IDs made within 8
 * seconds of the first one sorted (a whole bulk insert, typically) get keys
 * that tell apart every ID one session makes; the others get a plain
 * prefix, about as good as the first 8 bytes.
 */
typedef struct scru128_sortsupport_state
{
	int64		input_count;	/* values converted so far */
	bool		estimating;		/* still estimating the cardinality? */
	bool		have_base;		/* window set from the first value? */
	uint64		base;			/* first timestamp of the window */
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
	const uint8 *data = DatumGetScru128P(original)->data;
	uint64		hi = scru128_load_be64(data);
	uint64		lo = scru128_load_be64(data + 8);
	uint64		ts = hi >> 16;
	uint64		key;

	if (unlikely(!state->have_base))
	{
		state->base = ts > 8192 ? ts - 8192 : 0;
		state->have_base = true;
	}
	if (ts < state->base)
		key = hi >> 2;
	else if (ts - state->base < 16384)
		key = (UINT64CONST(1) << 62) | ((ts - state->base) << 48) |
			((hi & 0xFFFF) << 32) | (lo >> 32);
	else
		key = (UINT64CONST(1) << 63) | (hi >> 1);

	state->input_count++;
	if (state->estimating)
		addHyperLogLog(&state->abbr_card,
					   DatumGetUInt32(hash_uint32((uint32) key ^ (uint32) (key >> 32))));

	return UInt64GetDatum(key);
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

	/* keys are 64 bits wide: no abbreviation where a Datum is narrower */
	if (ssup->abbreviate && SIZEOF_DATUM == 8)
	{
		MemoryContext oldcontext = MemoryContextSwitchTo(ssup->ssup_cxt);
		scru128_sortsupport_state *state = palloc(sizeof(*state));

		state->input_count = 0;
		state->estimating = true;
		state->have_base = false;
		state->base = 0;
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

#if PG_VERSION_NUM >= 180000
/*
 * B-tree skip support (PostgreSQL 18): every 128-bit value is a valid
 * scru128, so the next and previous values are the byte string plus or
 * minus one, and the bounds are all zeros and all ones.
 */
static Datum
scru128_step(Datum existing, bool *overflow, bool up)
{
	pg_scru128 *id = palloc(sizeof(pg_scru128));
	int			i;

	memcpy(id->data, DatumGetScru128P(existing)->data, SCRU128_LEN);
	for (i = SCRU128_LEN - 1; i >= 0; i--)
	{
		if (id->data[i] != (up ? 0xFF : 0x00))
		{
			id->data[i] += up ? 1 : -1;
			*overflow = false;
			return Scru128PGetDatum(id);
		}
		id->data[i] = up ? 0x00 : 0xFF;
	}
	pfree(id);
	*overflow = true;
	return (Datum) 0;
}

static Datum
scru128_decrement(Relation rel, Datum existing, bool *underflow)
{
	return scru128_step(existing, underflow, false);
}

static Datum
scru128_increment(Relation rel, Datum existing, bool *overflow)
{
	return scru128_step(existing, overflow, true);
}

PG_FUNCTION_INFO_V1(scru128_skipsupport);
Datum
scru128_skipsupport(PG_FUNCTION_ARGS)
{
	SkipSupport sksup = (SkipSupport) PG_GETARG_POINTER(0);
	pg_scru128 *lowest = palloc(sizeof(pg_scru128));
	pg_scru128 *highest = palloc(sizeof(pg_scru128));

	memset(lowest->data, 0x00, SCRU128_LEN);
	memset(highest->data, 0xFF, SCRU128_LEN);
	sksup->low_elem = Scru128PGetDatum(lowest);
	sksup->high_elem = Scru128PGetDatum(highest);
	sksup->decrement = scru128_decrement;
	sksup->increment = scru128_increment;
	PG_RETURN_VOID();
}
#endif

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
