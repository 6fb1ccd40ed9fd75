/*-------------------------------------------------------------------------
 *
 * fuzz_base36.c
 *	  libFuzzer harness for the Base36 codec in src/core/base36.c.
 *
 * Every input is used four ways:
 *
 *  1. Raw decode: the bytes are either rejected or decode to a value whose
 *     encoding is the lowercased input.  The status, the reported position
 *     of the first bad byte and the value must agree with ref_decode(), an
 *     independent schoolbook decoder (multiply by 36 over a 16-byte array,
 *     with overflow detection), and with the portable (no __int128) build
 *     of the same codec.
 *  2. Mapped decode: the first 25 bytes are mapped onto [0-9a-zA-Z] so
 *     that most inputs are well-formed and reach the arithmetic and the
 *     overflow check, which raw bytes almost never do; same checks.
 *  3. Encode: the first 16 bytes (zero-padded) are a value; its encoding
 *     must be 25 lowercase digits, equal ref_encode() (repeated division
 *     by 36) and the portable build, and decode back to the value, also
 *     when uppercased.
 *  4. Near the top: the value 2^128 - 1 - (first 16 bytes, shifted right
 *     by a byte count taken from the input), which keeps values close to
 *     the overflow boundary in play for 1. and 3.
 *
 * Any disagreement calls abort(), which libFuzzer reports as a crash with
 * the input saved.  Build with clang -fsanitize=fuzzer,address,undefined
 * (see the Makefile).
 *
 *-------------------------------------------------------------------------
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base36.h"
#include "scru128_id.h"

/* the same codec compiled with -DBASE36_PORTABLE and renamed symbols */
extern void base36_encode_portable(const uint8_t id[16], char out[25]);
extern base36_status base36_decode_portable(const char *text, size_t len,
											uint8_t id[16], size_t *bad_pos);

#define FAIL(...) \
	do { \
		fprintf(stderr, "fuzz_base36: " __VA_ARGS__); \
		fputc('\n', stderr); \
		abort(); \
	} while (0)

/* ---------- independent reference codec (deliberately naive) ---------- */

static int
ref_digit(unsigned char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'Z')
		return c - 'A' + 10;
	return -1;
}

static base36_status
ref_decode(const unsigned char *s, size_t len, uint8_t out[16], size_t *bad_pos)
{
	uint8_t		v[16] = {0};
	size_t		i;

	if (len != 25)
		return BASE36_BAD_LENGTH;
	for (i = 0; i < len; i++)
	{
		if (ref_digit(s[i]) < 0)
		{
			*bad_pos = i;
			return BASE36_BAD_DIGIT;
		}
	}
	for (i = 0; i < len; i++)
	{
		unsigned	carry = (unsigned) ref_digit(s[i]);
		int			j;

		for (j = 15; j >= 0; j--)
		{
			unsigned	t = v[j] * 36u + carry;

			v[j] = (uint8_t) (t & 0xFF);
			carry = t >> 8;
		}
		if (carry != 0)
			return BASE36_OVERFLOW;
	}
	memcpy(out, v, 16);
	return BASE36_OK;
}

static void
ref_encode(const uint8_t id[16], char out[25])
{
	static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
	uint8_t		v[16];
	int			k;

	memcpy(v, id, 16);
	for (k = 24; k >= 0; k--)
	{
		unsigned	rem = 0;
		int			j;

		for (j = 0; j < 16; j++)
		{
			unsigned	t = (rem << 8) | v[j];

			v[j] = (uint8_t) (t / 36);
			rem = t % 36;
		}
		out[k] = digits[rem];
	}
	/* 36^25 > 2^128, so 25 digits always exhaust the value */
	for (k = 0; k < 16; k++)
		if (v[k] != 0)
			FAIL("ref_encode: value left after 25 digits");
}

/* ---------- checks ---------- */

static const char *
status_name(base36_status s)
{
	switch (s)
	{
		case BASE36_OK:
			return "OK";
		case BASE36_BAD_LENGTH:
			return "BAD_LENGTH";
		case BASE36_BAD_DIGIT:
			return "BAD_DIGIT";
		case BASE36_OVERFLOW:
			return "OVERFLOW";
	}
	return "?";
}

static void
hex(const uint8_t *p, size_t n, char *buf)
{
	size_t		i;

	for (i = 0; i < n; i++)
		sprintf(buf + 2 * i, "%02x", p[i]);
}

static void
check_encode(const uint8_t id[16])
{
	char		text[25],
				text_p[25],
				text_ref[25],
				upper[25],
				h[33];
	uint8_t		back[16];
	size_t		bad = 0;
	int			i;

	base36_encode(id, text);
	base36_encode_portable(id, text_p);
	ref_encode(id, text_ref);
	hex(id, 16, h);

	for (i = 0; i < 25; i++)
		if (!((text[i] >= '0' && text[i] <= '9') || (text[i] >= 'a' && text[i] <= 'z')))
			FAIL("encode(%s): byte %d is 0x%02x, not a lowercase digit", h, i,
				 (unsigned char) text[i]);
	if (memcmp(text, text_ref, 25) != 0)
		FAIL("encode(%s) = %.25s, reference says %.25s", h, text, text_ref);
	if (memcmp(text, text_p, 25) != 0)
		FAIL("encode(%s) = %.25s, portable build says %.25s", h, text, text_p);

	memset(back, 0xA5, 16);
	if (base36_decode(text, 25, back, &bad) != BASE36_OK || memcmp(back, id, 16) != 0)
		FAIL("decode(encode(%s) = %.25s) is not the identity", h, text);
	memset(back, 0x5A, 16);
	if (base36_decode_portable(text, 25, back, &bad) != BASE36_OK ||
		memcmp(back, id, 16) != 0)
		FAIL("portable decode(encode(%s) = %.25s) is not the identity", h, text);

	for (i = 0; i < 25; i++)
		upper[i] = (text[i] >= 'a' && text[i] <= 'z') ? (char) (text[i] - 'a' + 'A') : text[i];
	memset(back, 0xA5, 16);
	if (base36_decode(upper, 25, back, &bad) != BASE36_OK || memcmp(back, id, 16) != 0)
		FAIL("decode(%.25s) (uppercased encoding of %s) is not the identity", upper, h);
}

static void
check_decode(const unsigned char *s, size_t len)
{
	uint8_t		id[16],
				id_p[16],
				id_ref[16];
	const uint8_t sentinel[16] = {
		0xDE, 0xAD, 0xBE, 0xEF, 0xDE, 0xAD, 0xBE, 0xEF,
		0xDE, 0xAD, 0xBE, 0xEF, 0xDE, 0xAD, 0xBE, 0xEF
	};
	size_t		bad = (size_t) -1,
				bad_p = (size_t) -1,
				bad_ref = (size_t) -1;
	base36_status st,
				st_p,
				st_ref;

	/*
	 * Decode from an exact-size heap copy so that ASan catches any read
	 * past the given length.
	 */
	char	   *copy = malloc(len ? len : 1);

	if (len)
		memcpy(copy, s, len);

	memcpy(id, sentinel, 16);
	memcpy(id_p, sentinel, 16);
	st = base36_decode(copy, len, id, &bad);
	st_p = base36_decode_portable(copy, len, id_p, &bad_p);
	st_ref = ref_decode(s, len, id_ref, &bad_ref);

	if (st != st_ref)
		FAIL("decode of %zu bytes: status %s, reference says %s", len,
			 status_name(st), status_name(st_ref));
	if (st_p != st)
		FAIL("decode of %zu bytes: status %s, portable build says %s", len,
			 status_name(st), status_name(st_p));
	if (st == BASE36_BAD_DIGIT && (bad != bad_ref || bad_p != bad_ref))
		FAIL("bad digit at %zu, reference says %zu, portable says %zu",
			 bad, bad_ref, bad_p);
	if (st != BASE36_OK)
	{
		/* "id is written only on success" */
		if (memcmp(id, sentinel, 16) != 0 || memcmp(id_p, sentinel, 16) != 0)
			FAIL("rejected input (%s) wrote to the output", status_name(st));
	}
	else
	{
		char		text[25],
					h[33],
					h_ref[33];
		size_t		i;

		hex(id, 16, h);
		hex(id_ref, 16, h_ref);
		if (memcmp(id, id_ref, 16) != 0)
			FAIL("decode(%.25s) = %s, reference says %s", copy, h, h_ref);
		if (memcmp(id_p, id_ref, 16) != 0)
			FAIL("portable decode(%.25s) differs from the reference %s", copy, h_ref);

		base36_encode(id, text);
		for (i = 0; i < 25; i++)
		{
			unsigned char c = s[i];

			if (c >= 'A' && c <= 'Z')
				c = (unsigned char) (c - 'A' + 'a');
			if (text[i] != (char) c)
				FAIL("encode(decode(%.25s)) = %.25s, not the lowercased input", copy, text);
		}
		check_encode(id);
	}
	free(copy);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char alphabet[] =
		"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
	uint8_t		value[16] = {0};
	unsigned char mapped[25];
	size_t		i,
				n;

	/* 1. raw bytes */
	check_decode(data, size);

	/* 2. bytes mapped onto digits: mostly well-formed 25-digit strings */
	n = size < 25 ? size : 25;
	for (i = 0; i < 25; i++)
		mapped[i] = (unsigned char) alphabet[i < n ? data[i] % 62 : 0];
	/* let the first digit sit near the limit 'f' (15) more often */
	if (size > 25 && (data[25] & 1))
		mapped[0] = (unsigned char) alphabet[14 + data[25] % 3];
	check_decode(mapped, 25);

	/* 3. the first 16 bytes as a value */
	memcpy(value, data, size < 16 ? size : 16);
	check_encode(value);

	/* 4. values just below 2^128 */
	{
		uint8_t		top[16];
		unsigned	shift = size > 16 ? data[16] % 16 : 8;

		memset(top, 0, 16);
		memcpy(top + shift, value, 16 - shift);
		for (i = 0; i < 16; i++)
			top[i] = (uint8_t) ~top[i];
		check_encode(top);
	}
	return 0;
}
