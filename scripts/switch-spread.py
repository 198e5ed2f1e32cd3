#!/usr/bin/env python3
"""How far apart single runs of one command are on an unchanged kernel, in the figures a replay is
held to: context switches, migrations, wakeups; and how many writes and reads the command made
(a recording of scheduler events carries the wakeups only, not the messages behind them).

usage: scripts/switch-spread.py [--runs N] -- COMMAND [ARGS...]     (default 12 runs; as root, or
       with perf allowed: Debian linux-perf)

example: scripts/switch-spread.py -- perf bench sched messaging -g 2 -l 100 -t

Runs COMMAND N times in a row under `perf stat` and prints each run's counts, then per count the
minimum, median and maximum and how far the extremes are from the median."""
import argparse
import statistics
import subprocess
import sys

EVENTS = ["context-switches", "cpu-migrations", "sched:sched_wakeup",
          "syscalls:sys_enter_write", "syscalls:sys_enter_read"]

ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
ap.add_argument("--runs", type=int, default=12)
ap.add_argument("command", nargs=argparse.REMAINDER)
a = ap.parse_args()
cmd = a.command[1:] if a.command[:1] == ["--"] else a.command
if not cmd or a.runs < 2:
    sys.exit("usage: switch-spread.py [--runs N (at least 2)] -- COMMAND [ARGS...]")

runs = []
for i in range(a.runs):
    r = subprocess.run(["perf", "stat", "-x", ",", "-e", ",".join(EVENTS), "--"] + cmd,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    counts = {}
    for line in r.stderr.splitlines():
        f = line.split(",")
        if len(f) > 2 and f[2] in EVENTS:
            counts[f[2]] = int(f[0]) if f[0].isdigit() else None
    missing = [e for e in EVENTS if counts.get(e) is None]
    if r.returncode != 0 or missing:
        sys.exit(f"run {i + 1}: perf stat exited {r.returncode}; not counted: {', '.join(missing) or '-'}\n"
                 f"{r.stderr}")
    runs.append(counts)
    print(f"run {i + 1:2d}: " + "  ".join(f"{e} {counts[e]}" for e in EVENTS), flush=True)

print(f"\n{a.runs} runs of: {' '.join(cmd)}")
for e in EVENTS:
    v = [c[e] for c in runs]
    med = statistics.median(v)
    lo = (min(v) / med - 1) * 100 if med else 0.0
    hi = (max(v) / med - 1) * 100 if med else 0.0
    print(f"{e:26s} min {min(v):8d}  median {med:10.1f}  max {max(v):8d}  ({lo:+.0f}% .. {hi:+.0f}% of the median)")
