/*-------------------------------------------------------------------------
 *
 * brin_domain.c
 *	  BRIN minmax and minmax-multi support that also works on a column of a
 *	  domain over scru128, scru64 or scru160.
 *
 * Core's minmax and minmax-multi support functions find their comparison
 * operators in the operator family by the type of the index column, which
 * they read from the index's tuple descriptor.  On a column of a domain that
 * type is the domain, which no operator family lists, so building or using
 * the index fails with "missing operator 1(...) in opfamily".  Core's own
 * classes for uuid or int8 escape this because their pg_opclass.opckeytype
 * is set, which makes the index column the base type.  An extension cannot
 * have that: CREATE OPERATOR CLASS drops a STORAGE type equal to the input
 * type, and a key type written into the catalog would not survive
 * pg_upgrade, which makes the classes again from pg_dump's CREATE OPERATOR
 * CLASS (and the indexes with them, their columns then of the domain type).
 * An opcinfo function that gave core the base type would not help either:
 * the operator lookups read the index's descriptor, not what opcinfo says.
 *
 * So support functions 2, 3 and 4 (add_value, consistent, union) of these
 * classes are the wrappers below: on a column of the type itself they call
 * core's function as it is; on a column of a domain they hand it a copy of
 * the BrinDesc whose tuple descriptor names the base type, which is what
 * core's function would have seen with a key type.  The stored summaries are
 * the same either way.  Minmax-multi leaves a serialization callback in the
 * column that brin.c later calls with its own BrinDesc; that callback is
 * wrapped the same way.  Bloom looks nothing up by type and is left alone.
 *
 *-------------------------------------------------------------------------
 */
#include "scru128_compat.h"

#include "access/brin_internal.h"
#include "access/brin_tuple.h"
#include "access/tupdesc.h"
#include "catalog/pg_type.h"
#include "fmgr.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"

/*
 * The substitute BrinDesc of one BrinDesc with a domain column, made once
 * and kept in the BrinDesc's own memory context: brin.c makes a BrinDesc
 * once per scan or per statement, while the FmgrInfo through which the
 * consistent function is called is a fresh copy, its fn_extra empty, on
 * every rescan (bringetbitmap), so a cache there would be made again on
 * each.  A callback on that context takes the entry off the list when the
 * BrinDesc goes away, so that a later BrinDesc at the same address is
 * never taken for it.
 */
typedef struct BrinDomainCache
{
	BrinDesc   *owner;			/* the BrinDesc it stands in for */
	TupleDesc	basedesc;		/* its descriptor, domains replaced by bases */
	BrinDesc   *desc;			/* room for the substitute BrinDesc */
	MemoryContextCallback unlink;	/* on deletion of owner->bd_context */
	struct BrinDomainCache *next;
} BrinDomainCache;

static BrinDomainCache *domain_caches = NULL;

/*
 * fn_extra of a support function called on a column that is not of a
 * domain: core's function is called as it is, with nothing allocated.
 * brin.c gets each FmgrInfo for one column of one index
 * (index_getprocinfo), so what was found once holds for its every call.
 */
static char plain_column;

static brin_serialize_callback_type minmax_multi_serialize = NULL;

static Size
brin_desc_size(TupleDesc tupdesc)
{
	return offsetof(BrinDesc, bd_info) + sizeof(BrinOpcInfo *) * tupdesc->natts;
}

/* A copy of tupdesc with the base type in place of every domain. */
static TupleDesc
base_tupdesc(TupleDesc tupdesc)
{
	TupleDesc	copy = CreateTupleDescCopy(tupdesc);
	int			i;

	for (i = 0; i < copy->natts; i++)
	{
		Form_pg_attribute attr = TupleDescAttr(copy, i);

		attr->atttypid = getBaseType(attr->atttypid);
	}
	return copy;
}

static void
domain_cache_unlink(void *arg)
{
	BrinDomainCache **link;

	for (link = &domain_caches; *link != NULL; link = &(*link)->next)
		if (*link == (BrinDomainCache *) arg)
		{
			*link = (*link)->next;
			break;
		}
}

/* the cache of bdesc, made on first use */
static BrinDomainCache *
domain_cache(BrinDesc *bdesc)
{
	BrinDomainCache *cache;
	MemoryContext oldcxt;

	for (cache = domain_caches; cache != NULL; cache = cache->next)
		if (cache->owner == bdesc)
			return cache;

	oldcxt = MemoryContextSwitchTo(bdesc->bd_context);
	cache = palloc(sizeof(BrinDomainCache));
	cache->owner = bdesc;
	cache->basedesc = base_tupdesc(bdesc->bd_tupdesc);
	cache->desc = palloc(brin_desc_size(bdesc->bd_tupdesc));
	cache->unlink.func = domain_cache_unlink;
	cache->unlink.arg = cache;
	MemoryContextRegisterResetCallback(bdesc->bd_context, &cache->unlink);
	cache->next = domain_caches;
	domain_caches = cache;
	MemoryContextSwitchTo(oldcxt);
	return cache;
}

/* bdesc with the base types in its descriptor, in the room of its cache */
static BrinDesc *
substitute_desc(BrinDesc *bdesc)
{
	BrinDomainCache *cache = domain_cache(bdesc);

	/* brin.c may have filled in bd_disktdesc since the last call */
	memcpy(cache->desc, bdesc, brin_desc_size(bdesc->bd_tupdesc));
	cache->desc->bd_tupdesc = cache->basedesc;
	return cache->desc;
}

/*
 * The BrinDesc to hand core's function for column attno: bdesc itself on a
 * column of the type, else a copy that names the base types.
 */
static BrinDesc *
brin_base_desc(FunctionCallInfo fcinfo, BrinDesc *bdesc, AttrNumber attno)
{
	if (fcinfo->flinfo->fn_extra == &plain_column)
		return bdesc;
	if (attno < 1 || attno > bdesc->bd_tupdesc->natts)
		elog(ERROR, "invalid BRIN attribute number %d", attno);
	if (get_typtype(TupleDescAttr(bdesc->bd_tupdesc, attno - 1)->atttypid) != TYPTYPE_DOMAIN)
	{
		fcinfo->flinfo->fn_extra = &plain_column;
		return bdesc;
	}
	return substitute_desc(bdesc);
}

/* call core's function fn with the BrinDesc of brin_base_desc() */
static Datum
call_with_base_desc(FunctionCallInfo fcinfo, PGFunction fn, AttrNumber attno,
					BrinDesc **used)
{
	BrinDesc   *bdesc = (BrinDesc *) PG_GETARG_POINTER(0);
	BrinDesc   *desc = brin_base_desc(fcinfo, bdesc, attno);
	Datum		result;

	*used = desc;
	if (desc == bdesc)
		return fn(fcinfo);

	/*
	 * Same fcinfo and FmgrInfo, so that core's function finds the opclass
	 * options (minmax-multi's values_per_range) where brin.c put them.
	 */
	fcinfo->args[0].value = PointerGetDatum(desc);
	result = fn(fcinfo);
	fcinfo->args[0].value = PointerGetDatum(bdesc);
	/* keep what core made lazily in the copy */
	if (bdesc->bd_disktdesc == NULL)
		bdesc->bd_disktdesc = desc->bd_disktdesc;
	return result;
}

/* arguments 1 of add_value, consistent and union: the column's BrinValues */
static AttrNumber
column_attno(FunctionCallInfo fcinfo)
{
	BrinValues *column = (BrinValues *) PG_GETARG_POINTER(1);

	return column->bv_attno;
}

/*
 * Minmax-multi's serialization callback, called by brin.c with its own
 * BrinDesc when it forms the index tuple: core's callback with a BrinDesc
 * that names the base types.
 */
static void
minmax_multi_serialize_base(BrinDesc *bdesc, Datum src, Datum *dst)
{
	BrinDesc   *desc = substitute_desc(bdesc);

	minmax_multi_serialize(desc, src, dst);
	if (bdesc->bd_disktdesc == NULL)
		bdesc->bd_disktdesc = desc->bd_disktdesc;
}

PG_FUNCTION_INFO_V1(scru_brin_minmax_add_value);
Datum
scru_brin_minmax_add_value(PG_FUNCTION_ARGS)
{
	BrinDesc   *used;

	return call_with_base_desc(fcinfo, brin_minmax_add_value,
							   column_attno(fcinfo), &used);
}

PG_FUNCTION_INFO_V1(scru_brin_minmax_consistent);
Datum
scru_brin_minmax_consistent(PG_FUNCTION_ARGS)
{
	BrinDesc   *used;

	return call_with_base_desc(fcinfo, brin_minmax_consistent,
							   column_attno(fcinfo), &used);
}

PG_FUNCTION_INFO_V1(scru_brin_minmax_union);
Datum
scru_brin_minmax_union(PG_FUNCTION_ARGS)
{
	BrinDesc   *used;

	return call_with_base_desc(fcinfo, brin_minmax_union,
							   column_attno(fcinfo), &used);
}

PG_FUNCTION_INFO_V1(scru_brin_minmax_multi_add_value);
Datum
scru_brin_minmax_multi_add_value(PG_FUNCTION_ARGS)
{
	BrinDesc   *bdesc = (BrinDesc *) PG_GETARG_POINTER(0);
	BrinValues *column = (BrinValues *) PG_GETARG_POINTER(1);
	BrinDesc   *used;
	Datum		result;

	result = call_with_base_desc(fcinfo, brin_minmax_multi_add_value,
								 column->bv_attno, &used);

	/*
	 * Core's function leaves its serialization callback in the column; on a
	 * domain column it must see the base type too.
	 */
	if (used != bdesc && column->bv_serialize != NULL &&
		column->bv_serialize != minmax_multi_serialize_base)
	{
		minmax_multi_serialize = column->bv_serialize;
		column->bv_serialize = minmax_multi_serialize_base;
	}
	return result;
}

PG_FUNCTION_INFO_V1(scru_brin_minmax_multi_consistent);
Datum
scru_brin_minmax_multi_consistent(PG_FUNCTION_ARGS)
{
	BrinDesc   *used;

	return call_with_base_desc(fcinfo, brin_minmax_multi_consistent,
							   column_attno(fcinfo), &used);
}

PG_FUNCTION_INFO_V1(scru_brin_minmax_multi_union);
Datum
scru_brin_minmax_multi_union(PG_FUNCTION_ARGS)
{
	BrinDesc   *used;

	return call_with_base_desc(fcinfo, brin_minmax_multi_union,
							   column_attno(fcinfo), &used);
}
