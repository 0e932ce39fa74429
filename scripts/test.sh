#!/usr/bin/env bash
# Bandada — sets up what is missing, then runs every test: native unit tests and CLI checks
# (ctest), the wasm unit tests and the native-vs-wasm CLI comparison (threads included) under
# Node (ctest), the fuzz corpus, a Slurm sweep, every command the README and docs/ show, the
# cross-engine suite in Firefox and WebKit, and the browser end-to-end tests in headless Chromium
# (node --test): the whole suite against the threaded page, and what depends on threads or on
# the isolation headers against the single-thread fallback. Exits non-zero on failure.
# Three tiers (docs/testing.md):
#   scripts/test.sh            everything, as CI runs it
#   scripts/test.sh --quick    the inner loop: style, native build, native tests and CLI checks
#   scripts/test.sh --changed  the stages that the files changed since the base can affect (the base:
#                              origin/main if there is one, else the last commit a whole run passed
#                              on this machine; BANDADA_BASE=REV names another). Says what it skips.
#   ... --plan                 lists the stages the tier would run and skip, runs nothing
set -uo pipefail
tier=full
plan=0
for arg in "$@"; do
  case "$arg" in
    --quick) tier=quick ;;
    --changed) tier=changed ;;
    --plan) plan=1 ;;
    *) echo "test: unknown option '$arg' (--quick, --changed, --plan)"; exit 2 ;;
  esac
done
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
export NODE_PATH=/usr/share/nodejs

clean_at_start=0
[ -z "$(git status --porcelain 2>/dev/null)" ] && clean_at_start=1
# The last commit a whole run passed on from a clean tree, on this machine, for this repository
# (named by its first commit): --changed's base when there is no origin/main.
green="$root/.deps/cache/last-green/$(git rev-list --max-parents=0 HEAD 2>/dev/null | tail -n1)"

# Setup, except the SDL2 wasm builds: those (minutes of configure checks on one core, the first
# time on a machine; seconds when the machine's cache has them) run in the background while the
# native stages run, and the wasm build waits for them.
t_setup=$SECONDS
if [ $plan -eq 0 ]; then
  bash scripts/setup.sh --without-sdl || { echo "test: setup failed"; exit 1; }
  t_setup=$((SECONDS - t_setup))
  echo "== setup: $((t_setup / 60)) min $((t_setup % 60)) s (the SDL2 wasm builds follow in the background)"
fi
sdl_pid=""
sdl_log="$root/.deps/sdl2-setup.log"
trap '[ -n "$sdl_pid" ] && kill -- "-$sdl_pid" "$sdl_pid" 2>/dev/null; true' EXIT

# The compiler cache's counters before and after, for the warm-or-cold line at the end.
ccache_dir="$root/.deps/cache/ccache"
ccache_counts() {  # prints "HITS MISSES" of the machine's ccache so far
  CCACHE_DIR="$ccache_dir" ccache --print-stats 2>/dev/null |
    awk '$1 == "direct_cache_hit" || $1 == "preprocessed_cache_hit" { h += $2 } $1 == "cache_miss" { m += $2 }
         END { print h + 0, m + 0 }'
}
read -r hits0 misses0 < <(ccache_counts)

# What this tier runs. --changed: the files changed since the base (committed or not, and new
# ones), each stage run when one of them is under a path the stage depends on.
changed=""
everything=0
if [ $tier = changed ]; then
  base="${BANDADA_BASE:-}"
  if [ -z "$base" ] && git rev-parse -q --verify origin/main >/dev/null; then
    base=$(git merge-base HEAD origin/main)
  elif [ -z "$base" ] && [ -f "$green" ] && git merge-base --is-ancestor "$(cat "$green")" HEAD 2>/dev/null; then
    base=$(cat "$green")
  fi
  if [ -z "$base" ] || ! git rev-parse -q --verify "$base^{commit}" >/dev/null; then
    echo "== --changed: no base (no origin/main, and no whole run passed here since): every stage runs"
    everything=1
  else
    changed=$( { git diff --name-only "$base"; git ls-files --others --exclude-standard; } | sort -u)
    echo "== --changed: $(grep -c . <<<"$changed") files changed since $(git rev-parse --short "$base"):"
    sed 's/^/     /' <<<"$changed" | head -n 40
    # The build and the run themselves: a change here can affect any stage.
    grep -qE '^(CMakeLists\.txt|CMakePresets\.json|scripts/(test|setup)\.sh|\.ci/|package(-lock)?\.json|tests/browser/helpers\.mjs)' \
      <<<"$changed" && { echo "   (the build or the test run itself changed: every stage runs)"; everything=1; }
  fi
fi
wants() {  # wants REGEX: whether this tier runs a stage that files matching REGEX affect
  case $tier in full) return 0 ;; quick) return 1 ;; esac
  [ $everything -eq 1 ] && return 0
  grep -qE "$1" <<<"$changed"
}
core_re='^(core/|cli/|bench/|tests/unit/|tests/models/|tests/fixtures/)'
page_re='^(web/|shell\.html|assets/|scripts/serve\.mjs|scripts/precompress\.mjs)'

declare -a results=() over=()
status=0
# Each stage's budget, in seconds, from docs/testing.md's "Stage budgets" table: the first row whose
# first cell begins the stage's name. A stage over its budget is said at the end: a note, not a
# failure (timings are noisy). No row: no budget (tests/tiers_test.sh checks every stage has one).
budget_of() {
  awk -v name="$1" -F'|' '
    /^## / { inside = ($0 ~ /^## Stage budgets/) }
    inside && NF >= 4 && $2 !~ /stage|---/ {
      key = $2; gsub(/^ *`?|`? *$/, "", key)
      if (key != "" && index(name, key) == 1) { n = $3; gsub(/[^0-9]/, "", n); print n; exit }
    }' docs/testing.md
}
record() {  # record VERDICT SECONDS NAME [SUFFIX]: the summary's line, with its budget
  local budget; budget=$(budget_of "$3")
  results+=("$(printf '%s  %4d s of %4s  %s%s' "$1" "$2" "${budget:-?}" "$3" "${4:-}")")
  if [ -n "$budget" ] && [ "$2" -gt "$budget" ]; then over+=("$3: $2 s against $budget s"); fi
}
stage() {  # stage NAME COMMAND...: runs it, prints its time, records PASS/FAIL with the time
  local name="$1"; shift
  if [ $plan -eq 1 ]; then results+=("$(printf 'run        %s (budget %s s)' "$name" "$(budget_of "$name")")"); return; fi
  echo "== $name"
  local t0=$SECONDS verdict=PASS
  "$@" || { verdict=FAIL; status=1; }
  local took=$((SECONDS - t0))
  printf '== %s: %s in %d min %02d s\n' "$name" "$verdict" $((took / 60)) $((took % 60))
  record "$verdict" "$took" "$name"
}
maybe() {  # maybe REGEX NAME COMMAND...: the stage if this tier wants it, else a skip line
  local re="$1" name="$2"; shift 2
  if wants "$re"; then stage "$name" "$@"; else results+=("$(printf 'skip       %s' "$name")"); fi
}
# The one stage that mostly waits (Slurm's scheduler) runs in the background beside the others:
# started with bg_start, its output kept, then printed and its verdict recorded by bg_finish.
bg_name="" bg_pid="" bg_t0=0 bg_log=""
bg_start() {  # bg_start REGEX NAME COMMAND...: as maybe, but in the background
  local re="$1" name="$2"; shift 2
  if ! wants "$re"; then results+=("$(printf 'skip       %s' "$name")"); return; fi
  if [ $plan -eq 1 ]; then
    results+=("$(printf 'run        %s (in the background) (budget %s s)' "$name" "$(budget_of "$name")")")
    return
  fi
  echo "== $name: started in the background"
  bg_name="$name" bg_log=$(mktemp) bg_t0=$SECONDS
  "$@" >"$bg_log" 2>&1 &
  bg_pid=$!
}
bg_finish() {  # bg_finish: waits for the background stage, if one runs, prints its output, records it
  [ -n "$bg_pid" ] || return 0
  local verdict=PASS
  echo "== $bg_name (in the background)"
  wait "$bg_pid" || { verdict=FAIL; status=1; }
  cat "$bg_log"
  rm -f "$bg_log"
  local took=$((SECONDS - bg_t0))
  printf '== %s: %s in %d min %02d s (in the background)\n' "$bg_name" "$verdict" $((took / 60)) $((took % 60))
  record "$verdict" "$took" "$bg_name" " (in the background)"
  bg_pid=""
}
total0=$SECONDS

# Which of the stages after the native ones this tier runs, decided now so the SDL2 builds start
# only when the wasm build will be wanted.
fuzz_re='^(core/|tests/fuzz/)'
wasm_tests_re="$core_re|^tests/cli_native_vs_wasm\.sh"
docs_re="$core_re|^(docs/|README\.md|scripts/|tests/docs_test\.sh|tests/fixtures/)"
engines_re="$page_re|^tests/engines/"
browser_re="$page_re|^tests/browser/"
want_wasm=0
for re in "$wasm_tests_re" "$docs_re" "$engines_re" "$browser_re"; do wants "$re" && want_wasm=1; done
if [ $want_wasm -eq 1 ] && [ $plan -eq 0 ]; then  # its own process group: an early exit stops its compilers
  t_sdl=$SECONDS
  setsid --wait bash scripts/setup.sh --sdl-only >"$sdl_log" 2>&1 &
  sdl_pid=$!
fi

stage "house style (clang-format --dry-run --Werror)" \
  bash -c "git ls-files '*.cpp' '*.h' | xargs clang-format --dry-run --Werror"
stage "native build" bash -c "cmake --preset native >/dev/null && cmake --build --preset native"
stage "native tests (ctest)" ctest --preset native -j2
# The architecture's rules, each a second or less.
stage "no function in core/, web/, cli/ or bench/ is over 100 lines (tests/function_length.py)" python3 tests/function_length.py core web cli bench
stage "docs/architecture.md names only what is there, and every folder (tests/doc_paths.py)" python3 tests/doc_paths.py
stage "core/ is a leaf (no SDL, GL, ImGui or emscripten includes)" \
  bash -c "! grep -rnE '#include *[<\"](SDL|GL/|GLES|imgui|emscripten)' core"
stage "the crowd's engine does not depend on its scenario reader (crowd.h, its room, geometry and step include no crowd_scenario.h)" \
  bash -c "! grep -nE '#include.*crowd_scenario.h' core/models/crowd/crowd.h core/models/crowd/crowd_room.h core/models/crowd/crowd_geometry.h core/models/crowd/crowd_reach.h core/models/crowd/crowd.cpp core/models/crowd/crowd_sfm.cpp core/models/crowd/crowd_csm.cpp core/models/crowd/crowd_navigation.cpp core/models/crowd/crowd_journey.cpp"
stage "web/, cli/, core/app/ and core/run/ name no model (they see models only through the registry)" \
  bash -c "! grep -rnEi \"\$(ls -d core/models/*/ | xargs -n1 basename | paste -sd'|')\" web cli core/app core/run"
stage "cli/ and core/run/ name no model's option either (tests/no_model_options.sh)" \
  bash tests/no_model_options.sh build/native/bandada-cli
stage "web/ builds and includes no cli/ source (runs and sweeps are data in core/run/)" \
  bash -c "! grep -nE '(^|[[:space:]/])cli/' web/web.cmake && ! grep -rnE '#include *\"(\.\./)?cli/' web"
stage "the model seam stays narrow (core/app/model_session.h: at most 30 virtual functions)" \
  bash -c 'n=$(grep -cE "^ *virtual [^~]" core/app/model_session.h); echo "$n virtual functions"; [ "$n" -le 30 ]'
maybe '^tests/tiers_test\.sh' "the tiers pick their stages (tests/tiers_test.sh)" bash tests/tiers_test.sh
maybe "$core_re|^(scripts/cli\.sh|tests/cli_script_test\.sh)" \
  "scripts/cli.sh builds the CLI alone in a clean copy, then finds nothing to build (tests/cli_script_test.sh)" \
  bash tests/cli_script_test.sh
maybe "$fuzz_re" "fuzz corpus replay (libFuzzer targets under ASan + UBSan)" \
  bash -c "cmake --preset fuzz >/dev/null && cmake --build --preset fuzz && ctest --preset fuzz -j2"
bg_start '^(core/run/|cli/|scripts/sweep-slurm\.sh|scripts/experiments-slurm\.sh|scripts/optimize-slurm\.sh|tests/slurm_test\.sh)' \
  "sweeps, cards and optimisations on a one-node Slurm cluster (job arrays = the unsharded CLI output)" bash tests/slurm_test.sh
maybe '^(core/app/|tests/compile_fail)' \
  "a live controller missing a hook is named at compile time (tests/compile_fail.sh)" bash tests/compile_fail.sh
sdl_wait() {  # the background SDL2 wasm builds: waits, prints how long they took and their log
  local ok=0
  wait "$sdl_pid" && ok=1
  sdl_pid=""
  cat "$sdl_log"
  echo "SDL2 wasm builds (background, since setup): $((SECONDS - t_sdl)) s"
  [ $ok -eq 1 ]
}
if [ $want_wasm -eq 1 ]; then
  stage "SDL2 for wasm ready (scripts/setup.sh --sdl-only, run in the background)" sdl_wait
  stage "wasm build" bash -c "cmake --preset wasm >/dev/null && cmake --build --preset wasm"
else
  results+=("skip       SDL2 for wasm and the wasm build (no later stage wants them)")
fi
maybe "$wasm_tests_re" "wasm tests + native vs wasm CLI (ctest)" ctest --preset wasm
bg_finish
maybe '^(scripts/setup\.sh|tests/cache_test\.sh)' \
  "a corrupt, missing or unwritable cache costs a rebuild, not a wrong build (tests/cache_test.sh)" \
  bash tests/cache_test.sh
maybe "$docs_re" "every command shown in README.md and docs/ runs (tests/docs_test.sh)" bash tests/docs_test.sh
# Firefox and WebKit (Safari's engine) run the cross-engine suite in a window under Xvfb: headless
# Firefox has no WebGL here, and WebKitGTK's MiniBrowser has no headless mode.
for engine in firefox webkit; do
  maybe "$engines_re" "browser engine $engine: the cross-engine suite (tests/engines, under Xvfb)" \
    env BANDADA_ENGINE=$engine xvfb-run -a -s "-screen 0 1600x1200x24" node --test --test-concurrency=1 tests/engines/
done
maybe "$browser_re" "browser tests, threaded page (served cross-origin isolated)" \
  node --test --test-concurrency=1 tests/browser/
maybe "$browser_re" "browser tests that depend on threads or the isolation headers, single-thread fallback (served without them)" \
  env BANDADA_ISOLATED=0 node --test --test-concurrency=1 $(grep -l "threadsMatter(" tests/browser/*.test.mjs)

echo
echo "== summary ($tier)"
printf '%s\n' "${results[@]}"
[ $plan -eq 1 ] && exit 0
read -r hits1 misses1 < <(ccache_counts)
hits=$((hits1 - hits0)) misses=$((misses1 - misses0))
if [ $((hits + misses)) -eq 0 ]; then warmth="nothing compiled"
elif [ $misses -eq 0 ]; then warmth="warm"
elif [ $hits -eq 0 ]; then warmth="cold"
else warmth="$((100 * hits / (hits + misses))) % warm"; fi
echo "compiler cache ($ccache_dir): $hits hits, $misses misses: $warmth"
whole_budget=$(budget_of "the whole run")
if [ $tier = full ] && [ -n "$whole_budget" ] && [ $((SECONDS - total0)) -gt "$whole_budget" ]; then
  over+=("the whole run's stages: $((SECONDS - total0)) s against $whole_budget s")
fi
if [ ${#over[@]} -gt 0 ]; then  # a note, not a failure: timings are noisy
  echo "over budget (docs/testing.md, \"Stage budgets\"; a note, not a failure):"
  printf '  %s\n' "${over[@]}"
fi
if [ $want_wasm -eq 1 ]; then
  if grep -q "building SDL2" "$sdl_log" 2>/dev/null; then echo "SDL2 wasm builds: built this run, now in the cache"
  else echo "SDL2 wasm builds: reused from the cache"; fi
fi
echo "setup: $((t_setup / 60)) min $((t_setup % 60)) s; stages: $(( (SECONDS - total0) / 60 )) min $(( (SECONDS - total0) % 60 )) s"
# A whole run that passed on a clean work tree marks its commit for --changed.
if [ $tier = full ] && [ $status -eq 0 ] && [ $clean_at_start -eq 1 ]; then
  mkdir -p "$(dirname "$green")" && git rev-parse HEAD > "$green"
fi
exit $status
