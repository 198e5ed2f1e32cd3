#!/usr/bin/env bash
# Hashes `trace-summary` of every test trace (JSON and the table, both latency starts), so a
# refactor of the import path can prove its outputs are bit for bit the same.
# Usage: scripts/hash-traces.sh [BUILD_DIR]   (prints "sha256  name" lines)
set -euo pipefail
build=${1:-build}
cli="$build/app/schedscope-cli"
here=$(cd "$(dirname "$0")/.." && pwd)
for t in "$here"/tests/data/traces/*; do
  case "$t" in *.c | *.latency) continue ;; esac
  name=$(basename "$t")
  for latency in waking perf; do
    for format in json table; do
      printf '%s  %s\n' "$("$cli" trace-summary "$t" --latency "$latency" --format "$format" 2>&1 | sha256sum | cut -d' ' -f1)" \
        "$name-$latency.$format"
    done
  done
done
