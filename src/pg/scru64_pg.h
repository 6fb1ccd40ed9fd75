/*-------------------------------------------------------------------------
 *
 * scru64_pg.h
 *	  The scru64 SQL type as seen by the PostgreSQL glue: an int8 Datum.
 *
 *-------------------------------------------------------------------------
 */
#ifndef SCRU64_PG_H
#define SCRU64_PG_H

#include "scru128_pg.h"

#define PG_GETARG_SCRU64(n)		PG_GETARG_INT64(n)
#define PG_RETURN_SCRU64(x)		PG_RETURN_INT64(x)

extern uint64 scru64_timestamptz_to_tick(TimestampTz ts);

#endif							/* SCRU64_PG_H */
