/*-------------------------------------------------------------------------
 *
 * scru128_partition.c
 *	  Time partitioning of tables keyed by SCRU128 IDs: the bounds of
 *	  native range partitions, and the time encoder and decoder pg_partman
 *	  5.2+ needs for a uuid control column.
 *
 * A SCRU128 ID begins with its 48-bit Unix millisecond timestamp, so the
 * IDs of a time range [a, b) are exactly those in [scru128_min(a),
 * scru128_min(b)): a partition's upper bound is the next one's lower bound
 * and no ID can fall between two partitions.
 *
 *-------------------------------------------------------------------------
 */
#include "scru128_pg.h"

#include "funcapi.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/datetime.h"
#include "utils/timestamp.h"
#include "utils/tuplestore.h"
#include "utils/uuid.h"

#include "fixedbytes.h"
#include "scru128_id.h"

/* the smallest ID of a millisecond */
static Datum
scru128_min_of_ms(uint64 ms)
{
	pg_scru128 *result = palloc(sizeof(pg_scru128));

	scru128_from_fields(result->data, ms, 0, 0, 0);
	return Scru128PGetDatum(result);
}

/*
 * The suffix of a partition's name: its lower bound in the session time
 * zone, to the precision of the step, so that the suffixes of one series
 * are distinct and sort like the partitions.
 */
static text *
partition_suffix(TimestampTz ts, const Interval *step)
{
	struct pg_tm tm;
	fsec_t		fsec;
	int			tz;
	char		buf[64];

	if (timestamp2tm(ts, &tz, &tm, &fsec, NULL, NULL) != 0)
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("timestamp out of range")));

	if (step->time == 0 && step->day == 0 && step->month % MONTHS_PER_YEAR == 0)
		snprintf(buf, sizeof(buf), "%04d", tm.tm_year);
	else if (step->time == 0 && step->day == 0)
		snprintf(buf, sizeof(buf), "%04d%02d", tm.tm_year, tm.tm_mon);
	else if (step->time == 0)
		snprintf(buf, sizeof(buf), "%04d%02d%02d",
				 tm.tm_year, tm.tm_mon, tm.tm_mday);
	else if (step->time % USECS_PER_SEC == 0)
		snprintf(buf, sizeof(buf), "%04d%02d%02d_%02d%02d%02d",
				 tm.tm_year, tm.tm_mon, tm.tm_mday,
				 tm.tm_hour, tm.tm_min, tm.tm_sec);
	else
		snprintf(buf, sizeof(buf), "%04d%02d%02d_%02d%02d%02d_%03d",
				 tm.tm_year, tm.tm_mon, tm.tm_mday,
				 tm.tm_hour, tm.tm_min, tm.tm_sec, (int) (fsec / 1000));
	return cstring_to_text(buf);
}

/*
 * scru128_partition_bounds(from, to, step): one row per partition covering
 * [from, to), the first starting at from, each step long (months and days
 * as the session's TimeZone counts them, like timestamptz + interval), the
 * last ending at or after to.
 */
PG_FUNCTION_INFO_V1(scru128_partition_bounds);
Datum
scru128_partition_bounds(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	TimestampTz from = PG_GETARG_TIMESTAMPTZ(0);
	TimestampTz to = PG_GETARG_TIMESTAMPTZ(1);
	Interval   *step = PG_GETARG_INTERVAL_P(2);
	TimestampTz cur;
	uint64		cur_ms;
	int64		n = 0;

	InitMaterializedSRF(fcinfo, 0);

	if (TIMESTAMP_NOT_FINITE(from) || TIMESTAMP_NOT_FINITE(to))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("partition bounds need finite timestamps")));

	cur = from;
	cur_ms = fixedbytes_timestamptz_to_ms(cur, 0, SCRU128_MAX_TIMESTAMP, "scru128");
	while (cur < to)
	{
		TimestampTz next;
		uint64		next_ms;
		Datum		values[3];
		bool		nulls[3] = {false, false, false};

		CHECK_FOR_INTERRUPTS();

		/*
		 * from + n * step rather than the previous bound + step, so that a
		 * series started on the 31st keeps to month ends instead of
		 * drifting to the 28th after February
		 */
		n++;
		next = DatumGetTimestampTz(DirectFunctionCall2(timestamptz_pl_interval,
													   TimestampTzGetDatum(from),
													   DirectFunctionCall2(interval_mul,
																		   PointerGetDatum(step),
																		   Float8GetDatum((float8) n))));
		if (next <= cur)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("partition step must be positive: \"%s\" + %s is not later",
							timestamptz_to_str(cur),
							DatumGetCString(DirectFunctionCall1(interval_out,
																PointerGetDatum(step))))));
		next_ms = fixedbytes_timestamptz_to_ms(next, 0, SCRU128_MAX_TIMESTAMP, "scru128");
		if (next_ms <= cur_ms)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("partition step must be at least one millisecond"),
					 errdetail("A scru128 timestamp has millisecond precision.")));

		values[0] = PointerGetDatum(partition_suffix(cur, step));
		values[1] = scru128_min_of_ms(cur_ms);
		values[2] = scru128_min_of_ms(next_ms);
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);

		cur = next;
		cur_ms = next_ms;
	}
	return (Datum) 0;
}

/*
 * pg_partman's time encoder for a uuid control column: the smallest
 * SCRU128 ID of the millisecond of ts, as a uuid.  pg_partman bounds its
 * partitions with encoder(start) and encoder(end) and reads a partition's
 * start back with the decoder, which must give start again: it does for
 * every timestamp of whole milliseconds, which partition boundaries are.
 */
PG_FUNCTION_INFO_V1(scru128_partman_encoder);
Datum
scru128_partman_encoder(PG_FUNCTION_ARGS)
{
	uint64		ms = fixedbytes_timestamptz_to_ms(PG_GETARG_TIMESTAMPTZ(0), 0,
											   SCRU128_MAX_TIMESTAMP, "scru128");
	pg_uuid_t  *result = palloc(sizeof(pg_uuid_t));

	StaticAssertStmt(sizeof(pg_uuid_t) == SCRU128_LEN,
					 "a uuid and a scru128 have the same length");
	scru128_from_fields(result->data, ms, 0, 0, 0);
	PG_RETURN_UUID_P(result);
}

/*
 * pg_partman's time decoder: the millisecond of a SCRU128 ID stored in a
 * uuid column, given as text (pg_partman passes the text of the column or
 * of a partition bound).  UUIDv7 has its millisecond in the same 48 bits.
 */
PG_FUNCTION_INFO_V1(scru128_partman_decoder);
Datum
scru128_partman_decoder(PG_FUNCTION_ARGS)
{
	char	   *str = text_to_cstring(PG_GETARG_TEXT_PP(0));
	pg_uuid_t  *uuid = DatumGetUUIDP(DirectFunctionCall1(uuid_in,
													 CStringGetDatum(str)));
	uint64		ms = be64_load(uuid->data) >> 16;

	/* 2^48 ms after 1970 is in the year 10889, well inside timestamptz */
	PG_RETURN_TIMESTAMPTZ((TimestampTz) (ms * 1000) - SCRU128_PG_EPOCH_OFFSET_US);
}
