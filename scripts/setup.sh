#!/usr/bin/env bash
# Bandada setup: installs and fetches everything the build and tests need.
# Idempotent: a second run on a ready machine prints one line and takes about a second.
# Third-party code lands in .deps/ (git-ignored), never in the repository. What can be reused
# across clones lives in one cache folder per machine, outside the clone (docs/testing.md):
# ${BANDADA_CACHE:-${XDG_CACHE_HOME:-~/.cache}/bandada}, linked as .deps/cache. It holds ccache's
# cache, the ImGui and SDL2 source packages, the SDL2 wasm builds under a key of their inputs, and
# npm's download cache. Every entry is sealed with a list of its files' checksums and checked
# before use; a missing, unwritable or corrupt cache costs a rebuild, never a wrong build.
#   scripts/setup.sh                everything
#   scripts/setup.sh --without-sdl  everything but the two SDL2 wasm builds (scripts/test.sh runs
#                                   those in the background, with --sdl-only, while native tests run)
#   scripts/setup.sh --sdl-only     the SDL2 wasm builds only (the Debian steps first, if missing)
#   scripts/setup.sh --cache-only   the cache folder only: makes and links it, prints its path
set -euo pipefail
mode=all
case "${1:-}" in
  --without-sdl) mode=without-sdl ;;
  --sdl-only) mode=sdl-only ;;
  --cache-only) mode=cache-only ;;
  "") ;;
  *) echo "setup: unknown option '$1' (--without-sdl, --sdl-only, --cache-only)"; exit 2 ;;
esac

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
deps="$root/.deps"
sudo_cmd=""
[ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
export DEBIAN_FRONTEND=noninteractive
export NODE_PATH=/usr/share/nodejs

say() { printf 'setup: %s\n' "$*"; }

# 1. Debian packages ---------------------------------------------------------
packages=(emscripten cmake ninja-build ccache chromium libglm-dev doctest-dev fonts-dejavu-core
          dpkg-dev libbenchmark-dev clang-format git clang libclang-rt-14-dev
          slurmctld slurmd slurm-client munge parallel
          firefox-esr webkit2gtk-driver xvfb xauth fonttools nlohmann-json3-dev libboost-dev)
command -v node >/dev/null 2>&1 || packages+=(nodejs npm)
missing=()
[ "$mode" = cache-only ] && packages=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  say "installing Debian packages: ${missing[*]} (first time: a few minutes)"
  $sudo_cmd apt-get update -qq
  $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# 2. The cache folder, one per machine ------------------------------------------------------
# A cache that cannot be made or written is no reason to fail: the clone keeps its own
# (.deps/cache-local), which costs the time a shared cache would have saved, and says so.
cache="${BANDADA_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/bandada}"
if ! { mkdir -p "$cache" 2>/dev/null && [ -d "$cache" ] && [ -w "$cache" ] &&
       touch "$cache/.writable" 2>/dev/null; }; then
  say "the cache folder $cache cannot be written: using .deps/cache-local in this clone instead"
  cache="$deps/cache-local"
  mkdir -p "$cache"
fi
cache="$(cd "$cache" && pwd -P)"
mkdir -p "$deps"
link() {  # link TARGET NAME: NAME becomes a link to TARGET (a folder of an older setup is removed)
  [ -L "$2" ] || rm -rf "$2"
  ln -sfn "$1" "$2"
}
link "$cache" "$deps/cache"
mkdir -p "$cache/ccache"
if [ "$mode" = cache-only ]; then say "cache folder: $cache"; exit 0; fi
# The folder's lock serializes the steps below between runs on one machine; ccache locks its own.
exec 8>"$cache/.setup.lock"
flock 8

# seal DIR: lists every file of DIR with its checksum, last, in DIR/MANIFEST (ending "# files N").
seal() {
  local list
  list="$(mktemp)" || return 1
  (cd "$1" && find . -type f ! -name MANIFEST -print0 | LC_ALL=C sort -z | xargs -0r sha256sum) > "$list" &&
    echo "# files $(wc -l < "$list")" >> "$list" && chmod 644 "$list" && mv "$list" "$1/MANIFEST"
}
# sealed DIR: whether DIR holds exactly the files its MANIFEST lists, each with its checksum.
sealed() {
  local dir="$1" n
  [ -f "$dir/MANIFEST" ] || return 1
  n=$(sed -n 's/^# files \([0-9]*\)$/\1/p' "$dir/MANIFEST")
  [ -n "$n" ] && [ "$n" -gt 0 ] || return 1
  [ "$(cd "$dir" && find . -type f ! -name MANIFEST | wc -l)" -eq "$n" ] || return 1
  (cd "$dir" && grep -v '^# files ' MANIFEST | sha256sum --quiet --status -c -) || return 1
}
# usable DIR WHAT: a sealed entry is used; anything else at DIR (half written, truncated, edited)
# is moved aside and removed, with a line saying so, and the caller builds it again.
usable() {
  [ -e "$1" ] || return 1
  sealed "$1" && return 0
  say "the cached $2 at $1 is incomplete or corrupt: removing it and building it again"
  local aside
  aside="$(mktemp -d "$(dirname "$1")/.removed.XXXXXX")"
  mv "$1" "$aside/" && rm -rf "$aside"
  return 1
}
# install_entry TMP DIR: seals TMP and renames it to DIR in one step (a second run that got there
# first keeps its own, which is the same).
install_entry() {
  chmod 755 "$1" && seal "$1" && { mv -T "$1" "$2" 2>/dev/null || rm -rf "$1"; }
}

# 3. Debian source packages for ImGui and SDL2, through a private source list -----------------
src="$cache/debian-src"
rm -rf "$cache"/.debian-src.* "$cache"/.removed.*  # left by a killed fetch (the folder's lock is ours)
if ! usable "$src" "ImGui and SDL2 source packages"; then
  say "fetching Debian source packages imgui and libsdl2"
  tmp="$(mktemp -d "$cache/.debian-src.XXXXXX")"
  apt_dir="$tmp.apt"
  mkdir -p "$apt_dir/lists/partial"
  uri=$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
  [ -n "$uri" ] || uri="http://deb.debian.org/debian"
  echo "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $uri bookworm main" \
    > "$apt_dir/sources.list"
  # The private lists live in our folder, which apt's sandbox user (_apt) may not read: download
  # as ourselves, so apt has nothing to warn about.
  apt_opts=(-o "Dir::Etc::SourceList=$apt_dir/sources.list" -o "Dir::Etc::SourceParts=/dev/null"
            -o "Dir::State::Lists=$apt_dir/lists" -o "APT::Sandbox::User=$(id -un)")
  apt-get "${apt_opts[@]}" update -qq
  (cd "$tmp" && apt-get "${apt_opts[@]}" source -qq imgui libsdl2 >/dev/null 2>&1)
  rm -rf "$apt_dir"
  ls -d "$tmp"/imgui-*/imgui.cpp "$tmp"/libsdl2-*/CMakeLists.txt >/dev/null 2>&1 ||
    { rm -rf "$tmp"; say "fetching the source packages failed"; exit 1; }
  install_entry "$tmp" "$src"
fi
link "$src" "$deps/src"
imgui_dir=$(ls -d "$src"/imgui-*/ | head -n1)
sdl_src=$(ls -d "$src"/libsdl2-*/ | head -n1)
sdl_src="${sdl_src%/}"
ln -sfn "$imgui_dir" "$deps/imgui"

# 4. SDL2 built for wasm once per machine: plain, and with -pthread for the threaded page ------
# Each build is a cache entry named by a key of everything that decides its bytes: this recipe
# (the options below), the source package's version, Emscripten's and its LLVM's versions and the
# flags. A different key builds afresh, never reuses. Most of a build is its configure step: about
# 300 checks, each a small emcc link, one at a time (about 3 minutes); the compile itself takes
# half a minute on 2 cores. The checks give the same answers with -pthread (both builds'
# SDL_config.h are the same bytes), so the plain build configures once, its answers (kept in its
# entry as checks.cmake) seed the threaded build's configure, and the two compiles run side by side.
sdl_opts=(-G Ninja -DCMAKE_BUILD_TYPE=Release -DSDL_SHARED=OFF -DSDL_STATIC=ON -DSDL_TEST=OFF)
# SDL's own switch that leaves out its software blitters and RLE (about 210 KB of the page's wasm,
# measured by function from a --profiling-funcs link): the page draws with WebGL and never blits
# a surface, and a blit that is not built fails with SDL's error, not silently.
sdl_lean="-DSDL_LEAN_AND_MEAN=1"
sdl_entry() {  # sdl_entry FLAGS NAME: the cache entry of the SDL2 wasm build with C flags FLAGS
  local key
  key=$({ echo "recipe 4: ${sdl_opts[*]}, paths mapped, $sdl_lean"; basename "$sdl_src"; emcc --version 2>/dev/null | head -n1
          dpkg-query -W -f '${Package} ${Version}\n' emscripten clang-14 llvm-14 lld-14 binaryen 2>/dev/null
          echo "flags: $1"; } | sha256sum | cut -c1-16)
  echo "$cache/sdl2-wasm/$(basename "$sdl_src" | sed 's/+.*//')-$2-$key"
}
sdl_log() { echo "$deps/sdl2-build$1.log"; }
sdl_configure() {  # sdl_configure TMP SUFFIX FLAGS [SEED]: configures TMP/build, to install in TMP/out
  local tmp="$1" suffix="$2" flags="$3" seed="${4:-}"
  # The folders' paths are mapped to fixed names (an assert's __FILE__ would name them), so the
  # library's bytes do not depend on where the cache or the build folder is.
  flags="$flags $sdl_lean -ffile-prefix-map=$sdl_src=/src/libsdl2 -ffile-prefix-map=$tmp/build=/src/libsdl2-build"
  emcmake cmake -S "$sdl_src" -B "$tmp/build" "${sdl_opts[@]}" ${seed:+-C "$seed"} \
    -DCMAKE_C_FLAGS="$flags" -DCMAKE_INSTALL_PREFIX="$tmp/out" >"$(sdl_log "$suffix")" 2>&1
}
sdl_compile() {  # sdl_compile TMP SUFFIX ENTRY: builds, installs, seals and renames into ENTRY
  local tmp="$1" suffix="$2" entry="$3"
  { cmake --build "$tmp/build" -j2 && cmake --install "$tmp/build"; } >>"$(sdl_log "$suffix")" 2>&1 &&
    install_entry "$tmp/out" "$entry" && rm -rf "$tmp"
}
sdl_failed() { tail -n 40 "$(sdl_log "$1")"; say "SDL2 wasm build$2 failed (full log: $(sdl_log "$1"))"; return 1; }
build_sdl() {  # both builds, each skipped when its sealed entry is there
  local plain mt pid="" ok=1 tmp_plain="" tmp_mt
  plain=$(sdl_entry "" plain)
  mt=$(sdl_entry "-pthread" mt)
  mkdir -p "$cache/sdl2-wasm"
  exec 7>"$cache/sdl2-wasm/.lock"  # one build of SDL2 at a time on this machine
  flock 7
  rm -rf "$cache/sdl2-wasm"/.build.* "$cache/sdl2-wasm"/.removed.*  # left by a killed build: ours now
  local have=1
  usable "$plain" "SDL2 wasm build" || have=0
  usable "$mt" "threaded SDL2 wasm build" || have=0
  if [ $have -eq 0 ]; then
    say "building SDL2 for wasm, plain and threaded, into $cache/sdl2-wasm (first time: 5–8 minutes)"
    local seed="$plain/checks.cmake"
    if [ ! -d "$plain" ]; then
      tmp_plain="$(mktemp -d "$cache/sdl2-wasm/.build.XXXXXX")"
      sdl_configure "$tmp_plain" "" "" || { sdl_failed "" ""; return 1; }
      # The checks' answers: every HAVE_* and libc entry of the cache, as an initial cache, kept
      # in the entry (out/ is renamed into it when the compile below ends).
      mkdir -p "$tmp_plain/out"
      sed -nE 's/^((HAVE_|LIBC_|STDC_HEADERS)[A-Za-z0-9_]*):INTERNAL=(.*)$/set(\1 "\3" CACHE INTERNAL "")/p' \
        "$tmp_plain/build/CMakeCache.txt" > "$tmp_plain/out/checks.cmake"
      seed="$tmp_plain/out/checks.cmake"
    fi
    if [ ! -d "$mt" ]; then  # the seed copied first: the plain build's folder goes when it ends
      tmp_mt="$(mktemp -d "$cache/sdl2-wasm/.build.XXXXXX")"
      cp "$seed" "$tmp_mt/checks.cmake"
      seed="$tmp_mt/checks.cmake"
    fi
    [ -z "$tmp_plain" ] || { sdl_compile "$tmp_plain" "" "$plain" & pid=$!; }
    if [ ! -d "$mt" ]; then
      { sdl_configure "$tmp_mt" "-mt" "-pthread" "$seed" && sdl_compile "$tmp_mt" "-mt" "$mt"; } ||
        { sdl_failed "-mt" " (threaded)"; ok=0; }
    fi
    if [ -n "$pid" ]; then wait "$pid" || { sdl_failed "" ""; ok=0; }; fi
    [ $ok -eq 1 ] && sealed "$plain" && sealed "$mt" || return 1
  fi
  link "$plain" "$deps/sdl2-wasm"
  link "$mt" "$deps/sdl2-wasm-mt"
}
if [ "$mode" = sdl-only ]; then
  flock -u 8
  build_sdl
  exit $?
fi
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
if [ "$mode" = all ]; then build_sdl & pids+=($!); fi

# 5. Header folder for emcc: never /usr/include itself (it drags in the host libc)
mkdir -p "$deps/include"
ln -sfn /usr/include/glm "$deps/include/glm"
ln -sfn /usr/include/doctest "$deps/include/doctest"
ln -sfn /usr/include/nlohmann "$deps/include/nlohmann"  # scenario files (JSON)
ln -sfn /usr/include/boost "$deps/include/boost"        # scenario files (Boost.Geometry)

# 6. npm packages for the browser tests --------------------------------------
if [ ! -d "$root/node_modules/playwright-core" ] || [ ! -d "$root/node_modules/puppeteer-core" ] ||
   [ ! -d "$root/node_modules/selenium-webdriver" ]; then
  say "installing npm packages (playwright-core, puppeteer-core, selenium-webdriver)"
  (cd "$root" && npm ci --silent --no-audit --no-fund --prefer-offline --cache "$cache/npm" >/dev/null)
fi

# The SDL2 builds ran while the steps above did.
sdl_ok=1
for pid in "${pids[@]}"; do wait "$pid" || sdl_ok=0; done
pids=()
[ $sdl_ok -eq 1 ] || exit 1

say "ready"
