// Real-client checks of the scru128 PostgreSQL type: the `pg` driver against
// the reference JavaScript implementation (npm `scru128`).
//
//   (a) IDs made by the server, parsed by the library: same fields, same 16
//       bytes (id::bytea, scru128_send(), the uuid cast, and a binary-format
//       result column read with a minimal wire-protocol client, wire.mjs);
//   (b) IDs made by the library, sent as text (and as binary parameters):
//       stored unchanged, and the server's ORDER BY equals compareTo();
//   (c) one session's stream of 1M IDs passes the checks of the reference
//       generator tester (scru128/gen_test).
//
// Connection settings come from PGHOST, PGPORT, PGUSER, PGDATABASE.
// Run with: node --test

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Scru128Generator, Scru128Id } from 'scru128';
import { queryBinary } from './wire.mjs';

const STREAM_SIZE = Number(process.env.SCRU128_STREAM_SIZE || 1_000_000);
const MAX_TIMESTAMP = 2 ** 48 - 1;

let client;

before(async () => {
  client = new pg.Client();
  await client.connect();
  await client.query('SET client_min_messages = warning');
  await client.query('CREATE EXTENSION IF NOT EXISTS scru128');
  await client.query('RESET client_min_messages');
});

after(async () => {
  await client?.end();
});

function shuffle(a) {
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

const sameBytes = (buf, id) => Buffer.compare(Buffer.from(buf), Buffer.from(id.bytes)) === 0;

describe('(a) server-generated IDs read by the library', () => {
  const N = 10_000;
  let rows;

  before(async () => {
    await client.query(`
      CREATE TEMP TABLE node_server_ids AS
      SELECT n, id FROM (
        SELECT n, scru128() AS id FROM generate_series(1, $1::int) AS n
        UNION ALL
        -- the stateless variant, over the whole timestamp range
        SELECT $1 + n, scru128('1970-01-01 00:00:00.001+00'::timestamptz
                               + (random() * 281474976710.653) * interval '1 second')
        FROM generate_series(1, 1000) AS n
        UNION ALL
        -- field extremes
        SELECT $1 + 1000 + n, scru128_from_fields(t, hi, lo, e)
        FROM (VALUES (1, 0::bigint, 0, 0, 0::bigint),
                     (2, 281474976710655, 16777215, 16777215, 4294967295),
                     (3, 281474976710655, 0, 0, 0),
                     (4, 0, 16777215, 0, 0),
                     (5, 0, 0, 16777215, 0),
                     (6, 0, 0, 0, 4294967295),
                     (7, 1, 1, 1, 1)) AS v(n, t, hi, lo, e)
      ) s`, [N]);
    const res = await client.query({
      text: `SELECT n, id::text AS text, scru128_timestamp_ms(id)::text AS ts,
                    scru128_counter_hi(id) AS hi, scru128_counter_lo(id) AS lo,
                    scru128_entropy(id)::text AS entropy,
                    id::bytea AS bytes, scru128_send(id) AS sent, id::uuid::text AS uuid
             FROM node_server_ids ORDER BY n`,
      rowMode: 'array',
    });
    rows = res.rows;
  });

  test('row count', () => {
    assert.equal(rows.length, N + 1000 + 7);
  });

  test('text parses and prints back unchanged', () => {
    for (const [n, text] of rows) {
      assert.equal(Scru128Id.fromString(text).toString(), text, `row ${n}`);
    }
  });

  test('timestamp, counter_hi, counter_lo and entropy equal the library fields', () => {
    for (const [n, text, ts, hi, lo, entropy] of rows) {
      const id = Scru128Id.fromString(text);
      assert.deepEqual(
        [id.timestamp, id.counterHi, id.counterLo, id.entropy],
        [Number(ts), hi, lo, Number(entropy)],
        `row ${n}: ${text}`,
      );
    }
  });

  test('id::bytea, scru128_send() and the uuid cast give the library bytes', () => {
    for (const [n, text, , , , , bytes, sent, uuid] of rows) {
      const id = Scru128Id.fromString(text);
      assert.ok(sameBytes(bytes, id), `row ${n}: id::bytea of ${text}`);
      assert.ok(sameBytes(sent, id), `row ${n}: scru128_send of ${text}`);
      assert.equal(uuid.replaceAll('-', ''), Buffer.from(id.bytes).toString('hex'),
        `row ${n}: uuid of ${text}`);
    }
  });

  test('binary-format result column (wire protocol) holds the library bytes', async () => {
    // another session: the temp table is not visible there, so new IDs
    // and their text come from one query
    const res = await queryBinary(`
      SELECT id, id::text, scru128_send(id)
      FROM (SELECT scru128() FROM generate_series(1, 10000)
            UNION ALL SELECT scru128_from_fields(281474976710655, 16777215, 16777215, 4294967295)
            UNION ALL SELECT scru128_from_fields(0, 0, 0, 0)
            UNION ALL SELECT NULL) AS s(id)`);
    assert.equal(res.length, 10003);
    assert.deepEqual(res[10002], [null, null, null]);
    for (const [bin, text, sent] of res.slice(0, 10002)) {
      assert.equal(bin.length, 16);
      // a text column in binary format is its UTF-8 bytes
      const id = Scru128Id.fromString(text.toString('utf8'));
      assert.ok(sameBytes(bin, id), `binary scru128 of ${id}`);
      // bytea in binary format: the bytes themselves
      assert.ok(sameBytes(sent, id), `scru128_send of ${id} in binary`);
    }
  });

  test('wire protocol errors are reported', async () => {
    await assert.rejects(queryBinary("SELECT 'x'::scru128"), (e) => e.code === '22P02');
  });

  test('scru128() IDs of one session are strictly increasing', () => {
    const ids = rows.slice(0, N).map(([, text]) => Scru128Id.fromString(text));
    for (let i = 1; i < ids.length; i++) {
      assert.ok(ids[i - 1].compareTo(ids[i]) < 0, `${ids[i - 1]} !< ${ids[i]}`);
    }
  });
});

describe('(b) library-generated IDs stored by the server', () => {
  const N = 10_000;
  let ids;

  before(async () => {
    const gen = new Scru128Generator();
    ids = [];
    for (let i = 0; i < N / 2; i++) ids.push(gen.generate());
    // random 128-bit values, over the whole range
    for (let i = 0; i < N / 2 - 2; i++) ids.push(Scru128Id.fromBytes(randomBytes(16)));
    ids.push(Scru128Id.fromBigInt(0n), Scru128Id.fromBigInt(2n ** 128n - 1n));
    shuffle(ids);
    await client.query('CREATE TEMP TABLE node_client_ids (n int PRIMARY KEY, id scru128)');
    // as text, a quarter of them in upper case
    const texts = ids.map((id, i) => (i % 4 === 0 ? id.toString().toUpperCase() : id.toString()));
    await client.query(
      'INSERT INTO node_client_ids SELECT * FROM unnest($1::int[], $2::text[]::scru128[])',
      [ids.map((_, i) => i), texts],
    );
  });

  test('stored unchanged', async () => {
    const res = await client.query({
      text: 'SELECT n, id::text, id::bytea FROM node_client_ids ORDER BY n',
      rowMode: 'array',
    });
    assert.equal(res.rows.length, N);
    for (const [n, text, bytes] of res.rows) {
      assert.equal(text, ids[n].toString(), `row ${n}`);
      assert.ok(sameBytes(bytes, ids[n]), `row ${n}: bytes of ${text}`);
    }
  });

  test('one text parameter per statement', async () => {
    for (const id of ids.slice(0, 200)) {
      const res = await client.query('SELECT $1::scru128::text AS t', [id.toString()]);
      assert.equal(res.rows[0].t, id.toString());
    }
  });

  test('binary parameters go through scru128_recv', async () => {
    for (const id of ids.slice(0, 200)) {
      // pg sends a Buffer parameter in binary format
      const res = await client.query('SELECT $1::scru128::text AS t', [Buffer.from(id.bytes)]);
      assert.equal(res.rows[0].t, id.toString());
    }
    for (const len of [0, 15, 17]) {
      await assert.rejects(
        client.query('SELECT $1::scru128 AS t', [Buffer.alloc(len)]),
        (e) => e.code === '22P03' &&
          e.message === `invalid binary scru128 value: ${len} bytes, expected 16`,
      );
    }
  });

  test('invalid text is rejected with 22P02', async () => {
    for (const t of ['', ids[0].toString().slice(1), `${ids[0]}0`, 'f5lxx1zz5pnorynqglhzmsp34']) {
      await assert.rejects(client.query('SELECT $1::scru128', [t]), (e) => e.code === '22P02');
    }
  });

  for (const [label, setup] of [
    ['sort', 'SET LOCAL enable_indexscan = off'],
    ['index scan', 'SET LOCAL enable_seqscan = off'],
  ]) {
    test(`ORDER BY (${label}) equals the library's compareTo order`, async () => {
      const expected = [...ids].sort((a, b) => a.compareTo(b)).map(String);
      await client.query('BEGIN');
      try {
        await client.query('CREATE INDEX IF NOT EXISTS node_client_ids_id ON node_client_ids (id)');
        await client.query('ANALYZE node_client_ids');
        await client.query(setup);
        for (const [dir, want] of [['ASC', expected], ['DESC', [...expected].reverse()]]) {
          const res = await client.query({
            text: `SELECT id::text FROM node_client_ids ORDER BY id ${dir}`,
            rowMode: 'array',
          });
          const got = res.rows.map((r) => r[0]);
          assert.equal(got.length, want.length);
          const first = got.findIndex((t, i) => t !== want[i]);
          assert.equal(first, -1, `${dir}: first difference at ${first}: ${got[first]} vs ${want[first]}`);
        }
      } finally {
        await client.query('ROLLBACK');
      }
    });
  }

  test('comparison operators agree with compareTo on adjacent pairs', async () => {
    const pairs = [];
    for (let i = 0; i + 1 < 2000; i++) pairs.push([ids[i], ids[i + 1]]);
    pairs.push([ids[0], ids[0]]);
    const res = await client.query({
      text: `SELECT a < b, a = b, a > b, scru128_cmp(a, b)
             FROM unnest($1::text[]::scru128[], $2::text[]::scru128[]) WITH ORDINALITY AS u(a, b, k)
             ORDER BY k`,
      values: [pairs.map((p) => p[0].toString()), pairs.map((p) => p[1].toString())],
      rowMode: 'array',
    });
    res.rows.forEach(([lt, eq, gt, cmp], i) => {
      const c = Math.sign(pairs[i][0].compareTo(pairs[i][1]));
      assert.deepEqual([lt, eq, gt, Math.sign(cmp)], [c < 0, c === 0, c > 0, c], `pair ${i}`);
    });
  });
});

describe(`(c) a stream of ${STREAM_SIZE} IDs from one session (gen_test checks)`, () => {
  const stats = {
    count: 0,
    timestamps: 0,
    resets: 0,
    renewals: [],
    entropyOnes: new Array(32).fill(0),
    resetLoOnes: new Array(24).fill(0),
    errors: [],
  };
  let startMs;
  let endMs;
  let firstTs;
  let lastTs;

  before(async () => {
    const err = (msg) => {
      if (stats.errors.length < 10) stats.errors.push(msg);
    };
    startMs = Date.now();
    await client.query('BEGIN');
    await client.query(
      'DECLARE node_stream NO SCROLL CURSOR FOR SELECT scru128()::text FROM generate_series(1, $1::int)',
      [STREAM_SIZE],
    );
    let prevText = null;
    let prevInt = -1n;
    let prev = null;
    let lastRenewal = null; // timestamp of the last counter_hi renewal seen
    for (;;) {
      // small batches: the IDs are made as they are fetched, so this spreads
      // them over more milliseconds and gives more counter_lo resets to test
      const res = await client.query({ text: 'FETCH 500 FROM node_stream', rowMode: 'array' });
      if (res.rows.length === 0) break;
      for (const [text] of res.rows) {
        const id = Scru128Id.fromString(text);
        const int = id.toBigInt();
        const { timestamp, counterHi, counterLo, entropy } = id;
        if (prevText !== null && !(prevText < text)) err(`text not increasing: ${prevText} ${text}`);
        if (!(prevInt < int)) err(`integer not increasing at ${text}`);
        if (id.toString() !== text) err(`not canonical: ${text}`);
        if (prev === null) {
          firstTs = timestamp;
          stats.timestamps = 1;
        } else if (timestamp < prev.timestamp) {
          err(`timestamp went back at ${text}`);
        } else if (timestamp > prev.timestamp) {
          // the first ID of a new millisecond: counter_lo is fresh random
          stats.timestamps++;
          stats.resets++;
          for (let b = 0; b < 24; b++) stats.resetLoOnes[b] += (counterLo >>> b) & 1;
          // counter_hi is renewed (fresh random) once 1000 ms have passed since
          // its last renewal, and changes at no other new millisecond
          const due = lastRenewal !== null && timestamp - lastRenewal >= 1000;
          if (due || (lastRenewal === null && counterHi !== prev.counterHi)) {
            if (lastRenewal !== null) stats.renewals.push(timestamp - lastRenewal);
            lastRenewal = timestamp;
          } else if (counterHi !== prev.counterHi) {
            err(`counter_hi changed ${timestamp - lastRenewal} ms after its renewal at ${text}`);
          }
        } else if (counterHi === prev.counterHi + 1 && counterLo === 0) {
          // counter_lo wrapped within the millisecond: counter_hi + 1
        } else if (counterHi < prev.counterHi) {
          err(`counter_hi went back within a millisecond at ${text}`);
        } else if (counterHi === prev.counterHi && counterLo <= prev.counterLo) {
          err(`counter_lo not increasing within (timestamp, counter_hi) at ${text}`);
        }
        for (let b = 0; b < 32; b++) stats.entropyOnes[b] += (entropy >>> b) & 1;
        if (timestamp === 0 || timestamp === MAX_TIMESTAMP) err(`reserved timestamp at ${text}`);
        prevText = text;
        prevInt = int;
        prev = { timestamp, counterHi, counterLo };
        stats.count++;
      }
    }
    await client.query('COMMIT');
    endMs = Date.now();
    lastTs = prev?.timestamp;
    const r = stats.renewals;
    console.log(`stream: ${stats.count} IDs, ${stats.timestamps} distinct timestamps, ` +
      `${stats.resets} counter_lo resets, ${r.length} counter_hi renewals ` +
      `(mean interval ${r.length ? (r.reduce((a, b) => a + b, 0) / r.length).toFixed(1) : '-'} ms), ` +
      `${endMs - startMs} ms`);
  });

  test('all IDs received', () => assert.equal(stats.count, STREAM_SIZE));

  test('strictly increasing text and integer, timestamp non-decreasing, counter_hi ' +
       'non-decreasing and counter_lo increasing within a timestamp, counter_hi ' +
       'renewed only once a second', () => {
    assert.deepEqual(stats.errors, []);
  });

  test('timestamps within the time of the run', () => {
    // same machine, same clock; a little slack for rounding and scheduling
    assert.ok(firstTs >= startMs - 1000 && lastTs <= endMs + 1000,
      `timestamps ${firstTs} .. ${lastTs}, run ${startMs} .. ${endMs}`);
  });

  // a fair bit's share of ones among n samples is 0.5 with standard deviation
  // 0.5/sqrt(n); allow five of those (and at least 0.01)
  const checkRatios = (ones, n, what) => {
    const tol = Math.max(0.01, 5 * 0.5 / Math.sqrt(n));
    const ratios = ones.map((c) => c / n);
    const bad = ratios.map((r, b) => [b, r]).filter(([, r]) => Math.abs(r - 0.5) > tol);
    console.log(`${what}: n = ${n}, tolerance ${tol.toFixed(4)}, ratios ` +
      `${Math.min(...ratios).toFixed(4)} .. ${Math.max(...ratios).toFixed(4)}`);
    assert.deepEqual(bad, [], `${what}: bits outside 0.5 +- ${tol}`);
  };

  test('per-bit ratio of ones in entropy is near 0.5', () => {
    checkRatios(stats.entropyOnes, stats.count, 'entropy');
  });

  test('per-bit ratio of ones in counter_lo at resets is near 0.5', () => {
    assert.ok(stats.resets >= 100, `only ${stats.resets} resets`);
    checkRatios(stats.resetLoOnes, stats.resets, 'counter_lo at resets');
  });
});
