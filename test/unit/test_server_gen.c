/*
 * test_server_gen.c: unit tests of the server-wide generator rules
 * (server_gen.c) with an injected clock and given random values: order
 * across calls whatever the clock does within the bound, the bound itself
 * (the clock going back 1 ms, 9 s and 11 s), the start state, counter
 * overflow, counter_hi renewal and the session floor.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "scru128_id.h"
#include "server_gen.h"
#include "tap.h"

#define LEAD SERVER_GEN_MAX_LEAD_MS
#define T0 UINT64_C(1700000000000)
#define NS_PER_MS INT64_C(1000000)

static uint64_t rng_state = 24;

static uint32_t
rnd(void)
{
	uint64_t	z = (rng_state += UINT64_C(0x9E3779B97F4A7C15));

	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return (uint32_t) (z ^ (z >> 31));
}

static int
cmp128(const scru128_server_state *a, const scru128_server_state *b)
{
	uint8_t		x[16],
				y[16];

	scru128_from_fields(x, a->timestamp, a->counter_hi, a->counter_lo, 0);
	scru128_from_fields(y, b->timestamp, b->counter_hi, b->counter_lo, 0);
	return memcmp(x, y, 16);
}

static int
cmp160(const scru160_server_state *a, const scru160_server_state *b)
{
	if (a->timestamp != b->timestamp)
		return a->timestamp < b->timestamp ? -1 : 1;
	if (a->counter != b->counter)
		return a->counter < b->counter ? -1 : 1;
	return 0;
}

/* n steps at clock 'now'; true if all succeed and strictly increase */
static bool
run128(scru128_server_state *s, uint64_t now, int n, scru128_server_state *last)
{
	int			i;

	for (i = 0; i < n; i++)
	{
		scru128_server_state id;

		if (scru128_server_step(s, NULL, now, rnd(), rnd(), &id) != SERVER_GEN_OK)
			return false;
		if (last->timestamp != 0 && cmp128(&id, last) <= 0)
			return false;
		if (id.timestamp > now + LEAD || id.counter_hi > SCRU128_MAX_COUNTER_HI ||
			id.counter_lo > SCRU128_MAX_COUNTER_LO ||
			id.timestamp - id.ts_counter_hi >= 1000)
			return false;
		*last = id;
	}
	return true;
}

static void
test_scru128(void)
{
	scru128_server_state s = {0},
				id,
				last = {0},
				before,
				floor;
	server_gen_status st;
	int			i;
	bool		good;

	/* a start: the highest state an earlier generator can have reached */
	st = scru128_server_step(&s, NULL, T0, 5, 7, &id);
	ok(st == SERVER_GEN_OK, "scru128: first step after a start succeeds");
	ok(id.timestamp == T0 + LEAD, "scru128: and its ID is the bound ahead of the clock (%llu)",
	   (unsigned long long) (id.timestamp - T0));
	before.timestamp = T0 - 1 + LEAD;
	before.counter_hi = SCRU128_MAX_COUNTER_HI;
	before.counter_lo = SCRU128_MAX_COUNTER_LO;
	ok(cmp128(&id, &before) > 0,
	   "scru128: above every ID a generator could issue 1 ms before the start");
	ok(id.counter_hi == 7 && id.counter_lo == 5 && id.ts_counter_hi == id.timestamp,
	   "scru128: the first ID renews both counters");

	/* the clock catches up: same millisecond, counter_lo + 1, until it passes */
	last = id;
	ok(run128(&s, T0 + 5000, 1000, &last) && last.timestamp == T0 + LEAD,
	   "scru128: clock behind the state: counter_lo counts on in the state's millisecond");
	ok(last.counter_lo == 5 + 1000 && last.counter_hi == 7, "scru128: counter_lo + 1 per ID");
	ok(run128(&s, T0 + LEAD + 1, 1, &last) && last.timestamp == T0 + LEAD + 1 &&
	   last.counter_hi == 7, "scru128: the clock passes the state: its millisecond, counter_hi kept");
	ok(run128(&s, T0 + LEAD + 999, 1, &last) && last.counter_hi == 7,
	   "scru128: counter_hi kept within a second of its renewal");
	i = (int) last.counter_hi;
	ok(run128(&s, T0 + LEAD + 1000, 1, &last) && last.ts_counter_hi == T0 + LEAD + 1000,
	   "scru128: counter_hi renewed after a second (was %d, now %u)", i, last.counter_hi);

	/* the clock goes back: never a reset, only the bound */
	{
		uint64_t	t = T0 + 100000;

		ok(run128(&s, t, 10, &last), "scru128: clock at %llu", (unsigned long long) t);
		ok(run128(&s, t - 1, 10, &last) && last.timestamp == t,
		   "scru128: clock back 1 ms: IDs increase in the state's millisecond");
		ok(run128(&s, t - 9000, 1000, &last) && last.timestamp == t,
		   "scru128: clock back 9 s: IDs increase, no reset");
		before = s;
		st = scru128_server_step(&s, NULL, t - 11000, rnd(), rnd(), &id);
		ok(st == SERVER_GEN_CLOCK_BACK, "scru128: clock back 11 s: refused, as the clock gone back");
		ok(id.timestamp == t, "scru128: reporting the millisecond ahead");
		ok(memcmp(&s, &before, sizeof(s)) == 0, "scru128: and the state is unchanged");
		ok(run128(&s, t - LEAD, 1, &last) && last.timestamp == t,
		   "scru128: clock back exactly the bound: works again");
		ok(run128(&s, t + 1, 1, &last) && last.timestamp == t + 1,
		   "scru128: the clock moves on: its own millisecond");
	}

	/* counter overflow borrows the next millisecond, up to the bound */
	{
		uint64_t	t = T0 + 200000;

		ok(run128(&s, t, 1, &last), "scru128: clock at a new millisecond");
		s.counter_hi = SCRU128_MAX_COUNTER_HI;
		s.counter_lo = SCRU128_MAX_COUNTER_LO - 1;
		last = s;
		ok(run128(&s, t, 1, &last) && last.timestamp == t,
		   "scru128: the last counter value of a millisecond");
		ok(run128(&s, t, 1, &last) && last.timestamp == t + 1 && last.counter_hi == 0,
		   "scru128: overflow: the next millisecond, counter_hi 0");
		s.timestamp = t + LEAD;
		s.counter_hi = SCRU128_MAX_COUNTER_HI;
		s.counter_lo = SCRU128_MAX_COUNTER_LO;
		before = s;
		st = scru128_server_step(&s, NULL, t, rnd(), rnd(), &id);
		ok(st == SERVER_GEN_TOO_FAR_AHEAD && memcmp(&s, &before, sizeof(s)) == 0,
		   "scru128: an overflow past the bound is refused, state unchanged, as a burst (the clock did not go back)");
		last = before;
		ok(run128(&s, t + 1, 1, &last) && last.timestamp == t + LEAD + 1,
		   "scru128: one millisecond later it may borrow");
	}

	/* the session floor */
	{
		uint64_t	t = T0 + 300000;

		ok(run128(&s, t, 1, &last), "scru128: state at %llu", (unsigned long long) t);
		floor = s;
		floor.counter_lo += 100;
		st = scru128_server_step(&s, &floor, t, rnd(), rnd(), &id);
		ok(st == SERVER_GEN_OK && cmp128(&id, &floor) > 0 && id.counter_lo == floor.counter_lo + 1,
		   "scru128: a floor above the state: the ID follows the floor");
		floor.timestamp = t - 5;
		st = scru128_server_step(&s, &floor, t, rnd(), rnd(), &last);
		ok(st == SERVER_GEN_OK && cmp128(&last, &id) > 0 && last.counter_lo == id.counter_lo + 1,
		   "scru128: a floor below the state is ignored");
		floor = s;
		floor.timestamp = t + LEAD + 1;
		st = scru128_server_step(&s, &floor, t, rnd(), rnd(), &id);
		ok(st == SERVER_GEN_FLOOR_AHEAD, "scru128: a floor beyond the bound is refused, not skipped, as the session's own");
		st = scru128_server_step(&s, &floor, t - 11000, rnd(), rnd(), &id);
		ok(st == SERVER_GEN_CLOCK_BACK,
		   "scru128: the floor and the state both beyond the bound after the clock went back: the clock");
	}

	/* clock outside the range */
	before = s;
	ok(scru128_server_step(&s, NULL, 0, 1, 1, &id) == SERVER_GEN_BAD_CLOCK &&
	   memcmp(&s, &before, sizeof(s)) == 0, "scru128: clock at 0 ms refused");

	/* random clock jitter within the bound: strictly increasing throughout */
	good = true;
	for (i = 0; i < 100000 && good; i++)
	{
		uint64_t	t = T0 + 400000 + (uint64_t) i / 10 - (rnd() % 9000);

		good = run128(&s, t, 1, &last);
	}
	ok(good, "scru128: 100000 IDs under a clock jumping back up to 9 s: strictly increasing");
}

static void
test_scru160(void)
{
	scru160_server_state s = {0},
				id,
				last,
				before,
				floor;
	server_gen_status st;
	uint64_t	t = T0;
	int			i;
	bool		good;

	st = scru160_server_step(&s, NULL, t, 0x12345, &id);
	ok(st == SERVER_GEN_OK && id.timestamp == t + LEAD && id.counter == (0x12345 & 0x7FFF),
	   "scru160: first ID after a start: the bound ahead, a 15-bit random counter");
	last = id;
	good = true;
	for (i = 0; i < 200000 && good; i++)
	{
		good = scru160_server_step(&s, NULL, t, rnd(), &id) == SERVER_GEN_OK &&
			cmp160(&id, &last) > 0;
		if (good)
			last = id;
	}
	ok(!good && i > 1000, "scru160: a stalled clock: increasing until the bound (%d IDs)", i);
	ok(scru160_server_step(&s, NULL, t, rnd(), &id) == SERVER_GEN_TOO_FAR_AHEAD,
	   "scru160: the bound reached by a burst, the clock not gone back: a burst");
	ok(last.timestamp == t + LEAD, "scru160: the counter overflows into borrowed milliseconds up to the bound only");

	t = T0 + 100000;
	ok(scru160_server_step(&s, NULL, t, 3, &last) == SERVER_GEN_OK && last.timestamp == t &&
	   last.counter == 3, "scru160: a new millisecond renews the counter");
	ok(scru160_server_step(&s, NULL, t - 1, 3, &id) == SERVER_GEN_OK && id.timestamp == t &&
	   id.counter == 4, "scru160: clock back 1 ms: counter + 1");
	ok(scru160_server_step(&s, NULL, t - 9000, 3, &id) == SERVER_GEN_OK && id.timestamp == t &&
	   id.counter == 5, "scru160: clock back 9 s: counter + 1, no reset");
	before = s;
	ok(scru160_server_step(&s, NULL, t - 11000, 3, &id) == SERVER_GEN_CLOCK_BACK &&
	   cmp160(&s, &before) == 0, "scru160: clock back 11 s: refused as the clock gone back, state unchanged");
	s.counter = SCRU160_MAX_COUNTER;
	ok(scru160_server_step(&s, NULL, t, 9, &id) == SERVER_GEN_OK && id.timestamp == t + 1 &&
	   id.counter == 9, "scru160: a spent counter borrows the next millisecond, no wait");

	floor.timestamp = t + 1;
	floor.counter = 500;
	ok(scru160_server_step(&s, &floor, t, 9, &id) == SERVER_GEN_OK && id.timestamp == t + 1 &&
	   id.counter == 501, "scru160: a floor above the state is followed");
	floor.counter = 2;
	ok(scru160_server_step(&s, &floor, t, 9, &id) == SERVER_GEN_OK && id.counter == 502,
	   "scru160: a floor below it is ignored");
	ok(scru160_server_step(&s, NULL, 0, 9, &id) == SERVER_GEN_BAD_CLOCK,
	   "scru160: clock at 0 ms refused");
}

static void
test_uuidv7(void)
{
	uuidv7_server_state s = {0},
				before;
	int64_t		ns,
				last;
	int64_t		t = (int64_t) T0 * NS_PER_MS;
	uint8_t		a[16],
				b[16];
	int			i;
	bool		good;

	ok(uuidv7_server_step(&s, 0, t, &ns) == SERVER_GEN_OK &&
	   ns == t + LEAD * NS_PER_MS - NS_PER_MS + UUIDV7_STEP_NS,
	   "uuidv7: first value after a start: one step past the highest earlier one");
	last = ns;
	good = true;
	for (i = 0; i < 100000 && good; i++)
	{
		int64_t		now = t + 20000 * NS_PER_MS + (int64_t) i * 1000 -
			(int64_t) (rnd() % 9000) * NS_PER_MS;

		good = uuidv7_server_step(&s, 0, now, &ns) == SERVER_GEN_OK && ns > last &&
			ns <= now + LEAD * NS_PER_MS;
		/* the packed values increase too: rand_a follows the time */
		uuidv7_pack(a, (uint64_t) (last / NS_PER_MS),
					uuidv7_subms_fraction((uint32_t) (last % NS_PER_MS)), UINT64_MAX);
		uuidv7_pack(b, (uint64_t) (ns / NS_PER_MS),
					uuidv7_subms_fraction((uint32_t) (ns % NS_PER_MS)), 0);
		good = good && memcmp(a, b, 16) < 0;
		last = ns;
	}
	ok(good, "uuidv7: 100000 values under a jumping clock: strictly increasing, within the bound");

	t = (int64_t) (T0 + 100000) * NS_PER_MS;
	ok(uuidv7_server_step(&s, 0, t, &ns) == SERVER_GEN_OK && ns == t, "uuidv7: the clock's own time");
	ok(uuidv7_server_step(&s, 0, t - NS_PER_MS, &ns) == SERVER_GEN_OK && ns == t + UUIDV7_STEP_NS,
	   "uuidv7: clock back 1 ms: one step on");
	ok(uuidv7_server_step(&s, 0, t - 9000 * NS_PER_MS, &ns) == SERVER_GEN_OK &&
	   ns == t + 2 * UUIDV7_STEP_NS, "uuidv7: clock back 9 s: one step on, no reset");
	before = s;
	ok(uuidv7_server_step(&s, 0, t - 11000 * NS_PER_MS, &ns) == SERVER_GEN_CLOCK_BACK &&
	   memcmp(&s, &before, sizeof(s)) == 0, "uuidv7: clock back 11 s: refused as the clock gone back, state unchanged");
	ok(uuidv7_server_step(&s, t + 11000 * NS_PER_MS, t, &ns) == SERVER_GEN_FLOOR_AHEAD &&
	   memcmp(&s, &before, sizeof(s)) == 0, "uuidv7: a floor beyond the bound: refused as the session's own");
	ok(uuidv7_server_step(&s, t + 5 * NS_PER_MS, t, &ns) == SERVER_GEN_OK &&
	   ns == t + 5 * NS_PER_MS + UUIDV7_STEP_NS, "uuidv7: a floor above the state is followed");
	ok(uuidv7_server_step(&s, t, t, &last) == SERVER_GEN_OK && last == ns + UUIDV7_STEP_NS,
	   "uuidv7: a floor below it is ignored");
	ok(uuidv7_server_step(&s, 0, 0, &ns) == SERVER_GEN_BAD_CLOCK, "uuidv7: clock at 0 refused");

	/* a burst at a stalled clock reaches the bound: a burst, not the clock */
	t = (int64_t) (T0 + 200000) * NS_PER_MS;
	good = true;
	for (i = 0; i < 50000000 && good; i++)
		good = uuidv7_server_step(&s, 0, t, &ns) == SERVER_GEN_OK;
	ok(!good && uuidv7_server_step(&s, 0, t, &ns) == SERVER_GEN_TOO_FAR_AHEAD,
	   "uuidv7: a burst at a stalled clock stops at the bound as a burst (%d values)", i);

	/* the start rule with an origin */
	t = (int64_t) (T0 + 300000) * NS_PER_MS;
	s.ns = 0;
	s.clock_ns = 0;
	uuidv7_server_seed(&s, t, t - 60000 * NS_PER_MS);
	ok(uuidv7_server_step(&s, 0, t, &ns) == SERVER_GEN_OK && ns == t,
	   "uuidv7: seeded a minute after the origin: the clock's own time");
	s.ns = 0;
	uuidv7_server_seed(&s, t, t - 3000 * NS_PER_MS);
	ok(uuidv7_server_step(&s, 0, t, &ns) == SERVER_GEN_OK &&
	   ns == t + 7000 * NS_PER_MS - NS_PER_MS + UUIDV7_STEP_NS,
	   "uuidv7: seeded 3 s after the origin: 7 s ahead");
	uuidv7_server_seed(&s, t, t);
	ok(uuidv7_server_step(&s, 0, t, &last) == SERVER_GEN_OK &&
	   last == t + LEAD * NS_PER_MS - NS_PER_MS + UUIDV7_STEP_NS,
	   "uuidv7: a seed at the origin (the end of recovery) raises the state to the bound ahead");
	uuidv7_server_seed(&s, t, t - 60000 * NS_PER_MS);
	ok(uuidv7_server_step(&s, 0, t, &ns) == SERVER_GEN_OK && ns == last + UUIDV7_STEP_NS,
	   "uuidv7: a seed never lowers the state");
}

static void
test_seed(void)
{
	scru128_server_state s = {0},
				id;
	scru160_server_state s160 = {0},
				id160;
	uint64_t	t = T0 + 500000;

	scru128_server_seed(&s, t, t - 60000);
	ok(scru128_server_step(&s, NULL, t, 5, 7, &id) == SERVER_GEN_OK && id.timestamp == t,
	   "scru128: seeded a minute after the origin (a late first call): the clock's millisecond");
	memset(&s, 0, sizeof(s));
	scru128_server_seed(&s, t, t - 3000);
	ok(scru128_server_step(&s, NULL, t, 5, 7, &id) == SERVER_GEN_OK && id.timestamp == t + 7000,
	   "scru128: seeded 3 s after the origin: 7 s ahead, after anything issued before the origin");
	memset(&s, 0, sizeof(s));
	scru128_server_seed(&s, t, t + 60000);
	ok(scru128_server_step(&s, NULL, t, 5, 7, &id) == SERVER_GEN_OK && id.timestamp == t + LEAD,
	   "scru128: an origin after the clock counts as the clock: the bound ahead");
	/* a standby's state, seeded in recovery, then the end of recovery */
	memset(&s, 0, sizeof(s));
	scru128_server_seed(&s, t, t - 60000);
	ok(scru128_server_step(&s, NULL, t, 5, 7, &id) == SERVER_GEN_OK && id.timestamp == t,
	   "scru128: a standby's first ID at the clock");
	scru128_server_seed(&s, t + 30000, t + 30000);
	ok(scru128_server_step(&s, NULL, t + 30000, 5, 7, &id) == SERVER_GEN_OK &&
	   id.timestamp == t + 30000 + LEAD,
	   "scru128: the end of recovery raises it: the bound ahead of the promotion");
	scru128_server_seed(&s, t + 30001, t - 60000);
	ok(scru128_server_step(&s, NULL, t + 30001, 5, 7, &id) == SERVER_GEN_OK &&
	   id.timestamp == t + 30000 + LEAD,
	   "scru128: a later seed never lowers it");

	scru160_server_seed(&s160, t, t - 60000);
	ok(scru160_server_step(&s160, NULL, t, 5, &id160) == SERVER_GEN_OK && id160.timestamp == t,
	   "scru160: seeded a minute after the origin: the clock's millisecond");
	scru160_server_seed(&s160, t, t);
	ok(scru160_server_step(&s160, NULL, t, 5, &id160) == SERVER_GEN_OK &&
	   id160.timestamp == t + LEAD,
	   "scru160: a seed at the origin raises it to the bound ahead");
}

int
main(void)
{
	test_seed();
	test_scru128();
	test_scru160();
	test_uuidv7();
	return tap_done();
}
