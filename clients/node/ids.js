'use strict'
// Ulid and TypeId: values of the extension's ulid (release 1.4) and typeid
// (release 1.5) types, holding what the server's binary form carries, with
// the server's text rules (doc/ulid.md, doc/typeid.md).
//
// ulid: 16 bytes, big-endian; text is 26 Crockford Base32 digits, written
// in upper case; read in either case, I and L as 1, O as 0, U and every
// other byte refused, the first digit at most 7 (128 bits).
//
// typeid: a prefix (0 to 63 bytes of a-z and _, neither first nor last an
// underscore) and a UUID's 16 bytes; text per the TypeID spec 0.3.0: the
// prefix, an underscore and the UUID in 26 digits of
// 0123456789abcdefghjkmnpqrstvwxyz, the prefix and its underscore left out
// when empty.  Read strictly, as the server does: the separator is the last
// underscore, lower case only, no Crockford aliases, first digit at most 7.
// Binary: the UUID's 16 bytes, then the prefix's bytes.
//
// Parsing throws a TypeError where the server's input function refuses the
// text (22P02) or its receive function the bytes (22P03); the error's
// `reason` names the rule, for typeid in the words of
// test/vectors/typeid/invalid_errors.tsv (prefix_char 3, suffix_length, ...).

const ULID_DIGITS = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const TYPEID_DIGITS = '0123456789abcdefghjkmnpqrstvwxyz'
const PREFIX_MAX = 63

// digit values by byte, -1 for a byte that is not a digit
function digitTable (digits, aliases) {
  const table = new Int8Array(256).fill(-1)
  for (let i = 0; i < 32; i++) table[digits.charCodeAt(i)] = i
  for (const [c, v] of Object.entries(aliases)) table[c.charCodeAt(0)] = v
  return table
}

// ULID: either case, and Crockford's I and L for 1, O for 0 (not U)
const ULID_VALUES = digitTable(ULID_DIGITS, Object.fromEntries([
  ...[...ULID_DIGITS.toLowerCase()].map((c, i) => [c, i]),
  ['I', 1], ['i', 1], ['L', 1], ['l', 1], ['O', 0], ['o', 0]
]))
// TypeID: the lower-case alphabet and nothing else
const TYPEID_VALUES = digitTable(TYPEID_DIGITS, {})

function invalid (type, text, reason, detail) {
  const error = new TypeError(`invalid input syntax for type ${type}: ${JSON.stringify(text)}: ${detail}`)
  error.reason = reason
  error.detail = detail
  return error
}

function invalidBinary (type, bytes, reason, detail) {
  const error = new TypeError(`invalid binary ${type} value (${Buffer.from(bytes).toString('hex')}): ${detail}`)
  error.reason = reason
  return error
}

// 16 bytes as 26 digits (the first holds the top 3 bits)
function encode128 (bytes, digits) {
  let v = BigInt('0x' + Buffer.from(bytes).toString('hex'))
  const out = new Array(26)
  for (let i = 25; i >= 0; i--) {
    out[i] = digits[Number(v & 31n)]
    v >>= 5n
  }
  return out.join('')
}

// 26 bytes of digits from buf[start]: the 16 bytes, or the 0-based offset
// of the first byte that is not a digit (from start), or 'overflow'
function decode128 (buf, start, values) {
  let v = 0n
  for (let i = 0; i < 26; i++) {
    const d = values[buf[start + i]]
    if (d < 0) return { bad: i }
    v = (v << 5n) | BigInt(d)
  }
  if (values[buf[start]] > 7) return { bad: 'overflow' }
  return { bytes: Buffer.from(v.toString(16).padStart(32, '0'), 'hex') }
}

function toBytes (value, type) {
  if (!(value instanceof Uint8Array)) {
    throw new TypeError(`${type} bytes must be a Buffer or Uint8Array`)
  }
  return Buffer.from(value)
}

function compareBytes (a, b) {
  return Buffer.compare(a, b)
}

// the Unix milliseconds of the first 48 bits
function unixMs (bytes) {
  return bytes.readUIntBE(0, 6)
}

// the prefix rules of src/core/typeid_core.c, on bytes: null or an error
function prefixProblem (buf, type, text) {
  if (buf.length === 0) return null
  if (buf.length > PREFIX_MAX) {
    return invalid(type, text, 'prefix_length', `the prefix has ${buf.length} bytes; a TypeID prefix has at most ${PREFIX_MAX}`)
  }
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i]
    if (!((c >= 0x61 && c <= 0x7a) || c === 0x5f)) {
      return invalid(type, text, `prefix_char ${i + 1}`,
        `the prefix has byte 0x${c.toString(16).padStart(2, '0')} at byte ${i + 1}; a TypeID prefix has only lower-case letters a-z and underscores`)
    }
  }
  if (buf[0] === 0x5f) {
    return invalid(type, text, 'prefix_leading_underscore', 'a TypeID prefix does not begin with an underscore')
  }
  if (buf[buf.length - 1] === 0x5f) {
    return invalid(type, text, 'prefix_trailing_underscore', 'a TypeID prefix does not end with an underscore')
  }
  return null
}

const HEX_UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i

function uuidBytes (uuid) {
  if (uuid instanceof Uint8Array) {
    if (uuid.length !== 16) throw new TypeError(`a UUID has 16 bytes, not ${uuid.length}`)
    return Buffer.from(uuid)
  }
  if (typeof uuid !== 'string' || !HEX_UUID.test(uuid)) {
    throw new TypeError(`not a UUID: ${JSON.stringify(uuid)} (32 hex digits, hyphens optional, or 16 bytes)`)
  }
  return Buffer.from(uuid.replaceAll('-', ''), 'hex')
}

function uuidText (bytes) {
  const h = bytes.toString('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

class Ulid {
  #bytes

  // the 16 bytes, big-endian (the binary form); Ulid.parse() reads text
  constructor (bytes) {
    const b = toBytes(bytes, 'ulid')
    if (b.length !== 16) {
      throw invalidBinary('ulid', b, 'binary_length', `the binary form of a ULID is 16 bytes, not ${b.length}`)
    }
    this.#bytes = b
  }

  static parse (text) {
    if (typeof text !== 'string') throw new TypeError(`a ULID's text is a string, not ${typeof text}`)
    const buf = Buffer.from(text, 'utf8')
    if (buf.length !== 26) {
      throw invalid('ulid', text, 'length', `a ULID has exactly 26 Crockford Base32 digits; got ${buf.length} bytes`)
    }
    const r = decode128(buf, 0, ULID_VALUES)
    if (r.bad === 'overflow') {
      throw invalid('ulid', text, 'overflow', 'the value exceeds the largest ULID, "7ZZZZZZZZZZZZZZZZZZZZZZZZZ" (the first digit is at most 7)')
    }
    if (r.bad !== undefined) {
      throw invalid('ulid', text, `char ${r.bad + 1}`,
        `byte ${r.bad + 1} is not a Crockford Base32 digit (0-9, A-Z but U, either case; I and L read as 1, O as 0)`)
    }
    return new Ulid(r.bytes)
  }

  // the binary form: the 16 bytes (a copy)
  static fromBinary (bytes) { return new Ulid(bytes) }
  toBinary () { return Buffer.from(this.#bytes) }
  get bytes () { return Buffer.from(this.#bytes) }

  // the ULID of a UUID's bytes (the server's ulid::uuid and uuid::ulid)
  static fromUuid (uuid) { return new Ulid(uuidBytes(uuid)) }
  get uuid () { return uuidText(this.#bytes) }

  // the 48-bit Unix millisecond timestamp, as a number and as a Date
  get timestampMs () { return unixMs(this.#bytes) }
  get timestamp () { return new Date(unixMs(this.#bytes)) }

  toString () { return encode128(this.#bytes, ULID_DIGITS) }
  toJSON () { return this.toString() }
  // node-postgres sends a parameter with toPostgres() as this text
  toPostgres () { return this.toString() }
  get [Symbol.toStringTag] () { return 'Ulid' }

  equals (other) {
    return other instanceof Ulid && this.#bytes.equals(other.#bytes)
  }

  // by bytes: the server's order (time, then the random part)
  compareTo (other) { return Ulid.compare(this, other) }
  static compare (a, b) { return compareBytes(a.#bytes, b.#bytes) }
}

class TypeId {
  #prefix
  #uuid

  // a prefix ('' for none) and a UUID (16 bytes, or its hex text)
  constructor (prefix, uuid) {
    if (typeof prefix !== 'string') throw new TypeError(`a TypeID prefix is a string, not ${typeof prefix}`)
    const problem = prefixProblem(Buffer.from(prefix, 'utf8'), 'typeid', prefix)
    if (problem) throw problem
    this.#prefix = prefix
    this.#uuid = uuidBytes(uuid)
  }

  static parse (text) {
    if (typeof text !== 'string') throw new TypeError(`a TypeID's text is a string, not ${typeof text}`)
    const buf = Buffer.from(text, 'utf8')
    if (buf.length === 0) throw invalid('typeid', text, 'empty', 'the empty string is not a TypeID')
    // the separator is the last underscore; the suffix has none
    const sep = buf.lastIndexOf(0x5f)
    let start = 0
    if (sep >= 0) {
      if (sep === 0) {
        throw invalid('typeid', text, 'separator', 'an underscore with no prefix before it: a TypeID without a prefix has no separator')
      }
      const problem = prefixProblem(buf.subarray(0, sep), 'typeid', text)
      if (problem) throw problem
      start = sep + 1
    }
    if (buf.length - start !== 26) {
      throw invalid('typeid', text, 'suffix_length', `the suffix ${sep >= 0 ? 'after the prefix ' : ''}has ${buf.length - start} bytes; a TypeID suffix has 26`)
    }
    const r = decode128(buf, start, TYPEID_VALUES)
    if (r.bad === 'overflow') {
      throw invalid('typeid', text, 'suffix_overflow',
        `the suffix begins with "${String.fromCharCode(buf[start])}"; its first digit is at most 7, as 26 digits are 130 bits and a UUID 128`)
    }
    if (r.bad !== undefined) {
      const at = start + r.bad + 1
      throw invalid('typeid', text, `suffix_char ${at}`,
        `byte ${at} is not a digit of a TypeID suffix (0123456789abcdefghjkmnpqrstvwxyz, lower case)`)
    }
    return new TypeId(buf.subarray(0, Math.max(sep, 0)).toString('latin1'), r.bytes)
  }

  // the binary form: the UUID's 16 bytes, then the prefix's 0 to 63 bytes
  static fromBinary (bytes) {
    const b = toBytes(bytes, 'typeid')
    if (b.length < 16 || b.length > 16 + PREFIX_MAX) {
      throw invalidBinary('typeid', b, 'binary_length',
        `the binary form of a TypeID is the 16 bytes of its UUID followed by the 0 to ${PREFIX_MAX} bytes of its prefix; got ${b.length} bytes`)
    }
    const prefix = b.subarray(16)
    const problem = prefixProblem(prefix, 'typeid', '')
    if (problem) throw invalidBinary('typeid', b, problem.reason, problem.detail)
    return new TypeId(prefix.toString('latin1'), b.subarray(0, 16))
  }

  toBinary () { return Buffer.concat([this.#uuid, Buffer.from(this.#prefix, 'latin1')]) }

  get prefix () { return this.#prefix }
  // the UUID as text, 8-4-4-4-12 lower-case hex digits; uuidBytes: 16 bytes
  get uuid () { return uuidText(this.#uuid) }
  get uuidBytes () { return Buffer.from(this.#uuid) }

  // the time of a UUIDv7 (RFC 9562 variant): a Date, as the server's
  // typeid_timestamp(); null for any other UUID
  get timestamp () {
    if ((this.#uuid[8] & 0xc0) !== 0x80 || this.#uuid[6] >> 4 !== 7) return null
    return new Date(unixMs(this.#uuid))
  }

  toString () {
    const suffix = encode128(this.#uuid, TYPEID_DIGITS)
    return this.#prefix ? `${this.#prefix}_${suffix}` : suffix
  }

  toJSON () { return this.toString() }
  toPostgres () { return this.toString() }
  get [Symbol.toStringTag] () { return 'TypeId' }

  equals (other) {
    return other instanceof TypeId && this.#prefix === other.#prefix && this.#uuid.equals(other.#uuid)
  }

  // by prefix (byte by byte, a prefix before a longer one it begins), then
  // by UUID: the server's order, and the C order of the text
  compareTo (other) { return TypeId.compare(this, other) }
  static compare (a, b) {
    if (a.#prefix !== b.#prefix) return a.#prefix < b.#prefix ? -1 : 1
    return compareBytes(a.#uuid, b.#uuid)
  }
}

exports.Ulid = Ulid
exports.TypeId = TypeId
