/*-------------------------------------------------------------------------
 *
 * fuzz_typeid.c
 *	  libFuzzer harness for the TypeID text codec in src/core/typeid_core.c.
 *
 * Every input is used three ways:
 *
 *  1. Raw decode: the bytes are either refused or decode to a prefix and a
 *     UUID whose encoding is the input itself (decoding is strict: one
 *     text per value).  Status, the prefix length, the position of the
 *     first bad byte and the UUID must agree with ref_decode(), written
 *     from the spec separately: the last underscore found by a forward
 *     scan, the prefix checked character by character, the suffix read
 *     bit by bit.
 *  2. Mapped decode: the input drives a text built from prefix letters,
 *     underscores, digits of the alphabet and near misses (upper case,
 *     Crockford's i l o u, hyphens, raw bytes), with lengths around the
 *     limits, so most inputs get far into the decoder; same checks.
 *  3. Encode: a valid prefix and a UUID from the input; the text must be
 *     what the reference gives and decode back to both.
 *
 * Any disagreement calls abort(), which libFuzzer reports as a crash.
 *
 *-------------------------------------------------------------------------
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "typeid_core.h"

#define FAIL(...) \
	do { \
		fprintf(stderr, "fuzz_typeid: " __VA_ARGS__); \
		fputc('\n', stderr); \
		abort(); \
	} while (0)

static const char alphabet[] = "0123456789abcdefghjkmnpqrstvwxyz";

static int
ref_digit(unsigned char c)
{
	int			i;

	for (i = 0; i < 32; i++)
		if ((unsigned char) alphabet[i] == c)
			return i;
	return -1;
}

typedef struct ref_result
{
	typeid_status status;
	size_t		prefix_len;
	size_t		bad_pos;
	uint8_t		uuid[16];
} ref_result;

static void
ref_decode(const unsigned char *s, size_t len, ref_result *r)
{
	size_t		i,
				start = 0;
	int			have_sep = 0;
	size_t		sep = 0;
	int			bits[130];
	int			b;

	memset(r, 0, sizeof(*r));
	if (len == 0)
	{
		r->status = TYPEID_EMPTY;
		return;
	}
	for (i = 0; i < len; i++)
		if (s[i] == '_')
		{
			have_sep = 1;
			sep = i;
		}
	if (have_sep)
	{
		r->prefix_len = sep;
		start = sep + 1;
		if (sep == 0)
		{
			r->status = TYPEID_SEPARATOR_WITHOUT_PREFIX;
			return;
		}
		if (sep > 63)
		{
			r->status = TYPEID_PREFIX_TOO_LONG;
			return;
		}
		for (i = 0; i < sep; i++)
			if (!((s[i] >= 'a' && s[i] <= 'z') || s[i] == '_'))
			{
				r->status = TYPEID_PREFIX_BAD_CHAR;
				r->bad_pos = i;
				return;
			}
		if (s[0] == '_')
		{
			r->status = TYPEID_PREFIX_LEADING_UNDERSCORE;
			return;
		}
		if (s[sep - 1] == '_')
		{
			r->status = TYPEID_PREFIX_TRAILING_UNDERSCORE;
			return;
		}
	}
	if (len - start != 26)
	{
		r->status = TYPEID_SUFFIX_BAD_LENGTH;
		return;
	}
	for (i = 0; i < 26; i++)
	{
		int			v = ref_digit(s[start + i]);

		if (v < 0)
		{
			r->status = TYPEID_SUFFIX_BAD_CHAR;
			r->bad_pos = start + i;
			return;
		}
		for (b = 0; b < 5; b++)
			bits[i * 5 + b] = (v >> (4 - b)) & 1;
	}
	if (bits[0] || bits[1])
	{
		r->status = TYPEID_SUFFIX_OVERFLOW;
		return;
	}
	for (b = 0; b < 128; b++)
		if (bits[b + 2])
			r->uuid[b / 8] |= (uint8_t) (0x80 >> (b % 8));
	r->status = TYPEID_OK;
}

static void
ref_suffix(const uint8_t id[16], char out[26])
{
	int			c,
				b;

	for (c = 0; c < 26; c++)
	{
		int			v = 0;

		for (b = 0; b < 5; b++)
		{
			int			bit = c * 5 + b - 2;

			v = v * 2 + (bit >= 0 ? (id[bit / 8] >> (7 - bit % 8)) & 1 : 0);
		}
		out[c] = alphabet[v];
	}
}

static void
check_decode(const char *s, size_t len)
{
	typeid_parsed p;
	ref_result	r;
	typeid_status st;

	memset(&p, 0xAA, sizeof(p));
	st = typeid_decode(s, len, &p);
	ref_decode((const unsigned char *) s, len, &r);

	if (st != r.status)
		FAIL("status %d, reference %d (len %zu)", (int) st, (int) r.status, len);
	if (st != TYPEID_EMPTY && p.prefix_len != r.prefix_len)
		FAIL("prefix length %zu, reference %zu", p.prefix_len, r.prefix_len);
	if (st == TYPEID_PREFIX_BAD_CHAR || st == TYPEID_SUFFIX_BAD_CHAR)
	{
		if (p.bad_pos != r.bad_pos)
			FAIL("bad position %zu, reference %zu", p.bad_pos, r.bad_pos);
		if (p.bad_pos >= len)
			FAIL("bad position %zu outside the input", p.bad_pos);
	}
	if (st == TYPEID_OK)
	{
		char		out[TYPEID_TEXT_MAX];
		size_t		pos;

		if (memcmp(p.uuid, r.uuid, 16) != 0)
			FAIL("UUID differs from the reference");
		if (typeid_check_prefix(s, p.prefix_len, &pos) != TYPEID_OK)
			FAIL("decoded a prefix that typeid_check_prefix() refuses");
		if (typeid_encode(s, p.prefix_len, p.uuid, out) != len ||
			memcmp(out, s, len) != 0)
			FAIL("re-encoding is not the input");
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char prefix_chars[] = "abcdefghijklmnopqrstuvwxyz_";
	static const char near_digits[] = "0123456789abcdefghjkmnpqrstvwxyzilouILOUA-_ ";
	char		text[160];
	size_t		n = 0,
				i,
				plen,
				slen,
				pos;
	uint8_t		uuid[16];
	char		prefix[64],
				out[TYPEID_TEXT_MAX],
				ref[26];
	typeid_parsed p;

	/* 1. raw */
	check_decode((const char *) data, size);

	/* 2. mapped: a prefix of 0-70 bytes, a separator, a suffix of 24-28 */
	if (size >= 2)
	{
		size_t		k = 2;

		plen = data[0] % 72;
		slen = 24 + (data[1] & 7) % 5;
		for (i = 0; i < plen && n < sizeof(text); i++)
		{
			uint8_t		b = k < size ? data[k++] : 0;

			text[n++] = b >= 0xF8 ? (char) b : prefix_chars[b % 27];
		}
		if (plen > 0 && !(data[1] & 0x80) && n < sizeof(text))
			text[n++] = '_';
		for (i = 0; i < slen && n < sizeof(text); i++)
		{
			uint8_t		b = k < size ? data[k++] : 0;

			/* mostly digits of the alphabet, a first digit mostly 0-7 */
			if (i == 0 && (b & 0x40) == 0)
				text[n++] = alphabet[b % 8];
			else
				text[n++] = (b & 0x30) ? alphabet[b % 32] : near_digits[b % 44];
		}
		check_decode(text, n);
	}

	/* 3. encode: a valid prefix, a UUID */
	plen = size > 0 ? data[0] % 64 : 0;
	for (i = 0; i < plen; i++)
	{
		uint8_t		b = i + 1 < size ? data[i + 1] : 0;

		prefix[i] = (i > 0 && i + 1 < plen && b % 9 == 0) ? '_' : (char) ('a' + b % 26);
	}
	if (typeid_check_prefix(prefix, plen, &pos) != TYPEID_OK)
		FAIL("generated prefix refused");
	memset(uuid, 0, 16);
	if (size > 0)
		memcpy(uuid, data + (size > 16 ? size - 16 : 0), size < 16 ? size : 16);
	n = typeid_encode(prefix, plen, uuid, out);
	ref_suffix(uuid, ref);
	if (n != typeid_text_len(plen) || memcmp(out + n - 26, ref, 26) != 0 ||
		memcmp(out, prefix, plen) != 0 || (plen > 0 && out[plen] != '_'))
		FAIL("encoding differs from the reference");
	if (typeid_decode(out, n, &p) != TYPEID_OK || p.prefix_len != plen ||
		memcmp(p.uuid, uuid, 16) != 0)
		FAIL("encoding does not decode back");
	return 0;
}
