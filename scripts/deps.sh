#!/usr/bin/env bash
# Installs the Debian 12 packages SchedScope needs, only those that are missing.
# Quiet when everything is present; safe to run any number of times.
# Usage: scripts/deps.sh [extra-package...]
set -euo pipefail

packages=(
  cmake ninja-build g++ make pkg-config python3
  qt6-base-dev libqt6opengl6-dev qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-l10n-tools
  qt6-base-dev-tools qt6-translations-l10n libqcustomplot-dev nlohmann-json3-dev libbenchmark-dev
  xvfb xauth openbox x11-utils fonts-dejavu-core linux-perf libtracecmd-dev libtraceevent-dev libtracefs-dev
  zlib1g-dev protobuf-compiler slurm-wlm munge libsqlite3-dev
  desktop-file-utils appstream bash-completion
)
packages+=("$@")

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$p")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

sudo_cmd=()
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || { echo "deps: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo_cmd=(sudo)
fi
echo "deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
if ! "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/tmp/schedscope-apt.log 2>&1; then
  "${sudo_cmd[@]}" apt-get update -qq >>/tmp/schedscope-apt.log 2>&1
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >>/tmp/schedscope-apt.log 2>&1 \
    || { echo "deps: apt-get failed; see /tmp/schedscope-apt.log" >&2; tail -20 /tmp/schedscope-apt.log >&2; exit 1; }
fi
