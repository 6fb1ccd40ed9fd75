/*-------------------------------------------------------------------------
 *
 * generator_scope.h
 *	  The setting scru128.generator_scope and the server-wide generators
 *	  of scru128(), scru160(), ulid() and uuidv7().
 *
 *-------------------------------------------------------------------------
 */
#ifndef GENERATOR_SCOPE_H
#define GENERATOR_SCOPE_H

#include "scru128_compat.h"

#include "scru128_core.h"
#include "scru128_id.h"
#include "scru160_core.h"
#include "ulid_core.h"
#include "uuid_core.h"

typedef enum generator_scope_value
{
	GENERATOR_SCOPE_SESSION,
	GENERATOR_SCOPE_SERVER
} generator_scope_value;

/* the setting scru128.generator_scope (module.c defines it) */
extern int	generator_scope;

/*
 * The origin of the start rule, in Unix ms: a time at or after which no
 * generator whose state was lost (before a start, a crash, or on the
 * primary a promoted standby replaced) issued anything.
 */
extern uint64 server_start_origin_ms(void);

/*
 * The next ID of the server's generator.  The session's own generator is
 * the floor of the call and is then set to the ID issued, so the session's
 * IDs keep increasing whichever scope the next call uses.
 */
extern void server_scru128_generate(scru128_generator *session,
									uint8 id[SCRU128_LEN]);
extern void server_scru160_generate(scru160_generator *session,
									uint8 id[SCRU160_LEN]);
extern void server_ulid_generate(ulid_state *session, uint8 id[ULID_LEN]);
extern void server_uuidv7_generate(uuidv7_clock *session,
								   int64 (*clock_ns) (void),
								   uint8 id[UUID_CORE_LEN]);

#endif							/* GENERATOR_SCOPE_H */
