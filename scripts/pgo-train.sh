#!/bin/sh
# The training run of the profile-guided build (cmake/Pgo.cmake): runs an instrumented
# schedscope-cli on what the engine spends its time on in use, so that the profile it writes
# says which paths are hot. A few seconds: every built-in scenario on every kernel model (a
# short stretch of each), and perf bench sched pipe pinned to one CPU in three cgroup levels with
# PSI and cpuacct (the `bench engine --vs-kernel` scenario) on every model. The built-ins run
# 10 ms each (cpuacct-ctxswitch, 64 CPUs switching, takes half a second for that), the default
# scenario 2 s.
# Usage: scripts/pgo-train.sh CLI
set -eu
cli=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
cat >"$tmp/pipe.json" <<'JSON'
{"format": 1, "name": "PGO training: pipe ping-pong pinned to cpu0, 3 cgroup levels", "duration": "1000s",
 "topology": {"sockets": 1, "cores_per_socket": 2, "threads_per_core": 1, "numa_nodes": 1},
 "kernel": {"features": {"psi": true, "cpuacct": true}},
 "cgroups": [{"path": "/l1/l2/l3"}],
 "channels": [{"name": "p1", "kind": "pipe"}, {"name": "p2", "kind": "pipe"}],
 "tasks": [
  {"name": "sender", "cpus": "0", "cgroup": "/l1/l2/l3",
   "program": [{"loop": 50000, "do": [{"send": "p1"}, {"recv": "p2"}]}]},
  {"name": "receiver", "cpus": "0", "cgroup": "/l1/l2/l3",
   "program": [{"loop": 50000, "do": [{"recv": "p1"}, {"send": "p2"}]}]}]}
JSON
models=$("$cli" models | awk '/^v[0-9]/ {print $1}')
for model in $models; do
    "$cli" run "$tmp/pipe.json" --model "$model" >/dev/null
    "$cli" run builtin:default --model "$model" --for 2s --trace "$tmp/trace.csv" >/dev/null 2>&1
    for s in $("$cli" list | awk '{print "builtin:" $1}'); do
        "$cli" run "$s" --model "$model" --for 10ms --format json --trace "$tmp/trace.csv" >/dev/null 2>&1
    done
done
