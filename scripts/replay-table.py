#!/usr/bin/env python3
"""How faithful is a replay? Records real workloads on this machine with `perf sched record`,
replays each with `schedscope-cli replay` on the kernel model and costs given, and prints per
command of each workload the recorded and simulated CPU time, context switches, span and wait
p99 against the targets (CPU time within 10%, switches within 25%, span within 15%, wait p99
within 2x). Nothing here is fitted: the model's constants are not tuned to these recordings.

Usage (root; needs perf, and rt-tests and stress-ng for two of the workloads):
  scripts/replay-table.py BUILD_DIR [--model v6.12] [--costs FILE] [--keep DIR] [--only NAME]
Prints a markdown table (the README's) on stdout; the recordings stay in --keep DIR.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

# name -> (shell command run under perf sched record, the command (comm) compared, what it is)
WORKLOADS = {
    "messaging": ("perf bench sched messaging -g 2 -l 100 -t", "sched-messaging",
                  "perf bench sched messaging: 2 groups of 20 sender and 20 receiver threads over "
                  "socketpairs (hackbench)"),
    "rt-behind-hog": ("stress-ng --cpu 2 --timeout 2s --quiet & sleep 0.2; "
                      "cyclictest -q -p 80 -i 1000 -l 1500 -t 1 -m; wait", "cyclictest",
                      "a SCHED_FIFO thread woken every 1 ms (cyclictest) while a hog runs on each CPU"),
    "duty-cycle": ("stress-ng --cpu 2 --cpu-load 40 --timeout 2s --quiet", "stress-ng-cpu",
                   "two threads each busy 40% of every 100 ms slice (stress-ng --cpu-load)"),
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


def record(name, cmd, out_dir):
    data = os.path.join(out_dir, name + ".data")
    text = os.path.join(out_dir, name + ".txt")
    sh(f"perf sched record -q -o {data} -- sh -c '{cmd}' > /dev/null 2>&1")
    sh(f"perf script -i {data} --ns > {text} 2>/dev/null")
    os.remove(data)
    return text


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("--model", default="v6.12")
    ap.add_argument("--costs")
    ap.add_argument("--keep")
    ap.add_argument("--only", action="append")
    a = ap.parse_args()
    cli = os.path.join(a.build, "app", "schedscope-cli")
    out = a.keep or tempfile.mkdtemp(prefix="schedscope-replay-")
    os.makedirs(out, exist_ok=True)
    src = os.path.join(out, "src")
    make_sources(src)
    host = os.path.join(out, "host.json")
    sh(f"{cli} host --out {host} 2>/dev/null")
    costs = a.costs
    if not costs:
        costs = os.path.join(out, "costs.json")
        sh(f"{cli} calibrate --quick --out {costs} 2>/dev/null")
    print(f"| workload | command | figure | recorded | simulated ({a.model}) | diff | target |")
    print("|---|---|---|---|---|---|---|")
    for name, (cmd, comm, what) in WORKLOADS.items():
        if a.only and name not in a.only:
            continue
        tool = cmd.split()[0]
        if shutil.which(tool) is None:
            print(f"| {name} | | skipped: {tool} is not installed | | | | |")
            continue
        text = record(name, cmd.format(src=src), out)
        r = subprocess.run([cli, "replay", text, "--model", a.model, "--costs", costs, "--host", host,
                            "--format", "json"], capture_output=True, text=True)
        if r.returncode != 0:
            print(f"| {name} | | replay failed: {r.stderr.strip()[:200]} | | | | |")
            continue
        j = json.loads(r.stdout)
        figures = next((c for c in j["commands"] if c["command"] == comm), None)
        if figures is None:
            print(f"| {name} | {comm} | not in the recording | | | | |")
            continue
        r, s = figures["real"], figures["simulated"]
        rn, sn = r["tasks"], s["tasks"]
        rrun, srun, rsw, ssw = r["runtime_ns"], s["runtime_ns"], r["switches"], s["switches"]
        rspan, sspan, rp99, sp99 = r["span_ns"], s["span_ns"], r["wait_p99_ns"], s["wait_p99_ns"]
        rows = [("CPU time", rrun, srun, 0.10, "ms"), ("switches", rsw, ssw, 0.25, ""),
                ("span", rspan, sspan, 0.15, "ms"), ("wait p99", rp99, sp99, None, "us")]
        for fig, rv, sv, tol, unit in rows:
            scale = {"ms": 1e6, "us": 1e3, "": 1}[unit]
            diff = (sv - rv) / rv * 100 if rv else float("nan")
            if tol is None:
                ok = rv > 0 and 0.5 <= sv / rv <= 2.0 if rv else sv == 0
                target = "within 2x"
            else:
                ok = rv > 0 and abs(sv - rv) <= tol * rv
                target = f"within {int(tol * 100)}%"
            print(f"| {name} | {comm} ({rn}/{sn}) | {fig} | {rv / scale:.2f}{unit} | {sv / scale:.2f}{unit} "
                  f"| {diff:+.1f}% | {target}: {'yes' if ok else 'no'} |")
        sys.stdout.flush()
    if not a.keep:
        shutil.rmtree(out)


if __name__ == "__main__":
    main()
