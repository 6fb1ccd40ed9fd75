/*-------------------------------------------------------------------------
 *
 * scru128_ops.c
 *	  Comparison, sort support, hashing and BRIN support for scru128.
 *
 * Values are big-endian, so every ordering question is a memcmp(), and the
 * first 6 bytes are the millisecond timestamp: the entry points are those
 * every byte-ordered fixed-length type of this extension shares
 * (fixedbytes.h).  Their C names are those the shipped scru128--1.0.sql
 * refers to: scru128_eq ... scru128_cmp, scru128_smaller, scru128_larger,
 * scru128_sortsupport, scru128_hash, scru128_hash_extended,
 * scru128_brin_minmax_multi_distance and, on PostgreSQL 18,
 * scru128_skipsupport.
 *
 *-------------------------------------------------------------------------
 */
#include "scru128_pg.h"

#include "fixedbytes.h"

FIXEDBYTES_MS_TYPE(scru128, SCRU128_LEN)
