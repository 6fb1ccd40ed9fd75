'use strict'
// A table of scru128-pg's TypeId and Ulid objects whose key is a domain of
// one prefix.  Not in schema.js: drizzle-kit 0.31.11 pushes a domain column
// once, but a second push tries to alter it to the type "undefined"."user_id"
// and fails (3F000), so the tests make this table, and the domain, in SQL.
const { pgTable } = require('drizzle-orm/pg-core')
const { typeid, ulidValue, typeIdValue } = require('../index.js')

const DDL = [
  "CREATE DOMAIN user_id AS typeid CHECK (typeid_check_prefix(VALUE, 'user'))",
  'CREATE TABLE users (id user_id PRIMARY KEY, login ulid, logins ulid[], friends typeid[], handle user_id)'
]

const users = pgTable('users', {
  id: typeIdValue('id', { domain: 'user_id' }).primaryKey(),
  login: ulidValue('login'),
  logins: ulidValue('logins').array(),
  friends: typeIdValue('friends').array(),
  // the same domain, as strings
  handle: typeid('handle', { domain: 'user_id' })
})

module.exports = { users, DDL }
