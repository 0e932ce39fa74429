#!/usr/bin/env bash
# Bandada — `bandada-cli sweep`: every row equals a single run of that configuration (bit for bit),
# shards concatenated in order equal the whole output byte for byte, threads change nothing.
set -u
cli="$1"
source "$(dirname "${BASH_SOURCE[0]}")/check.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Each row's measures against the JSON of the single run with the same options.
rows_equal_single_runs() {  # rows_equal_single_runs STEPS_OPTION BASE… -- SWEEP…
  local steps_opt="$1"; shift
  local base=() sweep=()
  while [ "$1" != "--" ]; do base+=("$1"); shift; done; shift
  sweep=("$@")
  "$cli" sweep "${base[@]}" "${sweep[@]}" > "$tmp/sweep.csv" || return 1
  python3 - "$cli" "$tmp/sweep.csv" "$steps_opt" "${base[@]}" <<'PY'
import csv, json, subprocess, sys
cli, path, steps_opt, base = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
rows = list(csv.DictReader(open(path)))
assert rows, "no rows"
for row in rows:
    axes = list(row.keys())[:list(row.keys()).index('seed')]
    args = base[:]
    for k in axes:
        args += ['--' + k, row[k]]
    args += ['--seed', row['seed']]
    out = json.loads(subprocess.check_output([cli] + args))
    flat = dict(out)
    flat.update(out.get('R', {}))
    for k, v in row.items():
        if k in axes or k == 'seed':
            continue
        if k not in flat:  # a measure the run does not define (the leader's distance without one)
            assert v == 'nan', (k, v, args)
            continue
        want = flat[k]
        # The sweep prints what the JSON prints: the same 17 digits, the same word.
        got = v if isinstance(want, str) else float(v)
        assert got == want, (k, v, want, args)
print(len(rows), "rows equal their single runs")
PY
}
check "3-D flock: every row is its single run" \
  'rows_equal_single_runs --steps --model boids3d --count 60 --steps 20 -- --x radius=0.8:2.4:3 --y cohesion=0:0.1:2 --seeds 2'
check "feedback engine: every row, regime included, is its single run" \
  'rows_equal_single_runs --cycles --model feedback2d --n 50 --operation flock --cycles 30 -- --x alpha=0:3:3 --y feedback=0:2:2 --seeds 2'
check "2-D flock: every row is its single run" \
  'rows_equal_single_runs --steps --model flock2d --count 40 --steps 15 -- --x w-sep=0.5:3:3 --y radius=30:60:2 --seeds 2'

sweep=(sweep --model flock2d --count 30 --steps 10 --x w-coh=0:2:3 --y radius=30:50:3 --seeds 2)
"$cli" "${sweep[@]}" > "$tmp/whole.csv"
for i in 0 1 2 3; do "$cli" "${sweep[@]}" --shard $i/4 > "$tmp/shard-$i.csv"; done
check "four shards concatenated equal the whole output (19 lines) byte for byte" \
  '[ "$(wc -l < "$tmp/whole.csv")" = 19 ] && cat "$tmp"/shard-{0,1,2,3}.csv | cmp -s - "$tmp/whole.csv"'
check "only shard 0 prints the header" '[ "$(head -c 5 "$tmp/shard-1.csv")" != "w-coh" ] && head -1 "$tmp/shard-0.csv" | grep -q "^w-coh,radius,seed,"'
parallel -j2 "'$cli' ${sweep[*]} --shard {}/4 > '$tmp'/p-{}.csv" ::: 0 1 2 3
check "GNU parallel over four shards gives the same bytes (the one-machine way)" \
  'cat "$tmp"/p-{0,1,2,3}.csv | cmp -s - "$tmp/whole.csv"'
"$cli" "${sweep[@]}" --threads 1 > "$tmp/t1.csv"
"$cli" "${sweep[@]}" --threads 3 > "$tmp/t3.csv"
check "threads change nothing" 'cmp -s "$tmp/t1.csv" "$tmp/t3.csv" && cmp -s "$tmp/t1.csv" "$tmp/whole.csv"'
check "rows come x-major, then y, then seed" \
  '[ "$(cut -d, -f1-3 "$tmp/whole.csv" | sed -n 2,5p | tr "\n" " ")" = "0,30,1 0,30,2 0,40,1 0,40,2 " ]'
ints=$("$cli" sweep --model flock2d --steps 1 --x count=10.4:20.6:3 --seeds 1 --measure order | cut -d, -f1 | tail -n +2 | tr "\n" " ")
check "a whole-number field takes each value rounded, and the output shows it" '[ "$ints" = "10 16 21 " ]'
"$cli" sweep --model feedback2d --n 20 --cycles 3 --x turn=0:1:2 --seeds 1 --format jsonl > "$tmp/rows.jsonl"
check "jsonl: one JSON object per row, the regime a word" \
  'python3 -c "import json,sys; [json.loads(l) for l in open(sys.argv[1])]; assert len(open(sys.argv[1]).readlines()) == 2" "$tmp/rows.jsonl" && grep -q "\"regime\":\"" "$tmp/rows.jsonl"'
check "an unknown parameter is refused with the model's field names" \
  '"$cli" sweep --model flock2d --x bogus=0:1:2 2>&1 >/dev/null | grep -q "not a field of flock2d (count, radius"'
check "an unknown measure is refused with the model's measures" \
  '"$cli" sweep --model boids3d --x radius=1:2:2 --measure speed 2>&1 >/dev/null | grep -q "boids3d measures mean_speed, order"'
check "a field made invalid by another says it is at its default, not from a --config never given" \
  '"$cli" sweep --model flock2d --x radius=10:20:2 2>&1 >/dev/null | grep -q "sep-radius .25. (its default): must be at most"'
check "every grid point's fields are checked before anything runs, and the error names the point" \
  '"$cli" sweep --model flock2d --x w-sep=0:1:2 --y radius=100:10:3 --steps 100000 2>&1 >/dev/null | grep -q "^bandada-cli sweep: w-sep 0, radius 10: --sep-radius"'
check "--seed is the sweep's own" '! "$cli" sweep --model boids3d --x radius=1:2:2 --seed 3 >/dev/null 2>&1'

# Issue 28: sweeps that survive being killed. --out writes whole rows in order as they finish;
# a SIGKILL anywhere strictly inside the run, then --resume, gives the uninterrupted bytes.
slow=(sweep --model feedback2d --n 400 --cycles 300 --x alpha=0:3:3 --y feedback=0:2:3 --seeds 1 --threads 1)
"$cli" "${slow[@]}" > "$tmp/slow-whole.csv"
rows=$(($(wc -l < "$tmp/slow-whole.csv") - 1))
killed_at() {  # killed_at LINES: run with --out, SIGKILL once FILE has at least LINES lines, resume
  local want="$1" got
  rm -f "$tmp/k.csv"
  "$cli" "${slow[@]}" --out "$tmp/k.csv" &
  local pid=$!
  for _ in $(seq 1 2000); do
    got=$( [ -f "$tmp/k.csv" ] && wc -l < "$tmp/k.csv" || echo -1)
    [ "$got" -ge "$want" ] && break
    sleep 0.005
  done
  kill -9 $pid 2>/dev/null; wait $pid 2>/dev/null
  got=$(wc -l < "$tmp/k.csv")
  "$cli" "${slow[@]}" --out "$tmp/k.csv" --resume || return 1
  echo "killed with $got of $((rows + 1)) lines" >&2
  [ "$got" -lt $((rows + 1)) ] && cmp -s "$tmp/k.csv" "$tmp/slow-whole.csv"
}
check "killed before the first row (header only), --resume: the uninterrupted bytes" 'killed_at 1'
check "killed mid-way, --resume: the uninterrupted bytes" "killed_at $((rows / 2 + 1))"
check "killed before the last row, --resume: the uninterrupted bytes" "killed_at $rows"
head -c $(( $(wc -c < "$tmp/slow-whole.csv") - 9 )) "$tmp/slow-whole.csv" > "$tmp/torn.csv"
"$cli" "${slow[@]}" --out "$tmp/torn.csv" --resume
check "a torn last line is rewritten" 'cmp -s "$tmp/torn.csv" "$tmp/slow-whole.csv"'
rm -f "$tmp/none.csv"; : > "$tmp/empty.csv"
"$cli" "${slow[@]}" --out "$tmp/none.csv" --resume && "$cli" "${slow[@]}" --out "$tmp/empty.csv" --resume
check "--resume with a missing or empty FILE starts from the beginning" \
  'cmp -s "$tmp/none.csv" "$tmp/slow-whole.csv" && cmp -s "$tmp/empty.csv" "$tmp/slow-whole.csv"'
"$cli" "${slow[@]}" --out "$tmp/again.csv" && "$cli" "${slow[@]}" --out "$tmp/again.csv" --resume
check "--resume on a finished FILE changes nothing" 'cmp -s "$tmp/again.csv" "$tmp/slow-whole.csv"'
"$cli" "${sweep[@]}" --shard 1/4 --out "$tmp/s1.csv"
head -c 30 "$tmp/s1.csv" > "$tmp/s1-cut.csv"
"$cli" "${sweep[@]}" --shard 1/4 --out "$tmp/s1-cut.csv" --resume
check "a shard resumes too (no header)" 'cmp -s "$tmp/s1-cut.csv" "$tmp/shard-1.csv"'
check "--resume refuses a FILE of another sweep, and leaves it as it was" \
  'cp "$tmp/whole.csv" "$tmp/other.csv" && ! "$cli" "${slow[@]}" --out "$tmp/other.csv" --resume 2>/dev/null && cmp -s "$tmp/other.csv" "$tmp/whole.csv"'
check "--resume without --out is refused" '! "$cli" "${slow[@]}" --resume >/dev/null 2>&1'
check_summary
