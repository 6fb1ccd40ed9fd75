/*-------------------------------------------------------------------------
 *
 * scru128_core.h
 *	  The SCRU128 v2.1.1 generator state machine.
 *
 * The clock reading and the random source are passed in, so the rules
 * (counter increments, overflow, clock rollback) can be tested exactly
 * without a server or a real clock.  Pure C, no PostgreSQL headers.
 *
 *-------------------------------------------------------------------------
 */
#ifndef SCRU128_CORE_H
#define SCRU128_CORE_H

#include <stdbool.h>
#include <stdint.h>

/* rollbacks up to this many milliseconds keep the previous timestamp */
#define SCRU128_ROLLBACK_ALLOWANCE 10000

typedef uint32_t (*scru128_random32_fn) (void *arg);

typedef struct scru128_generator
{
	uint64_t	timestamp;		/* of the last ID; 0 = none yet */
	uint32_t	counter_hi;
	uint32_t	counter_lo;
	uint64_t	ts_counter_hi;	/* timestamp of the last counter_hi renewal */
	scru128_random32_fn random32;
	void	   *random_arg;
} scru128_generator;

typedef enum scru128_gen_status
{
	SCRU128_GEN_OK = 0,
	SCRU128_GEN_BAD_CLOCK,		/* clock outside 1 .. 2^48 - 2 ms */
	SCRU128_GEN_EXHAUSTED		/* counters overflowed into 2^48 - 1 */
} scru128_gen_status;

extern void scru128_generator_init(scru128_generator *g,
								   scru128_random32_fn random32, void *arg);

/*
 * Produces the next ID for a clock reading of unix_ts_ms.  A rollback of
 * more than rollback_allowance ms resets the generator, as a new generator
 * would start.  The state is left unchanged on failure.
 */
extern scru128_gen_status scru128_generate_core(scru128_generator *g,
												uint64_t unix_ts_ms,
												uint64_t rollback_allowance,
												uint8_t id[16]);

/* The spec's stateless variant: random counters and entropy. */
extern scru128_gen_status scru128_generate_stateless(uint64_t unix_ts_ms,
													 scru128_random32_fn random32,
													 void *arg,
													 uint8_t id[16]);

#endif							/* SCRU128_CORE_H */
