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
	SCRU64_SPEC_NODE_TOO_LARGE	/* node_id does not fit in size bits */
} scru64_spec_status;

extern scru64_spec_status scru64_parse_node_spec(const char *src, size_t len,
												 scru64_node_spec *spec);

/* canonical form, NUL-terminated; buf has SCRU64_NODE_SPEC_MAXLEN + 1 bytes */
extern void scru64_node_spec_canonical(const scru64_node_spec *spec,
									   char *buf);

/*
 * Generator.  A state is the last ID issued (node bits included); the
 * node is (node_id, node_id_size) and the rules are the reference's
 * generate_or_abort_core.
 */
typedef enum scru64_gen_status
{
	SCRU64_GEN_OK = 0,
	SCRU64_GEN_WAIT,			/* more than the allowance ahead: wait for
								 * the clock and call again */
	SCRU64_GEN_BAD_CLOCK,		/* tick 0 or the reserved largest tick */
	SCRU64_GEN_EXHAUSTED		/* the next tick would be the largest */
} scru64_gen_status;

/*
 * Counter after a renewal: random, with the leading bit zero when the
 * counter has 4 bits or fewer (node_id_size >= 20), so a tick can always
 * take at least half of its counter space.
 */
extern uint32_t scru64_renew_counter(int node_id_size, uint32_t random);

/*
 * The ID after prev for clock tick 'tick' (unix_ms >> 8).  random is drawn
 * by the caller (only used when the counter is renewed).  Pure: prev is
 * not modified, the next ID is stored in *next on SCRU64_GEN_OK.
 */
extern scru64_gen_status scru64_next(uint64_t prev, uint64_t tick,
									 uint32_t node_id, int node_id_size,
									 uint64_t allowance_ticks,
									 uint32_t random, uint64_t *next);

/*
 * The state of a new generator, after a server start, a crash or a change
 * of node spec.  The server may have issued IDs with this node before, up
 * to allowance_ticks + 1 ticks ahead of the clock (a generator that kept
 * overflowing its counter), and nothing of that state survived: the new
 * state is as far ahead as the old one can have been, with its counter at
 * the last value, so its first ID goes to the tick after that and nothing
 * earlier is ever issued again.  It also starts no earlier than
 * floor_tick (the latest tick another node spec reached on this server,
 * whose IDs may overlap ours) and never below node_prev (the spec's
 * previous ID, or 0).
 */
extern uint64_t scru64_fresh_state(uint64_t tick, uint32_t node_id,
								   int node_id_size, uint64_t allowance_ticks,
								   uint64_t floor_tick, uint64_t node_prev);

#endif							/* SCRU64_CORE_H */
