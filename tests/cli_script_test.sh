#!/usr/bin/env bash
# Bandada — scripts/cli.sh, the command line without the test run: in a clean copy of the
# checkout's files (tracked, and new ones not ignored) it must build the CLI (and nothing of the web side), print the same
# bytes as the CLI scripts/test.sh built, find nothing to build on a second call, rebuild after a
# source changed, and run in the caller's folder. Not timed: tests check behaviour, not speed.
# Usage: tests/cli_script_test.sh   (after the native build, which it compares with)
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ref="$root/build/native/bandada-cli"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0 passed=0
check() {  # check WHAT COMMAND...
  local what="$1"; shift
  if "$@"; then passed=$((passed + 1)); echo "ok   $what"; else fail=$((fail + 1)); echo "FAIL $what"; fi
}
[ -x "$ref" ] || { echo "FAIL: $ref is missing (build the native preset first)"; exit 1; }

clone="$work/clone"
mkdir -p "$clone" "$work/elsewhere"
(cd "$root" && git ls-files -z --cached --others --exclude-standard | xargs -0 tar cf - 2>/dev/null) | tar xf - -C "$clone"
args=(--model flock2d --count 80 --steps 5)

cd "$work/elsewhere"  # the caller's folder: a relative --save-state must land here
bash "$clone/scripts/cli.sh" "${args[@]}" --save-state run.state >first.json 2>first.err
rc=$?
check "the first call in a clean copy exits 0" [ $rc -eq 0 ]
check "the first call builds the CLI and says so" grep -q "built build/native/bandada-cli" first.err
check "the first call prints the same bytes as the test run's CLI" cmp -s first.json <("$ref" "${args[@]}")
check "a relative output file lands in the caller's folder" test -s run.state
check "nothing of the web side is set up (no .deps/, node_modules/ or build/wasm/)" \
  bash -c "[ ! -e '$clone/.deps' ] && [ ! -e '$clone/node_modules' ] && [ ! -e '$clone/build/wasm' ]"
check "stdout is the CLI's alone (the script's own words go to stderr)" bash -c "head -c1 first.json | grep -q '{'"

bash "$clone/scripts/cli.sh" "${args[@]}" >second.json 2>second.err
check "a second call finds nothing to build and says so" grep -q "nothing to build" second.err
check "a second call prints the same bytes" cmp -s first.json second.json

touch "$clone/cli/main.cpp"
bash "$clone/scripts/cli.sh" --help >/dev/null 2>third.err
check "a changed source is built again" grep -q "built build/native/bandada-cli" third.err

bash "$clone/scripts/cli.sh" --count -3 >bad.out 2>bad.err
rc=$?
check "the CLI's own exit code comes through (bad input: 2, nothing on stdout)" bash -c "[ $rc -eq 2 ] && [ ! -s bad.out ]"

echo "$passed passed, $fail failed"
[ $fail -eq 0 ]
