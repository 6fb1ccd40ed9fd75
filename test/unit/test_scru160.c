/*
 * test_scru160.c: unit tests of SCRU160 field packing and of the generator
 * state machine, with an injected clock and a scripted random source.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "scru160_core.h"
#include "tap.h"

/*
 * Random source: scripted bytes first, then a splitmix64 stream.  Every
 * request is counted, so tests can check what is drawn per ID.
 */
static uint8_t script[64];
static size_t script_len = 0,
			script_pos = 0;
static uint64_t rng_state = 160;
static long requests = 0;
static long bytes_drawn = 0;

static void
test_random(void *arg, uint8_t *dst, size_t len)
{
	size_t		i;

	(void) arg;
	requests++;
	bytes_drawn += (long) len;
	for (i = 0; i < len; i++)
	{
		if (script_pos < script_len)
			dst[i] = script[script_pos++];
		else
		{
			uint64_t	z = (rng_state += UINT64_C(0x9E3779B97F4A7C15));

			z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
			z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
			dst[i] = (uint8_t) (z ^ (z >> 31));
		}
	}
}

static void
set_script(size_t n, const uint8_t *v)
{
	memcpy(script, v, n);
	script_len = n;
	script_pos = 0;
}

static void
test_fields(void)
{
	uint8_t		id[20];
	const uint8_t r80[10] = {0xe8, 0x3c, 0x4f, 0xc6, 0x56, 0x64, 0xe6, 0xa9, 0x64, 0xa1};
	const uint8_t expect[20] = {
		0x01, 0x7c, 0x08, 0x3c, 0x13, 0x07, 0x32, 0x15, 0x36, 0x79,
		0xe8, 0x3c, 0x4f, 0xc6, 0x56, 0x64, 0xe6, 0xa9, 0x64, 0xa1
	};
	uint8_t		ones[10];

	/* the first scru160-inspect row of the vectors */
	scru160_from_fields(id, UINT64_C(1632225727239), 12821, 13945, r80);
	ok(memcmp(id, expect, 20) == 0, "from_fields packs the vector 017c083c1307...64a1");
	ok(scru160_get_timestamp(id) == UINT64_C(1632225727239) &&
	   scru160_get_counter(id) == 12821 && scru160_get_random16(id) == 13945 &&
	   memcmp(scru160_get_random80(id), r80, 10) == 0, "getters read the fields back");

	memset(ones, 0xFF, 10);
	scru160_from_fields(id, SCRU160_MAX_TIMESTAMP, SCRU160_MAX_COUNTER, SCRU160_MAX_RANDOM16, ones);
	ok(id[0] == 0xFF && id[19] == 0xFF && scru160_get_timestamp(id) == SCRU160_MAX_TIMESTAMP &&
	   scru160_get_counter(id) == 0xFFFF && scru160_get_random16(id) == 0xFFFF,
	   "maximum fields fill all 160 bits");
}

static void
test_rules(void)
{
	scru160_generator g;
	uint8_t		a[20],
				b[20];
	const uint8_t counter_ff[2] = {0xFF, 0xFF};
	const uint8_t counter_12[2] = {0x12, 0x34};
	long		req0,
				bytes0;

	scru160_generator_init(&g, test_random, NULL);

	/* new millisecond: counter renewed to 15 random bits (top bit masked) */
	set_script(2, counter_ff);
	ok(scru160_generate_core(&g, 1000, a) == SCRU160_GEN_OK &&
	   scru160_get_timestamp(a) == 1000 && scru160_get_counter(a) == 0x7FFF,
	   "first ID: timestamp from the clock, counter = 15 random bits (0xFFFF drawn -> 0x7FFF)");

	/* same millisecond: counter + 1, random16/random80 fresh, 12 bytes drawn */
	req0 = requests;
	bytes0 = bytes_drawn;
	ok(scru160_generate_core(&g, 1000, b) == SCRU160_GEN_OK &&
	   scru160_get_timestamp(b) == 1000 && scru160_get_counter(b) == 0x8000 &&
	   memcmp(a + 8, b + 8, 12) != 0 && memcmp(a, b, 20) < 0,
	   "same millisecond: counter incremented, random fields fresh, greater");
	ok(requests - req0 == 1 && bytes_drawn - bytes0 == 12,
	   "same millisecond draws only random16 and random80 (12 bytes in one request)");

	/* a new millisecond renews the counter, even to a smaller value */
	set_script(2, counter_12);
	req0 = requests;
	bytes0 = bytes_drawn;
	ok(scru160_generate_core(&g, 1001, a) == SCRU160_GEN_OK &&
	   scru160_get_timestamp(a) == 1001 && scru160_get_counter(a) == 0x1234 &&
	   memcmp(b, a, 20) < 0, "new millisecond: counter renewed (0x1234), still greater");
	ok(bytes_drawn - bytes0 == 14, "new millisecond draws 2 counter bytes and 12 random bytes");

	/* the clock going back keeps the last timestamp and counts on */
	ok(scru160_generate_core(&g, 500, b) == SCRU160_GEN_OK &&
	   scru160_get_timestamp(b) == 1001 && scru160_get_counter(b) == 0x1235 &&
	   memcmp(a, b, 20) < 0, "clock went back: last timestamp kept, counter + 1");

	/* reserved timestamps: error, state unchanged */
	ok(scru160_generate_core(&g, 0, a) == SCRU160_GEN_BAD_CLOCK, "clock 0 (reserved) rejected");
	ok(scru160_generate_core(&g, SCRU160_MAX_TIMESTAMP, a) == SCRU160_GEN_BAD_CLOCK,
	   "clock 2^48 - 1 (reserved) rejected");
	ok(g.timestamp == 1001 && g.counter == 0x1235, "state unchanged after a rejected clock");
	ok(scru160_generate_core(&g, SCRU160_MAX_TIMESTAMP - 1, a) == SCRU160_GEN_OK &&
	   scru160_get_timestamp(a) == SCRU160_MAX_TIMESTAMP - 1, "clock 2^48 - 2 accepted");
}

static void
test_overflow(void)
{
	scru160_generator g;
	uint8_t		id[20],
				prev[20];
	const uint8_t counter_max[2] = {0x7F, 0xFF};
	long		n = 0,
				bad = 0;

	scru160_generator_init(&g, test_random, NULL);
	set_script(2, counter_max);
	ok(scru160_generate_core(&g, 5000, prev) == SCRU160_GEN_OK && scru160_get_counter(prev) == 0x7FFF,
	   "counter starts at the largest 15-bit value");
	while (scru160_generate_core(&g, 5000, id) == SCRU160_GEN_OK)
	{
		if (memcmp(prev, id, 20) >= 0 || scru160_get_timestamp(id) != 5000)
			bad++;
		memcpy(prev, id, 20);
		n++;
	}
	ok(n == 0x8000 && bad == 0 && scru160_get_counter(prev) == 0xFFFF,
	   "32768 more IDs in the same millisecond, increasing, up to counter 0xFFFF (%ld made)", n);
	ok(scru160_generate_core(&g, 5000, id) == SCRU160_GEN_WAIT &&
	   scru160_generator_last_ms(&g) == 5000 && g.counter == 0xFFFF,
	   "counter spent: WAIT, state unchanged");
	ok(scru160_generate_core(&g, 4000, id) == SCRU160_GEN_WAIT,
	   "a clock behind the last ID also has to WAIT");
	ok(scru160_generate_core(&g, 5001, id) == SCRU160_GEN_OK &&
	   scru160_get_timestamp(id) == 5001 && scru160_get_counter(id) < 0x8000 &&
	   memcmp(prev, id, 20) < 0, "next millisecond: a new ID with a renewed counter");
}

/* a million IDs from a clock that moves slowly and sometimes back */
static void
test_million(void)
{
	scru160_generator g;
	uint8_t		id[20],
				prev[20];
	uint64_t	clock = UINT64_C(1700000000000);
	long		i,
				bad = 0,
				waits = 0;

	scru160_generator_init(&g, test_random, NULL);
	memset(prev, 0, 20);
	for (i = 0; i < 1000000; i++)
	{
		scru160_gen_status s;

		if (i % 50000 == 49999)
			clock -= 3;			/* a small step back */
		else if (i % 40000 == 0)
			clock += 1;
		while ((s = scru160_generate_core(&g, clock, id)) == SCRU160_GEN_WAIT)
		{
			waits++;
			clock++;			/* as the glue's wait would see it */
		}
		if (s != SCRU160_GEN_OK || memcmp(prev, id, 20) >= 0)
			bad++;
		memcpy(prev, id, 20);
	}
	ok(bad == 0, "1000000 IDs strictly increasing under a slow and stepping-back clock (%ld bad)", bad);
	ok(waits > 0, "the run exercised counter exhaustion (%ld waits)", waits);
}

static void
test_stateless(void)
{
	uint8_t		a[20],
				b[20];
	long		i,
				bad = 0;

	for (i = 0; i < 10000; i++)
	{
		if (scru160_generate_stateless(UINT64_C(1632225727239), test_random, NULL, a) != SCRU160_GEN_OK ||
			scru160_get_timestamp(a) != UINT64_C(1632225727239) || scru160_get_counter(a) >= 0x8000)
			bad++;
	}
	ok(bad == 0, "stateless: the given millisecond and a 15-bit counter");
	(void) scru160_generate_stateless(7, test_random, NULL, a);
	(void) scru160_generate_stateless(7, test_random, NULL, b);
	ok(memcmp(a + 6, b + 6, 14) != 0, "stateless: two IDs of one millisecond differ");
	ok(scru160_generate_stateless(0, test_random, NULL, a) == SCRU160_GEN_BAD_CLOCK &&
	   scru160_generate_stateless(SCRU160_MAX_TIMESTAMP, test_random, NULL, a) == SCRU160_GEN_BAD_CLOCK,
	   "stateless: reserved timestamps rejected");
}

int
main(void)
{
	test_fields();
	test_rules();
	test_overflow();
	test_million();
	test_stateless();
	return tap_done();
}
