#!/usr/bin/env python3
"""Bulk load through the Python adapters: N scru128 values by binary COPY,
against the same load of uuid values with the driver's own uuid codec.

    PGHOST=... PGPORT=... PGUSER=... python3 test/bench/clients_copy.py [--rows N] [--reps R]

Both types are 16 bytes on the wire and in the table, so the ratio is the
cost of the adapter (value class and codec) over the driver's built-in
one.  Paths: psycopg 3 (Cursor.copy, FORMAT BINARY, write_row) and asyncpg
(copy_records_to_table, which is binary).  The values are made before
the clock starts; each repetition loads into an emptied table, and the
contenders alternate.  Reported: the median seconds per load and the ratio
scru128/uuid.  Needs a database where the extension can be created
(--dbname, default clients_py_bench, created if missing).
"""

import argparse
import asyncio
import os
import statistics
import sys
import time
import uuid

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "clients", "python"))

import asyncpg  # noqa: E402
import psycopg  # noqa: E402

from scru128_pg import Scru128  # noqa: E402
from scru128_pg.asyncpg import register_scru128 as register_asyncpg  # noqa: E402
from scru128_pg.psycopg import register_scru128 as register_psycopg  # noqa: E402


def conninfo():
    return {k: os.environ[v] for k, v in
            (("host", "PGHOST"), ("port", "PGPORT"), ("user", "PGUSER"))
            if os.environ.get(v)}


def prepare(dbname):
    with psycopg.connect(dbname=os.environ.get("PGDATABASE", "postgres"),
                         autocommit=True, **conninfo()) as admin:
        if not admin.execute("SELECT 1 FROM pg_database WHERE datname = %s", [dbname]).fetchone():
            admin.execute('CREATE DATABASE "%s"' % dbname)
    with psycopg.connect(dbname=dbname, autocommit=True, **conninfo()) as conn:
        conn.execute("CREATE EXTENSION IF NOT EXISTS scru128")
        for typ in ("scru128", "uuid"):
            conn.execute("DROP TABLE IF EXISTS bench_copy_%s" % typ)
            # unlogged: the WAL would only add the same noise to both
            conn.execute("CREATE UNLOGGED TABLE bench_copy_%s (v %s)" % (typ, typ))


def psycopg_load(conn, typ, values):
    conn.execute("TRUNCATE bench_copy_%s" % typ)
    start = time.perf_counter()
    with conn.cursor() as cur:
        with cur.copy("COPY bench_copy_%s (v) FROM STDIN (FORMAT BINARY)" % typ) as copy:
            copy.set_types([typ])
            for v in values:
                copy.write_row((v,))
    return time.perf_counter() - start


async def asyncpg_load(conn, typ, records):
    await conn.execute("TRUNCATE bench_copy_%s" % typ)
    start = time.perf_counter()
    await conn.copy_records_to_table("bench_copy_%s" % typ, records=records, columns=["v"])
    return time.perf_counter() - start


def check(conn, typ, raw):
    """The table holds the values loaded, in order of their bytes."""
    got = conn.execute("SELECT count(*), min(v::text), max(v::text) FROM bench_copy_%s" % typ).fetchone()
    if typ == "scru128":
        texts = sorted(str(Scru128.from_bytes(b)) for b in (min(raw), max(raw)))
    else:
        texts = sorted(str(uuid.UUID(bytes=b)) for b in (min(raw), max(raw)))
    if got != (len(raw), texts[0], texts[1]):
        raise SystemExit("bench: %s table holds %r, expected %r" % (typ, got, (len(raw), *texts)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--dbname", default="clients_py_bench")
    args = ap.parse_args()

    prepare(args.dbname)
    raw = [os.urandom(16) for _ in range(args.rows)]
    scru = [Scru128.from_bytes(b) for b in raw]
    uuids = [uuid.UUID(bytes=b) for b in raw]
    times = {}

    with psycopg.connect(dbname=args.dbname, autocommit=True, **conninfo()) as conn:
        register_psycopg(conn)
        for rep in range(args.reps):
            order = [("scru128", scru), ("uuid", uuids)]
            for typ, values in (order if rep % 2 == 0 else order[::-1]):
                times.setdefault(("psycopg3", typ), []).append(psycopg_load(conn, typ, values))
        for typ in ("scru128", "uuid"):
            check(conn, typ, raw)

    async def run_asyncpg():
        conn = await asyncpg.connect(database=args.dbname, **conninfo())
        try:
            await register_asyncpg(conn)
            records = {"scru128": [(v,) for v in scru], "uuid": [(v,) for v in uuids]}
            for rep in range(args.reps):
                order = ["scru128", "uuid"] if rep % 2 == 0 else ["uuid", "scru128"]
                for typ in order:
                    times.setdefault(("asyncpg", typ), []).append(
                        await asyncpg_load(conn, typ, records[typ]))
        finally:
            await conn.close()
    asyncio.run(run_asyncpg())
    with psycopg.connect(dbname=args.dbname, autocommit=True, **conninfo()) as conn:
        for typ in ("scru128", "uuid"):
            check(conn, typ, raw)

    print("# %d rows by binary COPY, median of %d; psycopg %s (pq %s), asyncpg %s, Python %s"
          % (args.rows, args.reps, psycopg.__version__, psycopg.pq.__impl__,
             asyncpg.__version__, sys.version.split()[0]))
    print("driver,scru128_s,uuid_s,ratio,scru128_all,uuid_all")
    for driver in ("psycopg3", "asyncpg"):
        s = statistics.median(times[(driver, "scru128")])
        u = statistics.median(times[(driver, "uuid")])
        print("%s,%.3f,%.3f,%.3f,%s,%s" % (
            driver, s, u, s / u,
            " ".join("%.3f" % t for t in times[(driver, "scru128")]),
            " ".join("%.3f" % t for t in times[(driver, "uuid")])))


if __name__ == "__main__":
    main()
