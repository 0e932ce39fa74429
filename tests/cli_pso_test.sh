#!/usr/bin/env bash
# Bandada — the PSO model on the command line (docs/models/pso.md): a swarm finds the sphere's
# optimum with P·(T + 1) evaluations; the same bytes for any thread count and through a state
# file; the original update diverges and says so, with no inf or NaN in its JSON; the 10-bar truss
# reports a feasible design and its constraints; bad input is refused by name.
set -u
cli="$1"
source "$(dirname "${BASH_SOURCE[0]}")/check.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
num() { python3 -c "import json,sys; j=json.load(sys.stdin); print($1)"; }

s=$("$cli" --model pso --landscape sphere --dims 10 --particles 30 --steps 300)
check "the sphere in 10-D: the JSON names the model, 30·301 evaluations, the best within 1e-6 of 0" \
  '[[ "$s" == "{\"model\":\"pso\",\"landscape\":\"sphere\",\"dims\":10,"* ]] && [ "$(num "j[\"evaluations\"]" <<<"$s")" = 9030 ] && [ "$(num "int(j[\"best\"][\"value\"] < 1e-6 and j[\"error\"] == j[\"best\"][\"value\"])" <<<"$s")" = 1 ]'
check "one thread and two give the same bytes (rastrigin, von Neumann, reflect)" \
  '[ "$("$cli" --model pso --dims 8 --particles 20 --topology vonneumann --boundary reflect --steps 80 --threads 1)" = "$("$cli" --model pso --dims 8 --particles 20 --topology vonneumann --boundary reflect --steps 80 --threads 2)" ]'
"$cli" --model pso --dims 5 --topology ring --steps 40 --save-state "$tmp/a.state" >/dev/null
check "a state file continues the swarm bit for bit" \
  '[ "$("$cli" --state "$tmp/a.state" --steps 60)" = "$("$cli" --model pso --dims 5 --topology ring --steps 100)" ]'
d=$("$cli" --model pso --landscape sphere --update inertia --w 1 --w-end 1 --c1 2 --c2 2 --steps 3000 2>"$tmp/err"); rc=$?
check "the original update (w = 1, c = 2, no limit, no boundary) diverges: said on stderr, exit 0, the step in the JSON" \
  '[ $rc = 0 ] && grep -q "^bandada-cli: diverged at step [0-9]*: a speed passed 1e12" "$tmp/err" && [ "$(num "j[\"diverged_at\"] > 1 and j[\"steps\"] == j[\"diverged_at\"] - 1" <<<"$d")" = True ]'
check "no inf or NaN reaches the diverged run's JSON" '! grep -qiE "inf|nan" <<<"$d"'
t=$("$cli" --model pso --landscape truss10 --particles 50 --boundary absorb --steps 999)
check "the 10-bar truss: 50 000 evaluations, a feasible design within 1 % of 5 060.9 lb, its ratios at most 1" \
  '[ "$(num "j[\"evaluations\"]" <<<"$t")" = 50000 ] && [ "$(num "j[\"truss\"][\"feasible\"] and abs(j[\"best\"][\"value\"] / 5060.9 - 1) < 0.01 and j[\"truss\"][\"max_stress_ratio\"] <= 1 and j[\"truss\"][\"max_displacement_ratio\"] <= 1 and len(j[\"best\"][\"x\"]) == 10" <<<"$t")" = True ]'
check "the truss is 10-D whatever --dims says" '[ "$("$cli" --model pso --landscape truss10 --dims 3 --steps 0 | num "j[\"dims\"]")" = 10 ]'
check "--help names the model's options" \
  '"$cli" --model pso --help | grep -q -- "--landscape" && "$cli" --model pso --help | grep -q -- "--topology" && "$cli" --model pso --help | grep -q -- "--particles"'
refuses "a dimension of 31 is refused" --model pso --dims 31
refuses "a dimension of 1 is refused" --model pso --dims 1
refuses "an unknown landscape is refused" --model pso --landscape banana
refuses "an unknown topology is refused" --model pso --topology star
refuses "one particle is refused" --model pso --particles 1
refuses "von Neumann with 7 particles (no torus of at least 3 × 3) is refused" --model pso --topology vonneumann --particles 7
check "its message names why" 'grep -q "7 particles have no such split" "$cli_err"'
check_summary
