/*-------------------------------------------------------------------------
 *
 * base36.c
 *	  Base36 codec for 128-bit SCRU128 IDs.
 *
 * A textbook implementation divides the 128-bit value by 36 twenty-five
 * times, or runs a 16x25 byte loop; both cost several times a uuid_out.
 * Instead the value is split into mixed-radix chunks of 36^12 (the largest
 * power of 36 that fits a 64-bit word): value = d0*P^2 + c1*P + c2 with
 * P = 36^12, d0 < 36, c1, c2 < P.  That takes two 128-by-64-bit divisions
 * (one machine instruction each on x86-64) to encode and two 64x64-bit
 * multiplications to decode; the digits within a chunk are then produced
 * with 32-bit arithmetic by constants, which compilers turn into
 * multiplications.
 *
 * Because each chunk is below P, comparing (d0, c1, c2) lexicographically
 * compares the values, which gives a cheap exact overflow check on input.
 *
 *-------------------------------------------------------------------------
 */
#include "base36.h"
#include "scru128_id.h"

#define P12 UINT64_C(4738381338321616896)	/* 36^12 */
#define P6 UINT32_C(2176782336)	/* 36^6 */
#define P3 UINT32_C(46656)		/* 36^3 */

/* 2^128 - 1 = "f5lxx1zz5pnorynqglhzmsp33" in chunks */
#define MAX_D0 UINT64_C(15)
#define MAX_C1 UINT64_C(738332578327119147)
#define MAX_C2 UINT64_C(4561916956197781503)

static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";

/* digit value of each byte, or 0xFF for anything outside [0-9A-Za-z] */
static const uint8_t digit_value[256] = {
#define X 0xFF
	X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X,
	X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X,
	X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X,
	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, X, X, X, X, X, X,
	X, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
	25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, X, X, X, X, X,
	X, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
	25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, X, X, X, X, X,
	X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X,
	X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X,
	X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X,
	X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X,
	X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X,
	X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X,
	X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X,
	X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X
#undef X
};

#if defined(__SIZEOF_INT128__) && !defined(BASE36_PORTABLE)

/* (hi:lo) / d, requires hi < d so that the quotient fits 64 bits */
static inline uint64_t
divrem_128_64(uint64_t hi, uint64_t lo, uint64_t d, uint64_t *rem)
{
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
	uint64_t	q,
				r;

	/* compilers call __udivti3 for this; the instruction is much cheaper */
	__asm__("divq %4" : "=a"(q), "=d"(r) : "a"(lo), "d"(hi), "rm"(d));
	*rem = r;
	return q;
#else
	unsigned __int128 n = ((unsigned __int128) hi << 64) | lo;

	*rem = (uint64_t) (n % d);
	return (uint64_t) (n / d);
#endif
}

static inline uint64_t
mul_64_64(uint64_t a, uint64_t b, uint64_t *hi)
{
	unsigned __int128 p = (unsigned __int128) a * b;

	*hi = (uint64_t) (p >> 64);
	return (uint64_t) p;
}

#else							/* no 128-bit integer type */

/*
 * Long division in 32-bit half-words (Knuth's algorithm D for a two-word
 * divisor, as in Hacker's Delight "divlu").  Requires hi < d.
 */
static uint64_t
divrem_128_64(uint64_t hi, uint64_t lo, uint64_t d, uint64_t *rem)
{
	const uint64_t b = UINT64_C(1) << 32;
	uint64_t	dn1,
				dn0,
				un32,
				un21,
				un10,
				un1,
				un0,
				q1,
				q0,
				rhat;
	int			s = 0;

	while (!(d & (UINT64_C(1) << 63)))
	{
		d <<= 1;
		s++;
	}
	dn1 = d >> 32;
	dn0 = d & 0xFFFFFFFF;
	un32 = s == 0 ? hi : (hi << s) | (lo >> (64 - s));
	un10 = lo << s;
	un1 = un10 >> 32;
	un0 = un10 & 0xFFFFFFFF;

	q1 = un32 / dn1;
	rhat = un32 - q1 * dn1;
	while (q1 >= b || q1 * dn0 > b * rhat + un1)
	{
		q1--;
		rhat += dn1;
		if (rhat >= b)
			break;
	}
	un21 = un32 * b + un1 - q1 * d;

	q0 = un21 / dn1;
	rhat = un21 - q0 * dn1;
	while (q0 >= b || q0 * dn0 > b * rhat + un0)
	{
		q0--;
		rhat += dn1;
		if (rhat >= b)
			break;
	}
	*rem = (un21 * b + un0 - q0 * d) >> s;
	return q1 * b + q0;
}

static uint64_t
mul_64_64(uint64_t a, uint64_t b, uint64_t *hi)
{
	uint64_t	a1 = a >> 32,
				a0 = a & 0xFFFFFFFF,
				b1 = b >> 32,
				b0 = b & 0xFFFFFFFF;
	uint64_t	p00 = a0 * b0,
				p01 = a0 * b1,
				p10 = a1 * b0,
				p11 = a1 * b1;
	uint64_t	mid = (p00 >> 32) + (p01 & 0xFFFFFFFF) + (p10 & 0xFFFFFFFF);

	*hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
	return (mid << 32) | (p00 & 0xFFFFFFFF);
}

#endif

/* three digits of v < 36^3 */
static inline void
put3(char *out, uint32_t v)
{
	out[2] = digits[v % 36];
	v /= 36;
	out[1] = digits[v % 36];
	out[0] = digits[v / 36];
}

/* twelve digits of c < 36^12, in four independent groups of three */
static inline void
put12(char *out, uint64_t c)
{
	uint32_t	hi = (uint32_t) (c / P6);
	uint32_t	lo = (uint32_t) (c - (uint64_t) hi * P6);

	put3(out, hi / P3);
	put3(out + 3, hi % P3);
	put3(out + 6, lo / P3);
	put3(out + 9, lo % P3);
}

void
base36_encode(const uint8_t id[16], char out[25])
{
	uint64_t	hi = be64_load(id);
	uint64_t	lo = be64_load(id + 8);
	uint64_t	q_hi,
				q_lo,
				c1,
				c2,
				d0;

	/* value / P: the high word's quotient is at most 3 */
	q_hi = hi / P12;
	q_lo = divrem_128_64(hi - q_hi * P12, lo, P12, &c2);
	/* (value / P) / P < 36, and q_hi < P */
	d0 = divrem_128_64(q_hi, q_lo, P12, &c1);

	out[0] = digits[d0];
	put12(out + 1, c1);
	put12(out + 13, c2);
}

/* accumulates twelve digits; returns the OR of their digit values */
static inline uint8_t
get12(const unsigned char *s, uint64_t *chunk)
{
	uint64_t	c = 0;
	uint8_t		seen = 0;
	int			i;

	for (i = 0; i < 12; i++)
	{
		uint8_t		v = digit_value[s[i]];

		seen |= v;
		c = c * 36 + v;
	}
	*chunk = c;
	return seen;
}

base36_status
base36_decode(const char *text, size_t len, uint8_t id[16], size_t *bad_pos)
{
	const unsigned char *s = (const unsigned char *) text;
	uint64_t	d0,
				c1,
				c2,
				hi,
				lo,
				carry_hi,
				t;
	uint8_t		seen;

	if (len != SCRU128_TEXT_LEN)
		return BASE36_BAD_LENGTH;

	d0 = digit_value[s[0]];
	seen = (uint8_t) d0 | get12(s + 1, &c1) | get12(s + 13, &c2);
	if (seen & 0x80)
	{
		/* rare path: locate the first offending byte for the message */
		if (bad_pos)
		{
			size_t		i;

			for (i = 0; digit_value[s[i]] != 0xFF; i++)
				;
			*bad_pos = i;
		}
		return BASE36_BAD_DIGIT;
	}

	if (d0 > MAX_D0 ||
		(d0 == MAX_D0 && (c1 > MAX_C1 || (c1 == MAX_C1 && c2 > MAX_C2))))
		return BASE36_OVERFLOW;

	/* a = d0 * P + c1 fits 70 bits: (carry_hi:t) */
	t = mul_64_64(d0, P12, &carry_hi);
	t += c1;
	carry_hi += (t < c1);

	/* value = a * P + c2; the overflow check above keeps it in 128 bits */
	lo = mul_64_64(t, P12, &hi);
	hi += carry_hi * P12;
	lo += c2;
	hi += (lo < c2);

	be64_store(id, hi);
	be64_store(id + 8, lo);
	return BASE36_OK;
}
