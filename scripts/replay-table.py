#!/usr/bin/env python3
"""How faithful is a replay? Records real workloads on this machine with `schedscope-cli record`
(perf.data plus each task's policy, nice, CPUs and cgroup, the host and the kernel release),
replays each folder with `schedscope-cli replay` on every kernel model given and the costs
`calibrate --quick` measures (--traced: `calibrate --quick --traced`, measured under the tracing
`record` does, which every recorded run paid; docs/record-replay.md, "What the recording cost"),
and prints per command of each workload the recorded and
simulated CPU time, context switches, span, wait p50 and p99 and migrations against issue 57's
targets (CPU time within 10%, switches within 25%, span within 15%, waits within 2x or 20 us
where both are under 20 us, migrations within 2x or 10), and for cyclictest the simulated
`timer_latency` average against the one cyclictest printed (within 2x). Nothing here is fitted:
the model's constants are not tuned to these recordings.

Usage (root; needs perf, and rt-tests and stress-ng for three of the workloads):
  scripts/replay-table.py BUILD_DIR [--model v6.18 ...] [--costs FILE | --traced] [--keep DIR [--reuse]]
                          [--only NAME]
Prints a markdown table (the README's) on stdout; the record folders stay in --keep DIR.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

# name -> (shell command run under perf sched record, the command (comm) compared, what it is)
WORKLOADS = {
    "messaging": ("perf bench sched messaging -g 2 -l 100 -t", "sched-messaging",
                  "perf bench sched messaging: 2 groups of 20 sender and 20 receiver threads over "
                  "socketpairs (hackbench)"),
    "pipe-pair": ("perf bench sched pipe -l 20000", "sched-pipe",
                  "perf bench sched pipe: two processes passing one message back and forth"),
    "rt-behind-hog": ("stress-ng --cpu 2 --timeout 2s --quiet & sleep 0.2; "
                      "cyclictest -q -p 80 -i 1000 -l 1500 -t 1 -m > {out}/cyclictest.txt; wait", "cyclictest",
                      "a SCHED_FIFO thread woken every 1 ms (cyclictest) while a hog runs on each CPU"),
    "duty-cycle": ("stress-ng --cpu 2 --cpu-load 40 --timeout 2s --quiet & "
                   "nice -n 10 stress-ng --cpu 1 --timeout 2s --quiet; wait", "stress-ng-cpu",
                   "two threads each busy 40% of every 100 ms slice beside a nice 10 hog"),
    "pinned-hog": ("taskset -c 1 stress-ng --cpu 1 --timeout 2s --quiet & sleep 0.2; "
                   "cyclictest -q -a 1 -p 80 -i 1000 -l 1000 -t 1 -m > /dev/null; wait", "cyclictest",
                   "cyclictest pinned to CPU 1 behind a hog pinned there (taskset)"),
    "make-j": ("make -s -C {src} -j2 clean all", "cc1",
               "make -j2 of 24 small C files (gcc: cc1, as, collect2, ld)"),
}


def sh(cmd, **kw):
    return subprocess.run(cmd, shell=True, check=True, **kw)


def make_sources(d):
    os.makedirs(d, exist_ok=True)
    objs = []
    for i in range(24):
        with open(os.path.join(d, f"f{i}.c"), "w") as f:
            f.write(f"#include <stdio.h>\n#include <string.h>\n#include <stdlib.h>\n"
                    f"static int tab{i}[4096];\nint f{i}(int x) {{ for (int k = 0; k < 4096; ++k) "
                    f"tab{i}[k] = x * k + {i}; return tab{i}[x & 4095]; }}\n")
        objs.append(f"f{i}.o")
    with open(os.path.join(d, "main.c"), "w") as f:
        f.write("int main(void) { return 0; }\n")
    with open(os.path.join(d, "Makefile"), "w") as f:
        f.write("CFLAGS = -O2\nall: prog\nprog: main.o " + " ".join(objs) + "\n\t$(CC) -o $@ $^\n"
                "clean:\n\trm -f *.o prog\n")


def record(cli, name, cmd, out_dir):
    folder = os.path.join(out_dir, name)
    shutil.rmtree(folder, ignore_errors=True)
    sh(f"{cli} record --out {folder} -- sh -c '{cmd}' > /dev/null 2>&1")
    return folder


def cyclictest_avg_us(path):
    """The average latency cyclictest printed (-q prints its summary line at the end)."""
    try:
        m = re.findall(r"Avg:\s*(\d+)", open(path).read())
    except OSError:
        return None
    return float(m[-1]) if m else None


def timer_latency_avg_ns(summary, comm):
    """The simulated timer latency of cyclictest's measuring threads: those woken by their timer
    at least half as often as the busiest one (its main thread sleeps seldom and is not measured)."""
    mine = [t.get("timer_latency") for t in summary.get("tasks", [])
            if t.get("name", "") == comm or t.get("name", "").startswith(comm + "-")]
    mine = [tl for tl in mine if tl and tl.get("count")]
    if not mine:
        return None
    most = max(tl["count"] for tl in mine)
    measuring = [tl for tl in mine if 2 * tl["count"] >= most]
    return sum(tl["avg_ns"] * tl["count"] for tl in measuring) / sum(tl["count"] for tl in measuring)


def verdict(fig, rv, sv):
    if fig in ("wait p50", "wait p99"):
        if rv < 20e3 and sv < 20e3:
            return abs(sv - rv) <= 20e3, "20 us"
        return rv > 0 and 0.5 <= sv / rv <= 2.0, "2x"
    if fig == "migrations":
        return abs(sv - rv) <= 10 or (rv > 0 and 0.5 <= sv / rv <= 2.0), "2x or 10"
    if fig == "timer latency avg":
        return rv > 0 and 0.5 <= sv / rv <= 2.0, "2x"
    tol = {"CPU time": 0.10, "switches": 0.25, "span": 0.15}[fig]
    return rv > 0 and abs(sv - rv) <= tol * rv, f"{int(tol * 100)}%"


def fmt(v, unit):
    scale = {"ms": 1e6, "us": 1e3, "": 1}[unit]
    return f"{v / scale:.2f} {unit}".strip() if unit else f"{v:.0f}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("--model", action="append")
    ap.add_argument("--costs")
    ap.add_argument("--traced", action="store_true",
                    help="costs measured under record's tracing (calibrate --quick --traced)")
    ap.add_argument("--keep")
    ap.add_argument("--only", action="append")
    ap.add_argument("--reuse", action="store_true",
                    help="replay the folders already in --keep DIR instead of recording again")
    a = ap.parse_args()
    models = a.model or ["v6.12", "v6.18"]
    cli = os.path.join(a.build, "app", "schedscope-cli")
    out = os.path.abspath(a.keep or tempfile.mkdtemp(prefix="schedscope-replay-"))
    os.makedirs(out, exist_ok=True)
    src = os.path.join(out, "src")
    make_sources(src)
    costs = a.costs
    if not costs:
        costs = os.path.join(out, "costs-traced.json" if a.traced else "costs.json")
        if not (a.reuse and os.path.isfile(costs)):
            sh(f"{cli} calibrate --quick {'--traced ' if a.traced else ''}--out {costs} 2>/dev/null")
    print("| workload | command (tasks) | figure | recorded | " +
          " | ".join(f"{m} | diff | target" for m in models) + " |")
    print("|---|---|---|---|" + "---|---|---|" * len(models))
    for name, (cmd, comm, what) in WORKLOADS.items():
        if a.only and name not in a.only:
            continue
        tools = [w for w in re.findall(r"(?:^|[;&] *)(\w[\w-]*)", cmd) if w not in ("nice", "sleep", "wait")]
        missing = [t for t in tools if shutil.which(t) is None]
        if missing:
            print(f"| {name} | | skipped: {missing[0]} is not installed |" + " | | |" * len(models))
            continue
        folder = os.path.join(out, name)
        if not (a.reuse and os.path.isdir(folder)):
            folder = record(cli, name, cmd.format(src=src, out=out), out)
        results = []
        for m in models:
            r = subprocess.run([cli, "replay", folder, "--model", m, "--costs", costs, "--format", "json"],
                               capture_output=True, text=True)
            results.append(json.loads(r.stdout) if r.returncode == 0 else r.stderr.strip()[:200])
        if any(isinstance(j, str) for j in results):
            print(f"| {name} | | replay failed: {next(j for j in results if isinstance(j, str))} |")
            continue
        per = [next((c for c in j["commands"] if c["command"] == comm), None) for j in results]
        if per[0] is None:
            print(f"| {name} | {comm} | not in the recording |")
            continue
        real = per[0]["real"]
        rows = [("CPU time", "runtime_ns", "ms"), ("switches", "switches", ""), ("span", "span_ns", "ms"),
                ("wait p50", "wait_p50_ns", "us"), ("wait p99", "wait_p99_ns", "us"),
                ("migrations", "migrations", "")]
        label = f"{comm} ({real['tasks']})"
        for fig, key, unit in rows:
            cells = []
            for c in per:
                rv, sv = real[key], c["simulated"][key]
                ok, target = verdict(fig, rv, sv)
                diff = f"{(sv - rv) / rv * 100:+.1f}%" if rv else "-"
                cells.append(f"{fmt(sv, unit)} | {diff} | {target}: {'yes' if ok else 'no'}")
            print(f"| {name} | {label} | {fig} | {fmt(real[key], unit)} | " + " | ".join(cells) + " |")
            name = label = ""
        if comm == "cyclictest" and "{out}/cyclictest.txt" in cmd:
            avg = cyclictest_avg_us(os.path.join(out, "cyclictest.txt"))
            if avg is not None:
                cells = []
                for j in results:
                    sv = timer_latency_avg_ns(j["simulated"], comm)
                    if sv is None:
                        cells.append("- | | no timer sleeps")
                        continue
                    ok, target = verdict("timer latency avg", avg * 1e3, sv)
                    cells.append(f"{sv / 1e3:.2f} us | {(sv / 1e3 - avg) / avg * 100:+.1f}% | "
                                 f"{target}: {'yes' if ok else 'no'}")
                print(f"| | | timer latency avg (cyclictest's own) | {avg:.2f} us | " + " | ".join(cells) + " |")
        sys.stdout.flush()
    if not a.keep:
        shutil.rmtree(out)


if __name__ == "__main__":
    main()
