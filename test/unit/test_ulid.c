/*
 * test_ulid.c: unit tests of the ULID codec (against test/vectors/ulid_*.tsv
 * and a bit-at-a-time reference), of the monotonic generator with an
 * injected clock and given random bytes, and of its server-wide rules.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server_gen.h"
#include "ulid_core.h"
#include "tap.h"

#define LEAD SERVER_GEN_MAX_LEAD_MS
#define T0 UINT64_C(1700000000000)

static const char alphabet[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

static uint64_t rng_state = 26;

static uint64_t
rnd64(void)
{
	uint64_t	z = (rng_state += UINT64_C(0x9E3779B97F4A7C15));

	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

static void
rnd_bytes(uint8_t *p, size_t n)
{
	size_t		i;

	for (i = 0; i < n; i++)
		p[i] = (uint8_t) rnd64();
}

/* bit-at-a-time reference: digit c holds bits 5c-2 .. 5c+2 of the 128 */
static void
ref_encode(const uint8_t id[16], char out[26])
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
	return n == 32;
}

/* splits a TSV line in place; returns the number of fields */
static int
split(char *line, char **fields, int max)
{
	int			n = 0;
	char	   *p = line;

	line[strcspn(line, "\r\n")] = '\0';
	while (n < max)
	{
		fields[n++] = p;
		p = strchr(p, '\t');
		if (p == NULL)
			break;
		*p++ = '\0';
	}
	return n;
}

static FILE *
open_vectors(const char *dir, const char *name)
{
	char		path[1024];
	FILE	   *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "r");
	ok(f != NULL, "open %s", path);
	return f;
}

static void
test_vectors(const char *dir)
{
	FILE	   *f = open_vectors(dir, "ulid_vectors.tsv");
	char		line[1024];
	char	   *fld[5];
	int			rows = 0,
				good = 0;
	ulid_state	g = {0};
	int			mono_steps = 0,
				mono_resets = 0;

	if (f == NULL)
		return;
	while (fgets(line, sizeof(line), f))
	{
		uint8_t		id[16],
					want[16];
		char		text[26];
		size_t		pos;
		int			fine;

		if (line[0] == '#' || strncmp(line, "ulid\t", 5) == 0)
			continue;
		if (split(line, fld, 5) < 4)
			continue;
		rows++;
		fine = parse_uuid(fld[1], want) &&
			ulid_decode(fld[0], strlen(fld[0]), id, &pos) == ULID_DECODE_OK &&
			memcmp(id, want, 16) == 0 &&
			ulid_get_timestamp(id) == strtoull(fld[2], NULL, 10);
		ulid_encode(want, text);
		fine = fine && memcmp(text, fld[0], 26) == 0;
		if (!fine)
			printf("# vector %s does not match\n", fld[0]);
		good += fine;

		/*
		 * the spec's monotonic example: each row is the generator's next ID
		 * in the same millisecond, but where the example skips ("...")
		 */
		if (strstr(fld[3], "Monotonicity example") != NULL)
		{
			uint8_t		next[16];
			uint8_t		fresh[10] = {0};

			if (g.started)
			{
				ulid_state	t = g;

				(void) ulid_next(&t, t.timestamp, fresh);
				ulid_from_state(next, &t);
				if (memcmp(next, want, 16) == 0)
				{
					g = t;
					mono_steps++;
					continue;
				}
				mono_resets++;
			}
			g.started = true;
			g.timestamp = ulid_get_timestamp(want);
			ulid_state_set_random(&g, want + 6);
		}
	}
	fclose(f);
	ok(rows >= 15, "ulid_vectors.tsv: %d rows", rows);
	ok(good == rows, "every vector decodes to its bytes and timestamp and encodes back (%d of %d)", good, rows);
	ok(mono_steps == 5 && mono_resets == 1,
	   "the spec's monotonic example is the generator's sequence (%d steps, %d gap)",
	   mono_steps, mono_resets);
}

static void
test_aliases(const char *dir)
{
	FILE	   *f = open_vectors(dir, "ulid_aliases.tsv");
	char		line[1024];
	char	   *fld[3];
	int			rows = 0,
				good = 0;

	if (f == NULL)
		return;
	while (fgets(line, sizeof(line), f))
	{
		uint8_t		id[16];
		char		text[26];
		size_t		pos;

		if (line[0] == '#' || strncmp(line, "input\t", 6) == 0)
			continue;
		if (split(line, fld, 3) < 2)
			continue;
		rows++;
		if (ulid_decode(fld[0], strlen(fld[0]), id, &pos) == ULID_DECODE_OK)
		{
			ulid_encode(id, text);
			good += memcmp(text, fld[1], 26) == 0;
		}
	}
	fclose(f);
	ok(rows >= 5 && good == rows, "ulid_aliases.tsv: every input decodes to its canonical text (%d of %d)", good, rows);
}

/* \xHH escapes of the invalid vectors */
static size_t
unescape(const char *s, char *out)
{
	size_t		n = 0;

	while (*s)
	{
		if (s[0] == '\\' && s[1] == 'x' && hexval(s[2]) >= 0 && hexval(s[3]) >= 0)
		{
			out[n++] = (char) (hexval(s[2]) * 16 + hexval(s[3]));
			s += 4;
		}
		else
			out[n++] = *s++;
	}
	return n;
}

static void
test_invalid(const char *dir)
{
	FILE	   *f = open_vectors(dir, "ulid_invalid.tsv");
	char		line[1024];
	char	   *fld[4];
	int			rows = 0,
				good = 0;

	if (f == NULL)
		return;
	while (fgets(line, sizeof(line), f))
	{
		char		text[256];
		size_t		len,
					pos = 999;
		uint8_t		id[16];
		ulid_decode_status st;
		int			fine;

		if (line[0] == '#' || strncmp(line, "text_escaped\t", 13) == 0)
			continue;
		if (split(line, fld, 4) < 3)
			continue;
		rows++;
		len = unescape(fld[0], text);
		st = ulid_decode(text, len, id, &pos);
		if (strcmp(fld[1], "length") == 0)
			fine = st == ULID_DECODE_BAD_LENGTH;
		else if (strcmp(fld[1], "overflow") == 0)
			fine = st == ULID_DECODE_OVERFLOW;
		else
			fine = st == ULID_DECODE_BAD_DIGIT &&
				pos + 1 == strtoul(fld[1] + strlen("digit "), NULL, 10);
		if (!fine)
			printf("# invalid vector %s: status %d, position %zu\n", fld[0], st, pos);
		good += fine;
	}
	fclose(f);
	ok(rows >= 10 && good == rows, "ulid_invalid.tsv: every input is refused as the file says (%d of %d)", good, rows);
}

/* every byte at every position of a valid ULID, against the alphabet */
static void
test_every_byte(void)
{
	const char *base = "01ARYZ6S41TSV4RRFFQ69G5FAV";
	int			pos,
				c,
				bad = 0;

	for (pos = 0; pos < 26; pos++)
		for (c = 0; c < 256; c++)
		{
			char		s[26];
			uint8_t		id[16];
			size_t		bp = 999;
			int			expect;
			int			u = (c >= 'a' && c <= 'z') ? c - 32 : c;
			ulid_decode_status st;

			memcpy(s, base, 26);
			s[pos] = (char) c;
			expect = (u != 0 && strchr(alphabet, u) != NULL) ? 1 :
				(u == 'I' || u == 'L' || u == 'O') ? 2 : 0;
			st = ulid_decode(s, 26, id, &bp);
			if (expect == 0)
				bad += !(st == ULID_DECODE_BAD_DIGIT && bp == (size_t) pos);
			else if (pos == 0 && (expect == 2 ? (u == 'O' ? 0 : 1) : (int) (strchr(alphabet, u) - alphabet)) > 7)
				bad += st != ULID_DECODE_OVERFLOW;
			else
			{
				char		out[26];
				char		want = expect == 2 ? (u == 'O' ? '0' : '1') : (char) u;

				ulid_encode(id, out);
				bad += !(st == ULID_DECODE_OK && out[pos] == want &&
						 memcmp(out, base, pos) == 0 &&
						 memcmp(out + pos + 1, base + pos + 1, 25 - pos) == 0);
			}
		}
	ok(bad == 0, "each of 256 bytes at each of 26 positions: digit, alias, overflow or refused at its position (%d wrong)", bad);
	ok(ulid_digit_value('U') < 0 && ulid_digit_value('u') < 0 &&
	   ulid_digit_value('I') == 1 && ulid_digit_value('l') == 1 &&
	   ulid_digit_value('o') == 0 && ulid_digit_value('Z') == 31,
	   "U is not a digit; I, L read as 1 and O as 0 in either case");
}

static void
test_random_round_trips(void)
{
	int			i,
				bad = 0,
				order_bad = 0;
	uint8_t		prev[16] = {0};
	char		prevtext[26];

	ulid_encode(prev, prevtext);
	for (i = 0; i < 200000; i++)
	{
		uint8_t		id[16],
					back[16];
		char		text[26],
					ref[26];
		size_t		pos;
		int			c,
					k;

		rnd_bytes(id, 16);
		if (i % 7 == 0)			/* runs of equal leading bytes */
			memcpy(id, prev, (size_t) (i % 16));
		ulid_encode(id, text);
		ref_encode(id, ref);
		bad += memcmp(text, ref, 26) != 0;
		bad += ulid_decode(text, 26, back, &pos) != ULID_DECODE_OK || memcmp(back, id, 16) != 0;
		for (k = 0; k < 26; k++)
			if (text[k] >= 'A' && text[k] <= 'Z')
				text[k] = (char) (text[k] + 32);
		bad += ulid_decode(text, 26, back, &pos) != ULID_DECODE_OK || memcmp(back, id, 16) != 0;
		ulid_encode(id, text);
		c = memcmp(prev, id, 16);
		k = memcmp(prevtext, text, 26);
		order_bad += (c < 0) != (k < 0) || (c == 0) != (k == 0);
		memcpy(prev, id, 16);
		memcpy(prevtext, text, 26);
	}
	ok(bad == 0, "200000 random values: encoding equals the reference, decodes back in both cases (%d wrong)", bad);
	ok(order_bad == 0, "byte order equals text order (%d wrong)", order_bad);
}

static void
test_generator(void)
{
	ulid_state	g = {0};
	ulid_state	before;
	uint8_t		fresh[10],
				a[16],
				b[16];
	int			i,
				bad = 0;

	memset(fresh, 0x11, sizeof(fresh));
	ok(ulid_next(&g, T0, fresh) == ULID_GEN_OK && g.timestamp == T0 &&
	   g.random_hi == 0x1111 && g.random_lo == UINT64_C(0x1111111111111111),
	   "first ID: the clock's millisecond and the fresh random part");
	ulid_from_state(a, &g);
	memset(fresh, 0x22, sizeof(fresh));
	ok(ulid_next(&g, T0, fresh) == ULID_GEN_OK && g.timestamp == T0 &&
	   g.random_hi == 0x1111 && g.random_lo == UINT64_C(0x1111111111111112),
	   "same millisecond: the random part plus one, fresh unused");
	ok(ulid_next(&g, T0 - 5000, fresh) == ULID_GEN_OK && g.timestamp == T0 &&
	   g.random_lo == UINT64_C(0x1111111111111113),
	   "clock 5 s back: the last timestamp kept, the random part plus one");
	ok(ulid_next(&g, T0 + 1, fresh) == ULID_GEN_OK && g.timestamp == T0 + 1 &&
	   g.random_hi == 0x2222 && g.random_lo == UINT64_C(0x2222222222222222),
	   "next millisecond: the fresh random part");

	g.random_hi = 0x0007;
	g.random_lo = UINT64_MAX;
	ok(ulid_next(&g, T0 + 1, fresh) == ULID_GEN_OK && g.timestamp == T0 + 1 &&
	   g.random_hi == 0x0008 && g.random_lo == 0,
	   "the increment carries from the low 64 bits into the high 16");

	g.random_hi = UINT16_MAX;
	g.random_lo = UINT64_MAX;
	memset(fresh, 0x33, sizeof(fresh));
	ok(ulid_next(&g, T0 + 1, fresh) == ULID_GEN_OK && g.timestamp == T0 + 2 &&
	   g.random_hi == 0x3333 && g.random_lo == UINT64_C(0x3333333333333333),
	   "a spent random part borrows the next millisecond with a fresh random part");

	g.timestamp = ULID_MAX_TIMESTAMP;
	g.random_hi = UINT16_MAX;
	g.random_lo = UINT64_MAX;
	before = g;
	ok(ulid_next(&g, ULID_MAX_TIMESTAMP - 1, fresh) == ULID_GEN_EXHAUSTED &&
	   memcmp(&g, &before, sizeof(g)) == 0,
	   "spent in the last millisecond: exhausted, state unchanged");
	ok(ulid_next(&g, ULID_MAX_TIMESTAMP, fresh) == ULID_GEN_BAD_CLOCK,
	   "a clock at 2^48 - 1 ms is refused");
	g.started = false;
	ok(ulid_next(&g, 0, fresh) == ULID_GEN_OK && g.timestamp == 0,
	   "a clock at the epoch is a valid millisecond");

	/* any clock: strictly increasing */
	memset(&g, 0, sizeof(g));
	ulid_from_state(a, &g);
	for (i = 0; i < 100000; i++)
	{
		uint64_t	now = T0 + (rnd64() % 50) - 25 + (uint64_t) (i / 1000);

		rnd_bytes(fresh, sizeof(fresh));
		if (i % 5000 == 1)
		{
			g.random_hi = UINT16_MAX;	/* near the end of the random part */
			g.random_lo = UINT64_MAX - (rnd64() % 3);
		}
		if (ulid_next(&g, now, fresh) != ULID_GEN_OK)
		{
			bad++;
			continue;
		}
		ulid_from_state(b, &g);
		if (i > 0 && memcmp(a, b, 16) >= 0)
			bad++;
		memcpy(a, b, 16);
	}
	ok(bad == 0, "100000 IDs with a jittering clock are strictly increasing (%d wrong)", bad);
}

static void
test_server(void)
{
	ulid_server_state s;
	ulid_server_state before;
	ulid_state	issued = {0};
	ulid_state	floor = {0};
	uint8_t		fresh[10];
	uint8_t		a[16],
				b[16];
	int			i,
				bad = 0,
				refused = 0;

	memset(&s, 0, sizeof(s));
	memset(fresh, 0x44, sizeof(fresh));
	ok(ulid_server_step(&s, NULL, T0, fresh, &issued) == SERVER_GEN_OK &&
	   issued.timestamp == T0 + LEAD && issued.random_hi == 0x4444,
	   "start: the first ID is past the highest an earlier generator can have issued");
	ok(memcmp(&s.id, &issued, sizeof(issued)) == 0 && s.clock_ms == T0,
	   "the state is the issued ID and the clock reading");
	before = s;
	ok(ulid_server_step(&s, NULL, T0 - 1, fresh, &issued) == SERVER_GEN_CLOCK_BACK &&
	   memcmp(&s, &before, sizeof(s)) == 0 && issued.timestamp == T0 + LEAD,
	   "clock 1 ms back right after the start: refused as the clock going back, state unchanged");
	ok(ulid_server_step(&s, NULL, T0 + 5, fresh, &issued) == SERVER_GEN_OK &&
	   issued.timestamp == T0 + LEAD && issued.random_lo == before.id.random_lo + 1,
	   "within the bound: the same millisecond, random part plus one");
	ok(ulid_server_step(&s, NULL, T0 + LEAD + 1, fresh, &issued) == SERVER_GEN_OK &&
	   issued.timestamp == T0 + LEAD + 1,
	   "the clock passes the state: its millisecond");

	floor = s.id;
	floor.timestamp += 3;
	ok(ulid_server_step(&s, &floor, T0 + LEAD + 1, fresh, &issued) == SERVER_GEN_OK &&
	   issued.timestamp == floor.timestamp && issued.random_lo == floor.random_lo + 1,
	   "a session floor above the state is adopted");
	floor.timestamp = s.id.timestamp + LEAD + 5;
	before = s;
	ok(ulid_server_step(&s, &floor, T0 + LEAD + 1, fresh, &issued) == SERVER_GEN_FLOOR_AHEAD &&
	   memcmp(&s, &before, sizeof(s)) == 0,
	   "a floor beyond the bound while the server's state is not: refused as the floor's, state unchanged");
	floor.timestamp = 1;
	ok(ulid_server_step(&s, &floor, T0 + LEAD + 1, fresh, &issued) == SERVER_GEN_OK &&
	   issued.timestamp == before.id.timestamp && issued.random_lo == before.id.random_lo + 1,
	   "a floor below the state is ignored");

	s.id.random_hi = UINT16_MAX;
	s.id.random_lo = UINT64_MAX;
	before = s;
	ok(ulid_server_step(&s, NULL, T0 + LEAD + 1, fresh, &issued) == SERVER_GEN_OK &&
	   issued.timestamp == before.id.timestamp + 1,
	   "a spent random part borrows the next millisecond");
	ok(ulid_server_step(&s, NULL, ULID_MAX_TIMESTAMP - LEAD, fresh, &issued) == SERVER_GEN_BAD_CLOCK,
	   "a clock within the bound of 2^48 - 1 ms is refused");

	/* the start rule as a floor: an origin long past starts at the clock */
	memset(&s, 0, sizeof(s));
	ulid_server_seed(&s, T0, T0 - 60000);
	ok(s.id.started && s.id.timestamp == T0 - 1 && s.id.random_lo == UINT64_MAX,
	   "seed with an origin a minute back: every ID up to the millisecond before the clock");
	ulid_server_seed(&s, T0, T0);
	ok(s.id.timestamp == T0 + LEAD - 1, "seed with the origin now: the bound ahead");
	before = s;
	ulid_server_seed(&s, T0, T0 - 60000);
	ok(memcmp(&s, &before, sizeof(s)) == 0, "a seed never lowers the state");

	/* many steps, a clock that moves back and forth within the bound */
	memset(&s, 0, sizeof(s));
	(void) ulid_server_step(&s, NULL, T0, fresh, &issued);
	ulid_from_state(a, &issued);
	for (i = 0; i < 100000; i++)
	{
		uint64_t	now = T0 + (uint64_t) (i / 100) + (rnd64() % 9000);
		server_gen_status st;

		rnd_bytes(fresh, sizeof(fresh));
		before = s;
		st = ulid_server_step(&s, NULL, now, fresh, &issued);
		if (st != SERVER_GEN_OK)
		{
			/* refused only past the bound, and then nothing changes */
			if (!server_gen_too_far_ahead(st) || issued.timestamp <= now + LEAD ||
				memcmp(&s, &before, sizeof(s)) != 0)
				bad++;
			refused++;
			continue;
		}
		ulid_from_state(b, &issued);
		if (memcmp(a, b, 16) >= 0 || issued.timestamp > now + LEAD)
			bad++;
		memcpy(a, b, 16);
	}
	ok(bad == 0 && refused == 0,
	   "100000 server steps, clock jittering by 9 s after a start: strictly increasing, within the bound, none refused (%d wrong, %d refused)",
	   bad, refused);
}

int
main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : "../vectors";

	test_vectors(dir);
	test_aliases(dir);
	test_invalid(dir);
	test_every_byte();
	test_random_round_trips();
	test_generator();
	test_server();
	return tap_done();
}
