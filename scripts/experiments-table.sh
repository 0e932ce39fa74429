#!/usr/bin/env bash
# Bandada — the table of the lessons' claims and today's verdicts, made by the CLI: every
# experiment that runs (bandada-cli experiment --list), its verdict and the numbers behind it, as
# Markdown. --write FILE replaces the table between FILE's experiments-table markers.
# Usage: scripts/experiments-table.sh [--write docs/experiments.md]
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
  done < <("$cli" experiment --list --model flock2d)
}

if [ "${1:-}" = "--write" ]; then
  t=$(table)  # whole before the file changes
  printf '%s\n' "$t" | "$root/scripts/write-between-markers.py" "$2" experiments-table
else
  table
fi
