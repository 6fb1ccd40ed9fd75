"""Django 3.2 model fields and the migration operation that creates the
extension.

``Scru128Field``, ``Scru160Field``, ``Scru64Field``, ``UlidField`` and
``TypeIdField`` are columns of the five types holding ``Scru128``,
``Scru160``, ``Scru64``, ``Ulid`` and ``TypeId``; text assigned
or filtered on is sent for the server to check (``full_clean()`` converts
it first).  They work in ``django.contrib.postgres``'s ``ArrayField``, and
``inspectdb`` writes them for columns of the types.  Put
``Scru128Extension()`` first in the operations of the migration that
creates the first such column: it runs ``CREATE EXTENSION IF NOT EXISTS
scru128``.
"""

from django.contrib.postgres.operations import CreateExtension
from django.core.exceptions import ValidationError
from django.db import models
from django.db.backends.signals import connection_created
from django.dispatch import receiver

from . import Scru128, Scru160, Scru64, TypeId, Ulid
from .psycopg2 import TypedText, register_adapters, register_scru128

# Django 3.2 speaks to PostgreSQL through psycopg2: the value classes
# become typed literals there
register_adapters()


_FIELD_PATHS = {
    "scru128": __name__ + ".Scru128Field",
    "scru160": __name__ + ".Scru160Field",
    "scru64": __name__ + ".Scru64Field",
    "ulid": __name__ + ".UlidField",
    "typeid": __name__ + ".TypeIdField",
}


def _register_casters(connection):
    try:
        casters = register_scru128(connection.connection)
    except LookupError:
        # the extension is not there yet (before its migration):
        # Scru128Extension registers them when it creates it
        return
    # inspectdb: the fields, by the OIDs of this database (a copy of the
    # backend's class-wide map, which other databases share)
    reverse = dict(connection.introspection.data_types_reverse)
    for name, caster in casters.items():
        reverse[caster.values[0]] = _FIELD_PATHS[name]
    connection.introspection.data_types_reverse = reverse


@receiver(connection_created)
def _on_connection_created(sender, connection, **kwargs):
    # results of the types and of their arrays (ArrayField) as the value
    # classes: psycopg2 gives arrays of types it does not know as text
    if connection.vendor == "postgresql":
        _register_casters(connection)


__all__ = ["Scru128Field", "Scru160Field", "Scru64Field", "UlidField", "TypeIdField",
           "Scru128Extension"]


class Scru128Extension(CreateExtension):
    def __init__(self):
        self.name = "scru128"

    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        super().database_forwards(app_label, schema_editor, from_state, to_state)
        if schema_editor.connection.vendor == "postgresql":
            _register_casters(schema_editor.connection)


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
        if value is None or isinstance(value, str) or type(value) is self._CLASS:
            return value
        return self.to_python(value)

    def get_db_prep_value(self, value, connection, prepared=False):
        if not prepared:
            value = self.get_prep_value(value)
        if isinstance(value, str):
            # a typed literal that the server's input function judges (a
            # bad one is its error, 22P02); typed, so that a list of them
            # in an ArrayField is an array of the type, not text[]
            return TypedText(value, self._TYPE)
        return value


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


class UlidField(_ScruField):
    description = "ULID"
    _TYPE = "ulid"
    _CLASS = Ulid


class TypeIdField(_ScruField):
    """A ``typeid`` column of any prefix (for one prefix, a column of a
    domain over ``typeid`` with ``typeid_check_prefix``, made in a
    ``RunSQL`` migration)."""

    description = "TypeID"
    _TYPE = "typeid"
    _CLASS = TypeId
