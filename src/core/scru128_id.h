/*-------------------------------------------------------------------------
 *
 * scru128_id.h
 *	  Binary layout of a SCRU128 ID and packing of its four fields.
 *
 * An ID is kept as 16 bytes, big-endian, exactly like a uuid, so that
 * memcmp() order equals the numeric order of the 128-bit integer and the
 * order of the canonical text.  This header is free of PostgreSQL headers
 * so the codec and generator can be tested without a server.
 *
 *-------------------------------------------------------------------------
 */
#ifndef SCRU128_ID_H
#define SCRU128_ID_H

#include <stdint.h>
#include "be64.h"

#define SCRU128_LEN 16
#define SCRU128_TEXT_LEN 25

#define SCRU128_MAX_TIMESTAMP UINT64_C(0xFFFFFFFFFFFF)
#define SCRU128_MAX_COUNTER_HI UINT32_C(0xFFFFFF)
#define SCRU128_MAX_COUNTER_LO UINT32_C(0xFFFFFF)

/*
 * Fields are not range-checked here: callers validate them first (the SQL
 * constructor reports which field is out of range).
 */
static inline void
scru128_from_fields(uint8_t *id, uint64_t timestamp, uint32_t counter_hi,
					uint32_t counter_lo, uint32_t entropy)
{
	be64_store(id, (timestamp << 16) | (counter_hi >> 8));
	be64_store(id + 8, ((uint64_t) (counter_hi & 0xFF) << 56) |
			   ((uint64_t) counter_lo << 32) | entropy);
}

static inline uint64_t
scru128_get_timestamp(const uint8_t *id)
{
	return be64_load(id) >> 16;
}

static inline uint32_t
scru128_get_counter_hi(const uint8_t *id)
{
	return ((uint32_t) id[6] << 16) | ((uint32_t) id[7] << 8) | id[8];
}

static inline uint32_t
scru128_get_counter_lo(const uint8_t *id)
{
	return ((uint32_t) id[9] << 16) | ((uint32_t) id[10] << 8) | id[11];
}

static inline uint32_t
scru128_get_entropy(const uint8_t *id)
{
	return ((uint32_t) id[12] << 24) | ((uint32_t) id[13] << 16) |
		((uint32_t) id[14] << 8) | id[15];
}

#endif							/* SCRU128_ID_H */
