/*-------------------------------------------------------------------------
 *
 * ulid_core.h
 *	  ULID: binary layout, the Crockford Base32 text codec and the
 *	  monotonic generator's state machine.
 *
 * An ID is 16 bytes, big-endian: timestamp (48 bits, Unix ms) | random
 * (80 bits), so memcmp() order is numeric order, time order and the order
 * of the canonical text.  The text is 26 Crockford Base32 digits
 * (0123456789ABCDEFGHJKMNPQRSTVWXYZ), 130 bits of which the first two are
 * zero: the first digit is 0 to 7.
 *
 * Decoding follows Crockford's rules for the letters the alphabet leaves
 * out: either case; I and L read as 1, O as 0; U is refused, and so is
 * anything else outside the alphabet (no hyphens, no padding).  A value
 * whose first digit is 8 or more does not fit in 128 bits and is refused
 * (the spec: "Any attempt to decode or encode a ULID larger than this
 * should be rejected").  Encoding is always upper case.
 *
 * The clock reading and the random source are passed in, so the rules
 * can be tested exactly without a server.  Pure C, no PostgreSQL headers.
 *
 *-------------------------------------------------------------------------
 */
#ifndef ULID_CORE_H
#define ULID_CORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define ULID_LEN 16
#define ULID_TEXT_LEN 26
#define ULID_RANDOM_LEN 10
#define ULID_MAX_TIMESTAMP UINT64_C(0xFFFFFFFFFFFF)

typedef enum ulid_decode_status
{
	ULID_DECODE_OK = 0,
	ULID_DECODE_BAD_LENGTH,		/* not 26 bytes */
	ULID_DECODE_BAD_DIGIT,		/* a byte outside the alphabet (and I L O) */
	ULID_DECODE_OVERFLOW		/* first digit above 7: more than 128 bits */
} ulid_decode_status;

/* text[0..25] from id; no terminator is written */
extern void ulid_encode(const uint8_t id[ULID_LEN], char text[ULID_TEXT_LEN]);

/*
 * id from len bytes of text.  On ULID_DECODE_BAD_DIGIT, *bad_pos is the
 * offset of the first byte that is not a digit.  id is undefined unless
 * the result is ULID_DECODE_OK.
 */
extern ulid_decode_status ulid_decode(const char *text, size_t len,
									  uint8_t id[ULID_LEN], size_t *bad_pos);

/* the value of one text byte: 0..31, or -1 if it is not a digit */
extern int	ulid_digit_value(unsigned char c);

static inline uint64_t
ulid_get_timestamp(const uint8_t *id)
{
	uint64_t	ts = 0;
	int			i;

	for (i = 0; i < 6; i++)
		ts = (ts << 8) | id[i];
	return ts;
}

/*
 * The state of a generator, also the fields of its last ID: the 80-bit
 * random part is kept as a 16-bit high and a 64-bit low word so that the
 * spec's "increment by one, with carrying" is two integer additions.
 */
typedef struct ulid_state
{
	uint64_t	timestamp;		/* of the last ID */
	uint16_t	random_hi;
	uint64_t	random_lo;
	bool		started;		/* false: no ID yet */
} ulid_state;

static inline void
ulid_from_state(uint8_t id[ULID_LEN], const ulid_state *s)
{
	uint64_t	ts = s->timestamp;
	uint64_t	lo = s->random_lo;
	int			i;

	for (i = 5; i >= 0; i--)
	{
		id[i] = (uint8_t) ts;
		ts >>= 8;
	}
	id[6] = (uint8_t) (s->random_hi >> 8);
	id[7] = (uint8_t) s->random_hi;
	for (i = 15; i >= 8; i--)
	{
		id[i] = (uint8_t) lo;
		lo >>= 8;
	}
}

/* the random part of the state from 10 random bytes */
static inline void
ulid_state_set_random(ulid_state *s, const uint8_t r[ULID_RANDOM_LEN])
{
	int			i;

	s->random_hi = (uint16_t) (((unsigned) r[0] << 8) | r[1]);
	s->random_lo = 0;
	for (i = 2; i < ULID_RANDOM_LEN; i++)
		s->random_lo = (s->random_lo << 8) | r[i];
}

/* is a (as an ID) below b? */
static inline bool
ulid_state_less(const ulid_state *a, const ulid_state *b)
{
	if (a->timestamp != b->timestamp)
		return a->timestamp < b->timestamp;
	if (a->random_hi != b->random_hi)
		return a->random_hi < b->random_hi;
	return a->random_lo < b->random_lo;
}

typedef enum ulid_gen_status
{
	ULID_GEN_OK = 0,
	ULID_GEN_BAD_CLOCK,			/* clock at or past 2^48 - 1 ms */
	ULID_GEN_EXHAUSTED			/* the random part is spent in the last
								 * representable millisecond */
} ulid_gen_status;

/*
 * The next ID of a monotonic generator for a clock reading of now_ms and
 * 10 fresh random bytes, strictly greater than the last one (the spec's
 * monotonic rule).  A clock past the last ID's millisecond starts a new
 * millisecond with the fresh random part; the same millisecond, or a clock
 * that went back, keeps the last timestamp and adds one to the random part
 * (fresh is then unused).  When the random part would pass 2^80 - 1 the
 * spec's generators fail; this one borrows the next millisecond, with the
 * fresh random part, as the extension's other generators do on a counter
 * overflow.  On any result but ULID_GEN_OK *s is unchanged.
 */
extern ulid_gen_status ulid_next(ulid_state *s, uint64_t now_ms,
								 const uint8_t fresh[ULID_RANDOM_LEN]);

/*
 * Whether ulid_next() would use its fresh random bytes: a caller can skip
 * drawing them for the IDs that only increment (most, at a high rate).
 */
static inline bool
ulid_next_uses_random(const ulid_state *s, uint64_t now_ms)
{
	return !s->started || now_ms > s->timestamp ||
		(s->random_lo == UINT64_MAX && s->random_hi == UINT16_MAX);
}

#endif							/* ULID_CORE_H */
