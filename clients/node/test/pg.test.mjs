// node-postgres (npm pg) with the adapter's register(): every type as a
// value, a parameter, an array element and NULL, through COPY
// (pg-copy-streams, text and binary), against the server's own ::text; a
// bad value gives the server's 22P02; ids made by npm scru128 are accepted.
// (node-postgres reads binary results as UTF-8 strings, which loses bytes,
// so queries here use the text format, pg's default; binary COPY is raw.)
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import pg from 'pg'
import copyStreams from 'pg-copy-streams'
import { scru128, scru128String, Scru128Id } from 'scru128'
import { register, fetchOids, types } from '../pg.js'
import { codecs, binaryCopyData, parseBinaryCopy } from '../codec.js'
import { TYPES, createDatabase } from './helpers.mjs'

const DATABASE = 'clients_node_pg'
let client

before(async () => {
  await createDatabase(DATABASE)
  client = new pg.Client({ database: DATABASE })
  await client.connect()
  const oids = await register(client)
  assert.deepEqual(Object.keys(oids).sort(), ['scru128', 'scru160', 'scru64'])
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

for (const { name, generate, bad } of TYPES) {
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
    // upper or lower case in, the server's own text out
    const { rows } = await client.query(`SELECT $1::${name} AS v`, [texts[0].toUpperCase()])
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
      : [codecs[name].toBinary(i % 2 ? t.toUpperCase() : t), Buffer.from(t)]))
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
