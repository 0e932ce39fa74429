// Bandada — a small static file server for build/web (run.sh and the browser tests).
// Usage: node scripts/serve.mjs [dir] [port] [host] [--plain | --no-isolation]. Serves .wasm as
// application/wasm, and by default with the two headers that make the page cross-origin
// isolated (COOP same-origin, COEP require-corp), so the page loads its threaded build. --plain
// serves like a plain static host (no headers): the page's service worker, isolate.js, adds them
// and the page reloads once into its threaded build. --no-isolation is a host with neither (it
// answers isolate.js with 204 No Content): the page falls back to one thread.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm', '.svg': 'image/svg+xml', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json', '.png': 'image/png', '.txt': 'text/plain; charset=utf-8',
};

/// For tests in engines whose driver cannot read the console (WebKitWebDriver): the page records
/// console errors, uncaught errors and rejections in window.bandadaConsole, before its own scripts.
const RECORDER = '<script>window.bandadaConsole = []; (() => { const log = console.error.bind(console); ' +
  'const keep = (m) => window.bandadaConsole.push(String(m)); ' +
  'console.error = (...a) => { keep(a.join(\' \')); log(...a); }; ' +
  'addEventListener(\'error\', (e) => keep(e.message || e)); ' +
  'addEventListener(\'unhandledrejection\', (e) => keep(\'unhandled rejection: \' + e.reason)); })();</script>';

export function serve(dir, port = 8080, host = '127.0.0.1', {isolated = true, shim = false, record = false} = {}) {
  const root = path.resolve(dir);
  const server = http.createServer((req, res) => {
    let rel;
    try {
      rel = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    } catch {
      res.writeHead(400).end('bad request');
      return;
    }
    let file = path.join(root, rel);
    if (!file.startsWith(root)) {
      res.writeHead(403).end('forbidden');
      return;
    }
    if (rel.endsWith('/')) file = path.join(file, 'index.html');
    if (!isolated && !shim && rel.endsWith('/isolate.js')) {
      res.writeHead(204, {'cache-control': 'no-cache'}).end();
      return;
    }
    // A precompressed copy (scripts/precompress.mjs) when the browser accepts it, as a static
    // host set to serve them would; never for the recorder's rewritten HTML.
    const accepts = String(req.headers['accept-encoding'] || '');
    let encoding = '';
    if (!(record && path.extname(file) === '.html')) {
      for (const [word, ext] of [['br', '.br'], ['gzip', '.gz']])
        if (!encoding && new RegExp(`\\b${word}\\b`).test(accepts) && fs.existsSync(file + ext) &&
            fs.statSync(file + ext).mtimeMs >= (fs.existsSync(file) ? fs.statSync(file).mtimeMs : Infinity))
          encoding = word;
    }
    fs.readFile(encoding ? file + (encoding === 'br' ? '.br' : '.gz') : file, (err, data) => {
      if (err) {
        res.writeHead(404, {'content-type': 'text/plain'}).end('not found');
        return;
      }
      const headers = {'content-type': TYPES[path.extname(file)] || 'application/octet-stream', 'cache-control': 'no-cache',
                       'vary': 'accept-encoding'};
      if (encoding) headers['content-encoding'] = encoding;
      if (isolated) {
        headers['cross-origin-opener-policy'] = 'same-origin';
        headers['cross-origin-embedder-policy'] = 'require-corp';
      }
      res.writeHead(200, headers);
      if (record && path.extname(file) === '.html') data = String(data).replace('<head>', '<head>' + RECORDER);
      res.end(data);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => a.startsWith('--') && a !== '--plain' && a !== '--no-isolation');
  if (unknown.length) {
    console.error(`serve: unknown option ${unknown[0]} (options: --plain, --no-isolation)`);
    process.exit(2);
  }
  const shim = args.includes('--plain');
  const isolated = !shim && !args.includes('--no-isolation');
  const [dir = 'build/web', port = '8080', host = '127.0.0.1'] = args.filter((a) => !a.startsWith('--'));
  serve(dir, Number(port), host, {isolated, shim}).then((s) => {
    const {port: p} = s.address();
    console.log(`Bandada is served at http://${host}:${p}/  (Ctrl-C stops it)` +
                (isolated ? '' : shim ? '\n(without the isolation headers: the page adds them with its service worker)'
                                      : '\n(without the isolation headers: the page runs on one thread)'));
  }, (e) => {
    console.error(`serve: cannot listen on ${host}:${port}: ${e.message}`);
    process.exit(1);
  });
}
