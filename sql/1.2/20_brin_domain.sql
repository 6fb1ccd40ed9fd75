
--
-- BRIN minmax and minmax-multi on a column of a domain over scru128, scru64
-- or scru160 (1.1 failed there with "missing operator 1(...)"; see
-- src/brin_domain.c).  The wrappers take the place of core's support
-- functions 2, 3 and 4 in the six operator classes.
--
CREATE FUNCTION scru_brin_minmax_add_value(internal, internal, internal, internal) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION scru_brin_minmax_consistent(internal, internal, internal) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION scru_brin_minmax_union(internal, internal, internal) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION scru_brin_minmax_multi_add_value(internal, internal, internal, internal) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION scru_brin_minmax_multi_consistent(internal, internal, internal, integer) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION scru_brin_minmax_multi_union(internal, internal, internal) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION scru_brin_minmax_add_value(internal, internal, internal, internal) IS 'BRIN minmax support for scru128, scru64, scru160 and domains over them: brin_minmax_add_value';
COMMENT ON FUNCTION scru_brin_minmax_consistent(internal, internal, internal) IS 'BRIN minmax support for scru128, scru64, scru160 and domains over them: brin_minmax_consistent';
COMMENT ON FUNCTION scru_brin_minmax_union(internal, internal, internal) IS 'BRIN minmax support for scru128, scru64, scru160 and domains over them: brin_minmax_union';
COMMENT ON FUNCTION scru_brin_minmax_multi_add_value(internal, internal, internal, internal) IS 'BRIN minmax-multi support for scru128, scru64, scru160 and domains over them: brin_minmax_multi_add_value';
COMMENT ON FUNCTION scru_brin_minmax_multi_consistent(internal, internal, internal, integer) IS 'BRIN minmax-multi support for scru128, scru64, scru160 and domains over them: brin_minmax_multi_consistent';
COMMENT ON FUNCTION scru_brin_minmax_multi_union(internal, internal, internal) IS 'BRIN minmax-multi support for scru128, scru64, scru160 and domains over them: brin_minmax_multi_union';
