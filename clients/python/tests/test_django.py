import os
import unittest

import django
from django.conf import settings

settings.configure(
    DATABASES={"default": {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": "clients_py_django",
        "HOST": os.environ.get("PGHOST", ""),
        "PORT": os.environ.get("PGPORT", ""),
        "USER": os.environ.get("PGUSER", ""),
    }},
    INSTALLED_APPS=[],
    USE_TZ=True,
    DEFAULT_AUTO_FIELD="django.db.models.BigAutoField",
)
django.setup()

import psycopg2  # noqa: E402
from django.contrib.postgres.fields import ArrayField  # noqa: E402
from django.core.exceptions import ValidationError  # noqa: E402
from django.db import (DataError, IntegrityError, connection, migrations, models,  # noqa: E402
                       transaction)
from django.db.migrations.executor import MigrationExecutor  # noqa: E402
from django.db.migrations.state import ProjectState  # noqa: E402

from scru128_pg import TypeId  # noqa: E402
from scru128_pg.django import (  # noqa: E402
    Scru64Field, Scru128Extension, Scru128Field, Scru160Field, TypeIdField, UlidField)
from tests.common import DOMAIN_ERROR, POST_ID, USER_IDS, fresh_database, per_kind  # noqa: E402

FIELDS = {"scru128": Scru128Field, "scru160": Scru160Field, "scru64": Scru64Field,
          "ulid": UlidField, "typeid": TypeIdField}


def fields():
    out = [("id", models.BigAutoField(primary_key=True))]
    for name, field in FIELDS.items():
        out.append(("v_" + name, field(null=True)))
        out.append(("a_" + name, ArrayField(field(null=True), null=True)))
    return out


class Item(models.Model):
    locals().update(dict(fields()[1:]))

    class Meta:
        app_label = "scru128_tests"


class UserIdField(TypeIdField):
    """A column of the domain user_id (typeids of the prefix "user")."""

    def db_type(self, connection):
        return "user_id"


class User(models.Model):
    id = UserIdField(primary_key=True)

    class Meta:
        app_label = "scru128_tests"


class Migration(migrations.Migration):
    operations = [
        Scru128Extension(),
        migrations.CreateModel(name="Item", fields=fields()),
        migrations.RunSQL("CREATE DOMAIN user_id AS typeid "
                          "CHECK (typeid_check_prefix(VALUE, 'user'))"),
        migrations.CreateModel(name="User", fields=[("id", UserIdField(primary_key=True))]),
    ]


def setUpModule():
    # without the extension: the migration creates it
    fresh_database("clients_py_django", create_extension=False)
    connection.close()
    MigrationExecutor(connection).apply_migration(
        ProjectState(), Migration("0001_initial", "scru128_tests"))


def server_text(pk, column):
    with connection.cursor() as cur:
        cur.execute("SELECT %s::text FROM scru128_tests_item WHERE id = %%s" % column, [pk])
        return cur.fetchone()[0]


class DjangoMigrationTest(unittest.TestCase):
    def test_extension_created(self):
        with connection.cursor() as cur:
            cur.execute("SELECT extname FROM pg_extension WHERE extname = 'scru128'")
            self.assertEqual(cur.fetchall(), [("scru128",)])
        name, args, kwargs = Scru128Extension().deconstruct()
        self.assertEqual((name, args, kwargs), ("Scru128Extension", (), {}))

    def test_new_connection_reads_arrays(self):
        connection.close()
        item = Item.objects.create(a_scru128=["036z951mhjikzik2gsl81gr7l"])
        self.assertEqual([str(v) for v in Item.objects.get(pk=item.pk).a_scru128],
                         ["036z951mhjikzik2gsl81gr7l"])


class DjangoInspectdbTest(unittest.TestCase):
    def test_inspectdb(self):
        from io import StringIO

        from django.core.management import call_command
        out = StringIO()
        call_command("inspectdb", "scru128_tests_item", stdout=out)
        lines = out.getvalue().splitlines()
        for name, field in (("scru128", "Scru128Field"), ("scru160", "Scru160Field"),
                            ("scru64", "Scru64Field"), ("ulid", "UlidField"),
                            ("typeid", "TypeIdField")):
            self.assertIn("    v_%s = scru128_pg.django.%s(blank=True, null=True)" % (name, field),
                          lines)


@per_kind
class DjangoFieldTest(unittest.TestCase):
    def check_value(self, kind):
        for text in kind.samples:
            item = Item.objects.create(**{"v_" + kind.name: kind.cls(text)})
            v = getattr(Item.objects.get(pk=item.pk), "v_" + kind.name)
            self.assertIs(type(v), kind.cls)
            self.assertEqual(str(v), server_text(item.pk, "v_" + kind.name))
            self.assertEqual(str(v), text)
        for text, canonical in kind.inputs.items():
            item = Item.objects.create(**{"v_" + kind.name: text})
            self.assertEqual(server_text(item.pk, "v_" + kind.name), canonical)

    def check_parameter(self, kind):
        col = "v_" + kind.name
        for value in [kind.cls(s) for s in kind.samples] + kind.made:
            item = Item.objects.create(**{col: value})
            for param in (value, str(value)):
                self.assertIn(item.pk, Item.objects.filter(**{col: param}).values_list("id", flat=True))
                self.assertIn(item.pk, Item.objects.filter(**{col + "__in": [param]})
                              .values_list("id", flat=True))
            self.assertTrue(Item.objects.filter(pk=item.pk, **{col + "__gte": value}).exists())

    def check_array(self, kind):
        col = "a_" + kind.name
        values = [kind.cls(s) for s in kind.samples] + kind.made
        literal = "{%s}" % ",".join(str(v) for v in values)
        for given in (values, [str(v) for v in values]):
            item = Item.objects.create(**{col: given + [None]})
            self.assertEqual(getattr(Item.objects.get(pk=item.pk), col), values + [None])
            self.assertEqual(server_text(item.pk, col), literal[:-1] + ",NULL}")
            self.assertIn(item.pk, Item.objects.filter(**{col + "__contains": [values[1]]})
                          .values_list("id", flat=True))

    def check_null(self, kind):
        item = Item.objects.create(**{"v_" + kind.name: None})
        self.assertIsNone(getattr(Item.objects.get(pk=item.pk), "v_" + kind.name))
        self.assertTrue(Item.objects.filter(pk=item.pk, **{"v_%s__isnull" % kind.name: True}).exists())

    def check_bulk_create(self, kind):
        col = "v_" + kind.name
        values = [kind.cls(s) for s in kind.samples] + kind.made + [None]
        items = Item.objects.bulk_create([Item(**{col: v}) for v in values])
        with connection.cursor() as cur:
            cur.execute("SELECT %s::text FROM scru128_tests_item WHERE id = ANY(%%s) ORDER BY id" % col,
                        [[i.pk for i in items]])
            self.assertEqual([r[0] for r in cur.fetchall()],
                             [None if v is None else str(v) for v in values])

    def check_invalid(self, kind):
        for text in kind.invalid:
            with self.assertRaises(DataError) as cm, transaction.atomic():
                Item.objects.create(**{"v_" + kind.name: text})
            self.assertIsInstance(cm.exception.__cause__, psycopg2.errors.InvalidTextRepresentation)
            self.assertEqual(cm.exception.__cause__.pgcode, "22P02")
            with self.assertRaises(ValidationError):
                Item._meta.get_field("v_" + kind.name).clean(text, None)
        self.assertEqual(Item._meta.get_field("v_" + kind.name).clean(kind.samples[1], None),
                         kind.cls(kind.samples[1]))

    def check_client_made(self, kind):
        for value in kind.made:
            item = Item.objects.create(**{"v_" + kind.name: value})
            self.assertEqual(server_text(item.pk, "v_" + kind.name), str(value))


class DjangoTypeIdDomainTest(unittest.TestCase):
    def test_domain(self):
        User.objects.all().delete()
        User.objects.create(id=USER_IDS[0])
        User.objects.create(id=str(USER_IDS[1]))
        got = list(User.objects.order_by("id").values_list("id", flat=True))
        self.assertEqual(got, sorted(USER_IDS))
        self.assertTrue(all(type(v) is TypeId for v in got))
        self.assertTrue(User.objects.filter(id=str(USER_IDS[0])).exists())
        for value in (POST_ID, str(POST_ID)):
            with self.assertRaises(IntegrityError) as cm, transaction.atomic():
                User.objects.create(id=value)
            self.assertIsInstance(cm.exception.__cause__, psycopg2.errors.CheckViolation)
            self.assertIn(DOMAIN_ERROR, str(cm.exception))
