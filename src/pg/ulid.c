/*-------------------------------------------------------------------------
 *
 * ulid.c
 *	  Type glue for ulid: text and binary I/O, conversions, the timestamp,
 *	  the text conversion functions for ULIDs kept in text or uuid
 *	  columns, and the comparison, hashing, sorting and index support every
 *	  byte-ordered fixed-length type shares (fixedbytes.h).
 *
 * A ulid is 16 bytes, big-endian, with no header (INTERNALLENGTH 16,
 * ALIGNMENT char), byte for byte a uuid and a scru128: pass-by-reference,
 * passed around as a bare pointer.
 *
 *-------------------------------------------------------------------------
 */
#include "scru128_pg.h"

#include "utils/builtins.h"
#include "utils/timestamp.h"
#include "utils/uuid.h"

#include "fixedbytes.h"
#include "ulid_core.h"

#define PG_GETARG_ULID(n)	DatumGetFixedBytes(PG_GETARG_DATUM(n))

StaticAssertDecl(ULID_LEN == UUID_LEN, "ulid and uuid differ in length");
StaticAssertDecl(ULID_LEN == SCRU128_LEN, "ulid and scru128 differ in length");

#if PG_VERSION_NUM < 160000
/* no soft errors before 16: every error is hard */
#define errsave(context, ...)	ereport(ERROR, __VA_ARGS__)
#endif

FIXEDBYTES_MS_TYPE(ulid, ULID_LEN)

/*
 * Decodes str into result or reports why not, as a soft error where the
 * caller's context takes one; returns false then.
 */
static bool
ulid_parse(const char *str, uint8 *result, const char *typname,
		   struct Node *escontext)
{
	size_t		len = strlen(str);
	size_t		bad_pos = 0;
	ulid_decode_status status;

	status = ulid_decode(str, len, result, &bad_pos);
	if (likely(status == ULID_DECODE_OK))
		return true;

	errsave(escontext,
			(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
			 errmsg("invalid input syntax for type %s: \"%s\"", typname, str),
			 status == ULID_DECODE_BAD_LENGTH ?
			 errdetail_plural("A ULID has exactly 26 Crockford Base32 digits; got %zu byte.",
							  "A ULID has exactly 26 Crockford Base32 digits; got %zu bytes.",
							  (unsigned long) len, len) :
			 status == ULID_DECODE_BAD_DIGIT ?
			 errdetail("Byte %zu is not a Crockford Base32 digit (0-9, A-Z but U, either case; I and L read as 1, O as 0).",
					   bad_pos + 1) :
			 errdetail("The value exceeds the largest ULID, \"7ZZZZZZZZZZZZZZZZZZZZZZZZZ\" (the first digit is at most 7)."),
			 TIME_HINT(str)));
	return false;
}

PG_FUNCTION_INFO_V1(ulid_in);
Datum
ulid_in(PG_FUNCTION_ARGS)
{
	char	   *str = PG_GETARG_CSTRING(0);
	uint8	   *result = palloc(ULID_LEN);

	if (unlikely(!ulid_parse(str, result, "ulid", fcinfo->context)))
		return (Datum) 0;
	PG_RETURN_POINTER(result);
}

PG_FUNCTION_INFO_V1(ulid_out);
Datum
ulid_out(PG_FUNCTION_ARGS)
{
	char	   *result = palloc(ULID_TEXT_LEN + 1);

	ulid_encode(PG_GETARG_ULID(0), result);
	result[ULID_TEXT_LEN] = '\0';
	PG_RETURN_CSTRING(result);
}

PG_FUNCTION_INFO_V1(ulid_recv);
Datum
ulid_recv(PG_FUNCTION_ARGS)
{
	PG_RETURN_POINTER(fixedbytes_recv((StringInfo) PG_GETARG_POINTER(0),
									  ULID_LEN, "ulid"));
}

PG_FUNCTION_INFO_V1(ulid_send);
Datum
ulid_send(PG_FUNCTION_ARGS)
{
	/* no StringInfo: pq_begintypsend() would allocate a kilobyte per value */
	PG_RETURN_BYTEA_P(fixedbytes_to_bytea(PG_GETARG_ULID(0), ULID_LEN));
}

PG_FUNCTION_INFO_V1(ulid_to_bytea);
Datum
ulid_to_bytea(PG_FUNCTION_ARGS)
{
	PG_RETURN_BYTEA_P(fixedbytes_to_bytea(PG_GETARG_ULID(0), ULID_LEN));
}

PG_FUNCTION_INFO_V1(ulid_from_bytea);
Datum
ulid_from_bytea(PG_FUNCTION_ARGS)
{
	PG_RETURN_POINTER(fixedbytes_from_bytea(PG_GETARG_BYTEA_PP(0),
											ULID_LEN, "ulid"));
}

PG_FUNCTION_INFO_V1(ulid_timestamp);
Datum
ulid_timestamp(PG_FUNCTION_ARGS)
{
	int64		ms = (int64) ulid_get_timestamp(PG_GETARG_ULID(0));

	/* 2^48 ms is about year 10889, well inside timestamptz's range */
	PG_RETURN_TIMESTAMPTZ(ms * 1000 - SCRU128_PG_EPOCH_OFFSET_US);
}

PG_FUNCTION_INFO_V1(ulid_timestamp_ms);
Datum
ulid_timestamp_ms(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT64((int64) ulid_get_timestamp(PG_GETARG_ULID(0)));
}

PG_FUNCTION_INFO_V1(ulid_random);
Datum
ulid_random(PG_FUNCTION_ARGS)
{
	PG_RETURN_BYTEA_P(fixedbytes_to_bytea(PG_GETARG_ULID(0) + 6, ULID_RANDOM_LEN));
}

/* the smallest or largest ULID of the millisecond of ts */
static Datum
ulid_bound(TimestampTz ts, bool largest)
{
	uint64		ms = fixedbytes_timestamptz_to_ms(ts, 0, ULID_MAX_TIMESTAMP, "ulid");
	uint8	   *result = palloc(ULID_LEN);
	int			i;

	for (i = 5; i >= 0; i--)
	{
		result[i] = (uint8) ms;
		ms >>= 8;
	}
	memset(result + 6, largest ? 0xFF : 0x00, ULID_RANDOM_LEN);
	PG_RETURN_POINTER(result);
}

PG_FUNCTION_INFO_V1(ulid_min_for);
Datum
ulid_min_for(PG_FUNCTION_ARGS)
{
	return ulid_bound(PG_GETARG_TIMESTAMPTZ(0), false);
}

PG_FUNCTION_INFO_V1(ulid_max_for);
Datum
ulid_max_for(PG_FUNCTION_ARGS)
{
	return ulid_bound(PG_GETARG_TIMESTAMPTZ(0), true);
}

/*
 * ULID text kept in a text column to the uuid of the same bytes, and back:
 * for tables that keep ULIDs as text or in uuid columns, with or without
 * this type.  A bad text is an error (22P02) as for the type's input.
 */
PG_FUNCTION_INFO_V1(ulid_text_to_uuid);
Datum
ulid_text_to_uuid(PG_FUNCTION_ARGS)
{
	char	   *str = text_to_cstring(PG_GETARG_TEXT_PP(0));
	pg_uuid_t  *result = palloc(sizeof(pg_uuid_t));

	(void) ulid_parse(str, result->data, "ulid", NULL);
	PG_RETURN_UUID_P(result);
}

PG_FUNCTION_INFO_V1(ulid_uuid_to_text);
Datum
ulid_uuid_to_text(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *id = PG_GETARG_UUID_P(0);
	text	   *result = palloc(VARHDRSZ + ULID_TEXT_LEN);

	SET_VARSIZE(result, VARHDRSZ + ULID_TEXT_LEN);
	ulid_encode(id->data, VARDATA(result));
	PG_RETURN_TEXT_P(result);
}
