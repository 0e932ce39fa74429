#!/usr/bin/env bash
# Bandada — the crowd's verification table (docs/verification.md), made from the committed output
# of its cards: docs/verification/NAME.csv, each what `bandada-cli experiment NAME` printed (rows,
# then the verdict). --run reruns every card with the native CLI first (minutes: RiMEA 9 moves
# 1000 people for 600 s, twice a seed); --write FILE replaces the table between FILE's
# verification-table markers.
# Usage: scripts/verification-table.sh [--run] [--write docs/verification.md]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cli="$root/build/native/bandada-cli"
out="$root/docs/verification"
[ -x "$cli" ] || { echo "verification-table: build the native preset first (cmake --preset native && cmake --build --preset native)" >&2; exit 2; }
run=0 write=""
while [ $# -gt 0 ]; do
  case "$1" in
    --run) run=1 ;;
    --write) write=${2:?--write needs a file}; shift ;;
    *) echo "verification-table: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

cards() { "$cli" experiment --list --model crowd; }

if [ $run = 1 ]; then
  while IFS=$'\t' read -r name _; do
    echo "verification-table: $name" >&2
    "$cli" experiment "$name" > "$out/$name.csv"
  done < <(cards)
fi

table() {
  echo "| test | card | what it checks | the guideline's criterion | our figure | verdict |"
  echo "|---|---|---|---|---|---|"
  while IFS=$'\t' read -r name claim; do
    local file="$out/$name.csv"
    [ -f "$file" ] || { echo "verification-table: no $file (run with --run)" >&2; exit 1; }
    local line verdict word text rule
    line=$(tail -1 "$file")
    verdict=${line#verdict: }
    word="holds" text=${verdict#holds: }
    if [[ "$verdict" == "does not hold: "* ]]; then word="**does not hold**"; text=${verdict#does not hold: }; fi
    rule=${text##* (rule: }
    rule=${rule%)}
    text=${text% (rule: *}
    echo "| ${claim%%:*} | \`$name\` | ${claim#*: } | $rule | $text | $word |"
  done < <(cards)
}

if [ -n "$write" ]; then
  t=$(table)  # whole before the file changes
  printf '%s\n' "$t" | "$root/scripts/write-between-markers.py" "$write" verification-table
else
  table
fi
