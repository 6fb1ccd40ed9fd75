/*-------------------------------------------------------------------------
 *
 * scru160_core.c
 *	  The SCRU160 v0.1.0 generator: the spec's default counter usage.
 *
 * The reference implementations busy-wait for the next millisecond when
 * the counter overflows; here the state machine only says so
 * (SCRU160_GEN_WAIT) and the caller decides how to wait, so a waiting
 * generator can be tested without a clock.
 *
 *-------------------------------------------------------------------------
 */
#include "scru160_core.h"

void
scru160_generator_init(scru160_generator *g, scru160_random_fn random,
					   void *arg)
{
	g->timestamp = 0;
	g->counter = 0;
	g->random = random;
	g->random_arg = arg;
}

static uint32_t
random_counter(scru160_random_fn random, void *arg)
{
	uint8_t		b[2];

	random(arg, b, sizeof(b));
	return (((uint32_t) b[0] << 8) | b[1]) & (SCRU160_COUNTER_INIT_LIMIT - 1);
}

/* random16 and random80 together: bytes 8 to 19 */
static void
fill_random(scru160_random_fn random, void *arg, uint8_t id[SCRU160_LEN])
{
	random(arg, id + 8, SCRU160_LEN - 8);
}

scru160_gen_status
scru160_generate_core(scru160_generator *g, uint64_t unix_ts_ms,
					  uint8_t id[SCRU160_LEN])
{
	static const uint8_t zero80[SCRU160_RANDOM80_LEN] = {0};
	uint64_t	timestamp;
	uint32_t	counter;

	/* timestamps 0 and 2^48 - 1 are reserved */
	if (unix_ts_ms == 0 || unix_ts_ms >= SCRU160_MAX_TIMESTAMP)
		return SCRU160_GEN_BAD_CLOCK;

	if (unix_ts_ms > g->timestamp)
	{
		timestamp = unix_ts_ms;
		counter = random_counter(g->random, g->random_arg);
	}
	else
	{
		/* same millisecond, or the clock went back: keep the order */
		if (g->counter >= SCRU160_MAX_COUNTER)
			return SCRU160_GEN_WAIT;
		timestamp = g->timestamp;
		counter = g->counter + 1;
	}

	g->timestamp = timestamp;
	g->counter = counter;

	scru160_from_fields(id, timestamp, counter, 0, zero80);
	fill_random(g->random, g->random_arg, id);
	return SCRU160_GEN_OK;
}

scru160_gen_status
scru160_generate_stateless(uint64_t unix_ts_ms, scru160_random_fn random,
						   void *arg, uint8_t id[SCRU160_LEN])
{
	static const uint8_t zero80[SCRU160_RANDOM80_LEN] = {0};

	if (unix_ts_ms == 0 || unix_ts_ms >= SCRU160_MAX_TIMESTAMP)
		return SCRU160_GEN_BAD_CLOCK;
	scru160_from_fields(id, unix_ts_ms, random_counter(random, arg), 0, zero80);
	fill_random(random, arg, id);
	return SCRU160_GEN_OK;
}
