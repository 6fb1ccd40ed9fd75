/*-------------------------------------------------------------------------
 *
 * typeid.c
 *	  Type glue for typeid: text and binary I/O, comparison, hashing and
 *	  sort support, the conversions to and from uuid, the prefix, the time,
 *	  the per-column prefix check and the generator.
 *
 * A typeid is a varlena whose payload is the UUID's 16 bytes, big-endian,
 * followed by the prefix's 0 to 63 bytes (lower-case ASCII letters and
 * underscores, no terminator): the prefix's length is the payload's length
 * less 16.  Values are at most 83 bytes, so on disk they always take the
 * 1-byte varlena header (the type is not STORAGE plain): a typeid with a
 * 4-letter prefix is 21 bytes in a row.  The binary send/recv form is the
 * payload, byte for byte.
 *
 * The order is the prefix's bytes, a prefix before a longer one it begins,
 * then the UUID's bytes (typeid_cmp() in typeid_core.h), which is the C
 * collation order of the text.
 *
 *-------------------------------------------------------------------------
 */
#include "scru128_pg.h"

#include "common/hashfn.h"
#include "lib/stringinfo.h"
#include "libpq/pqformat.h"
#include "mb/pg_wchar.h"
#include "utils/builtins.h"
#include "utils/sortsupport.h"
#include "utils/timestamp.h"
#include "utils/uuid.h"

#include "typeid_core.h"
#include "uuid_core.h"

StaticAssertDecl(TYPEID_UUID_LEN == UUID_LEN, "typeid's UUID and uuid differ in length");

#if PG_VERSION_NUM < 160000
/* no soft errors before 16: every error is hard */
#define errsave(context, ...)	ereport(ERROR, __VA_ARGS__)
#endif

/* the payload of a (possibly short-header) typeid datum */
#define TYPEID_UUID(t)			((const uint8 *) VARDATA_ANY(t))
#define TYPEID_PREFIX(t)		((const char *) VARDATA_ANY(t) + TYPEID_UUID_LEN)
#define TYPEID_PREFIX_LEN(t)	(VARSIZE_ANY_EXHDR(t) - TYPEID_UUID_LEN)

#define PG_GETARG_TYPEID_PP(n)	((struct varlena *) PG_DETOAST_DATUM_PACKED(PG_GETARG_DATUM(n)))

/* a new typeid of a prefix (valid, unchecked) and a UUID */
static struct varlena *
typeid_make(const char *prefix, size_t prefix_len, const uint8 *uuid)
{
	struct varlena *result = palloc(VARHDRSZ + TYPEID_UUID_LEN + prefix_len);

	SET_VARSIZE(result, VARHDRSZ + TYPEID_UUID_LEN + prefix_len);
	memcpy(VARDATA(result), uuid, TYPEID_UUID_LEN);
	memcpy(VARDATA(result) + TYPEID_UUID_LEN, prefix, prefix_len);
	return result;
}

/*
 * One byte of text for a message: the character it begins, quoted, if it
 * is printable (str is in the server encoding, as input text always is),
 * else its value.
 */
static char *
describe_byte(const char *str, size_t pos)
{
	unsigned char c = (unsigned char) str[pos];

	if (c >= 0x20 && c < 0x7F)
		return psprintf("\"%c\"", c);
	if (c >= 0x80)
		return psprintf("\"%.*s\"", pg_mblen(str + pos), str + pos);
	return psprintf("byte 0x%02X", c);
}

/* the DETAIL of a refused prefix, for the input and for arguments */
static int
prefix_errdetail(typeid_status status, const char *prefix, size_t len,
				 size_t bad_pos)
{
	switch (status)
	{
		case TYPEID_PREFIX_TOO_LONG:
			return errdetail("The prefix has %zu characters; a TypeID prefix has at most %d.",
							 len, TYPEID_PREFIX_MAX);
		case TYPEID_PREFIX_BAD_CHAR:
			return errdetail("The prefix has %s at byte %zu; a TypeID prefix has only lower-case letters a-z and underscores.",
							 describe_byte(prefix, bad_pos), bad_pos + 1);
		case TYPEID_PREFIX_LEADING_UNDERSCORE:
			return errdetail("The prefix \"%.*s\" begins with an underscore; a TypeID prefix begins and ends with a letter.",
							 (int) len, prefix);
		case TYPEID_PREFIX_TRAILING_UNDERSCORE:
			return errdetail("The prefix \"%.*s\" ends with an underscore; a TypeID prefix begins and ends with a letter.",
							 (int) len, prefix);
		default:
			return 0;
	}
}

static int
decode_errdetail(typeid_status status, const char *str, size_t len,
				 const typeid_parsed *p)
{
	switch (status)
	{
		case TYPEID_EMPTY:
			return errdetail("A TypeID is an optional prefix and an underscore followed by 26 base32 digits; the text is empty.");
		case TYPEID_SEPARATOR_WITHOUT_PREFIX:
			return errdetail("The text has an underscore with no prefix before it; a TypeID without a prefix is its 26 digits alone.");
		case TYPEID_SUFFIX_BAD_LENGTH:
			if (p->suffix_pos == 0)
				return errdetail_plural("The text has no underscore, so no prefix, and %zu byte; a TypeID without a prefix is exactly 26 base32 digits.",
										"The text has no underscore, so no prefix, and %zu bytes; a TypeID without a prefix is exactly 26 base32 digits.",
										(unsigned long) len, len);
			return errdetail_plural("The suffix after the prefix has %zu byte; a TypeID suffix has exactly 26 base32 digits.",
									"The suffix after the prefix has %zu bytes; a TypeID suffix has exactly 26 base32 digits.",
									(unsigned long) (len - p->suffix_pos),
									len - p->suffix_pos);
		case TYPEID_SUFFIX_BAD_CHAR:
			return errdetail("The suffix has %s at byte %zu; TypeID digits are 0-9 and the lower-case letters a-z but i, l, o and u.",
							 describe_byte(str, p->bad_pos), p->bad_pos + 1);
		case TYPEID_SUFFIX_OVERFLOW:
			return errdetail("The suffix begins with \"%c\"; its first digit is at most 7, or the value exceeds 128 bits.",
							 str[p->suffix_pos]);
		default:
			return prefix_errdetail(status, str, p->prefix_len, p->bad_pos);
	}
}

/*
 * Text that is a prefix alone, as in typeid('user'), which PostgreSQL reads
 * as a cast of the literal: say which function makes a TypeID of a prefix.
 */
static bool
is_prefix_alone(typeid_status status, const char *str, size_t len,
				const typeid_parsed *p)
{
	size_t		bad_pos;

	return status == TYPEID_SUFFIX_BAD_LENGTH && p->suffix_pos == 0 &&
		typeid_check_prefix(str, len, &bad_pos) == TYPEID_OK;
}

#define PREFIX_ALONE_HINT(status, str, len, p) \
	(is_prefix_alone((status), (str), (len), (p)) ? \
	 errhint("typeid('%s') is a cast of the text to typeid; typeid_generate('%s') makes a new TypeID with that prefix.", \
			 (str), (str)) : 0)

/*
 * The parts of str, or a report of what is wrong with it (a soft error
 * where escontext takes one, then false).
 */
static bool
typeid_parse(const char *str, typeid_parsed *p, struct Node *escontext)
{
	size_t		len = strlen(str);
	typeid_status status = typeid_decode(str, len, p);

	if (likely(status == TYPEID_OK))
		return true;
	errsave(escontext,
			(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
			 errmsg("invalid input syntax for type %s: \"%s\"", "typeid", str),
			 decode_errdetail(status, str, len, p),
			 PREFIX_ALONE_HINT(status, str, len, p)));
	return false;
}

/* a prefix given as an argument: an error (22023) unless it is valid */
static void
check_prefix_arg(const char *prefix, size_t len)
{
	size_t		bad_pos = 0;
	typeid_status status = typeid_check_prefix(prefix, len, &bad_pos);

	if (unlikely(status != TYPEID_OK))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid TypeID prefix: \"%.*s\"", (int) len, prefix),
				 prefix_errdetail(status, prefix, len, bad_pos)));
}

/* a typeid of a prefix given as an argument and a UUID (scru128_pg.h) */
struct varlena *
scru128_typeid_make(const char *prefix, size_t len, const uint8 *uuid)
{
	check_prefix_arg(prefix, len);
	return typeid_make(prefix, len, uuid);
}

PG_FUNCTION_INFO_V1(typeid_in);
Datum
typeid_in(PG_FUNCTION_ARGS)
{
	char	   *str = PG_GETARG_CSTRING(0);
	typeid_parsed p;

	if (unlikely(!typeid_parse(str, &p, fcinfo->context)))
		return (Datum) 0;
	PG_RETURN_POINTER(typeid_make(str, p.prefix_len, p.uuid));
}

PG_FUNCTION_INFO_V1(typeid_out);
Datum
typeid_out(PG_FUNCTION_ARGS)
{
	struct varlena *t = PG_GETARG_TYPEID_PP(0);
	size_t		prefix_len = TYPEID_PREFIX_LEN(t);
	char	   *result = palloc(typeid_text_len(prefix_len) + 1);
	size_t		len;

	len = typeid_encode(TYPEID_PREFIX(t), prefix_len, TYPEID_UUID(t), result);
	result[len] = '\0';
	PG_RETURN_CSTRING(result);
}

/*
 * Binary input: the 16 bytes of the UUID, then the prefix's bytes (0 to
 * 63), the whole message; the prefix is checked as text input checks it.
 */
PG_FUNCTION_INFO_V1(typeid_recv);
Datum
typeid_recv(PG_FUNCTION_ARGS)
{
	StringInfo	buf = (StringInfo) PG_GETARG_POINTER(0);
	int			len = buf->len - buf->cursor;
	const char *data;
	size_t		prefix_len;
	size_t		bad_pos = 0;
	typeid_status status;

	if (len < TYPEID_UUID_LEN || len > TYPEID_UUID_LEN + TYPEID_PREFIX_MAX)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg_plural("invalid binary typeid value: %d byte",
							   "invalid binary typeid value: %d bytes",
							   (unsigned long) len, len),
				 errdetail("The binary form of a TypeID is the 16 bytes of its UUID followed by the 0 to %d bytes of its prefix.",
						   TYPEID_PREFIX_MAX)));
	data = pq_getmsgbytes(buf, len);
	prefix_len = (size_t) len - TYPEID_UUID_LEN;
	status = typeid_check_prefix(data + TYPEID_UUID_LEN, prefix_len, &bad_pos);
	if (status != TYPEID_OK)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid binary typeid value: invalid prefix"),
				 status == TYPEID_PREFIX_BAD_CHAR ?
				 errdetail("Prefix byte %zu is 0x%02X; a TypeID prefix has only lower-case letters a-z and underscores.",
						   bad_pos + 1,
						   (unsigned char) data[TYPEID_UUID_LEN + bad_pos]) :
				 errdetail("A TypeID prefix begins and ends with a letter.")));
	PG_RETURN_POINTER(typeid_make(data + TYPEID_UUID_LEN, prefix_len,
								  (const uint8 *) data));
}

PG_FUNCTION_INFO_V1(typeid_send);
Datum
typeid_send(PG_FUNCTION_ARGS)
{
	struct varlena *t = PG_GETARG_TYPEID_PP(0);
	size_t		len = VARSIZE_ANY_EXHDR(t);
	bytea	   *result = palloc(VARHDRSZ + len);

	/* no StringInfo: pq_begintypsend() would allocate a kilobyte per value */
	SET_VARSIZE(result, VARHDRSZ + len);
	memcpy(VARDATA(result), VARDATA_ANY(t), len);
	PG_RETURN_BYTEA_P(result);
}

/* comparison */

static inline int
typeid_compare(const struct varlena *a, const struct varlena *b)
{
	return typeid_cmp(TYPEID_PREFIX(a), TYPEID_PREFIX_LEN(a), TYPEID_UUID(a),
					  TYPEID_PREFIX(b), TYPEID_PREFIX_LEN(b), TYPEID_UUID(b));
}

/* the comparison of the arguments, freeing detoasted copies */
static int
typeid_compare_args(FunctionCallInfo fcinfo)
{
	struct varlena *a = PG_GETARG_TYPEID_PP(0);
	struct varlena *b = PG_GETARG_TYPEID_PP(1);
	int			c = typeid_compare(a, b);

	PG_FREE_IF_COPY(a, 0);
	PG_FREE_IF_COPY(b, 1);
	return c;
}

#define TYPEID_CMP_FUNC(name, op) \
PG_FUNCTION_INFO_V1(typeid_##name); \
Datum \
typeid_##name(PG_FUNCTION_ARGS) \
{ \
	PG_RETURN_BOOL(typeid_compare_args(fcinfo) op 0); \
}

TYPEID_CMP_FUNC(eq, ==)
TYPEID_CMP_FUNC(ne, !=)
TYPEID_CMP_FUNC(lt, <)
TYPEID_CMP_FUNC(le, <=)
TYPEID_CMP_FUNC(gt, >)
TYPEID_CMP_FUNC(ge, >=)

PG_FUNCTION_INFO_V1(typeid_cmp_sql);
Datum
typeid_cmp_sql(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(typeid_compare_args(fcinfo));
}

/* the support functions of min() and max() */
PG_FUNCTION_INFO_V1(typeid_smaller);
Datum
typeid_smaller(PG_FUNCTION_ARGS)
{
	Datum		a = PG_GETARG_DATUM(0);
	Datum		b = PG_GETARG_DATUM(1);

	return typeid_compare_args(fcinfo) <= 0 ? a : b;
}

PG_FUNCTION_INFO_V1(typeid_larger);
Datum
typeid_larger(PG_FUNCTION_ARGS)
{
	Datum		a = PG_GETARG_DATUM(0);
	Datum		b = PG_GETARG_DATUM(1);

	return typeid_compare_args(fcinfo) >= 0 ? a : b;
}

static int
typeid_fast_cmp(Datum x, Datum y, SortSupport ssup)
{
	struct varlena *a = (struct varlena *) PG_DETOAST_DATUM_PACKED(x);
	struct varlena *b = (struct varlena *) PG_DETOAST_DATUM_PACKED(y);
	int			c = typeid_compare(a, b);

	if ((void *) a != (void *) DatumGetPointer(x))
		pfree(a);
	if ((void *) b != (void *) DatumGetPointer(y))
		pfree(b);
	return c;
}

/*
 * Sort support: a comparator without the function call interface.  No
 * abbreviated keys: the leading bytes are the prefix's, the same for most
 * of the values of a column.
 */
PG_FUNCTION_INFO_V1(typeid_sortsupport);
Datum
typeid_sortsupport(PG_FUNCTION_ARGS)
{
	SortSupport ssup = (SortSupport) PG_GETARG_POINTER(0);

	ssup->comparator = typeid_fast_cmp;
	PG_RETURN_VOID();
}

/* the hash of the payload: equal values have equal payloads */
PG_FUNCTION_INFO_V1(typeid_hash);
Datum
typeid_hash(PG_FUNCTION_ARGS)
{
	struct varlena *t = PG_GETARG_TYPEID_PP(0);
	Datum		result = hash_any((const unsigned char *) VARDATA_ANY(t),
								  VARSIZE_ANY_EXHDR(t));

	PG_FREE_IF_COPY(t, 0);
	return result;
}

PG_FUNCTION_INFO_V1(typeid_hash_extended);
Datum
typeid_hash_extended(PG_FUNCTION_ARGS)
{
	struct varlena *t = PG_GETARG_TYPEID_PP(0);
	Datum		result = hash_any_extended((const unsigned char *) VARDATA_ANY(t),
										   VARSIZE_ANY_EXHDR(t),
										   PG_GETARG_INT64(1));

	PG_FREE_IF_COPY(t, 0);
	return result;
}

/* parts and conversions */

PG_FUNCTION_INFO_V1(typeid_prefix);
Datum
typeid_prefix(PG_FUNCTION_ARGS)
{
	struct varlena *t = PG_GETARG_TYPEID_PP(0);

	PG_RETURN_TEXT_P(cstring_to_text_with_len(TYPEID_PREFIX(t),
											  (int) TYPEID_PREFIX_LEN(t)));
}

PG_FUNCTION_INFO_V1(typeid_uuid);
Datum
typeid_uuid(PG_FUNCTION_ARGS)
{
	struct varlena *t = PG_GETARG_TYPEID_PP(0);
	pg_uuid_t  *result = palloc(UUID_LEN);

	memcpy(result->data, TYPEID_UUID(t), UUID_LEN);
	PG_RETURN_UUID_P(result);
}

/* typeid(uuid): the UUID with the empty prefix (the cast from uuid) */
PG_FUNCTION_INFO_V1(typeid_from_uuid);
Datum
typeid_from_uuid(PG_FUNCTION_ARGS)
{
	PG_RETURN_POINTER(typeid_make("", 0, PG_GETARG_UUID_P(0)->data));
}

/* typeid(prefix text, uuid) */
PG_FUNCTION_INFO_V1(typeid_from_prefix_uuid);
Datum
typeid_from_prefix_uuid(PG_FUNCTION_ARGS)
{
	text	   *prefix = PG_GETARG_TEXT_PP(0);
	size_t		len = VARSIZE_ANY_EXHDR(prefix);

	check_prefix_arg(VARDATA_ANY(prefix), len);
	PG_RETURN_POINTER(typeid_make(VARDATA_ANY(prefix), len,
								  PG_GETARG_UUID_P(1)->data));
}

/*
 * The time of the UUID if it is a version 7 of the RFC 9562 variant (its
 * 48-bit millisecond field), NULL otherwise: only a v7's bytes sort by its
 * time.
 */
PG_FUNCTION_INFO_V1(typeid_timestamp);
Datum
typeid_timestamp(PG_FUNCTION_ARGS)
{
	struct varlena *t = PG_GETARG_TYPEID_PP(0);
	const uint8 *uuid = TYPEID_UUID(t);

	if (uuid_rfc_version(uuid) != 7)
		PG_RETURN_NULL();
	/* 2^48 ms is about year 10889, well inside timestamptz's range */
	PG_RETURN_TIMESTAMPTZ((int64) uuid_v7_unix_ms(uuid) * 1000 -
						  SCRU128_PG_EPOCH_OFFSET_US);
}

/*
 * typeid_check_prefix(id, prefix): true if id has the prefix, an error
 * (23514) naming both prefixes if not, so that a domain's CHECK says what
 * is wrong; an invalid expected prefix is an error (22023) too.
 */
PG_FUNCTION_INFO_V1(typeid_check_prefix_sql);
Datum
typeid_check_prefix_sql(PG_FUNCTION_ARGS)
{
	struct varlena *t = PG_GETARG_TYPEID_PP(0);
	text	   *want = PG_GETARG_TEXT_PP(1);
	size_t		want_len = VARSIZE_ANY_EXHDR(want);
	size_t		len = TYPEID_PREFIX_LEN(t);
	char		out[TYPEID_TEXT_MAX + 1];

	if (likely(len == want_len &&
			   memcmp(TYPEID_PREFIX(t), VARDATA_ANY(want), len) == 0))
		PG_RETURN_BOOL(true);

	check_prefix_arg(VARDATA_ANY(want), want_len);
	out[typeid_encode(TYPEID_PREFIX(t), len, TYPEID_UUID(t), out)] = '\0';
	ereport(ERROR,
			(errcode(ERRCODE_CHECK_VIOLATION),
			 len > 0 && want_len > 0 ?
			 errmsg("TypeID \"%s\" has the prefix \"%.*s\", not \"%.*s\"",
					out, (int) len, TYPEID_PREFIX(t),
					(int) want_len, VARDATA_ANY(want)) :
			 len > 0 ?
			 errmsg("TypeID \"%s\" has the prefix \"%.*s\", not the empty prefix",
					out, (int) len, TYPEID_PREFIX(t)) :
			 errmsg("TypeID \"%s\" has the empty prefix, not \"%.*s\"",
					out, (int) want_len, VARDATA_ANY(want))));
	PG_RETURN_BOOL(false);		/* not reached */
}

/*
 * typeid_generate(prefix): a new TypeID of the prefix whose UUID is the
 * next uuidv7(), with its guarantees (monotonic in the session, or in the
 * server under scru128.generator_scope = server).
 */
PG_FUNCTION_INFO_V1(typeid_generate);
Datum
typeid_generate(PG_FUNCTION_ARGS)
{
	text	   *prefix = PG_GETARG_TEXT_PP(0);
	size_t		len = VARSIZE_ANY_EXHDR(prefix);
	struct varlena *result;

	check_prefix_arg(VARDATA_ANY(prefix), len);
	result = palloc(VARHDRSZ + TYPEID_UUID_LEN + len);
	SET_VARSIZE(result, VARHDRSZ + TYPEID_UUID_LEN + len);
	scru128_uuidv7_next((uint8 *) VARDATA(result));
	memcpy(VARDATA(result) + TYPEID_UUID_LEN, VARDATA_ANY(prefix), len);
	PG_RETURN_POINTER(result);
}
