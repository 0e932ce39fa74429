// Bandada — shared setup for the browser tests: Debian's Chromium driven by playwright-core,
// the built static folder served on an ephemeral loopback port, and small readers of the app.
import {chromium} from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {serve} from '../../scripts/serve.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '../..');
export const webDir = path.join(root, 'build/web');
export const outDir = path.join(root, 'test-output');
export const nativeCli = path.join(root, 'build/native/bandada-cli');

// Flags verified on this machine (shared/toolchain.md): no network chatter, SwiftShader WebGL2.
export const chromiumArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--use-angle=swiftshader', '--enable-unsafe-swiftshader'];

export async function launch({extraArgs = [], ignoreDefaultArgs} = {}) {
  return chromium.launch({executablePath: '/usr/bin/chromium', args: [...chromiumArgs, ...extraArgs],
                          ignoreDefaultArgs});
}

export async function startServer() {
  if (!fs.existsSync(path.join(webDir, 'bandada.wasm'))) throw new Error('build/web is missing: build the wasm preset first');
  const server = await serve(webDir, 0, '127.0.0.1');
  return {server, url: `http://127.0.0.1:${server.address().port}/`};
}

/// Opens a page that records console errors and uncaught exceptions in `errors`.
export async function openPage(context, url, errors = []) {
  const page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  if (url) await gotoReady(page, url);
  return page;
}

export async function gotoReady(page, url) {
  await page.goto(url);
  await page.waitForFunction(() => window.bandadaReady === true, null, {timeout: 30000});
}

export async function appState(page) {
  return JSON.parse(await page.evaluate(() => window.Module.appState()));
}

export async function uiRects(page) {
  return JSON.parse(await page.evaluate(() => window.Module.uiRects()));
}

/// Clicks the centre of a named ImGui widget (its rect comes from the app's test hook).
export async function clickWidget(page, name) {
  const r = (await uiRects(page)).widgets[name];
  if (!r) throw new Error(`no widget named ${name}`);
  await page.mouse.click(r[0] + r[2] / 2, r[1] + r[3] / 2 + 44);  // the canvas sits under a 44 px header
}

/// Waits until a predicate over the app state holds, or fails with the last state.
export async function waitState(page, pred, timeout = 20000) {
  const t0 = Date.now();
  let s;
  while (Date.now() - t0 < timeout) {
    s = await appState(page);
    if (pred(s)) return s;
    await page.waitForTimeout(50);
  }
  throw new Error('state never matched; last: ' + JSON.stringify(s).slice(0, 600));
}

export function screenshotPath(name) {
  fs.mkdirSync(outDir, {recursive: true});
  return path.join(outDir, name);
}
