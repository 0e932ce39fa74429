#!/usr/bin/env bash
# Bandada — experiment cards as a Slurm job array: task i runs `bandada-cli experiment NAME` for
# the i-th card into DIR/NAME.csv, byte for byte what the CLI prints alone, and a job that depends
# on the whole array writes DIR/verdicts.txt: each card's name and its verdict line, in order.
#   scripts/experiments-slurm.sh [NAME ... | --model ID] --out DIR [--seeds S] [--set NAME=VALUE ...]
#                                [--cpus C] [--wait] [--cli PATH]
#   e.g. scripts/experiments-slurm.sh --model crowd --set operational-model=csm --cpus 2 --out cards/csm
# With no NAME and no --model, every card. --cpus C gives each task C cores (a card runs its rows
# on SLURM_CPUS_PER_TASK threads); --wait returns when verdicts.txt is there. Tasks are
# requeueable: a card whose file is whole (it ends with its verdict line) is kept, not run again,
# so a requeued or resubmitted array runs only the cards not yet done. A card's file is written
# beside it and renamed into place when whole.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cli="$root/build/native/bandada-cli"
source "$root/scripts/slurm-array.sh"
out="" cpus=1 wait=0 model=""
names=() pass=()
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out="$2"; shift 2 ;;
    --cpus) cpus="$2"; shift 2 ;;
    --cli) cli="$2"; shift 2 ;;
    --model) model="$2"; shift 2 ;;
    --wait) wait=1; shift ;;
    --seeds|--set) pass+=("$1" "$2"); shift 2 ;;
    --threads|--format) echo "experiments-slurm: $1 is the array's to set (--cpus C; CSV)" >&2; exit 2 ;;
    -*) echo "experiments-slurm: unknown option $1" >&2; exit 2 ;;
    *) names+=("$1"); shift ;;
  esac
done
[ -n "$out" ] || { echo "experiments-slurm: --out DIR is needed" >&2; exit 2; }
[[ "$cpus" =~ ^[1-9][0-9]*$ ]] || { echo "experiments-slurm: --cpus C (a whole number ≥ 1)" >&2; exit 2; }
[ -x "$cli" ] || { echo "experiments-slurm: no CLI at $cli (build it: cmake --preset native && cmake --build --preset native)" >&2; exit 2; }
command -v sbatch >/dev/null || { echo "experiments-slurm: sbatch not found: this needs a Slurm cluster" >&2; exit 2; }
list=$("$cli" experiment --list ${model:+--model "$model"} | cut -f1) || exit 2
given=${#names[@]}
if [ "$given" -gt 0 ]; then
  [ -z "$model" ] || { echo "experiments-slurm: give NAMEs or --model, not both" >&2; exit 2; }
else
  mapfile -t names <<<"$list"
fi
# Every card and the options are checked as a run would check them before anything is queued
# (bandada-cli experiment NAME --check). A card measured by a view of the lab has no rows: named,
# it is refused; in a whole list, it is left out and said.
cards=()
for n in "${names[@]}"; do
  if err=$("$cli" experiment "$n" --check "${pass[@]}" 2>&1); then
    cards+=("$n")
  elif [ "$given" = 0 ] && [[ "$err" == *"measured by a view of the lab"* ]]; then
    echo "experiments-slurm: $n left out: it opens a view of the lab, it has no rows"
  else
    echo "experiments-slurm: ${err#bandada-cli experiment: }" >&2
    exit 2
  fi
done
names=("${cards[@]}")

mkdir -p "$out"
out="$(cd "$out" && pwd)"
printf '%s\n' "${names[@]}" > "$out/cards.txt"
rm -f "$out/verdicts.txt"
{
  task_head
  printf 'name=$(sed -n "$((SLURM_ARRAY_TASK_ID + 1))p" %q)\n' "$out/cards.txt"
  printf 'file=%q/$name.csv\n' "$out"
  echo 'echo "task $SLURM_ARRAY_TASK_ID ($name) starts on $(hostname) (restart count ${SLURM_RESTART_COUNT:-0})"'
  echo 'if [ -f "$file" ] && tail -n 1 "$file" | grep -q "^verdict: "; then echo "$name: whole already, kept"; exit 0; fi'
  printf '%q experiment "$name"' "$cli"
  [ ${#pass[@]} -gt 0 ] && printf ' %q' "${pass[@]}"
  echo ' > "$file.part"'
  echo 'mv "$file.part" "$file"'
} > "$out/task.sh"
{
  echo '#!/usr/bin/env bash'
  printf 'while read -r name; do printf "%%s: %%s\\n" "$name" "$(tail -n 1 %q/"$name.csv")"; done < %q > %q/verdicts.txt\n' \
    "$out" "$out/cards.txt" "$out"
} > "$out/merge.sh"
submit_array bandada-cards "${#names[@]}" "$cpus" "$out"
echo "submitted array job $array_id (${#names[@]} cards); each card's output will be $out/NAME.csv"
submit_merge bandada-verdicts "$wait" "$out"
echo "verdicts job $merge_id writes $out/verdicts.txt after every card"
if [ "$wait" = 1 ]; then
  [ -f "$out/verdicts.txt" ] || { echo "experiments-slurm: no $out/verdicts.txt (see $out/*.log)" >&2; exit 1; }
  echo "done: $out/verdicts.txt ($(grep -c ': verdict: holds' "$out/verdicts.txt" || true) of ${#names[@]} hold)"
fi
