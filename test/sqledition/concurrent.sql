-- One of the concurrent sessions (psql variables s: session number,
-- n: IDs per generator): every generator called n times in one statement.
\set ON_ERROR_STOP 1
-- (the suite set the node spec 5/8 with scru128_sql.scru64_set_node_spec())
INSERT INTO sqled_conc
SELECT :s, i, scru128_sql.scru128(), scru128_sql.scru64(), scru128_sql.uuidv7(), scru128_sql.scru160(), scru128_sql.ulid()
FROM generate_series(1, :n) i;
