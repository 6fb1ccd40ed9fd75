/*-------------------------------------------------------------------------
 *
 * uuid_gen.c
 *	  RFC 9562 UUIDs on the core uuid type: PostgreSQL 18's uuidv7(),
 *	  uuidv7(interval) and uuidv4(), 17's uuid_extract_timestamp() and
 *	  uuid_extract_version() on every server version, and what core lacks
 *	  (uuidv6(), v7 for a given time and its bounds, v1 <-> v6).
 *
 * The C symbols are named scru128_uuid*: core's own uuidv7 and friends are
 * symbols of the postgres binary.  The layouts and the generator clocks are
 * in uuid_core.c; random bits come from the backend's random pool, like
 * scru128()'s.  The generator state belongs to the process that set it up
 * and is thrown away in a process forked from it (see scru128_gen.c).
 * With scru128.generator_scope = server, uuidv7() draws from the server's
 * generator (generator_scope.c), with this backend's clock as the floor;
 * uuidv7(interval) and uuidv6() stay per backend.
 *
 *-------------------------------------------------------------------------
 */
#include "scru128_pg.h"

#include <time.h>

#include "miscadmin.h"
#include "utils/fmgrprotos.h"
#include "utils/timestamp.h"
#include "utils/uuid.h"

#include "generator_scope.h"
#include "random_pool.h"
#include "uuid_core.h"

/* the Unix epoch and the end of the last v7 millisecond as TimestampTz */
#define UUIDV7_MIN_TIMESTAMPTZ (-SCRU128_PG_EPOCH_OFFSET_US)
#define UUIDV7_MAX_TIMESTAMPTZ \
	((int64) (UUIDV7_MAX_MS + 1) * 1000 - 1 - SCRU128_PG_EPOCH_OFFSET_US)
/*
 * uuidv7(interval)'s last instant is core's (PostgreSQL 18.6 and later):
 * the first microsecond of the last millisecond, not its end.
 */
#define UUIDV7_SHIFT_MAX_TIMESTAMPTZ \
	((int64) UUIDV7_MAX_MS * 1000 - SCRU128_PG_EPOCH_OFFSET_US)

static uuidv7_clock v7_clock;
static uuidv6_generator v6_generator;
static int	owner_pid = 0;		/* process the state belongs to */

static inline void
claim_state(void)
{
	if (unlikely(owner_pid != MyProcPid))
	{
		v7_clock.previous_ns = 0;
		uuidv6_init(&v6_generator, random_pool_uint64());
		owner_pid = MyProcPid;
	}
}

/* the real-time clock in Unix nanoseconds, as PostgreSQL 18 reads it */
static inline int64
real_time_ns(void)
{
	struct timespec tmp;

	clock_gettime(CLOCK_REALTIME, &tmp);
	return (int64) tmp.tv_sec * INT64CONST(1000000000) + tmp.tv_nsec;
}

static void
v7_timestamp_out_of_range(void)
{
	/* core's message for uuidv7(interval), used for every v7 function */
	ereport(ERROR,
			(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
			 errmsg("timestamp out of range for UUID version 7"),
			 errdetail("UUID version 7 supports timestamps from 1970-01-01 to approximately year 10889.")));
}

/* milliseconds since 1970 of a timestamptz in the range of version 7 */
static uint64
v7_unix_ms(TimestampTz ts)
{
	if (TIMESTAMP_NOT_FINITE(ts) ||
		ts < UUIDV7_MIN_TIMESTAMPTZ || ts > UUIDV7_MAX_TIMESTAMPTZ)
		v7_timestamp_out_of_range();
	return (uint64) (ts + SCRU128_PG_EPOCH_OFFSET_US) / 1000;
}

/*
 * The next value of uuidv7(): of this backend's generator, or of the
 * server's under scru128.generator_scope = server.  typeid_generate()
 * draws its UUIDs here too, so both share one clock and its guarantees.
 */
void
scru128_uuidv7_next(uint8 *uuid)
{
	claim_state();
	if (generator_scope == GENERATOR_SCOPE_SERVER)
		server_uuidv7_generate(&v7_clock, real_time_ns, uuid);
	else
		uuidv7_generate(&v7_clock, real_time_ns(), random_pool_uint64(), uuid);
}

PG_FUNCTION_INFO_V1(scru128_uuidv7);
Datum
scru128_uuidv7(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *result = palloc(UUID_LEN);

	scru128_uuidv7_next(result->data);
	PG_RETURN_UUID_P(result);
}

/*
 * As PostgreSQL 18: the shifted time is computed in microseconds through
 * timestamptz + interval (so months and days follow the session's time
 * zone), and the clock's sub-microsecond nanoseconds are kept.
 */
PG_FUNCTION_INFO_V1(scru128_uuidv7_shift);
Datum
scru128_uuidv7_shift(PG_FUNCTION_ARGS)
{
	Interval   *shift = PG_GETARG_INTERVAL_P(0);
	pg_uuid_t  *result;
	TimestampTz ts;
	int64		ns;
	int64		us;

#if PG_VERSION_NUM >= 170000
	if (INTERVAL_NOT_FINITE(shift))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("interval out of range for UUID version 7"),
				 errdetail("UUID version 7 does not support infinite intervals.")));
#endif

	claim_state();
	ns = uuidv7_clock_next(&v7_clock, real_time_ns());
	ts = (TimestampTz) (ns / 1000) - SCRU128_PG_EPOCH_OFFSET_US;
	ts = DatumGetTimestampTz(DirectFunctionCall2(timestamptz_pl_interval,
												 TimestampTzGetDatum(ts),
												 IntervalPGetDatum(shift)));
	if (ts < UUIDV7_MIN_TIMESTAMPTZ || ts > UUIDV7_SHIFT_MAX_TIMESTAMPTZ)
		v7_timestamp_out_of_range();
	us = ts + SCRU128_PG_EPOCH_OFFSET_US;

	result = palloc(UUID_LEN);
	uuidv7_pack(result->data, (uint64) (us / 1000),
				uuidv7_subms_fraction((uint32) ((us % 1000) * 1000 + ns % 1000)),
				random_pool_uint64());
	PG_RETURN_UUID_P(result);
}

/* a version 7 UUID of the given time, random below the millisecond */
PG_FUNCTION_INFO_V1(scru128_uuidv7_at);
Datum
scru128_uuidv7_at(PG_FUNCTION_ARGS)
{
	uint64		ms = v7_unix_ms(PG_GETARG_TIMESTAMPTZ(0));
	pg_uuid_t  *result = palloc(UUID_LEN);
	uint64		rand_b = random_pool_uint64();

	uuidv7_pack(result->data, ms, random_pool_uint32(NULL), rand_b);
	PG_RETURN_UUID_P(result);
}

static Datum
uuidv7_bound_datum(TimestampTz ts, bool largest)
{
	uint64		ms = v7_unix_ms(ts);
	pg_uuid_t  *result = palloc(UUID_LEN);

	uuidv7_bound(result->data, ms, largest);
	PG_RETURN_UUID_P(result);
}

PG_FUNCTION_INFO_V1(scru128_uuidv7_min);
Datum
scru128_uuidv7_min(PG_FUNCTION_ARGS)
{
	return uuidv7_bound_datum(PG_GETARG_TIMESTAMPTZ(0), false);
}

PG_FUNCTION_INFO_V1(scru128_uuidv7_max);
Datum
scru128_uuidv7_max(PG_FUNCTION_ARGS)
{
	return uuidv7_bound_datum(PG_GETARG_TIMESTAMPTZ(0), true);
}

PG_FUNCTION_INFO_V1(scru128_uuidv4);
Datum
scru128_uuidv4(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *result = palloc(UUID_LEN);
	uint64		hi = random_pool_uint64();

	uuidv4_pack(result->data, hi, random_pool_uint64());
	PG_RETURN_UUID_P(result);
}

PG_FUNCTION_INFO_V1(scru128_uuidv6);
Datum
scru128_uuidv6(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *result = palloc(UUID_LEN);

	claim_state();
	if (unlikely(!uuidv6_generate(&v6_generator, real_time_ns(), result->data)))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("timestamp out of range for UUID version 6"),
				 errdetail("UUID version 6 supports timestamps from 1970-01-01 to approximately year 5236.")));
	PG_RETURN_UUID_P(result);
}

/* the reorderings accept only their own version of the RFC 9562 variant */
static void
check_convertible(const pg_uuid_t *uuid, int from, int to)
{
	int			version = uuid_rfc_version(uuid->data);

	if (version < 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("cannot convert a UUID of a variant other than RFC 9562 to version %d", to),
				 errdetail("Only a version %d UUID can be converted to version %d.", from, to)));
	if (version != from)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("cannot convert a version %d UUID to version %d", version, to),
				 errdetail("Only a version %d UUID can be converted to version %d.", from, to)));
}

PG_FUNCTION_INFO_V1(scru128_uuid_v1_to_v6);
Datum
scru128_uuid_v1_to_v6(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *uuid = PG_GETARG_UUID_P(0);
	pg_uuid_t  *result;

	check_convertible(uuid, 1, 6);
	result = palloc(UUID_LEN);
	uuid_v1_to_v6(uuid->data, result->data);
	PG_RETURN_UUID_P(result);
}

PG_FUNCTION_INFO_V1(scru128_uuid_v6_to_v1);
Datum
scru128_uuid_v6_to_v1(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *uuid = PG_GETARG_UUID_P(0);
	pg_uuid_t  *result;

	check_convertible(uuid, 6, 1);
	result = palloc(UUID_LEN);
	uuid_v6_to_v1(uuid->data, result->data);
	PG_RETURN_UUID_P(result);
}

/*
 * scru128_uuid_timestamp() (and release 1.1's uuid_extract_timestamp()): v1, v6 and
 * v7 of the RFC 9562 variant, NULL otherwise.  Every 60-bit and 48-bit
 * timestamp lies well inside the range of timestamptz.
 */
PG_FUNCTION_INFO_V1(scru128_uuid_timestamp);
Datum
scru128_uuid_timestamp(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *uuid = PG_GETARG_UUID_P(0);
	int64		unix_us;

	if (!uuid_unix_us(uuid->data, &unix_us))
		PG_RETURN_NULL();
	PG_RETURN_TIMESTAMPTZ(unix_us - SCRU128_PG_EPOCH_OFFSET_US);
}

/*
 * The extension's uuid_extract_timestamp() from release 1.2: core's answer,
 * as PostgreSQL 18 and 19 give it, v1 and v7 of the RFC 9562 variant and
 * NULL for everything else, version 6 included (core reads no v6; 17's reads
 * no v7 either).  scru128_uuid_timestamp() keeps reading v6.  Release 1.1's
 * uuid_extract_timestamp() is scru128_uuid_timestamp, which databases still
 * on 1.1 keep calling unchanged.
 */
PG_FUNCTION_INFO_V1(scru128_uuid_extract_timestamp);
Datum
scru128_uuid_extract_timestamp(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *uuid = PG_GETARG_UUID_P(0);
	int64		unix_us;

	if (uuid_rfc_version(uuid->data) == 6 || !uuid_unix_us(uuid->data, &unix_us))
		PG_RETURN_NULL();
	PG_RETURN_TIMESTAMPTZ(unix_us - SCRU128_PG_EPOCH_OFFSET_US);
}

PG_FUNCTION_INFO_V1(scru128_uuid_extract_version);
Datum
scru128_uuid_extract_version(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *uuid = PG_GETARG_UUID_P(0);
	int			version = uuid_rfc_version(uuid->data);

	if (version < 0)
		PG_RETURN_NULL();
	PG_RETURN_INT16((int16) version);
}
