'use strict'
// scru128-pg: the scru128 PostgreSQL extension's types for node-postgres
// (require('scru128-pg/pg')) and postgres.js (require('scru128-pg/postgres')),
// and the codecs they share, with the value classes Ulid and TypeId (ids.js).
// Neither driver is loaded until its module is.
const codec = require('./codec')

exports.Ulid = codec.Ulid
exports.TypeId = codec.TypeId
exports.codecs = codec.codecs
exports.parseTextArray = codec.parseTextArray
exports.binaryCopyData = codec.binaryCopyData
exports.parseBinaryCopy = codec.parseBinaryCopy
