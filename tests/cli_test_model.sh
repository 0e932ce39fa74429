#!/usr/bin/env bash
# Bandada — the CLI drives a model it has never heard of: the test-only ring model, registered
# only in this test build (tests/models/ring/), through the same options, links and output.
set -u
cli="$1"
source "$(dirname "${BASH_SOURCE[0]}")/check.sh"
out=$("$cli" --model ring --count 3 --omega 0.5 --steps 2)
check "the ring's JSON after two steps" '[ "$out" = "{\"model\":\"ring\",\"steps\":2,\"fields\":{\"count\":3,\"omega\":0.5,\"radius\":40,\"seed\":1},\"angles\":[1,1.3333333333333333,1.6666666666666665]}" ]'
check "its help lists its own fields" '"$cli" --model ring --help | grep -q -- "--omega X"'
err=$("$cli" --model ring --radius 0 2>&1 >/dev/null); rc=$?
check "a bad field names the option and the rule" '[ $rc -eq 2 ] && [[ "$err" == "bandada-cli: --radius '"'"'0'"'"': must be more than 0"* ]]'
a=$("$cli" --config 'm=ring&v=1&n=4&w=0,25' --steps 3)
b=$("$cli" --model ring --count 4 --omega 0.25 --steps 3)
check "its share string picks the model and the fields" '[ "$a" = "$b" ] && [ -n "$a" ]'
csv=$("$cli" --model ring --count 2 --format csv)
check "its CSV comes from its table" '[ "$csv" = "$(printf "index,angle\n0,0\n1,0.5")" ]'
check "the real models are still there" '"$cli" --model flock2d --count 5 --steps 1 | grep -q "\"model\":\"flock2d\""'
check_summary
