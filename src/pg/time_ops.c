/*-------------------------------------------------------------------------
 *
 * time_ops.c
 *	  Comparing IDs with times: the operators <, <=, >, >= between each ID
 *	  type (scru128, scru160, scru64, uuid, ulid, typeid) and timestamptz,
 *	  the planner support that turns them into ranges of IDs (for typeid on
 *	  a column of one prefix: see "typeid" below), RANGE window frames by
 *	  time (B-tree in_range), and the hint for date-like ID input.
 *
 * "id >= t" means: the ID's own timestamp (the start of its millisecond,
 * or of its 256 ms tick for scru64; for uuid the leading 48 bits as Unix
 * milliseconds, the UUIDv7 layout) is at or after t.  The arithmetic is in
 * time_core.c; this file is the glue.
 *
 * Planner support (scru128_time_support, SupportRequestSimplify): when t
 * is a constant, the comparison becomes one exact comparison of the ID
 * with a constant ID (see time_rewrite_const).  Otherwise, if neither side
 * is volatile, it becomes a range of IDs between two bounds computed from
 * t, for >= (> passes inclusive = false):
 *
 *		id >= X_time_lower(t, true) AND id <= X_time_lower_end(t, true)
 *
 * Both are ordinary comparisons of IDs, usable by B-tree and BRIN indexes
 * and by partition pruning, at plan time or at executor start, and a
 * B-tree or BRIN scan takes both as scan keys: no row is evaluated again.
 * The first alone is exact but at the end of the ID's range: no ID is
 * above the largest one, so when no ID qualifies (t after the last time an
 * ID can have) the bound is the largest ID, which the first clause would
 * let through.  The second bound is the largest ID when some ID qualifies
 * and the smallest when none does, which makes the range empty.  (For <=
 * and <, X_time_upper and X_time_upper_start, mirrored.)  The whole is the
 * original comparison exactly, NULL included, so the rewrite is valid in
 * any context, under NOT too.  Since it names t and the ID twice, it is not
 * made where either holds a subquery (which would run twice) or is
 * volatile: such a comparison is evaluated row by row.  The functions
 * X_time_OP are the same comparisons without the rewrite, for every t: the
 * support function leaves them alone.
 *
 * TimescaleDB hypertables get two changes (id_dimension(), timescaledb.c
 * and doc/timescaledb.md): on a uuid column that is TimescaleDB's UUIDv7
 * dimension a constant bound is a UUIDv7 with the exact comparison beside
 * it, and where the partition function is the ID type's own X_timestamp
 * the range on the ID gets the same comparison on X_timestamp(id) beside
 * it.  Both are exact whatever the table holds.
 *
 * The functions the rewrite calls (the bounds, X_time_OP) are found in the
 * schema of the operator's function by the catalog's key and accepted only
 * as this library's C functions, never by a name another role could give
 * its own function; the support function itself learns its comparison
 * from the C address of the function it serves.
 *
 * SupportRequestIndexCondition is not answered: every comparison that an
 * index could use (a time that is constant during a scan) has been
 * rewritten to one between IDs before index paths are built; what is left
 * has a volatile side, which no index condition can take.
 *
 *-------------------------------------------------------------------------
 */
#include "scru128_pg.h"

#include "access/genam.h"
#include "access/htup_details.h"
#include "access/stratnum.h"
#include "access/table.h"
#include "catalog/pg_class.h"
#include "catalog/pg_collation.h"
#include "catalog/pg_constraint.h"
#include "catalog/pg_am.h"
#include "catalog/pg_proc.h"
#include "catalog/pg_type.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "nodes/supportnodes.h"
#include "optimizer/clauses.h"
#include "optimizer/optimizer.h"
#include "optimizer/planmain.h"
#include "parser/parsetree.h"
#include "utils/builtins.h"
#include "utils/fmgroids.h"
#include "utils/fmgrprotos.h"
#include "utils/lsyscache.h"
#include "utils/rel.h"
#include "utils/syscache.h"
#include "utils/timestamp.h"
#include "utils/typcache.h"
#include "utils/uuid.h"

#include "scru160_core.h"
#include "scru64_core.h"
#include "time_core.h"
#include "timescaledb.h"
#include "typeid_core.h"
#include "ulid_core.h"

StaticAssertDecl(TIME_CORE_EPOCH_OFFSET_US == SCRU128_PG_EPOCH_OFFSET_US,
				 "time core and server disagree on the Unix epoch");

typedef enum id_kind
{
	ID_SCRU128,
	ID_SCRU160,
	ID_SCRU64,
	ID_UUID,
	ID_ULID
} id_kind;

/* what differs between the ID types */
typedef struct id_kind_info
{
	const char *prefix;			/* of the SQL names of the type's functions */
	int			len;			/* bytes; 0 for scru64 (an int8 Datum) */
	int64		unit_us;		/* length of one timestamp unit */
	uint64		kmax;			/* largest timestamp */
	PGFunction	timestamp_fn;	/* X_timestamp(id): id >= t is X_timestamp(id) >= t */
} id_kind_info;

/* in scru128.c, scru160.c, scru64.c and ulid.c */
extern PGDLLEXPORT Datum scru128_timestamp(PG_FUNCTION_ARGS);
extern PGDLLEXPORT Datum scru160_timestamp(PG_FUNCTION_ARGS);
extern PGDLLEXPORT Datum scru64_timestamp(PG_FUNCTION_ARGS);
extern PGDLLEXPORT Datum ulid_timestamp(PG_FUNCTION_ARGS);

/*
 * uuid has no such function: scru128_uuid_timestamp() reads the versions
 * that carry a time, where the comparison reads the leading 48 bits of any
 */
static const id_kind_info kinds[] = {
	[ID_SCRU128] = {"scru128", SCRU128_LEN, TIME_CORE_MS_US, SCRU128_MAX_TIMESTAMP, scru128_timestamp},
	[ID_SCRU160] = {"scru160", SCRU160_LEN, TIME_CORE_MS_US, SCRU160_MAX_TIMESTAMP, scru160_timestamp},
	[ID_SCRU64] = {"scru64", 0, TIME_CORE_TICK_US, SCRU64_MAX_TIMESTAMP, scru64_timestamp},
	[ID_UUID] = {"uuid", UUID_LEN, TIME_CORE_MS_US, (UINT64CONST(1) << 48) - 1, NULL},
	[ID_ULID] = {"ulid", ULID_LEN, TIME_CORE_MS_US, ULID_MAX_TIMESTAMP, ulid_timestamp},
};

/* the timestamp of an ID: the leading 48 bits, or scru64's tick */
static inline uint64
id_timestamp(id_kind kind, Datum id)
{
	if (kind == ID_SCRU64)
		return scru64_get_timestamp((uint64) DatumGetInt64(id));
	return be64_load((const uint8 *) DatumGetPointer(id)) >> 16;
}

/*
 * The smallest or largest ID with timestamp k; for byte types, the
 * timestamp followed by all zeros or all ones.
 */
static Datum
id_make(id_kind kind, uint64 k, bool largest)
{
	uint8	   *id;
	int			i;

	if (kind == ID_SCRU64)
		return Int64GetDatum((int64) scru64_from_parts(k, largest ? SCRU64_MAX_NODE_CTR : 0));

	id = palloc(kinds[kind].len);
	for (i = 5; i >= 0; i--)
	{
		id[i] = (uint8) k;
		k >>= 8;
	}
	memset(id + 6, largest ? 0xFF : 0x00, kinds[kind].len - 6);
	return PointerGetDatum(id);
}

/* the smallest or the largest ID of all */
static Datum
id_extreme(id_kind kind, bool largest)
{
	return id_make(kind, largest ? kinds[kind].kmax : 0, largest);
}

/*
 * The smallest or largest UUIDv7 (RFC 9562 variant) with timestamp k: the
 * version nibble 7, the variant bits 10, every other bit 0 or 1, as
 * TimescaleDB's own chunk boundaries are made.
 */
static Datum
uuidv7_make(uint64 k, bool largest)
{
	uint8	   *id = (uint8 *) DatumGetPointer(id_make(ID_UUID, k, largest));

	id[6] = (id[6] & 0x0F) | 0x70;
	id[8] = (id[8] & 0x3F) | 0x80;
	return PointerGetDatum(id);
}

/*
 * The comparison operators.  For each type X and each of lt, le, gt, ge:
 * X_OP_timestamptz(X, timestamptz) and timestamptz_OP_X(timestamptz, X),
 * the operators, with the planner support; X_time_OP(X, timestamptz), the
 * same comparison that the planner leaves as it is.
 * uuid's C names have the scru128_ prefix, so that none can ever clash
 * with a symbol of the server.
 */
#define TIME_CMP(cname, kind, op, OP) \
PG_FUNCTION_INFO_V1(cname##_##op##_timestamptz); \
Datum \
cname##_##op##_timestamptz(PG_FUNCTION_ARGS) \
{ \
	PG_RETURN_BOOL(time_core_compare(id_timestamp((kind), PG_GETARG_DATUM(0)), \
									 kinds[(kind)].unit_us, TIME_OP_##OP, \
									 PG_GETARG_TIMESTAMPTZ(1))); \
} \
PG_FUNCTION_INFO_V1(timestamptz_##op##_##cname); \
Datum \
timestamptz_##op##_##cname(PG_FUNCTION_ARGS) \
{ \
	PG_RETURN_BOOL(time_core_compare(id_timestamp((kind), PG_GETARG_DATUM(1)), \
									 kinds[(kind)].unit_us, \
									 time_op_commute(TIME_OP_##OP), \
									 PG_GETARG_TIMESTAMPTZ(0))); \
} \
PG_FUNCTION_INFO_V1(cname##_time_##op); \
Datum \
cname##_time_##op(PG_FUNCTION_ARGS) \
{ \
	/* as the negation of the negator: a body of its own, an address of its own */ \
	PG_RETURN_BOOL(!time_core_compare(id_timestamp((kind), PG_GETARG_DATUM(0)), \
									  kinds[(kind)].unit_us, \
									  time_op_negate(TIME_OP_##OP), \
									  PG_GETARG_TIMESTAMPTZ(1))); \
}

#define TIME_CMP_ALL(cname, kind) \
TIME_CMP(cname, kind, lt, LT) \
TIME_CMP(cname, kind, le, LE) \
TIME_CMP(cname, kind, gt, GT) \
TIME_CMP(cname, kind, ge, GE)

TIME_CMP_ALL(scru128, ID_SCRU128)
TIME_CMP_ALL(scru160, ID_SCRU160)
TIME_CMP_ALL(scru64, ID_SCRU64)
TIME_CMP_ALL(scru128_uuid, ID_UUID)
TIME_CMP_ALL(ulid, ID_ULID)

/*
 * The bound functions X_time_lower(t, inclusive) and X_time_upper(t,
 * inclusive): the smallest ID whose timestamp is at or after t (after t if
 * not inclusive), and the largest ID whose timestamp is at or before t
 * (before t).  Where there is no such ID they give the ID at the far end
 * (the largest for lower, the smallest for upper), where every ID is
 * qualified the ID at the near end: never an error.
 */
static Datum
time_lower(id_kind kind, TimestampTz t, bool inclusive)
{
	uint64		k = 0;

	switch (time_core_range(t, inclusive ? TIME_OP_GE : TIME_OP_GT,
							kinds[kind].unit_us, kinds[kind].kmax, &k))
	{
		case TIME_RANGE_ALL:
			return id_extreme(kind, false);
		case TIME_RANGE_FROM:
			return id_make(kind, k, false);
		default:
			return id_extreme(kind, true);
	}
}

static Datum
time_upper(id_kind kind, TimestampTz t, bool inclusive)
{
	uint64		k = 0;

	switch (time_core_range(t, inclusive ? TIME_OP_LE : TIME_OP_LT,
							kinds[kind].unit_us, kinds[kind].kmax, &k))
	{
		case TIME_RANGE_ALL:
			return id_extreme(kind, true);
		case TIME_RANGE_UPTO:
			return id_make(kind, k, true);
		default:
			return id_extreme(kind, false);
	}
}

/*
 * The other ends of those ranges: X_time_lower_end(t, inclusive) is the
 * largest ID if some ID's timestamp is at or after t (after t), otherwise
 * the smallest ID, so that id >= X_time_lower(t, inclusive) AND id <=
 * X_time_lower_end(t, inclusive) is empty exactly when no ID qualifies;
 * X_time_upper_start(t, inclusive) the same for X_time_upper.
 */
static Datum
time_range_end(id_kind kind, TimestampTz t, time_op op)
{
	uint64		k = 0;
	bool		from = (op == TIME_OP_GT || op == TIME_OP_GE);
	bool		none = time_core_range(t, op, kinds[kind].unit_us,
									   kinds[kind].kmax, &k) == TIME_RANGE_NONE;

	return id_extreme(kind, from != none);
}

#define TIME_BOUNDS(cname, kind) \
PG_FUNCTION_INFO_V1(cname##_time_lower); \
Datum \
cname##_time_lower(PG_FUNCTION_ARGS) \
{ \
	return time_lower((kind), PG_GETARG_TIMESTAMPTZ(0), PG_GETARG_BOOL(1)); \
} \
PG_FUNCTION_INFO_V1(cname##_time_upper); \
Datum \
cname##_time_upper(PG_FUNCTION_ARGS) \
{ \
	return time_upper((kind), PG_GETARG_TIMESTAMPTZ(0), PG_GETARG_BOOL(1)); \
} \
PG_FUNCTION_INFO_V1(cname##_time_lower_end); \
Datum \
cname##_time_lower_end(PG_FUNCTION_ARGS) \
{ \
	return time_range_end((kind), PG_GETARG_TIMESTAMPTZ(0), \
						  PG_GETARG_BOOL(1) ? TIME_OP_GE : TIME_OP_GT); \
} \
PG_FUNCTION_INFO_V1(cname##_time_upper_start); \
Datum \
cname##_time_upper_start(PG_FUNCTION_ARGS) \
{ \
	return time_range_end((kind), PG_GETARG_TIMESTAMPTZ(0), \
						  PG_GETARG_BOOL(1) ? TIME_OP_LE : TIME_OP_LT); \
}

TIME_BOUNDS(scru128, ID_SCRU128)
TIME_BOUNDS(scru160, ID_SCRU160)
TIME_BOUNDS(scru64, ID_SCRU64)
TIME_BOUNDS(scru128_uuid, ID_UUID)
TIME_BOUNDS(ulid, ID_ULID)

/*
 * Planner support.  The support function learns which comparison it
 * serves from the C entry point of the function (so nothing depends on
 * the SQL names of the operator functions or the schema they are in).
 */
typedef struct time_func
{
	PGFunction	fn;
	id_kind		kind;
	time_op		op;				/* as written: t < id is TIME_OP_LT */
	bool		time_left;		/* timestamptz OP id */
	bool		plain;			/* X_time_OP: no rewrite */
} time_func;

#define TIME_FUNC_ENTRIES(cname, kind, op, OP) \
	{cname##_##op##_timestamptz, kind, TIME_OP_##OP, false, false}, \
	{timestamptz_##op##_##cname, kind, TIME_OP_##OP, true, false}, \
	{cname##_time_##op, kind, TIME_OP_##OP, false, true}

#define TIME_FUNC_KIND(cname, kind) \
	TIME_FUNC_ENTRIES(cname, kind, lt, LT), \
	TIME_FUNC_ENTRIES(cname, kind, le, LE), \
	TIME_FUNC_ENTRIES(cname, kind, gt, GT), \
	TIME_FUNC_ENTRIES(cname, kind, ge, GE)

static const time_func time_funcs[] = {
	TIME_FUNC_KIND(scru128, ID_SCRU128),
	TIME_FUNC_KIND(scru160, ID_SCRU160),
	TIME_FUNC_KIND(scru64, ID_SCRU64),
	TIME_FUNC_KIND(scru128_uuid, ID_UUID),
	TIME_FUNC_KIND(ulid, ID_ULID),
};

static const time_func *
time_func_lookup(Oid funcid)
{
	FmgrInfo	flinfo;
	int			i;

	fmgr_info(funcid, &flinfo);
	for (i = 0; i < lengthof(time_funcs); i++)
		if (time_funcs[i].fn == flinfo.fn_addr)
			return &time_funcs[i];
	return NULL;
}

/*
 * the ID type's B-tree operator of a strategy (its default operator class);
 * through the type cache, since GetDefaultOpClass() scans pg_opclass and
 * the planner asks once per comparison
 */
static Oid
id_btree_operator(Oid typid, int16 strategy)
{
	TypeCacheEntry *tce = lookup_type_cache(typid, TYPECACHE_BTREE_OPFAMILY);

	if (!OidIsValid(tce->btree_opf))
		return InvalidOid;
	return get_opfamily_member(tce->btree_opf, typid, typid, strategy);
}

/*
 * The C functions of each kind that the rewrite calls: the bounds of
 * X_time_lower and its siblings, and X_time_OP, the plain comparisons
 */
typedef struct kind_funcs
{
	PGFunction	lower;
	PGFunction	upper;
	PGFunction	lower_end;
	PGFunction	upper_start;
	PGFunction	plain[TIME_OP_GE + 1];
} kind_funcs;

#define KIND_FUNCS(cname) \
	{cname##_time_lower, cname##_time_upper, cname##_time_lower_end, \
	 cname##_time_upper_start, \
	 {[TIME_OP_LT] = cname##_time_lt, [TIME_OP_LE] = cname##_time_le, \
	  [TIME_OP_GT] = cname##_time_gt, [TIME_OP_GE] = cname##_time_ge}}

static const kind_funcs kind_fns[] = {
	[ID_SCRU128] = KIND_FUNCS(scru128),
	[ID_SCRU160] = KIND_FUNCS(scru160),
	[ID_SCRU64] = KIND_FUNCS(scru64),
	[ID_UUID] = KIND_FUNCS(scru128_uuid),
	[ID_ULID] = KIND_FUNCS(ulid),
};

static const char *const time_op_names[] = {
	[TIME_OP_LT] = "lt", [TIME_OP_LE] = "le", [TIME_OP_GT] = "gt", [TIME_OP_GE] = "ge"
};

/*
 * The function NAME(argtypes) in the schema of funcid, if it is the C
 * function addr: by the catalog's key, not the search_path, and not a
 * function of that name that another role could have made; and
 * PREFIX_SUFFIX(arg1, arg2)
 */
static Oid
own_function_beside(Oid funcid, const char *name, int nargs,
					const Oid *argtypes, PGFunction addr)
{
	Oid			fn;

	fn = GetSysCacheOid3(PROCNAMEARGSNSP, Anum_pg_proc_oid,
						 CStringGetDatum(name),
						 PointerGetDatum(buildoidvector(argtypes, nargs)),
						 ObjectIdGetDatum(get_func_namespace(funcid)));
	return scru128_is_own_function(fn, addr) ? fn : InvalidOid;
}

static Oid
sibling_function(Oid funcid, const char *prefix, const char *suffix,
				 Oid arg1, Oid arg2, PGFunction addr)
{
	Oid			argtypes[2] = {arg1, arg2};

	return own_function_beside(funcid, psprintf("%s_%s", prefix, suffix), 2,
							   argtypes, addr);
}

static Node *
id_comparison(Oid typid, int16 strategy, Node *id, Node *bound)
{
	Oid			opno = id_btree_operator(typid, strategy);

	if (!OidIsValid(opno))
		return NULL;
	return (Node *) make_opclause(opno, BOOLOID, false, (Expr *) id,
								  (Expr *) bound, InvalidOid, InvalidOid);
}

static Node *
id_const(Oid typid, Datum value)
{
	int16		typlen;
	bool		typbyval;

	get_typlenbyval(typid, &typlen, &typbyval);
	return (Node *) makeConst(typid, -1, InvalidOid, typlen, value, false,
							  typbyval);
}

/*
 * id OP t for a constant t: one comparison with a constant ID, exact for
 * every t.  "Every ID" is id >= the smallest ID or id <= the largest one,
 * "no ID" is id > the largest ID or id < the smallest one: for a NULL id
 * they are NULL, as the original.
 *
 * On TimescaleDB's UUIDv7 dimension (v7), the constant must be a UUIDv7:
 * the bound is the first UUIDv7 of the millisecond before the first one
 * qualified (the last of the millisecond after, for <= and <), which no
 * qualified uuid of any version is below, and the exact comparison
 * X_time_OP(id, t) follows it.  The first is implied by the second, so
 * the conjunction is the second exactly, NULL and NOT included.  Every ID
 * or none stays the original comparison: no UUIDv7 bound says it exactly,
 * and no chunk is to be excluded by it anyway.
 */
static Node *
time_rewrite_const(const time_func *tf, time_op op, Oid funcid, Oid typid,
				   Node *id, Node *t, bool v7)
{
	id_kind		kind = tf->kind;
	uint64		k = 0;
	bool		from = (op == TIME_OP_GT || op == TIME_OP_GE);
	int16		strategy;
	bool		largest;
	Node	   *bound;
	Oid			plainfn;

	switch (time_core_range(DatumGetTimestampTz(((Const *) t)->constvalue), op,
							kinds[kind].unit_us, kinds[kind].kmax, &k))
	{
		case TIME_RANGE_ALL:
			if (v7)
				return NULL;
			strategy = from ? BTGreaterEqualStrategyNumber : BTLessEqualStrategyNumber;
			largest = !from;
			k = largest ? kinds[kind].kmax : 0;
			break;
		case TIME_RANGE_NONE:
			if (v7)
				return NULL;
			strategy = from ? BTGreaterStrategyNumber : BTLessStrategyNumber;
			largest = from;
			k = largest ? kinds[kind].kmax : 0;
			break;
		case TIME_RANGE_FROM:
			strategy = BTGreaterEqualStrategyNumber;
			largest = false;
			break;
		case TIME_RANGE_UPTO:
			strategy = BTLessEqualStrategyNumber;
			largest = true;
			break;
		default:
			return NULL;
	}
	if (!v7)
		return id_comparison(typid, strategy, id, id_const(typid, id_make(kind, k, largest)));

	/* a millisecond wider, where there is one: else the whole range */
	if (from ? k == 0 : k == kinds[kind].kmax)
		return NULL;
	bound = id_comparison(typid, strategy, copyObject(id),
						  id_const(typid, uuidv7_make(from ? k - 1 : k + 1, largest)));
	plainfn = sibling_function(funcid, kinds[kind].prefix,
							   psprintf("time_%s", time_op_names[op]),
							   typid, TIMESTAMPTZOID, kind_fns[kind].plain[op]);
	if (bound == NULL || !OidIsValid(plainfn))
		return NULL;
	return (Node *) make_andclause(list_make2(bound,
											  makeFuncExpr(plainfn, BOOLOID, list_make2(id, t),
														   InvalidOid, InvalidOid,
														   COERCE_EXPLICIT_CALL)));
}

/* X_time_lower(t, inclusive) or one of its siblings, as an expression */
static Node *
time_bound_call(Oid funcid, Oid typid, Node *t, bool inclusive)
{
	return (Node *) makeFuncExpr(funcid, typid,
								 list_make2(t, makeBoolConst(inclusive, false)),
								 InvalidOid, InvalidOid, COERCE_EXPLICIT_CALL);
}

/*
 * Whether an expression holds a subquery that is evaluated once per row: a
 * SubLink whose subquery refers to the query the expression is in, one
 * that yields a per-row test (ANY, ALL and the like), or a SubPlan already
 * made.  An uncorrelated scalar, EXISTS or ARRAY SubLink becomes an
 * InitPlan, which runs once per scan however often the expression names
 * it, so the rewrite may copy it.
 */
static bool
contain_per_row_subquery(Node *node, void *context)
{
	if (node == NULL)
		return false;
	if (IsA(node, SubPlan) || IsA(node, AlternativeSubPlan))
		return true;
	if (IsA(node, SubLink))
	{
		SubLink    *sublink = (SubLink *) node;

		if (sublink->subLinkType != EXPR_SUBLINK &&
			sublink->subLinkType != EXISTS_SUBLINK &&
			sublink->subLinkType != ARRAY_SUBLINK)
			return true;
		return contain_vars_of_level(sublink->subselect, 1);
	}
	return expression_tree_walker(node, contain_per_row_subquery, context);
}

/* the B-tree strategy of a comparison */
static int16
time_op_strategy(time_op op)
{
	switch (op)
	{
		case TIME_OP_LT:
			return BTLessStrategyNumber;
		case TIME_OP_LE:
			return BTLessEqualStrategyNumber;
		case TIME_OP_GT:
			return BTGreaterStrategyNumber;
		case TIME_OP_GE:
			break;
	}
	return BTGreaterEqualStrategyNumber;
}

/* id OP t for a t that is not constant but stays the same during a scan */
static Node *
time_rewrite_param(const time_func *tf, time_op op, Oid funcid, Oid typid,
				   Node *id, Node *t, Oid partfunc)
{
	const char *prefix = kinds[tf->kind].prefix;
	bool		from = (op == TIME_OP_GT || op == TIME_OP_GE);
	bool		inclusive = (op == TIME_OP_GE || op == TIME_OP_LE);
	Oid			boundfn;
	Oid			endfn;
	Node	   *bound;
	Node	   *end;

	boundfn = sibling_function(funcid, prefix,
							   from ? "time_lower" : "time_upper",
							   TIMESTAMPTZOID, BOOLOID,
							   from ? kind_fns[tf->kind].lower : kind_fns[tf->kind].upper);
	endfn = sibling_function(funcid, prefix,
							 from ? "time_lower_end" : "time_upper_start",
							 TIMESTAMPTZOID, BOOLOID,
							 from ? kind_fns[tf->kind].lower_end : kind_fns[tf->kind].upper_start);
	if (!OidIsValid(boundfn) || !OidIsValid(endfn))
		return NULL;

	bound = id_comparison(typid,
						  from ? BTGreaterEqualStrategyNumber : BTLessEqualStrategyNumber,
						  copyObject(id),
						  time_bound_call(boundfn, typid, copyObject(t), inclusive));
	end = id_comparison(typid,
						from ? BTLessEqualStrategyNumber : BTGreaterEqualStrategyNumber,
						id, time_bound_call(endfn, typid, t, inclusive));
	if (bound == NULL || end == NULL)
		return NULL;
	if (OidIsValid(partfunc))
	{
		/* the same comparison on X_timestamp(id), for TimescaleDB */
		Node	   *again = id_comparison(TIMESTAMPTZOID, time_op_strategy(op),
										  (Node *) makeFuncExpr(partfunc, TIMESTAMPTZOID,
																list_make1(copyObject(id)),
																InvalidOid, InvalidOid,
																COERCE_EXPLICIT_CALL),
										  copyObject(t));

		if (again == NULL)
			return NULL;
		return (Node *) make_andclause(list_make3(bound, end, again));
	}
	return (Node *) make_andclause(list_make2(bound, end));
}

/*
 * TimescaleDB.  A hypertable's partitioning is in TimescaleDB's catalog,
 * and two kinds of it change the rewrite (timescaledb.c reads it):
 *
 * - A uuid column as TimescaleDB's UUIDv7 dimension (2.22 and later).
 *   TimescaleDB refuses a constant compared with it that is not a UUIDv7
 *   of the RFC 9562 variant (its chunk exclusion reads the constant's
 *   time), so the constant bound is a UUIDv7 one millisecond wider than the
 *   time, and the exact comparison uuid_time_OP(id, t) is added beside it
 *   (time_rewrite_const): TimescaleDB checks what the column holds only on
 *   INSERT into the hypertable, and a v4 UUID of the bound's millisecond put
 *   there by UPDATE must still be found.
 * - A time dimension whose partition_func is the ID type's X_timestamp.
 *   The chunks' constraints are on X_timestamp(id), and TimescaleDB
 *   excludes chunks at executor start only by conditions on that
 *   expression; for a constant ID it applies the function itself, at plan
 *   time.  So a range whose bounds are known only at executor start gets
 *   X_timestamp(id) OP t beside it: the same comparison, once more per row.
 *
 * Both are exact for every value whatever the table is, so a column taken
 * for what it is not costs speed, never rows.  That matters: PostgreSQL
 * simplifies a CHECK constraint for constraint exclusion with the query's
 * range table while its Vars say varno 1 (get_relation_constraints()), so
 * the table the Var seems to name may be another; one whose column at that
 * number is not of the Var's type is not asked about.
 */
static ts_dimension
id_dimension(PlannerInfo *root, Node *id, id_kind kind, Oid *partfunc)
{
	Var		   *var = (Var *) id;
	RangeTblEntry *rte;

	*partfunc = InvalidOid;
	if (root == NULL || root->parse == NULL || !IsA(id, Var) ||
		var->varlevelsup != 0 || var->varattno <= 0 ||
		IS_SPECIAL_VARNO(var->varno) ||
		var->varno > list_length(root->parse->rtable))
		return TS_NONE;
	if (kind == ID_UUID ? var->vartype != UUIDOID : kinds[kind].timestamp_fn == NULL)
		return TS_NONE;
	rte = rt_fetch(var->varno, root->parse->rtable);
	if (rte->rtekind != RTE_RELATION || !OidIsValid(rte->relid) ||
		get_atttype(rte->relid, var->varattno) != var->vartype)
		return TS_NONE;
	return timescaledb_dimension(rte->relid, var->varattno, var->vartype,
								 kinds[kind].timestamp_fn, partfunc);
}

PG_FUNCTION_INFO_V1(scru128_time_support);
Datum
scru128_time_support(PG_FUNCTION_ARGS)
{
	Node	   *rawreq = (Node *) PG_GETARG_POINTER(0);

	if (IsA(rawreq, SupportRequestSimplify))
	{
		SupportRequestSimplify *req = (SupportRequestSimplify *) rawreq;
		FuncExpr   *fcall = req->fcall;
		const time_func *tf;
		Node	   *id;
		Node	   *t;
		Oid			typid;
		Oid			partfunc;
		time_op		op;

		/*
		 * X_time_OP are the comparisons without the rewrite, whatever the
		 * time: the escape hatch from it and the oracle its tests compare
		 * with.  Their SQL (1.2) names this function as their support, so
		 * they are told apart here, before anything else.
		 */
		if (list_length(fcall->args) != 2 ||
			(tf = time_func_lookup(fcall->funcid)) == NULL || tf->plain)
			PG_RETURN_POINTER(NULL);

		id = tf->time_left ? lsecond(fcall->args) : linitial(fcall->args);
		t = tf->time_left ? linitial(fcall->args) : lsecond(fcall->args);
		op = tf->time_left ? time_op_commute(tf->op) : tf->op;
		typid = exprType(id);

		if (IsA(t, Const))
		{
			/* a strict function of a NULL is folded before we are asked */
			if (((Const *) t)->constisnull)
				PG_RETURN_POINTER(NULL);
			PG_RETURN_POINTER(time_rewrite_const(tf, op, fcall->funcid, typid, id, t,
												 tf->kind == ID_UUID &&
												 id_dimension(req->root, id, tf->kind,
															  &partfunc) == TS_UUIDV7));
		}

		/*
		 * The range names each side twice, so not where either side is
		 * volatile (the two would differ) or holds a subquery that runs
		 * per row (it would run twice per row); nor for a constant ID (no
		 * index on it).
		 */
		if (IsA(id, Const) ||
			contain_volatile_functions(id) || contain_volatile_functions(t) ||
			contain_per_row_subquery(id, NULL) || contain_per_row_subquery(t, NULL))
			PG_RETURN_POINTER(NULL);

		/* only a type with an X_timestamp can have it as partition_func */
		if (kinds[tf->kind].timestamp_fn == NULL ||
			id_dimension(req->root, id, tf->kind, &partfunc) != TS_PARTITION_FUNC)
			partfunc = InvalidOid;
		PG_RETURN_POINTER(time_rewrite_param(tf, op, fcall->funcid, typid, id, t,
											 partfunc));
	}

	PG_RETURN_POINTER(NULL);
}

/*
 * typeid.  A typeid is a prefix and a UUID (typeid.c); "id >= t" reads the
 * UUID as uuid does, its leading 48 bits as Unix milliseconds whatever its
 * version.  The order is by prefix, then UUID, so the typeids of one prefix
 * whose time is at or after t are one range of the type, between the
 * prefix with the first UUID of t's millisecond and the prefix with the
 * largest UUID; a column of any prefix has one such range per prefix.
 *
 * So the rewrite needs the prefix, and takes it only from the type of the
 * column: a domain over typeid with CHECK (typeid_check_prefix(VALUE,
 * 'user')), validated, the check being this library's own function called
 * on VALUE with a constant prefix (typeid_domain_prefix).  A column of
 * plain typeid, or of a domain without such a check, keeps the comparison
 * as it is, evaluated row by row.  The domain's owner can drop the check
 * and then store other prefixes; the plan depends on the domain (ALTER
 * DOMAIN sends an invalidation for it), so no plan made with the check
 * outlives it.
 */
#define TYPEID_UUID_BYTES(t)	((const uint8 *) VARDATA_ANY(t))

/* the 48-bit time of a typeid's UUID, freeing a detoasted copy */
static uint64
typeid_arg_timestamp(FunctionCallInfo fcinfo, int argno)
{
	struct varlena *t = (struct varlena *) PG_DETOAST_DATUM_PACKED(PG_GETARG_DATUM(argno));
	uint64		k = be64_load(TYPEID_UUID_BYTES(t)) >> 16;

	PG_FREE_IF_COPY(t, argno);
	return k;
}

#define TYPEID_TIME_CMP(op, OP) \
PG_FUNCTION_INFO_V1(typeid_##op##_timestamptz); \
Datum \
typeid_##op##_timestamptz(PG_FUNCTION_ARGS) \
{ \
	PG_RETURN_BOOL(time_core_compare(typeid_arg_timestamp(fcinfo, 0), TIME_CORE_MS_US, \
									 TIME_OP_##OP, PG_GETARG_TIMESTAMPTZ(1))); \
} \
PG_FUNCTION_INFO_V1(timestamptz_##op##_typeid); \
Datum \
timestamptz_##op##_typeid(PG_FUNCTION_ARGS) \
{ \
	PG_RETURN_BOOL(time_core_compare(typeid_arg_timestamp(fcinfo, 1), TIME_CORE_MS_US, \
									 time_op_commute(TIME_OP_##OP), \
									 PG_GETARG_TIMESTAMPTZ(0))); \
} \
PG_FUNCTION_INFO_V1(typeid_time_##op); \
Datum \
typeid_time_##op(PG_FUNCTION_ARGS) \
{ \
	/* as the negation of the negator: a body of its own, an address of its own */ \
	PG_RETURN_BOOL(!time_core_compare(typeid_arg_timestamp(fcinfo, 0), TIME_CORE_MS_US, \
									  time_op_negate(TIME_OP_##OP), \
									  PG_GETARG_TIMESTAMPTZ(1))); \
}

TYPEID_TIME_CMP(lt, LT)
TYPEID_TIME_CMP(le, LE)
TYPEID_TIME_CMP(gt, GT)
TYPEID_TIME_CMP(ge, GE)

/* a typeid of the prefix (checked) and the UUID of a uuid Datum */
static Datum
typeid_of(const char *prefix, size_t len, Datum uuid)
{
	return PointerGetDatum(scru128_typeid_make(prefix, len,
											   (const uint8 *) DatumGetPointer(uuid)));
}

/*
 * typeid_time_lower(prefix, t, inclusive) and its siblings: uuid's bounds
 * (uuid_time_lower and so on) with the prefix; an invalid prefix is 22023
 */
#define TYPEID_TIME_BOUND(name, expr) \
PG_FUNCTION_INFO_V1(typeid_##name); \
Datum \
typeid_##name(PG_FUNCTION_ARGS) \
{ \
	text	   *prefix = PG_GETARG_TEXT_PP(0); \
	TimestampTz t = PG_GETARG_TIMESTAMPTZ(1); \
	bool		inclusive = PG_GETARG_BOOL(2); \
\
	return typeid_of(VARDATA_ANY(prefix), VARSIZE_ANY_EXHDR(prefix), (expr)); \
}

TYPEID_TIME_BOUND(time_lower, time_lower(ID_UUID, t, inclusive))
TYPEID_TIME_BOUND(time_upper, time_upper(ID_UUID, t, inclusive))
TYPEID_TIME_BOUND(time_lower_end,
				  time_range_end(ID_UUID, t, inclusive ? TIME_OP_GE : TIME_OP_GT))
TYPEID_TIME_BOUND(time_upper_start,
				  time_range_end(ID_UUID, t, inclusive ? TIME_OP_LE : TIME_OP_LT))

/* the functions the support function serves, by C address */
typedef struct typeid_time_func
{
	PGFunction	fn;
	time_op		op;				/* as written */
	bool		time_left;		/* timestamptz OP typeid */
} typeid_time_func;

static const typeid_time_func typeid_time_funcs[] = {
	{typeid_lt_timestamptz, TIME_OP_LT, false},
	{typeid_le_timestamptz, TIME_OP_LE, false},
	{typeid_gt_timestamptz, TIME_OP_GT, false},
	{typeid_ge_timestamptz, TIME_OP_GE, false},
	{timestamptz_lt_typeid, TIME_OP_LT, true},
	{timestamptz_le_typeid, TIME_OP_LE, true},
	{timestamptz_gt_typeid, TIME_OP_GT, true},
	{timestamptz_ge_typeid, TIME_OP_GE, true},
};

/*
 * The prefix of a domain's CHECK constraint if it is the extension's own
 * typeid_check_prefix (by its C address, not its name) called on VALUE
 * with a non-null constant that is a valid prefix; NULL otherwise.
 */
static char *
check_prefix_of(Node *expr, size_t *len)
{
	FuncExpr   *fexpr = (FuncExpr *) expr;
	Node	   *value;
	Const	   *prefix;
	text	   *p;
	size_t		bad_pos;

	if (expr == NULL || !IsA(expr, FuncExpr) || list_length(fexpr->args) != 2 ||
		!scru128_is_own_function(fexpr->funcid, typeid_check_prefix_sql))
		return NULL;
	value = linitial(fexpr->args);
	while (IsA(value, RelabelType))
		value = (Node *) ((RelabelType *) value)->arg;
	prefix = (Const *) lsecond(fexpr->args);
	if (!IsA(value, CoerceToDomainValue) || !IsA(prefix, Const) ||
		prefix->consttype != TEXTOID || prefix->constisnull)
		return NULL;
	p = DatumGetTextPP(prefix->constvalue);
	*len = VARSIZE_ANY_EXHDR(p);
	if (typeid_check_prefix(VARDATA_ANY(p), *len, &bad_pos) != TYPEID_OK)
		return NULL;
	return pnstrdup(VARDATA_ANY(p), *len);
}

/* the prefix of the validated CHECK constraints of one domain, or NULL */
static char *
domain_check_prefix(Oid domain, size_t *len)
{
	Relation	rel = table_open(ConstraintRelationId, AccessShareLock);
	ScanKeyData key;
	SysScanDesc scan;
	HeapTuple	tup;
	char	   *prefix = NULL;

	ScanKeyInit(&key, Anum_pg_constraint_contypid, BTEqualStrategyNumber,
				F_OIDEQ, ObjectIdGetDatum(domain));
	scan = systable_beginscan(rel, ConstraintTypidIndexId, true, NULL, 1, &key);
	while (prefix == NULL && HeapTupleIsValid(tup = systable_getnext(scan)))
	{
		Form_pg_constraint con = (Form_pg_constraint) GETSTRUCT(tup);
		bool		isnull;
		Datum		bin;

		/* NOT VALID: the rows stored before it may break it */
		if (con->contype != CONSTRAINT_CHECK || !con->convalidated)
			continue;
		bin = heap_getattr(tup, Anum_pg_constraint_conbin,
						   RelationGetDescr(rel), &isnull);
		if (!isnull)
			prefix = check_prefix_of(stringToNode(TextDatumGetCString(bin)), len);
	}
	systable_endscan(scan);
	table_close(rel, AccessShareLock);
	return prefix;
}

/* the type a domain is over (one level), InvalidOid for a type not a domain */
static Oid
domain_base(Oid typid)
{
	HeapTuple	tup = SearchSysCache1(TYPEOID, ObjectIdGetDatum(typid));
	Oid			base = InvalidOid;

	if (HeapTupleIsValid(tup))
	{
		Form_pg_type form = (Form_pg_type) GETSTRUCT(tup);

		if (form->typtype == TYPTYPE_DOMAIN)
			base = form->typbasetype;
		ReleaseSysCache(tup);
	}
	return base;
}

/*
 * The one prefix every value of id has, or NULL: id must be a column of a
 * table (not a foreign table, whose rows no CHECK has seen), of a domain
 * (or a domain over one) with the check above.  Every domain looked at
 * becomes a dependency of the plan.
 */
static char *
typeid_domain_prefix(PlannerInfo *root, Node *id, size_t *len)
{
	Var		   *var;
	RangeTblEntry *rte;
	Oid			typid;
	Oid			base;

	while (IsA(id, RelabelType))
		id = (Node *) ((RelabelType *) id)->arg;
	var = (Var *) id;
	if (root == NULL || root->parse == NULL || !IsA(id, Var) ||
		var->varlevelsup != 0 || var->varattno <= 0 ||
		IS_SPECIAL_VARNO(var->varno) ||
		var->varno > list_length(root->parse->rtable))
		return NULL;
	rte = rt_fetch(var->varno, root->parse->rtable);
	if (rte->rtekind != RTE_RELATION ||
		(rte->relkind != RELKIND_RELATION &&
		 rte->relkind != RELKIND_PARTITIONED_TABLE &&
		 rte->relkind != RELKIND_MATVIEW) ||
		get_atttype(rte->relid, var->varattno) != var->vartype)
		return NULL;

	for (typid = var->vartype; OidIsValid(base = domain_base(typid)); typid = base)
	{
		char	   *prefix;

		record_plan_type_dependency(root, typid);
		prefix = domain_check_prefix(typid, len);
		if (prefix != NULL)
			return prefix;
	}
	return NULL;
}

/* a constant typeid of the prefix and a uuid Datum */
static Node *
typeid_const(Oid typid, const char *prefix, size_t len, Datum uuid)
{
	return (Node *) makeConst(typid, -1, InvalidOid, -1,
							  typeid_of(prefix, len, uuid), false, false);
}

/*
 * id OP t on a column of one prefix, t constant: one comparison with a
 * constant typeid of the prefix, as for the other types.  "Every ID" is id
 * >= the prefix's smallest typeid (or <= its largest), "no ID" is id > its
 * largest (or < its smallest), NULL for a NULL id as the original.
 */
static Node *
typeid_rewrite_const(Oid typid, const char *prefix, size_t len, time_op op,
					 Node *id, TimestampTz t)
{
	uint64		k = 0;
	bool		from = (op == TIME_OP_GT || op == TIME_OP_GE);
	int16		strategy;
	Datum		uuid;

	switch (time_core_range(t, op, TIME_CORE_MS_US, kinds[ID_UUID].kmax, &k))
	{
		case TIME_RANGE_ALL:
			strategy = from ? BTGreaterEqualStrategyNumber : BTLessEqualStrategyNumber;
			uuid = id_extreme(ID_UUID, !from);
			break;
		case TIME_RANGE_NONE:
			strategy = from ? BTGreaterStrategyNumber : BTLessStrategyNumber;
			uuid = id_extreme(ID_UUID, from);
			break;
		case TIME_RANGE_FROM:
			strategy = BTGreaterEqualStrategyNumber;
			uuid = id_make(ID_UUID, k, false);
			break;
		case TIME_RANGE_UPTO:
			strategy = BTLessEqualStrategyNumber;
			uuid = id_make(ID_UUID, k, true);
			break;
		default:
			return NULL;
	}
	return id_comparison(typid, strategy, id, typeid_const(typid, prefix, len, uuid));
}

/*
 * id OP t on a column of one prefix, t fixed during a scan: the range
 * between typeid_time_lower(prefix, t, inclusive) and
 * typeid_time_lower_end(prefix, t, inclusive) (upper and upper_start for
 * <= and <), exact as uuid's range is.
 */
static Node *
typeid_rewrite_param(Oid funcid, Oid typid, const char *prefix, size_t len,
					 time_op op, Node *id, Node *t)
{
	bool		from = (op == TIME_OP_GT || op == TIME_OP_GE);
	bool		inclusive = (op == TIME_OP_GE || op == TIME_OP_LE);
	Oid			argtypes[3] = {TEXTOID, TIMESTAMPTZOID, BOOLOID};
	Oid			boundfn;
	Oid			endfn;
	Node	   *bound;
	Node	   *end;
	Node	   *p;

	boundfn = own_function_beside(funcid, from ? "typeid_time_lower" : "typeid_time_upper",
								  3, argtypes, from ? typeid_time_lower : typeid_time_upper);
	endfn = own_function_beside(funcid, from ? "typeid_time_lower_end" : "typeid_time_upper_start",
								3, argtypes, from ? typeid_time_lower_end : typeid_time_upper_start);
	if (!OidIsValid(boundfn) || !OidIsValid(endfn))
		return NULL;

	p = (Node *) makeConst(TEXTOID, -1, DEFAULT_COLLATION_OID, -1,
						   PointerGetDatum(cstring_to_text_with_len(prefix, (int) len)),
						   false, false);
	bound = id_comparison(typid,
						  from ? BTGreaterEqualStrategyNumber : BTLessEqualStrategyNumber,
						  copyObject(id),
						  (Node *) makeFuncExpr(boundfn, typid,
												list_make3(copyObject(p), copyObject(t),
														   makeBoolConst(inclusive, false)),
												InvalidOid, InvalidOid, COERCE_EXPLICIT_CALL));
	end = id_comparison(typid,
						from ? BTLessEqualStrategyNumber : BTGreaterEqualStrategyNumber,
						id,
						(Node *) makeFuncExpr(endfn, typid,
											  list_make3(p, t, makeBoolConst(inclusive, false)),
											  InvalidOid, InvalidOid, COERCE_EXPLICIT_CALL));
	if (bound == NULL || end == NULL)
		return NULL;
	return (Node *) make_andclause(list_make2(bound, end));
}

PG_FUNCTION_INFO_V1(typeid_time_support);
Datum
typeid_time_support(PG_FUNCTION_ARGS)
{
	Node	   *rawreq = (Node *) PG_GETARG_POINTER(0);
	SupportRequestSimplify *req;
	FuncExpr   *fcall;
	const typeid_time_func *tf = NULL;
	FmgrInfo	flinfo;
	Node	   *id;
	Node	   *t;
	time_op		op;
	char	   *prefix;
	size_t		len = 0;
	int			i;

	if (!IsA(rawreq, SupportRequestSimplify))
		PG_RETURN_POINTER(NULL);
	req = (SupportRequestSimplify *) rawreq;
	fcall = req->fcall;
	if (list_length(fcall->args) != 2)
		PG_RETURN_POINTER(NULL);
	fmgr_info(fcall->funcid, &flinfo);
	for (i = 0; i < lengthof(typeid_time_funcs); i++)
		if (typeid_time_funcs[i].fn == flinfo.fn_addr)
			tf = &typeid_time_funcs[i];
	if (tf == NULL)
		PG_RETURN_POINTER(NULL);

	id = tf->time_left ? lsecond(fcall->args) : linitial(fcall->args);
	t = tf->time_left ? linitial(fcall->args) : lsecond(fcall->args);
	op = tf->time_left ? time_op_commute(tf->op) : tf->op;

	/* a strict function of a NULL is folded before we are asked */
	if (IsA(t, Const) && ((Const *) t)->constisnull)
		PG_RETURN_POINTER(NULL);
	/* as for the other types: each side is named twice in a range */
	if (!IsA(t, Const) &&
		(contain_volatile_functions(id) || contain_volatile_functions(t) ||
		 contain_per_row_subquery(id, NULL) || contain_per_row_subquery(t, NULL)))
		PG_RETURN_POINTER(NULL);
	if ((prefix = typeid_domain_prefix(req->root, id, &len)) == NULL)
		PG_RETURN_POINTER(NULL);

	if (IsA(t, Const))
		PG_RETURN_POINTER(typeid_rewrite_const(exprType(id), prefix, len, op, id,
											   DatumGetTimestampTz(((Const *) t)->constvalue)));
	PG_RETURN_POINTER(typeid_rewrite_param(fcall->funcid, exprType(id), prefix, len,
										   op, id, t));
}

/*
 * RANGE window frames by time: B-tree in_range support (function 3) for
 * (X, interval).  As core's in_range for timestamptz: the time of val
 * compared with the time of base plus or minus the offset, the same
 * error for a negative offset, and the same interval arithmetic (in the
 * session's time zone, infinite intervals on PostgreSQL 17 and later).
 * The time of an ID never decreases as the ID increases, so the result is
 * monotone in val as B-tree requires.
 */
static bool
id_in_range(id_kind kind, Datum val, Datum base, Interval *offset, bool sub,
			bool less)
{
	Interval	zero;
	int64		unit = kinds[kind].unit_us;
	TimestampTz base_t;
	TimestampTz sum;
	TimestampTz val_t;

	memset(&zero, 0, sizeof(zero));
	if (DatumGetBool(DirectFunctionCall2(interval_lt, IntervalPGetDatum(offset),
										 IntervalPGetDatum(&zero))))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PRECEDING_OR_FOLLOWING_SIZE),
				 errmsg("invalid preceding or following size in window function")));

	base_t = (int64) id_timestamp(kind, base) * unit - SCRU128_PG_EPOCH_OFFSET_US;
	val_t = (int64) id_timestamp(kind, val) * unit - SCRU128_PG_EPOCH_OFFSET_US;
	sum = DatumGetTimestampTz(DirectFunctionCall2(sub ? timestamptz_mi_interval :
												  timestamptz_pl_interval,
												  TimestampTzGetDatum(base_t),
												  IntervalPGetDatum(offset)));
	return less ? val_t <= sum : val_t >= sum;
}

#define TIME_IN_RANGE(cname, kind) \
PG_FUNCTION_INFO_V1(cname##_in_range_interval); \
Datum \
cname##_in_range_interval(PG_FUNCTION_ARGS) \
{ \
	PG_RETURN_BOOL(id_in_range((kind), PG_GETARG_DATUM(0), PG_GETARG_DATUM(1), \
							   PG_GETARG_INTERVAL_P(2), PG_GETARG_BOOL(3), \
							   PG_GETARG_BOOL(4))); \
}

TIME_IN_RANGE(scru128, ID_SCRU128)
TIME_IN_RANGE(scru160, ID_SCRU160)
TIME_IN_RANGE(scru64, ID_SCRU64)
TIME_IN_RANGE(ulid, ID_ULID)

/* the hint of the input errors of the ID types (scru128_pg.h) */
bool
scru128_text_is_time(const char *str)
{
	return time_core_looks_like_time(str);
}
