/*-------------------------------------------------------------------------
 *
 * ulid_core.c
 *	  The ULID text codec and the monotonic generator; see ulid_core.h.
 *
 * 128 bits in 26 five-bit digits: the first digit carries the top 3 bits,
 * the next 12 the following 60, the 14th straddles the two 64-bit halves
 * (1 bit of the high half, 4 of the low), the last 12 the low 60 bits.
 * Both directions work on two 64-bit words, without a 128-bit type, so
 * the code is the same on 32-bit platforms.
 *
 *-------------------------------------------------------------------------
 */
#include "ulid_core.h"

static const char alphabet[32] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/*
 * digit values by byte, -1 for a byte that is not a digit; Crockford's
 * aliases I, L (1) and O (0) in either case; U is not a digit
 */
static const int8_t digit_value[256] = {
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	/* 0 - 9 */
	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, -1, -1, -1, -1, -1, -1,
	/* @ A B C D E F G H I J K L M N O */
	-1, 10, 11, 12, 13, 14, 15, 16, 17, 1, 18, 19, 1, 20, 21, 0,
	/* P Q R S T U V W X Y Z */
	22, 23, 24, 25, 26, -1, 27, 28, 29, 30, 31, -1, -1, -1, -1, -1,
	/* ` a b c d e f g h i j k l m n o */
	-1, 10, 11, 12, 13, 14, 15, 16, 17, 1, 18, 19, 1, 20, 21, 0,
	/* p q r s t u v w x y z */
	22, 23, 24, 25, 26, -1, 27, 28, 29, 30, 31, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
};

int
ulid_digit_value(unsigned char c)
{
	return digit_value[c];
}

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
ulid_encode(const uint8_t id[ULID_LEN], char text[ULID_TEXT_LEN])
{
	uint64_t	hi = load_be64(id);
	uint64_t	lo = load_be64(id + 8);
	uint64_t	top;
	int			i;

	/* the last 12 digits: the low 60 bits of lo */
	for (i = 25; i >= 14; i--)
	{
		text[i] = alphabet[lo & 31];
		lo >>= 5;
	}
	/* digit 13: the last bit of hi and the top 4 bits of lo */
	text[13] = alphabet[((hi & 1) << 4) | lo];
	/* digits 0 to 12: the top 63 bits of hi */
	top = hi >> 1;
	for (i = 12; i >= 0; i--)
	{
		text[i] = alphabet[top & 31];
		top >>= 5;
	}
}

ulid_decode_status
ulid_decode(const char *text, size_t len, uint8_t id[ULID_LEN],
			size_t *bad_pos)
{
	const unsigned char *s = (const unsigned char *) text;
	uint64_t	top = 0;
	uint64_t	low = 0;
	int			bad = 0;
	int			v;
	int			i;

	if (len != ULID_TEXT_LEN)
		return ULID_DECODE_BAD_LENGTH;

	/* validity is checked once for all digits: -1 sets the sign bit */
	for (i = 0; i < 13; i++)
	{
		v = digit_value[s[i]];
		bad |= v;
		top = (top << 5) | (uint64_t) (v & 31);
	}
	v = digit_value[s[13]];
	bad |= v;
	{
		int			mid = v & 31;

		for (i = 14; i < ULID_TEXT_LEN; i++)
		{
			int			w = digit_value[s[i]];

			bad |= w;
			low = (low << 5) | (uint64_t) (w & 31);
		}
		if (bad < 0)
		{
			for (i = 0; i < ULID_TEXT_LEN; i++)
				if (digit_value[s[i]] < 0)
				{
					*bad_pos = (size_t) i;
					break;
				}
			return ULID_DECODE_BAD_DIGIT;
		}
		if (digit_value[s[0]] > 7)
			return ULID_DECODE_OVERFLOW;
		store_be64(id, (top << 1) | ((uint64_t) mid >> 4));
		store_be64(id + 8, ((uint64_t) (mid & 15) << 60) | low);
	}
	return ULID_DECODE_OK;
}

ulid_gen_status
ulid_next(ulid_state *s, uint64_t now_ms, const uint8_t fresh[ULID_RANDOM_LEN])
{
	ulid_state	n = *s;

	if (now_ms >= ULID_MAX_TIMESTAMP)
		return ULID_GEN_BAD_CLOCK;

	if (!n.started || now_ms > n.timestamp)
	{
		n.timestamp = now_ms;
		ulid_state_set_random(&n, fresh);
		n.started = true;
	}
	else if (++n.random_lo == 0 && ++n.random_hi == 0)
	{
		/* the random part wrapped: borrow the next millisecond */
		if (n.timestamp + 1 > ULID_MAX_TIMESTAMP)
			return ULID_GEN_EXHAUSTED;
		n.timestamp++;
		ulid_state_set_random(&n, fresh);
	}
	*s = n;
	return ULID_GEN_OK;
}
