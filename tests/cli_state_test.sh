#!/usr/bin/env bash
# Bandada — keep and resume on the command line (docs/state-files.md): a state file continues
# bit for bit (--steps 100 = --steps 60 --save-state, then --state --steps 40), for every model;
# checkpoints rewrite it atomically, and a run killed mid-way resumes from its checkpoint to the
# same bytes; bad files and options that would change the model are refused (exit 2, nothing on
# stdout, the reason on stderr).
set -u
cli="$1"
source "$(dirname "${BASH_SOURCE[0]}")/check.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

split_equals_whole() {  # split_equals_whole UNIT T1 T2 ARGS...: whole run = T1, saved, then T2 more
  local unit="$1" t1="$2" t2="$3"; shift 3
  local whole split
  whole=$("$cli" "$@" "--$unit" $((t1 + t2))) || return 1
  "$cli" "$@" "--$unit" "$t1" --save-state "$tmp/s.state" >/dev/null || return 1
  split=$("$cli" --state "$tmp/s.state" "--$unit" "$t2" ${FORMAT:+--format "$FORMAT"}) || return 1
  [ "$whole" = "$split" ]
}
check "3-D flock: 100 steps = 60, saved, then 40 from the file (JSON bytes)" 'split_equals_whole steps 60 40 --count 300 --radius 1.6'
check "3-D flock, CSV likewise" 'FORMAT=csv split_equals_whole steps 7 5 --count 50 --format csv'
check "feedback engine: 50 cycles = 30 + 20" 'split_equals_whole cycles 30 20 --model feedback2d --n 80'
check "2-D flock with markers, obstacles and a leader: 100 = 60 + 40" \
  'split_equals_whole steps 60 40 --model flock2d --count 200 --predator "450;300" --attractor "100;100" --obstacle "600;300;40" --wall "200;100;200;300" --leader 5'
check "2-D flock comparing integrators (a twin and the energy series): 100 = 60 + 40" \
  'split_equals_whole steps 60 40 --model flock2d --preset orbit --compare-integrators'
check "saved at step 0 (just initialized), continued" 'split_equals_whole steps 0 25 --model flock2d --count 80'

"$cli" --model flock2d --count 100 --steps 30 --save-state "$tmp/a.state" >/dev/null
check "the file says what it is: format, model, steps, fingerprint, fields, state, checksum" \
  '[ "$(cut -d" " -f1 "$tmp/a.state" | tr "\n" " ")" = "bandada-state model steps fingerprint fields state checksum " ] && grep -qx "model flock2d" "$tmp/a.state" && grep -qx "steps 30" "$tmp/a.state"'
j=$("$cli" --state "$tmp/a.state" --steps 5)
check "the continued JSON counts every step since Initialize" '[[ "$j" == "{\"model\":\"flock2d\",\"steps\":35,"* ]]'
check "--model naming the file's own model is accepted" '"$cli" --state "$tmp/a.state" --model flock2d --steps 1 >/dev/null'
a=$("$cli" --state "$tmp/a.state" --steps 20 --threads 1)
b=$("$cli" --state "$tmp/a.state" --steps 20 --threads 2)
check "a continued run gives the same bits for any thread count" '[ "$a" = "$b" ]'

# Checkpoints: the last rewrite is the run's end (its model and fields are those --save-state alone
# writes; the series' sampled readouts, measured once per batch of steps, are sampled at each
# checkpoint too), and it continues to the same bytes; a kill leaves a whole file.
"$cli" --model flock2d --count 100 --steps 30 --checkpoint-every 7 --save-state "$tmp/c.state" >/dev/null
check "--checkpoint-every: the last rewrite is the run's end, and continues to the same bytes" \
  '[ "$(head -5 "$tmp/a.state")" = "$(head -5 "$tmp/c.state")" ] && [ ! -e "$tmp/c.state.tmp" ] &&
   [ "$("$cli" --state "$tmp/a.state" --steps 9)" = "$("$cli" --state "$tmp/c.state" --steps 9)" ]'
whole=$("$cli" --model flock2d --count 4000 --steps 400)
"$cli" --model flock2d --count 4000 --steps 400 --checkpoint-every 20 --save-state "$tmp/k.state" >/dev/null &
pid=$!
for _ in $(seq 1 600); do
  s=$(sed -n 's/^steps //p' "$tmp/k.state" 2>/dev/null)
  [ -n "$s" ] && [ "$s" -ge 60 ] && break
  sleep 0.05
done
kill -9 $pid 2>/dev/null; wait $pid 2>/dev/null
done_steps=$(sed -n 's/^steps //p' "$tmp/k.state")
resumed=$("$cli" --state "$tmp/k.state" --steps $((400 - done_steps)))
check "a run killed (SIGKILL) at step ≥ 60 of 400 resumes from its checkpoint (step $done_steps) to the same bytes" \
  '[ "$done_steps" -ge 60 ] && [ "$done_steps" -lt 400 ] && [ "$whole" = "$resumed" ]'

refused() {  # refused "what" PATTERN ARGS...: exit 2, nothing on stdout, PATTERN in the message
  local what="$1" pattern="$2"; shift 2
  local o rc
  o=$("$cli" "$@" 2>"$tmp/err"); rc=$?
  check "$what" '[ $rc -eq 2 ] && [ -z "$o" ] && grep -q -- "$pattern" "$tmp/err"'
}
head -c 400 "$tmp/a.state" > "$tmp/cut.state"
refused "a truncated file is refused" "cut short" --state "$tmp/cut.state" --steps 1
sed 's/^bandada-state 1$/bandada-state 2/' "$tmp/a.state" > "$tmp/new.state"
refused "a newer format is refused, saying so" "newer than this build" --state "$tmp/new.state"
printf 'hello\n' > "$tmp/foreign.state"
refused "a file that is not a state file is refused" "not a Bandada state file" --state "$tmp/foreign.state"
refused "a missing file is refused" "cannot be read" --state "$tmp/none.state"
refused "another model's file is refused" "holds the flock2d model" --state "$tmp/a.state" --model boids3d
refused "an option that changes the model is refused, naming what applies" "only --steps" --state "$tmp/a.state" --radius 20
refused "a seed under a saved state is refused" "would change" --state "$tmp/a.state" --seed 4
refused "--checkpoint-every needs --save-state" "needs --save-state" --count 5 --checkpoint-every 3
refused "--checkpoint-every 0 is refused" "whole number" --count 5 --checkpoint-every 0 --save-state "$tmp/x.state"
# Every changed byte is refused (the checksum covers the whole file): one byte at a time, at 60 places.
size=$(wc -c < "$tmp/a.state")
changed_ok=0
for k in $(seq 0 59); do
  at=$(( (k * 7919) % size ))
  python3 - "$tmp/a.state" "$tmp/flip.state" "$at" <<'PY'
import sys
b = bytearray(open(sys.argv[1], 'rb').read()); at = int(sys.argv[3])
b[at] = b[at] ^ 0x01 if b[at] != 0x0b else 0x0a
open(sys.argv[2], 'wb').write(b)
PY
  if o=$("$cli" --state "$tmp/flip.state" --steps 1 2>/dev/null); then changed_ok=$((changed_ok + 1)); fi
done
check "a changed byte anywhere (60 places tried) is refused" '[ $changed_ok -eq 0 ]'
# A hand edit with its checksum made good: the value itself is checked.
python3 - "$tmp/a.state" "$tmp/edit.state" <<'PY'
import sys
lines = open(sys.argv[1]).read().split('\n')
lines = [l.replace('count%3D100', 'count%3D0') if l.startswith('fields ') else l for l in lines]
body = '\n'.join(l for l in lines if l and not l.startswith('checksum ')) + '\n'
h = 0xcbf29ce484222325
for c in body.encode():
    h = ((h ^ c) * 0x100000001b3) & 0xffffffffffffffff
open(sys.argv[2], 'w').write(body + 'checksum %016x\n' % h)
PY
refused "a hand-edited value out of range (checksum made good) is refused, naming the field" "boids N" --state "$tmp/edit.state"
check_summary
