/*
 * test_base32hex.c: unit tests of the base32hex/hex codec of SCRU160,
 * against the vectors and against a naive bit-at-a-time reference.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base32hex.h"
#include "scru160_core.h"
#include "tap.h"

#define ROUNDS UNIT_ROUNDS(1000000)

static const char alphabet[] = "0123456789ABCDEFGHIJKLMNOPQRSTUV";

static uint64_t rng_state = 20210924;

static uint64_t
rnd64(void)
{
	uint64_t	z = (rng_state += UINT64_C(0x9E3779B97F4A7C15));

	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

static void
random_id(uint8_t id[20])
{
	int			i;
	uint64_t	r = 0;

	for (i = 0; i < 20; i++)
	{
		if (i % 8 == 0)
			r = rnd64();
		id[i] = (uint8_t) r;
		r >>= 8;
	}
	/* sometimes runs of 0x00 and 0xFF, where carries and edges are */
	if (rnd64() % 8 == 0)
	{
		size_t		start = rnd64() % 20;

		memset(id + start, rnd64() % 2 ? 0xFF : 0x00, 20 - start);
	}
}

static int
get_bit(const uint8_t *id, int bit)
{
	return (id[bit / 8] >> (7 - bit % 8)) & 1;
}

static void
set_bit(uint8_t *id, int bit, int v)
{
	if (v)
		id[bit / 8] |= (uint8_t) (0x80 >> (bit % 8));
}

/* the reference: one bit at a time, with a linear search for digits */
static void
ref_encode(const uint8_t id[20], char out[32])
{
	int			c,
				b;

	for (c = 0; c < 32; c++)
	{
		int			v = 0;

		for (b = 0; b < 5; b++)
			v = v * 2 + get_bit(id, 5 * c + b);
		out[c] = alphabet[v];
	}
}

static void
ref_encode_hex(const uint8_t id[20], char out[40])
{
	int			c,
				b;

	for (c = 0; c < 40; c++)
	{
		int			v = 0;

		for (b = 0; b < 4; b++)
			v = v * 2 + get_bit(id, 4 * c + b);
		out[c] = "0123456789abcdef"[v];
	}
}

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
				radix;
	size_t		c;
	int			b;

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
			set_bit(id, (int) c * bits + b, (v >> (bits - 1 - b)) & 1);
	}
	return BASE32HEX_OK;
}

static void
lower(char *s, size_t n)
{
	size_t		i;

	for (i = 0; i < n; i++)
		if (s[i] >= 'A' && s[i] <= 'Z')
			s[i] = (char) (s[i] - 'A' + 'a');
}

static void
upper(char *s, size_t n)
{
	size_t		i;

	for (i = 0; i < n; i++)
		if (s[i] >= 'a' && s[i] <= 'z')
			s[i] = (char) (s[i] - 'a' + 'A');
}

/* an unsigned big-endian byte string in decimal, by long division */
static void
to_decimal(const uint8_t *bytes, int n, char *out)
{
	uint8_t		v[32];
	char		rev[64];
	int			len = 0,
				i;

	memcpy(v, bytes, n);
	for (;;)
	{
		int			rem = 0,
					nonzero = 0;

		for (i = 0; i < n; i++)
		{
			int			cur = rem * 256 + v[i];

			v[i] = (uint8_t) (cur / 10);
			rem = cur % 10;
			nonzero |= v[i];
		}
		rev[len++] = (char) ('0' + rem);
		if (!nonzero)
			break;
	}
	for (i = 0; i < len; i++)
		out[i] = rev[len - 1 - i];
	out[len] = '\0';
}

static void
test_vectors(const char *dir)
{
	char		path[1024],
				line[1024];
	FILE	   *f;
	int			rows = 0,
				good = 0;

	snprintf(path, sizeof(path), "%s/scru160_vectors.tsv", dir);
	f = fopen(path, "r");
	ok(f != NULL, "open %s", path);
	if (!f)
		return;
	while (fgets(line, sizeof(line), f))
	{
		char	   *b32,
				   *hex,
				   *ts,
				   *ctr,
				   *r16,
				   *r80;
		uint8_t		id[20],
					id2[20];
		char		out[41],
					dec[64];
		size_t		pos;
		int			row_ok;

		if (line[0] == '#' || strncmp(line, "base32hex\t", 10) == 0)
			continue;
		b32 = strtok(line, "\t");
		hex = strtok(NULL, "\t");
		ts = strtok(NULL, "\t");
		ctr = strtok(NULL, "\t");
		r16 = strtok(NULL, "\t");
		r80 = strtok(NULL, "\t");
		if (!r80)
			continue;
		rows++;
		row_ok = base32hex_decode(b32, strlen(b32), id, &pos) == BASE32HEX_OK &&
			base32hex_decode(hex, strlen(hex), id2, &pos) == BASE32HEX_OK &&
			memcmp(id, id2, 20) == 0;
		base32hex_encode(id, out);
		row_ok = row_ok && memcmp(out, b32, 32) == 0;
		base32hex_encode_hex(id, out);
		row_ok = row_ok && memcmp(out, hex, 40) == 0;
		row_ok = row_ok &&
			scru160_get_timestamp(id) == strtoull(ts, NULL, 10) &&
			scru160_get_counter(id) == strtoul(ctr, NULL, 10) &&
			scru160_get_random16(id) == strtoul(r16, NULL, 10);
		to_decimal(scru160_get_random80(id), 10, dec);
		row_ok = row_ok && strcmp(dec, r80) == 0;
		if (!row_ok)
			printf("# vector %s does not match\n", b32);
		good += row_ok;
	}
	fclose(f);
	ok(rows >= 16, "%d vector rows read", rows);
	ok(good == rows, "every vector: base32hex and hex decode to the same bytes, re-encode canonically, fields match (%d of %d)", good, rows);
}

static void
test_bounds(void)
{
	uint8_t		id[20],
				back[20];
	char		out[40];
	size_t		pos;

	memset(id, 0, 20);
	base32hex_encode(id, out);
	ok(memcmp(out, "00000000000000000000000000000000", 32) == 0, "zero encodes as 32 zeros");
	memset(id, 0xFF, 20);
	base32hex_encode(id, out);
	ok(memcmp(out, "VVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVV", 32) == 0, "2^160 - 1 encodes as 32 V");
	ok(base32hex_decode("vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv", 32, back, &pos) == BASE32HEX_OK &&
	   memcmp(back, id, 20) == 0,
	   "32 v decode to 2^160 - 1: 160 bits fill 32 digits exactly, no spare bits");
	base32hex_encode_hex(id, out);
	ok(memcmp(out, "ffffffffffffffffffffffffffffffffffffffff", 40) == 0, "2^160 - 1 in hex");
	ok(base32hex_decode("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF", 40, back, &pos) == BASE32HEX_OK &&
	   memcmp(back, id, 20) == 0, "uppercase hex accepted");
}

static void
test_invalid(void)
{
	char		buf[80];
	uint8_t		id[20],
				rid[20];
	size_t		len,
				pos,
				rpos;
	int			bad_len = 0,
				bad_byte = 0,
				c,
				p;

	memset(buf, '0', sizeof(buf));
	for (len = 0; len <= 80; len++)
		if (len != 32 && len != 40 && base32hex_decode(buf, len, id, &pos) != BASE32HEX_BAD_LENGTH)
			bad_len++;
	ok(bad_len == 0, "every length 0..80 other than 32 and 40 is BAD_LENGTH");

	/* every byte value at every position of both forms, against the reference */
	for (len = 32; len <= 40; len += 8)
		for (p = 0; p < (int) len; p++)
			for (c = 0; c < 256; c++)
			{
				base32hex_status s,
							rs;

				memset(buf, '7', len);
				buf[p] = (char) c;
				pos = rpos = 999;
				s = base32hex_decode(buf, len, id, &pos);
				rs = ref_decode(buf, len, rid, &rpos);
				if (s != rs || (s == BASE32HEX_OK && memcmp(id, rid, 20) != 0) ||
					(s != BASE32HEX_OK && pos != rpos))
					bad_byte++;
			}
	ok(bad_byte == 0, "every byte 0..255 at every position of both forms: status, position and value as the reference (%d mismatches)", bad_byte);

	ok(base32hex_decode("0000000000000000000000000000000W", 32, id, &pos) == BASE32HEX_BAD_DIGIT && pos == 31,
	   "W (just past V) rejected at its position");
	ok(base32hex_decode("0000000000000000000000000000000000000g00", 40, id, &pos) == BASE32HEX_BAD_HEX_DIGIT && pos == 37,
	   "g in the hex form rejected at its position");
	ok(base32hex_decode("000000000000000000000000000000\xc3\xa9", 32, id, &pos) == BASE32HEX_BAD_DIGIT && pos == 30,
	   "non-ASCII (UTF-8 e-acute) rejected at its first byte");
	ok(base32hex_decode("0000000000000000000000000000000A0000000", 39, id, &pos) == BASE32HEX_BAD_LENGTH,
	   "39 characters rejected");
}

static void
test_round_trips(void)
{
	long		enc_bad = 0,
				dec_bad = 0,
				hex_bad = 0,
				order_bad = 0,
				garbage_bad = 0,
				i;
	uint8_t		prev[20];
	char		prev_text[32];

	memset(prev, 0, 20);
	memset(prev_text, '0', 32);
	for (i = 0; i < ROUNDS; i++)
	{
		uint8_t		id[20],
					back[20];
		char		out[32],
					ref[32],
					hex[40],
					rhex[40];
		size_t		pos;
		int			vc,
					tc;

		random_id(id);
		base32hex_encode(id, out);
		ref_encode(id, ref);
		if (memcmp(out, ref, 32) != 0)
			enc_bad++;
		lower(out, 32);
		if (base32hex_decode(out, 32, back, &pos) != BASE32HEX_OK || memcmp(back, id, 20) != 0)
			dec_bad++;
		upper(out, 32);
		if (base32hex_decode(out, 32, back, &pos) != BASE32HEX_OK || memcmp(back, id, 20) != 0)
			dec_bad++;

		base32hex_encode_hex(id, hex);
		ref_encode_hex(id, rhex);
		if (memcmp(hex, rhex, 40) != 0 ||
			base32hex_decode(hex, 40, back, &pos) != BASE32HEX_OK || memcmp(back, id, 20) != 0)
			hex_bad++;
		upper(hex, 40);
		if (base32hex_decode(hex, 40, back, &pos) != BASE32HEX_OK || memcmp(back, id, 20) != 0)
			hex_bad++;

		/* the text sorts like the bytes */
		vc = memcmp(prev, id, 20);
		tc = memcmp(prev_text, out, 32);
		if ((vc < 0) != (tc < 0) || (vc == 0) != (tc == 0))
			order_bad++;
		memcpy(prev, id, 20);
		memcpy(prev_text, out, 32);

		/* near-valid garbage: a few digits replaced by arbitrary bytes */
		{
			char		g[40];
			uint8_t		a[20],
						b[20];
			size_t		len = rnd64() % 2 ? 32 : 40,
						p1 = 999,
						p2 = 999;
			int			k,
						n = (int) (rnd64() % 3);
			base32hex_status s1,
						s2;

			memcpy(g, len == 32 ? out : hex, len);
			for (k = 0; k < n; k++)
				g[rnd64() % len] = (char) (rnd64() % 256);
			s1 = base32hex_decode(g, len, a, &p1);
			s2 = ref_decode(g, len, b, &p2);
			if (s1 != s2 || (s1 == BASE32HEX_OK ? memcmp(a, b, 20) != 0 : p1 != p2))
				garbage_bad++;
		}
	}
	ok(enc_bad == 0, "%d random values: encoding equals the bit-at-a-time reference (%ld differ)", ROUNDS, enc_bad);
	ok(dec_bad == 0, "%d random values: lower- and uppercase base32hex decode back (%ld fail)", ROUNDS, dec_bad);
	ok(hex_bad == 0, "%d random values: hex equals the reference and decodes back in either case (%ld fail)", ROUNDS, hex_bad);
	ok(order_bad == 0, "%d random pairs: text order equals byte order (%ld differ)", ROUNDS, order_bad);
	ok(garbage_bad == 0, "%d damaged strings: status, position and value as the reference (%ld differ)", ROUNDS, garbage_bad);
}

int
main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : "../vectors";

	test_vectors(dir);
	test_bounds();
	test_invalid();
	test_round_trips();
	return tap_done();
}
