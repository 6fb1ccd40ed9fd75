-- scru128 for the cross-version dump/restore test: keys, arrays, a domain,
-- every index kind, a default, a foreign key
CREATE DOMAIN order_id AS scru128 CHECK (VALUE > scru128_min(timestamptz '2020-01-01 00:00:00+00'));
CREATE TABLE orders (
	id order_id PRIMARY KEY DEFAULT scru128(),
	placed scru128 NOT NULL,
	history scru128[],
	note text
);
INSERT INTO orders (id, placed, history, note)
SELECT scru128_from_fields(1700000000000 + g * 1000, g, g * 7, g * 13),
	   scru128_from_fields(1700000000000 + (g % 50) * 60000, 0, g, 0),
	   ARRAY[scru128_from_fields(1600000000000 + g, 0, 0, g), NULL],
	   'order ' || g
FROM generate_series(1, 3000) g;
INSERT INTO orders (placed, note) SELECT scru128(), 'generated ' || g FROM generate_series(1, 100) g;
CREATE INDEX orders_placed_hash ON orders USING hash (placed);
CREATE INDEX orders_id_hash ON orders USING hash (id);
-- BRIN on the domain column itself works from release 1.2 on (1.1 failed
-- with "missing operator"; see src/pg/brin_domain.c)
CREATE INDEX orders_id_brin ON orders USING brin (id);
CREATE INDEX orders_id_multi ON orders USING brin (id scru128_minmax_multi_ops);
CREATE INDEX orders_placed_brin ON orders USING brin (placed);
CREATE INDEX orders_placed_multi ON orders USING brin (placed scru128_minmax_multi_ops);
CREATE INDEX orders_placed_bloom ON orders USING brin (placed scru128_bloom_ops);
CREATE INDEX orders_placed_desc ON orders (placed DESC, id);
CREATE TABLE order_lines (order_ref scru128 REFERENCES orders (id), line int, PRIMARY KEY (order_ref, line));
INSERT INTO order_lines SELECT id, 1 FROM orders WHERE note LIKE 'order 1%';
