/*
 * test_scru64.c: unit tests of the SCRU64 core: every vector of the four
 * scru64 files, and each generator rule with an injected clock and random
 * source.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scru64_core.h"
#include "tap.h"

#define LINE_MAX_LEN 4096
#define MAX_FIELDS 16

/* splits a tab-separated line in place; returns the number of fields */
static int
split_tabs(char *line, char **fields)
{
	int			n = 0;
	char	   *p = line;

	line[strcspn(line, "\r\n")] = '\0';
	fields[n++] = p;
	while ((p = strchr(p, '\t')) != NULL && n < MAX_FIELDS)
	{
		*p++ = '\0';
		fields[n++] = p;
	}
	return n;
}

/* C-style \xNN escapes of the vector files; returns the length */
static size_t
unescape(const char *src, char *dst)
{
	size_t		n = 0;

	while (*src)
	{
		if (src[0] == '\\' && src[1] == 'x' && src[2] && src[3])
		{
			char		hex[3] = {src[2], src[3], 0};

			dst[n++] = (char) strtol(hex, NULL, 16);
			src += 4;
		}
		else
			dst[n++] = *src++;
	}
	dst[n] = '\0';
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

/* true for comment lines and the header (first field named like a column) */
static bool
skip_line(char *line, bool *header_seen)
{
	if (line[0] == '#')
		return true;
	if (!*header_seen)
	{
		*header_seen = true;
		return true;
	}
	return false;
}

static void
test_valid_vectors(const char *dir)
{
	char		line[LINE_MAX_LEN];
	bool		header = false;
	int			rows = 0;
	FILE	   *f = open_vectors(dir, "scru64_vectors.tsv");

	if (!f)
		return;
	while (fgets(line, sizeof(line), f))
	{
		char	   *fld[MAX_FIELDS];
		uint64_t	id = 0,
					want;
		char		text[SCRU64_TEXT_LEN + 1] = {0};
		char		upper[SCRU64_TEXT_LEN + 1];
		int			i;

		if (skip_line(line, &header))
			continue;
		if (split_tabs(line, fld) < 6)
			continue;
		rows++;
		want = strtoull(fld[2], NULL, 16);
		ok(scru64_decode(fld[0], strlen(fld[0]), &id, NULL) == SCRU64_DECODE_OK &&
		   id == want, "decode %s", fld[0]);
		ok(strtoull(fld[1], NULL, 10) == want, "integer of %s", fld[0]);
		ok(want <= SCRU64_MAX, "%s is at most MAX", fld[0]);
		scru64_encode(want, text);
		ok(strcmp(text, fld[0]) == 0, "encode %s", fld[0]);
		for (i = 0; i < SCRU64_TEXT_LEN; i++)
			upper[i] = (fld[0][i] >= 'a' && fld[0][i] <= 'z') ?
				(char) (fld[0][i] - 'a' + 'A') : fld[0][i];
		upper[SCRU64_TEXT_LEN] = '\0';
		ok(scru64_decode(upper, SCRU64_TEXT_LEN, &id, NULL) == SCRU64_DECODE_OK &&
		   id == want, "decode upper case %s", upper);
		ok(scru64_get_timestamp(want) == strtoull(fld[3], NULL, 10) &&
		   (scru64_get_timestamp(want) << 8) == strtoull(fld[4], NULL, 10) &&
		   scru64_get_node_ctr(want) == strtoul(fld[5], NULL, 10),
		   "fields of %s", fld[0]);
		ok(scru64_from_parts(strtoull(fld[3], NULL, 10),
							 (uint32_t) strtoul(fld[5], NULL, 10)) == want,
		   "from_parts of %s", fld[0]);
	}
	fclose(f);
	ok(rows >= 26, "read %d valid vectors", rows);
}

static void
test_invalid_vectors(const char *dir)
{
	char		line[LINE_MAX_LEN];
	bool		header = false;
	int			rows = 0;
	FILE	   *f = open_vectors(dir, "scru64_invalid.tsv");

	if (!f)
		return;
	while (fgets(line, sizeof(line), f))
	{
		char	   *fld[MAX_FIELDS];
		char		buf[LINE_MAX_LEN];
		size_t		len;
		uint64_t	id;

		if (skip_line(line, &header))
			continue;
		if (split_tabs(line, fld) < 4)
			continue;
		rows++;
		if (strcmp(fld[0], "string") == 0)
		{
			len = unescape(fld[1], buf);
			ok(scru64_decode(buf, len, &id, NULL) != SCRU64_DECODE_OK,
			   "string \"%s\" refused", fld[1]);
		}
		else if (strcmp(fld[0], "u64") == 0 || strcmp(fld[0], "bytes_be") == 0)
		{
			/* 8 bytes as an unsigned integer above MAX; other lengths */
			if (strlen(fld[2]) == 16)
				ok(strtoull(fld[2], NULL, 16) > SCRU64_MAX,
				   "%s %s above MAX", fld[0], fld[1]);
			else
				ok(strlen(fld[2]) != 16, "%s of %zu bytes refused by length",
				   fld[0], strlen(fld[2]) / 2);
		}
		else if (strcmp(fld[0], "i64") == 0)
		{
			int64_t		v = strtoll(fld[1], NULL, 10);

			ok(v < 0 || (uint64_t) v > SCRU64_MAX, "i64 %s out of range", fld[1]);
		}
		else if (strcmp(fld[0], "from_parts") == 0)
		{
			unsigned long long ts;
			unsigned long nc;

			ok(sscanf(fld[1], "timestamp=%llu,node_ctr=%lu", &ts, &nc) == 2 &&
			   (ts > SCRU64_MAX_TIMESTAMP || nc > SCRU64_MAX_NODE_CTR),
			   "from_parts %s out of range", fld[1]);
		}
	}
	fclose(f);
	ok(rows >= 21, "read %d invalid vectors", rows);
}

static void
test_node_spec_vectors(const char *dir)
{
	char		line[LINE_MAX_LEN];
	bool		header = false;
	int			rows = 0;
	FILE	   *f = open_vectors(dir, "scru64_node_specs.tsv");

	if (!f)
		return;
	while (fgets(line, sizeof(line), f))
	{
		char	   *fld[MAX_FIELDS];
		scru64_node_spec spec;
		char		canon[SCRU64_NODE_SPEC_MAXLEN + 1];
		scru64_node_spec again;

		if (skip_line(line, &header))
			continue;
		if (split_tabs(line, fld) < 7)
			continue;
		rows++;
		ok(scru64_parse_node_spec(fld[0], strlen(fld[0]), &spec) == SCRU64_SPEC_OK,
		   "node spec %s accepted", fld[0]);
		ok(spec.node_id == strtoul(fld[3], NULL, 10) &&
		   spec.node_id_size == atoi(fld[4]) &&
		   spec.node_prev == strtoull(fld[5], NULL, 16) &&
		   spec.has_prev == (strcmp(fld[2], "node_prev") == 0),
		   "node spec %s parsed", fld[0]);
		scru64_node_spec_canonical(&spec, canon);
		ok(strcmp(canon, fld[1]) == 0, "node spec %s canonical %s (got %s)",
		   fld[0], fld[1], canon);
		ok(scru64_parse_node_spec(canon, strlen(canon), &again) == SCRU64_SPEC_OK &&
		   again.node_id == spec.node_id && again.node_id_size == spec.node_id_size,
		   "canonical %s parses to the same node", canon);
	}
	fclose(f);
	ok(rows >= 40, "read %d node spec vectors", rows);

	header = false;
	rows = 0;
	f = open_vectors(dir, "scru64_node_specs_invalid.tsv");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f))
	{
		char	   *fld[MAX_FIELDS];
		char		buf[LINE_MAX_LEN];
		size_t		len;
		scru64_node_spec spec;

		if (skip_line(line, &header))
			continue;
		split_tabs(line, fld);
		rows++;
		len = unescape(fld[0], buf);
		ok(scru64_parse_node_spec(buf, len, &spec) != SCRU64_SPEC_OK,
		   "node spec \"%s\" refused", fld[0]);
	}
	fclose(f);
	ok(rows >= 21, "read %d invalid node specs", rows);
}

static void
test_codec_edges(void)
{
	uint64_t	id;
	size_t		bad = 99;
	char		text[SCRU64_TEXT_LEN + 1] = {0};
	uint64_t	x = UINT64_C(0x243F6A8885A308D3);
	int			i,
				good = 1;

	ok(scru64_decode("zzzzzzzzzzzz", 12, &id, NULL) == SCRU64_DECODE_OK &&
	   id == SCRU64_MAX, "zzzzzzzzzzzz is MAX");
	ok(scru64_decode("0000000000000", 13, &id, NULL) == SCRU64_DECODE_BAD_LENGTH,
	   "13 digits refused");
	ok(scru64_decode("00000000000", 11, &id, NULL) == SCRU64_DECODE_BAD_LENGTH,
	   "11 digits refused");
	ok(scru64_decode("00000\x80" "000000", 12, &id, &bad) == SCRU64_DECODE_BAD_DIGIT &&
	   bad == 5, "high byte refused at its position");
	/* round trip of pseudo-random valid values */
	for (i = 0; i < 100000; i++)
	{
		uint64_t	v,
					back = 0;

		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		v = x % (SCRU64_MAX + 1);
		scru64_encode(v, text);
		if (scru64_decode(text, 12, &back, NULL) != SCRU64_DECODE_OK || back != v)
			good = 0;
	}
	ok(good, "100000 random values round-trip");
}

/*
 * Generator rules.  Node 42/8: counter has 16 bits.
 */
#define NODE 42
#define SIZE 8
#define CMAX 0xFFFFu
#define A SCRU64_ROLLBACK_ALLOWANCE_TICKS

static uint64_t
id_of(uint64_t ts, uint32_t counter)
{
	return scru64_from_parts(ts, (NODE << 16) | counter);
}

static void
test_generator_rules(void)
{
	uint64_t	next = 0,
				prev;
	uint64_t	t0 = UINT64_C(6557084606);
	scru64_gen_status st;
	int			size;

	ok(A == 39, "allowance is 39 ticks (10000 ms >> 8)");

	/* new tick: counter renewed from the random number, node bits kept */
	st = scru64_next(id_of(t0 - 1, 5), t0, NODE, SIZE, A, 0xABCD1234u, &next);
	ok(st == SCRU64_GEN_OK && next == id_of(t0, 0x1234), "new tick renews the counter at random");

	/* same tick: + 1, random ignored */
	st = scru64_next(id_of(t0, 7), t0, NODE, SIZE, A, 0xFFFFFFFFu, &next);
	ok(st == SCRU64_GEN_OK && next == id_of(t0, 8), "same tick: counter + 1");

	/* rollback of 39 ticks: + 1; of 40: wait */
	st = scru64_next(id_of(t0, 7), t0 - 39, NODE, SIZE, A, 0, &next);
	ok(st == SCRU64_GEN_OK && next == id_of(t0, 8), "rollback of 39 ticks: counter + 1");
	next = 0;
	st = scru64_next(id_of(t0, 7), t0 - 40, NODE, SIZE, A, 0, &next);
	ok(st == SCRU64_GEN_WAIT && next == 0, "rollback of 40 ticks: wait, nothing issued");
	st = scru64_next(id_of(t0, 7), t0 - 1000, NODE, SIZE, A, 0, &next);
	ok(st == SCRU64_GEN_WAIT, "large rollback: wait (never reset with the same node)");

	/* overflow: next tick with a renewed counter, no waiting */
	st = scru64_next(id_of(t0, CMAX), t0, NODE, SIZE, A, 0x00000042u, &next);
	ok(st == SCRU64_GEN_OK && next == id_of(t0 + 1, 0x42), "overflow: timestamp + 1, counter renewed");
	st = scru64_next(id_of(t0 + 39, CMAX), t0, NODE, SIZE, A, 3, &next);
	ok(st == SCRU64_GEN_OK && next == id_of(t0 + 40, 3), "overflow 39 ticks ahead: borrows tick + 40");
	st = scru64_next(id_of(t0 + 40, 3), t0, NODE, SIZE, A, 3, &next);
	ok(st == SCRU64_GEN_WAIT, "40 ticks ahead: wait for the clock");
	st = scru64_next(id_of(t0 + 40, 3), t0 + 1, NODE, SIZE, A, 3, &next);
	ok(st == SCRU64_GEN_OK && next == id_of(t0 + 40, 4), "clock one tick later: within the allowance again");

	/* sustained overflow runs ahead one tick per overflow, then waits */
	{
		uint64_t	state = id_of(t0, CMAX);
		int			issued = 0;

		for (;;)
		{
			st = scru64_next(state, t0, NODE, SIZE, A, CMAX, &next);
			if (st != SCRU64_GEN_OK)
				break;
			if (next <= state)
				break;
			state = next;
			issued++;
		}
		ok(st == SCRU64_GEN_WAIT && scru64_get_timestamp(state) == t0 + A + 1 &&
		   issued == A + 1,
		   "sustained overflow: %d ticks ahead, then wait", issued);
	}

	/* node bits come from node_id, not from prev */
	st = scru64_next(scru64_from_parts(t0, 0xFFFFFF), t0, NODE, SIZE, A, 9, &next);
	ok(st == SCRU64_GEN_OK && next == id_of(t0 + 1, 9), "foreign node bits in prev do not leak");

	/* reserved timestamps */
	ok(scru64_next(0, 0, NODE, SIZE, A, 0, &next) == SCRU64_GEN_BAD_CLOCK, "tick 0 refused");
	ok(scru64_next(0, SCRU64_MAX_TIMESTAMP, NODE, SIZE, A, 0, &next) == SCRU64_GEN_BAD_CLOCK,
	   "largest tick refused");
	st = scru64_next(0, SCRU64_MAX_TIMESTAMP - 1, NODE, SIZE, A, 1, &next);
	ok(st == SCRU64_GEN_OK && scru64_get_timestamp(next) == SCRU64_MAX_TIMESTAMP - 1,
	   "largest tick - 1 accepted");
	ok(scru64_next(id_of(SCRU64_MAX_TIMESTAMP - 1, CMAX), SCRU64_MAX_TIMESTAMP - 1,
				   NODE, SIZE, A, 0, &next) == SCRU64_GEN_EXHAUSTED,
	   "overflow into the largest tick refused");
	ok(scru64_next(scru64_from_parts(SCRU64_MAX_TIMESTAMP, 0), SCRU64_MAX_TIMESTAMP - 1,
				   NODE, SIZE, A, 0, &next) == SCRU64_GEN_EXHAUSTED,
	   "a state in the largest tick issues nothing more");
	ok(scru64_next(id_of(1, 0), 1, NODE, SIZE, A, 0, &next) == SCRU64_GEN_OK &&
	   next == id_of(1, 1), "tick 1 accepted");

	/* counter renewal guard */
	ok(scru64_renew_counter(8, 0xFFFFFFFFu) == 0xFFFF, "size 8: 16 random bits");
	ok(scru64_renew_counter(19, 0xFFFFFFFFu) == 0x1F, "size 19: 5 random bits, no guard");
	ok(scru64_renew_counter(20, 0xFFFFFFFFu) == 0x7, "size 20: guard bit, 3 random bits");
	ok(scru64_renew_counter(23, 0xFFFFFFFFu) == 0, "size 23: guard bit, counter 0");
	ok(scru64_renew_counter(1, 0xFFFFFFFFu) == 0x7FFFFF, "size 1: 23 random bits");
	for (size = 1; size <= 23; size++)
	{
		uint32_t	c = scru64_renew_counter(size, 0xFFFFFFFFu);
		uint32_t	cmax = (UINT32_C(1) << (24 - size)) - 1;

		if (size >= 20 ? c != cmax >> 1 : c != cmax)
			break;
	}
	ok(size == 24, "renewed counter fits for every node_id_size");
	st = scru64_next(scru64_from_parts(t0 - 1, 0), t0, 5, 23, A, 0xFFFFFFFFu, &next);
	ok(st == SCRU64_GEN_OK && next == scru64_from_parts(t0, 5 << 1),
	   "node 5/23: new tick counter 0");
	st = scru64_next(next, t0, 5, 23, A, 0, &next);
	ok(st == SCRU64_GEN_OK && next == scru64_from_parts(t0, (5 << 1) | 1),
	   "node 5/23: second ID of the tick");
	st = scru64_next(next, t0, 5, 23, A, 0, &next);
	ok(st == SCRU64_GEN_OK && next == scru64_from_parts(t0 + 1, 5 << 1),
	   "node 5/23: third ID borrows the next tick");

	/*
	 * A new state issues nothing in the tick it started in, nor in any
	 * tick the lost state can have reached (at most 40 ahead of the clock).
	 */
	prev = scru64_fresh_state(t0, NODE, SIZE, A, 0, 0);
	ok(prev == id_of(t0 + A + 1, CMAX), "fresh state: allowance + 1 ticks ahead, counter at the last value");
	st = scru64_next(prev, t0, NODE, SIZE, A, 77, &next);
	ok(st == SCRU64_GEN_WAIT, "fresh state: in the tick it started in, nothing is issued");
	st = scru64_next(prev, t0 + 1, NODE, SIZE, A, 77, &next);
	ok(st == SCRU64_GEN_OK && next == id_of(t0 + A + 2, 77),
	   "fresh state: one tick later, the first ID is past every tick the old state reached");
	{
		/* the old state, overflowing in tick t0, reached at most t0 + 40 */
		uint64_t	old = id_of(t0, CMAX);
		uint64_t	n;

		while (scru64_next(old, t0, NODE, SIZE, A, CMAX, &n) == SCRU64_GEN_OK)
			old = n;
		ok(scru64_get_timestamp(old) == t0 + A + 1 && next > old,
		   "a restart in the same tick cannot reissue the old state's IDs");
	}
	prev = scru64_fresh_state(t0, NODE, SIZE, A, t0 + 100, 0);
	ok(prev == id_of(t0 + 100, CMAX), "fresh state: not before another node's latest tick");
	prev = scru64_fresh_state(t0, NODE, SIZE, A, 0, id_of(t0 + 50, 10));
	ok(prev == id_of(t0 + 50, 10), "fresh state: node_prev further ahead is kept");
	st = scru64_next(prev, t0 + 11, NODE, SIZE, A, 0, &next);
	ok(st == SCRU64_GEN_OK && next == id_of(t0 + 50, 11), "node_prev: resumes right after the given ID");
	prev = scru64_fresh_state(t0, NODE, SIZE, A, 0, id_of(t0 - 3, 10));
	ok(prev == id_of(t0 + A + 1, CMAX), "fresh state: node_prev behind is overtaken");
	prev = scru64_fresh_state(SCRU64_MAX_TIMESTAMP - 2, NODE, SIZE, A, 0, 0);
	ok(scru64_get_timestamp(prev) == SCRU64_MAX_TIMESTAMP, "fresh state near the end: capped at the largest tick");
	ok(scru64_next(prev, SCRU64_MAX_TIMESTAMP - 1, NODE, SIZE, A, 0, &next) == SCRU64_GEN_EXHAUSTED,
	   "and issues nothing there");
}

/* a simulated clock: many IDs, strictly increasing, per-tick cap kept */
static void
test_generator_simulation(void)
{
	uint64_t	state = scru64_fresh_state(1000, NODE, SIZE, A, 0, 0);
	uint64_t	ms = 1000 * 256;
	uint64_t	x = 88172645463325252ull;
	uint64_t	cur_tick = 0;
	long		in_tick = 0,
				max_in_tick = 0,
				waits = 0;
	int			increasing = 1,
				node_ok = 1,
				ahead_ok = 1;
	long		i;

	for (i = 0; i < 2000000; i++)
	{
		uint64_t	next;
		scru64_gen_status st;

		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		st = scru64_next(state, ms >> 8, NODE, SIZE, A, (uint32_t) x, &next);
		if (st == SCRU64_GEN_WAIT)
		{
			waits++;
			ms += 64;
			i--;
			continue;
		}
		if (st != SCRU64_GEN_OK || next <= state)
			increasing = 0;
		if ((scru64_get_node_ctr(next) >> 16) != NODE)
			node_ok = 0;
		if (scru64_get_timestamp(next) > (ms >> 8) + A + 1)
			ahead_ok = 0;
		if (scru64_get_timestamp(next) != cur_tick)
		{
			cur_tick = scru64_get_timestamp(next);
			in_tick = 0;
		}
		if (++in_tick > max_in_tick)
			max_in_tick = in_tick;
		state = next;
		/* 1 us per ID: far faster than the cap allows */
		if (i % 1000 == 0)
			ms++;
	}
	ok(increasing, "2M simulated IDs strictly increasing");
	ok(node_ok, "every ID carries node 42");
	ok(ahead_ok, "never more than 40 ticks ahead of the clock");
	ok(max_in_tick <= 65536, "at most 2^16 IDs per tick (%ld)", max_in_tick);
	ok(waits > 0, "the generator waited for the clock (%ld times)", waits);
}

int
main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : "../vectors";

	test_valid_vectors(dir);
	test_invalid_vectors(dir);
	test_node_spec_vectors(dir);
	test_codec_edges();
	test_generator_rules();
	test_generator_simulation();
	return tap_done();
}
