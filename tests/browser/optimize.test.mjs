// Bandada — the optimiser in the page (issue 63): defined in the Optimise tab, each iteration's
// runs made in a pool of Web Workers, the log equal to the CLI's byte for byte, the convergence
// plot, the swarm over the Sweep tab's map of the same two fields, Use the best and its undo, bad
// input refused with the reason, and the accessible view's form and table.
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {test, useSuite, appState, nextFrames, freshPage, uiRects, clickWidget, nativeCli,
        waitFor, regionPixels, keepPicture} from './helpers.mjs';

const suite = useSuite();

const optimizeState = async (page) => JSON.parse(await page.evaluate(() => Module.optimizeState()));
const waitOptimize = (page, pred) => waitFor(() => optimizeState(page), pred, 90000, 'optimisation');

async function define(page, def) {
  await page.evaluate((d) => { for (const [k, v] of Object.entries(d)) Module.optimizeSet(k, String(v)); }, def);
}

// The CLI's arguments from the command line the page shows (single-quoted words as the shell reads them).
function cliArgs(line) {
  const out = [];
  const re = /'([^']*)'|(\S+)/g;
  let m;
  while ((m = re.exec(line))) out.push(m[1] !== undefined ? m[1] : m[2]);
  return out.slice(1);
}

const fieldIndex = (s, re) => {
  const k = s.fields.findIndex((f) => re.test(f));
  assert.ok(k >= 0, `no field like ${re} in ${s.fields}`);
  return k;
};

test('an optimisation in the Optimise tab: the log is the CLI\'s, the plot and the swarm over the sweep\'s map, Use the best and undo', async () => {
  const {context, page, errors} = await freshPage(suite.browser, suite.url, {viewport: {width: 1400, height: 1000}});
  await page.evaluate(() => { Module.command('model:boids3d'); Module.setField(0, '60'); Module.commitField(0); });
  // First a sweep of the same two fields, so its map lies under the swarm.
  await clickWidget(page, 'tab:Sweep');
  const sw = JSON.parse(await page.evaluate(() => Module.sweepState()));
  const sep = sw.fields.findIndex((f) => /separation/i.test(f)), coh = sw.fields.findIndex((f) => /cohesion/i.test(f));
  assert.ok(sep >= 0 && coh >= 0, `${sw.fields}`);
  await page.evaluate(([x, y]) => {
    const d = {x, x_from: '0', x_to: '0.2', x_count: '3', use_y: '1', y, y_from: '0', y_to: '0.2', y_count: '3',
               seeds: '1', steps: '20'};
    for (const [k, v] of Object.entries(d)) Module.sweepSet(k, String(v));
  }, [sep, coh]);
  const measures = JSON.parse(await page.evaluate(() => Module.sweepState())).measures;
  await page.evaluate((m) => Module.sweepSet('measure', String(m)), measures.indexOf('order'));
  await page.evaluate(() => Module.sweepCommand('start'));
  await waitFor(async () => JSON.parse(await page.evaluate(() => Module.sweepState())), (q) => q.status === 'done', 60000, 'sweep');

  // A pointer resting on one tab and clicking another in the same frame is not a click to ImGui
  // (a tab lets a later item overlap it only when nothing else was hovered the frame before).
  await page.mouse.move(0, 0);
  await nextFrames(page, 2);
  await clickWidget(page, 'tab:Optimise');
  let s = await optimizeState(page);
  assert.ok(s.measures.includes('order'), `${s.measures}`);
  assert.ok(!s.measures.includes('regime'), 'only numbers are offered');
  await define(page, {fields: 2, field0: sep, lo0: '0', hi0: '0.2', field1: coh, lo1: '0', hi1: '0.2',
                      measure: s.measures.indexOf('order'), maximize: 1, seeds: '2', steps: '20', swarm: '4',
                      iterations: '2', swarm_seed: '3'});
  s = await optimizeState(page);
  assert.equal(s.why_not, '');
  assert.equal(s.planned, 24);
  await nextFrames(page, 2);
  // Every combo shows its whole text (issue 85: "maximise" was cut to "maximis").
  assert.deepEqual((await uiRects(page)).clipped, []);
  await clickWidget(page, 'optimize-run');
  s = await waitOptimize(page, (q) => q.status === 'done');
  assert.equal(s.finished, 24);
  assert.equal(s.best.length, 3, 'the best after each of the 3 iterations');
  for (let i = 1; i < s.best.length; ++i) assert.ok(s.best[i] >= s.best[i - 1], `a maximum never falls: ${s.best}`);
  assert.equal(s.particles.length, 4);
  // The log equals the CLI's for the same settings, byte for byte.
  const log = await page.evaluate(() => Module.optimizeLog());
  const cli = execFileSync(nativeCli, cliArgs(s.command_line), {encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore']});
  assert.equal(log, cli);
  assert.match(log.split('\n').filter((l) => l.startsWith('best,')).pop(), new RegExp(`,${s.best_texts.join(',')},`));
  // The plot and the plane are drawn; the plane shows the sweep's map (its colours) beneath.
  await nextFrames(page, 3);
  const rects = (await uiRects(page)).widgets;
  assert.ok(rects['optimize-plot'], 'the convergence plot');
  const plane = rects['optimize-swarm'];
  assert.ok(plane, 'the swarm over the two fields');
  // Each plot's caption stays within its plot's width (issue 85: they ran past the panel's edge).
  for (const [plot, cap] of [['optimize-plot', 'optimize-plot-caption'], ['optimize-swarm', 'optimize-swarm-caption']]) {
    const p = rects[plot], c = rects[cap];
    assert.ok(c && c[2] > 0, `${cap} is drawn`);
    assert.ok(c[0] + c[2] <= p[0] + p[2] + 1, `${cap} (${c}) ends within ${plot} (${p})`);
  }
  const sweepColours = new Set(JSON.parse(await page.evaluate(() => Module.sweepState())).map.cells.map((c) => c.colour));
  const px = await regionPixels(page, [plane[0] + 3, plane[1] + 3, 1, 1]);
  const hex = '#' + px.data.slice(0, 3).map((v) => v.toString(16).padStart(2, '0')).join('');
  assert.ok(sweepColours.has(hex), `the plane's corner ${hex} is a cell of the sweep's map (${[...sweepColours]})`);
  await keepPicture(page, 'optimize.png');
  // Use the best puts its values into the fields; undo brings mine back.
  const before = JSON.parse(await page.evaluate(() => Module.appState())).texts;
  await clickWidget(page, 'optimize-use');
  const after = (await appState(page)).texts;
  assert.equal(after[sep], s.best_texts[0]);
  assert.equal(after[coh], s.best_texts[1]);
  await clickWidget(page, 'optimize-undo');
  assert.deepEqual((await appState(page)).texts, before);
  // The share link carries the definition; opening it brings the Optimise tab forward, ready to run.
  const link = await page.evaluate(() => Module.shareLink());
  assert.match(link, /&opt=/);
  const other = await context.newPage();
  await other.goto(suite.url + '#' + link);
  await other.waitForFunction(() => window.bandadaReady === true);
  const opened = await optimizeState(other);
  assert.deepEqual(opened.vary, s.vary);
  assert.equal(opened.measures[opened.measure], 'order');
  assert.equal(opened.maximize, true);
  assert.deepEqual([opened.seeds, opened.steps, opened.swarm, opened.iterations, opened.swarm_seed], ['2', '20', '4', '2', '3']);
  assert.equal(opened.command_line, s.command_line, 'the same optimisation, to the byte');
  await nextFrames(other, 3);
  assert.ok((await uiRects(other)).widgets['optimize-run'], 'the Optimise tab is in front');
  await other.close();
  const bad = await context.newPage();
  await bad.goto(suite.url + '#m=boids3d&v=1&n=77&opt=radius~oops');
  await bad.waitForFunction(() => window.bandadaReady === true);
  assert.equal((await appState(bad)).texts[0], '77');
  assert.match((await optimizeState(bad)).error, /optimisation could not be read/);
  await bad.close();
  assert.deepEqual(errors, []);
  await context.close();
});

test('bad input is refused with its reason and changes nothing; Cancel stops at once', async () => {
  const {context, page, errors} = await freshPage(suite.browser, suite.url, {viewport: {width: 1400, height: 900}});
  await page.evaluate(() => Module.command('model:boids3d'));
  let s = await optimizeState(page);
  const radius = fieldIndex(s, /radius/i);
  await define(page, {fields: 1, field0: radius, lo0: '2', hi0: '1'});
  s = await optimizeState(page);
  assert.match(s.why_not, /reversed/);
  assert.equal(await page.evaluate(() => Module.optimizeCommand('start')), false);
  assert.equal((await optimizeState(page)).status, 'idle');
  await define(page, {lo0: '1', hi0: '2', swarm: '1'});
  assert.match((await optimizeState(page)).why_not, /--swarm/);
  await define(page, {swarm: '6', seeds: '3', steps: '4000', iterations: '30'});
  assert.equal((await optimizeState(page)).why_not, '');
  await page.evaluate(() => Module.optimizeCommand('start'));
  await waitOptimize(page, (q) => q.status === 'running');
  await page.evaluate(() => Module.optimizeCommand('cancel'));
  s = await optimizeState(page);
  assert.equal(s.status, 'cancelled');
  await page.waitForTimeout(500);
  assert.equal((await optimizeState(page)).finished, s.finished, 'nothing arrives after Cancel');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the accessible view optimises too: a form with rows of fields, the best per iteration, the swarm as a table, Use the best', async () => {
  const {context, page, errors} = await freshPage(suite.browser, suite.url, {viewport: {width: 1000, height: 900}});
  await page.evaluate(() => { Module.command('model:boids3d'); window.bandadaStartHtmlView(''); });
  await page.waitForSelector('#hv-optimize-form');
  await page.fill('#hv-f-n', '50');
  const s0 = await optimizeState(page);
  assert.equal(await page.locator('#hv-op-rows .hv-op-row').count(), s0.vary.length);
  // Down to one field, then up to two again: the radius, and the alignment.
  await page.click('#hv-op-rows button[data-remove="1"]');
  assert.equal(await page.locator('#hv-op-rows .hv-op-row').count(), 1);
  await page.selectOption('#hv-op-field0', String(fieldIndex(s0, /radius/i)));
  await page.fill('#hv-op-lo0', '0.5');
  await page.fill('#hv-op-hi0', '3');
  await page.click('#hv-op-add');
  await page.selectOption('#hv-op-field1', String(fieldIndex(s0, /alignment/i)));
  await page.fill('#hv-op-lo1', '0.2');  // a reversed range: refused, with the reason
  await page.fill('#hv-op-hi1', '0');
  await page.waitForFunction(() => document.getElementById('hv-op-why').textContent.includes('reversed'));
  assert.equal(await page.isDisabled('#hv-op-run'), true);
  await page.fill('#hv-op-lo1', '0');
  await page.fill('#hv-op-hi1', '0.2');
  await page.selectOption('#hv-op-measure', String(s0.measures.indexOf('mean_speed')));
  await page.selectOption('#hv-op-maximize', '0');
  for (const [k, v] of [['seeds', '1'], ['steps', '10'], ['swarm', '3'], ['iterations', '2'], ['swarm_seed', '5']])
    await page.fill('#hv-op-' + k, v);
  await page.click('#hv-op-run');
  const s = await waitOptimize(page, (q) => q.status === 'done');
  assert.equal(s.runs, 9);
  await page.waitForFunction((n) => document.querySelectorAll('#hv-op-table tbody tr').length === n, s.best.length);
  const best = await page.$$eval('#hv-op-table tbody td', (c) => c.map((e) => Number(e.textContent)));
  assert.deepEqual(best, s.best);
  for (let i = 1; i < best.length; ++i) assert.ok(best[i] <= best[i - 1], `a minimum never rises: ${best}`);
  assert.equal(await page.locator('#hv-op-particles tbody tr').count(), 3);
  assert.match(await page.textContent('#hv-op-best'), new RegExp(`^Best mean_speed .* at radius ${s.best_texts[0]}, alignment ${s.best_texts[1]}\\.`));
  const cli = execFileSync(nativeCli, cliArgs(s.command_line), {encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore']});
  assert.equal(await page.evaluate(() => Module.optimizeLog()), cli);
  const radius = `#hv-f-${(JSON.parse(await page.evaluate(() => Module.describe())).fields.find((f) => /radius/.test(f.label))).key}`;
  await page.click('#hv-op-use');
  assert.equal(await page.inputValue(radius), s.best_texts[0]);
  await page.click('#hv-op-undo');
  assert.equal(await page.inputValue(radius), '1.6');
  await keepPicture(page, 'optimize-accessible.png', {fullPage: true});
  assert.deepEqual(errors, []);
  await context.close();
});
