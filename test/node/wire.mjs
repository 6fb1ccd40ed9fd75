// A minimal PostgreSQL wire-protocol client: just enough to run one query
// with every result column in binary format and get the raw bytes back.
//
// The pg driver can ask for binary results, but it decodes every DataRow
// field as a UTF-8 string, which mangles arbitrary bytes; so the binary
// send function is checked through this instead.  Supports only
// authentication methods that need no password (trust, peer).

import net from 'node:net';

function message(type, ...parts) {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(type ? 5 : 4);
  if (type) head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, type ? 1 : 0);
  return Buffer.concat([head, body]);
}
const cstr = (s) => Buffer.from(`${s}\0`, 'utf8');
const int16 = (v) => { const b = Buffer.alloc(2); b.writeInt16BE(v); return b; };
const int32 = (v) => { const b = Buffer.alloc(4); b.writeInt32BE(v); return b; };

function connectOptions(env) {
  const host = env.PGHOST || '/var/run/postgresql';
  const port = Number(env.PGPORT || 5432);
  return host.startsWith('/') ? { path: `${host}/.s.PGSQL.${port}` } : { host, port };
}

// Runs sql (no parameters) and resolves to an array of rows, each an array
// of Buffers (or null) in binary format.
export function queryBinary(sql, env = process.env) {
  return new Promise((resolve, reject) => {
    const sock = net.createConnection(connectOptions(env));
    const user = env.PGUSER || env.USER;
    let buf = Buffer.alloc(0);
    const rows = [];
    let error = null;
    let sent = false;
    const fail = (e) => { sock.destroy(); reject(e); };

    sock.on('error', fail);
    sock.on('close', () => reject(error || new Error('connection closed')));
    sock.on('connect', () => {
      sock.write(message(null, int32(196608), cstr('user'), cstr(user),
        cstr('database'), cstr(env.PGDATABASE || user), cstr('')));
    });
    sock.on('data', (chunk) => {
      buf = Buffer.concat([buf, chunk]);
      while (buf.length >= 5) {
        const type = String.fromCharCode(buf[0]);
        const len = buf.readInt32BE(1);
        if (buf.length < len + 1) break;
        const body = buf.subarray(5, len + 1);
        buf = buf.subarray(len + 1);
        if (type === 'R' && body.readInt32BE(0) !== 0) {
          return fail(new Error(`authentication method ${body.readInt32BE(0)} not supported`));
        } else if (type === 'E') {
          // fields: code byte, then a C string; keep S(everity), C(ode), M(essage)
          const f = {};
          for (let i = 0; i < body.length && body[i] !== 0;) {
            const end = body.indexOf(0, i + 1);
            f[String.fromCharCode(body[i])] = body.toString('utf8', i + 1, end);
            i = end + 1;
          }
          error = Object.assign(new Error(f.M), { code: f.C });
        } else if (type === 'D') {
          const n = body.readInt16BE(0);
          const row = [];
          for (let i = 0, p = 2; i < n; i++) {
            const flen = body.readInt32BE(p);
            p += 4;
            row.push(flen < 0 ? null : Buffer.from(body.subarray(p, p + flen)));
            if (flen > 0) p += flen;
          }
          rows.push(row);
        } else if (type === 'Z') {
          if (!sent && !error) {
            // Parse, Bind with all results in binary (format code 1), Execute, Sync
            sent = true;
            sock.write(Buffer.concat([
              message('P', cstr(''), cstr(sql), int16(0)),
              message('B', cstr(''), cstr(''), int16(0), int16(0), int16(1), int16(1)),
              message('E', cstr(''), int32(0)),
              message('S'),
            ]));
          } else {
            sock.end(message('X'));
            return error ? reject(error) : resolve(rows);
          }
        }
      }
    });
  });
}
