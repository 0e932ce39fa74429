#!/usr/bin/env bash
# Bandada — crowd scenarios on the command line (docs/models/crowd.md, "Scenario files"): a file in
# the web community's form runs unchanged and meets its own _expectations; three rooms read from
# WKT keep every trajectory row in the walkable area; the trajectories parse by PedPy's rules and
# give the JSON's own line passages; the command line's options replace the file's; bad files are
# refused with their JSON path, exit 2 and nothing on stdout.
set -u
cli="$1"
source "$(dirname "${BASH_SOURCE[0]}")/check.sh"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
sc="$here/fixtures/scenarios"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$cli" --model crowd --scenario "$sc/corridor.json" > "$tmp/corridor.json" 2> "$tmp/corridor.err"
check "a file in the web community's corridor form runs unchanged and meets its own _expectations" \
  'python3 "$here/scenario_checks.py" expectations "$sc/corridor.json" "$tmp/corridor.json"'
check "the file's model_type runs: the collision-free speed model, with the file's constants" \
  'grep -q "\"operational_model\":\"csm\"" "$tmp/corridor.json" && ! grep -q "is not Bandada" "$tmp/corridor.err"'
"$cli" sweep --model crowd --scenario "$sc/corridor.json" --x v0=1:1:1 --steps 1500 --measure evacuated,specific_flow > "$tmp/specific.csv" 2>/dev/null
check "exit areas have no width: the specific flow is nan, not inf" \
  'grep -qx "1,1,12,nan" "$tmp/specific.csv" || { cat "$tmp/specific.csv"; false; }'
check "what does not carry over is said once on stderr: the other model's parameters" \
  'grep -c "parameters the CollisionFreeSpeedModel does not use (relaxation_time)" "$tmp/corridor.err" | grep -qx 1'

# Speed zones (the folder form of the web community's bottleneck-zone): the file meets its own
# _expectations, and the slow zone costs the time its length takes at the slower speed. 10 m at
# 0.4 × 1.3 m/s instead of 1.3 m/s is 11.5 s more for each person, so at least 10 s later.
zone="$sc/slow-zone-folder"
"$cli" --model crowd --scenario "$zone" > "$tmp/zone.json" 2> "$tmp/zone.err"
check "a file in the web community's bottleneck-zone form runs unchanged and meets its own _expectations" \
  'python3 "$here/scenario_checks.py" expectations "$zone/config.json" "$tmp/zone.json"'
mkdir -p "$tmp/nozone" && cp "$zone/geometry.wkt" "$tmp/nozone/" &&
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); d["zones"]={}; json.dump(d, open(sys.argv[2], "w"))' "$zone/config.json" "$tmp/nozone/config.json"
"$cli" --model crowd --scenario "$tmp/nozone" > "$tmp/nozone.json" 2>/dev/null
check "a slow zone makes the evacuation at least 10 s longer than the same hall without it" \
  'python3 -c "import json,sys; a=json.load(open(sys.argv[1]))[\"evacuation_time\"]; b=json.load(open(sys.argv[2]))[\"evacuation_time\"]; sys.exit(0 if a - b >= 10 else 1)" "$tmp/zone.json" "$tmp/nozone.json"'
a=$("$cli" --model crowd --scenario "$zone" --steps 400 --threads 1 2>/dev/null)
b=$("$cli" --model crowd --scenario "$zone" --steps 400 --threads 2 2>/dev/null)
check "a hall with a speed zone gives the same bytes on 1 and 2 threads" '[ -n "$a" ] && [ "$a" = "$b" ]'

# Checkpoints, throttles and flow spawning (our own files in the form of the web community's
# waiting-stage-corridor, checkpoint_to_exit and flow_spawning): each meets its own _expectations.
for f in waiting-checkpoint-folder checkpoint-to-exit.json flow-spawning.json; do
  conf="$sc/$f"; [ -d "$conf" ] && conf="$conf/config.json"
  "$cli" --model crowd --scenario "$sc/$f" > "$tmp/$f.out" 2>/dev/null
  check "a file in the form of the web community's ${f%.json} runs unchanged and meets its own _expectations" \
    'python3 "$here/scenario_checks.py" expectations "$conf" "$tmp/$f.out"'
done
check "a throttled exit at 1.5 persons/s: one leaves every 2/3 s at most, all 30 who arrived over 15 s" \
  'python3 -c "import json,sys; j=json.load(open(sys.argv[1])); t=j[\"exit_times\"]; a=j[\"arrivals\"]; assert len(t)==30 and min(b-x for x,b in zip(t,t[1:])) >= 1/1.5 and a[\"total\"]==30 and a[\"to_come\"]==0, (t, a)" "$tmp/flow-spawning.json.out"'
wc="$sc/waiting-checkpoint-folder"
mkdir -p "$tmp/nowait" && cp "$wc/geometry.wkt" "$tmp/nowait/" &&
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); d["checkpoints"]["desk"]["waiting_time"]=0; json.dump(d, open(sys.argv[2], "w"))' "$wc/config.json" "$tmp/nowait/config.json"
"$cli" --model crowd --scenario "$tmp/nowait" > "$tmp/nowait.json" 2>/dev/null
check "a 6 s wait at the desk makes the last person leave at least 5 s later than with no wait" \
  'python3 -c "import json,sys; a=json.load(open(sys.argv[1]))[\"evacuation_time\"]; b=json.load(open(sys.argv[2]))[\"evacuation_time\"]; sys.exit(0 if a - b >= 5 else 1)" "$tmp/waiting-checkpoint-folder.out" "$tmp/nowait.json"'
for f in waiting-checkpoint-folder checkpoint-to-exit.json flow-spawning.json; do
  a=$("$cli" --model crowd --scenario "$sc/$f" --steps 500 --threads 1 2>/dev/null)
  b=$("$cli" --model crowd --scenario "$sc/$f" --steps 500 --threads 2 2>/dev/null)
  "$cli" --model crowd --scenario "$sc/$f" --steps 200 --save-state "$tmp/$f.state" > /dev/null 2>&1
  c=$("$cli" --state "$tmp/$f.state" --steps 300 --threads 2 2>/dev/null)
  check "${f%.json}: the same bytes on 1 and 2 threads, and continued from a state file at 8 s" \
    '[ -n "$a" ] && [ "$a" = "$b" ] && [ "$a" = "$c" ]'
done

# Three rooms from WKT: two rooms and a bottleneck (the folder form), an L-shaped corner, a hall
# with two pillars; every trajectory row lies in the walkable area.
for room in two-rooms-folder corner.json holes.json; do
  "$cli" --model crowd --scenario "$sc/$room" --trajectories "$tmp/$room.txt" --steps 2000 > "$tmp/$room.out" 2>/dev/null
done
check "two rooms joined by a bottleneck, an L-shaped corner and a hall with holes: every trajectory row in the walkable area, everyone out" \
  'python3 "$here/scenario_checks.py" in_walkable "$sc" "$tmp"'
j=$(cat "$tmp/holes.json.out")
check "journeys: the west room's people leave only by the west exit, the others by the nearer" \
  'python3 -c "import json,sys; j=json.loads(sys.argv[1]); e=j[\"exit_of\"]; assert set(e[:40]) == {\"west\"} and e[40:].count(\"east\") > 30, e" "$j"'

# RiMEA 5, premovement: ten people drawn uniformly from 10 to 100 s each start to walk at their
# time, by the anchor's own V&V rule applied to the trajectory file.
"$cli" --model crowd --scenario "$sc/premovement.json" --trajectories "$tmp/rimea5.txt" > "$tmp/rimea5.json" 2>/dev/null
check "RiMEA 5: each person stands until their premovement time and is walking within 0.5 s of it (from the trajectories)" \
  'python3 "$here/scenario_checks.py" premovement "$tmp/rimea5.txt" "$tmp/rimea5.json"'

# Trajectories by PedPy's rules (load_trajectory, the PeTrack text format), and a line's passages
# recomputed from them equal the JSON's own, bit for bit.
"$cli" --model crowd --scenario "$sc/corridor.json" --steps 600 --trajectories "$tmp/t1.txt" \
  --measure-line "12;0;12;4" --measure-area "POLYGON ((10 0, 14 0, 14 4, 10 4, 10 0))" > "$tmp/t1.json" 2>/dev/null
"$cli" --model crowd --scenario "$sc/corridor.json" --steps 600 --trajectories "$tmp/t2.txt" --trajectory-every 2 > /dev/null 2>&1
check "trajectories parse by PedPy's rules: the two header lines, then id frame x y z, ids from 1, frames from 0, one row per person inside" \
  'python3 "$here/scenario_checks.py" pedpy "$tmp/t1.txt" "$tmp/t2.txt" "$tmp/t1.json"'
check "a line's passages found from the trajectory file (frame f at 0.04·f s, linear within the frame, the cross product's sign) equal the JSON's" \
  'python3 "$here/scenario_checks.py" passages "$tmp/t1.txt" "$tmp/t1.json"'

# The command line's options replace the file's.
sed 's/"baseSeed": 3/"baseSeed": 8/' "$sc/two-rooms-folder/config.json" > "$tmp/seed8.json"
mkdir -p "$tmp/seed8" && cp "$tmp/seed8.json" "$tmp/seed8/config.json" && cp "$sc/two-rooms-folder/geometry.wkt" "$tmp/seed8/"
a=$("$cli" --model crowd --scenario "$sc/two-rooms-folder" --seed 8 --steps 50 2>/dev/null)
b=$("$cli" --model crowd --scenario "$tmp/seed8" --steps 50 2>/dev/null)
c=$("$cli" --model crowd --scenario "$sc/two-rooms-folder" --steps 50 2>/dev/null)
check "--seed replaces the file's baseSeed" '[ "$a" = "$b" ] && [ "$a" != "$c" ]'
sed 's/"v0": 1.3/"v0": 1.6/' "$sc/corridor.json" > "$tmp/fast.json"
a=$("$cli" --model crowd --scenario "$sc/corridor.json" --v0 1.6 --steps 100 2>/dev/null)
b=$("$cli" --model crowd --scenario "$tmp/fast.json" --steps 100 2>/dev/null)
check "--v0 sets every distribution's mean speed" '[ "$a" = "$b" ]'
check "--count replaces the number of a file with one distribution" \
  '"$cli" --model crowd --scenario "$sc/corridor.json" --count 5 --steps 1 2>/dev/null | python3 -c "import json,sys; assert json.load(sys.stdin)[\"placed\"] == 5"'
a=$("$cli" --model crowd --scenario "$sc/holes.json" --steps 40 --threads 1 2>/dev/null)
b=$("$cli" --model crowd --scenario "$sc/holes.json" --steps 40 --threads 3 2>/dev/null)
check "a scenario room gives the same bytes on 1 and 3 threads" '[ -n "$a" ] && [ "$a" = "$b" ]'
whole=$("$cli" --model crowd --scenario "$sc/holes.json" --steps 300 2>/dev/null)
"$cli" --model crowd --scenario "$sc/holes.json" --steps 170 --save-state "$tmp/h.state" > /dev/null 2>&1
check "a state file carries the scenario room and continues it to the same bytes" \
  '[ "$("$cli" --state "$tmp/h.state" --steps 130)" = "$whole" ]'
check "a sweep runs the scenario's rows (read once) with the exits' counts as measures" \
  '"$cli" sweep --model crowd --scenario "$sc/holes.json" --steps 400 --x v0=1:1.5:2 --seeds 1 --measure evacuated,exit1_count,exit2_count --format csv 2>/dev/null | python3 -c "
import sys
rows = [l.strip().split(\",\") for l in sys.stdin if l[0].isdigit()]
assert len(rows) == 2 and all(int(r[-2]) + int(r[-1]) == int(r[-3]) for r in rows), rows"'

ring="$sc/corridor-without-ends.json"
whole=$("$cli" --model crowd --scenario "$ring" --steps 600 2>/dev/null)
"$cli" --model crowd --scenario "$ring" --steps 250 --save-state "$tmp/r.state" > /dev/null 2>&1
check "a corridor without ends keeps everyone walking round it, inside it, and a state file continues it" \
  '[ "$("$cli" --state "$tmp/r.state" --steps 350)" = "$whole" ] && python3 -c "
import json, sys
d = json.loads(sys.argv[1])
assert d[\"inside\"] == 30 and d[\"evacuated\"] == 0 and d[\"mean_speed\"] > 1, d[\"mean_speed\"]
assert all(0 <= p[\"p\"][0] < 20 for p in d[\"people\"])" "$whole"'
a=$("$cli" --model crowd --scenario "$ring" --steps 300 --threads 1 2>/dev/null)
b=$("$cli" --model crowd --scenario "$ring" --steps 300 --threads 2 2>/dev/null)
check "a corridor without ends gives the same bytes on 1 and 2 threads" '[ -n "$a" ] && [ "$a" = "$b" ]'

# Files in the form JuPedSim Web writes them (tests/fixtures/scenarios/field, written by its make.py
# from the published set-ups): its radius 0.15 m, start areas that reach the walls. None is refused
# by any model; RiMEA 1, RiMEA 6, the 8 x 5 m room and the 0.6 m corridor empty with all three and
# meet their own _expectations (RiMEA 1: 26-34 s).
opened=0; met=0
for f in "$sc"/field/*.json; do
  for m in sfm csm avm; do
    "$cli" --model crowd --scenario "$f" --operational-model $m --steps 25 > "$tmp/field.out" 2> "$tmp/field.err" &&
      [ -s "$tmp/field.out" ] && opened=$((opened + 1)) || { echo "# refused ($m): $f"; cat "$tmp/field.err"; }
  done
done
files=$(ls "$sc"/field/*.json | wc -l)
check "every one of the $files files in the web tool's form opens with each of the three models (radius 0.15 m, start areas to the walls; RiMEA 2's 0.08 m read as 0.1 m)" '[ $files -ge 10 ] && [ $opened -eq $((3 * files)) ]'
for f in rimea-01 rimea-06 room-8x5 corridor-060; do
  for m in sfm csm avm; do
    "$cli" --model crowd --scenario "$sc/field/$f.json" --operational-model $m > "$tmp/field.json" 2>/dev/null &&
      python3 "$here/scenario_checks.py" expectations "$sc/field/$f.json" "$tmp/field.json" && met=$((met + 1)) ||
      echo "# $f ($m) misses its _expectations"
  done
done
"$cli" --model crowd --scenario "$sc/field/rimea-02.json" > "$tmp/field.json" 2> "$tmp/field.err" &&
  python3 "$here/scenario_checks.py" expectations "$sc/field/rimea-02.json" "$tmp/field.json" && met=$((met + 1))
check "RiMEA 1 (26-34 s), RiMEA 6, an 8 x 5 m room and a 0.6 m corridor in the web tool's form: everyone out, each file's own _expectations met by all three models; RiMEA 2's corridor by the file's model (10 m at 1 m/s)" '[ $met -eq 13 ]'

# The anticipation velocity model as JuPedSim Web's files name it: model_type selects it, T and s0
# are read as the web tool's backend maps them (anticipation and reaction time), and the file's
# run carries them; a model not built is refused by name, listing the three that are.
avm="$sc/field/two-rooms-060-avm.json"
"$cli" --model crowd --scenario "$avm" --steps 25 > "$tmp/avm.json" 2> "$tmp/avm.err"
check "a file whose model_type is AnticipationVelocityModel runs with that model, T and s0 used" \
  'grep -q "\"operational_model\":\"avm\"" "$tmp/avm.json" && ! grep -q "does not use" "$tmp/avm.err"'
a=$("$cli" --model crowd --scenario "$avm" --steps 100 2>/dev/null | md5sum)
b=$("$cli" --model crowd --scenario "$avm" --steps 100 --avm-ta 0.5 --avm-tr 0.3 2>/dev/null | md5sum)
c=$("$cli" --model crowd --scenario "$avm" --steps 100 --avm-ta 1 2>/dev/null | md5sum)
check "the file's T is the anticipation time: the same bytes as --avm-ta 0.5, other bytes with 1" '[ "$a" = "$b" ] && [ "$a" != "$c" ]'
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); d["config"]["simulation_settings"]["simulationParams"]["model_type"]="WarpDriverModel"; json.dump(d, open(sys.argv[2], "w"))' "$avm" "$tmp/warp.json"
refusal=$("$cli" --model crowd --scenario "$tmp/warp.json" 2>&1 >/dev/null); out=$("$cli" --model crowd --scenario "$tmp/warp.json" 2>/dev/null)
check "WarpDriverModel is refused by name with the three models listed, and nothing on stdout" \
  '[ -z "$out" ] && echo "$refusal" | grep -qF "\"WarpDriverModel\" is not built: Bandada runs SocialForceModel, CollisionFreeSpeedModel and AnticipationVelocityModel"'
check "a radius the web tool clips is read as it reads it, and said: RiMEA 2's 0.08 m as 0.1 m" \
  'grep -qF "distributions.jps-distributions_0.parameters.radius: 0.08 m read as 0.1 m, as the web tool clips it" "$tmp/field.err"'

# A link that names a bundled scenario runs that scenario's people (issue 85): for every bundled
# room, the link with nothing else gives the bytes of --bundled; a link that gives a field itself
# wins over the file's value (the unit tests check that a run's own link reopens it).
same=0; total=0; names=""
for f in "$here"/../core/models/crowd/scenarios/*.json; do
  n=$(basename "$f" .json); total=$((total + 1))
  a=$("$cli" --model crowd --bundled "$n" --steps 5 2>/dev/null)
  b=$("$cli" --config "m=crowd&v=1&scenario=$n" --steps 5 2>/dev/null)
  [ -n "$a" ] && [ "$a" = "$b" ] && same=$((same + 1)) || names="$names $n"
done
check "every bundled scenario ($total) as a link m=crowd&v=1&scenario=NAME gives the bytes of --bundled NAME${names:+ (not:$names)}" '[ $same -eq $total ]'
own=$("$cli" --config "m=crowd&v=1&scenario=rimea-12c&n=40" --steps 0 2>/dev/null)
check "a link that gives n=40 itself places 40 people in RiMEA 12c (the file says 150)" \
  'python3 -c "import json,sys; j=json.loads(sys.argv[1]); assert j[\"placed\"] == 40, j[\"placed\"]" "$own"'

# Bad files: exit 2, nothing on stdout, a message that names the JSON path.
bad() {  # bad NAME EXPECTED-TEXT PYTHON-EDIT [extra options]: the corridor edited by PYTHON-EDIT (d is the file)
  local name="$1" want="$2" edit="$3"
  shift 3
  python3 -c "import json,sys; d=json.load(open(sys.argv[1])); $edit; json.dump(d, open(sys.argv[2], 'w'))" "$sc/corridor.json" "$tmp/bad.json"
  "$cli" --model crowd --scenario "$tmp/bad.json" "$@" > "$tmp/bad.out" 2> "$tmp/bad.err"
  local rc=$?
  check "a bad file is refused with exit 2, nothing on stdout, and its path: $name" \
    '[ $rc -eq 2 ] && [ ! -s "$tmp/bad.out" ] && grep -qF -- "$want" "$tmp/bad.err" || { cat "$tmp/bad.err"; false; }'
}
bad "no one to place" "distributions.start-west.parameters.number: a whole number from 1" 'd["distributions"]["start-west"]["parameters"]["number"] = 0'
bad "a self-intersecting walkable area" "walkable_area_wkt: not a simple polygon" 'd["walkable_area_wkt"] = "POLYGON ((0 0, 24 4, 24 0, 0 4, 0 0))"'
# The validity messages are our own words, and say where when the check found a place.
bad "a walkable area whose edge turns back, and where" "walkable_area_wkt: not a simple polygon (an edge that turns back on itself at (12, 8))" 'd["walkable_area_wkt"] = "POLYGON ((0 0, 24 0, 24 4, 12 4, 12 8, 12 4, 0 4, 0 0))"'
bad "two walkable parts that overlap, and where" "walkable_area_wkt: polygons that overlap (edges that cross or touch at (10, 4))" 'd["walkable_area_wkt"] = "MULTIPOLYGON (((0 0, 24 0, 24 4, 0 4, 0 0)), ((10 2, 14 2, 14 6, 10 6, 10 2)))"'
bad "a hole outside its polygon" "walkable_area_wkt: not a simple polygon (a hole outside its polygon)" 'd["walkable_area_wkt"] = "POLYGON ((0 0, 24 0, 24 4, 0 4, 0 0), (30 1, 31 1, 31 2, 30 2, 30 1))"'
bad "a start area outside the walkable area" "distributions.start-west.coordinates: a start area inside the walkable area" 'd["distributions"]["start-west"]["coordinates"] = [[-3, 0.5], [2, 0.5], [2, 3], [-3, 3]]'
bad "no exit" "exits: at least one exit" 'd["exits"] = {}; d["journeys"] = []; d["transitions"] = []'
bad "an exit that touches no walkable ground" "exits.exit-east: an exit that touches no walkable ground" 'd["exits"]["exit-east"]["coordinates"] = [[30, 0], [31, 0], [31, 1], [30, 1]]'
bad "a start area cut off from its exit (a MULTIPOLYGON's other part)" "distributions.start-west: no exit of its journey can be reached from where 12 people stand" 'd["walkable_area_wkt"] = "MULTIPOLYGON (((0 0, 24 0, 24 4, 0 4, 0 0)), ((30 0, 40 0, 40 4, 30 4, 30 0)))"; d["distributions"]["start-west"]["coordinates"] = [[31, 0.5], [35, 0.5], [35, 3.5], [31, 3.5]]'
bad "the only way out 1 mm narrower than the bodies (2r - 1 mm)" "distributions.start-west: no exit of its journey can be reached from where 12 people stand (walls, holes or a passage narrower than their bodies" 'd["walkable_area_wkt"] = "POLYGON ((0 0, 4 0, 4 1, 8 1, 8 7, 7.701 7, 7.701 1.299, 4 1.299, 4 4, 0 4, 0 0))"; d["exits"]["exit-east"]["coordinates"] = [[7.701, 6.5], [8, 6.5], [8, 7], [7.701, 7]]; d["distributions"]["start-west"]["coordinates"] = [[0, 0], [4, 0], [4, 4], [0, 4]]; d["distributions"]["start-west"]["parameters"]["radius"] = 0.15'
bad "an age table whose rows overlap" "bandada.age_tables.start-west[1].ages: ages that do not overlap the row before's (it ends at 30)" 'd.setdefault("bandada", {})["age_tables"] = {"start-west": [{"ages": [18, 30], "speed": [1, 1.5]}, {"ages": [25, 60], "speed": [0.8, 1.2]}]}'
bad "an age table with a gap" "bandada.age_tables.start-west[1].ages: ages that start where the row before's end (30), leaving no gap" 'd.setdefault("bandada", {})["age_tables"] = {"start-west": [{"ages": [18, 30], "speed": [1, 1.5]}, {"ages": [40, 60], "speed": [0.8, 1.2]}]}'
bad "a corridor without ends that has exits" "exits: none: a corridor without ends (bandada.periodic) has no exits" 'd.setdefault("bandada", {})["periodic"] = "east"'
bad "more people than fit" "distributions.start-west.parameters.number: 300 people do not fit" 'd["distributions"]["start-west"]["parameters"]["number"] = 300'
bad "a checkpoint on no journey" "checkpoints.c: a checkpoint on a journey" 'd["checkpoints"] = {"c": {"type": "polygon", "coordinates": [[1, 1], [2, 1], [2, 2]]}}'
bad "a checkpoint after the exit" "journeys[0].stages[2]: a checkpoint before the journey's exits" 'd["checkpoints"] = {"c": {"coordinates": [[8, 1], [9, 1], [9, 2]]}}; d["journeys"][0]["stages"].append("c")'
bad "a checkpoint's speed factor of 0" "checkpoints.c.speed_factor: a number more than 0" 'd["checkpoints"] = {"c": {"coordinates": [[8, 1], [9, 1], [9, 2]], "speed_factor": 0}}'
bad "a throttled exit without a throughput" "exits.exit-east.max_throughput: persons per second, more than 0" 'd["exits"]["exit-east"].update(enable_throughput_throttling=True, max_throughput=0)'
bad "a speed factor of 0" "zones.slow.speed_factor: a number more than 0" 'd["zones"] = {"slow": {"coordinates": [[8, 0], [12, 0], [12, 4], [8, 4]], "speed_factor": 0}}'
bad "a zone off the floor" "zones.slow: a zone that touches no walkable ground" 'd["zones"] = {"slow": {"coordinates": [[30, 0], [31, 0], [31, 1]], "speed_factor": 0.5}}'
bad "several simulations" "config.simulation_settings.numberOfSimulations: 1" 'd["config"]["simulation_settings"]["numberOfSimulations"] = 3'
bad "a flow window that ends before it starts" "distributions.start-west.parameters.flow_end_time: a window that ends after it starts" 'd["distributions"]["start-west"]["parameters"].update(use_flow_spawning=True, flow_start_time=10, flow_end_time=4)'
bad "two routes that disagree" "disagrees with transitions" 'd["exits"]["exit-2"] = {"type": "polygon", "coordinates": [[0, 0], [0.4, 0], [0.4, 4], [0, 4]]}; d["journeys"][0].pop("transitions"); d["transitions"] = [{"from": "start-west", "to": "exit-2"}]'
bad "a ring of two points" "exits.exit-east.coordinates: a polygon of at least three points" 'd["exits"]["exit-east"]["coordinates"] = [[1, 1], [2, 2]]'
bad "WKT that is not" "walkable_area_wkt: a number expected" 'd["walkable_area_wkt"] = "POLYGON ((0 0, 24 x, 24 4, 0 4))"'
bad "a gaussian with a negative spread" "v0_std: a spread from 0" 'd["distributions"]["start-west"]["parameters"].update(v0_distribution="gaussian", v0_std=-1)'
bad "a model that is not built" 'model_type: "GeneralizedCentrifugalForceModel" is not built' 'd["model_type"] = "GeneralizedCentrifugalForceModel"'
bad "two model types that disagree" 'simulationParams.model_type: "CollisionFreeSpeedModel" disagrees with model_type ("SocialForceModel")' 'd["model_type"] = "SocialForceModel"'
bad "a time gap of 0" "simulationParams.time_gap: a time gap in s, 0.1 … 10" 'd["config"]["simulation_settings"]["simulationParams"]["time_gap"] = 0'
printf '{"walkable_area_wkt": "POLYGON ((0 0, 1 0, 1 1))", ' > "$tmp/cut.json"
"$cli" --model crowd --scenario "$tmp/cut.json" > "$tmp/bad.out" 2> "$tmp/bad.err"
rc=$?
check "a file that is not JSON is refused with where the syntax fails" '[ $rc -eq 2 ] && [ ! -s "$tmp/bad.out" ] && grep -q "not JSON: a syntax error at byte" "$tmp/bad.err"'
"$cli" --model crowd --scenario "$sc/holes.json" --count 10 > "$tmp/bad.out" 2> "$tmp/bad.err"
rc=$?
check "--count with more than one distribution is refused by name" '[ $rc -eq 2 ] && grep -q -- "--count: the scenario has 2 distributions" "$tmp/bad.err"'
"$cli" --model crowd --scenario "$tmp/missing.json" > "$tmp/bad.out" 2> "$tmp/bad.err"
rc=$?
check "a file that is not there is named" '[ $rc -eq 2 ] && grep -q -- "--scenario .*missing.json: cannot read it" "$tmp/bad.err"'
"$cli" --model crowd --config "m=crowd&n=20" --wall "3;3;3;6" --steps 1 > /dev/null 2> "$tmp/quiet.err"
check "a model option after --config reports nothing the option did not say (the link's notice is not a warning)" \
  '[ ! -s "$tmp/quiet.err" ]'
check_summary
