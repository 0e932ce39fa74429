#!/usr/bin/env bash
# Bandada — a parameter sweep as a Slurm job array: task i runs `bandada-cli sweep … --shard i/N`
# into DIR, and a job that depends on the whole array concatenates the shards into DIR/sweep.csv,
# byte for byte the output of the unsharded sweep.
#   scripts/sweep-slurm.sh SWEEP-OPTIONS… --tasks N --out DIR [--cpus C] [--wait] [--cli PATH]
#   e.g. scripts/sweep-slurm.sh --model feedback2d --x alpha=0:3:40 --y feedback=0:2:40 \
#          --seeds 5 --cycles 300 --tasks 64 --out sweeps/fb
# --cpus C gives each task C cores (the sweep uses SLURM_CPUS_PER_TASK threads); --wait returns
# when the merged CSV is there. It prints the job ids and where the result lands. Tasks are
# requeueable: a task preempted, requeued (scontrol requeue) or failed and resubmitted resumes its
# shard after its last whole row (bandada-cli sweep --out … --resume), so nothing is computed twice.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cli="$root/build/native/bandada-cli"
source "$root/scripts/slurm-array.sh"
tasks="" out="" cpus=1 wait=0
sweep=()
while [ $# -gt 0 ]; do
  case "$1" in
    --tasks) tasks="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --cpus) cpus="$2"; shift 2 ;;
    --cli) cli="$2"; shift 2 ;;
    --wait) wait=1; shift ;;
    --shard) echo "sweep-slurm: the array sets --shard itself" >&2; exit 2 ;;
    *) sweep+=("$1"); shift ;;
  esac
done
[[ "$tasks" =~ ^[1-9][0-9]*$ ]] || { echo "sweep-slurm: --tasks N (a whole number ≥ 1) is needed" >&2; exit 2; }
[ -n "$out" ] || { echo "sweep-slurm: --out DIR is needed" >&2; exit 2; }
[ -x "$cli" ] || { echo "sweep-slurm: no CLI at $cli (build it: cmake --preset native && cmake --build --preset native)" >&2; exit 2; }
command -v sbatch >/dev/null || { echo "sweep-slurm: sbatch not found: this needs a Slurm cluster (or see README: GNU parallel)" >&2; exit 2; }
# The definition must be valid before anything is queued: a sweep of no rows checks it.
"$cli" sweep "${sweep[@]}" --shard "0/1000000" >/dev/null || exit 2

mkdir -p "$out"
out="$(cd "$out" && pwd)"
rm -f "$out"/shard-*.csv "$out/sweep.csv"
{
  task_head
  echo 'echo "task $SLURM_ARRAY_TASK_ID starts on $(hostname) (restart count ${SLURM_RESTART_COUNT:-0})"'
  printf 'exec %q sweep' "$cli"
  printf ' %q' "${sweep[@]}"
  # Each task writes its shard row by row and, run again (requeued, or resubmitted), resumes it.
  printf ' --shard "$SLURM_ARRAY_TASK_ID/%s" --out %q/shard-$(printf %%06d "$SLURM_ARRAY_TASK_ID").csv --resume\n' "$tasks" "$out"
} > "$out/task.sh"
printf '#!/usr/bin/env bash\ncat %q/shard-*.csv > %q/sweep.csv\n' "$out" "$out" > "$out/merge.sh"
submit_array bandada-sweep "$tasks" "$cpus" "$out"
echo "submitted array job $array_id ($tasks tasks); the merged result will be $out/sweep.csv"
submit_merge bandada-merge "$wait" "$out"
echo "merge job $merge_id runs after every task succeeds"
if [ "$wait" = 1 ]; then
  [ -f "$out/sweep.csv" ] || { echo "sweep-slurm: the merge did not produce $out/sweep.csv (see $out/*.log)" >&2; exit 1; }
  echo "done: $out/sweep.csv ($(($(wc -l < "$out/sweep.csv") - 1)) rows)"
fi
