/*
 * test_byte_pool.c: unit tests of the random byte pool with a scripted
 * source: bulk refills, a pool filled by another process thrown away, a
 * failing source reported.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "byte_pool.h"
#include "tap.h"

static int	fills = 0;
static bool fail_next = false;
static uint8_t next_byte = 0;

/* a source that counts its calls and writes a running sequence */
static bool
scripted_fill(void *dst, size_t len)
{
	uint8_t    *p = dst;

	fills++;
	if (fail_next)
		return false;
	for (size_t i = 0; i < len; i++)
		p[i] = next_byte++;
	return true;
}

static BytePool pool = BYTE_POOL_INIT;

int
main(void)
{
	uint8_t		buf[3 * BYTE_POOL_SIZE];
	uint32_t	v;
	size_t		i;
	bool		seq;

	ok(byte_pool_take(&pool, 100, scripted_fill, &v, sizeof(v)) && fills == 1,
	   "the first take fills the pool once");
	for (i = 1; i < BYTE_POOL_SIZE / sizeof(v); i++)
		byte_pool_take(&pool, 100, scripted_fill, &v, sizeof(v));
	ok(fills == 1, "%d takes of 4 bytes use one fill of %d bytes",
	   (int) (BYTE_POOL_SIZE / sizeof(v)), BYTE_POOL_SIZE);
	byte_pool_take(&pool, 100, scripted_fill, &v, sizeof(v));
	ok(fills == 2, "the next take refills");

	/* 4094 of 4096 bytes used: a 4-byte take must not straddle two fills */
	byte_pool_take(&pool, 100, scripted_fill, buf, BYTE_POOL_SIZE - 2 - sizeof(v));
	fills = 0;
	next_byte = 7;
	byte_pool_take(&pool, 100, scripted_fill, buf, 4);
	ok(fills == 1 && buf[0] == 7 && buf[3] == 10,
	   "a take that does not fit in what is left comes whole from a new fill");

	fills = 0;
	byte_pool_take(&pool, 200, scripted_fill, &v, sizeof(v));
	ok(fills == 1, "a pool filled by another process is thrown away, not used");
	byte_pool_take(&pool, 200, scripted_fill, &v, sizeof(v));
	ok(fills == 1, "and the new owner keeps using its own fill");

	fills = 0;
	next_byte = 0;
	pool.pos = BYTE_POOL_SIZE;
	ok(byte_pool_take(&pool, 200, scripted_fill, buf, sizeof(buf)) && fills == 3,
	   "a request of three pool sizes takes three fills");
	seq = true;
	for (i = 0; i < sizeof(buf); i++)
		if (buf[i] != (uint8_t) i)
			seq = false;
	ok(seq, "and gets every byte of them, in order");

	fail_next = true;
	pool.pos = BYTE_POOL_SIZE;
	ok(!byte_pool_take(&pool, 200, scripted_fill, &v, sizeof(v)),
	   "a failing source is reported");
	fail_next = false;
	fills = 0;
	ok(byte_pool_take(&pool, 200, scripted_fill, &v, sizeof(v)) && fills == 1,
	   "and the pool is not used until a fill succeeds");

	return tap_done();
}
