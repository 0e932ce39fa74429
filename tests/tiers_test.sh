#!/usr/bin/env bash
# Bandada — the test run's tiers pick their stages (scripts/test.sh, docs/testing.md). In a scratch
# clone, with this checkout's scripts/test.sh, each change below is made and
# `scripts/test.sh --changed --plan` (which runs nothing) must run the stages that the change can
# affect and skip the others; --quick skips everything past the native ones, the whole run nothing.
# Usage: tests/tiers_test.sh
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source "$root/tests/check.sh"
clone="$work/clone"
git clone -q "$root" "$clone" || { echo "FAIL: could not clone $root"; exit 1; }
cp "$root/scripts/test.sh" "$clone/scripts/test.sh"
cp "$root/docs/testing.md" "$clone/docs/testing.md"  # its stage budgets
git -C "$clone" -c user.name=t -c user.email=t@t commit -qam "this checkout's test.sh and budgets" 2>/dev/null || true

# plan ARGS...: the stages that scripts/test.sh ARGS --plan would run ('run' lines), one per line
plan() { (cd "$clone" && BANDADA_BASE=HEAD bash scripts/test.sh "$@" --plan 2>&1); }
runs() { grep -q "^run  *$2" <<<"$1"; }
skips() { grep -q "^skip  *$2" <<<"$1"; }
# expect WHAT PLAN [+STAGE | -STAGE]...: each +STAGE runs, each -STAGE is skipped
expect() {
  local what="$1" out="$2" bad=""
  shift 2
  for s in "$@"; do
    case "$s" in
      +*) runs "$out" "${s#+}" || bad="$bad, ${s#+} does not run" ;;
      -*) skips "$out" "${s#-}" || bad="$bad, ${s#-} is not skipped" ;;
    esac
  done
  check "$what${bad}" '[ -z "$bad" ]'
  [ -z "$bad" ] || sed 's/^/      /' <<<"$out" | grep -E '^ *(run|skip|==)'
}
undo() { git -C "$clone" checkout -q -- . && git -C "$clone" clean -fdq; }
NATIVE=(+"house style" +"native build" +"native tests")
BROWSERS=("browser engine firefox" "browser engine webkit" "browser tests, threaded" "browser tests that depend")

# Every stage of the whole run has a budget in docs/testing.md ("Stage budgets"), so the summary
# can say which went over; and the whole run has its own.
full=$(plan)
check "every stage has a budget in docs/testing.md" '! grep -q "^run .*(budget  *s)$" <<<"$full" && grep -q "^run .*native tests.*(budget [0-9][0-9]* s)$" <<<"$full"'
(cd "$clone" && source <(sed -n '/^budget_of() {/,/^}/p' scripts/test.sh) && [ -n "$(budget_of "the whole run")" ]) ||
  { echo "FAIL: the whole run has no budget"; exit 1; }

expect "nothing changed: the native stages only, no wasm build" "$(plan --changed)" \
  "${NATIVE[@]}" -"fuzz corpus" -"SDL2 for wasm and the wasm build" -"every command shown" \
  "${BROWSERS[@]/#/-}"

echo "// a comment" >> "$clone/core/common/number_text.cpp"
expect "core/ changed: fuzz, the CLI in a clean copy, wasm, native = wasm and the docs; no browser" \
  "$(plan --changed)" "${NATIVE[@]}" +"fuzz corpus" +"scripts/cli.sh builds" +"wasm build" \
  +"wasm tests" +"every command shown" -"sweeps, cards and optimisations on a one-node Slurm" "${BROWSERS[@]/#/-}"
undo

echo "// a comment" >> "$clone/web/panel.cpp"
expect "web/ changed: the wasm build and every browser stage; no fuzz, no native = wasm" \
  "$(plan --changed)" "${NATIVE[@]}" +"wasm build" "${BROWSERS[@]/#/+}" -"fuzz corpus" -"wasm tests" \
  -"every command shown"
undo

echo "text" >> "$clone/docs/cli.md"
expect "docs/ changed: the docs' commands (and the wasm build they use); no browser" \
  "$(plan --changed)" +"wasm build" +"every command shown" -"fuzz corpus" "${BROWSERS[@]/#/-}"
undo

echo "// new" > "$clone/tests/browser/new.test.mjs"
expect "a new browser test file (not committed): the Chromium passes" \
  "$(plan --changed)" +"browser tests, threaded" +"browser tests that depend" -"browser engine firefox" -"fuzz corpus"
undo

echo "# x" >> "$clone/CMakeLists.txt"
expect "the build changed: every stage" "$(plan --changed)" +"fuzz corpus" +"sweeps, cards and optimisations on a one-node Slurm" \
  +"a corrupt, missing" "${BROWSERS[@]/#/+}"
undo

out=$(cd "$clone" && BANDADA_BASE=no-such-commit bash scripts/test.sh --changed --plan 2>&1)
expect "no base: every stage, and it says why" "$out" +"fuzz corpus" "${BROWSERS[@]/#/+}"
check "with no base, the run says so" 'grep -q "no base" <<<"$out"'

expect "--quick: the native stages, everything else skipped" "$(plan --quick)" "${NATIVE[@]}" \
  -"fuzz corpus" -"SDL2 for wasm and the wasm build" "${BROWSERS[@]/#/-}"
expect "the whole run: everything" "$(plan)" "${NATIVE[@]}" +"fuzz corpus" +"sweeps, cards and optimisations on a one-node Slurm" \
  +"wasm build" +"every command shown" "${BROWSERS[@]/#/+}"

check_summary
