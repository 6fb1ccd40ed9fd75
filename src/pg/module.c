/*-------------------------------------------------------------------------
 *
 * module.c
 *	  The library's entry point: its magic block, _PG_init and the
 *	  settings it defines.
 *
 * Loading the library (the first call of any of its functions, or
 * shared_preload_libraries) defines the settings, reserves the prefix
 * "scru128." for them, and on 15 and 16 asks for the shared memory of the
 * server-wide generators when preloading (shmem_area.c).  What each
 * setting does is in the file that reads it: scru64_gen.c and
 * generator_scope.c.
 *
 *-------------------------------------------------------------------------
 */
#include "scru128_compat.h"

#include "access/htup_details.h"
#include "catalog/pg_language.h"
#include "catalog/pg_proc.h"
#include "utils/builtins.h"
#include "utils/guc.h"
#include "utils/syscache.h"

#include "generator_scope.h"
#include "scru128_pg.h"
#include "scru64_pg.h"
#include "shmem_area.h"

/* the version is default_version of scru128.control (the Makefile) */
#ifdef PG_MODULE_MAGIC_EXT
PG_MODULE_MAGIC_EXT(.name = "scru128", .version = SCRU128_VERSION);
#else
PG_MODULE_MAGIC;
#endif

static const struct config_enum_entry generator_scope_options[] = {
	{"session", GENERATOR_SCOPE_SESSION, false},
	{"server", GENERATOR_SCOPE_SERVER, false},
	{NULL, 0, false}
};

void		_PG_init(void);

void
_PG_init(void)
{
	DefineCustomStringVariable("scru128.scru64_node_spec",
							   "Node of this server's scru64() generator.",
							   "<node_id>/<node_id_size> (e.g. 42/8, 0xb00/12) or <previous scru64 ID>/<node_id_size>; empty: scru64() refuses to run.",
							   &scru64_node_spec_string,
							   "",
							   PGC_SIGHUP,
							   0,
							   scru64_check_node_spec,
							   scru64_assign_node_spec,
							   NULL);
	DefineCustomEnumVariable("scru128.generator_scope",
							 "Scope of the generator of scru128(), scru160(), ulid() and uuidv7().",
							 "session: one generator per session, IDs increase within a session; server: one per server, IDs increase across all sessions.",
							 &generator_scope,
							 GENERATOR_SCOPE_SESSION,
							 generator_scope_options,
							 PGC_USERSET,
							 0,
							 NULL, NULL, NULL);
	MarkGUCPrefixReserved("scru128");

	shmem_area_install_hooks();
}

/*
 * Is function fn this library's C function addr?  The planner support
 * finds functions by name in a schema, where another role may have put
 * one; only a C function of this library is resolved by address, since
 * fmgr_info() of another C function would load its library.
 */
bool
scru128_is_own_function(Oid fn, PGFunction addr)
{
	HeapTuple	tuple;
	Form_pg_proc form;
	bool		ours;
	FmgrInfo	flinfo;

	if (!OidIsValid(fn))
		return false;
	tuple = SearchSysCache1(PROCOID, ObjectIdGetDatum(fn));
	if (!HeapTupleIsValid(tuple))
		return false;
	form = (Form_pg_proc) GETSTRUCT(tuple);
	ours = form->prolang == ClanguageId;
	if (ours)
	{
		bool		isnull;
		Datum		probin = SysCacheGetAttr(PROCOID, tuple, Anum_pg_proc_probin, &isnull);

		ours = !isnull && strcmp(TextDatumGetCString(probin), "$libdir/scru128") == 0;
	}
	ReleaseSysCache(tuple);
	if (!ours)
		return false;
	fmgr_info(fn, &flinfo);
	return flinfo.fn_addr == addr;
}
