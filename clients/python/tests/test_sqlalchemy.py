import unittest

import psycopg2.errors
from sqlalchemy import (Column, Integer, MetaData, Table, bindparam, cast, create_engine,
                        event, exc, inspect, literal, select, text, Text)
from sqlalchemy.dialects.postgresql import ARRAY

from scru128_pg import TypeId
from scru128_pg.psycopg2 import register_scru128
from scru128_pg.sqlalchemy import SCRU64, SCRU128, SCRU160, TYPEID, ULID
from tests.common import (DOMAIN_ERROR, DOMAIN_SQL, POST_ID, USER_IDS, conninfo, fresh_database,
                          per_kind)

DB = "clients_py_sqlalchemy"
TYPES = {"scru128": SCRU128, "scru160": SCRU160, "scru64": SCRU64, "ulid": ULID,
         "typeid": TYPEID}


def make_engine(register):
    engine = create_engine("postgresql+psycopg2://",
                           connect_args=dict(dbname=DB, **conninfo()), future=True)
    if register:
        event.listen(engine, "connect", lambda dbapi_conn, record: register_scru128(dbapi_conn))
    return engine


def setUpModule():
    global ENGINE, PLAIN_ENGINE
    fresh_database(DB)
    ENGINE = make_engine(True)
    PLAIN_ENGINE = make_engine(False)


def tearDownModule():
    ENGINE.dispose()
    PLAIN_ENGINE.dispose()


@per_kind
class SqlAlchemyTest(unittest.TestCase):
    def table(self, kind):
        metadata = MetaData()
        t = Table("t_" + kind.name, metadata,
                  Column("n", Integer, primary_key=True),
                  Column("v", TYPES[kind.name]),
                  Column("a", ARRAY(TYPES[kind.name])))
        metadata.drop_all(ENGINE)
        metadata.create_all(ENGINE)
        return t

    def server_texts(self, conn, t, column="v"):
        return list(conn.execute(select(cast(t.c[column], Text)).order_by(t.c.n)).scalars())

    def check_value(self, kind):
        t = self.table(kind)
        with ENGINE.begin() as conn:
            conn.execute(t.insert(), [{"n": i, "v": s} for i, s in enumerate(kind.samples)])
        # with and without the driver's casters: both give the value class
        for engine in (ENGINE, PLAIN_ENGINE):
            with engine.connect() as conn:
                got = list(conn.execute(select(t.c.v).order_by(t.c.n)).scalars())
                self.assertEqual([type(v) for v in got], [kind.cls] * len(got))
                self.assertEqual([str(v) for v in got], self.server_texts(conn, t))
                self.assertEqual([str(v) for v in got], kind.samples)

    def check_parameter(self, kind):
        typ = TYPES[kind.name]()
        with ENGINE.connect() as conn:
            for value in [kind.cls(s) for s in kind.samples] + kind.made:
                for param in (value, str(value)):
                    server, back = conn.execute(
                        select(cast(bindparam("p", type_=typ), Text), bindparam("q", type_=typ)),
                        {"p": param, "q": param}).one()
                    self.assertEqual(server, str(value))
                    self.assertEqual(back, value)
            for text_in, canonical in kind.inputs.items():
                self.assertEqual(conn.execute(select(cast(literal(text_in, typ), Text))).scalar(),
                                 canonical)

    def check_array(self, kind):
        t = self.table(kind)
        values = [kind.cls(s) for s in kind.samples] + kind.made
        with ENGINE.begin() as conn:
            conn.execute(t.insert(), [{"n": 1, "a": values + [None]},
                                      {"n": 2, "a": [str(v) for v in values]}])
            rows = list(conn.execute(select(t.c.a).order_by(t.c.n)).scalars())
            self.assertEqual(rows, [values + [None], values])
            self.assertEqual(self.server_texts(conn, t, "a"),
                             ["{%s,NULL}" % ",".join(map(str, values)),
                              "{%s}" % ",".join(map(str, values))])

    def check_null(self, kind):
        t = self.table(kind)
        with ENGINE.begin() as conn:
            conn.execute(t.insert(), [{"n": 1, "v": None}])
            self.assertEqual(conn.execute(select(t.c.v, t.c.v.is_(None))).one(), (None, True))

    def check_bulk_insert(self, kind):
        t = self.table(kind)
        values = [kind.cls(s) for s in kind.samples] + kind.made + [None]
        with ENGINE.begin() as conn:
            conn.execute(t.insert(), [{"n": i, "v": v} for i, v in enumerate(values)])
            self.assertEqual(self.server_texts(conn, t), [None if v is None else str(v) for v in values])
            self.assertEqual(list(conn.execute(select(t.c.v).where(t.c.v.in_(values[:2]))
                                               .order_by(t.c.n)).scalars()), values[:2])

    def check_invalid(self, kind):
        t = self.table(kind)
        for bad in kind.invalid:
            with self.assertRaises(exc.DataError) as cm, ENGINE.begin() as conn:
                conn.execute(t.insert(), [{"n": 1, "v": bad}])
            self.assertIsInstance(cm.exception.orig, psycopg2.errors.InvalidTextRepresentation)
            self.assertEqual(cm.exception.orig.pgcode, "22P02")

    def check_client_made(self, kind):
        t = self.table(kind)
        with ENGINE.begin() as conn:
            conn.execute(t.insert(), [{"n": i, "v": v} for i, v in enumerate(kind.made)])
            self.assertEqual(self.server_texts(conn, t), [str(v) for v in kind.made])

    def check_reflection(self, kind):
        self.table(kind)
        columns = {c["name"]: c["type"] for c in inspect(ENGINE).get_columns("t_" + kind.name)}
        self.assertIsInstance(columns["v"], TYPES[kind.name])
        self.assertIsInstance(columns["a"], ARRAY)
        self.assertIsInstance(columns["a"].item_type, TYPES[kind.name])
        reflected = Table("t_" + kind.name, MetaData(), autoload_with=ENGINE)
        with ENGINE.begin() as conn:
            conn.execute(reflected.insert(), [{"n": 1, "v": kind.samples[1]}])
            self.assertEqual(conn.execute(select(reflected.c.v)).scalar(), kind.cls(kind.samples[1]))

    def check_ddl(self, kind):
        from sqlalchemy.schema import CreateTable
        t = self.table(kind)
        ddl = str(CreateTable(t).compile(dialect=ENGINE.dialect))
        self.assertIn("v %s" % kind.name.upper(), ddl)
        with ENGINE.connect() as conn:
            self.assertEqual(conn.execute(text(
                "SELECT format_type(atttypid, atttypmod) FROM pg_attribute "
                "WHERE attrelid = 't_%s'::regclass AND attname = 'v'" % kind.name)).scalar(), kind.name)


class SqlAlchemyTypeIdDomainTest(unittest.TestCase):
    def setUp(self):
        with ENGINE.begin() as conn:
            conn.exec_driver_sql(DOMAIN_SQL)

    def test_domain(self):
        # a column of the domain reflects as TYPEID
        columns = {c["name"]: c["type"] for c in inspect(ENGINE).get_columns("t_user")}
        self.assertIsInstance(columns["id"], TYPEID)
        t = Table("t_user", MetaData(), autoload_with=ENGINE)
        for engine in (ENGINE, PLAIN_ENGINE):
            with engine.begin() as conn:
                conn.execute(t.delete())
                conn.execute(t.insert(), [{"n": 1, "id": USER_IDS[0]},
                                          {"n": 2, "id": str(USER_IDS[1])}])
                got = list(conn.execute(select(t.c.id).order_by(t.c.n)).scalars())
                self.assertEqual(got, USER_IDS)
                self.assertTrue(all(type(v) is TypeId for v in got))
                self.assertEqual(
                    conn.execute(select(t.c.n).where(t.c.id == USER_IDS[1])).scalar(), 2)
            for param in (POST_ID, str(POST_ID)):
                with self.assertRaises(exc.IntegrityError) as cm, engine.begin() as conn:
                    conn.execute(t.insert(), [{"n": 0, "id": param}])
                self.assertIsInstance(cm.exception.orig, psycopg2.errors.CheckViolation)
                self.assertIn(DOMAIN_ERROR, str(cm.exception.orig))
