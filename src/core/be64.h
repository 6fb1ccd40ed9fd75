/*-------------------------------------------------------------------------
 *
 * be64.h
 *	  64-bit big-endian loads and stores, shared by FF1's radix-2 form and
 *	  the public-ID layouts (ff1.c, public_id_core.c), which do several per
 *	  call on the path of a lookup by public ID.
 *
 * GCC and Clang make each one byte swap and one memory access; what they
 * make of the portable shifts (the fallback) is several times longer:
 * GCC 12 at -O2 keeps a shift and an "or" per byte for the store.
 *
 * Pure C: no PostgreSQL headers.
 *
 *-------------------------------------------------------------------------
 */
#ifndef BE64_H
#define BE64_H

#include <stdint.h>
#include <string.h>

#if defined(__GNUC__) && defined(__BYTE_ORDER__) && \
	__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__

static inline uint64_t
be64_load(const uint8_t *p)
{
	uint64_t	x;

	memcpy(&x, p, sizeof(x));
	return __builtin_bswap64(x);
}

static inline void
be64_store(uint8_t *p, uint64_t x)
{
	x = __builtin_bswap64(x);
	memcpy(p, &x, sizeof(x));
}

#else

static inline uint64_t
be64_load(const uint8_t *p)
{
	uint64_t	x = 0;

	for (int i = 0; i < 8; i++)
		x = (x << 8) | p[i];
	return x;
}

static inline void
be64_store(uint8_t *p, uint64_t x)
{
	for (int i = 7; i >= 0; i--)
	{
		p[i] = (uint8_t) x;
		x >>= 8;
	}
}

#endif

#endif							/* BE64_H */
