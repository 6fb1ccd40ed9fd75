/*-------------------------------------------------------------------------
 *
 * base32_128.c
 *	  26 base-32 digits <-> 128 bits; see base32_128.h.
 *
 * The first digit carries the top 3 bits, the next 12 the following 60,
 * the 14th straddles the two 64-bit halves (1 bit of the high half, 4 of
 * the low), the last 12 the low 60 bits.
 *
 *-------------------------------------------------------------------------
 */
#include "base32_128.h"

static inline uint64_t
load_be64(const uint8_t *p)
{
	return ((uint64_t) p[0] << 56) | ((uint64_t) p[1] << 48) |
		((uint64_t) p[2] << 40) | ((uint64_t) p[3] << 32) |
		((uint64_t) p[4] << 24) | ((uint64_t) p[5] << 16) |
		((uint64_t) p[6] << 8) | (uint64_t) p[7];
}

static inline void
store_be64(uint8_t *p, uint64_t v)
{
	int			i;

	for (i = 7; i >= 0; i--)
	{
		p[i] = (uint8_t) v;
		v >>= 8;
	}
}

void
base32_128_encode(const uint8_t value[BASE32_128_BYTES],
				  char text[BASE32_128_TEXT_LEN], const char digits[32])
{
	uint64_t	hi = load_be64(value);
	uint64_t	lo = load_be64(value + 8);
	uint64_t	top;
	int			i;

	/* the last 12 digits: the low 60 bits of lo */
	for (i = 25; i >= 14; i--)
	{
		text[i] = digits[lo & 31];
		lo >>= 5;
	}
	/* digit 13: the last bit of hi and the top 4 bits of lo */
	text[13] = digits[((hi & 1) << 4) | lo];
	/* digits 0 to 12: the top 63 bits of hi */
	top = hi >> 1;
	for (i = 12; i >= 0; i--)
	{
		text[i] = digits[top & 31];
		top >>= 5;
	}
}

base32_128_status
base32_128_decode(const char *text, const int8_t values[256],
				  uint8_t value[BASE32_128_BYTES], size_t *bad_pos)
{
	const unsigned char *s = (const unsigned char *) text;
	uint64_t	top = 0;
	uint64_t	low = 0;
	int			bad = 0;
	int			mid;
	int			v;
	int			i;

	/* validity is checked once for all digits: -1 sets the sign bit */
	for (i = 0; i < 13; i++)
	{
		v = values[s[i]];
		bad |= v;
		top = (top << 5) | (uint64_t) (v & 31);
	}
	mid = values[s[13]];
	bad |= mid;
	mid &= 31;
	for (i = 14; i < BASE32_128_TEXT_LEN; i++)
	{
		v = values[s[i]];
		bad |= v;
		low = (low << 5) | (uint64_t) (v & 31);
	}
	if (bad < 0)
	{
		for (i = 0; i < BASE32_128_TEXT_LEN; i++)
			if (values[s[i]] < 0)
			{
				*bad_pos = (size_t) i;
				break;
			}
		return BASE32_128_BAD_DIGIT;
	}
	if (values[s[0]] > 7)
		return BASE32_128_OVERFLOW;
	store_be64(value, (top << 1) | ((uint64_t) mid >> 4));
	store_be64(value + 8, ((uint64_t) (mid & 15) << 60) | low);
	return BASE32_128_OK;
}
