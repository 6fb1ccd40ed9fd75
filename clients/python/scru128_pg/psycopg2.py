"""psycopg2 adapter: ``register_scru128(conn_or_curs)``.

psycopg2 speaks text only.  Results of ``scru128``, ``scru160`` and
``scru64`` and of their arrays become ``Scru128``, ``Scru160`` and
``Scru64`` on the connection (or cursor) given; the three classes become
typed literals (``'…'::scru128``) as parameters, everywhere (psycopg2's
adapters are global).
"""

import psycopg2.extensions as ext

from . import Scru128, Scru160, Scru64

__all__ = ["register_scru128"]

_QUERY = """\
SELECT n, t.oid, t.typarray
FROM unnest(ARRAY['scru128', 'scru160', 'scru64']) WITH ORDINALITY AS u (n, i)
LEFT JOIN pg_type AS t ON t.oid = to_regtype(n)
ORDER BY i
"""

_CLASSES = {"scru128": Scru128, "scru160": Scru160, "scru64": Scru64}


class _Literal:
    """A typed literal: the text forms are [0-9A-Za-z] only, nothing to escape."""

    __slots__ = ("_sql",)

    def __init__(self, obj):
        self._sql = ("'%s'::%s" % (obj, obj._TYPNAME)).encode()

    def getquoted(self):
        return self._sql


def _caster(cls):
    def cast(value, cur):
        return None if value is None else cls(value)
    return cast


def register_scru128(conn_or_curs):
    """Registers the three types; returns the casters made (by type name)."""
    cur = conn_or_curs.cursor() if hasattr(conn_or_curs, "cursor") else conn_or_curs
    cur.execute(_QUERY)
    rows = cur.fetchall()
    missing = [name for name, oid, _ in rows if oid is None]
    if missing:
        raise LookupError(
            "type %s not found: is the scru128 extension installed in this "
            "database and its schema on search_path?" % ", ".join(missing))
    casters = {}
    for name, oid, array_oid in rows:
        cls = _CLASSES[name]
        caster = ext.new_type((oid,), name.upper(), _caster(cls))
        array_caster = ext.new_array_type((array_oid,), name.upper() + "[]", caster)
        ext.register_type(caster, conn_or_curs)
        ext.register_type(array_caster, conn_or_curs)
        ext.register_adapter(cls, _Literal)
        casters[name] = caster
    return casters
