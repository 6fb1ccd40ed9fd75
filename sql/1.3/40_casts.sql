
-- Assignment casts from the string types.  Drivers that bind a string
-- parameter as text or varchar (pgjdbc's setString, SQLAlchemy's String
-- through asyncpg) can then store it in a column of these types, as they
-- already can when the parameter is left untyped.  Assignment only: an
-- implicit cast would take part in operator and function resolution and
-- make comparisons such as text = scru128 ambiguous or change what they
-- mean; an assignment cast is considered for INSERT, UPDATE SET and return
-- values only (test sql/casts.sql runs the same queries with and without
-- these casts).  varchar needs its own: PostgreSQL does not chain
-- varchar -> text -> scru128.  The conversion is the types' own input
-- function, so a bad string fails as a literal would (22P02).
CREATE CAST (text AS scru128) WITH INOUT AS ASSIGNMENT;
CREATE CAST (varchar AS scru128) WITH INOUT AS ASSIGNMENT;
CREATE CAST (text AS scru160) WITH INOUT AS ASSIGNMENT;
CREATE CAST (varchar AS scru160) WITH INOUT AS ASSIGNMENT;
CREATE CAST (text AS scru64) WITH INOUT AS ASSIGNMENT;
CREATE CAST (varchar AS scru64) WITH INOUT AS ASSIGNMENT;

COMMENT ON CAST (text AS scru128) IS 'the text form, parsed by the type''s input function; assignment only (INSERT, UPDATE, return values)';
COMMENT ON CAST (varchar AS scru128) IS 'the text form, parsed by the type''s input function; assignment only (INSERT, UPDATE, return values)';
COMMENT ON CAST (text AS scru160) IS 'the text form, parsed by the type''s input function; assignment only (INSERT, UPDATE, return values)';
COMMENT ON CAST (varchar AS scru160) IS 'the text form, parsed by the type''s input function; assignment only (INSERT, UPDATE, return values)';
COMMENT ON CAST (text AS scru64) IS 'the text form, parsed by the type''s input function; assignment only (INSERT, UPDATE, return values)';
COMMENT ON CAST (varchar AS scru64) IS 'the text form, parsed by the type''s input function; assignment only (INSERT, UPDATE, return values)';
