"""asyncpg adapter: ``await register_scru128(conn)``.

Sets binary codecs for ``scru128``, ``scru160``, ``scru64``, ``ulid`` and
``typeid`` on one connection (``init=register_scru128`` for a pool):
results and their arrays become ``Scru128``, ``Scru160``, ``Scru64``,
``Ulid`` and ``TypeId``; parameters take those or their text;
``copy_records_to_table`` works, as it needs a binary encoder for every
column.  A database with an extension older than 1.5 (1.4) has no
``typeid`` (``ulid``): the others are registered there.
"""

from . import _TYPNAMES, Scru128, Scru160, Scru64, TypeId, Ulid, _missing_types

__all__ = ["register_scru128"]

_QUERY = """\
SELECT n, t.typname, ns.nspname
FROM unnest($1::text[]) WITH ORDINALITY AS u (n, i)
LEFT JOIN pg_type AS t ON t.oid = to_regtype(n)
LEFT JOIN pg_namespace AS ns ON ns.oid = t.typnamespace
ORDER BY i
"""

_new = object.__new__


def _bytes_codec(cls):
    def encode(obj):
        if type(obj) is cls:
            return obj._bytes
        return cls(obj)._bytes

    def decode(data):
        # the server sent exactly the type's length: no check, no parsing
        obj = _new(cls)
        obj._bytes = data
        return obj

    return encode, decode


def _encode_scru64(obj):
    if type(obj) is not Scru64:
        obj = Scru64(obj)
    return obj._int.to_bytes(8, "big")


def _decode_scru64(data):
    obj = _new(Scru64)
    obj._int = int.from_bytes(data, "big")
    return obj


def _encode_typeid(obj):
    if type(obj) is not TypeId:
        obj = TypeId(obj)
    return obj._uuid + obj._prefix.encode("ascii")


def _decode_typeid(data):
    # the server's typeid_send: the UUID's 16 bytes, then the prefix's
    obj = _new(TypeId)
    obj._uuid = data[:16]
    obj._prefix = data[16:].decode("ascii")
    return obj


_CODECS = {
    "scru128": _bytes_codec(Scru128),
    "scru160": _bytes_codec(Scru160),
    "scru64": (_encode_scru64, _decode_scru64),
    "ulid": _bytes_codec(Ulid),
    "typeid": (_encode_typeid, _decode_typeid),
}


async def register_scru128(conn):
    """Sets the codecs of the types on an asyncpg ``Connection``."""
    rows = await conn.fetch(_QUERY, list(_TYPNAMES))
    error = _missing_types([r[0] for r in rows if r[1] is None])
    if error:
        raise error
    for name, typname, schema in rows:
        if typname is None:
            continue
        encode, decode = _CODECS[name]
        await conn.set_type_codec(typname, schema=schema, encoder=encode,
                                  decoder=decode, format="binary")
