/*-------------------------------------------------------------------------
 *
 * uuid_core.h
 *	  RFC 9562 UUID layouts (versions 4, 6, 7 and 8), the per-backend v7 and
 *	  v6 clocks, the v1 <-> v6 reordering, timestamp extraction, and the
 *	  arithmetic of pg_uuidv7's conversion functions.
 *
 * The clock reading and the random bits are passed in, so every rule can be
 * tested exactly without a server.  Pure C, no PostgreSQL headers.  A UUID
 * is 16 bytes in network (big-endian) order, as the uuid type stores it.
 *
 *-------------------------------------------------------------------------
 */
#ifndef UUID_CORE_H
#define UUID_CORE_H

#include <stdbool.h>
#include <stdint.h>

#define UUID_CORE_LEN 16

#define UUID_NS_PER_MS INT64_C(1000000)

/*
 * UUIDv7 (RFC 9562 section 6.2, method 3, as PostgreSQL 18): rand_a holds
 * the sub-millisecond fraction in 1/4096 ms.  Successive clock readings of
 * one generator differ by at least UUIDV7_STEP_NS, the smallest step that
 * always changes that fraction, so a generator's values strictly increase.
 */
#define UUIDV7_SUBMS_BITS 12
#define UUIDV7_STEP_NS (UUID_NS_PER_MS / (1 << UUIDV7_SUBMS_BITS) + 1)
#define UUIDV7_MAX_MS ((UINT64_C(1) << 48) - 1)

/*
 * UUIDv1 and v6 count 100-ns intervals since 1582-10-15 00:00:00 UTC in 60
 * bits; this many of them lie before the Unix epoch.
 */
#define UUID_GREGORIAN_UNIX_100NS UINT64_C(0x01B21DD213814000)
#define UUIDV6_MAX_TIMESTAMP ((UINT64_C(1) << 60) - 1)

/* the version field, or -1 if the variant is not the RFC 9562 one */
extern int	uuid_rfc_version(const uint8_t uuid[UUID_CORE_LEN]);

/* sets the version field and the RFC 9562 variant bits */
extern void uuid_set_version_variant(uint8_t uuid[UUID_CORE_LEN], int version);

/* version 4 from 128 random bits (122 of them are kept) */
extern void uuidv4_pack(uint8_t uuid[UUID_CORE_LEN], uint64_t random_hi,
						uint64_t random_lo);

/* rand_a for sub_ms_ns nanoseconds into the millisecond (0 .. 999999) */
extern uint32_t uuidv7_subms_fraction(uint32_t sub_ms_ns);

/* version 7 from its fields; rand_a keeps 12 bits, rand_b the low 62 */
extern void uuidv7_pack(uint8_t uuid[UUID_CORE_LEN], uint64_t unix_ts_ms,
						uint32_t rand_a, uint64_t rand_b);

/* the smallest or the largest version 7 UUID of a millisecond */
extern void uuidv7_bound(uint8_t uuid[UUID_CORE_LEN], uint64_t unix_ts_ms,
						 bool largest);

/* one generator's clock: PostgreSQL 18's get_real_time_ns_ascending() */
typedef struct uuidv7_clock
{
	int64_t		previous_ns;	/* Unix ns of the last value; 0 = none */
} uuidv7_clock;

/*
 * The time, in Unix nanoseconds, for the next value given a clock reading:
 * the reading, or the previous time plus one step if the clock did not
 * advance by that much (or went back).
 */
extern int64_t uuidv7_clock_next(uuidv7_clock *clock, int64_t now_ns);

/* the next version 7 value at clock reading now_ns (>= 0) */
extern void uuidv7_generate(uuidv7_clock *clock, int64_t now_ns,
							uint64_t rand_b, uint8_t uuid[UUID_CORE_LEN]);

/* version 6 from its fields (RFC 9562 section 5.6) */
extern void uuidv6_pack(uint8_t uuid[UUID_CORE_LEN], uint64_t gregorian_100ns,
						uint16_t clock_seq, uint64_t node);

/*
 * One version 6 generator: a random clock sequence and a random node with
 * the multicast bit set (RFC 9562 section 6.10), chosen once; the timestamp
 * advances by at least one 100-ns tick per value.
 */
typedef struct uuidv6_generator
{
	uint64_t	last_timestamp; /* 100-ns ticks since 1582; 0 = none yet */
	uint16_t	clock_seq;		/* 14 bits */
	uint64_t	node;			/* 48 bits, multicast bit set */
} uuidv6_generator;

/* draws the clock sequence and the node from 64 random bits */
extern void uuidv6_init(uuidv6_generator *g, uint64_t random);

/*
 * The next version 6 value at clock reading now_ns (Unix nanoseconds).
 * False, with the state unchanged, if the timestamp would not fit in 60
 * bits or the clock reads before 1970.
 */
extern bool uuidv6_generate(uuidv6_generator *g, int64_t now_ns,
							uint8_t uuid[UUID_CORE_LEN]);

/*
 * The field-compatible reorderings of RFC 9562 section 5.6: the 60-bit
 * timestamp moves, the version changes, clock_seq and node stay.  The caller
 * checks the version of the input.
 */
extern void uuid_v1_to_v6(const uint8_t v1[UUID_CORE_LEN], uint8_t v6[UUID_CORE_LEN]);
extern void uuid_v6_to_v1(const uint8_t v6[UUID_CORE_LEN], uint8_t v1[UUID_CORE_LEN]);

/* the 60-bit timestamp of a version 1 or a version 6 UUID */
extern uint64_t uuid_v1_timestamp(const uint8_t uuid[UUID_CORE_LEN]);
extern uint64_t uuid_v6_timestamp(const uint8_t uuid[UUID_CORE_LEN]);

/* the 48-bit unix_ts_ms of a version 7 UUID */
extern uint64_t uuid_v7_unix_ms(const uint8_t uuid[UUID_CORE_LEN]);

/*
 * The time of an RFC 9562 UUID of version 1, 6 or 7 in Unix microseconds,
 * as PostgreSQL's uuid_extract_timestamp() computes it (100-ns ticks
 * truncated to microseconds; v7 to the millisecond, rand_a ignored).  False
 * for other versions and other variants.
 */
extern bool uuid_unix_us(const uint8_t uuid[UUID_CORE_LEN], int64_t *unix_us);

/*
 * UUIDv8 (RFC 9562 section 5.8) as three fields, the split of Python's
 * uuid.uuid8(a, b, c): custom_a in the first 48 bits, custom_b in the 12
 * after the version, custom_c in the 62 after the variant.
 */
#define UUIDV8_CUSTOM_A_MAX ((UINT64_C(1) << 48) - 1)
#define UUIDV8_CUSTOM_B_MAX ((UINT32_C(1) << 12) - 1)
#define UUIDV8_CUSTOM_C_MAX ((UINT64_C(1) << 62) - 1)

/* version 8 from its fields; each is masked to its width */
extern void uuidv8_pack(uint8_t uuid[UUID_CORE_LEN], uint64_t custom_a,
						uint32_t custom_b, uint64_t custom_c);

/*
 * pg_uuidv7's time arithmetic, reproduced bit for bit (including the
 * unsigned wrap-around of times before 1970 and of infinities), so that its
 * functions answer the same on every input: a PostgreSQL timestamp (us
 * since 2000) to the first 48 bits, and the first 48 bits back to one.
 */
extern uint64_t pg_uuidv7_ms_of_timestamp(int64_t pg_us);
extern int64_t pg_uuidv7_timestamp_of_ms(uint64_t unix_ts_ms);

#endif							/* UUID_CORE_H */
