/*
 * test_uuid.c: unit tests of the RFC 9562 layouts and of the v7 and v6
 * generators with an injected clock and random bits.  argv[1] is the
 * vectors directory (uuid_rfc9562_vectors.tsv).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "uuid_core.h"

static int
hex_to_bytes(const char *hex, uint8_t out[UUID_CORE_LEN])
{
	for (int i = 0; i < UUID_CORE_LEN; i++)
	{
		unsigned int b;

		if (sscanf(hex + 2 * i, "%2x", &b) != 1)
			return 0;
		out[i] = (uint8_t) b;
	}
	return strlen(hex) == 2 * UUID_CORE_LEN;
}

static void
bytes_to_hex(const uint8_t in[UUID_CORE_LEN], char out[2 * UUID_CORE_LEN + 1])
{
	for (int i = 0; i < UUID_CORE_LEN; i++)
		sprintf(out + 2 * i, "%02x", in[i]);
}

static int
cmp(const uint8_t *a, const uint8_t *b)
{
	return memcmp(a, b, UUID_CORE_LEN);
}

/* splitmix64: deterministic "random" bits */
static uint64_t rng_state = 7;
static uint64_t
rng(void)
{
	uint64_t	z = (rng_state += UINT64_C(0x9E3779B97F4A7C15));

	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

/* every row of the RFC's test vectors */
static void
test_vectors(const char *dir)
{
	char		path[4096],
				line[2048];
	FILE	   *f;
	int			rows = 0;
	uint8_t		a1[UUID_CORE_LEN] = {0},
				a5[UUID_CORE_LEN] = {0};

	snprintf(path, sizeof(path), "%s/uuid_rfc9562_vectors.tsv", dir);
	f = fopen(path, "r");
	ok(f != NULL, "open %s", path);
	if (!f)
		return;
	while (fgets(line, sizeof(line), f))
	{
		char	   *fields[7] = {0};
		char	   *p = line;
		int			n = 0;
		uint8_t		u[UUID_CORE_LEN];
		int			version;
		int64_t		us;

		if (line[0] == '#' || strncmp(line, "rfc_section", 11) == 0 || line[0] == '\n')
			continue;
		line[strcspn(line, "\n")] = '\0';
		while (n < 7 && p)
		{
			fields[n++] = p;
			p = strchr(p, '\t');
			if (p)
				*p++ = '\0';
		}
		if (n < 6)
		{
			ok(0, "malformed vector line");
			continue;
		}
		rows++;
		version = atoi(fields[1]);
		ok(hex_to_bytes(fields[4], u), "%s: hex parses", fields[0]);
		ok(uuid_rfc_version(u) == version, "%s: version %d", fields[0], version);
		if (version == 1 || version == 6 || version == 7)
		{
			int64_t		ms = strtoll(fields[5], NULL, 10);

			ok(uuid_unix_us(u, &us) && us / 1000 == ms,
			   "%s: timestamp %lld ms", fields[0], (long long) ms);
		}
		else
			ok(!uuid_unix_us(u, &us), "%s: no timestamp in version %d", fields[0], version);
		if (strcmp(fields[0], "A.1") == 0)
			memcpy(a1, u, UUID_CORE_LEN);
		if (strcmp(fields[0], "A.5") == 0)
			memcpy(a5, u, UUID_CORE_LEN);
		if (version == 7)
		{
			uint8_t		w[UUID_CORE_LEN];
			uint64_t	rand_b = 0;

			for (int i = 8; i < 16; i++)
				rand_b = (rand_b << 8) | u[i];
			uuidv7_pack(w, uuid_v7_unix_ms(u), ((u[6] & 0x0F) << 8) | u[7], rand_b);
			ok(cmp(w, u) == 0, "%s: uuidv7_pack rebuilds it from its fields", fields[0]);
		}
		if (version == 6)
		{
			uint8_t		w[UUID_CORE_LEN];

			uuidv6_pack(w, uuid_v6_timestamp(u), ((u[8] & 0x3F) << 8) | u[9],
						((uint64_t) u[10] << 40) | ((uint64_t) u[11] << 32) |
						((uint64_t) u[12] << 24) | ((uint64_t) u[13] << 16) |
						((uint64_t) u[14] << 8) | u[15]);
			ok(cmp(w, u) == 0, "%s: uuidv6_pack rebuilds it from its fields", fields[0]);
			ok(uuid_v6_timestamp(u) == UINT64_C(0x1EC9414C232AB00), "%s: 60-bit timestamp", fields[0]);
		}
		if (version == 1)
			ok(uuid_v1_timestamp(u) == UINT64_C(0x1EC9414C232AB00), "%s: 60-bit timestamp", fields[0]);
	}
	fclose(f);
	ok(rows == 8, "8 vector rows, A.1-A.6 and B.1-B.2 (%d)", rows);

	{
		uint8_t		w[UUID_CORE_LEN];

		uuid_v1_to_v6(a1, w);
		ok(cmp(w, a5) == 0, "A.1 reordered to v6 is A.5");
		uuid_v6_to_v1(a5, w);
		ok(cmp(w, a1) == 0, "A.5 reordered to v1 is A.1");
	}
}

static void
test_v1_v6_roundtrip(void)
{
	int			bad = 0;

	for (int i = 0; i < 100000; i++)
	{
		uint8_t		v1[UUID_CORE_LEN],
					v6[UUID_CORE_LEN],
					back[UUID_CORE_LEN];
		int64_t		us1,
					us6;

		uuidv4_pack(v1, rng(), rng());
		uuid_set_version_variant(v1, 1);
		uuid_v1_to_v6(v1, v6);
		uuid_v6_to_v1(v6, back);
		if (cmp(back, v1) != 0 || uuid_rfc_version(v6) != 6 ||
			uuid_v1_timestamp(v1) != uuid_v6_timestamp(v6) ||
			!uuid_unix_us(v1, &us1) || !uuid_unix_us(v6, &us6) || us1 != us6 ||
			memcmp(v1 + 8, v6 + 8, 8) != 0)
			bad++;
	}
	ok(bad == 0, "100000 random v1 -> v6 -> v1 round trips keep timestamp, clock_seq and node");
}

static void
test_layouts(void)
{
	uint8_t		u[UUID_CORE_LEN];
	char		hex[33];
	int64_t		us;

	uuidv4_pack(u, UINT64_MAX, UINT64_MAX);
	bytes_to_hex(u, hex);
	ok(strcmp(hex, "ffffffffffff4fffbfffffffffffffff") == 0, "v4 of all ones: %s", hex);
	uuidv4_pack(u, 0, 0);
	bytes_to_hex(u, hex);
	ok(strcmp(hex, "00000000000040008000000000000000") == 0, "v4 of all zeros: %s", hex);
	ok(!uuid_unix_us(u, &us), "v4 has no timestamp");

	uuidv7_bound(u, UINT64_C(1645557742000), false);
	bytes_to_hex(u, hex);
	ok(strcmp(hex, "017f22e279b070008000000000000000") == 0, "v7 min: %s", hex);
	uuidv7_bound(u, UINT64_C(1645557742000), true);
	bytes_to_hex(u, hex);
	ok(strcmp(hex, "017f22e279b07fffbfffffffffffffff") == 0, "v7 max: %s", hex);
	uuidv7_bound(u, UUIDV7_MAX_MS, true);
	ok(uuid_unix_us(u, &us) && us == (int64_t) UUIDV7_MAX_MS * 1000, "v7 max of the last millisecond");

	ok(uuidv7_subms_fraction(0) == 0, "fraction of 0 ns");
	ok(uuidv7_subms_fraction(999999) == 4095, "fraction of 999999 ns");
	ok(uuidv7_subms_fraction(500000) == 2048, "fraction of half a ms");
	ok(uuidv7_subms_fraction(UUIDV7_STEP_NS - 1) == 0 && uuidv7_subms_fraction(UUIDV7_STEP_NS) == 1,
	   "one step (%lld ns) is the first to change the fraction", (long long) UUIDV7_STEP_NS);

	/* the node's multicast bit, clock_seq in 14 bits */
	{
		uuidv6_generator g;

		uuidv6_init(&g, UINT64_MAX);
		ok(g.clock_seq == 0x3FFF && g.node == UINT64_C(0xFFFFFFFFFFFF), "v6 init of all ones");
		uuidv6_init(&g, 0);
		ok(g.clock_seq == 0 && g.node == UINT64_C(0x010000000000), "v6 init of zeros sets the multicast bit");
		ok(uuidv6_generate(&g, 0, u), "v6 at the Unix epoch");
		ok(uuid_unix_us(u, &us) && us == 0 && (u[10] & 1) == 1 && uuid_rfc_version(u) == 6,
		   "v6 at the Unix epoch: time 0, multicast bit, version 6");
		g.last_timestamp = UUIDV6_MAX_TIMESTAMP;
		memset(u, 0xAA, sizeof(u));
		ok(!uuidv6_generate(&g, 0, u) && g.last_timestamp == UUIDV6_MAX_TIMESTAMP && u[0] == 0xAA,
		   "v6 past 60 bits fails and leaves the state");
		uuidv6_init(&g, 0);
		ok(!uuidv6_generate(&g, -1, u), "v6 before 1970 fails");
	}
}

/* the v7 clock: PostgreSQL 18's rules */
static void
test_v7_clock(void)
{
	uuidv7_clock c = {0};
	uint8_t		prev[UUID_CORE_LEN],
				u[UUID_CORE_LEN];
	int64_t		t0 = INT64_C(1645557742000) * UUID_NS_PER_MS + 123456;
	int			bad = 0;
	int64_t		us;

	ok(uuidv7_clock_next(&c, t0) == t0, "first reading is used as is");
	ok(uuidv7_clock_next(&c, t0 + 1000) == t0 + 1000, "a reading 1000 ns later is used");
	ok(uuidv7_clock_next(&c, t0 + 1000) == t0 + 1000 + UUIDV7_STEP_NS, "a stalled clock advances one step");
	ok(uuidv7_clock_next(&c, t0 + 1000 + 2 * UUIDV7_STEP_NS) == t0 + 1000 + 2 * UUIDV7_STEP_NS,
	   "a reading exactly one step later is used");
	ok(uuidv7_clock_next(&c, t0 + 1000 + 2 * UUIDV7_STEP_NS + 1) == t0 + 1000 + 3 * UUIDV7_STEP_NS,
	   "a reading less than one step later gets exactly one step");
	ok(uuidv7_clock_next(&c, t0 - UUID_NS_PER_MS * 5000) == t0 + 1000 + 4 * UUIDV7_STEP_NS,
	   "a clock 5 s back: the time advances one step");

	/* a million values through a stalling, jumping and regressing clock */
	c.previous_ns = 0;
	uuidv7_generate(&c, t0, rng(), prev);
	for (int i = 1; i < 1000000; i++)
	{
		int64_t		now = t0 + (i / 10) * 100;

		if (i % 100000 == 0)
			now -= 10 * UUID_NS_PER_MS;	/* steps back 10 ms */
		uuidv7_generate(&c, now, rng(), u);
		if (cmp(prev, u) >= 0 || uuid_rfc_version(u) != 7)
			bad++;
		memcpy(prev, u, sizeof(u));
	}
	ok(bad == 0, "1000000 v7 values strictly increase through stalls and steps back (%d bad)", bad);
	ok(uuid_unix_us(prev, &us) && us / 1000 >= t0 / UUID_NS_PER_MS, "the last value's time is not before the clock");

	/* random bits never reach the time or version fields */
	c.previous_ns = 0;
	uuidv7_generate(&c, t0, UINT64_MAX, u);
	ok(uuid_v7_unix_ms(u) == (uint64_t) (t0 / UUID_NS_PER_MS) && uuid_rfc_version(u) == 7 &&
	   (((u[6] & 0x0F) << 8) | u[7]) == (int) uuidv7_subms_fraction((uint32_t) (t0 % UUID_NS_PER_MS)),
	   "v7 fields: time, version, fraction");
}

static void
test_v6_generator(void)
{
	uuidv6_generator g;
	uint8_t		prev[UUID_CORE_LEN],
				u[UUID_CORE_LEN];
	int64_t		t0 = INT64_C(1645557742000) * UUID_NS_PER_MS;
	int			bad = 0;
	int64_t		us;

	uuidv6_init(&g, rng());
	ok(uuidv6_generate(&g, t0, prev), "first v6");
	ok(uuid_unix_us(prev, &us) && us == t0 / 1000, "first v6 has the clock's time");
	ok(uuid_v6_timestamp(prev) == UINT64_C(0x1EC9414C232AB00), "the RFC's instant as a 60-bit timestamp");
	for (int i = 1; i < 1000000; i++)
	{
		int64_t		now = t0 + (i / 3) * 100;

		if (i % 100000 == 0)
			now -= INT64_C(1000000000);	/* one second back */
		if (!uuidv6_generate(&g, now, u) || cmp(prev, u) >= 0 || uuid_rfc_version(u) != 6 ||
			memcmp(u + 8, prev + 8, 8) != 0)
			bad++;
		memcpy(prev, u, sizeof(u));
	}
	ok(bad == 0, "1000000 v6 values strictly increase, same clock_seq and node (%d bad)", bad);
}

/* version 8 from three fields, and pg_uuidv7's time arithmetic */
static void
test_v8_and_pg_uuidv7(void)
{
	uint8_t		u[UUID_CORE_LEN],
				w[UUID_CORE_LEN];
	char		hex[2 * UUID_CORE_LEN + 1];

	/* RFC 9562 B.1: the fields as the appendix lists them */
	uuidv8_pack(u, UINT64_C(0x2489E9AD2EE2), 0xE00, UINT64_C(0x0EC932D5F69181C0));
	bytes_to_hex(u, hex);
	ok(strcmp(hex, "2489e9ad2ee28e008ec932d5f69181c0") == 0, "uuidv8_pack B.1 (%s)", hex);
	ok(uuid_rfc_version(u) == 8, "B.1 is version 8 of the RFC variant");

	uuidv8_pack(u, 0, 0, 0);
	bytes_to_hex(u, hex);
	ok(strcmp(hex, "00000000000080008000000000000000") == 0, "uuidv8_pack zeros (%s)", hex);
	uuidv8_pack(u, UUIDV8_CUSTOM_A_MAX, UUIDV8_CUSTOM_B_MAX, UUIDV8_CUSTOM_C_MAX);
	bytes_to_hex(u, hex);
	ok(strcmp(hex, "ffffffffffff8fffbfffffffffffffff") == 0, "uuidv8_pack maxima (%s)", hex);
	uuidv8_pack(w, UINT64_MAX, UINT32_MAX, UINT64_MAX);
	ok(cmp(u, w) == 0, "uuidv8_pack masks each field to its width");

	/* the fields come back out of random values */
	for (int i = 0; i < 100000; i++)
	{
		uint64_t	a = rng() & UUIDV8_CUSTOM_A_MAX,
					c = rng() & UUIDV8_CUSTOM_C_MAX;
		uint32_t	b = (uint32_t) rng() & UUIDV8_CUSTOM_B_MAX;
		uint64_t	a2 = 0,
					c2 = 0;

		uuidv8_pack(u, a, b, c);
		for (int j = 0; j < 6; j++)
			a2 = (a2 << 8) | u[j];
		for (int j = 8; j < 16; j++)
			c2 = (c2 << 8) | u[j];
		if (a2 != a || (uint32_t) (((u[6] & 0x0F) << 8) | u[7]) != b ||
			(c2 & UUIDV8_CUSTOM_C_MAX) != c || uuid_rfc_version(u) != 8)
		{
			ok(0, "uuidv8_pack fields of random value %d", i);
			return;
		}
	}
	ok(1, "uuidv8_pack keeps the fields of 100000 random values");

	/* pg_uuidv7's test case: 2023-01-02 04:26:40.637 is 0x018570bb4a7d */
	ok(pg_uuidv7_ms_of_timestamp(INT64_C(725948800637000)) == UINT64_C(0x018570bb4a7d),
	   "pg_uuidv7 ms of its test timestamp");
	ok(pg_uuidv7_timestamp_of_ms(UINT64_C(0x018570bb4a7d)) == INT64_C(725948800637000),
	   "pg_uuidv7 timestamp of its test ms");
	ok(pg_uuidv7_ms_of_timestamp(INT64_C(725948800637999)) == UINT64_C(0x018570bb4a7d),
	   "pg_uuidv7 truncates microseconds");
	/* its unsigned arithmetic before 1970 and at the infinities */
	ok(pg_uuidv7_ms_of_timestamp(INT64_C(-946684800000001)) == UINT64_C(0x89374bc6a7ef),
	   "pg_uuidv7 wraps 1969-12-31 23:59:59.999999");
	ok(pg_uuidv7_ms_of_timestamp(INT64_MAX) == UINT64_C(0xc57810b2fff7),
	   "pg_uuidv7 of infinity");
	ok(pg_uuidv7_ms_of_timestamp(INT64_MIN) == UINT64_C(0xc57810b2fff7),
	   "pg_uuidv7 of -infinity");
	ok(pg_uuidv7_timestamp_of_ms(0) == -INT64_C(946684800000000), "pg_uuidv7 ms 0 is 1970");
	ok(pg_uuidv7_timestamp_of_ms(UUIDV7_MAX_MS) == INT64_C(280528291910655000),
	   "pg_uuidv7 largest ms");
}

int
main(int argc, char **argv)
{
	test_vectors(argc > 1 ? argv[1] : "../vectors");
	test_layouts();
	test_v1_v6_roundtrip();
	test_v7_clock();
	test_v6_generator();
	test_v8_and_pg_uuidv7();
	return tap_done();
}
