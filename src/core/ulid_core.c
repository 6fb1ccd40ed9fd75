/*-------------------------------------------------------------------------
 *
 * ulid_core.c
 *	  The ULID text codec and the monotonic generator; see ulid_core.h.
 *
 * The 26 digits are base32_128.c's, which TypeID shares; what is ULID's
 * own is the alphabet's case and Crockford's decoding (the table below).
 *
 *-------------------------------------------------------------------------
 */
#include "ulid_core.h"

#include "base32_128.h"

static const char alphabet[32] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/*
 * digit values by byte, -1 for a byte that is not a digit; Crockford's
 * aliases I, L (1) and O (0) in either case; U is not a digit
 */
static const int8_t digit_value[256] = {
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	/* 0 - 9 */
	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, -1, -1, -1, -1, -1, -1,
	/* @ A B C D E F G H I J K L M N O */
	-1, 10, 11, 12, 13, 14, 15, 16, 17, 1, 18, 19, 1, 20, 21, 0,
	/* P Q R S T U V W X Y Z */
	22, 23, 24, 25, 26, -1, 27, 28, 29, 30, 31, -1, -1, -1, -1, -1,
	/* ` a b c d e f g h i j k l m n o */
	-1, 10, 11, 12, 13, 14, 15, 16, 17, 1, 18, 19, 1, 20, 21, 0,
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
ulid_digit_value(unsigned char c)
{
	return digit_value[c];
}

void
ulid_encode(const uint8_t id[ULID_LEN], char text[ULID_TEXT_LEN])
{
	base32_128_encode(id, text, alphabet);
}

ulid_decode_status
ulid_decode(const char *text, size_t len, uint8_t id[ULID_LEN],
			size_t *bad_pos)
{
	if (len != ULID_TEXT_LEN)
		return ULID_DECODE_BAD_LENGTH;
	switch (base32_128_decode(text, digit_value, id, bad_pos))
	{
		case BASE32_128_OK:
			return ULID_DECODE_OK;
		case BASE32_128_BAD_DIGIT:
			return ULID_DECODE_BAD_DIGIT;
		case BASE32_128_OVERFLOW:
			break;
	}
	return ULID_DECODE_OVERFLOW;
}

ulid_gen_status
ulid_next(ulid_state *s, uint64_t now_ms, const uint8_t fresh[ULID_RANDOM_LEN])
{
	ulid_state	n = *s;

	if (now_ms >= ULID_MAX_TIMESTAMP)
		return ULID_GEN_BAD_CLOCK;

	if (!n.started || now_ms > n.timestamp)
	{
		n.timestamp = now_ms;
		ulid_state_set_random(&n, fresh);
		n.started = true;
	}
	else if (++n.random_lo == 0 && ++n.random_hi == 0)
	{
		/* the random part wrapped: borrow the next millisecond */
		if (n.timestamp + 1 > ULID_MAX_TIMESTAMP)
			return ULID_GEN_EXHAUSTED;
		n.timestamp++;
		ulid_state_set_random(&n, fresh);
	}
	*s = n;
	return ULID_GEN_OK;
}
