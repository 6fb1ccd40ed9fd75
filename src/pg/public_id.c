/*-------------------------------------------------------------------------
 *
 * public_id.c
 *	  public_id() and public_id_decode() for uuid, scru128, ulid, scru160
 *	  and bigint keys, public_id_keys(), and the key file they read
 *	  (doc/public-ids.md; the construction is in public_id_core.c).
 *
 * The master keys are in scru128_public_id.keys in the data directory:
 *
 *	 key <id> <64 hexadecimal digits>
 *	 database <name>|* <id> [<id> ...]
 *
 * plus blank lines and comments ('#' starting a word, to the end of the
 * line).  A database uses the keys of its own line, else of the "*" line;
 * the first id listed makes new public IDs.  The file is read by the
 * backend at the first call, and again when it changed, which is checked
 * at most once per transaction; only the keys the database may use are
 * derived, the file's bytes are wiped once parsed, and only libcrypto's
 * AES key schedules are kept (in memory of this backend, wiped when
 * freed).  No message quotes the file: errors name its line.
 *
 * A change is seen by comparing the file's device, inode, size, mtime and
 * ctime with those read.  mtime has a granularity of a second here, so a
 * file whose mtime was within a second of when it was read may change
 * again with the same stat; while that is so ("racy", as git calls it) the
 * check reads the file again and compares its SHA-256.
 *
 *-------------------------------------------------------------------------
 */
#include "scru128_compat.h"

#include <sys/stat.h>
#include <fcntl.h>
#include <time.h>
#include <unistd.h>

#include <openssl/err.h>
#include <openssl/evp.h>

#include "funcapi.h"
#include "miscadmin.h"
#include "storage/fd.h"
#include "storage/proc.h"
#include "utils/builtins.h"
#include "utils/memutils.h"
#include "utils/tuplestore.h"
#include "utils/uuid.h"

/* get_database_name(): commands/dbcommands.h before 19, lsyscache.h since */
#if PG_VERSION_NUM >= 190000
#include "utils/lsyscache.h"
#else
#include "commands/dbcommands.h"
#endif

#include "public_id_core.h"

#define KEY_FILE_NAME "scru128_public_id.keys"
#define KEY_FILE_MAX_SIZE 65536
#define KEY_FILE_MAX_KEYS 1000

/* the transaction this backend is in: 17 moved lxid into vxid */
#if PG_VERSION_NUM >= 170000
#define MY_LXID (MyProc->vxid.lxid)
#else
#define MY_LXID (MyProc->lxid)
#endif

/* a key this database may use */
typedef struct loaded_key
{
	int32		id;
	uint8		check[PUBLIC_ID_CHECK_LEN];
	public_id_keys keys;
} loaded_key;

/* what this backend read of the key file */
typedef struct key_state
{
	int			owner_pid;		/* MyProcPid of the backend that read it */
	bool		loaded;
	LocalTransactionId checked_lxid;	/* checked in this transaction */
	dev_t		dev;
	ino_t		ino;
	off_t		size;
	time_t		mtime;
	time_t		ctime;
	time_t		read_time;		/* when it was read or last compared */
	uint8		digest[32];		/* SHA-256 of its bytes */
	int			nkeys;
	loaded_key *keys;			/* the database's, the current one first */
} key_state;

static key_state state;

/*
 * DataDir/KEY_FILE_NAME, made at the first call: DataDir is set before any
 * backend starts and never changes (nothing of the key file is in it)
 */
static char *key_path = NULL;

/* the file as parsed: a key line or a database line's ids */
typedef struct parsed_key
{
	int32		id;
	uint8		master[PUBLIC_ID_MASTER_KEY_LEN];
} parsed_key;

typedef struct parse_result
{
	int			error_line;		/* 0: no error */
	const char *error;			/* a fixed description, never file text */
	int			nkeys;
	parsed_key	keys[KEY_FILE_MAX_KEYS];
	int			nuse;			/* ids of the database's line */
	int32		use[KEY_FILE_MAX_KEYS];
} parse_result;

static void
free_loaded(loaded_key *keys, int nkeys)
{
	if (keys == NULL)
		return;
	for (int i = 0; i < nkeys; i++)
		public_id_keys_free(&keys[i].keys);
	explicit_bzero(keys, sizeof(loaded_key) * nkeys);
	pfree(keys);
}

static bool
is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

/* a key id: 1 .. 2147483647, decimal, no sign */
static bool
parse_id(const char *s, size_t len, int32 *id)
{
	int64		v = 0;

	if (len == 0 || len > 10 || s[0] < '1' || s[0] > '9')
		return false;
	for (size_t i = 0; i < len; i++)
	{
		if (s[i] < '0' || s[i] > '9')
			return false;
		v = v * 10 + (s[i] - '0');
	}
	if (v > PG_INT32_MAX)
		return false;
	*id = (int32) v;
	return true;
}

static int
hex_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/*
 * Parses buf; r->use gets the ids of dbname's line, else of the "*" line.
 * Never reports an error itself (the caller wipes buf first): r->error.
 */
static void
parse_key_file(const char *buf, size_t len, const char *dbname,
			   parse_result *r)
{
	const char *p = buf;
	const char *end = buf + len;
	int			line = 0;
	bool		own_line = false,
				star_line = false;

	r->error_line = 0;
	r->error = NULL;
	r->nkeys = 0;
	r->nuse = 0;
	while (p < end && r->error == NULL)
	{
		const char *eol = memchr(p, '\n', end - p);
		const char *words[2 + KEY_FILE_MAX_KEYS];
		size_t		lens[2 + KEY_FILE_MAX_KEYS];
		int			nwords = 0;
		const char *q;

		if (eol == NULL)
			eol = end;
		line++;
		/* split into words up to a word starting with '#' */
		for (q = p; q < eol;)
		{
			const char *w;

			while (q < eol && is_space(*q))
				q++;
			if (q == eol || *q == '#')
				break;
			w = q;
			while (q < eol && !is_space(*q))
				q++;
			if (nwords == lengthof(words))
			{
				r->error = "too many words";
				break;
			}
			words[nwords] = w;
			lens[nwords] = q - w;
			nwords++;
		}
		p = eol + 1;
		if (r->error != NULL || nwords == 0)
			continue;

		if (lens[0] == 3 && memcmp(words[0], "key", 3) == 0)
		{
			parsed_key *k;

			if (nwords != 3)
			{
				r->error = "a key line is \"key <id> <64 hexadecimal digits>\"";
				break;
			}
			if (r->nkeys == KEY_FILE_MAX_KEYS)
			{
				r->error = "more than 1000 keys";
				break;
			}
			k = &r->keys[r->nkeys];
			if (!parse_id(words[1], lens[1], &k->id))
			{
				r->error = "a key id is an integer from 1 to 2147483647";
				break;
			}
			for (int i = 0; i < r->nkeys; i++)
				if (r->keys[i].id == k->id)
					r->error = "a key id is defined twice";
			if (r->error != NULL)
				break;
			if (lens[2] != 2 * PUBLIC_ID_MASTER_KEY_LEN)
			{
				r->error = "a key is 64 hexadecimal digits (32 bytes)";
				break;
			}
			for (int i = 0; i < PUBLIC_ID_MASTER_KEY_LEN; i++)
			{
				int			hi = hex_value(words[2][2 * i]);
				int			lo = hex_value(words[2][2 * i + 1]);

				if (hi < 0 || lo < 0)
				{
					r->error = "a key is 64 hexadecimal digits (32 bytes)";
					break;
				}
				k->master[i] = (uint8) (hi << 4 | lo);
			}
			if (r->error != NULL)
				break;
			r->nkeys++;
		}
		else if (lens[0] == 8 && memcmp(words[0], "database", 8) == 0)
		{
			bool		star,
						own;

			if (nwords < 3)
			{
				r->error = "a database line is \"database <name> <key id> ...\" (\"*\" for every database without a line)";
				break;
			}
			star = lens[1] == 1 && words[1][0] == '*';
			own = !star && lens[1] == strlen(dbname) &&
				memcmp(words[1], dbname, lens[1]) == 0;
			if ((star && star_line) || (own && own_line))
			{
				r->error = "a database has two lines";
				break;
			}
			star_line |= star;
			own_line |= own;
			/* the ids of the own line replace those of the "*" line */
			if (own || (star && !own_line))
				r->nuse = 0;
			for (int i = 2; i < nwords; i++)
			{
				int32		id;

				if (!parse_id(words[i], lens[i], &id))
				{
					r->error = "a key id is an integer from 1 to 2147483647";
					break;
				}
				if (own || (star && !own_line))
				{
					for (int j = 0; j < r->nuse; j++)
						if (r->use[j] == id)
							r->error = "a database line lists a key twice";
					r->use[r->nuse++] = id;
				}
			}
		}
		else
			r->error = "a line is \"key ...\", \"database ...\", blank or a comment";
	}
	if (r->error != NULL)
	{
		r->error_line = line;
		return;
	}
	/* every id a database line lists is defined (checked for ours) */
	for (int j = 0; j < r->nuse; j++)
	{
		bool		found = false;

		for (int i = 0; i < r->nkeys; i++)
			found |= r->keys[i].id == r->use[j];
		if (!found)
		{
			r->error_line = -1;
			r->error = "the database's line lists a key id that no key line defines";
			return;
		}
	}
}

/* reads the whole file (at most KEY_FILE_MAX_SIZE bytes) into *buf */
static void
read_key_file(const char *path, struct stat *st, char **buf, size_t *len)
{
	int			fd;
	char	   *data;
	size_t		got = 0;

	fd = OpenTransientFile(path, O_RDONLY | PG_BINARY);
	if (fd < 0)
	{
		if (errno == ENOENT)
			ereport(ERROR,
					(errcode(ERRCODE_CONFIG_FILE_ERROR),
					 errmsg("public-ID key file \"%s\" does not exist in the data directory",
							KEY_FILE_NAME),
					 errhint("See doc/public-ids.md of the scru128 extension.")));
		ereport(ERROR,
				(errcode_for_file_access(),
				 errmsg("could not open public-ID key file \"%s\": %m",
						KEY_FILE_NAME)));
	}
	if (fstat(fd, st) != 0)
		ereport(ERROR,
				(errcode_for_file_access(),
				 errmsg("could not stat public-ID key file \"%s\": %m",
						KEY_FILE_NAME)));
	if (!S_ISREG(st->st_mode))
		ereport(ERROR,
				(errcode(ERRCODE_CONFIG_FILE_ERROR),
				 errmsg("public-ID key file \"%s\" is not a regular file",
						KEY_FILE_NAME)));
	if (st->st_uid != geteuid())
		ereport(ERROR,
				(errcode(ERRCODE_CONFIG_FILE_ERROR),
				 errmsg("public-ID key file \"%s\" is not owned by the server's user",
						KEY_FILE_NAME)));
	if ((st->st_mode & (S_IRWXO | S_IWGRP | S_IXGRP)) != 0)
		ereport(ERROR,
				(errcode(ERRCODE_CONFIG_FILE_ERROR),
				 errmsg("public-ID key file \"%s\" gives access to other users",
						KEY_FILE_NAME),
				 errdetail("Its mode allows access to others or writing by the group."),
				 errhint("Make it 0600 (0640 in a data directory with group access).")));
	if (st->st_size > KEY_FILE_MAX_SIZE)
		ereport(ERROR,
				(errcode(ERRCODE_CONFIG_FILE_ERROR),
				 errmsg("public-ID key file \"%s\" is larger than %d bytes",
						KEY_FILE_NAME, KEY_FILE_MAX_SIZE)));

	/* one byte more than the limit tells a file that grew meanwhile */
	data = palloc(KEY_FILE_MAX_SIZE + 1);
	for (;;)
	{
		ssize_t		n = read(fd, data + got, KEY_FILE_MAX_SIZE + 1 - got);

		if (n < 0)
		{
			if (errno == EINTR)
				continue;
			explicit_bzero(data, got);
			ereport(ERROR,
					(errcode_for_file_access(),
					 errmsg("could not read public-ID key file \"%s\": %m",
							KEY_FILE_NAME)));
		}
		if (n == 0)
			break;
		got += n;
		if (got > KEY_FILE_MAX_SIZE)
		{
			explicit_bzero(data, got);
			ereport(ERROR,
					(errcode(ERRCODE_CONFIG_FILE_ERROR),
					 errmsg("public-ID key file \"%s\" is larger than %d bytes",
							KEY_FILE_NAME, KEY_FILE_MAX_SIZE)));
		}
	}
	CloseTransientFile(fd);
	*buf = data;
	*len = got;
}

/* SHA-256 of the file's bytes; false when libcrypto fails */
static bool
file_digest(const char *buf, size_t len, uint8 digest[32])
{
	unsigned int dlen = 0;

	return EVP_Digest(buf, len, digest, &dlen, EVP_sha256(), NULL) == 1 &&
		dlen == 32;
}

static void
digest_failed(void)
{
	ERR_clear_error();
	ereport(ERROR,
			(errcode(ERRCODE_EXTERNAL_ROUTINE_EXCEPTION),
			 errmsg("OpenSSL's libcrypto failed to hash the public-ID key file")));
}

/* reads and parses the file, derives the database's keys, replaces state */
static void
load_keys(const char *path, const char *dbname)
{
	struct stat st;
	char	   *buf;
	size_t		len;
	parse_result *r;
	loaded_key *keys;
	uint8		digest[32];
	bool		digest_ok;
	bool		failed = false;

	read_key_file(path, &st, &buf, &len);
	digest_ok = file_digest(buf, len, digest);
	r = palloc(sizeof(parse_result));
	parse_key_file(buf, len, dbname, r);
	explicit_bzero(buf, len);
	pfree(buf);
	if (!digest_ok)
	{
		explicit_bzero(r, sizeof(parse_result));
		pfree(r);
		digest_failed();
	}
	if (r->error == NULL && r->nuse == 0)
	{
		explicit_bzero(r, sizeof(parse_result));
		pfree(r);
		ereport(ERROR,
				(errcode(ERRCODE_CONFIG_FILE_ERROR),
				 errmsg("no public-ID key for database \"%s\"", dbname),
				 errhint("Add a line \"database %s <key id> ...\" to %s in the data directory.",
						 dbname, KEY_FILE_NAME)));
	}
	if (r->error != NULL)
	{
		int			line = r->error_line;
		const char *what = r->error;

		explicit_bzero(r, sizeof(parse_result));
		pfree(r);
		if (line > 0)
			ereport(ERROR,
					(errcode(ERRCODE_CONFIG_FILE_ERROR),
					 errmsg("invalid public-ID key file \"%s\"", KEY_FILE_NAME),
					 errdetail("Line %d: %s.", line, what)));
		ereport(ERROR,
				(errcode(ERRCODE_CONFIG_FILE_ERROR),
				 errmsg("invalid public-ID key file \"%s\"", KEY_FILE_NAME),
				 errdetail("For database \"%s\": %s.", dbname, what)));
	}

	/* derive: no error is raised while libcrypto objects are unowned */
	keys = MemoryContextAllocZero(TopMemoryContext, sizeof(loaded_key) * r->nuse);
	for (int j = 0; j < r->nuse && !failed; j++)
	{
		for (int i = 0; i < r->nkeys; i++)
		{
			if (r->keys[i].id != r->use[j])
				continue;
			keys[j].id = r->use[j];
			if (!public_id_check_value(r->keys[i].master, keys[j].check) ||
				!public_id_keys_init(&keys[j].keys, r->keys[i].master))
				failed = true;
			break;
		}
	}
	if (failed)
	{
		free_loaded(keys, r->nuse);
		explicit_bzero(r, sizeof(parse_result));
		pfree(r);
		ERR_clear_error();
		ereport(ERROR,
				(errcode(ERRCODE_EXTERNAL_ROUTINE_EXCEPTION),
				 errmsg("OpenSSL's libcrypto failed to derive the public-ID keys")));
	}

	free_loaded(state.keys, state.nkeys);
	state.keys = keys;
	state.nkeys = r->nuse;
	explicit_bzero(r, sizeof(parse_result));
	pfree(r);
	state.owner_pid = MyProcPid;
	state.loaded = true;
	state.dev = st.st_dev;
	state.ino = st.st_ino;
	state.size = st.st_size;
	state.mtime = st.st_mtime;
	state.ctime = st.st_ctime;
	state.read_time = time(NULL);
	memcpy(state.digest, digest, sizeof(digest));
}

/* is the file the one read?  Reads it again while its mtime is racy */
static bool
key_file_unchanged(const char *path)
{
	struct stat st;
	char	   *buf;
	size_t		len;
	uint8		digest[32];
	bool		digest_ok;
	time_t		now;

	if (stat(path, &st) != 0 ||
		st.st_dev != state.dev || st.st_ino != state.ino ||
		st.st_size != state.size || st.st_mtime != state.mtime ||
		st.st_ctime != state.ctime)
		return false;
	now = time(NULL);
	if (state.mtime < state.read_time - 1 && state.ctime < state.read_time - 1)
		return true;
	read_key_file(path, &st, &buf, &len);
	digest_ok = file_digest(buf, len, digest);
	explicit_bzero(buf, len);
	pfree(buf);
	if (!digest_ok)
		digest_failed();
	if (memcmp(digest, state.digest, sizeof(digest)) != 0)
		return false;
	state.read_time = now;
	return true;
}

/* the key of the given id, or the current one (!by_id) */
static loaded_key *
get_key(bool by_id, int32 key_id)
{
	/*
	 * Once per transaction: a lookup by public ID that is a transaction of
	 * its own does this each time, so it is only the stat() of the file
	 * (and its bytes while its mtime is racy); the database's name, which
	 * only picks the keys, is looked up when the file is read.
	 */
	if (state.owner_pid != MyProcPid || !state.loaded ||
		state.checked_lxid != MY_LXID)
	{
		if (key_path == NULL)
		{
			MemoryContext old = MemoryContextSwitchTo(TopMemoryContext);

			key_path = psprintf("%s/%s", DataDir, KEY_FILE_NAME);
			MemoryContextSwitchTo(old);
		}
		/* a copy inherited across fork() is not reused */
		if (state.owner_pid != MyProcPid)
		{
			state.loaded = false;
			state.keys = NULL;
			state.nkeys = 0;
		}
		if (!state.loaded || !key_file_unchanged(key_path))
		{
			char	   *dbname = get_database_name(MyDatabaseId);

			if (dbname == NULL)
				elog(ERROR, "cache lookup failed for database %u",
					 MyDatabaseId);
			load_keys(key_path, dbname);
			pfree(dbname);
		}
		state.checked_lxid = MY_LXID;
	}
	if (!by_id)
		return &state.keys[0];
	for (int i = 0; i < state.nkeys; i++)
		if (state.keys[i].id == key_id)
			return &state.keys[i];
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("public-ID key %d is not available to this database",
					key_id),
			 errhint("public_id_keys() lists the key ids the database may use.")));
	return NULL;				/* not reached */
}

static void
report_status(public_id_status status, public_id_kind kind, const uint8 *in)
{
	switch (status)
	{
		case PUBLIC_ID_OK:
			return;
		case PUBLIC_ID_NOT_UUIDV7:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("only a version 7 UUID has a public ID"),
					 (in[8] & 0xC0) != 0x80 ?
					 errdetail("The UUID is not of the RFC 9562 variant.") :
					 errdetail("The UUID is version %d.", in[6] >> 4)));
			break;
		case PUBLIC_ID_NOT_UUIDV4:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("not a public ID: the public ID of a uuid is a version 4 UUID"),
					 (in[8] & 0xC0) != 0x80 ?
					 errdetail("The UUID is not of the RFC 9562 variant.") :
					 errdetail("The UUID is version %d.", in[6] >> 4)));
			break;
		case PUBLIC_ID_NEGATIVE:
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("a negative bigint is neither a key nor a public ID"),
					 errdetail("Public IDs map 0 .. 9223372036854775807 onto itself.")));
			break;
		case PUBLIC_ID_CONTEXT_TOO_LONG:
			/* checked before (check_context) */
			break;
		case PUBLIC_ID_CRYPTO_FAILED:
			ERR_clear_error();
			ereport(ERROR,
					(errcode(ERRCODE_EXTERNAL_ROUTINE_EXCEPTION),
					 errmsg("OpenSSL's libcrypto failed to encipher a %s public ID",
							public_id_kind_name(kind))));
			break;
	}
	elog(ERROR, "public-ID status %d", (int) status);
}

static void
check_context(const text *context)
{
	size_t		len = VARSIZE_ANY_EXHDR(context);

	if (len > PUBLIC_ID_MAX_CONTEXT)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("public-ID context is too long"),
				 errdetail("The context has %zu bytes; it may have at most %d.",
						   len, PUBLIC_ID_MAX_CONTEXT)));
}

/* public_id() or public_id_decode() of a value of len bytes at in */
static Datum
map_bytes(FunctionCallInfo fcinfo, public_id_kind kind, bool decode)
{
	const uint8 *in = (const uint8 *) PG_GETARG_POINTER(0);
	text	   *context = PG_GETARG_TEXT_PP(1);
	uint8	   *out = palloc(public_id_kind_len(kind));
	loaded_key *key;
	public_id_status status;

	check_context(context);
	key = get_key(PG_NARGS() > 2, PG_NARGS() > 2 ? PG_GETARG_INT32(2) : 0);
	if (decode)
		status = public_id_decode(&key->keys, kind,
								  (const uint8 *) VARDATA_ANY(context),
								  VARSIZE_ANY_EXHDR(context), in, out);
	else
		status = public_id_encode(&key->keys, kind,
								  (const uint8 *) VARDATA_ANY(context),
								  VARSIZE_ANY_EXHDR(context), in, out);
	report_status(status, kind, in);
	PG_RETURN_POINTER(out);
}

static Datum
map_bigint(FunctionCallInfo fcinfo, bool decode)
{
	int64		in = PG_GETARG_INT64(0);
	text	   *context = PG_GETARG_TEXT_PP(1);
	loaded_key *key;
	int64_t		out = 0;
	public_id_status status;

	check_context(context);
	key = get_key(PG_NARGS() > 2, PG_NARGS() > 2 ? PG_GETARG_INT32(2) : 0);
	if (decode)
		status = public_id_decode_int64(&key->keys,
										(const uint8 *) VARDATA_ANY(context),
										VARSIZE_ANY_EXHDR(context), in, &out);
	else
		status = public_id_encode_int64(&key->keys,
										(const uint8 *) VARDATA_ANY(context),
										VARSIZE_ANY_EXHDR(context), in, &out);
	report_status(status, PUBLIC_ID_BIGINT, NULL);
	PG_RETURN_INT64(out);
}

PG_FUNCTION_INFO_V1(public_id_uuid);
Datum
public_id_uuid(PG_FUNCTION_ARGS)
{
	return map_bytes(fcinfo, PUBLIC_ID_UUIDV7, false);
}

PG_FUNCTION_INFO_V1(public_id_decode_uuid);
Datum
public_id_decode_uuid(PG_FUNCTION_ARGS)
{
	return map_bytes(fcinfo, PUBLIC_ID_UUIDV7, true);
}

PG_FUNCTION_INFO_V1(public_id_scru128);
Datum
public_id_scru128(PG_FUNCTION_ARGS)
{
	return map_bytes(fcinfo, PUBLIC_ID_SCRU128, false);
}

PG_FUNCTION_INFO_V1(public_id_decode_scru128);
Datum
public_id_decode_scru128(PG_FUNCTION_ARGS)
{
	return map_bytes(fcinfo, PUBLIC_ID_SCRU128, true);
}

PG_FUNCTION_INFO_V1(public_id_ulid);
Datum
public_id_ulid(PG_FUNCTION_ARGS)
{
	return map_bytes(fcinfo, PUBLIC_ID_ULID, false);
}

PG_FUNCTION_INFO_V1(public_id_decode_ulid);
Datum
public_id_decode_ulid(PG_FUNCTION_ARGS)
{
	return map_bytes(fcinfo, PUBLIC_ID_ULID, true);
}

PG_FUNCTION_INFO_V1(public_id_scru160);
Datum
public_id_scru160(PG_FUNCTION_ARGS)
{
	return map_bytes(fcinfo, PUBLIC_ID_SCRU160, false);
}

PG_FUNCTION_INFO_V1(public_id_decode_scru160);
Datum
public_id_decode_scru160(PG_FUNCTION_ARGS)
{
	return map_bytes(fcinfo, PUBLIC_ID_SCRU160, true);
}

PG_FUNCTION_INFO_V1(public_id_bigint);
Datum
public_id_bigint(PG_FUNCTION_ARGS)
{
	return map_bigint(fcinfo, false);
}

PG_FUNCTION_INFO_V1(public_id_decode_bigint);
Datum
public_id_decode_bigint(PG_FUNCTION_ARGS)
{
	return map_bigint(fcinfo, true);
}

/* public_id_keys(): key_id, is_current, check_value of the database's keys */
PG_FUNCTION_INFO_V1(public_id_key_list);
Datum
public_id_key_list(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;

	InitMaterializedSRF(fcinfo, 0);
	(void) get_key(false, 0);
	for (int i = 0; i < state.nkeys; i++)
	{
		Datum		values[3];
		bool		nulls[3] = {false, false, false};
		char		hex[2 * PUBLIC_ID_CHECK_LEN + 1];

		for (int j = 0; j < PUBLIC_ID_CHECK_LEN; j++)
			snprintf(hex + 2 * j, 3, "%02x", state.keys[i].check[j]);
		values[0] = Int32GetDatum(state.keys[i].id);
		values[1] = BoolGetDatum(i == 0);
		values[2] = CStringGetTextDatum(hex);
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
	return (Datum) 0;
}
