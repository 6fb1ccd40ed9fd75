/*-------------------------------------------------------------------------
 *
 * scru64.c
 *	  Type glue for scru64: text and binary I/O, casts, fields and bounds.
 *
 * A scru64 is an int8 Datum holding the ID itself: every valid ID is
 * below 36^12 < 2^63, so signed order, numeric order and text order agree.
 *
 *-------------------------------------------------------------------------
 */
#include "scru128_pg.h"

#include "common/int.h"
#include "libpq/pqformat.h"
#include "port/pg_bswap.h"
#include "utils/builtins.h"
#include "utils/timestamp.h"

#include "scru64_core.h"
#include "scru64_pg.h"

PG_FUNCTION_INFO_V1(scru64_in);
Datum
scru64_in(PG_FUNCTION_ARGS)
{
	char	   *str = PG_GETARG_CSTRING(0);
	size_t		len = strlen(str);
	size_t		bad_pos = 0;
	uint64		id;
	scru64_decode_status status;

	status = scru64_decode(str, len, &id, &bad_pos);
	if (likely(status == SCRU64_DECODE_OK))
		PG_RETURN_SCRU64((int64) id);

	ereturn(fcinfo->context, (Datum) 0,
			(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
			 errmsg("invalid input syntax for type %s: \"%s\"", "scru64", str),
			 status == SCRU64_DECODE_BAD_LENGTH ?
			 errdetail_plural("A scru64 value has exactly 12 Base36 digits; got %zu byte.",
							  "A scru64 value has exactly 12 Base36 digits; got %zu bytes.",
							  (unsigned long) len, len) :
			 errdetail("Byte %zu is not a Base36 digit (0-9, a-z, A-Z).",
					   bad_pos + 1),
			 TIME_HINT(str)));
}

PG_FUNCTION_INFO_V1(scru64_out);
Datum
scru64_out(PG_FUNCTION_ARGS)
{
	int64		id = PG_GETARG_SCRU64(0);
	char	   *result = palloc(SCRU64_TEXT_LEN + 1);

	scru64_encode((uint64) id, result);
	result[SCRU64_TEXT_LEN] = '\0';
	PG_RETURN_CSTRING(result);
}

PG_FUNCTION_INFO_V1(scru64_recv);
Datum
scru64_recv(PG_FUNCTION_ARGS)
{
	StringInfo	buf = (StringInfo) PG_GETARG_POINTER(0);
	int64		id = pq_getmsgint64(buf);

	if (id < 0 || (uint64) id > SCRU64_MAX)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid binary scru64 value: " INT64_FORMAT, id),
				 errdetail("A scru64 value is between 0 and " UINT64_FORMAT ".",
						   (uint64) SCRU64_MAX)));
	PG_RETURN_SCRU64(id);
}

PG_FUNCTION_INFO_V1(scru64_send);
Datum
scru64_send(PG_FUNCTION_ARGS)
{
	/* no StringInfo: pq_begintypsend() would allocate a kilobyte per value */
	uint64		be = pg_hton64((uint64) PG_GETARG_SCRU64(0));
	bytea	   *result = palloc(VARHDRSZ + sizeof(be));

	SET_VARSIZE(result, VARHDRSZ + sizeof(be));
	memcpy(VARDATA(result), &be, sizeof(be));
	PG_RETURN_BYTEA_P(result);
}

static void
check_range(const char *name, int64 value, int64 max)
{
	if (value < 0 || value > max)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("scru64 %s is out of range: " INT64_FORMAT, name, value),
				 errdetail("%s must be between 0 and " INT64_FORMAT ".",
						   name, max)));
}

PG_FUNCTION_INFO_V1(scru64_from_bigint);
Datum
scru64_from_bigint(PG_FUNCTION_ARGS)
{
	int64		value = PG_GETARG_INT64(0);

	check_range("value", value, (int64) SCRU64_MAX);
	PG_RETURN_SCRU64(value);
}

PG_FUNCTION_INFO_V1(scru64_from_parts_sql);
Datum
scru64_from_parts_sql(PG_FUNCTION_ARGS)
{
	int64		timestamp = PG_GETARG_INT64(0);
	int32		node_ctr = PG_GETARG_INT32(1);

	check_range("timestamp", timestamp, (int64) SCRU64_MAX_TIMESTAMP);
	check_range("node_ctr", node_ctr, SCRU64_MAX_NODE_CTR);
	PG_RETURN_SCRU64((int64) scru64_from_parts((uint64) timestamp,
											   (uint32) node_ctr));
}

PG_FUNCTION_INFO_V1(scru64_timestamp_ms);
Datum
scru64_timestamp_ms(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT64((int64) (scru64_get_timestamp((uint64) PG_GETARG_SCRU64(0)) << 8));
}

PG_FUNCTION_INFO_V1(scru64_timestamp);
Datum
scru64_timestamp(PG_FUNCTION_ARGS)
{
	int64		ms = (int64) (scru64_get_timestamp((uint64) PG_GETARG_SCRU64(0)) << 8);

	/* the largest tick starts in year 4261, well inside timestamptz */
	PG_RETURN_TIMESTAMPTZ(ms * 1000 - SCRU128_PG_EPOCH_OFFSET_US);
}

PG_FUNCTION_INFO_V1(scru64_node_ctr);
Datum
scru64_node_ctr(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32((int32) scru64_get_node_ctr((uint64) PG_GETARG_SCRU64(0)));
}

static int
check_node_id_size(int32 size)
{
	if (size < 1 || size > 23)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("scru64 node_id_size is out of range: %d", size),
				 errdetail("node_id_size must be between 1 and 23.")));
	return SCRU64_NODE_CTR_BITS - size;
}

PG_FUNCTION_INFO_V1(scru64_node_id);
Datum
scru64_node_id(PG_FUNCTION_ARGS)
{
	uint32		node_ctr = scru64_get_node_ctr((uint64) PG_GETARG_SCRU64(0));
	int			counter_size = check_node_id_size(PG_GETARG_INT32(1));

	PG_RETURN_INT32((int32) (node_ctr >> counter_size));
}

PG_FUNCTION_INFO_V1(scru64_counter);
Datum
scru64_counter(PG_FUNCTION_ARGS)
{
	uint32		node_ctr = scru64_get_node_ctr((uint64) PG_GETARG_SCRU64(0));
	int			counter_size = check_node_id_size(PG_GETARG_INT32(1));

	PG_RETURN_INT32((int32) (node_ctr & ((UINT32_C(1) << counter_size) - 1)));
}

/* the tick (unix_ms >> 8) of a timestamptz, or an error outside scru64's */
uint64
scru64_timestamptz_to_tick(TimestampTz ts)
{
	int64		us;

	if (TIMESTAMP_NOT_FINITE(ts) ||
		pg_add_s64_overflow(ts, SCRU128_PG_EPOCH_OFFSET_US, &us) ||
		us < 0 || ((uint64) (us / 1000) >> 8) > SCRU64_MAX_TIMESTAMP)
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("timestamp out of range for scru64: \"%s\"",
						timestamptz_to_str(ts)),
				 errdetail("A scru64 timestamp is between 1970-01-01 00:00:00+00 and "
						   UINT64_FORMAT " milliseconds after it.",
						   (SCRU64_MAX_TIMESTAMP << 8) + 255)));
	return ((uint64) (us / 1000)) >> 8;
}

PG_FUNCTION_INFO_V1(scru64_min_for);
Datum
scru64_min_for(PG_FUNCTION_ARGS)
{
	uint64		tick = scru64_timestamptz_to_tick(PG_GETARG_TIMESTAMPTZ(0));

	PG_RETURN_SCRU64((int64) scru64_from_parts(tick, 0));
}

PG_FUNCTION_INFO_V1(scru64_max_for);
Datum
scru64_max_for(PG_FUNCTION_ARGS)
{
	uint64		tick = scru64_timestamptz_to_tick(PG_GETARG_TIMESTAMPTZ(0));

	PG_RETURN_SCRU64((int64) scru64_from_parts(tick, SCRU64_MAX_NODE_CTR));
}
