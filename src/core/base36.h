/*-------------------------------------------------------------------------
 *
 * base36.h
 *	  The 25-digit Base36 text form of a 128-bit SCRU128 ID.
 *
 * Pure C: no PostgreSQL headers, so it can be unit-tested and fuzzed alone.
 *
 *-------------------------------------------------------------------------
 */
#ifndef BASE36_H
#define BASE36_H

#include <stddef.h>
#include <stdint.h>

typedef enum base36_status
{
	BASE36_OK = 0,
	BASE36_BAD_LENGTH,			/* not exactly 25 bytes */
	BASE36_BAD_DIGIT,			/* a byte outside [0-9A-Za-z] */
	BASE36_OVERFLOW				/* numeral greater than 2^128 - 1 */
} base36_status;

/* Writes exactly 25 lowercase digits to out; no terminator. */
extern void base36_encode(const uint8_t id[16], char out[25]);

/*
 * Parses len bytes of text (case-insensitive).  On BASE36_BAD_DIGIT,
 * *bad_pos (if not NULL) receives the byte offset of the first bad byte.
 * id is written only on success.
 */
extern base36_status base36_decode(const char *text, size_t len,
								   uint8_t id[16], size_t *bad_pos);

#endif							/* BASE36_H */
