
--
-- typeid compared with timestamptz (issue 41): <, <=, >, >= in both operand
-- orders, as for uuid: "id >= t" means that the leading 48 bits of the
-- TypeID's UUID, read as Unix milliseconds (the time of a UUIDv7), are at or
-- after t, whatever the UUID's version.  No = or <>, in no operator family.
--
-- typeid_time_support rewrites a comparison on a column of one prefix (a
-- domain over typeid with a validated CHECK (typeid_check_prefix(VALUE,
-- 'user'))) into a range of that prefix's typeids (src/pg/time_ops.c): with
-- a constant time, one exact comparison with a constant typeid; otherwise
-- id >= typeid_time_lower('user', t, ...) AND id <= typeid_time_lower_end(
-- 'user', t, ...).  A column of any prefix keeps the comparison, evaluated
-- row by row; typeid_time_lower and its siblings give the range of one
-- prefix there too.  The comparisons are IMMUTABLE and cannot fail; the
-- bounds raise 22023 for an invalid prefix.
--
CREATE FUNCTION typeid_time_support(internal) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION typeid_time_support(internal) IS 'planner support of the comparisons of typeid with times: on a column of a domain of one prefix, rewrites them as ranges of that prefix''s typeids';

CREATE FUNCTION typeid_time_lower(prefix text, t timestamptz, inclusive boolean) RETURNS typeid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION typeid_time_upper(prefix text, t timestamptz, inclusive boolean) RETURNS typeid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION typeid_time_lower_end(prefix text, t timestamptz, inclusive boolean) RETURNS typeid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION typeid_time_upper_start(prefix text, t timestamptz, inclusive boolean) RETURNS typeid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION typeid_time_lower(text, timestamptz, boolean) IS 'smallest typeid of the prefix whose time is at or after t (after t if not inclusive); the prefix''s largest if there is none; invalid prefix: 22023';
COMMENT ON FUNCTION typeid_time_upper(text, timestamptz, boolean) IS 'largest typeid of the prefix whose time is at or before t (before t if not inclusive); the prefix''s smallest if there is none; invalid prefix: 22023';
COMMENT ON FUNCTION typeid_time_lower_end(text, timestamptz, boolean) IS 'the prefix''s largest typeid if one of its typeids has its time at or after t (after t if not inclusive), else its smallest: the upper end of the range typeid_time_lower starts; invalid prefix: 22023';
COMMENT ON FUNCTION typeid_time_upper_start(text, timestamptz, boolean) IS 'the prefix''s smallest typeid if one of its typeids has its time at or before t (before t if not inclusive), else its largest: the lower end of the range typeid_time_upper ends; invalid prefix: 22023';

CREATE FUNCTION typeid_time_lt(typeid, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid_time_le(typeid, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid_time_gt(typeid, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION typeid_time_ge(typeid, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION typeid_time_lt(typeid, timestamptz) IS 'is the time of the typeid before the timestamptz? (the operator < as a function the planner does not rewrite into a range of typeids)';
COMMENT ON FUNCTION typeid_time_le(typeid, timestamptz) IS 'is the time of the typeid at or before the timestamptz? (the operator <= as a function the planner does not rewrite into a range of typeids)';
COMMENT ON FUNCTION typeid_time_gt(typeid, timestamptz) IS 'is the time of the typeid after the timestamptz? (the operator > as a function the planner does not rewrite into a range of typeids)';
COMMENT ON FUNCTION typeid_time_ge(typeid, timestamptz) IS 'is the time of the typeid at or after the timestamptz? (the operator >= as a function the planner does not rewrite into a range of typeids)';

CREATE FUNCTION typeid_lt_timestamptz(typeid, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT typeid_time_support;
CREATE FUNCTION typeid_le_timestamptz(typeid, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT typeid_time_support;
CREATE FUNCTION typeid_gt_timestamptz(typeid, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT typeid_time_support;
CREATE FUNCTION typeid_ge_timestamptz(typeid, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT typeid_time_support;
CREATE FUNCTION timestamptz_lt_typeid(timestamptz, typeid) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT typeid_time_support;
CREATE FUNCTION timestamptz_le_typeid(timestamptz, typeid) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT typeid_time_support;
CREATE FUNCTION timestamptz_gt_typeid(timestamptz, typeid) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT typeid_time_support;
CREATE FUNCTION timestamptz_ge_typeid(timestamptz, typeid) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT typeid_time_support;
COMMENT ON FUNCTION typeid_lt_timestamptz(typeid, timestamptz) IS 'implementation of < operator (typeid, timestamptz)';
COMMENT ON FUNCTION typeid_le_timestamptz(typeid, timestamptz) IS 'implementation of <= operator (typeid, timestamptz)';
COMMENT ON FUNCTION typeid_gt_timestamptz(typeid, timestamptz) IS 'implementation of > operator (typeid, timestamptz)';
COMMENT ON FUNCTION typeid_ge_timestamptz(typeid, timestamptz) IS 'implementation of >= operator (typeid, timestamptz)';
COMMENT ON FUNCTION timestamptz_lt_typeid(timestamptz, typeid) IS 'implementation of < operator (timestamptz, typeid)';
COMMENT ON FUNCTION timestamptz_le_typeid(timestamptz, typeid) IS 'implementation of <= operator (timestamptz, typeid)';
COMMENT ON FUNCTION timestamptz_gt_typeid(timestamptz, typeid) IS 'implementation of > operator (timestamptz, typeid)';
COMMENT ON FUNCTION timestamptz_ge_typeid(timestamptz, typeid) IS 'implementation of >= operator (timestamptz, typeid)';

CREATE OPERATOR < (
	LEFTARG = typeid, RIGHTARG = timestamptz, FUNCTION = typeid_lt_timestamptz,
	COMMUTATOR = >, NEGATOR = >=,
	RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR <= (
	LEFTARG = typeid, RIGHTARG = timestamptz, FUNCTION = typeid_le_timestamptz,
	COMMUTATOR = >=, NEGATOR = >,
	RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR > (
	LEFTARG = typeid, RIGHTARG = timestamptz, FUNCTION = typeid_gt_timestamptz,
	COMMUTATOR = <, NEGATOR = <=,
	RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR >= (
	LEFTARG = typeid, RIGHTARG = timestamptz, FUNCTION = typeid_ge_timestamptz,
	COMMUTATOR = <=, NEGATOR = <,
	RESTRICT = scalargesel, JOIN = scalargejoinsel
);
CREATE OPERATOR < (
	LEFTARG = timestamptz, RIGHTARG = typeid, FUNCTION = timestamptz_lt_typeid,
	COMMUTATOR = >, NEGATOR = >=,
	RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR <= (
	LEFTARG = timestamptz, RIGHTARG = typeid, FUNCTION = timestamptz_le_typeid,
	COMMUTATOR = >=, NEGATOR = >,
	RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR > (
	LEFTARG = timestamptz, RIGHTARG = typeid, FUNCTION = timestamptz_gt_typeid,
	COMMUTATOR = <, NEGATOR = <=,
	RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR >= (
	LEFTARG = timestamptz, RIGHTARG = typeid, FUNCTION = timestamptz_ge_typeid,
	COMMUTATOR = <=, NEGATOR = <,
	RESTRICT = scalargesel, JOIN = scalargejoinsel
);
COMMENT ON OPERATOR < (typeid, timestamptz) IS 'time of the typeid before the timestamptz';
COMMENT ON OPERATOR <= (typeid, timestamptz) IS 'time of the typeid at or before the timestamptz';
COMMENT ON OPERATOR > (typeid, timestamptz) IS 'time of the typeid after the timestamptz';
COMMENT ON OPERATOR >= (typeid, timestamptz) IS 'time of the typeid at or after the timestamptz';
COMMENT ON OPERATOR < (timestamptz, typeid) IS 'timestamptz before the time of the typeid';
COMMENT ON OPERATOR <= (timestamptz, typeid) IS 'timestamptz at or before the time of the typeid';
COMMENT ON OPERATOR > (timestamptz, typeid) IS 'timestamptz after the time of the typeid';
COMMENT ON OPERATOR >= (timestamptz, typeid) IS 'timestamptz at or after the time of the typeid';

--
-- BRIN minmax and bloom.  Minmax takes the wrappers of 1.2
-- (scru_brin_minmax_*), so that a column of a domain over typeid, the
-- usual column of one prefix, can be indexed (src/pg/brin_domain.c); with
-- the rewrite above it serves time queries.  No minmax-multi: it needs a
-- distance between values, and there is none between prefixes.
--
CREATE OPERATOR CLASS typeid_minmax_ops
	DEFAULT FOR TYPE typeid USING brin AS
		OPERATOR 1 <,
		OPERATOR 2 <=,
		OPERATOR 3 =,
		OPERATOR 4 >=,
		OPERATOR 5 >,
		FUNCTION 1 brin_minmax_opcinfo(internal),
		FUNCTION 2 scru_brin_minmax_add_value(internal, internal, internal, internal),
		FUNCTION 3 scru_brin_minmax_consistent(internal, internal, internal),
		FUNCTION 4 scru_brin_minmax_union(internal, internal, internal);

CREATE OPERATOR CLASS typeid_bloom_ops
	FOR TYPE typeid USING brin AS
		OPERATOR 1 =,
		FUNCTION 1 brin_bloom_opcinfo(internal),
		FUNCTION 2 brin_bloom_add_value(internal, internal, internal, internal),
		FUNCTION 3 brin_bloom_consistent(internal, internal, internal, integer),
		FUNCTION 4 brin_bloom_union(internal, internal, internal),
		FUNCTION 5 brin_bloom_options(internal),
		FUNCTION 11 typeid_hash(typeid);

COMMENT ON OPERATOR CLASS typeid_minmax_ops USING brin IS 'default BRIN minmax operator class for typeid (and domains over it)';
COMMENT ON OPERATOR FAMILY typeid_minmax_ops USING brin IS 'BRIN minmax operator family for typeid';
COMMENT ON OPERATOR CLASS typeid_bloom_ops USING brin IS 'BRIN bloom operator class for typeid (equality only)';
COMMENT ON OPERATOR FAMILY typeid_bloom_ops USING brin IS 'BRIN bloom operator family for typeid';
