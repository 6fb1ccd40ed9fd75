/*-------------------------------------------------------------------------
 *
 * generator_scope.c
 *	  scru128.generator_scope: whether the no-argument scru128(), scru160(),
 *	  ulid() and the extension's uuidv7() draw from the session's generator (the
 *	  default, the specs' model) or from one generator per server.
 *
 * The server's generators live in one shared memory area (shmem_area.c:
 * the DSM registry on 17 and later, memory reserved at preload on 15 and
 * 16, as scru64()'s).  A SCRU128 state does not fit in 64 bits, so each
 * generator is guarded by a spinlock, held only while the clock is read
 * and the pure rules of server_gen.c run: the random values are drawn
 * before it is taken, and errors are raised after it is released.  The
 * clock is read under the lock so that the readings come in the order of
 * the steps: a reading taken before another backend's step but used after
 * it could be a millisecond behind the state that step left, which right
 * after a start is the full bound ahead of the clock, and the call would
 * fail as if the clock had gone back.  (A clock read is a vDSO call: no
 * error, no allocation.)  Nothing waits: a
 * counter overflow borrows the next millisecond, and a state more than the
 * bound ahead of the clock fails the call with 55000.
 *
 * Every call of either scope leaves its ID in the session's generator,
 * and a server call starts from the session's last ID when that is above
 * the server's state: switching scope never makes a session's IDs go back
 * (unless a reset came between: scru128_reset_generators()).
 *
 * The start rule (server_gen.h) is applied at the first call after a
 * start or crash recovery, and again at the first call after recovery
 * ends on a standby that used the generators while in recovery, with the
 * origin read from pg_control before the lock is taken.
 *
 *-------------------------------------------------------------------------
 */
#include "generator_scope.h"

#include "access/xlog.h"
#include "common/controldata_utils.h"
#include "fmgr.h"
#include "miscadmin.h"
#include "storage/lwlock.h"
#include "storage/spin.h"
#include "utils/timestamp.h"

#include "random_pool.h"
#include "scru128_pg.h"
#include "server_gen.h"
#include "shmem_area.h"

int			generator_scope = GENERATOR_SCOPE_SESSION;

/*
 * One generator per cache line, so that they do not slow each other.
 * seeded says whether the start rule was applied, and in which state of
 * the server: a standby's generators are seeded again when recovery ends
 * (they must not go below what the primary it replaces can have issued).
 * generation counts the resets (scru128_reset_generators()): a session
 * whose last server ID is from an earlier generation does not take it as
 * its floor.  The size of the area is the same as 1.3's (the padding).
 */
#define SEEDED_NONE			0
#define SEEDED_IN_RECOVERY	1
#define SEEDED_IN_PRODUCTION 2

typedef union server_gen_slot
{
	struct
	{
		slock_t		lock;
		scru128_server_state scru128;
		uint32		seeded;
		uint32		generation;
	}			s128;
	struct
	{
		slock_t		lock;
		scru160_server_state scru160;
		uint32		seeded;
		uint32		generation;
	}			s160;
	struct
	{
		slock_t		lock;
		uuidv7_server_state uuidv7;
		uint32		seeded;
		uint32		generation;
	}			v7;
	char		pad[PG_CACHE_LINE_SIZE];
} server_gen_slot;

StaticAssertDecl(sizeof(server_gen_slot) == PG_CACHE_LINE_SIZE,
				 "a server generator's slot fills one cache line");

/* the generation of this session's last server ID of each; none yet */
#define NO_GENERATION UINT64CONST(0xFFFFFFFFFFFFFFFF)
static uint64 seen_generation[3] = {NO_GENERATION, NO_GENERATION, NO_GENERATION};

typedef struct server_gen_shared
{
	server_gen_slot scru128;
	server_gen_slot scru160;
	server_gen_slot uuidv7;
} server_gen_shared;

static void
shared_init(void *ptr)
{
	server_gen_shared *g = ptr;

	memset(g, 0, sizeof(*g));
	SpinLockInit(&g->scru128.s128.lock);
	SpinLockInit(&g->scru160.s160.lock);
	SpinLockInit(&g->uuidv7.v7.lock);
}

shmem_area	server_gen_shmem_area = {
	"scru128.server_generators", sizeof(server_gen_shared), shared_init,
	"scru128.generator_scope = server", NULL
};

/*
 * ulid() (release 1.4) has an area of its own, so that the one above keeps
 * 1.3's size: a server that loads this library while 1.3's area exists
 * (on 17 and later, a named DSM segment lives until the server stops)
 * finds it the size it expects.
 */
typedef union ulid_gen_slot
{
	struct
	{
		slock_t		lock;
		ulid_server_state ulid;
		uint32		seeded;
		uint32		generation;
	}			s;
	char		pad[PG_CACHE_LINE_SIZE];
} ulid_gen_slot;

StaticAssertDecl(sizeof(ulid_gen_slot) == PG_CACHE_LINE_SIZE,
				 "the ulid generator's slot fills one cache line");

static uint64 seen_ulid_generation = NO_GENERATION;

static void
ulid_shared_init(void *ptr)
{
	ulid_gen_slot *g = ptr;

	memset(g, 0, sizeof(*g));
	SpinLockInit(&g->s.lock);
}

shmem_area	ulid_gen_shmem_area = {
	"scru128.ulid_generator", sizeof(ulid_gen_slot), ulid_shared_init,
	"scru128.generator_scope = server", NULL
};

static inline uint64
clock_ms(void)
{
	int64		us = GetCurrentTimestamp() + SCRU128_PG_EPOCH_OFFSET_US;

	return us < 0 ? 0 : (uint64) us / 1000;
}

/*
 * The origin of the start rule (server_gen.h): a time at or after which
 * no earlier generator of this server, nor of a primary this server
 * replaced, issued anything.  pg_control is written when recovery ends
 * (after a start, a crash or a promotion), with its time in seconds,
 * rounded down: that time plus one second.  Later checkpoints write it
 * again, which only makes the origin later (a lead of up to the bound
 * after a checkpoint, never an ID below an earlier one).  Unreadable:
 * the clock (1.3's rule, the full bound ahead).
 */
uint64
server_start_origin_ms(void)
{
	ControlFileData *control;
	bool		crc_ok = false;
	uint64		origin;

	LWLockAcquire(ControlFileLock, LW_SHARED);
	control = get_controlfile(DataDir, &crc_ok);
	LWLockRelease(ControlFileLock);
	if (!crc_ok || control->time <= 0)
		origin = clock_ms();
	else
		origin = ((uint64) control->time + 1) * 1000;
	pfree(control);
	return origin;
}

/* whether a slot needs the start rule now (read under its lock) */
static inline bool
needs_seed(uint32 seeded, bool in_recovery)
{
	return seeded == SEEDED_NONE ||
		(seeded == SEEDED_IN_RECOVERY && !in_recovery);
}

static const char *
ms_str(uint64 ms)
{
	return timestamptz_to_str((TimestampTz) ms * 1000 - SCRU128_PG_EPOCH_OFFSET_US);
}

static void
report_failure(server_gen_status status, const char *type, uint64 ahead_ms)
{
	if (status == SERVER_GEN_CLOCK_BACK)
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("%s generator of this server is more than %d ms ahead of the clock because the system clock went back",
						type, SERVER_GEN_MAX_LEAD_MS),
				 errdetail("The next ID would be at %s; the clock reads %s, earlier than at an earlier call. With scru128.generator_scope = server, IDs run at most %d ms ahead of the clock and never go back.",
						   ms_str(ahead_ms), ms_str(clock_ms()), SERVER_GEN_MAX_LEAD_MS),
				 errhint("IDs continue once the clock is within %d ms of that time. A superuser can run SELECT scru128_reset_generators(); to continue at once, giving up the order with the IDs issued ahead.",
						 SERVER_GEN_MAX_LEAD_MS)));
	if (status == SERVER_GEN_FLOOR_AHEAD)
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("this session's last %s ID is more than %d ms ahead of the clock",
						type, SERVER_GEN_MAX_LEAD_MS),
				 errdetail("The next ID would follow it, at %s; with scru128.generator_scope = server a session never goes below its own last ID, from either scope, and IDs run at most %d ms ahead of the clock. The server's generator itself is within the bound.",
						   ms_str(ahead_ms), SERVER_GEN_MAX_LEAD_MS),
				 errhint("A new session starts without it; or wait until the clock is within %d ms of that time.",
						 SERVER_GEN_MAX_LEAD_MS)));
	if (status == SERVER_GEN_TOO_FAR_AHEAD)
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("%s generator of this server is more than %d ms ahead of the clock because IDs were issued faster than the clock moves",
						type, SERVER_GEN_MAX_LEAD_MS),
				 errdetail("The next ID would be at %s; the clock did not go back. With scru128.generator_scope = server, IDs run at most %d ms ahead of the clock; the generator starts up to that far ahead after a server start, and each uuidv7() value moves its time on by at least 245 ns.",
						   ms_str(ahead_ms), SERVER_GEN_MAX_LEAD_MS),
				 errhint("Retry once the clock has moved on, or spread the burst over time.")));
	if (status == SERVER_GEN_EXHAUSTED)
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("%s counters exhausted in the last representable millisecond",
						type)));
	ereport(ERROR,
			(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
			 errmsg("system clock is outside the range the server's %s generator can represent: \"%s\"",
					type, timestamptz_to_str(GetCurrentTimestamp()))));
}

void
server_scru128_generate(scru128_generator *session, uint8 id[SCRU128_LEN])
{
	server_gen_shared *g = shmem_area_get(&server_gen_shmem_area);
	uint32		random[3];		/* counter_lo, counter_hi, entropy */
	uint64		now_ms;
	scru128_server_state floor;
	scru128_server_state issued = {0};
	server_gen_status status;

	bool		in_recovery = RecoveryInProgress();
	uint64		origin = 0;
	uint32		generation;

	random_pool_bytes(random, sizeof(random));
	floor.timestamp = session->timestamp;
	floor.counter_hi = session->counter_hi;
	floor.counter_lo = session->counter_lo;
	floor.ts_counter_hi = session->ts_counter_hi;
	floor.clock_ms = 0;
	/* a hint read without the lock: pg_control is read only to seed */
	if (unlikely(needs_seed(g->scru128.s128.seeded, in_recovery)))
		origin = server_start_origin_ms();

	SpinLockAcquire(&g->scru128.s128.lock);
	now_ms = clock_ms();
	if (unlikely(needs_seed(g->scru128.s128.seeded, in_recovery)))
	{
		scru128_server_seed(&g->scru128.s128.scru128, now_ms,
							origin ? origin : now_ms);
		g->scru128.s128.seeded = in_recovery ? SEEDED_IN_RECOVERY : SEEDED_IN_PRODUCTION;
	}
	generation = g->scru128.s128.generation;
	status = scru128_server_step(&g->scru128.s128.scru128,
								 seen_generation[0] == NO_GENERATION ||
								 seen_generation[0] == generation ? &floor : NULL,
								 now_ms, random[0], random[1], &issued);
	SpinLockRelease(&g->scru128.s128.lock);

	if (unlikely(status != SERVER_GEN_OK))
		report_failure(status, "scru128", issued.timestamp);
	seen_generation[0] = generation;

	session->timestamp = issued.timestamp;
	session->counter_hi = issued.counter_hi;
	session->counter_lo = issued.counter_lo;
	session->ts_counter_hi = issued.ts_counter_hi;
	scru128_from_fields(id, issued.timestamp, issued.counter_hi,
						issued.counter_lo, random[2]);
}

void
server_scru160_generate(scru160_generator *session, uint8 id[SCRU160_LEN])
{
	server_gen_shared *g = shmem_area_get(&server_gen_shmem_area);
	uint8		random[SCRU160_LEN - 6];
	uint64		now_ms;
	scru160_server_state floor;
	scru160_server_state issued = {0};
	server_gen_status status;

	bool		in_recovery = RecoveryInProgress();
	uint64		origin = 0;
	uint32		generation;

	/* the renewed counter, then random16 and random80 */
	random_pool_bytes(random, sizeof(random));
	floor.timestamp = session->timestamp;
	floor.counter = session->counter;
	floor.clock_ms = 0;
	if (unlikely(needs_seed(g->scru160.s160.seeded, in_recovery)))
		origin = server_start_origin_ms();

	SpinLockAcquire(&g->scru160.s160.lock);
	now_ms = clock_ms();
	if (unlikely(needs_seed(g->scru160.s160.seeded, in_recovery)))
	{
		scru160_server_seed(&g->scru160.s160.scru160, now_ms,
							origin ? origin : now_ms);
		g->scru160.s160.seeded = in_recovery ? SEEDED_IN_RECOVERY : SEEDED_IN_PRODUCTION;
	}
	generation = g->scru160.s160.generation;
	status = scru160_server_step(&g->scru160.s160.scru160,
								 seen_generation[1] == NO_GENERATION ||
								 seen_generation[1] == generation ? &floor : NULL,
								 now_ms, ((uint32) random[0] << 8) | random[1],
								 &issued);
	SpinLockRelease(&g->scru160.s160.lock);

	if (unlikely(status != SERVER_GEN_OK))
		report_failure(status, "scru160", issued.timestamp);
	seen_generation[1] = generation;

	session->timestamp = issued.timestamp;
	session->counter = issued.counter;
	scru160_from_fields(id, issued.timestamp, issued.counter,
						((uint32) random[2] << 8) | random[3], random + 4);
}

void
server_ulid_generate(ulid_state *session, uint8 id[ULID_LEN])
{
	ulid_gen_slot *g = shmem_area_get(&ulid_gen_shmem_area);
	uint8		fresh[ULID_RANDOM_LEN];
	uint64		now_ms;
	ulid_state	issued = {0};
	server_gen_status status;
	bool		in_recovery = RecoveryInProgress();
	uint64		origin = 0;
	uint32		generation;

	random_pool_bytes(fresh, sizeof(fresh));
	/* a hint read without the lock: pg_control is read only to seed */
	if (unlikely(needs_seed(g->s.seeded, in_recovery)))
		origin = server_start_origin_ms();

	SpinLockAcquire(&g->s.lock);
	now_ms = clock_ms();
	if (unlikely(needs_seed(g->s.seeded, in_recovery)))
	{
		ulid_server_seed(&g->s.ulid, now_ms, origin ? origin : now_ms);
		g->s.seeded = in_recovery ? SEEDED_IN_RECOVERY : SEEDED_IN_PRODUCTION;
	}
	generation = g->s.generation;
	status = ulid_server_step(&g->s.ulid,
							  seen_ulid_generation == NO_GENERATION ||
							  seen_ulid_generation == generation ? session : NULL,
							  now_ms, fresh, &issued);
	SpinLockRelease(&g->s.lock);

	if (unlikely(status != SERVER_GEN_OK))
		report_failure(status, "ulid", issued.timestamp);
	seen_ulid_generation = generation;

	*session = issued;
	ulid_from_state(id, &issued);
}

void
server_uuidv7_generate(uuidv7_clock *session, int64 (*clock_ns) (void),
					   uint8 id[UUID_CORE_LEN])
{
	server_gen_shared *g = shmem_area_get(&server_gen_shmem_area);
	uint64		rand_b = random_pool_uint64();
	int64		ns = 0;
	int64		now_ns;
	server_gen_status status;
	bool		in_recovery = RecoveryInProgress();
	uint64		origin = 0;
	uint32		generation;

	if (unlikely(needs_seed(g->uuidv7.v7.seeded, in_recovery)))
		origin = server_start_origin_ms();

	SpinLockAcquire(&g->uuidv7.v7.lock);
	now_ns = clock_ns();
	if (unlikely(needs_seed(g->uuidv7.v7.seeded, in_recovery)))
	{
		uuidv7_server_seed(&g->uuidv7.v7.uuidv7, now_ns,
						   origin ? (int64) origin * UUID_NS_PER_MS : now_ns);
		g->uuidv7.v7.seeded = in_recovery ? SEEDED_IN_RECOVERY : SEEDED_IN_PRODUCTION;
	}
	generation = g->uuidv7.v7.generation;
	status = uuidv7_server_step(&g->uuidv7.v7.uuidv7,
								seen_generation[2] == NO_GENERATION ||
								seen_generation[2] == generation ? session->previous_ns : 0,
								now_ns, &ns);
	SpinLockRelease(&g->uuidv7.v7.lock);

	if (unlikely(status != SERVER_GEN_OK))
		report_failure(status, "uuidv7", (uint64) (ns / UUID_NS_PER_MS));
	seen_generation[2] = generation;

	session->previous_ns = ns;
	uuidv7_pack(id, (uint64) (ns / UUID_NS_PER_MS),
				uuidv7_subms_fraction((uint32) (ns % UUID_NS_PER_MS)), rand_b);
}

/*
 * scru128_reset_generators(): the way out after a forward clock error was
 * corrected, without a restart.  Each server generator is set as after a
 * server start at the current clock reading (its first ID the bound ahead
 * of the clock), and the sessions' last server IDs stop being floors.  IDs
 * issued before while the clock was ahead then sort after later ones
 * until the clock passes them: the order with them is given up, as a
 * restart would; uniqueness rests on the IDs' random bits, as between
 * servers.  scru64() is not reset: its IDs have no random bits beyond the
 * counter, so a reset could issue one of them again.  EXECUTE is revoked
 * from PUBLIC.
 */
PG_FUNCTION_INFO_V1(scru128_reset_generators);
Datum
scru128_reset_generators(PG_FUNCTION_ARGS)
{
	server_gen_shared *g = shmem_area_get(&server_gen_shmem_area);
	uint32		seeded = RecoveryInProgress() ? SEEDED_IN_RECOVERY : SEEDED_IN_PRODUCTION;
	uint64		now_ms;

	SpinLockAcquire(&g->scru128.s128.lock);
	now_ms = clock_ms();
	memset(&g->scru128.s128.scru128, 0, sizeof(g->scru128.s128.scru128));
	scru128_server_seed(&g->scru128.s128.scru128, now_ms, now_ms);
	g->scru128.s128.seeded = seeded;
	g->scru128.s128.generation++;
	SpinLockRelease(&g->scru128.s128.lock);

	SpinLockAcquire(&g->scru160.s160.lock);
	now_ms = clock_ms();
	memset(&g->scru160.s160.scru160, 0, sizeof(g->scru160.s160.scru160));
	scru160_server_seed(&g->scru160.s160.scru160, now_ms, now_ms);
	g->scru160.s160.seeded = seeded;
	g->scru160.s160.generation++;
	SpinLockRelease(&g->scru160.s160.lock);

	SpinLockAcquire(&g->uuidv7.v7.lock);
	now_ms = clock_ms();
	memset(&g->uuidv7.v7.uuidv7, 0, sizeof(g->uuidv7.v7.uuidv7));
	uuidv7_server_seed(&g->uuidv7.v7.uuidv7, (int64) now_ms * UUID_NS_PER_MS,
					   (int64) now_ms * UUID_NS_PER_MS);
	g->uuidv7.v7.seeded = seeded;
	g->uuidv7.v7.generation++;
	SpinLockRelease(&g->uuidv7.v7.lock);

	{
		ulid_gen_slot *u = shmem_area_get(&ulid_gen_shmem_area);

		SpinLockAcquire(&u->s.lock);
		now_ms = clock_ms();
		memset(&u->s.ulid, 0, sizeof(u->s.ulid));
		ulid_server_seed(&u->s.ulid, now_ms, now_ms);
		u->s.seeded = seeded;
		u->s.generation++;
		SpinLockRelease(&u->s.lock);
	}

	PG_RETURN_VOID();
}
