/*-------------------------------------------------------------------------
 *
 * fuzz_radix32.c
 *	  libFuzzer harness for the radix-32 codec in src/core/radix32.c (the
 *	  text of first-draft SCRU128 IDs).
 *
 * Every input is used three ways:
 *
 *  1. Raw decode: the bytes are either rejected or decode to a value whose
 *     encoding is the uppercased input.  The status, the reported position
 *     of the first bad byte and the value must agree with ref_decode(), an
 *     independent schoolbook decoder (multiply by 32 over a 16-byte array,
 *     with overflow detection); a rejected input must leave the output
 *     untouched.
 *  2. Mapped decode: the first 26 bytes are mapped onto [0-9A-Va-v] so that
 *     most inputs are well-formed and reach the bit assembly and the
 *     overflow check, which raw bytes almost never do; same checks.
 *  3. Encode: the first 16 bytes (zero-padded) are a value; its encoding
 *     must be 26 uppercase digits, equal ref_encode() (repeated division
 *     by 32) and decode back to the value, also when lowercased.
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

#include "radix32.h"
#include "scru128_id.h"

#define FAIL(...) \
	do { \
		fprintf(stderr, "fuzz_radix32: " __VA_ARGS__); \
		fputc('\n', stderr); \
		abort(); \
	} while (0)

static const char ref_digits[] = "0123456789ABCDEFGHIJKLMNOPQRSTUV";

/* ---------- independent reference codec (deliberately naive) ---------- */

static int
ref_digit(unsigned char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'A' && c <= 'V')
		return c - 'A' + 10;
	if (c >= 'a' && c <= 'v')
		return c - 'a' + 10;
	return -1;
}

static radix32_status
ref_decode(const unsigned char *s, size_t len, uint8_t out[16], size_t *bad_pos)
{
	uint8_t		v[16] = {0};
	size_t		i;

	if (len != 26)
		return RADIX32_BAD_LENGTH;
	for (i = 0; i < len; i++)
	{
		if (ref_digit(s[i]) < 0)
		{
			*bad_pos = i;
			return RADIX32_BAD_DIGIT;
		}
	}
	for (i = 0; i < len; i++)
	{
		unsigned	carry = (unsigned) ref_digit(s[i]);
		int			j;

		for (j = 15; j >= 0; j--)
		{
			unsigned	t = v[j] * 32u + carry;

			v[j] = (uint8_t) (t & 0xFF);
			carry = t >> 8;
		}
		if (carry != 0)
			return RADIX32_OVERFLOW;
	}
	memcpy(out, v, 16);
	return RADIX32_OK;
}

static void
ref_encode(const uint8_t id[16], char out[26])
{
	uint8_t		v[16];
	int			k;

	memcpy(v, id, 16);
	for (k = 25; k >= 0; k--)
	{
		unsigned	rem = 0;
		int			j;

		for (j = 0; j < 16; j++)
		{
			unsigned	t = (rem << 8) | v[j];

			v[j] = (uint8_t) (t / 32);
			rem = t % 32;
		}
		out[k] = ref_digits[rem];
	}
	/* 32^26 = 2^130, so 26 digits always exhaust the value */
	for (k = 0; k < 16; k++)
		if (v[k] != 0)
			FAIL("ref_encode: value left after 26 digits");
}

/* ---------- checks ---------- */

static const char *
status_name(radix32_status s)
{
	switch (s)
	{
		case RADIX32_OK:
			return "OK";
		case RADIX32_BAD_LENGTH:
			return "BAD_LENGTH";
		case RADIX32_BAD_DIGIT:
			return "BAD_DIGIT";
		case RADIX32_OVERFLOW:
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
	char		text[26],
				text_ref[26],
				lower[26],
				h[33];
	uint8_t		back[16];
	size_t		bad = 0;
	int			i;

	radix32_encode(id, text);
	ref_encode(id, text_ref);
	hex(id, 16, h);

	for (i = 0; i < 26; i++)
		if (ref_digit((unsigned char) text[i]) < 0 || (text[i] >= 'a' && text[i] <= 'v'))
			FAIL("encode(%s): byte %d is 0x%02x, not an uppercase digit", h, i,
				 (unsigned char) text[i]);
	if (text[0] > '7')
		FAIL("encode(%s) = %.26s starts above 7", h, text);
	if (memcmp(text, text_ref, 26) != 0)
		FAIL("encode(%s) = %.26s, reference says %.26s", h, text, text_ref);

	memset(back, 0xA5, 16);
	if (radix32_decode(text, 26, back, &bad) != RADIX32_OK || memcmp(back, id, 16) != 0)
		FAIL("decode(encode(%s) = %.26s) is not the identity", h, text);

	for (i = 0; i < 26; i++)
		lower[i] = (text[i] >= 'A' && text[i] <= 'Z') ? (char) (text[i] - 'A' + 'a') : text[i];
	memset(back, 0xA5, 16);
	if (radix32_decode(lower, 26, back, &bad) != RADIX32_OK || memcmp(back, id, 16) != 0)
		FAIL("decode(%.26s) (lowercased encoding of %s) is not the identity", lower, h);
}

static void
check_decode(const unsigned char *s, size_t len)
{
	uint8_t		id[16],
				id_ref[16];
	const uint8_t sentinel[16] = {
		0xDE, 0xAD, 0xBE, 0xEF, 0xDE, 0xAD, 0xBE, 0xEF,
		0xDE, 0xAD, 0xBE, 0xEF, 0xDE, 0xAD, 0xBE, 0xEF
	};
	size_t		bad = (size_t) -1,
				bad_ref = (size_t) -1;
	radix32_status st,
				st_ref;

	/*
	 * Decode from an exact-size heap copy so that ASan catches any read
	 * past the given length.
	 */
	char	   *copy = malloc(len ? len : 1);

	if (len)
		memcpy(copy, s, len);

	memcpy(id, sentinel, 16);
	st = radix32_decode(copy, len, id, &bad);
	st_ref = ref_decode(s, len, id_ref, &bad_ref);

	if (st != st_ref)
		FAIL("decode of %zu bytes: status %s, reference says %s", len,
			 status_name(st), status_name(st_ref));
	if (st == RADIX32_BAD_DIGIT && bad != bad_ref)
		FAIL("bad digit at %zu, reference says %zu", bad, bad_ref);
	if (st != RADIX32_OK)
	{
		/* "id is written only on success" */
		if (memcmp(id, sentinel, 16) != 0)
			FAIL("rejected input (%s) wrote to the output", status_name(st));
	}
	else
	{
		char		text[26],
					h[33],
					h_ref[33];
		size_t		i;

		hex(id, 16, h);
		hex(id_ref, 16, h_ref);
		if (memcmp(id, id_ref, 16) != 0)
			FAIL("decode(%.26s) = %s, reference says %s", copy, h, h_ref);

		radix32_encode(id, text);
		for (i = 0; i < 26; i++)
		{
			unsigned char c = s[i];

			if (c >= 'a' && c <= 'z')
				c = (unsigned char) (c - 'a' + 'A');
			if (text[i] != (char) c)
				FAIL("encode(decode(%.26s)) = %.26s, not the uppercased input", copy, text);
		}
		check_encode(id);
	}
	free(copy);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char alphabet[] =
		"0123456789ABCDEFGHIJKLMNOPQRSTUVabcdefghijklmnopqrstuv";
	uint8_t		value[16] = {0};
	unsigned char mapped[26];
	size_t		i,
				n;

	/* 1. raw bytes */
	check_decode(data, size);

	/* 2. bytes mapped onto digits: mostly well-formed 26-digit strings */
	n = size < 26 ? size : 26;
	for (i = 0; i < 26; i++)
		mapped[i] = (unsigned char) alphabet[i < n ? data[i] % 54 : 0];
	/* let the first digit sit near the limit '7' more often */
	if (size > 26 && (data[26] & 1))
		mapped[0] = (unsigned char) "6789"[data[26] % 4];
	check_decode(mapped, 26);

	/* 3. the first 16 bytes as a value */
	memcpy(value, data, size < 16 ? size : 16);
	check_encode(value);
	return 0;
}
