#!/usr/bin/env bash
# `make run`: the GUI when there is a display, otherwise a headless run of the default scenario.
set -euo pipefail
build=${1:-build}
out=${2:-out}
if [[ -n "${DISPLAY:-}" || -n "${WAYLAND_DISPLAY:-}" ]]; then
  exec "$build/app/schedscope" builtin:default
fi
mkdir -p "$out"
echo "No display: running builtin:default headless."
"$build/app/schedscope-cli" run builtin:default --format table --out "$out/summary.txt" --trace "$out/trace.csv"
"$build/app/schedscope-cli" run builtin:default --format json --out "$out/summary.json"
echo "Wrote:"
for f in "$out"/summary.txt "$out"/summary.json "$out"/trace.csv; do
  echo "  $(realpath "$f")  ($(du -h "$f" | cut -f1))"
done
