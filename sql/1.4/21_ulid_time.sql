
--
-- ulid compared with timestamptz (the operators <, <=, >, >= in both
-- operand orders) with the planner support of 1.2 (scru128_time_support:
-- a constant time becomes one comparison with a constant ulid, any other
-- a range of ulids between two bounds an index, BRIN or partition pruning
-- can use), the bound functions it uses, the same comparisons without the
-- rewrite (ulid_time_OP), and RANGE window frames by time over ORDER BY a
-- ulid (B-tree in_range).  The time of a ULID is the start of its
-- millisecond: its leading 48 bits, as for scru128 and UUIDv7.
CREATE FUNCTION ulid_time_lower(t timestamptz, inclusive boolean) RETURNS ulid
	AS 'MODULE_PATHNAME', 'ulid_time_lower' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ulid_time_upper(t timestamptz, inclusive boolean) RETURNS ulid
	AS 'MODULE_PATHNAME', 'ulid_time_upper' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION ulid_time_lower(timestamptz, boolean) IS 'smallest ulid whose time is at or after t (after t if not inclusive); the largest ulid if there is none';
COMMENT ON FUNCTION ulid_time_upper(timestamptz, boolean) IS 'largest ulid whose time is at or before t (before t if not inclusive); the smallest ulid if there is none';
CREATE FUNCTION ulid_time_lower_end(t timestamptz, inclusive boolean) RETURNS ulid
	AS 'MODULE_PATHNAME', 'ulid_time_lower_end' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION ulid_time_upper_start(t timestamptz, inclusive boolean) RETURNS ulid
	AS 'MODULE_PATHNAME', 'ulid_time_upper_start' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
COMMENT ON FUNCTION ulid_time_lower_end(timestamptz, boolean) IS 'the largest ulid if some ulid has its time at or after t (after t if not inclusive), else the smallest: the upper end of the range ulid_time_lower starts';
COMMENT ON FUNCTION ulid_time_upper_start(timestamptz, boolean) IS 'the smallest ulid if some ulid has its time at or before t (before t if not inclusive), else the largest: the lower end of the range ulid_time_upper ends';

CREATE FUNCTION ulid_time_lt(ulid, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME', 'ulid_time_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION ulid_time_le(ulid, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME', 'ulid_time_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION ulid_time_gt(ulid, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME', 'ulid_time_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION ulid_time_ge(ulid, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME', 'ulid_time_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
COMMENT ON FUNCTION ulid_time_lt(ulid, timestamptz) IS 'is the time of the ulid before the timestamptz? (the operator < as a function the planner does not rewrite into a range of IDs)';
COMMENT ON FUNCTION ulid_time_le(ulid, timestamptz) IS 'is the time of the ulid at or before the timestamptz? (the operator <= as a function the planner does not rewrite into a range of IDs)';
COMMENT ON FUNCTION ulid_time_gt(ulid, timestamptz) IS 'is the time of the ulid after the timestamptz? (the operator > as a function the planner does not rewrite into a range of IDs)';
COMMENT ON FUNCTION ulid_time_ge(ulid, timestamptz) IS 'is the time of the ulid at or after the timestamptz? (the operator >= as a function the planner does not rewrite into a range of IDs)';

CREATE FUNCTION ulid_lt_timestamptz(ulid, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME', 'ulid_lt_timestamptz' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION ulid_le_timestamptz(ulid, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME', 'ulid_le_timestamptz' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION ulid_gt_timestamptz(ulid, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME', 'ulid_gt_timestamptz' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION ulid_ge_timestamptz(ulid, timestamptz) RETURNS boolean
	AS 'MODULE_PATHNAME', 'ulid_ge_timestamptz' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION timestamptz_lt_ulid(timestamptz, ulid) RETURNS boolean
	AS 'MODULE_PATHNAME', 'timestamptz_lt_ulid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION timestamptz_le_ulid(timestamptz, ulid) RETURNS boolean
	AS 'MODULE_PATHNAME', 'timestamptz_le_ulid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION timestamptz_gt_ulid(timestamptz, ulid) RETURNS boolean
	AS 'MODULE_PATHNAME', 'timestamptz_gt_ulid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
CREATE FUNCTION timestamptz_ge_ulid(timestamptz, ulid) RETURNS boolean
	AS 'MODULE_PATHNAME', 'timestamptz_ge_ulid' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF
	SUPPORT scru128_time_support;
COMMENT ON FUNCTION ulid_lt_timestamptz(ulid, timestamptz) IS 'implementation of < operator (ulid, timestamptz)';
COMMENT ON FUNCTION ulid_le_timestamptz(ulid, timestamptz) IS 'implementation of <= operator (ulid, timestamptz)';
COMMENT ON FUNCTION ulid_gt_timestamptz(ulid, timestamptz) IS 'implementation of > operator (ulid, timestamptz)';
COMMENT ON FUNCTION ulid_ge_timestamptz(ulid, timestamptz) IS 'implementation of >= operator (ulid, timestamptz)';
COMMENT ON FUNCTION timestamptz_lt_ulid(timestamptz, ulid) IS 'implementation of < operator (timestamptz, ulid)';
COMMENT ON FUNCTION timestamptz_le_ulid(timestamptz, ulid) IS 'implementation of <= operator (timestamptz, ulid)';
COMMENT ON FUNCTION timestamptz_gt_ulid(timestamptz, ulid) IS 'implementation of > operator (timestamptz, ulid)';
COMMENT ON FUNCTION timestamptz_ge_ulid(timestamptz, ulid) IS 'implementation of >= operator (timestamptz, ulid)';

CREATE OPERATOR < (
	LEFTARG = ulid, RIGHTARG = timestamptz, FUNCTION = ulid_lt_timestamptz,
	COMMUTATOR = >, NEGATOR = >=,
	RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR <= (
	LEFTARG = ulid, RIGHTARG = timestamptz, FUNCTION = ulid_le_timestamptz,
	COMMUTATOR = >=, NEGATOR = >,
	RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR > (
	LEFTARG = ulid, RIGHTARG = timestamptz, FUNCTION = ulid_gt_timestamptz,
	COMMUTATOR = <, NEGATOR = <=,
	RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR >= (
	LEFTARG = ulid, RIGHTARG = timestamptz, FUNCTION = ulid_ge_timestamptz,
	COMMUTATOR = <=, NEGATOR = <,
	RESTRICT = scalargesel, JOIN = scalargejoinsel
);
CREATE OPERATOR < (
	LEFTARG = timestamptz, RIGHTARG = ulid, FUNCTION = timestamptz_lt_ulid,
	COMMUTATOR = >, NEGATOR = >=,
	RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR <= (
	LEFTARG = timestamptz, RIGHTARG = ulid, FUNCTION = timestamptz_le_ulid,
	COMMUTATOR = >=, NEGATOR = >,
	RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR > (
	LEFTARG = timestamptz, RIGHTARG = ulid, FUNCTION = timestamptz_gt_ulid,
	COMMUTATOR = <, NEGATOR = <=,
	RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR >= (
	LEFTARG = timestamptz, RIGHTARG = ulid, FUNCTION = timestamptz_ge_ulid,
	COMMUTATOR = <=, NEGATOR = <,
	RESTRICT = scalargesel, JOIN = scalargejoinsel
);
COMMENT ON OPERATOR < (ulid, timestamptz) IS 'time of the ulid before the timestamptz';
COMMENT ON OPERATOR <= (ulid, timestamptz) IS 'time of the ulid at or before the timestamptz';
COMMENT ON OPERATOR > (ulid, timestamptz) IS 'time of the ulid after the timestamptz';
COMMENT ON OPERATOR >= (ulid, timestamptz) IS 'time of the ulid at or after the timestamptz';
COMMENT ON OPERATOR < (timestamptz, ulid) IS 'timestamptz before the time of the ulid';
COMMENT ON OPERATOR <= (timestamptz, ulid) IS 'timestamptz at or before the time of the ulid';
COMMENT ON OPERATOR > (timestamptz, ulid) IS 'timestamptz after the time of the ulid';
COMMENT ON OPERATOR >= (timestamptz, ulid) IS 'timestamptz at or after the time of the ulid';
CREATE FUNCTION in_range(ulid, ulid, interval, boolean, boolean) RETURNS boolean
	AS 'MODULE_PATHNAME', 'ulid_in_range_interval' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION in_range(ulid, ulid, interval, boolean, boolean) IS 'window RANGE support: is the time of the first ulid within the interval of the time of the second?';
ALTER OPERATOR FAMILY ulid_ops USING btree
	ADD FUNCTION 3 (ulid, interval) in_range(ulid, ulid, interval, boolean, boolean);
