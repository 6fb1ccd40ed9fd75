"""What the client tests share: the samples, a database of their own, and
the expansion of one check into one test per type."""

import inspect
import os
import random

from scru128_pg import Scru128, Scru160, Scru64


class Kind:
    def __init__(self, name, cls, samples, inputs, invalid, made):
        self.name = name              # SQL type name
        self.cls = cls                # value class
        self.samples = samples        # canonical texts
        self.inputs = inputs          # other accepted texts -> canonical text
        self.invalid = invalid        # texts the server refuses (22P02)
        self.made = made              # values made client-side


_rng = random.Random(128)

KINDS = [
    Kind("scru128", Scru128,
         ["0000000000000000000000000", "036z951mhjikzik2gsl81gr7l",
          "f5lxx1zz5pnorynqglhzmsp33"],
         {"036Z951MHJIKZIK2GSL81GR7L": "036z951mhjikzik2gsl81gr7l"},
         ["f5lxx1zz5pnorynqglhzmsp34", "036z951mhjikzik2gsl81gr7", "036z951mhjikzik2gsl81gr7_"],
         [Scru128.from_fields(1700000000000 + i, _rng.getrandbits(24),
                              _rng.getrandbits(24), _rng.getrandbits(32))
          for i in range(3)] + [Scru128(_rng.getrandbits(128))]),
    Kind("scru160", Scru160,
         ["00000000000000000000000000000000", "05U0GF0J0SP1ADJPT0U4VHIMCJJAIP51",
          "VVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVV"],
         {"05u0gf0j0sp1adjpt0u4vhimcjjaip51": "05U0GF0J0SP1ADJPT0U4VHIMCJJAIP51",
          "017c083c130732153679e83c4fc65664e6a964a1": "05U0GF0J0SP1ADJPT0U4VHIMCJJAIP51"},
         ["WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW", "05U0GF0J0SP1ADJPT0U4VHIMCJJAIP5", "017c083c130732153679e83c4fc65664e6a964ag"],
         [Scru160(_rng.getrandbits(160)) for _ in range(3)]),
    Kind("scru64", Scru64,
         ["000000000000", "0u2r85hm2pt3", "zzzzzzzzzzzz"],
         {"0U2R85HM2PT3": "0u2r85hm2pt3"},
         ["0u2r85hm2pt", "0u2r85hm2pt3a", "0u2r85hm2-t3"],
         [Scru64.from_parts(_rng.getrandbits(36), _rng.getrandbits(24)) for _ in range(3)]),
]


def conninfo():
    return {k: os.environ[v] for k, v in
            (("host", "PGHOST"), ("port", "PGPORT"), ("user", "PGUSER"))
            if os.environ.get(v)}


def fresh_database(name, create_extension=True):
    """Drops and creates database NAME (a test's own), with the extension
    unless told not to; returns NAME."""
    import psycopg2
    admin = psycopg2.connect(dbname=os.environ.get("PGDATABASE", "postgres"), **conninfo())
    admin.autocommit = True
    with admin.cursor() as cur:
        cur.execute('DROP DATABASE IF EXISTS "%s"' % name)
        cur.execute('CREATE DATABASE "%s"' % name)
    admin.close()
    if create_extension:
        conn = psycopg2.connect(dbname=name, **conninfo())
        conn.autocommit = True
        with conn.cursor() as cur:
            cur.execute("CREATE EXTENSION IF NOT EXISTS scru128")
        conn.close()
    return name


def per_kind(cls):
    """Turns each method check_X(self, kind) into test_X_scru128,
    test_X_scru160 and test_X_scru64."""
    for attr in list(vars(cls)):
        if not attr.startswith("check_"):
            continue
        check = getattr(cls, attr)
        for kind in KINDS:
            if inspect.iscoroutinefunction(check):
                async def test(self, check=check, kind=kind):
                    await check(self, kind)
            else:
                def test(self, check=check, kind=kind):
                    check(self, kind)
            test.__name__ = "test_%s_%s" % (attr[len("check_"):], kind.name)
            setattr(cls, test.__name__, test)
    return cls
