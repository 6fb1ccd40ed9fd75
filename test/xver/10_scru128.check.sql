-- after the restore into a newer server: the default, the domain check
-- and the foreign key still work
INSERT INTO orders (placed, note) VALUES (scru128(), 'after restore');
SELECT 1 / (count(*) = 1)::int FROM orders WHERE note = 'after restore' AND id > scru128_min(now() - interval '1 hour');
DO $$
BEGIN
	INSERT INTO order_lines VALUES (scru128_from_fields(1, 0, 0, 0), 1);
	RAISE EXCEPTION 'the foreign key let an unknown order in';
EXCEPTION WHEN foreign_key_violation THEN
	NULL;
END
$$;
SET enable_seqscan = off;
SELECT 1 / (count(*) = 1)::int FROM orders WHERE placed = scru128_from_fields(1700000000000, 0, 50, 0);
