#!/usr/bin/env bash
# Bandada — the page's start as an outside auditor sees it: Lighthouse 12.2.3 on Debian's Chromium
# with its default mobile throttling (software WebGL, as on a machine without a GPU), the page
# served from build/web by scripts/serve.mjs. Prints the four scores, the total blocking time and
# the long tasks, each goal with met or missed (performance at least 90, the others 100).
#
#   scripts/lighthouse.sh [--keep FILE.json]
#
# Needs the page built (scripts/run.sh or scripts/test.sh make it). Lighthouse is installed from
# npm into the machine's cache folder (scripts/setup.sh --cache-only) the first time.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
keep=""
[ "${1:-}" = "--keep" ] && keep="${2:?--keep needs a file}"
[ -f build/web/index.html ] || { echo "lighthouse: build/web has no page; build it first (scripts/run.sh)"; exit 2; }
chrome=$(command -v chromium || true)
[ -n "$chrome" ] || { echo "lighthouse: needs Debian's chromium (scripts/setup.sh installs it)"; exit 2; }
cache=$(scripts/setup.sh --cache-only | tail -n1 | sed "s/^setup: cache folder: //")
tool="$cache/lighthouse-12.2.3"
if [ ! -x "$tool/node_modules/.bin/lighthouse" ]; then
  echo "installing lighthouse 12.2.3 from npm into $tool" >&2
  mkdir -p "$tool"
  (cd "$tool" && npm i -E --silent --no-audit --no-fund --cache "$cache/npm" lighthouse@12.2.3 >/dev/null)
fi
out=$(mktemp -d)
port=$((20000 + RANDOM % 20000))
node scripts/serve.mjs build/web "$port" 127.0.0.1 >"$out/serve.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; rm -rf "$out"' EXIT
for _ in $(seq 50); do grep -q . "$out/serve.log" && break; sleep 0.1; done
CHROME_PATH="$chrome" "$tool/node_modules/.bin/lighthouse" "http://127.0.0.1:$port/" --quiet \
  --output=json --output-path="$out/report.json" \
  --chrome-flags="--headless --no-sandbox --disable-gpu --use-angle=swiftshader --enable-unsafe-swiftshader --disable-background-networking"
[ -z "$keep" ] || cp "$out/report.json" "$keep"
node - "$out/report.json" <<'EOF'
const r = JSON.parse(require('fs').readFileSync(process.argv[2], 'utf8'));
const a = r.audits, c = r.categories;
console.log(`lighthouse ${r.lighthouseVersion}, ${r.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] || ''}, ${new Date(r.fetchTime).toISOString().slice(0, 10)}`);
for (const k of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'interactive', 'total-byte-weight'])
  console.log(`  ${a[k].title}: ${a[k].displayValue}`);
const tasks = (a['long-tasks'].details?.items || []).map((t) => Math.round(t.duration));
console.log(`  long tasks: ${tasks.length}${tasks.length ? ` (${tasks.join(', ')} ms, simulated)` : ''}`);
const goals = [['performance', 90], ['accessibility', 100], ['best-practices', 100], ['seo', 100]];
for (const [k, t] of goals) {
  const s = Math.round(c[k].score * 100);
  console.log(`goal: lighthouse ${c[k].title.padEnd(44)} ${s} (target >= ${t}): ${s >= t ? 'met' : 'missed'}`);
}
EOF
