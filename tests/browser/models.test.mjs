// Bandada — browser tests of the model selector and the 2-D feedback engine in the WebGL page:
// each model keeps its state, phase stepping, following a point, its own saved text and links,
// and the same bits as the CLI.
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {test, threadsMatter, useSuite, openPage, gotoReady, appState, uiRects, clickWidget, waitState, canvasPoint, nativeCli, freshPage, nextFrames, keepPicture} from './helpers.mjs';

const suite = useSuite();

const fresh = () => freshPage(suite.browser, suite.url);

async function chooseModel(page, index) {  // through the real combo box
  await clickWidget(page, 'model');
  const r = (await uiRects(page)).widgets.model;
  const [x, y] = await canvasPoint(page, r[0] + 20, r[1] + r[3] + 12 + index * 22);
  await page.mouse.click(x, y);
  await page.waitForTimeout(100);
}

test('the model selector keeps each model\'s fields and state, pausing the one left', threadsMatter('the model left is paused: its threads or step worker stop'), async () => {
  const {context, page, errors} = await fresh();
  // The first screen's empty view says how to start (issue 85: an empty cube and nothing else).
  const inView = (r, v) => r && r[0] >= v[0] && r[1] >= v[1] && r[0] + r[2] <= v[0] + v[2] && r[1] + r[3] <= v[1] + v[3];
  assert.ok(inView((await uiRects(page)).widgets['view-hint'], (await appState(page)).view), 'the empty view says how to start');
  await page.evaluate(() => { Module.setField(0, '77'); Module.command('initialize'); Module.command('step'); Module.selectGlyph(5); Module.command('run'); });
  const flock = await waitState(page, (s) => s.steps >= 3);
  await nextFrames(page, 2);
  assert.equal((await uiRects(page)).widgets['view-hint'], undefined, 'the hint leaves once there is a flock');
  await chooseModel(page, 1);
  let s = await appState(page);
  assert.equal(s.model, 'feedback2d');
  assert.equal(s.sessions.boids3d.status, 'paused', 'the 3-D flock paused when left');
  await clickWidget(page, 'Initialize');
  await clickWidget(page, 'Step');
  s = await waitState(page, (st) => st.sessions.feedback2d.steps === 1);
  await chooseModel(page, 0);
  s = await appState(page);
  assert.equal(s.model, 'boids3d');
  assert.equal(s.texts[0], '77');
  assert.equal(s.selection, 5);
  assert.ok(s.steps >= flock.steps);
  assert.equal(s.sessions.feedback2d.steps, 1, 'the feedback engine kept its cycle');
  // The first screen names every model in the header, each a click away (issue 85: the crowd and
  // the swarm were only in the panel's combo, under "a boids laboratory").
  const header = await page.$$eval('#model-bar button', (bs) => bs.map((b) => b.textContent));
  assert.deepEqual(header, ['3-D periodic flock', '2-D feedback engine', '2-D flock', 'Crowd evacuation', 'Particle swarm optimisation']);
  await page.click('#model-bar button[data-model="crowd"]');
  assert.equal((await appState(page)).model, 'crowd');
  await nextFrames(page, 2);
  assert.ok(inView((await uiRects(page)).widgets['view-hint'], (await appState(page)).view), 'a model not yet built says so');
  // Every model's combos show their whole text (issue 85: the crowd's title and its room were cut).
  for (const id of ['boids3d', 'feedback2d', 'flock2d', 'crowd', 'pso']) {
    await page.evaluate((m) => Module.command('model:' + m), id);
    await nextFrames(page, 3);
    assert.deepEqual((await uiRects(page)).clipped, [], id);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('Advance one phase walks the cycle vertex by vertex; the page says which comes next', async () => {
  const {context, page} = await fresh();
  await page.evaluate(() => { Module.command('model:feedback2d'); Module.setField(0, '60'); });
  await clickWidget(page, 'Initialize');
  assert.equal((await appState(page)).sessions.feedback2d.extra.next_phase, 1);
  for (const next of [2, 3, 4, 1]) {
    await clickWidget(page, 'Advance one phase');
    assert.equal((await appState(page)).sessions.feedback2d.extra.next_phase, next);
  }
  assert.equal((await appState(page)).sessions.feedback2d.steps, 1);
  const app = await page.evaluate(() => Module.stateJson());
  const cli = execFileSync(nativeCli, ['--model', 'feedback2d', '--n', '60', '--phases', '4'], {encoding: 'utf8'});
  assert.equal(app, cli, 'the page and the CLI give the same bits');
  await keepPicture(page, 'feedback2d.png');
  await context.close();
});

test('clicking a table row follows that point; live fields apply without a rebuild', async () => {
  const {context, page} = await fresh();
  await page.evaluate(() => { Module.command('model:feedback2d'); Module.command('initialize'); Module.command('step'); });
  await page.waitForTimeout(100);
  const row = (await uiRects(page)).rows.find((r) => r[0] === 4);
  const [x, y] = await canvasPoint(page, row[1] + 10, row[2] + row[4] / 2);
  await page.mouse.click(x, y);
  await waitState(page, (s) => s.sessions.feedback2d.selection === 4);
  await clickWidget(page, 'field:alpha');
  await page.keyboard.press('Control+A', {delay: 40});
  await page.keyboard.type('2.5', {delay: 15});
  const s = await waitState(page, (st) => st.sessions.feedback2d.extra.alpha === 2.5);
  assert.equal(s.sessions.feedback2d.steps, 1, 'a live edit does not rebuild the system');
  assert.equal(s.sessions.feedback2d.selection, 4);
  await context.close();
});

test('a reload restores this model\'s raw field text and the chosen model; its links open it', async () => {
  const {context, page} = await fresh();
  await page.evaluate(() => { Module.command('model:feedback2d'); Module.setField(1, '4'); Module.setField(5, '0,'); });
  await page.reload();
  await page.waitForFunction(() => window.bandadaReady === true);
  let s = await appState(page);
  assert.equal(s.model, 'feedback2d');
  assert.equal(s.sessions.feedback2d.texts[1], '4');
  assert.equal(s.sessions.feedback2d.texts[5], '0,');
  assert.notEqual(s.sessions.feedback2d.errors[1], '');
  const link = suite.url + '#m=feedback2d&v=1&n=33&alpha=0,5&op=gravity&nc=1';
  await page.goto('about:blank');
  await gotoReady(page, link);
  s = await appState(page);
  assert.equal(s.model, 'feedback2d');
  assert.equal(s.sessions.feedback2d.texts[0], '33');
  assert.equal(s.sessions.feedback2d.extra.operation, 'gravity');
  assert.equal(await page.evaluate(() => window.location.hash), '');
  // A 3-D link still opens the 3-D model.
  await page.goto('about:blank');
  await gotoReady(page, suite.url + '#v=1&n=21');
  s = await appState(page);
  assert.equal(s.model, 'boids3d');
  assert.equal(s.texts[0], '21');
  await context.close();
});
