/*-------------------------------------------------------------------------
 *
 * typeid_core.c
 *	  The TypeID text codec and the prefix rules; see typeid_core.h.
 *
 *-------------------------------------------------------------------------
 */
#include "typeid_core.h"

#include "base32_128.h"

static const char digits[32] = "0123456789abcdefghjkmnpqrstvwxyz";

/*
 * digit values by byte, -1 for a byte that is not a digit: the spec's
 * alphabet in lower case and nothing else (no upper case, no i, l, o, u)
 */
static const int8_t digit_value[256] = {
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	/* 0 - 9 */
	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, -1, -1, -1, -1, -1, -1,
	/* @ A - O, P - Z: none */
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	/* ` a b c d e f g h i j k l m n o */
	-1, 10, 11, 12, 13, 14, 15, 16, 17, -1, 18, 19, -1, 20, 21, -1,
	/* p q r s t u v w x y z */
	22, 23, 24, 25, 26, -1, 27, 28, 29, 30, 31, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
};

int
typeid_digit_value(unsigned char c)
{
	return digit_value[c];
}

static inline bool
prefix_byte(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || c == '_';
}

typeid_status
typeid_check_prefix(const char *prefix, size_t len, size_t *bad_pos)
{
	size_t		i;

	if (len == 0)
		return TYPEID_OK;
	if (len > TYPEID_PREFIX_MAX)
		return TYPEID_PREFIX_TOO_LONG;
	for (i = 0; i < len; i++)
		if (!prefix_byte((unsigned char) prefix[i]))
		{
			*bad_pos = i;
			return TYPEID_PREFIX_BAD_CHAR;
		}
	if (prefix[0] == '_')
		return TYPEID_PREFIX_LEADING_UNDERSCORE;
	if (prefix[len - 1] == '_')
		return TYPEID_PREFIX_TRAILING_UNDERSCORE;
	return TYPEID_OK;
}

typeid_status
typeid_decode(const char *text, size_t len, typeid_parsed *out)
{
	size_t		sep = len;
	typeid_status status;

	out->prefix_len = 0;
	out->suffix_pos = 0;
	if (len == 0)
		return TYPEID_EMPTY;

	/* the separator is the last underscore; the suffix has none */
	while (sep > 0 && text[sep - 1] != '_')
		sep--;
	if (sep > 0)
	{
		out->prefix_len = sep - 1;
		out->suffix_pos = sep;
		if (out->prefix_len == 0)
			return TYPEID_SEPARATOR_WITHOUT_PREFIX;
		status = typeid_check_prefix(text, out->prefix_len, &out->bad_pos);
		if (status != TYPEID_OK)
			return status;
	}

	if (len - out->suffix_pos != TYPEID_SUFFIX_LEN)
		return TYPEID_SUFFIX_BAD_LENGTH;
	switch (base32_128_decode(text + out->suffix_pos, digit_value, out->uuid,
							  &out->bad_pos))
	{
		case BASE32_128_OK:
			return TYPEID_OK;
		case BASE32_128_BAD_DIGIT:
			out->bad_pos += out->suffix_pos;
			return TYPEID_SUFFIX_BAD_CHAR;
		case BASE32_128_OVERFLOW:
			break;
	}
	return TYPEID_SUFFIX_OVERFLOW;
}

void
typeid_encode_suffix(const uint8_t uuid[TYPEID_UUID_LEN],
					 char out[TYPEID_SUFFIX_LEN])
{
	base32_128_encode(uuid, out, digits);
}

size_t
typeid_encode(const char *prefix, size_t prefix_len,
			  const uint8_t uuid[TYPEID_UUID_LEN], char *out)
{
	char	   *p = out;

	if (prefix_len > 0)
	{
		memcpy(p, prefix, prefix_len);
		p[prefix_len] = '_';
		p += prefix_len + 1;
	}
	base32_128_encode(uuid, p, digits);
	return (size_t) (p - out) + TYPEID_SUFFIX_LEN;
}
