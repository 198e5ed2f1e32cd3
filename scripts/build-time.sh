#!/bin/bash
# Build time of commits, measured the same way for each: a fresh clone, the Release build
# that `make test` builds (every library, application, test and benchmark), two jobs.
#
#   scripts/build-time.sh COMMIT [COMMIT...]
#
# Builds the commits one after another (never two at once: they would share the cores) and
# prints, per commit, the wall time, ninja's span and the CPU time of its edges from
# .ninja_log (an edge with several outputs, such as a moc step, counted once). Run the
# commits back to back and twice in alternating order when comparing: this VM's noise
# between two builds of one tree is 5-15%.
set -euo pipefail
if [ $# -lt 1 ]; then
    echo "usage: $0 COMMIT [COMMIT...]" >&2
    exit 2
fi
repo=$(git rev-parse --show-toplevel)
work=$(mktemp -d /tmp/schedscope-build-time.XXXXXX)
trap 'rm -rf "$work"' EXIT
for commit in "$@"; do
    sha=$(git -C "$repo" rev-parse --short "$commit")
    dir="$work/$sha"
    git clone -q "$repo" "$dir"
    git -C "$dir" checkout -q "$sha"
    cmake -S "$dir" -B "$dir/build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
    start=$(date +%s.%N)
    if ! cmake --build "$dir/build" -j2 >"$work/$sha.log" 2>&1; then
        echo "$sha: build failed, last lines of its log:" >&2
        tail -20 "$work/$sha.log" >&2
        exit 1
    fi
    end=$(date +%s.%N)
    python3 - "$sha" "$start" "$end" "$dir/build/.ninja_log" <<'PY'
import sys
sha, start, end, log = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
edges = set()
for line in open(log):
    if line.startswith('#'):
        continue
    begin, finish, _mtime, _output, command_hash = line.rstrip('\n').split('\t')
    edges.add((int(begin), int(finish), command_hash))
span = (max(e[1] for e in edges) - min(e[0] for e in edges)) / 1000
cpu = sum(e[1] - e[0] for e in edges) / 1000
print(f'{sha}: wall {end - start:.0f} s, ninja span {span:.0f} s, '
      f'CPU of edges {cpu:.0f} s, {len(edges)} edges')
PY
    rm -rf "$dir"
done
