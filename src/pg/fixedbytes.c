/*-------------------------------------------------------------------------
 *
 * fixedbytes.c
 *	  Shared support for the byte-ordered fixed-length types.
 *
 * See fixedbytes.h.  Nothing here knows which type it serves beyond the
 * length, and, for sort abbreviation, that the first 6 bytes are a 48-bit
 * millisecond timestamp.
 *
 *-------------------------------------------------------------------------
 */
#include "fixedbytes.h"
#include "scru128_pg.h"

#include <math.h>

#include "common/int.h"
#include "lib/hyperloglog.h"
#include "libpq/pqformat.h"
#include "utils/timestamp.h"

/* the bytes as a bytea: the send function and the cast to bytea */
bytea *
fixedbytes_to_bytea(const uint8 *data, size_t len)
{
	bytea	   *result = palloc(VARHDRSZ + len);

	SET_VARSIZE(result, VARHDRSZ + len);
	memcpy(VARDATA(result), data, len);
	return result;
}

uint8 *
fixedbytes_from_bytea(const bytea *data, size_t len, const char *typname)
{
	uint8	   *result;

	if (VARSIZE_ANY_EXHDR(data) != len)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg_plural("invalid length for %s: %zu byte, expected %zu",
							   "invalid length for %s: %zu bytes, expected %zu",
							   (unsigned long) VARSIZE_ANY_EXHDR(data),
							   typname, (size_t) VARSIZE_ANY_EXHDR(data), len)));

	result = palloc(len);
	memcpy(result, VARDATA_ANY(data), len);
	return result;
}

uint8 *
fixedbytes_recv(StringInfo buf, size_t len, const char *typname)
{
	uint8	   *result;

	/* the caller would also notice extra bytes, but not with this message */
	if ((size_t) (buf->len - buf->cursor) != len)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg_plural("invalid binary %s value: %d byte, expected %zu",
							   "invalid binary %s value: %d bytes, expected %zu",
							   (unsigned long) (buf->len - buf->cursor),
							   typname, buf->len - buf->cursor, len)));

	result = palloc(len);
	memcpy(result, pq_getmsgbytes(buf, len), len);
	return result;
}

/*
 * BRIN minmax-multi distance: |b - a| as a double, which keeps the ratios
 * the merge heuristic compares.  The difference is taken exactly in 64-bit
 * limbs (the most significant one possibly shorter), then each limb is
 * converted and scaled, most significant first.
 */
#define FIXEDBYTES_MAX_LIMBS 4

double
fixedbytes_distance(const uint8 *a, const uint8 *b, size_t len)
{
	uint64		diff[FIXEDBYTES_MAX_LIMBS];
	int			nlimbs = (int) ((len + 7) / 8);
	int			borrow = 0;
	double		result = 0.0;
	int			i;

	Assert(nlimbs <= FIXEDBYTES_MAX_LIMBS);
	if (fixedbytes_cmp(a, b, len) > 0)
	{
		const uint8 *tmp = a;

		a = b;
		b = tmp;
	}

	/* limb 0 is the least significant: the last 8 bytes */
	for (i = 0; i < nlimbs; i++)
	{
		size_t		end = len - 8 * i;
		size_t		start = end >= 8 ? end - 8 : 0;
		uint64		x = 0,
					y = 0;
		size_t		k;

		for (k = start; k < end; k++)
		{
			x = (x << 8) | a[k];
			y = (y << 8) | b[k];
		}
		diff[i] = y - x - borrow;
		borrow = (y < x) || (y - x < (uint64) borrow);
	}

	for (i = nlimbs - 1; i >= 0; i--)
		result += ldexp((double) diff[i], 64 * i);
	return result;
}

/*
 * The value after (up) or before (!up) existing, for B-tree skip support,
 * or *overflow = true at the end of the range.
 */
Datum
fixedbytes_step(Datum existing, size_t len, bool up, bool *overflow)
{
	uint8	   *id = palloc(len);
	int			i;

	memcpy(id, DatumGetFixedBytes(existing), len);
	for (i = (int) len - 1; i >= 0; i--)
	{
		if (id[i] != (up ? 0xFF : 0x00))
		{
			id[i] += up ? 1 : -1;
			*overflow = false;
			return PointerGetDatum(id);
		}
		id[i] = up ? 0x00 : 0xFF;
	}
	pfree(id);
	*overflow = true;
	return (Datum) 0;
}

/*
 * Sort support with abbreviated keys, for types whose first 6 bytes are a
 * 48-bit millisecond timestamp.
 *
 * The obvious abbreviation, the first 8 bytes, holds the timestamp and the
 * next two bytes, the start of a counter: IDs made by one session in the
 * same millisecond all share it, so a table filled by a bulk insert (about
 * a thousand IDs per millisecond) sorts mostly on the full comparator, and
 * more slowly than random uuids.  Keys are instead made relative to a
 * window of 2^14 ms (about 16 seconds) centred on the timestamp of the
 * first value seen:
 *
 *   timestamp before the window:  [0, 2^62)     the value's top 62 bits
 *   timestamp in the window:      [2^62, 2^63)  14-bit offset in the window,
 *                                               then bytes 6 to 11
 *   timestamp after the window:   [2^63, 2^64)  the value's top 63 bits
 *
 * Each class is monotonic in the value and the classes are in value order,
 * so the key order never contradicts the full order.  IDs made within 8
 * seconds of the first one sorted (a whole bulk insert, typically) get keys
 * that tell apart every ID one session makes (bytes 6 to 11 hold the
 * counters of SCRU128 and the counter and random16 of SCRU160); the others
 * get a plain prefix, about as good as the first 8 bytes.
 */
typedef struct fixedbytes_sortsupport_state
{
	int64		input_count;	/* values converted so far */
	bool		estimating;		/* still estimating the cardinality? */
	bool		have_base;		/* window set from the first value? */
	uint64		base;			/* first timestamp of the window */
	hyperLogLogState abbr_card;
} fixedbytes_sortsupport_state;

#define fixedbytes_abbrev_cmp ssup_datum_unsigned_cmp

static Datum
fixedbytes_ms_abbrev_convert(Datum original, SortSupport ssup)
{
	fixedbytes_sortsupport_state *state = ssup->ssup_extra;
	const uint8 *data = DatumGetFixedBytes(original);
	uint64		hi = be64_load(data);
	uint64		lo = be64_load(data + 8);
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
fixedbytes_abbrev_abort(int memtupcount, SortSupport ssup)
{
	fixedbytes_sortsupport_state *state = ssup->ssup_extra;
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

void
fixedbytes_ms_sortsupport(SortSupport ssup,
						  int (*full_cmp) (Datum, Datum, SortSupport))
{
	ssup->comparator = full_cmp;
	ssup->ssup_extra = NULL;

	/* keys are 64 bits wide: no abbreviation where a Datum is narrower */
	if (ssup->abbreviate && SIZEOF_DATUM == 8)
	{
		MemoryContext oldcontext = MemoryContextSwitchTo(ssup->ssup_cxt);
		fixedbytes_sortsupport_state *state = palloc(sizeof(*state));

		state->input_count = 0;
		state->estimating = true;
		state->have_base = false;
		state->base = 0;
		initHyperLogLog(&state->abbr_card, 10);

		ssup->ssup_extra = state;
		ssup->comparator = fixedbytes_abbrev_cmp;
		ssup->abbrev_converter = fixedbytes_ms_abbrev_convert;
		ssup->abbrev_abort = fixedbytes_abbrev_abort;
		ssup->abbrev_full_comparator = full_cmp;

		MemoryContextSwitchTo(oldcontext);
	}
}

/*
 * Milliseconds since the Unix epoch of a timestamptz, rounded down, or an
 * error naming the type if it is outside [lo, hi].
 */
uint64
fixedbytes_timestamptz_to_ms(TimestampTz ts, uint64 lo, uint64 hi,
							 const char *typname)
{
	int64		us;

	if (TIMESTAMP_NOT_FINITE(ts) ||
		pg_add_s64_overflow(ts, SCRU128_PG_EPOCH_OFFSET_US, &us) ||
		us < 0 || (uint64) (us / 1000) < lo || (uint64) (us / 1000) > hi)
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("timestamp out of range for %s: \"%s\"",
						typname, timestamptz_to_str(ts)),
				 errdetail("A %s timestamp is between " UINT64_FORMAT
						   " and " UINT64_FORMAT " milliseconds after 1970-01-01 00:00:00+00.",
						   typname, lo, hi)));
	return (uint64) (us / 1000);
}
