/*
 * test_public_id.c: unit tests of the public IDs (src/core/public_id_core.c):
 * HKDF against RFC 5869, the worked example of doc/public-ids.md, the
 * errors, 1M random round trips per kind, and for 1M consecutive keys per
 * kind: no collision, no rank correlation between key order and public-ID
 * order, every output bit set about half the time (100k each in the
 * sanitize suite's build, UNIT_ROUNDS in tap.h; the limits follow the
 * count).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base32hex.h"
#include "base36.h"
#include "public_id_core.h"
#include "tap.h"
#include "ulid_core.h"

#define ROUNDS UNIT_ROUNDS(1000000)

static size_t
hex_decode(const char *hex, uint8_t *out, size_t max)
{
	size_t		len = strlen(hex) / 2;

	if (len > max)
		return 0;
	for (size_t i = 0; i < len; i++)
	{
		unsigned int b;

		if (sscanf(hex + 2 * i, "%2x", &b) != 1)
			return 0;
		out[i] = (uint8_t) b;
	}
	return len;
}

static void
hex_encode(const uint8_t *in, size_t len, char *out)
{
	for (size_t i = 0; i < len; i++)
		sprintf(out + 2 * i, "%02x", in[i]);
}

/* splitmix64: deterministic "random" bits */
static uint64_t rng_state = 1040;
static uint64_t
rng(void)
{
	uint64_t	z = (rng_state += UINT64_C(0x9E3779B97F4A7C15));

	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

/* RFC 5869, appendix A, test cases 1 and 3 */
static void
test_hkdf(void)
{
	uint8_t		ikm[22],
				salt[13],
				info[10],
				okm[42],
				want[42];

	memset(ikm, 0x0b, sizeof(ikm));
	for (int i = 0; i < 13; i++)
		salt[i] = (uint8_t) i;
	for (int i = 0; i < 10; i++)
		info[i] = (uint8_t) (0xf0 + i);
	hex_decode("3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf"
			   "34007208d5b887185865", want, sizeof(want));
	ok(public_id_hkdf_sha256(salt, sizeof(salt), ikm, sizeof(ikm), info,
							 sizeof(info), okm, sizeof(okm)) &&
	   memcmp(okm, want, sizeof(want)) == 0,
	   "HKDF-SHA256: RFC 5869 test case 1");
	hex_decode("8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d"
			   "9d201395faa4b61a96c8", want, sizeof(want));
	ok(public_id_hkdf_sha256(NULL, 0, ikm, sizeof(ikm), NULL, 0, okm,
							 sizeof(okm)) &&
	   memcmp(okm, want, sizeof(want)) == 0,
	   "HKDF-SHA256: RFC 5869 test case 3 (no salt, no info)");
}

/* the worked example's master key: the bytes 00 01 02 ... 1f */
static void
example_master(uint8_t master[PUBLIC_ID_MASTER_KEY_LEN])
{
	for (int i = 0; i < PUBLIC_ID_MASTER_KEY_LEN; i++)
		master[i] = (uint8_t) i;
}

/*
 * the subkeys of the example's master key; these and the example below
 * were computed as well by an independent implementation (Python's hmac
 * and the cryptography package's AES, written from the texts of RFC 5869
 * and SP 800-38G)
 */
static const char *const example_subkeys[PUBLIC_ID_KINDS] = {
	"30495d5e74b8b83b0e65c053f18882eb791aedee7d36c81b6f2ce3f2cd1388a6",
	"906090476e5218527c34274b3a5cbc326d560f046f19095470b28a2f45f5f835",
	"d908018c0289d9b642bbb66fdecee22ab61c14bfe1108f253d62db76cee996e9",
	"0a7cb3351da21a6607b0cc6990d39e0d444d85d08b8496ec7460a82568a5fcbb",
	"9d24fa0a06fa83b04261b32ccb098a335b558b2db8a2af8813ac4d270cd229b7",
};

static void
test_subkeys(void)
{
	uint8_t		master[PUBLIC_ID_MASTER_KEY_LEN];
	uint8_t		check[PUBLIC_ID_CHECK_LEN],
				want_check[PUBLIC_ID_CHECK_LEN];

	example_master(master);
	hex_decode("17464d58", want_check, sizeof(want_check));
	ok(public_id_check_value(master, check) &&
	   memcmp(check, want_check, sizeof(check)) == 0,
	   "check value of the example's key: 17464d58");
	for (int k = 0; k < PUBLIC_ID_KINDS; k++)
	{
		uint8_t		sub[PUBLIC_ID_SUBKEY_LEN],
					want[PUBLIC_ID_SUBKEY_LEN];

		hex_decode(example_subkeys[k], want, sizeof(want));
		ok(public_id_subkey(master, (public_id_kind) k, sub) &&
		   memcmp(sub, want, sizeof(want)) == 0,
		   "subkey of %s: HKDF-SHA256(master, info \"%s%s\")",
		   public_id_kind_name((public_id_kind) k), PUBLIC_ID_INFO_PREFIX,
		   public_id_kind_name((public_id_kind) k));
	}
}

/* a value's text in its type's output form */
static void
value_text(public_id_kind kind, const uint8_t *v, char *out)
{
	switch (kind)
	{
		case PUBLIC_ID_UUIDV7:
			{
				char		hex[33];

				hex_encode(v, 16, hex);
				sprintf(out, "%.8s-%.4s-%.4s-%.4s-%.12s", hex, hex + 8,
						hex + 12, hex + 16, hex + 20);
				break;
			}
		case PUBLIC_ID_SCRU128:
			base36_encode(v, out);
			out[25] = '\0';
			break;
		case PUBLIC_ID_ULID:
			ulid_encode(v, out);
			out[ULID_TEXT_LEN] = '\0';
			break;
		case PUBLIC_ID_SCRU160:
			base32hex_encode(v, out);
			out[BASE32HEX_TEXT_LEN] = '\0';
			break;
		case PUBLIC_ID_BIGINT:
			{
				uint64_t	x = 0;

				for (int i = 0; i < 8; i++)
					x = (x << 8) | v[i];
				sprintf(out, "%lld", (long long) x);
				break;
			}
	}
}

/* doc/public-ids.md's worked example: key text -> public ID text */
typedef struct example
{
	public_id_kind kind;
	const char *context;
	const char *key_hex;
	const char *key_text;
	const char *public_text;
} example;

static const example examples[] = {
	{PUBLIC_ID_UUIDV7, "orders", "017f22e279b07cc398c4dc0c0c07398f",
	"017f22e2-79b0-7cc3-98c4-dc0c0c07398f", "1aa3d8a7-34c7-4442-9f3c-abc767360b7d"},
	{PUBLIC_ID_SCRU128, "orders", "017fa1d8beb625087798d410f90dfec1",
	"036z951mhjikzik2gsl81gr7l", "6kh3cwuznfnvodfatusfsnd5p"},
	{PUBLIC_ID_ULID, "orders", "01563e3ab5d3d6764c61efb99302bd5b",
	"01ARZ3NDEKTSV4RRFFQ69G5FAV", "6RPNK3J8A85PN0S90QA26EP9AB"},
	{PUBLIC_ID_SCRU160, "orders", "017bdf6431bb33750751eb63beb3c3f8c5969d86",
	"05TTUP1HNCPNA1QHTDHRTCU3V32PD7C6", "RJCDF8DVROJEJDLF4UR8GM0A5O3KQC80"},
	{PUBLIC_ID_BIGINT, "orders", "000000000000002a", "42", "374374409193492836"},
	{PUBLIC_ID_UUIDV7, "", "017f22e279b07cc398c4dc0c0c07398f",
	"017f22e2-79b0-7cc3-98c4-dc0c0c07398f", "d8bf6d1e-0ad0-4cd8-8cfb-a711e58c1df0"},
	{PUBLIC_ID_SCRU128, "", "017fa1d8beb625087798d410f90dfec1",
	"036z951mhjikzik2gsl81gr7l", "co23f5v51yajbok6hnqawmqt3"},
	{PUBLIC_ID_ULID, "", "01563e3ab5d3d6764c61efb99302bd5b",
	"01ARZ3NDEKTSV4RRFFQ69G5FAV", "2K5XN4JE9660PSVTSJY684EZ6T"},
	{PUBLIC_ID_SCRU160, "", "017bdf6431bb33750751eb63beb3c3f8c5969d86",
	"05TTUP1HNCPNA1QHTDHRTCU3V32PD7C6", "O8JP6V61T1IIDE5TI39IT6VAKJ7ASMSU"},
	{PUBLIC_ID_BIGINT, "", "000000000000002a", "42", "4073139441892033487"},
};

static void
test_worked_example(public_id_keys *keys)
{
	for (size_t e = 0; e < sizeof(examples) / sizeof(examples[0]); e++)
	{
		const example *ex = &examples[e];
		size_t		len = public_id_kind_len(ex->kind);
		uint8_t		key[20],
					pub[20],
					back[20];
		char		text[64];

		hex_decode(ex->key_hex, key, sizeof(key));
		value_text(ex->kind, key, text);
		ok(strcmp(text, ex->key_text) == 0, "example %s: the key reads %s",
		   public_id_kind_name(ex->kind), text);
		ok(public_id_encode(keys, ex->kind, (const uint8_t *) ex->context,
							strlen(ex->context), key, pub) == PUBLIC_ID_OK,
		   "example %s, context '%s': encodes", public_id_kind_name(ex->kind),
		   ex->context);
		value_text(ex->kind, pub, text);
		ok(strcmp(text, ex->public_text) == 0,
		   "example %s, context '%s': %s -> %s (want %s)",
		   public_id_kind_name(ex->kind), ex->context, ex->key_text, text,
		   ex->public_text);
		ok(public_id_decode(keys, ex->kind, (const uint8_t *) ex->context,
							strlen(ex->context), pub, back) == PUBLIC_ID_OK &&
		   memcmp(back, key, len) == 0,
		   "example %s, context '%s': decodes back",
		   public_id_kind_name(ex->kind), ex->context);
	}
}

static void
test_errors(public_id_keys *keys)
{
	uint8_t		v7[16],
				out[16],
				ctx[PUBLIC_ID_MAX_CONTEXT + 1];
	int64_t		x;

	hex_decode("017f22e279b07cc398c4dc0c0c07398f", v7, sizeof(v7));
	memset(ctx, 'c', sizeof(ctx));

	/* encoding: only v7 of the RFC variant */
	{
		static const char *const not_v7[] = {
			"00000000000000000000000000000000",	/* nil */
			"ffffffffffffffffffffffffffffffff",	/* max */
			"d8bf6d1e0ad04cd88cfba711e58c1df0",	/* v4 */
			"1ec9414c232a6b00b3c89f6bdeced846",	/* v6 */
			"017f22e279b08cc398c4dc0c0c07398f",	/* v8 */
			"017f22e279b07cc358c4dc0c0c07398f",	/* v7 bits, NCS variant */
			"017f22e279b07cc3d8c4dc0c0c07398f",	/* v7 bits, Microsoft variant */
		};
		int			refused = 0;

		for (size_t i = 0; i < sizeof(not_v7) / sizeof(not_v7[0]); i++)
		{
			uint8_t		u[16];

			hex_decode(not_v7[i], u, sizeof(u));
			refused += public_id_encode(keys, PUBLIC_ID_UUIDV7, NULL, 0, u, out) ==
				PUBLIC_ID_NOT_UUIDV7;
		}
		ok(refused == (int) (sizeof(not_v7) / sizeof(not_v7[0])),
		   "uuid: nil, max, v4, v6, v8 and other variants have no public ID");
	}
	/* decoding: only v4 of the RFC variant; a v7 is not a public ID */
	{
		static const char *const not_v4[] = {
			"00000000000000000000000000000000",
			"017f22e279b07cc398c4dc0c0c07398f",
			"d8bf6d1e0ad04cd84cfba711e58c1df0",	/* v4 bits, NCS variant */
		};
		int			refused = 0;

		for (size_t i = 0; i < sizeof(not_v4) / sizeof(not_v4[0]); i++)
		{
			uint8_t		u[16];

			hex_decode(not_v4[i], u, sizeof(u));
			refused += public_id_decode(keys, PUBLIC_ID_UUIDV7, NULL, 0, u, out) ==
				PUBLIC_ID_NOT_UUIDV4;
		}
		ok(refused == 3, "uuid: decoding refuses what is not a v4 of the RFC variant");
	}
	ok(public_id_encode_int64(keys, NULL, 0, -1, &x) == PUBLIC_ID_NEGATIVE &&
	   public_id_encode_int64(keys, NULL, 0, INT64_MIN, &x) == PUBLIC_ID_NEGATIVE &&
	   public_id_decode_int64(keys, NULL, 0, -42, &x) == PUBLIC_ID_NEGATIVE,
	   "bigint: a negative value is refused both ways");
	ok(public_id_encode_int64(keys, NULL, 0, 0, &x) == PUBLIC_ID_OK && x >= 0 &&
	   public_id_decode_int64(keys, NULL, 0, x, &x) == PUBLIC_ID_OK && x == 0 &&
	   public_id_encode_int64(keys, NULL, 0, INT64_MAX, &x) == PUBLIC_ID_OK && x >= 0 &&
	   public_id_decode_int64(keys, NULL, 0, x, &x) == PUBLIC_ID_OK && x == INT64_MAX,
	   "bigint: 0 and 2^63 - 1 round trip");
	ok(public_id_encode(keys, PUBLIC_ID_UUIDV7, ctx, PUBLIC_ID_MAX_CONTEXT,
						v7, out) == PUBLIC_ID_OK &&
	   public_id_encode(keys, PUBLIC_ID_UUIDV7, ctx, PUBLIC_ID_MAX_CONTEXT + 1,
						v7, out) == PUBLIC_ID_CONTEXT_TOO_LONG &&
	   public_id_decode(keys, PUBLIC_ID_SCRU128, ctx, PUBLIC_ID_MAX_CONTEXT + 1,
						v7, out) == PUBLIC_ID_CONTEXT_TOO_LONG,
	   "a context of %d bytes is accepted, one more is refused",
	   PUBLIC_ID_MAX_CONTEXT);
}

/*
 * A wrong key or context decodes to some other valid value, with no error;
 * each context, each kind and each master key gives another map.
 */
static void
test_wrong_key(public_id_keys *keys)
{
	public_id_keys other;
	uint8_t		master[PUBLIC_ID_MASTER_KEY_LEN];
	uint8_t		v7[16],
				pub[16],
				back[16],
				pub2[16];
	const uint8_t *orders = (const uint8_t *) "orders";
	const uint8_t *users = (const uint8_t *) "users";

	example_master(master);
	master[31] ^= 1;
	ok(public_id_keys_init(&other, master), "a second master key (one bit changed)");
	hex_decode("017f22e279b07cc398c4dc0c0c07398f", v7, sizeof(v7));
	public_id_encode(keys, PUBLIC_ID_UUIDV7, orders, 6, v7, pub);

	ok(public_id_decode(&other, PUBLIC_ID_UUIDV7, orders, 6, pub, back) == PUBLIC_ID_OK &&
	   memcmp(back, v7, 16) != 0 && (back[6] >> 4) == 7 && (back[8] & 0xC0) == 0x80,
	   "uuid: decoding with another key gives another v7, no error");
	ok(public_id_decode(keys, PUBLIC_ID_UUIDV7, users, 5, pub, back) == PUBLIC_ID_OK &&
	   memcmp(back, v7, 16) != 0 && (back[6] >> 4) == 7,
	   "uuid: decoding with another context gives another v7, no error");
	ok(public_id_encode(keys, PUBLIC_ID_UUIDV7, users, 5, v7, pub2) == PUBLIC_ID_OK &&
	   memcmp(pub2, pub, 16) != 0,
	   "uuid: another context gives another public ID");
	ok(public_id_encode(keys, PUBLIC_ID_SCRU128, orders, 6, v7, pub) == PUBLIC_ID_OK &&
	   public_id_encode(keys, PUBLIC_ID_ULID, orders, 6, v7, pub2) == PUBLIC_ID_OK &&
	   memcmp(pub, pub2, 16) != 0,
	   "the same 128 bits as a scru128 and as a ulid: two public IDs");
	ok(public_id_decode(&other, PUBLIC_ID_SCRU128, orders, 6, pub, back) == PUBLIC_ID_OK &&
	   memcmp(back, v7, 16) != 0,
	   "scru128: decoding with another key gives another value, no error");
	{
		int64_t		x,
					y;

		ok(public_id_encode_int64(keys, orders, 6, 42, &x) == PUBLIC_ID_OK &&
		   public_id_decode_int64(&other, orders, 6, x, &y) == PUBLIC_ID_OK &&
		   y >= 0 && y != 42,
		   "bigint: decoding with another key gives another non-negative value");
	}
	public_id_keys_free(&other);
}

/* a random valid key of the kind */
static void
random_key(public_id_kind kind, uint8_t *v)
{
	size_t		len = public_id_kind_len(kind);

	for (size_t i = 0; i < len; i++)
		v[i] = (uint8_t) rng();
	if (kind == PUBLIC_ID_UUIDV7)
	{
		v[6] = (uint8_t) (0x70 | (v[6] & 0x0F));
		v[8] = (uint8_t) (0x80 | (v[8] & 0x3F));
	}
	else if (kind == PUBLIC_ID_BIGINT)
		v[0] &= 0x7F;
}

static void
test_round_trips(public_id_keys *keys, public_id_kind kind)
{
	size_t		len = public_id_kind_len(kind);
	int			failures = 0,
				shape = 0;

	for (int i = 0; i < ROUNDS; i++)
	{
		uint8_t		v[20],
					pub[20],
					back[20];
		size_t		ctx_len = (size_t) (i % 8);
		const uint8_t *ctx = (const uint8_t *) "contexts";

		random_key(kind, v);
		if (public_id_encode(keys, kind, ctx, ctx_len, v, pub) != PUBLIC_ID_OK ||
			public_id_decode(keys, kind, ctx, ctx_len, pub, back) != PUBLIC_ID_OK ||
			memcmp(back, v, len) != 0)
			failures++;
		if (kind == PUBLIC_ID_UUIDV7 &&
			((pub[6] >> 4) != 4 || (pub[8] & 0xC0) != 0x80))
			shape++;
		if (kind == PUBLIC_ID_BIGINT && (pub[0] & 0x80) != 0)
			shape++;
	}
	ok(failures == 0, "%s: %d random keys round trip (contexts of 0-7 bytes)",
	   public_id_kind_name(kind), ROUNDS);
	if (kind == PUBLIC_ID_UUIDV7)
		ok(shape == 0, "uuidv7: every public ID is a v4 of the RFC variant");
	if (kind == PUBLIC_ID_BIGINT)
		ok(shape == 0, "bigint: every public ID is non-negative");
}

typedef struct out_rec
{
	uint8_t		id[20];
	uint32_t	key_rank;
} out_rec;

static size_t cmp_len;

static int
cmp_out(const void *a, const void *b)
{
	return memcmp(((const out_rec *) a)->id, ((const out_rec *) b)->id, cmp_len);
}

/* v += 1, big-endian */
static void
increment(uint8_t *v, size_t len)
{
	for (size_t i = len; i-- > 0;)
		if (++v[i] != 0)
			break;
}

/* is bit b (0 = the first, most significant) fixed in the kind's values? */
static int
fixed_bit(public_id_kind kind, size_t b)
{
	if (kind == PUBLIC_ID_UUIDV7)
		return (b >= 48 && b < 52) || b == 64 || b == 65;
	if (kind == PUBLIC_ID_BIGINT)
		return b == 0;
	return 0;
}

/*
 * ROUNDS consecutive keys (each the previous plus one, the closest keys can
 * be) from the example's key: the public IDs have no collision, their
 * order has no rank correlation with the keys' (Spearman's rho within 4
 * standard errors, 4 / sqrt(n - 1), of 0), and every bit that is not fixed
 * by the type is set in n/2 +- 4 sigma of them (sigma = sqrt(n) / 2).
 */
static void
test_statistics(public_id_keys *keys, public_id_kind kind, const char *start_hex)
{
	size_t		len = public_id_kind_len(kind);
	size_t		bits = len * 8;
	out_rec    *outs = malloc(sizeof(out_rec) * ROUNDS);
	uint32_t   *ones = calloc(bits, sizeof(uint32_t));
	uint8_t		v[20];
	int			failures = 0,
				collisions = 0,
				bad_bits = 0;
	uint64_t	sum_d2 = 0;
	double		n = ROUNDS,
				rho,
				limit_rho = 4.0 / sqrt(n - 1),
				sigma = sqrt(n) / 2,
				worst = 0;

	if (outs == NULL || ones == NULL)
	{
		ok(0, "%s: memory for the statistics", public_id_kind_name(kind));
		free(outs);
		free(ones);
		return;
	}
	hex_decode(start_hex, v, sizeof(v));
	for (uint32_t i = 0; i < ROUNDS; i++)
	{
		if (public_id_encode(keys, kind, (const uint8_t *) "orders", 6, v,
							 outs[i].id) != PUBLIC_ID_OK)
			failures++;
		outs[i].key_rank = i;
		for (size_t b = 0; b < bits; b++)
			ones[b] += (outs[i].id[b / 8] >> (7 - b % 8)) & 1;
		increment(v, len);
	}
	ok(failures == 0, "%s: %d consecutive keys from %s encode",
	   public_id_kind_name(kind), ROUNDS, start_hex);

	cmp_len = len;
	qsort(outs, ROUNDS, sizeof(out_rec), cmp_out);
	for (uint32_t r = 0; r < ROUNDS; r++)
	{
		int64_t		d = (int64_t) r - outs[r].key_rank;

		sum_d2 += (uint64_t) (d * d);
		if (r > 0 && memcmp(outs[r - 1].id, outs[r].id, len) == 0)
			collisions++;
	}
	ok(collisions == 0, "%s: no two of the %d public IDs are equal",
	   public_id_kind_name(kind), ROUNDS);

	rho = 1.0 - 6.0 * (double) sum_d2 / (n * (n * n - 1));
	ok(fabs(rho) < limit_rho,
	   "%s: rank correlation of key order and public-ID order %.6f, |rho| < %.6f",
	   public_id_kind_name(kind), rho, limit_rho);

	for (size_t b = 0; b < bits; b++)
	{
		double		z = ((double) ones[b] - n / 2) / sigma;

		if (fixed_bit(kind, b))
		{
			/* the version, the variant, the sign: never set or always */
			if (ones[b] != 0 && ones[b] != ROUNDS)
				bad_bits++;
			continue;
		}
		if (fabs(z) > fabs(worst))
			worst = z;
		if (fabs(z) > 4)
		{
			bad_bits++;
			printf("# %s: bit %zu set %u times, z = %.2f\n",
				   public_id_kind_name(kind), b, ones[b], z);
		}
	}
	ok(bad_bits == 0,
	   "%s: every output bit set within 4 sigma of half (the worst z = %.2f)",
	   public_id_kind_name(kind), worst);
	free(outs);
	free(ones);
}

int
main(void)
{
	public_id_keys keys;
	uint8_t		master[PUBLIC_ID_MASTER_KEY_LEN];
	static const char *const starts[PUBLIC_ID_KINDS] = {
		"017f22e279b07cc398c4dc0c0c07398f",
		"017fa1d8beb625087798d410f90dfec1",
		"01563e3ab5d3d6764c61efb99302bd5b",
		"017bdf6431bb33750751eb63beb3c3f8c5969d86",
		"0000000000000001",
	};

	test_hkdf();
	test_subkeys();
	example_master(master);
	if (!public_id_keys_init(&keys, master))
	{
		ok(0, "the example's keys");
		return tap_done();
	}
	test_worked_example(&keys);
	test_errors(&keys);
	test_wrong_key(&keys);
	for (int k = 0; k < PUBLIC_ID_KINDS; k++)
	{
		test_round_trips(&keys, (public_id_kind) k);
		test_statistics(&keys, (public_id_kind) k, starts[k]);
	}
	public_id_keys_free(&keys);
	return tap_done();
}
