/*-------------------------------------------------------------------------
 *
 * scru160_gen.c
 *	  SQL generator functions: scru160() and scru160(timestamptz).
 *
 * Each backend has its own generator (scru160_core.c), drawing from the
 * backend's random pool.  As for scru128, a generator found with another
 * process's PID was inherited across fork() and is started afresh.
 *
 * When 65 536 IDs have been made in one millisecond the counter is spent
 * and the spec has the generator wait for the next millisecond.  The wait
 * sleeps in short steps and answers interrupts; it is bounded by a count
 * of steps rather than by the clock, since the clock not moving is exactly
 * what it has to detect.
 *
 * With scru128.generator_scope = server, scru160() draws from the server's
 * generator instead (generator_scope.c), with this one as the floor; that
 * one never waits.
 *
 *-------------------------------------------------------------------------
 */
#include "scru128_pg.h"

#include "miscadmin.h"
#include "utils/timestamp.h"

#include "fixedbytes.h"
#include "generator_scope.h"
#include "random_pool.h"
#include "scru160_core.h"

/* sleep per step while waiting for the next millisecond, and the limit */
#define SCRU160_WAIT_STEP_US 100
#define SCRU160_WAIT_MAX_STEPS 10000	/* at least one second */

static scru160_generator generator;
static int	owner_pid = 0;		/* process the generator belongs to */

static void
pool_random(void *arg, uint8_t *dst, size_t len)
{
	random_pool_bytes(dst, len);
}

static inline uint64
clock_ms(TimestampTz *now)
{
	int64		us;

	*now = GetCurrentTimestamp();
	us = *now + SCRU128_PG_EPOCH_OFFSET_US;
	return us < 0 ? 0 : (uint64) us / 1000;
}

PG_FUNCTION_INFO_V1(scru160_generate);
Datum
scru160_generate(PG_FUNCTION_ARGS)
{
	uint8	   *result = palloc(SCRU160_LEN);
	TimestampTz now;
	scru160_gen_status status;
	int			steps = 0;

	if (unlikely(owner_pid != MyProcPid))
	{
		/* first use in this process, or state inherited across fork */
		scru160_generator_init(&generator, pool_random, NULL);
		owner_pid = MyProcPid;
	}

	if (generator_scope == GENERATOR_SCOPE_SERVER)
	{
		server_scru160_generate(&generator, result);
		PG_RETURN_POINTER(result);
	}

	while ((status = scru160_generate_core(&generator, clock_ms(&now),
										   result)) == SCRU160_GEN_WAIT)
	{
		if (++steps > SCRU160_WAIT_MAX_STEPS)
			ereport(ERROR,
					(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
					 errmsg("scru160 counter exhausted and the clock does not advance"),
					 errdetail("65536 IDs were made in millisecond " UINT64_FORMAT
							   " and the clock still reads \"%s\" after waiting one second.",
							   scru160_generator_last_ms(&generator),
							   timestamptz_to_str(now)),
					 errhint("The system clock may have been set back; IDs continue once it passes the last ID's millisecond.")));
		CHECK_FOR_INTERRUPTS();
		pg_usleep(SCRU160_WAIT_STEP_US);
	}
	if (unlikely(status == SCRU160_GEN_BAD_CLOCK))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("system clock is outside the range scru160 can represent: \"%s\"",
						timestamptz_to_str(now))));
	PG_RETURN_POINTER(result);
}

PG_FUNCTION_INFO_V1(scru160_generate_at);
Datum
scru160_generate_at(PG_FUNCTION_ARGS)
{
	uint64		ms = fixedbytes_timestamptz_to_ms(PG_GETARG_TIMESTAMPTZ(0), 1,
												  SCRU160_MAX_TIMESTAMP - 1,
												  "scru160");
	uint8	   *result = palloc(SCRU160_LEN);

	(void) scru160_generate_stateless(ms, pool_random, NULL, result);
	PG_RETURN_POINTER(result);
}
