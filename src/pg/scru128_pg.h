/*-------------------------------------------------------------------------
 *
 * scru128_pg.h
 *	  The scru128 SQL type as seen by the PostgreSQL glue.
 *
 *-------------------------------------------------------------------------
 */
#ifndef SCRU128_PG_H
#define SCRU128_PG_H

#include "scru128_compat.h"

#include "datatype/timestamp.h"

#include "scru128_id.h"

/* big-endian 128-bit value, byte for byte the layout of a uuid */
typedef struct pg_scru128
{
	uint8		data[SCRU128_LEN];
} pg_scru128;

#define DatumGetScru128P(X)		((pg_scru128 *) DatumGetPointer(X))
#define Scru128PGetDatum(X)		PointerGetDatum(X)
#define PG_GETARG_SCRU128_P(n)	DatumGetScru128P(PG_GETARG_DATUM(n))
#define PG_RETURN_SCRU128_P(x)	return Scru128PGetDatum(x)

/* microseconds between the Unix epoch and the PostgreSQL epoch */
#define SCRU128_PG_EPOCH_OFFSET_US \
	((int64) (POSTGRES_EPOCH_JDATE - UNIX_EPOCH_JDATE) * SECS_PER_DAY * USECS_PER_SEC)

/* is fn this library's C function addr? (module.c) */
extern bool scru128_is_own_function(Oid fn, PGFunction addr);

/*
 * The next UUIDv7 of the generator of scru128.generator_scope, as uuidv7()
 * gives it: 16 bytes (uuid_gen.c)
 */
extern void scru128_uuidv7_next(uint8 *uuid);

/*
 * A typeid of a prefix (checked: 22023 if invalid) and 16 bytes of UUID;
 * and the C function of typeid_check_prefix(typeid, text) (typeid.c)
 */
extern struct varlena *scru128_typeid_make(const char *prefix, size_t len,
										   const uint8 *uuid);
extern PGDLLEXPORT Datum typeid_check_prefix_sql(PG_FUNCTION_ARGS);

/* does text that is not a valid ID read as a date or time? (time_ops.c) */
extern bool scru128_text_is_time(const char *str);

/*
 * The hint of an ID type's input error for text that reads as a time: an
 * untyped literal compared with an ID column is read as an ID.
 */
#define TIME_HINT(str) \
	(scru128_text_is_time(str) ? \
	 errhint("To compare IDs with a time, give the literal a type: timestamptz '%s'.", (str)) : 0)

#endif							/* SCRU128_PG_H */
