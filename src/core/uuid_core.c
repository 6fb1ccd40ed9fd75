/*-------------------------------------------------------------------------
 *
 * uuid_core.c
 *	  RFC 9562 UUID layouts and generator state machines (pure C).
 *
 * Byte offsets below follow the RFC's figures: bytes 0-5 are the 48 most
 * significant bits, the version is the high nibble of byte 6, the variant
 * the top two bits of byte 8.
 *
 *-------------------------------------------------------------------------
 */
#include "uuid_core.h"

#include <string.h>

/* microseconds between 1582-10-15 and 1970-01-01 */
#define GREGORIAN_UNIX_US ((int64_t) (UUID_GREGORIAN_UNIX_100NS / 10))

static inline void
put_be48(uint8_t *p, uint64_t v)
{
	p[0] = (uint8_t) (v >> 40);
	p[1] = (uint8_t) (v >> 32);
	p[2] = (uint8_t) (v >> 24);
	p[3] = (uint8_t) (v >> 16);
	p[4] = (uint8_t) (v >> 8);
	p[5] = (uint8_t) v;
}

static inline uint64_t
get_be48(const uint8_t *p)
{
	return ((uint64_t) p[0] << 40) | ((uint64_t) p[1] << 32) |
		((uint64_t) p[2] << 24) | ((uint64_t) p[3] << 16) |
		((uint64_t) p[4] << 8) | (uint64_t) p[5];
}

static inline void
put_be64(uint8_t *p, uint64_t v)
{
	for (int i = 7; i >= 0; i--)
	{
		p[i] = (uint8_t) v;
		v >>= 8;
	}
}

int
uuid_rfc_version(const uint8_t uuid[UUID_CORE_LEN])
{
	if ((uuid[8] & 0xC0) != 0x80)
		return -1;
	return uuid[6] >> 4;
}

void
uuid_set_version_variant(uint8_t uuid[UUID_CORE_LEN], int version)
{
	uuid[6] = (uint8_t) ((uuid[6] & 0x0F) | (version << 4));
	uuid[8] = (uint8_t) ((uuid[8] & 0x3F) | 0x80);
}

void
uuidv4_pack(uint8_t uuid[UUID_CORE_LEN], uint64_t random_hi, uint64_t random_lo)
{
	put_be64(uuid, random_hi);
	put_be64(uuid + 8, random_lo);
	uuid_set_version_variant(uuid, 4);
}

uint32_t
uuidv7_subms_fraction(uint32_t sub_ms_ns)
{
	return (uint32_t) (((uint64_t) sub_ms_ns << UUIDV7_SUBMS_BITS) / UUID_NS_PER_MS);
}

void
uuidv7_pack(uint8_t uuid[UUID_CORE_LEN], uint64_t unix_ts_ms, uint32_t rand_a,
			uint64_t rand_b)
{
	put_be48(uuid, unix_ts_ms);
	uuid[6] = (uint8_t) ((rand_a >> 8) & 0x0F);
	uuid[7] = (uint8_t) rand_a;
	put_be64(uuid + 8, rand_b);
	uuid_set_version_variant(uuid, 7);
}

void
uuidv7_bound(uint8_t uuid[UUID_CORE_LEN], uint64_t unix_ts_ms, bool largest)
{
	put_be48(uuid, unix_ts_ms);
	memset(uuid + 6, largest ? 0xFF : 0x00, UUID_CORE_LEN - 6);
	uuid_set_version_variant(uuid, 7);
}

int64_t
uuidv7_clock_next(uuidv7_clock *clock, int64_t now_ns)
{
	/*
	 * A reading less than one step ahead would give a rand_a that is not
	 * larger than the last one: use the smallest time that is.  When the
	 * clock stalls or steps back, the time runs ahead of it one step per
	 * value until the clock catches up.
	 */
	if (clock->previous_ns + UUIDV7_STEP_NS >= now_ns)
		now_ns = clock->previous_ns + UUIDV7_STEP_NS;
	clock->previous_ns = now_ns;
	return now_ns;
}

void
uuidv7_generate(uuidv7_clock *clock, int64_t now_ns, uint64_t rand_b,
				uint8_t uuid[UUID_CORE_LEN])
{
	int64_t		ns = uuidv7_clock_next(clock, now_ns);

	uuidv7_pack(uuid, (uint64_t) (ns / UUID_NS_PER_MS),
				uuidv7_subms_fraction((uint32_t) (ns % UUID_NS_PER_MS)), rand_b);
}

void
uuidv6_pack(uint8_t uuid[UUID_CORE_LEN], uint64_t gregorian_100ns,
			uint16_t clock_seq, uint64_t node)
{
	/* time_high (32) and time_mid (16): the top 48 of the 60 bits */
	put_be48(uuid, gregorian_100ns >> 12);
	/* version, then time_low (12) */
	uuid[6] = (uint8_t) ((gregorian_100ns >> 8) & 0x0F);
	uuid[7] = (uint8_t) gregorian_100ns;
	/* variant, then clock_seq (14) */
	uuid[8] = (uint8_t) ((clock_seq >> 8) & 0x3F);
	uuid[9] = (uint8_t) clock_seq;
	put_be48(uuid + 10, node);
	uuid_set_version_variant(uuid, 6);
}

void
uuidv6_init(uuidv6_generator *g, uint64_t random)
{
	g->last_timestamp = 0;
	g->clock_seq = (uint16_t) (random & 0x3FFF);
	/*
	 * The multicast bit is the least significant bit of the node's first
	 * octet; set, it marks the node as random and never a real MAC address.
	 */
	g->node = ((random >> 14) & UINT64_C(0xFFFFFFFFFFFF)) | (UINT64_C(1) << 40);
}

bool
uuidv6_generate(uuidv6_generator *g, int64_t now_ns, uint8_t uuid[UUID_CORE_LEN])
{
	uint64_t	ts;

	if (now_ns < 0)
		return false;
	ts = (uint64_t) now_ns / 100 + UUID_GREGORIAN_UNIX_100NS;
	/* one tick past the last value when the clock has not advanced */
	if (ts <= g->last_timestamp)
		ts = g->last_timestamp + 1;
	if (ts > UUIDV6_MAX_TIMESTAMP)
		return false;
	g->last_timestamp = ts;
	uuidv6_pack(uuid, ts, g->clock_seq, g->node);
	return true;
}

uint64_t
uuid_v1_timestamp(const uint8_t uuid[UUID_CORE_LEN])
{
	/* time_low (32), time_mid (16), then time_high (12) after the version */
	return ((uint64_t) uuid[0] << 24) | ((uint64_t) uuid[1] << 16) |
		((uint64_t) uuid[2] << 8) | (uint64_t) uuid[3] |
		((uint64_t) uuid[4] << 40) | ((uint64_t) uuid[5] << 32) |
		((uint64_t) (uuid[6] & 0x0F) << 56) | ((uint64_t) uuid[7] << 48);
}

uint64_t
uuid_v6_timestamp(const uint8_t uuid[UUID_CORE_LEN])
{
	return (get_be48(uuid) << 12) | ((uint64_t) (uuid[6] & 0x0F) << 8) |
		(uint64_t) uuid[7];
}

uint64_t
uuid_v7_unix_ms(const uint8_t uuid[UUID_CORE_LEN])
{
	return get_be48(uuid);
}

void
uuid_v1_to_v6(const uint8_t v1[UUID_CORE_LEN], uint8_t v6[UUID_CORE_LEN])
{
	uint64_t	ts = uuid_v1_timestamp(v1);

	memcpy(v6 + 8, v1 + 8, 8);
	put_be48(v6, ts >> 12);
	v6[6] = (uint8_t) (0x60 | ((ts >> 8) & 0x0F));
	v6[7] = (uint8_t) ts;
}

void
uuid_v6_to_v1(const uint8_t v6[UUID_CORE_LEN], uint8_t v1[UUID_CORE_LEN])
{
	uint64_t	ts = uuid_v6_timestamp(v6);

	memcpy(v1 + 8, v6 + 8, 8);
	v1[0] = (uint8_t) (ts >> 24);
	v1[1] = (uint8_t) (ts >> 16);
	v1[2] = (uint8_t) (ts >> 8);
	v1[3] = (uint8_t) ts;
	v1[4] = (uint8_t) (ts >> 40);
	v1[5] = (uint8_t) (ts >> 32);
	v1[6] = (uint8_t) (0x10 | ((ts >> 56) & 0x0F));
	v1[7] = (uint8_t) (ts >> 48);
}

bool
uuid_unix_us(const uint8_t uuid[UUID_CORE_LEN], int64_t *unix_us)
{
	switch (uuid_rfc_version(uuid))
	{
		case 1:
			*unix_us = (int64_t) (uuid_v1_timestamp(uuid) / 10) - GREGORIAN_UNIX_US;
			return true;
		case 6:
			*unix_us = (int64_t) (uuid_v6_timestamp(uuid) / 10) - GREGORIAN_UNIX_US;
			return true;
		case 7:
			*unix_us = (int64_t) uuid_v7_unix_ms(uuid) * 1000;
			return true;
		default:
			return false;
	}
}

void
uuidv8_pack(uint8_t uuid[UUID_CORE_LEN], uint64_t custom_a, uint32_t custom_b,
			uint64_t custom_c)
{
	put_be48(uuid, custom_a & UUIDV8_CUSTOM_A_MAX);
	uuid[6] = (uint8_t) ((custom_b >> 8) & 0x0F);
	uuid[7] = (uint8_t) custom_b;
	put_be64(uuid + 8, custom_c & UUIDV8_CUSTOM_C_MAX);
	uuid_set_version_variant(uuid, 8);
}

/* microseconds from 1970-01-01 to 2000-01-01, PostgreSQL's epoch */
#define PG_UUIDV7_EPOCH_DIFF_US UINT64_C(946684800000000)

uint64_t
pg_uuidv7_ms_of_timestamp(int64_t pg_us)
{
	/*
	 * pg_uuidv7 adds and divides in uint64, so a time before 1970 wraps
	 * around to a large count whose low 48 bits are kept.
	 */
	return (((uint64_t) pg_us + PG_UUIDV7_EPOCH_DIFF_US) / 1000) & UUIDV7_MAX_MS;
}

int64_t
pg_uuidv7_timestamp_of_ms(uint64_t unix_ts_ms)
{
	/* 48 bits of ms times 1000 fit in 58 bits: no wrap-around here */
	return (int64_t) ((unix_ts_ms & UUIDV7_MAX_MS) * 1000) -
		(int64_t) PG_UUIDV7_EPOCH_DIFF_US;
}
