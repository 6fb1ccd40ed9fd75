"""Python values and driver adapters for the scru128 PostgreSQL extension.

The value classes hold exactly what the server's binary format carries
(16 bytes for ``scru128`` and ``ulid``, 20 for ``scru160``, a 64-bit
integer for ``scru64``, a UUID's 16 bytes and a prefix for ``typeid``), so
the binary codecs of the adapters are a copy at most; the text forms are
computed only when asked for.

Adapters, one module per client, none imported here so that only the
driver in use needs to be installed:

- ``scru128_pg.psycopg``: psycopg 3, ``register_scru128(conn)``
- ``scru128_pg.psycopg2``: psycopg2, ``register_scru128(conn)``
- ``scru128_pg.asyncpg``: asyncpg, ``await register_scru128(conn)``
- ``scru128_pg.sqlalchemy``: SQLAlchemy types ``SCRU128``, ``SCRU160``,
  ``SCRU64``, ``ULID``, ``TYPEID``
- ``scru128_pg.django``: Django fields and the ``Scru128Extension`` operation
"""

import re
from base64 import b32encode
from datetime import datetime, timedelta, timezone
from functools import total_ordering
from uuid import UUID

__all__ = ["Scru128", "Scru160", "Scru64", "Ulid", "TypeId"]
__version__ = "1.5.0"

_BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz"
_BASE32HEX = "0123456789ABCDEFGHIJKLMNOPQRSTUV"

# ULID and TypeID write 128 bits as 26 digits of Crockford's Base32 (130
# bits, so the first digit is at most 7): ULID in upper case, TypeID in
# lower case.  Encoding goes through base64.b32encode, whose alphabet
# (RFC 4648) is mapped digit for digit.
_CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_RFC4648 = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
_ULID_OUT = bytes.maketrans(_RFC4648, _CROCKFORD.encode())
_TYPEID_OUT = bytes.maketrans(_RFC4648, _CROCKFORD.lower().encode())


def _decode_table(pairs):
    # for bytes.translate: each byte of the alphabet to the digit of its
    # value in int(..., 32)'s alphabet, every other byte to "!"
    table = bytearray(b"!" * 256)
    for char, value in pairs:
        table[ord(char)] = ord(_BASE32HEX[value])
    return bytes(table)


# ULID input: either case, and Crockford's decoding of I and L as 1, O as 0
# (U and every other byte refused), as the server reads it
_ULID_IN = _decode_table(
    [(c, v) for v, c in enumerate(_CROCKFORD)]
    + [(c.lower(), v) for v, c in enumerate(_CROCKFORD)]
    + [("I", 1), ("i", 1), ("L", 1), ("l", 1), ("O", 0), ("o", 0)])
# TypeID input: the lower-case alphabet only (spec 0.3.0)
_TYPEID_IN = _decode_table([(c.lower(), v) for v, c in enumerate(_CROCKFORD)])


def _encode_26(data, table):
    # 2 zero bits, the 128 bits and 30 zero bits are 160 bits: 32 digits
    # of b32encode, of which the first 26 are the value's
    n = int.from_bytes(data, "big") << 30
    return b32encode(n.to_bytes(20, "big"))[:26].translate(table).decode("ascii")


def _decode_26(data, table):
    """The value of 26 digits (bytes) and -1, or None and the 0-based
    position of the first byte outside the alphabet."""
    digits = data.translate(table)
    bad = digits.find(b"!")
    if bad >= 0:
        return None, bad
    return int(digits, 32), -1


_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)

# The SQL types the adapters register, in the order they look them up, and
# the release of the extension that added the later ones: in a database
# with an older version, the adapters register the types it has.
_TYPNAMES = ("scru128", "scru160", "scru64", "ulid", "typeid")
_ADDED_IN = {"ulid": "1.4", "typeid": "1.5"}


def _missing_types(missing):
    """For the adapters: the LookupError for the types that to_regtype()
    did not find, or None when none is missing or only types of a later
    release than the database's extension are."""
    if all(name in _ADDED_IN for name in missing):
        return None
    return LookupError(
        "type %s not found: is the scru128 extension installed in this "
        "database and its schema on search_path?" % ", ".join(missing))


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


class Ulid(_FixedBytes):
    """A ``ulid``: 16 bytes, the spec's layout (a 48-bit Unix millisecond
    timestamp, 80 random bits, big-endian); text is 26 upper-case Crockford
    Base32 digits.  Text is read as the server reads it: either case,
    ``I`` and ``L`` as ``1``, ``O`` as ``0``, ``U`` refused, at most
    ``7ZZZZZZZZZZZZZZZZZZZZZZZZZ``.  Also made from a ``uuid.UUID``: the
    same 16 bytes, as the server's binary-coercible cast."""

    __slots__ = ()
    _LEN = 16
    _TYPNAME = "ulid"

    def __init__(self, value):
        super().__init__(value.bytes if isinstance(value, UUID) else value)

    @staticmethod
    def _parse(text):
        data = text.encode("utf-8", "surrogatepass")
        if len(data) != 26:
            raise ValueError(
                f"a ulid has 26 Crockford Base32 digits, got {len(data)} bytes: {text!r}")
        n, bad = _decode_26(data, _ULID_IN)
        if n is None:
            raise ValueError(
                f"invalid ulid text {text!r}: byte {bad + 1} is not a Crockford Base32 digit")
        if n >> 128:
            raise ValueError(
                f"ulid out of range: {text!r} begins with {text[0]!r}, "
                "above 7ZZZZZZZZZZZZZZZZZZZZZZZZZ")
        return n.to_bytes(16, "big")

    def __str__(self):
        return _encode_26(self._bytes, _ULID_OUT)

    @property
    def random(self):
        """The 80 random bits: 10 big-endian bytes (the server's ``ulid_random``)."""
        return self._bytes[6:]

    @property
    def uuid(self):
        """The ``uuid.UUID`` of the same 16 bytes (the server's ``id::uuid``)."""
        return UUID(bytes=self._bytes)


# a valid non-empty TypeID prefix (length checked apart)
_PREFIX_RE = re.compile(r"[a-z](?:[a-z_]*[a-z])?")


def _prefix_error(prefix):
    """What is wrong with a TypeID prefix, in the words of the server's
    DETAIL, or None."""
    if not prefix or (len(prefix) <= TypeId.PREFIX_MAX and _PREFIX_RE.fullmatch(prefix)):
        return None
    size = len(prefix.encode("utf-8", "surrogatepass"))
    if size > TypeId.PREFIX_MAX:
        return (f"the prefix has {size} bytes; a TypeID prefix has at most "
                f"{TypeId.PREFIX_MAX}")
    for i, c in enumerate(prefix):
        if not ("a" <= c <= "z" or c == "_"):
            # the bytes before it are ASCII: its byte position is i + 1
            return (f"the prefix has {c!r} at byte {i + 1}; a TypeID prefix has only "
                    "lower-case letters a-z and underscores")
    if prefix[0] == "_":
        return (f"the prefix {prefix!r} begins with an underscore; a TypeID prefix "
                "begins and ends with a letter")
    return (f"the prefix {prefix!r} ends with an underscore; a TypeID prefix "
            "begins and ends with a letter")


def _parse_typeid(text):
    # the server's decoder, rule for rule and in its order: the separator is
    # the last underscore, prefix errors before suffix errors
    def invalid(detail):
        return ValueError(f"invalid typeid text {text!r}: {detail}")

    if not text:
        raise invalid("the text is empty; a TypeID is an optional prefix and "
                      "an underscore followed by 26 base32 digits")
    sep = text.rfind("_")
    if sep == 0:
        raise invalid("an underscore with no prefix before it; a TypeID "
                      "without a prefix is its 26 digits alone")
    prefix = text[:sep] if sep > 0 else ""
    error = _prefix_error(prefix)
    if error:
        raise invalid(error)
    suffix = text[sep + 1:]
    data = suffix.encode("utf-8", "surrogatepass")
    if len(data) != 26:
        if sep < 0:
            raise invalid(f"the text has no underscore, so no prefix, and {len(data)} "
                          "bytes; a TypeID without a prefix is exactly 26 base32 digits")
        raise invalid(f"the suffix after the prefix has {len(data)} bytes; a TypeID "
                      "suffix has exactly 26 base32 digits")
    n, bad = _decode_26(data, _TYPEID_IN)
    if n is None:
        # the digits before it are ASCII: it is the suffix's character bad
        raise invalid(f"the suffix has {suffix[bad]!r} at byte {sep + 2 + bad}; TypeID "
                      "digits are 0-9 and the lower-case letters a-z but i, l, o and u")
    if n >> 128:
        raise invalid(f"the suffix begins with {suffix[0]!r}; its first digit is at "
                      "most 7, or the value exceeds 128 bits")
    return prefix, n.to_bytes(16, "big")


@total_ordering
class TypeId:
    """A ``typeid`` (TypeID spec 0.3.0): a prefix and a UUID.

    The prefix is 0 to 63 of ``a``-``z`` and ``_``, neither first nor last;
    the text is the prefix, an underscore and the UUID as 26 lower-case
    Crockford Base32 digits (the digits alone for the empty prefix), read
    exactly as strictly as the server reads it.  The binary form
    (``.bytes``) is the server's: the UUID's 16 bytes, then the prefix's.
    Order is the server's: by prefix, then by UUID (the byte order of the
    text)."""

    __slots__ = ("_prefix", "_uuid")
    PREFIX_MAX = 63
    _TYPNAME = "typeid"

    def __init__(self, value):
        if isinstance(value, TypeId):
            self._prefix = value._prefix
            self._uuid = value._uuid
        elif isinstance(value, str):
            self._prefix, self._uuid = _parse_typeid(value)
        else:
            raise TypeError(f"cannot make a typeid from {type(value).__name__}")

    @classmethod
    def from_uuid(cls, prefix, uuid):
        """The TypeID of a prefix and a UUID (a ``uuid.UUID`` or its 16
        bytes), as the server's ``typeid(prefix, uuid)``."""
        if isinstance(uuid, UUID):
            data = uuid.bytes
        elif isinstance(uuid, (bytes, bytearray, memoryview)):
            data = bytes(uuid)
            if len(data) != 16:
                raise ValueError(f"a UUID is 16 bytes, got {len(data)}")
        else:
            raise TypeError(f"a typeid's UUID is a uuid.UUID or 16 bytes, not "
                            f"{type(uuid).__name__}")
        if not isinstance(prefix, str):
            raise TypeError(f"a typeid's prefix is a str, not {type(prefix).__name__}")
        error = _prefix_error(prefix)
        if error:
            raise ValueError(f"invalid typeid prefix: {error}")
        self = object.__new__(cls)
        self._prefix = prefix
        self._uuid = data
        return self

    @classmethod
    def from_bytes(cls, data):
        """The value of the binary form (16 UUID bytes, then 0 to 63 prefix
        bytes), checked as the server's ``typeid_recv`` checks it."""
        data = bytes(data)
        if not 16 <= len(data) <= 16 + cls.PREFIX_MAX:
            raise ValueError(f"the binary form of a typeid is 16 to {16 + cls.PREFIX_MAX} "
                             f"bytes, got {len(data)}")
        try:
            prefix = data[16:].decode("ascii")
        except UnicodeDecodeError:
            prefix = data[16:].decode("latin-1")
        return cls.from_uuid(prefix, data[:16])

    @property
    def bytes(self):
        """The binary form: the UUID's 16 bytes, then the prefix's."""
        return self._uuid + self._prefix.encode("ascii")

    @property
    def prefix(self):
        """The prefix, ``""`` for none."""
        return self._prefix

    @property
    def uuid(self):
        """The ``uuid.UUID``."""
        return UUID(bytes=self._uuid)

    @property
    def timestamp_ms(self):
        """The 48-bit millisecond field of a UUIDv7 (RFC 9562 variant), None
        for another UUID (as the server's ``typeid_timestamp``)."""
        u = self._uuid
        if u[6] >> 4 != 7 or u[8] & 0xC0 != 0x80:
            return None
        return int.from_bytes(u[:6], "big")

    @property
    def timestamp(self):
        """``timestamp_ms`` as an aware UTC ``datetime``, or None
        (OverflowError past the year 9999, where ``datetime`` ends)."""
        ms = self.timestamp_ms
        return None if ms is None else _EPOCH + timedelta(milliseconds=ms)

    def __str__(self):
        suffix = _encode_26(self._uuid, _TYPEID_OUT)
        return f"{self._prefix}_{suffix}" if self._prefix else suffix

    def __eq__(self, other):
        if type(other) is TypeId:
            return self._uuid == other._uuid and self._prefix == other._prefix
        return NotImplemented

    def __lt__(self, other):
        # prefixes are ASCII: str order is byte order, a prefix before a
        # longer one it begins
        if type(other) is TypeId:
            return (self._prefix, self._uuid) < (other._prefix, other._uuid)
        return NotImplemented

    def __hash__(self):
        return hash(("typeid", self._prefix, self._uuid))

    def __repr__(self):
        return f"TypeId('{self}')"
