'use strict'
// Drizzle ORM column types for the scru128 extension's scru128, scru160,
// scru64, ulid (release 1.4) and typeid (release 1.5) types
// (doc/clients-more.md).
//
// The values travel as the types' text: parameters go out untyped, so the
// server's input function checks them against the column's type (a bad one
// is the server's 22P02), and both node-postgres and postgres.js hand back
// the output text of a type whose OID they do not know.  So nothing has to
// be registered on the connection, and no OID is looked up.
const { customType } = require('drizzle-orm/pg-core')

// Drizzle reads an array column's text itself and gives each element to
// fromDriver, a NULL element as the string 'NULL' (drizzle-orm 0.45).  No
// value of these types has that text (they are 12 to 90 characters long),
// so it can only be a NULL.
function element (value) {
  return value === 'NULL' ? null : value
}

function textColumn (type) {
  return customType({
    dataType: () => type,
    fromDriver: element
  })
}

/** A scru128 column holding strings (25 lower-case Base36 digits when read). */
const scru128 = textColumn('scru128')
/** A scru160 column holding strings (32 upper-case base32hex digits when read). */
const scru160 = textColumn('scru160')
/** A scru64 column holding strings (12 lower-case Base36 digits when read). */
const scru64 = textColumn('scru64')
/** A ulid column holding strings (26 upper-case Crockford Base32 digits when read). */
const ulid = textColumn('ulid')

/**
 * A typeid column holding strings (the TypeID spec's text when read):
 * typeid('id'), or typeid('id', { domain: 'user_id' }) for a column of a
 * domain over typeid (CREATE DOMAIN user_id AS typeid CHECK
 * (typeid_check_prefix(VALUE, 'user')), which the application creates in a
 * migration of its own: drizzle-kit does not make domains).
 */
const typeid = customType({
  dataType: (config) => (config && config.domain) || 'typeid',
  fromDriver: element
})

/**
 * A scru128 column holding Scru128Id objects of the npm package scru128
 * (which the application installs).
 */
const scru128Id = customType({
  dataType: () => 'scru128',
  toDriver: (id) => id.toString(),
  fromDriver: (text) => {
    const value = element(text)
    return value === null ? null : require('scru128').Scru128Id.fromString(value)
  }
})

// The value classes of clients/node (npm scru128-pg), which the application
// installs for the two column types below.
const ids = () => require('scru128-pg')

/** A ulid column holding Ulid objects of scru128-pg. */
const ulidValue = customType({
  dataType: () => 'ulid',
  toDriver: (id) => id.toString(),
  fromDriver: (text) => {
    const value = element(text)
    return value === null ? null : ids().Ulid.parse(value)
  }
})

/** A typeid column holding TypeId objects of scru128-pg; { domain } as for typeid. */
const typeIdValue = customType({
  dataType: (config) => (config && config.domain) || 'typeid',
  toDriver: (id) => id.toString(),
  fromDriver: (text) => {
    const value = element(text)
    return value === null ? null : ids().TypeId.parse(value)
  }
})

module.exports = { scru128, scru160, scru64, scru128Id, ulid, typeid, ulidValue, typeIdValue }
