/*
 * test_scru128_core.c: unit tests of the generator state machine with an
 * injected clock and a scripted random source.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "scru128_core.h"
#include "scru128_id.h"
#include "tap.h"

/*
 * Random source: returns scripted values first, then a splitmix64 stream.
 * The generator draws counter_lo (new millisecond), then counter_hi (on
 * renewal), then entropy, so tests can script exact field values.
 */
static uint32_t script[16];
static int	script_len = 0,
			script_pos = 0;
static uint64_t rng_state = 42;
static long draws = 0;

static uint32_t
test_random32(void *arg)
{
	uint64_t	z;

	(void) arg;
	draws++;
	if (script_pos < script_len)
		return script[script_pos++];
	z = (rng_state += UINT64_C(0x9E3779B97F4A7C15));
	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return (uint32_t) (z ^ (z >> 31));
}

static void
set_script(int n, const uint32_t *v)
{
	memcpy(script, v, n * sizeof(uint32_t));
	script_len = n;
	script_pos = 0;
}

typedef struct fields
{
	uint64_t	ts;
	uint32_t	hi,
				lo,
				ent;
} fields;

static fields
gen(scru128_generator *g, uint64_t now, uint8_t *out)
{
	uint8_t		id[16];
	fields		f;

	if (scru128_generate_core(g, now, SCRU128_ROLLBACK_ALLOWANCE, id) != SCRU128_GEN_OK)
	{
		memset(&f, 0xFF, sizeof(f));
		return f;
	}
	f.ts = scru128_get_timestamp(id);
	f.hi = scru128_get_counter_hi(id);
	f.lo = scru128_get_counter_lo(id);
	f.ent = scru128_get_entropy(id);
	if (out)
		memcpy(out, id, 16);
	return f;
}

static void
test_basic_rules(void)
{
	scru128_generator g;
	fields		a,
				b;
	const uint32_t first[] = {0x11000005, 0x22000007, 0xDEADBEEF};
	const uint32_t newms[] = {0x33000100, 0xCAFEBABE};
	const uint32_t renew[] = {0x00000200, 0x00ABCDEF, 1};

	scru128_generator_init(&g, test_random32, NULL);

	set_script(3, first);
	a = gen(&g, 1000000, NULL);
	ok(a.ts == 1000000 && a.lo == 0x000005 && a.hi == 0x000007 &&
	   a.ent == 0xDEADBEEF,
	   "first ID: clock timestamp, random counter_lo, counter_hi, entropy");

	b = gen(&g, 1000000, NULL);
	ok(b.ts == a.ts && b.hi == a.hi && b.lo == a.lo + 1,
	   "same millisecond: counter_lo + 1, counter_hi kept");

	set_script(2, newms);
	b = gen(&g, 1000001, NULL);
	ok(b.ts == 1000001 && b.lo == 0x000100 && b.hi == a.hi && b.ent == 0xCAFEBABE,
	   "+1 ms: counter_lo renewed at random, counter_hi kept, fresh entropy");

	b = gen(&g, 1000999, NULL);
	ok(b.ts == 1000999 && b.hi == a.hi,
	   "+999 ms since the counter_hi renewal: counter_hi kept");

	set_script(3, renew);
	b = gen(&g, 1001000, NULL);
	ok(b.ts == 1001000 && b.lo == 0x000200 && b.hi == 0xABCDEF,
	   "+1000 ms since the counter_hi renewal: counter_hi renewed");
}

static void
test_rollback(void)
{
	scru128_generator g;
	fields		a,
				b;
	uint8_t		ida[16],
				idb[16];

	scru128_generator_init(&g, test_random32, NULL);
	a = gen(&g, 5000000, ida);
	b = gen(&g, 5000000 - 10000, idb);
	ok(b.ts == a.ts && b.hi == a.hi && b.lo == a.lo + 1 && memcmp(ida, idb, 16) < 0,
	   "rollback of exactly 10000 ms: previous timestamp kept, still increasing");

	b = gen(&g, 5000000 - 5000, idb);
	ok(b.ts == a.ts && b.lo == a.lo + 2, "smaller rollback continues too");

	b = gen(&g, 5000000 - 10001, idb);
	ok(b.ts == 5000000 - 10001, "rollback of 10001 ms: generator reset to the clock");
	ok(g.ts_counter_hi == 5000000 - 10001,
	   "rollback of 10001 ms: counter_hi renewed as by a fresh generator");

	a = gen(&g, 5000000 - 10001, ida);
	ok(memcmp(idb, ida, 16) < 0, "after the reset, increasing again");
}

static void
test_overflow(void)
{
	scru128_generator g;
	fields		a,
				b;
	uint8_t		ida[16],
				idb[16];
	const uint32_t lo_max[] = {0x00FFFFFF, 0x00001234, 7};
	const uint32_t both_max[] = {0x00FFFFFF, 0x00FFFFFF, 7, 0x00000042, 9};

	scru128_generator_init(&g, test_random32, NULL);
	set_script(3, lo_max);
	a = gen(&g, 7000000, ida);
	b = gen(&g, 7000000, idb);
	ok(a.lo == 0xFFFFFF && b.lo == 0 && b.hi == a.hi + 1 && b.ts == a.ts &&
	   memcmp(ida, idb, 16) < 0,
	   "counter_lo overflow: counter_lo = 0, counter_hi + 1");

	scru128_generator_init(&g, test_random32, NULL);
	set_script(5, both_max);
	a = gen(&g, 7000000, ida);
	b = gen(&g, 7000000, idb);
	ok(a.lo == 0xFFFFFF && a.hi == 0xFFFFFF &&
	   b.ts == 7000001 && b.hi == 0 && b.lo == 0x42 && b.ent == 9 &&
	   memcmp(ida, idb, 16) < 0,
	   "double overflow: timestamp + 1, counter_hi = 0, counter_lo random");

	b = gen(&g, 7000000, idb);
	ok(b.ts == 7000001 && b.lo == 0x43,
	   "clock behind the borrowed millisecond: treated as a small rollback");
}

static void
test_reserved(void)
{
	scru128_generator g;
	uint8_t		id[16],
				before[sizeof(scru128_generator)];
	const uint32_t both_max[] = {0x00FFFFFF, 0x00FFFFFF, 7};

	scru128_generator_init(&g, test_random32, NULL);
	ok(scru128_generate_core(&g, 0, SCRU128_ROLLBACK_ALLOWANCE, id) == SCRU128_GEN_BAD_CLOCK,
	   "clock at 0 (reserved) rejected");
	ok(scru128_generate_core(&g, SCRU128_MAX_TIMESTAMP, SCRU128_ROLLBACK_ALLOWANCE, id) ==
	   SCRU128_GEN_BAD_CLOCK, "clock at 2^48-1 (reserved) rejected");
	ok(scru128_generate_core(&g, SCRU128_MAX_TIMESTAMP + 5, SCRU128_ROLLBACK_ALLOWANCE, id) ==
	   SCRU128_GEN_BAD_CLOCK, "clock beyond 48 bits rejected");

	set_script(3, both_max);
	ok(scru128_generate_core(&g, SCRU128_MAX_TIMESTAMP - 1, SCRU128_ROLLBACK_ALLOWANCE, id) ==
	   SCRU128_GEN_OK && scru128_get_timestamp(id) == SCRU128_MAX_TIMESTAMP - 1,
	   "clock at 2^48-2 accepted");
	memcpy(before, &g, sizeof(g));
	ok(scru128_generate_core(&g, SCRU128_MAX_TIMESTAMP - 1, SCRU128_ROLLBACK_ALLOWANCE, id) ==
	   SCRU128_GEN_EXHAUSTED && memcmp(before, &g, sizeof(g)) == 0,
	   "double overflow at 2^48-2 refuses to produce 2^48-1 and keeps the state");

	ok(scru128_generate_stateless(0, test_random32, NULL, id) == SCRU128_GEN_BAD_CLOCK &&
	   scru128_generate_stateless(SCRU128_MAX_TIMESTAMP, test_random32, NULL, id) ==
	   SCRU128_GEN_BAD_CLOCK, "stateless variant rejects the reserved timestamps");
}

static void
test_stateless(void)
{
	uint8_t		id[16];
	const uint32_t vals[] = {0xAA123456, 0xBB654321, 0x01020304};

	set_script(3, vals);
	ok(scru128_generate_stateless(1234567, test_random32, NULL, id) == SCRU128_GEN_OK &&
	   scru128_get_timestamp(id) == 1234567 &&
	   scru128_get_counter_hi(id) == 0x123456 &&
	   scru128_get_counter_lo(id) == 0x654321 &&
	   scru128_get_entropy(id) == 0x01020304,
	   "stateless variant: given millisecond, random counters and entropy");
}

/* ten million IDs from a clock that ticks, jumps and sometimes goes back */
static void
test_long_run(void)
{
	scru128_generator g;
	uint8_t		prev[16],
				id[16];
	uint64_t	now = UINT64_C(1700000000000);
	long		i,
				not_increasing = 0,
				reserved = 0,
				failures = 0;

	scru128_generator_init(&g, test_random32, NULL);
	script_len = 0;
	memset(prev, 0, 16);
	for (i = 0; i < 10000000; i++)
	{
		uint32_t	r = (uint32_t) (i * UINT64_C(2654435761) >> 7);

		if (i % 1000 == 0)
			now += 1;			/* about a thousand IDs per millisecond */
		if (i % 1000003 == 0)
			now += 1500;		/* a pause: counter_hi renewal */
		if (i % 2000029 == 0 && i > 0)
			now -= (r % 10000) + 1; /* rollback within the allowance */
		if (scru128_generate_core(&g, now, SCRU128_ROLLBACK_ALLOWANCE, id) != SCRU128_GEN_OK)
		{
			failures++;
			continue;
		}
		if (memcmp(prev, id, 16) >= 0)
			not_increasing++;
		if (scru128_get_timestamp(id) == 0 ||
			scru128_get_timestamp(id) == SCRU128_MAX_TIMESTAMP)
			reserved++;
		memcpy(prev, id, 16);
	}
	ok(failures == 0 && not_increasing == 0,
	   "10M consecutive IDs strictly increasing (%ld failures, %ld not increasing)",
	   failures, not_increasing);
	ok(reserved == 0, "no reserved timestamp among 10M IDs");
}

int
main(void)
{
	test_basic_rules();
	test_rollback();
	test_overflow();
	test_reserved();
	test_stateless();
	test_long_run();
	return tap_done();
}
