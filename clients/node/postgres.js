'use strict'
// postgres.js (npm postgres): custom types for scru128, scru160, scru64,
// ulid and typeid, and the domains over them, for its `types` option.  The
// OIDs differ from database to database, so they are looked up first,
// through any connection to that database:
//
//   const oids = await fetchOids(probeSql)
//   const sql = postgres(url, { types: types(oids) })
//   sql`insert into t values (${sql.typed.scru128(id)})`
//   sql`select * from t where id = any(${sql.array(ids, oids.scru128.oid)})`
//
// postgres.js's fetch_types (on by default) then parses arrays of them too,
// calling the element parser on every element, the bare word NULL
// included: without this parser a NULL element comes back as the string
// 'NULL' (no value of these types is four characters long).  Values are
// strings, the server's own text; anything whose toString() gives the text
// form (npm scru128's Scru128Id, Ulid and TypeId of ids.js) serializes.
// A domain over one of the types (CREATE DOMAIN user_id AS typeid ...) is
// a type of its own under its name as format_type writes it
// (sql.typed.user_id(x), whose parameter the server checks against the
// domain), and fetch_types then parses its arrays too; a domain made later
// needs fetchOids() again.
const { OID_QUERY, oidsFromRows } = require('./codec')

async function fetchOids (sql) {
  return oidsFromRows(await sql.unsafe(OID_QUERY))
}

const parseElement = (x) => (x === 'NULL' ? null : x)

function types (oids) {
  const out = {}
  for (const [name, { oid, domains = [] }] of Object.entries(oids)) {
    out[name] = { to: oid, from: [oid], serialize: (x) => String(x), parse: parseElement }
    for (const d of domains) {
      // a domain whose name (or a built-in property's) is a key already
      // is left out: it would take the place of one of the types
      if (!(d.name in oids)) out[d.name] = { to: d.oid, from: [d.oid], serialize: (x) => String(x), parse: parseElement }
    }
  }
  return out
}

exports.fetchOids = fetchOids
exports.types = types
