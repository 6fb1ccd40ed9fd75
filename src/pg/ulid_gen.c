/*-------------------------------------------------------------------------
 *
 * ulid_gen.c
 *	  SQL generator functions: ulid() and ulid(timestamptz).
 *
 * Each backend has its own monotonic generator (ulid_core.c), drawing its
 * random parts from the backend's random pool.  As for scru128, a
 * generator found with another process's PID was inherited across fork()
 * and is started afresh.  Within a millisecond the spec's monotonic rule
 * only adds one to the random part, so fresh random bytes are drawn only
 * when a new millisecond (or a borrowed one) needs them.
 *
 * With scru128.generator_scope = server, ulid() draws from the server's
 * generator instead (generator_scope.c), with this one as the floor.
 *
 *-------------------------------------------------------------------------
 */
#include "scru128_pg.h"

#include "miscadmin.h"
#include "utils/timestamp.h"

#include "fixedbytes.h"
#include "generator_scope.h"
#include "random_pool.h"
#include "ulid_core.h"

static ulid_state generator;
static int	owner_pid = 0;		/* process the generator belongs to */

PG_FUNCTION_INFO_V1(ulid_generate);
Datum
ulid_generate(PG_FUNCTION_ARGS)
{
	uint8	   *result = palloc(ULID_LEN);
	uint8		fresh[ULID_RANDOM_LEN];
	TimestampTz now;
	int64		us;
	uint64		ms;
	ulid_gen_status status;

	if (unlikely(owner_pid != MyProcPid))
	{
		/* first use in this process, or state inherited across fork */
		memset(&generator, 0, sizeof(generator));
		owner_pid = MyProcPid;
	}

	if (generator_scope == GENERATOR_SCOPE_SERVER)
	{
		/* it reads the clock itself, under the server generator's lock */
		server_ulid_generate(&generator, result);
		PG_RETURN_POINTER(result);
	}

	now = GetCurrentTimestamp();
	us = now + SCRU128_PG_EPOCH_OFFSET_US;
	ms = us < 0 ? 0 : (uint64) us / 1000;
	if (ulid_next_uses_random(&generator, ms))
		random_pool_bytes(fresh, sizeof(fresh));
	status = ulid_next(&generator, ms, fresh);
	if (unlikely(status == ULID_GEN_BAD_CLOCK))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("system clock is outside the range ulid can represent: \"%s\"",
						timestamptz_to_str(now))));
	if (unlikely(status == ULID_GEN_EXHAUSTED))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("ulid random part exhausted in the last representable millisecond")));
	ulid_from_state(result, &generator);
	PG_RETURN_POINTER(result);
}

/* a random ULID of the millisecond of ts: stateless, for backfilling */
PG_FUNCTION_INFO_V1(ulid_generate_at);
Datum
ulid_generate_at(PG_FUNCTION_ARGS)
{
	uint64		ms = fixedbytes_timestamptz_to_ms(PG_GETARG_TIMESTAMPTZ(0), 0,
												  ULID_MAX_TIMESTAMP, "ulid");
	uint8	   *result = palloc(ULID_LEN);
	int			i;

	random_pool_bytes(result + 6, ULID_RANDOM_LEN);
	for (i = 5; i >= 0; i--)
	{
		result[i] = (uint8) ms;
		ms >>= 8;
	}
	PG_RETURN_POINTER(result);
}
