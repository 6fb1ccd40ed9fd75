/*-------------------------------------------------------------------------
 *
 * random_pool.h
 *	  One per-backend pool of strong random bytes for every generator.
 *
 *-------------------------------------------------------------------------
 */
#ifndef RANDOM_POOL_H
#define RANDOM_POOL_H

#include "scru128_compat.h"

/*
 * The pool belongs to the process that filled it: one inherited across
 * fork() (the library preloaded in the postmaster) is thrown away before
 * its first use in the child, or sibling backends would draw the same bytes.
 */
extern uint32 random_pool_uint32(void *arg);
extern uint64 random_pool_uint64(void);
extern void random_pool_bytes(void *dst, size_t len);

#endif							/* RANDOM_POOL_H */
