"""What the client tests share: the samples, a database of their own, and
the expansion of one check into one test per type."""

import inspect
import os
import random
import uuid

from scru128_pg import Scru64, Scru128, Scru160, TypeId, Ulid


class Kind:
    def __init__(self, name, cls, samples, inputs, invalid, made):
        self.name = name              # SQL type name
        self.cls = cls                # value class
        self.samples = samples        # canonical texts
        self.inputs = inputs          # other accepted texts -> canonical text
        self.invalid = invalid        # texts the server refuses (22P02)
        self.made = made              # values made client-side


_rng = random.Random(128)


def uuid7(unix_ms, rand_a, rand_b):
    """The UUIDv7 of these fields (48, 12 and 62 bits)."""
    return uuid.UUID(int=(unix_ms << 80) | (7 << 76) | (rand_a << 64) | (2 << 62) | rand_b)


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
    Kind("ulid", Ulid,
         ["00000000000000000000000000", "01ARYZ6S41TSV4RRFFQ69G5FAV",
          "7ZZZZZZZZZZZZZZZZZZZZZZZZZ"],
         {"01aryz6s41tsv4rrffq69g5fav": "01ARYZ6S41TSV4RRFFQ69G5FAV",
          "oLARYZ6S4ITSV4RRFFQ69G5FAV": "01ARYZ6S41TSV4RRFFQ69G5FAV"},
         ["80000000000000000000000000", "01ARYZ6S41TSV4RRFFQ69G5FAU", "01ARYZ6S41TSV4RRFFQ69G5FA",
          "01ARYZ6S41-TSV4RRFFQ69G5FA"],
         [Ulid(((1700000000000 + i) << 80) | _rng.getrandbits(80)) for i in range(3)]
         + [Ulid(uuid.UUID(int=_rng.getrandbits(128)))]),
    # one text per value: no other accepted input
    Kind("typeid", TypeId,
         ["00000000000000000000000000", "prefix_01h455vb4pex5vsknk084sn02q",
          "pre_fix_00000000000000000000000000", "user_7zzzzzzzzzzzzzzzzzzzzzzzzz"],
         {},
         ["PREFIX_00000000000000000000000000", "_00000000000000000000000000",
          "préfix_00000000000000000000000000", "prefix__00000000000000000000000000",
          "prefix_0123456789ABCDEFGHJKMNPQRS", "prefix_i23456789ol23456789oi23456",
          "prefix_8zzzzzzzzzzzzzzzzzzzzzzzzz", "prefix_", ""],
         [TypeId.from_uuid(prefix, uuid7(1700000000000 + i, _rng.getrandbits(12),
                                         _rng.getrandbits(62)))
          for i, prefix in enumerate(["user", "", "a_b", "z" * 63])]
         + [TypeId.from_uuid("ab", uuid.UUID(int=_rng.getrandbits(128)))]),
]


# the parts of a value: the server's functions of column v (ints and text,
# which every driver reads the same), and the same of the value class
PARTS = {
    "scru128": ("scru128_timestamp_ms(v), scru128_counter_hi(v), scru128_counter_lo(v), "
                "scru128_entropy(v)",
                lambda v: (v.timestamp_ms, v.counter_hi, v.counter_lo, v.entropy)),
    "ulid": ("ulid_timestamp_ms(v), encode(ulid_random(v), 'hex'), v::uuid::text",
             lambda v: (v.timestamp_ms, v.random.hex(), str(v.uuid))),
    "typeid": ("typeid_prefix(v), typeid_uuid(v)::text, "
               "(extract(epoch FROM typeid_timestamp(v)) * 1000)::bigint",
               lambda v: (v.prefix, str(v.uuid), v.timestamp_ms)),
}

# a typeid domain of one prefix, and a table of it
DOMAIN_SQL = """\
DROP TABLE IF EXISTS t_user;
DROP DOMAIN IF EXISTS user_id;
CREATE DOMAIN user_id AS typeid CHECK (typeid_check_prefix(VALUE, 'user'));
CREATE TABLE t_user (n int, id user_id)"""
USER_IDS = [TypeId("user_01h455vb4pex5vsknk084sn02q"),
            TypeId.from_uuid("user", uuid7(1700000000000, 1, 2))]
POST_ID = TypeId("post_01h455vb4pex5vsknk084sn02q")
# the server's message for POST_ID in t_user
DOMAIN_ERROR = 'TypeID "post_01h455vb4pex5vsknk084sn02q" has the prefix "post", not "user"'


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
    """Turns each method check_X(self, kind) into one test_X_NAME per kind
    (test_X_scru128, test_X_scru160, test_X_scru64, test_X_ulid,
    test_X_typeid)."""
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
