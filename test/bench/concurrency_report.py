#!/usr/bin/env python3
"""The report of test/bench/concurrency.sh, and its per-run log reader.

    python3 test/bench/concurrency_report.py DIR

reads DIR/results.csv (one line per result: state, workload, key, clients,
metric, value, unit) and DIR/env.txt and writes DIR/results.md (the tables,
the goals of issue 34 with their ratios, the wait events) and, if gnuplot
is installed, one chart per measure: throughput, p99 latency, WAL bytes
and full-page images per row against clients (one curve per key, the empty
and the large table side by side) and serialization failures per 1,000
commits against clients.

    python3 test/bench/concurrency_report.py --logs T0 WARMUP SECS FILE...

reads the pgbench transaction logs (-l) of one run that started at the
epoch T0 and prints "ok ok_window failed_window retries_window tps p50
p95 p99": the committed transactions of the whole run, those that ended
within [T0 + WARMUP, T0 + WARMUP + SECS), the failed ones in that window,
the retries of that window's transactions (--max-tries), the window's
commits per second and the latency percentiles (ms, nearest rank)
of its committed transactions.  Stdlib only.
"""

import csv
import math
import os
import shutil
import subprocess
import sys
from collections import defaultdict


def read_logs(t0, warmup, secs, files):
    lo, hi = t0 + warmup, t0 + warmup + secs
    ok = okw = failw = retw = 0
    lat = []
    for name in files:
        with open(name) as f:
            for line in f:
                p = line.split()
                if len(p) < 6:
                    continue
                end = int(p[4]) + int(p[5]) / 1e6
                inside = lo <= end < hi
                # the time field is a number of microseconds, or a word
                # for a transaction that failed (failed, serialization,
                # deadlock) or was skipped
                if p[2].isdigit():
                    ok += 1
                    if inside:
                        okw += 1
                        lat.append(int(p[2]) / 1000)
                elif inside:
                    failw += 1
                # with --max-tries other than 1 (and no --rate) the
                # seventh field is the transaction's number of retries
                if inside and len(p) >= 7:
                    retw += int(p[6])
    lat.sort()

    def pct(q):
        if not lat:
            return float("nan")
        return lat[max(0, math.ceil(q * len(lat)) - 1)]

    print(f"{ok} {okw} {failw} {retw} {okw / secs:.1f} {pct(0.50):.3f} {pct(0.95):.3f} {pct(0.99):.3f}")


if len(sys.argv) > 1 and sys.argv[1] == "--logs":
    read_logs(float(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]), sys.argv[5:])
    sys.exit(0)

OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "concurrency")
KEY_ORDER = ["bigserial", "scru128", "scru128_server", "scru64", "scru160", "ulid",
             "uuidv7", "uuidv7_core", "pg_uuidv7", "uuid_v4"]
LABELS = {
    "bigserial": "bigserial",
    "scru128": "scru128() session",
    "scru128_server": "scru128() server",
    "scru64": "scru64()",
    "scru160": "scru160()",
    "ulid": "ulid()",
    "uuidv7": "uuidv7() (extension)",
    "uuidv7_core": "uuidv7() (core)",
    "pg_uuidv7": "pg_uuidv7 uuid_generate_v7()",
    "uuid_v4": "gen_random_uuid()",
}
COLORS = {
    "bigserial": "#666666", "scru128": "#1b9e77", "scru128_server": "#66a61e",
    "scru64": "#e6ab02", "scru160": "#a6761d", "ulid": "#e7298a", "uuidv7": "#7570b3",
    "uuidv7_core": "#1f78b4", "pg_uuidv7": "#a6cee3", "uuid_v4": "#d95f02",
}

env = {}
with open(os.path.join(OUT, "env.txt")) as f:
    for line in f:
        if "=" in line:
            k, val = line.rstrip("\n").split("=", 1)
            env.setdefault(k, val)
smoke = env.get("mode") == "smoke"

# res[(state, workload, key, clients, metric)] = value; clients an int, or
# None for the index figures.  A run made more than once (REPEATS, at the
# goals' client count) gives the median of its runs, each figure on its own;
# reps counts them.
samples = defaultdict(list)
with open(os.path.join(OUT, "results.csv")) as f:
    for row in csv.DictReader(f):
        try:
            val = float(row["value"])
        except ValueError:
            continue
        c = int(row["clients"]) if row["clients"] else None
        samples[(row["state"], row["workload"], row["key"], c, row["metric"])].append(val)


def median(v):
    v = sorted(v)
    n = len(v)
    return v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2


res = {k: median(v) for k, v in samples.items()}
reps = {k: len(v) for k, v in samples.items()}

keys = [k for k in KEY_ORDER if any(r[2] == k for r in res)]
clients = sorted({r[3] for r in res if r[3] is not None and r[1] == "insert"})
ssi_clients = sorted({r[3] for r in res if r[3] is not None and r[1] == "ssi"})
# the goals are stated at 8 clients; a smaller run takes its largest count
goal_c = 8 if 8 in clients else max([c for c in clients if c <= 8] or clients or [0])


def fmt(v, nd=0):
    if v is None or v != v:
        return "–"
    return f"{v:,.{nd}f}"


def ratio(a, b):
    if a is None or b is None or b == 0 or a != a or b != b:
        return None
    return a / b


md = ["# Many writers: inserts by concurrent clients (test/bench/concurrency.sh)", ""]
if smoke:
    md += ["**SMOKE RUN: tiny sizes, the numbers mean nothing.**", ""]
md += [
    f"PostgreSQL: {env.get('server', '?')}; {env.get('cores', '?')} cores, {env.get('memory_mb', '?')} MB; "
    f"shared_buffers={env.get('show_shared_buffers', '?')}; large table {int(env.get('large_rows', '0')):,} rows per key; "
    f"{env.get('warmup_s', '?')} s warm-up + {env.get('duration_s', '?')} s measured per insert run, "
    f"{env.get('ssi_duration_s', '?')} s per SERIALIZABLE run; load average {env.get('load_start', '?')} at the start, "
    f"{env.get('load_end', '?')} at the end (mean of the 1-minute figure {env.get('load1_mean', '?')}). "
    "Details in env.txt; every figure in results.csv.",
    "",
]
skipped = [line.rstrip("\n").split("=", 1)[1] for line in open(os.path.join(OUT, "env.txt")) if line.startswith("skipped=")]
if skipped:
    md += ["Left out:", ""] + [f"- {s}" for s in skipped] + [""]


def table(state, wl, metric, title, nd=0, cl=None):
    cl = cl if cl is not None else clients
    out = [f"### {title}", "", "| key | " + " | ".join(f"{c} cl." for c in cl) + " |",
           "|---|" + "---:|" * len(cl)]
    for k in keys:
        out.append(f"| {LABELS[k]} | " + " | ".join(fmt(res.get((state, wl, k, c, metric)), nd) for c in cl) + " |")
    return out + [""]


# one table of the figures at the goals' client count, as doc/performance.md shows it
S = lambda st, wl, k, m: res.get((st, wl, k, goal_c, m))
md += [f"## Summary at {goal_c} clients", "",
       "| key | tx/s empty | tx/s large | ×bigserial large | p99 ms empty | p99 ms large | WAL B/row large | FPI/row large "
       "| PK leaf density % (large, end) | SSI failures per 1,000 commits |",
       "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
for k in keys:
    rb = ratio(S("large", "insert", k, "tps"), S("large", "insert", "bigserial", "tps"))
    md.append(f"| {LABELS[k]} | {fmt(S('empty', 'insert', k, 'tps'))} | {fmt(S('large', 'insert', k, 'tps'))} | "
              f"{fmt(rb, 2)} | {fmt(S('empty', 'insert', k, 'p99'), 2)} | {fmt(S('large', 'insert', k, 'p99'), 2)} | "
              f"{fmt(S('large', 'insert', k, 'wal_bytes_per_row'))} | {fmt(S('large', 'insert', k, 'fpi_per_row'), 3)} | "
              f"{fmt(res.get(('large', 'index', k, None, 'pk_leaf_density')), 1)} | "
              f"{fmt(S('empty', 'ssi', k, 'failures_per_1000'), 0)} |")
md.append("")

for state, name in (("empty", "from an empty table"), ("large", "into the large table")):
    md += [f"## Inserts {name}", ""]
    md += table(state, "insert", "tps", "Throughput (transactions of one row per second)")
    md += table(state, "insert", "p50", "p50 latency (ms)", 3)
    md += table(state, "insert", "p99", "p99 latency (ms)", 3)
    md += table(state, "insert", "wal_bytes_per_row", "WAL bytes per row", 0)
    md += table(state, "insert", "fpi_per_row", "Full-page images per row", 4)

md += ["## Indexes at the end of each phase", "",
       "| key | state | rows | PK MiB | PK leaf density % | secondary MiB | heap MiB |", "|---|---|---:|---:|---:|---:|---:|"]
for state in ("empty", "loaded", "large"):
    for k in keys:
        g = lambda m: res.get((state, "index", k, None, m))
        if g("rows") is None:
            continue
        mib = lambda v: fmt(v / 1048576 if v is not None else None, 1)
        md.append(f"| {LABELS[k]} | {state} | {fmt(g('rows'))} | {mib(g('pk_bytes'))} | {fmt(g('pk_leaf_density'), 1)} | "
                  f"{mib(g('secondary_bytes'))} | {mib(g('heap_bytes'))} |")
md += ["", "(empty: after the last run from an empty table; loaded: the large table as built; large: after its runs)", ""]

if ssi_clients:
    md += ["## SERIALIZABLE read-then-insert", "",
           "Each transaction reads the row with the largest key (`ORDER BY id DESC LIMIT 1`), then inserts one row.", ""]
    md += table("empty", "ssi", "failures_per_1000", "Serialization failures per 1,000 commits", 1, ssi_clients)
    md += table("empty", "ssi", "tps", "Commits per second", 0, ssi_clients)
    rc = sorted({r[3] for r in res if r[1] == "retry"})
    if rc:
        md += [f"### With retries (pgbench --max-tries=100) at {rc[-1]} clients", "",
               "| key | retries per 1,000 commits | failures left per 1,000 commits | commits per second | without retries | p99 ms |",
               "|---|---:|---:|---:|---:|---:|"]
        for k in keys:
            R = lambda m: res.get(("empty", "retry", k, rc[-1], m))
            md.append(f"| {LABELS[k]} | {fmt(R('retries_per_1000'), 0)} | {fmt(R('failures_per_1000'), 1)} | "
                      f"{fmt(R('tps'))} | {fmt(res.get(('empty', 'ssi', k, rc[-1], 'tps')))} | {fmt(R('p99'), 2)} |")
        md.append("")

# wait events at the goal's client count: the three largest shares
md += [f"## Wait events at {goal_c} clients", "",
       "Share of the samples of active pgbench sessions (every 50 ms of the measured window); CPU = active, waiting for nothing.", ""]
for state, wl in (("empty", "insert"), ("large", "insert"), ("empty", "ssi"), ("empty", "retry")):
    md += [f"### {wl}, {state} table", "", "| key | samples | top wait events |", "|---|---:|---|"]
    for k in keys:
        w = sorted(((v, r[4][5:]) for r, v in res.items()
                    if r[:4] == (state, wl, k, goal_c) and r[4].startswith("wait:")), reverse=True)
        if w:
            n = res.get((state, wl, k, goal_c, "wait_samples"))
            md.append(f"| {LABELS[k]} | {fmt(n)} | " + ", ".join(f"{e} {v * 100:.0f}%" for v, e in w[:4]) + " |")
    md.append("")

# goals of issue 34, at goal_c clients
nrep = max([n for r, n in reps.items() if r[1] == "insert" and r[3] == goal_c and r[4] == "tps"] or [1])
md += [f"## Goals (at {goal_c} clients)", "",
       f"Each figure at {goal_c} clients is the median of {nrep} run{'s' if nrep > 1 else ''} per key, interleaved.", "",
       "| goal | table | measured | met |", "|---|---|---:|---|"]
goals = []


def goal(text, state, r, op, limit):
    if r is None:
        md.append(f"| {text} | {state} | – | not measured |")
        return
    met = r >= limit if op == ">=" else r <= limit
    goals.append(met)
    md.append(f"| {text} {op} {limit} | {state} | {r:.2f} | {'yes' if met else '**no**'} |")


T = lambda s, k, m="tps": res.get((s, "insert", k, goal_c, m))
for state in ("empty", "large"):
    goal("scru128() session / bigserial, throughput", state, ratio(T(state, "scru128"), T(state, "bigserial")), ">=", 0.95)
goal("scru128() session / gen_random_uuid(), throughput", "large", ratio(T("large", "scru128"), T("large", "uuid_v4")), ">=", 1.5)
for state in ("empty", "large"):
    goal("scru128() session / bigserial, p99 latency", state,
         ratio(T(state, "scru128", "p99"), T(state, "bigserial", "p99")), "<=", 1.2)
for state in ("empty", "large"):
    goal("scru128() server / session, throughput", state, ratio(T(state, "scru128_server"), T(state, "scru128")), ">=", 0.9)
md.append("")
with open(os.path.join(OUT, "results.md"), "w") as f:
    f.write("\n".join(md) + "\n")


# ---------------------------------------------------------------------------
# charts (gnuplot, as test/bench/report.py): one per measure, the empty and
# the large table side by side
# ---------------------------------------------------------------------------
def charts():
    if not shutil.which("gnuplot"):
        print("concurrency_report.py: gnuplot not installed, no charts", file=sys.stderr)
        return []
    made = []
    dats = []
    gp = ["set terminal pngcairo noenhanced size 1400,650 font 'DejaVu Sans,11'", "set grid",
          "set key below maxrows 3", "set logscale x 2", "set xlabel 'clients' offset 0,0.5"]
    suffix = " (SMOKE RUN)" if smoke else ""

    def dat(state, wl, k, metric, cl):
        name = os.path.join(OUT, f"c_{state}_{wl}_{k}_{metric}.dat")
        rows = [(c, res.get((state, wl, k, c, metric))) for c in cl]
        rows = [(c, v) for c, v in rows if v is not None and v == v]
        if not rows:
            return None
        with open(name, "w") as f:
            for c, v in rows:
                f.write(f"{c} {v}\n")
        dats.append(name)
        return name

    def plot(state, wl, metric, cl):
        parts = []
        for k in keys:
            d = dat(state, wl, k, metric, cl)
            if d:
                parts.append(f"'{d}' using 1:2 with linespoints pt 7 ps 0.7 lw 2 lc rgb '{COLORS[k]}' title '{LABELS[k]}'")
        return "plot " + ", ".join(parts) if parts else "plot NaN notitle"

    xr = f"set xrange [{min(clients) / 1.3 if clients else 0.5}:{max(clients) * 1.3 if clients else 2}]"
    for metric, ylabel, fname, title in (
            ("tps", "transactions (rows) per second", "concurrency-tps.png", "Insert throughput"),
            ("p99", "p99 latency (ms)", "concurrency-p99.png", "Insert p99 latency"),
            ("wal_bytes_per_row", "WAL bytes per row", "concurrency-wal.png", "WAL per inserted row"),
            ("fpi_per_row", "full-page images per row", "concurrency-fpi.png", "Full-page images per inserted row")):
        if not clients:
            continue
        gp += [f"set output '{os.path.join(OUT, fname)}'", "set multiplot layout 1,2", xr,
               f"set ylabel '{ylabel}'", "set yrange [0:*]"]
        for state, name in (("empty", "from an empty table"), ("large", f"into {int(env.get('large_rows', '0')):,} rows")):
            gp += [f"set title \"{title} {name}, shared_buffers={env.get('show_shared_buffers', '?')}{suffix}\"",
                   plot(state, "insert", metric, clients)]
        gp.append("unset multiplot")
        made.append(fname)
    if ssi_clients:
        gp += [f"set output '{os.path.join(OUT, 'concurrency-ssi.png')}'", "set size 1,1",
               f"set xrange [{min(ssi_clients) / 1.3}:{max(ssi_clients) * 1.3}]",
               "set ylabel 'serialization failures per 1,000 commits'", "set yrange [0:*]",
               f"set title \"SERIALIZABLE: read the row with the largest key, insert one{suffix}\"",
               plot("empty", "ssi", "failures_per_1000", ssi_clients)]
        made.append("concurrency-ssi.png")
    gpf = os.path.join(OUT, "charts.gp")
    with open(gpf, "w") as f:
        f.write("\n".join(gp) + "\n")
    subprocess.run(["gnuplot", gpf], check=True)
    for d in dats + [gpf]:
        os.remove(d)
    return made


made = charts()
if made:
    with open(os.path.join(OUT, "results.md"), "a") as f:
        f.write("Charts: " + ", ".join(f"[{m}]({m})" for m in made) + "\n")
print(f"concurrency_report.py: {len(res)} results, {len(keys)} keys, {sum(goals)} of {len(goals)} goals met")
