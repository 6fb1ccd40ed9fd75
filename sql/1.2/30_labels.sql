
--
-- Labels alike across the three types.  scru64's output, send, smaller and
-- larger functions are LEAKPROOF (1.1); their scru128 (1.0) and scru160
-- (1.1) twins were not, though none of them can fail or tell anything about
-- its argument but through its result: they format, copy or compare a
-- fixed-length value.  Every other label of the twins already agreed (see
-- the README, Operator classes of scru128).
--
ALTER FUNCTION scru128_out(scru128) LEAKPROOF;
ALTER FUNCTION scru128_send(scru128) LEAKPROOF;
ALTER FUNCTION scru128_smaller(scru128, scru128) LEAKPROOF;
ALTER FUNCTION scru128_larger(scru128, scru128) LEAKPROOF;
ALTER FUNCTION scru160_out(scru160) LEAKPROOF;
ALTER FUNCTION scru160_send(scru160) LEAKPROOF;
ALTER FUNCTION scru160_smaller(scru160, scru160) LEAKPROOF;
ALTER FUNCTION scru160_larger(scru160, scru160) LEAKPROOF;
