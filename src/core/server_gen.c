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

/*
 * Why a step would go more than the bound ahead: the session's floor (when
 * the server's own state had room), else the clock reading earlier than an
 * earlier step's, else IDs issued faster than the clock moved.
 */
static inline server_gen_status
ahead_cause(bool floor_did_it, uint64_t state_clock, uint64_t now)
{
	if (floor_did_it)
		return SERVER_GEN_FLOOR_AHEAD;
	if (now < state_clock)
		return SERVER_GEN_CLOCK_BACK;
	return SERVER_GEN_TOO_FAR_AHEAD;
}

/* the start floor's millisecond: max(now, min(origin, now) + bound) - 1 */
static inline uint64_t
seed_ms(uint64_t now_ms, uint64_t origin_ms)
{
	uint64_t	origin = origin_ms < now_ms ? origin_ms : now_ms;
	uint64_t	t = origin + SERVER_GEN_MAX_LEAD_MS;

	return (t > now_ms ? t : now_ms) - 1;
}

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
	scru128_server_state own;
	bool		advanced = false;
	bool		floor_used = false;

	/* timestamps 0 and 2^48 - 1 are reserved */
	if (now_ms == 0 || now_ms >= SCRU128_MAX_TIMESTAMP - SERVER_GEN_MAX_LEAD_MS)
		return SERVER_GEN_BAD_CLOCK;

	if (s.timestamp == 0)
		scru128_server_seed(&s, now_ms, now_ms);
	own = s;
	if (floor != NULL && scru128_state_less(&s, floor))
	{
		s = *floor;
		s.clock_ms = own.clock_ms;
		floor_used = true;
	}

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
		return ahead_cause(floor_used && own.timestamp < now_ms + SERVER_GEN_MAX_LEAD_MS,
						   own.clock_ms, now_ms);
	}
	if (s.clock_ms < now_ms)
		s.clock_ms = now_ms;

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
	scru160_server_state own;
	bool		floor_used = false;

	if (now_ms == 0 || now_ms >= SCRU160_MAX_TIMESTAMP - SERVER_GEN_MAX_LEAD_MS)
		return SERVER_GEN_BAD_CLOCK;

	if (s.timestamp == 0)
		scru160_server_seed(&s, now_ms, now_ms);
	own = s;
	if (floor != NULL &&
		(floor->timestamp > s.timestamp ||
		 (floor->timestamp == s.timestamp && floor->counter > s.counter)))
	{
		s = *floor;
		s.clock_ms = own.clock_ms;
		floor_used = true;
	}

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
		return ahead_cause(floor_used && own.timestamp < now_ms + SERVER_GEN_MAX_LEAD_MS,
						   own.clock_ms, now_ms);
	}
	if (s.clock_ms < now_ms)
		s.clock_ms = now_ms;

	*state = s;
	*issued = s;
	return SERVER_GEN_OK;
}

server_gen_status
ulid_server_step(ulid_server_state *state, const ulid_state *floor,
				 uint64_t now_ms, const uint8_t fresh[ULID_RANDOM_LEN],
				 ulid_state *issued)
{
	ulid_server_state own = *state;
	ulid_state	s;
	bool		floor_used = false;

	if (now_ms >= ULID_MAX_TIMESTAMP - SERVER_GEN_MAX_LEAD_MS)
		return SERVER_GEN_BAD_CLOCK;

	if (!own.id.started)
		ulid_server_seed(&own, now_ms, now_ms);
	s = own.id;
	if (floor != NULL && floor->started && ulid_state_less(&s, floor))
	{
		s = *floor;
		floor_used = true;
	}

	if (ulid_next(&s, now_ms, fresh) != ULID_GEN_OK)
		return SERVER_GEN_EXHAUSTED;

	if (s.timestamp > now_ms + SERVER_GEN_MAX_LEAD_MS)
	{
		issued->timestamp = s.timestamp;
		return ahead_cause(floor_used && own.id.timestamp < now_ms + SERVER_GEN_MAX_LEAD_MS,
						   own.clock_ms, now_ms);
	}

	state->id = s;
	state->clock_ms = own.clock_ms > now_ms ? own.clock_ms : now_ms;
	*issued = s;
	return SERVER_GEN_OK;
}

server_gen_status
uuidv7_server_step(uuidv7_server_state *state, int64_t floor_ns,
				   int64_t now_ns, int64_t *issued_ns)
{
	const int64_t lead_ns = SERVER_GEN_MAX_LEAD_MS * NS_PER_MS;
	uuidv7_server_state own = *state;
	int64_t		prev;
	int64_t		ns;

	if (now_ns <= 0 ||
		now_ns / NS_PER_MS >= (int64_t) UUIDV7_MAX_MS - SERVER_GEN_MAX_LEAD_MS)
		return SERVER_GEN_BAD_CLOCK;

	if (own.ns == 0)
		uuidv7_server_seed(&own, now_ns, now_ns);
	prev = own.ns;
	if (floor_ns > prev)
		prev = floor_ns;

	/* as uuidv7_clock_next(): at least one step past the previous value */
	ns = prev + UUIDV7_STEP_NS >= now_ns ? prev + UUIDV7_STEP_NS : now_ns;
	if (ns > now_ns + lead_ns)
	{
		*issued_ns = ns;
		if (floor_ns > own.ns && own.ns + UUIDV7_STEP_NS <= now_ns + lead_ns)
			return SERVER_GEN_FLOOR_AHEAD;
		return now_ns < own.clock_ns ? SERVER_GEN_CLOCK_BACK : SERVER_GEN_TOO_FAR_AHEAD;
	}
	state->ns = ns;
	state->clock_ns = own.clock_ns > now_ns ? own.clock_ns : now_ns;
	*issued_ns = ns;
	return SERVER_GEN_OK;
}

void
scru128_server_seed(scru128_server_state *state, uint64_t now_ms,
					uint64_t origin_ms)
{
	scru128_server_state seed = {0};

	seed.timestamp = seed_ms(now_ms, origin_ms);
	seed.counter_hi = SCRU128_MAX_COUNTER_HI;
	seed.counter_lo = SCRU128_MAX_COUNTER_LO;
	seed.ts_counter_hi = 0;
	seed.clock_ms = state->clock_ms > now_ms ? state->clock_ms : now_ms;
	if (scru128_state_less(state, &seed))
		*state = seed;
	else
		state->clock_ms = seed.clock_ms;
}

void
scru160_server_seed(scru160_server_state *state, uint64_t now_ms,
					uint64_t origin_ms)
{
	uint64_t	t = seed_ms(now_ms, origin_ms);
	uint64_t	clock = state->clock_ms > now_ms ? state->clock_ms : now_ms;

	if (state->timestamp < t ||
		(state->timestamp == t && state->counter < SCRU160_MAX_COUNTER))
	{
		state->timestamp = t;
		state->counter = SCRU160_MAX_COUNTER;
	}
	state->clock_ms = clock;
}

void
uuidv7_server_seed(uuidv7_server_state *state, int64_t now_ns,
				   int64_t origin_ns)
{
	int64_t		origin = origin_ns < now_ns ? origin_ns : now_ns;
	int64_t		t = origin + SERVER_GEN_MAX_LEAD_MS * NS_PER_MS;

	/* the last nanosecond that may have been issued */
	t = (t > now_ns ? t : now_ns) - NS_PER_MS;
	if (state->ns < t)
		state->ns = t;
	if (state->clock_ns < now_ns)
		state->clock_ns = now_ns;
}

void
ulid_server_seed(ulid_server_state *state, uint64_t now_ms, uint64_t origin_ms)
{
	ulid_state	seed = {0};

	/* every ID up to the end of the seed's millisecond may have been issued */
	seed.timestamp = seed_ms(now_ms, origin_ms);
	seed.random_hi = UINT16_MAX;
	seed.random_lo = UINT64_MAX;
	seed.started = true;
	if (!state->id.started || ulid_state_less(&state->id, &seed))
		state->id = seed;
	if (state->clock_ms < now_ms)
		state->clock_ms = now_ms;
}
