/*-------------------------------------------------------------------------
 *
 * shmem_area.h
 *	  Named areas of shared memory for the server-wide generators:
 *	  scru64()'s state and that of scru128.generator_scope = server.
 *
 * On PostgreSQL 17 and later an area is a named DSM segment of the DSM
 * registry, created on first use; on 15 and 16 it is part of the main
 * shared memory, reserved at startup when the library is in
 * shared_preload_libraries, and without that its use fails with 55000.
 * Either way a server start or crash recovery gives a zeroed area.
 *
 *-------------------------------------------------------------------------
 */
#ifndef SHMEM_AREA_H
#define SHMEM_AREA_H

#include "scru128_compat.h"

typedef void (*shmem_area_init_fn) (void *ptr);

typedef struct shmem_area
{
	const char *name;			/* registry / ShmemIndex name */
	Size		size;			/* identifies the layout: see scru64_gen.c */
	shmem_area_init_fn init;	/* run once per server start on new memory */
	const char *user;			/* what needs it, for the 55000 message */
	void	   *ptr;			/* this backend's mapping, once attached */
} shmem_area;

/* the areas, defined by their users */
extern shmem_area scru64_shmem_area;
extern shmem_area server_gen_shmem_area;
extern shmem_area ulid_gen_shmem_area;

/* from _PG_init: on 15 and 16 reserves the areas when preloading */
extern void shmem_area_install_hooks(void);

extern void *shmem_area_attach(shmem_area *area);

static inline void *
shmem_area_get(shmem_area *area)
{
	if (likely(area->ptr != NULL))
		return area->ptr;
	return shmem_area_attach(area);
}

#endif							/* SHMEM_AREA_H */
