// Drizzle ORM with the column types of ../index.js over both of its
// PostgreSQL drivers, node-postgres (pg) and postgres.js: every type as a
// value, a parameter, an array element and NULL, a multi-row insert (Drizzle
// has no COPY), against the server's own ::text; a bad value gives the
// server's 22P02; ids made by npm scru128 are accepted; scru128-pg's Ulid
// and TypeId objects, and a domain of one prefix over typeid.  drizzle-kit makes
// the tables (push), and its generate and pull are checked for what they do
// with the types.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { mkdtemp, writeFile, readFile, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import postgres from 'postgres'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePostgresJs } from 'drizzle-orm/postgres-js'
import { eq, gt, inArray, isNull, arrayContains, asc, sql } from 'drizzle-orm'
import { scru128 as newScru128 } from 'scru128'
import scru128pg from 'scru128-pg'
import schema from './schema.js'
import usersSchema from './users.js'

const { items, events } = schema
const { users } = usersSchema
const { Ulid, TypeId } = scru128pg
const DATABASE = 'clients_drizzle'
const HERE = dirname(fileURLToPath(import.meta.url))
const KIT = join(HERE, '..', 'node_modules', 'drizzle-kit', 'bin.cjs')

// column: the items column of the type; arrayColumn: its array column;
// generate: an SQL expression making a new value on the server (scru64()
// needs a node ID set for the whole server, so scru64 values come from
// random integers); bad: a string the server refuses; other: the text in
// the other case, which the server accepts as the same value
const TYPES = [
  { name: 'scru128', column: 'id', arrayColumn: 'tags', generate: 'scru128()', bad: '036Z951MHJIKZIK2GSL81GR7', other: (s) => s.toUpperCase() },
  { name: 'scru160', column: 'ref', arrayColumn: 'refs', generate: 'scru160()', bad: '0000000000000000000000000000000W', other: (s) => s.toLowerCase() },
  { name: 'scru64', column: 'small', arrayColumn: 'smalls', generate: '(random() * 4.7e18)::bigint::scru64', bad: 'zzzzzzzzzzzzz', other: (s) => s.toUpperCase() },
  { name: 'ulid', column: 'ulid', arrayColumn: 'ulids', generate: 'ulid()', bad: '01ARYZ6S41TSV4RRFFQ69G5FAU', other: (s) => s.toLowerCase() },
  // one text per value: the same
  { name: 'typeid', column: 'tid', arrayColumn: 'tids', generate: "typeid_generate((ARRAY['user', '', 'pre_fix', repeat('z', 63)])[1 + floor(random() * 4)::int])", bad: 'user_01H455VB4PEX5VSKNK084SN02Q', other: (s) => s }
]

let tmp
const kitEnv = () => ({ ...process.env, DRIZZLE_DATABASE: DATABASE })

// runs drizzle-kit COMMAND with a config file written for it; returns its output
async function kit (command, config) {
  const file = join(tmp, `drizzle.${command}.config.js`)
  await writeFile(file, `module.exports = ${JSON.stringify(config, null, 2)}\n`)
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath, [KIT, command, '--config', file, ...(command === 'push' ? ['--force'] : [])],
    { cwd: tmp, env: kitEnv(), timeout: 120000 })
  return stdout + stderr
}

// drizzle-kit passes these to the driver as they are; a socket directory
// in PGHOST works with pg
function credentials () {
  return {
    host: process.env.PGHOST || 'localhost',
    port: Number(process.env.PGPORT || 5432),
    user: process.env.PGUSER,
    database: DATABASE,
    ssl: false
  }
}

const drivers = {}

before(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'scru128-drizzle-'))
  const admin = new pg.Client()
  await admin.connect()
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE}`)
    await admin.query(`CREATE DATABASE ${DATABASE}`)
  } finally {
    await admin.end()
  }
  const setup = new pg.Client({ database: DATABASE })
  await setup.connect()
  try {
    await setup.query('CREATE EXTENSION scru128')
    for (const ddl of usersSchema.DDL) await setup.query(ddl)
  } finally {
    await setup.end()
  }
  // (the users table of users.js is made in SQL above, and left out of
  // drizzle-kit's view: it would otherwise drop it)
  const out = await kit('push', { dialect: 'postgresql', schema: join(HERE, 'schema.js'), dbCredentials: credentials(), tablesFilter: ['items', 'events'] })
  assert.match(out, /Changes applied/, out)
  const pool = new pg.Pool({ database: DATABASE, max: 2 })
  drivers['node-postgres'] = { db: drizzlePg(pool), end: () => pool.end() }
  const client = postgres({ database: DATABASE, max: 2, onnotice: () => {} })
  drivers['postgres.js'] = { db: drizzlePostgresJs(client), end: () => client.end() }
})

after(async () => {
  for (const { end } of Object.values(drivers)) await end()
  if (tmp) await rm(tmp, { recursive: true, force: true })
})

// the rows of a raw query, whichever driver ran it
async function rows (db, query) {
  const result = await db.execute(query)
  return Array.isArray(result) ? [...result] : result.rows
}

// N new values of a type, as the server's text
async function serverTexts (db, generate, n = 3) {
  const r = await rows(db, sql.raw(`SELECT (${generate})::text AS t FROM generate_series(1, ${n})`))
  assert.equal(r.length, n)
  return r.map((x) => x.t)
}

function sqlstate (error) {
  for (let e = error; e; e = e.cause) {
    if (e.code) return e.code
  }
  return undefined
}

for (const driver of ['node-postgres', 'postgres.js']) {
  const db = () => drivers[driver].db

  for (const t of TYPES) {
    const column = items[t.column]

    test(`${driver}: ${t.name} values written and read equal the server's text`, async () => {
      const texts = await serverTexts(db(), t.generate)
      for (const text of texts) {
        const [row] = await db().insert(items).values({ [t.column]: t.other(text), n: 1 }).returning()
        assert.equal(row[t.column], text)
        const [server] = await rows(db(), sql`SELECT ${sql.identifier(t.column)}::text AS t FROM items WHERE id = ${row.id}`)
        assert.equal(server.t, text)
      }
    })

    test(`${driver}: ${t.name} parameters find rows, compare and order as on the server`, async () => {
      const texts = await serverTexts(db(), t.generate, 4)
      await db().insert(items).values(texts.map((v) => ({ [t.column]: v, n: 2 })))
      for (const text of texts) {
        const found = await db().select().from(items).where(eq(column, t.other(text)))
        assert.deepEqual(found.map((r) => r[t.column]), [text])
      }
      const some = await db().select({ v: column }).from(items).where(inArray(column, texts.slice(0, 2)))
      assert.deepEqual(some.map((r) => r.v).sort(), texts.slice(0, 2).sort())
      const low = [...texts].sort()[0]
      const ordered = await db().select({ v: column }).from(items).where(gt(column, t.other(low))).orderBy(asc(column))
      const server = await rows(db(), sql.raw(`SELECT ${t.column}::text AS t FROM items WHERE ${t.column} > '${low}' ORDER BY ${t.column}`))
      assert.deepEqual(ordered.map((r) => r.v), server.map((r) => r.t))
      assert.ok(ordered.length >= 3)
    })

    test(`${driver}: ${t.name} arrays with NULL elements`, async () => {
      const [a, b] = await serverTexts(db(), t.generate, 2)
      const value = [t.other(a), null, b]
      const [row] = await db().insert(items).values({ [t.arrayColumn]: value, n: 3 }).returning()
      assert.deepEqual(row[t.arrayColumn], [a, null, b])
      const [server] = await rows(db(), sql`SELECT ${sql.identifier(t.arrayColumn)}::text AS t FROM items WHERE id = ${row.id}`)
      assert.equal(server.t, `{${a},NULL,${b}}`)
      const found = await db().select({ id: items.id }).from(items).where(arrayContains(items[t.arrayColumn], [t.other(b)]))
      assert.deepEqual(found.map((r) => r.id), [row.id])
      const [empty] = await db().insert(items).values({ [t.arrayColumn]: [], n: 3 }).returning()
      assert.deepEqual(empty[t.arrayColumn], [])
    })

    test(`${driver}: ${t.name} a bad value is the server's 22P02`, async () => {
      await assert.rejects(db().insert(items).values({ [t.column]: t.bad }),
        (e) => { assert.equal(sqlstate(e), '22P02'); assert.match(String(e.cause?.message ?? e.message), new RegExp(`invalid input syntax for type ${t.name}`)); return true })
      await assert.rejects(db().select().from(items).where(eq(column, t.bad)),
        (e) => sqlstate(e) === '22P02')
    })
  }

  test(`${driver}: NULL columns and NULL parameters`, async () => {
    const [row] = await db().insert(items).values({ n: 4, ref: null, tags: null }).returning()
    assert.equal(row.ref, null)
    assert.equal(row.small, null)
    assert.equal(row.tags, null)
    const found = await db().select({ id: items.id }).from(items).where(isNull(items.smalls))
    assert.ok(found.some((r) => r.id === row.id))
  })

  test(`${driver}: a multi-row insert of 1000 rows equals the server's text`, async () => {
    await db().execute(sql`DELETE FROM items WHERE n = 5`)
    const ids = await serverTexts(db(), 'scru128()', 1000)
    const refs = await serverTexts(db(), 'scru160()', 1000)
    const smalls = await serverTexts(db(), TYPES[2].generate, 1000)
    const values = ids.map((id, i) => ({ id, ref: refs[i], small: smalls[i], tags: [id, ids[(i + 1) % 1000]], n: 5 }))
    const inserted = await db().insert(items).values(values).returning()
    assert.equal(inserted.length, 1000)
    const read = await db().select().from(items).where(eq(items.n, 5)).orderBy(asc(items.id))
    const server = await rows(db(), sql`SELECT id::text AS id, ref::text AS ref, small::text AS small, tags::text AS tags FROM items WHERE n = 5 ORDER BY id`)
    assert.deepEqual(read.map((r) => [r.id, r.ref, r.small, `{${r.tags.join(',')}}`]),
      server.map((r) => [r.id, r.ref, r.small, r.tags]))
    // the text of these types sorts as the values do
    assert.deepEqual(read.map((r) => r.id), [...ids].sort())
  })

  test(`${driver}: Scru128Id values of npm scru128 as ids, parameters and array elements`, async () => {
    const made = Array.from({ length: 5 }, () => newScru128())
    const [first, ...rest] = made
    await db().insert(events).values([{ id: first, parents: null }, ...rest.map((id) => ({ id, parents: [first, null, id] }))])
    const read = await db().select().from(events).where(inArray(events.id, made)).orderBy(asc(events.id))
    assert.deepEqual(read.map((r) => r.id.toString()), made.map(String).sort())
    for (const r of read) assert.equal(r.id.constructor.name, 'Scru128Id')
    // a raw query's parameter has no column to map it: node-postgres would
    // send an object as JSON, so the text goes
    const server = await rows(db(), sql`SELECT id::text AS id, parents::text AS parents FROM events WHERE id = ${rest[0].toString()}`)
    assert.deepEqual(server, [{ id: rest[0].toString(), parents: `{${first},NULL,${rest[0]}}` }])
    const [one] = await db().select().from(events).where(eq(events.id, rest[1]))
    assert.ok(one.id.equals(rest[1]))
    assert.equal(one.parents[1], null)
    assert.ok(one.parents[0].equals(first))
    await db().delete(events)
  })

  test(`${driver}: Ulid and TypeId objects as ids, parameters and array elements; a domain of one prefix`, async () => {
    const [a, b] = (await serverTexts(db(), "typeid_generate('user')", 2)).map((t) => TypeId.parse(t))
    const logins = (await serverTexts(db(), 'ulid()', 2)).map((t) => Ulid.parse(t))
    const friend = new TypeId('', '01890a5d-ac96-774b-bcce-b302099a8057')
    const inserted = await db().insert(users).values([
      { id: a, login: logins[0], logins: [logins[0], null, logins[1]], friends: [b, null, friend], handle: String(b) },
      { id: b, login: null, logins: null, friends: [] }
    ]).returning()
    assert.equal(inserted.length, 2)
    const read = await db().select().from(users).orderBy(asc(users.id))
    assert.ok(read[0].id instanceof TypeId)
    assert.ok(read[0].id.equals(a))
    assert.ok(read[1].id.equals(b))
    assert.ok(read[0].login instanceof Ulid)
    assert.ok(read[0].login.equals(logins[0]))
    assert.equal(read[1].login, null)
    assert.deepEqual(read[0].logins.map((x) => x && String(x)), [String(logins[0]), null, String(logins[1])])
    assert.deepEqual(read[0].friends.map((x) => x && String(x)), [String(b), null, '01h455vb4pex5vsknk084sn02q'])
    assert.deepEqual(read[1].friends, [])
    assert.equal(read[0].handle, String(b))
    assert.equal(read[1].handle, null)
    const server = await rows(db(), sql`SELECT id::text AS id, login::text AS login, friends::text AS friends FROM users ORDER BY id`)
    assert.deepEqual(server, [
      { id: String(a), login: String(logins[0]), friends: `{${b},NULL,${friend}}` },
      { id: String(b), login: null, friends: '{}' }
    ])
    const [one] = await db().select({ id: users.id }).from(users).where(eq(users.login, logins[0]))
    assert.ok(one.id.equals(a))
    const [prefix] = await rows(db(), sql`SELECT typeid_prefix(id) AS p, typeid_timestamp(id) AS ts FROM users WHERE id = ${String(b)}`)
    assert.equal(prefix.p, 'user')
    assert.equal(new Date(prefix.ts).getTime(), b.timestamp.getTime())
    // the domain's CHECK: another prefix is the server's 23514, naming both
    await assert.rejects(db().insert(users).values({ id: TypeId.parse('post_01h455vb4pex5vsknk084sn02q') }), (e) => {
      assert.equal(sqlstate(e), '23514')
      assert.match(String(e.cause?.message ?? e.message), /has the prefix "post", not "user"/)
      return true
    })
    await assert.rejects(db().update(users).set({ handle: '01h455vb4pex5vsknk084sn02q' }).where(eq(users.id, a)), (e) => {
      assert.equal(sqlstate(e), '23514')
      assert.match(String(e.cause?.message ?? e.message), /has the empty prefix, not "user"/)
      return true
    })
    await db().delete(users)
  })
}

test('drizzle-kit generate: DDL with the types, their arrays and defaults', async () => {
  const out = join(tmp, 'generated')
  await kit('generate', { dialect: 'postgresql', schema: join(HERE, 'schema.js'), out })
  const files = (await readdir(out)).filter((f) => f.endsWith('.sql'))
  assert.equal(files.length, 1)
  const ddl = await readFile(join(out, files[0]), 'utf8')
  assert.match(ddl, /"id" "scru128" PRIMARY KEY DEFAULT scru128\(\) NOT NULL/)
  assert.match(ddl, /"ref" "scru160",/)
  assert.match(ddl, /"small" "scru64",/)
  assert.match(ddl, /"tags" "scru128"\[\]/)
  assert.match(ddl, /"smalls" "scru64"\[\]/)
  assert.match(ddl, /"ulid" "ulid",/)
  assert.match(ddl, /"tids" "typeid"\[\]/)
  assert.match(ddl, /"tid" "typeid",/)
})

test('drizzle-kit generate: a domain column has the domain\'s name', async () => {
  const out = join(tmp, 'generated-users')
  await kit('generate', { dialect: 'postgresql', schema: join(HERE, 'users.js'), out })
  const files = (await readdir(out)).filter((f) => f.endsWith('.sql'))
  assert.equal(files.length, 1)
  const ddl = await readFile(join(out, files[0]), 'utf8')
  assert.match(ddl, /"id" "user_id" PRIMARY KEY NOT NULL/)
  assert.match(ddl, /"handle" "user_id"\n/)
  assert.match(ddl, /"friends" "typeid"\[\]/)
  assert.match(ddl, /"logins" "ulid"\[\]/)
})

test('drizzle-kit push: a second push finds no changes', async () => {
  const out = await kit('push', { dialect: 'postgresql', schema: join(HERE, 'schema.js'), dbCredentials: credentials(), tablesFilter: ['items', 'events'] })
  assert.match(out, /No changes detected/, out)
})

// drizzle-kit pull does not know the types: it writes unknown("...") columns
// with a TODO, and leaves their defaults out; the application replaces them
// with the column types of index.js (doc/clients-more.md).  This test fails
// when a drizzle-kit release learns better, so that the docs can follow.
test('drizzle-kit pull: the types come out as TODO unknown(...) columns', async () => {
  const out = join(tmp, 'pulled')
  await kit('pull', { dialect: 'postgresql', out, dbCredentials: credentials(), tablesFilter: ['items'] })
  const ts = await readFile(join(out, 'schema.ts'), 'utf8')
  assert.match(ts, /\/\/ TODO: failed to parse database type 'scru128'\n\s*id: unknown\("id"\)\.primaryKey\(\)\.notNull\(\),/)
  assert.match(ts, /\/\/ TODO: failed to parse database type 'scru160'\n\s*ref: unknown\("ref"\),/)
  assert.match(ts, /\/\/ TODO: failed to parse database type 'scru64\[\]'\n\s*smalls: unknown\("smalls"\)\.array\(\),/)
  assert.match(ts, /\/\/ TODO: failed to parse database type 'typeid'\n\s*tid: unknown\("tid"\),/)
  assert.match(ts, /op\("scru160_ops"\)/)
})
