'use strict'
// The types' text and binary forms, as the server writes and reads them:
// scru128 is 16 bytes shown as 25 lowercase Base36 digits, scru160 is 20
// bytes shown as 32 uppercase base32hex digits (40 hex digits accepted
// too), scru64 is a bigint below 36^12 shown as 12 lowercase Base36 digits.
// The binary forms are big-endian, like the server's send and receive
// functions.  Decoding their bytes never fails; encoding text throws a
// TypeError on what the server would refuse with 22P02.
//
// ulid (release 1.4) and typeid (release 1.5) are the classes of ids.js:
// ulid is 16 bytes shown as 26 uppercase Crockford Base32 digits, typeid
// the 16 bytes of a UUID followed by the prefix's bytes, shown per the
// TypeID spec.  Their toBinary() takes the text or a Ulid / TypeId; their
// fromBinary() throws a TypeError on bytes the server's receive function
// would refuse with 22P03 (a length other than 16, for typeid 16 to 79, or
// a bad prefix), as no server sends them.
const { Ulid, TypeId } = require('./ids')

const BASE36 = /^[0-9a-z]+$/i
const BASE32HEX = /^[0-9a-v]{32}$/i
const HEX40 = /^[0-9a-f]{40}$/i

function bytesToBigInt (buf) {
  return BigInt('0x' + (buf.length ? Buffer.from(buf).toString('hex') : '0'))
}

function bigIntToBytes (value, size) {
  return Buffer.from(value.toString(16).padStart(size * 2, '0'), 'hex')
}

function parseBase36 (text, digits, limit, type) {
  if (typeof text !== 'string' || text.length !== digits || !BASE36.test(text)) {
    throw new TypeError(`invalid ${type}: ${JSON.stringify(text)} is not ${digits} Base36 digits`)
  }
  let value = 0n
  for (const c of text.toLowerCase()) {
    value = value * 36n + BigInt(parseInt(c, 36))
  }
  if (value >= limit) {
    throw new TypeError(`invalid ${type}: ${JSON.stringify(text)} is out of range`)
  }
  return value
}

const codecs = {
  scru128: {
    size: 16,
    fromBinary: (buf) => bytesToBigInt(buf).toString(36).padStart(25, '0'),
    toBinary: (text) => bigIntToBytes(parseBase36(String(text), 25, 1n << 128n, 'scru128'), 16)
  },
  scru64: {
    size: 8,
    fromBinary: (buf) => bytesToBigInt(buf).toString(36).padStart(12, '0'),
    toBinary: (text) => bigIntToBytes(parseBase36(String(text), 12, 36n ** 12n, 'scru64'), 8)
  },
  scru160: {
    size: 20,
    fromBinary: (buf) => bytesToBigInt(buf).toString(32).toUpperCase().padStart(32, '0'),
    toBinary: (value) => {
      const text = String(value)
      if (HEX40.test(text)) return Buffer.from(text, 'hex')
      if (!BASE32HEX.test(text)) {
        throw new TypeError(`invalid scru160: ${JSON.stringify(text)} is not 32 base32hex or 40 hex digits`)
      }
      let v = 0n
      for (const c of text.toLowerCase()) v = v * 32n + BigInt(parseInt(c, 32))
      return bigIntToBytes(v, 20)
    }
  },
  ulid: {
    size: 16,
    fromBinary: (buf) => Ulid.fromBinary(buf).toString(),
    toBinary: (value) => (value instanceof Ulid ? value : Ulid.parse(String(value))).toBinary()
  },
  typeid: {
    fromBinary: (buf) => TypeId.fromBinary(buf).toString(),
    toBinary: (value) => (value instanceof TypeId ? value : TypeId.parse(String(value))).toBinary()
  }
}

// A one-dimensional or nested array in the server's text form.  Elements of
// these types are letters, digits and (typeid) underscores, so the server
// never quotes them; NULL is the only bare word.  A "[lo:hi]=" prefix
// (non-default bounds) is skipped.
function parseTextArray (text, parse = (x) => x) {
  let i = text[0] === '[' ? text.indexOf('=') + 1 : 0
  function level () {
    const out = []
    i++ // '{'
    if (text[i] === '}') { i++; return out }
    for (;;) {
      if (text[i] === '{') {
        out.push(level())
      } else {
        let j = i
        let quoted = false
        if (text[i] === '"') { quoted = true; j = text.indexOf('"', i + 1); i++ }
        while (!quoted && text[j] !== ',' && text[j] !== '}') j++
        const item = text.slice(i, j)
        out.push(!quoted && item === 'NULL' ? null : parse(item))
        i = quoted ? j + 1 : j
      }
      if (text[i++] === '}') return out
    }
  }
  return level()
}

// The server's binary COPY format (COPY ... WITH (FORMAT binary)): rows of
// fields given as Buffers (or null), and back.
const COPY_SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1')

function binaryCopyData (rows) {
  const parts = [COPY_SIGNATURE, Buffer.alloc(8)]
  for (const row of rows) {
    const head = Buffer.alloc(2)
    head.writeInt16BE(row.length)
    parts.push(head)
    for (const field of row) {
      const len = Buffer.alloc(4)
      len.writeInt32BE(field === null ? -1 : field.length)
      parts.push(len)
      if (field !== null) parts.push(field)
    }
  }
  parts.push(Buffer.from([0xff, 0xff]))
  return Buffer.concat(parts)
}

function parseBinaryCopy (buf) {
  if (!buf.subarray(0, COPY_SIGNATURE.length).equals(COPY_SIGNATURE)) {
    throw new TypeError('not a binary COPY stream')
  }
  let pos = COPY_SIGNATURE.length + 4
  pos += 4 + buf.readInt32BE(pos)
  const rows = []
  for (;;) {
    const n = buf.readInt16BE(pos)
    pos += 2
    if (n === -1) return rows
    const row = []
    for (let f = 0; f < n; f++) {
      const len = buf.readInt32BE(pos)
      pos += 4
      row.push(len < 0 ? null : buf.subarray(pos, pos + len))
      if (len > 0) pos += len
    }
    rows.push(row)
  }
}

// The OIDs of the types and their arrays in the database at hand, found
// through the extension's own schema (whatever the search_path): rows of
// { name, oid, array_oid, domain }, for the types the installed version of
// the extension has (ulid from 1.4, typeid from 1.5; to_regtype gives NULL
// for a type the version lacks, and the join drops it).  Then the domains
// over them (CREATE DOMAIN user_id AS typeid ...), at any depth, found by
// their base type's OID: a domain's values come with its base type's OID,
// but an array of a domain has an array type of its own, whose elements
// are the base type's text.  domain is the domain's name as format_type
// writes it (qualified when its schema is not on the search_path), NULL for
// the types themselves.
const OID_QUERY = `WITH RECURSIVE base AS (
  SELECT x.name, t.oid, t.typarray
  FROM pg_catalog.pg_extension e
  CROSS JOIN unnest(ARRAY['scru128', 'scru160', 'scru64', 'ulid', 'typeid']) AS x(name)
  JOIN pg_catalog.pg_type t
    ON t.oid = pg_catalog.to_regtype(pg_catalog.format('%s.%I', e.extnamespace::regnamespace, x.name))
  WHERE e.extname = 'scru128'
), domains AS (
  SELECT b.name, d.oid, d.typarray
  FROM base b JOIN pg_catalog.pg_type d ON d.typtype = 'd' AND d.typbasetype = b.oid
  UNION ALL
  SELECT o.name, d.oid, d.typarray
  FROM domains o JOIN pg_catalog.pg_type d ON d.typtype = 'd' AND d.typbasetype = o.oid
)
SELECT name, oid::int AS oid, typarray::int AS array_oid, NULL AS domain FROM base
UNION ALL
SELECT name, oid::int, typarray::int, pg_catalog.format_type(oid, NULL) FROM domains
ORDER BY domain NULLS FIRST`

// { scru128: { oid, arrayOid, domains: [{ name, oid, arrayOid }] }, ... }
function oidsFromRows (rows) {
  const oids = {}
  for (const r of rows) {
    const entry = { oid: Number(r.oid), arrayOid: Number(r.array_oid) }
    if (r.domain === null) {
      oids[r.name] = { ...entry, domains: [] }
    } else {
      oids[r.name].domains.push({ name: r.domain, ...entry })
    }
  }
  if (!oids.scru128) {
    throw new Error('the scru128 extension is not installed in this database (CREATE EXTENSION scru128)')
  }
  return oids
}

exports.Ulid = Ulid
exports.TypeId = TypeId
exports.codecs = codecs
exports.parseTextArray = parseTextArray
exports.binaryCopyData = binaryCopyData
exports.parseBinaryCopy = parseBinaryCopy
exports.OID_QUERY = OID_QUERY
exports.oidsFromRows = oidsFromRows
