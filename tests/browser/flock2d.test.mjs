// Bandada — browser tests of the 2-D flock with predators and attractors: markers by mouse and
// touch, presets, the select tool, its own saved text and links (markers included), CLI bits.
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {test, threadsMatter, useSuite, openPage, gotoReady, appState, clickWidget, waitState, canvasPoint, nextFrames, nativeCli, keepPicture} from './helpers.mjs';

const suite = useSuite();

async function flockPage(options = {}) {
  const context = await suite.browser.newContext({viewport: {width: 1400, height: 900}, ...options});
  const errors = [];
  const page = await openPage(context, suite.url, errors);
  await page.evaluate(() => Module.command('model:flock2d'));
  await nextFrames(page);
  return {context, page, errors};
}

async function viewPoint(page, fx, fy) {
  const v = (await appState(page)).view;
  return canvasPoint(page, v[0] + v[2] * fx, v[1] + v[3] * fy);
}

test('left click adds a predator, right click an attractor, Shift+click removes the nearest', async () => {
  const {context, page, errors} = await flockPage();
  await clickWidget(page, 'Initialize');
  const [x, y] = await viewPoint(page, 0.3, 0.5);
  await page.mouse.click(x, y);
  await page.mouse.click(x + 150, y, {button: 'right'});
  await nextFrames(page);
  let s = (await appState(page)).sessions.flock2d.extra;
  assert.equal(s.predators, 1);
  assert.equal(s.attractors, 1);
  await page.keyboard.down('Shift');
  await page.mouse.click(x + 140, y);
  await page.keyboard.up('Shift');
  await nextFrames(page);
  s = (await appState(page)).sessions.flock2d.extra;
  assert.equal(s.attractors, 0, 'the attractor was nearest');
  assert.equal(s.predators, 1);
  await clickWidget(page, 'Clear markers');
  assert.equal((await appState(page)).sessions.flock2d.extra.predators, 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('on a touch screen a press held 500 ms adds an attractor', async () => {
  const {context, page} = await flockPage({hasTouch: true});
  await page.evaluate(() => Module.command('initialize'));
  const [x, y] = await viewPoint(page, 0.5, 0.5);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', {type: 'touchStart', touchPoints: [{x, y}]});
  await page.waitForTimeout(650);
  await cdp.send('Input.dispatchTouchEvent', {type: 'touchEnd', touchPoints: []});
  await waitState(page, (s) => s.sessions.flock2d.extra.attractors === 1);
  await context.close();
});

test('presets set their fields live and an edit shows custom; the select tool inspects a boid', async () => {
  const {context, page} = await flockPage();
  await page.evaluate(() => Module.command('initialize'));
  await clickWidget(page, 'choice:preset');
  await nextFrames(page, 3);  // a popup lays itself out over its first frames
  await clickWidget(page, 'choice:preset:All max');  // the sixth entry of the open list
  let s = await waitState(page, (st) => st.sessions.flock2d.extra.preset === 5);
  assert.equal(s.sessions.flock2d.extra.separation_weight, 10);
  assert.equal(s.sessions.flock2d.steps, 0, 'live: no rebuild');
  await page.evaluate(() => Module.setField(4, '2'));
  s = await appState(page);
  assert.equal(s.sessions.flock2d.extra.preset, -1);
  await page.evaluate(() => Module.setTool(2));
  const j = JSON.parse(await page.evaluate(() => Module.stateJson()));
  const b = j.boids[7].p;
  const v = s.view;
  const scale = Math.min((v[2] - 24) / 900, (v[3] - 24) / 600);
  const [bx, by] = await canvasPoint(page, v[0] + (v[2] - 900 * scale) / 2 + b[0] * scale, v[1] + (v[3] - 600 * scale) / 2 + b[1] * scale);
  await page.mouse.click(bx, by);
  s = await waitState(page, (st) => st.sessions.flock2d.selection !== null);
  await keepPicture(page, 'flock2d.png');
  await context.close();
});

test('the page gives the CLI\'s bits; a reload keeps raw text; a link carries the markers', threadsMatter('a run steps on threads or in the step worker'), async () => {
  const {context, page} = await flockPage();
  await page.evaluate(() => { Module.setField(0, '80'); Module.setField(5, '0,7'); Module.command('initialize'); });
  for (let i = 0; i < 5; ++i) await clickWidget(page, 'Step');
  await waitState(page, (s) => s.sessions.flock2d.steps === 5);
  const cli = execFileSync(nativeCli, ['--model', 'flock2d', '--count', '80', '--w-coh', '0,7', '--steps', '5'], {encoding: 'utf8'});
  assert.equal(await page.evaluate(() => Module.stateJson()), cli);
  await page.evaluate(() => Module.setField(3, '1.'));
  await page.reload();
  await page.waitForFunction(() => window.bandadaReady === true);
  let s = await appState(page);
  assert.equal(s.model, 'flock2d');
  assert.equal(s.sessions.flock2d.texts[3], '1.');
  assert.equal(s.sessions.flock2d.texts[0], '80');
  await page.goto('about:blank');
  await gotoReady(page, suite.url + '#m=flock2d&v=1&count=40&w-coh=0,5&int=rk4&pred=100~100_200~200&attr=450~300');
  s = await appState(page);
  assert.equal(s.model, 'flock2d');
  assert.equal(s.sessions.flock2d.texts[0], '40');
  assert.equal(s.sessions.flock2d.texts[5], '0,5');
  assert.equal(await page.evaluate(() => window.location.hash), '');
  await page.evaluate(() => Module.command('initialize'));
  s = await appState(page);
  assert.equal(s.sessions.flock2d.extra.predators, 2);
  assert.equal(s.sessions.flock2d.extra.attractors, 1);
  await context.close();
});
