// What both drivers' tests share: a database of their own, and the three
// types with an SQL expression making a new value of each on the server
// (scru64() needs a node ID set for the whole server, so scru64 values come
// from random integers) and a string the server refuses.
import pg from 'pg'

export const TYPES = [
  { name: 'scru128', generate: 'scru128()', bad: '036Z951MHJIKZIK2GSL81GR7' },
  { name: 'scru160', generate: 'scru160()', bad: '0000000000000000000000000000000W' },
  { name: 'scru64', generate: '(random() * 4.7e18)::bigint::scru64', bad: 'zzzzzzzzzzzzz' }
]

// The database NAME made afresh, with the extension; PGHOST, PGPORT, PGUSER and PGDATABASE (the one to
// connect to first) come from the environment, which pg and postgres.js
// both read.
export async function createDatabase (name) {
  const admin = new pg.Client()
  await admin.connect()
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`)
    await admin.query(`CREATE DATABASE ${name}`)
  } finally {
    await admin.end()
  }
  const c = new pg.Client({ database: name })
  await c.connect()
  try {
    await c.query('CREATE EXTENSION IF NOT EXISTS scru128')
  } finally {
    await c.end()
  }
}
