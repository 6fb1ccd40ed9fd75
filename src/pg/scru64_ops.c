/*-------------------------------------------------------------------------
 *
 * scru64_ops.c
 *	  Comparison, sort support, hashing and BRIN support for scru64.
 *
 * A scru64 is an int8 Datum, so everything here is int8's: comparisons
 * of signed integers, int8's hash (hash joins and hash partitions of a
 * scru64 and of its bigint agree), no abbreviated keys (a by-value Datum
 * is its own key).
 *
 *-------------------------------------------------------------------------
 */
#include "scru64_pg.h"

#include "utils/builtins.h"
#include "utils/fmgrprotos.h"
#include "utils/sortsupport.h"
#if PG_VERSION_NUM >= 180000
#include "utils/skipsupport.h"
#endif

#include "scru64_core.h"

#define SCRU64_CMP_FUNC(name, op) \
PG_FUNCTION_INFO_V1(name); \
Datum \
name(PG_FUNCTION_ARGS) \
{ \
	PG_RETURN_BOOL(PG_GETARG_SCRU64(0) op PG_GETARG_SCRU64(1)); \
}

SCRU64_CMP_FUNC(scru64_eq, ==)
SCRU64_CMP_FUNC(scru64_ne, !=)
SCRU64_CMP_FUNC(scru64_lt, <)
SCRU64_CMP_FUNC(scru64_le, <=)
SCRU64_CMP_FUNC(scru64_gt, >)
SCRU64_CMP_FUNC(scru64_ge, >=)

PG_FUNCTION_INFO_V1(scru64_cmp);
Datum
scru64_cmp(PG_FUNCTION_ARGS)
{
	int64		a = PG_GETARG_SCRU64(0);
	int64		b = PG_GETARG_SCRU64(1);

	PG_RETURN_INT32(a < b ? -1 : (a > b ? 1 : 0));
}

PG_FUNCTION_INFO_V1(scru64_smaller);
Datum
scru64_smaller(PG_FUNCTION_ARGS)
{
	int64		a = PG_GETARG_SCRU64(0);
	int64		b = PG_GETARG_SCRU64(1);

	PG_RETURN_SCRU64(a <= b ? a : b);
}

PG_FUNCTION_INFO_V1(scru64_larger);
Datum
scru64_larger(PG_FUNCTION_ARGS)
{
	int64		a = PG_GETARG_SCRU64(0);
	int64		b = PG_GETARG_SCRU64(1);

	PG_RETURN_SCRU64(a >= b ? a : b);
}

PG_FUNCTION_INFO_V1(scru64_sortsupport);
Datum
scru64_sortsupport(PG_FUNCTION_ARGS)
{
	SortSupport ssup = (SortSupport) PG_GETARG_POINTER(0);

	/* as int8: tuplesort recognises it and uses its radix-free fast path */
	ssup->comparator = ssup_datum_signed_cmp;
	PG_RETURN_VOID();
}

#if PG_VERSION_NUM >= 180000
/*
 * B-tree skip support (PostgreSQL 18): the domain is the integers
 * 0 ... 36^12 - 1, so the neighbours of a value are the value plus or
 * minus one.
 */
static Datum
scru64_decrement(Relation rel, Datum existing, bool *underflow)
{
	int64		v = DatumGetInt64(existing);

	*underflow = (v <= 0);
	return *underflow ? (Datum) 0 : Int64GetDatum(v - 1);
}

static Datum
scru64_increment(Relation rel, Datum existing, bool *overflow)
{
	int64		v = DatumGetInt64(existing);

	*overflow = (v >= (int64) SCRU64_MAX);
	return *overflow ? (Datum) 0 : Int64GetDatum(v + 1);
}

PG_FUNCTION_INFO_V1(scru64_skipsupport);
Datum
scru64_skipsupport(PG_FUNCTION_ARGS)
{
	SkipSupport sksup = (SkipSupport) PG_GETARG_POINTER(0);

	sksup->decrement = scru64_decrement;
	sksup->increment = scru64_increment;
	sksup->low_elem = Int64GetDatum(0);
	sksup->high_elem = Int64GetDatum((int64) SCRU64_MAX);
	PG_RETURN_VOID();
}
#endif

/* int8's hash functions, so a scru64 hashes as the same bigint does */
PG_FUNCTION_INFO_V1(scru64_hash);
Datum
scru64_hash(PG_FUNCTION_ARGS)
{
	return hashint8(fcinfo);
}

PG_FUNCTION_INFO_V1(scru64_hash_extended);
Datum
scru64_hash_extended(PG_FUNCTION_ARGS)
{
	return hashint8extended(fcinfo);
}

/* BRIN minmax-multi distance: values are below 2^63, so no overflow */
PG_FUNCTION_INFO_V1(scru64_brin_minmax_multi_distance);
Datum
scru64_brin_minmax_multi_distance(PG_FUNCTION_ARGS)
{
	int64		a = PG_GETARG_SCRU64(0);
	int64		b = PG_GETARG_SCRU64(1);

	PG_RETURN_FLOAT8(a <= b ? (double) (b - a) : (double) (a - b));
}
