"""psycopg 3 adapter: ``register_scru128(conn)``.

Registers, on one connection (or cursor), text and binary loaders for
``scru128``, ``scru160`` and ``scru64`` and their arrays, and text and
binary dumpers for ``Scru128``, ``Scru160`` and ``Scru64``.  The binary
ones are the default for ``%s`` parameters and make binary ``COPY`` work
both ways: the binary format is the value's bytes as they are.
"""

from psycopg.adapt import Dumper, Loader
from psycopg.pq import Format
from psycopg.types import TypeInfo

from . import Scru128, Scru160, Scru64

__all__ = ["register_scru128", "register_scru128_async"]

# each type name, and its OID, array OID and schema-qualified name in this
# database; to_regtype() gives NULL, not an error, where the extension is
# missing, and follows search_path like the names in a query do
_QUERY = """\
SELECT n AS name, t.oid, t.typarray, t.oid::regtype::text
FROM unnest(ARRAY['scru128', 'scru160', 'scru64']) WITH ORDINALITY AS u (n, i)
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


_ADAPTERS = {
    "scru128": (Scru128, _TextDumper, _BytesBinaryDumper,
                _Scru128TextLoader, _Scru128BinaryLoader),
    "scru160": (Scru160, _TextDumper, _BytesBinaryDumper,
                _Scru160TextLoader, _Scru160BinaryLoader),
    "scru64": (Scru64, _TextDumper, _Scru64Binary,
               _Scru64TextLoader, _Scru64BinaryLoader),
}


def _register(context, rows):
    missing = [name for name, oid, _, _ in rows if oid is None]
    if missing:
        raise LookupError(
            "type %s not found: is the scru128 extension installed in this "
            "database and its schema on search_path?" % ", ".join(missing))
    adapters = context.adapters
    for name, oid, array_oid, regtype in rows:
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
    """Registers the three types on a psycopg ``Connection`` (or cursor)."""
    conn = getattr(context, "connection", context)
    with conn.cursor() as cur:
        rows = cur.execute(_QUERY).fetchall()
    _register(context, rows)


async def register_scru128_async(context):
    """The same, for an ``AsyncConnection`` (or async cursor)."""
    conn = getattr(context, "connection", context)
    async with conn.cursor() as cur:
        await cur.execute(_QUERY)
        rows = await cur.fetchall()
    _register(context, rows)
