import io
import unittest

import asyncpg

from scru128_pg import TypeId, Ulid
from scru128_pg.asyncpg import register_scru128
from tests.common import (DOMAIN_ERROR, DOMAIN_SQL, PARTS, POST_ID, USER_IDS, conninfo,
                          fresh_database, per_kind)

DB = "clients_py_asyncpg"


def setUpModule():
    fresh_database(DB)


@per_kind
class AsyncpgTest(unittest.IsolatedAsyncioTestCase):
    async def asyncSetUp(self):
        self.conn = await asyncpg.connect(database=DB, **conninfo())
        await register_scru128(self.conn)

    async def asyncTearDown(self):
        await self.conn.close()

    async def table(self, kind):
        t = "t_" + kind.name
        await self.conn.execute("DROP TABLE IF EXISTS %s; CREATE TABLE %s (n int, v %s)"
                                % (t, t, kind.name))
        return t

    async def server_texts(self, t):
        return [r[0] for r in await self.conn.fetch("SELECT v::text FROM %s ORDER BY n" % t)]

    async def check_value(self, kind):
        for text in kind.samples:
            v, server = await self.conn.fetchrow(
                "SELECT x, x::text FROM (SELECT $1::text::%s AS x) s" % kind.name, text)
            self.assertIs(type(v), kind.cls)
            self.assertEqual(str(v), server)
            self.assertEqual(server, text)
        for text, canonical in kind.inputs.items():
            self.assertEqual(await self.conn.fetchval("SELECT $1::text::%s::text" % kind.name, text),
                             canonical)

    async def check_parameter(self, kind):
        for value in [kind.cls(s) for s in kind.samples] + kind.made:
            server, same, back = await self.conn.fetchrow(
                "SELECT $1::%s::text, $1 = $2::text::%s, $1::%s" % ((kind.name,) * 3),
                value, str(value))
            self.assertEqual(server, str(value))
            self.assertTrue(same)
            self.assertEqual(back, value)
            # the text is taken as a parameter too
            self.assertEqual(await self.conn.fetchval("SELECT $1::%s" % kind.name, str(value)), value)

    async def check_array(self, kind):
        values = [kind.cls(s) for s in kind.samples] + kind.made
        literal = "{%s}" % ",".join(str(v) for v in values)
        arr, text = await self.conn.fetchrow(
            "SELECT a, a::text FROM (SELECT $1::text::%s[] AS a) s" % kind.name, literal)
        self.assertEqual(arr, values)
        self.assertEqual(text, literal)
        text, arr = await self.conn.fetchrow(
            "SELECT $1::%s[]::text, $2::%s[]" % (kind.name, kind.name), values, values + [None])
        self.assertEqual(text, literal)
        self.assertEqual(arr, values + [None])

    async def check_null(self, kind):
        t = await self.table(kind)
        self.assertIsNone(await self.conn.fetchval("SELECT NULL::%s" % kind.name))
        await self.conn.execute("INSERT INTO %s VALUES (1, $1), (2, $2)" % t,
                                None, kind.cls(kind.samples[0]))
        self.assertEqual([r[0] for r in await self.conn.fetch("SELECT v FROM %s ORDER BY n" % t)],
                         [None, kind.cls(kind.samples[0])])

    async def check_copy(self, kind):
        t = await self.table(kind)
        values = [kind.cls(s) for s in kind.samples] + kind.made + [None]
        await self.conn.copy_records_to_table(t, records=list(enumerate(values)),
                                              columns=["n", "v"])
        self.assertEqual(await self.server_texts(t), [None if v is None else str(v) for v in values])
        out = io.BytesIO()
        await self.conn.copy_from_query("SELECT n, v FROM %s ORDER BY n" % t, output=out)
        back = [line.split("\t")[1] for line in out.getvalue().decode().splitlines()]
        self.assertEqual([None if s == "\\N" else kind.cls(s) for s in back], values)

    async def check_invalid(self, kind):
        for text in kind.invalid:
            with self.assertRaises(asyncpg.InvalidTextRepresentationError) as cm:
                await self.conn.fetchval("SELECT $1::text::%s" % kind.name, text)
            self.assertEqual(cm.exception.sqlstate, "22P02")
            # refused as a parameter before it is sent (asyncpg wraps the
            # codec's ValueError; a client-side DataError has no SQLSTATE)
            with self.assertRaisesRegex(asyncpg.DataError, "invalid input for query argument"):
                await self.conn.fetchval("SELECT $1::%s" % kind.name, text)

    async def check_client_made(self, kind):
        t = await self.table(kind)
        await self.conn.executemany("INSERT INTO %s VALUES ($1, $2)" % t, list(enumerate(kind.made)))
        self.assertEqual(await self.server_texts(t), [str(v) for v in kind.made])
        if kind.name in PARTS:
            functions, parts = PARTS[kind.name]
            rows = await self.conn.fetch("SELECT %s FROM %s ORDER BY n" % (functions, t))
            self.assertEqual([tuple(r) for r in rows], [parts(v) for v in kind.made])


class AsyncpgTypeIdDomainTest(unittest.IsolatedAsyncioTestCase):
    async def asyncSetUp(self):
        self.conn = await asyncpg.connect(database=DB, **conninfo())
        await register_scru128(self.conn)
        await self.conn.execute(DOMAIN_SQL)

    async def asyncTearDown(self):
        await self.conn.close()

    async def test_domain(self):
        # parameters of the domain's type: asyncpg sends them with the
        # codec of its base type, binary
        params = USER_IDS + [str(USER_IDS[0])]
        await self.conn.executemany("INSERT INTO t_user VALUES ($1, $2)", list(enumerate(params)))
        got = [r[0] for r in await self.conn.fetch("SELECT id FROM t_user ORDER BY n")]
        self.assertEqual(got, USER_IDS + USER_IDS[:1])
        self.assertTrue(all(type(v) is TypeId for v in got))
        for param in (POST_ID, str(POST_ID)):
            with self.assertRaises(asyncpg.CheckViolationError) as cm:
                await self.conn.execute("INSERT INTO t_user VALUES (0, $1)", param)
            self.assertEqual(cm.exception.sqlstate, "23514")
            self.assertIn(DOMAIN_ERROR, str(cm.exception))

    async def test_domain_copy(self):
        await self.conn.copy_records_to_table("t_user", records=list(enumerate(USER_IDS)),
                                              columns=["n", "id"])
        got = [r[0] for r in await self.conn.fetch("SELECT id FROM t_user ORDER BY n")]
        self.assertEqual(got, USER_IDS)
        with self.assertRaises(asyncpg.CheckViolationError) as cm:
            await self.conn.copy_records_to_table("t_user", records=[(9, POST_ID)],
                                                  columns=["n", "id"])
        self.assertIn(DOMAIN_ERROR, str(cm.exception))


class AsyncpgMissingTest(unittest.IsolatedAsyncioTestCase):
    async def test_missing_extension(self):
        conn = await asyncpg.connect(database=fresh_database(DB + "_none", False), **conninfo())
        try:
            with self.assertRaisesRegex(LookupError, "scru128, scru160, scru64, ulid, typeid"):
                await register_scru128(conn)
        finally:
            await conn.close()

    async def test_extension_1_4(self):
        # release 1.4 has ulid, not typeid: the others are registered
        conn = await asyncpg.connect(database=fresh_database(DB + "_14", False), **conninfo())
        try:
            await conn.execute("CREATE EXTENSION scru128 VERSION '1.4'")
            await register_scru128(conn)
            ulid = Ulid("01ARYZ6S41TSV4RRFFQ69G5FAV")
            self.assertEqual(tuple(await conn.fetchrow("SELECT $1::ulid, to_regtype('typeid')",
                                                       ulid)), (ulid, None))
        finally:
            await conn.close()
