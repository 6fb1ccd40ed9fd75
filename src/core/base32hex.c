/*-------------------------------------------------------------------------
 *
 * base32hex.c
 *	  RFC 4648 base32hex and hex codec for 160-bit values (SCRU160).
 *
 * base32hex keeps the order of the bytes ("0" < "9" < "A" < "V" in ASCII),
 * which is why SCRU160 chose it over RFC 4648 base32: the canonical text
 * sorts like the value.
 *
 *-------------------------------------------------------------------------
 */
#include "base32hex.h"
#include "digits32.h"

static const char hex_digits[16] = "0123456789abcdef";


static inline uint8_t
hex_value(unsigned char c)
{
	uint8_t		v = digits32_value[c];

	return v < 16 ? v : 0xFF;
}

void
base32hex_encode(const uint8_t id[BASE32HEX_BYTES],
				 char out[BASE32HEX_TEXT_LEN])
{
	int			group;

	/* 4 groups of 5 bytes = 40 bits = 8 digits */
	for (group = 0; group < 4; group++)
	{
		const uint8_t *p = id + 5 * group;
		uint64_t	bits = ((uint64_t) p[0] << 32) | ((uint64_t) p[1] << 24) |
			((uint64_t) p[2] << 16) | ((uint64_t) p[3] << 8) | p[4];
		int			i;

		for (i = 7; i >= 0; i--)
		{
			out[8 * group + i] = digits32_upper[bits & 31];
			bits >>= 5;
		}
	}
}

void
base32hex_encode_hex(const uint8_t id[BASE32HEX_BYTES],
					 char out[BASE32HEX_HEX_LEN])
{
	int			i;

	for (i = 0; i < BASE32HEX_BYTES; i++)
	{
		out[2 * i] = hex_digits[id[i] >> 4];
		out[2 * i + 1] = hex_digits[id[i] & 15];
	}
}

base32hex_status
base32hex_decode(const char *text, size_t len, uint8_t id[BASE32HEX_BYTES],
				 size_t *bad_pos)
{
	const unsigned char *s = (const unsigned char *) text;

	if (len == BASE32HEX_TEXT_LEN)
	{
		int			group;

		for (group = 0; group < 4; group++)
		{
			uint64_t	bits = 0;
			int			i;

			for (i = 0; i < 8; i++)
			{
				uint8_t		v = digits32_value[s[8 * group + i]];

				if (v == 0xFF)
				{
					*bad_pos = (size_t) (8 * group + i);
					return BASE32HEX_BAD_DIGIT;
				}
				bits = (bits << 5) | v;
			}
			for (i = 4; i >= 0; i--)
			{
				id[5 * group + i] = (uint8_t) bits;
				bits >>= 8;
			}
		}
		return BASE32HEX_OK;
	}

	if (len == BASE32HEX_HEX_LEN)
	{
		int			i;

		for (i = 0; i < BASE32HEX_HEX_LEN; i++)
		{
			uint8_t		v = hex_value(s[i]);

			if (v == 0xFF)
			{
				*bad_pos = (size_t) i;
				return BASE32HEX_BAD_HEX_DIGIT;
			}
			if (i % 2 == 0)
				id[i / 2] = (uint8_t) (v << 4);
			else
				id[i / 2] |= v;
		}
		return BASE32HEX_OK;
	}

	return BASE32HEX_BAD_LENGTH;
}
