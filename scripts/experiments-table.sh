#!/usr/bin/env bash
# Bandada — the table of a model's claims and today's verdicts, made by the CLI: every experiment
# of the model that runs (bandada-cli experiment --list --model ID; the 2-D flock's lesson unless
# told), its verdict and the numbers behind it, as Markdown. --write FILE replaces the table
# between FILE's markers: experiments-table for the 2-D flock, ID-experiments-table for another.
# Usage: scripts/experiments-table.sh [--model ID] [--write FILE]
#   scripts/experiments-table.sh --write docs/experiments.md
#   scripts/experiments-table.sh --model pso --write docs/models/pso.md
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cli="$root/build/native/bandada-cli"
[ -x "$cli" ] || { echo "experiments-table: build the native preset first (cmake --preset native && cmake --build --preset native)" >&2; exit 2; }

table() {
  echo "| claim | experiment | verdict | the numbers (mean ± spread over seeds) |"
  echo "|---|---|---|---|"
  while IFS=$'\t' read -r name claim; do
    local line
    line=$("$cli" experiment "$name" 2>/dev/null | tail -1) || continue  # claim 9 opens the comparison
    local verdict=${line#verdict: }
    local word="holds" text=${verdict#holds: }
    if [[ "$verdict" == "does not hold: "* ]]; then word="**does not hold**"; text=${verdict#does not hold: }; fi
    text=${text% (rule: *}
    echo "| ${claim%%:*} | \`$name\` | $word | $text |"
  done < <("$cli" experiment --list --model "$model")
}

model=flock2d
if [ "${1:-}" = "--model" ]; then model="$2"; shift 2; fi
marker=experiments-table
[ "$model" = flock2d ] || marker="$model-experiments-table"

if [ "${1:-}" = "--write" ]; then
  t=$(table)  # whole before the file changes
  printf '%s\n' "$t" | "$root/scripts/write-between-markers.py" "$2" "$marker"
else
  table
fi
