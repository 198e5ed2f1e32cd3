#!/usr/bin/env bash
# Hashes every built-in scenario's JSON summary and CSV trace, all optimizations off and on,
# so that a refactor or speed change can prove the engine's outputs are bit for bit the same.
# Usage: scripts/hash-outputs.sh [BUILD_DIR] [run options...]   (prints "sha256  name" lines)
# KEEP=DIR keeps the outputs there, to diff two builds' outputs when a hash differs.
set -euo pipefail
build=${1:-build}
shift || true
cli="$build/app/schedscope-cli"
if [[ -n "${KEEP:-}" ]]; then
  tmp=$KEEP
  mkdir -p "$tmp"
else
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
fi
for s in $("$cli" list | awk '{print "builtin:" $1}'); do
  for opt in off on; do
    name="${s#builtin:}-$opt"
    "$cli" run "$s" --opt all=$opt --format json --no-wall-time "$@" --trace "$tmp/$name.csv" >"$tmp/$name.json"
    (cd "$tmp" && sha256sum "$name.json" "$name.csv")
  done
done
