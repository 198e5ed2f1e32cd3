#!/usr/bin/env bash
# A sweep on a real (private, one-node) Slurm cluster gives the same numbers as the same sweep
# run locally: `sweep --slurm` writes the job array, sbatch runs it, `sweep-merge` joins the
# slices, and cells.csv, aggregate.csv and aggregate.json must equal the local run's byte for
# byte. Installs nothing: skipped (exit 77, reason printed) where slurm-wlm/munge are missing or
# the user is not root. Every daemon it starts is stopped (tests/slurm/slurm-cluster.sh).
# usage: tst_slurm_sweep.sh SCHEDSCOPE_CLI
set -u
t0=$SECONDS
cli=${1:?usage: tst_slurm_sweep.sh SCHEDSCOPE_CLI}
# shellcheck source-path=SCRIPTDIR source=slurm-cluster.sh
source "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/slurm-cluster.sh"
slurm_cluster_start

fail() {
    echo "FAIL: $*"
    exit 1
}
t=$SLURM_TEST_DIR/sweep
mkdir -p "$t"
# 2 models x 2 machine sizes x 3 seeds = 12 cells, in 4 array tasks of 3 cells each.
cat > "$t/spec.json" << 'JSON'
{
  "scenario": "builtin:default",
  "for": "100ms",
  "axes": {
    "model": ["v4.11", "v6.12"],
    "topology.cores_per_socket": [2, 4],
    "seed": {"from": 1, "to": 3}
  },
  "metrics": ["counters.context_switches", "counters.migrations", "tasks[0].runtime_ns"]
}
JSON
"$cli" sweep "$t/spec.json" --jobs 2 --out "$t/local" > "$t/local.txt" 2> "$t/local.err" ||
    fail "local sweep: $(cat "$t/local.err")"
"$cli" sweep "$t/spec.json" --slurm --slices 4 --out "$t/slurm" 2> "$t/slurm.err" ||
    fail "sweep --slurm: $(cat "$t/slurm.err")"
grep -q -- '--array=0-3' "$t/slurm/sweep.sbatch" || fail "no 4-task array in $(cat "$t/slurm/sweep.sbatch")"
jid=$(timeout 10 sbatch --parsable "$t/slurm/sweep.sbatch" 2>&1) || fail "sbatch: $jid"
jid=${jid%%;*}
slurm_cluster_wait_job "$jid" 60 || fail "job array $jid"
"$cli" sweep-merge "$t/slurm" > "$t/slurm.txt" 2> "$t/merge.err" || fail "sweep-merge: $(cat "$t/merge.err")"
for f in cells.csv aggregate.csv aggregate.json; do
    cmp "$t/local/$f" "$t/slurm/$f" || fail "$f differs between the local and the Slurm run"
done
cmp "$t/local.txt" "$t/slurm.txt" || fail "the printed aggregates differ"
n=$(($(wc -l < "$t/slurm/cells.csv") - 1))
[[ $n == 12 ]] || fail "expected 12 cells, cells.csv has $n"
for i in 0 1 2 3; do
    [[ -s $t/slurm/slice-$i/cells.jsonl ]] || fail "array task $i wrote no cells"
done
echo "PASS: 12 cells in 4 Slurm array tasks (job $jid) equal the local sweep, in $((SECONDS - t0)) s"
