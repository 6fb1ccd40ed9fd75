/*-------------------------------------------------------------------------
 *
 * timescaledb.c
 *	  What TimescaleDB's catalog says of a column, for the time rewrite of
 *	  time_ops.c: whether it is a hypertable's UUIDv7 dimension, or a time
 *	  dimension whose partition function is the ID type's own X_timestamp.
 *
 * The planner calls this for every comparison of an ID with a time that
 * it simplifies, as whichever role plans the query, so nothing here may
 * run code another role could have written, take a lock that waits, or
 * raise an error; and since a wrong answer can only cost the rewrite its
 * speed (time_ops.c makes every rewrite exact whatever this says), the
 * answer may be "no" whenever in doubt.
 *
 * - Trust.  A schema named _timescaledb_catalog may be anyone's who can
 *   create a schema, and its tables or views anything.  Its tables dimension
 *   and hypertable are read only if they are ordinary tables owned by a
 *   superuser that pg_depend makes members of the extension timescaledb,
 *   with the columns read here of the types read here.  They are read with
 *   heap scans (no SQL, no search_path, no SPI: no user code, no planner
 *   recursion), after a lock taken only if it is free.  A role without
 *   USAGE on the schema or SELECT on either table gets "no", so that a
 *   REVOKE turns the lookup off.
 * - Cost.  The answer is cached per column for the life of the backend.
 *   TimescaleDB signals every change of its hypertable catalog with a
 *   relcache invalidation of its proxy table
 *   _timescaledb_cache.cache_inval_hypertable, and DROP EXTENSION with one
 *   of cache_inval_extension; those, an invalidation of the catalog
 *   tables or of everything, empty the cache, and one of a table drops
 *   that table's columns.  Where no schema _timescaledb_catalog exists the
 *   cost is one syscache lookup.
 *
 *-------------------------------------------------------------------------
 */
#include "scru128_pg.h"

#include "access/genam.h"
#include "access/htup_details.h"
#include "access/relation.h"
#include "catalog/dependency.h"
#include "catalog/namespace.h"
#include "catalog/pg_class.h"
#include "catalog/pg_namespace.h"
#include "catalog/pg_proc.h"
#include "catalog/pg_type.h"
#include "commands/extension.h"
#include "miscadmin.h"
#include "storage/lmgr.h"
#include "utils/acl.h"
#include "utils/builtins.h"
#include "utils/fmgroids.h"
#include "utils/hsearch.h"
#include "utils/inval.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"
#include "utils/rel.h"
#include "utils/syscache.h"

#include "timescaledb.h"

#define TS_EXTENSION	"timescaledb"
#define TS_CATALOG		"_timescaledb_catalog"
#define TS_CACHE		"_timescaledb_cache"

/* the columns read, and their types as TimescaleDB defines them */
typedef struct ts_column
{
	const char *name;
	Oid			type;
} ts_column;

enum
{
	HT_ID, HT_SCHEMA_NAME, HT_TABLE_NAME, HT_NCOLUMNS
};

enum
{
	DIM_HYPERTABLE_ID, DIM_COLUMN_NAME, DIM_INTERVAL_LENGTH,
	DIM_PARTITIONING_FUNC_SCHEMA, DIM_PARTITIONING_FUNC, DIM_NCOLUMNS
};

static const ts_column hypertable_columns[HT_NCOLUMNS] = {
	[HT_ID] = {"id", INT4OID},
	[HT_SCHEMA_NAME] = {"schema_name", NAMEOID},
	[HT_TABLE_NAME] = {"table_name", NAMEOID},
};

static const ts_column dimension_columns[DIM_NCOLUMNS] = {
	[DIM_HYPERTABLE_ID] = {"hypertable_id", INT4OID},
	[DIM_COLUMN_NAME] = {"column_name", NAMEOID},
	[DIM_INTERVAL_LENGTH] = {"interval_length", INT8OID},
	[DIM_PARTITIONING_FUNC_SCHEMA] = {"partitioning_func_schema", NAMEOID},
	[DIM_PARTITIONING_FUNC] = {"partitioning_func", NAMEOID},
};

/*
 * What was found of TimescaleDB's catalog in this database: valid until an
 * invalidation empties it.
 */
typedef struct ts_catalog
{
	bool		valid;
	bool		trusted;
	Oid			nsp;
	Oid			hypertable;
	Oid			dimension;
	Oid			proxy_hypertable;
	Oid			proxy_extension;
	AttrNumber	ht_attnum[HT_NCOLUMNS];
	AttrNumber	dim_attnum[DIM_NCOLUMNS];
} ts_catalog;

static ts_catalog catalog;

typedef struct ts_column_key
{
	Oid			relid;
	Oid			atttype;
	AttrNumber	attnum;
} ts_column_key;

typedef struct ts_column_entry
{
	ts_column_key key;
	ts_dimension dimension;
	Oid			partfunc;
} ts_column_entry;

static HTAB *column_cache = NULL;
static bool callback_registered = false;

/* counts the invalidations seen: what was read across one is not kept */
static uint64 inval_count = 0;

static void
ts_cache_reset(void)
{
	catalog.valid = false;
	if (column_cache != NULL)
	{
		hash_destroy(column_cache);
		column_cache = NULL;
	}
}

static void
ts_relcache_callback(Datum arg, Oid relid)
{
	HASH_SEQ_STATUS status;
	ts_column_entry *entry;

	inval_count++;
	if (!OidIsValid(relid) ||
		(catalog.valid &&
		 (relid == catalog.hypertable || relid == catalog.dimension ||
		  relid == catalog.proxy_hypertable || relid == catalog.proxy_extension)))
	{
		ts_cache_reset();
		return;
	}
	if (column_cache == NULL)
		return;
	hash_seq_init(&status, column_cache);
	while ((entry = hash_seq_search(&status)) != NULL)
		if (entry->key.relid == relid)
			hash_search(column_cache, &entry->key, HASH_REMOVE, NULL);
}

/*
 * Is relid an ordinary table owned by a superuser and a member of the
 * extension timescaledb, with the given columns of the given types?  Fills
 * attnums.
 */
static bool
ts_table_trusted(Oid relid, const ts_column *columns, int ncolumns,
				 AttrNumber *attnums)
{
	HeapTuple	tuple;
	Form_pg_class form;
	bool		ok;
	Oid			ext;
	char	   *extname;
	int			i;

	if (!OidIsValid(relid))
		return false;
	tuple = SearchSysCache1(RELOID, ObjectIdGetDatum(relid));
	if (!HeapTupleIsValid(tuple))
		return false;
	form = (Form_pg_class) GETSTRUCT(tuple);
	ok = form->relkind == RELKIND_RELATION && superuser_arg(form->relowner);
	ReleaseSysCache(tuple);
	if (!ok)
		return false;

	ext = getExtensionOfObject(RelationRelationId, relid);
	if (!OidIsValid(ext) || (extname = get_extension_name(ext)) == NULL ||
		strcmp(extname, TS_EXTENSION) != 0)
		return false;

	for (i = 0; i < ncolumns; i++)
	{
		attnums[i] = get_attnum(relid, columns[i].name);
		if (attnums[i] == InvalidAttrNumber ||
			get_atttype(relid, attnums[i]) != columns[i].type)
			return false;
	}
	return true;
}

/* what there is of TimescaleDB's catalog in schema nsp */
static void
ts_catalog_load(Oid nsp)
{
	Oid			cache_nsp;
	uint64		seen;

	ts_cache_reset();
	memset(&catalog, 0, sizeof(catalog));
	seen = inval_count;
	catalog.nsp = nsp;
	catalog.hypertable = get_relname_relid("hypertable", nsp);
	catalog.dimension = get_relname_relid("dimension", nsp);
	cache_nsp = get_namespace_oid(TS_CACHE, true);
	if (OidIsValid(cache_nsp))
	{
		catalog.proxy_hypertable = get_relname_relid("cache_inval_hypertable", cache_nsp);
		catalog.proxy_extension = get_relname_relid("cache_inval_extension", cache_nsp);
	}
	catalog.trusted =
		ts_table_trusted(catalog.hypertable, hypertable_columns, HT_NCOLUMNS,
						 catalog.ht_attnum) &&
		ts_table_trusted(catalog.dimension, dimension_columns, DIM_NCOLUMNS,
						 catalog.dim_attnum);

	/*
	 * Tables being made, or not there at all: nothing to wait for an
	 * invalidation of, so nothing is kept.  Otherwise the answer stands
	 * until one of the tables changes.
	 */
	catalog.valid = OidIsValid(catalog.hypertable) && OidIsValid(catalog.dimension) &&
		seen == inval_count;
}

static bool
ts_catalog_readable(void)
{
	Oid			user = GetUserId();

#if PG_VERSION_NUM >= 160000
	if (object_aclcheck(NamespaceRelationId, catalog.nsp, user, ACL_USAGE) != ACLCHECK_OK)
		return false;
#else
	if (pg_namespace_aclcheck(catalog.nsp, user, ACL_USAGE) != ACLCHECK_OK)
		return false;
#endif
	return pg_class_aclcheck(catalog.hypertable, user, ACL_SELECT) == ACLCHECK_OK &&
		pg_class_aclcheck(catalog.dimension, user, ACL_SELECT) == ACLCHECK_OK;
}

/*
 * A catalog table, opened if its lock is free at once and nothing has
 * changed it since it was found trusted (taking the lock reads the
 * invalidations that a change would have sent)
 */
static Relation
ts_open(Oid relid)
{
	Relation	rel;

	if (!ConditionalLockRelationOid(relid, AccessShareLock))
		return NULL;
	if (!catalog.valid || !catalog.trusted ||
		(rel = try_relation_open(relid, NoLock)) == NULL)
	{
		UnlockRelationOid(relid, AccessShareLock);
		return NULL;
	}
	if (rel->rd_rel->relkind != RELKIND_RELATION)
	{
		relation_close(rel, AccessShareLock);
		return NULL;
	}
	return rel;
}

/* the id of the hypertable relid, or -1; *complete false if not read */
static int32
ts_hypertable_id(Oid relid, bool *complete)
{
	char	   *nspname = get_namespace_name(get_rel_namespace(relid));
	char	   *relname = get_rel_name(relid);
	NameData	nsp;
	NameData	rel;
	ScanKeyData keys[2];
	Relation	ht;
	SysScanDesc scan;
	HeapTuple	tuple;
	int32		id = -1;

	if (nspname == NULL || relname == NULL)
		return -1;
	if ((ht = ts_open(catalog.hypertable)) == NULL)
	{
		*complete = false;
		return -1;
	}
	namestrcpy(&nsp, nspname);
	namestrcpy(&rel, relname);
	ScanKeyInit(&keys[0], catalog.ht_attnum[HT_SCHEMA_NAME], BTEqualStrategyNumber,
				F_NAMEEQ, NameGetDatum(&nsp));
	ScanKeyInit(&keys[1], catalog.ht_attnum[HT_TABLE_NAME], BTEqualStrategyNumber,
				F_NAMEEQ, NameGetDatum(&rel));
	scan = systable_beginscan(ht, InvalidOid, false, NULL, 2, keys);
	if (HeapTupleIsValid(tuple = systable_getnext(scan)))
	{
		bool		isnull;
		Datum		d = heap_getattr(tuple, catalog.ht_attnum[HT_ID],
									 RelationGetDescr(ht), &isnull);

		if (!isnull)
			id = DatumGetInt32(d);
	}
	systable_endscan(scan);
	relation_close(ht, AccessShareLock);
	return id;
}

/*
 * The function schema.name(argtype) if it is the C function timestamp_fn
 * of this module: found by the catalog's key, never by the search_path,
 * and told from a user's function of the same name by its address.
 */
static Oid
ts_partition_func(const char *schema, const char *name, Oid argtype,
				  PGFunction timestamp_fn)
{
	Oid			nsp = get_namespace_oid(schema, true);
	Oid			fn;

	if (!OidIsValid(nsp))
		return InvalidOid;
	fn = GetSysCacheOid3(PROCNAMEARGSNSP, Anum_pg_proc_oid,
						 CStringGetDatum(name),
						 PointerGetDatum(buildoidvector(&argtype, 1)),
						 ObjectIdGetDatum(nsp));
	if (!OidIsValid(fn))
		return InvalidOid;

	return scru128_is_own_function(fn, timestamp_fn) ? fn : InvalidOid;
}

/*
 * The dimension of column attnum of relid, read from the catalog; *complete
 * false if a lock was not free and the answer is not to be kept
 */
static ts_dimension
ts_dimension_read(Oid relid, AttrNumber attnum, Oid atttype,
				  PGFunction timestamp_fn, Oid *partfunc, bool *complete)
{
	int32		htid = ts_hypertable_id(relid, complete);
	char	   *attname;
	NameData	col;
	ScanKeyData keys[2];
	Relation	dim;
	SysScanDesc scan;
	HeapTuple	tuple;
	ts_dimension result = TS_NONE;

	*partfunc = InvalidOid;
	if (htid < 0 || (attname = get_attname(relid, attnum, true)) == NULL)
		return TS_NONE;
	if ((dim = ts_open(catalog.dimension)) == NULL)
	{
		*complete = false;
		return TS_NONE;
	}
	namestrcpy(&col, attname);
	ScanKeyInit(&keys[0], catalog.dim_attnum[DIM_HYPERTABLE_ID], BTEqualStrategyNumber,
				F_INT4EQ, Int32GetDatum(htid));
	ScanKeyInit(&keys[1], catalog.dim_attnum[DIM_COLUMN_NAME], BTEqualStrategyNumber,
				F_NAMEEQ, NameGetDatum(&col));
	scan = systable_beginscan(dim, InvalidOid, false, NULL, 2, keys);
	while (HeapTupleIsValid(tuple = systable_getnext(scan)))
	{
		TupleDesc	desc = RelationGetDescr(dim);
		bool		open_null;
		bool		schema_null;
		bool		func_null;
		Datum		schema;
		Datum		func;

		/* an open dimension (interval_length set) is a time dimension */
		(void) heap_getattr(tuple, catalog.dim_attnum[DIM_INTERVAL_LENGTH], desc, &open_null);
		if (open_null)
			continue;
		schema = heap_getattr(tuple, catalog.dim_attnum[DIM_PARTITIONING_FUNC_SCHEMA],
							  desc, &schema_null);
		func = heap_getattr(tuple, catalog.dim_attnum[DIM_PARTITIONING_FUNC],
							desc, &func_null);
		if (func_null)
			result = (atttype == UUIDOID) ? TS_UUIDV7 : TS_NONE;
		else if (!schema_null && timestamp_fn != NULL)
		{
			*partfunc = ts_partition_func(NameStr(*DatumGetName(schema)),
										  NameStr(*DatumGetName(func)),
										  atttype, timestamp_fn);
			if (OidIsValid(*partfunc))
				result = TS_PARTITION_FUNC;
		}
		break;
	}
	systable_endscan(scan);
	relation_close(dim, AccessShareLock);
	return result;
}

/*
 * The dimension column attnum (of type atttype) of table relid is in
 * TimescaleDB's catalog; for TS_PARTITION_FUNC, *partfunc is the function.
 * timestamp_fn is the column type's X_timestamp, or NULL for uuid.
 */
ts_dimension
timescaledb_dimension(Oid relid, AttrNumber attnum, Oid atttype,
					  PGFunction timestamp_fn, Oid *partfunc)
{
	Oid			nsp = get_namespace_oid(TS_CATALOG, true);
	ts_column_key key;
	ts_column_entry *entry;
	ts_dimension result;
	bool		complete = true;
	bool		found;
	uint64		seen;

	*partfunc = InvalidOid;
	if (!OidIsValid(nsp))
		return TS_NONE;
	if (!callback_registered)
	{
		CacheRegisterRelcacheCallback(ts_relcache_callback, (Datum) 0);
		callback_registered = true;
	}
	if (!catalog.valid || catalog.nsp != nsp)
		ts_catalog_load(nsp);
	if (!catalog.trusted || !ts_catalog_readable())
		return TS_NONE;

	memset(&key, 0, sizeof(key));
	key.relid = relid;
	key.atttype = atttype;
	key.attnum = attnum;
	if (column_cache != NULL &&
		(entry = hash_search(column_cache, &key, HASH_FIND, NULL)) != NULL)
	{
		*partfunc = entry->partfunc;
		return entry->dimension;
	}

	seen = inval_count;
	result = ts_dimension_read(relid, attnum, atttype, timestamp_fn, partfunc,
							   &complete);
	if (!complete || seen != inval_count)
		return result;
	if (column_cache == NULL)
	{
		HASHCTL		ctl;

		memset(&ctl, 0, sizeof(ctl));
		ctl.keysize = sizeof(ts_column_key);
		ctl.entrysize = sizeof(ts_column_entry);
		ctl.hcxt = CacheMemoryContext;
		column_cache = hash_create("scru128 TimescaleDB dimensions", 64, &ctl,
								   HASH_ELEM | HASH_BLOBS | HASH_CONTEXT);
	}
	entry = hash_search(column_cache, &key, HASH_ENTER, &found);
	entry->dimension = result;
	entry->partfunc = *partfunc;
	return result;
}
