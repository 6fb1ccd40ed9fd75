/*-------------------------------------------------------------------------
 *
 * random_pool.c
 *	  One per-backend pool of strong random bytes for every generator.
 *
 * pg_strong_random() costs about a microsecond per call whatever the size,
 * so the pool (src/core/byte_pool.c) calls it for a whole buffer at a time:
 * about a thousand IDs each.  The pool belongs to the process that filled
 * it (MyProcPid), so one inherited across fork() is never used.
 *
 *-------------------------------------------------------------------------
 */
#include "random_pool.h"

#include "miscadmin.h"

#include "byte_pool.h"

static BytePool pool = BYTE_POOL_INIT;

static bool
strong_fill(void *dst, size_t len)
{
	return pg_strong_random(dst, len);
}

void
random_pool_bytes(void *dst, size_t len)
{
	if (unlikely(!byte_pool_take(&pool, (long) MyProcPid, strong_fill, dst, len)))
		ereport(ERROR,
				(errcode(ERRCODE_INTERNAL_ERROR),
				 errmsg("could not generate random values")));
}

uint32
random_pool_uint32(void *arg)
{
	uint32		v;

	random_pool_bytes(&v, sizeof(v));
	return v;
}

uint64
random_pool_uint64(void)
{
	uint64		v;

	random_pool_bytes(&v, sizeof(v));
	return v;
}
