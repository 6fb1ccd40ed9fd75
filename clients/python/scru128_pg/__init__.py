"""Python values and driver adapters for the scru128 PostgreSQL extension.

The value classes hold exactly what the server's binary format carries
(16 bytes for ``scru128``, 20 for ``scru160``, a 64-bit integer for
``scru64``), so the binary codecs of the adapters are a copy at most; the
text forms are computed only when asked for.

Adapters, one module per client, none imported here so that only the
driver in use needs to be installed:

- ``scru128_pg.psycopg``: psycopg 3, ``register_scru128(conn)``
- ``scru128_pg.psycopg2``: psycopg2, ``register_scru128(conn)``
- ``scru128_pg.asyncpg``: asyncpg, ``await register_scru128(conn)``
- ``scru128_pg.sqlalchemy``: SQLAlchemy types ``SCRU128``, ``SCRU160``, ``SCRU64``
- ``scru128_pg.django``: Django fields and the ``Scru128Extension`` operation
"""

from functools import total_ordering

__all__ = ["Scru128", "Scru160", "Scru64"]
__version__ = "1.5.0"

_BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz"
_BASE32HEX = "0123456789ABCDEFGHIJKLMNOPQRSTUV"


def _ascii(text, typname):
    # int(text, 36) would also take "_", "+", surrounding blanks and
    # non-ASCII digits, none of which the server accepts
    if not text.isascii() or not text.isalnum():
        raise ValueError(f"invalid {typname} text: {text!r}")


@total_ordering
class _FixedBytes:
    """A fixed number of big-endian bytes; order is byte order (= time order)."""

    __slots__ = ("_bytes",)
    _LEN = 0

    def __init__(self, value):
        if isinstance(value, type(self)):
            self._bytes = value._bytes
        elif isinstance(value, str):
            self._bytes = self._parse(value)
        elif isinstance(value, (bytes, bytearray, memoryview)):
            value = bytes(value)
            if len(value) != self._LEN:
                raise ValueError(
                    f"a {self._TYPNAME} is {self._LEN} bytes, got {len(value)}")
            self._bytes = value
        elif isinstance(value, int) and not isinstance(value, bool):
            if not 0 <= value < 1 << (8 * self._LEN):
                raise ValueError(f"{self._TYPNAME} integer out of range: {value}")
            self._bytes = value.to_bytes(self._LEN, "big")
        else:
            raise TypeError(
                f"cannot make a {self._TYPNAME} from {type(value).__name__}")

    @classmethod
    def from_bytes(cls, data):
        """The value of exactly the right number of bytes, without copying them."""
        if type(data) is not bytes:
            data = bytes(data)
        if len(data) != cls._LEN:
            raise ValueError(f"a {cls._TYPNAME} is {cls._LEN} bytes, got {len(data)}")
        self = object.__new__(cls)
        self._bytes = data
        return self

    @property
    def bytes(self):
        """The big-endian bytes: the server's binary format."""
        return self._bytes

    @property
    def int(self):
        return int.from_bytes(self._bytes, "big")

    @property
    def timestamp_ms(self):
        """The 48-bit timestamp field: milliseconds since the Unix epoch."""
        return int.from_bytes(self._bytes[:6], "big")

    def __eq__(self, other):
        if type(other) is type(self):
            return self._bytes == other._bytes
        return NotImplemented

    def __lt__(self, other):
        if type(other) is type(self):
            return self._bytes < other._bytes
        return NotImplemented

    def __hash__(self):
        return hash((self._TYPNAME, self._bytes))

    def __repr__(self):
        return f"{type(self).__name__}('{self}')"


class Scru128(_FixedBytes):
    """A ``scru128``: 16 bytes; text is 25 lower-case Base36 digits."""

    __slots__ = ()
    _LEN = 16
    _TYPNAME = "scru128"

    @staticmethod
    def _parse(text):
        if len(text) != 25:
            raise ValueError(f"a scru128 has 25 Base36 digits, got {text!r}")
        _ascii(text, "scru128")
        n = int(text, 36)
        if n >> 128:
            raise ValueError(f"scru128 out of range: {text!r}")
        return n.to_bytes(16, "big")

    def __str__(self):
        n = int.from_bytes(self._bytes, "big")
        digits = ["0"] * 25
        for i in range(24, -1, -1):
            n, d = divmod(n, 36)
            digits[i] = _BASE36[d]
        return "".join(digits)

    @classmethod
    def from_fields(cls, timestamp_ms, counter_hi, counter_lo, entropy):
        """The ID of these fields (48, 24, 24 and 32 unsigned bits), as
        the server's ``scru128_from_fields``."""
        for name, value, bits in (("timestamp_ms", timestamp_ms, 48),
                                  ("counter_hi", counter_hi, 24),
                                  ("counter_lo", counter_lo, 24),
                                  ("entropy", entropy, 32)):
            if not 0 <= value < 1 << bits:
                raise ValueError(f"scru128 {name} out of range: {value}")
        n = (timestamp_ms << 80) | (counter_hi << 56) | (counter_lo << 32) | entropy
        return cls.from_bytes(n.to_bytes(16, "big"))

    @property
    def counter_hi(self):
        return int.from_bytes(self._bytes[6:9], "big")

    @property
    def counter_lo(self):
        return int.from_bytes(self._bytes[9:12], "big")

    @property
    def entropy(self):
        return int.from_bytes(self._bytes[12:], "big")


class Scru160(_FixedBytes):
    """A ``scru160``: 20 bytes; text is 32 upper-case base32hex digits (the
    server also reads 40 hex digits)."""

    __slots__ = ()
    _LEN = 20
    _TYPNAME = "scru160"

    @staticmethod
    def _parse(text):
        if len(text) == 32:
            _ascii(text, "scru160")
            base = 32
        elif len(text) == 40:
            _ascii(text, "scru160")
            base = 16
        else:
            raise ValueError(
                f"a scru160 has 32 base32hex or 40 hex digits, got {text!r}")
        try:
            # int() takes 0-9a-v in base 32 and 0-9a-f in base 16, either case
            return int(text, base).to_bytes(20, "big")
        except ValueError:
            raise ValueError(f"invalid scru160 text: {text!r}") from None

    def __str__(self):
        n = int.from_bytes(self._bytes, "big")
        return "".join(_BASE32HEX[(n >> s) & 31] for s in range(155, -1, -5))

    @property
    def hex(self):
        """The 40 lower-case hex digits (the server's ``scru160_hex``)."""
        return self._bytes.hex()


@total_ordering
class Scru64:
    """A ``scru64``: an integer below 36^12; text is 12 lower-case Base36 digits."""

    __slots__ = ("_int",)
    MAX = 36 ** 12 - 1
    _TYPNAME = "scru64"

    def __init__(self, value):
        if isinstance(value, Scru64):
            self._int = value._int
        elif isinstance(value, str):
            if len(value) != 12:
                raise ValueError(f"a scru64 has 12 Base36 digits, got {value!r}")
            _ascii(value, "scru64")
            self._int = int(value, 36)
        elif isinstance(value, int) and not isinstance(value, bool):
            if not 0 <= value <= self.MAX:
                raise ValueError(f"scru64 out of range: {value}")
            self._int = value
        else:
            raise TypeError(f"cannot make a scru64 from {type(value).__name__}")

    @classmethod
    def from_int(cls, value):
        """The value of a trusted integer (one read from the server)."""
        self = object.__new__(cls)
        self._int = value
        return self

    @classmethod
    def from_parts(cls, timestamp, node_ctr):
        """The ID of a 40-bit timestamp (unix_ms >> 8) and 24 node/counter
        bits, as the server's ``scru64_from_parts``."""
        if not 0 <= timestamp <= cls.MAX >> 24:
            raise ValueError(f"scru64 timestamp out of range: {timestamp}")
        if not 0 <= node_ctr < 1 << 24:
            raise ValueError(f"scru64 node_ctr out of range: {node_ctr}")
        return cls((timestamp << 24) | node_ctr)

    @property
    def int(self):
        return self._int

    @property
    def bytes(self):
        """The 8 big-endian bytes of the server's binary format."""
        return self._int.to_bytes(8, "big")

    @property
    def timestamp(self):
        return self._int >> 24

    @property
    def node_ctr(self):
        return self._int & 0xFFFFFF

    def __int__(self):
        return self._int

    def __str__(self):
        n = self._int
        digits = ["0"] * 12
        for i in range(11, -1, -1):
            n, d = divmod(n, 36)
            digits[i] = _BASE36[d]
        return "".join(digits)

    def __eq__(self, other):
        if type(other) is Scru64:
            return self._int == other._int
        return NotImplemented

    def __lt__(self, other):
        if type(other) is Scru64:
            return self._int < other._int
        return NotImplemented

    def __hash__(self):
        return hash(("scru64", self._int))

    def __repr__(self):
        return f"Scru64('{self}')"
