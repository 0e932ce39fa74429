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
wasm=$(show node build/wasm/bandada-bench.js "$@")
echo "(threaded wasm: the same benchmarks built with -pthread)" >&2
wasm_mt=$(show node build/wasm/bandada-bench-mt.js "$@")
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
# this machine's own scaling, to read the steps' beside: a loop that only computes, one that only
# streams memory (two cores give 2x for the first; the second is bounded by the memory's bandwidth)
echo "native:        $(threads "$native" "machine, compute-bound loop")"
echo "native:        $(threads "$native" "machine, memory stream")"
echo "threaded wasm: $(threads "$wasm_mt" "machine, compute-bound loop")"
echo "threaded wasm: $(threads "$wasm_mt" "machine, memory stream")"
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

# The threaded wasm CLI end to end (issue 30): the benchmark's kind of flock at N = 100 000,
# r = 0.247, weights 0, timed as 42 steps less 2 steps (start-up and the first steps cancel), on
# 1 and 2 threads.
echo
cli_ms() {  # $1 threads → ms per step, the median of 3 timings
  local k t0 t1 t2 all=""
  for k in 1 2 3; do
    t0=$(date +%s.%N)
    node build/wasm/bandada-cli-mt.js --count 100000 --radius 0.247 --separation 0 \
      --alignment 0 --cohesion 0 --max-speed 2 --steps 2 --threads "$1" --format csv > /dev/null
    t1=$(date +%s.%N)
    node build/wasm/bandada-cli-mt.js --count 100000 --radius 0.247 --separation 0 \
      --alignment 0 --cohesion 0 --max-speed 2 --steps 42 --threads "$1" --format csv > /dev/null
    t2=$(date +%s.%N)
    all+=$(awk -v a="$t0" -v b="$t1" -v c="$t2" 'BEGIN { printf "%.1f\n", ((c - b) - (b - a)) * 1000 / 40 }')$'\n'
  done
  printf "%s" "$all" | sort -n | sed -n 2p
}
cli1=$(cli_ms 1)
cli2=$(cli_ms 2)
echo "threaded wasm CLI, N=100000 r=0.247 weights 0: 1 thread ${cli1} ms/step, 2 threads ${cli2} ms/step"

# The download: each page wasm against the goal of 1.5 MB (issue 30), with its gzip and brotli sizes.
echo
for f in build/web/bandada.wasm build/web/bandada-mt.wasm build/web/bandada-sweep.wasm; do
  [ -f "$f" ] || continue
  bytes=$(wc -c < "$f")
  gz=$(gzip -9 -c "$f" | wc -c)
  br=$( [ -f "$f.br" ] && wc -c < "$f.br" || echo 0)
  goal="" && [[ "$f" != *sweep* ]] && goal=$(awk -v b="$bytes" 'BEGIN { print (b <= 1500000 ? "goal <= 1.5 MB: met" : "goal <= 1.5 MB: missed") }')
  awk -v f="$(basename "$f")" -v b="$bytes" -v g="$gz" -v r="$br" -v goal="$goal" \
    'BEGIN { printf "size %-20s %.2f MB (%.0f KB gzipped, %.0f KB as its .br) %s\n", f, b / 1e6, g / 1e3, r / 1e3, goal }'
done

# Every goal of the third performance round (issue 64), met or missed, from this run's figures.
echo
field_before() {  # the word before $2 in the first line of $1 matching the regex $3
  grep -E "$3" <<<"$1" | head -n1 | awk -v w="$2" '{for(i=2;i<=NF;i++) if($i==w) {print $(i-1); exit}}'
}
goal() {  # goal NAME MEASURED OP TARGET UNIT
  awk -v n="$1" -v m="$2" -v op="$3" -v t="$4" -v u="$5" 'BEGIN {
    if (m == "") { printf "goal: %-58s not measured in this run: missed\n", n; exit }
    ok = (op == "<=") ? (m + 0 <= t + 0) : (m + 0 >= t + 0)
    printf "goal: %-58s %s %s (target %s %s): %s\n", n, m, u, op, t, ok ? "met" : "missed" }'
}
page_sps() {  # steps/s of the page line containing $1
  grep -F "$1" <<<"$page" | head -n1 | sed -E 's/.*threads [0-9]+, ([0-9.]+).*/\1/'
}
fps() {  # frames per second from a bench line's ms/step (one frame of 0.04 s a step)
  [ -n "$1" ] && awk -v ms="$1" 'BEGIN { printf "%.1f", 1000 / ms }'
}
goal "kernel, native, 1 thread, N=100000, per neighbour" "$(field_before "$native" "ns/nbr" "grid, k~20 +N=100000")" "<=" 10 "ns"
goal "kernel, wasm, 1 thread, N=100000, per neighbour" "$(field_before "$wasm" "ns/nbr" "grid, k~20 +N=100000")" "<=" 13 "ns"
goal "kernel, threaded wasm, 2 threads, N=100000 r=0.305" "$(field_before "$wasm_mt" "ms/step" "3-D, N=100000, r=0.305, 2 threads")" "<=" 20 "ms/step"
goal "page, threaded, benchmark flock N=100000" "$(page_sps "isolated (threaded build), 3-D benchmark flock")" ">=" 25 "steps/s"
for m in sfm csm; do
  goal "crowd, native, 2 threads, 20000 people, $m" \
    "$(fps "$(field_before "$native" "ms/step" "crowd, hall, N=20000, 2 threads, $m:")")" ">=" 12.5 "frames/s"
done
for m in sfm csm; do  # the hall as a scenario against the preset, per person and internal step
  sc=$(field_before "$native" "ns/person-substep" "crowd, hall as a scenario, N=20000, 2 threads, $m:")
  pre=$(field_before "$native" "ns/person-substep" "crowd, hall, N=20000, 2 threads, $m:")
  goal "crowd, native, hall as a scenario / preset, 20000 people, $m" \
    "$( [ -n "$sc" ] && [ -n "$pre" ] && awk -v a="$sc" -v b="$pre" 'BEGIN { printf "%.2f", a / b }')" "<=" 1.10 "x"
done
goal "crowd, page, threaded, 2000 people in the hall" "$(page_sps "crowd N=2000")" ">=" 25 "steps/s (real time)"
for f in bandada.wasm bandada-mt.wasm; do
  [ -f "build/web/$f" ] || continue
  goal "size of $f" "$(awk -v b="$(wc -c < "build/web/$f")" 'BEGIN { printf "%.2f", b / 1e6 }')" "<=" 1.5 "MB"
  [ -f "build/web/$f.br" ] && goal "size of $f as brotli" "$(awk -v b="$(wc -c < "build/web/$f.br")" 'BEGIN { printf "%.0f", b / 1e3 }')" "<=" 450 "KB"
done
echo "(Lighthouse's scores, the page's start as an outside auditor sees it: scripts/lighthouse.sh)"
# Earlier rounds' goals, still printed: the threaded page's longest task and Pause, the engine.
page_worst() {  # the largest figure after the words $1 over the threaded page's lines
  grep -F "isolated (threaded build)" <<<"$page" | sed -nE "s/.*$1 ([0-9.]+).*/\1/p" | sort -n | tail -n1
}
goal "page, threaded, the page's weights N=100000" "$(page_sps "isolated (threaded build), 3-D default weights")" ">=" 20 "steps/s"
goal "threaded wasm CLI, 1 -> 2 threads end to end" "$(awk -v a="$cli1" -v b="$cli2" 'BEGIN { if (b > 0) printf "%.2f", a / b }')" ">=" 1.8 "x"
goal "page, threaded, longest main-thread task, every flock" "$(page_worst "longest main-thread task")" "<=" 100 "ms"
goal "page, threaded, Pause acts within, every flock" "$(page_worst "Pause acts within")" "<=" 2 "frame(s)"
goal "crowd, threaded wasm, 2 threads, 2000 people" "$(field_before "$wasm_mt" "x" "crowd, hall, N=2000, 2 threads")" ">=" 1 "x real time"
echo "crowd, native CLI engine, 20000 people: $(grep -F "crowd, hall, N=20000" <<<"$native" | tr -s ' ' | paste -sd ';' - || true)"
# The two operational models' cost per person and internal step, natively on one thread, and
# their ratio (the same dt).
for n in 2000 20000; do
  sfm=$(field_before "$native" "ns/person-substep" "crowd, hall, N=$n, 1 thread , sfm:")
  csm=$(field_before "$native" "ns/person-substep" "crowd, hall, N=$n, 1 thread , csm:")
  [ -n "$sfm" ] && [ -n "$csm" ] && awk -v n="$n" -v a="$sfm" -v b="$csm" 'BEGIN {
    printf "crowd models, native, 1 thread, hall N=%s: social force %s, collision-free speed %s ns/person-substep (%.2fx)\n", n, a, b, b / a }'
done
