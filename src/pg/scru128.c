/*-------------------------------------------------------------------------
 *
 * scru128.c
 *	  Type glue for scru128: text and binary I/O, conversions and fields.
 *
 *-------------------------------------------------------------------------
 */
#include "scru128_pg.h"

#include "utils/builtins.h"
#include "utils/timestamp.h"

#include "base36.h"
#include "fixedbytes.h"

PG_FUNCTION_INFO_V1(scru128_in);
Datum
scru128_in(PG_FUNCTION_ARGS)
{
	char	   *str = PG_GETARG_CSTRING(0);
	size_t		len = strlen(str);
	pg_scru128 *result = palloc(sizeof(pg_scru128));
	size_t		bad_pos = 0;
	base36_status status;

	status = base36_decode(str, len, result->data, &bad_pos);
	if (likely(status == BASE36_OK))
		PG_RETURN_SCRU128_P(result);

	ereturn(fcinfo->context, (Datum) 0,
			(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
			 errmsg("invalid input syntax for type %s: \"%s\"", "scru128", str),
			 status == BASE36_BAD_LENGTH ?
			 errdetail_plural("A scru128 value has exactly 25 Base36 digits; got %zu byte.",
							  "A scru128 value has exactly 25 Base36 digits; got %zu bytes.",
							  (unsigned long) len, len) :
			 status == BASE36_BAD_DIGIT ?
			 errdetail("Byte %zu is not a Base36 digit (0-9, a-z, A-Z).",
					   bad_pos + 1) :
			 errdetail("The value exceeds the largest scru128, \"f5lxx1zz5pnorynqglhzmsp33\"."),
			 TIME_HINT(str)));
}

PG_FUNCTION_INFO_V1(scru128_out);
Datum
scru128_out(PG_FUNCTION_ARGS)
{
	pg_scru128 *id = PG_GETARG_SCRU128_P(0);
	char	   *result = palloc(SCRU128_TEXT_LEN + 1);

	base36_encode(id->data, result);
	result[SCRU128_TEXT_LEN] = '\0';
	PG_RETURN_CSTRING(result);
}

PG_FUNCTION_INFO_V1(scru128_recv);
Datum
scru128_recv(PG_FUNCTION_ARGS)
{
	PG_RETURN_POINTER(fixedbytes_recv((StringInfo) PG_GETARG_POINTER(0),
									  SCRU128_LEN, "scru128"));
}

PG_FUNCTION_INFO_V1(scru128_send);
Datum
scru128_send(PG_FUNCTION_ARGS)
{
	/* no StringInfo: pq_begintypsend() would allocate a kilobyte per value */
	PG_RETURN_BYTEA_P(fixedbytes_to_bytea(PG_GETARG_SCRU128_P(0)->data, SCRU128_LEN));
}

PG_FUNCTION_INFO_V1(scru128_to_bytea);
Datum
scru128_to_bytea(PG_FUNCTION_ARGS)
{
	PG_RETURN_BYTEA_P(fixedbytes_to_bytea(PG_GETARG_SCRU128_P(0)->data, SCRU128_LEN));
}

PG_FUNCTION_INFO_V1(scru128_from_bytea);
Datum
scru128_from_bytea(PG_FUNCTION_ARGS)
{
	PG_RETURN_POINTER(fixedbytes_from_bytea(PG_GETARG_BYTEA_PP(0), SCRU128_LEN,
											"scru128"));
}

static void
check_field(const char *name, int64 value, int64 max)
{
	if (value < 0 || value > max)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("scru128 field \"%s\" is out of range: " INT64_FORMAT,
						name, value),
				 errdetail("\"%s\" must be between 0 and " INT64_FORMAT ".",
						   name, max)));
}

PG_FUNCTION_INFO_V1(scru128_from_fields_sql);
Datum
scru128_from_fields_sql(PG_FUNCTION_ARGS)
{
	int64		timestamp = PG_GETARG_INT64(0);
	int32		counter_hi = PG_GETARG_INT32(1);
	int32		counter_lo = PG_GETARG_INT32(2);
	int64		entropy = PG_GETARG_INT64(3);
	pg_scru128 *result;

	check_field("timestamp_ms", timestamp, (int64) SCRU128_MAX_TIMESTAMP);
	check_field("counter_hi", counter_hi, SCRU128_MAX_COUNTER_HI);
	check_field("counter_lo", counter_lo, SCRU128_MAX_COUNTER_LO);
	check_field("entropy", entropy, (int64) PG_UINT32_MAX);

	result = palloc(sizeof(pg_scru128));
	scru128_from_fields(result->data, (uint64) timestamp, (uint32) counter_hi,
						(uint32) counter_lo, (uint32) entropy);
	PG_RETURN_SCRU128_P(result);
}

PG_FUNCTION_INFO_V1(scru128_timestamp_ms);
Datum
scru128_timestamp_ms(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT64((int64) scru128_get_timestamp(PG_GETARG_SCRU128_P(0)->data));
}

PG_FUNCTION_INFO_V1(scru128_timestamp);
Datum
scru128_timestamp(PG_FUNCTION_ARGS)
{
	int64		ms = (int64) scru128_get_timestamp(PG_GETARG_SCRU128_P(0)->data);

	/* 2^48 ms is about year 10889, well inside timestamptz's range */
	PG_RETURN_TIMESTAMPTZ(ms * 1000 - SCRU128_PG_EPOCH_OFFSET_US);
}

PG_FUNCTION_INFO_V1(scru128_counter_hi);
Datum
scru128_counter_hi(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32((int32) scru128_get_counter_hi(PG_GETARG_SCRU128_P(0)->data));
}

PG_FUNCTION_INFO_V1(scru128_counter_lo);
Datum
scru128_counter_lo(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32((int32) scru128_get_counter_lo(PG_GETARG_SCRU128_P(0)->data));
}

PG_FUNCTION_INFO_V1(scru128_entropy);
Datum
scru128_entropy(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT64((int64) scru128_get_entropy(PG_GETARG_SCRU128_P(0)->data));
}

/* the smallest or largest ID of the millisecond of ts */
static Datum
scru128_bound(TimestampTz ts, bool largest)
{
	uint64		ms = fixedbytes_timestamptz_to_ms(ts, 0, SCRU128_MAX_TIMESTAMP, "scru128");
	pg_scru128 *result = palloc(sizeof(pg_scru128));

	if (largest)
		scru128_from_fields(result->data, ms, SCRU128_MAX_COUNTER_HI,
							SCRU128_MAX_COUNTER_LO, PG_UINT32_MAX);
	else
		scru128_from_fields(result->data, ms, 0, 0, 0);
	PG_RETURN_SCRU128_P(result);
}

PG_FUNCTION_INFO_V1(scru128_min_for);
Datum
scru128_min_for(PG_FUNCTION_ARGS)
{
	return scru128_bound(PG_GETARG_TIMESTAMPTZ(0), false);
}

PG_FUNCTION_INFO_V1(scru128_max_for);
Datum
scru128_max_for(PG_FUNCTION_ARGS)
{
	return scru128_bound(PG_GETARG_TIMESTAMPTZ(0), true);
}
