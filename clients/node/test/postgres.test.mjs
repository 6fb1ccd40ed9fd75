// postgres.js (npm postgres) with the adapter's types(): every type as a
// value, a parameter (typed and untyped), an array element and NULL, and
// through COPY (.writable() and .readable()), against the server's own
// ::text; a bad value gives the server's 22P02; ids made by npm scru128 are
// accepted, as strings and as Scru128Id objects; Ulid and TypeId objects
// as typed parameters, ulid and typeid through binary COPY with the codecs,
// and a domain of one prefix.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import postgres from 'postgres'
import { scru128, scru128String } from 'scru128'
import { fetchOids, types } from '../postgres.js'
import { codecs, binaryCopyData, parseBinaryCopy, Ulid, TypeId } from '../codec.js'
import { TYPES, createDatabase } from './helpers.mjs'

const DATABASE = 'clients_node_postgresjs'
let sql
let oids

before(async () => {
  await createDatabase(DATABASE)
  const probe = postgres({ database: DATABASE, max: 1 })
  try {
    oids = await fetchOids(probe)
  } finally {
    await probe.end()
  }
  assert.deepEqual(Object.keys(oids).sort(), ['scru128', 'scru160', 'scru64', 'typeid', 'ulid'])
  sql = postgres({ database: DATABASE, types: types(oids), onnotice: () => {} })
})

after(async () => {
  await sql?.end()
})

// rows of { v: a value made by the server, t: its ::text }
async function serverValues (generate, n = 5) {
  const rows = await sql.unsafe(
    `SELECT v, v::text AS t FROM (SELECT ${generate} AS v FROM generate_series(1, $1)) s`, [n])
  assert.equal(rows.length, n)
  return rows
}

for (const { name, generate, bad, other } of TYPES) {
  test(`${name}: values equal the server's text`, async () => {
    for (const { v, t } of await serverValues(generate)) {
      assert.equal(typeof v, 'string')
      assert.equal(v, t)
    }
  })

  test(`${name}: typed and untyped parameters are stored and found`, async () => {
    await sql.unsafe(`CREATE TABLE param_${name} (id ${name} PRIMARY KEY)`)
    const texts = (await serverValues(generate, 4)).map((r) => r.t)
    const typed = sql.typed[name]
    await sql`INSERT INTO ${sql('param_' + name)} VALUES (${typed(texts[0])}), (${texts[1]})`
    await sql`INSERT INTO ${sql('param_' + name)} ${sql([{ id: typed(texts[2]) }, { id: texts[3] }])}`
    for (const t of texts) {
      const found = await sql`SELECT id, id::text AS t FROM ${sql('param_' + name)} WHERE id = ${t}`
      assert.deepEqual([...found], [{ id: t, t }])
      const typedFound = await sql`SELECT id FROM ${sql('param_' + name)} WHERE id = ${typed(other(t))}`
      assert.deepEqual([...typedFound], [{ id: t }])
    }
  })

  test(`${name}: arrays in results and as parameters`, async () => {
    const [r] = await sql.unsafe(`SELECT a, to_json(a) AS t, b, to_json(b) AS bt
      FROM (SELECT ARRAY[${generate}, NULL, ${generate}] AS a,
                   ARRAY[[${generate}, ${generate}], [NULL, ${generate}]] AS b) s`)
    assert.equal(r.a.length, 3)
    assert.deepEqual(r.a, r.t)
    assert.equal(r.a[1], null)
    assert.equal(r.b.length, 2)
    assert.deepEqual(r.b, r.bt)
    assert.equal(r.b[1][0], null)
    const texts = (await serverValues(generate, 3)).map((x) => x.t)
    const ids = sql.array([...texts, null], oids[name].oid)
    // (the server's text through JSON: postgres.js reads a NULL in a text[]
    // as the string 'NULL')
    const [p] = await sql`SELECT ${ids} AS a, to_json(${ids}) AS t, ${texts[2]} = ANY (${ids}) AS found`
    assert.deepEqual(p.a, [...texts, null])
    assert.deepEqual(p.t, [...texts, null])
    assert.equal(p.found, true)
    // a plain array of strings goes untyped, and the server reads it as the
    // array type the query needs
    const [q] = await sql`SELECT ${sql.typed[name](texts[2])} = ANY (${texts}) AS found`
    assert.equal(q.found, true)
  })

  test(`${name}: NULL as a value and as a parameter`, async () => {
    const [r] = await sql.unsafe(`SELECT NULL::${name} AS v, $1::${name} AS p, ARRAY[NULL]::${name}[] AS a`, [null])
    assert.deepEqual({ ...r }, { v: null, p: null, a: [null] })
    const [q] = await sql`SELECT ${sql.typed[name](null)}::text AS t`
    assert.equal(q.t, null)
  })

  test(`${name}: COPY both ways (.writable() and .readable())`, async () => {
    await sql.unsafe(`CREATE TABLE copy_${name} (n int, id ${name})`)
    const texts = (await serverValues(generate, 100)).map((x) => x.t)
    const lines = texts.map((t, i) => `${i}\t${i % 10 === 3 ? '\\N' : t}\n`)
    const writable = await sql.unsafe(`COPY copy_${name} FROM STDIN`).writable()
    await pipeline(Readable.from(lines), writable)
    const rows = await sql.unsafe(`SELECT id, id::text AS t FROM copy_${name} ORDER BY n`)
    assert.equal(rows.length, 100)
    rows.forEach((x, i) => {
      assert.equal(x.id, x.t)
      assert.equal(x.t, i % 10 === 3 ? null : texts[i])
    })
    const readable = await sql.unsafe(`COPY (SELECT n, id FROM copy_${name} ORDER BY n) TO STDOUT`).readable()
    const chunks = []
    for await (const chunk of readable) chunks.push(chunk)
    assert.equal(Buffer.concat(chunks).toString(), lines.join(''))
  })

  test(`${name}: a bad string fails with the server's 22P02`, async () => {
    await assert.rejects(sql`SELECT ${sql.typed[name](bad)}`, (e) => {
      assert.equal(e.code, '22P02')
      assert.match(e.message, new RegExp(`invalid input syntax for type ${name}`))
      return true
    })
    await assert.rejects(sql`SELECT ${bad}::${sql.unsafe(name)}`, { code: '22P02' })
    await assert.rejects(sql`SELECT ${sql.array([bad], oids[name].oid)}`, { code: '22P02' })
  })
}

test('scru128: ids made by npm scru128 are accepted, as strings and as Scru128Id', async () => {
  for (const id of [scru128String(), scru128(), scru128()]) {
    const text = String(id)
    const [r] = await sql`SELECT ${sql.typed.scru128(id)} AS v, ${text}::scru128::text AS t,
      ${sql.typed.scru128(id)}::uuid::text AS u`
    assert.equal(r.v, text)
    assert.equal(r.t, text)
    if (typeof id !== 'string') assert.equal('0x' + r.u.replaceAll('-', ''), id.toHex())
  }
})

test('without types(), postgres.js gives a NULL element of these arrays as the string NULL', async () => {
  const plain = postgres({ database: DATABASE, max: 1 })
  try {
    const [r] = await plain`SELECT '{036z951mhjikzik2gsl81gr7l,NULL}'::scru128[] AS a`
    assert.deepEqual(r.a, ['036z951mhjikzik2gsl81gr7l', 'NULL'])
  } finally {
    await plain.end()
  }
  const [r] = await sql`SELECT '{036z951mhjikzik2gsl81gr7l,NULL}'::scru128[] AS a`
  assert.deepEqual(r.a, ['036z951mhjikzik2gsl81gr7l', null])
})

test('typeid and ulid: TypeId and Ulid objects as typed parameters and array elements', async () => {
  const t = TypeId.parse('user_01h455vb4pex5vsknk084sn02q')
  const u = Ulid.parse('01ARYZ6S41TSV4RRFFQ69G5FAV')
  const [r] = await sql`SELECT ${sql.typed.typeid(t)} AS t, ${sql.typed.ulid(u)} AS u,
    ${sql.array([t, null], oids.typeid.oid)} AS a, typeid_prefix(${sql.typed.typeid(t)}) AS p`
  assert.deepEqual({ ...r }, { t: String(t), u: String(u), a: [String(t), null], p: 'user' })
  assert.ok(TypeId.parse(r.t).equals(t))
  assert.ok(Ulid.parse(r.u).equals(u))
})

for (const { name, generate } of TYPES.filter((x) => x.name === 'ulid' || x.name === 'typeid')) {
  test(`${name}: binary COPY both ways (.writable() and .readable()) through the codec`, async () => {
    await sql.unsafe(`CREATE TABLE bcopy_${name} (id ${name}, t text)`)
    const texts = (await serverValues(generate, 100)).map((x) => x.t)
    const data = binaryCopyData(texts.map((t, i) => i % 10 === 7
      ? [null, null]
      : [codecs[name].toBinary(i % 2 ? (name === 'ulid' ? Ulid : TypeId).parse(t) : t), Buffer.from(t)]))
    const writable = await sql.unsafe(`COPY bcopy_${name} FROM STDIN WITH (FORMAT binary)`).writable()
    await pipeline(Readable.from([data]), writable)
    const [check] = await sql.unsafe(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE id::text = t)::int AS same FROM bcopy_${name}`)
    assert.deepEqual({ ...check }, { n: 100, same: 90 })
    const readable = await sql.unsafe(`COPY (SELECT id, id::text FROM bcopy_${name}) TO STDOUT WITH (FORMAT binary)`).readable()
    const chunks = []
    for await (const chunk of readable) chunks.push(chunk)
    const out = parseBinaryCopy(Buffer.concat(chunks))
    assert.equal(out.length, 100)
    for (const [id, t] of out) {
      assert.equal(id === null ? null : codecs[name].fromBinary(id), t === null ? null : t.toString())
    }
  })
}

test('typeid: a domain of one prefix (typeid_check_prefix) and its error', async () => {
  await sql`CREATE DOMAIN user_id AS typeid CHECK (typeid_check_prefix(VALUE, 'user'))`
  await sql`CREATE TABLE users (id user_id PRIMARY KEY DEFAULT typeid_generate('user'), name text)`
  const [made] = await sql`INSERT INTO users (name) VALUES ('ada') RETURNING id`
  assert.equal(TypeId.parse(made.id).prefix, 'user')
  const given = new TypeId('user', '01890a5d-ac96-774b-bcce-b302099a8057')
  await sql`INSERT INTO users VALUES (${sql.typed.typeid(given)}, 'bob'), (${'user_01h455vb4pex5vsknk084sn02r'}, 'cy')`
  const rows = await sql`SELECT id FROM users ORDER BY id`
  assert.deepEqual(rows.map((r) => r.id), [String(given), 'user_01h455vb4pex5vsknk084sn02r', made.id])
  await assert.rejects(sql`INSERT INTO users VALUES (${sql.typed.typeid('post_01h455vb4pex5vsknk084sn02q')})`, (e) => {
    assert.equal(e.code, '23514')
    assert.match(e.message, /TypeID "post_01h455vb4pex5vsknk084sn02q" has the prefix "post", not "user"/)
    return true
  })
  await assert.rejects(sql`INSERT INTO users VALUES (${'01h455vb4pex5vsknk084sn02q'})`,
    (e) => e.code === '23514' && /has the empty prefix, not "user"/.test(e.message))
  const [n] = await sql`SELECT count(*)::int AS n FROM users`
  assert.equal(n.n, 3)
  // with the OIDs looked up after the domain was made: sql.typed.user_id,
  // and its arrays with NULL elements
  const withDomain = await fetchOids(sql)
  assert.deepEqual(withDomain.typeid.domains.map((d) => d.name), ['user_id'])
  const sql2 = postgres({ database: DATABASE, max: 1, types: types(withDomain) })
  try {
    await assert.rejects(sql2`SELECT ${sql2.typed.user_id('post_01h455vb4pex5vsknk084sn02q')}::text`, { code: '23514' })
    const [r] = await sql2`SELECT ${sql2.typed.user_id(given)} AS id, array_agg(id ORDER BY id) || NULL::user_id AS ids FROM users`
    assert.equal(r.id, String(given))
    assert.deepEqual(r.ids, [...rows.map((x) => x.id), null])
  } finally {
    await sql2.end()
  }
})
