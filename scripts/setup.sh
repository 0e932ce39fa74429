#!/usr/bin/env bash
# Bandada setup: installs and fetches everything the build and tests need.
# Idempotent: a second run on a ready machine prints one line and takes about a second.
# Third-party code lands in .deps/ (git-ignored), never in the repository.
#   scripts/setup.sh                everything
#   scripts/setup.sh --without-sdl  everything but the two SDL2 wasm builds (scripts/test.sh runs
#                                   those in the background, with --sdl-only, while native tests run)
#   scripts/setup.sh --sdl-only     the SDL2 wasm builds only (the Debian steps first, if missing)
set -euo pipefail
mode=all
case "${1:-}" in
  --without-sdl) mode=without-sdl ;;
  --sdl-only) mode=sdl-only ;;
  "") ;;
  *) echo "setup: unknown option '$1' (--without-sdl, --sdl-only)"; exit 2 ;;
esac

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
deps="$root/.deps"
sudo_cmd=""
[ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
export DEBIAN_FRONTEND=noninteractive
export NODE_PATH=/usr/share/nodejs

say() { printf 'setup: %s\n' "$*"; }

# 1. Debian packages ---------------------------------------------------------
packages=(emscripten cmake ninja-build chromium libglm-dev doctest-dev fonts-dejavu-core
          dpkg-dev libbenchmark-dev clang-format git clang libclang-rt-14-dev
          slurmctld slurmd slurm-client munge parallel
          firefox-esr webkit2gtk-driver xvfb xauth fonttools nlohmann-json3-dev libboost-dev)
command -v node >/dev/null 2>&1 || packages+=(nodejs npm)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  say "installing Debian packages: ${missing[*]} (first time: a few minutes)"
  $sudo_cmd apt-get update -qq
  $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# 2. Debian source packages for ImGui and SDL2, through a private source list -
src="$deps/src"
if ! ls -d "$src"/imgui-*/imgui.cpp >/dev/null 2>&1 || ! ls -d "$src"/libsdl2-*/CMakeLists.txt >/dev/null 2>&1; then
  say "fetching Debian source packages imgui and libsdl2"
  apt_dir="$deps/apt"
  mkdir -p "$apt_dir/lists/partial" "$src"
  uri=$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
  [ -n "$uri" ] || uri="http://deb.debian.org/debian"
  echo "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $uri bookworm main" \
    > "$apt_dir/sources.list"
  # The private lists live in our folder, which apt's sandbox user (_apt) may not read: download
  # as ourselves, so apt has nothing to warn about.
  apt_opts=(-o "Dir::Etc::SourceList=$apt_dir/sources.list" -o "Dir::Etc::SourceParts=/dev/null"
            -o "Dir::State::Lists=$apt_dir/lists" -o "APT::Sandbox::User=$(id -un)")
  apt-get "${apt_opts[@]}" update -qq
  (cd "$src" && apt-get "${apt_opts[@]}" source -qq imgui libsdl2 >/dev/null 2>&1)
fi
imgui_dir=$(ls -d "$src"/imgui-*/ | head -n1)
sdl_src=$(ls -d "$src"/libsdl2-*/ | head -n1)
ln -sfn "$imgui_dir" "$deps/imgui"

# 3. SDL2 built for wasm once, cached: plain, and with -pthread for the threaded page ----
# Most of an SDL2 build is its configure step: about 300 checks, each a small emcc link, one at a
# time (about 3 minutes); the compile itself takes half a minute on 2 cores. The checks give the
# same answers with -pthread (both builds' SDL_config.h are the same bytes), so the plain build
# configures once, its answers seed the threaded build's cache, and the two compiles run side by
# side.
sdl_log() { echo "$deps/sdl2-build$1.log"; }
sdl_configure() {  # sdl_configure SUFFIX [C FLAGS] [SEED]: configures .deps/sdl2-build$SUFFIX
  local suffix="$1" flags="${2:-}" seed="${3:-}" dir="$deps/sdl2-build$1"
  rm -rf "$dir"
  emcmake cmake -S "$sdl_src" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release ${seed:+-C "$seed"} \
    -DCMAKE_C_FLAGS="$flags" -DSDL_SHARED=OFF -DSDL_STATIC=ON -DSDL_TEST=OFF \
    -DCMAKE_INSTALL_PREFIX="$deps/sdl2-wasm$suffix" >"$(sdl_log "$suffix")" 2>&1
}
sdl_compile() {  # sdl_compile SUFFIX: builds and installs a configured .deps/sdl2-build$SUFFIX
  local dir="$deps/sdl2-build$1"
  { cmake --build "$dir" -j2 && cmake --install "$dir"; } >>"$(sdl_log "$1")" 2>&1 && rm -rf "$dir"
}
sdl_failed() { tail -n 40 "$(sdl_log "$1")"; say "SDL2 wasm build$2 failed (full log: $(sdl_log "$1"))"; return 1; }
build_sdl() {  # both builds, each skipped when built
  local seed="$deps/sdl2-wasm-checks.cmake" plain=0 mt=0
  [ -f "$deps/sdl2-wasm/lib/libSDL2.a" ] || plain=1
  [ -f "$deps/sdl2-wasm-mt/lib/libSDL2.a" ] || mt=1
  [ $plain -eq 1 ] || [ $mt -eq 1 ] || return 0
  say "building SDL2 for wasm, plain and threaded (first time: 5–8 minutes)"
  if [ $plain -eq 1 ]; then
    sdl_configure "" || sdl_failed "" "" || return 1
    # The checks' answers: every HAVE_* and libc entry of the cache, as an initial cache.
    sed -nE 's/^((HAVE_|LIBC_|STDC_HEADERS)[A-Za-z0-9_]*):INTERNAL=(.*)$/set(\1 "\3" CACHE INTERNAL "")/p' \
      "$deps/sdl2-build/CMakeCache.txt" > "$seed"
  fi
  local pid=""
  if [ $plain -eq 1 ]; then sdl_compile "" & pid=$!; fi
  local ok=1
  if [ $mt -eq 1 ]; then
    local use_seed=""
    [ -s "$seed" ] && use_seed="$seed"
    { sdl_configure "-mt" "-pthread" "$use_seed" && sdl_compile "-mt"; } || { sdl_failed "-mt" " (threaded)"; ok=0; }
  fi
  if [ -n "$pid" ]; then wait "$pid" || { sdl_failed "" ""; ok=0; }; fi
  [ $ok -eq 1 ]
}
if [ "$mode" = sdl-only ]; then
  build_sdl
  exit $?
fi
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
if [ "$mode" = all ]; then build_sdl & pids+=($!); fi

# 4. Header folder for emcc: never /usr/include itself (it drags in the host libc)
mkdir -p "$deps/include"
ln -sfn /usr/include/glm "$deps/include/glm"
ln -sfn /usr/include/doctest "$deps/include/doctest"
ln -sfn /usr/include/nlohmann "$deps/include/nlohmann"  # scenario files (JSON)
ln -sfn /usr/include/boost "$deps/include/boost"        # scenario files (Boost.Geometry)

# 5. npm packages for the browser tests --------------------------------------
if [ ! -d "$root/node_modules/playwright-core" ] || [ ! -d "$root/node_modules/puppeteer-core" ] ||
   [ ! -d "$root/node_modules/selenium-webdriver" ]; then
  say "installing npm packages (playwright-core, puppeteer-core, selenium-webdriver)"
  (cd "$root" && npm ci --silent --no-audit --no-fund >/dev/null)
fi

# The SDL2 builds ran while the steps above did.
sdl_ok=1
for pid in "${pids[@]}"; do wait "$pid" || sdl_ok=0; done
pids=()
[ $sdl_ok -eq 1 ] || exit 1

say "ready"
