#!/usr/bin/env bash
# Bandada — `bandada-cli optimize` on a Slurm cluster: each iteration's runs as one job array, task
# K making run K (`optimize … --task K`, which reads the log and writes nothing); the script then
# appends the runs' lines to the log in order and closes the iteration (`--no-runs`: its best and
# state lines), and submits the next. The log ends with the bytes `bandada-cli optimize` writes
# alone (docs/optimize.md).
#   scripts/optimize-slurm.sh --out LOG [--cpus C] [--cli PATH] OPTIMIZE OPTIONS…
#   e.g. scripts/optimize-slurm.sh --out flock.log --model boids3d --steps 500 \
#          --vary cohesion=0:0.2 --maximize order --seeds 2 --swarm 10 --iterations 10
# Requeue-safe and restartable: a task whose run line is written is kept; the script run again
# with the same options continues the log where it stands (a log of other options is refused).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cli="$root/build/native/bandada-cli"
out="" cpus=1
opts=()
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out="$2"; shift 2 ;;
    --cpus) cpus="$2"; shift 2 ;;
    --cli) cli="$2"; shift 2 ;;
    --threads|--resume|--task|--status|--no-runs)
      echo "optimize-slurm: $1 is the script's to set" >&2; exit 2 ;;
    *) opts+=("$1"); shift ;;
  esac
done
[ -n "$out" ] || { echo "optimize-slurm: --out LOG is needed" >&2; exit 2; }
[[ "$cpus" =~ ^[1-9][0-9]*$ ]] || { echo "optimize-slurm: --cpus C (a whole number ≥ 1)" >&2; exit 2; }
[ -x "$cli" ] || { echo "optimize-slurm: no CLI at $cli (build it: cmake --preset native && cmake --build --preset native)" >&2; exit 2; }
command -v sbatch >/dev/null || { echo "optimize-slurm: sbatch not found: this needs a Slurm cluster" >&2; exit 2; }
mkdir -p "$(dirname "$out")"
out="$(cd "$(dirname "$out")" && pwd)/$(basename "$out")"
# The options and any log there is are checked before anything is queued: this writes the log's
# head, or closes an iteration whose runs are all in; a bad option or another log stops here.
"$cli" optimize "${opts[@]}" --out "$out" --resume --no-runs 2>"$out.err" || { sed 's/^/optimize-slurm: /' "$out.err" >&2; exit 2; }
runs="$out.runs"
mkdir -p "$runs"
{
  echo '#!/usr/bin/env bash'
  echo 'set -euo pipefail'
  printf 'file=%q/$1-$SLURM_ARRAY_TASK_ID.line\n' "$runs"
  echo 'echo "iteration $1, run $SLURM_ARRAY_TASK_ID starts on $(hostname) (restart count ${SLURM_RESTART_COUNT:-0})"'
  echo 'if [ -f "$file" ]; then echo "kept: its line is written"; exit 0; fi'
  printf '%q optimize' "$cli"
  printf ' %q' "${opts[@]}"
  printf ' --out %q --resume --task "$SLURM_ARRAY_TASK_ID" > "$file.part"\n' "$out"
  echo 'mv "$file.part" "$file"'
} > "$runs/task.sh"
chmod +x "$runs/task.sh"

while status=$("$cli" optimize "${opts[@]}" --out "$out" --resume --status 2>/dev/null) && [ "$status" != finished ]; do
  read -r it done_runs total <<<"$status"
  if [ "$done_runs" -lt "$total" ]; then
    job=$(sbatch --parsable --wait --job-name="bandada-optimize-$it" --array="$done_runs-$((total - 1))" \
                 --cpus-per-task="$cpus" --requeue --open-mode=append --output="$runs/task-$it-%a.log" \
                 "$runs/task.sh" "$it")
    echo "iteration $it: array job ${job%%;*}, runs $done_runs … $((total - 1))"
    for k in $(seq "$done_runs" $((total - 1))); do
      [ -f "$runs/$it-$k.line" ] || { echo "optimize-slurm: run $k of iteration $it has no line (see $runs/task-$it-$k.log)" >&2; exit 1; }
      cat "$runs/$it-$k.line" >> "$out"
    done
  fi
  "$cli" optimize "${opts[@]}" --out "$out" --resume --no-runs 2>"$out.err" || { sed 's/^/optimize-slurm: /' "$out.err" >&2; exit 1; }
done
[ "$status" = finished ] || { echo "optimize-slurm: $out cannot be read back" >&2; exit 1; }
rm -f "$out.err"
echo "done: $out"
