#!/usr/bin/env bash
# Bandada — code that must not compile, and the words it must fail with: a live controller missing
# a hook is named by LiveController's check (core/app/live_controller.h).
set -uo pipefail
cd "$(dirname "$0")/.."
out=$(g++ -std=c++17 -fsyntax-only -Icore tests/compile_fail/live_missing_hook.cpp 2>&1)
rc=$?
if [ $rc -eq 0 ]; then echo "live_missing_hook.cpp compiled: the hooks are not checked"; exit 1; fi
if ! grep -q "a live controller needs revalidate()" <<<"$out"; then
  echo "live_missing_hook.cpp failed, but without naming the missing hook:"; echo "$out" | head -20; exit 1
fi
# and with the hook given, the same controller compiles: nothing else in the file is wrong
sed 's/  void apply_live() {}/  void apply_live() {}\n  void revalidate() {}/' tests/compile_fail/live_missing_hook.cpp |
  g++ -std=c++17 -fsyntax-only -Icore -Itests/compile_fail -x c++ - || { echo "the controller with every hook does not compile"; exit 1; }
echo "a live controller missing revalidate() fails to compile, and says so; with it, it compiles"
