/*-------------------------------------------------------------------------
 *
 * scru128_compat.h
 *	  What the glue needs of PostgreSQL's version: the majors supported and
 *	  the shims that let the same code build on each.
 *
 * Every file of src/pg includes it first (through scru128_pg.h or
 * directly).  A guard that only one call site needs (an API that a major
 * added, such as the DSM registry or skip support) stays at that call
 * site, behind PG_VERSION_NUM, where the two ways can be read side by side.
 *
 *-------------------------------------------------------------------------
 */
#ifndef SCRU128_COMPAT_H
#define SCRU128_COMPAT_H

#include "postgres.h"

#include "fmgr.h"
#if PG_VERSION_NUM >= 160000
#include "varatt.h"
#endif

/*
 * 15 is the oldest major supported (14 reached its end of life in November
 * 2026): the code relies on 15's APIs (InitMaterializedSRF, the shared
 * memory request hook, MarkGUCPrefixReserved, ssup_datum_*_cmp).
 */
#if PG_VERSION_NUM < 150000
#error "scru128 requires PostgreSQL 15 or later"
#endif

/*
 * scru64 is an 8-byte type passed by value (release 1.1, shipped, so its
 * CREATE TYPE cannot change), like int8 on 64-bit servers.  Where a Datum
 * is 4 bytes (32-bit builds of PostgreSQL 18 and earlier: i386, armhf),
 * TypeCreate() refuses it ("internal size 8 is invalid for passed-by-value
 * type"), so CREATE EXTENSION and the update to 1.1 would fail after a
 * successful build: refuse at build time instead.  From PostgreSQL 19 on a
 * Datum is 8 bytes on every platform and this never fires.
 */
#if SIZEOF_DATUM < 8
#error "scru128 needs a 64-bit PostgreSQL server (or PostgreSQL 19 or later): its scru64 type is 8 bytes passed by value, as int8 is on 64-bit platforms, which PostgreSQL refuses where a Datum is 4 bytes"
#endif

/*
 * Before PostgreSQL 16 there are no soft input errors: every error is hard,
 * and the context argument is unused.
 */
#if PG_VERSION_NUM < 160000
#define ereturn(context, dummy_value, ...)	ereport(ERROR, __VA_ARGS__)
#endif

/*
 * The "extra" of a setting's check hook is freed by guc.c with free();
 * 16 exports guc_malloc() to allocate it (it logs at elevel when out of
 * memory), 15 keeps it static: plain malloc() there.
 */
#if PG_VERSION_NUM < 160000
#define guc_malloc(elevel, size)	malloc(size)
#endif

#endif							/* SCRU128_COMPAT_H */
