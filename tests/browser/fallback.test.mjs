// Bandada — browser tests of the accessible view (HTML + isometric SVG): Chromium without
// WebGL, a lost WebGL context, and switching views by choice. Same controller, same bits.
import {before, after} from 'node:test';
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {test, threadsMatter, launch, startServer, openPage, gotoReady, appState, clickWidget, waitState, nativeCli, freshPage, keepPicture} from './helpers.mjs';

let noGl, gl, server, url;
before(async () => {
  ({server, url} = await startServer());
  noGl = await launch({extraArgs: ['--disable-webgl']});
  gl = await launch();
});
after(async () => {
  await noGl?.close();
  await gl?.close();
  server?.close();
});

const fallbackPage = () => freshPage(noGl, url, {viewport: {width: 1300, height: 900}});

async function setField(page, key, text) {
  await page.fill('#hv-f-' + key, text);
}

test('without WebGL the page enters the accessible view and says why', async () => {
  const {context, page, errors} = await fallbackPage();
  assert.equal(await page.locator('#html-view').isVisible(), true);
  assert.match(await page.locator('#hv-reason').innerText(), /no WebGL2/);
  assert.equal(await page.locator('#canvas').isVisible(), false);
  for (const key of ['n', 'r', 'sep', 'ali', 'coh', 'max', 'seed']) {
    const input = page.locator('#hv-f-' + key);
    assert.equal(await input.getAttribute('type'), 'text');
    assert.equal(await page.locator(`label[for="hv-f-${key}"]`).count(), 1);
  }
  assert.equal(await page.locator('#hv-status').getAttribute('aria-live'), 'polite');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Initialize and Step in the accessible view give the CLI state bit for bit', threadsMatter('steps run on threads or in the step worker'), async () => {
  const {context, page} = await fallbackPage();
  await setField(page, 'n', '90');
  await setField(page, 'sep', '0,2');
  await page.click('button[data-cmd=initialize]');
  for (let i = 0; i < 3; ++i) await page.click('button[data-cmd=step]');
  await page.keyboard.press('s');  // the keyboard shortcut, outside the fields
  await waitState(page, (s) => s.steps === 4);
  const cli = execFileSync(nativeCli, ['--count', '90', '--separation', '0,2', '--steps', '4'], {encoding: 'utf8'});
  assert.equal(await page.evaluate(() => Module.stateJson()), cli);
  await context.close();
});

test('the SVG holds one glyph per boid, with the ring on the selected one', async () => {
  const {context, page} = await fallbackPage();
  await setField(page, 'n', '120');
  await page.click('button[data-cmd=initialize]');
  await page.waitForFunction(() => document.querySelectorAll('.hv-glyph[visibility="visible"]').length === 120);
  await page.click('#hv-table tbody tr[data-index="7"]');
  await waitState(page, (s) => s.selection === 7);
  await page.waitForTimeout(100);
  const [ring, glyph] = await page.evaluate(() => {
    const r = document.querySelector('.hv-ring');
    const g = document.querySelectorAll('.hv-glyph')[7];
    return [[+r.getAttribute('cx'), +r.getAttribute('cy'), r.getAttribute('visibility')],
            [(+g.getAttribute('x1') + +g.getAttribute('x2')) / 2, (+g.getAttribute('y1') + +g.getAttribute('y2')) / 2]];
  });
  assert.equal(ring[2], 'visible');
  assert.ok(Math.abs(ring[0] - glyph[0]) < 0.02 && Math.abs(ring[1] - glyph[1]) < 0.02, 'the ring sits on boid 7');
  // Clicking a glyph selects that boid.
  const box = await page.locator('.hv-glyph').nth(11).boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const s = await appState(page);
  assert.notEqual(s.selection, 7);
  await keepPicture(page, 'accessible-view.png');
  await context.close();
});

test('a stationary boid (max speed 0) is drawn as a point', async () => {
  const {context, page} = await fallbackPage();
  await setField(page, 'n', '5');
  await setField(page, 'max', '0');
  await page.click('button[data-cmd=initialize]');
  await page.waitForFunction(() => document.querySelectorAll('.hv-glyph[visibility="visible"]').length === 5);
  const lines = await page.evaluate(() => [...document.querySelectorAll('.hv-glyph')].map((l) =>
    [l.getAttribute('x1'), l.getAttribute('x2'), l.getAttribute('y1'), l.getAttribute('y2'), l.classList.contains('hv-point')]));
  for (const [x1, x2, y1, y2, point] of lines) {
    assert.equal(x1, x2);
    assert.equal(y1, y2);
    assert.equal(point, true);
  }
  await context.close();
});

test('in the accessible view a reload restores raw text, a share link fills the fields, a hidden page pauses', threadsMatter('a hidden page must stop threads or the step worker'), async () => {
  const {context, page} = await fallbackPage();
  await setField(page, 'r', '1.');
  await setField(page, 'coh', '-');
  await page.reload();
  await page.waitForFunction(() => window.bandadaReady === true);
  assert.equal(await page.inputValue('#hv-f-r'), '1.');
  assert.equal(await page.inputValue('#hv-f-coh'), '-');
  assert.notEqual(await page.locator('#hv-f-r-err').innerText(), '');
  assert.equal(await page.locator('button[data-cmd=initialize]').isDisabled(), true);

  await page.goto('about:blank');
  await gotoReady(page, url + '#v=1&n=33&r=0,9&seed=8');
  await page.waitForFunction(() => document.getElementById('hv-f-n').value === '33');
  assert.equal(await page.inputValue('#hv-f-r'), '0,9');
  await page.click('button[data-cmd=initialize]');
  await page.click('button[data-cmd=run]');
  await waitState(page, (s) => s.status === 'running' && s.steps > 0);
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});
    document.dispatchEvent(new Event('visibilitychange'));
  });
  const s = await appState(page);
  assert.equal(s.status, 'paused');
  await page.waitForTimeout(300);
  assert.equal((await appState(page)).steps, s.steps);
  await context.close();
});

test('a lost WebGL context keeps the flock and its time, and continues in the accessible view', async () => {
  const context = await gl.newContext({viewport: {width: 1300, height: 860}});
  const errors = [];
  const page = await openPage(context, url, errors);
  await page.evaluate(() => { Module.command('initialize'); Module.command('step'); Module.command('step'); Module.selectGlyph(5); });
  const before = await appState(page);
  await page.evaluate(() => document.getElementById('canvas').getContext('webgl2').getExtension('WEBGL_lose_context').loseContext());
  await page.waitForFunction(() => document.body.classList.contains('html-mode'));
  assert.match(await page.locator('#hv-reason').innerText(), /lost its WebGL context/);
  assert.equal(await page.locator('#hv-webgl').isVisible(), false, 'no way back to a dead canvas');
  const after = await appState(page);
  assert.equal(after.steps, before.steps);
  assert.equal(after.fingerprint, before.fingerprint);
  assert.equal(after.selection, 5);
  await page.click('button[data-cmd=step]');
  await waitState(page, (s) => s.steps === before.steps + 1);
  await context.close();
});

test('switching to the accessible view and back keeps flock, selection and fields', async () => {
  const context = await gl.newContext({viewport: {width: 1300, height: 860}});
  const page = await openPage(context, url);
  await page.evaluate(() => { Module.setField(0, '64'); Module.command('initialize'); Module.command('step'); Module.selectGlyph(9); });
  const before = await appState(page);
  await clickWidget(page, 'Accessible view');
  await page.waitForFunction(() => document.body.classList.contains('html-mode'));
  assert.equal(await page.inputValue('#hv-f-n'), '64');
  await page.click('button[data-cmd=step]');
  await waitState(page, (s) => s.steps === before.steps + 1);
  await page.click('#hv-webgl');
  await page.waitForFunction(() => !document.body.classList.contains('html-mode'));
  await page.waitForTimeout(200);
  const back = await appState(page);
  assert.equal(back.steps, before.steps + 1);
  assert.equal(back.selection, 9);
  assert.equal(back.texts[0], '64');
  await context.close();
});

test('the feedback engine in the accessible view: fields, phases, one arrow per point, follow, CLI bits', async () => {
  const {context, page, errors} = await fallbackPage();
  await page.selectOption('#hv-model', 'feedback2d');
  await page.waitForFunction(() => document.getElementById('hv-model').value === 'feedback2d');
  assert.equal(await page.locator('#hv-svg .hv-cube').count(), 0, 'the plane replaces the cube');
  await page.fill('#hv-f-n', '70');
  await page.fill('#hv-f-turn', '0,5');
  await page.selectOption('#hv-c-op', {label: 'Probabilistic'});
  await page.click('button[data-cmd=initialize]');
  await page.waitForFunction(() => document.querySelectorAll('.hv-glyph[visibility="visible"]').length === 70);
  await page.click('button[data-cmd=phase]');
  assert.match(await page.locator('#hv-readouts').innerText(), /next: 2 · cohesion/);
  await page.click('button[data-cmd=step]');
  await page.keyboard.press('s');
  await waitState(page, (s) => s.sessions.feedback2d.steps === 2);
  const cli = execFileSync(nativeCli, ['--model', 'feedback2d', '--n', '70', '--turn', '0,5', '--operation', 'probabilistic',
                                       '--cycles', '2'], {encoding: 'utf8'});
  assert.equal(await page.evaluate(() => Module.stateJson()), cli);
  await page.click('#hv-table tbody tr[data-index="6"]');
  await waitState(page, (s) => s.sessions.feedback2d.selection === 6);
  assert.equal(await page.locator('#hv-svg .hv-ring').getAttribute('visibility'), 'visible');
  await page.reload();
  await page.waitForFunction(() => window.bandadaReady === true);
  await page.waitForFunction(() => document.getElementById('hv-model').value === 'feedback2d');
  assert.equal(await page.inputValue('#hv-f-turn'), '0,5');
  await keepPicture(page, 'accessible-feedback2d.png');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the 2-D flock in the accessible view: CLI bits, markers by click, right click, long press and Shift', async () => {
  const {context, page, errors} = await fallbackPage();
  await page.selectOption('#hv-model', 'flock2d');
  await page.waitForFunction(() => document.getElementById('hv-model').value === 'flock2d');
  await page.fill('#hv-f-count', '60');
  await page.fill('#hv-f-w-ali', '2,5');
  await page.click('button[data-cmd=initialize]');
  await page.waitForFunction(() => document.querySelectorAll('.hv-glyph[visibility="visible"]').length === 60);
  await page.click('button[data-cmd=step]');
  await page.keyboard.press('s');
  await waitState(page, (s) => s.sessions.flock2d.steps === 2);
  const cli = execFileSync(nativeCli, ['--model', 'flock2d', '--count', '60', '--w-ali', '2,5', '--steps', '2'], {encoding: 'utf8'});
  assert.equal(await page.evaluate(() => Module.stateJson()), cli);
  await page.locator('#hv-svg').scrollIntoViewIfNeeded();
  const box = await page.locator('#hv-svg').boundingBox();
  const at = (fx, fy) => [box.x + box.width * fx, box.y + box.height * fy];
  await page.mouse.click(...at(0.2, 0.2));                       // a predator
  await page.mouse.click(...at(0.8, 0.8), {button: 'right'});    // an attractor
  await page.mouse.move(...at(0.5, 0.2));
  await page.mouse.down();
  await page.waitForTimeout(600);
  await page.mouse.up();                                         // held: an attractor
  let s = await waitState(page, (st) => st.sessions.flock2d.extra.attractors === 2);
  assert.equal(s.sessions.flock2d.extra.predators, 1);
  assert.equal(await page.locator('#hv-svg .hv-marker').count(), 3);
  await page.keyboard.down('Shift');
  await page.mouse.click(...at(0.21, 0.21));
  await page.keyboard.up('Shift');
  s = await waitState(page, (st) => st.sessions.flock2d.extra.predators === 0);
  await page.reload();
  await page.waitForFunction(() => window.bandadaReady === true);
  await page.waitForFunction(() => document.getElementById('hv-model').value === 'flock2d');
  assert.equal(await page.inputValue('#hv-f-w-ali'), '2,5');
  assert.deepEqual(errors, []);
  await context.close();
});

test('in the accessible view a marker can be placed by keyboard alone, and the plane has a legend', async () => {
  const {context, page, errors} = await fallbackPage();
  await page.selectOption('#hv-model', 'flock2d');
  await page.waitForFunction(() => document.getElementById('hv-model').value === 'flock2d');
  await page.focus('button[data-cmd=initialize]');
  await page.keyboard.press('Enter');
  await waitState(page, (s) => s.n === 300);
  await page.focus('#hv-place-x');
  await page.keyboard.type('450');
  await page.keyboard.press('Tab');
  await page.keyboard.type('300,5');
  await page.keyboard.press('Enter');
  const s = await waitState(page, (st) => st.extra.predators === 1);
  assert.match(await page.locator('#hv-place-msg').innerText(), /Done/);
  await page.fill('#hv-place-x', '5000');
  await page.keyboard.press('Enter');
  assert.match(await page.locator('#hv-place-msg').innerText(), /Nothing placed/);
  assert.equal((await appState(page)).extra.predators, s.extra.predators);
  assert.ok(await page.locator('#hv-legend li').count() >= 4);
  assert.match(await page.locator('#hv-legend').innerText(), /leader/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('each arrowhead in the accessible view takes its glyph\'s colour (the feedback engine: V white, F red)', async () => {
  const {context, page} = await fallbackPage();
  await page.selectOption('#hv-model', 'feedback2d');
  await page.waitForFunction(() => document.getElementById('hv-model').value === 'feedback2d');
  await page.click('button[data-cmd=initialize]');
  // From the default start, F points appear by cycle 120 (the CLI: 75 F, 125 V).
  await page.evaluate(() => { for (let c = 0; c < 120; ++c) Module.command('step'); });
  await page.waitForFunction(() => document.querySelector('.hv-glyph.c2[visibility="visible"]') !== null);
  const heads = await page.evaluate(() => {
    const out = {};
    for (const line of document.querySelectorAll('.hv-glyph[visibility="visible"]')) {
      const cls = [...line.classList].find((c) => /^c\d+$/.test(c));
      if (out[cls] || line.classList.contains('hl2') || line.classList.contains('hv-point')) continue;
      const id = getComputedStyle(line).markerEnd.match(/#([\w-]+)/)[1];
      const path = document.querySelector(`#${id} path`);
      out[cls] = {stroke: getComputedStyle(line).stroke, head: getComputedStyle(path).fill};
    }
    return out;
  });
  assert.ok(heads.c1 && heads.c2, JSON.stringify(heads));  // both classes are on the plane at the start
  for (const {stroke, head} of Object.values(heads)) assert.equal(head, stroke);
  assert.notEqual(heads.c1.head, heads.c2.head);
  await context.close();
});
