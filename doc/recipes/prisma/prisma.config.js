// prisma generate reads the schema from here; the client connects through
// the pg driver adapter (check.js), so no URL is needed.
module.exports = { schema: 'schema.prisma' }
