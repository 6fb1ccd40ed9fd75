/*-------------------------------------------------------------------------
 *
 * radix32.c
 *	  Radix-32 numeral codec for 128-bit first-draft SCRU128 IDs.
 *
 * Radix 32 is a power of two, so no division is needed: digit k (counted
 * from the least significant, k = 0..25) is bits 5k .. 5k+4 of the value.
 * With the value in two 64-bit words, the low word holds digits 0-11 and
 * the low 4 bits of digit 12; digit 12 takes its top bit from the high
 * word, whose remaining 63 bits are digits 13-24 and the 3-bit digit 25.
 *
 *-------------------------------------------------------------------------
 */
#include "radix32.h"
#include "digits32.h"
#include "scru128_id.h"



void
radix32_encode(const uint8_t id[16], char out[RADIX32_TEXT_LEN])
{
	uint64_t	hi = be64_load(id);
	uint64_t	lo = be64_load(id + 8);
	int			i;

	for (i = 25; i >= 14; i--)
	{
		out[i] = digits32_upper[lo & 31];
		lo >>= 5;
	}
	/* lo has 4 bits left */
	out[13] = digits32_upper[(lo | (hi << 4)) & 31];
	hi >>= 1;
	for (i = 12; i >= 1; i--)
	{
		out[i] = digits32_upper[hi & 31];
		hi >>= 5;
	}
	/* hi has 3 bits left */
	out[0] = digits32_upper[hi];
}

radix32_status
radix32_decode(const char *text, size_t len, uint8_t id[16], size_t *bad_pos)
{
	const unsigned char *s = (const unsigned char *) text;
	uint64_t	hi = 0,
				lo = 0;
	uint8_t		seen = 0;
	uint8_t		v;
	int			i;

	if (len != RADIX32_TEXT_LEN)
		return RADIX32_BAD_LENGTH;

	/* digits 25 (3 bits) and 24..13 into hi, from the top */
	for (i = 0; i < 13; i++)
	{
		v = digits32_value[s[i]];
		seen |= v;
		hi = (hi << 5) | (v & 31);
	}
	/* digit 12: its high bit is the low bit of hi */
	v = digits32_value[s[13]];
	seen |= v;
	hi = (hi << 1) | ((v >> 4) & 1);
	lo = v & 15;
	for (i = 14; i < RADIX32_TEXT_LEN; i++)
	{
		v = digits32_value[s[i]];
		seen |= v;
		lo = (lo << 5) | (v & 31);
	}

	if (seen & 0x80)
	{
		/* rare path: locate the first offending byte for the message */
		if (bad_pos)
		{
			size_t		j;

			for (j = 0; digits32_value[s[j]] != 0xFF; j++)
				;
			*bad_pos = j;
		}
		return RADIX32_BAD_DIGIT;
	}

	/* the first digit holds bits 125..129; only 3 of them fit */
	if (digits32_value[s[0]] > 7)
		return RADIX32_OVERFLOW;

	be64_store(id, hi);
	be64_store(id + 8, lo);
	return RADIX32_OK;
}
