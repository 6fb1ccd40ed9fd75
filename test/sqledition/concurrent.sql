-- One of the concurrent sessions (psql variables s: session number,
-- n: IDs per generator): every generator called n times in one statement.
\set ON_ERROR_STOP 1
SET scru128_sql.scru64_node_spec = '5/8';
INSERT INTO sqled_conc
SELECT :s, i, scru128_sql.scru128(), scru128_sql.scru64(), scru128_sql.uuidv7(), scru128_sql.scru160(), scru128_sql.ulid()
FROM generate_series(1, :n) i;
