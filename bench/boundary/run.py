"""Runs the boundary benchmark in one go: JMH (Java and JavaScript callers of Graalite,
sqlite-jdbc, H2) and the script versions (the same DB-API program on CPython's sqlite3 and on
GraalPy with Graalite, the same better-sqlite3 program on Node.js and on GraalJS with
Graalite, each with inlining on and off), then writes one table of seconds per operation and
ratios. Every system must give the same checksum for a workload, or the run fails.

Started by bin/boundary, which finds JDK 25 and builds what is needed; see its usage.
"""
import argparse
import csv
import datetime
import json
import math
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
WORKLOADS = ["select", "innerjoin", "pythonjoin", "pyfunction", "pyaggregate", "filltable"]
JMH_SYSTEMS = ["graalite-js", "graalite-js-noinline", "graalite-java", "graalite-jdbc", "sqlite-jdbc", "h2"]
# better-sqlite3 13 needs Node.js 22; the 12 line builds on this machine's Node.js 20.
BETTER_SQLITE3 = "12.11.1"

# Columns of the report: (system, label, which Graalite system it is compared with).
COLUMNS = [
    ("graalite-py", "Graalite from GraalPy", None),
    ("graalite-py-noinline", "same, inlining off", "graalite-py"),
    ("cpython-sqlite3", "CPython sqlite3", "graalite-py"),
    ("graalite-js-api", "Graalite from GraalJS (better-sqlite3 API)", None),
    ("graalite-js-api-noinline", "same, inlining off", "graalite-js-api"),
    ("node-better-sqlite3", "Node.js better-sqlite3", "graalite-js-api"),
    ("graalite-js", "Graalite from GraalJS (polyglot API, JMH)", None),
    ("graalite-js-noinline", "same, inlining off", "graalite-js"),
    ("graalite-java", "Graalite from Java (polyglot API, JMH)", None),
    # The same JDBC program for the three drivers: only the URL and the function registration differ.
    ("graalite-jdbc", "Graalite from Java (JDBC, JMH)", None),
    ("sqlite-jdbc", "sqlite-jdbc (JMH)", "graalite-jdbc"),
    ("h2", "H2 (JMH)", "graalite-jdbc"),
]


def log(message):
    print("[boundary] " + message, file=sys.stderr, flush=True)


def scale_name(sf):
    text = ("%f" % sf).rstrip("0").rstrip(".")
    return text


def run_jmh(args, out_dir, workloads):
    """The JMH part; returns {(workload, system): (seconds, checksum)}."""
    result_file = out_dir / "jmh.json"
    log_file = out_dir / "jmh.log"
    command = [str(ROOT / "bin" / "jmh"), "Boundary", "-f", "1", "-wi", str(args.jmh_warmup_iterations), "-w", args.jmh_time,
               "-i", str(args.jmh_iterations), "-r", args.jmh_time, "-p", "sf=" + scale_name(args.sf),
               "-p", "fillRows=%d" % args.fill_rows, "-p", "workload=" + ",".join(workloads),
               "-p", "system=" + ",".join(s for s in JMH_SYSTEMS if s in args.systems), "-rf", "json", "-rff", str(result_file)]
    env = dict(os.environ, GRAALITE_JMH_SKIP_BUILD="1")
    log("JMH: " + " ".join(command[1:]))
    with open(log_file, "w") as out:
        status = subprocess.run(command, stdout=out, stderr=subprocess.STDOUT, env=env).returncode
    if status != 0:
        raise SystemExit("JMH failed (exit %d); see %s" % (status, log_file))
    checksums = {}
    for line in open(log_file):
        m = re.search(r"boundary (\S+) on (\S+): checksum (-?\d+)", line)
        if m:
            checksums[(m.group(1), m.group(2))] = int(m.group(3))
    results = {}
    for entry in json.load(open(result_file)):
        params = entry["params"]
        key = (params["workload"], params["system"])
        results[key] = (entry["primaryMetric"]["score"], checksums.get(key))
    return results


def ensure_better_sqlite3():
    """better-sqlite3, built from source against the machine's Node.js headers, cached."""
    home = Path(os.environ.get("GRAALITE_CACHE", Path.home() / ".cache" / "graalite")) / ("node-better-sqlite3-" + BETTER_SQLITE3)
    module = home / "node_modules" / "better-sqlite3" / "build" / "Release" / "better_sqlite3.node"
    if module.exists():
        return home / "node_modules"
    if shutil.which("npm") is None or shutil.which("node") is None:
        raise SystemExit("Node.js and npm are needed for the better-sqlite3 column (or leave out node-better-sqlite3 with --systems)")
    home.mkdir(parents=True, exist_ok=True)
    (home / "package.json").write_text('{"name": "graalite-boundary-bench", "private": true}\n')
    env = dict(os.environ, npm_config_build_from_source="true")
    if Path("/usr/include/node/node.h").exists():
        env["npm_config_nodedir"] = "/usr"  # Debian's headers: no download of Node's sources
    log("installing better-sqlite3 %s (built from source) into %s" % (BETTER_SQLITE3, home))
    subprocess.run(["npm", "install", "--no-save", "--foreground-scripts", "better-sqlite3@" + BETTER_SQLITE3], cwd=home, env=env, check=True,
                   stdout=sys.stderr)
    if not module.exists():
        raise SystemExit("better-sqlite3 did not build: " + str(module) + " is missing")
    return home / "node_modules"


def run_script(system, command, env, out_dir):
    """One script run: {(workload, system): (seconds, checksum)} from its JSON lines."""
    log("%s: %s" % (system, " ".join(command)))
    log_file = out_dir / (system + ".log")
    with open(log_file, "w") as err:
        completed = subprocess.run(command, stdout=subprocess.PIPE, stderr=err, env=env, text=True)
    if completed.returncode != 0:
        raise SystemExit("%s failed (exit %d); see %s" % (system, completed.returncode, log_file))
    results = {}
    with open(log_file, "a") as kept:
        # The JSON lines hold every measured run, not only their mean: kept for later reading
        # (a run disturbed by a late recompilation shows there).
        for line in completed.stdout.splitlines():
            if line.startswith("{"):
                kept.write(line + "\n")
                r = json.loads(line)
                results[(r["workload"], system)] = (r["seconds"], r["checksum"])
    return results


def versions(python):
    """The competitors' versions: their SQLite differs from Graalite's 3.54.1."""
    def ask(command):
        try:
            return subprocess.run(command, capture_output=True, text=True, timeout=60).stdout.strip()
        except OSError:
            return "?"
    cpython = ask([python, "-c", "import sys, sqlite3; print(sys.version.split()[0], sqlite3.sqlite_version)"]).split()
    node = ask(["node", "--version"]) if shutil.which("node") else "?"
    return ("CPython %s (SQLite %s), Node.js %s with better-sqlite3 %s (its bundled SQLite)."
            % (cpython[0] if cpython else "?", cpython[1] if len(cpython) > 1 else "?", node, BETTER_SQLITE3))


def geomean(values):
    values = [v for v in values if v is not None and v > 0]
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else None


def report(results, workloads, systems, out_dir, header):
    columns = [c for c in COLUMNS if c[0] in systems]
    with open(out_dir / "results.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["workload", "system", "seconds", "checksum"])
        for (workload, system), (seconds, checksum) in sorted(results.items()):
            w.writerow([workload, system, "%.6g" % seconds, checksum])
    lines = [header, "", "Seconds per operation; in brackets the system's time over the Graalite system it is compared with",
             "(the Graalite column left of it: above 1, Graalite is faster).", ""]
    lines.append("| workload | " + " | ".join(label for _, label, _ in columns) + " |")
    lines.append("|---|" + "---|" * len(columns))
    ratios = {c[0]: [] for c in columns}
    for workload in workloads:
        cells = []
        for system, _, base in columns:
            r = results.get((workload, system))
            if r is None:
                cells.append("-")
                continue
            cell = "%.4g" % r[0]
            b = results.get((workload, base)) if base else None
            if b is not None:
                ratio = r[0] / b[0]
                ratios[system].append(ratio)
                cell += " (%.2fx)" % ratio
            cells.append(cell)
        lines.append("| %s | %s |" % (workload, " | ".join(cells)))
    cells = []
    for system, _, base in columns:
        g = geomean(ratios[system]) if base else None
        cells.append("**%.2fx**" % g if g else "")
    lines.append("| geometric mean | %s |" % " | ".join(cells))
    text = "\n".join(lines) + "\n"
    (out_dir / "results.md").write_text(text)
    print(text)


def main(argv):
    p = argparse.ArgumentParser(prog="bin/boundary", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--quick", action="store_true", help="scale factor 0.01, 10,000 fill rows, short warm-up (about 15 minutes)")
    p.add_argument("--sf", type=float, default=None, help="TPC-H scale factor (default 0.1; 0.01 with --quick)")
    p.add_argument("--fill-rows", type=int, default=None, help="rows of filltable (default 100,000; 10,000 with --quick)")
    p.add_argument("--workloads", default=",".join(WORKLOADS))
    p.add_argument("--systems", default=",".join(c[0] for c in COLUMNS), help="columns to measure (default: all)")
    p.add_argument("--out", default=None, help="directory of the results (default bench/results/<date>-boundary)")
    args = p.parse_args(argv)
    quick = args.quick
    args.sf = args.sf if args.sf is not None else (0.01 if quick else 0.1)
    args.fill_rows = args.fill_rows if args.fill_rows is not None else (10000 if quick else 100000)
    args.systems = args.systems.split(",")
    unknown = [s for s in args.systems if s not in [c[0] for c in COLUMNS]]
    if unknown:
        raise SystemExit("unknown systems: " + ", ".join(unknown))
    workloads = args.workloads.split(",")
    args.jmh_warmup_iterations, args.jmh_iterations, args.jmh_time = (4, 3, "1s") if quick else (6, 5, "2s")
    script_timing = ["--warmup", "15" if quick else "30", "--measure", "3" if quick else "10", "--iterations", "3"]
    out_dir = Path(args.out) if args.out else ROOT / "bench" / "results" / (datetime.date.today().isoformat() + "-boundary" + ("-quick" if quick else ""))
    out_dir.mkdir(parents=True, exist_ok=True)
    started = time.time()

    results = {}
    if any(s in JMH_SYSTEMS for s in args.systems):
        # Also makes the TPC-H database the scripts read (cached in ~/.cache/graalite/bench).
        results.update(run_jmh(args, out_dir, workloads))
    data = Path(os.environ.get("GRAALITE_BENCH_DATA", Path.home() / ".cache" / "graalite" / "bench")) / ("tpch-sf%s-idx.db" % scale_name(args.sf))
    if not data.exists():
        raise SystemExit("%s is missing: the JMH part makes it (run with a JMH system)" % data)
    common = ["--db", str(data), "--workload", ",".join(workloads), "--fill-rows", str(args.fill_rows)] + script_timing
    # Measured: a hot statement's tier from its first execution (sql.Tier=auto would run the
    # first 50 executions of each statement on SQLite's VDBE, part of the warm-up anyway).
    graalite = [str(ROOT / "bin" / "graalite"), "--sql.TruffleTierAfter=0"]
    env = dict(os.environ, GRAALITE_NO_BUILD="1")
    python = os.environ.get("PYTHON", sys.executable)
    scripts = [
        ("cpython-sqlite3", [python, str(HERE / "workloads.py"), "--module", "sqlite3"]),
        ("graalite-py", graalite + ["run", str(HERE / "workloads.py"), "--module", "graalite"]),
        ("graalite-py-noinline", graalite + ["--sql.InlineStatements=false", "run", str(HERE / "workloads.py"), "--module", "graalite"]),
        ("graalite-js-api", graalite + ["run", str(HERE / "workloads.js"), "--module", "graalite"]),
        ("graalite-js-api-noinline", graalite + ["--sql.InlineStatements=false", "run", str(HERE / "workloads.js"), "--module", "graalite"]),
        ("node-better-sqlite3", ["node", str(HERE / "workloads.js"), "--module", "better-sqlite3"]),
    ]
    for system, command in scripts:
        if system not in args.systems:
            continue
        run_env = env
        if system == "node-better-sqlite3":
            run_env = dict(env, NODE_PATH=str(ensure_better_sqlite3()))
        results.update(run_script(system, command + common + ["--system", system], run_env, out_dir))

    # Every system must agree with sqlite-jdbc's checksum (or, without JMH, with each other).
    failed = False
    for workload in workloads:
        sums = {system: r[1] for (w, system), r in results.items() if w == workload and r[1] is not None}
        if len(set(sums.values())) > 1:
            log("checksums differ for %s: %s" % (workload, sums))
            failed = True
    minutes = (time.time() - started) / 60
    header = ("Boundary workloads on TPC-H sf %s (filltable: %d rows), %s, %.0f minutes; `bin/boundary%s`. %s"
              % (scale_name(args.sf), args.fill_rows, datetime.date.today().isoformat(), minutes, " --quick" if quick else "", versions(python)))
    report(results, workloads, args.systems, out_dir, header)
    log("results in " + str(out_dir))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
