#!/usr/bin/env bash
# Records the trace fixtures in tests/data/traces/ on this machine (root, perf, tracefs):
#   perf-sched.script     perf script --ns of `perf sched record` (+ sched_wakeup, exec, exit)
#   perf-sched.latency    perf sched latency -p of the same recording (what the tests compare to)
#   ftrace.txt            the same workload through a tracefs instance of its own
#   trace.dat             that same buffer saved by `trace-cmd extract` (when trace-cmd is
#                         installed; `trace-cmd record` cannot enable ftrace on every machine)
#   trace-cmd.report      `trace-cmd report` of trace.dat
# Usage: scripts/record-trace-fixtures.sh [OUTDIR]   (default tests/data/traces)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$here/tests/data/traces}
work=$(mktemp -d)
inst=/sys/kernel/tracing/instances/schedscope-fixture-$$
cleanup() {
  if [[ -d $inst ]]; then
    echo 0 >"$inst/tracing_on" || true
    rmdir "$inst" || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT INT TERM
cc -O2 -pthread -o "$work/workload" "$here/tests/data/traces/workload.c"

# perf: sched_wakeup as well, because perf sched latency (perf 6.1) ignores sched_waking.
(cd "$work" && perf sched record -q -o perf.data -e sched:sched_wakeup -e sched:sched_process_exec \
  -e sched:sched_process_exit -- ./workload)
perf script -i "$work/perf.data" --ns >"$out/perf-sched.script" 2>/dev/null
perf sched latency -i "$work/perf.data" -p >"$out/perf-sched.latency" 2>&1

# ftrace text from a private instance (the global buffer stays untouched).
mkdir "$inst"
echo 4096 >"$inst/buffer_size_kb"
for e in sched_switch sched_waking sched_wakeup sched_wakeup_new sched_migrate_task \
         sched_process_fork sched_process_exit sched_process_exec; do
  echo 1 >"$inst/events/sched/$e/enable"
done
[[ -d $inst/events/cgroup/cgroup_attach_task ]] && echo 1 >"$inst/events/cgroup/cgroup_attach_task/enable"
echo 1 >"$inst/tracing_on"
"$work/workload"
echo 0 >"$inst/tracing_on"
cat "$inst/trace" >"$out/ftrace.txt"
if command -v trace-cmd >/dev/null; then
  # extract reads (and consumes) the same buffer, then removes the instance itself.
  trace-cmd extract -B "$(basename "$inst")" -o "$out/trace.dat" >/dev/null 2>&1
  trace-cmd report -i "$out/trace.dat" >"$out/trace-cmd.report" 2>/dev/null
fi
ls -l "$out"
