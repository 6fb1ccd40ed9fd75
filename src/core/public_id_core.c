/*-------------------------------------------------------------------------
 *
 * public_id_core.c
 *	  Public IDs by FF1 over the bits of each kind of key; see
 *	  public_id_core.h for the construction.
 *
 *-------------------------------------------------------------------------
 */
#include "public_id_core.h"

#include <string.h>

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>

#include "be64.h"

#define UUID_BYTES 16
#define UUIDV7_PAYLOAD_BITS 122
#define MASK62 ((UINT64_C(1) << 62) - 1)

static const char *const kind_names[PUBLIC_ID_KINDS] = {
	"uuidv7", "scru128", "ulid", "scru160", "bigint"
};
static const size_t kind_lens[PUBLIC_ID_KINDS] = {16, 16, 16, 20, 8};
static const size_t kind_bits[PUBLIC_ID_KINDS] = {122, 128, 128, 160, 63};

const char *
public_id_kind_name(public_id_kind kind)
{
	return kind_names[kind];
}

size_t
public_id_kind_len(public_id_kind kind)
{
	return kind_lens[kind];
}

size_t
public_id_kind_bits(public_id_kind kind)
{
	return kind_bits[kind];
}

bool
public_id_hkdf_sha256(const uint8_t *salt, size_t salt_len,
					  const uint8_t *ikm, size_t ikm_len,
					  const uint8_t *info, size_t info_len,
					  uint8_t *out, size_t out_len)
{
	EVP_PKEY_CTX *pctx;
	size_t		len = out_len;
	bool		ok;

	pctx = EVP_PKEY_CTX_new_id(EVP_PKEY_HKDF, NULL);
	if (pctx == NULL)
		return false;
	ok = EVP_PKEY_derive_init(pctx) > 0 &&
		EVP_PKEY_CTX_set_hkdf_md(pctx, EVP_sha256()) > 0 &&
		(salt_len == 0 ||
		 EVP_PKEY_CTX_set1_hkdf_salt(pctx, salt, (int) salt_len) > 0) &&
		EVP_PKEY_CTX_set1_hkdf_key(pctx, ikm, (int) ikm_len) > 0 &&
		(info_len == 0 ||
		 EVP_PKEY_CTX_add1_hkdf_info(pctx, info, (int) info_len) > 0) &&
		EVP_PKEY_derive(pctx, out, &len) > 0 &&
		len == out_len;
	EVP_PKEY_CTX_free(pctx);
	return ok;
}

bool
public_id_subkey(const uint8_t master[PUBLIC_ID_MASTER_KEY_LEN],
				 public_id_kind kind, uint8_t subkey[PUBLIC_ID_SUBKEY_LEN])
{
	char		info[64];
	size_t		prefix = strlen(PUBLIC_ID_INFO_PREFIX);
	size_t		name = strlen(kind_names[kind]);

	memcpy(info, PUBLIC_ID_INFO_PREFIX, prefix);
	memcpy(info + prefix, kind_names[kind], name);
	return public_id_hkdf_sha256(NULL, 0, master, PUBLIC_ID_MASTER_KEY_LEN,
								 (const uint8_t *) info, prefix + name,
								 subkey, PUBLIC_ID_SUBKEY_LEN);
}

bool
public_id_check_value(const uint8_t master[PUBLIC_ID_MASTER_KEY_LEN],
					  uint8_t check[PUBLIC_ID_CHECK_LEN])
{
	static const char info[] = PUBLIC_ID_INFO_PREFIX "check";
	uint8_t		out[PUBLIC_ID_SUBKEY_LEN];
	bool		ok;

	ok = public_id_hkdf_sha256(NULL, 0, master, PUBLIC_ID_MASTER_KEY_LEN,
							   (const uint8_t *) info, sizeof(info) - 1,
							   out, sizeof(out));
	if (ok)
		memcpy(check, out, PUBLIC_ID_CHECK_LEN);
	OPENSSL_cleanse(out, sizeof(out));
	return ok;
}

bool
public_id_keys_init(public_id_keys *keys,
					const uint8_t master[PUBLIC_ID_MASTER_KEY_LEN])
{
	uint8_t		subkey[PUBLIC_ID_SUBKEY_LEN];

	memset(keys, 0, sizeof(*keys));
	for (int k = 0; k < PUBLIC_ID_KINDS; k++)
	{
		bool		ok = public_id_subkey(master, (public_id_kind) k, subkey);

		if (ok)
			keys->ff1[k] = ff1_key_new(subkey, sizeof(subkey));
		OPENSSL_cleanse(subkey, sizeof(subkey));
		if (!ok || keys->ff1[k] == NULL)
		{
			public_id_keys_free(keys);
			return false;
		}
	}
	return true;
}

void
public_id_keys_free(public_id_keys *keys)
{
	for (int k = 0; k < PUBLIC_ID_KINDS; k++)
	{
		ff1_key_free(keys->ff1[k]);
		keys->ff1[k] = NULL;
	}
}

/*
 * The 122 bits of a UUID other than version and variant, as NUM_2 in 16
 * big-endian bytes: unix_ts_ms (48) || rand_a (12) || rand_b (62).
 */
static void
uuid_payload(const uint8_t uuid[UUID_BYTES], uint8_t payload[UUID_BYTES])
{
	uint64_t	hi = be64_load(uuid);
	uint64_t	lo = be64_load(uuid + 8);
	uint64_t	ts = hi >> 16;
	uint64_t	rand_a = hi & 0xFFF;
	uint64_t	rand_b = lo & MASK62;

	be64_store(payload, (ts << 10) | (rand_a >> 2));
	be64_store(payload + 8, ((rand_a & 3) << 62) | rand_b);
}

/* the inverse: the payload's bits with the version and the RFC variant */
static void
uuid_from_payload(const uint8_t payload[UUID_BYTES], int version,
				  uint8_t uuid[UUID_BYTES])
{
	uint64_t	phi = be64_load(payload);
	uint64_t	plo = be64_load(payload + 8);
	uint64_t	ts = phi >> 10;
	uint64_t	rand_a = ((phi & 0x3FF) << 2) | (plo >> 62);
	uint64_t	rand_b = plo & MASK62;

	be64_store(uuid, (ts << 16) | ((uint64_t) version << 12) | rand_a);
	be64_store(uuid + 8, (UINT64_C(2) << 62) | rand_b);
}

/* the version of a UUID of the RFC 9562 variant (binary 10), else -1 */
static int
uuid_version(const uint8_t uuid[UUID_BYTES])
{
	if ((uuid[8] & 0xC0) != 0x80)
		return -1;
	return uuid[6] >> 4;
}

static public_id_status
public_id_map(public_id_keys *keys, public_id_kind kind, bool decode,
			  const uint8_t *context, size_t context_len,
			  const uint8_t *in, uint8_t *out)
{
	uint8_t		buf[20];
	size_t		len = kind_lens[kind];
	ff1_status	status;

	if (context_len > PUBLIC_ID_MAX_CONTEXT)
		return PUBLIC_ID_CONTEXT_TOO_LONG;
	if (kind == PUBLIC_ID_UUIDV7)
	{
		if (uuid_version(in) != (decode ? 4 : 7))
			return decode ? PUBLIC_ID_NOT_UUIDV4 : PUBLIC_ID_NOT_UUIDV7;
		uuid_payload(in, buf);
	}
	else
	{
		/* bigint: the sign bit is the one bit outside the 63 */
		if (kind == PUBLIC_ID_BIGINT && (in[0] & 0x80) != 0)
			return PUBLIC_ID_NEGATIVE;
		memcpy(buf, in, len);
	}
	if (decode)
		status = ff1_decrypt_bin(keys->ff1[kind], context, context_len,
								 kind_bits[kind], buf, buf);
	else
		status = ff1_encrypt_bin(keys->ff1[kind], context, context_len,
								 kind_bits[kind], buf, buf);
	if (status != FF1_OK)
	{
		/* the arguments are valid by construction: only libcrypto fails */
		OPENSSL_cleanse(buf, sizeof(buf));
		return PUBLIC_ID_CRYPTO_FAILED;
	}
	if (kind == PUBLIC_ID_UUIDV7)
		uuid_from_payload(buf, decode ? 7 : 4, out);
	else
		memcpy(out, buf, len);
	OPENSSL_cleanse(buf, sizeof(buf));
	return PUBLIC_ID_OK;
}

public_id_status
public_id_encode(public_id_keys *keys, public_id_kind kind,
				 const uint8_t *context, size_t context_len,
				 const uint8_t *in, uint8_t *out)
{
	return public_id_map(keys, kind, false, context, context_len, in, out);
}

public_id_status
public_id_decode(public_id_keys *keys, public_id_kind kind,
				 const uint8_t *context, size_t context_len,
				 const uint8_t *in, uint8_t *out)
{
	return public_id_map(keys, kind, true, context, context_len, in, out);
}

static public_id_status
public_id_map_int64(public_id_keys *keys, bool decode,
					const uint8_t *context, size_t context_len,
					int64_t in, int64_t *out)
{
	uint8_t		buf[8];
	public_id_status status;

	if (in < 0)
		return PUBLIC_ID_NEGATIVE;
	be64_store(buf, (uint64_t) in);
	status = public_id_map(keys, PUBLIC_ID_BIGINT, decode, context,
						   context_len, buf, buf);
	if (status == PUBLIC_ID_OK)
		*out = (int64_t) be64_load(buf);
	return status;
}

public_id_status
public_id_encode_int64(public_id_keys *keys, const uint8_t *context,
					   size_t context_len, int64_t in, int64_t *out)
{
	return public_id_map_int64(keys, false, context, context_len, in, out);
}

public_id_status
public_id_decode_int64(public_id_keys *keys, const uint8_t *context,
					   size_t context_len, int64_t in, int64_t *out)
{
	return public_id_map_int64(keys, true, context, context_len, in, out);
}
