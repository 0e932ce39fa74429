#!/usr/bin/env bash
# Bandada — the docs' commands: every line of every ```sh block in README.md and docs/ is run
# here, as a reader would type it, and must succeed. A command ending in '\' continues on the
# next line. Commands that write files, scripts/cli.sh among them, run in a scratch folder (with
# build/, tests/ and scripts/ linked in), so nothing they write lands in the checkout; the other
# scripts run from the repository. The few that cannot run here say why below, by pattern.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
ln -s "$root/build" "$scratch/build"
ln -s "$root/tests" "$scratch/tests"
ln -s "$root/scripts" "$scratch/scripts"  # scripts/cli.sh runs the CLI where it is called: here

# pattern → why it is not run here (each is still checked elsewhere)
declare -A not_here=(
  ['^scripts/test\.sh( |$)(#|$)']="the whole test run: this is it"
  ['^scripts/test\.sh --quick']="the whole run's first stages (style, native build, native tests) are this command"
  ['^scripts/test\.sh --changed']="a tier of the whole run, which this is part of"
  ['^scripts/sweep-slurm\.sh ']="needs a Slurm cluster: the Slurm stage starts one and runs this script"
  ['^scripts/experiments-slurm\.sh ']="needs a Slurm cluster: the Slurm stage starts one and runs this script"
)

source "$root/tests/check.sh"
skipped=0
run_one() {  # run_one FILE COMMAND
  local file="$1" cmd="$2" why
  for pat in "${!not_here[@]}"; do
    if [[ "$cmd" =~ $pat ]]; then
      why="${not_here[$pat]}"
      echo "skip ($file): $cmd  [$why]"
      skipped=$((skipped + 1))
      return
    fi
  done
  local dir="$scratch" log="$scratch/.log"
  [[ "$cmd" == scripts/* || "$cmd" == cmake* ]] && [[ "$cmd" != scripts/cli.sh* ]] && dir="$root"
  local rc
  if [[ "$cmd" == scripts/run.sh* ]]; then
    # It serves until stopped: it must build and say where, then it is stopped.
    (cd "$dir" && PORT=18473 timeout 600 bash -c "$cmd" >"$log" 2>&1) &
    local pid=$! ok=1
    for _ in $(seq 1 600); do
      grep -q "Bandada is served at http://127.0.0.1:18473/" "$log" 2>/dev/null && { ok=0; break; }
      kill -0 $pid 2>/dev/null || break
      sleep 1
    done
    [ $ok -eq 0 ] && curl -sf "http://127.0.0.1:18473/" >/dev/null || ok=1
    pkill -P $pid 2>/dev/null; kill $pid 2>/dev/null; wait $pid 2>/dev/null
    rc=$ok
  else
    (cd "$dir" && timeout 600 bash -o pipefail -c "$cmd") >"$log" 2>&1
    rc=$?
  fi
  check "($file): $cmd" "[ $rc -eq 0 ]"
  [ $rc -eq 0 ] || { echo "      (exit $rc)"; tail -n 15 "$log" | sed 's/^/      /'; }
}

cd "$root"
for file in README.md docs/*.md docs/models/*.md; do
  [ -f "$file" ] || continue
  in_block=0 cmd=""
  while IFS= read -r line; do
    if [[ "$line" == '```sh' ]]; then in_block=1; continue; fi
    if [[ "$line" == '```'* ]]; then in_block=0; continue; fi
    [ $in_block -eq 1 ] || continue
    if [[ "$line" == *'\' ]]; then cmd+="${line%\\} "; continue; fi
    cmd+="$line"
    cmd=$(sed -E 's/[[:space:]]+#[^'"'"'"]*$//; s/^[[:space:]]+//; s/[[:space:]]+$//' <<<"$cmd")
    [ -n "$cmd" ] && run_one "$file" "$cmd"
    cmd=""
  done <"$file"
done
# The PSO model's verdicts table in docs/models/pso.md is what the CLI prints today.
pso_table() {
  diff <(scripts/experiments-table.sh --model pso) \
       <(sed -n '/pso-experiments-table:begin/,/pso-experiments-table:end/p' docs/models/pso.md | grep '^|')
}
check "(docs/models/pso.md): the verdicts table is the CLI's (else: scripts/experiments-table.sh --model pso --write docs/models/pso.md)" pso_table
# The table of today's verdicts in docs/experiments.md is what the CLI prints today (all but the
# timing claim's row, whose numbers are this machine's of the day it was made).
experiments_table() {
  scripts/experiments-table.sh > "$scratch/table.md" &&
    diff <(grep -v grid-vs-all-pairs "$scratch/table.md") \
         <(sed -n '/experiments-table:begin/,/experiments-table:end/p' docs/experiments.md | grep '^|' | grep -v grid-vs-all-pairs)
}
check "(docs/experiments.md): the verdicts table is the CLI's (else: scripts/experiments-table.sh --write docs/experiments.md)" experiments_table
# The verification table in docs/verification.md is made from the cards' committed output
# (docs/verification/NAME.csv), and three short cards' files are what the CLI prints today (the
# long ones are not rerun here: scripts/verification-table.sh --run makes them all again).
verification_table() {
  scripts/verification-table.sh > "$scratch/verification.md" &&
    diff "$scratch/verification.md" \
         <(sed -n '/verification-table:begin/,/verification-table:end/p' docs/verification.md | grep '^|')
}
check "(docs/verification.md): the verification table is the committed cards' output (else: scripts/verification-table.sh --write docs/verification.md)" verification_table
# Every test of the suites has its row, built or not: RiMEA 1-16, IMO 1-11, and NIST TN 1822's.
missing=""
for t in "RiMEA "{1,2,3,4,5,6,7,8a,8b,9,10,11,12a,12b,12c,12d,13,14,15,16} "IMO "{1,2,3,4,5,6,7,8,9,10,11} \
         "NIST "{1.1,2.1,2.2,2.3,2.4,2.5,2.6,2.7,2.8,2.9,2.10,3.1,3.2,3.3,4.1,5.1,5.2}; do
  grep -q "^| $t | " docs/verification.md || missing="$missing, $t"
done
check "(docs/verification.md): a row for every RiMEA, IMO and NIST test, built or not${missing:+ (no row for${missing#,})}" '[ -z "$missing" ]'
for card in rimea-01 rimea-10 nist-5-1; do
  check "(docs/verification/$card.csv): what bandada-cli experiment $card prints today (else: scripts/verification-table.sh --run --write docs/verification.md)" \
    'diff <(build/native/bandada-cli experiment "$card") "docs/verification/$card.csv" >/dev/null'
done
# The validation card's figures: scripts/trajectory-figures.py on our synthetic PeTrack file gives
# what is known by hand (5 people crossing y = 0 at 0.45 + k s), and the card's constants in
# crowd_experiments.cpp are the committed figures of the experiment, rounded as the card keeps them.
figures=$(scripts/trajectory-figures.py tests/fixtures/petrack-line.txt --line="-1;0;1;0" \
            --area "-1 -0.1, 1 -0.1, 1 0.1, -1 0.1" 2>&1)
want="line_count,5 line_first,0.4500 line_median,2.4500 line_last,4.4500 line_flow,1.0000 area_density,0.5000 passage,3,2.450"
missing=""
for w in $want; do grep -qx "$w" <<<"$figures" || missing="$missing $w"; done
check "(scripts/trajectory-figures.py): the synthetic file's passages, flow and density, as known by hand${missing:+ (missing$missing)}" '[ -z "$missing" ]'
[ -z "$missing" ] || echo "$figures" | head -n 15 | sed 's/^/      /'
csv=docs/validation/wuppertal-2018-040_c_56_h-.csv
src=core/models/crowd/crowd_experiments.cpp
wrong=""
for pair in People:line_count Flow:line_flow Half:line_half Span:line_span; do
  name=${pair%%:*} measure=${pair#*:}
  have=$(sed -n "s/.*kWuppertal$name = \([0-9.]*\);.*/\1/p" "$src")
  value=$(awk -F, -v m="$measure" '$1 == m { print $2 }' "$csv")
  [ -n "$have" ] && [ -n "$value" ] && \
    awk -v a="$have" -v b="$value" 'BEGIN { exit !(sprintf("%.2f", a) == sprintf("%.2f", b)) }' ||
    wrong="$wrong kWuppertal$name = '$have' against the experiment's $measure '$value';"
done
check "($src): the card wuppertal-2018 compares with the committed figures of $csv${wrong:+ (${wrong% ;})}" '[ -z "$wrong" ]'
echo "docs commands: $skipped not run here (reasons above)"
check_summary && [ $checks -gt 0 ]
