// What both drivers' tests share: a database of their own; the types with
// an SQL expression making a new value of each on the server (scru64()
// needs a node ID set for the whole server, so scru64 values come from
// random integers; typeid values have prefixes of 0 to 63 characters), a
// string the server refuses, and `other`: another text the server reads as
// the same value (typeid has one text per value); and the TypeID spec's
// test vectors.
import { readFileSync } from 'node:fs'
import pg from 'pg'

const upper = (s) => s.toUpperCase()

export const TYPES = [
  { name: 'scru128', generate: 'scru128()', bad: '036Z951MHJIKZIK2GSL81GR7', other: upper },
  { name: 'scru160', generate: 'scru160()', bad: '0000000000000000000000000000000W', other: upper },
  { name: 'scru64', generate: '(random() * 4.7e18)::bigint::scru64', bad: 'zzzzzzzzzzzzz', other: upper },
  // lower case, and Crockford's O for 0 (the first digit of every ULID
  // before the year 10889 is 0 to 7)
  { name: 'ulid', generate: 'ulid()', bad: '01ARYZ6S41TSV4RRFFQ69G5FAU', other: (s) => 'o' + s.slice(1).toLowerCase() },
  {
    name: 'typeid',
    generate: "typeid_generate((ARRAY['user', '', 'pre_fix', repeat('z', 63)])[1 + floor(random() * 4)::int])",
    bad: 'user_01H455VB4PEX5VSKNK084SN02Q',
    other: (s) => s
  }
]

// The cases of test/vectors/typeid/NAME.yml (the spec's valid.yml and
// invalid.yml: "- name:" starts a case, key: "value" lines follow, #
// lines are comments), as objects; read from the repository, beside clients/.
export function typeidVectors (name) {
  const file = new URL(`../../../test/vectors/typeid/${name}.yml`, import.meta.url)
  const cases = []
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^(- )?\s*([a-z]+): "(.*)"\s*$/.exec(line) || /^(- )?\s*(name): (\S+)\s*$/.exec(line)
    if (!m || line.trimStart().startsWith('#')) continue
    if (m[1]) cases.push({})
    cases[cases.length - 1][m[2]] = JSON.parse(`"${m[3]}"`)
  }
  return cases
}

// name -> error of test/vectors/typeid/invalid_errors.tsv
export function typeidInvalidErrors () {
  const file = new URL('../../../test/vectors/typeid/invalid_errors.tsv', import.meta.url)
  const out = new Map()
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line || line.startsWith('#') || line.startsWith('name\t')) continue
    const [name, error] = line.split('\t')
    out.set(name, error)
  }
  return out
}

// The database NAME made afresh, with the extension (by the statement
// create); PGHOST, PGPORT, PGUSER and PGDATABASE (the one to
// connect to first) come from the environment, which pg and postgres.js
// both read.
export async function createDatabase (name, create = 'CREATE EXTENSION IF NOT EXISTS scru128') {
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
    await c.query(create)
  } finally {
    await c.end()
  }
}
