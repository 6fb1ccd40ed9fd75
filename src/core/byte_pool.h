/*-------------------------------------------------------------------------
 *
 * byte_pool.h
 *	  A pool of random bytes refilled in bulk and owned by one process.
 *
 * Strong random sources cost about the same per call whatever the size, so
 * the pool asks for a whole buffer at a time.  The source and the identity
 * of the calling process are passed in, so the rules (refill when short,
 * throw away a pool another process filled) are tested without a server.
 *
 *-------------------------------------------------------------------------
 */
#ifndef BYTE_POOL_H
#define BYTE_POOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define BYTE_POOL_SIZE 4096

/* fills len bytes at dst; false if the source failed */
typedef bool (*byte_pool_fill_fn) (void *dst, size_t len);

typedef struct BytePool
{
	uint8_t		bytes[BYTE_POOL_SIZE];
	size_t		pos;			/* next unused byte; BYTE_POOL_SIZE: empty */
	long		owner;			/* process that filled it */
} BytePool;

#define BYTE_POOL_INIT {{0}, BYTE_POOL_SIZE, 0}

/*
 * Copies len bytes to dst, refilling first whenever the pool is short or
 * was filled by another process than owner (a pool inherited across fork()
 * would give siblings the same bytes).  Returns false if the source failed;
 * dst is then incomplete and must not be used.
 */
extern bool byte_pool_take(BytePool *pool, long owner, byte_pool_fill_fn fill,
						   void *dst, size_t len);

#endif							/* BYTE_POOL_H */
