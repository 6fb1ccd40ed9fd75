/*-------------------------------------------------------------------------
 *
 * fixedbytes.h
 *	  One mechanism for the byte-ordered fixed-length types.
 *
 * scru128 (16 bytes) and scru160 (20 bytes) are big-endian byte strings
 * whose memcmp() order is their numeric order, their time order and the
 * order of their canonical text.  Everything about ordering, hashing,
 * BRIN, skip scans and the bytea representation therefore depends only on
 * the length.  The helpers here take the length as an argument; the
 * FIXEDBYTES_* macros define a type's fmgr entry points from its name
 * prefix and its length, with the length a compile-time constant so that
 * memcmp() of the hot comparators is inlined.
 *
 * Sort abbreviation assumes more: that the first 6 bytes are a 48-bit
 * Unix millisecond timestamp, as in both SCRU128 and SCRU160 (see
 * fixedbytes_ms_sortsupport in fixedbytes.c).
 *
 *-------------------------------------------------------------------------
 */
#ifndef FIXEDBYTES_H
#define FIXEDBYTES_H

#include "scru128_compat.h"

#include "common/hashfn.h"
#include "datatype/timestamp.h"
#include "lib/stringinfo.h"
#include "utils/sortsupport.h"
#if PG_VERSION_NUM >= 180000
#include "utils/skipsupport.h"
#endif

#define DatumGetFixedBytes(X)	((const uint8 *) DatumGetPointer(X))

static inline int
fixedbytes_cmp(const uint8 *a, const uint8 *b, size_t len)
{
	return memcmp(a, b, len);
}

extern bytea *fixedbytes_to_bytea(const uint8 *data, size_t len);
extern uint8 *fixedbytes_from_bytea(const bytea *data, size_t len,
									const char *typname);
extern uint8 *fixedbytes_recv(StringInfo buf, size_t len, const char *typname);
extern double fixedbytes_distance(const uint8 *a, const uint8 *b, size_t len);
extern Datum fixedbytes_step(Datum existing, size_t len, bool up,
							 bool *overflow);
extern void fixedbytes_ms_sortsupport(SortSupport ssup,
									  int (*full_cmp) (Datum, Datum, SortSupport));
extern uint64 fixedbytes_timestamptz_to_ms(TimestampTz ts, uint64 lo,
										   uint64 hi, const char *typname);

/*
 * =, <>, <, <=, >, >=, the three-way comparison and the support functions
 * of min() and max(): PREFIX_eq ... PREFIX_cmp, PREFIX_smaller,
 * PREFIX_larger.
 */
#define FIXEDBYTES_CMP_FUNC(prefix, len, name, op) \
PG_FUNCTION_INFO_V1(prefix##_##name); \
Datum \
prefix##_##name(PG_FUNCTION_ARGS) \
{ \
	PG_RETURN_BOOL(fixedbytes_cmp(DatumGetFixedBytes(PG_GETARG_DATUM(0)), \
								  DatumGetFixedBytes(PG_GETARG_DATUM(1)), \
								  (len)) op 0); \
}

#define FIXEDBYTES_COMPARISON(prefix, len) \
FIXEDBYTES_CMP_FUNC(prefix, len, eq, ==) \
FIXEDBYTES_CMP_FUNC(prefix, len, ne, !=) \
FIXEDBYTES_CMP_FUNC(prefix, len, lt, <) \
FIXEDBYTES_CMP_FUNC(prefix, len, le, <=) \
FIXEDBYTES_CMP_FUNC(prefix, len, gt, >) \
FIXEDBYTES_CMP_FUNC(prefix, len, ge, >=) \
PG_FUNCTION_INFO_V1(prefix##_cmp); \
Datum \
prefix##_cmp(PG_FUNCTION_ARGS) \
{ \
	int			c = fixedbytes_cmp(DatumGetFixedBytes(PG_GETARG_DATUM(0)), \
								   DatumGetFixedBytes(PG_GETARG_DATUM(1)), \
								   (len)); \
\
	PG_RETURN_INT32(c < 0 ? -1 : (c > 0 ? 1 : 0)); \
} \
PG_FUNCTION_INFO_V1(prefix##_smaller); \
Datum \
prefix##_smaller(PG_FUNCTION_ARGS) \
{ \
	Datum		a = PG_GETARG_DATUM(0); \
	Datum		b = PG_GETARG_DATUM(1); \
\
	return fixedbytes_cmp(DatumGetFixedBytes(a), DatumGetFixedBytes(b), \
						  (len)) <= 0 ? a : b; \
} \
PG_FUNCTION_INFO_V1(prefix##_larger); \
Datum \
prefix##_larger(PG_FUNCTION_ARGS) \
{ \
	Datum		a = PG_GETARG_DATUM(0); \
	Datum		b = PG_GETARG_DATUM(1); \
\
	return fixedbytes_cmp(DatumGetFixedBytes(a), DatumGetFixedBytes(b), \
						  (len)) >= 0 ? a : b; \
}

/*
 * B-tree sort support, PREFIX_sortsupport, with the abbreviated keys of
 * fixedbytes_ms_sortsupport: only for types that begin with a 48-bit
 * millisecond timestamp.
 */
#define FIXEDBYTES_MS_SORTSUPPORT(prefix, len) \
static int \
prefix##_fast_cmp(Datum x, Datum y, SortSupport ssup) \
{ \
	return fixedbytes_cmp(DatumGetFixedBytes(x), DatumGetFixedBytes(y), (len)); \
} \
PG_FUNCTION_INFO_V1(prefix##_sortsupport); \
Datum \
prefix##_sortsupport(PG_FUNCTION_ARGS) \
{ \
	fixedbytes_ms_sortsupport((SortSupport) PG_GETARG_POINTER(0), \
							  prefix##_fast_cmp); \
	PG_RETURN_VOID(); \
}

/* PREFIX_hash and PREFIX_hash_extended: hash opclass and BRIN bloom */
#define FIXEDBYTES_HASH(prefix, len) \
PG_FUNCTION_INFO_V1(prefix##_hash); \
Datum \
prefix##_hash(PG_FUNCTION_ARGS) \
{ \
	return hash_any(DatumGetFixedBytes(PG_GETARG_DATUM(0)), (len)); \
} \
PG_FUNCTION_INFO_V1(prefix##_hash_extended); \
Datum \
prefix##_hash_extended(PG_FUNCTION_ARGS) \
{ \
	return hash_any_extended(DatumGetFixedBytes(PG_GETARG_DATUM(0)), (len), \
							 PG_GETARG_INT64(1)); \
}

/* PREFIX_brin_minmax_multi_distance */
#define FIXEDBYTES_BRIN_DISTANCE(prefix, len) \
PG_FUNCTION_INFO_V1(prefix##_brin_minmax_multi_distance); \
Datum \
prefix##_brin_minmax_multi_distance(PG_FUNCTION_ARGS) \
{ \
	PG_RETURN_FLOAT8(fixedbytes_distance(DatumGetFixedBytes(PG_GETARG_DATUM(0)), \
										 DatumGetFixedBytes(PG_GETARG_DATUM(1)), \
										 (len))); \
}

/*
 * PREFIX_skipsupport, B-tree support function 6 (PostgreSQL 18): every
 * byte string of the length is a valid value, so the neighbours of a value
 * are the byte string plus or minus one, and the bounds are all zeros and
 * all ones.  Expands to nothing before 18.
 */
#if PG_VERSION_NUM >= 180000
#define FIXEDBYTES_SKIPSUPPORT(prefix, len) \
static Datum \
prefix##_decrement(Relation rel, Datum existing, bool *underflow) \
{ \
	return fixedbytes_step(existing, (len), false, underflow); \
} \
static Datum \
prefix##_increment(Relation rel, Datum existing, bool *overflow) \
{ \
	return fixedbytes_step(existing, (len), true, overflow); \
} \
PG_FUNCTION_INFO_V1(prefix##_skipsupport); \
Datum \
prefix##_skipsupport(PG_FUNCTION_ARGS) \
{ \
	SkipSupport sksup = (SkipSupport) PG_GETARG_POINTER(0); \
	uint8	   *lowest = palloc((len)); \
	uint8	   *highest = palloc((len)); \
\
	memset(lowest, 0x00, (len)); \
	memset(highest, 0xFF, (len)); \
	sksup->low_elem = PointerGetDatum(lowest); \
	sksup->high_elem = PointerGetDatum(highest); \
	sksup->decrement = prefix##_decrement; \
	sksup->increment = prefix##_increment; \
	PG_RETURN_VOID(); \
}
#else
#define FIXEDBYTES_SKIPSUPPORT(prefix, len)
#endif

/* every entry point above */
#define FIXEDBYTES_MS_TYPE(prefix, len) \
FIXEDBYTES_COMPARISON(prefix, len) \
FIXEDBYTES_MS_SORTSUPPORT(prefix, len) \
FIXEDBYTES_HASH(prefix, len) \
FIXEDBYTES_BRIN_DISTANCE(prefix, len) \
FIXEDBYTES_SKIPSUPPORT(prefix, len)

#endif							/* FIXEDBYTES_H */
