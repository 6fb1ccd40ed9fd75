/*
 * test_typeid.c: unit tests of the TypeID codec (src/core/typeid_core.c):
 * every case of the spec's valid.yml and invalid.yml (test/vectors/typeid,
 * with the error each invalid case gives in invalid_errors.tsv), every byte
 * at every position, the prefix rules, 1M random round trips against a
 * bit-at-a-time reference, and the order of typeid_cmp() against the text.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "typeid_core.h"
#include "tap.h"

#define MAX_CASES 64

static const char alphabet[] = "0123456789abcdefghjkmnpqrstvwxyz";

static uint64_t rng_state = 41;

static uint64_t
rnd64(void)
{
	uint64_t	z = (rng_state += UINT64_C(0x9E3779B97F4A7C15));

	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

/* bit-at-a-time reference: digit c holds bits 5c-2 .. 5c+2 of the 128 */
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
			int			bit = c * 5 + b - 2;	/* two leading zero bits */

			v = v * 2 + (bit >= 0 ? (id[bit / 8] >> (7 - bit % 8)) & 1 : 0);
		}
		out[c] = alphabet[v];
	}
}

static int
hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* the uuid text form (with hyphens) to 16 bytes */
static int
parse_uuid(const char *s, uint8_t out[16])
{
	int			n = 0;

	for (; *s && n < 32; s++)
	{
		if (*s == '-')
			continue;
		if (hexval(*s) < 0)
			return 0;
		if (n % 2 == 0)
			out[n / 2] = (uint8_t) (hexval(*s) << 4);
		else
			out[n / 2] |= (uint8_t) hexval(*s);
		n++;
	}
	return n == 32 && *s == '\0';
}

/*
 * One case of the spec's YAML files.  They use a small subset of YAML: a
 * line "- name: NAME" starts a case, lines "  key: "value"" give its fields
 * (double-quoted, no escapes), lines starting with # are comments.
 */
typedef struct yml_case
{
	char		name[64];
	char		typeid[128];
	char		prefix[128];
	char		uuid[64];
	int			has_typeid,
				has_prefix,
				has_uuid;
} yml_case;

/* the quoted value of a "key: "value"" line, or 0 if it is not one */
static int
quoted_value(const char *line, const char *key, char *out, size_t size)
{
	size_t		klen = strlen(key);
	const char *open,
			   *close;

	if (strncmp(line, key, klen) != 0 || line[klen] != ':')
		return 0;
	open = strchr(line + klen, '"');
	close = strrchr(line + klen, '"');
	if (open == NULL || close == open || (size_t) (close - open - 1) >= size)
		return 0;
	memcpy(out, open + 1, (size_t) (close - open - 1));
	out[close - open - 1] = '\0';
	return 1;
}

static int
read_yml(const char *dir, const char *file, yml_case *cases, int max)
{
	char		path[1024];
	char		line[1024];
	FILE	   *f;
	int			n = -1;

	snprintf(path, sizeof(path), "%s/typeid/%s", dir, file);
	f = fopen(path, "r");
	ok(f != NULL, "open %s", path);
	if (f == NULL)
		return 0;
	while (fgets(line, sizeof(line), f))
	{
		char	   *p = line;

		line[strcspn(line, "\r\n")] = '\0';
		while (*p == ' ')
			p++;
		if (*p == '#' || *p == '\0')
			continue;
		if (strncmp(p, "- name:", 7) == 0)
		{
			if (++n >= max)
				break;
			memset(&cases[n], 0, sizeof(yml_case));
			p += 7;
			while (*p == ' ')
				p++;
			snprintf(cases[n].name, sizeof(cases[n].name), "%.63s", p);
			continue;
		}
		if (n < 0)
			continue;
		if (quoted_value(p, "typeid", cases[n].typeid, sizeof(cases[n].typeid)))
			cases[n].has_typeid = 1;
		else if (quoted_value(p, "prefix", cases[n].prefix, sizeof(cases[n].prefix)))
			cases[n].has_prefix = 1;
		else if (quoted_value(p, "uuid", cases[n].uuid, sizeof(cases[n].uuid)))
			cases[n].has_uuid = 1;
	}
	fclose(f);
	return n + 1;
}

static void
test_valid(const char *dir)
{
	yml_case	cases[MAX_CASES];
	int			n = read_yml(dir, "valid.yml", cases, MAX_CASES);
	int			i,
				good = 0;

	for (i = 0; i < n; i++)
	{
		yml_case   *c = &cases[i];
		typeid_parsed p;
		uint8_t		want[16];
		char		text[TYPEID_TEXT_MAX];
		size_t		len = strlen(c->typeid);
		size_t		plen = strlen(c->prefix);
		size_t		pos;
		int			fine;

		fine = c->has_typeid && c->has_prefix && c->has_uuid &&
			parse_uuid(c->uuid, want) &&
			typeid_decode(c->typeid, len, &p) == TYPEID_OK &&
			p.prefix_len == plen && memcmp(c->typeid, c->prefix, plen) == 0 &&
			memcmp(p.uuid, want, 16) == 0;
		/* and the pair encodes to the same text */
		fine = fine && typeid_check_prefix(c->prefix, plen, &pos) == TYPEID_OK &&
			typeid_encode(c->prefix, plen, want, text) == strlen(c->typeid) &&
			memcmp(text, c->typeid, strlen(c->typeid)) == 0;
		if (!fine)
			printf("# valid.yml %s: does not decode to its prefix and uuid, or encode back\n", c->name);
		good += fine;
	}
	ok(n >= 9, "valid.yml: %d cases", n);
	ok(good == n, "every valid.yml case decodes to its prefix and UUID and encodes back (%d of %d)", good, n);
}

/* the status and position an invalid_errors.tsv error names */
static int
expected_error(const char *error, typeid_status *status, size_t *pos)
{
	static const struct
	{
		const char *name;
		typeid_status status;
	}			kinds[] = {
		{"empty", TYPEID_EMPTY},
		{"separator", TYPEID_SEPARATOR_WITHOUT_PREFIX},
		{"prefix_length", TYPEID_PREFIX_TOO_LONG},
		{"prefix_char", TYPEID_PREFIX_BAD_CHAR},
		{"prefix_leading_underscore", TYPEID_PREFIX_LEADING_UNDERSCORE},
		{"prefix_trailing_underscore", TYPEID_PREFIX_TRAILING_UNDERSCORE},
		{"suffix_length", TYPEID_SUFFIX_BAD_LENGTH},
		{"suffix_char", TYPEID_SUFFIX_BAD_CHAR},
		{"suffix_overflow", TYPEID_SUFFIX_OVERFLOW},
	};
	size_t		i;
	size_t		wlen = strcspn(error, " ");

	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (strlen(kinds[i].name) == wlen && strncmp(error, kinds[i].name, wlen) == 0)
		{
			*status = kinds[i].status;
			*pos = error[wlen] == ' ' ? strtoul(error + wlen + 1, NULL, 10) : 0;
			return 1;
		}
	return 0;
}

static void
test_invalid(const char *dir)
{
	yml_case	cases[MAX_CASES];
	int			n = read_yml(dir, "invalid.yml", cases, MAX_CASES);
	char		path[1024];
	char		line[1024];
	char		names[MAX_CASES][64];
	char		errors[MAX_CASES][64];
	int			rows = 0,
				used[MAX_CASES] = {0};
	int			i,
				good = 0,
				unused = 0;
	FILE	   *f;

	snprintf(path, sizeof(path), "%s/typeid/invalid_errors.tsv", dir);
	f = fopen(path, "r");
	ok(f != NULL, "open %s", path);
	if (f == NULL)
		return;
	while (fgets(line, sizeof(line), f) && rows < MAX_CASES)
	{
		char	   *tab;

		line[strcspn(line, "\r\n")] = '\0';
		if (line[0] == '#' || strncmp(line, "name\t", 5) == 0 ||
			(tab = strchr(line, '\t')) == NULL)
			continue;
		*tab = '\0';
		snprintf(names[rows], sizeof(names[rows]), "%.63s", line);
		snprintf(errors[rows], sizeof(errors[rows]), "%.63s", tab + 1);
		rows++;
	}
	fclose(f);

	for (i = 0; i < n; i++)
	{
		yml_case   *c = &cases[i];
		typeid_parsed p;
		typeid_status st,
					want = TYPEID_OK;
		size_t		want_pos = 0;
		int			r,
					fine;

		for (r = 0; r < rows; r++)
			if (strcmp(names[r], c->name) == 0)
				break;
		if (r == rows || !expected_error(errors[r], &want, &want_pos))
		{
			printf("# invalid.yml %s: no error in invalid_errors.tsv\n", c->name);
			continue;
		}
		used[r] = 1;
		st = typeid_decode(c->typeid, strlen(c->typeid), &p);
		fine = c->has_typeid && st == want && st != TYPEID_OK &&
			(want_pos == 0 || p.bad_pos + 1 == want_pos);
		if (!fine)
			printf("# invalid.yml %s: status %d (want %d), position %zu\n",
				   c->name, (int) st, (int) want, p.bad_pos + 1);
		good += fine;
	}
	for (i = 0; i < rows; i++)
		unused += !used[i];
	ok(n >= 21, "invalid.yml: %d cases", n);
	ok(good == n, "every invalid.yml case is refused with the error invalid_errors.tsv names (%d of %d)", good, n);
	ok(unused == 0 && rows == n, "invalid_errors.tsv has one row per case (%d rows, %d not a case)", rows, unused);
}

/* every byte at every position of the suffix and of the prefix */
static void
test_every_byte(void)
{
	const char *base = "pre_fix_01h455vb4pex5vsknk084sn02q";
	size_t		blen = strlen(base);
	size_t		pos;
	int			c,
				bad = 0;

	for (pos = 8; pos < blen; pos++)
		for (c = 0; c < 256; c++)
		{
			char		s[64];
			typeid_parsed p;
			typeid_status st;
			const char *d = c != 0 ? strchr(alphabet, c) : NULL;

			memcpy(s, base, blen);
			s[pos] = (char) c;
			st = typeid_decode(s, blen, &p);
			if (c == '_')		/* a later separator: the digits before it
								 * are in the prefix */
				bad += pos == 8 ? st != TYPEID_PREFIX_TRAILING_UNDERSCORE :
					!(st == TYPEID_PREFIX_BAD_CHAR && p.bad_pos == 8);
			else if (d == NULL)
				bad += !(st == TYPEID_SUFFIX_BAD_CHAR && p.bad_pos == pos);
			else if (pos == 8 && d - alphabet > 7)
				bad += st != TYPEID_SUFFIX_OVERFLOW;
			else
			{
				char		out[64];

				bad += !(st == TYPEID_OK && p.prefix_len == 7 &&
						 typeid_encode(s, 7, p.uuid, out) == blen &&
						 memcmp(out, s, blen) == 0);
			}
		}
	ok(bad == 0, "each of 256 bytes at each suffix position: a digit of the lower-case alphabet, overflow, or refused at its position (%d wrong)", bad);

	bad = 0;
	for (pos = 0; pos < 7; pos++)
		for (c = 1; c < 256; c++)
		{
			char		s[64];
			typeid_parsed p;
			typeid_status st;

			memcpy(s, base, blen);
			s[pos] = (char) c;
			st = typeid_decode(s, blen, &p);
			if (c >= 'a' && c <= 'z')
				bad += st != TYPEID_OK;
			else if (c == '_')
				bad += st != (pos == 0 ? TYPEID_PREFIX_LEADING_UNDERSCORE :
							  pos == 6 ? TYPEID_PREFIX_TRAILING_UNDERSCORE : TYPEID_OK);
			else
				bad += !(st == TYPEID_PREFIX_BAD_CHAR && p.bad_pos == pos);
		}
	ok(bad == 0, "each byte at each prefix position: a-z, _ inside, or refused at its position (%d wrong)", bad);

	for (c = 0, bad = 0; c < 256; c++)
	{
		const char *d = c != 0 ? strchr(alphabet, c) : NULL;

		bad += typeid_digit_value((unsigned char) c) != (d ? d - alphabet : -1);
	}
	ok(bad == 0 && typeid_digit_value('I') < 0 && typeid_digit_value('l') < 0 &&
	   typeid_digit_value('o') < 0 && typeid_digit_value('u') < 0 &&
	   typeid_digit_value('A') < 0 && typeid_digit_value('z') == 31,
	   "the digits are exactly the lower-case alphabet: no upper case, no Crockford aliases");
}

static void
test_prefix_rules(void)
{
	char		p64[65];
	size_t		pos = 0;
	typeid_parsed p;

	memset(p64, 'a', 64);
	p64[64] = '\0';
	ok(typeid_check_prefix("", 0, &pos) == TYPEID_OK, "the empty prefix is valid");
	ok(typeid_check_prefix(p64, 63, &pos) == TYPEID_OK, "63 letters are a prefix");
	ok(typeid_check_prefix(p64, 64, &pos) == TYPEID_PREFIX_TOO_LONG, "64 letters are not");
	ok(typeid_check_prefix("a_b", 3, &pos) == TYPEID_OK &&
	   typeid_check_prefix("a__b", 4, &pos) == TYPEID_OK &&
	   typeid_check_prefix("x", 1, &pos) == TYPEID_OK,
	   "underscores inside a prefix, one letter");
	ok(typeid_check_prefix("_", 1, &pos) == TYPEID_PREFIX_LEADING_UNDERSCORE &&
	   typeid_check_prefix("_a", 2, &pos) == TYPEID_PREFIX_LEADING_UNDERSCORE &&
	   typeid_check_prefix("a_", 2, &pos) == TYPEID_PREFIX_TRAILING_UNDERSCORE,
	   "no underscore first or last");
	ok(typeid_check_prefix("ab1", 3, &pos) == TYPEID_PREFIX_BAD_CHAR && pos == 2 &&
	   typeid_check_prefix("a\0b", 3, &pos) == TYPEID_PREFIX_BAD_CHAR && pos == 1,
	   "a digit or a NUL is a bad byte at its position");
	ok(typeid_decode("01h455vb4pex5vsknk084sn02q", 26, &p) == TYPEID_OK && p.prefix_len == 0 &&
	   p.suffix_pos == 0, "no separator: the empty prefix");
	ok(typeid_decode("a_b_01h455vb4pex5vsknk084sn02q", 30, &p) == TYPEID_OK &&
	   p.prefix_len == 3 && p.suffix_pos == 4, "the separator is the last underscore");
	ok(typeid_decode("01h455vb4pex5vsknk084sn02q_", 27, &p) == TYPEID_PREFIX_BAD_CHAR &&
	   p.prefix_len == 26 && p.suffix_pos == 27 && p.bad_pos == 0,
	   "a trailing underscore: the 26 digits before it are a prefix, refused at its first digit");
	ok(typeid_decode("abc_", 4, &p) == TYPEID_SUFFIX_BAD_LENGTH &&
	   p.prefix_len == 3 && p.suffix_pos == 4, "a prefix and an empty suffix: the suffix's length");
	ok(typeid_decode("user_01H455VB4PEX5VSKNK084SN02Q", 31, &p) == TYPEID_SUFFIX_BAD_CHAR &&
	   p.bad_pos == 7, "an upper-case suffix is refused at its first letter");
	ok(typeid_decode("user_01h455vb4pex5vsknk084sn0", 29, &p) == TYPEID_SUFFIX_BAD_LENGTH,
	   "a short suffix");
	ok(typeid_text_len(0) == 26 && typeid_text_len(4) == 31 && TYPEID_TEXT_MAX == 90,
	   "text lengths: 26 without a prefix, prefix + 27 with one, 90 at most");
}

/* a random valid prefix of 0 to 63 bytes */
static size_t
random_prefix(char *out)
{
	size_t		len = (size_t) (rnd64() % 4 == 0 ? rnd64() % 64 : rnd64() % 10);
	size_t		i;

	for (i = 0; i < len; i++)
	{
		uint64_t	r = rnd64();

		out[i] = (i > 0 && i + 1 < len && r % 5 == 0) ? '_' : (char) ('a' + (r >> 8) % 26);
	}
	return len;
}

static int
sign(int c)
{
	return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

static void
test_random_round_trips(void)
{
	int			i,
				bad = 0,
				order_bad = 0;
	char		prev_prefix[64] = "";
	size_t		prev_plen = 0;
	uint8_t		prev_uuid[16] = {0};
	char		prev_text[TYPEID_TEXT_MAX];
	size_t		prev_tlen = typeid_encode("", 0, prev_uuid, prev_text);

	for (i = 0; i < 1000000; i++)
	{
		char		prefix[64];
		size_t		plen = random_prefix(prefix);
		uint8_t		uuid[16];
		char		text[TYPEID_TEXT_MAX],
					ref[26];
		size_t		tlen,
					pos;
		typeid_parsed p;
		uint64_t	a = rnd64(),
					b = rnd64();
		int			k,
					c,
					t;

		memcpy(uuid, &a, 8);
		memcpy(uuid + 8, &b, 8);
		if (i % 7 == 0)			/* equal prefixes and UUIDs sharing bytes */
		{
			memcpy(prefix, prev_prefix, prev_plen);
			plen = prev_plen;
			memcpy(uuid, prev_uuid, (size_t) (i % 17));
		}
		else if (i % 11 == 0 && prev_plen > 0)	/* one prefix begins another */
		{
			plen = (size_t) (rnd64() % prev_plen);
			memcpy(prefix, prev_prefix, plen);
			while (plen > 0 && prefix[plen - 1] == '_')
				plen--;
		}
		bad += typeid_check_prefix(prefix, plen, &pos) != TYPEID_OK;
		tlen = typeid_encode(prefix, plen, uuid, text);
		ref_suffix(uuid, ref);
		bad += tlen != typeid_text_len(plen) ||
			memcmp(text + tlen - 26, ref, 26) != 0 ||
			memcmp(text, prefix, plen) != 0 ||
			(plen > 0 && text[plen] != '_');
		bad += typeid_decode(text, tlen, &p) != TYPEID_OK ||
			p.prefix_len != plen || memcmp(p.uuid, uuid, 16) != 0;

		/* typeid_cmp() is the C order of the text */
		c = typeid_cmp(prev_prefix, prev_plen, prev_uuid, prefix, plen, uuid);
		k = memcmp(prev_text, text, prev_tlen < tlen ? prev_tlen : tlen);
		t = k != 0 ? sign(k) : (prev_tlen < tlen ? -1 : prev_tlen > tlen ? 1 : 0);
		order_bad += c != t ||
			typeid_cmp(prefix, plen, uuid, prev_prefix, prev_plen, prev_uuid) != -t;

		memcpy(prev_prefix, prefix, plen);
		prev_plen = plen;
		memcpy(prev_uuid, uuid, 16);
		memcpy(prev_text, text, tlen);
		prev_tlen = tlen;
	}
	ok(bad == 0, "1000000 random (prefix, UUID): text as the reference encodes it, decodes back (%d wrong)", bad);
	ok(order_bad == 0, "typeid_cmp() is the byte order of the text (%d wrong)", order_bad);
}

int
main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : "../vectors";

	test_valid(dir);
	test_invalid(dir);
	test_every_byte();
	test_prefix_rules();
	test_random_round_trips();
	return tap_done();
}
