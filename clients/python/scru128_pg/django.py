"""Django 3.2 model fields and the migration operation that creates the
extension.

``Scru128Field``, ``Scru160Field`` and ``Scru64Field`` are columns of the
three types holding ``Scru128``, ``Scru160`` and ``Scru64`` (assignments of
their text are converted by ``full_clean()``; the server reads text as
it is saved or filtered on).  Put
``Scru128Extension()`` first in the operations of the migration that
creates the first such column: it runs ``CREATE EXTENSION IF NOT EXISTS
scru128``.
"""

from django.contrib.postgres.operations import CreateExtension
from django.core.exceptions import ValidationError
from django.db import models

from . import Scru128, Scru160, Scru64

__all__ = ["Scru128Field", "Scru160Field", "Scru64Field", "Scru128Extension"]


class Scru128Extension(CreateExtension):
    def __init__(self):
        self.name = "scru128"


class _ScruField(models.Field):
    _TYPE = ""
    _CLASS = None
    empty_strings_allowed = False

    def db_type(self, connection):
        return self._TYPE

    def from_db_value(self, value, expression, connection):
        # psycopg2 gives the text, or the value class when
        # scru128_pg.psycopg2.register_scru128 was called on the connection
        if value is None or type(value) is self._CLASS:
            return value
        return self._CLASS(value)

    def to_python(self, value):
        if value is None or type(value) is self._CLASS:
            return value
        try:
            return self._CLASS(value)
        except (TypeError, ValueError) as e:
            raise ValidationError(
                "%(value)s is not a valid %(type)s: %(error)s",
                code="invalid",
                params={"value": value, "type": self._TYPE, "error": e},
            ) from e

    def get_prep_value(self, value):
        value = super().get_prep_value(value)
        if value is None or isinstance(value, str):
            # text goes as it is, an untyped literal that the server's
            # input function judges: a bad one is its error (22P02)
            return value
        return str(self.to_python(value))


class Scru128Field(_ScruField):
    description = "SCRU128 ID"
    _TYPE = "scru128"
    _CLASS = Scru128


class Scru160Field(_ScruField):
    description = "SCRU160 ID"
    _TYPE = "scru160"
    _CLASS = Scru160


class Scru64Field(_ScruField):
    description = "SCRU64 ID"
    _TYPE = "scru64"
    _CLASS = Scru64
