"""psycopg2 adapter: ``register_scru128(conn_or_curs)``.

psycopg2 speaks text only.  Results of ``scru128``, ``scru160``,
``scru64``, ``ulid`` and ``typeid`` and of their arrays become
``Scru128``, ``Scru160``, ``Scru64``, ``Ulid`` and ``TypeId`` on the
connection (or cursor) given; the classes become typed literals
(``'…'::scru128``) as parameters, everywhere (psycopg2's adapters are
global).  A database with an extension older than 1.5 (1.4) has no
``typeid`` (``ulid``): the others are registered there.
"""

import psycopg2.extensions as ext

from . import _TYPNAMES, Scru128, Scru160, Scru64, TypeId, Ulid, _missing_types

__all__ = ["register_scru128", "register_adapters", "TypedText"]

_QUERY = """\
SELECT n, t.oid, t.typarray
FROM unnest(%s::text[]) WITH ORDINALITY AS u (n, i)
LEFT JOIN pg_type AS t ON t.oid = to_regtype(n)
ORDER BY i
"""

_CLASSES = {"scru128": Scru128, "scru160": Scru160, "scru64": Scru64,
            "ulid": Ulid, "typeid": TypeId}


class _Literal:
    """A typed literal: the text forms are [0-9A-Za-z_] only, nothing to escape."""

    __slots__ = ("_sql",)

    def __init__(self, obj):
        self._sql = ("'%s'::%s" % (obj, obj._TYPNAME)).encode()

    def getquoted(self):
        return self._sql


class TypedText:
    """Text as a typed literal (``'…'::scru128``), quoted by psycopg2: a
    bad one gets the server's error (22P02), and a list of them is an
    array of the type, not ``text[]``."""

    __slots__ = ("_quoted", "_typname")

    def __init__(self, text, typname):
        if typname not in _CLASSES:
            raise ValueError("not a type of the scru128 extension: %r" % typname)
        self._quoted = ext.QuotedString(text)
        self._typname = typname

    def __conform__(self, protocol):
        if protocol is ext.ISQLQuote:
            return self
        return None

    def prepare(self, conn):
        self._quoted.prepare(conn)

    def getquoted(self):
        return self._quoted.getquoted() + b"::" + self._typname.encode()


def register_adapters():
    """Makes the value classes typed literals as parameters (global, no
    OIDs needed; register_scru128 does this too)."""
    for cls in _CLASSES.values():
        ext.register_adapter(cls, _Literal)


def _caster(cls):
    def cast(value, cur):
        return None if value is None else cls(value)
    return cast


def register_scru128(conn_or_curs):
    """Registers the types; returns the casters made (by type name)."""
    cur = conn_or_curs.cursor() if hasattr(conn_or_curs, "cursor") else conn_or_curs
    cur.execute(_QUERY, [list(_TYPNAMES)])
    rows = cur.fetchall()
    error = _missing_types([name for name, oid, _ in rows if oid is None])
    if error:
        raise error
    casters = {}
    for name, oid, array_oid in rows:
        if oid is None:
            continue
        cls = _CLASSES[name]
        caster = ext.new_type((oid,), name.upper(), _caster(cls))
        array_caster = ext.new_array_type((array_oid,), name.upper() + "[]", caster)
        ext.register_type(caster, conn_or_curs)
        ext.register_type(array_caster, conn_or_curs)
        casters[name] = caster
    register_adapters()
    return casters
