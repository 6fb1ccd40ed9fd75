/*-------------------------------------------------------------------------
 *
 * scru64_core.h
 *	  SCRU64 (spec v1.0.0): the 12-digit Base36 codec, field packing, the
 *	  node spec parser and the generator rules.
 *
 * Pure C, no PostgreSQL headers: unit-tested and fuzzed without a server.
 * The generator is a pure function of the previous ID, the clock tick and
 * a random number, so the shared-memory glue can run it inside a
 * compare-and-swap loop.
 *
 *-------------------------------------------------------------------------
 */
#ifndef SCRU64_CORE_H
#define SCRU64_CORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SCRU64_TEXT_LEN			12
/* 36^12 - 1 = 2^24 * 3^24 - 1: "zzzzzzzzzzzz" */
#define SCRU64_MAX				UINT64_C(4738381338321616895)
/* 3^24 - 1 ticks of 256 ms */
#define SCRU64_MAX_TIMESTAMP	UINT64_C(282429536480)
#define SCRU64_NODE_CTR_BITS	24
#define SCRU64_MAX_NODE_CTR		UINT32_C(0xFFFFFF)
/* rollbacks up to 10 000 ms (39 ticks) keep the previous timestamp */
#define SCRU64_ROLLBACK_ALLOWANCE_MS	10000
#define SCRU64_ROLLBACK_ALLOWANCE_TICKS (SCRU64_ROLLBACK_ALLOWANCE_MS >> 8)
/* longest node spec: 12-digit ID, '/', 2 digits; 3 digits with zeros */
#define SCRU64_NODE_SPEC_MAXLEN	16

static inline uint64_t
scru64_from_parts(uint64_t timestamp, uint32_t node_ctr)
{
	return (timestamp << SCRU64_NODE_CTR_BITS) | node_ctr;
}

static inline uint64_t
scru64_get_timestamp(uint64_t id)
{
	return id >> SCRU64_NODE_CTR_BITS;
}

static inline uint32_t
scru64_get_node_ctr(uint64_t id)
{
	return (uint32_t) (id & SCRU64_MAX_NODE_CTR);
}

/* Base36 text: every 12-digit string decodes; no string overflows */
typedef enum scru64_decode_status
{
	SCRU64_DECODE_OK = 0,
	SCRU64_DECODE_BAD_LENGTH,
	SCRU64_DECODE_BAD_DIGIT
} scru64_decode_status;

extern scru64_decode_status scru64_decode(const char *src, size_t len,
										  uint64_t *id, size_t *bad_pos);

/* writes exactly 12 lowercase digits, no terminator; id must be valid */
extern void scru64_encode(uint64_t id, char *dst);

/* Node spec: "42/8", "0xb00/12" or "0u2r85hm2pt3/16" */
typedef struct scru64_node_spec
{
	uint32_t	node_id;
	int			node_id_size;	/* 1 .. 23 */
	bool		has_prev;		/* a 12-digit previous ID was given */
	uint64_t	node_prev;		/* that ID, or node_id's initial 'previous' */
} scru64_node_spec;

typedef enum scru64_spec_status
{
	SCRU64_SPEC_OK = 0,
	SCRU64_SPEC_SYNTAX,			/* not <node_id or ID>/<size> */
	SCRU64_SPEC_BAD_SIZE,		/* size outside 1 .. 23 */
	SCRU64_SPEC_NODE_TOO_LARGE,	/* node_id does not fit in size bits */
	SCRU64_SPEC_RESERVED_PREV	/* node_prev in the reserved last tick (from
								 * scru64_check_node_prev only) */
} scru64_spec_status;

extern scru64_spec_status scru64_parse_node_spec(const char *src, size_t len,
												 scru64_node_spec *spec);

/* canonical form, NUL-terminated; buf has SCRU64_NODE_SPEC_MAXLEN + 1 bytes */
extern void scru64_node_spec_canonical(const scru64_node_spec *spec,
									   char *buf);

/*
 * A node_prev in the largest tick leaves nothing to issue after it (that
 * tick is reserved, and so is every later one): refused as a setting,
 * although the references' parsers take it.  SCRU64_SPEC_OK otherwise.
 */
extern scru64_spec_status scru64_check_node_prev(const scru64_node_spec *spec);

/*
 * Generator.  A state is the last ID issued by the server, whatever node
 * spec issued it: every node spec continues from it, so IDs stay strictly
 * increasing (and never repeat) when the spec changes, even to one whose
 * ID space overlaps the previous one's.  The rules are the reference's
 * generate_or_abort_core for a state of the same node.
 */
typedef enum scru64_gen_status
{
	SCRU64_GEN_OK = 0,
	SCRU64_GEN_WAIT,			/* more than the allowance ahead: wait for
								 * the clock and call again */
	SCRU64_GEN_BAD_CLOCK,		/* tick 0 or the reserved largest tick */
	SCRU64_GEN_EXHAUSTED,		/* the next tick would be the largest */
	SCRU64_GEN_PREV_AHEAD,		/* the spec's node_prev is further ahead of
								 * the clock than the generator may run */
	SCRU64_GEN_TOO_FAR_AHEAD	/* the state is so far ahead of the clock
								 * that the wait would pass the deadline */
} scru64_gen_status;

/*
 * The generator runs at most this far ahead of the clock: the allowance
 * (39 ticks) plus the one tick a counter overflow borrows.  A call never
 * waits longer than this for the clock either.
 */
#define SCRU64_MAX_AHEAD_TICKS	(SCRU64_ROLLBACK_ALLOWANCE_TICKS + 1)
#define SCRU64_MAX_WAIT_MS		(SCRU64_MAX_AHEAD_TICKS << 8)

/*
 * Counter after a renewal: random, with the leading bit zero when the
 * counter has 4 bits or fewer (node_id_size >= 20), so a tick can always
 * take at least half of its counter space.
 */
extern uint32_t scru64_renew_counter(int node_id_size, uint32_t random);

/*
 * The ID after prev for clock tick 'tick' (unix_ms >> 8) and the node
 * (node_id, node_id_size): the next one the reference would issue when
 * prev carries this node; when prev carries other node bits (another
 * spec issued it), an ID of this node in prev's tick that is greater than
 * prev, or in the next tick when there is none.  random is drawn by the
 * caller (only used when the counter is renewed).  Pure: the next ID is
 * stored in *next on SCRU64_GEN_OK.
 */
extern scru64_gen_status scru64_next(uint64_t prev, uint64_t tick,
									 uint32_t node_id, int node_id_size,
									 uint64_t allowance_ticks,
									 uint32_t random, uint64_t *next);

/*
 * One attempt of a scru64() call, with the default allowance: the server's
 * last ID 'last', the spec in use, the clock in Unix ms, the time by which
 * the call must have its ID (deadline_ms: the call's first clock reading
 * plus SCRU64_MAX_WAIT_MS).  On SCRU64_GEN_OK *next is the ID to
 * compare-and-swap in.  On SCRU64_GEN_WAIT *wait_ms is how long until the
 * clock is within the allowance (at least 1).  A node_prev more than
 * SCRU64_MAX_AHEAD_TICKS ahead of the clock gives SCRU64_GEN_PREV_AHEAD,
 * and a wait ending after the deadline SCRU64_GEN_TOO_FAR_AHEAD, at once;
 * in both cases *next is the ID that is ahead.
 */
extern scru64_gen_status scru64_step(uint64_t last,
									 const scru64_node_spec *spec,
									 uint64_t now_ms, uint64_t deadline_ms,
									 uint32_t random, uint64_t *next,
									 uint64_t *wait_ms);

/*
 * The server's state after a start or crash recovery, before its first
 * ID.  The server may have issued IDs before, up to SCRU64_MAX_AHEAD_TICKS
 * ahead of the clock (a generator that kept overflowing its counter), and
 * nothing of that state survived: the new state is the last ID of the
 * tick that far ahead, so the first ID goes to the tick after it and
 * nothing issued before is ever issued again.
 */
extern uint64_t scru64_fresh_state(uint64_t tick, uint64_t allowance_ticks);

#endif							/* SCRU64_CORE_H */
