#!/usr/bin/env bash
# Bandada — the crowd's verification table (docs/verification.md), made from the committed output
# of its cards, a column per operational model: docs/verification/NAME.csv, what `bandada-cli
# experiment NAME` printed (the social force model: rows, then the verdict), and
# docs/verification/csm/NAME.csv, what it printed with `--set operational-model=csm` (the
# collision-free speed model; the rule is the same). --run reruns every card with the native CLI
# first, both models (tens of minutes: RiMEA 9 moves 1000 people for 600 s, twice a seed);
# --write FILE replaces the table between FILE's verification-table markers.
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
  mkdir -p "$out/csm"
  while IFS=$'\t' read -r name _; do
    echo "verification-table: $name" >&2
    "$cli" experiment "$name" > "$out/$name.csv"
    "$cli" experiment "$name" --set operational-model=csm > "$out/csm/$name.csv"
  done < <(cards)
fi

# A card's verdict in one model's file: "holds" or "does not hold", a tab, the figures, a tab,
# the rule.
verdict_of() {
  [ -f "$1" ] || { echo "verification-table: no $1 (run with --run)" >&2; exit 1; }
  local line verdict word text rule
  line=$(tail -1 "$1")
  verdict=${line#verdict: }
  word="holds" text=${verdict#holds: }
  if [[ "$verdict" == "does not hold: "* ]]; then word="does not hold"; text=${verdict#does not hold: }; fi
  rule=${text##* (rule: }
  rule=${rule%)}
  text=${text% (rule: *}
  printf '%s\t%s\t%s\n' "$word" "$text" "$rule"
}

table() {
  echo "| test | card | what it checks | the guideline's criterion | social force model | collision-free speed model | verdicts |"
  echo "|---|---|---|---|---|---|---|"
  while IFS=$'\t' read -r name claim; do
    local sw st rule cw ct both
    IFS=$'\t' read -r sw st rule < <(verdict_of "$out/$name.csv") || exit 1
    IFS=$'\t' read -r cw ct _ < <(verdict_of "$out/csm/$name.csv") || exit 1
    case "$sw/$cw" in
      holds/holds) both="both hold" ;;
      holds/*) both="**the social force model's holds, the collision-free speed model's does not**" ;;
      */holds) both="**the collision-free speed model's holds, the social force model's does not**" ;;
      *) both="**neither holds**" ;;
    esac
    [ "$sw" = holds ] || sw="**$sw**"
    [ "$cw" = holds ] || cw="**$cw**"
    echo "| ${claim%%:*} | \`$name\` | ${claim#*: } | $rule | $sw: $st | $cw: $ct | $both |"
  done < <(cards)
}

if [ -n "$write" ]; then
  t=$(table)  # whole before the file changes
  printf '%s\n' "$t" | "$root/scripts/write-between-markers.py" "$write" verification-table
else
  table
fi
