"""SQLAlchemy 1.4 column types ``SCRU128``, ``SCRU160`` and ``SCRU64``.

Importing this module also teaches the PostgreSQL dialect's reflection
(``ischema_names``) the three type names, so ``Table(..., autoload_with=)``
and ``inspect(engine).get_columns()`` give these types, not ``NullType``.
Bind values may be the value classes or their text; results are the value
classes, with or without the driver adapter registered.
"""

from sqlalchemy.dialects.postgresql import base as _pg_base
from sqlalchemy.types import UserDefinedType

from . import Scru128, Scru160, Scru64

__all__ = ["SCRU128", "SCRU160", "SCRU64"]


class _ScruType(UserDefinedType):
    cache_ok = True
    _NAME = ""
    _CLASS = None

    def get_col_spec(self, **kw):
        return self._NAME

    @property
    def python_type(self):
        return self._CLASS

    def bind_processor(self, dialect):
        cls = self._CLASS

        def process(value):
            if value is None or isinstance(value, str):
                # text goes as it is: the server's input function judges it
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
    __visit_name__ = "SCRU128"
    _NAME = "SCRU128"
    _CLASS = Scru128


class SCRU160(_ScruType):
    __visit_name__ = "SCRU160"
    _NAME = "SCRU160"
    _CLASS = Scru160


class SCRU64(_ScruType):
    __visit_name__ = "SCRU64"
    _NAME = "SCRU64"
    _CLASS = Scru64


_pg_base.ischema_names["scru128"] = SCRU128
_pg_base.ischema_names["scru160"] = SCRU160
_pg_base.ischema_names["scru64"] = SCRU64
