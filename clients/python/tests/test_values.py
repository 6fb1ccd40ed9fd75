"""The value classes against the repository's reference vectors (no server)."""

import csv
import os
import random
import re
import unittest
import uuid
from datetime import datetime, timezone

from scru128_pg import Scru64, Scru128, Scru160, TypeId, Ulid

VECTORS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "test", "vectors")


def rows(name):
    with open(os.path.join(VECTORS, name), newline="", encoding="utf-8") as f:
        return list(csv.DictReader((line for line in f if not line.startswith("#")),
                                   delimiter="\t", quoting=csv.QUOTE_NONE))


def yaml_cases(name):
    """The cases of one of the TypeID spec's YAML files, read as
    sql/typeid_io.sql reads them (no YAML library: Debian 12's python3
    has none): "- name: NAME" starts a case, '  key: "value"' lines give
    its fields, "#" lines and the rest are comments and blanks.  Any other
    line is an error, so that a change of layout cannot drop cases."""
    cases = []
    with open(os.path.join(VECTORS, "typeid", name), encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            m = re.fullmatch(r"- name: (.*)", line)
            if m:
                cases.append({"name": m.group(1)})
                continue
            m = re.fullmatch(r'  (typeid|prefix|uuid|description): "(.*)"', line)
            if m and cases:
                # the files' strings have no escapes
                assert "\\" not in m.group(2), line
                cases[-1][m.group(1)] = m.group(2)
                continue
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            raise ValueError(f"{name}: a line not understood: {line!r}")
    return cases


def crockford_reference(n, alphabet):
    # bit by bit, apart from the package's encoder: 26 digits of 5 bits,
    # the first two bits above the 128 zero
    return "".join(alphabet[(n >> (125 - 5 * i)) & 31] for i in range(26))


class ValueTest(unittest.TestCase):
    def test_scru128_vectors(self):
        vectors = rows("scru128_vectors.tsv")
        self.assertGreater(len(vectors), 10)
        for r in vectors:
            v = Scru128(r["text"])
            self.assertEqual(str(v), r["canonical"])
            self.assertEqual(v.bytes.hex(), r["hex"])
            fields = (v.timestamp_ms, v.counter_hi, v.counter_lo, v.entropy)
            self.assertEqual(fields, tuple(int(r[k]) for k in
                                           ("timestamp_ms", "counter_hi", "counter_lo", "entropy")))
            self.assertEqual(Scru128.from_fields(*fields), v)
            self.assertEqual(Scru128(bytes.fromhex(r["hex"])), v)
            self.assertEqual(Scru128(v.int), v)

    def test_scru128_invalid(self):
        vectors = rows("scru128_invalid.tsv")
        self.assertGreater(len(vectors), 10)
        for r in vectors:
            text = bytes.fromhex(r["utf8_hex"]).decode()
            with self.assertRaises(ValueError, msg=repr(text)):
                Scru128(text)
        with self.assertRaises(ValueError):
            Scru128.from_fields(1 << 48, 0, 0, 0)

    def test_scru160_vectors(self):
        vectors = rows("scru160_vectors.tsv")
        self.assertGreater(len(vectors), 5)
        for r in vectors:
            v = Scru160(r["base32hex"])
            self.assertEqual(v.hex, r["hex"])
            self.assertEqual(str(Scru160(r["hex"])), r["base32hex"].upper())
            self.assertEqual(Scru160(r["base32hex"].lower()), v)
            self.assertEqual(v.timestamp_ms, int(r["timestamp_ms"]))
        for bad in ("W" * 32, "0" * 31, "0" * 33, "g" * 40, "0" * 30 + "=="):
            with self.assertRaises(ValueError, msg=bad):
                Scru160(bad)

    def test_scru64_vectors(self):
        vectors = rows("scru64_vectors.tsv")
        self.assertGreater(len(vectors), 10)
        for r in vectors:
            v = Scru64(r["text"])
            self.assertEqual(str(v), r["text"].lower())
            self.assertEqual(v.int, int(r["integer_dec"]))
            self.assertEqual(v.bytes.hex(), r["num_hex"].rjust(16, "0"))
            self.assertEqual((v.timestamp, v.node_ctr), (int(r["timestamp"]), int(r["node_ctr"])))
            self.assertEqual(Scru64.from_parts(v.timestamp, v.node_ctr), v)

    def test_scru64_invalid(self):
        strings = [r for r in rows("scru64_invalid.tsv") if r["kind"] == "string"]
        self.assertGreater(len(strings), 5)
        for r in strings:
            text = bytes.fromhex(r["hex"]).decode()
            with self.assertRaises(ValueError, msg=repr(text)):
                Scru64(text)
        for n in (-1, Scru64.MAX + 1):
            with self.assertRaises(ValueError):
                Scru64(n)

    def test_order_and_hash(self):
        a, b = Scru128("036z951mhjikzik2gsl81gr7l"), Scru128("036z951mhjikzik2gsl81gr7m")
        self.assertLess(a, b)
        self.assertEqual(len({a, Scru128(str(a).upper()), b}), 2)
        self.assertNotEqual(Scru128(bytes(16)), bytes(16))
        self.assertLess(Scru64("00000000000z"), Scru64("000000000010"))
        with self.assertRaises(TypeError):
            Scru128(1.5)


ULID_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def ulid_error(error):
    """The message of the Python codec for an error of test/vectors/ulid_*.tsv."""
    if error == "length":
        return r"a ulid has 26 Crockford Base32 digits, got \d+ bytes"
    if error == "overflow":
        return "ulid out of range"
    position = re.fullmatch(r"digit (\d+)", error).group(1)
    return rf": byte {position} is not a Crockford Base32 digit"


class UlidTest(unittest.TestCase):
    def test_vectors(self):
        vectors = rows("ulid_vectors.tsv")
        self.assertGreater(len(vectors), 15)
        for r in vectors:
            v = Ulid(r["ulid"])
            self.assertEqual(str(v), r["ulid"])
            self.assertEqual(v.uuid, uuid.UUID(r["uuid"]))
            self.assertEqual(v.bytes, uuid.UUID(r["uuid"]).bytes)
            self.assertEqual(v.timestamp_ms, int(r["timestamp_ms"]))
            self.assertEqual(v.random, v.bytes[6:])
            self.assertEqual(Ulid(uuid.UUID(r["uuid"])), v)
            self.assertEqual(Ulid(v.bytes), v)
            self.assertEqual(Ulid(v.int), v)
            self.assertEqual(Ulid.from_bytes(v.bytes), v)

    def test_spec(self):
        vectors = rows("ulid_spec.tsv")
        kinds = {r["kind"] for r in vectors}
        self.assertEqual(kinds, {"valid", "alias", "invalid"})
        for r in vectors:
            if r["kind"] == "invalid":
                with self.assertRaisesRegex(ValueError, ulid_error(r["error"]), msg=r["text"]):
                    Ulid(r["text"])
                continue
            v = Ulid(r["text"])
            self.assertEqual(str(v), r["canonical"])
            if r["uuid"]:
                self.assertEqual(v.uuid, uuid.UUID(r["uuid"]))

    def test_aliases(self):
        vectors = rows("ulid_aliases.tsv")
        self.assertGreater(len(vectors), 3)
        for r in vectors:
            self.assertEqual(str(Ulid(r["input"])), r["canonical"])

    def test_invalid(self):
        vectors = rows("ulid_invalid.tsv")
        self.assertGreater(len(vectors), 10)
        for r in vectors:
            raw = re.sub(rb"\\x([0-9a-fA-F]{2})", lambda m: bytes.fromhex(m.group(1).decode()),
                         r["text_escaped"].encode())
            if r["sql"] == "yes":
                # text PostgreSQL can hold: the server's error, and its position
                with self.assertRaisesRegex(ValueError, ulid_error(r["error"]), msg=raw):
                    Ulid(raw.decode())
            else:
                # not UTF-8 (no str has these bytes) or a NUL: refused all the same
                with self.assertRaises(ValueError, msg=raw):
                    Ulid(raw.decode("latin-1"))

    def test_random_round_trips(self):
        rng = random.Random(26)
        for _ in range(20000):
            n = rng.getrandbits(128) >> rng.randrange(128)
            v = Ulid(n)
            text = str(v)
            self.assertEqual(text, crockford_reference(n, ULID_ALPHABET))
            self.assertEqual(Ulid(text), v)
            self.assertEqual(Ulid(text.lower()), v)

    def test_order_and_hash(self):
        a, b = Ulid("01BX5ZZKBKZZZZZZZZZZZZZZZY"), Ulid("01BX5ZZKBKZZZZZZZZZZZZZZZZ")
        self.assertLess(a, b)
        self.assertEqual(len({a, Ulid(str(a).lower()), b}), 2)
        # the same bytes, another type: not equal
        self.assertNotEqual(Ulid(bytes(16)), Scru128(bytes(16)))
        with self.assertRaises(TypeError):
            a < Scru128(bytes(16))
        with self.assertRaises(ValueError):
            Ulid(bytes(15))
        with self.assertRaises(TypeError):
            Ulid(1.5)


def typeid_error(error):
    """The message of the Python codec for an error of invalid_errors.tsv."""
    kind, _, position = error.partition(" ")
    return {
        "empty": "the text is empty",
        "separator": "an underscore with no prefix before it",
        "prefix_length": "a TypeID prefix has at most 63",
        "prefix_char": rf"the prefix has .+ at byte {position};",
        "prefix_leading_underscore": "begins with an underscore",
        "prefix_trailing_underscore": "ends with an underscore",
        "suffix_length": r"\d+ bytes; a TypeID (suffix has|without a prefix is) exactly 26",
        "suffix_char": rf"the suffix has .+ at byte {position};",
        "suffix_overflow": "its first digit is at most 7",
    }[kind]


TYPEID_ALPHABET = ULID_ALPHABET.lower()


class TypeIdTest(unittest.TestCase):
    def test_valid_yml(self):
        cases = yaml_cases("valid.yml")
        self.assertEqual(len(cases), 9)
        for case in cases:
            u = uuid.UUID(case["uuid"])
            v = TypeId(case["typeid"])
            self.assertEqual((v.prefix, v.uuid), (case["prefix"], u), case["name"])
            self.assertEqual(str(v), case["typeid"])
            self.assertEqual(TypeId.from_uuid(case["prefix"], u), v)
            self.assertEqual(TypeId.from_uuid(case["prefix"], u.bytes), v)
            self.assertEqual(v.bytes, u.bytes + case["prefix"].encode())
            self.assertEqual(TypeId.from_bytes(v.bytes), v)
            self.assertEqual(TypeId(v), v)

    def test_invalid_yml(self):
        cases = yaml_cases("invalid.yml")
        self.assertEqual(len(cases), 21)
        errors = {r["name"]: r["error"] for r in rows("typeid/invalid_errors.tsv")}
        self.assertEqual(set(errors), {c["name"] for c in cases})
        for case in cases:
            # the server's error for the case, and only that one
            with self.assertRaisesRegex(ValueError, typeid_error(errors[case["name"]]),
                                        msg=case["name"]):
                TypeId(case["typeid"])

    def test_random_round_trips(self):
        rng = random.Random(5)
        values = []
        for i in range(20000):
            prefix = "".join(rng.choice("abcxyz_") for _ in range(rng.randrange(64)))
            prefix = prefix.strip("_")
            n = rng.getrandbits(128) >> rng.randrange(128)
            v = TypeId.from_uuid(prefix, uuid.UUID(int=n))
            text = str(v)
            suffix = crockford_reference(n, TYPEID_ALPHABET)
            self.assertEqual(text, prefix + "_" + suffix if prefix else suffix)
            self.assertEqual(TypeId(text), v)
            self.assertEqual(TypeId.from_bytes(v.bytes), v)
            # one text per value: upper case is refused
            if text.upper() != text:
                with self.assertRaises(ValueError):
                    TypeId(text.upper())
            values.append(v)
        # the order is the byte order of the text (the server's, in C collation)
        self.assertEqual(sorted(values), sorted(values, key=lambda v: str(v).encode()))

    def test_order_and_hash(self):
        nil = uuid.UUID(int=0)
        a, a_b, ab = (TypeId.from_uuid(p, nil) for p in ("a", "a_b", "ab"))
        self.assertLess(a, a_b)
        self.assertLess(a_b, ab)
        self.assertLess(TypeId.from_uuid("", uuid.UUID(int=1 << 127)), a)
        self.assertLess(a, TypeId.from_uuid("a", uuid.UUID(int=1)))
        self.assertEqual(len({a, TypeId(str(a)), a_b, TypeId.from_uuid("", nil)}), 3)
        self.assertNotEqual(TypeId.from_uuid("", nil), Ulid(bytes(16)))
        self.assertNotEqual(a, str(a))
        with self.assertRaises(TypeError):
            TypeId(b"a")
        with self.assertRaises(TypeError):
            TypeId.from_uuid("a", str(nil))
        self.assertEqual(repr(a), "TypeId('a_00000000000000000000000000')")

    def test_timestamp(self):
        v = TypeId("prefix_01h455vb4pex5vsknk084sn02q")
        self.assertEqual(v.uuid.version, 7)
        self.assertEqual(v.timestamp_ms, 0x01890A5DAC96)
        self.assertEqual(v.timestamp, datetime(2023, 6, 30, 3, 34, 18, 518000, timezone.utc))
        # not a v7, or not the RFC 9562 variant: no time
        for u in ("00000000-0000-0000-0000-000000000000", "01890a5d-ac96-474b-bcce-b302099a8057",
                  "01890a5d-ac96-774b-ccce-b302099a8057"):
            v = TypeId.from_uuid("x", uuid.UUID(u))
            self.assertIsNone(v.timestamp_ms, u)
            self.assertIsNone(v.timestamp, u)

    def test_prefix_and_binary_checks(self):
        nil = bytes(16)
        for prefix, message in (("a" * 64, "at most 63"), ("A", "'A' at byte 1"),
                                ("ab1", "'1' at byte 3"), ("_a", "begins with"),
                                ("a_", "ends with"), ("é", "'é' at byte 1")):
            with self.assertRaisesRegex(ValueError, message):
                TypeId.from_uuid(prefix, nil)
        self.assertEqual(TypeId.from_uuid("a" * 63, nil).prefix, "a" * 63)
        for data, message in ((bytes(15), "16 to 79 bytes, got 15"),
                              (bytes(16) + b"a" * 64, "16 to 79 bytes, got 80"),
                              (bytes(16) + b"a\xe9", "at byte 2"),
                              (bytes(16) + b"a\x00", "at byte 2"),
                              (bytes(16) + b"_a", "begins with")):
            with self.assertRaisesRegex(ValueError, message):
                TypeId.from_bytes(data)
        with self.assertRaises(ValueError):
            TypeId.from_uuid("a", bytes(15))
