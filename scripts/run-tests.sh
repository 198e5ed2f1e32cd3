#!/bin/sh
# Runs every test in a build tree: scripts/run-tests.sh BUILD_DIR JOBS (what `make test` does).
#
# Tests labelled "reality" run real workloads on this machine's kernel and compare what perf
# recorded with /proc and with the simulation. On a shared VM the host sometimes disturbs such a
# run (perf loses events, a neighbour takes the CPU for milliseconds). When every failed test is
# one of those, they run once more and must pass then; the first run's output stays in the log
# above. Any other failure fails at once.
set -u
build=$1
jobs=$2
cd "$build" || exit 1
rm -f Testing/Temporary/LastTestsFailed.log # a stale list must not decide a second run
ctest --output-on-failure -j "$jobs" && exit 0
failed=$(cut -d: -f2 Testing/Temporary/LastTestsFailed.log 2>/dev/null)
[ -n "$failed" ] || exit 1
reality=$(ctest -N -L reality | sed -n 's/^ *Test *#[0-9]*: //p')
for t in $failed; do
    if ! printf '%s\n' "$reality" | grep -qx "$t"; then
        echo "run-tests: $t failed (not a real-kernel measurement): no second run" >&2
        exit 1
    fi
done
echo "run-tests: only real-kernel measurements failed ($(echo $failed)); running them once more" >&2
ctest --output-on-failure --rerun-failed
