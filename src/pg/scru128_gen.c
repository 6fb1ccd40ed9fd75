/*-------------------------------------------------------------------------
 *
 * scru128_gen.c
 *	  SQL generator functions: scru128() and scru128(timestamptz).
 *
 * Each backend has its own generator, drawing from the backend's random
 * pool (random_pool.c).  Both belong to the process that set them up: the
 * library may be loaded in the postmaster (shared_preload_libraries) and
 * backends are forked from it, so a generator found here with another
 * process's PID is thrown away rather than continued, or sibling backends
 * would continue the same sequence.
 *
 * With scru128.generator_scope = server, scru128() draws from the server's
 * generator instead (generator_scope.c), with this one as the floor.
 *
 *-------------------------------------------------------------------------
 */
#include "scru128_pg.h"

#include "miscadmin.h"
#include "utils/timestamp.h"

#include "fixedbytes.h"
#include "generator_scope.h"
#include "scru128_core.h"
#include "random_pool.h"

static scru128_generator generator;
static int	owner_pid = 0;		/* process the generator belongs to */

static inline void
claim_state(void)
{
	if (unlikely(owner_pid != MyProcPid))
	{
		/* first use in this process, or state inherited across fork */
		scru128_generator_init(&generator, random_pool_uint32, NULL);
		owner_pid = MyProcPid;
	}
}

PG_FUNCTION_INFO_V1(scru128_generate);
Datum
scru128_generate(PG_FUNCTION_ARGS)
{
	pg_scru128 *result = palloc(sizeof(pg_scru128));
	TimestampTz now;
	int64		us;
	scru128_gen_status status;

	claim_state();
	if (generator_scope == GENERATOR_SCOPE_SERVER)
	{
		/* it reads the clock itself, under the server generator's lock */
		server_scru128_generate(&generator, result->data);
		PG_RETURN_SCRU128_P(result);
	}
	now = GetCurrentTimestamp();
	us = now + SCRU128_PG_EPOCH_OFFSET_US;
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
	uint64		ms = fixedbytes_timestamptz_to_ms(PG_GETARG_TIMESTAMPTZ(0), 1,
											   SCRU128_MAX_TIMESTAMP - 1, "scru128");
	pg_scru128 *result = palloc(sizeof(pg_scru128));

	(void) scru128_generate_stateless(ms, random_pool_uint32, NULL, result->data);
	PG_RETURN_SCRU128_P(result);
}
