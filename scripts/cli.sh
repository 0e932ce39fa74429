#!/usr/bin/env bash
# Bandada — the command line on its own: `scripts/cli.sh ARGS…` sets up only what the native CLI
# needs (a C++ compiler, CMake, Ninja, the JSON and Boost headers: no browsers, no Emscripten, no SDL2), builds
# build/native/bandada-cli with the native preset (the target and flags scripts/test.sh builds, so
# the same bytes) when a source changed since the last build, then runs it with ARGS in the folder
# it was called from. What this script says goes to stderr; stdout is the CLI's alone.
set -euo pipefail
here="$PWD"
root="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)"
say() { printf 'cli: %s\n' "$*" >&2; }

# 1. What the native build needs, and nothing else ------------------------------------------
missing=()
command -v g++ >/dev/null 2>&1 || missing+=(g++)
command -v cmake >/dev/null 2>&1 || missing+=(cmake)
command -v ninja >/dev/null 2>&1 || missing+=(ninja-build)
[ -f /usr/include/nlohmann/json.hpp ] || missing+=(nlohmann-json3-dev)  # scenario files
[ -f /usr/include/boost/geometry.hpp ] || missing+=(libboost-dev)
if [ ${#missing[@]} -gt 0 ]; then
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  say "installing Debian packages: ${missing[*]}"
  { $sudo_cmd apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
      $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}"; } >&2 ||
    { say "could not install ${missing[*]}"; exit 1; }
fi

# 2. Build the CLI target when something changed (one build at a time: calls may run in parallel)
build="$root/build/native"
mkdir -p "$build"
log="$build/cli-build.log"
exec 9>"$build/.cli-build.lock"
flock 9
cd "$root"
if [ ! -f "$build/build.ninja" ]; then
  cmake --preset native >"$log" 2>&1 || { tail -n 30 "$log" >&2; say "configure failed (log: $log)"; exit 1; }
fi
t0=$SECONDS
if ! cmake --build --preset native --target bandada-cli >"$log" 2>&1; then
  tail -n 30 "$log" >&2
  say "the build failed (log: $log)"
  exit 1
fi
if grep -q "no work to do" "$log"; then
  say "build/native/bandada-cli is up to date: nothing to build"
else
  say "built build/native/bandada-cli in $((SECONDS - t0)) s"
fi
flock -u 9
exec 9>&-

# 3. Run it where it was called from ----------------------------------------------------------
cd "$here"
exec "$build/bandada-cli" "$@"
