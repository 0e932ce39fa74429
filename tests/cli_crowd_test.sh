#!/usr/bin/env bash
# Bandada — the crowd model on the command line (docs/models/crowd.md): a room empties and says
# when; halving the internal step changes the mean evacuation time by less than the spread over
# seeds; faster is slower is measured, not assumed; state files continue it; bad input is refused.
set -u
cli="$1"
source "$(dirname "${BASH_SOURCE[0]}")/check.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

j=$("$cli" --model crowd --people 40 --steps 4000)
check "40 people leave the paper's room through its one exit; the JSON says when the last left" \
  'python3 -c "import json,sys; j=json.loads(sys.argv[1]); assert j[\"inside\"] == 0 and j[\"evacuated\"] == 40 and j[\"evacuation_time\"] == j[\"exit_times\"][-1] > 10" "$j"'
j=$("$cli" --model crowd --people 40 --steps 10)
check "while anyone is inside, the evacuation time is null" \
  'python3 -c "import json,sys; j=json.loads(sys.argv[1]); assert j[\"evacuation_time\"] is None and j[\"inside\"] == 40" "$j"'
# dt and dt/2, four seeds each: the mean evacuation time moves less than the spread over seeds.
for dt in 0.002 0.001; do
  for s in 1 2 3 4; do
    "$cli" --model crowd --people 60 --dt $dt --seed $s --steps 5000 | python3 -c "import json,sys; print(json.load(sys.stdin)['evacuation_time'])"
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
a=$("$cli" --model crowd --people 120 --room 3 --herding 0.4 --v0 2 --steps 60 --threads 1)
b=$("$cli" --model crowd --people 120 --room 3 --herding 0.4 --v0 2 --steps 60 --threads 3)
check "the corridor with herding: the same bytes on 1 and 3 threads" '[ "$a" = "$b" ]'
whole=$("$cli" --model crowd --people 80 --room 2 --steps 300)
"$cli" --model crowd --people 80 --room 2 --steps 170 --save-state "$tmp/c.state" > /dev/null
check "a state file continues the crowd to the same bytes" '[ "$("$cli" --state "$tmp/c.state" --steps 130)" = "$whole" ]'
check "--help lists the crowd's fields and rooms" \
  '"$cli" --model crowd --help | grep -q -- "--herding" && "$cli" --model crowd --help | grep -q -- "--room 0|1|2|3"'
for bad in "--people 0" "--v0 0" "--dt 0.01" "--herding 1.5" "--room 9" "--herd-radius 0.1"; do
  o=$("$cli" --model crowd $bad 2>"$tmp/err"); rc=$?
  check "refuses '$bad' with a message" '[ $rc -eq 2 ] && [ -z "$o" ] && [ -s "$tmp/err" ]'
done
check_summary
