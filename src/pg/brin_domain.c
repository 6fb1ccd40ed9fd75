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
#include "postgres.h"

#include "access/brin_internal.h"
#include "access/brin_tuple.h"
#include "access/tupdesc.h"
#include "fmgr.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"

/* per FmgrInfo: the index's descriptor with base types, made once */
typedef struct BrinDomainCache
{
	TupleDesc	keydesc;		/* the index's descriptor it was made from */
	TupleDesc	basedesc;		/* its copy, every domain replaced by its base */
	bool	   *isdomain;		/* per column: is it of a domain? */
	Size		desclen;		/* size of a BrinDesc of this index */
	BrinDesc   *desc;			/* room for the substitute BrinDesc */
} BrinDomainCache;

static brin_serialize_callback_type minmax_multi_serialize = NULL;

static Size
brin_desc_size(TupleDesc tupdesc)
{
	return offsetof(BrinDesc, bd_info) + sizeof(BrinOpcInfo *) * tupdesc->natts;
}

/*
 * A copy of tupdesc with the base type in place of every domain, in the
 * current memory context; isdomain (natts entries) says which were.
 */
static TupleDesc
base_tupdesc(TupleDesc tupdesc, bool *isdomain)
{
	TupleDesc	copy = CreateTupleDescCopy(tupdesc);
	int			i;

	for (i = 0; i < copy->natts; i++)
	{
		Form_pg_attribute attr = TupleDescAttr(copy, i);
		Oid			base = getBaseType(attr->atttypid);

		isdomain[i] = (base != attr->atttypid);
		attr->atttypid = base;
	}
	return copy;
}

/*
 * The BrinDesc to hand core's function for column attno: bdesc itself on a
 * column of the type, else a copy that names the base types.
 */
static BrinDesc *
brin_base_desc(FunctionCallInfo fcinfo, BrinDesc *bdesc, AttrNumber attno)
{
	BrinDomainCache *cache = (BrinDomainCache *) fcinfo->flinfo->fn_extra;

	if (cache == NULL || cache->keydesc != bdesc->bd_tupdesc ||
		cache->basedesc->natts != bdesc->bd_tupdesc->natts)
	{
		MemoryContext oldcxt = MemoryContextSwitchTo(fcinfo->flinfo->fn_mcxt);
		TupleDesc	tupdesc = bdesc->bd_tupdesc;

		cache = palloc(sizeof(BrinDomainCache));
		cache->keydesc = tupdesc;
		cache->isdomain = palloc(sizeof(bool) * tupdesc->natts);
		cache->basedesc = base_tupdesc(tupdesc, cache->isdomain);
		cache->desclen = brin_desc_size(tupdesc);
		cache->desc = palloc(cache->desclen);
		MemoryContextSwitchTo(oldcxt);
		fcinfo->flinfo->fn_extra = cache;
	}

	if (attno < 1 || attno > bdesc->bd_tupdesc->natts)
		elog(ERROR, "invalid BRIN attribute number %d", attno);
	if (!cache->isdomain[attno - 1])
		return bdesc;

	/* the BrinDesc may differ from call to call: copy it every time */
	memcpy(cache->desc, bdesc, cache->desclen);
	cache->desc->bd_tupdesc = cache->basedesc;
	return cache->desc;
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
	TupleDesc	tupdesc = bdesc->bd_tupdesc;
	bool	   *isdomain = palloc(sizeof(bool) * tupdesc->natts);
	Size		len = brin_desc_size(tupdesc);
	BrinDesc   *desc = palloc(len);

	memcpy(desc, bdesc, len);
	desc->bd_tupdesc = base_tupdesc(tupdesc, isdomain);
	minmax_multi_serialize(desc, src, dst);
	if (bdesc->bd_disktdesc == NULL)
		bdesc->bd_disktdesc = desc->bd_disktdesc;
	FreeTupleDesc(desc->bd_tupdesc);
	pfree(desc);
	pfree(isdomain);
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
