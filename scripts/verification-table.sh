#!/usr/bin/env bash
# Bandada — the crowd's verification table (docs/verification.md), made from the committed output
# of its cards, a column per operational model: docs/verification/NAME.csv, what `bandada-cli
# experiment NAME` printed (the social force model: rows, then the verdict), and
# docs/verification/csm/NAME.csv and docs/verification/avm/NAME.csv, what it printed with
# `--set operational-model=csm` or `=avm` (the collision-free speed and the anticipation velocity
# models; the rule is the same). --run reruns every card with the native CLI first, all three models
# (tens of minutes: RiMEA 9 moves 1000 people for 600 s, three times a seed);
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
  mkdir -p "$out/csm" "$out/avm"
  while IFS=$'\t' read -r name _; do
    echo "verification-table: $name" >&2
    "$cli" experiment "$name" > "$out/$name.csv"
    for m in csm avm; do "$cli" experiment "$name" --set operational-model=$m > "$out/$m/$name.csv"; done
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

# The three models' verdicts in a few words: "all three hold", "none holds", or which hold.
verdicts() {
  local names=("social force" "collision-free speed" "anticipation velocity") held=() k
  for k in 0 1 2; do
    local w=("$1" "$2" "$3")
    [ "${w[$k]}" = holds ] && held+=("${names[$k]}")
  done
  if [ "$3" = "not run yet" ]; then  # two verdicts only
    case ${#held[@]} in
      2) echo "the first two hold (the third not run yet)" ;;
      1) echo "**only the ${held[0]} model's holds** (the third not run yet)" ;;
      0) echo "**neither of the first two holds** (the third not run yet)" ;;
    esac
    return
  fi
  case ${#held[@]} in
    3) echo "all three hold" ;;
    0) echo "**none holds**" ;;
    1) echo "**only the ${held[0]} model's holds**" ;;
    2) echo "**the ${held[0]} and ${held[1]} models' hold**" ;;
  esac
}

# Every test of the suites (docs/verification/tests.tsv), a row each: a card's own row gives its
# claim, rule and each model's verdict; a row whose card is another row's says so; a test not
# built says why. The last column is JuPedSim Web's status. Every crowd card is some test's.
table() {
  local tests="$out/tests.tsv" name list
  list=$(cards)  # once: each row looks its card up here
  while IFS=$'\t' read -r name _; do
    awk -F'\t' -v n="$name" '$2 == n { found = 1 } END { exit !found }' "$tests" ||
      { echo "verification-table: card $name is no test's in $tests" >&2; exit 1; }
  done <<< "$list"
  echo "| test | card | what it checks | the guideline's criterion | social force model | collision-free speed model | anticipation velocity model | verdicts | JuPedSim Web |"
  echo "|---|---|---|---|---|---|---|---|---|"
  # tabs are whitespace to read, which would merge an empty column with its neighbours
  while IFS=$'\037' read -r test card why jps; do
    [[ -z "$test" || "$test" == \#* ]] && continue
    if [ "$card" = - ]; then
      echo "| $test | – | ${why} | – | – | – | – | – | $jps |"
      continue
    fi
    local claim
    claim=$(awk -F'\t' -v n="$card" '$1 == n { print $2 }' <<< "$list")
    [ -n "$claim" ] || { echo "verification-table: $tests names $card, which is no crowd card" >&2; exit 1; }
    if [ -n "$why" ]; then
      echo "| $test | \`$card\` | ${why} | – | see ${why%%:*}'s row | see ${why%%:*}'s row | see ${why%%:*}'s row | – | $jps |" | sed 's/see as /see /g'
      continue
    fi
    local sw st rule cw ct aw at both
    IFS=$'\t' read -r sw st rule < <(verdict_of "$out/$card.csv") || exit 1
    IFS=$'\t' read -r cw ct _ < <(verdict_of "$out/csm/$card.csv") || exit 1
    if [ -f "$out/avm/$card.csv" ]; then
      IFS=$'\t' read -r aw at _ < <(verdict_of "$out/avm/$card.csv") || exit 1
    else  # a long card not run yet with this model: said so, and no verdict from it
      aw="not run yet" at="its file, docs/verification/avm/$card.csv, is made by --run"
    fi
    both=$(verdicts "$sw" "$cw" "$aw")
    [ "$sw" = holds ] || sw="**$sw**"
    [ "$cw" = holds ] || cw="**$cw**"
    [ "$aw" = holds ] || [ "$aw" = "not run yet" ] || aw="**$aw**"
    echo "| $test | \`$card\` | ${claim#*: } | $rule | $sw: $st | $cw: $ct | $aw: $at | $both | $jps |"
  done < <(tr '\t' '\037' < "$tests")
}

if [ -n "$write" ]; then
  t=$(table)  # whole before the file changes
  printf '%s\n' "$t" | "$root/scripts/write-between-markers.py" "$write" verification-table
else
  table
fi
