import time
import unittest

import psycopg
from psycopg import errors, sql

from scru128_pg import TypeId, Ulid
from scru128_pg.psycopg import register_scru128, register_scru128_async
from tests.common import (DOMAIN_ERROR, DOMAIN_SQL, KINDS, PARTS, POST_ID, USER_IDS, conninfo,
                          fresh_database, per_kind)

DB = "clients_py_psycopg3"


def setUpModule():
    fresh_database(DB)


@per_kind
class Psycopg3Test(unittest.TestCase):
    def setUp(self):
        self.conn = psycopg.connect(dbname=DB, autocommit=True, **conninfo())
        register_scru128(self.conn)

    def tearDown(self):
        self.conn.close()

    def query(self, q, params=(), binary=False):
        with self.conn.cursor(binary=binary) as cur:
            return cur.execute(q, params).fetchall()

    def table(self, kind):
        t = sql.Identifier("t_" + kind.name)
        self.conn.execute(sql.SQL("DROP TABLE IF EXISTS {t}; CREATE TABLE {t} (n int, v {k})")
                          .format(t=t, k=sql.Identifier(kind.name)))
        return t

    def server_texts(self, t):
        return [r[0] for r in self.conn.execute(
            sql.SQL("SELECT v::text FROM {t} ORDER BY n").format(t=t))]

    def check_value(self, kind):
        for binary in (False, True):
            for text in kind.samples:
                (v, server), = self.query(
                    sql.SQL("SELECT x, x::text FROM (SELECT %s::{k} AS x) s")
                    .format(k=sql.Identifier(kind.name)), [text], binary)
                self.assertIs(type(v), kind.cls)
                self.assertEqual(str(v), server)
                self.assertEqual(server, text)
            for text, canonical in kind.inputs.items():
                self.assertEqual(str(kind.cls(text)), canonical)

    def check_parameter(self, kind):
        for fmt in ("%s", "%t", "%b"):
            for value in [kind.cls(s) for s in kind.samples] + kind.made:
                (server, same, back), = self.query(
                    "SELECT %s::text, %s = %s::%s, %s" % (fmt, fmt, "%s", kind.name, fmt),
                    [value, value, str(value), value])
                self.assertEqual(server, str(value))
                self.assertTrue(same)
                self.assertEqual(back, value)

    def check_array(self, kind):
        values = [kind.cls(s) for s in kind.samples] + kind.made
        for binary in (False, True):
            (arr, text), = self.query(
                "SELECT a, a::text FROM (SELECT %%s::%s[] AS a) s" % kind.name,
                ["{%s}" % ",".join(str(v) for v in values)], binary)
            self.assertEqual(arr, values)
            self.assertEqual(text, "{%s}" % ",".join(str(v) for v in values))
            (text, arr), = self.query("SELECT %s::text, %s", [values, values + [None]], binary)
            self.assertEqual(text, "{%s}" % ",".join(str(v) for v in values))
            self.assertEqual(arr, values + [None])

    def check_null(self, kind):
        t = self.table(kind)
        for binary in (False, True):
            self.assertEqual(self.query("SELECT NULL::%s" % kind.name, binary=binary), [(None,)])
        self.conn.execute(sql.SQL("INSERT INTO {t} VALUES (1, %s), (2, %s)").format(t=t),
                          [None, kind.cls(kind.samples[0])])
        self.assertEqual(self.query(sql.SQL("SELECT v IS NULL FROM {t} ORDER BY n").format(t=t)),
                         [(True,), (False,)])

    def _copy_both_ways(self, kind, fmt):
        t = self.table(kind)
        values = [kind.cls(s) for s in kind.samples] + kind.made + [None]
        with self.conn.cursor() as cur:
            with cur.copy(sql.SQL("COPY {t} (n, v) FROM STDIN (FORMAT {f})")
                          .format(t=t, f=sql.SQL(fmt))) as copy:
                copy.set_types(["int4", kind.name])
                for i, v in enumerate(values):
                    copy.write_row((i, v))
        self.assertEqual(self.server_texts(t), [None if v is None else str(v) for v in values])
        with self.conn.cursor() as cur:
            with cur.copy(sql.SQL("COPY (SELECT n, v FROM {t} ORDER BY n) TO STDOUT (FORMAT {f})")
                          .format(t=t, f=sql.SQL(fmt))) as copy:
                copy.set_types(["int4", kind.name])
                rows = list(copy.rows())
        self.assertEqual([r[1] for r in rows], values)
        self.assertTrue(all(type(r[1]) in (kind.cls, type(None)) for r in rows))

    def check_copy_binary(self, kind):
        self._copy_both_ways(kind, "BINARY")

    def check_copy_text(self, kind):
        self._copy_both_ways(kind, "TEXT")

    def check_invalid(self, kind):
        for text in kind.invalid:
            with self.assertRaises(errors.InvalidTextRepresentation) as cm:
                self.query("SELECT %%s::%s" % kind.name, [text])
            self.assertEqual(cm.exception.sqlstate, "22P02")

    def check_client_made(self, kind):
        t = self.table(kind)
        with self.conn.cursor() as cur:
            cur.executemany(sql.SQL("INSERT INTO {t} VALUES (%s, %s)").format(t=t),
                            list(enumerate(kind.made)))
        self.assertEqual(self.server_texts(t), [str(v) for v in kind.made])
        if kind.name in PARTS:
            functions, parts = PARTS[kind.name]
            self.assertEqual(self.query(sql.SQL("SELECT " + functions + " FROM {t} ORDER BY n")
                                        .format(t=t)),
                             [parts(v) for v in kind.made])
        if kind.name == "typeid":
            self.assertEqual(self.query(sql.SQL("SELECT typeid_timestamp(v) FROM {t} ORDER BY n")
                                        .format(t=t)),
                             [(v.timestamp,) for v in kind.made])
            self.assertIsNotNone(kind.made[0].timestamp)
            self.assertIsNone(kind.made[-1].timestamp)

    def check_order(self, kind):
        values = [kind.cls(s) for s in kind.samples] + kind.made
        for binary in (False, True):
            (ordered,), = self.query(
                "SELECT array_agg(x ORDER BY x) FROM unnest(%%s::%s[]) AS x" % kind.name,
                [values], binary)
            self.assertEqual(ordered, sorted(values))


class Psycopg3AsyncTest(unittest.IsolatedAsyncioTestCase):
    async def test_async_registration(self):
        conn = await psycopg.AsyncConnection.connect(dbname=DB, autocommit=True, **conninfo())
        try:
            await register_scru128_async(conn)
            for kind in KINDS:
                value = kind.cls(kind.samples[1])
                cur = await conn.execute("SELECT %%s::%s, %%s::text" % kind.name, [value, value])
                self.assertEqual(await cur.fetchone(), (value, kind.samples[1]))
        finally:
            await conn.close()


class Psycopg3TypeIdDomainTest(unittest.TestCase):
    def setUp(self):
        self.conn = psycopg.connect(dbname=DB, autocommit=True, **conninfo())
        register_scru128(self.conn)
        self.conn.execute(DOMAIN_SQL)

    def tearDown(self):
        self.conn.close()

    def test_domain(self):
        # the value class in binary and text, and its text
        params = [(v, fmt) for fmt in ("%b", "%t") for v in USER_IDS] + [(str(USER_IDS[0]), "%s")]
        for n, (v, fmt) in enumerate(params):
            self.conn.execute("INSERT INTO t_user VALUES (%s, " + fmt + ")", [n, v])
        for binary in (False, True):
            with self.conn.cursor(binary=binary) as cur:
                got = cur.execute("SELECT id FROM t_user ORDER BY n").fetchall()
            self.assertEqual([r[0] for r in got], [TypeId(v) for v, _ in params])
            self.assertTrue(all(type(r[0]) is TypeId for r in got))
        for fmt in ("%b", "%t", "%s"):
            with self.assertRaises(errors.CheckViolation) as cm:
                self.conn.execute("INSERT INTO t_user VALUES (0, " + fmt + ")", [POST_ID])
            self.assertEqual(cm.exception.sqlstate, "23514")
            self.assertIn(DOMAIN_ERROR, str(cm.exception))

    def test_domain_copy(self):
        for fmt in ("BINARY", "TEXT"):
            self.conn.execute("TRUNCATE t_user")
            with self.conn.cursor() as cur:
                with cur.copy("COPY t_user (n, id) FROM STDIN (FORMAT %s)" % fmt) as copy:
                    copy.set_types(["int4", "typeid"])
                    for n, v in enumerate(USER_IDS + [None]):
                        copy.write_row((n, v))
            self.assertEqual([r[0] for r in self.conn.execute("SELECT id FROM t_user ORDER BY n")],
                             USER_IDS + [None])
            with self.assertRaises(errors.CheckViolation) as cm:
                with self.conn.cursor() as cur:
                    with cur.copy("COPY t_user (n, id) FROM STDIN (FORMAT %s)" % fmt) as copy:
                        copy.set_types(["int4", "typeid"])
                        copy.write_row((9, POST_ID))
            self.assertIn(DOMAIN_ERROR, str(cm.exception))

    def test_generated(self):
        now_ms = int(time.time() * 1000)
        for binary in (False, True):
            with self.conn.cursor(binary=binary) as cur:
                t, u, t_text, u_text = cur.execute(
                    "SELECT t, u, t::text, u::text "
                    "FROM (SELECT typeid_generate('user') AS t, ulid() AS u) s").fetchone()
            self.assertEqual((type(t), type(u)), (TypeId, Ulid))
            self.assertEqual((str(t), str(u)), (t_text, u_text))
            self.assertEqual((t.prefix, t.uuid.version), ("user", 7))
            self.assertLess(abs(t.timestamp_ms - now_ms), 60000)
            self.assertLess(abs(u.timestamp_ms - now_ms), 60000)
            self.conn.execute("INSERT INTO t_user VALUES (1, %s)", [t])


class Psycopg3MissingTest(unittest.TestCase):
    def test_missing_extension(self):
        with psycopg.connect(dbname=fresh_database(DB + "_none", False), **conninfo()) as conn:
            with self.assertRaisesRegex(LookupError, "scru128, scru160, scru64, ulid, typeid"):
                register_scru128(conn)

    def test_extension_1_4(self):
        # release 1.4 has ulid, not typeid: the others are registered
        with psycopg.connect(dbname=fresh_database(DB + "_14", False), autocommit=True,
                             **conninfo()) as conn:
            conn.execute("CREATE EXTENSION scru128 VERSION '1.4'")
            register_scru128(conn)
            ulid = Ulid("01ARYZ6S41TSV4RRFFQ69G5FAV")
            for binary in (False, True):
                with conn.cursor(binary=binary) as cur:
                    self.assertEqual(cur.execute("SELECT %s::ulid, to_regtype('typeid')",
                                                 [ulid]).fetchone(), (ulid, None))
            with self.assertRaises(psycopg.ProgrammingError):
                conn.execute("SELECT %s", [TypeId("user_01h455vb4pex5vsknk084sn02q")])
