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

#include "utils/guc.h"

#define PG_GETARG_SCRU64(n)		PG_GETARG_INT64(n)
#define PG_RETURN_SCRU64(x)		PG_RETURN_INT64(x)

extern uint64 scru64_timestamptz_to_tick(TimestampTz ts);

/* the setting scru128.scru64_node_spec (module.c defines it) */
extern char *scru64_node_spec_string;
extern bool scru64_check_node_spec(char **newval, void **extra,
								   GucSource source);
extern void scru64_assign_node_spec(const char *newval, void *extra);

#endif							/* SCRU64_PG_H */
