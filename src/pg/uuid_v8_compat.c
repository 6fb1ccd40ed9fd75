/*-------------------------------------------------------------------------
 *
 * uuid_v8_compat.c
 *	  UUIDv8 (RFC 9562 section 5.8) from three fields, from 16 bytes and by
 *	  the name-based example of Appendix B.2 (SHA-256); and the functions of
 *	  the scru128_uuidv7compat extension, which answer as pg_uuidv7 1.7.0's
 *	  functions of the same names.
 *
 * The compat extension is a second extension of this package (its own
 * control file, module_pathname the same library), so that its names, the
 * same as pg_uuidv7's, never enter a database that only asked for scru128.
 * The layouts and the arithmetic are in uuid_core.c.
 *
 *-------------------------------------------------------------------------
 */
#include "scru128_pg.h"

#include <time.h>

#include "common/cryptohash.h"
#include "common/sha2.h"
#include "mb/pg_wchar.h"
#include "utils/timestamp.h"
#include "utils/uuid.h"

#include "random_pool.h"
#include "uuid_core.h"

static void
v8_field_out_of_range(const char *field, int bits, int64 value)
{
	ereport(ERROR,
			(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
			 errmsg("%s out of range for UUID version 8: " INT64_FORMAT, field, value),
			 errdetail("%s holds %d bits, 0 to " UINT64_FORMAT ".",
					   field, bits, (UINT64CONST(1) << bits) - 1)));
}

PG_FUNCTION_INFO_V1(scru128_uuidv8_fields);
Datum
scru128_uuidv8_fields(PG_FUNCTION_ARGS)
{
	int64		a = PG_GETARG_INT64(0);
	int32		b = PG_GETARG_INT32(1);
	int64		c = PG_GETARG_INT64(2);
	pg_uuid_t  *result;

	if (a < 0 || (uint64) a > UUIDV8_CUSTOM_A_MAX)
		v8_field_out_of_range("custom_a", 48, a);
	if (b < 0 || (uint32) b > UUIDV8_CUSTOM_B_MAX)
		v8_field_out_of_range("custom_b", 12, b);
	if (c < 0 || (uint64) c > UUIDV8_CUSTOM_C_MAX)
		v8_field_out_of_range("custom_c", 62, c);
	result = palloc(UUID_LEN);
	uuidv8_pack(result->data, (uint64) a, (uint32) b, (uint64) c);
	PG_RETURN_UUID_P(result);
}

/* 128 given bits, 6 of which become the version and the variant */
PG_FUNCTION_INFO_V1(scru128_uuidv8_bytes);
Datum
scru128_uuidv8_bytes(PG_FUNCTION_ARGS)
{
	bytea	   *bytes = PG_GETARG_BYTEA_PP(0);
	pg_uuid_t  *result;

	if (VARSIZE_ANY_EXHDR(bytes) != UUID_LEN)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("UUID version 8 is made of 16 bytes, not %d",
						(int) VARSIZE_ANY_EXHDR(bytes))));
	result = palloc(UUID_LEN);
	memcpy(result->data, VARDATA_ANY(bytes), UUID_LEN);
	uuid_set_version_variant(result->data, 8);
	PG_FREE_IF_COPY(bytes, 0);
	PG_RETURN_UUID_P(result);
}

/*
 * RFC 9562 Appendix B.2: SHA-256 over the namespace's 16 bytes and the name,
 * the first 128 bits of the hash, version 8 and the variant set.  The name
 * is hashed in UTF-8, as every library the appendix's vector comes from
 * encodes it, whatever the database encoding.
 */
PG_FUNCTION_INFO_V1(scru128_uuidv8_sha256);
Datum
scru128_uuidv8_sha256(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *ns = PG_GETARG_UUID_P(0);
	text	   *name = PG_GETARG_TEXT_PP(1);
	int			len = VARSIZE_ANY_EXHDR(name);
	char	   *utf8;
	pg_cryptohash_ctx *ctx;
	uint8		hash[PG_SHA256_DIGEST_LENGTH];
	pg_uuid_t  *result;

	utf8 = pg_server_to_any(VARDATA_ANY(name), len, PG_UTF8);
	if (utf8 != VARDATA_ANY(name))
		len = strlen(utf8);

	ctx = pg_cryptohash_create(PG_SHA256);
	if (ctx == NULL ||
		pg_cryptohash_init(ctx) < 0 ||
		pg_cryptohash_update(ctx, ns->data, UUID_LEN) < 0 ||
		pg_cryptohash_update(ctx, (const uint8 *) utf8, len) < 0 ||
		pg_cryptohash_final(ctx, hash, sizeof(hash)) < 0)
	{
		pg_cryptohash_free(ctx);
		ereport(ERROR,
				(errcode(ERRCODE_INTERNAL_ERROR),
				 errmsg("could not compute the SHA-256 hash for UUID version 8")));
	}
	pg_cryptohash_free(ctx);
	if (utf8 != VARDATA_ANY(name))
		pfree(utf8);

	result = palloc(UUID_LEN);
	memcpy(result->data, hash, UUID_LEN);
	uuid_set_version_variant(result->data, 8);
	PG_FREE_IF_COPY(name, 1);
	PG_RETURN_UUID_P(result);
}

/*
 * scru128_uuidv7compat: pg_uuidv7 1.7.0's uuid_generate_v7(), the current
 * millisecond of the real-time clock and 74 random bits (no counter, no
 * sub-millisecond fraction: values of one millisecond are in random order,
 * as pg_uuidv7's are).
 */
PG_FUNCTION_INFO_V1(scru128_compat_uuid_generate_v7);
Datum
scru128_compat_uuid_generate_v7(PG_FUNCTION_ARGS)
{
	struct timespec ts;
	pg_uuid_t  *result = palloc(UUID_LEN);
	uint64		rand_b = random_pool_uint64();

	clock_gettime(CLOCK_REALTIME, &ts);
	uuidv7_pack(result->data,
				(uint64) ts.tv_sec * 1000 + (uint64) ts.tv_nsec / 1000000,
				random_pool_uint32(NULL), rand_b);
	PG_RETURN_UUID_P(result);
}

/*
 * pg_uuidv7 reads the first 48 bits of any uuid as Unix milliseconds,
 * whatever its version and variant; so does this.
 */
static int64
first_48_bits_as_timestamp(const pg_uuid_t *uuid)
{
	uint64		ms = 0;

	for (int i = 0; i < 6; i++)
		ms = (ms << 8) | uuid->data[i];
	return pg_uuidv7_timestamp_of_ms(ms);
}

PG_FUNCTION_INFO_V1(scru128_compat_uuid_v7_to_timestamptz);
Datum
scru128_compat_uuid_v7_to_timestamptz(PG_FUNCTION_ARGS)
{
	PG_RETURN_TIMESTAMPTZ(first_48_bits_as_timestamp(PG_GETARG_UUID_P(0)));
}

PG_FUNCTION_INFO_V1(scru128_compat_uuid_v7_to_timestamp);
Datum
scru128_compat_uuid_v7_to_timestamp(PG_FUNCTION_ARGS)
{
	PG_RETURN_TIMESTAMP(first_48_bits_as_timestamp(PG_GETARG_UUID_P(0)));
}

/*
 * The 48 bits of the time as pg_uuidv7 computes them (a timestamp without
 * time zone is read as UTC), then 74 random bits or, if zero, none.
 */
static Datum
compat_v7_of_time(int64 pg_us, bool zero)
{
	pg_uuid_t  *result = palloc(UUID_LEN);
	uint64		ms = pg_uuidv7_ms_of_timestamp(pg_us);

	if (zero)
		uuidv7_pack(result->data, ms, 0, 0);
	else
	{
		uint64		rand_b = random_pool_uint64();

		uuidv7_pack(result->data, ms, random_pool_uint32(NULL), rand_b);
	}
	PG_RETURN_UUID_P(result);
}

PG_FUNCTION_INFO_V1(scru128_compat_uuid_timestamptz_to_v7);
Datum
scru128_compat_uuid_timestamptz_to_v7(PG_FUNCTION_ARGS)
{
	return compat_v7_of_time(PG_GETARG_TIMESTAMPTZ(0), PG_GETARG_BOOL(1));
}

PG_FUNCTION_INFO_V1(scru128_compat_uuid_timestamp_to_v7);
Datum
scru128_compat_uuid_timestamp_to_v7(PG_FUNCTION_ARGS)
{
	return compat_v7_of_time(PG_GETARG_TIMESTAMP(0), PG_GETARG_BOOL(1));
}
