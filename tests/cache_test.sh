#!/usr/bin/env bash
# Bandada — the machine's cache folder (scripts/setup.sh, docs/testing.md) costs time when it is
# missing, unwritable or corrupt, never a wrong build or a failed run. In a scratch copy of the
# setup script, with a cache folder of its own:
# - a missing folder is made; one that cannot be written gives way to .deps/cache-local, said;
# - a cached threaded SDL2 build truncated on purpose, beside a half-written build left by a
#   killed run, is found, said, built again byte for byte as the machine's cache has it, by two
#   setups at once (one builds, the other waits for it and reuses it), and the plain build is kept.
# Usage: tests/cache_test.sh   (after scripts/setup.sh has built SDL2 for wasm into the cache)
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source "$root/tests/check.sh"
real="$(readlink -f "$root/.deps/cache")"
plain="$(readlink -f "$root/.deps/sdl2-wasm")"
mt="$(readlink -f "$root/.deps/sdl2-wasm-mt")"
[ -f "$plain/MANIFEST" ] && [ -f "$mt/MANIFEST" ] ||
  { echo "FAIL: no sealed SDL2 builds in the cache (run scripts/setup.sh first)"; exit 1; }

clone="$work/clone"
mkdir -p "$clone/scripts"
cp "$root/scripts/setup.sh" "$clone/scripts/"

# A missing folder is made, with its parts.
BANDADA_CACHE="$work/new/cache" bash "$clone/scripts/setup.sh" --cache-only >"$work/new.out" 2>&1
check "a missing cache folder is made and linked as .deps/cache" \
  '[ -d "$work/new/cache/ccache" ] && [ "$(readlink -f "$clone/.deps/cache")" = "$work/new/cache" ]'
# A folder that cannot be written (here: under a file) gives way to one in the clone, said.
touch "$work/file"
BANDADA_CACHE="$work/file/cache" bash "$clone/scripts/setup.sh" --cache-only >"$work/bad.out" 2>&1
rc=$?
check "an unwritable cache folder: setup goes on with .deps/cache-local and says so" \
  '[ $rc -eq 0 ] && grep -q "cannot be written" "$work/bad.out" &&
   [ "$(readlink -f "$clone/.deps/cache")" = "$clone/.deps/cache-local" ]'

# The cached builds, copied (the source packages linked: they are only read), then damaged.
cache="$work/cache"
mkdir -p "$cache/sdl2-wasm"
cp -al "$real/debian-src" "$cache/debian-src"
cp -a "$plain" "$mt" "$cache/sdl2-wasm/"
mkdir -p "$cache/sdl2-wasm/.build.killed/build" && echo "half" > "$cache/sdl2-wasm/.build.killed/build/x.o"
lib="$cache/sdl2-wasm/$(basename "$mt")/lib/libSDL2.a"
truncate -s 1000 "$lib"
plain_before=$(stat -c %Y "$cache/sdl2-wasm/$(basename "$plain")/MANIFEST")
BANDADA_CACHE="$cache" bash "$clone/scripts/setup.sh" --sdl-only >"$work/one.out" 2>&1 &
one=$!
sleep 1
BANDADA_CACHE="$cache" bash "$clone/scripts/setup.sh" --sdl-only >"$work/two.out" 2>&1 &
two=$!
wait $one; rc1=$?
wait $two; rc2=$?
check "both setups at once exit 0" '[ $rc1 -eq 0 ] && [ $rc2 -eq 0 ]'
check "the truncated build is found and said to be rebuilt, once" \
  '[ "$(cat "$work/one.out" "$work/two.out" | grep -c "threaded SDL2 wasm build .* is incomplete or corrupt")" -eq 1 ]'
check "the rebuilt library is the machine cache's, byte for byte" 'cmp -s "$lib" "$mt/lib/libSDL2.a"'
check "the rebuilt entry is sealed again and the clone links it" \
  '[ "$(readlink -f "$clone/.deps/sdl2-wasm-mt")" = "$cache/sdl2-wasm/$(basename "$mt")" ] &&
   grep -q "^# files " "$cache/sdl2-wasm/$(basename "$mt")/MANIFEST"'
check "the plain build, intact, is kept as it was" \
  '[ "$(stat -c %Y "$cache/sdl2-wasm/$(basename "$plain")/MANIFEST")" = "$plain_before" ]'
check "the half-written build of a killed run is gone" '[ ! -e "$cache/sdl2-wasm/.build.killed" ]'
if [ $fails -gt 0 ]; then
  for f in one two; do echo "--- setup $f:"; tail -n 15 "$work/$f.out"; done
fi
check_summary
