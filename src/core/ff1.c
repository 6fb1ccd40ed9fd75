/*-------------------------------------------------------------------------
 *
 * ff1.c
 *	  FF1 (NIST SP 800-38G Rev. 1, Algorithms 7 and 8) on libcrypto's AES;
 *	  see ff1.h.
 *
 * The names follow the standard: the input X of n numerals is split into
 * A (the first u = floor(n/2)) and B (the last v = n - u); each of the 10
 * rounds computes, from the fixed block P, the tweak T and the round
 * number i, Q = T || [0]^((-t-b-1) mod 16) || [i]^1 || [NUM_radix(B)]^b,
 * R = PRF(P || Q), S = the first d bytes of R || CIPH(R xor [1]^16) || ...,
 * y = NUM(S), c = (NUM_radix(A) + y) mod radix^m, and A, B = B, STR(c).
 *
 * PRF is a CBC-MAC: every block of P || Q is XORed into the chaining value
 * and enciphered.  P and the whole 16-byte blocks at the start of T are
 * the same in every round, so the chaining value after them is computed
 * once per call and each round goes on from there.
 *
 * The generic form keeps the halves as digit arrays and does the integer
 * arithmetic on byte strings, one digit or byte at a time, as the standard
 * writes it.  The radix-2 form keeps each half (at most 128 bits) in two
 * 64-bit words: NUM_2 is the value itself and mod 2^m is a mask.
 *
 *-------------------------------------------------------------------------
 */
#include "ff1.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "be64.h"

#define FF1_ROUNDS 10
#define FF1_BLOCK 16

/* the largest b and d: v <= 128 numerals of at most 16 bits */
#define FF1_MAX_HALF (FF1_MAX_LEN / 2)
#define FF1_MAX_B (FF1_MAX_HALF * 2)
#define FF1_MAX_D (4 * ((FF1_MAX_B + 3) / 4) + 4)
/* T's last t mod 16 bytes, the zeros, [i] and [NUM(B)]^b, in whole blocks */
#define FF1_MAX_TAIL (((FF1_BLOCK - 1) * 2 + 1 + FF1_MAX_B + FF1_BLOCK - 1) / FF1_BLOCK * FF1_BLOCK)

struct ff1_key
{
	EVP_CIPHER_CTX *ecb;		/* AES-ECB, no padding, encrypting */
};

ff1_key *
ff1_key_new(const uint8_t *key, size_t key_len)
{
	const EVP_CIPHER *cipher;
	ff1_key    *k;

	switch (key_len)
	{
		case 16:
			cipher = EVP_aes_128_ecb();
			break;
		case 24:
			cipher = EVP_aes_192_ecb();
			break;
		case 32:
			cipher = EVP_aes_256_ecb();
			break;
		default:
			return NULL;
	}
	k = malloc(sizeof(*k));
	if (k == NULL)
		return NULL;
	k->ecb = EVP_CIPHER_CTX_new();
	if (k->ecb == NULL ||
		EVP_EncryptInit_ex(k->ecb, cipher, NULL, key, NULL) != 1 ||
		EVP_CIPHER_CTX_set_padding(k->ecb, 0) != 1)
	{
		ff1_key_free(k);
		return NULL;
	}
	return k;
}

void
ff1_key_free(ff1_key *key)
{
	if (key == NULL)
		return;
	/* libcrypto wipes the key schedule when it frees the context */
	EVP_CIPHER_CTX_free(key->ecb);
	free(key);
}

/* CIPH_K(in): one AES block */
static bool
ciph(ff1_key *key, const uint8_t in[FF1_BLOCK], uint8_t out[FF1_BLOCK])
{
	int			outl = 0;

	return EVP_EncryptUpdate(key->ecb, out, &outl, in, FF1_BLOCK) == 1 &&
		outl == FF1_BLOCK;
}

/* chain = CIPH(chain xor block) */
static bool
cbc_step(ff1_key *key, uint8_t chain[FF1_BLOCK], const uint8_t *block)
{
	uint8_t		x[FF1_BLOCK];

	for (int j = 0; j < FF1_BLOCK; j++)
		x[j] = chain[j] ^ block[j];
	return ciph(key, x, chain);
}

/*
 * What the rounds of one call share: the CBC-MAC of P and of T's whole
 * blocks, and the rest of Q, whose bytes differ from round to round only
 * in [i]^1 and [NUM_radix(B)]^b (its last b bytes, which the caller
 * writes at prf_num()).
 */
typedef struct ff1_prf
{
	ff1_key    *key;
	uint8_t		chain[FF1_BLOCK];
	uint8_t		q[FF1_MAX_TAIL];	/* T's last t mod 16 bytes || 0s || [i] || NUM */
	size_t		q_len;			/* a multiple of 16 */
	size_t		b;				/* bytes of NUM_radix(B) in Q */
	size_t		d;				/* bytes of S */
} ff1_prf;

static bool
prf_init(ff1_prf *prf, ff1_key *key, uint32_t radix, size_t n, size_t u,
		 const uint8_t *tweak, size_t t, size_t b)
{
	uint8_t		p[FF1_BLOCK];
	size_t		whole = t / FF1_BLOCK;
	size_t		rest = t - whole * FF1_BLOCK;
	size_t		pad;

	prf->key = key;
	prf->b = b;
	prf->d = 4 * ((b + 3) / 4) + 4;
	/* P = [1]^1 || [2]^1 || [1]^1 || [radix]^3 || [10]^1 || [u mod 256]^1 || [n]^4 || [t]^4 */
	p[0] = 1;
	p[1] = 2;
	p[2] = 1;
	p[3] = (uint8_t) (radix >> 16);
	p[4] = (uint8_t) (radix >> 8);
	p[5] = (uint8_t) radix;
	p[6] = 10;
	p[7] = (uint8_t) (u % 256);
	p[8] = (uint8_t) (n >> 24);
	p[9] = (uint8_t) (n >> 16);
	p[10] = (uint8_t) (n >> 8);
	p[11] = (uint8_t) n;
	p[12] = (uint8_t) (t >> 24);
	p[13] = (uint8_t) (t >> 16);
	p[14] = (uint8_t) (t >> 8);
	p[15] = (uint8_t) t;
	if (!ciph(key, p, prf->chain))
		return false;
	for (size_t j = 0; j < whole; j++)
		if (!cbc_step(key, prf->chain, tweak + j * FF1_BLOCK))
			return false;

	/* Q = T || [0]^((-t-b-1) mod 16) || [i]^1 || [NUM_radix(B)]^b */
	pad = (FF1_BLOCK - (rest + b + 1) % FF1_BLOCK) % FF1_BLOCK;
	if (rest > 0)
		memcpy(prf->q, tweak + whole * FF1_BLOCK, rest);
	memset(prf->q + rest, 0, pad + 1 + b);
	prf->q_len = rest + pad + 1 + b;
	return true;
}

/* where [NUM_radix(B)]^b goes */
static inline uint8_t *
prf_num(ff1_prf *prf)
{
	return prf->q + prf->q_len - prf->b;
}

/* S (prf->d bytes) of round i, once the caller wrote NUM at prf_num() */
static bool
prf_round(ff1_prf *prf, unsigned int i, uint8_t *s)
{
	uint8_t		r[FF1_BLOCK];
	size_t		blocks;

	prf->q[prf->q_len - prf->b - 1] = (uint8_t) i;

	/* R = PRF(P || Q) */
	memcpy(r, prf->chain, FF1_BLOCK);
	for (size_t off = 0; off < prf->q_len; off += FF1_BLOCK)
		if (!cbc_step(prf->key, r, prf->q + off))
			return false;

	/* S = R || CIPH(R xor [1]^16) || CIPH(R xor [2]^16) || ..., d bytes */
	memcpy(s, r, prf->d < FF1_BLOCK ? prf->d : FF1_BLOCK);
	blocks = (prf->d + FF1_BLOCK - 1) / FF1_BLOCK;
	for (size_t j = 1; j < blocks; j++)
	{
		uint8_t		x[FF1_BLOCK];
		uint8_t		e[FF1_BLOCK];
		size_t		take = prf->d - j * FF1_BLOCK;

		memcpy(x, r, FF1_BLOCK);
		/* [j]^16: j < 256 here, so only the last byte is not zero */
		x[FF1_BLOCK - 1] ^= (uint8_t) j;
		if (!ciph(prf->key, x, e))
			return false;
		memcpy(s + j * FF1_BLOCK, e, take < FF1_BLOCK ? take : FF1_BLOCK);
	}
	return true;
}

/*
 * b = ceil(ceil(v * log2(radix)) / 8).  ceil(v * log2(radix)) is the least
 * k with 2^k >= radix^v, which is the bit length of radix^v - 1; computed
 * exactly on a little-endian byte string, without floating point.
 */
static size_t
num_bytes(uint32_t radix, size_t v)
{
	uint8_t		pw[FF1_MAX_B + 2];
	size_t		len = 1;
	size_t		bits;
	int			top;

	memset(pw, 0, sizeof(pw));
	pw[0] = 1;
	for (size_t i = 0; i < v; i++)
	{
		uint32_t	carry = 0;

		for (size_t j = 0; j < len; j++)
		{
			uint32_t	cur = (uint32_t) pw[j] * radix + carry;

			pw[j] = (uint8_t) cur;
			carry = cur >> 8;
		}
		while (carry)
		{
			pw[len++] = (uint8_t) carry;
			carry >>= 8;
		}
	}
	/* minus 1: radix^v >= 2, so the result is not negative */
	for (size_t j = 0; j < len; j++)
	{
		if (pw[j]-- != 0)
			break;
	}
	while (len > 1 && pw[len - 1] == 0)
		len--;
	bits = (len - 1) * 8;
	for (top = pw[len - 1]; top != 0; top >>= 1)
		bits++;
	return (bits + 7) / 8;
}

/* [NUM_radix(x[0 .. len-1])]^b, big-endian */
static void
num_radix(const uint16_t *x, size_t len, uint32_t radix, uint8_t *out,
		  size_t b)
{
	memset(out, 0, b);
	for (size_t i = 0; i < len; i++)
	{
		uint32_t	carry = x[i];

		for (size_t j = b; j-- > 0;)
		{
			uint32_t	cur = (uint32_t) out[j] * radix + carry;

			out[j] = (uint8_t) cur;
			carry = cur >> 8;
		}
	}
}

/* the m digits of NUM(s) mod radix^m, most significant first */
static void
digits_mod(const uint8_t *s, size_t d, uint32_t radix, size_t m,
		   uint16_t *y)
{
	uint8_t		work[FF1_MAX_D];

	memcpy(work, s, d);
	for (size_t j = m; j-- > 0;)
	{
		uint32_t	rem = 0;

		for (size_t k = 0; k < d; k++)
		{
			uint32_t	cur = (rem << 8) | work[k];

			work[k] = (uint8_t) (cur / radix);
			rem = cur % radix;
		}
		y[j] = (uint16_t) rem;
	}
}

static ff1_status
check_args(uint32_t radix, size_t n, size_t tweak_len)
{
	uint64_t	domain = 1;

	if (radix < FF1_MIN_RADIX || radix > FF1_MAX_RADIX)
		return FF1_BAD_RADIX;
	if (n < 2 || n > FF1_MAX_LEN)
		return FF1_BAD_LENGTH;
	for (size_t i = 0; i < n && domain < FF1_MIN_DOMAIN; i++)
		domain *= radix;
	if (domain < FF1_MIN_DOMAIN)
		return FF1_BAD_LENGTH;
	if (tweak_len > FF1_MAX_TWEAK_LEN)
		return FF1_BAD_TWEAK;
	return FF1_OK;
}

static ff1_status
ff1_digits(ff1_key *key, bool decrypt, uint32_t radix,
		   const uint8_t *tweak, size_t tweak_len,
		   const uint16_t *x, size_t n, uint16_t *out)
{
	uint16_t	a[FF1_MAX_HALF],
				b[FF1_MAX_HALF],
				c[FF1_MAX_HALF],
				y[FF1_MAX_HALF];
	uint8_t		s[FF1_MAX_D];
	size_t		u,
				v,
				len_a,
				len_b;
	ff1_prf		prf;
	ff1_status	status;

	status = check_args(radix, n, tweak_len);
	if (status != FF1_OK)
		return status;
	for (size_t i = 0; i < n; i++)
		if (x[i] >= radix)
			return FF1_BAD_NUMERAL;

	u = n / 2;
	v = n - u;
	memcpy(a, x, u * sizeof(uint16_t));
	memcpy(b, x + u, v * sizeof(uint16_t));
	len_a = u;
	len_b = v;
	if (!prf_init(&prf, key, radix, n, u, tweak, tweak_len, num_bytes(radix, v)))
		return FF1_CRYPTO_FAILED;

	for (unsigned int round = 0; round < FF1_ROUNDS; round++)
	{
		unsigned int i = decrypt ? FF1_ROUNDS - 1 - round : round;
		size_t		m = (i % 2 == 0) ? u : v;
		uint32_t	carry = 0;

		if (decrypt)
			num_radix(a, len_a, radix, prf_num(&prf), prf.b);
		else
			num_radix(b, len_b, radix, prf_num(&prf), prf.b);
		if (!prf_round(&prf, i, s))
			return FF1_CRYPTO_FAILED;
		digits_mod(s, prf.d, radix, m, y);

		if (!decrypt)
		{
			/* c = (NUM(A) + y) mod radix^m; A has m digits */
			for (size_t j = m; j-- > 0;)
			{
				uint32_t	sum = (uint32_t) a[j] + y[j] + carry;

				c[j] = (uint16_t) (sum % radix);
				carry = sum / radix;
			}
			memcpy(a, b, len_b * sizeof(uint16_t));
			len_a = len_b;
			memcpy(b, c, m * sizeof(uint16_t));
			len_b = m;
		}
		else
		{
			/* c = (NUM(B) - y) mod radix^m; B has m digits */
			for (size_t j = m; j-- > 0;)
			{
				int64_t		diff = (int64_t) b[j] - y[j] - carry;

				carry = diff < 0;
				c[j] = (uint16_t) (diff < 0 ? diff + radix : diff);
			}
			memcpy(b, a, len_a * sizeof(uint16_t));
			len_b = len_a;
			memcpy(a, c, m * sizeof(uint16_t));
			len_a = m;
		}
	}
	memcpy(out, a, len_a * sizeof(uint16_t));
	memcpy(out + len_a, b, len_b * sizeof(uint16_t));
	return FF1_OK;
}

ff1_status
ff1_encrypt(ff1_key *key, uint32_t radix, const uint8_t *tweak,
			size_t tweak_len, const uint16_t *x, size_t n, uint16_t *y)
{
	return ff1_digits(key, false, radix, tweak, tweak_len, x, n, y);
}

ff1_status
ff1_decrypt(ff1_key *key, uint32_t radix, const uint8_t *tweak,
			size_t tweak_len, const uint16_t *x, size_t n, uint16_t *y)
{
	return ff1_digits(key, true, radix, tweak, tweak_len, x, n, y);
}

/*
 * The radix-2 form: each half (at most 128 bits) in two 64-bit words, hi
 * and lo; X (at most 256 bits) in four, w[0] the least significant.
 */
#define BIN_WORDS (FF1_MAX_LEN / 64)

/* hi:lo &= 2^bits - 1, bits <= 128 */
static inline void
mask_bits(uint64_t *hi, uint64_t *lo, size_t bits)
{
	if (bits >= 128)
		return;
	if (bits >= 64)
	{
		*hi &= bits == 64 ? 0 : (UINT64_C(1) << (bits - 64)) - 1;
		return;
	}
	*hi = 0;
	*lo &= bits == 0 ? 0 : (UINT64_C(1) << bits) - 1;
}

/* the 64 bits of w from bit pos up (zeros past the end) */
static uint64_t
word_at(const uint64_t w[BIN_WORDS], size_t pos)
{
	size_t		i = pos / 64;
	unsigned int sh = (unsigned int) (pos % 64);
	uint64_t	lo = i < BIN_WORDS ? w[i] : 0;
	uint64_t	hi = i + 1 < BIN_WORDS ? w[i + 1] : 0;

	return sh == 0 ? lo : (lo >> sh) | (hi << (64 - sh));
}

/* w |= x << pos (x has no bit that would go past the last word) */
static void
word_or(uint64_t w[BIN_WORDS], size_t pos, uint64_t x)
{
	size_t		i = pos / 64;
	unsigned int sh = (unsigned int) (pos % 64);

	if (i < BIN_WORDS)
		w[i] |= x << sh;
	if (sh != 0 && i + 1 < BIN_WORDS)
		w[i + 1] |= x >> (64 - sh);
}

static ff1_status
ff1_bits(ff1_key *key, bool decrypt, const uint8_t *tweak, size_t tweak_len,
		 size_t n, const uint8_t *x, uint8_t *out)
{
	uint64_t	w[BIN_WORDS] = {0};

	/*
	 * S, after 16 zero bytes: the 16 bytes that end S are NUM(S) mod 2^128
	 * whatever d is, so y is two whole-word loads
	 */
	uint8_t		s_buf[FF1_BLOCK + FF1_MAX_D];
	uint8_t    *s = s_buf + FF1_BLOCK;
	uint8_t		num_buf[FF1_BLOCK];
	uint8_t    *num;
	size_t		nb = (n + 7) / 8;
	size_t		u,
				v;
	uint64_t	a_hi,
				a_lo,
				b_hi,
				b_lo;
	ff1_prf		prf;
	ff1_status	status;

	status = check_args(2, n, tweak_len);
	if (status != FF1_OK)
		return status;
	/* X < 2^n: the bits of the first byte above n are zero */
	if (n % 8 != 0 && (x[0] >> (n % 8)) != 0)
		return FF1_BAD_NUMERAL;
	for (size_t j = 0; j < nb; j++)
		w[(nb - 1 - j) / 8] |= (uint64_t) x[j] << (8 * ((nb - 1 - j) % 8));

	u = n / 2;
	v = n - u;
	/* A: the u bits above the low v; B: the low v */
	a_lo = word_at(w, v);
	a_hi = word_at(w, v + 64);
	mask_bits(&a_hi, &a_lo, u);
	b_lo = w[0];
	b_hi = w[1];
	mask_bits(&b_hi, &b_lo, v);

	/* b = ceil(v / 8) for radix 2 */
	if (!prf_init(&prf, key, 2, n, u, tweak, tweak_len, (v + 7) / 8))
		return FF1_CRYPTO_FAILED;
	num = prf_num(&prf);
	memset(s_buf, 0, FF1_BLOCK);

	for (unsigned int round = 0; round < FF1_ROUNDS; round++)
	{
		unsigned int i = decrypt ? FF1_ROUNDS - 1 - round : round;
		size_t		m = (i % 2 == 0) ? u : v;
		uint64_t	n_hi = decrypt ? a_hi : b_hi;
		uint64_t	n_lo = decrypt ? a_lo : b_lo;
		uint64_t	y_hi,
					y_lo,
					c_hi,
					c_lo;
		const uint8_t *tail;

		/*
		 * [NUM_2(B)]^b, big-endian (NUM_2(A) when decrypting): the last b
		 * of its 16 bytes, b <= 16 (the half is below 2^v, v <= 8b)
		 */
		be64_store(num_buf, n_hi);
		be64_store(num_buf + 8, n_lo);
		memcpy(num, num_buf + FF1_BLOCK - prf.b, prf.b);
		if (!prf_round(&prf, i, s))
			return FF1_CRYPTO_FAILED;
		/* y mod 2^m, m <= 128: the 16 bytes ending S, zeros before it */
		tail = s + prf.d - FF1_BLOCK;
		y_hi = be64_load(tail);
		y_lo = be64_load(tail + 8);
		if (!decrypt)
		{
			/* c = (NUM(A) + y) mod 2^m */
			c_lo = a_lo + y_lo;
			c_hi = a_hi + y_hi + (c_lo < a_lo);
			mask_bits(&c_hi, &c_lo, m);
			a_hi = b_hi;
			a_lo = b_lo;
			b_hi = c_hi;
			b_lo = c_lo;
		}
		else
		{
			/* c = (NUM(B) - y) mod 2^m */
			c_lo = b_lo - y_lo;
			c_hi = b_hi - y_hi - (b_lo < y_lo);
			mask_bits(&c_hi, &c_lo, m);
			b_hi = a_hi;
			b_lo = a_lo;
			a_hi = c_hi;
			a_lo = c_lo;
		}
	}

	/* A || B: A above the low v bits */
	memset(w, 0, sizeof(w));
	word_or(w, 0, b_lo);
	word_or(w, 64, b_hi);
	word_or(w, v, a_lo);
	word_or(w, v + 64, a_hi);
	for (size_t j = 0; j < nb; j++)
		out[j] = (uint8_t) (w[(nb - 1 - j) / 8] >> (8 * ((nb - 1 - j) % 8)));
	return FF1_OK;
}

ff1_status
ff1_encrypt_bin(ff1_key *key, const uint8_t *tweak, size_t tweak_len,
				size_t n, const uint8_t *x, uint8_t *y)
{
	return ff1_bits(key, false, tweak, tweak_len, n, x, y);
}

ff1_status
ff1_decrypt_bin(ff1_key *key, const uint8_t *tweak, size_t tweak_len,
				size_t n, const uint8_t *x, uint8_t *y)
{
	return ff1_bits(key, true, tweak, tweak_len, n, x, y);
}
