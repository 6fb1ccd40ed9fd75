/*
 * test_radix32.c: unit tests of the radix-32 numeral codec of first-draft
 * (v1) SCRU128 IDs, against the legacy test vectors and against a
 * deliberately naive reference (arithmetic on a 16-byte array).
 *
 * Usage: test_radix32 VECTOR_DIR
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "radix32.h"
#include "scru128_id.h"
#include "tap.h"

#define ROUNDS UNIT_ROUNDS(1000000)

static const char ref_digits[] = "0123456789ABCDEFGHIJKLMNOPQRSTUV";

/* repeated long division of the 16-byte value by 32 */
static void
ref_encode(const uint8_t id[16], char out[26])
{
	uint8_t		v[16];
	int			k;

	memcpy(v, id, 16);
	for (k = 25; k >= 0; k--)
	{
		unsigned int rem = 0;
		int			j;

		for (j = 0; j < 16; j++)
		{
			unsigned int t = (rem << 8) | v[j];

			v[j] = (uint8_t) (t / 32);
			rem = t % 32;
		}
		out[k] = ref_digits[rem];
	}
}

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

/* multiply-by-32 over a byte array, checking each digit first */
static radix32_status
ref_decode(const char *s, size_t len, uint8_t id[16], size_t *bad_pos)
{
	uint8_t		v[16] = {0};
	size_t		i;

	if (len != 26)
		return RADIX32_BAD_LENGTH;
	for (i = 0; i < len; i++)
		if (ref_digit((unsigned char) s[i]) < 0)
		{
			*bad_pos = i;
			return RADIX32_BAD_DIGIT;
		}
	for (i = 0; i < len; i++)
	{
		unsigned int carry = (unsigned int) ref_digit((unsigned char) s[i]);
		int			j;

		for (j = 15; j >= 0; j--)
		{
			unsigned int t = v[j] * 32u + carry;

			v[j] = (uint8_t) (t & 0xFF);
			carry = t >> 8;
		}
		if (carry)
			return RADIX32_OVERFLOW;
	}
	memcpy(id, v, 16);
	return RADIX32_OK;
}

static uint64_t rng_state = UINT64_C(0x2545F4914F6CDD1D);

static uint64_t
splitmix64(void)
{
	uint64_t	z = (rng_state += UINT64_C(0x9E3779B97F4A7C15));

	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

static int
hexval(char c)
{
	return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
}

static size_t
unhex(const char *hex, uint8_t *out, size_t max)
{
	size_t		n = 0;

	while (hex[0] && hex[1] && n < max)
	{
		out[n++] = (uint8_t) (hexval(hex[0]) * 16 + hexval(hex[1]));
		hex += 2;
	}
	return n;
}

/* the vectors write a space as \x20; no other escape occurs */
static size_t
unescape(const char *in, char *out, size_t max)
{
	size_t		n = 0;

	while (*in && n < max)
	{
		if (in[0] == '\\' && in[1] == 'x' && in[2] && in[3])
		{
			out[n++] = (char) (hexval(in[2]) * 16 + hexval(in[3]));
			in += 4;
		}
		else
			out[n++] = *in++;
	}
	return n;
}

static int
split_tsv(char *line, char **fields, int max)
{
	int			n = 0;

	line[strcspn(line, "\r\n")] = '\0';
	fields[n++] = line;
	while (n < max && (line = strchr(line, '\t')) != NULL)
	{
		*line++ = '\0';
		fields[n++] = line;
	}
	return n;
}

static void
upper26(const char *in, char *out)
{
	int			i;

	for (i = 0; i < 26; i++)
		out[i] = (in[i] >= 'a' && in[i] <= 'z') ? (char) (in[i] - 'a' + 'A') : in[i];
	out[26] = '\0';
}

static void
test_vectors(const char *dir)
{
	char		path[4096],
				line[4096];
	FILE	   *f;
	int			valid = 0,
				invalid = 0;

	snprintf(path, sizeof(path), "%s/%s", dir, "scru128_v1_legacy_vectors.tsv");
	f = fopen(path, "r");
	if (!f)
	{
		perror(path);
		exit(2);
	}
	while (fgets(line, sizeof(line), f))
	{
		char	   *fl[9];
		char		text[128];
		size_t		len;

		if (line[0] == '#' || strncmp(line, "text\t", 5) == 0)
			continue;
		if (split_tsv(line, fl, 9) < 7)
			continue;
		len = unescape(fl[0], text, sizeof(text) - 1);
		text[len] = '\0';

		if (strcmp(fl[6], "valid") == 0)
		{
			uint8_t		expect[16],
						got[16];
			char		enc[27] = {0},
						up[27];
			uint64_t	hi,
						lo;

			valid++;
			unhex(fl[5], expect, 16);
			ok(radix32_decode(text, len, got, NULL) == RADIX32_OK &&
			   memcmp(got, expect, 16) == 0, "decode %s", text);
			radix32_encode(expect, enc);
			upper26(text, up);
			ok(strcmp(enc, up) == 0, "encode %s -> %s (got %s)", fl[5], up, enc);
			/* the fields of the spec are bit ranges of this value */
			hi = be64_load(expect);
			lo = be64_load(expect + 8);
			ok((hi >> 20) == strtoull(fl[1], NULL, 10) &&
			   (((hi & 0xFFFFF) << 8) | (lo >> 56)) == strtoull(fl[2], NULL, 10) &&
			   ((lo >> 32) & 0xFFFFFF) == strtoull(fl[3], NULL, 10) &&
			   (lo & 0xFFFFFFFF) == strtoull(fl[4], NULL, 10),
			   "fields of %s", text);
		}
		else
		{
			uint8_t		got[16],
						ref[16];
			size_t		pos = (size_t) -1,
						ref_pos = (size_t) -2;
			radix32_status st,
						rst;

			invalid++;
			memset(got, 0xA5, 16);
			st = radix32_decode(text, len, got, &pos);
			rst = ref_decode(text, len, ref, &ref_pos);
			ok(st != RADIX32_OK && st == rst &&
			   (st != RADIX32_BAD_DIGIT || pos == ref_pos),
			   "reject \"%s\": status %d (reference %d), position %zu", fl[0],
			   (int) st, (int) rst, pos);
		}
	}
	fclose(f);
	ok(valid == 19 && invalid == 14, "read %d valid and %d invalid vectors", valid, invalid);
}

static void
test_specific(void)
{
	uint8_t		v[16],
				got[16];
	char		text[27] = {0};
	size_t		pos = 0;
	int			k,
				d,
				bad = 0;

	memset(v, 0, 16);
	radix32_encode(v, text);
	ok(strcmp(text, "00000000000000000000000000") == 0, "zero encodes to 26 zeros");
	memset(v, 0xFF, 16);
	radix32_encode(v, text);
	ok(strcmp(text, "7VVVVVVVVVVVVVVVVVVVVVVVVV") == 0, "2^128-1 encodes to the maximum");
	ok(radix32_decode("7vvvvvvvvvvvvvvvvvvvvvvvvv", 26, got, NULL) == RADIX32_OK &&
	   memcmp(got, v, 16) == 0, "maximum decodes, lowercase");
	ok(radix32_decode("80000000000000000000000000", 26, got, NULL) == RADIX32_OVERFLOW,
	   "maximum + 1 overflows");
	ok(radix32_decode("V0000000000000000000000000", 26, got, NULL) == RADIX32_OVERFLOW,
	   "first digit V overflows");
	ok(radix32_decode("00SCT4FL89WQPRVN44C41RGVMM", 26, got, &pos) == RADIX32_BAD_DIGIT &&
	   pos == 10, "W is not a digit, at byte 10 (got %zu)", pos);
	ok(radix32_decode("W0000000000000000000000000", 26, got, &pos) == RADIX32_BAD_DIGIT &&
	   pos == 0, "a bad digit is reported before overflow");
	ok(radix32_decode("0000000000000000000000000", 25, got, NULL) == RADIX32_BAD_LENGTH,
	   "25 digits rejected");
	ok(radix32_decode("000000000000000000000000000", 27, got, NULL) == RADIX32_BAD_LENGTH,
	   "27 digits rejected");
	ok(radix32_decode("", 0, got, NULL) == RADIX32_BAD_LENGTH, "empty rejected");
	ok(radix32_decode("0000000000000000000000000\0", 26, got, &pos) == RADIX32_BAD_DIGIT &&
	   pos == 25, "an embedded NUL is a bad digit");

	/* every digit value at every position, alone */
	for (k = 0; k < 26; k++)
	{
		for (d = 1; d < 32; d++)
		{
			char		s[27],
						ref_text[27] = {0};
			uint8_t		ref[16];
			radix32_status st,
						rst;
			size_t		p1 = 0,
						p2 = 0;

			memset(s, '0', 26);
			s[26] = '\0';
			s[k] = ref_digits[d];
			st = radix32_decode(s, 26, got, &p1);
			rst = ref_decode(s, 26, ref, &p2);
			if (st != rst)
				bad++;
			else if (st == RADIX32_OK)
			{
				radix32_encode(got, text);
				ref_encode(ref, ref_text);
				if (memcmp(got, ref, 16) != 0 || strcmp(text, s) != 0 ||
					strcmp(ref_text, s) != 0)
					bad++;
			}
			else if (k != 0 || d <= 7)
				bad++;			/* only a first digit above 7 may fail */
		}
	}
	ok(bad == 0, "each digit value at each position: %d mismatches", bad);

	/* every single bit, and 2^k - 1 */
	bad = 0;
	for (k = 0; k < 128; k++)
	{
		char		ref_text[27] = {0};
		int			j;

		for (j = 0; j < 2; j++)
		{
			int			b;

			memset(v, 0, 16);
			if (j == 0)
				v[15 - k / 8] = (uint8_t) (1u << (k % 8));
			else
				for (b = 0; b < k; b++)
					v[15 - b / 8] |= (uint8_t) (1u << (b % 8));
			radix32_encode(v, text);
			ref_encode(v, ref_text);
			if (strcmp(text, ref_text) != 0 ||
				radix32_decode(text, 26, got, NULL) != RADIX32_OK ||
				memcmp(got, v, 16) != 0)
				bad++;
		}
	}
	ok(bad == 0, "2^k and 2^k - 1 for k < 128: %d mismatches", bad);
}

static void
test_random_round_trips(void)
{
	int			i,
				bad_enc = 0,
				bad_dec = 0,
				bad_order = 0;
	uint8_t		prev[16] = {0};
	char		prev_text[27] = "00000000000000000000000000";

	for (i = 0; i < ROUNDS; i++)
	{
		uint8_t		v[16],
					got[16];
		char		text[27] = {0},
					ref[27] = {0},
					lower[26];
		int			j,
					c;

		be64_store(v, splitmix64());
		be64_store(v + 8, splitmix64());
		/* a quarter of the values are small, to cover leading zeros */
		if ((i & 3) == 0)
			memset(v, 0, (size_t) (splitmix64() % 17));
		radix32_encode(v, text);
		ref_encode(v, ref);
		if (strcmp(text, ref) != 0)
			bad_enc++;
		for (j = 0; j < 26; j++)
			lower[j] = (text[j] >= 'A' && text[j] <= 'Z') ? (char) (text[j] | 0x20) : text[j];
		if (radix32_decode(text, 26, got, NULL) != RADIX32_OK || memcmp(got, v, 16) != 0 ||
			radix32_decode(lower, 26, got, NULL) != RADIX32_OK || memcmp(got, v, 16) != 0)
			bad_dec++;
		/* byte order and text order agree with the previous value */
		c = memcmp(prev, v, 16);
		j = strcmp(prev_text, text);
		if ((c < 0) != (j < 0) || (c == 0) != (j == 0))
			bad_order++;
		memcpy(prev, v, 16);
		memcpy(prev_text, text, 27);
	}
	ok(bad_enc == 0, "%d random values encode like the reference: %d mismatches",
	   ROUNDS, bad_enc);
	ok(bad_dec == 0, "%d random values round-trip, upper and lower case: %d mismatches",
	   ROUNDS, bad_dec);
	ok(bad_order == 0, "text order is value order on %d pairs: %d mismatches",
	   ROUNDS, bad_order);
}

static void
test_random_strings(void)
{
	static const char alphabet[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVabcdefghijklmnopqrstuv";
	int			i,
				bad = 0,
				accepted = 0,
				overflow = 0,
				bad_digit = 0;

	for (i = 0; i < ROUNDS; i++)
	{
		char		s[26];
		uint8_t		got[16],
					ref[16];
		size_t		pos = (size_t) -1,
					ref_pos = (size_t) -2;
		radix32_status st,
					rst;
		int			j;

		for (j = 0; j < 26; j++)
			s[j] = alphabet[splitmix64() % 54];
		/* half the first digits in range, so that many strings are valid */
		if (i & 1)
			s[0] = (char) ('0' + splitmix64() % 8);
		/* one in eight strings carries one arbitrary byte */
		if ((i & 7) == 0)
			s[splitmix64() % 26] = (char) (splitmix64() & 0xFF);
		memset(got, 0x5A, 16);
		st = radix32_decode(s, 26, got, &pos);
		rst = ref_decode(s, 26, ref, &ref_pos);
		if (st != rst ||
			(st == RADIX32_OK && memcmp(got, ref, 16) != 0) ||
			(st == RADIX32_BAD_DIGIT && pos != ref_pos))
			bad++;
		if (st != RADIX32_OK)
		{
			/* the output is written only on success */
			for (j = 0; j < 16; j++)
				if (got[j] != 0x5A)
				{
					bad++;
					break;
				}
		}
		accepted += (st == RADIX32_OK);
		overflow += (st == RADIX32_OVERFLOW);
		bad_digit += (st == RADIX32_BAD_DIGIT);
	}
	ok(bad == 0 && accepted > 0 && overflow > 0 && bad_digit > 0,
	   "%d random strings decode like the reference (%d accepted, %d overflow, %d bad digit): %d mismatches",
	   ROUNDS, accepted, overflow, bad_digit, bad);
}

int
main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : "../vectors";

	test_vectors(dir);
	test_specific();
	test_random_round_trips();
	test_random_strings();
	return tap_done();
}
