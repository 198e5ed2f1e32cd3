#!/usr/bin/env python3
"""How far apart single runs of `perf bench sched messaging` are on an unchanged kernel: the
noise behind the psi_clock_once seed's messaging row, which compares one run before the change
with one run after (0.747 s and 0.640 s, -14.3%).

usage: scripts/messaging-spread.py [RUNS]      (default 20; needs perf: Debian linux-perf)

Runs the benchmark as the seed did (`perf bench sched messaging`: 10 groups, 400 processes) RUNS
times in a row on this machine and prints each time, their spread, and how many ordered pairs
of two runs (a, b), a != b, differ as much as the seed's before and after: b / a - 1 <= -14.3%."""
import itertools
import re
import statistics
import subprocess
import sys

runs = int(sys.argv[1]) if len(sys.argv) > 1 else 20
if runs < 2:
    sys.exit("usage: messaging-spread.py [RUNS] (at least 2)")
times = []
for i in range(runs):
    r = subprocess.run(["perf", "bench", "sched", "messaging"], capture_output=True, text=True)
    m = re.search(r"Total time: ([0-9.]+)", r.stdout)
    if r.returncode != 0 or not m:
        sys.exit(f"perf bench sched messaging, run {i + 1}: exit {r.returncode}, no 'Total time' in:\n"
                 f"{r.stdout}{r.stderr}")
    times.append(float(m.group(1)))
mean = statistics.mean(times)
sd = statistics.stdev(times)
print("runs (s): " + " ".join(f"{t:.3f}" for t in times))
print(f"{runs} runs: mean {mean:.3f} s, sd {sd:.3f} s ({sd / mean * 100:.1f}%), "
      f"min {min(times):.3f}, max {max(times):.3f} ({(max(times) / min(times) - 1) * 100:.0f}% apart)")
pairs = [b / a - 1 for a, b in itertools.permutations(times, 2)]
faster = sum(p <= -0.143 for p in pairs)
print(f"ordered pairs of runs 14.3% or more faster: {faster} of {len(pairs)} "
      f"({faster / len(pairs) * 100:.1f}%)")
