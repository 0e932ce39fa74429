#!/usr/bin/env bash
# Bandada — the crowd model's findings, measured by CLI sweeps (docs/models/crowd.md, "Findings"):
# faster is slower (evacuation time against desired speed v0), exit width against flow per metre,
# clogging pauses, and a column in front of the exit. Every run lasts up to 30 000 steps (1 200 s);
# a room that has not emptied by then is counted and shown as "not empty". Prints Markdown tables;
# --write FILE replaces the text between FILE's crowd-findings markers.
# Usage: scripts/crowd-findings.sh [--seeds N] [--threads N] [--write docs/models/crowd.md]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cli="$root/build/native/bandada-cli"
[ -x "$cli" ] || { echo "crowd-findings: build the native preset first (cmake --preset native && cmake --build --preset native)" >&2; exit 2; }
seeds=5 threads=$(nproc) write=""
while [ $# -gt 0 ]; do
  case "$1" in
    --seeds) seeds="$2"; shift 2 ;;
    --threads) threads="$2"; shift 2 ;;
    --write) write="$2"; shift 2 ;;
    *) echo "crowd-findings: unknown option $1" >&2; exit 2 ;;
  esac
done
steps=30000

# One sweep per value list (the grid is linear; these points are not), rows without headers.
# sweep PRESET KEY "VALUES" [more options] → CSV rows "value,seed,measures…"
sweep() {
  local preset=$1 key=$2 values=$3; shift 3
  local header=1 v
  for v in $values; do
    "$cli" sweep --model crowd --preset "$preset" --x "$key=$v:$v:1" --seeds "$seeds" --steps "$steps" \
      --threads "$threads" "$@" | { if [ $header = 1 ]; then cat; else tail -n +2; fi; }
    header=0
  done
}

# Mean ± sd (n − 1) of column COL by the first column, in input order; "not empty" counts the
# rows whose evacuation_time is empty (the room did not empty in 1 200 s).
summarise() {
  awk -F, -v want="$1" '
    NR == 1 { for (i = 1; i <= NF; ++i) col[$i] = i; next }
    {
      k = $1; if (!(k in n)) order[++m] = k
      n[k]++
      if ($col["evacuation_time"] == "nan") open[k]++
      v = $col[want]; if (v != "nan") { c[k]++; s[k] += v; q[k] += v * v }
      pauses[k] += $col["clogging_pauses"]
      if ($col["specific_flow"] != "nan") { flow[k] += $col["specific_flow"]; cf[k]++ }
      if ($col["evacuation_time_90"] != "nan") { t90[k] += $col["evacuation_time_90"]; c90[k]++ }
    }
    END {
      for (j = 1; j <= m; ++j) {
        k = order[j]; mean = c[k] ? s[k] / c[k] : 0
        sd = c[k] > 1 ? sqrt((q[k] - c[k] * mean * mean) / (c[k] - 1)) : 0
        # the mean ± sd over the rooms that emptied, saying how many did when not all
        if (c[k] == 0) cell = "none emptied"
        else cell = sprintf("%.1f ± %.1f", mean, sd) (c[k] < n[k] ? sprintf(" (%d of %d emptied)", c[k], n[k]) : "")
        printf "%g\t%s\t%d\t%.1f\t%.2f\t%s\n", k, cell, open[k] + 0,
               pauses[k] / n[k], cf[k] ? flow[k] / cf[k] : 0, c90[k] ? sprintf("%.1f", t90[k] / c90[k]) : "—"
      }
    }'
}

tables() {
  echo "Made by \`scripts/crowd-findings.sh\`: $seeds seeds each (1–$seeds), up to $steps steps (1 200 s), dt 0.002 s."
  echo
  echo "**Faster is slower**: the 15 × 15 m room, one 1 m exit, 200 people."
  echo
  echo "| v0 (m/s) | time to empty (s), mean ± sd | 90 % out (s), mean | clogging pauses (≥ 1 s), mean | rooms not empty at 1 200 s |"
  echo "|---|---|---|---|---|"
  sweep room v0 "0.6 0.8 1 1.2 1.5 2 3 4 5" | summarise evacuation_time |
    while IFS=$'\t' read -r k cell open pauses flow t90; do
      echo "| $k | $cell | $t90 | $pauses | $open |"
    done
  echo
  echo "**Exit width**: the same room at v0 = 1.5 m/s."
  echo
  echo "| exit width (m) | time to empty (s), mean ± sd | specific flow (people/s/m), mean | clogging pauses, mean |"
  echo "|---|---|---|---|"
  sweep room exit-width "0.6 0.8 1 1.2 1.6 2 2.5 3" --v0 1.5 | summarise evacuation_time |
    while IFS=$'\t' read -r k cell open pauses flow t90; do
      echo "| $k | $cell | $flow | $pauses |"
    done
  echo
  echo "**A column 1.4 m before the exit** against the plain room."
  echo
  echo "| room | v0 (m/s) | time to empty (s), mean ± sd | clogging pauses, mean |"
  echo "|---|---|---|---|"
  local preset
  for preset in room column; do
    sweep "$preset" v0 "1.5 5" | summarise evacuation_time |
      while IFS=$'\t' read -r k cell open pauses flow t90; do
        echo "| $preset | $k | $cell | $pauses |"
      done
  done
}

if [ -n "$write" ]; then
  t=$(tables)  # whole before the file changes
  printf '%s\n' "$t" | "$root/scripts/write-between-markers.py" "$write" crowd-findings
else
  tables
fi
