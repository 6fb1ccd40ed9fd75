/*-------------------------------------------------------------------------
 *
 * scru64_gen.c
 *	  The scru64() generator: one per server, in shared memory; the
 *	  hooks of the setting scru128.scru64_node_spec (defined in module.c).
 *
 * SCRU64 leaves 2^(24 - node_id_size) IDs per 256 ms tick to a node, so a
 * node cannot be one generator per backend: all backends share the last
 * ID issued, and every call advances it with a compare-and-swap, running
 * the pure rules of scru64_core.c on the value it read.  No lock is taken,
 * and a backend that has to wait for the clock holds nothing while it
 * sleeps.
 *
 * The state is one value per server, the last ID issued, whatever node
 * spec issued it: every compare-and-swap checks it, so IDs are strictly
 * increasing in the order they are issued and never repeat, also when
 * the spec changes to one whose ID space overlaps the old one's (sizes
 * differ) or back to an earlier one, and while backends disagree on the
 * spec (each applies a reload between statements, so a statement running
 * at the reload finishes with the old spec).  A call reads the spec once.
 *
 * A call waits for the clock at most SCRU64_MAX_WAIT_MS (40 ticks): that
 * covers any state the rules make (at most 40 ticks ahead, so a wait of
 * one tick); a state that would need a longer wait (the clock went back
 * by more than about 20 s) fails at once with 55000.  A node_prev spec
 * further ahead than 40 ticks fails every call at once with 22023 and
 * never becomes the state, so it holds nothing back once the setting
 * changes.
 *
 * Where the shared memory comes from: on PostgreSQL 17 and later the DSM
 * registry, created on first use; on 15 and 16 the main shared memory,
 * reserved at startup when the library is in shared_preload_libraries
 * (shmem_area.c, shared with scru128.generator_scope = server).
 *
 *-------------------------------------------------------------------------
 */
#include "scru64_pg.h"

#include "access/xlog.h"
#include "miscadmin.h"
#include "pgstat.h"
#include "port/atomics.h"
#include "storage/latch.h"
#include "utils/builtins.h"
#include "utils/guc.h"
#include "utils/timestamp.h"
#include "utils/wait_event.h"

#include "generator_scope.h"
#include "random_pool.h"
#include "scru64_core.h"
#include "shmem_area.h"

#define SCRU64_SHMEM_NAME "scru128.scru64"
/* longest single sleep while waiting for the clock */
#define SCRU64_MAX_SLEEP_MS 64

/*
 * 16 bytes (1.2 and 1.3: 8).  Release 1.1's layout (16 slots, 256 bytes)
 * had the same name: the DSM registry refuses to attach a segment of
 * another size, so a backend that loads this library into a server whose
 * state was made by an earlier release's (17 and later load it per
 * backend, without a restart) gets an error instead of a second
 * generator.  Any later change of layout must
 * change the size likewise (a new name would give a second generator).
 */
typedef struct scru64_shared
{
	pg_atomic_uint64 last;		/* last ID issued; 0 = none since start */
	/*
	 * Whether the start rule was applied while in recovery (1) or after it
	 * (2): a standby's state is raised again when recovery ends.  Release
	 * 1.4 added it, which changed the size from 8 bytes.
	 */
	pg_atomic_uint32 seeded;
} scru64_shared;

#define SCRU64_SEEDED_IN_RECOVERY	1
#define SCRU64_SEEDED_IN_PRODUCTION 2

/* the parsed setting (GUC extra), NULL when unset */
char	   *scru64_node_spec_string = NULL;
static const scru64_node_spec *node_spec = NULL;

/* Unix time in ms; 0 before 1970 (the rules then refuse tick 0) */
static uint64
clock_ms(void)
{
	int64		us = GetCurrentTimestamp() + SCRU128_PG_EPOCH_OFFSET_US;

	return us < 0 ? 0 : (uint64) us / 1000;
}

static void
shared_init(void *ptr)
{
	pg_atomic_init_u64(&((scru64_shared *) ptr)->last, 0);
	pg_atomic_init_u32(&((scru64_shared *) ptr)->seeded, 0);
}

/*
 * The start rule, as a floor (see server_start_origin_ms() in generator_scope.c):
 * raise the state to the last ID of the tick 40 ticks after the origin, the
 * end of recovery, so that nothing the server or the primary it replaced
 * issued before is issued again; a first call long after the origin starts
 * at the clock.  Never lowers the state.
 */
static void
apply_start_rule(scru64_shared *s, bool in_recovery)
{
	uint64		ms = clock_ms();
	uint64		origin = server_start_origin_ms();
	uint64		fresh;
	uint64		last;

	if (origin > ms)
		origin = ms;
	fresh = scru64_fresh_state(origin >> 8, SCRU64_ROLLBACK_ALLOWANCE_TICKS);
	last = pg_atomic_read_u64(&s->last);
	while (last < fresh &&
		   !pg_atomic_compare_exchange_u64(&s->last, &last, fresh))
		;
	pg_atomic_write_u32(&s->seeded, in_recovery ? SCRU64_SEEDED_IN_RECOVERY :
						SCRU64_SEEDED_IN_PRODUCTION);
}

shmem_area	scru64_shmem_area = {
	SCRU64_SHMEM_NAME, sizeof(scru64_shared), shared_init, "scru64()", NULL
};


/* an ID's tick as a time, for messages */
static const char *
tick_str(uint64 id)
{
	return timestamptz_to_str((TimestampTz) (scru64_get_timestamp(id) << 8) * 1000 -
							  SCRU128_PG_EPOCH_OFFSET_US);
}

PG_FUNCTION_INFO_V1(scru64_generate);
Datum
scru64_generate(PG_FUNCTION_ARGS)
{
	scru64_node_spec spec;
	scru64_shared *s;
	uint64		deadline = 0;

	if (unlikely(node_spec == NULL))
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("scru128.scru64_node_spec is not set"),
				 errdetail("scru64() needs the node ID of this server."),
				 errhint("Set it for the server, e.g. ALTER SYSTEM SET scru128.scru64_node_spec = '42/8'; SELECT pg_reload_conf();")));
	/* one spec for the whole call */
	spec = *node_spec;

	s = shmem_area_get(&scru64_shmem_area);
	{
		uint32		seeded = pg_atomic_read_u32(&s->seeded);

		if (unlikely(seeded != SCRU64_SEEDED_IN_PRODUCTION))
		{
			bool		in_recovery = RecoveryInProgress();

			if (seeded == 0 || !in_recovery)
				apply_start_rule(s, in_recovery);
		}
	}

	for (;;)
	{
		uint64		last = pg_atomic_read_u64(&s->last);
		uint64		ms = clock_ms();
		uint64		next = 0;
		uint64		wait_ms = 0;
		scru64_gen_status status;

		if (deadline == 0)
			deadline = ms + SCRU64_MAX_WAIT_MS;

		if (unlikely(last == 0))
		{
			/*
			 * Publish the new state before using it: it is relative to the
			 * clock, and a state made afresh after each wait would never
			 * let the clock catch up.
			 */
			uint64		fresh = scru64_fresh_state(ms >> 8,
												   SCRU64_ROLLBACK_ALLOWANCE_TICKS);

			if (!pg_atomic_compare_exchange_u64(&s->last, &last, fresh))
				continue;
			last = fresh;
		}

		status = scru64_step(last, &spec, ms, deadline,
							 random_pool_uint32(NULL), &next, &wait_ms);
		if (likely(status == SCRU64_GEN_OK))
		{
			if (pg_atomic_compare_exchange_u64(&s->last, &last, next))
				PG_RETURN_SCRU64((int64) next);
			/* another backend got there first: run the rules again */
			continue;
		}

		switch (status)
		{
			case SCRU64_GEN_WAIT:
				(void) WaitLatch(MyLatch,
								 WL_LATCH_SET | WL_TIMEOUT | WL_EXIT_ON_PM_DEATH,
								 (long) Min(wait_ms, SCRU64_MAX_SLEEP_MS),
								 PG_WAIT_EXTENSION);
				ResetLatch(MyLatch);
				CHECK_FOR_INTERRUPTS();
				continue;
			case SCRU64_GEN_PREV_AHEAD:
				ereport(ERROR,
						(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
						 errmsg("the previous ID of scru128.scru64_node_spec is ahead of the clock"),
						 errdetail("Its tick starts at %s; scru64() runs at most %d ms (%d ticks) ahead of the clock.",
								   tick_str(next), SCRU64_MAX_WAIT_MS,
								   SCRU64_MAX_AHEAD_TICKS),
						 errhint("Set scru128.scru64_node_spec to <node_id>/<node_id_size>, or to a previous ID that is not ahead of the clock.")));
				break;
			case SCRU64_GEN_TOO_FAR_AHEAD:
				ereport(ERROR,
						(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
						 errmsg("scru64 generator is ahead of the clock by more than it may wait"),
						 errdetail("The last ID issued on this server is in the tick starting at %s; scru64() waits at most %d ms for the clock.",
								   tick_str(next), SCRU64_MAX_WAIT_MS),
						 errhint("The system clock went back: scru64() works again once the clock is within 10 s of that time.")));
				break;
			case SCRU64_GEN_BAD_CLOCK:
				ereport(ERROR,
						(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
						 errmsg("system clock is outside the range scru64 can represent: \"%s\"",
								timestamptz_to_str(GetCurrentTimestamp()))));
				break;
			default:
				ereport(ERROR,
						(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
						 errmsg("scru64 counter exhausted in the last representable tick")));
				break;
		}
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
		case SCRU64_SPEC_RESERVED_PREV:
			return "The previous ID is in the last tick, which is reserved: no ID can follow it.";
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
	if (status == SCRU64_SPEC_OK)
		status = scru64_check_node_prev(&spec);
	if (status != SCRU64_SPEC_OK)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid scru64 node spec: \"%s\"", text_to_cstring(arg)),
				 errdetail("%s", node_spec_problem(status)),
				 errhint(NODE_SPEC_EXAMPLES)));
	scru64_node_spec_canonical(&spec, buf);
	PG_RETURN_TEXT_P(cstring_to_text(buf));
}

bool
scru64_check_node_spec(char **newval, void **extra, GucSource source)
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
	if (status == SCRU64_SPEC_OK)
		status = scru64_check_node_prev(&spec);
	if (status != SCRU64_SPEC_OK)
	{
		GUC_check_errdetail("%s", node_spec_problem(status));
		GUC_check_errhint(NODE_SPEC_EXAMPLES);
		return false;
	}

	copy = guc_malloc(LOG, sizeof(spec));
	if (copy == NULL)
		return false;
	*copy = spec;
	*extra = copy;
	return true;
}

void
scru64_assign_node_spec(const char *newval, void *extra)
{
	node_spec = extra;
}
