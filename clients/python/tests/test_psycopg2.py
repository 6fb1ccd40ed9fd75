import io
import unittest

import psycopg2
import psycopg2.errors

from scru128_pg import TypeId, Ulid
from scru128_pg.psycopg2 import TypedText, register_scru128
from tests.common import (DOMAIN_ERROR, DOMAIN_SQL, PARTS, POST_ID, USER_IDS, conninfo,
                          fresh_database, per_kind)

DB = "clients_py_psycopg2"


def setUpModule():
    fresh_database(DB)


@per_kind
class Psycopg2Test(unittest.TestCase):
    def setUp(self):
        self.conn = psycopg2.connect(dbname=DB, **conninfo())
        self.conn.autocommit = True
        register_scru128(self.conn)

    def tearDown(self):
        self.conn.close()

    def query(self, q, params=()):
        with self.conn.cursor() as cur:
            cur.execute(q, params)
            return cur.fetchall()

    def table(self, kind):
        t = "t_" + kind.name
        self.query_none("DROP TABLE IF EXISTS %s; CREATE TABLE %s (n int, v %s)" % (t, t, kind.name))
        return t

    def query_none(self, q, params=()):
        with self.conn.cursor() as cur:
            cur.execute(q, params)

    def server_texts(self, t):
        return [r[0] for r in self.query("SELECT v::text FROM %s ORDER BY n" % t)]

    def check_value(self, kind):
        for text in kind.samples:
            (v, server), = self.query(
                "SELECT x, x::text FROM (SELECT %%s::%s AS x) s" % kind.name, [text])
            self.assertIs(type(v), kind.cls)
            self.assertEqual(str(v), server)
            self.assertEqual(server, text)
        for text, canonical in kind.inputs.items():
            (server,), = self.query("SELECT %%s::%s::text" % kind.name, [text])
            self.assertEqual(server, canonical)
            self.assertEqual(str(kind.cls(text)), canonical)

    def check_parameter(self, kind):
        for value in [kind.cls(s) for s in kind.samples] + kind.made:
            (server, same, back, typ), = self.query(
                "SELECT %s::text, %s = %s::" + kind.name + ", %s, pg_typeof(%s)::text",
                [value, value, str(value), value, value])
            self.assertEqual(server, str(value))
            self.assertTrue(same)
            self.assertEqual(back, value)
            self.assertEqual(typ, kind.name)

    def check_array(self, kind):
        values = [kind.cls(s) for s in kind.samples] + kind.made
        literal = "{%s}" % ",".join(str(v) for v in values)
        (arr, text), = self.query(
            "SELECT a, a::text FROM (SELECT %%s::%s[] AS a) s" % kind.name, [literal])
        self.assertEqual(arr, values)
        self.assertEqual(text, literal)
        (text, arr, typ), = self.query("SELECT %s::text, %s, pg_typeof(%s)::text",
                                       [values, values + [None], values])
        self.assertEqual(text, literal)
        self.assertEqual(arr, values + [None])
        self.assertEqual(typ, kind.name + "[]")

    def check_null(self, kind):
        t = self.table(kind)
        self.assertEqual(self.query("SELECT NULL::%s" % kind.name), [(None,)])
        self.query_none("INSERT INTO %s VALUES (1, %%s), (2, %%s)" % t,
                        [None, kind.cls(kind.samples[0])])
        self.assertEqual(self.query("SELECT v FROM %s ORDER BY n" % t),
                         [(None,), (kind.cls(kind.samples[0]),)])

    def check_copy(self, kind):
        t = self.table(kind)
        values = [kind.cls(s) for s in kind.samples] + kind.made + [None]
        data = "".join("%d\t%s\n" % (i, "\\N" if v is None else v) for i, v in enumerate(values))
        with self.conn.cursor() as cur:
            cur.copy_expert("COPY %s (n, v) FROM STDIN" % t, io.StringIO(data))
        self.assertEqual(self.server_texts(t), [None if v is None else str(v) for v in values])
        out = io.StringIO()
        with self.conn.cursor() as cur:
            cur.copy_expert("COPY (SELECT n, v FROM %s ORDER BY n) TO STDOUT" % t, out)
        back = [line.split("\t")[1] for line in out.getvalue().splitlines()]
        self.assertEqual([None if s == "\\N" else kind.cls(s) for s in back], values)

    def check_invalid(self, kind):
        for text in kind.invalid:
            with self.assertRaises(psycopg2.errors.InvalidTextRepresentation) as cm:
                self.query("SELECT %%s::%s" % kind.name, [text])
            self.assertEqual(cm.exception.pgcode, "22P02")

    def check_client_made(self, kind):
        t = self.table(kind)
        with self.conn.cursor() as cur:
            cur.executemany("INSERT INTO %s VALUES (%%s, %%s)" % t, list(enumerate(kind.made)))
        self.assertEqual(self.server_texts(t), [str(v) for v in kind.made])
        if kind.name in PARTS:
            functions, parts = PARTS[kind.name]
            self.assertEqual(self.query("SELECT %s FROM %s ORDER BY n" % (functions, t)),
                             [parts(v) for v in kind.made])


class Psycopg2TypeIdDomainTest(unittest.TestCase):
    def setUp(self):
        self.conn = psycopg2.connect(dbname=DB, **conninfo())
        self.conn.autocommit = True
        register_scru128(self.conn)
        with self.conn.cursor() as cur:
            cur.execute(DOMAIN_SQL)

    def tearDown(self):
        self.conn.close()

    def test_domain(self):
        params = USER_IDS + [str(USER_IDS[0]), TypedText(str(USER_IDS[1]), "typeid")]
        with self.conn.cursor() as cur:
            cur.executemany("INSERT INTO t_user VALUES (%s, %s)", list(enumerate(params)))
            cur.execute("SELECT id FROM t_user ORDER BY n")
            got = [r[0] for r in cur.fetchall()]
        self.assertEqual(got, USER_IDS + USER_IDS)
        self.assertTrue(all(type(v) is TypeId for v in got))
        for param in (POST_ID, str(POST_ID), TypedText(str(POST_ID), "typeid")):
            with self.assertRaises(psycopg2.errors.CheckViolation) as cm:
                with self.conn.cursor() as cur:
                    cur.execute("INSERT INTO t_user VALUES (0, %s)", [param])
            self.assertEqual(cm.exception.pgcode, "23514")
            self.assertIn(DOMAIN_ERROR, str(cm.exception))

    def test_domain_copy(self):
        data = "".join("%d\t%s\n" % (n, v) for n, v in enumerate(USER_IDS))
        with self.conn.cursor() as cur:
            cur.copy_expert("COPY t_user (n, id) FROM STDIN", io.StringIO(data))
            cur.execute("SELECT id FROM t_user ORDER BY n")
            self.assertEqual([r[0] for r in cur.fetchall()], USER_IDS)
            with self.assertRaises(psycopg2.errors.CheckViolation) as cm:
                cur.copy_expert("COPY t_user (n, id) FROM STDIN", io.StringIO("9\t%s\n" % POST_ID))
            self.assertIn(DOMAIN_ERROR, str(cm.exception))


class Psycopg2MissingTest(unittest.TestCase):
    def test_missing_extension(self):
        conn = psycopg2.connect(dbname=fresh_database(DB + "_none", False), **conninfo())
        try:
            with self.assertRaisesRegex(LookupError, "scru128, scru160, scru64, ulid, typeid"):
                register_scru128(conn)
        finally:
            conn.close()

    def test_extension_1_4(self):
        # release 1.4 has ulid, not typeid: the others are registered
        conn = psycopg2.connect(dbname=fresh_database(DB + "_14", False), **conninfo())
        conn.autocommit = True
        try:
            with conn.cursor() as cur:
                cur.execute("CREATE EXTENSION scru128 VERSION '1.4'")
                self.assertEqual(sorted(register_scru128(conn)),
                                 ["scru128", "scru160", "scru64", "ulid"])
                ulid = Ulid("01ARYZ6S41TSV4RRFFQ69G5FAV")
                cur.execute("SELECT %s, to_regtype('typeid')", [ulid])
                self.assertEqual(cur.fetchone(), (ulid, None))
        finally:
            conn.close()
