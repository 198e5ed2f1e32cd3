#!/usr/bin/env bash
# `make run`: the GUI when there is a display; otherwise the same application headless, which
# runs the default scenario, writes every chart and table to $out/charts and says where, plus
# the CLI's summary and Perfetto trace of the run.
set -euo pipefail
build=${1:-build}
out=${2:-out}
if [[ -n "${DISPLAY:-}" || -n "${WAYLAND_DISPLAY:-}" ]]; then
  exec "$build/app/schedscope" builtin:default
fi
mkdir -p "$out"
echo "No display: running builtin:default headless."
"$build/app/schedscope" --export-dir "$out/charts" --format png,svg,pdf,csv builtin:default
"$build/app/schedscope-cli" run builtin:default --format table --out "$out/summary.txt"
# The first two simulated seconds as a Perfetto trace in its own format: kernel events, process
# tree and counter tracks, as ui.perfetto.dev shows a recording (about 8 MB).
"$build/app/schedscope-cli" run builtin:default --for 2s --perfetto "$out/trace.pftrace" >/dev/null
echo "Also wrote:"
for f in "$out"/summary.txt "$out"/trace.pftrace; do
  echo "  $(realpath "$f")  ($(du -h "$f" | cut -f1))"
done
echo "Open the charts in $(realpath "$out/charts"), the trace in https://ui.perfetto.dev"
