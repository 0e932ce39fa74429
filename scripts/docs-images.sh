#!/usr/bin/env bash
# Bandada — the pictures under docs/images/, made by the app itself in headless Chromium. The
# test run never writes here (it writes test-output/); run this when the look changes.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
export NODE_PATH=/usr/share/nodejs
bash scripts/setup.sh >/dev/null
cmake --preset wasm >/dev/null && cmake --build --preset web >/dev/null
node scripts/docs-images.mjs   # DOCS_IMAGES_ONLY=desktop: the desktop picture alone
