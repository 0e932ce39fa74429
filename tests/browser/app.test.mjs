// Bandada — browser tests of the WebGL2 app: start-up, the controls through the real UI, the
// same bits as the CLI, selection, keyboard, wheel routing, hidden pages and the 250 ms cap.
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {test, threadsMatter, useSuite, launch, openPage, appState, uiRects, clickWidget, typeField, focusView, waitState,
        canvasPoint, nativeCli, freshPage, keepPicture} from './helpers.mjs';

const suite = useSuite();

const fresh = (errors = []) => freshPage(suite.browser, suite.url, {}, errors);

test('the page starts the app with WebGL2 and no console errors', threadsMatter('the start differs: threaded build or the step worker'), async () => {
  const errors = [];
  const {context, page} = await fresh(errors);
  const s = await appState(page);
  assert.equal(s.status, 'no flock');
  assert.deepEqual(s.errors, ['', '', '', '', '', '', '']);
  assert.equal(await page.locator('#notice').isVisible(), false);
  const text = await page.locator('body').innerText();
  assert.ok(!/Exception thrown/.test(text), 'no stock emscripten text');
  assert.match(text, /Craig Reynolds/);
  // What a search result or a shared link's preview shows under the title: one sentence that names
  // the page's models (an outside auditor, Lighthouse, counts a page without one against it).
  const description = await page.locator('meta[name="description"]').getAttribute('content');
  assert.match(description, /^Bandada is a laboratory of collective motion in the browser: .*crowd evacuation.*particle swarm/);
  assert.ok(description.length >= 70 && description.length <= 320, `${description.length} characters`);
  await keepPicture(page, 'start.png');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Initialize and Step through the real UI give the CLI state bit for bit', threadsMatter('steps run on threads or in the step worker'), async () => {
  const {context, page} = await fresh();
  await typeField(page, 'n', '150');
  await typeField(page, 'r', '1,3');
  await clickWidget(page, 'Initialize');
  await waitState(page, (s) => s.status === 'paused' && s.steps === 0);
  await clickWidget(page, 'Step');
  await focusView(page);
  for (let i = 0; i < 4; ++i) await page.keyboard.press('s');
  const s = await waitState(page, (st) => st.steps === 5);
  const app = await page.evaluate(() => Module.stateJson());
  const cli = execFileSync(nativeCli, ['--count', '150', '--radius', '1,3', '--steps', '5'], {encoding: 'utf8'});
  assert.equal(app, cli);
  assert.equal(s.fingerprint, JSON.parse(cli).fingerprint);
  await context.close();
});

test('Run advances in real time, Pause stops, Reset removes the flock and keeps the inputs', threadsMatter('Run and Pause drive threads or the step worker'), async () => {
  const {context, page} = await fresh();
  await clickWidget(page, 'Initialize');
  await clickWidget(page, 'Run');
  const running = await waitState(page, (s) => s.status === 'running' && s.steps >= 5);
  assert.ok(running.series_length >= 6);
  await clickWidget(page, 'Pause');
  const paused = await appState(page);
  await page.waitForTimeout(400);
  assert.equal((await appState(page)).steps, paused.steps);
  await keepPicture(page, 'running-flock.png');
  await clickWidget(page, 'Reset');
  const reset = await appState(page);
  assert.equal(reset.status, 'no flock');
  assert.deepEqual(reset.texts, paused.texts);
  await context.close();
});

test('clicking a table row selects that boid; clicking a boid in the view selects it', async () => {
  const {context, page} = await fresh();
  await clickWidget(page, 'Initialize');
  await waitState(page, (s) => s.status === 'paused');
  await page.waitForTimeout(100);
  const row = (await uiRects(page)).rows.find((r) => r[0] === 3);
  assert.ok(row, 'row 3 is visible');
  const [x, y] = await canvasPoint(page, row[1] + 10, row[2] + row[4] / 2);
  await page.mouse.click(x, y);
  await waitState(page, (s) => s.selection === 3);
  // A boid projected on screen: ask the app where boid 0 is, by selecting nearest to points.
  await page.evaluate(() => Module.command('clear_selection'));
  const v = (await appState(page)).view;
  const [cx, cy] = await canvasPoint(page, v[0] + v[2] / 2, v[1] + v[3] / 2);
  await page.mouse.click(cx, cy);
  const s = await appState(page);
  assert.notEqual(s.selection, null, 'a click at the crowded centre selects the nearest boid');
  await context.close();
});

test('an edit discards the flock and Ctrl+Z outside the fields brings text and flock back', async () => {
  const {context, page} = await fresh();
  await clickWidget(page, 'Initialize');
  await clickWidget(page, 'Step');
  const before = await waitState(page, (s) => s.steps === 1);
  await typeField(page, 'coh', '0.5');
  const stale = await appState(page);
  assert.equal(stale.status, 'parameters changed');
  assert.equal(stale.steps, 0);
  assert.equal(stale.can_undo, true);
  await focusView(page);
  await page.keyboard.press('Control+z');
  const back = await waitState(page, (s) => s.status === 'paused');
  assert.equal(back.fingerprint, before.fingerprint);
  assert.equal(back.texts[4], before.texts[4]);
  await context.close();
});

test('shortcuts do not fire while a field is being edited', async () => {
  const {context, page} = await fresh();
  await clickWidget(page, 'Initialize');
  await typeField(page, 'seed', '12 s');
  const s = await appState(page);
  assert.equal(s.texts[6], '12 s');
  assert.notEqual(s.status, 'running');
  assert.match(s.errors[6], /whole number/);
  await focusView(page);
  await clickWidget(page, 'field:seed');
  await page.keyboard.press('Control+A', {delay: 40});
  await page.keyboard.type('3');
  await clickWidget(page, 'Initialize');
  await focusView(page);
  await page.keyboard.press(' ');
  await waitState(page, (st) => st.status === 'running');
  await context.close();
});

test('a plain wheel over the view scrolls the page; Ctrl+wheel zooms and leaves the scroll alone', async () => {
  const {context, page} = await fresh();
  const v = (await appState(page)).view;
  const [x, y] = await canvasPoint(page, v[0] + v[2] / 2, v[1] + v[3] / 2);
  await page.mouse.move(x, y);
  const d0 = (await appState(page)).camera_distance;
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, 240);
  await page.keyboard.up('Control');
  await page.waitForTimeout(200);
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  const d1 = (await appState(page)).camera_distance;
  assert.ok(d1 > d0, `zoomed out: ${d0} -> ${d1}`);
  await page.mouse.wheel(0, 240);
  await page.waitForFunction(() => window.scrollY > 0);
  assert.equal((await appState(page)).camera_distance, d1);
  // Over the panels the wheel is the panel's: the page does not scroll.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(100);
  const [px, py] = await canvasPoint(page, 100, 300);
  await page.mouse.move(px, py);
  await page.mouse.wheel(0, 240);
  await page.waitForTimeout(200);
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  await context.close();
});

test('a hidden page pauses and does not resume by itself', threadsMatter('the step worker computes steps ahead'), async () => {
  const {context, page} = await fresh();
  await page.evaluate(() => { Module.command('initialize'); Module.selectGlyph(2); Module.command('run'); });
  await waitState(page, (s) => s.status === 'running' && s.steps > 0);
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});
    document.dispatchEvent(new Event('visibilitychange'));
  });
  const hidden = await appState(page);
  assert.equal(hidden.status, 'paused');
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', {value: 'visible', configurable: true});
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await page.waitForTimeout(400);
  const later = await appState(page);
  assert.equal(later.status, 'paused');
  assert.equal(later.steps, hidden.steps);
  assert.equal(later.selection, 2);
  await context.close();
});

test('a 5 s frame gap advances at most 6 steps (the 250 ms cap)', threadsMatter('the step worker computes steps ahead'), async () => {
  const context = await suite.browser.newContext({viewport: {width: 1200, height: 800}});
  const page = await context.newPage();
  await page.clock.install();
  await page.goto(suite.url);
  await page.waitForFunction(() => window.bandadaReady === true, null, {timeout: 30000});
  await page.evaluate(() => { Module.command('initialize'); Module.command('run'); });
  await waitState(page, (s) => s.steps >= 2);
  await page.clock.pauseAt(Date.now() + 1000);
  await page.waitForTimeout(200);
  const before = await appState(page);
  await page.clock.fastForward(5000);
  await page.waitForTimeout(300);
  const after = await appState(page);
  assert.ok(after.steps - before.steps >= 1, 'the gap frame ran');
  assert.ok(after.steps - before.steps <= 6, `ran ${after.steps - before.steps} steps for a 5 s gap`);
  await context.close();
});

test('the exports download the CLI\'s CSV and JSON and the per-step time series', async () => {
  const {context, page} = await fresh();
  await page.evaluate(() => { Module.setField(0, '30'); Module.command('initialize'); });
  for (let i = 0; i < 3; ++i) await clickWidget(page, 'Step');
  await waitState(page, (s) => s.steps === 3);
  const read = async (button) => {
    const [download] = await Promise.all([page.waitForEvent('download'), clickWidget(page, button)]);
    const chunks = [];
    for await (const c of await download.createReadStream()) chunks.push(c);
    return [download.suggestedFilename(), Buffer.concat(chunks).toString('utf8')];
  };
  const [csvName, csv] = await read('Table CSV');
  assert.equal(csvName, 'bandada-boids3d-table.csv');
  assert.equal(csv, execFileSync(nativeCli, ['--count', '30', '--steps', '3', '--format', 'csv'], {encoding: 'utf8'}));
  const [, json] = await read('State JSON');
  assert.equal(json, execFileSync(nativeCli, ['--count', '30', '--steps', '3'], {encoding: 'utf8'}));
  const [, series] = await read('Series CSV');
  const lines = series.trim().split('\n');
  assert.equal(lines[0], 'step,time,mean_speed,order');
  assert.deepEqual(lines.slice(1).map((l) => l.split(',')[0]), ['0', '1', '2', '3']);
  assert.equal(Number(lines[4].split(',')[2]), JSON.parse(json).mean_speed);
  await context.close();
});

test('a huge flock never freezes the page: its start is sliced with progress and Reset answers at once', threadsMatter('a long start runs on threads or in the step worker'), async () => {
  const {context, page} = await fresh();
  await page.evaluate(() => { Module.setField(0, '100000'); Module.setField(1, '10'); Module.command('initialize'); });
  // Every boid is everyone's neighbour: the start alone is 10^10 pair tests, computed in slices.
  const busy = await waitState(page, (s) => s.busy);
  assert.equal(busy.n, 0, 'nothing is shown before the start is computed');
  const t0 = Date.now();
  await page.evaluate(() => window.scrollTo(0, 0));  // the page still answers
  await clickWidget(page, 'Reset');
  const s = await appState(page);
  assert.equal(s.status, 'no flock');
  assert.equal(s.busy, false);
  assert.ok(Date.now() - t0 < 3000, 'Reset answered within a few frames');
  await context.close();
});

test('on a touch screen a one-finger drag orbits the view', async () => {
  const context = await suite.browser.newContext({viewport: {width: 1400, height: 860}, hasTouch: true});
  const page = await openPage(context, suite.url);
  const v = (await appState(page)).view;
  const [x, y] = await canvasPoint(page, v[0] + v[2] / 2, v[1] + v[3] / 2);
  const cdp = await context.newCDPSession(page);
  const touch = (type, px) => cdp.send('Input.dispatchTouchEvent', {type, touchPoints: px === null ? [] : [{x: px, y}]});
  const before = await page.screenshot({clip: {x: x - 200, y: y - 200, width: 400, height: 400}});
  await touch('touchStart', x);
  for (let i = 1; i <= 10; ++i) { await touch('touchMove', x + i * 12); await page.waitForTimeout(20); }
  await touch('touchEnd', null);
  await page.waitForTimeout(200);
  const after = await page.screenshot({clip: {x: x - 200, y: y - 200, width: 400, height: 400}});
  assert.equal((await appState(page)).selection, null, 'a drag is not a tap');
  assert.notDeepEqual(after, before, 'the cube turned');
  await context.close();
});

test('the canvas is sharp on high-DPI screens: one canvas pixel per device pixel', async () => {
  const context = await suite.browser.newContext({viewport: {width: 900, height: 700}, deviceScaleFactor: 2});
  const page = await openPage(context, suite.url);
  const [w, h, cw, ch] = await page.evaluate(() => {
    const c = document.getElementById('canvas');
    return [c.width, c.height, c.clientWidth, c.clientHeight];
  });
  assert.equal(w, cw * 2);
  assert.equal(h, ch * 2);
  await context.close();
});
