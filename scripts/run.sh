#!/usr/bin/env bash
# Bandada — sets up what is missing, builds the web app in release mode into build/web/
# (a static folder: index.html, bandada.js, bandada.wasm, assets/), serves it on
# http://127.0.0.1:8080/ and prints the URL. PORT=9000 scripts/run.sh picks another port.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
export NODE_PATH=/usr/share/nodejs
bash scripts/setup.sh
echo "run: building the web app (release)…"
cmake --preset wasm >/dev/null
cmake --build --preset web
exec node scripts/serve.mjs build/web "${PORT:-8080}" 127.0.0.1
