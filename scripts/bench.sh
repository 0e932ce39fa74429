#!/usr/bin/env bash
# Bandada — benchmarks of the 3-D flock step, natively, in wasm and in threaded wasm, with the
# 1 → 2 thread figures of both flocks (figures, not pass/fail).
# Needs the native and wasm builds (scripts/test.sh makes them). --quick for a short run.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
show() {  # runs a benchmark, shows its figures on stderr and returns them (no tee: a log that
          # takes both streams would be overwritten by a second writer)
  local out
  out=$("$@")
  printf '%s\n' "$out" >&2
  printf '%s\n' "$out"
}
native=$(show build/native/bandada-bench "$@")
wasm=$(show node --no-experimental-fetch build/wasm/bandada-bench.js "$@")
echo "(threaded wasm: the same benchmarks built with -pthread)" >&2
wasm_mt=$(show node --no-experimental-fetch build/wasm/bandada-bench-mt.js "$@")
ratio() {  # median ns/boid-step of a scenario line, wasm over native
  local n w
  n=$(grep -F "$1" <<<"$native" | head -n1 | awk '{for(i=1;i<=NF;i++) if($i=="ns/boid-step") print $(i-1)}')
  w=$(grep -F "$1" <<<"$wasm" | head -n1 | awk '{for(i=1;i<=NF;i++) if($i=="ns/boid-step") print $(i-1)}')
  awk -v n="$n" -v w="$w" -v s="$1" 'BEGIN { printf "wasm/native %-28s %.2f\n", s, w / n }'
}
echo
ratio "N=1000 "
ratio "N=10000 "
ratio "N=100000"
threads() {  # a threads line of one output, e.g. "3-D speed-up"
  grep -F "$2" <<<"$1" | head -n1
}
echo
echo "native:        $(threads "$native" "3-D speed-up")"
echo "threaded wasm: $(threads "$wasm_mt" "3-D speed-up")"
echo "native:        $(threads "$native" "2-D flock speed-up")"
echo "threaded wasm: $(threads "$wasm_mt" "2-D flock speed-up")"
echo
page=$(NODE_PATH=/usr/share/nodejs node scripts/bench-page.mjs "$@")
printf '%s\n' "$page"

# The page's targets: on the benchmark's flock, steps/s >= 80 % of min(25, the benchmark's rate at
# the page's thread count), the rates from this run (single-thread wasm for the step worker, the
# threaded wasm for the threaded page).
echo
one_ms=$(grep -F "N=100000 r=0.305" <<<"$wasm" | head -n1 | awk '{for(i=1;i<=NF;i++) if($i=="ns/boid-step") print $(i-1) * 100000 / 1e6}')
page_target() {  # $1: the page line's build, $2: its benchmark ms per step at that thread count
  local line sps threads
  line=$(grep -F "$1" <<<"$page" | grep -F "benchmark flock" | head -n1)
  sps=$(sed -E 's/.*threads [0-9]+, ([0-9.]+).*/\1/' <<<"$line")
  threads=$(sed -E 's/.*threads ([0-9]+),.*/\1/' <<<"$line")
  if [ -z "$2" ]; then
    echo "page target, $1, $threads thread(s): no benchmark at that thread count"
    return
  fi
  awk -v s="$sps" -v ms="$2" -v b="$1" -v t="$threads" 'BEGIN {
    rate = 1000 / ms; cap = rate < 25 ? rate : 25; target = 0.8 * cap
    printf "page target, %s, %s thread(s): >= %.1f steps/s (80 %% of min(25, %.1f)); measured %.1f: %s\n",
           b, t, target, rate, s, ((s + 0 >= target) ? "met" : "missed") }'
}
threads_page=$(grep -F "isolated (threaded build), 3-D benchmark flock" <<<"$page" | sed -E 's/.*threads ([0-9]+),.*/\1/' | head -n1)
mt_ms=$(grep -F "3-D, N=100000, r=0.305, ${threads_page:-0} thread" <<<"$wasm_mt" | head -n1 | awk '{for(i=1;i<=NF;i++) if($i=="ms/step") print $(i-1)}')
page_target "isolated (threaded build)" "$mt_ms"
page_target "not isolated (single-thread build)" "$one_ms"

# The download: each page wasm against the goal of 1.5 MB (issue 30), with its gzip size.
echo
for f in build/web/bandada.wasm build/web/bandada-mt.wasm build/web/bandada-sweep.wasm; do
  [ -f "$f" ] || continue
  bytes=$(wc -c < "$f")
  gz=$(gzip -9 -c "$f" | wc -c)
  goal="" && [[ "$f" != *sweep* ]] && goal=$(awk -v b="$bytes" 'BEGIN { print (b <= 1500000 ? "goal <= 1.5 MB: met" : "goal <= 1.5 MB: missed") }')
  awk -v f="$(basename "$f")" -v b="$bytes" -v g="$gz" -v goal="$goal" \
    'BEGIN { printf "size %-20s %.2f MB (%.0f KB gzipped) %s\n", f, b / 1e6, g / 1e3, goal }'
done
