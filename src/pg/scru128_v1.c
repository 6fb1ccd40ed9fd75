/*-------------------------------------------------------------------------
 *
 * scru128_v1.c
 *	  Reading IDs of the first SCRU128 draft (spec v1.0.x, 2021-2022).
 *
 * A v1 ID is a 128-bit integer: timestamp (44 bits, milliseconds since
 * 2020-01-01 00:00:00+00), counter (28), per_sec_random (24) and
 * per_gen_random (32), written as a 26-digit radix-32 numeral.  Its fields
 * do not map onto those of the current scru128 type, so it is never
 * converted to one; it converts losslessly to a uuid holding the same
 * integer big-endian, whose byte order is the numeric order of the IDs and
 * the order of their canonical text.  There is no v1 type: these functions
 * serve the migration of text columns of v1 IDs to uuid.
 *
 *-------------------------------------------------------------------------
 */
#include "scru128_pg.h"

#include "access/htup_details.h"
#include "funcapi.h"
#include "utils/builtins.h"
#include "utils/timestamp.h"
#include "utils/uuid.h"

#include "radix32.h"

/* Unix milliseconds of the v1 epoch, 2020-01-01 00:00:00+00 */
#define SCRU128_V1_EPOCH_MS INT64CONST(1577836800000)

/* parses a text argument into id, or raises 22P02 naming the problem */
static void
scru128_v1_parse(text *txt, uint8 id[UUID_LEN])
{
	const char *s = VARDATA_ANY(txt);
	size_t		len = VARSIZE_ANY_EXHDR(txt);
	size_t		bad_pos = 0;
	radix32_status status;

	status = radix32_decode(s, len, id, &bad_pos);
	if (likely(status == RADIX32_OK))
		return;

	ereport(ERROR,
			(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
			 errmsg("invalid SCRU128 v1 ID: \"%s\"", text_to_cstring(txt)),
			 status == RADIX32_BAD_LENGTH ?
			 errdetail_plural("A SCRU128 v1 ID has exactly 26 radix-32 digits; got %zu byte.",
							  "A SCRU128 v1 ID has exactly 26 radix-32 digits; got %zu bytes.",
							  (unsigned long) len, len) :
			 status == RADIX32_BAD_DIGIT ?
			 errdetail("Byte %zu is not a radix-32 digit (0-9, A-V, a-v).",
					   bad_pos + 1) :
			 errdetail("The value exceeds the largest SCRU128 v1 ID, \"7VVVVVVVVVVVVVVVVVVVVVVVVV\".")));
}

/* timestamp, in milliseconds since the v1 epoch: the top 44 bits */
static inline uint64
scru128_v1_get_timestamp(const uint8 *id)
{
	return be64_load(id) >> 20;
}

/* the v1 timestamp as a timestamptz; 2^44 ms is about 557 years */
static TimestampTz
scru128_v1_timestamptz(const uint8 *id)
{
	int64		unix_ms = (int64) scru128_v1_get_timestamp(id) + SCRU128_V1_EPOCH_MS;

	return (TimestampTz) (unix_ms * 1000 - SCRU128_PG_EPOCH_OFFSET_US);
}

PG_FUNCTION_INFO_V1(scru128_v1_to_uuid);
Datum
scru128_v1_to_uuid(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *result = palloc(sizeof(pg_uuid_t));

	scru128_v1_parse(PG_GETARG_TEXT_PP(0), result->data);
	PG_RETURN_UUID_P(result);
}

PG_FUNCTION_INFO_V1(scru128_v1_from_uuid);
Datum
scru128_v1_from_uuid(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *id = PG_GETARG_UUID_P(0);
	text	   *result = palloc(VARHDRSZ + RADIX32_TEXT_LEN);

	/* every 128-bit value has a 26-digit numeral: this cannot fail */
	SET_VARSIZE(result, VARHDRSZ + RADIX32_TEXT_LEN);
	radix32_encode(id->data, VARDATA(result));
	PG_RETURN_TEXT_P(result);
}

PG_FUNCTION_INFO_V1(scru128_v1_timestamp);
Datum
scru128_v1_timestamp(PG_FUNCTION_ARGS)
{
	uint8		id[UUID_LEN];

	scru128_v1_parse(PG_GETARG_TEXT_PP(0), id);
	PG_RETURN_TIMESTAMPTZ(scru128_v1_timestamptz(id));
}

PG_FUNCTION_INFO_V1(scru128_v1_fields);
Datum
scru128_v1_fields(PG_FUNCTION_ARGS)
{
	uint8		id[UUID_LEN];
	uint64		hi,
				lo;
	TupleDesc	tupdesc;
	Datum		values[4];
	bool		nulls[4] = {false, false, false, false};

	scru128_v1_parse(PG_GETARG_TEXT_PP(0), id);

	if (get_call_result_type(fcinfo, NULL, &tupdesc) != TYPEFUNC_COMPOSITE)
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("function returning record called in context that cannot accept type record")));
	tupdesc = BlessTupleDesc(tupdesc);

	hi = be64_load(id);
	lo = be64_load(id + 8);
	values[0] = TimestampTzGetDatum(scru128_v1_timestamptz(id));
	/* counter: the low 20 bits of hi, then the top 8 bits of lo */
	values[1] = Int32GetDatum((int32) (((hi & 0xFFFFF) << 8) | (lo >> 56)));
	values[2] = Int32GetDatum((int32) ((lo >> 32) & 0xFFFFFF));
	values[3] = Int64GetDatum((int64) (lo & 0xFFFFFFFF));

	PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(tupdesc, values, nulls)));
}
