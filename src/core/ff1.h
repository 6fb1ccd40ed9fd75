/*-------------------------------------------------------------------------
 *
 * ff1.h
 *	  FF1 format-preserving encryption (NIST SP 800-38G Rev. 1, section
 *	  5.1, Algorithms 7 and 8) with AES-128, AES-192 or AES-256.
 *
 * AES itself is OpenSSL's libcrypto (EVP, AES-ECB); this file only builds
 * FF1's Feistel rounds on it.  The PRF of the standard (a CBC-MAC with a
 * zero IV) is computed as a chain of single AES-ECB blocks.
 *
 * Two entry points over the same rounds:
 *	 - ff1_encrypt()/ff1_decrypt(): any radix 2 .. 65536, the numeral string
 *	   as an array of digits, most significant first, as in the standard;
 *	   the standard's published samples test this one.
 *	 - ff1_encrypt_bin()/ff1_decrypt_bin(): radix 2, the numeral string of
 *	   n bits given as the integer NUM_2(X) in ceil(n/8) big-endian bytes
 *	   (the unused top bits of the first byte are zero).  Same result as
 *	   ff1_encrypt() with radix 2 and the digits of X, computed on 64-bit
 *	   words instead of digit arrays; the public IDs use this one.
 *
 * Pure C, no PostgreSQL headers.
 *
 *-------------------------------------------------------------------------
 */
#ifndef FF1_H
#define FF1_H

#include <stddef.h>
#include <stdint.h>

#define FF1_MIN_RADIX 2
#define FF1_MAX_RADIX 65536

/*
 * This implementation's maxlen: numeral strings of at most 256 digits, so
 * that each half fits 128 bits in the radix-2 form.  minlen is the
 * standard's: at least 2 digits and radix^n >= 1000000 (20 bits for radix
 * 2).
 */
#define FF1_MAX_LEN 256
#define FF1_MIN_DOMAIN 1000000

/* This implementation's maxTlen, in bytes */
#define FF1_MAX_TWEAK_LEN 65536

typedef enum ff1_status
{
	FF1_OK = 0,
	FF1_BAD_RADIX,				/* radix outside 2 .. 65536 */
	FF1_BAD_LENGTH,				/* n outside minlen .. maxlen */
	FF1_BAD_NUMERAL,			/* a digit >= radix, or X >= 2^n */
	FF1_BAD_TWEAK,				/* longer than FF1_MAX_TWEAK_LEN */
	FF1_CRYPTO_FAILED			/* libcrypto reported an error */
} ff1_status;

/* an AES key schedule ready for FF1; opaque */
typedef struct ff1_key ff1_key;

/*
 * A key of 16, 24 or 32 bytes (AES-128, -192, -256).  NULL for another
 * length or when libcrypto fails (out of memory).  The key bytes are not
 * kept; only libcrypto's schedule is.
 */
extern ff1_key *ff1_key_new(const uint8_t *key, size_t key_len);
extern void ff1_key_free(ff1_key *key);

/* the numeral string x[0 .. n-1] (most significant first) into y */
extern ff1_status ff1_encrypt(ff1_key *key, uint32_t radix,
							  const uint8_t *tweak, size_t tweak_len,
							  const uint16_t *x, size_t n, uint16_t *y);
extern ff1_status ff1_decrypt(ff1_key *key, uint32_t radix,
							  const uint8_t *tweak, size_t tweak_len,
							  const uint16_t *x, size_t n, uint16_t *y);

/*
 * radix 2: x and y are NUM_2 of n-bit strings, ceil(n/8) big-endian bytes
 * each; x and y may be the same buffer
 */
extern ff1_status ff1_encrypt_bin(ff1_key *key,
								  const uint8_t *tweak, size_t tweak_len,
								  size_t n, const uint8_t *x, uint8_t *y);
extern ff1_status ff1_decrypt_bin(ff1_key *key,
								  const uint8_t *tweak, size_t tweak_len,
								  size_t n, const uint8_t *x, uint8_t *y);

#endif							/* FF1_H */
