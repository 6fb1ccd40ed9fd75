/*-------------------------------------------------------------------------
 *
 * scru64_gen.c
 *	  The scru64() generator: one per server, in shared memory; the
 *	  setting scru128.scru64_node_spec; the library's _PG_init.
 *
 * SCRU64 leaves 2^(24 - node_id_size) IDs per 256 ms tick to a node, so a
 * node cannot be one generator per backend: all backends share the last
 * ID issued, and every call advances it with a compare-and-swap, running
 * the pure rules of scru64_core.c on the value it read.  No lock is taken,
 * and a backend that has to wait for the clock holds nothing while it
 * sleeps.
 *
 * The state is one slot per node (node_id, node_id_size): a slot's node
 * never changes once claimed, so a backend that still has the old node
 * spec after a reload (backends apply SIGHUP one by one) keeps advancing
 * the old node's state, and never one built for another node.  A node
 * seen for the first time since server start gets a new state, which
 * issues nothing in the tick it started in (the server may have issued
 * IDs in that tick before a restart) nor before the latest tick any other
 * node reached on this server (node_id_size may change, and the ID spaces
 * of two node specs can overlap).  Going back to a node used earlier
 * since the start continues that node's state rather than resetting it.
 *
 * Where the shared memory comes from: on PostgreSQL 17 and later the DSM
 * registry, created on first use; on 15 and 16 the main shared memory,
 * reserved at startup when the library is in shared_preload_libraries.
 *
 *-------------------------------------------------------------------------
 */
#include "scru64_pg.h"

#include "miscadmin.h"
#include "pgstat.h"
#include "port/atomics.h"
#include "storage/ipc.h"
#include "storage/latch.h"
#include "storage/lwlock.h"
#include "storage/shmem.h"
#include "utils/builtins.h"
#include "utils/guc.h"
#include "utils/timestamp.h"
#include "utils/wait_event.h"
#if PG_VERSION_NUM >= 170000
#include "storage/dsm_registry.h"
#endif

#include "random_pool.h"
#include "scru64_core.h"

#define SCRU64_SLOTS 16
#define SCRU64_SHMEM_NAME "scru128.scru64"
/* longest single sleep while waiting for the clock */
#define SCRU64_MAX_SLEEP_MS 64

typedef struct scru64_slot
{
	pg_atomic_uint64 node;		/* 0 = free, else node_key(): never changes */
	pg_atomic_uint64 last;		/* last ID issued; 0 = no state yet */
} scru64_slot;

typedef struct scru64_shared
{
	scru64_slot slots[SCRU64_SLOTS];
} scru64_shared;

static scru64_shared *shared = NULL;

/* the parsed setting (GUC extra), NULL when unset */
static char *node_spec_string = NULL;
static const scru64_node_spec *node_spec = NULL;
static scru64_slot *node_slot = NULL;	/* slot of node_spec, once found */

#if PG_VERSION_NUM >= 150000 && PG_VERSION_NUM < 170000
static shmem_request_hook_type prev_shmem_request_hook = NULL;
#endif
#if PG_VERSION_NUM < 170000
static shmem_startup_hook_type prev_shmem_startup_hook = NULL;
#endif

static void
shared_init(scru64_shared *s)
{
	int			i;

	for (i = 0; i < SCRU64_SLOTS; i++)
	{
		pg_atomic_init_u64(&s->slots[i].node, 0);
		pg_atomic_init_u64(&s->slots[i].last, 0);
	}
}

#if PG_VERSION_NUM >= 190000
static void
shared_init_callback(void *ptr, void *arg)
{
	shared_init((scru64_shared *) ptr);
}
#elif PG_VERSION_NUM >= 170000
static void
shared_init_callback(void *ptr)
{
	shared_init((scru64_shared *) ptr);
}
#else
#if PG_VERSION_NUM >= 150000
static void
scru64_shmem_request(void)
{
	if (prev_shmem_request_hook)
		prev_shmem_request_hook();
	RequestAddinShmemSpace(MAXALIGN(sizeof(scru64_shared)));
}
#endif

static void
scru64_shmem_startup(void)
{
	bool		found;

	if (prev_shmem_startup_hook)
		prev_shmem_startup_hook();

	LWLockAcquire(AddinShmemInitLock, LW_EXCLUSIVE);
	shared = ShmemInitStruct(SCRU64_SHMEM_NAME, sizeof(scru64_shared), &found);
	if (!found)
		shared_init(shared);
	LWLockRelease(AddinShmemInitLock);
}
#endif

static scru64_shared *
get_shared(void)
{
	if (likely(shared != NULL))
		return shared;
#if PG_VERSION_NUM >= 170000
	{
		bool		found;

#if PG_VERSION_NUM >= 190000
		shared = GetNamedDSMSegment(SCRU64_SHMEM_NAME, sizeof(scru64_shared),
									shared_init_callback, &found, NULL);
#else
		shared = GetNamedDSMSegment(SCRU64_SHMEM_NAME, sizeof(scru64_shared),
									shared_init_callback, &found);
#endif
	}
#else
	ereport(ERROR,
			(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
			 errmsg("scru64() needs shared memory reserved at server start"),
			 errhint("On PostgreSQL 15 and 16, add scru128 to shared_preload_libraries and restart the server.")));
#endif
	return shared;
}

/* identity of a node: never 0 */
static inline uint64
node_key(const scru64_node_spec *spec)
{
	return ((uint64) spec->node_id_size << 32 | spec->node_id) + 1;
}

static scru64_slot *
find_slot(scru64_shared *s, const scru64_node_spec *spec)
{
	uint64		key = node_key(spec);
	int			i;

	for (i = 0; i < SCRU64_SLOTS; i++)
	{
		scru64_slot *slot = &s->slots[i];
		uint64		k = pg_atomic_read_u64(&slot->node);

		if (k == 0)
		{
			/* claim it; on failure k holds the node that did */
			if (pg_atomic_compare_exchange_u64(&slot->node, &k, key))
				return slot;
		}
		if (k == key)
			return slot;
	}
	ereport(ERROR,
			(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
			 errmsg("too many scru64 nodes since the server started"),
			 errdetail("A server keeps the state of at most %d node specs.",
					   SCRU64_SLOTS),
			 errhint("Restart the server to forget the nodes no longer in use.")));
	return NULL;				/* keep compiler quiet */
}

/* the latest tick any other node's state reached */
static uint64
other_nodes_tick(scru64_shared *s, scru64_slot *mine)
{
	uint64		tick = 0;
	int			i;

	for (i = 0; i < SCRU64_SLOTS; i++)
	{
		uint64		t;

		if (&s->slots[i] == mine)
			continue;
		t = scru64_get_timestamp(pg_atomic_read_u64(&s->slots[i].last));
		if (t > tick)
			tick = t;
	}
	return tick;
}

/* Unix time in ms; 0 before 1970 (the rules then refuse tick 0) */
static uint64
clock_ms(void)
{
	int64		us = GetCurrentTimestamp() + SCRU128_PG_EPOCH_OFFSET_US;

	return us < 0 ? 0 : (uint64) us / 1000;
}

PG_FUNCTION_INFO_V1(scru64_generate);
Datum
scru64_generate(PG_FUNCTION_ARGS)
{
	const scru64_node_spec *spec = node_spec;
	scru64_shared *s;
	scru64_slot *slot;
	uint64		floor = 0;

	if (unlikely(spec == NULL))
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("scru128.scru64_node_spec is not set"),
				 errdetail("scru64() needs the node ID of this server."),
				 errhint("Set it for the server, e.g. ALTER SYSTEM SET scru128.scru64_node_spec = '42/8'; SELECT pg_reload_conf();")));

	s = get_shared();
	if (unlikely(node_slot == NULL))
		node_slot = find_slot(s, spec);
	slot = node_slot;
	if (spec->has_prev)
		floor = spec->node_prev;

	for (;;)
	{
		uint64		last = pg_atomic_read_u64(&slot->last);
		uint64		ms = clock_ms();
		uint64		tick = ms >> 8;
		uint64		prev;
		uint64		next;
		scru64_gen_status status;

		if (unlikely(last == 0))
		{
			/*
			 * Publish the new state before using it: it is relative to the
			 * clock, and a state made afresh after each wait would never
			 * let the clock catch up.
			 */
			uint64		fresh = scru64_fresh_state(tick, spec->node_id,
												   spec->node_id_size,
												   SCRU64_ROLLBACK_ALLOWANCE_TICKS,
												   other_nodes_tick(s, slot),
												   floor);

			if (!pg_atomic_compare_exchange_u64(&slot->last, &last, fresh))
				continue;
			last = fresh;
		}
		prev = Max(last, floor);

		status = scru64_next(prev, tick, spec->node_id, spec->node_id_size,
							 SCRU64_ROLLBACK_ALLOWANCE_TICKS,
							 random_pool_uint32(NULL), &next);
		if (likely(status == SCRU64_GEN_OK))
		{
			if (pg_atomic_compare_exchange_u64(&slot->last, &last, next))
				PG_RETURN_SCRU64((int64) next);
			/* another backend got there first: run the rules again */
			continue;
		}

		if (status == SCRU64_GEN_WAIT)
		{
			/* until the clock is within the allowance of prev's tick */
			uint64		target = (scru64_get_timestamp(prev) -
								  SCRU64_ROLLBACK_ALLOWANCE_TICKS) << 8;
			long		sleep_ms = target > ms ? (long) (target - ms) : 1;

			if (sleep_ms > SCRU64_MAX_SLEEP_MS)
				sleep_ms = SCRU64_MAX_SLEEP_MS;
			(void) WaitLatch(MyLatch,
							 WL_LATCH_SET | WL_TIMEOUT | WL_EXIT_ON_PM_DEATH,
							 sleep_ms, PG_WAIT_EXTENSION);
			ResetLatch(MyLatch);
			CHECK_FOR_INTERRUPTS();
			continue;
		}

		if (status == SCRU64_GEN_BAD_CLOCK)
			ereport(ERROR,
					(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
					 errmsg("system clock is outside the range scru64 can represent: \"%s\"",
							timestamptz_to_str(GetCurrentTimestamp()))));
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("scru64 counter exhausted in the last representable tick")));
	}
}

PG_FUNCTION_INFO_V1(scru64_node_spec_sql);
Datum
scru64_node_spec_sql(PG_FUNCTION_ARGS)
{
	char		buf[SCRU64_NODE_SPEC_MAXLEN + 1];

	if (node_spec == NULL)
		PG_RETURN_NULL();
	scru64_node_spec_canonical(node_spec, buf);
	PG_RETURN_TEXT_P(cstring_to_text(buf));
}

/* the explanation of a refused node spec, for both the GUC and SQL */
static const char *
node_spec_problem(scru64_spec_status status)
{
	switch (status)
	{
		case SCRU64_SPEC_BAD_SIZE:
			return "node_id_size must be between 1 and 23.";
		case SCRU64_SPEC_NODE_TOO_LARGE:
			return "node_id does not fit in node_id_size bits.";
		default:
			return "A node spec is <node_id>/<node_id_size>, with node_id in decimal (up to 8 digits) or hexadecimal with 0x (up to 6 digits), or <previous scru64 ID, 12 Base36 digits>/<node_id_size>.";
	}
}

#define NODE_SPEC_EXAMPLES "Examples: '42/8', '0xb00/12', '0u2r85hm2pt3/16'; node_id_size is 1 to 23."

/* canonical form of a node spec string, to check one before setting it */
PG_FUNCTION_INFO_V1(scru64_node_spec_canonical_sql);
Datum
scru64_node_spec_canonical_sql(PG_FUNCTION_ARGS)
{
	text	   *arg = PG_GETARG_TEXT_PP(0);
	scru64_node_spec spec;
	scru64_spec_status status;
	char		buf[SCRU64_NODE_SPEC_MAXLEN + 1];

	status = scru64_parse_node_spec(VARDATA_ANY(arg), VARSIZE_ANY_EXHDR(arg),
									&spec);
	if (status != SCRU64_SPEC_OK)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid scru64 node spec: \"%s\"", text_to_cstring(arg)),
				 errdetail("%s", node_spec_problem(status)),
				 errhint(NODE_SPEC_EXAMPLES)));
	scru64_node_spec_canonical(&spec, buf);
	PG_RETURN_TEXT_P(cstring_to_text(buf));
}

static bool
check_node_spec(char **newval, void **extra, GucSource source)
{
	scru64_node_spec spec;
	scru64_node_spec *copy;
	scru64_spec_status status;

	if (*newval == NULL || (*newval)[0] == '\0')
	{
		*extra = NULL;
		return true;
	}

	status = scru64_parse_node_spec(*newval, strlen(*newval), &spec);
	if (status != SCRU64_SPEC_OK)
	{
		GUC_check_errdetail("%s", node_spec_problem(status));
		GUC_check_errhint(NODE_SPEC_EXAMPLES);
		return false;
	}

#if PG_VERSION_NUM >= 160000
	copy = guc_malloc(LOG, sizeof(spec));
#else
	copy = malloc(sizeof(spec));
#endif
	if (copy == NULL)
		return false;
	*copy = spec;
	*extra = copy;
	return true;
}

static void
assign_node_spec(const char *newval, void *extra)
{
	const scru64_node_spec *spec = extra;

	/* a different node has its own slot, found on the next call */
	if (spec == NULL || node_spec == NULL ||
		node_key(spec) != node_key(node_spec))
		node_slot = NULL;
	node_spec = spec;
}

void		_PG_init(void);

void
_PG_init(void)
{
	DefineCustomStringVariable("scru128.scru64_node_spec",
							   "Node of this server's scru64() generator.",
							   "<node_id>/<node_id_size> (e.g. 42/8, 0xb00/12) or <previous scru64 ID>/<node_id_size>; empty: scru64() refuses to run.",
							   &node_spec_string,
							   "",
							   PGC_SIGHUP,
							   0,
							   check_node_spec,
							   assign_node_spec,
							   NULL);
#if PG_VERSION_NUM >= 150000
	MarkGUCPrefixReserved("scru128");
#else
	EmitWarningsOnPlaceholders("scru128");
#endif

#if PG_VERSION_NUM < 170000
	if (process_shared_preload_libraries_in_progress)
	{
#if PG_VERSION_NUM >= 150000
		prev_shmem_request_hook = shmem_request_hook;
		shmem_request_hook = scru64_shmem_request;
#else
		/* before 15 there is no request hook: ask right here */
		RequestAddinShmemSpace(MAXALIGN(sizeof(scru64_shared)));
#endif
		prev_shmem_startup_hook = shmem_startup_hook;
		shmem_startup_hook = scru64_shmem_startup;
	}
#endif
}
