// Real-client checks of the extension's RFC 9562 UUID functions against the
// npm `uuid` package:
//   - every v6 and v7 the server generates passes uuid's validate() and has
//     the right version();
//   - uuid's v1ToV6 / v6ToV1 equal uuid_v1_to_v6 / uuid_v6_to_v1 on the
//     same inputs (v1 made by the package, v6 made by the server);
//   - the timestamps the package encodes into v1, v6 and v7 (from given
//     msecs and nsecs) are what scru128_uuid_timestamp() reads back.
// The extension's functions are called schema-qualified: on PostgreSQL 18
// an unqualified uuidv7() is core's.
//
// Connection settings come from PGHOST, PGPORT, PGUSER, PGDATABASE.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { v1, v1ToV6, v6, v6ToV1, v7, validate, version } from 'uuid';

const N = Number(process.env.UUID_TEST_SIZE || 100_000);

let client;
let s; // the extension's schema, quoted

before(async () => {
  client = new pg.Client();
  await client.connect();
  await client.query('SET client_min_messages = warning');
  await client.query('CREATE EXTENSION IF NOT EXISTS scru128');
  await client.query('RESET client_min_messages');
  const r = await client.query(
    "SELECT quote_ident(extnamespace::regnamespace::text) AS s FROM pg_extension WHERE extname = 'scru128'");
  s = r.rows[0].s;
});

after(async () => {
  await client?.end();
});

// the server's scru128_uuid_timestamp() in Unix microseconds, for many UUIDs at once
async function serverMicros(uuids) {
  const r = await client.query(
    `SELECT u::text AS u, (extract(epoch FROM ${s}.scru128_uuid_timestamp(u)) * 1000000)::bigint::text AS us
     FROM unnest($1::uuid[]) AS u`, [uuids]);
  return new Map(r.rows.map((row) => [row.u, row.us === null ? null : BigInt(row.us)]));
}

for (const [fn, ver] of [['uuidv7', 7], ['uuidv6', 6]]) {
  test(`${N} server ${fn}() values pass uuid.validate() and uuid.version() = ${ver}`, async () => {
    const r = await client.query(
      `SELECT ${s}.${fn}()::text AS u FROM generate_series(1, $1::int)`, [N]);
    assert.equal(r.rows.length, N);
    let bad = 0;
    let prev = '';
    let unordered = 0;
    for (const { u } of r.rows) {
      if (!validate(u) || version(u) !== ver) bad++;
      if (u <= prev) unordered++;
      prev = u;
    }
    assert.equal(bad, 0, `${bad} values rejected`);
    assert.equal(unordered, 0, 'values in generation order increase (text order is byte order)');
  });
}

test('server uuidv7(interval), uuidv7_at(), uuidv7_min/max() and uuidv4() pass validate()/version()', async () => {
  const r = await client.query(`
    SELECT ${s}.uuidv7('-1 day')::text AS shifted, ${s}.uuidv7_at('2000-01-01 00:00:00+00')::text AS at,
           ${s}.uuidv7_min('1970-01-01 00:00:00+00')::text AS min0,
           ${s}.uuidv7_max('10889-08-02 05:31:50.655+00')::text AS maxlast,
           ${s}.uuidv4()::text AS v4
    FROM generate_series(1, 1000)`);
  for (const row of r.rows) {
    for (const k of ['shifted', 'at', 'min0', 'maxlast']) {
      assert.ok(validate(row[k]), `${k} ${row[k]} valid`);
      assert.equal(version(row[k]), 7, `${k} ${row[k]} is v7`);
    }
    assert.ok(validate(row.v4));
    assert.equal(version(row.v4), 4);
  }
});

test('uuid.v1ToV6 equals uuid_v1_to_v6, and back, on v1 made by the package', async () => {
  const inputs = [];
  for (let i = 0; i < 5000; i++) {
    inputs.push(v1({
      msecs: Math.floor(Math.random() * 2 ** 40) - 2 ** 38, // before and after 1970
      nsecs: Math.floor(Math.random() * 10000),
      clockseq: Math.floor(Math.random() * 0x4000),
      node: Uint8Array.from(randomBytes(6)),
    }));
  }
  inputs.push('c232ab00-9414-11ec-b3c8-9f6bdeced846'); // RFC 9562 A.1
  const r = await client.query(
    `SELECT u::text AS v1, ${s}.uuid_v1_to_v6(u)::text AS v6,
            ${s}.uuid_v6_to_v1(${s}.uuid_v1_to_v6(u))::text AS back
     FROM unnest($1::uuid[]) WITH ORDINALITY AS t(u, n) ORDER BY n`, [inputs]);
  assert.equal(r.rows.length, inputs.length);
  for (const row of r.rows) {
    assert.equal(row.v6, v1ToV6(row.v1), `v1ToV6(${row.v1})`);
    assert.equal(row.back, v6ToV1(row.v6), `v6ToV1(${row.v6})`);
    assert.equal(row.back, row.v1);
  }
  assert.equal(r.rows.at(-1).v6, '1ec9414c-232a-6b00-b3c8-9f6bdeced846', 'A.1 becomes A.5');
});

test('uuid.v6ToV1 equals uuid_v6_to_v1 on server uuidv6() values', async () => {
  const r = await client.query(
    `SELECT u::text AS v6, ${s}.uuid_v6_to_v1(u)::text AS v1
     FROM (SELECT ${s}.uuidv6() AS u FROM generate_series(1, 10000)) t`);
  for (const row of r.rows) {
    assert.equal(row.v1, v6ToV1(row.v6));
    assert.equal(version(row.v1), 1);
    assert.equal(v1ToV6(row.v1), row.v6);
  }
});

test('timestamps the package encodes into v1, v6 and v7 are what scru128_uuid_timestamp() reads', async () => {
  const cases = [];
  const add = (msecs, nsecs) => {
    const opts = { msecs, nsecs, clockseq: 0x1234, node: Uint8Array.of(1, 2, 3, 4, 5, 6) };
    // 100-ns ticks truncated to microseconds, as PostgreSQL does
    const us = BigInt(msecs) * 1000n + BigInt(Math.floor(nsecs / 10));
    cases.push([v1(opts), us], [v6(opts), us]);
    if (msecs >= 0) cases.push([v7({ msecs, seq: 0 }), BigInt(msecs) * 1000n]);
  };
  add(1645557742000, 0); // the RFC's instant
  add(0, 0);
  add(0, 9999);
  add(-12219292800000, 0); // 1582-10-15, the Gregorian epoch
  add(2 ** 46, 5); // year 4200; v1 and v6 end in 5236
  cases.push([v7({ msecs: 2 ** 48 - 1, seq: 0 }), BigInt(2 ** 48 - 1) * 1000n]); // v7's last ms
  for (let i = 0; i < 5000; i++) {
    add(Math.floor(Math.random() * 4e12) - 1e12, Math.floor(Math.random() * 10000));
  }
  const got = await serverMicros(cases.map(([u]) => u));
  for (const [u, us] of cases) {
    assert.equal(got.get(u), us, `scru128_uuid_timestamp(${u})`);
  }
});

test('scru128_uuid_timestamp() of server v7 and v6 is the generation time (within 1 s)', async () => {
  const r = await client.query(
    `SELECT ${s}.uuidv7()::text AS a, ${s}.uuidv6()::text AS b, (extract(epoch FROM clock_timestamp()) * 1000)::bigint::text AS ms`);
  const got = await serverMicros([r.rows[0].a, r.rows[0].b]);
  const ms = BigInt(r.rows[0].ms);
  for (const u of [r.rows[0].a, r.rows[0].b]) {
    const d = got.get(u) / 1000n - ms;
    assert.ok(d > -1000n && d < 1000n, `${u}: ${d} ms from clock_timestamp()`);
  }
});
