/*-------------------------------------------------------------------------
 *
 * fuzz_base32hex.c
 *	  libFuzzer harness for the base32hex/hex codec in src/core/base32hex.c.
 *
 * Every input is used three ways:
 *
 *  1. Raw decode: the bytes are either rejected or decode to a value whose
 *     encoding (base32hex for 32 bytes, hex for 40) is the input in
 *     canonical case.  Status, the position of the first bad byte and the
 *     value must agree with ref_decode(), a bit-at-a-time decoder.
 *  2. Mapped decode: the first 32 or 40 bytes (by the input's first byte)
 *     are mapped onto the digits of the form, in either case, with an
 *     occasional byte left raw, so most inputs are well-formed; same checks.
 *  3. Encode: the first 20 bytes (zero-padded) are a value; both encodings
 *     must equal the reference and decode back, also in the other case.
 *
 * Any disagreement calls abort(), which libFuzzer reports as a crash.
 *
 *-------------------------------------------------------------------------
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base32hex.h"

#define FAIL(...) \
	do { \
		fprintf(stderr, "fuzz_base32hex: " __VA_ARGS__); \
		fputc('\n', stderr); \
		abort(); \
	} while (0)

static const char alphabet[] = "0123456789ABCDEFGHIJKLMNOPQRSTUV";

static int
ref_digit(unsigned char c, int radix)
{
	int			i;

	if (c >= 'a' && c <= 'z')
		c = (unsigned char) (c - 'a' + 'A');
	for (i = 0; i < radix; i++)
		if (alphabet[i] == c)
			return i;
	return -1;
}

static base32hex_status
ref_decode(const char *s, size_t len, uint8_t id[20], size_t *bad_pos)
{
	int			bits,
				radix,
				b;
	size_t		c;

	if (len == 32)
		bits = 5, radix = 32;
	else if (len == 40)
		bits = 4, radix = 16;
	else
		return BASE32HEX_BAD_LENGTH;
	memset(id, 0, 20);
	for (c = 0; c < len; c++)
	{
		int			v = ref_digit((unsigned char) s[c], radix);

		if (v < 0)
		{
			*bad_pos = c;
			return radix == 32 ? BASE32HEX_BAD_DIGIT : BASE32HEX_BAD_HEX_DIGIT;
		}
		for (b = 0; b < bits; b++)
		{
			int			bit = (int) c * bits + b;

			if ((v >> (bits - 1 - b)) & 1)
				id[bit / 8] |= (uint8_t) (0x80 >> (bit % 8));
		}
	}
	return BASE32HEX_OK;
}

static void
ref_encode(const uint8_t id[20], char *out, int bits)
{
	int			n = 160 / bits,
				c,
				b;

	for (c = 0; c < n; c++)
	{
		int			v = 0;

		for (b = 0; b < bits; b++)
		{
			int			bit = c * bits + b;

			v = v * 2 + ((id[bit / 8] >> (7 - bit % 8)) & 1);
		}
		out[c] = bits == 5 ? alphabet[v] : "0123456789abcdef"[v];
	}
}

static void
check_decode(const char *s, size_t len)
{
	uint8_t		id[20],
				rid[20];
	size_t		pos = (size_t) -1,
				rpos = (size_t) -2;
	base32hex_status st = base32hex_decode(s, len, id, &pos);
	base32hex_status rst = ref_decode(s, len, rid, &rpos);

	if (st != rst)
		FAIL("status %d, reference %d (len %zu)", st, rst, len);
	if (st == BASE32HEX_BAD_DIGIT || st == BASE32HEX_BAD_HEX_DIGIT)
	{
		if (pos != rpos)
			FAIL("bad position %zu, reference %zu", pos, rpos);
		if (pos >= len)
			FAIL("bad position %zu outside the input", pos);
	}
	if (st == BASE32HEX_OK)
	{
		char		out[40];
		size_t		i;

		if (memcmp(id, rid, 20) != 0)
			FAIL("value differs from the reference");
		if (len == 32)
			base32hex_encode(id, out);
		else
			base32hex_encode_hex(id, out);
		for (i = 0; i < len; i++)
		{
			char		c = s[i];

			if (len == 32 && c >= 'a' && c <= 'z')
				c = (char) (c - 'a' + 'A');
			if (len == 40 && c >= 'A' && c <= 'Z')
				c = (char) (c - 'A' + 'a');
			if (out[i] != c)
				FAIL("re-encoding differs at %zu", i);
		}
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char		mapped[40];
	uint8_t		id[20],
				back[20];
	char		out[40],
				ref[40];
	size_t		len,
				i,
				pos;

	/* 1. raw */
	check_decode((const char *) data, size);

	/* 2. mapped onto the digits of the form chosen by the first byte */
	len = size > 0 && (data[0] & 1) ? 40 : 32;
	for (i = 0; i < len; i++)
	{
		uint8_t		b = i + 1 < size ? data[i + 1] : 0;
		char		c = len == 32 ? alphabet[b & 31] : "0123456789ABCDEF"[b & 15];

		if ((b & 0x40) && c >= 'A' && c <= 'Z')
			c = (char) (c - 'A' + 'a');
		if (b == 0xFF)
			c = (char) (size > 0 ? data[size - 1] : 0);	/* sometimes raw */
		mapped[i] = c;
	}
	check_decode(mapped, len);

	/* 3. encode */
	memset(id, 0, 20);
	memcpy(id, data, size < 20 ? size : 20);
	base32hex_encode(id, out);
	ref_encode(id, ref, 5);
	if (memcmp(out, ref, 32) != 0)
		FAIL("base32hex encoding differs from the reference");
	for (i = 0; i < 32; i++)
		if (out[i] >= 'A' && out[i] <= 'Z')
			out[i] = (char) (out[i] - 'A' + 'a');
	if (base32hex_decode(out, 32, back, &pos) != BASE32HEX_OK || memcmp(back, id, 20) != 0)
		FAIL("lowercase base32hex does not decode back");
	base32hex_encode_hex(id, out);
	ref_encode(id, ref, 4);
	if (memcmp(out, ref, 40) != 0)
		FAIL("hex encoding differs from the reference");
	for (i = 0; i < 40; i++)
		if (out[i] >= 'a' && out[i] <= 'z')
			out[i] = (char) (out[i] - 'a' + 'A');
	if (base32hex_decode(out, 40, back, &pos) != BASE32HEX_OK || memcmp(back, id, 20) != 0)
		FAIL("uppercase hex does not decode back");
	return 0;
}
