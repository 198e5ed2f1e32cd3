#!/usr/bin/env bash
# `make fuzz`: builds the libFuzzer harnesses with clang-19 (ASan + UBSan + fuzzer coverage)
# and runs each for the given number of seconds, seeded with the built-in scenarios and the
# test data. New corpus entries go to $build/corpus/<harness>/, crashes to $build/crashes/.
# Usage: scripts/fuzz.sh [build-dir] [seconds-per-harness]
set -euo pipefail
build=${1:-build-fuzz}
seconds=${2:-300}
root=$(cd "$(dirname "$0")/.." && pwd)
CC=clang-19 CXX=clang++-19 cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DSCHEDSCOPE_FUZZ=ON -DSCHEDSCOPE_GUI=OFF -DSCHEDSCOPE_TESTS=OFF -DSCHEDSCOPE_BENCHMARKS=OFF \
  -DSCHEDSCOPE_SANITIZE=address,undefined >/dev/null
cmake --build "$build" --target fuzz_scenario fuzz_run fuzz_trace fuzz_perfetto fuzz_sweepspec schedscope-cli
rm -rf "$build/crashes"  # earlier findings live on in tests/data/fuzz/
mkdir -p "$build/crashes" "$build/seeds"
cp "$root"/resources/scenarios/*.json "$root"/tests/data/*.json "$build/seeds/"
# The trace harness also starts from real recordings (small ones; the fuzzer cuts them).
cp "$root"/tests/data/traces/ftrace.txt "$root"/tests/data/traces/perf-sched.script "$build/seeds/"
# The Perfetto harness starts from small traces of both encodings' writer: a run and a recording.
"$build/app/schedscope-cli" run builtin:default --for 5ms --perfetto "$build/seeds/default.pftrace" >/dev/null
"$build/app/schedscope-cli" trace-summary "$root/tests/data/traces/ftrace.txt" \
  --perfetto "$build/seeds/ftrace.pftrace" >/dev/null 2>&1
# The sweep spec harness starts from the example sweep.
cp "$root"/docs/sweeps/*.json "$build/seeds/"
[[ -d "$root/tests/data/fuzz" ]] && cp "$root"/tests/data/fuzz/* "$build/seeds/" 2>/dev/null || true
status=0
for h in fuzz_scenario fuzz_run fuzz_trace fuzz_perfetto fuzz_sweepspec; do
  mkdir -p "$build/corpus/$h"
  echo "== $h for ${seconds}s"
  "$build/tests/fuzz/$h" "$build/corpus/$h" "$build/seeds" -max_total_time="$seconds" -timeout=10 \
    -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 -artifact_prefix="$build/crashes/$h-" \
    2>"$build/$h.log" || status=1
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb|stat::new_units_added" "$build/$h.log" | sed 's/^/  /'
done
if ls "$build"/crashes/* >/dev/null 2>&1; then
  echo "crashes found (copy each into tests/data/fuzz/ as a regression test):"
  ls -1 "$build"/crashes/
  status=1
fi
exit $status
