/*-------------------------------------------------------------------------
 *
 * generator_scope.c
 *	  scru128.generator_scope: whether the no-argument scru128(), scru160()
 *	  and the extension's uuidv7() draw from the session's generator (the
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
 * the server's state: switching scope never makes a session's IDs go back.
 *
 *-------------------------------------------------------------------------
 */
#include "generator_scope.h"

#include "storage/spin.h"
#include "utils/timestamp.h"

#include "random_pool.h"
#include "scru128_pg.h"
#include "server_gen.h"
#include "shmem_area.h"

int			generator_scope = GENERATOR_SCOPE_SESSION;

/* one generator per cache line, so that they do not slow each other */
typedef union server_gen_slot
{
	struct
	{
		slock_t		lock;
		scru128_server_state scru128;
	}			s128;
	struct
	{
		slock_t		lock;
		scru160_server_state scru160;
	}			s160;
	struct
	{
		slock_t		lock;
		int64		uuidv7_ns;
	}			v7;
	char		pad[PG_CACHE_LINE_SIZE];
} server_gen_slot;

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

static inline uint64
clock_ms(void)
{
	int64		us = GetCurrentTimestamp() + SCRU128_PG_EPOCH_OFFSET_US;

	return us < 0 ? 0 : (uint64) us / 1000;
}

static void
report_failure(server_gen_status status, const char *type, uint64 ahead_ms)
{
	if (status == SERVER_GEN_TOO_FAR_AHEAD)
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("%s generator of this server is ahead of the clock by more than %d ms",
						type, SERVER_GEN_MAX_LEAD_MS),
				 errdetail("The next ID would be at %s; with scru128.generator_scope = server, IDs run at most %d ms ahead of the clock.",
						   timestamptz_to_str((TimestampTz) ahead_ms * 1000 -
											  SCRU128_PG_EPOCH_OFFSET_US),
						   SERVER_GEN_MAX_LEAD_MS),
				 errhint("The system clock went back: IDs continue once it is within %d ms of that time.",
						 SERVER_GEN_MAX_LEAD_MS)));
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

	random_pool_bytes(random, sizeof(random));
	floor.timestamp = session->timestamp;
	floor.counter_hi = session->counter_hi;
	floor.counter_lo = session->counter_lo;
	floor.ts_counter_hi = session->ts_counter_hi;

	SpinLockAcquire(&g->scru128.s128.lock);
	now_ms = clock_ms();
	status = scru128_server_step(&g->scru128.s128.scru128, &floor, now_ms,
								 random[0], random[1], &issued);
	SpinLockRelease(&g->scru128.s128.lock);

	if (unlikely(status != SERVER_GEN_OK))
		report_failure(status, "scru128", issued.timestamp);

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

	/* the renewed counter, then random16 and random80 */
	random_pool_bytes(random, sizeof(random));
	floor.timestamp = session->timestamp;
	floor.counter = session->counter;

	SpinLockAcquire(&g->scru160.s160.lock);
	now_ms = clock_ms();
	status = scru160_server_step(&g->scru160.s160.scru160, &floor, now_ms,
								 ((uint32) random[0] << 8) | random[1],
								 &issued);
	SpinLockRelease(&g->scru160.s160.lock);

	if (unlikely(status != SERVER_GEN_OK))
		report_failure(status, "scru160", issued.timestamp);

	session->timestamp = issued.timestamp;
	session->counter = issued.counter;
	scru160_from_fields(id, issued.timestamp, issued.counter,
						((uint32) random[2] << 8) | random[3], random + 4);
}

void
server_uuidv7_generate(uuidv7_clock *session, int64 (*clock_ns) (void),
					   uint8 id[UUID_CORE_LEN])
{
	server_gen_shared *g = shmem_area_get(&server_gen_shmem_area);
	uint64		rand_b = random_pool_uint64();
	int64		ns = 0;
	server_gen_status status;

	SpinLockAcquire(&g->uuidv7.v7.lock);
	status = uuidv7_server_step(&g->uuidv7.v7.uuidv7_ns, session->previous_ns,
								clock_ns(), &ns);
	SpinLockRelease(&g->uuidv7.v7.lock);

	if (unlikely(status != SERVER_GEN_OK))
		report_failure(status, "uuidv7", (uint64) (ns / UUID_NS_PER_MS));

	session->previous_ns = ns;
	uuidv7_pack(id, (uint64) (ns / UUID_NS_PER_MS),
				uuidv7_subms_fraction((uint32) (ns % UUID_NS_PER_MS)), rand_b);
}
