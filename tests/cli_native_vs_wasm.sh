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
            "sweep --model boids3d --count 50 --steps 10 --x radius=0.5:3:4 --seeds 2 --format jsonl"; do
  n=$((n + 1))
  a=$("$native" $args | sha256sum)
  b=$(node --no-experimental-fetch "$wasm" $args | sha256sum)
  if [ "$a" = "$b" ]; then echo "ok: same bytes for $args"; else echo "FAIL: native and wasm differ for $args"; fails=$((fails + 1)); fi
done
echo "$((n - fails)) passed, $fails failed"
[ $fails -eq 0 ]
