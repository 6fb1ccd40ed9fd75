/*-------------------------------------------------------------------------
 *
 * typeid_core.h
 *	  TypeID (jetify's specification, version 0.3.0): the text codec and
 *	  the rules of the prefix.
 *
 * A TypeID is a type prefix and a 128-bit UUID, written as the prefix, an
 * underscore and the UUID in 26 base-32 digits:
 *
 *	  user_01h455vb4pex5vsknk084sn02q
 *
 * The prefix has 0 to 63 characters, each a lower-case ASCII letter or an
 * underscore, and neither begins nor ends with an underscore (underscores
 * inside are allowed since 0.3.0).  An empty prefix is written without the
 * separator: the TypeID is then its 26-digit suffix alone.  The separator
 * is the last underscore of the text, since the suffix has none.
 *
 * The suffix is the UUID's 128 bits, big-endian, as 26 digits of the
 * alphabet 0123456789abcdefghjkmnpqrstvwxyz (Crockford's, lower case), the
 * first digit 0 to 7 (a larger one is more than 128 bits).  Decoding is
 * strict, as the spec requires: lower case only, no Crockford aliases (i,
 * l, o read as nothing), no hyphens, no spaces.  The digits themselves are
 * base32_128.c's, shared with ULID.
 *
 * Since the suffix's first digit (0-7) sorts below the underscore, and the
 * underscore below every letter, byte order of the text (C collation) is
 * the order of (prefix, UUID): prefixes in byte order, a prefix before any
 * longer prefix it begins, and the UUIDs of one prefix in their byte
 * order, which for UUIDv7 is time order.  typeid_cmp() is that order.
 *
 * Pure C, no PostgreSQL headers.
 *
 *-------------------------------------------------------------------------
 */
#ifndef TYPEID_CORE_H
#define TYPEID_CORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define TYPEID_UUID_LEN 16
#define TYPEID_SUFFIX_LEN 26
#define TYPEID_PREFIX_MAX 63
/* the longest text: 63-character prefix, separator, suffix */
#define TYPEID_TEXT_MAX (TYPEID_PREFIX_MAX + 1 + TYPEID_SUFFIX_LEN)

typedef enum typeid_status
{
	TYPEID_OK = 0,
	TYPEID_EMPTY,				/* the empty string */
	TYPEID_SEPARATOR_WITHOUT_PREFIX,	/* an underscore with nothing before
										 * it: an empty prefix has no
										 * separator */
	TYPEID_PREFIX_TOO_LONG,		/* more than 63 characters */
	TYPEID_PREFIX_BAD_CHAR,		/* a byte other than a-z and _ */
	TYPEID_PREFIX_LEADING_UNDERSCORE,	/* begins with an underscore */
	TYPEID_PREFIX_TRAILING_UNDERSCORE,	/* ends with an underscore */
	TYPEID_SUFFIX_BAD_LENGTH,	/* the suffix is not 26 bytes */
	TYPEID_SUFFIX_BAD_CHAR,		/* a byte outside the alphabet */
	TYPEID_SUFFIX_OVERFLOW		/* first digit above 7: more than 128 bits */
} typeid_status;

/* what typeid_decode() found */
typedef struct typeid_parsed
{
	size_t		prefix_len;		/* the prefix is text[0 .. prefix_len) */
	size_t		suffix_pos;		/* the suffix is text[suffix_pos .. len) */
	size_t		bad_pos;		/* *_BAD_CHAR: offset of the first bad byte in
								 * the whole text */
	uint8_t		uuid[TYPEID_UUID_LEN];
} typeid_parsed;

/*
 * Decodes len bytes of text.  prefix_len and suffix_pos are set on every
 * result past TYPEID_EMPTY (the separator is found first, so an error names
 * the part it is in); uuid is set only on TYPEID_OK.  Prefix errors are
 * reported before suffix errors, and a bad byte before an overflow.
 */
extern typeid_status typeid_decode(const char *text, size_t len,
								   typeid_parsed *out);

/*
 * Whether len bytes are a valid prefix (the empty prefix is one); on
 * TYPEID_PREFIX_BAD_CHAR, *bad_pos is the offset of the first bad byte.
 * Returns TYPEID_OK or one of the TYPEID_PREFIX_* statuses.
 */
extern typeid_status typeid_check_prefix(const char *prefix, size_t len,
										 size_t *bad_pos);

/* the length of the text of a TypeID with a prefix of prefix_len bytes */
static inline size_t
typeid_text_len(size_t prefix_len)
{
	return prefix_len > 0 ? prefix_len + 1 + TYPEID_SUFFIX_LEN : TYPEID_SUFFIX_LEN;
}

/*
 * Writes the text of (prefix, uuid) to out, which has room for
 * typeid_text_len(prefix_len) bytes; no terminator is written.  Returns
 * the length written.  The prefix is not checked: the caller gives a
 * valid one.
 */
extern size_t typeid_encode(const char *prefix, size_t prefix_len,
							const uint8_t uuid[TYPEID_UUID_LEN], char *out);

/* the 26 digits of uuid alone */
extern void typeid_encode_suffix(const uint8_t uuid[TYPEID_UUID_LEN],
								 char out[TYPEID_SUFFIX_LEN]);

/* the value of one suffix byte: 0..31, or -1 if it is not a digit */
extern int	typeid_digit_value(unsigned char c);

/*
 * The order of TypeIDs: prefix bytes, a prefix before a longer one it
 * begins, then the UUID's bytes; -1, 0 or 1.
 */
static inline int
typeid_cmp(const char *prefix_a, size_t len_a, const uint8_t *uuid_a,
		   const char *prefix_b, size_t len_b, const uint8_t *uuid_b)
{
	int			c = memcmp(prefix_a, prefix_b, len_a < len_b ? len_a : len_b);

	if (c == 0)
	{
		if (len_a != len_b)
			return len_a < len_b ? -1 : 1;
		c = memcmp(uuid_a, uuid_b, TYPEID_UUID_LEN);
	}
	return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

#endif							/* TYPEID_CORE_H */
