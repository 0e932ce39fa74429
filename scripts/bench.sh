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
NODE_PATH=/usr/share/nodejs node scripts/bench-page.mjs "$@"
