/*-------------------------------------------------------------------------
 *
 * server_gen.h
 *	  Server-wide generators (scru128.generator_scope = server): the rules
 *	  of one scru128(), scru160(), ulid() and uuidv7() generator shared by
 *	  every backend of a server.
 *
 * Each step is a pure function of the shared state, a clock reading and
 * random values drawn beforehand, so the caller can run it under a
 * spinlock (no allocation, no error, no system call inside) and the rules
 * can be tested with an injected clock.  Pure C, no PostgreSQL headers.
 *
 * What differs from the per-session rules of the specs:
 *  - the state never goes back: where a session generator would reset
 *    (SCRU128: the clock more than 10 s behind), a server generator keeps
 *    counting from its state, so every ID is greater than every ID issued
 *    before it, in any session;
 *  - that lead over the clock is bounded: an ID whose timestamp would be
 *    more than SERVER_GEN_MAX_LEAD_MS ahead of the clock reading of its
 *    call is refused (SERVER_GEN_TOO_FAR_AHEAD, state unchanged);
 *  - a counter overflow borrows the next millisecond rather than waiting
 *    (SCRU160's spec waits), within the same bound;
 *  - a server start, crash recovery or the end of recovery raises the
 *    state to the highest one any earlier generator can have reached
 *    (the *_server_seed functions): IDs at most the bound ahead of a clock
 *    that read at most the origin, the time the earlier state was lost;
 *    a zero state seen by a step is seeded with the origin at the clock
 *    reading less 1 ms (a restart takes longer than that);
 *  - a floor (the calling session's last ID, from either scope) is adopted
 *    when it is above the state, so a session that switches scope never
 *    gets an ID below one it had.
 *
 *-------------------------------------------------------------------------
 */
#ifndef SERVER_GEN_H
#define SERVER_GEN_H

#include <stdbool.h>
#include <stdint.h>

#include "scru128_core.h"
#include "scru160_core.h"
#include "ulid_core.h"
#include "uuid_core.h"

/* an ID is at most this far ahead of the clock reading of its call */
#define SERVER_GEN_MAX_LEAD_MS 10000

typedef enum server_gen_status
{
	SERVER_GEN_OK = 0,
	SERVER_GEN_BAD_CLOCK,		/* clock outside the type's range */
	SERVER_GEN_EXHAUSTED,		/* the next ID would be in the reserved last
								 * millisecond */
	SERVER_GEN_TOO_FAR_AHEAD,	/* the next ID would be more than the bound
								 * ahead of the clock, which did not go
								 * back: IDs were issued faster than the
								 * clock moves (or the start rule's lead
								 * left no room) */
	SERVER_GEN_CLOCK_BACK,		/* the same, and the clock reads earlier
								 * than at an earlier step */
	SERVER_GEN_FLOOR_AHEAD		/* the same because of the floor: the
								 * session's own last ID is beyond the
								 * bound, the server's state is not */
} server_gen_status;

/* any of the three ways to be too far ahead (SQLSTATE 55000) */
static inline bool
server_gen_too_far_ahead(server_gen_status status)
{
	return status == SERVER_GEN_TOO_FAR_AHEAD ||
		status == SERVER_GEN_CLOCK_BACK ||
		status == SERVER_GEN_FLOOR_AHEAD;
}

/*
 * SCRU128: 48-bit ms, counter_hi, counter_lo, and the ms of the last
 * counter_hi renewal.  timestamp 0: no ID since the server started.
 * Invariant after every step: timestamp - ts_counter_hi < 1000, so a step
 * within the same millisecond never renews counter_hi.
 */
typedef struct scru128_server_state
{
	uint64_t	timestamp;
	uint32_t	counter_hi;
	uint32_t	counter_lo;
	uint64_t	ts_counter_hi;
	uint64_t	clock_ms;		/* latest clock reading of a step or seed */
} scru128_server_state;

/*
 * The next ID's fields for clock reading now_ms.  floor (may be NULL or a
 * zero state) is the calling session's last ID.  random_lo and random_hi
 * (24 bits used) are the renewed counter_lo and counter_hi, used only if
 * the rules renew them.  On SERVER_GEN_OK *state and *issued are the new
 * state (the ID is its fields plus a fresh entropy); otherwise *state is
 * unchanged and issued->timestamp is the timestamp that was refused.
 */
extern server_gen_status scru128_server_step(scru128_server_state *state,
											 const scru128_server_state *floor,
											 uint64_t now_ms,
											 uint32_t random_lo,
											 uint32_t random_hi,
											 scru128_server_state *issued);

/* SCRU160: 48-bit ms and the 16-bit counter; timestamp 0: none yet */
typedef struct scru160_server_state
{
	uint64_t	timestamp;
	uint32_t	counter;
	uint64_t	clock_ms;		/* latest clock reading of a step or seed */
} scru160_server_state;

/*
 * As scru128_server_step; random_counter is the renewed counter (15 bits
 * used, as the spec's new millisecond).  A spent counter borrows the next
 * millisecond instead of waiting for it.
 */
extern server_gen_status scru160_server_step(scru160_server_state *state,
											 const scru160_server_state *floor,
											 uint64_t now_ms,
											 uint32_t random_counter,
											 scru160_server_state *issued);

/*
 * ULID: the last ID's fields (id.started false: none yet) and the latest
 * clock reading.  The spec's monotonic rule (same millisecond: the random
 * part plus one); a spent random part borrows the next millisecond; fresh
 * (10 random bytes) is the random part of a new millisecond.  floor (may
 * be NULL) is the session's last ID.
 */
typedef struct ulid_server_state
{
	ulid_state	id;
	uint64_t	clock_ms;		/* latest clock reading of a step or seed */
} ulid_server_state;

extern server_gen_status ulid_server_step(ulid_server_state *state,
										  const ulid_state *floor,
										  uint64_t now_ms,
										  const uint8_t fresh[ULID_RANDOM_LEN],
										  ulid_state *issued);


/*
 * UUIDv7 (PostgreSQL 18's layout): the state is the Unix ns of the last
 * value (0: none yet); the next one is the clock reading, or the last plus
 * UUIDV7_STEP_NS if that is not below it.  floor_ns: the session's last
 * (0: none).  On SERVER_GEN_OK *issued_ns is the new value's time.
 */
typedef struct uuidv7_server_state
{
	int64_t		ns;
	int64_t		clock_ns;		/* latest clock reading of a step or seed */
} uuidv7_server_state;

extern server_gen_status uuidv7_server_step(uuidv7_server_state *state,
											int64_t floor_ns, int64_t now_ns,
											int64_t *issued_ns);

/*
 * The start rule, as a floor: raise the state (never lower it) to "every
 * ID up to the end of the millisecond before max(now, origin + bound) was
 * issued".  origin is a time at or after which no earlier generator whose
 * state was lost issued anything (the end of recovery); one later than
 * now counts as now.  So the first ID after it sorts after every ID that
 * generator can have issued, and a seed more than the bound after the
 * origin starts at the clock instead of the bound ahead of it.
 */
extern void scru128_server_seed(scru128_server_state *state, uint64_t now_ms,
								uint64_t origin_ms);
extern void scru160_server_seed(scru160_server_state *state, uint64_t now_ms,
								uint64_t origin_ms);
extern void uuidv7_server_seed(uuidv7_server_state *state, int64_t now_ns,
							   int64_t origin_ns);
extern void ulid_server_seed(ulid_server_state *state, uint64_t now_ms,
							 uint64_t origin_ms);

#endif							/* SERVER_GEN_H */
