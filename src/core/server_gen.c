/*-------------------------------------------------------------------------
 *
 * server_gen.c
 *	  The rules of the server-wide scru128(), scru160(), ulid() and uuidv7()
 *	  generators; see server_gen.h.
 *
 * Every function here runs while the caller holds a spinlock: a few
 * comparisons and increments, no call out.
 *
 *-------------------------------------------------------------------------
 */
#include "server_gen.h"

#include "scru128_id.h"

#define NS_PER_MS INT64_C(1000000)

static inline bool
scru128_state_less(const scru128_server_state *a, const scru128_server_state *b)
{
	if (a->timestamp != b->timestamp)
		return a->timestamp < b->timestamp;
	if (a->counter_hi != b->counter_hi)
		return a->counter_hi < b->counter_hi;
	return a->counter_lo < b->counter_lo;
}

server_gen_status
scru128_server_step(scru128_server_state *state,
					const scru128_server_state *floor, uint64_t now_ms,
					uint32_t random_lo, uint32_t random_hi,
					scru128_server_state *issued)
{
	scru128_server_state s = *state;
	bool		advanced = false;

	/* timestamps 0 and 2^48 - 1 are reserved */
	if (now_ms == 0 || now_ms >= SCRU128_MAX_TIMESTAMP - SERVER_GEN_MAX_LEAD_MS)
		return SERVER_GEN_BAD_CLOCK;

	if (s.timestamp == 0)
	{
		/* everything up to the end of this millisecond may have been issued */
		s.timestamp = now_ms + SERVER_GEN_MAX_LEAD_MS - 1;
		s.counter_hi = SCRU128_MAX_COUNTER_HI;
		s.counter_lo = SCRU128_MAX_COUNTER_LO;
		s.ts_counter_hi = 0;
	}
	if (floor != NULL && scru128_state_less(&s, floor))
		s = *floor;

	if (now_ms > s.timestamp)
	{
		s.timestamp = now_ms;
		s.counter_lo = random_lo & SCRU128_MAX_COUNTER_LO;
		advanced = true;
	}
	else if (++s.counter_lo > SCRU128_MAX_COUNTER_LO)
	{
		/* same or an earlier millisecond, counter_lo wrapped */
		s.counter_lo = 0;
		if (++s.counter_hi > SCRU128_MAX_COUNTER_HI)
		{
			/* both wrapped: borrow the next millisecond */
			if (s.timestamp + 1 >= SCRU128_MAX_TIMESTAMP)
				return SERVER_GEN_EXHAUSTED;
			s.timestamp++;
			s.counter_hi = 0;
			s.counter_lo = random_lo & SCRU128_MAX_COUNTER_LO;
			advanced = true;
		}
	}

	if (s.timestamp > now_ms + SERVER_GEN_MAX_LEAD_MS)
	{
		issued->timestamp = s.timestamp;
		return SERVER_GEN_TOO_FAR_AHEAD;
	}

	/* counter_hi is renewed once a second, only when the millisecond moves */
	if (advanced && (s.ts_counter_hi == 0 || s.timestamp - s.ts_counter_hi >= 1000))
	{
		s.ts_counter_hi = s.timestamp;
		s.counter_hi = random_hi & SCRU128_MAX_COUNTER_HI;
	}

	*state = s;
	*issued = s;
	return SERVER_GEN_OK;
}

server_gen_status
scru160_server_step(scru160_server_state *state,
					const scru160_server_state *floor, uint64_t now_ms,
					uint32_t random_counter, scru160_server_state *issued)
{
	scru160_server_state s = *state;

	if (now_ms == 0 || now_ms >= SCRU160_MAX_TIMESTAMP - SERVER_GEN_MAX_LEAD_MS)
		return SERVER_GEN_BAD_CLOCK;

	if (s.timestamp == 0)
	{
		s.timestamp = now_ms + SERVER_GEN_MAX_LEAD_MS - 1;
		s.counter = SCRU160_MAX_COUNTER;
	}
	if (floor != NULL &&
		(floor->timestamp > s.timestamp ||
		 (floor->timestamp == s.timestamp && floor->counter > s.counter)))
		s = *floor;

	if (now_ms > s.timestamp || s.counter >= SCRU160_MAX_COUNTER)
	{
		/* a new millisecond, or the counter is spent: borrow the next */
		if (now_ms > s.timestamp)
			s.timestamp = now_ms;
		else if (s.timestamp + 1 >= SCRU160_MAX_TIMESTAMP)
			return SERVER_GEN_EXHAUSTED;
		else
			s.timestamp++;
		s.counter = random_counter & (SCRU160_COUNTER_INIT_LIMIT - 1);
	}
	else
		s.counter++;

	if (s.timestamp > now_ms + SERVER_GEN_MAX_LEAD_MS)
	{
		issued->timestamp = s.timestamp;
		return SERVER_GEN_TOO_FAR_AHEAD;
	}

	*state = s;
	*issued = s;
	return SERVER_GEN_OK;
}

server_gen_status
ulid_server_step(ulid_state *state, const ulid_state *floor, uint64_t now_ms,
				 const uint8_t fresh[ULID_RANDOM_LEN], ulid_state *issued)
{
	ulid_state	s = *state;
	ulid_gen_status gs;

	if (now_ms >= ULID_MAX_TIMESTAMP - SERVER_GEN_MAX_LEAD_MS)
		return SERVER_GEN_BAD_CLOCK;

	if (!s.started)
	{
		/* everything up to the end of this millisecond may have been issued */
		s.timestamp = now_ms + SERVER_GEN_MAX_LEAD_MS - 1;
		s.random_hi = UINT16_MAX;
		s.random_lo = UINT64_MAX;
		s.started = true;
	}
	if (floor != NULL && floor->started && ulid_state_less(&s, floor))
		s = *floor;

	gs = ulid_next(&s, now_ms, fresh);
	if (gs != ULID_GEN_OK)
		return SERVER_GEN_EXHAUSTED;

	if (s.timestamp > now_ms + SERVER_GEN_MAX_LEAD_MS)
	{
		issued->timestamp = s.timestamp;
		return SERVER_GEN_TOO_FAR_AHEAD;
	}

	*state = s;
	*issued = s;
	return SERVER_GEN_OK;
}

server_gen_status
uuidv7_server_step(int64_t *state_ns, int64_t floor_ns, int64_t now_ns,
				   int64_t *issued_ns)
{
	const int64_t lead_ns = SERVER_GEN_MAX_LEAD_MS * NS_PER_MS;
	int64_t		prev = *state_ns;
	int64_t		ns;

	if (now_ns <= 0 ||
		now_ns / NS_PER_MS >= (int64_t) UUIDV7_MAX_MS - SERVER_GEN_MAX_LEAD_MS)
		return SERVER_GEN_BAD_CLOCK;

	if (prev == 0)
		prev = now_ns + lead_ns - NS_PER_MS;
	if (floor_ns > prev)
		prev = floor_ns;

	/* as uuidv7_clock_next(): at least one step past the previous value */
	ns = prev + UUIDV7_STEP_NS >= now_ns ? prev + UUIDV7_STEP_NS : now_ns;
	if (ns > now_ns + lead_ns)
	{
		*issued_ns = ns;
		return SERVER_GEN_TOO_FAR_AHEAD;
	}
	*state_ns = ns;
	*issued_ns = ns;
	return SERVER_GEN_OK;
}
