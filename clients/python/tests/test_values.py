"""The value classes against the repository's reference vectors (no server)."""

import csv
import os
import unittest

from scru128_pg import Scru128, Scru160, Scru64

VECTORS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "test", "vectors")


def rows(name):
    with open(os.path.join(VECTORS, name), newline="", encoding="utf-8") as f:
        return list(csv.DictReader((line for line in f if not line.startswith("#")),
                                   delimiter="\t"))


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
