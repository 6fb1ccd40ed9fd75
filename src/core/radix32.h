/*-------------------------------------------------------------------------
 *
 * radix32.h
 *	  The 26-digit radix-32 text of a first-draft (spec v1) SCRU128 ID.
 *
 * The text is the 128-bit integer written as a numeral in radix 32 with
 * the digits 0-9A-V, left-padded with zeros to 26 digits.  It is not
 * RFC 4648 base32hex: digits are the 5-bit groups counted from the least
 * significant bit, so the first digit carries only the top 3 bits and any
 * numeral above 7VVVVVVVVVVVVVVVVVVVVVVVVV is out of range.
 *
 * Pure C: no PostgreSQL headers, so it can be unit-tested and fuzzed alone.
 *
 *-------------------------------------------------------------------------
 */
#ifndef RADIX32_H
#define RADIX32_H

#include <stddef.h>
#include <stdint.h>

#define RADIX32_TEXT_LEN 26

typedef enum radix32_status
{
	RADIX32_OK = 0,
	RADIX32_BAD_LENGTH,			/* not exactly 26 bytes */
	RADIX32_BAD_DIGIT,			/* a byte outside [0-9A-Va-v] */
	RADIX32_OVERFLOW			/* numeral greater than 2^128 - 1 */
} radix32_status;

/* Writes exactly 26 uppercase digits (the canonical form); no terminator. */
extern void radix32_encode(const uint8_t id[16], char out[RADIX32_TEXT_LEN]);

/*
 * Parses len bytes of text; digits are case-insensitive, as the spec says.
 * A bad length is reported before bad digits, bad digits before overflow.
 * On RADIX32_BAD_DIGIT, *bad_pos (if not NULL) receives the byte offset of
 * the first bad byte.  id is written only on success.
 */
extern radix32_status radix32_decode(const char *text, size_t len,
									 uint8_t id[16], size_t *bad_pos);

#endif							/* RADIX32_H */
