/*-------------------------------------------------------------------------
 *
 * scru128_core.c
 *	  The SCRU128 v2.1.1 generator state machine.
 *
 * Follows the specification's "Counter overflow handling" and "Clock
 * rollback handling" sections, with the reset-on-large-rollback behaviour
 * the reference implementations use by default.
 *
 *-------------------------------------------------------------------------
 */
#include "scru128_core.h"
#include "scru128_id.h"

void
scru128_generator_init(scru128_generator *g, scru128_random32_fn random32,
					   void *arg)
{
	g->timestamp = 0;
	g->counter_hi = 0;
	g->counter_lo = 0;
	g->ts_counter_hi = 0;
	g->random32 = random32;
	g->random_arg = arg;
}

static inline uint32_t
random24(scru128_generator *g)
{
	return g->random32(g->random_arg) & SCRU128_MAX_COUNTER_LO;
}

scru128_gen_status
scru128_generate_core(scru128_generator *g, uint64_t unix_ts_ms,
					  uint64_t rollback_allowance, uint8_t id[16])
{
	uint64_t	timestamp = g->timestamp;
	uint32_t	counter_hi = g->counter_hi;
	uint32_t	counter_lo = g->counter_lo;
	uint64_t	ts_counter_hi = g->ts_counter_hi;

	/* timestamps 0 and 2^48 - 1 are reserved */
	if (unix_ts_ms == 0 || unix_ts_ms >= SCRU128_MAX_TIMESTAMP)
		return SCRU128_GEN_BAD_CLOCK;

	if (timestamp != 0 && unix_ts_ms + rollback_allowance < timestamp)
	{
		/* rolled back too far: start over like a fresh generator */
		timestamp = 0;
		ts_counter_hi = 0;
	}

	if (unix_ts_ms > timestamp)
	{
		timestamp = unix_ts_ms;
		counter_lo = random24(g);
	}
	else if (++counter_lo > SCRU128_MAX_COUNTER_LO)
	{
		/* same (or slightly rolled back) millisecond, counter_lo wrapped */
		counter_lo = 0;
		if (++counter_hi > SCRU128_MAX_COUNTER_HI)
		{
			/* both wrapped: borrow the next millisecond, never block */
			if (timestamp + 1 >= SCRU128_MAX_TIMESTAMP)
				return SCRU128_GEN_EXHAUSTED;
			counter_hi = 0;
			timestamp++;
			counter_lo = random24(g);
		}
	}

	if (ts_counter_hi == 0 || timestamp - ts_counter_hi >= 1000)
	{
		ts_counter_hi = timestamp;
		counter_hi = random24(g);
	}

	g->timestamp = timestamp;
	g->counter_hi = counter_hi;
	g->counter_lo = counter_lo;
	g->ts_counter_hi = ts_counter_hi;

	scru128_from_fields(id, timestamp, counter_hi, counter_lo,
						g->random32(g->random_arg));
	return SCRU128_GEN_OK;
}

scru128_gen_status
scru128_generate_stateless(uint64_t unix_ts_ms, scru128_random32_fn random32,
						   void *arg, uint8_t id[16])
{
	uint32_t	counter_hi,
				counter_lo;

	if (unix_ts_ms == 0 || unix_ts_ms >= SCRU128_MAX_TIMESTAMP)
		return SCRU128_GEN_BAD_CLOCK;
	counter_hi = random32(arg) & SCRU128_MAX_COUNTER_HI;
	counter_lo = random32(arg) & SCRU128_MAX_COUNTER_LO;
	scru128_from_fields(id, unix_ts_ms, counter_hi, counter_lo, random32(arg));
	return SCRU128_GEN_OK;
}
