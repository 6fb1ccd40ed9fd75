/*-------------------------------------------------------------------------
 *
 * byte_pool.c
 *	  A pool of random bytes refilled in bulk and owned by one process.
 *
 *-------------------------------------------------------------------------
 */
#include "byte_pool.h"

#include <string.h>

static bool
refill(BytePool *pool, long owner, byte_pool_fill_fn fill)
{
	if (!fill(pool->bytes, BYTE_POOL_SIZE))
	{
		pool->pos = BYTE_POOL_SIZE;
		return false;
	}
	pool->pos = 0;
	pool->owner = owner;
	return true;
}

bool
byte_pool_take(BytePool *pool, long owner, byte_pool_fill_fn fill,
			   void *dst, size_t len)
{
	uint8_t    *out = dst;

	/*
	 * Small requests (every generator's) never straddle a refill, so that
	 * the bytes of one ID come from one fill.
	 */
	if (len <= BYTE_POOL_SIZE &&
		(pool->pos > BYTE_POOL_SIZE - len || pool->owner != owner))
	{
		if (!refill(pool, owner, fill))
			return false;
	}
	while (len > 0)
	{
		size_t		n;

		if (pool->pos >= BYTE_POOL_SIZE || pool->owner != owner)
		{
			if (!refill(pool, owner, fill))
				return false;
		}
		n = BYTE_POOL_SIZE - pool->pos;
		if (n > len)
			n = len;
		memcpy(out, pool->bytes + pool->pos, n);
		pool->pos += n;
		out += n;
		len -= n;
	}
	return true;
}
