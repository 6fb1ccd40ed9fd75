"""psycopg 3 adapter: ``register_scru128(conn)``.

Registers, on one connection (or cursor), text and binary loaders for
``scru128``, ``scru160``, ``scru64``, ``ulid`` and ``typeid`` and their
arrays, and text and binary dumpers for ``Scru128``, ``Scru160``,
``Scru64``, ``Ulid`` and ``TypeId``.  The binary ones are the default for
``%s`` parameters and make binary ``COPY`` work both ways: the binary
format is the value's bytes as they are (for ``typeid``, the UUID's 16
bytes and the prefix's).  A database with an extension older than 1.5
(1.4) has no ``typeid`` (``ulid``): the others are registered there.
"""

from psycopg.adapt import Dumper, Loader
from psycopg.pq import Format
from psycopg.types import TypeInfo

from . import _TYPNAMES, Scru128, Scru160, Scru64, TypeId, Ulid, _missing_types

__all__ = ["register_scru128", "register_scru128_async"]

# each type name, and its OID, array OID and schema-qualified name in this
# database; to_regtype() gives NULL, not an error, where the extension is
# missing, and follows search_path like the names in a query do
_QUERY = """\
SELECT n AS name, t.oid, t.typarray, t.oid::regtype::text
FROM unnest(%s::text[]) WITH ORDINALITY AS u (n, i)
LEFT JOIN pg_type AS t ON t.oid = to_regtype(n)
ORDER BY i
"""

_new = object.__new__


class _TextDumper(Dumper):
    def dump(self, obj):
        return str(obj).encode()


class _BytesBinaryDumper(Dumper):
    format = Format.BINARY

    def dump(self, obj):
        return obj._bytes


class _Scru64Binary(Dumper):
    format = Format.BINARY

    def dump(self, obj):
        return obj._int.to_bytes(8, "big")


class _Scru128TextLoader(Loader):
    def load(self, data):
        return Scru128(bytes(data).decode())


class _Scru160TextLoader(Loader):
    def load(self, data):
        return Scru160(bytes(data).decode())


class _Scru64TextLoader(Loader):
    def load(self, data):
        return Scru64(bytes(data).decode())


class _Scru128BinaryLoader(Loader):
    format = Format.BINARY

    def load(self, data):
        # the server sent exactly 16 bytes: no check, no parsing
        obj = _new(Scru128)
        obj._bytes = bytes(data)
        return obj


class _Scru160BinaryLoader(Loader):
    format = Format.BINARY

    def load(self, data):
        obj = _new(Scru160)
        obj._bytes = bytes(data)
        return obj


class _Scru64BinaryLoader(Loader):
    format = Format.BINARY

    def load(self, data):
        obj = _new(Scru64)
        obj._int = int.from_bytes(data, "big")
        return obj


class _UlidTextLoader(Loader):
    def load(self, data):
        return Ulid(bytes(data).decode())


class _UlidBinaryLoader(Loader):
    format = Format.BINARY

    def load(self, data):
        obj = _new(Ulid)
        obj._bytes = bytes(data)
        return obj


class _TypeIdBinaryDumper(Dumper):
    format = Format.BINARY

    def dump(self, obj):
        return obj._uuid + obj._prefix.encode("ascii")


class _TypeIdTextLoader(Loader):
    def load(self, data):
        return TypeId(bytes(data).decode())


class _TypeIdBinaryLoader(Loader):
    format = Format.BINARY

    def load(self, data):
        # the server's typeid_send: the UUID's 16 bytes, then the prefix's
        # (checked by the server when it was stored)
        data = bytes(data)
        obj = _new(TypeId)
        obj._uuid = data[:16]
        obj._prefix = data[16:].decode("ascii")
        return obj


_ADAPTERS = {
    "scru128": (Scru128, _TextDumper, _BytesBinaryDumper,
                _Scru128TextLoader, _Scru128BinaryLoader),
    "scru160": (Scru160, _TextDumper, _BytesBinaryDumper,
                _Scru160TextLoader, _Scru160BinaryLoader),
    "scru64": (Scru64, _TextDumper, _Scru64Binary,
               _Scru64TextLoader, _Scru64BinaryLoader),
    "ulid": (Ulid, _TextDumper, _BytesBinaryDumper,
             _UlidTextLoader, _UlidBinaryLoader),
    "typeid": (TypeId, _TextDumper, _TypeIdBinaryDumper,
               _TypeIdTextLoader, _TypeIdBinaryLoader),
}


def _register(context, rows):
    error = _missing_types([name for name, oid, _, _ in rows if oid is None])
    if error:
        raise error
    adapters = context.adapters
    for name, oid, array_oid, regtype in rows:
        if oid is None:
            continue
        cls, text_dumper, binary_dumper, text_loader, binary_loader = _ADAPTERS[name]
        # adds the type by name (for Copy.set_types) and its array loaders
        TypeInfo(name, oid, array_oid, regtype=regtype).register(context)
        # the dumper classes are shared: the OID is per database, so each
        # registration gets subclasses of its own
        for base in (text_dumper, binary_dumper):
            adapters.register_dumper(
                cls, type(base.__name__, (base,), {"oid": oid}))
        adapters.register_loader(oid, text_loader)
        adapters.register_loader(oid, binary_loader)


def register_scru128(context):
    """Registers the types on a psycopg ``Connection`` (or cursor)."""
    conn = getattr(context, "connection", context)
    with conn.cursor() as cur:
        rows = cur.execute(_QUERY, [list(_TYPNAMES)]).fetchall()
    _register(context, rows)


async def register_scru128_async(context):
    """The same, for an ``AsyncConnection`` (or async cursor)."""
    conn = getattr(context, "connection", context)
    async with conn.cursor() as cur:
        await cur.execute(_QUERY, [list(_TYPNAMES)])
        rows = await cur.fetchall()
    _register(context, rows)
