/*-------------------------------------------------------------------------
 *
 * scru64_core.c
 *	  SCRU64: Base36 codec, node spec parser, generator rules.
 *
 * Pure C, no PostgreSQL headers.  The rules follow the reference
 * implementations (scru64/rust 2.0.1, javascript 1.0.1, python 1.0.2,
 * https://github.com/scru64) and the spec v1.0.0 (doc/scru64.md).
 *
 *-------------------------------------------------------------------------
 */
#include "scru64_core.h"

#include <stdio.h>

static const char scru64_digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";

/* the value of a Base36 digit (either case), or -1 */
static inline int
digit_value(unsigned char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'Z')
		return c - 'A' + 10;
	return -1;
}

scru64_decode_status
scru64_decode(const char *src, size_t len, uint64_t *id, size_t *bad_pos)
{
	uint64_t	v = 0;
	size_t		i;

	if (len != SCRU64_TEXT_LEN)
		return SCRU64_DECODE_BAD_LENGTH;
	for (i = 0; i < SCRU64_TEXT_LEN; i++)
	{
		int			d = digit_value((unsigned char) src[i]);

		if (d < 0)
		{
			if (bad_pos)
				*bad_pos = i;
			return SCRU64_DECODE_BAD_DIGIT;
		}
		/* 36^12 < 2^63: twelve digits cannot overflow */
		v = v * 36 + (uint64_t) d;
	}
	*id = v;
	return SCRU64_DECODE_OK;
}

void
scru64_encode(uint64_t id, char *dst)
{
	int			i;

	for (i = SCRU64_TEXT_LEN - 1; i >= 0; i--)
	{
		dst[i] = scru64_digits[id % 36];
		id /= 36;
	}
}

/* parses 1 .. maxlen digits of the given radix; false on anything else */
static bool
parse_digits(const char *s, size_t len, size_t maxlen, int radix,
			 uint32_t *out)
{
	uint32_t	v = 0;
	size_t		i;

	if (len == 0 || len > maxlen)
		return false;
	for (i = 0; i < len; i++)
	{
		int			d = digit_value((unsigned char) s[i]);

		if (d < 0 || d >= radix)
			return false;
		v = v * (uint32_t) radix + (uint32_t) d;
	}
	*out = v;
	return true;
}

scru64_spec_status
scru64_parse_node_spec(const char *src, size_t len, scru64_node_spec *spec)
{
	const char *slash = NULL;
	size_t		left_len,
				i;
	uint32_t	size;
	uint32_t	node_id = 0;
	uint64_t	prev = 0;
	bool		has_prev = false;

	for (i = 0; i < len; i++)
	{
		if (src[i] == '/')
		{
			if (slash)
				return SCRU64_SPEC_SYNTAX;
			slash = src + i;
		}
	}
	if (!slash)
		return SCRU64_SPEC_SYNTAX;
	left_len = (size_t) (slash - src);

	if (!parse_digits(slash + 1, len - left_len - 1, 3, 10, &size))
		return SCRU64_SPEC_SYNTAX;

	if (left_len == SCRU64_TEXT_LEN)
	{
		if (scru64_decode(src, left_len, &prev, NULL) != SCRU64_DECODE_OK)
			return SCRU64_SPEC_SYNTAX;
		has_prev = true;
	}
	else if (left_len > 2 && src[0] == '0' && src[1] == 'x')
	{
		if (!parse_digits(src + 2, left_len - 2, 6, 16, &node_id))
			return SCRU64_SPEC_SYNTAX;
	}
	else if (!parse_digits(src, left_len, 8, 10, &node_id))
		return SCRU64_SPEC_SYNTAX;

	if (size < 1 || size > 23)
		return SCRU64_SPEC_BAD_SIZE;

	if (has_prev)
		node_id = scru64_get_node_ctr(prev) >> (SCRU64_NODE_CTR_BITS - size);
	else if (node_id >= (UINT32_C(1) << size))
		return SCRU64_SPEC_NODE_TOO_LARGE;
	else
		prev = (uint64_t) node_id << (SCRU64_NODE_CTR_BITS - size);

	spec->node_id = node_id;
	spec->node_id_size = (int) size;
	spec->has_prev = has_prev;
	spec->node_prev = prev;
	return SCRU64_SPEC_OK;
}

void
scru64_node_spec_canonical(const scru64_node_spec *spec, char *buf)
{
	/* a previous ID of timestamp 0 says no more than its node_id */
	if (spec->has_prev && scru64_get_timestamp(spec->node_prev) > 0)
	{
		scru64_encode(spec->node_prev, buf);
		snprintf(buf + SCRU64_TEXT_LEN, SCRU64_NODE_SPEC_MAXLEN + 1 - SCRU64_TEXT_LEN,
				 "/%d", spec->node_id_size);
	}
	else
		snprintf(buf, SCRU64_NODE_SPEC_MAXLEN + 1, "%u/%d",
				 (unsigned) spec->node_id, spec->node_id_size);
}

uint32_t
scru64_renew_counter(int node_id_size, uint32_t random)
{
	int			bits = SCRU64_NODE_CTR_BITS - node_id_size;

	if (node_id_size >= 20)
		bits--;
	return random & ((UINT32_C(1) << bits) - 1);
}

scru64_spec_status
scru64_check_node_prev(const scru64_node_spec *spec)
{
	if (spec->has_prev &&
		scru64_get_timestamp(spec->node_prev) >= SCRU64_MAX_TIMESTAMP)
		return SCRU64_SPEC_RESERVED_PREV;
	return SCRU64_SPEC_OK;
}

scru64_gen_status
scru64_next(uint64_t prev, uint64_t tick, uint32_t node_id, int node_id_size,
			uint64_t allowance_ticks, uint32_t random, uint64_t *next)
{
	int			counter_size = SCRU64_NODE_CTR_BITS - node_id_size;
	uint32_t	counter_max = (UINT32_C(1) << counter_size) - 1;
	uint32_t	node_bits = node_id << counter_size;
	uint64_t	prev_ts = scru64_get_timestamp(prev);
	uint32_t	prev_node = scru64_get_node_ctr(prev) >> counter_size;

	if (tick == 0 || tick >= SCRU64_MAX_TIMESTAMP)
		return SCRU64_GEN_BAD_CLOCK;

	if (tick > prev_ts)
	{
		*next = scru64_from_parts(tick, node_bits |
								  scru64_renew_counter(node_id_size, random));
		return SCRU64_GEN_OK;
	}

	/* the clock has not moved past prev, or went back a little */
	if (tick + allowance_ticks < prev_ts)
		return SCRU64_GEN_WAIT;
	if (prev_ts >= SCRU64_MAX_TIMESTAMP)
		return SCRU64_GEN_EXHAUSTED;

	if (prev_node == node_id)
	{
		/* prev is ours (or shares our bits): the counter goes on */
		uint32_t	counter = (scru64_get_node_ctr(prev) & counter_max) + 1;

		if (counter <= counter_max)
		{
			*next = scru64_from_parts(prev_ts, node_bits | counter);
			return SCRU64_GEN_OK;
		}
	}
	else if (prev_node < node_id)
	{
		/*
		 * Another spec's ID below all of ours in this tick: our node starts
		 * in this tick as in a new one.
		 */
		*next = scru64_from_parts(prev_ts, node_bits |
								  scru64_renew_counter(node_id_size, random));
		return SCRU64_GEN_OK;
	}

	/*
	 * Counter overflow, or another spec's ID above all of ours in this
	 * tick: borrow the next tick rather than wait.
	 */
	if (prev_ts + 1 >= SCRU64_MAX_TIMESTAMP)
		return SCRU64_GEN_EXHAUSTED;
	*next = scru64_from_parts(prev_ts + 1, node_bits |
							  scru64_renew_counter(node_id_size, random));
	return SCRU64_GEN_OK;
}

scru64_gen_status
scru64_step(uint64_t last, const scru64_node_spec *spec, uint64_t now_ms,
			uint64_t deadline_ms, uint32_t random, uint64_t *next,
			uint64_t *wait_ms)
{
	uint64_t	tick = now_ms >> 8;
	uint64_t	prev = last;
	uint64_t	target_ms;
	scru64_gen_status status;

	if (tick == 0 || tick >= SCRU64_MAX_TIMESTAMP)
		return SCRU64_GEN_BAD_CLOCK;

	/*
	 * A node_prev is a floor for every call.  One further ahead than the
	 * generator may run would make every call wait for it (or, past the
	 * deadline, fail): say so at once rather than adopt it, so that it
	 * never becomes the server's state and holds back later specs.
	 */
	if (spec->has_prev)
	{
		if (scru64_get_timestamp(spec->node_prev) > tick + SCRU64_MAX_AHEAD_TICKS)
		{
			*next = spec->node_prev;
			return SCRU64_GEN_PREV_AHEAD;
		}
		if (spec->node_prev > prev)
			prev = spec->node_prev;
	}

	status = scru64_next(prev, tick, spec->node_id, spec->node_id_size,
						 SCRU64_ROLLBACK_ALLOWANCE_TICKS, random, next);
	if (status != SCRU64_GEN_WAIT)
		return status;

	/* the clock must reach the tick within the allowance of prev's */
	target_ms = (scru64_get_timestamp(prev) - SCRU64_ROLLBACK_ALLOWANCE_TICKS) << 8;
	if (target_ms > deadline_ms)
	{
		*next = prev;
		return SCRU64_GEN_TOO_FAR_AHEAD;
	}
	*wait_ms = target_ms > now_ms ? target_ms - now_ms : 1;
	return SCRU64_GEN_WAIT;
}

uint64_t
scru64_fresh_state(uint64_t tick, uint64_t allowance_ticks)
{
	uint64_t	start = tick + allowance_ticks + 1;

	if (start > SCRU64_MAX_TIMESTAMP)
		start = SCRU64_MAX_TIMESTAMP;
	return scru64_from_parts(start, SCRU64_MAX_NODE_CTR);
}
