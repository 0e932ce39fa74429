#!/usr/bin/env bash
# Bandada — sets up what is missing, then runs every test: native unit tests and CLI checks
# (ctest), the wasm unit tests and the native-vs-wasm CLI comparison under Node (ctest), and
# the browser end-to-end tests in headless Chromium (node --test). Exits non-zero on failure.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
export NODE_PATH=/usr/share/nodejs

bash scripts/setup.sh || { echo "test: setup failed"; exit 1; }

declare -a results=()
status=0
stage() {  # stage NAME COMMAND...
  local name="$1"; shift
  echo "== $name"
  if "$@"; then results+=("PASS  $name"); else results+=("FAIL  $name"); status=1; fi
}

stage "native build" bash -c "cmake --preset native >/dev/null && cmake --build --preset native"
stage "native tests (ctest)" ctest --preset native
stage "wasm build" bash -c "cmake --preset wasm >/dev/null && cmake --build --preset wasm"
stage "wasm tests + native vs wasm CLI (ctest)" ctest --preset wasm
stage "core/ is a leaf (no SDL, GL, ImGui or emscripten includes)" \
  bash -c "! grep -rnE '#include *[<\"](SDL|GL/|GLES|imgui|emscripten)' core"
if [ -d tests/browser ] && ls tests/browser/*.test.mjs >/dev/null 2>&1; then
  stage "browser tests (node --test, headless Chromium)" \
    node --test --test-concurrency=1 tests/browser/
fi

echo
echo "== summary"
printf '%s\n' "${results[@]}"
exit $status
