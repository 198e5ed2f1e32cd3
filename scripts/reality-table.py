#!/usr/bin/env python3
"""The README's reality table: each small scenario of tests/data/reality run on this host's kernel
(schedscope-cli reality, as root) REAL_RUNS times -- the "real" column is the range over those
runs -- and simulated in four variants -- kernel models v4.11 and v6.12, with the default costs
and with this host's calibrated costs -- as one sweep per scenario (schedscope-cli sweep, axes
model x costs). Each simulated figure is compared with the mean of the real runs.

usage: scripts/reality-table.py [BUILD_DIR] [--for DUR] [--costs FILE]
Without --costs it calibrates first (schedscope-cli calibrate, about 15 s)."""
import json
import os
import subprocess
import sys
import tempfile

args = sys.argv[1:]
build = args.pop(0) if args and not args[0].startswith("--") else "build"
dur = "2s"
costs = None
while args:
    a = args.pop(0)
    if a == "--for":
        dur = args.pop(0)
    elif a == "--costs":
        costs = args.pop(0)
    else:
        sys.exit(f"unknown argument {a}")
cli = os.path.join(build, "app", "schedscope-cli")
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
data = os.path.join(root, "tests", "data", "reality")

# Every file this script makes lives here and goes when it ends.
work = tempfile.TemporaryDirectory(prefix="schedscope-reality-table-")
if costs is None:
    costs = os.path.join(work.name, "costs.json")
    subprocess.run([cli, "calibrate", "--out", costs], check=True, stderr=subprocess.DEVNULL)


def task(s, name):
    return next(t for t in s["tasks"] if t["name"] == name)


def cgroup(s, path):
    return next(c for c in s["cgroups"] if c["path"] == path)


def secs(s):
    return s["sim_time_ns"] / 1e9


def us(ns):
    return f"{ns / 1000:.1f} us"


# figure name -> function of a summary giving the value's text and number
FIGURES = {
    "weights.json": [
        ("nice 0 CPU share", lambda s: task(s, "nice0")["runtime_ns"] / 1e9 / secs(s), "{:.4f}"),
        ("nice 0 switches per s", lambda s: task(s, "nice0")["switches"] / secs(s), "{:.0f}"),
        ("nice 5 wait p99", lambda s: task(s, "nice5")["latency"]["p99_ns"] / 1e6, "{:.2f} ms"),
    ],
    "shares.json": [
        ("/big : /small usage", lambda s: cgroup(s, "/big")["cpuacct_usage_ns"] / max(1, cgroup(s, "/small")["cpuacct_usage_ns"]), "{:.3f}"),
        ("/small wait p99", lambda s: task(s, "smallhog")["latency"]["p99_ns"] / 1e6, "{:.2f} ms"),
    ],
    "psi.json": [
        ("/busy cpu some, share of time", lambda s: cgroup(s, "/busy")["psi"]["cpu"]["some"]["total_us"] / 1e6 / secs(s), "{:.3f}"),
        ("/busy cpu full, share of time", lambda s: cgroup(s, "/busy")["psi"]["cpu"]["full"]["total_us"] / 1e6 / secs(s), "{:.3f}"),
        ("/calm cpu some, share of time", lambda s: cgroup(s, "/calm")["psi"]["cpu"]["some"]["total_us"] / 1e6 / secs(s), "{:.4f}"),
    ],
    "pipe.json": [
        ("round trips per s", lambda s: s["channels"][0]["transfers"] / secs(s), "{:.0f}"),
        ("sender wait p50", lambda s: task(s, "sender")["latency"]["p50_ns"] / 1e3, "{:.1f} us"),
    ],
    "sleeper.json": [
        ("sleeper wakeups per s", lambda s: task(s, "sleeper")["latency"]["count"] / secs(s), "{:.0f}"),
        ("sleeper wait p50", lambda s: task(s, "sleeper")["latency"]["p50_ns"] / 1e3, "{:.1f} us"),
        ("sleeper wait p99", lambda s: task(s, "sleeper")["latency"]["p99_ns"] / 1e3, "{:.1f} us"),
        ("sleeper wait max", lambda s: task(s, "sleeper")["latency"]["max_ns"] / 1e3, "{:.1f} us"),
        ("hog CPU share", lambda s: task(s, "hog")["runtime_ns"] / 1e9 / secs(s), "{:.4f}"),
    ],
    "spawn.json": [
        ("children started on the other CPU", lambda s: s["counters"]["placements"] / max(1, s["counters"]["forks"]), "{:.2f}"),
    ],
}
MODELS = ["v4.11", "v6.12"]
REAL_RUNS = 4


def simulate(scenario):
    """The four variants as one sweep: {(model, calibrated): summary}."""
    out = os.path.join(work.name, scenario[:-5])
    os.makedirs(out)
    spec = os.path.join(out, "spec.json")
    with open(spec, "w") as f:
        json.dump({"scenario": os.path.join(data, scenario), "for": dur,
                   "axes": {"model": MODELS, "costs": ["default", costs]}}, f)
    r = subprocess.run([cli, "sweep", spec, "--out", os.path.join(out, "cells")], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"sweep of {scenario}: exit {r.returncode}\n{r.stderr}")
    sims = {}
    with open(os.path.join(out, "cells", "cells.jsonl")) as f:
        for line in f:
            c = json.loads(line)
            sims[(c["cell"]["model"], c["cell"]["costs"] != "default")] = c["summary"]
    return sims


print(f"| scenario | figure | real ({REAL_RUNS} runs) | v4.11 | v4.11 calibrated | v6.12 | v6.12 calibrated |")
print("|---|---|---|---|---|---|---|")
for scenario, figures in FIGURES.items():
    runs = []
    for _ in range(REAL_RUNS):
        cmd = [cli, "reality", os.path.join(data, scenario), "--for", dur, "--format", "json"]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit(f"{' '.join(cmd)}: exit {r.returncode}\n{r.stderr}")
        runs.append(json.loads(r.stdout)["real"])
    sims = simulate(scenario)
    for name, f, fmt in figures:
        real = [f(j) for j in runs]
        lo, hi = fmt.format(min(real)), fmt.format(max(real))
        ref = sum(real) / len(real)
        cells = [lo if lo == hi else f"{lo} - {hi}"]
        for model in MODELS:
            for calibrated in (False, True):
                v = f(sims[(model, calibrated)])
                diff = f" ({(v - ref) / ref * 100:+.0f}%)" if ref else ""
                cells.append(fmt.format(v) + diff)
        print(f"| {scenario[:-5]} | {name} | " + " | ".join(cells) + " |")
