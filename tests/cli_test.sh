#!/usr/bin/env bash
# Bandada — bandada-cli's contract: JSON by default, CSV on request, errors on stderr with a
# non-zero exit and nothing on stdout, --config takes the web app's share string.
set -u
cli="$1"
source "$(dirname "${BASH_SOURCE[0]}")/check.sh"

out=$("$cli" --count 3 --steps 2)
check "JSON names the model and the step count" '[[ "$out" == "{\"model\":\"boids3d\",\"steps\":2,"* ]]'
check "JSON lists one object per boid" '[ "$(grep -o "\"neighbors\"" <<<"$out" | wc -l)" = 3 ]'
check "time is steps x 0.04" '[[ "$out" == *"\"time\":0.080000000000000002,"* ]]'
csv=$("$cli" --count 4 --format csv)
check "CSV has a header and one row per boid" '[ "$(wc -l <<<"$csv")" = 5 ] && [[ "$csv" == index,x,y,z,* ]]'
check "--help documents the options" '"$cli" --help | grep -q -- "--max-speed"'
check "--help names --steps' alias only where the model counts in its own unit" \
  '! "$cli" --help | grep -q -- "also --steps" && "$cli" --model feedback2d --help | grep -q -- "(default 0; also --cycles)"'
for bad in "--radius 0" "--count 1.5" "--radius 1." "--separation nan" "--steps -1" "--bogus 1" "--count"; do
  o=$("$cli" $bad 2>"$cli_err"); rc=$?
  check "refuses '$bad' with a message" '[ $rc -ne 0 ] && [ -z "$o" ] && [ -s "$cli_err" ]'
done
a=$("$cli" --config 'v=1&n=5&r=0,9&seed=3' --steps 3)
b=$("$cli" --count 5 --radius 0.9 --seed 3 --steps 3)
check "--config gives the same run as the same flags" '[ "$a" = "$b" ]'
c=$("$cli" --config 'v=1&n=5&r=0,9&seed=3' --seed 4 --steps 3)
check "explicit flags override --config" '[ "$a" != "$c" ]'
d=$("$cli" --count 40 --radius 3.1 --steps 5 --brute-force)
e=$("$cli" --count 40 --radius 3.1 --steps 5)
check "brute force and grid print the same bytes" '[ "$d" = "$e" ]'
f=$("$cli" --model feedback2d --n 40 --cycles 3)
check "feedback2d JSON names the model and lists every point" '[[ "$f" == "{\"model\":\"feedback2d\",\"cycles\":3,"* ]] && [ "$(grep -o "\"class\"" <<<"$f" | wc -l)" = 40 ]'
p=$("$cli" --model feedback2d --n 40 --phases 12)
check "feedback2d: twelve single phases print what three cycles print" '[ "$f" = "$p" ]'
check "feedback2d refuses an unknown operation" '! "$cli" --model feedback2d --operation swirl >/dev/null 2>&1'
check "an unknown model is refused" '! "$cli" --model flock9 >/dev/null 2>&1'
g=$("$cli" --model flock2d --count 25 --predator '450;300' --steps 3)
check "flock2d JSON names the model, lists every boid and the predator" '[[ "$g" == "{\"model\":\"flock2d\",\"steps\":3,"* ]] && [ "$(grep -o "\"neighbors\"" <<<"$g" | wc -l)" = 25 ] && [[ "$g" == *"\"predators\":[{\"p\":"* ]]'
check "flock2d refuses r_s above r" '! "$cli" --model flock2d --radius 10 --sep-radius 20 >/dev/null 2>&1'
check "flock2d refuses a malformed predator" '! "$cli" --model flock2d --predator 1,5,2 >/dev/null 2>&1'
# Issue 12: the edges a fuzzer and a demanding user found.
refuses "--model without a value is refused" --model
refuses "--model given twice is refused" --model flock2d --model feedback2d
refuses "--phases with --cycles is refused" --model feedback2d --phases 3 --cycles 2
refuses "an empty --leader is refused" --model flock2d --leader ''
refuses "a leader beyond a small count is refused" --model flock2d --count 5 --leader 9
"$cli" --config 'v=1&n=nan' >/dev/null 2>"$cli_err"
check "a --config error names the link's field, not an option never given" \
  'grep -q "^bandada-cli: --config: count N .nan.:" "$cli_err" && ! grep -q -- "--count" "$cli_err"'
"$cli" --count "$(printf '7%.0s' $(seq 1 100000))" >/dev/null 2>"$cli_err"
check "an error line shows at most 60 characters of a huge value" '[ "$(wc -c <"$cli_err")" -lt 300 ]'
h=$("$cli" --model flock2d --count 1 --predator '67798784168595896;1')
check "a predator placed far away lands on the torus" '[[ "$h" == *"\"predators\":[{\"p\":[0,1]"* ]] || [[ "$h" =~ \"predators\":\[\{\"p\":\[[0-9] ]]'
a=$("$cli" --model flock2d --count 5 --attractor '100;200' --attractor '300;400')
check "the flock2d JSON lists the attractors" '[[ "$a" == *"\"attractors\":[{\"p\":[100,200]},{\"p\":[300,400]}]"* ]]'
o=$("$cli" --model flock2d --count 50 --obstacle '450;300;60' --wall '100;100;100;300' --steps 5)
check "flock2d JSON lists the obstacles" '[[ "$o" == *"\"circles\":[{\"c\":[450,300],\"r\":60}],\"walls\":[{\"a\":[100,100],\"b\":[100,300]}]"* ]]'
refuses "a circle over 150 in radius is refused" --model flock2d --obstacle '1;1;151'
refuses "a wall longer than 300 is refused" --model flock2d --wall '0;0;0;301'
refuses "a malformed obstacle is refused" --model flock2d --obstacle '1;2'
e=$("$cli" --model flock2d --preset orbit --steps 10)
check "the JSON carries the run's energy series under its integrator" '[[ "$e" == *"\"energy\":{\"euler\":["* ]] && [[ "$e" != *"\"rk4\":["* ]]'
e=$("$cli" --model flock2d --preset orbit --steps 10 --compare-integrators)
check "--compare-integrators adds the other integrator's series and the twin distance" '[[ "$e" == *"\"rk4\":["* ]] && [[ "$e" == *"\"twin_distance\":[0,"* ]]'
refuses "--compare-integrators above 2 000 boids is refused" --model flock2d --count 2001 --compare-integrators
# Issue 27: the measures the lesson's claims need, and its claims as experiments.
j=$("$cli" --model flock2d --count 30 --steps 3)
check "the flock2d JSON has groups and the largest's share next to order, and the turning angle" \
  '[[ "$j" =~ \"order\":[^,]+,\"groups\":[0-9]+,\"largest_group_share\":[0-9.e-]+,\"turning_angle\": ]] && [[ "$j" != *leader_distance* ]]'
j=$("$cli" --model flock2d --count 30 --steps 3 --leader 0)
check "with a leader the JSON has the flock centre's distance to it" '[[ "$j" == *"\"leader_distance\":"* ]]'
j=$("$cli" --count 30 --steps 3)
check "the 3-D flock's JSON has its groups too" '[[ "$j" =~ \"groups\":[0-9]+,\"largest_group_share\": ]]'
a=$("$cli" --model flock2d --count 300 --steps 5 --search all-pairs)
b=$("$cli" --model flock2d --count 300 --steps 5 --search grid)
check "--search all-pairs prints the grid's bytes" '[ "$a" = "$b" ]'
refuses "--search refuses anything but grid and all-pairs" --model flock2d --search quadtree
list=$("$cli" experiment --list)
check "experiment --list: one line per claim, NAME first, model by model, each in claim order, no header" \
  '[ "$(cut -f1 <<<"$list" | tr "\n" " ")" = "more-boids separation-loosens alignment-orders radius-groups all-max-twitchy speed-zone grid-vs-all-pairs leader-drags euler-vs-rk4 rimea-01 rimea-02 rimea-03 rimea-04 rimea-05 rimea-06 rimea-07 rimea-08a rimea-08b rimea-09 rimea-10 rimea-11 rimea-12a rimea-12b rimea-12c rimea-12d rimea-13 rimea-14 rimea-15 rimea-16 door-flow imo-counterflow nist-2-1 nist-5-1 wuppertal-2018 pso-constriction pso-sphere-rate pso-ring-basin pso-swarm-size pso-truss " ] && [ "$(cut -f2 <<<"$list" | cut -d: -f1 | head -10 | tr "\n" " ")" = "claim 1 claim 2 claim 3 claim 4 claim 5 claim 6 claim 7 claim 8 claim 9 RiMEA 1 " ]'
check "experiment --list --model: that model's cards only; an unknown model, or --model without --list, refused" \
  '[ "$("$cli" experiment --list --model crowd | cut -f1 | head -1)" = rimea-01 ] && [ "$("$cli" experiment --list --model flock2d | wc -l)" = 9 ] && ! "$cli" experiment --list --model nope 2>/dev/null && ! "$cli" experiment rimea-01 --model crowd 2>/dev/null'
x=$("$cli" experiment alignment-orders --seeds 2)
check "an experiment prints its rows, then the verdict with its rule" \
  '[ "$(head -1 <<<"$x")" = "w-ali,seed,order,groups,largest_group_share" ] && [ "$(wc -l <<<"$x")" = 12 ] && [[ "$(tail -1 <<<"$x")" =~ ^verdict:\ (holds|does\ not\ hold):\ .*\(rule:\ .*\)$ ]]'
y=$("$cli" --model flock2d --w-ali 2 --seed 2 --steps 500)
row=$(grep '^2,2,' <<<"$x")
check "an experiment's row is the single run with its options" \
  'python3 -c "import json,sys; j=json.loads(sys.argv[1]); r=sys.argv[2].split(\",\"); assert float(r[2])==j[\"order\"] and int(r[3])==j[\"groups\"]" "$y" "$row"'
x1=$("$cli" experiment alignment-orders --seeds 2 --threads 1)
check "an experiment's bytes do not depend on the threads" '[ "$x" = "$x1" ]'
xj=$("$cli" experiment alignment-orders --seeds 1 --format jsonl)
check "jsonl rows" '[[ "$(head -1 <<<"$xj")" == "{\"w-ali\":0,\"seed\":1,\"order\":"* ]]'
refuses "an unknown experiment is refused" experiment nonsense
refuses "experiment --seeds 0 is refused" experiment more-boids --seeds 0
refuses "experiment --format xml is refused" experiment more-boids --format xml
refuses "claim 9 points to the comparison instead" experiment euler-vs-rk4
# --set: a crowd card with the other operational model, as its single run would be; the rule and
# the card's rows stay.
xs=$("$cli" experiment rimea-01 --seeds 1 --set operational-model=csm)
xr=$("$cli" --model crowd --operational-model csm --bundled rimea-01 --seed 1 --steps 1500 2>/dev/null | python3 -c 'import json,sys; print(repr(json.load(sys.stdin)["evacuation_time"]))')
check "experiment --set operational-model=csm runs the card with the collision-free speed model, as its single run" \
  '[ "$(sed -n 2p <<<"$xs" | cut -d, -f3)" != "$("$cli" experiment rimea-01 --seeds 1 | sed -n 2p | cut -d, -f3)" ] && python3 -c "import sys; assert float(sys.argv[1]) == float(sys.argv[2]), sys.argv" "$(sed -n 2p <<<"$xs" | cut -d, -f3)" "$xr" && tail -1 <<<"$xs" | grep -q "^verdict: holds: "'
refuses "experiment --set with a name the model does not have is refused" experiment rimea-01 --set nonsense=1
refuses "experiment --set with a value the field refuses is refused" experiment rimea-01 --set operational-model=xyz
refuses "experiment --set without NAME=VALUE is refused" experiment rimea-01 --set csm
check "experiment NAME --check runs nothing, prints nothing and exits 0 for a card that would run" \
  '[ -z "$("$cli" experiment rimea-04 --check --set operational-model=csm 2>&1)" ]'
refuses "experiment --check refuses what a run would refuse (a bad --set)" experiment rimea-04 --check --set operational-model=xyz
refuses "experiment --check refuses a card measured by a view of the lab (it has no rows)" experiment euler-vs-rk4 --check
check_summary
