
--
-- Comparing IDs with times (issue 16): the operators <, <=, >, >= between
-- each ID type and timestamptz, in both operand orders.  "id >= t" means
-- that the ID's own timestamp is at or after t: the start of its
-- millisecond (scru128, scru160), of its 256 ms tick (scru64), or the
-- leading 48 bits read as Unix milliseconds (uuid, the UUIDv7 layout).
-- No = or <>, and in no operator family: "the same time as" is not
-- transitive between IDs.
--
-- The planner support function turns each comparison into a range of IDs
-- (see src/time_ops.c): with a constant time, one exact comparison with a
-- constant ID; otherwise id >= X_time_lower(t, ...) AND id <=
-- X_time_lower_end(t, ...) (for < and <=, X_time_upper and
-- X_time_upper_start): two bounds an index, BRIN or partition pruning can
-- use, the second making the range empty when no ID qualifies.  Everything
-- here is IMMUTABLE and cannot fail, whatever the time (infinities
-- included).
--
CREATE FUNCTION scru128_time_support(internal) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION scru128_time_support(internal) IS 'planner support of the comparisons of IDs with times: rewrites them as ranges of IDs';


--
-- scru128: the time of an ID is the start of its millisecond
--
CREATE FUNCTION scru128_time_lower(t timestamptz, inclusive boolean) RETURNS scru128
	AS 'MODULE_PATHNAME', 'scru128_time_lower' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru128_time_upper(t timestamptz, inclusive boolean) RETURNS scru128
	AS 'MODULE_PATHNAME', 'scru128_time_upper' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION scru128_time_lower(timestamptz, boolean) IS 'smallest scru128 whose time is at or after t (after t if not inclusive); the largest scru128 if there is none';
COMMENT ON FUNCTION scru128_time_upper(timestamptz, boolean) IS 'largest scru128 whose time is at or before t (before t if not inclusive); the smallest scru128 if there is none';
CREATE FUNCTION scru128_time_lower_end(t timestamptz, inclusive boolean) RETURNS scru128
	AS 'MODULE_PATHNAME', 'scru128_time_lower_end' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru128_time_upper_start(t timestamptz, inclusive boolean) RETURNS scru128
	AS 'MODULE_PATHNAME', 'scru128_time_upper_start' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION scru128_time_lower_end(timestamptz, boolean) IS 'the largest scru128 if some scru128 has its time at or after t (after t if not inclusive), else the smallest: the upper end of the range scru128_time_lower starts';
COMMENT ON FUNCTION scru128_time_upper_start(timestamptz, boolean) IS 'the smallest scru128 if some scru128 has its time at or before t (before t if not inclusive), else the largest: the lower end of the range scru128_time_upper ends';

CREATE FUNCTION scru128_time_lt(scru128, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME', 'scru128_time_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION scru128_time_le(scru128, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME', 'scru128_time_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION scru128_time_gt(scru128, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME', 'scru128_time_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION scru128_time_ge(scru128, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME', 'scru128_time_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
COMMENT ON FUNCTION scru128_time_lt(scru128, timestamptz) IS 'is the time of the scru128 before the timestamptz? (the operator < as a function the planner does not rewrite into a range of IDs)';
COMMENT ON FUNCTION scru128_time_le(scru128, timestamptz) IS 'is the time of the scru128 at or before the timestamptz? (the operator <= as a function the planner does not rewrite into a range of IDs)';
COMMENT ON FUNCTION scru128_time_gt(scru128, timestamptz) IS 'is the time of the scru128 after the timestamptz? (the operator > as a function the planner does not rewrite into a range of IDs)';
COMMENT ON FUNCTION scru128_time_ge(scru128, timestamptz) IS 'is the time of the scru128 at or after the timestamptz? (the operator >= as a function the planner does not rewrite into a range of IDs)';

CREATE FUNCTION scru128_lt_timestamptz(scru128, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME', 'scru128_lt_timestamptz' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION scru128_le_timestamptz(scru128, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME', 'scru128_le_timestamptz' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION scru128_gt_timestamptz(scru128, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME', 'scru128_gt_timestamptz' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION scru128_ge_timestamptz(scru128, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME', 'scru128_ge_timestamptz' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION timestamptz_lt_scru128(timestamptz, scru128) RETURNS boolean
	AS 'MODULE_PATHNAME', 'timestamptz_lt_scru128' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION timestamptz_le_scru128(timestamptz, scru128) RETURNS boolean
	AS 'MODULE_PATHNAME', 'timestamptz_le_scru128' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION timestamptz_gt_scru128(timestamptz, scru128) RETURNS boolean
	AS 'MODULE_PATHNAME', 'timestamptz_gt_scru128' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION timestamptz_ge_scru128(timestamptz, scru128) RETURNS boolean
	AS 'MODULE_PATHNAME', 'timestamptz_ge_scru128' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
COMMENT ON FUNCTION scru128_lt_timestamptz(scru128, timestamptz) IS 'implementation of < operator (scru128, timestamptz)';
COMMENT ON FUNCTION scru128_le_timestamptz(scru128, timestamptz) IS 'implementation of <= operator (scru128, timestamptz)';
COMMENT ON FUNCTION scru128_gt_timestamptz(scru128, timestamptz) IS 'implementation of > operator (scru128, timestamptz)';
COMMENT ON FUNCTION scru128_ge_timestamptz(scru128, timestamptz) IS 'implementation of >= operator (scru128, timestamptz)';
COMMENT ON FUNCTION timestamptz_lt_scru128(timestamptz, scru128) IS 'implementation of < operator (timestamptz, scru128)';
COMMENT ON FUNCTION timestamptz_le_scru128(timestamptz, scru128) IS 'implementation of <= operator (timestamptz, scru128)';
COMMENT ON FUNCTION timestamptz_gt_scru128(timestamptz, scru128) IS 'implementation of > operator (timestamptz, scru128)';
COMMENT ON FUNCTION timestamptz_ge_scru128(timestamptz, scru128) IS 'implementation of >= operator (timestamptz, scru128)';

CREATE OPERATOR < (
	LEFTARG = scru128, RIGHTARG = timestamptz, FUNCTION = scru128_lt_timestamptz,
	COMMUTATOR = >, NEGATOR = >=,
	RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR <= (
	LEFTARG = scru128, RIGHTARG = timestamptz, FUNCTION = scru128_le_timestamptz,
	COMMUTATOR = >=, NEGATOR = >,
	RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR > (
	LEFTARG = scru128, RIGHTARG = timestamptz, FUNCTION = scru128_gt_timestamptz,
	COMMUTATOR = <, NEGATOR = <=,
	RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR >= (
	LEFTARG = scru128, RIGHTARG = timestamptz, FUNCTION = scru128_ge_timestamptz,
	COMMUTATOR = <=, NEGATOR = <,
	RESTRICT = scalargesel, JOIN = scalargejoinsel
);
CREATE OPERATOR < (
	LEFTARG = timestamptz, RIGHTARG = scru128, FUNCTION = timestamptz_lt_scru128,
	COMMUTATOR = >, NEGATOR = >=,
	RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR <= (
	LEFTARG = timestamptz, RIGHTARG = scru128, FUNCTION = timestamptz_le_scru128,
	COMMUTATOR = >=, NEGATOR = >,
	RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR > (
	LEFTARG = timestamptz, RIGHTARG = scru128, FUNCTION = timestamptz_gt_scru128,
	COMMUTATOR = <, NEGATOR = <=,
	RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR >= (
	LEFTARG = timestamptz, RIGHTARG = scru128, FUNCTION = timestamptz_ge_scru128,
	COMMUTATOR = <=, NEGATOR = <,
	RESTRICT = scalargesel, JOIN = scalargejoinsel
);
COMMENT ON OPERATOR < (scru128, timestamptz) IS 'time of the scru128 before the timestamptz';
COMMENT ON OPERATOR <= (scru128, timestamptz) IS 'time of the scru128 at or before the timestamptz';
COMMENT ON OPERATOR > (scru128, timestamptz) IS 'time of the scru128 after the timestamptz';
COMMENT ON OPERATOR >= (scru128, timestamptz) IS 'time of the scru128 at or after the timestamptz';
COMMENT ON OPERATOR < (timestamptz, scru128) IS 'timestamptz before the time of the scru128';
COMMENT ON OPERATOR <= (timestamptz, scru128) IS 'timestamptz at or before the time of the scru128';
COMMENT ON OPERATOR > (timestamptz, scru128) IS 'timestamptz after the time of the scru128';
COMMENT ON OPERATOR >= (timestamptz, scru128) IS 'timestamptz at or after the time of the scru128';

--
-- scru160: the time of an ID is the start of its millisecond
--
CREATE FUNCTION scru160_time_lower(t timestamptz, inclusive boolean) RETURNS scru160
	AS 'MODULE_PATHNAME', 'scru160_time_lower' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru160_time_upper(t timestamptz, inclusive boolean) RETURNS scru160
	AS 'MODULE_PATHNAME', 'scru160_time_upper' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION scru160_time_lower(timestamptz, boolean) IS 'smallest scru160 whose time is at or after t (after t if not inclusive); the largest scru160 if there is none';
COMMENT ON FUNCTION scru160_time_upper(timestamptz, boolean) IS 'largest scru160 whose time is at or before t (before t if not inclusive); the smallest scru160 if there is none';
CREATE FUNCTION scru160_time_lower_end(t timestamptz, inclusive boolean) RETURNS scru160
	AS 'MODULE_PATHNAME', 'scru160_time_lower_end' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru160_time_upper_start(t timestamptz, inclusive boolean) RETURNS scru160
	AS 'MODULE_PATHNAME', 'scru160_time_upper_start' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION scru160_time_lower_end(timestamptz, boolean) IS 'the largest scru160 if some scru160 has its time at or after t (after t if not inclusive), else the smallest: the upper end of the range scru160_time_lower starts';
COMMENT ON FUNCTION scru160_time_upper_start(timestamptz, boolean) IS 'the smallest scru160 if some scru160 has its time at or before t (before t if not inclusive), else the largest: the lower end of the range scru160_time_upper ends';

CREATE FUNCTION scru160_time_lt(scru160, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME', 'scru160_time_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION scru160_time_le(scru160, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME', 'scru160_time_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION scru160_time_gt(scru160, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME', 'scru160_time_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION scru160_time_ge(scru160, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME', 'scru160_time_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
COMMENT ON FUNCTION scru160_time_lt(scru160, timestamptz) IS 'is the time of the scru160 before the timestamptz? (the operator < as a function the planner does not rewrite into a range of IDs)';
COMMENT ON FUNCTION scru160_time_le(scru160, timestamptz) IS 'is the time of the scru160 at or before the timestamptz? (the operator <= as a function the planner does not rewrite into a range of IDs)';
COMMENT ON FUNCTION scru160_time_gt(scru160, timestamptz) IS 'is the time of the scru160 after the timestamptz? (the operator > as a function the planner does not rewrite into a range of IDs)';
COMMENT ON FUNCTION scru160_time_ge(scru160, timestamptz) IS 'is the time of the scru160 at or after the timestamptz? (the operator >= as a function the planner does not rewrite into a range of IDs)';

CREATE FUNCTION scru160_lt_timestamptz(scru160, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME', 'scru160_lt_timestamptz' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION scru160_le_timestamptz(scru160, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME', 'scru160_le_timestamptz' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION scru160_gt_timestamptz(scru160, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME', 'scru160_gt_timestamptz' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION scru160_ge_timestamptz(scru160, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME', 'scru160_ge_timestamptz' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION timestamptz_lt_scru160(timestamptz, scru160) RETURNS boolean
	AS 'MODULE_PATHNAME', 'timestamptz_lt_scru160' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION timestamptz_le_scru160(timestamptz, scru160) RETURNS boolean
	AS 'MODULE_PATHNAME', 'timestamptz_le_scru160' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION timestamptz_gt_scru160(timestamptz, scru160) RETURNS boolean
	AS 'MODULE_PATHNAME', 'timestamptz_gt_scru160' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION timestamptz_ge_scru160(timestamptz, scru160) RETURNS boolean
	AS 'MODULE_PATHNAME', 'timestamptz_ge_scru160' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
COMMENT ON FUNCTION scru160_lt_timestamptz(scru160, timestamptz) IS 'implementation of < operator (scru160, timestamptz)';
COMMENT ON FUNCTION scru160_le_timestamptz(scru160, timestamptz) IS 'implementation of <= operator (scru160, timestamptz)';
COMMENT ON FUNCTION scru160_gt_timestamptz(scru160, timestamptz) IS 'implementation of > operator (scru160, timestamptz)';
COMMENT ON FUNCTION scru160_ge_timestamptz(scru160, timestamptz) IS 'implementation of >= operator (scru160, timestamptz)';
COMMENT ON FUNCTION timestamptz_lt_scru160(timestamptz, scru160) IS 'implementation of < operator (timestamptz, scru160)';
COMMENT ON FUNCTION timestamptz_le_scru160(timestamptz, scru160) IS 'implementation of <= operator (timestamptz, scru160)';
COMMENT ON FUNCTION timestamptz_gt_scru160(timestamptz, scru160) IS 'implementation of > operator (timestamptz, scru160)';
COMMENT ON FUNCTION timestamptz_ge_scru160(timestamptz, scru160) IS 'implementation of >= operator (timestamptz, scru160)';

CREATE OPERATOR < (
	LEFTARG = scru160, RIGHTARG = timestamptz, FUNCTION = scru160_lt_timestamptz,
	COMMUTATOR = >, NEGATOR = >=,
	RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR <= (
	LEFTARG = scru160, RIGHTARG = timestamptz, FUNCTION = scru160_le_timestamptz,
	COMMUTATOR = >=, NEGATOR = >,
	RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR > (
	LEFTARG = scru160, RIGHTARG = timestamptz, FUNCTION = scru160_gt_timestamptz,
	COMMUTATOR = <, NEGATOR = <=,
	RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR >= (
	LEFTARG = scru160, RIGHTARG = timestamptz, FUNCTION = scru160_ge_timestamptz,
	COMMUTATOR = <=, NEGATOR = <,
	RESTRICT = scalargesel, JOIN = scalargejoinsel
);
CREATE OPERATOR < (
	LEFTARG = timestamptz, RIGHTARG = scru160, FUNCTION = timestamptz_lt_scru160,
	COMMUTATOR = >, NEGATOR = >=,
	RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR <= (
	LEFTARG = timestamptz, RIGHTARG = scru160, FUNCTION = timestamptz_le_scru160,
	COMMUTATOR = >=, NEGATOR = >,
	RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR > (
	LEFTARG = timestamptz, RIGHTARG = scru160, FUNCTION = timestamptz_gt_scru160,
	COMMUTATOR = <, NEGATOR = <=,
	RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR >= (
	LEFTARG = timestamptz, RIGHTARG = scru160, FUNCTION = timestamptz_ge_scru160,
	COMMUTATOR = <=, NEGATOR = <,
	RESTRICT = scalargesel, JOIN = scalargejoinsel
);
COMMENT ON OPERATOR < (scru160, timestamptz) IS 'time of the scru160 before the timestamptz';
COMMENT ON OPERATOR <= (scru160, timestamptz) IS 'time of the scru160 at or before the timestamptz';
COMMENT ON OPERATOR > (scru160, timestamptz) IS 'time of the scru160 after the timestamptz';
COMMENT ON OPERATOR >= (scru160, timestamptz) IS 'time of the scru160 at or after the timestamptz';
COMMENT ON OPERATOR < (timestamptz, scru160) IS 'timestamptz before the time of the scru160';
COMMENT ON OPERATOR <= (timestamptz, scru160) IS 'timestamptz at or before the time of the scru160';
COMMENT ON OPERATOR > (timestamptz, scru160) IS 'timestamptz after the time of the scru160';
COMMENT ON OPERATOR >= (timestamptz, scru160) IS 'timestamptz at or after the time of the scru160';

--
-- scru64: the time of an ID is the start of its 256 ms tick
--
CREATE FUNCTION scru64_time_lower(t timestamptz, inclusive boolean) RETURNS scru64
	AS 'MODULE_PATHNAME', 'scru64_time_lower' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru64_time_upper(t timestamptz, inclusive boolean) RETURNS scru64
	AS 'MODULE_PATHNAME', 'scru64_time_upper' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION scru64_time_lower(timestamptz, boolean) IS 'smallest scru64 whose time is at or after t (after t if not inclusive); the largest scru64 if there is none';
COMMENT ON FUNCTION scru64_time_upper(timestamptz, boolean) IS 'largest scru64 whose time is at or before t (before t if not inclusive); the smallest scru64 if there is none';
CREATE FUNCTION scru64_time_lower_end(t timestamptz, inclusive boolean) RETURNS scru64
	AS 'MODULE_PATHNAME', 'scru64_time_lower_end' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION scru64_time_upper_start(t timestamptz, inclusive boolean) RETURNS scru64
	AS 'MODULE_PATHNAME', 'scru64_time_upper_start' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION scru64_time_lower_end(timestamptz, boolean) IS 'the largest scru64 if some scru64 has its time at or after t (after t if not inclusive), else the smallest: the upper end of the range scru64_time_lower starts';
COMMENT ON FUNCTION scru64_time_upper_start(timestamptz, boolean) IS 'the smallest scru64 if some scru64 has its time at or before t (before t if not inclusive), else the largest: the lower end of the range scru64_time_upper ends';

CREATE FUNCTION scru64_time_lt(scru64, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME', 'scru64_time_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION scru64_time_le(scru64, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME', 'scru64_time_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION scru64_time_gt(scru64, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME', 'scru64_time_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION scru64_time_ge(scru64, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME', 'scru64_time_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
COMMENT ON FUNCTION scru64_time_lt(scru64, timestamptz) IS 'is the time of the scru64 before the timestamptz? (the operator < as a function the planner does not rewrite into a range of IDs)';
COMMENT ON FUNCTION scru64_time_le(scru64, timestamptz) IS 'is the time of the scru64 at or before the timestamptz? (the operator <= as a function the planner does not rewrite into a range of IDs)';
COMMENT ON FUNCTION scru64_time_gt(scru64, timestamptz) IS 'is the time of the scru64 after the timestamptz? (the operator > as a function the planner does not rewrite into a range of IDs)';
COMMENT ON FUNCTION scru64_time_ge(scru64, timestamptz) IS 'is the time of the scru64 at or after the timestamptz? (the operator >= as a function the planner does not rewrite into a range of IDs)';

CREATE FUNCTION scru64_lt_timestamptz(scru64, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME', 'scru64_lt_timestamptz' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION scru64_le_timestamptz(scru64, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME', 'scru64_le_timestamptz' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION scru64_gt_timestamptz(scru64, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME', 'scru64_gt_timestamptz' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION scru64_ge_timestamptz(scru64, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME', 'scru64_ge_timestamptz' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION timestamptz_lt_scru64(timestamptz, scru64) RETURNS boolean
	AS 'MODULE_PATHNAME', 'timestamptz_lt_scru64' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION timestamptz_le_scru64(timestamptz, scru64) RETURNS boolean
	AS 'MODULE_PATHNAME', 'timestamptz_le_scru64' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION timestamptz_gt_scru64(timestamptz, scru64) RETURNS boolean
	AS 'MODULE_PATHNAME', 'timestamptz_gt_scru64' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION timestamptz_ge_scru64(timestamptz, scru64) RETURNS boolean
	AS 'MODULE_PATHNAME', 'timestamptz_ge_scru64' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
COMMENT ON FUNCTION scru64_lt_timestamptz(scru64, timestamptz) IS 'implementation of < operator (scru64, timestamptz)';
COMMENT ON FUNCTION scru64_le_timestamptz(scru64, timestamptz) IS 'implementation of <= operator (scru64, timestamptz)';
COMMENT ON FUNCTION scru64_gt_timestamptz(scru64, timestamptz) IS 'implementation of > operator (scru64, timestamptz)';
COMMENT ON FUNCTION scru64_ge_timestamptz(scru64, timestamptz) IS 'implementation of >= operator (scru64, timestamptz)';
COMMENT ON FUNCTION timestamptz_lt_scru64(timestamptz, scru64) IS 'implementation of < operator (timestamptz, scru64)';
COMMENT ON FUNCTION timestamptz_le_scru64(timestamptz, scru64) IS 'implementation of <= operator (timestamptz, scru64)';
COMMENT ON FUNCTION timestamptz_gt_scru64(timestamptz, scru64) IS 'implementation of > operator (timestamptz, scru64)';
COMMENT ON FUNCTION timestamptz_ge_scru64(timestamptz, scru64) IS 'implementation of >= operator (timestamptz, scru64)';

CREATE OPERATOR < (
	LEFTARG = scru64, RIGHTARG = timestamptz, FUNCTION = scru64_lt_timestamptz,
	COMMUTATOR = >, NEGATOR = >=,
	RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR <= (
	LEFTARG = scru64, RIGHTARG = timestamptz, FUNCTION = scru64_le_timestamptz,
	COMMUTATOR = >=, NEGATOR = >,
	RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR > (
	LEFTARG = scru64, RIGHTARG = timestamptz, FUNCTION = scru64_gt_timestamptz,
	COMMUTATOR = <, NEGATOR = <=,
	RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR >= (
	LEFTARG = scru64, RIGHTARG = timestamptz, FUNCTION = scru64_ge_timestamptz,
	COMMUTATOR = <=, NEGATOR = <,
	RESTRICT = scalargesel, JOIN = scalargejoinsel
);
CREATE OPERATOR < (
	LEFTARG = timestamptz, RIGHTARG = scru64, FUNCTION = timestamptz_lt_scru64,
	COMMUTATOR = >, NEGATOR = >=,
	RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR <= (
	LEFTARG = timestamptz, RIGHTARG = scru64, FUNCTION = timestamptz_le_scru64,
	COMMUTATOR = >=, NEGATOR = >,
	RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR > (
	LEFTARG = timestamptz, RIGHTARG = scru64, FUNCTION = timestamptz_gt_scru64,
	COMMUTATOR = <, NEGATOR = <=,
	RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR >= (
	LEFTARG = timestamptz, RIGHTARG = scru64, FUNCTION = timestamptz_ge_scru64,
	COMMUTATOR = <=, NEGATOR = <,
	RESTRICT = scalargesel, JOIN = scalargejoinsel
);
COMMENT ON OPERATOR < (scru64, timestamptz) IS 'time of the scru64 before the timestamptz';
COMMENT ON OPERATOR <= (scru64, timestamptz) IS 'time of the scru64 at or before the timestamptz';
COMMENT ON OPERATOR > (scru64, timestamptz) IS 'time of the scru64 after the timestamptz';
COMMENT ON OPERATOR >= (scru64, timestamptz) IS 'time of the scru64 at or after the timestamptz';
COMMENT ON OPERATOR < (timestamptz, scru64) IS 'timestamptz before the time of the scru64';
COMMENT ON OPERATOR <= (timestamptz, scru64) IS 'timestamptz at or before the time of the scru64';
COMMENT ON OPERATOR > (timestamptz, scru64) IS 'timestamptz after the time of the scru64';
COMMENT ON OPERATOR >= (timestamptz, scru64) IS 'timestamptz at or after the time of the scru64';

--
-- uuid: the time of an ID is its leading 48 bits as Unix milliseconds (the UUIDv7 layout)
--
CREATE FUNCTION uuid_time_lower(t timestamptz, inclusive boolean) RETURNS uuid
	AS 'MODULE_PATHNAME', 'scru128_uuid_time_lower' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_time_upper(t timestamptz, inclusive boolean) RETURNS uuid
	AS 'MODULE_PATHNAME', 'scru128_uuid_time_upper' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION uuid_time_lower(timestamptz, boolean) IS 'smallest uuid whose time is at or after t (after t if not inclusive); the largest uuid if there is none';
COMMENT ON FUNCTION uuid_time_upper(timestamptz, boolean) IS 'largest uuid whose time is at or before t (before t if not inclusive); the smallest uuid if there is none';
CREATE FUNCTION uuid_time_lower_end(t timestamptz, inclusive boolean) RETURNS uuid
	AS 'MODULE_PATHNAME', 'scru128_uuid_time_lower_end' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION uuid_time_upper_start(t timestamptz, inclusive boolean) RETURNS uuid
	AS 'MODULE_PATHNAME', 'scru128_uuid_time_upper_start' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION uuid_time_lower_end(timestamptz, boolean) IS 'the largest uuid if some uuid has its time at or after t (after t if not inclusive), else the smallest: the upper end of the range uuid_time_lower starts';
COMMENT ON FUNCTION uuid_time_upper_start(timestamptz, boolean) IS 'the smallest uuid if some uuid has its time at or before t (before t if not inclusive), else the largest: the lower end of the range uuid_time_upper ends';

CREATE FUNCTION uuid_time_lt(uuid, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME', 'scru128_uuid_time_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION uuid_time_le(uuid, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME', 'scru128_uuid_time_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION uuid_time_gt(uuid, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME', 'scru128_uuid_time_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION uuid_time_ge(uuid, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME', 'scru128_uuid_time_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
COMMENT ON FUNCTION uuid_time_lt(uuid, timestamptz) IS 'is the time of the uuid before the timestamptz? (the operator < as a function the planner does not rewrite into a range of IDs)';
COMMENT ON FUNCTION uuid_time_le(uuid, timestamptz) IS 'is the time of the uuid at or before the timestamptz? (the operator <= as a function the planner does not rewrite into a range of IDs)';
COMMENT ON FUNCTION uuid_time_gt(uuid, timestamptz) IS 'is the time of the uuid after the timestamptz? (the operator > as a function the planner does not rewrite into a range of IDs)';
COMMENT ON FUNCTION uuid_time_ge(uuid, timestamptz) IS 'is the time of the uuid at or after the timestamptz? (the operator >= as a function the planner does not rewrite into a range of IDs)';

CREATE FUNCTION uuid_lt_timestamptz(uuid, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME', 'scru128_uuid_lt_timestamptz' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION uuid_le_timestamptz(uuid, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME', 'scru128_uuid_le_timestamptz' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION uuid_gt_timestamptz(uuid, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME', 'scru128_uuid_gt_timestamptz' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION uuid_ge_timestamptz(uuid, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME', 'scru128_uuid_ge_timestamptz' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION timestamptz_lt_uuid(timestamptz, uuid) RETURNS boolean
	AS 'MODULE_PATHNAME', 'timestamptz_lt_scru128_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION timestamptz_le_uuid(timestamptz, uuid) RETURNS boolean
	AS 'MODULE_PATHNAME', 'timestamptz_le_scru128_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION timestamptz_gt_uuid(timestamptz, uuid) RETURNS boolean
	AS 'MODULE_PATHNAME', 'timestamptz_gt_scru128_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION timestamptz_ge_uuid(timestamptz, uuid) RETURNS boolean
	AS 'MODULE_PATHNAME', 'timestamptz_ge_scru128_uuid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
COMMENT ON FUNCTION uuid_lt_timestamptz(uuid, timestamptz) IS 'implementation of < operator (uuid, timestamptz)';
COMMENT ON FUNCTION uuid_le_timestamptz(uuid, timestamptz) IS 'implementation of <= operator (uuid, timestamptz)';
COMMENT ON FUNCTION uuid_gt_timestamptz(uuid, timestamptz) IS 'implementation of > operator (uuid, timestamptz)';
COMMENT ON FUNCTION uuid_ge_timestamptz(uuid, timestamptz) IS 'implementation of >= operator (uuid, timestamptz)';
COMMENT ON FUNCTION timestamptz_lt_uuid(timestamptz, uuid) IS 'implementation of < operator (timestamptz, uuid)';
COMMENT ON FUNCTION timestamptz_le_uuid(timestamptz, uuid) IS 'implementation of <= operator (timestamptz, uuid)';
COMMENT ON FUNCTION timestamptz_gt_uuid(timestamptz, uuid) IS 'implementation of > operator (timestamptz, uuid)';
COMMENT ON FUNCTION timestamptz_ge_uuid(timestamptz, uuid) IS 'implementation of >= operator (timestamptz, uuid)';

CREATE OPERATOR < (
	LEFTARG = uuid, RIGHTARG = timestamptz, FUNCTION = uuid_lt_timestamptz,
	COMMUTATOR = >, NEGATOR = >=,
	RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR <= (
	LEFTARG = uuid, RIGHTARG = timestamptz, FUNCTION = uuid_le_timestamptz,
	COMMUTATOR = >=, NEGATOR = >,
	RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR > (
	LEFTARG = uuid, RIGHTARG = timestamptz, FUNCTION = uuid_gt_timestamptz,
	COMMUTATOR = <, NEGATOR = <=,
	RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR >= (
	LEFTARG = uuid, RIGHTARG = timestamptz, FUNCTION = uuid_ge_timestamptz,
	COMMUTATOR = <=, NEGATOR = <,
	RESTRICT = scalargesel, JOIN = scalargejoinsel
);
CREATE OPERATOR < (
	LEFTARG = timestamptz, RIGHTARG = uuid, FUNCTION = timestamptz_lt_uuid,
	COMMUTATOR = >, NEGATOR = >=,
	RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR <= (
	LEFTARG = timestamptz, RIGHTARG = uuid, FUNCTION = timestamptz_le_uuid,
	COMMUTATOR = >=, NEGATOR = >,
	RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR > (
	LEFTARG = timestamptz, RIGHTARG = uuid, FUNCTION = timestamptz_gt_uuid,
	COMMUTATOR = <, NEGATOR = <=,
	RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR >= (
	LEFTARG = timestamptz, RIGHTARG = uuid, FUNCTION = timestamptz_ge_uuid,
	COMMUTATOR = <=, NEGATOR = <,
	RESTRICT = scalargesel, JOIN = scalargejoinsel
);
COMMENT ON OPERATOR < (uuid, timestamptz) IS 'time of the uuid before the timestamptz';
COMMENT ON OPERATOR <= (uuid, timestamptz) IS 'time of the uuid at or before the timestamptz';
COMMENT ON OPERATOR > (uuid, timestamptz) IS 'time of the uuid after the timestamptz';
COMMENT ON OPERATOR >= (uuid, timestamptz) IS 'time of the uuid at or after the timestamptz';
COMMENT ON OPERATOR < (timestamptz, uuid) IS 'timestamptz before the time of the uuid';
COMMENT ON OPERATOR <= (timestamptz, uuid) IS 'timestamptz at or before the time of the uuid';
COMMENT ON OPERATOR > (timestamptz, uuid) IS 'timestamptz after the time of the uuid';
COMMENT ON OPERATOR >= (timestamptz, uuid) IS 'timestamptz at or after the time of the uuid';

--
-- RANGE window frames by time over ORDER BY id: B-tree in_range support
-- (function 3) for (ID, interval), as core's for (timestamptz, interval)
-- on the times of the IDs.  STABLE like core's: months and days are added
-- in the session's time zone.
--
CREATE FUNCTION in_range(scru128, scru128, interval, boolean, boolean) RETURNS boolean
	AS 'MODULE_PATHNAME', 'scru128_in_range_interval' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION in_range(scru128, scru128, interval, boolean, boolean) IS 'window RANGE support: is the time of the first scru128 within the interval of the time of the second?';
ALTER OPERATOR FAMILY scru128_ops USING btree
	ADD FUNCTION 3 (scru128, interval) in_range(scru128, scru128, interval, boolean, boolean);

CREATE FUNCTION in_range(scru160, scru160, interval, boolean, boolean) RETURNS boolean
	AS 'MODULE_PATHNAME', 'scru160_in_range_interval' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION in_range(scru160, scru160, interval, boolean, boolean) IS 'window RANGE support: is the time of the first scru160 within the interval of the time of the second?';
ALTER OPERATOR FAMILY scru160_ops USING btree
	ADD FUNCTION 3 (scru160, interval) in_range(scru160, scru160, interval, boolean, boolean);

CREATE FUNCTION in_range(scru64, scru64, interval, boolean, boolean) RETURNS boolean
	AS 'MODULE_PATHNAME', 'scru64_in_range_interval' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION in_range(scru64, scru64, interval, boolean, boolean) IS 'window RANGE support: is the time of the first scru64 within the interval of the time of the second?';
ALTER OPERATOR FAMILY scru64_ops USING btree
	ADD FUNCTION 3 (scru64, interval) in_range(scru64, scru64, interval, boolean, boolean);
