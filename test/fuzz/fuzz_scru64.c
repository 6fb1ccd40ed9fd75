/*-------------------------------------------------------------------------
 *
 * fuzz_scru64.c
 *	  libFuzzer harness for the SCRU64 core in src/core/scru64_core.c: the
 *	  12-digit Base36 decoder, the node spec parser and the generator rules.
 *
 * Every input is used three ways:
 *
 *  1. Decode: the bytes are either rejected or are exactly 12 Base36
 *     digits and decode to a value at most MAX whose encoding is the
 *     lowercased input; the status and the first bad position agree with
 *     a naive reference written here.
 *  2. Node spec: the bytes are either refused or parse to a node_id that
 *     fits in a node_id_size of 1 to 23 bits; the canonical form is at most
 *     SCRU64_NODE_SPEC_MAXLEN bytes and parses back to the same node; a
 *     spec given by a previous ID keeps that ID.
 *  3. Generator: the first 8 bytes are a previous ID (reduced below 36^12),
 *     the next 8 a clock tick, the next 4 a random number, one byte the
 *     node_id_size, and when there is a 22nd byte, the node_id from it
 *     and the next bytes (otherwise prev's node: prev may come from
 *     another spec): a result is valid, carries the node, never has
 *     timestamp 0 or the largest, is greater than prev unless the clock
 *     moved past prev's tick, and never more than 40 ticks ahead of the
 *     clock or of prev.  One call step from the same prev (the server's
 *     last ID) gives an ID greater than prev, asks to wait no longer than
 *     the deadline, or refuses.
 *
 * Any disagreement calls abort().
 *
 *-------------------------------------------------------------------------
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scru64_core.h"

#define FAIL(...) \
	do { \
		fprintf(stderr, "fuzz_scru64: " __VA_ARGS__); \
		fputc('\n', stderr); \
		abort(); \
	} while (0)

static int
ref_digit(unsigned char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'Z')
		return c - 'A' + 10;
	return -1;
}

static void
check_decode(const uint8_t *data, size_t size)
{
	uint64_t	id = 0;
	size_t		bad = 0;
	scru64_decode_status st = scru64_decode((const char *) data, size, &id, &bad);
	char		text[SCRU64_TEXT_LEN];
	size_t		i;

	if (size != SCRU64_TEXT_LEN)
	{
		if (st != SCRU64_DECODE_BAD_LENGTH)
			FAIL("length %zu not refused", size);
		return;
	}
	for (i = 0; i < size; i++)
		if (ref_digit(data[i]) < 0)
			break;
	if (i < size)
	{
		if (st != SCRU64_DECODE_BAD_DIGIT || bad != i)
			FAIL("bad digit at %zu not reported (status %d, pos %zu)", i, st, bad);
		return;
	}
	if (st != SCRU64_DECODE_OK || id > SCRU64_MAX)
		FAIL("valid text refused or out of range");
	scru64_encode(id, text);
	for (i = 0; i < size; i++)
	{
		unsigned char c = data[i];

		if (c >= 'A' && c <= 'Z')
			c = (unsigned char) (c - 'A' + 'a');
		if (text[i] != (char) c)
			FAIL("encoding is not the lowercased input");
	}
}

static void
check_node_spec(const uint8_t *data, size_t size)
{
	scru64_node_spec spec,
				again;
	char		canon[SCRU64_NODE_SPEC_MAXLEN + 1];
	size_t		len;

	if (scru64_parse_node_spec((const char *) data, size, &spec) != SCRU64_SPEC_OK)
		return;
	if (spec.node_id_size < 1 || spec.node_id_size > 23 ||
		spec.node_id >= (UINT32_C(1) << spec.node_id_size) ||
		spec.node_prev > SCRU64_MAX)
		FAIL("accepted spec out of range");
	if ((scru64_get_node_ctr(spec.node_prev) >> (24 - spec.node_id_size)) != spec.node_id)
		FAIL("node_prev does not carry node_id");
	memset(canon, 0x7f, sizeof(canon));
	scru64_node_spec_canonical(&spec, canon);
	len = strnlen(canon, sizeof(canon));
	if (len == sizeof(canon))
		FAIL("canonical form not terminated");
	if (scru64_parse_node_spec(canon, len, &again) != SCRU64_SPEC_OK ||
		again.node_id != spec.node_id || again.node_id_size != spec.node_id_size)
		FAIL("canonical form %s does not parse back", canon);
	if (spec.has_prev && scru64_get_timestamp(spec.node_prev) > 0 &&
		again.node_prev != spec.node_prev)
		FAIL("canonical form lost the previous ID");
}

static uint64_t
load64(const uint8_t *p)
{
	uint64_t	v = 0;
	int			i;

	for (i = 0; i < 8; i++)
		v = (v << 8) | p[i];
	return v;
}

static void
check_generator(const uint8_t *data, size_t size)
{
	uint64_t	prev,
				tick,
				next = 0;
	uint32_t	random;
	int			node_id_size;
	uint32_t	node_id;
	scru64_gen_status st;
	uint64_t	ts;

	if (size < 21)
		return;
	prev = load64(data) % (SCRU64_MAX + 1);
	tick = load64(data + 8);
	/* half of the time near prev's tick, where the rules branch */
	if (tick & 1)
		tick = scru64_get_timestamp(prev) + (uint64_t) (int8_t) (tick >> 8);
	else
		tick %= SCRU64_MAX_TIMESTAMP + 2;
	random = (uint32_t) load64(data + 12);
	node_id_size = 1 + data[20] % 23;
	if (size >= 25)
		node_id = (uint32_t) (load64(data + 17) & ((UINT64_C(1) << node_id_size) - 1));
	else
		node_id = scru64_get_node_ctr(prev) >> (24 - node_id_size);

	st = scru64_next(prev, tick, node_id, node_id_size,
					 SCRU64_ROLLBACK_ALLOWANCE_TICKS, random, &next);
	if (tick == 0 || tick >= SCRU64_MAX_TIMESTAMP)
	{
		if (st != SCRU64_GEN_BAD_CLOCK)
			FAIL("reserved tick accepted");
		return;
	}
	if (st != SCRU64_GEN_OK)
		return;
	ts = scru64_get_timestamp(next);
	if (next > SCRU64_MAX || ts == 0 || ts >= SCRU64_MAX_TIMESTAMP)
		FAIL("invalid or reserved ID issued");
	if ((scru64_get_node_ctr(next) >> (24 - node_id_size)) != node_id)
		FAIL("node bits lost");
	if (tick <= scru64_get_timestamp(prev) && next <= prev)
		FAIL("not increasing");
	if (ts > tick + SCRU64_ROLLBACK_ALLOWANCE_TICKS + 1)
		FAIL("more than the allowance ahead of the clock");
}

static void
check_step(const uint8_t *data, size_t size)
{
	uint64_t	last,
				ms,
				next = 0,
				wait = 0;
	scru64_node_spec spec;
	scru64_gen_status st;

	if (size < 29)
		return;
	last = load64(data) % (SCRU64_MAX + 1);
	ms = (load64(data + 8) % (SCRU64_MAX_TIMESTAMP + 2)) << 8 | data[28];
	spec.node_id_size = 1 + data[20] % 23;
	spec.node_id = (uint32_t) (load64(data + 17) & ((UINT64_C(1) << spec.node_id_size) - 1));
	spec.has_prev = data[21] & 1;
	spec.node_prev = scru64_from_parts(scru64_get_timestamp(load64(data + 21) % (SCRU64_MAX + 1)),
									   spec.node_id << (24 - spec.node_id_size));
	st = scru64_step(last, &spec, ms, ms + SCRU64_MAX_WAIT_MS, (uint32_t) ms, &next, &wait);
	if (st == SCRU64_GEN_OK)
	{
		if (next <= last || (spec.has_prev && next <= spec.node_prev))
			FAIL("step: not above the state or node_prev");
		if (scru64_get_timestamp(next) > (ms >> 8) + SCRU64_MAX_AHEAD_TICKS)
			FAIL("step: too far ahead of the clock");
	}
	else if (st == SCRU64_GEN_WAIT)
	{
		if (wait == 0 || wait > SCRU64_MAX_WAIT_MS)
			FAIL("step: wait out of bounds");
	}
	else if (st == SCRU64_GEN_PREV_AHEAD)
	{
		if (!spec.has_prev ||
			scru64_get_timestamp(spec.node_prev) <= (ms >> 8) + SCRU64_MAX_AHEAD_TICKS)
			FAIL("step: node_prev refused without being ahead");
	}
}

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	check_decode(data, size);
	check_node_spec(data, size);
	check_generator(data, size);
	check_step(data, size);
	return 0;
}
