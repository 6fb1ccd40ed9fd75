'use strict'
// The Prisma recipe of doc/clients-more.md against a live server: columns of
// the three types declared String, through @prisma/adapter-pg.  Makes its
// own database (PGHOST, PGPORT, PGUSER and PGDATABASE as for psql), and
// prints "prisma recipe: N passed, N failed".
const assert = require('node:assert/strict')
const pg = require('pg')
const { PrismaClient } = require('@prisma/client')
const { PrismaPg } = require('@prisma/adapter-pg')

const DATABASE = 'recipe_prisma'
const TYPES = [
  { name: 'scru128', field: 'id', generate: 'scru128()', other: (s) => s.toUpperCase(), bad: '036Z951MHJIKZIK2GSL81GR7' },
  { name: 'scru160', field: 'ref', generate: 'scru160()', other: (s) => s.toLowerCase(), bad: '0000000000000000000000000000000W' },
  { name: 'scru64', field: 'small', generate: '(random() * 4.7e18)::bigint::scru64', other: (s) => s.toUpperCase(), bad: 'zzzzzzzzzzzzz' }
]

async function setUp () {
  const admin = new pg.Client()
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS ${DATABASE}`)
  await admin.query(`CREATE DATABASE ${DATABASE}`)
  await admin.end()
  const c = new pg.Client({ database: DATABASE })
  await c.connect()
  await c.query('CREATE EXTENSION scru128')
  await c.query(`CREATE TABLE prisma_item (id scru128 PRIMARY KEY DEFAULT scru128(), ref scru160,
    small scru64, tags scru128[], name text NOT NULL, hidden scru128 DEFAULT scru128())`)
  // the recipe's one registration: node-postgres parses the arrays of the
  // types as it does text[] (for every client of this process)
  const { rows: [oids] } = await c.query(`SELECT to_regtype('scru128[]')::oid AS a,
    to_regtype('scru160[]')::oid AS b, to_regtype('scru64[]')::oid AS c`)
  for (const oid of Object.values(oids)) pg.types.setTypeParser(Number(oid), pg.types.getTypeParser(1009))
  await c.end()
}

async function main () {
  await setUp()
  const prisma = new PrismaClient({ adapter: new PrismaPg({ database: DATABASE }) })
  const texts = async (generate, n) => (await prisma.$queryRawUnsafe(
    `SELECT (${generate})::text AS t FROM generate_series(1, ${n})`)).map((r) => r.t)
  const checks = []
  const check = (name, fn) => checks.push([name, fn])

  for (const t of TYPES) {
    check(`${t.name}: written in either case, read as the server's text`, async () => {
      for (const v of await texts(t.generate, 3)) {
        const row = await prisma.item.create({ data: { [t.field]: t.other(v), name: 'a' } })
        assert.equal(row[t.field], v)
        const [server] = await prisma.$queryRawUnsafe(`SELECT ${t.field}::text AS t FROM prisma_item WHERE id = $1::scru128`, row.id)
        assert.equal(server.t, v)
      }
    })
    check(`${t.name}: where equals, in, gt and orderBy as on the server`, async () => {
      const vs = await texts(t.generate, 4)
      await prisma.item.createMany({ data: vs.map((v) => ({ [t.field]: v, name: 'b' })) })
      for (const v of vs) {
        const found = await prisma.item.findMany({ where: { [t.field]: t.other(v) } })
        assert.deepEqual(found.map((r) => r[t.field]), [v])
      }
      const some = await prisma.item.findMany({ where: { [t.field]: { in: vs.slice(0, 2) } } })
      assert.deepEqual(some.map((r) => r[t.field]).sort(), vs.slice(0, 2).sort())
      const low = [...vs].sort()[0]
      const ordered = await prisma.item.findMany({ where: { [t.field]: { gt: t.other(low) } }, orderBy: { [t.field]: 'asc' } })
      const server = await prisma.$queryRawUnsafe(`SELECT ${t.field}::text AS t FROM prisma_item WHERE ${t.field} > '${low}' ORDER BY ${t.field}`)
      assert.deepEqual(ordered.map((r) => r[t.field]), server.map((r) => r.t))
      assert.ok(ordered.length >= 3)
    })
    check(`${t.name}: a bad value is the server's 22P02 (Prisma's P2007)`, async () => {
      await assert.rejects(prisma.item.create({ data: { [t.field]: t.bad, name: 'c' } }), (e) => {
        assert.equal(e.code, 'P2007')
        assert.equal(e.meta.driverAdapterError.cause.originalCode, '22P02')
        return true
      })
    })
  }
  check('scru128[]: a String[] field written, read, and searched with has', async () => {
    const vs = await texts('scru128()', 2)
    const row = await prisma.item.create({ data: { tags: [vs[0].toUpperCase(), vs[1]], name: 'd' } })
    assert.deepEqual(row.tags, vs)
    const [server] = await prisma.$queryRawUnsafe('SELECT tags::text AS t FROM prisma_item WHERE id = $1::scru128', row.id)
    assert.equal(server.t, `{${vs.join(',')}}`)
    const found = await prisma.item.findMany({ where: { tags: { has: vs[1] } } })
    assert.deepEqual(found.map((r) => r.id), [row.id])
  })
  check('NULL: optional fields read null and filter on null', async () => {
    const row = await prisma.item.create({ data: { name: 'e' } })
    assert.equal(row.ref, null)
    assert.equal(row.small, null)
    const found = await prisma.item.findMany({ where: { ref: null, id: row.id } })
    assert.equal(found.length, 1)
  })
  check('Unsupported("scru128"): left out of the client, read with $queryRaw and ::text', async () => {
    const row = await prisma.item.create({ data: { name: 'f' } })
    assert.equal('hidden' in row, false)
    const [server] = await prisma.$queryRaw`SELECT hidden::text AS t FROM prisma_item WHERE id = ${row.id}::scru128`
    assert.match(server.t, /^[0-9a-z]{25}$/)
  })

  let passed = 0
  let failed = 0
  for (const [name, fn] of checks) {
    try {
      await fn()
      passed++
      console.error(`ok - ${name}`)
    } catch (e) {
      failed++
      console.error(`not ok - ${name}\n${e.stack}`)
    }
  }
  await prisma.$disconnect()
  console.log(`prisma recipe: ${passed} passed, ${failed} failed`)
  process.exitCode = failed ? 1 : 0
}

main().catch((e) => {
  console.error(e)
  console.log('prisma recipe: 0 passed, 1 failed')
  process.exitCode = 1
})
