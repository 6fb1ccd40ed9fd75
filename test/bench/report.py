#!/usr/bin/env python3
"""Turns the raw samples of test/bench/run.sh into the report.

    python3 test/bench/report.py DIR

reads DIR/raw.csv, DIR/growth.csv and DIR/env.txt and writes
DIR/results.csv (one row per figure: median, min, max, samples, ratio to
uuid_v4), DIR/results.md (tables and the target checks) and, if gnuplot is
installed, DIR/growth.png, DIR/growth-rows.png and DIR/ratios.png.

Every figure is the median of its samples with their min and max; every
ratio is taken between the medians of the same run, against uuid_v4
(uuid DEFAULT gen_random_uuid()).  Per-call costs are computed per
repetition (the statement minus its floor statement of the same session)
before the median is taken.  Stdlib only.
"""

import csv
import math
import os
import shutil
import statistics
import subprocess
import sys
from collections import defaultdict

OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))

CONTENDERS = ["scru128", "uuid_v4", "uuid_scru128", "bigserial", "text_scru128"]
LABELS = {
    "scru128": "scru128 DEFAULT scru128()",
    "uuid_v4": "uuid DEFAULT gen_random_uuid()",
    "uuid_scru128": "uuid DEFAULT scru128()::uuid",
    "bigserial": "bigserial",
    "text_scru128": "text DEFAULT scru128()::text",
}
BASE = "uuid_v4"


def read_env():
    env = {}
    with open(os.path.join(OUT, "env.txt")) as f:
        for line in f:
            if "=" in line:
                k, val = line.rstrip("\n").split("=", 1)
                env[k] = val
    return env


def read_raw():
    """samples[(workload, contender, metric)] = {rep: value}"""
    samples = defaultdict(dict)
    with open(os.path.join(OUT, "raw.csv")) as f:
        for row in csv.DictReader(f):
            try:
                val = float(row["value"])
            except ValueError:
                continue
            samples[(row["workload"], row["contender"], row["metric"])][row["rep"]] = val
    return samples


def read_growth():
    rows = []
    path = os.path.join(OUT, "growth.csv")
    if os.path.exists(path):
        with open(path) as f:
            for row in csv.DictReader(f):
                rows.append(row)
    return rows


class Figure:
    def __init__(self, workload, contender, metric, values, unit):
        self.workload, self.contender, self.metric = workload, contender, metric
        self.values = sorted(values)
        self.unit = unit
        self.median = statistics.median(values) if values else float("nan")
        self.min = min(values) if values else float("nan")
        self.max = max(values) if values else float("nan")
        self.ratio = None  # to uuid_v4's median, filled in later


env = read_env()
samples = read_raw()
growth = read_growth()
N = {k: int(env.get(k, "0")) for k in ("gen_n", "bulk_n", "sort_n", "lookup_n")}
figures = {}  # (workload, metric, contender) -> Figure


def add(workload, contender, metric, values, unit):
    if values:
        figures[(workload, metric, contender)] = Figure(workload, contender, metric, values, unit)


def plain(workload, metric, unit, scale=1.0):
    for c in CONTENDERS:
        vals = samples.get((workload, c, metric), {})
        add(workload, c, metric, [x * scale for x in vals.values()], unit)


def above_floor(workload, contender, metric, floor_key, n, name, unit="ns/call"):
    """per repetition: (statement - floor) / n, in ns per row"""
    vals = samples.get((workload, contender, metric), {})
    floors = samples.get(floor_key, {})
    per = [(vals[r] - floors[r]) * 1e6 / n for r in vals if r in floors and n > 0]
    add(workload, contender, name, per, unit)


# 1. generation
for c in ("scru128", "uuid_v4"):
    above_floor("gen", c, "ms", ("gen", "floor", "ms"), N["gen_n"], "per_call_ns")
# 2. bulk insert
for kind in ("logged", "unlogged"):
    plain("bulk", f"insert_ms_{kind}", "ms")
    plain("bulk", f"table_bytes_{kind}", "MiB", 1 / 1048576)
    plain("bulk", f"index_bytes_{kind}", "MiB", 1 / 1048576)
    plain("bulk", f"leaf_density_{kind}", "%")
# 4. concurrency
plain("conc", "tps", "tps")
plain("conc", "errors", "count")
# 5. sort, text I/O, COPY
plain("sort", "sort_ms", "ms")
for c in CONTENDERS:
    vals = samples.get(("sort", c, "sort_ms"), {})
    floors = samples.get(("sort", c, "floor_ms"), {})
    add("sort", c, "sort_above_scan_ms", [vals[r] - floors[r] for r in vals if r in floors], "ms")
    above_floor("textout", c, "out_ms", ("textout", c, "floor_ms"), N["sort_n"], "per_call_ns")
    above_floor("textin", c, "in_ms", ("textin", c, "floor_ms"), N["sort_n"], "per_call_ns")
plain("copy", "out_ms", "ms")
plain("copy", "in_ms", "ms")
# 6. lookups and ranges
plain("lookup", "tps", "tps")
plain("lookup", "latency_ms", "ms")
plain("lookup", "pk_index_bytes", "MiB", 1 / 1048576)
plain("range", "btree_ms", "ms")
plain("range", "brin_ms", "ms")
plain("range", "btree_index_bytes", "MiB", 1 / 1048576)
plain("range", "brin_index_bytes", "KiB", 1 / 1024)
plain("range", "rows", "rows")

# 3. growth: rows/s per batch; the headline is the median of the last five
# batches (each one a sample at nearly the final size)
growth_by = defaultdict(list)
for row in growth:
    growth_by[row["contender"]].append(row)
for c, rows in growth_by.items():
    rows.sort(key=lambda r: int(r["batch"]))
    add("growth", c, "rows_per_s_last5", [float(r["rows_per_s"]) for r in rows[-5:]], "rows/s")
    add("growth", c, "rows_per_s_first5", [float(r["rows_per_s"]) for r in rows[:5]], "rows/s")
    last = rows[-1]
    add("growth", c, "final_table_bytes", [float(last["table_bytes"]) / 1048576], "MiB")
    add("growth", c, "final_index_bytes", [float(last["index_bytes"]) / 1048576], "MiB")
    add("growth", c, "final_rows", [float(last["rows"])], "rows")

# ratios against uuid_v4 of the same workload and metric
for (w, m, c), fig in figures.items():
    base = figures.get((w, m, BASE))
    if base and base.median not in (0, 0.0):
        fig.ratio = fig.median / base.median


def fig(w, m, c):
    return figures.get((w, m, c))


# ---------------------------------------------------------------------------
# results.csv
# ---------------------------------------------------------------------------
with open(os.path.join(OUT, "results.csv"), "w", newline="") as f:
    wr = csv.writer(f)
    wr.writerow(["workload", "metric", "contender", "unit", "median", "min", "max", "samples", "ratio_to_uuid_v4"])
    for (w, m, c), fg in figures.items():
        wr.writerow([w, m, c, fg.unit, f"{fg.median:.6g}", f"{fg.min:.6g}", f"{fg.max:.6g}",
                     len(fg.values), "" if fg.ratio is None else f"{fg.ratio:.4f}"])


# ---------------------------------------------------------------------------
# targets
# ---------------------------------------------------------------------------
def ratio_of(a, b):
    if a is None or b is None or b.median == 0:
        return None
    return a.median / b.median


targets = []  # (description, measured text, met?)


def target(desc, value, limit, higher_is_better=False, fmt="{:.3f}×"):
    if value is None:
        targets.append((desc, "not measured", None))
        return
    met = value >= limit if higher_is_better else value <= limit
    targets.append((desc, fmt.format(value), met))


target("Generation: scru128() per call ≤ 0.07× gen_random_uuid()",
       ratio_of(fig("gen", "per_call_ns", "scru128"), fig("gen", "per_call_ns", "uuid_v4")), 0.07)
target("Text output: scru128_out per call ≤ 1.0× uuid_out",
       ratio_of(fig("textout", "per_call_ns", "scru128"), fig("textout", "per_call_ns", "uuid_v4")), 1.0)
target("Text input: s::scru128 per call ≤ 0.5× s::uuid",
       ratio_of(fig("textin", "per_call_ns", "scru128"), fig("textin", "per_call_ns", "uuid_v4")), 0.5)
target("Sort of shuffled keys (above the scan) ≤ 1.0× uuid",
       ratio_of(fig("sort", "sort_above_scan_ms", "scru128"), fig("sort", "sort_above_scan_ms", "uuid_v4")), 1.0)
target("1M-row bulk insert (logged) ≤ 0.4× uuid v4",
       ratio_of(fig("bulk", "insert_ms_logged", "scru128"), fig("bulk", "insert_ms_logged", "uuid_v4")), 0.4)
target("1M-row bulk insert (logged) ≤ 1.0× bigserial",
       ratio_of(fig("bulk", "insert_ms_logged", "scru128"), fig("bulk", "insert_ms_logged", "bigserial")), 1.0)
target("1M-row bulk insert (unlogged) ≤ 0.4× uuid v4",
       ratio_of(fig("bulk", "insert_ms_unlogged", "scru128"), fig("bulk", "insert_ms_unlogged", "uuid_v4")), 0.4)
target("1M-row bulk insert (unlogged) ≤ 1.0× bigserial",
       ratio_of(fig("bulk", "insert_ms_unlogged", "scru128"), fig("bulk", "insert_ms_unlogged", "bigserial")), 1.0)
dens = fig("bulk", "leaf_density_logged", "scru128")
target("PK leaf density ≥ 89%", dens.median if dens else None, 89.0, True, "{:.2f}%")
target("PK index ≤ 0.8× the uuid v4 index",
       ratio_of(fig("bulk", "index_bytes_logged", "scru128"), fig("bulk", "index_bytes_logged", "uuid_v4")), 0.8)
target("Growth: scru128 throughput in the last batches ≥ 3× uuid v4's",
       ratio_of(fig("growth", "rows_per_s_last5", "scru128"), fig("growth", "rows_per_s_last5", "uuid_v4")), 3.0, True)


# ---------------------------------------------------------------------------
# results.md
# ---------------------------------------------------------------------------
def fmt_num(x):
    if x != x:  # nan
        return "–"
    a = abs(x)
    if a >= 1000:
        return f"{x:,.0f}"
    if a >= 100:
        return f"{x:.0f}"
    if a >= 10:
        return f"{x:.1f}"
    if a >= 1:
        return f"{x:.2f}"
    return f"{x:.3g}"


def cell(fg):
    if fg is None:
        return "n/a"
    if len(fg.values) == 1:
        return fmt_num(fg.median)
    return f"{fmt_num(fg.median)} ({fmt_num(fg.min)}–{fmt_num(fg.max)})"


def rcell(fg):
    return "" if fg is None or fg.ratio is None else f"{fg.ratio:.2f}×"


def table(title, rows, contenders=CONTENDERS, note=None, ratios=True):
    """rows: list of (label, workload, metric); nothing for a workload not run"""
    if not any(fig(w, m, c) for _, w, m in rows for c in contenders):
        return []
    lines = [f"### {title}", ""]
    if note:
        lines += [note, ""]
    if ratios:
        lines.append("| contender | " + " | ".join(f"{lbl} | ×uuid v4" for lbl, _, _ in rows) + " |")
        lines.append("|---|" + "---:|---:|" * len(rows))
    else:
        lines.append("| contender | " + " | ".join(lbl for lbl, _, _ in rows) + " |")
        lines.append("|---|" + "---:|" * len(rows))
    for c in contenders:
        cells = []
        any_value = False
        for _, w, m in rows:
            fg = fig(w, m, c)
            any_value |= fg is not None
            cells += [cell(fg), rcell(fg)] if ratios else [cell(fg)]
        if any_value:
            lines.append(f"| {LABELS[c]} | " + " | ".join(cells) + " |")
    lines.append("")
    return lines


md = ["# scru128 benchmark results", ""]
smoke = env.get("mode") == "smoke"
if smoke:
    md += ["**Smoke run: tiny sizes, one repetition. These numbers mean nothing.**", ""]
md += [
    "Generated by `test/bench/run.sh` (report: `test/bench/report.py`) from `raw.csv` and `growth.csv`.",
    "Each figure is the median of its samples, with min–max in parentheses; "
    "×uuid v4 is the ratio of medians against `uuid DEFAULT gen_random_uuid()` of the same run. "
    "Contenders are interleaved within each repetition, in an order rotated from one repetition to the next.",
    "",
    "## Machine and settings",
    "",
    f"- Run: {env.get('date', '?')}, {env.get('elapsed_s', '?')} s in all, {env.get('reps', '?')} repetitions",
    f"- CPU: {env.get('cpu', '?')}, {env.get('cores', '?')} cores, {env.get('memory', '?')} RAM; {env.get('os', '?')}, {env.get('kernel', '?')}",
    f"- Server: {env.get('server', '?')}; extension built from commit {env.get('commit', '?')} (sources sha256 {env.get('source_sha256', '?')})",
    f"- 1-minute load average during the run (sampled every 5 s): mean {env.get('load1_mean', '?')}, "
    f"max {env.get('load1_max', '?')}, on {env.get('cores', '?')} cores",
    f"- Server settings: `{env.get('server_settings', '?')}` (shared_buffers = {env.get('show_shared_buffers', '?')}, "
    f"max_wal_size = {env.get('show_max_wal_size', '?')}, checkpoint_timeout = {env.get('show_checkpoint_timeout', '?')}, "
    f"autovacuum = {env.get('show_autovacuum', '?')}, collation {env.get('show_lc_collate', '?')}); all other settings are the defaults of initdb",
    f"- Session settings: `{env.get('session_settings', '?')}`; every table is created with `autovacuum_enabled = off`",
    "",
    "## Targets",
    "",
    "| target | measured | |",
    "|---|---:|---|",
]
for desc, measured, met in targets:
    md.append(f"| {desc} | {measured} | {'met' if met else ('**missed**' if met is False else 'n/a')} |")
md.append("")
md.append("## Results")
md.append("")
md += table("1. Generation", [("ns per call above the floor", "gen", "per_call_ns")],
            ["scru128", "uuid_v4"],
            f"`SELECT count(f()) FROM generate_series(1, {N['gen_n']:,})` minus `SELECT count(*) FROM generate_series(1, {N['gen_n']:,})`, per call.")
md += table(f"2. Bulk insert of {N['bulk_n']:,} rows into a table with a PK",
            [("logged ms", "bulk", "insert_ms_logged"), ("unlogged ms", "bulk", "insert_ms_unlogged"),
             ("table MiB", "bulk", "table_bytes_logged"), ("PK index MiB", "bulk", "index_bytes_logged"),
             ("PK avg_leaf_density %", "bulk", "leaf_density_logged")],
            note="`INSERT INTO t(v) SELECT g FROM generate_series(1, n) g`, into a new table right after a CHECKPOINT. "
                 "Sizes and density (pgstattuple's `pgstatindex`) are those of the logged table.")
gb = int(env.get("growth_batch", "0"))
gn = int(env.get("growth_batches", "0"))
md += table(f"3. Growth: {gn} batches of {gb:,} rows ({gn * gb:,} rows per contender)",
            [("rows/s, first 5 batches", "growth", "rows_per_s_first5"),
             ("rows/s, last 5 batches", "growth", "rows_per_s_last5"),
             ("final table MiB", "growth", "final_table_bytes"),
             ("final index MiB", "growth", "final_index_bytes")],
            note="All contenders' tables grow side by side, one batch each in turn (order rotated), in one cluster with "
                 f"shared_buffers = {env.get('show_shared_buffers', '?')}; each batch is one `INSERT ... SELECT` timed by the client. "
                 "The 'last 5 batches' figure is the median (min–max) of the five last batches' throughput. "
                 "Chart: [growth.png](growth.png) (throughput against table size) and [growth-rows.png](growth-rows.png) (against rows).")
md += table(f"4. Concurrency: pgbench, 8 clients, single-row inserts, {env.get('pgbench_seconds', '?')} s per sample",
            [("TPS", "conc", "tps"), ("errors", "conc", "errors")],
            note="`INSERT INTO t (v) VALUES (1)` with the default key; errors are failed transactions and aborted clients.")
md += table(f"5a. Sort of {N['sort_n']:,} shuffled keys (`ORDER BY id`, in memory)",
            [("query ms", "sort", "sort_ms"), ("sort above the scan ms", "sort", "sort_above_scan_ms")],
            note=f"`SELECT id FROM t ORDER BY id OFFSET n` minus `SELECT id FROM t OFFSET n`. Text keys sort under the database collation ({env.get('show_lc_collate', '?')}).")
md += table("5b. Text output and input",
            [("id::text ns per call", "textout", "per_call_ns"), ("s::type ns per call", "textin", "per_call_ns")],
            ["scru128", "uuid_v4", "uuid_scru128", "bigserial"],
            note="Output: `count(id::text)` minus `count(id)`. Input: `count(s::scru128)` / `count(s::uuid)` minus `count(s)` "
                 "over a text column of canonical strings; per row.")
md += table("5c. Binary COPY of the sorted table",
            [("COPY TO file ms", "copy", "out_ms"), ("COPY FROM file ms", "copy", "in_ms")],
            note="`COPY t TO/FROM 'file' (FORMAT binary)`, server-side file, into a table without index.")
md += table(f"6a. Point lookups by PK ({N['lookup_n']:,} rows)",
            [("lookup latency ms", "lookup", "latency_ms"), ("TPS (key fetch + lookup)", "lookup", "tps"),
             ("PK index MiB", "lookup", "pk_index_bytes")],
            note="pgbench -M prepared, 2 clients: a random existing key is fetched from a side table by row number, "
                 "then `SELECT v FROM t WHERE id = :key`; the latency is that of the second statement (pgbench -r).")
md += table("6b. One-hour time range over one day of rows (1/24 of them)",
            [("btree ms", "range", "btree_ms"), ("BRIN ms", "range", "brin_ms"),
             ("btree MiB", "range", "btree_index_bytes"), ("BRIN KiB", "range", "brin_index_bytes"),
             ("rows", "range", "rows")],
            ["scru128", "uuid_scru128", "text_scru128"],
            note="`SELECT count(*), sum(v) FROM t WHERE id BETWEEN scru128_min(h) AND scru128_max(h + 59:59.999)` "
                 "(cast to uuid / text for those columns), on a table with only the PK btree and on a copy with only a BRIN index; "
                 "enable_seqscan = off. Does not apply to gen_random_uuid() or bigserial keys, which carry no time. "
                 "No uuid v4 here, so no ratio."
                 + (" The plans are in [plans.txt](plans.txt)." if os.path.exists(os.path.join(OUT, "plans.txt")) else ""),
            ratios=False)
with open(os.path.join(OUT, "results.md"), "w") as f:
    f.write("\n".join(md))


# ---------------------------------------------------------------------------
# charts (gnuplot)
# ---------------------------------------------------------------------------
def charts():
    if not shutil.which("gnuplot"):
        print("report.py: gnuplot not installed, no charts", file=sys.stderr)
        return
    colors = {"scru128": "#1b9e77", "uuid_v4": "#d95f02", "uuid_scru128": "#7570b3",
              "bigserial": "#666666", "text_scru128": "#e7298a"}
    present = [c for c in CONTENDERS if c in growth_by]
    for c in present:
        with open(os.path.join(OUT, f"growth_{c}.dat"), "w") as f:
            for r in growth_by[c]:
                mib = (int(r["table_bytes"]) + int(r["index_bytes"])) / 1048576
                f.write(f"{int(r['rows']) / 1e6} {mib:.1f} {float(r['rows_per_s']) / 1000:.1f}\n")
    title = f"Insert throughput per batch of {gb:,} rows, shared_buffers={env.get('show_shared_buffers', '?')}"
    if smoke:
        title += " (SMOKE RUN)"
    gp = [
        "set terminal pngcairo noenhanced size 1000,600 font 'DejaVu Sans,11'",
        "set grid",
        "set key below",
        "set ylabel 'thousand rows per second'",
        "set yrange [0:*]",
        f"set title \"{title}\"",
    ]
    for out, col, xlabel in (("growth.png", 2, "table size: heap + PK index (MiB)"),
                             ("growth-rows.png", 1, "rows in the table (millions)")) if present else ():
        gp += [f"set output '{os.path.join(OUT, out)}'", f"set xlabel '{xlabel}'"]
        gp.append("plot " + ", ".join(
            f"'{os.path.join(OUT, f'growth_{c}.dat')}' using {col}:3 with linespoints pt 7 ps 0.6 lw 2 "
            f"lc rgb '{colors[c]}' title '{LABELS[c]}'" for c in present))
    # headline ratios against uuid v4 (log scale), one bar per target
    # (label, scru128's figure, uuid v4's figure, target as a cost ratio or
    # NaN); throughputs are inverted into time per row so that lower is better
    bars = []
    for label, a, b, limit in (
            ("generation", fig("gen", "per_call_ns", "scru128"), fig("gen", "per_call_ns", "uuid_v4"), 0.07),
            ("text out", fig("textout", "per_call_ns", "scru128"), fig("textout", "per_call_ns", "uuid_v4"), 1.0),
            ("text in", fig("textin", "per_call_ns", "scru128"), fig("textin", "per_call_ns", "uuid_v4"), 0.5),
            ("sort", fig("sort", "sort_above_scan_ms", "scru128"), fig("sort", "sort_above_scan_ms", "uuid_v4"), 1.0),
            ("bulk insert", fig("bulk", "insert_ms_logged", "scru128"), fig("bulk", "insert_ms_logged", "uuid_v4"), 0.4),
            ("PK index size", fig("bulk", "index_bytes_logged", "scru128"), fig("bulk", "index_bytes_logged", "uuid_v4"), 0.8),
            ("growth time/row", fig("growth", "rows_per_s_last5", "uuid_v4"), fig("growth", "rows_per_s_last5", "scru128"), 1 / 3),
            ("pgbench insert time/tx", fig("conc", "tps", "uuid_v4"), fig("conc", "tps", "scru128"), float("nan")),
            ("lookup latency", fig("lookup", "latency_ms", "scru128"), fig("lookup", "latency_ms", "uuid_v4"), float("nan"))):
        r = ratio_of(a, b)
        if r is not None and r > 0:
            bars.append((label, r, limit))
    if bars:
        with open(os.path.join(OUT, "ratios.dat"), "w") as f:
            for i, (label, r, limit) in enumerate(bars):
                f.write(f"{i} \"{label}\" {r:.4f} {limit:.4f}\n")
        rtitle = "scru128 cost relative to uuid DEFAULT gen_random_uuid() (lower is better; 1 = same)"
        if smoke:
            rtitle += " (SMOKE RUN)"
        # log axis from a power of ten below everything to one well above
        lows = [r for _, r, _ in bars] + [t for _, _, t in bars if t == t]
        ymin = 10 ** math.floor(math.log10(min(lows) * 0.9))
        ymax = 10 ** math.ceil(math.log10(max(lows) * 1.5))
        gp += [
            f"set output '{os.path.join(OUT, 'ratios.png')}'",
            "unset xlabel", "set ylabel 'ratio to uuid v4 (log scale)'", "set logscale y",
            f"set yrange [{ymin}:{ymax}]", "set xtics rotate by -30", "set style fill solid 0.8",
            "set boxwidth 0.6", "set key below", f"set title \"{rtitle}\"",
            "set arrow from graph 0, first 1 to graph 1, first 1 nohead lc rgb 'black' lw 1",
            # the measured value is written at the foot of its bar, where no
            # target line can cover it; targets are red bars across the column
            f"plot '{os.path.join(OUT, 'ratios.dat')}' using 1:3:xtic(2) with boxes lc rgb '#1b9e77' title 'measured', "
            f"'' using 1:({ymin * 1.6}):(sprintf('%.2f', $3)) with labels tc rgb 'white' font ',12' notitle, "
            f"'' using ($1 - 0.4):4:(0.8):(0) with vectors nohead lw 4 lc rgb '#d62728' title 'target (at most)'",
        ]
    with open(os.path.join(OUT, "charts.gp"), "w") as f:
        f.write("\n".join(gp) + "\n")
    subprocess.run(["gnuplot", os.path.join(OUT, "charts.gp")], check=True)
    for c in present:
        os.remove(os.path.join(OUT, f"growth_{c}.dat"))
    if bars:
        os.remove(os.path.join(OUT, "ratios.dat"))
    os.remove(os.path.join(OUT, "charts.gp"))


charts()
print(f"report.py: {len(figures)} figures, {sum(1 for t in targets if t[2])} of {len(targets)} targets met")
