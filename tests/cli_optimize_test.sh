#!/usr/bin/env bash
# Bandada — `bandada-cli optimize` (docs/optimize.md): each evaluation is the bytes of that run
# alone; the best lines are the swarm's bookkeeping of the runs above them (recomputed here from
# the log); the same bytes for any thread count; a log cut at any byte, or a run killed, resumes
# to the bytes of an uninterrupted one and runs only the rest; a finished log is left as it is; a
# run with no number counts as the worst and the optimisation goes on; bad input, a damaged log
# and another command's log are refused by name, with nothing on stdout and the file untouched.
set -u
cli="$1"
source "$(dirname "${BASH_SOURCE[0]}")/check.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

flock=(--model boids3d --count 60 --steps 40 --vary separation=0:3 --vary cohesion=0:2 --maximize order --seeds 2 --swarm 5 --iterations 4)
"$cli" optimize "${flock[@]}" --threads 1 >"$tmp/a.log" 2>"$tmp/a.err"
check "the log: the command, a header, 5 × 2 runs an iteration, a best and a state line after each of 5" \
  '[ "$(head -1 "$tmp/a.log")" = "# bandada-cli optimize --model boids3d --count 60 --steps 40 --vary separation=0:3 --vary cohesion=0:2 --maximize order --seeds 2 --swarm 5 --iterations 4 --swarm-seed 1" ] && [ "$(sed -n 2p "$tmp/a.log")" = "kind,iteration,particle,seed,separation,cohesion,order" ] && [ "$(grep -c "^run," "$tmp/a.log")" = 50 ] && [ "$(grep -c "^best," "$tmp/a.log")" = 5 ] && [ "$(grep -c "^state," "$tmp/a.log")" = 5 ]'
check "stderr ends with the runs it made, after the best it found" \
  '[ "$(tail -1 "$tmp/a.err")" = "optimize: ran 50 evaluations" ] && grep -q "^optimize: best order [0-9.e-]* at separation [0-9.e-]*, cohesion [0-9.e-]* (particle [0-4])$" "$tmp/a.err"'
check "the same bytes on two threads, and into --out" \
  '[ "$("$cli" optimize "${flock[@]}" --threads 2 2>/dev/null)" = "$(cat "$tmp/a.log")" ] && "$cli" optimize "${flock[@]}" --out "$tmp/o.log" >"$tmp/o.out" 2>/dev/null && cmp -s "$tmp/o.log" "$tmp/a.log" && [ ! -s "$tmp/o.out" ]'
# Three run lines picked from the log, each run alone with its fields and seed.
same=1
for n in 3 17 44; do
  IFS=, read -r _ _ _ seed sep coh order <<<"$(grep "^run," "$tmp/a.log" | sed -n "${n}p")"
  alone=$("$cli" sweep --model boids3d --steps 40 --separation "$sep" --cohesion "$coh" --x count=60:60:1 --seed-list "$seed" --measure order 2>/dev/null | tail -1)
  [ "$alone" = "60,$seed,$order" ] || { same=0; echo "run line $n: $order, alone: $alone"; }
done
check "an evaluation is the bytes of that run alone (three run lines against sweep rows)" '[ $same = 1 ]'
# The swarm's bookkeeping, from the log alone: each particle's objective is its runs' mean (in
# seed order), its best the greatest so far, the swarm's best the greatest of those (lowest
# particle on ties), and the best line gives its fields and objective exactly.
book=$(python3 - "$tmp/a.log" <<'EOF'
import sys
rows = [l.rstrip('\n').split(',') for l in open(sys.argv[1]) if not l.startswith('#')][1:]
runs, best_p, bad = {}, {}, 0
for r in rows:
    if r[0] == 'run':
        runs.setdefault((int(r[1]), int(r[2])), []).append((r[4:6], float(r[6])))
    elif r[0] == 'best':
        it = int(r[1])
        for (i, p), v in runs.items():
            if i != it: continue
            s = 0.0
            for _, x in v: s += x
            m = s / len(v)
            if p not in best_p or m > best_p[p][0]: best_p[p] = (m, v[0][0])
        lead = max(sorted(best_p), key=lambda p: (best_p[p][0], -p))
        if int(r[2]) != lead or float(r[6]) != best_p[lead][0] or r[4:6] != best_p[lead][1]: bad += 1
print(bad)
EOF
)
check "each best line is the greatest mean over seeds so far, with its particle and fields" '[ "$book" = 0 ]'

# --robust K: the objective is mean − K·sd over the seeds when maximising (sd with n − 1).
"$cli" optimize "${flock[@]}" --robust 1.5 >"$tmp/rb.log" 2>/dev/null
robust=$(python3 - "$tmp/rb.log" <<'EOF'
import math, sys
rows = [l.rstrip('\n').split(',') for l in open(sys.argv[1]) if l.startswith(('run,', 'best,'))]
runs, best, bad = {}, {}, 0
for r in rows:
    if r[0] == 'run':
        runs.setdefault((int(r[1]), int(r[2])), []).append(float(r[6]))
        continue
    for (i, p), v in runs.items():
        if i != int(r[1]): continue
        s = 0.0
        for x in v: s += x
        m = s / len(v)
        q = 0.0
        for x in v: q += (x - m) ** 2
        o = m - 1.5 * math.sqrt(q / (len(v) - 1))
        if p not in best or o > best[p]: best[p] = o
    lead = max(sorted(best), key=lambda p: (best[p], -p))
    bad += int(r[2]) != lead or float(r[6]) != best[lead]
print(bad)
EOF
)
check "--robust 1.5: each best is the greatest mean − 1.5·sd over the seeds so far" \
  '[ "$robust" = 0 ] && grep -q -- "--robust 1.5" "$tmp/rb.log" && ! cmp -s "$tmp/rb.log" "$tmp/a.log"'

# Resume: the log cut at many bytes (a kill mid-line among them) continues to the same bytes.
size=$(stat -c %s "$tmp/a.log")
ok=1
for cut in 0 40 150 $((size / 5)) $((size / 3 + 7)) $((size / 2)) $((size - 300)) $((size - 1)); do
  head -c "$cut" "$tmp/a.log" >"$tmp/r.log"
  "$cli" optimize "${flock[@]}" --out "$tmp/r.log" --resume 2>"$tmp/r.err" >/dev/null || ok=0
  cmp -s "$tmp/r.log" "$tmp/a.log" || { ok=0; echo "cut at $cut: differs"; }
done
check "a log cut at any byte resumes to the uninterrupted bytes" '[ $ok = 1 ]'
head -n $(($(wc -l <"$tmp/a.log") / 2)) "$tmp/a.log" >"$tmp/h.log"  # whole lines: each run line in is a run not made again
done_runs=$(grep -c "^run," "$tmp/h.log")
"$cli" optimize "${flock[@]}" --out "$tmp/h.log" --resume 2>"$tmp/h.err" >/dev/null
check "a resumed call runs only the rest, and says so" \
  '[ "$(tail -1 "$tmp/h.err")" = "optimize: ran $((50 - done_runs)) evaluations" ] && [ "$done_runs" -gt 0 ]'
cp "$tmp/a.log" "$tmp/f.log"
"$cli" optimize "${flock[@]}" --out "$tmp/f.log" --resume 2>"$tmp/f.err" >/dev/null; rc=$?
check "resuming a finished log changes nothing, exits 0 and ran 0 evaluations" \
  '[ $rc = 0 ] && cmp -s "$tmp/f.log" "$tmp/a.log" && [ "$(tail -1 "$tmp/f.err")" = "optimize: ran 0 evaluations" ]'
# A real kill, mid-run, then --resume.
long=(--model boids3d --count 200 --steps 100 --vary separation=0:3 --vary cohesion=0:2 --maximize order --swarm 6 --iterations 8 --threads 2)
"$cli" optimize "${long[@]}" --out "$tmp/k0.log" 2>/dev/null
"$cli" optimize "${long[@]}" --out "$tmp/k.log" 2>/dev/null &
pid=$!
for _ in $(seq 100); do n=$(grep -c "^run," "$tmp/k.log" 2>/dev/null); [ "${n:-0}" -ge 12 ] && break; sleep 0.02; done
kill -9 $pid 2>/dev/null; wait $pid 2>/dev/null
killed_at=$(grep -c "^run," "$tmp/k.log")
"$cli" optimize "${long[@]}" --out "$tmp/k.log" --resume 2>/dev/null
check "killed after $killed_at of 54 runs and resumed: the uninterrupted bytes" 'cmp -s "$tmp/k.log" "$tmp/k0.log"'

# What a Slurm array does (scripts/optimize-slurm.sh), by hand: --status says where the log
# stands, --task K makes run K and prints its line (writing nothing), the lines appended in order
# and --no-runs closing each iteration give the straight log's bytes.
rm -f "$tmp/t.log"
"$cli" optimize "${flock[@]}" --out "$tmp/t.log" --resume --no-runs 2>/dev/null
first=$("$cli" optimize "${flock[@]}" --out "$tmp/t.log" --resume --status)
rounds=0
while st=$("$cli" optimize "${flock[@]}" --out "$tmp/t.log" --resume --status) && [ "$st" != finished ] && [ $rounds -lt 10 ]; do
  read -r it n total <<<"$st"
  for k in $(seq "$n" $((total - 1))); do "$cli" optimize "${flock[@]}" --out "$tmp/t.log" --resume --task "$k" 2>/dev/null >"$tmp/t-$k.line"; done
  for k in $(seq "$n" $((total - 1))); do cat "$tmp/t-$k.line" >>"$tmp/t.log"; done
  "$cli" optimize "${flock[@]}" --out "$tmp/t.log" --resume --no-runs 2>/dev/null
  rounds=$((rounds + 1))
done
check "runs made one by one (--task), appended in order and closed (--no-runs) give the straight log" \
  '[ "$first" = "0 0 10" ] && [ "$st" = finished ] && [ $rounds = 5 ] && cmp -s "$tmp/t.log" "$tmp/a.log"'
head -n 5 "$tmp/a.log" >"$tmp/h2.log"  # the head and iteration 0's first three runs
check "--task K of a run already in the log prints the log's own line and makes no run" \
  '[ "$("$cli" optimize "${flock[@]}" --out "$tmp/h2.log" --resume --task 1 2>"$tmp/t.err")" = "$(sed -n 4p "$tmp/a.log")" ] && [ "$(tail -1 "$tmp/t.err")" = "optimize: ran 0 evaluations" ] && cmp -s "$tmp/h2.log" <(head -n 5 "$tmp/a.log")'
check "--task K of a run not yet in makes it: the straight log's line" \
  '[ "$("$cli" optimize "${flock[@]}" --out "$tmp/h2.log" --resume --task 7 2>"$tmp/t.err")" = "$(sed -n 10p "$tmp/a.log")" ] && [ "$(tail -1 "$tmp/t.err")" = "optimize: ran 1 evaluations" ]'
refuses "--task past the iteration's runs is refused" optimize "${flock[@]}" --out "$tmp/h2.log" --resume --task 10
refuses "--task on a finished log is refused" optimize "${flock[@]}" --out "$tmp/a.log" --resume --task 0
check "… it has none to make" 'grep -q "the log is finished" "$cli_err"'
refuses "--task without --resume is refused" optimize "${flock[@]}" --out "$tmp/a.log" --task 0

# A run with no number: the crowd's evacuation time when some are still inside at the end.
# 20 people, 24 s: the slow ones are not all out (nan), the quick ones are; the best is a quick one.
crowd=(--model crowd --operational-model csm --count 20 --steps 600 --vary v0=0.3:2 --minimize evacuation_time --swarm 4 --iterations 2)
"$cli" optimize "${crowd[@]}" >"$tmp/n.log" 2>"$tmp/n.err"; rc=$?
nulls=$(grep -c ",nan$" "$tmp/n.log")
check "runs with no evacuation time ($nulls of 12) count as the worst: the optimisation goes on, says how many, and its best has one" \
  '[ $rc = 0 ] && [ "$nulls" -gt 0 ] && [ "$nulls" -lt 12 ] && grep -q "^bandada-cli optimize: $nulls of 12 runs had no evacuation_time (each counted as the worst)$" "$tmp/n.err" && [ "$(tail -1 "$tmp/n.err")" = "optimize: ran 12 evaluations" ] && grep -q "^best,2,[0-3],,[0-9.]*,[0-9.]*$" "$tmp/n.log"'

# A fit (calibration): the mean speed that max-speed 0.6 gives (seed 1), found again from 0.2 … 1;
# each run line gives the fitted measures and the root mean square of their relative errors.
target=$("$cli" sweep --model boids3d --count 60 --steps 40 --x max-speed=0.6:0.6:1 --seeds 1 --measure mean_speed | tail -1 | cut -d, -f3)
"$cli" optimize --model boids3d --count 60 --steps 40 --vary max-speed=0.2:1 --fit mean_speed=$target --fit order=0.2 \
  --swarm 6 --iterations 10 >"$tmp/fit.log" 2>"$tmp/fit.err"
errors=$(python3 - "$tmp/fit.log" "$target" <<'EOF2'
import math, sys
t = [float(sys.argv[2]), 0.2]
bad = 0
for line in open(sys.argv[1]):
    c = line.rstrip('\n').split(',')
    if c[0] != 'run': continue
    m = [float(c[5]), float(c[6])]
    s = 0.0
    for v, x in zip(m, t): s += ((v - x) / x) ** 2
    bad += float(c[7]) != math.sqrt(s / 2)
print(bad)
EOF2
)
check "a fit's run lines: the two measures, then the root mean square of their relative errors, exactly" \
  '[ "$(sed -n 2p "$tmp/fit.log")" = "kind,iteration,particle,seed,max-speed,mean_speed,order,fit_error" ] && [ "$errors" = 0 ] && grep -q "^best,10,[0-5],,[0-9.]*,,,[0-9.e-]*$" "$tmp/fit.log"'
"$cli" optimize --model boids3d --count 60 --steps 40 --vary max-speed=0.2:1 --fit mean_speed=$target --swarm 6 --iterations 10 >/dev/null 2>"$tmp/fit1.err"
found=$(sed -n 's/^optimize: best fit_error [0-9.e-]* at max-speed \([0-9.]*\) .*/\1/p' "$tmp/fit1.err")
check "fitting the mean speed alone finds max-speed 0.6 again (found $found)" \
  'python3 -c "import sys; sys.exit(0 if abs($found - 0.6) < 0.02 else 1)"'
refuses "--fit with a target of 0 is refused" optimize --model boids3d --vary cohesion=0:1 --fit order=0
refuses "--fit beside --maximize is refused" optimize --model boids3d --vary cohesion=0:1 --maximize order --fit order=0.5
refuses "--fit of a measure the model does not print is refused" optimize --model boids3d --vary cohesion=0:1 --fit banana=1

# Damage and another command's log: refused by line, the file left as it was.
sed '7s/,0\.\([0-9]\)/,0.9\1/' "$tmp/a.log" >"$tmp/d.log"
cp "$tmp/d.log" "$tmp/d0.log"
o=$("$cli" optimize "${flock[@]}" --out "$tmp/d.log" --resume 2>"$tmp/d.err"); rc=$?
check "a changed run line is refused by its line, exit 2, nothing on stdout, the file untouched" \
  '[ $rc = 2 ] && [ -z "$o" ] && grep -q "line 7 of" "$tmp/d.err" && cmp -s "$tmp/d.log" "$tmp/d0.log"'
cp "$tmp/a.log" "$tmp/x.log"
o=$("$cli" optimize "${flock[@]}" --swarm-seed 2 --out "$tmp/x.log" --resume 2>"$tmp/x.err"); rc=$?
check "another optimisation's log (another swarm seed) is refused, and left as it is" \
  '[ $rc = 2 ] && [ -z "$o" ] && grep -q "is not this optimisation.s log" "$tmp/x.err" && cmp -s "$tmp/x.log" "$tmp/a.log"'
printf 'count,seed,order\n1,1,0.5\n' >"$tmp/s.log"
refuses "a sweep's output is not resumed as a log" optimize "${flock[@]}" --out "$tmp/s.log" --resume
check "… and is left as it is" '[ "$(cat "$tmp/s.log")" = "$(printf "count,seed,order\n1,1,0.5")" ]'

base=(optimize --model boids3d --count 60 --steps 5 --maximize order)
refuses "no --vary is refused" "${base[@]}"
refuses "an unknown field is refused" "${base[@]}" --vary banana=0:1
check "… naming the model's fields" 'grep -q "is not a field of boids3d (count, radius" "$cli_err"'
refuses "an empty range is refused" "${base[@]}" --vary cohesion=1:1
check "… as empty" 'grep -q "is empty" "$cli_err"'
refuses "a reversed range is refused" "${base[@]}" --vary cohesion=2:1
check "… as reversed" 'grep -q "is reversed" "$cli_err"'
refuses "a range past the field's limits is refused" "${base[@]}" --vary radius=0.5:20
check "… with the field's limits" 'grep -q "20 is outside the field.s limits: .*at most 10" "$cli_err"'
refuses "a range that is not KEY=LO:HI is refused" "${base[@]}" --vary cohesion
refuses "the seed as a field to search is refused" "${base[@]}" --vary seed=1:9
refuses "a field given twice is refused" "${base[@]}" --vary cohesion=0:1 --vary cohesion=1:2
refuses "an unknown measure is refused" optimize --model boids3d --vary cohesion=0:1 --minimize banana
check "… naming the model's measures" 'grep -q "boids3d measures mean_speed, order" "$cli_err"'
refuses "a measure that is a word is refused" optimize --model feedback2d --vary alpha=0:1 --maximize regime
refuses "no direction is refused" optimize --model boids3d --vary cohesion=0:1
refuses "both directions are refused" "${base[@]}" --vary cohesion=0:1 --minimize order
refuses "a swarm of one is refused" "${base[@]}" --vary cohesion=0:1 --swarm 1
refuses "a swarm too small for its topology is refused" "${base[@]}" --vary cohesion=0:1 --swarm 7 --swarm-topology vonneumann
check "… naming why" 'grep -q "7 particles have no such split" "$cli_err"'
refuses "an unknown topology is refused" "${base[@]}" --vary cohesion=0:1 --swarm-topology star
refuses "a negative --robust is refused" "${base[@]}" --vary cohesion=0:1 --robust -1
refuses "--resume without --out is refused" "${base[@]}" --vary cohesion=0:1 --resume
check "--help says what a log line holds" '"$cli" optimize --help | grep -q "run,ITERATION,PARTICLE,SEED,fields…,MEASURE"'
check_summary
