/*-------------------------------------------------------------------------
 *
 * random_pool.c
 *	  One per-backend pool of strong random bytes for every generator.
 *
 * pg_strong_random() costs about a microsecond per call whatever the size,
 * so it is called for a whole pool at a time: about a thousand IDs each.
 *
 *-------------------------------------------------------------------------
 */
#include "random_pool.h"

#include "miscadmin.h"

#define RANDOM_POOL_SIZE 4096

static uint8 pool[RANDOM_POOL_SIZE];
static int	pool_pos = RANDOM_POOL_SIZE;
static int	pool_pid = 0;		/* process that filled the pool */

static void
refill(void)
{
	if (!pg_strong_random(pool, RANDOM_POOL_SIZE))
		ereport(ERROR,
				(errcode(ERRCODE_INTERNAL_ERROR),
				 errmsg("could not generate random values")));
	pool_pos = 0;
	pool_pid = MyProcPid;
}

void
random_pool_bytes(void *dst, size_t len)
{
	uint8	   *out = dst;

	while (len > 0)
	{
		size_t		n;

		if (unlikely(pool_pos >= RANDOM_POOL_SIZE || pool_pid != MyProcPid))
			refill();
		n = Min(len, (size_t) (RANDOM_POOL_SIZE - pool_pos));
		memcpy(out, pool + pool_pos, n);
		pool_pos += n;
		out += n;
		len -= n;
	}
}

/* n bytes from the pool, refilled first if it is short or another process's */
static inline const uint8 *
take(int n)
{
	const uint8 *p;

	if (unlikely(pool_pos > RANDOM_POOL_SIZE - n || pool_pid != MyProcPid))
		refill();
	p = pool + pool_pos;
	pool_pos += n;
	return p;
}

uint32
random_pool_uint32(void *arg)
{
	uint32		v;

	memcpy(&v, take(sizeof(v)), sizeof(v));
	return v;
}

uint64
random_pool_uint64(void)
{
	uint64		v;

	memcpy(&v, take(sizeof(v)), sizeof(v));
	return v;
}
