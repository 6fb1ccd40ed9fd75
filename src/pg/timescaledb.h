/*-------------------------------------------------------------------------
 *
 * timescaledb.h
 *	  What TimescaleDB's catalog says of a column (timescaledb.c), for the
 *	  time rewrite (time_ops.c).
 *
 *-------------------------------------------------------------------------
 */
#ifndef SCRU128_TIMESCALEDB_H
#define SCRU128_TIMESCALEDB_H

#include "fmgr.h"

typedef enum ts_dimension
{
	TS_NONE,					/* not a dimension the rewrite knows */
	TS_UUIDV7,					/* a uuid column, TimescaleDB's UUIDv7 dimension */
	TS_PARTITION_FUNC			/* a time dimension by the type's X_timestamp */
} ts_dimension;

extern ts_dimension timescaledb_dimension(Oid relid, AttrNumber attnum,
										  Oid atttype, PGFunction timestamp_fn,
										  Oid *partfunc);

#endif							/* SCRU128_TIMESCALEDB_H */
