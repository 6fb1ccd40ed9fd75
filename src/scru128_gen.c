/*-------------------------------------------------------------------------
 *
 * scru128_gen.c
 *	  SQL generator functions: scru128() and scru128(timestamptz).
 *
 * Each backend has its own generator and its own pool of random bytes
 * drawn from pg_strong_random().  Both belong to the process that filled
 * them: the library may be loaded in the postmaster (shared_preload_
 * libraries) and backends are forked from it, so anything found here with
 * another process's PID is thrown away rather than reused, or every
 * backend would start from the same random bytes.
 *
 *-------------------------------------------------------------------------
 */
#include "scru128_pg.h"

#include "miscadmin.h"
#include "utils/timestamp.h"

#include "generator.h"

/*
 * pg_strong_random() costs about a microsecond per call whatever the size,
 * so it is called for a whole pool at a time: about a thousand IDs each.
 */
#define RANDOM_POOL_SIZE 4096

static uint8 random_pool[RANDOM_POOL_SIZE];
static int	random_pool_pos = RANDOM_POOL_SIZE;
static scru128_generator generator;
static int	owner_pid = 0;		/* process the pool and generator belong to */

static uint32
pool_random32(void *arg)
{
	uint32		v;

	if (unlikely(random_pool_pos > RANDOM_POOL_SIZE - (int) sizeof(v)))
	{
		if (!pg_strong_random(random_pool, RANDOM_POOL_SIZE))
			ereport(ERROR,
					(errcode(ERRCODE_INTERNAL_ERROR),
					 errmsg("could not generate random values")));
		random_pool_pos = 0;
	}
	memcpy(&v, random_pool + random_pool_pos, sizeof(v));
	random_pool_pos += sizeof(v);
	return v;
}

static inline void
claim_state(void)
{
	if (unlikely(owner_pid != MyProcPid))
	{
		/* first use in this process, or state inherited across fork */
		random_pool_pos = RANDOM_POOL_SIZE;
		scru128_generator_init(&generator, pool_random32, NULL);
		owner_pid = MyProcPid;
	}
}

PG_FUNCTION_INFO_V1(scru128_generate);
Datum
scru128_generate(PG_FUNCTION_ARGS)
{
	pg_scru128 *result = palloc(sizeof(pg_scru128));
	TimestampTz now = GetCurrentTimestamp();
	int64		us = now + SCRU128_PG_EPOCH_OFFSET_US;
	scru128_gen_status status;

	claim_state();
	status = scru128_generate_core(&generator, us < 0 ? 0 : (uint64) us / 1000,
								   SCRU128_ROLLBACK_ALLOWANCE, result->data);
	if (unlikely(status == SCRU128_GEN_BAD_CLOCK))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("system clock is outside the range scru128 can represent: \"%s\"",
						timestamptz_to_str(now))));
	if (unlikely(status == SCRU128_GEN_EXHAUSTED))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("scru128 counters exhausted in the last representable millisecond")));
	PG_RETURN_SCRU128_P(result);
}

PG_FUNCTION_INFO_V1(scru128_generate_at);
Datum
scru128_generate_at(PG_FUNCTION_ARGS)
{
	uint64		ms = scru128_timestamptz_to_ms(PG_GETARG_TIMESTAMPTZ(0), 1,
											   SCRU128_MAX_TIMESTAMP - 1);
	pg_scru128 *result = palloc(sizeof(pg_scru128));

	claim_state();
	(void) scru128_generate_stateless(ms, pool_random32, NULL, result->data);
	PG_RETURN_SCRU128_P(result);
}
