/*-------------------------------------------------------------------------
 *
 * scru160.c
 *	  Type glue for scru160: text and binary I/O, conversions, fields, and
 *	  the comparison, hashing, sorting and index support every byte-ordered
 *	  fixed-length type shares (fixedbytes.h).
 *
 * A scru160 is 20 bytes, big-endian, with no header (INTERNALLENGTH 20,
 * ALIGNMENT char): pass-by-reference, passed around as a bare pointer.
 *
 *-------------------------------------------------------------------------
 */
#include "scru128_pg.h"

#include "utils/builtins.h"
#include "utils/timestamp.h"

#include "base32hex.h"
#include "fixedbytes.h"
#include "scru160_core.h"

#define PG_GETARG_SCRU160(n)	DatumGetFixedBytes(PG_GETARG_DATUM(n))

StaticAssertDecl(SCRU160_LEN == BASE32HEX_BYTES,
				 "base32hex codec and scru160 differ in length");

FIXEDBYTES_MS_TYPE(scru160, SCRU160_LEN)

PG_FUNCTION_INFO_V1(scru160_in);
Datum
scru160_in(PG_FUNCTION_ARGS)
{
	char	   *str = PG_GETARG_CSTRING(0);
	size_t		len = strlen(str);
	uint8	   *result = palloc(SCRU160_LEN);
	size_t		bad_pos = 0;
	base32hex_status status;

	status = base32hex_decode(str, len, result, &bad_pos);
	if (likely(status == BASE32HEX_OK))
		PG_RETURN_POINTER(result);

	ereturn(fcinfo->context, (Datum) 0,
			(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
			 errmsg("invalid input syntax for type %s: \"%s\"", "scru160", str),
			 status == BASE32HEX_BAD_LENGTH ?
			 errdetail_plural("A scru160 value has 32 base32hex digits or 40 hex digits; got %zu byte.",
							  "A scru160 value has 32 base32hex digits or 40 hex digits; got %zu bytes.",
							  (unsigned long) len, len) :
			 status == BASE32HEX_BAD_DIGIT ?
			 errdetail("Byte %zu is not a base32hex digit (0-9, A-V, a-v).",
					   bad_pos + 1) :
			 errdetail("Byte %zu is not a hex digit (0-9, a-f, A-F).",
					   bad_pos + 1),
			 TIME_HINT(str)));
}

PG_FUNCTION_INFO_V1(scru160_out);
Datum
scru160_out(PG_FUNCTION_ARGS)
{
	char	   *result = palloc(BASE32HEX_TEXT_LEN + 1);

	base32hex_encode(PG_GETARG_SCRU160(0), result);
	result[BASE32HEX_TEXT_LEN] = '\0';
	PG_RETURN_CSTRING(result);
}

PG_FUNCTION_INFO_V1(scru160_hex);
Datum
scru160_hex(PG_FUNCTION_ARGS)
{
	text	   *result = palloc(VARHDRSZ + BASE32HEX_HEX_LEN);

	SET_VARSIZE(result, VARHDRSZ + BASE32HEX_HEX_LEN);
	base32hex_encode_hex(PG_GETARG_SCRU160(0), VARDATA(result));
	PG_RETURN_TEXT_P(result);
}

PG_FUNCTION_INFO_V1(scru160_recv);
Datum
scru160_recv(PG_FUNCTION_ARGS)
{
	PG_RETURN_POINTER(fixedbytes_recv((StringInfo) PG_GETARG_POINTER(0),
									  SCRU160_LEN, "scru160"));
}

PG_FUNCTION_INFO_V1(scru160_send);
Datum
scru160_send(PG_FUNCTION_ARGS)
{
	/* no StringInfo: pq_begintypsend() would allocate a kilobyte per value */
	PG_RETURN_BYTEA_P(fixedbytes_to_bytea(PG_GETARG_SCRU160(0), SCRU160_LEN));
}

PG_FUNCTION_INFO_V1(scru160_to_bytea);
Datum
scru160_to_bytea(PG_FUNCTION_ARGS)
{
	PG_RETURN_BYTEA_P(fixedbytes_to_bytea(PG_GETARG_SCRU160(0), SCRU160_LEN));
}

PG_FUNCTION_INFO_V1(scru160_from_bytea);
Datum
scru160_from_bytea(PG_FUNCTION_ARGS)
{
	PG_RETURN_POINTER(fixedbytes_from_bytea(PG_GETARG_BYTEA_PP(0),
											SCRU160_LEN, "scru160"));
}

static void
check_field(const char *name, int64 value, int64 max)
{
	if (value < 0 || value > max)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("scru160 field \"%s\" is out of range: " INT64_FORMAT,
						name, value),
				 errdetail("\"%s\" must be between 0 and " INT64_FORMAT ".",
						   name, max)));
}

PG_FUNCTION_INFO_V1(scru160_from_fields_sql);
Datum
scru160_from_fields_sql(PG_FUNCTION_ARGS)
{
	int64		timestamp = PG_GETARG_INT64(0);
	int32		counter = PG_GETARG_INT32(1);
	int32		random16 = PG_GETARG_INT32(2);
	bytea	   *random80 = PG_GETARG_BYTEA_PP(3);
	uint8	   *result;

	check_field("timestamp_ms", timestamp, (int64) SCRU160_MAX_TIMESTAMP);
	check_field("counter", counter, SCRU160_MAX_COUNTER);
	check_field("random16", random16, SCRU160_MAX_RANDOM16);
	if (VARSIZE_ANY_EXHDR(random80) != SCRU160_RANDOM80_LEN)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("scru160 field \"random80\" must be %d bytes, got %zu",
						SCRU160_RANDOM80_LEN, (size_t) VARSIZE_ANY_EXHDR(random80))));

	result = palloc(SCRU160_LEN);
	scru160_from_fields(result, (uint64) timestamp, (uint32) counter,
						(uint32) random16, (const uint8 *) VARDATA_ANY(random80));
	PG_RETURN_POINTER(result);
}

PG_FUNCTION_INFO_V1(scru160_timestamp_ms);
Datum
scru160_timestamp_ms(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT64((int64) scru160_get_timestamp(PG_GETARG_SCRU160(0)));
}

PG_FUNCTION_INFO_V1(scru160_timestamp);
Datum
scru160_timestamp(PG_FUNCTION_ARGS)
{
	int64		ms = (int64) scru160_get_timestamp(PG_GETARG_SCRU160(0));

	/* 2^48 ms is about year 10889, well inside timestamptz's range */
	PG_RETURN_TIMESTAMPTZ(ms * 1000 - SCRU128_PG_EPOCH_OFFSET_US);
}

PG_FUNCTION_INFO_V1(scru160_counter);
Datum
scru160_counter(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32((int32) scru160_get_counter(PG_GETARG_SCRU160(0)));
}

PG_FUNCTION_INFO_V1(scru160_random16);
Datum
scru160_random16(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32((int32) scru160_get_random16(PG_GETARG_SCRU160(0)));
}

PG_FUNCTION_INFO_V1(scru160_random80);
Datum
scru160_random80(PG_FUNCTION_ARGS)
{
	PG_RETURN_BYTEA_P(fixedbytes_to_bytea(scru160_get_random80(PG_GETARG_SCRU160(0)),
										  SCRU160_RANDOM80_LEN));
}

/* the smallest or largest ID of the millisecond of ts */
static Datum
scru160_bound(TimestampTz ts, bool largest)
{
	uint64		ms = fixedbytes_timestamptz_to_ms(ts, 0, SCRU160_MAX_TIMESTAMP,
												  "scru160");
	uint8		fill[SCRU160_RANDOM80_LEN];
	uint8	   *result = palloc(SCRU160_LEN);

	memset(fill, largest ? 0xFF : 0x00, sizeof(fill));
	scru160_from_fields(result, ms,
						largest ? SCRU160_MAX_COUNTER : 0,
						largest ? SCRU160_MAX_RANDOM16 : 0, fill);
	PG_RETURN_POINTER(result);
}

PG_FUNCTION_INFO_V1(scru160_min_for);
Datum
scru160_min_for(PG_FUNCTION_ARGS)
{
	return scru160_bound(PG_GETARG_TIMESTAMPTZ(0), false);
}

PG_FUNCTION_INFO_V1(scru160_max_for);
Datum
scru160_max_for(PG_FUNCTION_ARGS)
{
	return scru160_bound(PG_GETARG_TIMESTAMPTZ(0), true);
}
