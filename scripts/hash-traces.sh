#!/usr/bin/env bash
# Hashes what the import path makes of every test recording: `trace-summary` (JSON and the
# table, both latency starts), the scenario `import-trace` writes, and `replay` (JSON) on every
# kernel model, so a refactor of the import or replay path can prove its outputs are bit for bit
# the same.
# Usage: scripts/hash-traces.sh [BUILD_DIR]   (prints "sha256  name" lines)
set -euo pipefail
build=${1:-build}
cli="$build/app/schedscope-cli"
here=$(cd "$(dirname "$0")/.." && pwd)
hash() { sha256sum | cut -d' ' -f1; }
models=$("$cli" models | awk '/^v[0-9]/ {print $1}')
for t in "$here"/tests/data/traces/*; do
  case "$t" in *.c | *.latency) continue ;; esac
  name=$(basename "$t")
  for latency in waking perf; do
    for format in json table; do
      printf '%s  %s\n' "$("$cli" trace-summary "$t" --latency "$latency" --format "$format" 2>&1 | hash)" \
        "$name-$latency.$format"
    done
  done
  printf '%s  %s\n' "$("$cli" import-trace "$t" 2>&1 | hash)" "$name-import.json"
  for model in $models; do
    printf '%s  %s\n' "$("$cli" replay "$t" --model "$model" --format json 2>&1 | hash)" \
      "$name-replay-$model.json"
  done
done
