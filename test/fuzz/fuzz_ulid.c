/*-------------------------------------------------------------------------
 *
 * fuzz_ulid.c
 *	  libFuzzer harness for the ULID text codec in src/core/ulid_core.c.
 *
 * Every input is used three ways:
 *
 *  1. Raw decode: the bytes are either rejected or decode to a value whose
 *     encoding is the input with Crockford's aliases (I, L as 1, O as 0)
 *     resolved, in upper case.  Status, the position of the first bad byte
 *     and the value must agree with ref_decode(), a bit-at-a-time decoder.
 *  2. Mapped decode: 26 bytes mapped onto the digits and the aliases, in
 *     either case, with an occasional byte left raw, so most inputs are
 *     well-formed; same checks.
 *  3. Encode: the first 16 bytes (zero-padded) are a value; the encoding
 *     must equal the reference and decode back, also in lower case.
 *
 * Any disagreement calls abort(), which libFuzzer reports as a crash.
 *
 *-------------------------------------------------------------------------
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ulid_core.h"

#define FAIL(...) \
	do { \
		fprintf(stderr, "fuzz_ulid: " __VA_ARGS__); \
		fputc('\n', stderr); \
		abort(); \
	} while (0)

static const char alphabet[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

static int
ref_digit(unsigned char c)
{
	int			i;

	if (c >= 'a' && c <= 'z')
		c = (unsigned char) (c - 'a' + 'A');
	if (c == 'I' || c == 'L')
		return 1;
	if (c == 'O')
		return 0;
	for (i = 0; i < 32; i++)
		if (alphabet[i] == c)
			return i;
	return -1;
}

static ulid_decode_status
ref_decode(const char *s, size_t len, uint8_t id[16], size_t *bad_pos)
{
	int			bits[130];
	size_t		c;
	int			b;

	if (len != 26)
		return ULID_DECODE_BAD_LENGTH;
	for (c = 0; c < 26; c++)
	{
		int			v = ref_digit((unsigned char) s[c]);

		if (v < 0)
		{
			*bad_pos = c;
			return ULID_DECODE_BAD_DIGIT;
		}
		for (b = 0; b < 5; b++)
			bits[c * 5 + b] = (v >> (4 - b)) & 1;
	}
	if (bits[0] || bits[1])
		return ULID_DECODE_OVERFLOW;
	memset(id, 0, 16);
	for (b = 0; b < 128; b++)
		if (bits[b + 2])
			id[b / 8] |= (uint8_t) (0x80 >> (b % 8));
	return ULID_DECODE_OK;
}

static void
ref_encode(const uint8_t id[16], char out[26])
{
	int			c,
				b;

	for (c = 0; c < 26; c++)
	{
		int			v = 0;

		for (b = 0; b < 5; b++)
		{
			int			bit = c * 5 + b - 2;

			v = v * 2 + (bit >= 0 ? (id[bit / 8] >> (7 - bit % 8)) & 1 : 0);
		}
		out[c] = alphabet[v];
	}
}

static void
check_decode(const char *s, size_t len)
{
	uint8_t		id[16],
				rid[16];
	size_t		pos = (size_t) -1,
				rpos = (size_t) -2;
	ulid_decode_status st = ulid_decode(s, len, id, &pos);
	ulid_decode_status rst = ref_decode(s, len, rid, &rpos);

	if (st != rst)
		FAIL("status %d, reference %d (len %zu)", st, rst, len);
	if (st == ULID_DECODE_BAD_DIGIT)
	{
		if (pos != rpos)
			FAIL("bad position %zu, reference %zu", pos, rpos);
		if (pos >= len)
			FAIL("bad position %zu outside the input", pos);
	}
	if (st == ULID_DECODE_OK)
	{
		char		out[26];
		size_t		i;

		if (memcmp(id, rid, 16) != 0)
			FAIL("value differs from the reference");
		ulid_encode(id, out);
		for (i = 0; i < 26; i++)
			if (out[i] != alphabet[ref_digit((unsigned char) s[i])])
				FAIL("re-encoding differs at %zu", i);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char digits[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZILOU";
	char		mapped[26];
	uint8_t		id[16],
				back[16];
	char		out[26],
				ref[26];
	size_t		i,
				pos;

	/* 1. raw */
	check_decode((const char *) data, size);

	/* 2. mapped onto digits, aliases and U, either case */
	for (i = 0; i < 26; i++)
	{
		uint8_t		b = i + 1 < size ? data[i + 1] : 0;
		char		c = digits[b % 36];

		if ((b & 0x40) && c >= 'A' && c <= 'Z')
			c = (char) (c - 'A' + 'a');
		if (b == 0xFF)
			c = (char) (size > 0 ? data[size - 1] : 0);	/* sometimes raw */
		mapped[i] = c;
	}
	if (size > 0 && (data[0] & 1))
		mapped[0] = "01234567"[data[0] >> 5];	/* mostly within 128 bits */
	check_decode(mapped, 26);

	/* 3. encode */
	memset(id, 0, 16);
	memcpy(id, data, size < 16 ? size : 16);
	ulid_encode(id, out);
	ref_encode(id, ref);
	if (memcmp(out, ref, 26) != 0)
		FAIL("encoding differs from the reference");
	for (i = 0; i < 26; i++)
		if (out[i] >= 'A' && out[i] <= 'Z')
			out[i] = (char) (out[i] - 'A' + 'a');
	if (ulid_decode(out, 26, back, &pos) != ULID_DECODE_OK || memcmp(back, id, 16) != 0)
		FAIL("lower-case encoding does not decode back");
	return 0;
}
