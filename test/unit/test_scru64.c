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

	/*
	 * prev issued under another spec: node bits come from node_id, and the
	 * result is still above prev
	 */
	st = scru64_next(scru64_from_parts(t0, 0xFFFFFF), t0, NODE, SIZE, A, 9, &next);
	ok(st == SCRU64_GEN_OK && next == id_of(t0 + 1, 9),
	   "prev above every ID of ours in its tick: the next tick, foreign bits do not leak");
	st = scru64_next(scru64_from_parts(t0, (41 << 16) | CMAX), t0, NODE, SIZE, A, 0x12345u, &next);
	ok(st == SCRU64_GEN_OK && next == id_of(t0, 0x2345),
	   "prev below every ID of ours in its tick: same tick, counter renewed");
	st = scru64_next(scru64_from_parts(t0, (41 << 16) | CMAX), t0 - 39, NODE, SIZE, A, 5, &next);
	ok(st == SCRU64_GEN_OK && next == id_of(t0, 5),
	   "the same within the rollback allowance");
	/* 0/15 issued 0x1ab: under 1/16 (counter 8 bits) that is node 1, counter 0xab */
	st = scru64_next(scru64_from_parts(t0, 0x1ab), t0, 1, 16, A, 0, &next);
	ok(st == SCRU64_GEN_OK && next == scru64_from_parts(t0, 0x1ac),
	   "an overlapping spec's ID with our bits: counter + 1 past it");
	st = scru64_next(scru64_from_parts(t0, 0x1ff), t0, 1, 16, A, 0xab, &next);
	ok(st == SCRU64_GEN_OK && next == scru64_from_parts(t0 + 1, 0x1ab),
	   "and at its top: the next tick");
	st = scru64_next(scru64_from_parts(t0, 0x1ab), t0, 0, 15, A, 0x1cd, &next);
	ok(st == SCRU64_GEN_OK && next == scru64_from_parts(t0, 0x1ac),
	   "the wider spec after the narrower: counter + 1 past it");
	st = scru64_next(scru64_from_parts(t0, 0x1ab), t0, 0, 16, A, 0x1cd, &next);
	ok(st == SCRU64_GEN_OK && next == scru64_from_parts(t0 + 1, 0xcd),
	   "another node of the same size below it: the next tick");

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
	prev = scru64_fresh_state(t0, A);
	ok(prev == scru64_from_parts(t0 + A + 1, 0xFFFFFF),
	   "fresh state: allowance + 1 ticks ahead, at the last ID of that tick");
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
	st = scru64_next(prev, t0 + 1, 0x7FFFFF, 23, A, 0, &next);
	ok(st == SCRU64_GEN_OK && next == scru64_from_parts(t0 + A + 2, 0xFFFFFE),
	   "fresh state: the same for the node whose bits are all ones");
	prev = scru64_fresh_state(SCRU64_MAX_TIMESTAMP - 2, A);
	ok(scru64_get_timestamp(prev) == SCRU64_MAX_TIMESTAMP, "fresh state near the end: capped at the largest tick");
	ok(scru64_next(prev, SCRU64_MAX_TIMESTAMP - 1, NODE, SIZE, A, 0, &next) == SCRU64_GEN_EXHAUSTED,
	   "and issues nothing there");
}

static scru64_node_spec
spec_of(const char *text)
{
	scru64_node_spec spec;

	memset(&spec, 0, sizeof(spec));
	if (scru64_parse_node_spec(text, strlen(text), &spec) != SCRU64_SPEC_OK)
	{
		fprintf(stderr, "bad spec in test: %s\n", text);
		exit(2);
	}
	return spec;
}

/* node_prev specs: the reserved tick, the floor, how far ahead */
static void
test_node_prev(void)
{
	uint64_t	t0 = UINT64_C(6557084606);
	uint64_t	now = t0 << 8;
	uint64_t	deadline = now + SCRU64_MAX_WAIT_MS;
	uint64_t	next = 0,
				wait = 0;
	char		text[SCRU64_NODE_SPEC_MAXLEN + 1];
	scru64_node_spec spec;
	scru64_gen_status st;

	ok(SCRU64_MAX_AHEAD_TICKS == 40 && SCRU64_MAX_WAIT_MS == 10240,
	   "the generator runs at most 40 ticks (10 240 ms) ahead, and waits at most that");

	spec = spec_of("zzzzzzzzzzzz/1");
	ok(scru64_check_node_prev(&spec) == SCRU64_SPEC_RESERVED_PREV,
	   "node_prev in the reserved last tick refused");
	scru64_encode(scru64_from_parts(SCRU64_MAX_TIMESTAMP, 0), text);
	strcpy(text + SCRU64_TEXT_LEN, "/8");
	spec = spec_of(text);
	ok(scru64_check_node_prev(&spec) == SCRU64_SPEC_RESERVED_PREV,
	   "any node_prev in that tick refused (%s)", text);
	scru64_encode(scru64_from_parts(SCRU64_MAX_TIMESTAMP - 1, 0xFFFFFF), text);
	strcpy(text + SCRU64_TEXT_LEN, "/8");
	spec = spec_of(text);
	ok(scru64_check_node_prev(&spec) == SCRU64_SPEC_OK, "the tick before it is not refused");
	spec = spec_of("42/8");
	ok(scru64_check_node_prev(&spec) == SCRU64_SPEC_OK, "a node_id spec is not refused");

	/* the floor: resumes right after it, whatever the state */
	spec.has_prev = true;
	spec.node_prev = id_of(t0 + 20, 10);
	st = scru64_step(id_of(t0 + 5, 3), &spec, now, deadline, 0, &next, &wait);
	ok(st == SCRU64_GEN_OK && next == id_of(t0 + 20, 11), "node_prev 20 ticks ahead: right after it");
	st = scru64_step(id_of(t0 + 30, 3), &spec, now, deadline, 0, &next, &wait);
	ok(st == SCRU64_GEN_OK && next == id_of(t0 + 30, 4), "a state past node_prev continues");
	spec.node_prev = id_of(t0 + 40, 10);
	st = scru64_step(id_of(t0 + 5, 3), &spec, now, deadline, 0, &next, &wait);
	ok(st == SCRU64_GEN_WAIT && wait == 256, "node_prev 40 ticks ahead: waits one tick (%d ms)", (int) wait);
	st = scru64_step(id_of(t0 + 5, 3), &spec, now + 256, deadline, 0, &next, &wait);
	ok(st == SCRU64_GEN_OK && next == id_of(t0 + 40, 11), "then right after it");

	next = 0;
	spec.node_prev = id_of(t0 + 41, 10);
	st = scru64_step(id_of(t0 + 5, 3), &spec, now, deadline, 0, &next, &wait);
	ok(st == SCRU64_GEN_PREV_AHEAD && next == spec.node_prev,
	   "node_prev 41 ticks ahead: refused at once");
	spec.node_prev = id_of(t0 + 3600 * 1000 / 256, 10);
	st = scru64_step(id_of(t0 + 5, 3), &spec, now, deadline, 0, &next, &wait);
	ok(st == SCRU64_GEN_PREV_AHEAD, "node_prev an hour ahead: refused at once");

	/* the state never took it: a later spec is not held back */
	spec = spec_of("43/8");
	st = scru64_step(id_of(t0 + 5, 3), &spec, now, deadline, 0x77, &next, &wait);
	ok(st == SCRU64_GEN_OK && next == scru64_from_parts(t0 + 5, (43 << 16) | 0x77),
	   "42/8 after the hour-ahead spec: 43/8 issues at once");

	/* bad clock before anything else */
	ok(scru64_step(0, &spec, 255, 255 + SCRU64_MAX_WAIT_MS, 0, &next, &wait) == SCRU64_GEN_BAD_CLOCK,
	   "tick 0 refused");
}

/*
 * How long a call may wait: a state ahead by the rules (at most 40 ticks)
 * is always waited for; one further ahead (the clock went back) fails at
 * once; with a simulated clock, no call waits past its deadline.
 */
static void
test_wait_bound(void)
{
	uint64_t	t0 = UINT64_C(6557084606);
	uint64_t	now = (t0 << 8) + 100;
	uint64_t	next = 0,
				wait = 0;
	scru64_node_spec spec = spec_of("42/8");
	scru64_gen_status st;
	int			ahead;
	int			bounded = 1,
				waited_max = 0;

	st = scru64_step(id_of(t0 + 40, CMAX), &spec, now, now + SCRU64_MAX_WAIT_MS, 0, &next, &wait);
	ok(st == SCRU64_GEN_WAIT && wait == 156, "40 ticks ahead: wait until the next tick (%d ms)", (int) wait);
	st = scru64_step(id_of(t0 + 79, CMAX), &spec, now, now + SCRU64_MAX_WAIT_MS, 0, &next, &wait);
	ok(st == SCRU64_GEN_WAIT && wait == 40 * 256 - 100,
	   "79 ticks ahead (clock went back 20 s): wait 40 ticks at most (%d ms)", (int) wait);
	st = scru64_step(id_of(t0 + 80, CMAX), &spec, now, now + SCRU64_MAX_WAIT_MS, 0, &next, &wait);
	ok(st == SCRU64_GEN_TOO_FAR_AHEAD && next == id_of(t0 + 80, CMAX),
	   "80 ticks ahead: fails at once");
	st = scru64_step(id_of(t0 + 3600 * 1000 / 256, 0), &spec, now, now + SCRU64_MAX_WAIT_MS, 0, &next, &wait);
	ok(st == SCRU64_GEN_TOO_FAR_AHEAD, "an hour ahead: fails at once");

	/* every state from 0 to 100 ticks ahead, a call as the glue runs it */
	for (ahead = 0; ahead <= 100; ahead++)
	{
		uint64_t	ms = now;
		uint64_t	deadline = ms + SCRU64_MAX_WAIT_MS;
		uint64_t	last = id_of(t0 + ahead, CMAX);

		for (;;)
		{
			st = scru64_step(last, &spec, ms, deadline, 1, &next, &wait);
			if (st != SCRU64_GEN_WAIT)
				break;
			ms += wait < 64 ? wait : 64;
		}
		if ((int) (ms - now) > waited_max)
			waited_max = (int) (ms - now);
		if (ms > deadline)
			bounded = 0;
		if (ahead <= 79 ? st != SCRU64_GEN_OK || next <= last : st != SCRU64_GEN_TOO_FAR_AHEAD)
			bounded = 0;
	}
	ok(bounded, "states 0 to 100 ticks ahead: an ID up to 79, a refusal after, never past the deadline (longest wait %d ms)",
	   waited_max);
}

/*
 * The node spec changes while IDs are issued, back and forth, between
 * overlapping sizes and between backends that disagree on the spec: one
 * server-wide state keeps every ID above the one before.
 */
static void
test_spec_changes(void)
{
	static const char *const specs[] = {
		"1/16", "0/15", "2/16", "0/1", "1/1", "42/8", "43/8", "0x3ff/10",
		"5/23", "0/23", "8388607/23", "3/2", "0/4", "15/4"
	};
	const int	nspecs = (int) (sizeof(specs) / sizeof(specs[0]));
	uint64_t	ms = UINT64_C(6557084606) << 8;
	uint64_t	state = scru64_fresh_state(ms >> 8, A);
	uint64_t	x = 2463534242u;
	int			increasing = 1,
				node_ok = 1,
				ahead_ok = 1;
	long		i,
				issued = 0,
				waits = 0;

	/* 1/16 -> 0/15 -> 1/16 as in issue 19, without the clock moving */
	{
		scru64_node_spec a = spec_of("1/16"),
					b = spec_of("0/15");
		uint64_t	s = scru64_from_parts(ms >> 8, 0);
		uint64_t	next;
		int			k,
					ok_all = 1;

		for (k = 0; k < 3000; k++)
		{
			const scru64_node_spec *sp = k < 10 ? &a : k < 1010 ? &b : &a;
			uint64_t	w;

			if (scru64_step(s, sp, ms, ms + SCRU64_MAX_WAIT_MS, (uint32_t) k * 2654435761u,
							&next, &w) != SCRU64_GEN_OK || next <= s)
			{
				ok_all = 0;
				break;
			}
			s = next;
		}
		ok(ok_all, "1/16, 0/15, 1/16 in one tick: every ID above the one before");
	}

	for (i = 0; i < 3000000; i++)
	{
		scru64_node_spec spec;
		uint64_t	next,
					wait;
		scru64_gen_status st;

		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		/* a spec switch now and then; two backends alternating at times */
		spec = spec_of(specs[(i / (1 + (x >> 40) % 5000)) % nspecs]);
		st = scru64_step(state, &spec, ms, ms + SCRU64_MAX_WAIT_MS, (uint32_t) x, &next, &wait);
		if (st == SCRU64_GEN_WAIT)
		{
			waits++;
			ms += wait < 64 ? wait : 64;
			continue;
		}
		if (st != SCRU64_GEN_OK || next <= state)
			increasing = 0;
		if ((scru64_get_node_ctr(next) >> (24 - spec.node_id_size)) != spec.node_id)
			node_ok = 0;
		if (scru64_get_timestamp(next) > (ms >> 8) + SCRU64_MAX_AHEAD_TICKS)
			ahead_ok = 0;
		state = next;
		issued++;
		if (i % 1000 == 0)
			ms += 1 + (x >> 50) % 300;
	}
	ok(increasing, "random spec changes: %ld IDs, each above the one before", issued);
	ok(node_ok, "each ID carries the node of the spec that issued it");
	ok(ahead_ok, "never more than 40 ticks ahead of the clock (%ld waits)", waits);
}

/* a simulated clock: many IDs, strictly increasing, per-tick cap kept */
static void
test_generator_simulation(void)
{
	uint64_t	state = scru64_fresh_state(1000, A);
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
	test_node_prev();
	test_wait_bound();
	test_spec_changes();
	return tap_done();
}
