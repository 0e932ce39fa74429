// Bandada — shared setup for the browser tests: Debian's Chromium driven by playwright-core,
// the built static folder served on an ephemeral loopback port, and small readers of the app.
import {test as nodeTest, before, after, afterEach} from 'node:test';
import assert from 'node:assert/strict';
import {chromium} from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {serve} from '../../scripts/serve.mjs';
import {imagePixelsSource} from './image_pixels.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '../..');
export const webDir = path.join(root, 'build/web');
export const outDir = path.join(root, 'test-output');
export const nativeCli = path.join(root, 'build/native/bandada-cli');

// Flags verified on this machine: no network chatter, SwiftShader WebGL2.
export const chromiumArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--use-angle=swiftshader', '--enable-unsafe-swiftshader'];

/// ImGui asserts the page reported (web/imgui_config.h), in any page of any browser launched here:
/// every test fails on one, whatever it checks itself.
const imguiAsserts = [];
afterEach(() => assert.deepEqual(imguiAsserts.splice(0), [], 'ImGui asserts reported by the page'));

function watchAsserts(target) {
  target.on('console', (m) => { if (m.text().startsWith('ImGui assert failed')) imguiAsserts.push(m.text()); });
}

export async function launch({extraArgs = [], ignoreDefaultArgs} = {}) {
  const browser = await chromium.launch({executablePath: '/usr/bin/chromium',
                                         args: [...chromiumArgs, ...extraArgs], ignoreDefaultArgs});
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    watchAsserts(context);
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (...args) => {
    const page = await newPage(...args);
    watchAsserts(page);
    return page;
  };
  return browser;
}

/// One server and one browser per test file: `const suite = useSuite();`, then suite.url and
/// suite.browser inside the tests.
export function useSuite(launchOptions = {}) {
  const suite = {};
  before(async () => {
    ({server: suite.server, url: suite.url} = await startServer());
    suite.browser = await launch(launchOptions);
  });
  after(async () => {
    await suite.browser?.close();
    suite.server?.close();
  });
  return suite;
}

/// node:test's test(), for the two passes of scripts/test.sh: the whole suite runs against the
/// threaded page; against the single-thread fallback (BANDADA_ISOLATED=0) only the tests marked
/// threadsMatter(why) run, those whose checks can come out differently there (the steps on the
/// page's threads or in its step worker, workers and the service worker, the isolation headers).
/// BANDADA_ALL=1 runs every test against whichever page is served.
export function test(name, options, fn) {
  if (typeof options === 'function') [options, fn] = [{}, options];
  const single = process.env.BANDADA_ISOLATED === '0' && process.env.BANDADA_ALL !== '1';
  if (single && !options.threadsMatter && !options.skip)
    options = {...options, skip: 'does not depend on threads or the isolation headers: the threaded pass runs it'};
  return nodeTest(name, options, fn);
}

/// Test options that keep a test in the single-thread pass too; `why` says what differs there.
export const threadsMatter = (why) => ({threadsMatter: why});

/// Serves build/web, cross-origin isolated (the threaded page) unless told, or unless
/// BANDADA_ISOLATED=0 asks the whole suite to run against the single-thread fallback (a host
/// without the headers and without the page's service worker; `shim` serves the worker).
export async function startServer({isolated = process.env.BANDADA_ISOLATED !== '0', shim = false} = {}) {
  if (!fs.existsSync(path.join(webDir, 'bandada.wasm'))) throw new Error('build/web is missing: build the wasm preset first');
  const server = await serve(webDir, 0, '127.0.0.1', {isolated, shim});
  return {server, url: `http://127.0.0.1:${server.address().port}/`};
}

/// A new context (1400 × 860 unless told) with the app open and ready; `errors` collects console
/// errors and uncaught exceptions.
export async function freshPage(browser, url, contextOptions = {}, errors = []) {
  const context = await browser.newContext({viewport: {width: 1400, height: 860}, ...contextOptions});
  const page = await openPage(context, url, errors);
  return {context, page, errors};
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

/// Waits until the app has drawn `n` more frames (its main loop runs on requestAnimationFrame),
/// so an input has been processed whatever the machine's load.
export async function nextFrames(page, n = 2) {
  await page.evaluate((k) => new Promise((resolve) => {
    const tick = (left) => (left === 0 ? resolve() : requestAnimationFrame(() => tick(left - 1)));
    tick(k);
  }), n);
}

/// Canvas-relative CSS pixels to page coordinates.
export async function canvasPoint(page, x, y) {
  const c = await page.evaluate(() => { const r = document.getElementById('canvas').getBoundingClientRect(); return [r.left, r.top]; });
  return [c[0] + x, c[1] + y];
}

/// Clicks the centre of a named ImGui widget (its rect comes from the app's test hook).
export async function clickWidget(page, name) {
  const r = (await uiRects(page)).widgets[name];
  if (!r) throw new Error(`no widget named ${name}`);
  const [x, y] = await canvasPoint(page, r[0] + r[2] / 2, r[1] + r[3] / 2);
  await page.mouse.click(x, y);
  await nextFrames(page, 3);  // ImGui acts on a click over two frames
}

/// Replaces a field's text by typing, as a user would: click, select all, type.
export async function typeField(page, key, text) {
  await clickWidget(page, 'field:' + key);
  await page.keyboard.press('Control+A', {delay: 40});  // held like a person holds it
  await page.keyboard.press('Backspace', {delay: 40});
  if (text) await page.keyboard.type(text, {delay: 15});
  await nextFrames(page, 2);
}

/// A key pressed and released between two frames, as a quick tap while frames are slow: both
/// events reach the canvas (where SDL listens) in one task, so no frame runs between them.
export async function tapInOneFrame(page, code, keyCode) {
  await page.evaluate(([c, k]) => {
    const canvas = document.getElementById('canvas');
    for (const type of ['keydown', 'keyup'])
      canvas.dispatchEvent(new KeyboardEvent(type, {code: c, key: c, keyCode: k, which: k, bubbles: true, cancelable: true}));
  }, [code, keyCode]);
}

/// Modifier keys as the canvas gets them: DOM code, keyCode and the event flag they set.
export const MODIFIERS = {Control: ['ControlLeft', 17, 'ctrlKey'], Shift: ['ShiftLeft', 16, 'shiftKey']};

/// A chord that ends between two frames, as when frames are slow: the modifier goes down, then
/// `inside` runs (it returns the events to send meanwhile, as [type, init] pairs for the canvas,
/// the modifier's flag set in each), then the modifier goes up, all in one task.
export async function chordInOneFrame(page, modifier, inside) {
  await page.evaluate(([[mc, mk, flag], events]) => {
    const canvas = document.getElementById('canvas');
    const send = (type, init, Kind) => canvas.dispatchEvent(new Kind(type, {bubbles: true, cancelable: true, ...init}));
    send('keydown', {code: mc, key: mc, keyCode: mk, which: mk, [flag]: true}, KeyboardEvent);
    for (const [type, init] of events)
      send(type, {...init, [flag]: true}, type.startsWith('key') ? KeyboardEvent : MouseEvent);
    send('keyup', {code: mc, key: mc, keyCode: mk, which: mk}, KeyboardEvent);
  }, [MODIFIERS[modifier], inside]);
}

/// Clicks the 3-D view away from any boid, leaving text fields (so shortcuts work). ImGui
/// says a field has let go of the keyboard two frames after the click (io.WantTextInput is
/// set at a frame's start, from the frame before), and keys are read before that: 3 frames.
export async function focusView(page) {
  const v = (await appState(page)).view;
  const [x, y] = await canvasPoint(page, v[0] + 6, v[1] + v[3] - 6);
  await page.mouse.click(x, y);
  await nextFrames(page, 3);
}

/// Waits until a predicate over what read() returns holds, or fails with the last reading.
export async function waitFor(read, pred, timeout = 20000, what = 'state') {
  const t0 = Date.now();
  let s;
  while (Date.now() - t0 < timeout) {
    s = await read();
    if (pred(s)) return s;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what} never matched; last: ` + JSON.stringify(s).slice(-900));
}

/// Waits until a predicate over the app state holds, or fails with the last state.
export function waitState(page, pred, timeout = 20000) {
  return waitFor(() => appState(page), pred, timeout);
}

export function screenshotPath(name) {
  const file = path.join(outDir, name);
  fs.mkdirSync(path.dirname(file), {recursive: true});
  return file;
}

/// A picture of the page for a person to look at (test-output/NAME), taken only with
/// BANDADA_PICTURES=1: nothing asserts on it, and in a software renderer each costs up to 3 s (30 s
/// of the phone layout test's 50, 8 December). Pixels a test checks come from regionPixels.
export async function keepPicture(page, name, options = {}) {
  if (process.env.BANDADA_PICTURES !== '1') return;
  await page.screenshot({...options, path: screenshotPath(name)});
}

/// The RGBA pixels of a region of the page, as a screenshot sees them (decoded in the page).
export async function regionPixels(page, rect) {
  const [x, y] = await canvasPoint(page, rect[0], rect[1]);
  const png = await page.screenshot({clip: {x, y, width: rect[2], height: rect[3]}});
  return page.evaluate(async ([source, b64]) => {
    const {width, height, data} = await (0, eval)(source)('data:image/png;base64,' + b64);
    return {width, height, data: Array.from(data)};
  }, [imagePixelsSource, png.toString('base64')]);
}

/// Runs `act` (an open, a drop, a reload of a file) and waits for the page to say a state arrived
/// (its state_events count moves), two frames more, then returns the app's state.
export async function openVia(page, act) {
  const events = (await appState(page)).state_events;
  await act();
  await page.waitForFunction((n) => JSON.parse(Module.appState()).state_events > n, events, {timeout: 15000});
  await nextFrames(page, 2);
  return appState(page);
}
