"""SQLAlchemy 1.4 column types ``SCRU128``, ``SCRU160``, ``SCRU64``, ``ULID``
and ``TYPEID``.

Importing this module also teaches the PostgreSQL dialect's reflection
(``ischema_names``) the five type names, so ``Table(..., autoload_with=)``
and ``inspect(engine).get_columns()`` give these types, not ``NullType``.
Bind values may be the value classes or their text (which the server
checks); results are the value classes, with or without the driver adapter
registered.  With psycopg2, binds are typed literals (``'…'::scru128``), so
``ARRAY(SCRU128)`` columns take lists; reading arrays needs
``scru128_pg.psycopg2.register_scru128`` on each connection (a ``connect``
event), as psycopg2 returns arrays of unknown types as text.
"""

from sqlalchemy.dialects.postgresql import base as _pg_base
from sqlalchemy.types import UserDefinedType

from . import Scru128, Scru160, Scru64, TypeId, Ulid

__all__ = ["SCRU128", "SCRU160", "SCRU64", "ULID", "TYPEID"]


class _ScruType(UserDefinedType):
    _NAME = ""
    _CLASS = None

    def get_col_spec(self, **kw):
        return self._NAME

    @property
    def python_type(self):
        return self._CLASS

    def bind_processor(self, dialect):
        cls = self._CLASS
        typname = self._NAME.lower()
        if dialect.driver == "psycopg2":
            # typed literals, so that lists bind as arrays of the type
            from .psycopg2 import TypedText, register_adapters
            register_adapters()

            def process(value):
                if value is None or type(value) is cls:
                    return value
                if isinstance(value, str):
                    # the server's input function judges the text
                    return TypedText(value, typname)
                return cls(value)
        else:
            def process(value):
                if value is None or isinstance(value, str):
                    return value
                return str(value if type(value) is cls else cls(value))
        return process

    def result_processor(self, dialect, coltype):
        cls = self._CLASS

        def process(value):
            if value is None or type(value) is cls:
                return value
            return cls(value)
        return process

    def literal_processor(self, dialect):
        cls = self._CLASS

        def process(value):
            return "'%s'::%s" % (cls(value), self._NAME.lower())
        return process


class SCRU128(_ScruType):
    cache_ok = True
    _NAME = "SCRU128"
    _CLASS = Scru128


class SCRU160(_ScruType):
    cache_ok = True
    _NAME = "SCRU160"
    _CLASS = Scru160


class SCRU64(_ScruType):
    cache_ok = True
    _NAME = "SCRU64"
    _CLASS = Scru64


class ULID(_ScruType):
    cache_ok = True
    _NAME = "ULID"
    _CLASS = Ulid


class TYPEID(_ScruType):
    """A ``typeid`` of any prefix; a column of one prefix is a column of a
    domain over ``typeid`` (``typeid_check_prefix``), which reflects as
    this type."""

    cache_ok = True
    _NAME = "TYPEID"
    _CLASS = TypeId


_pg_base.ischema_names["scru128"] = SCRU128
_pg_base.ischema_names["scru160"] = SCRU160
_pg_base.ischema_names["scru64"] = SCRU64
_pg_base.ischema_names["ulid"] = ULID
_pg_base.ischema_names["typeid"] = TYPEID
