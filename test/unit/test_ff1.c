/*
 * test_ff1.c: unit tests of FF1 (src/core/ff1.c): the nine samples NIST
 * published for SP 800-38G (AES-128/192/256, radix 10 and 36, with and
 * without a tweak), published radix-2 values, the radix-2 form against the
 * generic one, and the argument checks.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ff1.h"
#include "tap.h"

static size_t
hex_decode(const char *hex, uint8_t *out, size_t max)
{
	size_t		len = strlen(hex) / 2;

	if (len > max)
		return 0;
	for (size_t i = 0; i < len; i++)
	{
		unsigned int b;

		if (sscanf(hex + 2 * i, "%2x", &b) != 1)
			return 0;
		out[i] = (uint8_t) b;
	}
	return len;
}

/* splitmix64: deterministic "random" bits */
static uint64_t rng_state = 40;
static uint64_t
rng(void)
{
	uint64_t	z = (rng_state += UINT64_C(0x9E3779B97F4A7C15));

	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

static const char *const sample_key =
"2B7E151628AED2A6ABF7158809CF4F3CEF4359D8D580AA4F7F036D6F04FC6A94";

/*
 * NIST's FF1 samples 1 to 9 (FF1samples.pdf, "Examples with Intermediate
 * Values"): the key is the first 16, 24 or 32 bytes of sample_key; the
 * plaintext 0123456789 (radix 10) or 0123456789abcdefghi (radix 36).
 */
typedef struct sample
{
	int			number;
	size_t		key_len;
	uint32_t	radix;
	const char *tweak;			/* hex */
	size_t		n;
	uint16_t	ct[19];
} sample;

static const sample samples[] = {
	{1, 16, 10, "", 10, {2, 4, 3, 3, 4, 7, 7, 4, 8, 4}},
	{2, 16, 10, "39383736353433323130", 10, {6, 1, 2, 4, 2, 0, 0, 7, 7, 3}},
	{3, 16, 36, "3737373770717273373737", 19,
	{10, 9, 29, 31, 4, 0, 22, 21, 21, 9, 20, 13, 30, 5, 0, 9, 14, 30, 22}},
	{4, 24, 10, "", 10, {2, 8, 3, 0, 6, 6, 8, 1, 3, 2}},
	{5, 24, 10, "39383736353433323130", 10, {2, 4, 9, 6, 6, 5, 5, 5, 4, 9}},
	{6, 24, 36, "3737373770717273373737", 19,
	{33, 11, 19, 3, 20, 31, 3, 5, 19, 27, 10, 32, 33, 31, 3, 2, 34, 28, 27}},
	{7, 32, 10, "", 10, {6, 6, 5, 7, 6, 6, 7, 0, 0, 9}},
	{8, 32, 10, "39383736353433323130", 10, {1, 0, 0, 1, 6, 2, 3, 4, 6, 3}},
	{9, 32, 36, "3737373770717273373737", 19,
	{33, 28, 8, 10, 0, 10, 35, 17, 2, 10, 31, 34, 10, 21, 34, 35, 30, 32, 13}},
};

static void
test_nist_samples(void)
{
	uint8_t		key[32];

	hex_decode(sample_key, key, sizeof(key));
	for (size_t s = 0; s < sizeof(samples) / sizeof(samples[0]); s++)
	{
		const sample *smp = &samples[s];
		ff1_key    *k = ff1_key_new(key, smp->key_len);
		uint8_t		tweak[16];
		size_t		tlen = hex_decode(smp->tweak, tweak, sizeof(tweak));
		uint16_t	pt[19],
					ct[19],
					back[19];

		ok(k != NULL, "sample %d: AES-%d key", smp->number, (int) smp->key_len * 8);
		if (k == NULL)
			continue;
		for (size_t i = 0; i < smp->n; i++)
			pt[i] = (uint16_t) i;
		ok(ff1_encrypt(k, smp->radix, tweak, tlen, pt, smp->n, ct) == FF1_OK &&
		   memcmp(ct, smp->ct, smp->n * sizeof(uint16_t)) == 0,
		   "sample %d: encrypt (radix %u, tweak of %zu bytes)",
		   smp->number, smp->radix, tlen);
		ok(ff1_decrypt(k, smp->radix, tweak, tlen, smp->ct, smp->n, back) == FF1_OK &&
		   memcmp(back, pt, smp->n * sizeof(uint16_t)) == 0,
		   "sample %d: decrypt", smp->number);
		ff1_key_free(k);
	}
}

/* numeral strings of bits, most significant first, to NUM_2 bytes */
static void
bits_to_bytes(const char *bits, uint8_t *out)
{
	size_t		n = strlen(bits);
	size_t		nb = (n + 7) / 8;

	memset(out, 0, nb);
	for (size_t i = 0; i < n; i++)
		if (bits[i] == '1')
		{
			size_t		bit = n - 1 - i;

			out[nb - 1 - bit / 8] |= (uint8_t) (1 << (bit % 8));
		}
}

static void
bits_to_digits(const char *bits, uint16_t *out)
{
	for (size_t i = 0; bits[i]; i++)
		out[i] = (uint16_t) (bits[i] - '0');
}

/*
 * Radix-2 values published with Zcash's test vectors (zcash-test-vectors,
 * ff1.py), AES-256 with sample_key, n = 88; the last with the 255-byte
 * tweak 00 01 02 ... fe.
 */
typedef struct bin_published
{
	int			tweak255;
	const char *pt;
	const char *ct;
} bin_published;

static const bin_published published[] = {
	{0, "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
	"0000100100110101011101111111110011000001101100111110011101110101011010100100010011001111"},
	{0, "0000100100110101011101111111110011000001101100111110011101110101011010100100010011001111",
	"1101101011010001100011110000010011001111110110011101010110100001111001000101011111011000"},
	{0, "0101010101010101010101010101010101010101010101010101010101010101010101010101010101010101",
	"0000111101000001111011010111011111110001100101000000001101101110100010010111001100100110"},
	{1, "0101010101010101010101010101010101010101010101010101010101010101010101010101010101010101",
	"0111110110001000000111010110000100010101101000000011100111100100100010101101111010100011"},
};

static void
test_published_radix2(void)
{
	uint8_t		key[32],
				tweak[255];
	ff1_key    *k;

	hex_decode(sample_key, key, sizeof(key));
	k = ff1_key_new(key, 32);
	for (int i = 0; i < 255; i++)
		tweak[i] = (uint8_t) i;
	for (size_t v = 0; v < sizeof(published) / sizeof(published[0]); v++)
	{
		const bin_published *p = &published[v];
		size_t		tlen = p->tweak255 ? 255 : 0;
		uint16_t	dpt[88],
					dct[88],
					dout[88];
		uint8_t		bpt[11],
					bct[11],
					bout[11];

		bits_to_digits(p->pt, dpt);
		bits_to_digits(p->ct, dct);
		bits_to_bytes(p->pt, bpt);
		bits_to_bytes(p->ct, bct);
		ok(ff1_encrypt(k, 2, tweak, tlen, dpt, 88, dout) == FF1_OK &&
		   memcmp(dout, dct, sizeof(dct)) == 0,
		   "published radix 2 #%zu: digit form encrypts", v + 1);
		ok(ff1_encrypt_bin(k, tweak, tlen, 88, bpt, bout) == FF1_OK &&
		   memcmp(bout, bct, sizeof(bct)) == 0,
		   "published radix 2 #%zu: bit form encrypts", v + 1);
		ok(ff1_decrypt_bin(k, tweak, tlen, 88, bct, bout) == FF1_OK &&
		   memcmp(bout, bpt, sizeof(bpt)) == 0,
		   "published radix 2 #%zu: bit form decrypts", v + 1);
	}
	ff1_key_free(k);
}

/*
 * Radix-2 values computed by an independent implementation (Python
 * integers and the cryptography package's AES, written from the
 * standard's text), AES-256 with sample_key: the widths the public IDs
 * use, tweaks shorter than, equal to and longer than a block.
 */
typedef struct bin_vector
{
	size_t		n;
	const char *tweak;
	const char *pt;
	const char *ct;
} bin_vector;

static const bin_vector bin_vectors[] = {
	{20, "", "075673", "078d99"},
	{63, "", "705df9bd94594d8b", "2dec5666baeda3f3"},
	{63, "6f7264657273", "04138ba58623121d", "4e15cbdf19b1d01a"},
	{122, "", "03d8dfc8aa2078e5484d14663ecb55e9", "00e911770b5aeff12935a85cfb4612e2"},
	{122, "000102030405060708090a0b0c0d0e0f10", "0083740b34d24c28aa10cae2a318d8b3", "00cbbdc14dcd960bf87a33083fcdf11e"},
	{128, "", "e137404546f1417059300965c313063d", "16237ab4b2334e80454a73d7c12e5f98"},
	{128, "74656e616e742034322f696e766f69636573", "07546dbbd1a1c00970d5caf6be44db9b", "99d7684940e579f72b79c6416f9dd73e"},
	{160, "", "0f2eded7213f6d69bc944c3fe56c297e8709fec0", "3cdd1f76bb041460f37c20754c1f55cc5e5f982b"},
	{160, "000102030405060708090a0b0c0d0e0f", "75ee364fb505d6e19e9cc91433b52c97a42a0397", "833790ee07b690befb3b91ed6d788a8d1e753d82"},
	{255, "78", "0e8a9180502eb5d19ad08fa3cadd3e7f2d328ad50d9cf6daf644a8fdd992f7f5", "1e5abacfc72f6eff8acc21816b3e236503ed1f73df5cb838c6b0af2c9617a0a0"},
	{256, "", "d526523eae481f9183575f0dc804587225120c155336f85ef7316abf401e4da8", "cb10d65310b10f416d03b3d16e3d9e77f2b5728aa2855358c4638f91c5d26fff"},
};

static void
test_cross_checked_radix2(void)
{
	uint8_t		key[32];
	ff1_key    *k;

	hex_decode(sample_key, key, sizeof(key));
	k = ff1_key_new(key, 32);
	for (size_t v = 0; v < sizeof(bin_vectors) / sizeof(bin_vectors[0]); v++)
	{
		const bin_vector *bv = &bin_vectors[v];
		uint8_t		tweak[32],
					pt[32],
					ct[32],
					out[32];
		size_t		tlen = hex_decode(bv->tweak, tweak, sizeof(tweak));
		size_t		nb = hex_decode(bv->pt, pt, sizeof(pt));

		hex_decode(bv->ct, ct, sizeof(ct));
		ok(nb == (bv->n + 7) / 8 &&
		   ff1_encrypt_bin(k, tweak, tlen, bv->n, pt, out) == FF1_OK &&
		   memcmp(out, ct, nb) == 0,
		   "cross-checked n = %zu, tweak of %zu bytes: encrypts", bv->n, tlen);
		ok(ff1_decrypt_bin(k, tweak, tlen, bv->n, ct, out) == FF1_OK &&
		   memcmp(out, pt, nb) == 0,
		   "cross-checked n = %zu, tweak of %zu bytes: decrypts", bv->n, tlen);
	}
	ff1_key_free(k);
}

/*
 * The bit form and the digit form with radix 2 agree, both ways, for every
 * n from 20 to 256 and tweaks of 0 to 40 bytes
 */
static void
test_bin_vs_digits(void)
{
	static const size_t tweak_lens[] = {0, 1, 15, 16, 17, 40};
	uint8_t		key[32];
	ff1_key    *k;
	int			mismatches = 0,
				cases = 0;

	for (int i = 0; i < 32; i++)
		key[i] = (uint8_t) rng();
	k = ff1_key_new(key, 32);
	for (size_t n = 20; n <= FF1_MAX_LEN; n++)
	{
		for (size_t t = 0; t < sizeof(tweak_lens) / sizeof(tweak_lens[0]); t++)
		{
			uint8_t		tweak[40],
						x[32],
						y[32],
						back[32];
			uint16_t	dx[FF1_MAX_LEN],
						dy[FF1_MAX_LEN],
						dback[FF1_MAX_LEN];
			size_t		nb = (n + 7) / 8;
			int			bad = 0;

			for (size_t j = 0; j < sizeof(tweak); j++)
				tweak[j] = (uint8_t) rng();
			for (size_t j = 0; j < nb; j++)
				x[j] = (uint8_t) rng();
			if (n % 8 != 0)
				x[0] &= (uint8_t) ((1 << (n % 8)) - 1);
			for (size_t j = 0; j < n; j++)
			{
				size_t		bit = n - 1 - j;

				dx[j] = (x[nb - 1 - bit / 8] >> (bit % 8)) & 1;
			}
			bad |= ff1_encrypt_bin(k, tweak, tweak_lens[t], n, x, y) != FF1_OK;
			bad |= ff1_encrypt(k, 2, tweak, tweak_lens[t], dx, n, dy) != FF1_OK;
			for (size_t j = 0; j < n && !bad; j++)
			{
				size_t		bit = n - 1 - j;

				bad |= dy[j] != ((y[nb - 1 - bit / 8] >> (bit % 8)) & 1);
			}
			bad |= ff1_decrypt_bin(k, tweak, tweak_lens[t], n, y, back) != FF1_OK;
			bad |= memcmp(back, x, nb) != 0;
			bad |= ff1_decrypt(k, 2, tweak, tweak_lens[t], dy, n, dback) != FF1_OK;
			bad |= memcmp(dback, dx, n * sizeof(uint16_t)) != 0;
			/* in place */
			memcpy(back, x, nb);
			bad |= ff1_encrypt_bin(k, tweak, tweak_lens[t], n, back, back) != FF1_OK;
			bad |= memcmp(back, y, nb) != 0;
			if (bad && mismatches++ < 5)
				printf("# mismatch at n = %zu, tweak of %zu bytes\n", n, tweak_lens[t]);
			cases++;
		}
	}
	ok(mismatches == 0, "bit form == digit form, both ways, in %d cases (n = 20 .. 256)", cases);
	ff1_key_free(k);
}

/* other radices: digit-form round trips at the edges of the domain */
static void
test_digit_round_trips(void)
{
	static const uint32_t radices[] = {2, 3, 10, 26, 36, 62, 255, 256, 1000, 65535, 65536};
	uint8_t		key[16];
	ff1_key    *k;
	int			failures = 0,
				cases = 0;

	for (int i = 0; i < 16; i++)
		key[i] = (uint8_t) rng();
	k = ff1_key_new(key, 16);
	for (size_t r = 0; r < sizeof(radices) / sizeof(radices[0]); r++)
	{
		uint32_t	radix = radices[r];
		size_t		minlen = 2;
		uint64_t	dom = (uint64_t) radix * radix;

		while (dom < FF1_MIN_DOMAIN)
		{
			dom *= radix;
			minlen++;
		}
		for (size_t n = minlen; n <= FF1_MAX_LEN; n += (n < minlen + 4 ? 1 : 37))
		{
			uint16_t	x[FF1_MAX_LEN],
						y[FF1_MAX_LEN],
						back[FF1_MAX_LEN];
			uint8_t		tweak[7] = {1, 2, 3, 4, 5, 6, 7};
			int			same = 1;

			for (size_t j = 0; j < n; j++)
				x[j] = (uint16_t) (rng() % radix);
			if (ff1_encrypt(k, radix, tweak, sizeof(tweak), x, n, y) != FF1_OK ||
				ff1_decrypt(k, radix, tweak, sizeof(tweak), y, n, back) != FF1_OK ||
				memcmp(back, x, n * sizeof(uint16_t)) != 0)
				failures++;
			for (size_t j = 0; j < n; j++)
			{
				if (y[j] >= radix)
					failures++;
				same &= x[j] == y[j];
			}
			failures += same;
			cases++;
		}
		/* one numeral fewer than minlen is refused */
		{
			uint16_t	x[8] = {0},
						y[8];

			if (minlen - 1 >= 1 &&
				ff1_encrypt(k, radix, NULL, 0, x, minlen - 1, y) != FF1_BAD_LENGTH)
				failures++;
		}
	}
	ok(failures == 0, "digit form round trips, radix 2 .. 65536, %d cases", cases);
	ff1_key_free(k);
}

static void
test_argument_checks(void)
{
	uint8_t		key[32] = {0};
	uint8_t		x[33] = {0},
				y[33];
	uint16_t	d[300] = {0},
				e[300];
	static uint8_t big_tweak[FF1_MAX_TWEAK_LEN + 1];
	ff1_key    *k;

	ok(ff1_key_new(key, 15) == NULL && ff1_key_new(key, 0) == NULL &&
	   ff1_key_new(key, 33) == NULL, "a key of 15, 0 or 33 bytes is refused");
	k = ff1_key_new(key, 32);
	ok(ff1_encrypt(k, 1, NULL, 0, d, 30, e) == FF1_BAD_RADIX &&
	   ff1_encrypt(k, 65537, NULL, 0, d, 30, e) == FF1_BAD_RADIX,
	   "radix 1 and 65537 are refused");
	ok(ff1_encrypt(k, 10, NULL, 0, d, 5, e) == FF1_BAD_LENGTH &&
	   ff1_encrypt(k, 10, NULL, 0, d, 6, e) == FF1_OK,
	   "radix 10: 5 numerals refused (10^5 < 1000000), 6 accepted");
	ok(ff1_encrypt(k, 65536, NULL, 0, d, 1, e) == FF1_BAD_LENGTH &&
	   ff1_encrypt(k, 65536, NULL, 0, d, 2, e) == FF1_OK,
	   "radix 65536: 1 numeral refused, 2 accepted");
	ok(ff1_encrypt(k, 10, NULL, 0, d, FF1_MAX_LEN + 1, e) == FF1_BAD_LENGTH &&
	   ff1_encrypt(k, 10, NULL, 0, d, FF1_MAX_LEN, e) == FF1_OK,
	   "%d numerals refused, %d accepted", FF1_MAX_LEN + 1, FF1_MAX_LEN);
	d[3] = 10;
	ok(ff1_encrypt(k, 10, NULL, 0, d, 10, e) == FF1_BAD_NUMERAL &&
	   ff1_decrypt(k, 10, NULL, 0, d, 10, e) == FF1_BAD_NUMERAL,
	   "a numeral >= radix is refused");
	ok(ff1_encrypt_bin(k, NULL, 0, 19, x, y) == FF1_BAD_LENGTH &&
	   ff1_encrypt_bin(k, NULL, 0, 20, x, y) == FF1_OK &&
	   ff1_encrypt_bin(k, NULL, 0, 257, x, y) == FF1_BAD_LENGTH,
	   "bit form: 19 and 257 bits refused, 20 accepted");
	x[0] = 0x10;
	ok(ff1_encrypt_bin(k, NULL, 0, 20, x, y) == FF1_BAD_NUMERAL &&
	   ff1_decrypt_bin(k, NULL, 0, 20, x, y) == FF1_BAD_NUMERAL,
	   "bit form: X >= 2^n is refused");
	x[0] = 0x0F;
	ok(ff1_encrypt_bin(k, NULL, 0, 20, x, y) == FF1_OK && y[0] < 0x10,
	   "bit form: X < 2^n accepted, the result < 2^n");
	ok(ff1_encrypt_bin(k, big_tweak, FF1_MAX_TWEAK_LEN + 1, 64, x, y) == FF1_BAD_TWEAK &&
	   ff1_encrypt_bin(k, big_tweak, FF1_MAX_TWEAK_LEN, 64, x, y) == FF1_OK,
	   "a tweak over %d bytes is refused", FF1_MAX_TWEAK_LEN);
	ff1_key_free(k);
	ff1_key_free(NULL);
}

int
main(void)
{
	test_nist_samples();
	test_published_radix2();
	test_cross_checked_radix2();
	test_bin_vs_digits();
	test_digit_round_trips();
	test_argument_checks();
	return tap_done();
}
