/*-------------------------------------------------------------------------
 *
 * scru160_core.h
 *	  SCRU160 (spec v0.1.0): binary layout, field packing and the generator
 *	  state machine.
 *
 * An ID is 20 bytes, big-endian: timestamp (48 bits, Unix ms) | counter
 * (16) | random16 (16) | random80 (80), so memcmp() order is numeric order
 * and time order.  The clock reading and the random source are passed in,
 * so the generator's rules can be tested exactly without a server.  Pure
 * C, no PostgreSQL headers.
 *
 *-------------------------------------------------------------------------
 */
#ifndef SCRU160_CORE_H
#define SCRU160_CORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SCRU160_LEN 20
#define SCRU160_RANDOM80_LEN 10
#define SCRU160_MAX_TIMESTAMP UINT64_C(0xFFFFFFFFFFFF)
#define SCRU160_MAX_COUNTER 0xFFFF
#define SCRU160_MAX_RANDOM16 0xFFFF

/* a new millisecond starts the counter at a random value below this */
#define SCRU160_COUNTER_INIT_LIMIT 0x8000

static inline void
scru160_from_fields(uint8_t id[SCRU160_LEN], uint64_t timestamp,
					uint32_t counter, uint32_t random16,
					const uint8_t random80[SCRU160_RANDOM80_LEN])
{
	int			i;

	for (i = 5; i >= 0; i--)
	{
		id[i] = (uint8_t) timestamp;
		timestamp >>= 8;
	}
	id[6] = (uint8_t) (counter >> 8);
	id[7] = (uint8_t) counter;
	id[8] = (uint8_t) (random16 >> 8);
	id[9] = (uint8_t) random16;
	for (i = 0; i < SCRU160_RANDOM80_LEN; i++)
		id[10 + i] = random80[i];
}

static inline uint64_t
scru160_get_timestamp(const uint8_t *id)
{
	uint64_t	ts = 0;
	int			i;

	for (i = 0; i < 6; i++)
		ts = (ts << 8) | id[i];
	return ts;
}

static inline uint32_t
scru160_get_counter(const uint8_t *id)
{
	return ((uint32_t) id[6] << 8) | id[7];
}

static inline uint32_t
scru160_get_random16(const uint8_t *id)
{
	return ((uint32_t) id[8] << 8) | id[9];
}

static inline const uint8_t *
scru160_get_random80(const uint8_t *id)
{
	return id + 10;
}

/* fills len bytes at dst with random bytes */
typedef void (*scru160_random_fn) (void *arg, uint8_t *dst, size_t len);

typedef struct scru160_generator
{
	uint64_t	timestamp;		/* of the last ID; 0 = none yet */
	uint32_t	counter;		/* of the last ID */
	scru160_random_fn random;
	void	   *random_arg;
} scru160_generator;

typedef enum scru160_gen_status
{
	SCRU160_GEN_OK = 0,
	SCRU160_GEN_BAD_CLOCK,		/* clock outside 1 .. 2^48 - 2 ms */
	SCRU160_GEN_WAIT			/* counter exhausted: retry with a clock
								 * reading past the last ID's millisecond */
} scru160_gen_status;

extern void scru160_generator_init(scru160_generator *g,
								   scru160_random_fn random, void *arg);

/*
 * The next ID for a clock reading of unix_ts_ms, strictly greater than the
 * last one.  A new millisecond renews the counter to a 15-bit random value;
 * the same millisecond, or a clock that went back, keeps the last
 * timestamp and increments the counter.  When the counter would pass
 * 0xFFFF the result is SCRU160_GEN_WAIT and the state is unchanged: the
 * caller waits for the clock to pass scru160_generator_last_ms() and
 * calls again.  random16 and random80 are fresh for every ID.
 */
extern scru160_gen_status scru160_generate_core(scru160_generator *g,
												uint64_t unix_ts_ms,
												uint8_t id[SCRU160_LEN]);

static inline uint64_t
scru160_generator_last_ms(const scru160_generator *g)
{
	return g->timestamp;
}

/*
 * A stateless ID for the millisecond unix_ts_ms, as a fresh generator would
 * make: random 15-bit counter, random random16 and random80.
 */
extern scru160_gen_status scru160_generate_stateless(uint64_t unix_ts_ms,
													 scru160_random_fn random,
													 void *arg,
													 uint8_t id[SCRU160_LEN]);

#endif							/* SCRU160_CORE_H */
