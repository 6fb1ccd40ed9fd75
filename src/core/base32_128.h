/*-------------------------------------------------------------------------
 *
 * base32_128.h
 *	  A 128-bit value as 26 base-32 digits, the text form shared by ULID and
 *	  TypeID: 130 bits, big-endian, of which the first two are zero, so the
 *	  first digit is 0 to 7 and a first digit of 8 or more is more than 128
 *	  bits.
 *
 * Both use Crockford's alphabet (0-9 and the letters but I, L, O, U, in
 * order, so text order is value order); they differ in case and in what a
 * decoder accepts.  The caller passes the 32 digits to encode with and a
 * table of the value of every byte (-1 for a byte that is not a digit), so
 * each type keeps its own rules: ULID's case-insensitive Crockford
 * decoding, TypeID's strict lower case.  Decoding is one table lookup per
 * byte.
 *
 * Both directions work on two 64-bit words, without a 128-bit type, so the
 * code is the same on 32-bit platforms.  Pure C, no PostgreSQL headers.
 *
 *-------------------------------------------------------------------------
 */
#ifndef BASE32_128_H
#define BASE32_128_H

#include <stddef.h>
#include <stdint.h>

#define BASE32_128_BYTES 16
#define BASE32_128_TEXT_LEN 26

typedef enum base32_128_status
{
	BASE32_128_OK = 0,
	BASE32_128_BAD_DIGIT,		/* a byte whose table value is negative */
	BASE32_128_OVERFLOW			/* first digit above 7: more than 128 bits */
} base32_128_status;

/* text[0..25] from value with the given digits; no terminator is written */
extern void base32_128_encode(const uint8_t value[BASE32_128_BYTES],
							  char text[BASE32_128_TEXT_LEN],
							  const char digits[32]);

/*
 * value from the 26 bytes of text, each read through values[] (0..31, or
 * -1 for a byte that is not a digit).  On BASE32_128_BAD_DIGIT, *bad_pos is
 * the offset of the first byte that is not a digit; a bad digit is reported
 * before an overflow.  value is undefined unless the result is
 * BASE32_128_OK.
 */
extern base32_128_status base32_128_decode(const char *text,
										   const int8_t values[256],
										   uint8_t value[BASE32_128_BYTES],
										   size_t *bad_pos);

#endif							/* BASE32_128_H */
