/*-------------------------------------------------------------------------
 *
 * shmem_area.c
 *	  Named areas of shared memory (see shmem_area.h).
 *
 *-------------------------------------------------------------------------
 */
#include "shmem_area.h"

#include "miscadmin.h"
#include "storage/ipc.h"
#include "storage/lwlock.h"
#include "storage/shmem.h"
#if PG_VERSION_NUM >= 170000
#include "storage/dsm_registry.h"
#endif

#if PG_VERSION_NUM >= 170000

#if PG_VERSION_NUM >= 190000
static void
init_callback(void *ptr, void *arg)
{
	((shmem_area *) arg)->init(ptr);
}
#else
/* 17 and 18 pass the callback no argument: the area being attached */
static shmem_area *initializing = NULL;

static void
init_callback(void *ptr)
{
	initializing->init(ptr);
}
#endif

void
shmem_area_install_hooks(void)
{
}

void *
shmem_area_attach(shmem_area *area)
{
	bool		found;

#if PG_VERSION_NUM >= 190000
	area->ptr = GetNamedDSMSegment(area->name, area->size, init_callback,
								   &found, area);
#else
	initializing = area;
	area->ptr = GetNamedDSMSegment(area->name, area->size, init_callback,
								   &found);
	initializing = NULL;
#endif
	return area->ptr;
}

#else							/* PG_VERSION_NUM < 170000 */

static shmem_area *const areas[] = {&scru64_shmem_area, &server_gen_shmem_area,
	&ulid_gen_shmem_area};

static shmem_request_hook_type prev_shmem_request_hook = NULL;
static shmem_startup_hook_type prev_shmem_startup_hook = NULL;

static void
request_areas(void)
{
	int			i;

	if (prev_shmem_request_hook)
		prev_shmem_request_hook();
	for (i = 0; i < lengthof(areas); i++)
		RequestAddinShmemSpace(MAXALIGN(areas[i]->size));
}

/*
 * Runs in the postmaster at every start and crash recovery: backends
 * inherit the pointers across fork().
 */
static void
startup_areas(void)
{
	int			i;

	if (prev_shmem_startup_hook)
		prev_shmem_startup_hook();

	LWLockAcquire(AddinShmemInitLock, LW_EXCLUSIVE);
	for (i = 0; i < lengthof(areas); i++)
	{
		bool		found;

		areas[i]->ptr = ShmemInitStruct(areas[i]->name, areas[i]->size, &found);
		if (!found)
			areas[i]->init(areas[i]->ptr);
	}
	LWLockRelease(AddinShmemInitLock);
}

void
shmem_area_install_hooks(void)
{
	if (!process_shared_preload_libraries_in_progress)
		return;
	prev_shmem_request_hook = shmem_request_hook;
	shmem_request_hook = request_areas;
	prev_shmem_startup_hook = shmem_startup_hook;
	shmem_startup_hook = startup_areas;
}

void *
shmem_area_attach(shmem_area *area)
{
	ereport(ERROR,
			(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
			 errmsg("%s needs shared memory reserved at server start", area->user),
			 errhint("On PostgreSQL 15 and 16, add scru128 to shared_preload_libraries and restart the server.")));
	return NULL;
}

#endif
