/*-------------------------------------------------------------------------
 *
 * public_id_core.h
 *	  Public IDs: a key value mapped by FF1 (ff1.h) to a value of the same
 *	  type that shows nothing of the key's order or time, and back.
 *
 * One secret master key of 32 bytes.  Each kind of key has its own AES-256
 * key, derived from it with HKDF-SHA256 (RFC 5869): no salt (HashLen zero
 * bytes), IKM = the master key, info = the ASCII bytes of
 * "scru128 public-id v1 " followed by the kind's name ("uuidv7",
 * "scru128", "ulid", "scru160" or "bigint"), L = 32.  The optional context
 * (the bytes of a text, at most PUBLIC_ID_MAX_CONTEXT) is FF1's tweak; no
 * context is the empty tweak.
 *
 * Every kind is FF1 with radix 2 over the numeral string of its bits, most
 * significant first (NUM_2 of the string is the value below):
 *	 - uuidv7: n = 122, the UUID's 128 bits without the version (bits 48-51,
 *	   counted from the first, most significant bit as 0) and the variant
 *	   (bits 64-65): unix_ts_ms (48) || rand_a (12) || rand_b (62).  The
 *	   result goes back into those positions with version 4 and variant
 *	   binary 10, so a public ID looks like a UUIDv4.  Decoding takes a
 *	   UUIDv4 and gives the UUIDv7.  Every 122-bit string is a valid v7 and
 *	   a valid v4, so this is a one-to-one map of all UUIDv7 onto all
 *	   UUIDv4.  A UUID that is not version 7 (RFC variant) has no public
 *	   ID: PUBLIC_ID_NOT_UUIDV7.
 *	 - scru128, ulid: n = 128, all 16 bytes; scru160: n = 160, all 20 bytes.
 *	   Every bit string is a valid value of these types, so all bits are
 *	   enciphered and the map is onto the whole type.
 *	 - bigint: n = 63, a non-negative int64 (its low 63 bits) to a
 *	   non-negative int64.  A negative value is PUBLIC_ID_NEGATIVE.
 *
 * Decoding with another key or context, or decoding a value that was never
 * encoded, gives some other valid key value, never an error: nothing tells
 * a wrong key from a right one.  The only decoding errors are those that
 * anyone can see without a key: a UUID that is not a v4, a negative
 * bigint.
 *
 * Pure C, no PostgreSQL headers.
 *
 *-------------------------------------------------------------------------
 */
#ifndef PUBLIC_ID_CORE_H
#define PUBLIC_ID_CORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ff1.h"

#define PUBLIC_ID_MASTER_KEY_LEN 32
#define PUBLIC_ID_SUBKEY_LEN 32
#define PUBLIC_ID_MAX_CONTEXT 255
#define PUBLIC_ID_INFO_PREFIX "scru128 public-id v1 "

typedef enum public_id_kind
{
	PUBLIC_ID_UUIDV7 = 0,
	PUBLIC_ID_SCRU128,
	PUBLIC_ID_ULID,
	PUBLIC_ID_SCRU160,
	PUBLIC_ID_BIGINT
} public_id_kind;

#define PUBLIC_ID_KINDS 5

typedef enum public_id_status
{
	PUBLIC_ID_OK = 0,
	PUBLIC_ID_NOT_UUIDV7,		/* encoding a UUID that is not a v7 */
	PUBLIC_ID_NOT_UUIDV4,		/* decoding a UUID that is not a v4 */
	PUBLIC_ID_NEGATIVE,			/* a negative bigint, either way */
	PUBLIC_ID_CONTEXT_TOO_LONG, /* more than PUBLIC_ID_MAX_CONTEXT bytes */
	PUBLIC_ID_CRYPTO_FAILED		/* libcrypto reported an error */
} public_id_status;

/* the FF1 keys of every kind, derived from one master key */
typedef struct public_id_keys
{
	ff1_key    *ff1[PUBLIC_ID_KINDS];
} public_id_keys;

/* the kind's name in the HKDF info */
extern const char *public_id_kind_name(public_id_kind kind);

/* the byte length of the kind's binary value (a bigint: 8, big-endian) */
extern size_t public_id_kind_len(public_id_kind kind);

/* FF1's n for the kind */
extern size_t public_id_kind_bits(public_id_kind kind);

/*
 * HKDF-SHA256 (RFC 5869) with libcrypto: out_len bytes.  salt_len 0 is
 * no salt.  False when libcrypto fails.
 */
extern bool public_id_hkdf_sha256(const uint8_t *salt, size_t salt_len,
								  const uint8_t *ikm, size_t ikm_len,
								  const uint8_t *info, size_t info_len,
								  uint8_t *out, size_t out_len);

/* the kind's AES-256 key (above); false when libcrypto fails */
extern bool public_id_subkey(const uint8_t master[PUBLIC_ID_MASTER_KEY_LEN],
							 public_id_kind kind,
							 uint8_t subkey[PUBLIC_ID_SUBKEY_LEN]);

/*
 * A key's check value: the first 4 bytes of HKDF-SHA256(no salt, IKM =
 * the master key, info = "scru128 public-id v1 check", L = 32), to tell
 * whether two servers hold the same key without showing it.  False when
 * libcrypto fails.
 */
#define PUBLIC_ID_CHECK_LEN 4
extern bool public_id_check_value(const uint8_t master[PUBLIC_ID_MASTER_KEY_LEN],
								  uint8_t check[PUBLIC_ID_CHECK_LEN]);

/*
 * Derives the keys of every kind; false (and keys empty) when libcrypto
 * fails.  The master key and the subkeys are not kept.
 */
extern bool public_id_keys_init(public_id_keys *keys,
								const uint8_t master[PUBLIC_ID_MASTER_KEY_LEN]);
extern void public_id_keys_free(public_id_keys *keys);

/*
 * in and out are the kind's binary values (public_id_kind_len bytes; a
 * bigint in 8 big-endian bytes, its two's complement); they may be the
 * same buffer.
 */
extern public_id_status public_id_encode(public_id_keys *keys,
										 public_id_kind kind,
										 const uint8_t *context,
										 size_t context_len,
										 const uint8_t *in, uint8_t *out);
extern public_id_status public_id_decode(public_id_keys *keys,
										 public_id_kind kind,
										 const uint8_t *context,
										 size_t context_len,
										 const uint8_t *in, uint8_t *out);

/* the same for a bigint held in an int64_t */
extern public_id_status public_id_encode_int64(public_id_keys *keys,
											   const uint8_t *context,
											   size_t context_len,
											   int64_t in, int64_t *out);
extern public_id_status public_id_decode_int64(public_id_keys *keys,
											   const uint8_t *context,
											   size_t context_len,
											   int64_t in, int64_t *out);

#endif							/* PUBLIC_ID_CORE_H */
