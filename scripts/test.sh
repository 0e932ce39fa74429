#!/usr/bin/env bash
# Bandada — sets up what is missing, then runs every test: native unit tests and CLI checks
# (ctest), the wasm unit tests and the native-vs-wasm CLI comparison (threads included) under
# Node (ctest), the fuzz corpus, a Slurm sweep, every command the README and docs/ show, the
# cross-engine suite in Firefox and WebKit, and the browser end-to-end tests in headless Chromium
# (node --test), once against the threaded page and once against the single-thread fallback.
# Exits non-zero on failure.
#   scripts/test.sh --quick   the inner loop: style, native build, native tests and CLI checks
set -uo pipefail
quick=0
[ "${1:-}" = "--quick" ] && quick=1
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
export NODE_PATH=/usr/share/nodejs

# Setup, except the SDL2 wasm builds: those (minutes of configure checks on one core, the first
# time) run in the background while the native stages run, and the wasm build waits for them.
t_setup=$SECONDS
bash scripts/setup.sh --without-sdl || { echo "test: setup failed"; exit 1; }
t_setup=$((SECONDS - t_setup))
echo "== setup: $((t_setup / 60)) min $((t_setup % 60)) s (the SDL2 wasm builds follow in the background)"
sdl_pid=""
sdl_log="$root/.deps/sdl2-setup.log"
trap '[ -n "$sdl_pid" ] && kill -- "-$sdl_pid" "$sdl_pid" 2>/dev/null; true' EXIT

declare -a results=()
status=0
stage() {  # stage NAME COMMAND...: runs it, prints its time, records PASS/FAIL with the time
  local name="$1"; shift
  echo "== $name"
  local t0=$SECONDS verdict=PASS
  "$@" || { verdict=FAIL; status=1; }
  local took=$((SECONDS - t0))
  printf '== %s: %s in %d min %02d s\n' "$name" "$verdict" $((took / 60)) $((took % 60))
  results+=("$(printf '%s  %4d s  %s' "$verdict" "$took" "$name")")
}
total0=$SECONDS
if [ $quick -eq 0 ]; then  # its own process group, so an early exit stops its compilers too
  t_sdl=$SECONDS
  setsid --wait bash scripts/setup.sh --sdl-only >"$sdl_log" 2>&1 &
  sdl_pid=$!
fi

stage "house style (clang-format --dry-run --Werror)" \
  bash -c "git ls-files '*.cpp' '*.h' | xargs clang-format --dry-run --Werror"
stage "native build" bash -c "cmake --preset native >/dev/null && cmake --build --preset native"
stage "native tests (ctest)" ctest --preset native -j2
if [ $quick -eq 1 ]; then
  printf '%s\n' "${results[@]}"
  echo "quick run: $(( (SECONDS - total0) / 60 )) min $(( (SECONDS - total0) % 60 )) s (the whole run: scripts/test.sh)"
  exit $status
fi
stage "scripts/cli.sh builds the CLI alone in a clean copy, then finds nothing to build (tests/cli_script_test.sh)" \
  bash tests/cli_script_test.sh
stage "fuzz corpus replay (libFuzzer targets under ASan + UBSan)" \
  bash -c "cmake --preset fuzz >/dev/null && cmake --build --preset fuzz && ctest --preset fuzz"
stage "sweep on a one-node Slurm cluster (job array, merged = unsharded CLI output)" \
  bash tests/slurm_test.sh
stage "a live controller missing a hook is named at compile time (tests/compile_fail.sh)" bash tests/compile_fail.sh
stage "no function in core/ is over 100 lines (tests/function_length.py)" python3 tests/function_length.py core
stage "core/ is a leaf (no SDL, GL, ImGui or emscripten includes)" \
  bash -c "! grep -rnE '#include *[<\"](SDL|GL/|GLES|imgui|emscripten)' core"
stage "web/, cli/, core/app/ and core/run/ name no model (they see models only through the registry)" \
  bash -c "! grep -rnEi \"\$(ls -d core/models/*/ | xargs -n1 basename | paste -sd'|')\" web cli core/app core/run"
stage "cli/ and core/run/ name no model's option either (tests/no_model_options.sh)" \
  bash tests/no_model_options.sh build/native/bandada-cli
stage "web/ builds and includes no cli/ source (runs and sweeps are data in core/run/)" \
  bash -c "! grep -nE '(^|[[:space:]/])cli/' web/web.cmake && ! grep -rnE '#include *\"(\.\./)?cli/' web"
stage "the model seam stays narrow (core/app/model_session.h: at most 30 virtual functions)" \
  bash -c 'n=$(grep -cE "^ *virtual [^~]" core/app/model_session.h); echo "$n virtual functions"; [ "$n" -le 30 ]'
sdl_wait() {  # the background SDL2 wasm builds: waits, prints how long they took and their log
  local ok=0
  wait "$sdl_pid" && ok=1
  sdl_pid=""
  cat "$sdl_log"
  echo "SDL2 wasm builds (background, since setup): $((SECONDS - t_sdl)) s"
  [ $ok -eq 1 ]
}
stage "SDL2 for wasm ready (scripts/setup.sh --sdl-only, run in the background)" sdl_wait
stage "wasm build" bash -c "cmake --preset wasm >/dev/null && cmake --build --preset wasm"
stage "wasm tests + native vs wasm CLI (ctest)" ctest --preset wasm
stage "every command shown in README.md and docs/ runs (tests/docs_test.sh)" bash tests/docs_test.sh
# Firefox and WebKit (Safari's engine) run the cross-engine suite in a window under Xvfb: headless
# Firefox has no WebGL here, and WebKitGTK's MiniBrowser has no headless mode.
for engine in firefox webkit; do
  stage "browser engine $engine: the cross-engine suite (tests/engines, under Xvfb)" \
    env BANDADA_ENGINE=$engine xvfb-run -a -s "-screen 0 1600x1200x24" node --test --test-concurrency=1 tests/engines/
done
if [ -d tests/browser ] && ls tests/browser/*.test.mjs >/dev/null 2>&1; then
  stage "browser tests, threaded page (served cross-origin isolated)" \
    node --test --test-concurrency=1 tests/browser/
  stage "browser tests, single-thread fallback (served without the isolation headers)" \
    env BANDADA_ISOLATED=0 node --test --test-concurrency=1 tests/browser/
fi

echo
echo "== summary"
printf '%s\n' "${results[@]}"
echo "setup: $((t_setup / 60)) min $((t_setup % 60)) s; stages: $(( (SECONDS - total0) / 60 )) min $(( (SECONDS - total0) % 60 )) s"
exit $status
