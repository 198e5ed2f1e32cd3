#!/usr/bin/env python3
"""The two experiments README's prefer_sibling_local note reports: does POWER8's domain shape or
per-CPU kernel work give the ebizzy threads migrations with the change on?

usage: scripts/ebizzy-background.py BUILD_DIR [--for 20s]

Variants of builtin ebizzy-smt8 at 22, 48 and 96 threads, change off and on:
  p8       the domains a 4.11 kernel builds on POWER8: 22 one-core sockets (LLC = a core's 8 threads)
  kworker  p8 plus a kworker bound to each CPU (sleep exp 400 ms, run exp 150 us: this VM at
           rest), ebizzy threads without sleeps
Prints the ebizzy threads' context switches and migrations, as bench seeds counts them.
"""
import json
import os
import subprocess
import sys
import tempfile


def variant(base, threads, kind):
    s = json.loads(json.dumps(base))
    s["tasks"][0]["count"] = threads
    s["topology"] = {"sockets": 22, "cores_per_socket": 1, "threads_per_core": 8, "numa_nodes": 1}
    if kind == "kworker":
        s["tasks"][0]["program"] = [{"loop": -1, "do": [{"run": {"exp": "2s"}}]}]
        for c in range(176):
            s["tasks"].append({"name": f"kworker/{c}:1", "cpus": str(c), "program": [
                {"loop": -1, "do": [{"sleep": {"exp": "400ms"}}, {"run": {"exp": "150us"}}]}]})
    return s


def run(cli, path, opt, dur):
    out = subprocess.run([cli, "run", path, "--for", dur, "--opt", f"prefer_sibling_local={opt}",
                          "--format", "json"], check=True, capture_output=True, text=True).stdout
    tasks = [t for t in json.loads(out)["tasks"] if t["name"].startswith("ebizzy")]
    return sum(t["switches"] for t in tasks), sum(t["migrations"] for t in tasks)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    cli = os.path.join(sys.argv[1], "app", "schedscope-cli")
    dur = sys.argv[sys.argv.index("--for") + 1] if "--for" in sys.argv else "20s"
    here = os.path.dirname(os.path.abspath(__file__))
    base = json.load(open(os.path.join(here, "..", "resources", "scenarios", "ebizzy-smt8.json")))
    print(f"{'variant':8} {'threads':>7} {'switches off':>12} {'on':>6} {'migrations off':>14} {'on':>4}")
    with tempfile.TemporaryDirectory() as tmp:
        for kind in ("p8", "kworker"):
            for threads in (22, 48, 96):
                path = os.path.join(tmp, f"{kind}-{threads}.json")
                json.dump(variant(base, threads, kind), open(path, "w"))
                (s0, m0), (s1, m1) = run(cli, path, "off", dur), run(cli, path, "on", dur)
                print(f"{kind:8} {threads:7} {s0:12} {s1:6} {m0:14} {m1:4}")


if __name__ == "__main__":
    main()
