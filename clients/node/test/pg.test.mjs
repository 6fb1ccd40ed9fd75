// node-postgres (npm pg) with the adapter's register(): every type as a
// value, a parameter, an array element and NULL, through COPY
// (pg-copy-streams, text and binary), against the server's own ::text; a
// bad value gives the server's 22P02; ids made by npm scru128 are accepted.
// (node-postgres reads binary results as UTF-8 strings, which loses bytes,
// so queries here use the text format, pg's default; binary COPY is raw.)
// The Ulid and TypeId classes (ids.js) against the server: the TypeID
// spec's vectors, ULID and TypeID texts and bytes the server accepts or
// refuses, accepted or refused alike, the order, the fields, and a domain
// of one prefix.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import pg from 'pg'
import copyStreams from 'pg-copy-streams'
import { scru128, scru128String, Scru128Id } from 'scru128'
import { register, fetchOids, types } from '../pg.js'
import { codecs, binaryCopyData, parseBinaryCopy, Ulid, TypeId } from '../codec.js'
import { TYPES, createDatabase, typeidVectors, typeidInvalidErrors } from './helpers.mjs'

const DATABASE = 'clients_node_pg'
let client

before(async () => {
  await createDatabase(DATABASE)
  client = new pg.Client({ database: DATABASE })
  await client.connect()
  const oids = await register(client)
  assert.deepEqual(Object.keys(oids).sort(), ['scru128', 'scru160', 'scru64', 'typeid', 'ulid'])
})

after(async () => {
  await client?.end()
})

// rows of { v: a value made by the server, t: its ::text }
async function serverValues (generate, n = 5) {
  const { rows } = await client.query(
    `SELECT v, v::text AS t FROM (SELECT ${generate} AS v FROM generate_series(1, $1)) s`, [n])
  assert.equal(rows.length, n)
  return rows
}

async function copyOut (sql) {
  const chunks = []
  const stream = client.query(copyStreams.to(sql))
  for await (const chunk of stream) chunks.push(chunk)
  return Buffer.concat(chunks)
}

for (const { name, generate, bad, other } of TYPES) {
  test(`${name}: values equal the server's text`, async () => {
    for (const { v, t } of await serverValues(generate)) {
      assert.equal(typeof v, 'string')
      assert.equal(v, t)
    }
  })

  test(`${name}: a string parameter is stored and found`, async () => {
    await client.query(`CREATE TABLE param_${name} (id ${name} PRIMARY KEY)`)
    const texts = (await serverValues(generate)).map((r) => r.t)
    for (const t of texts) {
      await client.query(`INSERT INTO param_${name} VALUES ($1)`, [t])
    }
    for (const t of texts) {
      const { rows } = await client.query(`SELECT id, id::text AS t FROM param_${name} WHERE id = $1`, [t])
      assert.deepEqual(rows, [{ id: t, t }])
    }
    // another text of the value (the other case) in, the server's own text out
    const { rows } = await client.query(`SELECT $1::${name} AS v`, [other(texts[0])])
    assert.equal(rows[0].v, texts[0])
  })

  test(`${name}: arrays in results and as parameters`, async () => {
    const sql = `SELECT a, a::text[] AS t, b, b::text[][] AS bt
      FROM (SELECT ARRAY[${generate}, NULL, ${generate}] AS a,
                   ARRAY[[${generate}, ${generate}], [NULL, ${generate}]] AS b) s`
    const { rows: [r] } = await client.query(sql)
    assert.equal(r.a.length, 3)
    assert.deepEqual(r.a, r.t)
    assert.equal(r.a[1], null)
    assert.equal(r.b.length, 2)
    assert.deepEqual(r.b, r.bt)
    assert.equal(r.b[1][0], null)
    const { rows: [e] } = await client.query(`SELECT '{}'::${name}[] AS a`)
    assert.deepEqual(e.a, [])
    const texts = (await serverValues(generate, 3)).map((r) => r.t)
    const { rows: [p] } = await client.query(
      `SELECT $1::${name}[] AS a, $1::${name}[]::text[] AS t, $2 = ANY ($1::${name}[]) AS found`,
      [[...texts, null], texts[2]])
    assert.deepEqual(p.a, [...texts, null])
    assert.deepEqual(p.t, [...texts, null])
    assert.equal(p.found, true)
  })

  test(`${name}: NULL as a value and as a parameter`, async () => {
    const { rows } = await client.query(`SELECT NULL::${name} AS v, $1::${name} AS p, ARRAY[NULL]::${name}[] AS a`, [null])
    assert.deepEqual(rows, [{ v: null, p: null, a: [null] }])
  })

  test(`${name}: COPY in text format, both ways (pg-copy-streams)`, async () => {
    await client.query(`CREATE TABLE copy_${name} (n int, id ${name})`)
    const texts = (await serverValues(generate, 100)).map((r) => r.t)
    const lines = texts.map((t, i) => `${i}\t${i % 10 === 3 ? '\\N' : t}\n`)
    await pipeline(Readable.from(lines), client.query(copyStreams.from(`COPY copy_${name} FROM STDIN`)))
    const { rows } = await client.query(`SELECT id, id::text AS t FROM copy_${name} ORDER BY n`)
    assert.equal(rows.length, 100)
    rows.forEach((r, i) => {
      assert.equal(r.id, r.t)
      assert.equal(r.t, i % 10 === 3 ? null : texts[i])
    })
    const out = (await copyOut(`COPY (SELECT n, id FROM copy_${name} ORDER BY n) TO STDOUT`)).toString()
    assert.equal(out, lines.join(''))
  })

  test(`${name}: COPY in binary format, both ways, through the adapter's codec`, async () => {
    await client.query(`CREATE TABLE bcopy_${name} (id ${name}, t text)`)
    const texts = (await serverValues(generate, 100)).map((r) => r.t)
    const data = binaryCopyData(texts.map((t, i) => i % 10 === 7
      ? [null, null]
      : [codecs[name].toBinary(i % 2 ? other(t) : t), Buffer.from(t)]))
    await pipeline(Readable.from([data]), client.query(copyStreams.from(`COPY bcopy_${name} FROM STDIN WITH (FORMAT binary)`)))
    const { rows: [check] } = await client.query(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE id::text = t)::int AS same FROM bcopy_${name}`)
    assert.deepEqual(check, { n: 100, same: 90 })
    const out = parseBinaryCopy(await copyOut(`COPY (SELECT id, id::text FROM bcopy_${name}) TO STDOUT WITH (FORMAT binary)`))
    assert.equal(out.length, 100)
    for (const [id, t] of out) {
      assert.equal(id === null ? null : codecs[name].fromBinary(id), t === null ? null : t.toString())
    }
  })

  test(`${name}: a bad string fails with the server's 22P02, and in the codec`, async () => {
    await assert.rejects(client.query(`SELECT $1::${name}`, [bad]), (e) => {
      assert.equal(e.code, '22P02')
      assert.match(e.message, new RegExp(`invalid input syntax for type ${name}`))
      return true
    })
    await assert.rejects(client.query(`SELECT $1::${name}[]`, [[bad]]), { code: '22P02' })
    assert.throws(() => codecs[name].toBinary(bad), TypeError)
  })
}

test('scru128: ids made by npm scru128 are accepted and keep their bytes', async () => {
  const ids = [scru128(), scru128(), Scru128Id.fromString(scru128String())]
  for (const id of ids) {
    const text = id.toString()
    const { rows: [r] } = await client.query('SELECT $1::scru128 AS v, $1::scru128::text AS t, $1::scru128::uuid::text AS u', [text])
    assert.equal(r.v, text)
    assert.equal(r.t, text)
    assert.equal('0x' + r.u.replaceAll('-', ''), id.toHex())
    assert.equal(codecs.scru128.fromBinary(Buffer.from(id.bytes)), text)
    assert.deepEqual([...codecs.scru128.toBinary(text)], [...id.bytes])
  }
})

test('release 1.4 installed: the OIDs have ulid and no typeid', async () => {
  await createDatabase(`${DATABASE}_14`, "CREATE EXTENSION scru128 VERSION '1.4'")
  const old = new pg.Client({ database: `${DATABASE}_14` })
  await old.connect()
  try {
    const oids = await register(old)
    assert.deepEqual(Object.keys(oids).sort(), ['scru128', 'scru160', 'scru64', 'ulid'])
    const { rows: [r] } = await old.query("SELECT ARRAY[ulid(), NULL] AS a, to_regtype('typeid') AS t")
    assert.equal(r.a.length, 2)
    assert.equal(r.a[1], null)
    assert.ok(Ulid.parse(r.a[0]))
    assert.equal(r.t, null)
  } finally {
    await old.end()
  }
})

test('a pool with types(oids) parses arrays', async () => {
  const oids = await fetchOids(client)
  const pool = new pg.Pool({ database: DATABASE, max: 2, types: types(oids) })
  try {
    const { rows: [r] } = await pool.query('SELECT ARRAY[scru160(), NULL] AS a, 1::int AS n, now() AS d')
    assert.equal(r.a.length, 2)
    assert.match(r.a[0], /^[0-9A-V]{32}$/)
    assert.equal(r.n, 1)
    assert.ok(r.d instanceof Date)
  } finally {
    await pool.end()
  }
})

test('without register(), pg gives an array of these types as one string', async () => {
  const plain = new pg.Client({ database: DATABASE })
  await plain.connect()
  try {
    const { rows: [r] } = await plain.query("SELECT '{036z951mhjikzik2gsl81gr7l,NULL}'::scru128[] AS a")
    assert.equal(r.a, '{036z951mhjikzik2gsl81gr7l,NULL}')
  } finally {
    await plain.end()
  }
  const { rows: [r] } = await client.query("SELECT '{036z951mhjikzik2gsl81gr7l,NULL}'::scru128[] AS a")
  assert.deepEqual(r.a, ['036z951mhjikzik2gsl81gr7l', null])
})

// --- ulid and typeid: the classes of ids.js against the server ---

const VALID = typeidVectors('valid')
const INVALID = typeidVectors('invalid')
const INVALID_ERRORS = typeidInvalidErrors()

// the value of a query that fails, or its SQLSTATE: { ok } or { code }
async function attempt (sql, params) {
  try {
    const { rows } = await client.query(sql, params)
    return { ok: rows[0].v }
  } catch (e) {
    return { code: e.code, message: e.message }
  }
}

// binary COPY of one row, one field of bytes, into a new table of the type
let copyTable = 0
async function copyInBinary (type, bytes) {
  const table = `bin_${type}_${++copyTable}`
  await client.query(`CREATE TABLE ${table} (v ${type})`)
  try {
    await pipeline(Readable.from([binaryCopyData([[bytes]])]),
      client.query(copyStreams.from(`COPY ${table} FROM STDIN WITH (FORMAT binary)`)))
    const { rows: [r] } = await client.query(`SELECT v::text AS v FROM ${table}`)
    return { ok: r.v }
  } catch (e) {
    return { code: e.code, message: e.message }
  } finally {
    await client.query(`DROP TABLE ${table}`)
  }
}

// the codec's verdict on a text: its canonical text, or null if refused
function codecText (Class, text) {
  try {
    return Class.parse(text).toString()
  } catch (e) {
    assert.ok(e instanceof TypeError, e)
    return null
  }
}

test('typeid: every case of the spec\'s valid.yml, in the codec and on the server', async () => {
  assert.equal(VALID.length, 9)
  for (const v of VALID) {
    const id = TypeId.parse(v.typeid)
    assert.equal(id.prefix, v.prefix, v.name)
    assert.equal(id.uuid, v.uuid, v.name)
    assert.equal(id.toString(), v.typeid, v.name)
    assert.equal(new TypeId(v.prefix, v.uuid).toString(), v.typeid, v.name)
    const { rows: [r] } = await client.query(`SELECT $1::typeid AS v, typeid_prefix($1::typeid) AS p,
        typeid_uuid($1::typeid)::text AS u, typeid_send($1::typeid) AS b, typeid($2, $3::uuid)::text AS made`,
    [v.typeid, v.prefix, v.uuid])
    assert.deepEqual({ ...r, b: r.b.toString('hex') },
      { v: v.typeid, p: v.prefix, u: v.uuid, b: id.toBinary().toString('hex'), made: v.typeid }, v.name)
    assert.equal(codecs.typeid.fromBinary(r.b), v.typeid, v.name)
    assert.ok(TypeId.fromBinary(r.b).equals(id), v.name)
  }
})

test('typeid: every case of the spec\'s invalid.yml is refused, by the codec with the error of invalid_errors.tsv and by the server with 22P02', async () => {
  assert.equal(INVALID.length, 21)
  assert.deepEqual(INVALID.map((c) => c.name).sort(), [...INVALID_ERRORS.keys()].sort())
  for (const c of INVALID) {
    assert.throws(() => TypeId.parse(c.typeid), (e) => {
      assert.ok(e instanceof TypeError)
      assert.equal(e.reason, INVALID_ERRORS.get(c.name), c.name)
      return true
    }, c.name)
    assert.throws(() => codecs.typeid.toBinary(c.typeid), TypeError, c.name)
    const r = await attempt('SELECT $1::typeid AS v', [c.typeid])
    assert.equal(r.code, '22P02', `${c.name}: ${JSON.stringify(r)}`)
    assert.match(r.message, /invalid input syntax for type typeid/)
  }
})

// texts near valid ones: each byte changed, dropped or doubled, other
// cases, Crockford's aliases, the first digit 8, prefixes at the limits
function mutations (texts, count, random) {
  const pool = [...'0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_- .é\t']
  const pick = (a) => a[Math.floor(random() * a.length)]
  const out = []
  while (out.length < count) {
    const t = [...pick(texts)]
    const i = Math.floor(random() * t.length)
    switch (Math.floor(random() * 7)) {
      case 0: t[i] = pick(pool); break
      case 1: t.splice(i, 1); break
      case 2: t.splice(i, 0, pick(pool)); break
      case 3: t[i] = pick('ILOUilou8'); break
      case 4: out.push(t.join('').toUpperCase()); continue
      case 5: out.push(t.join('').toLowerCase()); continue
      case 6: t[t.length - 26] = pick('012345678z'); break
    }
    out.push(t.join(''))
  }
  return out
}

// a deterministic generator, so that a failure repeats
function xorshift (seed) {
  let x = seed
  return () => {
    x ^= x << 13; x ^= x >>> 17; x ^= x << 5
    return (x >>> 0) / 4294967296
  }
}

for (const { name, Class, generate, extra } of [
  {
    name: 'typeid',
    Class: TypeId,
    generate: "typeid_generate((ARRAY['user', '', 'a_b_c', repeat('q', 63), repeat('q', 62)])[1 + floor(random() * 5)::int])",
    extra: [
      'user_01h455vb4pex5vsknk084sn02q', 'a__b_01h455vb4pex5vsknk084sn02q', 'a_01h455vb4pex5vsknk084sn02q_',
      'A_01h455vb4pex5vsknk084sn02q', 'user-01h455vb4pex5vsknk084sn02q', 'user__01h455vb4pex5vsknk084sn02q',
      ' user_01h455vb4pex5vsknk084sn02q', 'user_01h455vb4pex5vsknk084sn02q ', 'user_81h455vb4pex5vsknk084sn02q',
      'q'.repeat(63) + '_7zzzzzzzzzzzzzzzzzzzzzzzzz', 'q'.repeat(64) + '_7zzzzzzzzzzzzzzzzzzzzzzzzz', '__', '_a',
      'user_', 'user', '00000000000000000000000000'
    ]
  },
  {
    name: 'ulid',
    Class: Ulid,
    generate: "ulid(timestamptz '1970-01-01 UTC' + random() * interval '8000 years')",
    extra: [
      '01ARYZ6S41TSV4RRFFQ69G5FAV', 'oLARYZ6S41TSV4RRFFQ69G5FAV', 'OIARYZ6S41TSV4RRFFQ69G5FAV', '01aryz6s41tsv4rrffq69g5fav',
      '01ARYZ6S41TSV4RRFFQ69G5FAU', '01ARYZ6S41TSV4RRFFQ69G5FA', '01ARYZ6S41TSV4RRFFQ69G5FAVV', '7ZZZZZZZZZZZZZZZZZZZZZZZZZ',
      '8ZZZZZZZZZZZZZZZZZZZZZZZZZ', '01ARYZ6S41TSV4RRFFQ69G5F-V', '01ARYZ6S41TSV4RRFFQ69G5FÅ', ' 1ARYZ6S41TSV4RRFFQ69G5FAV', ''
    ]
  }
]) {
  test(`${name}: 3000 texts near valid ones, accepted or refused by the codec as by the server, with the server's text`, async () => {
    await client.query(`CREATE OR REPLACE FUNCTION try_${name}(t text) RETURNS text LANGUAGE plpgsql AS $$
      BEGIN RETURN t::${name}::text; EXCEPTION WHEN invalid_text_representation THEN RETURN NULL; END $$`)
    const { rows } = await client.query(`SELECT (${generate})::text AS t FROM generate_series(1, 50)`)
    const texts = [...extra, ...mutations(rows.map((r) => r.t), 3000, xorshift(0x5eed))]
    const { rows: server } = await client.query(`SELECT try_${name}(x) AS v FROM unnest($1::text[]) WITH ORDINALITY u(x, n) ORDER BY n`, [texts])
    const mine = texts.map((t) => codecText(Class, t))
    const theirs = server.map((r) => r.v)
    for (let i = 0; i < texts.length; i++) {
      assert.equal(mine[i], theirs[i], `${JSON.stringify(texts[i])}: codec ${mine[i]}, server ${theirs[i]}`)
    }
    const accepted = theirs.filter((v) => v !== null).length
    assert.ok(accepted > 300 && accepted < texts.length - 300, `${accepted} of ${texts.length} accepted`)
  })
}

test('typeid and ulid: 2000 random values made by the classes are written as the server writes them', async () => {
  const random = xorshift(0xfeed)
  const letters = 'abcdefghijklmnopqrstuvwxyz'
  const made = Array.from({ length: 2000 }, (_, i) => {
    const bytes = Buffer.from(Array.from({ length: 16 }, () => Math.floor(random() * 256)))
    // prefixes of 0 to 63 letters, an underscore inside some
    const n = i % 7 === 0 ? 0 : 1 + Math.floor(random() * 63)
    const prefix = Array.from({ length: n }, (_, j) => (j > 0 && j < n - 1 && random() < 0.1 ? '_' : letters[Math.floor(random() * 26)])).join('')
    return { bytes, typeId: new TypeId(prefix, bytes), ulid: new Ulid(bytes) }
  })
  const { rows } = await client.query(`SELECT typeid(p, u)::text AS t, u::ulid::text AS l
    FROM unnest($1::text[], $2::uuid[]) WITH ORDINALITY x(p, u, n) ORDER BY n`,
  [made.map((m) => m.typeId.prefix), made.map((m) => m.typeId.uuid)])
  assert.equal(rows.length, 2000)
  rows.forEach((r, i) => {
    const { bytes, typeId, ulid } = made[i]
    assert.equal(typeId.toString(), r.t)
    assert.equal(ulid.toString(), r.l)
    assert.deepEqual(TypeId.parse(r.t).uuidBytes, bytes)
    assert.deepEqual(Ulid.parse(r.l).bytes, bytes)
  })
})

test('typeid and ulid: bytes the server\'s receive function refuses (22P03), the codec refuses too', async () => {
  const uuid = Buffer.from('01890a5dac96774bbcceb302099a8057', 'hex')
  const cases = [
    ['typeid', uuid.subarray(0, 15)],
    ['typeid', Buffer.concat([uuid, Buffer.from('q'.repeat(64))])],
    ['typeid', Buffer.concat([uuid, Buffer.from('User')])],
    ['typeid', Buffer.concat([uuid, Buffer.from('_user')])],
    ['typeid', Buffer.concat([uuid, Buffer.from('user_')])],
    ['typeid', Buffer.concat([uuid, Buffer.from('us3r')])],
    ['typeid', Buffer.concat([uuid, Buffer.from('usér')])],
    ['ulid', uuid.subarray(0, 15)],
    ['ulid', Buffer.concat([uuid, Buffer.from([0])])]
  ]
  for (const [type, bytes] of cases) {
    const r = await copyInBinary(type, bytes)
    assert.equal(r.code, '22P03', `${type} ${bytes.toString('hex')}: ${JSON.stringify(r)}`)
    assert.throws(() => codecs[type].fromBinary(bytes), TypeError, bytes.toString('hex'))
  }
  // and what it takes: no prefix, 63 characters, underscores inside
  for (const prefix of ['', 'q'.repeat(63), 'a_b', 'z']) {
    const bytes = Buffer.concat([uuid, Buffer.from(prefix)])
    const r = await copyInBinary('typeid', bytes)
    assert.equal(r.ok, codecs.typeid.fromBinary(bytes))
    assert.equal(r.ok, new TypeId(prefix, uuid).toString())
  }
  assert.deepEqual(await copyInBinary('ulid', uuid), { ok: codecs.ulid.fromBinary(uuid) })
})

test('typeid: the order, equality and fields of TypeId are the server\'s', async () => {
  const { rows } = await client.query(`SELECT id::text AS t, typeid_prefix(id) AS p, typeid_uuid(id)::text AS u,
      typeid_timestamp(id) AS ts, typeid_send(id) AS b
    FROM (SELECT typeid(p, u) AS id
      FROM unnest(ARRAY['', 'a', 'a_b', 'ab', 'user', 'b', repeat('z', 63)]) AS p,
        LATERAL (SELECT uuidv7() UNION ALL SELECT gen_random_uuid() UNION ALL SELECT uuidv7()
          UNION ALL SELECT uuid '00000000-0000-0000-0000-000000000000'
          UNION ALL SELECT uuid 'ffffffff-ffff-ffff-ffff-ffffffffffff'
          UNION ALL SELECT ('01890a5d-ac96-7' || substr(md5(random()::text), 1, 19))::uuid) AS x(u)) s
    ORDER BY id`)
  assert.equal(rows.length, 42)
  const ids = rows.map((r) => TypeId.parse(r.t))
  const shuffled = [...ids].reverse()
  shuffled.push(shuffled.shift())
  assert.deepEqual(shuffled.sort(TypeId.compare).map(String), rows.map((r) => r.t))
  // the C order of the text is the same
  assert.deepEqual(rows.map((r) => r.t).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)), rows.map((r) => r.t))
  let v7 = 0
  rows.forEach((r, i) => {
    const id = ids[i]
    assert.equal(id.prefix, r.p)
    assert.equal(id.uuid, r.u)
    assert.deepEqual(id.toBinary(), r.b)
    assert.deepEqual(id.timestamp, r.ts)
    if (r.ts !== null) v7++
    assert.ok(id.equals(TypeId.parse(r.t)))
    assert.equal(id.compareTo(TypeId.fromBinary(r.b)), 0)
    if (i > 0) {
      assert.ok(!id.equals(ids[i - 1]))
      assert.equal(id.compareTo(ids[i - 1]), 1)
      assert.equal(ids[i - 1].compareTo(id), -1)
    }
  })
  // a 7 in the version field but another variant has no time
  assert.ok(v7 >= 7 * 2 && v7 < 42, `${v7} UUIDv7s`)
  assert.equal(JSON.stringify({ id: ids[1] }), JSON.stringify({ id: rows[1].t }))
  assert.throws(() => new TypeId('User', ids[0].uuid), TypeError)
  assert.throws(() => new TypeId('user', '01890a5d-ac96'), TypeError)
})

test('ulid: the order, equality and fields of Ulid are the server\'s', async () => {
  const { rows } = await client.query(`SELECT id::text AS t, id::uuid::text AS u, ulid_timestamp(id) AS ts, ulid_send(id) AS b
    FROM (SELECT ulid() FROM generate_series(1, 20) UNION ALL
          SELECT ulid(timestamptz '1970-01-01 UTC' + random() * interval '8000 years') FROM generate_series(1, 80)) s(id)
    ORDER BY id`)
  assert.equal(rows.length, 100)
  const ids = rows.map((r) => Ulid.parse(r.t))
  assert.deepEqual([...ids].reverse().sort(Ulid.compare).map(String), rows.map((r) => r.t))
  rows.forEach((r, i) => {
    const id = ids[i]
    assert.equal(id.uuid, r.u)
    assert.deepEqual(id.toBinary(), r.b)
    assert.deepEqual(id.bytes, r.b)
    assert.deepEqual(id.timestamp, r.ts)
    assert.equal(id.timestampMs, r.ts.getTime())
    assert.ok(id.equals(Ulid.fromUuid(r.u)))
    assert.ok(id.equals(Ulid.parse(r.t.toLowerCase())))
    if (i > 0) assert.equal(id.compareTo(ids[i - 1]), 1)
  })
})

test('typeid and ulid: TypeId and Ulid objects as parameters (toPostgres)', async () => {
  const t = TypeId.parse('user_01h455vb4pex5vsknk084sn02q')
  const u = Ulid.parse('01ARYZ6S41TSV4RRFFQ69G5FAV')
  const { rows: [r] } = await client.query('SELECT $1::typeid AS t, $2::ulid AS u, $3::typeid[] AS a, $2 = ulid \'01aryz6s41tsv4rrffq69g5fav\' AS same',
    [t, u, [t, null, new TypeId('', t.uuidBytes)]])
  assert.deepEqual(r, { t: String(t), u: String(u), a: [String(t), null, '01h455vb4pex5vsknk084sn02q'], same: true })
})

test('typeid: a domain of one prefix (typeid_check_prefix) and its error', async () => {
  await client.query("CREATE DOMAIN user_id AS typeid CHECK (typeid_check_prefix(VALUE, 'user'))")
  await client.query("CREATE TABLE users (id user_id PRIMARY KEY DEFAULT typeid_generate('user'), name text)")
  const { rows: [made] } = await client.query("INSERT INTO users (name) VALUES ('ada') RETURNING id, typeid_timestamp(id) AS ts")
  const id = TypeId.parse(made.id)
  assert.equal(id.prefix, 'user')
  assert.deepEqual(id.timestamp, made.ts)
  const given = new TypeId('user', '01890a5d-ac96-774b-bcce-b302099a8057')
  await client.query('INSERT INTO users VALUES ($1, $2)', [given, 'bob'])
  const arrays = 'SELECT id, array_agg(id) OVER (ORDER BY id) || NULL::user_id AS ids FROM users ORDER BY id'
  // an array of the domain is a type of its own (user_id[]), unknown to
  // the parsers registered before the domain was made: one string
  const { rows: before } = await client.query(arrays)
  assert.equal(before[1].ids, `{${given},${made.id},NULL}`)
  const oids = await register(client)
  assert.deepEqual(oids.typeid.domains.map((d) => d.name), ['user_id'])
  const { rows } = await client.query(arrays)
  assert.deepEqual(rows.map((r) => r.id), [String(given), made.id])
  assert.deepEqual(rows.map((r) => r.ids), [[String(given), null], [String(given), made.id, null]])
  // and a domain over the domain
  await client.query('CREATE DOMAIN admin_id AS user_id')
  const again = await register(client)
  assert.deepEqual(again.typeid.domains.map((d) => d.name).sort(), ['admin_id', 'user_id'])
  const { rows: [admins] } = await client.query('SELECT ARRAY[id::admin_id, NULL] AS a FROM users WHERE id = $1', [given])
  assert.deepEqual(admins.a, [String(given), null])
  for (const other of ['post_01h455vb4pex5vsknk084sn02q', '01h455vb4pex5vsknk084sn02q']) {
    await assert.rejects(client.query('INSERT INTO users VALUES ($1)', [other]), (e) => {
      assert.equal(e.code, '23514')
      assert.match(e.message, other.startsWith('post')
        ? /TypeID "post_01h455vb4pex5vsknk084sn02q" has the prefix "post", not "user"/
        : /has the empty prefix, not "user"/)
      return true
    })
  }
  // binary COPY into the domain is checked as well
  await assert.rejects(pipeline(Readable.from([binaryCopyData([[codecs.typeid.toBinary('post_01h455vb4pex5vsknk084sn02q'), null]])]),
    client.query(copyStreams.from('COPY users FROM STDIN WITH (FORMAT binary)'))), { code: '23514' })
  const { rows: [n] } = await client.query('SELECT count(*)::int AS n FROM users')
  assert.equal(n.n, 2)
})
