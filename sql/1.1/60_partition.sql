
--
-- Time partitioning: bounds of native range partitions, and the time
-- encoder and decoder of pg_partman 5.2+ for a uuid control column.
-- All three are C, so that nothing in them depends on search_path or on
-- the schema the extension is relocated to.
--
CREATE FUNCTION scru128_partition_bounds(from_time timestamptz, to_time timestamptz, step interval,
	OUT name_suffix text, OUT lower scru128, OUT upper scru128)
	RETURNS SETOF record
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE ROWS 12;
COMMENT ON FUNCTION scru128_partition_bounds(timestamptz, timestamptz, interval) IS 'bounds of range partitions of scru128 keys covering [from_time, to_time), one per step (months and days in the session TimeZone): name suffix, lower bound (inclusive), upper bound (exclusive, the next lower bound)';

CREATE FUNCTION scru128_partman_encoder(timestamptz) RETURNS uuid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION scru128_partman_encoder(timestamptz) IS 'pg_partman time encoder for scru128 IDs kept in a uuid column: the smallest ID of the millisecond, as a uuid';

CREATE FUNCTION scru128_partman_decoder(text) RETURNS timestamptz
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION scru128_partman_decoder(text) IS 'pg_partman time decoder for scru128 IDs kept in a uuid column: the millisecond of the ID whose uuid text is given';
