'use strict'
// The table the tests use, also the schema drizzle-kit generates and pushes.
const { pgTable, integer, index } = require('drizzle-orm/pg-core')
const { sql } = require('drizzle-orm')
const { scru128, scru160, scru64, scru128Id, ulid, typeid } = require('../index.js')

const items = pgTable('items', {
  id: scru128('id').primaryKey().default(sql`scru128()`),
  ref: scru160('ref'),
  small: scru64('small'),
  tags: scru128('tags').array(),
  refs: scru160('refs').array(),
  smalls: scru64('smalls').array(),
  ulid: ulid('ulid'),
  ulids: ulid('ulids').array(),
  tid: typeid('tid'),
  tids: typeid('tids').array(),
  n: integer('n')
}, (t) => [index('items_ref').on(t.ref)])

// ids as npm scru128's Scru128Id objects
const events = pgTable('events', {
  id: scru128Id('id').primaryKey(),
  parents: scru128Id('parents').array()
})

module.exports = { items, events }
