#!/usr/bin/env bash
# Bandada — fuzz every libFuzzer target (tests/fuzz/) under ASan + UBSan for a while.
#   scripts/fuzz.sh [SECONDS per target, default 300] [TARGET…]
# Prints executions and findings per target. Findings (crash-*, leak-*, timeout-*) land in
# fuzz-output/; each one belongs in tests/fuzz/corpus/<target>/ plus a unit test once fixed,
# so scripts/test.sh replays it forever. New interesting inputs stay in fuzz-output/ unless
# KEEP=1, which merges them into the kept corpus.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
seconds="${1:-300}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(number links session bytes state scenario measure petrack)

bash scripts/setup.sh >/dev/null || { echo "fuzz: setup failed"; exit 1; }
cmake --preset fuzz >/dev/null && cmake --build --preset fuzz >/dev/null || { echo "fuzz: build failed"; exit 1; }

out="$root/fuzz-output"
mkdir -p "$out"
status=0
printf '%-8s %12s %9s  %s\n' target executions findings "corpus (kept → after)"
for t in "${targets[@]}"; do
  work="$out/$t-corpus"
  mkdir -p "$work"
  log="$out/$t.log"
  rm -f "$out/$t"-crash-* "$out/$t"-leak-* "$out/$t"-timeout-*
  (cd "$out" && "$root/build/fuzz/fuzz_$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
      -artifact_prefix="$out/$t-" "$work" "$root/tests/fuzz/corpus/$t" >"$log" 2>&1)
  runs=$(grep -oE 'Done [0-9]+ runs' "$log" | grep -oE '[0-9]+' || true)
  findings=$(ls "$out/$t"-crash-* "$out/$t"-leak-* "$out/$t"-timeout-* 2>/dev/null | wc -l)
  kept=$(ls "$root/tests/fuzz/corpus/$t" | wc -l)
  if [ "${KEEP:-0}" = 1 ]; then
    "$root/build/fuzz/fuzz_$t" -merge=1 "$root/tests/fuzz/corpus/$t" "$work" >/dev/null 2>&1
  fi
  printf '%-8s %12s %9s  %s → %s\n' "$t" "${runs:-?}" "$findings" "$kept" "$(ls "$root/tests/fuzz/corpus/$t" | wc -l)"
  if [ "$findings" -gt 0 ] || [ -z "$runs" ]; then status=1; tail -n 30 "$log"; fi
done
exit $status
