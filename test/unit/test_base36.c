/*
 * test_base36.c: unit tests of the Base36 codec against the test vectors
 * and against a deliberately naive reference implementation.
 *
 * Usage: test_base36 VECTOR_DIR
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base36.h"
#include "scru128_id.h"
#include "tap.h"

#define ROUNDS UNIT_ROUNDS(1000000)

static const char ref_digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";

/* the spec's textbook algorithm: a 16x25 digit loop */
static void
ref_encode(const uint8_t id[16], char out[25])
{
	uint8_t		dv[25] = {0};
	int			i,
				j;

	for (i = 0; i < 16; i++)
	{
		unsigned int carry = id[i];

		for (j = 24; j >= 0; j--)
		{
			carry += dv[j] * 256u;
			dv[j] = carry % 36;
			carry /= 36;
		}
	}
	for (i = 0; i < 25; i++)
		out[i] = ref_digits[dv[i]];
}

/* multiply-by-36 over a byte array; 0 ok, 1 length, 2 digit, 3 overflow */
static int
ref_decode(const char *s, size_t len, uint8_t id[16])
{
	uint8_t		v[16] = {0};
	size_t		i;
	int			j;

	if (len != 25)
		return 1;
	for (i = 0; i < len; i++)
	{
		unsigned int d,
					carry;
		char		c = s[i];

		if (c >= '0' && c <= '9')
			d = c - '0';
		else if (c >= 'a' && c <= 'z')
			d = c - 'a' + 10;
		else if (c >= 'A' && c <= 'Z')
			d = c - 'A' + 10;
		else
			return 2;
		carry = d;
		for (j = 15; j >= 0; j--)
		{
			carry += v[j] * 36u;
			v[j] = carry & 0xFF;
			carry >>= 8;
		}
		if (carry)
			return 3;
	}
	memcpy(id, v, 16);
	return 0;
}

static uint64_t rng_state = UINT64_C(0x9E3779B97F4A7C15);

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

/* splits a TSV line in place; returns the number of fields */
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

static FILE *
open_vectors(const char *dir, const char *name)
{
	char		path[4096];
	FILE	   *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "r");
	if (!f)
	{
		perror(path);
		exit(2);
	}
	return f;
}

static void
test_valid_vectors(const char *dir)
{
	FILE	   *f = open_vectors(dir, "scru128_vectors.tsv");
	char		line[4096];
	int			rows = 0;

	while (fgets(line, sizeof(line), f))
	{
		char	   *fl[9];
		uint8_t		expect[16],
					got[16],
					packed[16];
		char		text[26] = {0};

		if (line[0] == '#' || strncmp(line, "text\t", 5) == 0)
			continue;
		if (split_tsv(line, fl, 9) < 7)
			continue;
		rows++;
		unhex(fl[5], expect, 16);
		ok(base36_decode(fl[0], strlen(fl[0]), got, NULL) == BASE36_OK &&
		   memcmp(got, expect, 16) == 0, "decode %s", fl[0]);
		base36_encode(expect, text);
		ok(strcmp(text, fl[6]) == 0, "encode %s -> %s (got %s)", fl[5], fl[6], text);
		scru128_from_fields(packed, strtoull(fl[1], NULL, 10),
							(uint32_t) strtoul(fl[2], NULL, 10),
							(uint32_t) strtoul(fl[3], NULL, 10),
							(uint32_t) strtoul(fl[4], NULL, 10));
		ok(memcmp(packed, expect, 16) == 0 &&
		   scru128_get_timestamp(expect) == strtoull(fl[1], NULL, 10) &&
		   scru128_get_counter_hi(expect) == strtoul(fl[2], NULL, 10) &&
		   scru128_get_counter_lo(expect) == strtoul(fl[3], NULL, 10) &&
		   scru128_get_entropy(expect) == strtoul(fl[4], NULL, 10),
		   "fields of %s", fl[0]);
	}
	fclose(f);
	ok(rows >= 20, "read %d valid vectors", rows);
}

static void
test_invalid_vectors(const char *dir)
{
	FILE	   *f = open_vectors(dir, "scru128_invalid.tsv");
	char		line[4096];
	int			rows = 0;

	while (fgets(line, sizeof(line), f))
	{
		char	   *fl[6];
		uint8_t		bytes[64],
					got[16];
		size_t		n,
					pos = (size_t) -1;
		base36_status st,
					want;

		if (line[0] == '#' || strncmp(line, "text_escaped\t", 13) == 0)
			continue;
		if (split_tsv(line, fl, 6) < 5)
			continue;
		rows++;
		n = unhex(fl[1], bytes, sizeof(bytes));
		st = base36_decode((const char *) bytes, n, got, &pos);
		if (strncmp(fl[4], "InvalidLength", 13) == 0 || strstr(fl[4], "length"))
			want = BASE36_BAD_LENGTH;
		else if (strncmp(fl[4], "OutOfU128Range", 14) == 0 || strstr(fl[4], "range"))
			want = BASE36_OVERFLOW;
		else
			want = BASE36_BAD_DIGIT;
		ok(st == want, "reject \"%s\" (%s): status %d", fl[0], fl[4], (int) st);
		/* Rust reports the byte offset of the bad character */
		if (want == BASE36_BAD_DIGIT && strncmp(fl[4], "InvalidDigit", 12) == 0)
		{
			size_t		expect_pos = (size_t) strtoul(strrchr(fl[4], ',') + 1, NULL, 10);

			ok(pos == expect_pos, "bad digit of \"%s\" at byte %zu (got %zu)",
			   fl[0], expect_pos, pos);
		}
	}
	fclose(f);
	ok(rows >= 25, "read %d invalid vectors", rows);
}

static void
test_boundaries(void)
{
	uint8_t		v[16],
				got[16];
	char		text[26] = {0},
				ref[26] = {0};
	int			bit,
				bad = 0;

	memset(v, 0, 16);
	base36_encode(v, text);
	ok(strcmp(text, "0000000000000000000000000") == 0, "zero encodes to 25 zeros");
	memset(v, 0xFF, 16);
	base36_encode(v, text);
	ok(strcmp(text, "f5lxx1zz5pnorynqglhzmsp33") == 0, "2^128-1 encodes to the maximum");
	ok(base36_decode("F5LXX1ZZ5PNORYNQGLHZMSP33", 25, got, NULL) == BASE36_OK &&
	   memcmp(got, v, 16) == 0, "maximum decodes, uppercase");
	ok(base36_decode("f5lxx1zz5pnorynqglhzmsp34", 25, got, NULL) == BASE36_OVERFLOW,
	   "maximum + 1 overflows");
	ok(base36_decode("f5lxx1zz5pnorynqglhzmsq00", 25, got, NULL) == BASE36_OVERFLOW,
	   "overflow in the last chunk");
	ok(base36_decode("f5lxx1zz5pnosynqglhzmsp33", 25, got, NULL) == BASE36_OVERFLOW,
	   "overflow in the middle chunk");
	ok(base36_decode("g000000000000000000000000", 25, got, NULL) == BASE36_OVERFLOW,
	   "overflow in the first digit");
	ok(base36_decode("f5lxx1zz5pnoryzzzzzzzzzzz", 25, got, NULL) == BASE36_OVERFLOW,
	   "overflow with a large last chunk");
	ok(base36_decode("f5lxx1zz5pnorynqglhzmsp3", 24, got, NULL) == BASE36_BAD_LENGTH,
	   "24 digits rejected");

	/* every power of two and its neighbours, around the chunk boundaries */
	for (bit = 0; bit < 128; bit++)
	{
		int			d;

		for (d = -1; d <= 1; d++)
		{
			uint64_t	hi = bit >= 64 ? UINT64_C(1) << (bit - 64) : 0;
			uint64_t	lo = bit < 64 ? UINT64_C(1) << bit : 0;

			if (d == -1)
			{
				hi -= (lo == 0);
				lo -= 1;
			}
			else if (d == 1)
			{
				lo += 1;
				hi += (lo == 0);
			}
			be64_store(v, hi);
			be64_store(v + 8, lo);
			base36_encode(v, text);
			ref_encode(v, ref);
			if (strcmp(text, ref) != 0 ||
				base36_decode(text, 25, got, NULL) != BASE36_OK ||
				memcmp(got, v, 16) != 0)
				bad++;
		}
	}
	ok(bad == 0, "2^k-1, 2^k, 2^k+1 for k < 128: %d mismatches", bad);
}

static void
test_random_round_trips(void)
{
	int			i,
				bad_enc = 0,
				bad_dec = 0;

	for (i = 0; i < ROUNDS; i++)
	{
		uint8_t		v[16],
					got[16];
		char		text[26] = {0},
					ref[26] = {0};
		int			zero_bytes = (int) (splitmix64() % 17);

		be64_store(v, splitmix64());
		be64_store(v + 8, splitmix64());
		/* a quarter of the values are small, to cover leading zeros */
		if ((i & 3) == 0)
			memset(v, 0, zero_bytes);
		base36_encode(v, text);
		ref_encode(v, ref);
		if (strcmp(text, ref) != 0)
			bad_enc++;
		if (base36_decode(text, 25, got, NULL) != BASE36_OK || memcmp(got, v, 16) != 0)
			bad_dec++;
	}
	ok(bad_enc == 0, "%d random values encode like the reference: %d mismatches",
	   ROUNDS, bad_enc);
	ok(bad_dec == 0, "%d random values round-trip: %d mismatches", ROUNDS, bad_dec);
}

static void
test_random_strings(void)
{
	static const char alphabet[] =
		"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
	int			i,
				bad = 0,
				accepted = 0;

	for (i = 0; i < ROUNDS; i++)
	{
		char		s[25];
		uint8_t		got[16],
					ref[16];
		int			j,
					st,
					rst;

		for (j = 0; j < 25; j++)
			s[j] = alphabet[splitmix64() % 62];
		/* keep most first digits in range so values near the top appear */
		s[0] = "0123456789abcdefF"[splitmix64() % 17];
		/* one in eight strings carries one arbitrary byte */
		if ((i & 7) == 0)
			s[splitmix64() % 25] = (char) (splitmix64() & 0xFF);
		st = base36_decode(s, 25, got, NULL);
		rst = ref_decode(s, 25, ref);
		if (st != rst || (st == 0 && memcmp(got, ref, 16) != 0))
			bad++;
		accepted += (st == 0);
	}
	ok(bad == 0 && accepted > 0 && accepted < ROUNDS,
	   "%d random strings decode like the reference (%d accepted): %d mismatches",
	   ROUNDS, accepted, bad);
}

int
main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : "../vectors";

	test_valid_vectors(dir);
	test_invalid_vectors(dir);
	test_boundaries();
	test_random_round_trips();
	test_random_strings();
	return tap_done();
}
