/*-------------------------------------------------------------------------
 *
 * digits32.h
 *	  Values of the 32 digits 0-9 A-V (either case), shared by the two
 *	  codecs that use them: RFC 4648 base32hex (scru160) and the radix-32
 *	  numerals of the first SCRU128 draft.
 *
 * Pure C: no PostgreSQL headers.
 *
 *-------------------------------------------------------------------------
 */
#ifndef DIGITS32_H
#define DIGITS32_H

#include <stdint.h>

static const char digits32_upper[32] = "0123456789ABCDEFGHIJKLMNOPQRSTUV";

/* digit value of a byte, or 0xFF for anything outside [0-9A-Va-v] */
static const uint8_t digits32_value[256] = {
#define X 0xFF
	X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X,
	X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X,
	X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X,
	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, X, X, X, X, X, X,
	X, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
	25, 26, 27, 28, 29, 30, 31, X, X, X, X, X, X, X, X, X,
	X, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
	25, 26, 27, 28, 29, 30, 31, X, X, X, X, X, X, X, X, X,
	X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X,
	X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X,
	X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X,
	X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X,
	X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X,
	X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X,
	X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X,
	X, X, X, X, X, X, X, X, X, X, X, X, X, X, X, X
#undef X
};

#endif							/* DIGITS32_H */
