/*-------------------------------------------------------------------------
 *
 * base32hex.h
 *	  Text forms of a 160-bit value: RFC 4648 base32hex and hex.
 *
 * 160 bits are exactly 32 base32hex digits (5 bits each) or 40 hex digits,
 * so neither form has padding or spare bits: every 32-digit base32hex
 * string and every 40-digit hex string is one value.  Pure C, no
 * PostgreSQL headers, so it can be unit-tested and fuzzed without a server.
 *
 *-------------------------------------------------------------------------
 */
#ifndef BASE32HEX_H
#define BASE32HEX_H

#include <stddef.h>
#include <stdint.h>

#define BASE32HEX_BYTES 20
#define BASE32HEX_TEXT_LEN 32
#define BASE32HEX_HEX_LEN 40

typedef enum base32hex_status
{
	BASE32HEX_OK = 0,
	BASE32HEX_BAD_LENGTH,		/* neither 32 nor 40 bytes */
	BASE32HEX_BAD_DIGIT,		/* a byte outside [0-9A-Va-v] in 32 bytes */
	BASE32HEX_BAD_HEX_DIGIT		/* a byte outside [0-9A-Fa-f] in 40 bytes */
} base32hex_status;

/* 32 uppercase digits [0-9A-V]; out is not NUL-terminated */
extern void base32hex_encode(const uint8_t id[BASE32HEX_BYTES],
							 char out[BASE32HEX_TEXT_LEN]);

/* 40 lowercase hex digits; out is not NUL-terminated */
extern void base32hex_encode_hex(const uint8_t id[BASE32HEX_BYTES],
								 char out[BASE32HEX_HEX_LEN]);

/*
 * Decodes len bytes of text: 32 base32hex digits or 40 hex digits, either
 * case.  On BASE32HEX_BAD_DIGIT or BASE32HEX_BAD_HEX_DIGIT, *bad_pos is the
 * 0-based offset of the first offending byte.  id is unspecified on error.
 */
extern base32hex_status base32hex_decode(const char *text, size_t len,
										 uint8_t id[BASE32HEX_BYTES],
										 size_t *bad_pos);

#endif							/* BASE32HEX_H */
