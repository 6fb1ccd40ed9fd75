'use strict'
// node-postgres (npm pg): parsers for scru128, scru160, scru64, ulid, typeid
// and their arrays (and the arrays of domains over them: an array of a
// domain has an OID of its own), with the OIDs of the database the client
// is connected to; a domain made later needs register() or fetchOids() again.
// Values are strings, the server's own text (as pg gives uuid); without
// the adapter an array comes back as one string, '{...}'.  Parameters need
// no serializer: a string or an array of strings is sent untyped and the
// server reads it as the type the query needs.  Only the text format: pg
// decodes binary results as UTF-8 strings, which loses bytes.
const { parseTextArray, OID_QUERY, oidsFromRows } = require('./codec')

// { scru128: { oid, arrayOid }, ... } for the database of a pg Client,
// PoolClient or Pool
async function fetchOids (queryable) {
  const { rows } = await queryable.query(OID_QUERY)
  return oidsFromRows(rows)
}

// [oid, parser] for each type and array type in oids
function parsers (oids) {
  const out = []
  for (const { oid, arrayOid, domains = [] } of Object.values(oids)) {
    out.push([oid, (text) => text])
    out.push([arrayOid, (text) => parseTextArray(text)])
    for (const d of domains) out.push([d.arrayOid, (text) => parseTextArray(text)])
  }
  return out
}

// Sets the parsers on one connected client (a Client, or a PoolClient from
// pool.connect()); returns the OIDs it found.
async function register (client) {
  const oids = await fetchOids(client)
  for (const [oid, parse] of parsers(oids)) client.setTypeParser(oid, 'text', parse)
  return oids
}

// A `types` object for new pg.Client({ types }) or new pg.Pool({ types }):
// the parsers for oids (from fetchOids), and pg's own for everything else.
function types (oids, base = require('pg').types) {
  const own = new Map(parsers(oids))
  return {
    getTypeParser: (oid, format = 'text') =>
      (format === 'text' && own.get(oid)) || base.getTypeParser(oid, format)
  }
}

exports.fetchOids = fetchOids
exports.register = register
exports.types = types
