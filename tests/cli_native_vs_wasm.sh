#!/usr/bin/env bash
# Bandada — determinism across targets: the native and the wasm CLI print the same bytes.
set -u
native="$1"
wasm="$2"
fails=0
n=0
for args in "--count 200 --steps 50" "--count 1000 --radius 0.6 --steps 20 --seed 0" \
            "--count 300 --radius 3.3 --separation 2 --alignment -0.5 --cohesion 1,5 --steps 10" \
            "--count 60 --radius 7.5 --max-speed 0 --steps 3" "--count 0 --steps 4" \
            "--count 500 --radius 0.25 --separation 0.3 --max-speed 5 --steps 40 --format csv" \
            "--model feedback2d --cycles 30" "--model feedback2d --n 300 --operation probabilistic --no-contradiction --cycles 20" \
            "--model feedback2d --n 120 --operation gravity --turn 1 --feedback 2 --phases 41" \
            "--model feedback2d --operation sum --r 5 --seed 0 --cycles 25" \
            "--model flock2d --steps 40" "--model flock2d --count 500 --integrator rk4 --predator 450;300 --attractor 100;100 --steps 15" \
            "--model flock2d --count 200 --force-law raw --leader 3 --radius 80 --steps 20" \
            "--model flock2d --count 300 --obstacle 450;300;60 --wall 200;100;200;350 --integrator rk4 --max-speed 12 --steps 40" \
            "--model flock2d --count 200 --force-law raw --obstacle 100;100;30 --obstacle 120;110;40 --wall 600;50;800;250 --predator 150;150 --steps 40" \
            "--model flock2d --preset orbit --compare-integrators --steps 300" \
            "--model flock2d --count 150 --integrator rk4 --compare on --predator 450;300 --steps 30" \
            "sweep --model feedback2d --n 40 --cycles 20 --x alpha=0:3:3 --y feedback=0:2:2 --seeds 2" \
            "sweep --model boids3d --count 50 --steps 10 --x radius=0.5:3:4 --seeds 2 --format jsonl" \
            "optimize --model boids3d --count 50 --steps 10 --vary radius=0.5:3 --vary cohesion=0:2 --maximize order --seeds 2 --swarm 4 --iterations 2" \
            "optimize --model crowd --operational-model csm --count 20 --steps 150 --vary v0=0.3:2 --minimize evacuation_time --swarm 4 --iterations 2 --threads 1" \
            "--model crowd --count 150 --herding 0.3 --steps 150" "--model crowd --preset corridor --count 100 --v0 3 --steps 100 --format csv" \
            "experiment leader-drags --seeds 2" "experiment all-max-twitchy --seeds 1 --format jsonl" \
            "experiment rimea-06" "experiment door-flow --seeds 1" "experiment imo-counterflow --seeds 1" "experiment rimea-05 --seeds 2" "experiment rimea-07 --seeds 1" "experiment nist-5-1 --seeds 1" "experiment rimea-16 --seeds 1" \
            "--model crowd --bundled rimea-12d-width-080 --steps 400 --seed 2" \
            "--model crowd --bundled rimea-04 --count 320 --steps 100 --measure-from 2 --operational-model csm" \
            "--model pso --steps 100" "--model pso --landscape ackley --dims 12 --topology vonneumann --boundary reflect --vmax 0.3 --steps 60" \
            "--model pso --landscape griewank --dims 6 --topology ring --update inertia --w 0.9 --w-end 0.4 --horizon 40 --boundary random --steps 50 --format csv" \
            "--model pso --landscape schwefel --dims 4 --steps 80" "--model pso --landscape styblinski-tang --dims 5 --steps 40" \
            "--model pso --landscape truss10 --particles 20 --boundary absorb --steps 60" \
            "--model pso --landscape sphere --update inertia --w 1 --w-end 1 --c1 2 --c2 2 --steps 3000" \
            "experiment pso-sphere-rate --seeds 2" "experiment pso-truss --seeds 1" "experiment pso-constriction --seeds 1"; do
  n=$((n + 1))
  a=$("$native" $args | sha256sum)
  b=$(node "$wasm" $args | sha256sum)
  if [ "$a" = "$b" ]; then echo "ok: same bytes for $args"; else echo "FAIL: native and wasm differ for $args"; fails=$((fails + 1)); fi
done
# State files: one written natively continues in wasm, and one written in wasm natively, to the
# bytes of the run never stopped; the same state gives the same file on both.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for args in "--model flock2d --count 150 --leader 2 --obstacle 300;300;50" "--count 200" "--model feedback2d --n 50" "--model crowd --count 70 --preset column" "--model pso --landscape rosenbrock --dims 6 --topology ring"; do
  unit=steps; [[ "$args" == *feedback2d* ]] && unit=cycles
  whole=$("$native" $args --$unit 40 | sha256sum)
  "$native" $args --$unit 25 --save-state "$tmp/native.state" >/dev/null
  node "$wasm" $args --$unit 25 --save-state "$tmp/wasm.state" >/dev/null
  n=$((n + 3))
  if cmp -s "$tmp/native.state" "$tmp/wasm.state"; then echo "ok: the same state file natively and in wasm for $args"; else echo "FAIL: the state files differ for $args"; fails=$((fails + 1)); fi
  a=$(node "$wasm" --state "$tmp/native.state" --$unit 15 | sha256sum)
  b=$("$native" --state "$tmp/wasm.state" --$unit 15 | sha256sum)
  if [ "$a" = "$whole" ]; then echo "ok: a native state file continues in wasm to the whole run's bytes ($args)"; else echo "FAIL: native file in wasm ($args)"; fails=$((fails + 1)); fi
  if [ "$b" = "$whole" ]; then echo "ok: a wasm state file continues natively to the whole run's bytes ($args)"; else echo "FAIL: wasm file natively ($args)"; fails=$((fails + 1)); fi
done
# Scenario rooms (tests/fixtures/scenarios): the JSON, the trajectories and a state file that
# continues, byte for byte, natively and in wasm; the folder form is read by both.
sc="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/fixtures/scenarios"
both() {  # both LABEL ARGS…: the JSON and the trajectories of ARGS, natively and in wasm
  local label="$1"
  shift
  n=$((n + 2))
  local a b
  a=$("$native" "$@" --trajectories "$tmp/n.txt" 2>/dev/null | sha256sum)
  b=$(node "$wasm" "$@" --trajectories "$tmp/w.txt" 2>/dev/null | sha256sum)
  if [ "$a" = "$b" ]; then echo "ok: same JSON natively and in wasm for $label"; else echo "FAIL: native and wasm JSON differ for $label"; fails=$((fails + 1)); fi
  if [ -s "$tmp/n.txt" ] && cmp -s "$tmp/n.txt" "$tmp/w.txt"; then echo "ok: same trajectories for $label"; else echo "FAIL: the trajectories differ for $label"; fails=$((fails + 1)); fi
}
both "a hall with two pillars and gaussian speeds" --model crowd --scenario "$sc/holes.json" --steps 200
both "two rooms and a bottleneck, the folder form, a line" --model crowd --scenario "$sc/two-rooms-folder" --steps 150 --measure-line "1;-1;1;1"
both "RiMEA 5's premovement times" --model crowd --scenario "$sc/premovement.json" --steps 700
both "a corridor with an area" --model crowd --scenario "$sc/corridor.json" --steps 300 --measure-area "POLYGON ((10 0, 14 0, 14 4, 10 4))"
both "a hall with a slow zone (the folder form)" --model crowd --scenario "$sc/slow-zone-folder" --steps 500
both "a hall with a slow zone, the social force model" --model crowd --scenario "$sc/slow-zone-folder" --operational-model sfm --steps 300
both "a desk where people wait (the folder form), both models" --model crowd --scenario "$sc/waiting-checkpoint-folder" --steps 600
both "a desk where people wait, the social force model" --model crowd --scenario "$sc/waiting-checkpoint-folder" --operational-model sfm --steps 400
both "a throttled gate and a slow ramp as checkpoints" --model crowd --scenario "$sc/checkpoint-to-exit.json" --steps 700
both "arrivals over 15 s at a throttled exit" --model crowd --scenario "$sc/flow-spawning.json" --steps 600
both "a corridor without ends, round its seam (collision-free speed model)" --model crowd --scenario "$sc/corridor-without-ends.json" --operational-model csm --steps 300
both "the anticipation velocity model at a 0.6 m corridor's mouth: creeps, random sides, orientations" --model crowd --scenario "$sc/field/two-rooms-060-avm.json" --steps 600
# (premovement.json: saved while some still wait for their premovement time, at frame 300 = 12 s;
# slow-zone-folder: at 16 s, while people cross the zone; waiting-checkpoint-folder at 12 s, while
# people wait at the desk; checkpoint-to-exit at 12 s, a queue at the gate; flow-spawning at 8 s,
# with people yet to arrive)
while read -r file first rest; do
  n=$((n + 1))
  whole=$("$native" --model crowd --scenario "$sc/$file" --steps $((first + rest)) 2>/dev/null | sha256sum)
  "$native" --model crowd --scenario "$sc/$file" --steps "$first" --save-state "$tmp/sc.state" >/dev/null 2>&1
  a=$(node "$wasm" --state "$tmp/sc.state" --steps "$rest" | sha256sum)
  if [ "$a" = "$whole" ]; then echo "ok: a native state file of a scenario room ($file) continues in wasm to the whole run's bytes"; else echo "FAIL: a scenario state file in wasm ($file)"; fails=$((fails + 1)); fi
done <<'ROOMS'
holes.json 70 50
premovement.json 300 100
corridor-without-ends.json 250 150
slow-zone-folder 400 150
waiting-checkpoint-folder 300 200
checkpoint-to-exit.json 300 200
flow-spawning.json 200 200
ROOMS
# Threads: the step split over 1, 2, 3 and 8 threads gives the bytes of the single-threaded run,
# natively and in the threaded wasm build (a pool of 8); a sweep's rows in parallel likewise.
mt="${3:-}"
if [ -n "$mt" ]; then
  for args in "--count 3000 --radius 0.9 --steps 12" "--count 20000 --radius 0.305 --steps 3" \
              "--model flock2d --count 3000 --integrator rk4 --predator 1;1 --obstacle 450;300;40 --steps 8" \
              "sweep --model boids3d --count 600 --steps 5 --x radius=0.5:2:3 --seeds 2" \
              "optimize --model boids3d --count 300 --steps 5 --vary radius=0.5:2 --maximize order --swarm 5 --iterations 2"; do
    ref=$("$native" $args --threads 1 | sha256sum)
    for t in 2 3; do
      n=$((n + 1))
      a=$("$native" $args --threads $t | sha256sum)
      if [ "$a" = "$ref" ]; then echo "ok: native --threads $t gives the bytes of --threads 1 for $args"; else echo "FAIL: native --threads $t differs for $args"; fails=$((fails + 1)); fi
    done
    for t in 1 2 3 8; do
      n=$((n + 1))
      b=$(node "$mt" $args --threads $t | sha256sum)
      if [ "$b" = "$ref" ]; then echo "ok: threaded wasm --threads $t gives the native bytes for $args"; else echo "FAIL: threaded wasm --threads $t differs for $args"; fails=$((fails + 1)); fi
    done
  done
  n=$((n + 1))
  err=$(node "$mt" --count 10 --threads 9 2>&1 >/dev/null); rc=$?
  if [ $rc -eq 2 ] && [[ "$err" == *"pool of 8 threads"* ]]; then echo "ok: the threaded wasm refuses more threads than its pool"; else echo "FAIL: --threads 9 in the threaded wasm: rc $rc, '$err'"; fails=$((fails + 1)); fi
fi
echo "$((n - fails)) passed, $fails failed"
[ $fails -eq 0 ]
