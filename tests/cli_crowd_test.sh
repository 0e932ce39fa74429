#!/usr/bin/env bash
# Bandada — the crowd model on the command line (docs/models/crowd.md): a room empties and says
# when; halving the internal step changes the mean evacuation time by less than the spread over
# seeds; faster is slower is measured, not assumed; state files continue it; bad input is refused.
set -u
cli="$1"
source "$(dirname "${BASH_SOURCE[0]}")/check.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

j=$("$cli" --model crowd --count 40 --steps 4000)
check "40 people leave the paper's room through its one exit; the JSON says when the last left" \
  'python3 -c "import json,sys; j=json.loads(sys.argv[1]); assert j[\"inside\"] == 0 and j[\"evacuated\"] == 40 and j[\"evacuation_time\"] == j[\"exit_times\"][-1] > 10" "$j"'
j=$("$cli" --model crowd --count 40 --steps 10)
out40=$("$cli" --model crowd --count 40 --steps 4000)
check "the JSON has the 90 % time (before the last), the clogging pauses and the exit's width" \
  'python3 -c "import json,sys; j=json.loads(sys.argv[1]); assert 0 < j[\"evacuation_time_90\"] <= j[\"evacuation_time\"] and j[\"clogging_pauses\"] >= 0 and j[\"exit_width\"] == 1" "$out40"'
# A wider exit empties the room sooner: 1 m against 2 m, three seeds each.
for w in 1 2; do
  for s in 1 2 3; do "$cli" --model crowd --count 60 --exit-width $w --seed $s --steps 5000 | python3 -c "import json,sys; print(json.load(sys.stdin)['evacuation_time'])"; done > "$tmp/width-$w"
done
wider=$(python3 -c "import statistics,sys; a=[float(x) for x in open(sys.argv[1])]; b=[float(x) for x in open(sys.argv[2])]; print('%.1f %.1f' % (statistics.mean(a), statistics.mean(b)))" "$tmp/width-1" "$tmp/width-2")
echo "# mean evacuation time, 60 people, exit 1 m and 2 m: $wider s"
check "a wider exit empties the room sooner (60 people, 3 seeds: 1 m against 2 m)" \
  'python3 -c "import sys; a, b = map(float, sys.argv[1].split()); assert b < a" "$wider"'
j=$("$cli" --model crowd --count 40 --steps 10)
check "while anyone is inside, the evacuation time is null" \
  'python3 -c "import json,sys; j=json.loads(sys.argv[1]); assert j[\"evacuation_time\"] is None and j[\"inside\"] == 40" "$j"'
# dt and dt/2, four seeds each: the mean evacuation time moves less than the spread over seeds.
for dt in 0.002 0.001; do
  for s in 1 2 3 4; do
    "$cli" --model crowd --count 60 --dt $dt --seed $s --steps 5000 | python3 -c "import json,sys; print(json.load(sys.stdin)['evacuation_time'])"
  done > "$tmp/evac-$dt"
done
verdict=$(python3 - "$tmp/evac-0.002" "$tmp/evac-0.001" <<'PY'
import statistics, sys
a = [float(x) for x in open(sys.argv[1])]
b = [float(x) for x in open(sys.argv[2])]
d = abs(statistics.mean(a) - statistics.mean(b))
spread = max(statistics.stdev(a), statistics.stdev(b))
print(f"{'ok' if d < spread else 'no'} dt 0.002: {statistics.mean(a):.1f} ± {statistics.stdev(a):.1f} s, dt 0.001: {statistics.mean(b):.1f} ± {statistics.stdev(b):.1f} s, difference {d:.1f} s")
PY
)
echo "# halving dt: $verdict"
check "halving dt changes the mean evacuation time by less than the spread over seeds" '[[ "$verdict" == ok* ]]'
a=$("$cli" --model crowd --count 120 --preset corridor --herding 0.4 --v0 2 --steps 60 --threads 1)
b=$("$cli" --model crowd --count 120 --preset corridor --herding 0.4 --v0 2 --steps 60 --threads 3)
check "the corridor with herding: the same bytes on 1 and 3 threads" '[ "$a" = "$b" ]'
whole=$("$cli" --model crowd --count 80 --preset column --steps 300)
"$cli" --model crowd --count 80 --preset column --steps 170 --save-state "$tmp/c.state" > /dev/null
check "a state file continues the crowd to the same bytes" '[ "$("$cli" --state "$tmp/c.state" --steps 130)" = "$whole" ]'
check "--help lists the crowd's fields and rooms" \
  '"$cli" --model crowd --help | grep -q -- "--herding" && "$cli" --model crowd --help | grep -q -- "--preset room|two-exits|column|corridor|hall" && "$cli" --model crowd --help | grep -q -- "--exit X1;Y1;X2;Y2"'
# The room from the command line: a second exit and a column are in the JSON, and the exit is used.
j=$("$cli" --model crowd --count 60 --exit "7;15;8;15" --obstacle "13.6;7.5;0.4" --wall "3;3;3;6" --steps 1500)
check "--exit, --obstacle and --wall build the room: two exits, the column, the wall; people leave by both exits" \
  'python3 -c "
import json,sys
j=json.loads(sys.argv[1])
assert len(j[\"exits\"]) == 2 and j[\"exit_width\"] == 2
assert j[\"columns\"] == [{\"c\": [13.6, 7.5], \"r\": 0.4}]
assert {\"a\": [3, 3], \"b\": [3, 6]} in j[\"walls\"]
assert j[\"evacuated\"] > 40
" "$j"'
one=$("$cli" --model crowd --count 60 --steps 1500 | python3 -c "import json,sys; print(json.load(sys.stdin)['evacuated'])")
two=$(python3 -c "import json,sys; print(json.loads(sys.argv[1])['evacuated'])" "$j")
echo "# evacuated after 60 s: one exit $one, with a second exit $two"
check "a second exit from --exit lets more out in the same time" '[ "$two" -gt "$one" ]'
whole=$("$cli" --model crowd --count 30 --wall "5;2;5;13" --steps 200 --threads 2)
"$cli" --model crowd --count 30 --wall "5;2;5;13" --steps 90 --save-state "$tmp/w.state" > /dev/null
check "a room edited from the command line continues from its state file to the same bytes" \
  '[ "$("$cli" --state "$tmp/w.state" --steps 110 --threads 2)" = "$whole" ]'
# A column wider than the page's tool makes (up to 10 m from the command line) is kept by its state file.
whole=$("$cli" --model crowd --count 30 --obstacle "7.5;7.5;5" --steps 40)
"$cli" --model crowd --count 30 --obstacle "7.5;7.5;5" --steps 25 --save-state "$tmp/o.state" > /dev/null
check "a room with a 5 m column from --obstacle continues from its state file to the same bytes" \
  '[ "$("$cli" --state "$tmp/o.state" --steps 15 2>&1)" = "$whole" ]'
p1=$("$cli" --model crowd --preset hall --count 20000 --steps 0 | python3 -c "import json,sys; j=json.load(sys.stdin); print(j['placed'], len(j['exits']))")
check "the hall places 20 000 people and has eight exits" '[ "$p1" = "20000 8" ]'
for bad in "--exit 1;7;1;8" "--exit 15;7;15" "--wall 5;0;5;16" "--obstacle 1;2;20" "--obstacle 20;2;1" "--exit 15;7;15;7.2"; do
  o=$("$cli" --model crowd $bad 2>"$tmp/err"); rc=$?
  check "refuses '$bad', naming the option" '[ $rc -eq 2 ] && [ -z "$o" ] && grep -q -- "${bad%% *}" "$tmp/err"'
done
for bad in "--count 0" "--count 20001" "--v0 0" "--dt 0.01" "--herding 1.5" "--preset nowhere" "--herd-radius 0.1"; do
  o=$("$cli" --model crowd $bad 2>"$tmp/err"); rc=$?
  check "refuses '$bad' with a message" '[ $rc -eq 2 ] && [ -z "$o" ] && [ -s "$tmp/err" ]'
done
check_summary
