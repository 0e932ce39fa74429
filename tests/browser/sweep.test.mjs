// Bandada — parameter sweeps in the page (issue 15): defined in the Sweep tab, run in a pool of
// Web Workers, the map filling in, hover and click-to-load, the CSV equal to the CLI's, the
// definition in the share link, and the accessible view's SVG grid and table.
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {test, useSuite, appState, nextFrames, freshPage, uiRects, clickWidget, canvasPoint, nativeCli, waitFor, keepPicture} from './helpers.mjs';

const suite = useSuite();

const sweepState = async (page) => JSON.parse(await page.evaluate(() => Module.sweepState()));

const waitSweep = (page, pred) => waitFor(() => sweepState(page), pred, 60000, 'sweep');

async function define(page, def) {
  await page.evaluate((d) => { for (const [k, v] of Object.entries(d)) Module.sweepSet(k, String(v)); }, def);
}

// The CLI's arguments for the page's sweep, from the command line the page shows.
function cliArgs(line) {
  const out = [];
  const re = /'([^']*)'|(\S+)/g;
  let m;
  while ((m = re.exec(line))) out.push(m[1] !== undefined ? m[1] : m[2]);
  return out.slice(1);  // without "bandada-cli": from "sweep" on
}

test('a feedback-engine sweep in the Sweep tab: the map fills in, hover shows a cell, the CSV is the CLI\'s, a click loads the cell', async () => {
  const {context, page, errors} = await freshPage(suite.browser, suite.url, {viewport: {width: 1400, height: 900}});
  await page.evaluate(() => Module.command('model:feedback2d'));
  await clickWidget(page, 'tab:Sweep');
  const fields = (await sweepState(page)).fields;
  const alpha = fields.findIndex((f) => /α|alpha/i.test(f));
  const n = fields.findIndex((f) => /^n\b|points n/i.test(f));
  assert.ok(alpha >= 0 && n >= 0, `fields ${fields}`);
  await define(page, {x: alpha, x_from: '0', x_to: '3', x_count: '4', use_y: 1, y: n, y_from: '30', y_to: '61.4', y_count: '3',
                      seeds: '2', steps: '20'});
  let s = await sweepState(page);
  assert.equal(s.why_not, '');
  const regime = s.measures.indexOf('regime');
  assert.ok(regime >= 0, `measures ${s.measures}`);
  await define(page, {measure: regime});
  await nextFrames(page, 2);
  await clickWidget(page, 'sweep-run');
  s = await waitSweep(page, (q) => q.status === 'done');
  assert.equal(s.rows, 24);
  assert.equal(s.finished, 24);
  assert.ok(s.workers >= 1);
  assert.deepEqual(s.map.y_values, ['30', '46', '61'], 'a whole-number field takes each value rounded');
  assert.equal(s.map.categorical, true);
  assert.equal(s.map.cells.length, 12);
  for (const c of s.map.cells) {
    assert.equal(c.finished, 2);
    assert.ok(['fixed point', 'edge', 'chaos', 'mixed'].includes(c.word), c.word);
    assert.equal(c.word, c.values[0] === c.values[1] ? c.values[0] : 'mixed');
    assert.match(c.colour, /^#[0-9a-f]{6}$/);
  }
  // The CSV equals the CLI's for the same definition, byte for byte.
  const csv = await page.evaluate(() => Module.sweepCsv());
  const cli = execFileSync(nativeCli, cliArgs(s.command_line), {encoding: 'utf8'});
  assert.equal(csv, cli);
  // Hover over a cell shows its values; a click loads its fields and offers its seeds.
  await nextFrames(page, 2);
  const map = (await uiRects(page)).widgets['sweep-map'];
  assert.ok(map, 'the map is on screen');
  const [px, py] = await canvasPoint(page, map[0] + map[2] * (2.5 / 4), map[1] + map[3] * (0.5 / 3));  // x = 2, y = 61
  await page.mouse.move(px, py);
  await nextFrames(page, 3);
  await keepPicture(page, 'sweep-feedback-map.png');
  const before = (await appState(page)).texts.slice();
  await page.mouse.click(px, py);
  await nextFrames(page, 3);
  s = await sweepState(page);
  assert.deepEqual(s.loaded, [2, 2]);
  const texts = (await appState(page)).texts;
  assert.equal(texts[alpha], s.map.x_values[2]);
  assert.equal(texts[n], '61');
  await clickWidget(page, 'sweep-seed:2');
  const st = await appState(page);
  assert.equal(st.status, 'paused');
  assert.equal(st.texts[fields.findIndex((f) => /seed/i.test(f))], '2');
  // Undo brings the fields back as they were.
  await clickWidget(page, 'sweep-undo');
  assert.deepEqual((await appState(page)).texts, before);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a 2-D flock sweep: heat map of numbers with mean and spread; Cancel stops it; the link carries the definition', async () => {
  const {context, page, errors} = await freshPage(suite.browser, suite.url, {viewport: {width: 1400, height: 900}});
  await page.evaluate(() => { Module.command('model:flock2d'); Module.setField(0, '40'); Module.commitField(0); });
  const fields = (await sweepState(page)).fields;
  const wsep = fields.findIndex((f) => /separation w/.test(f));
  // A grid that reaches an invalid combination is refused before anything runs, naming the point.
  const radius = fields.findIndex((f) => /perception/.test(f));
  await define(page, {x: wsep, x_from: '0', x_to: '3', x_count: '3', use_y: 1, y: radius, y_from: '100', y_to: '10', y_count: '2',
                      seeds: '3', steps: '30'});
  let s = await sweepState(page);
  assert.match(s.why_not, /radius 10: .*must be at most the perception radius/);
  assert.equal(await page.evaluate(() => Module.sweepCommand('start')), false);
  await define(page, {use_y: 0});
  s = await sweepState(page);
  await define(page, {measure: s.measures.indexOf('order')});
  await page.evaluate(() => Module.sweepCommand('start'));
  s = await waitSweep(page, (q) => q.status === 'done');
  assert.equal(s.map.cells.length, 3);
  for (const c of s.map.cells) {
    const v = c.values.map(Number);
    const mean = v.reduce((a, b) => a + b, 0) / 3;
    const sd = Math.sqrt(v.reduce((a, b) => a + (b - mean) ** 2, 0) / 2);
    assert.ok(Math.abs(c.mean - mean) < 1e-12 && Math.abs(c.sd - sd) < 1e-12, JSON.stringify(c));
  }
  assert.equal(s.map.lo, Math.min(...s.map.cells.map((c) => c.mean)));
  assert.equal(s.map.hi, Math.max(...s.map.cells.map((c) => c.mean)));
  const cli = execFileSync(nativeCli, cliArgs(s.command_line), {encoding: 'utf8'});
  assert.equal(await page.evaluate(() => Module.sweepCsv()), cli);
  // The share link carries the definition; opening it shows it, ready to run again.
  const link = await page.evaluate(() => Module.shareLink());
  assert.match(link, /&sweep=/);
  const other = await context.newPage();
  await other.goto(suite.url + '#' + link);
  await other.waitForFunction(() => window.bandadaReady === true);
  const opened = await sweepState(other);
  assert.equal(opened.x, wsep);
  assert.equal(opened.use_y, false);
  assert.equal(opened.x_to, '3');
  assert.equal(opened.seeds, '3');
  assert.equal(opened.steps, '30');
  assert.equal(opened.measures[opened.measure], 'order');
  assert.equal(opened.why_not, '');
  assert.equal(opened.status, 'idle');
  // A sweep definition that cannot be read: the fields still open, and the Sweep tab says so.
  // (A tab of its own: on a page already open the new hash is read at once and then dropped, so
  // a reload raced that and sometimes loaded no link at all.)
  const bad = await context.newPage();
  await bad.goto(suite.url + '#m=flock2d&v=1&count=77&sweep=radius~oops');
  await bad.waitForFunction(() => window.bandadaReady === true);
  assert.equal((await appState(bad)).texts[0], '77');
  assert.match((await sweepState(bad)).error, /sweep definition could not be read/);
  await bad.close();
  // Cancel: a long sweep stops at once and says how far it got.
  await define(page, {x_count: '40', seeds: '5', steps: '3000'});
  await page.evaluate(() => Module.sweepCommand('start'));
  await waitSweep(page, (q) => q.status === 'running');
  await page.evaluate(() => Module.sweepCommand('cancel'));
  s = await sweepState(page);
  assert.equal(s.status, 'cancelled');
  const done = s.finished;
  await page.waitForTimeout(500);
  assert.equal((await sweepState(page)).finished, done, 'nothing arrives after Cancel');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the accessible view sweeps too: a form, an SVG grid with a data table, load and undo', async () => {
  const {context, page, errors} = await freshPage(suite.browser, suite.url, {viewport: {width: 1000, height: 900}});
  await page.evaluate(() => { Module.command('model:boids3d'); window.bandadaStartHtmlView(''); });
  await page.waitForSelector('#hv-sweep-form');
  const fields = (await sweepState(page)).fields;
  await page.selectOption('#hv-sw-x', String(fields.findIndex((f) => /radius/.test(f))));
  await page.fill('#hv-sw-x_from', '0.5');
  await page.fill('#hv-sw-x_to', '2');
  await page.fill('#hv-sw-x_count', '3');
  await page.uncheck('#hv-sw-use_y');
  await page.fill('#hv-sw-seeds', '2');
  await page.fill('#hv-sw-steps', '5');
  await page.fill('#hv-f-n', '80');
  await page.click('#hv-sw-run');
  const s = await waitSweep(page, (q) => q.status === 'done');
  assert.equal(s.rows, 6);
  // The view redraws on its next animation frame: wait for the finished map, not just its cells.
  const expected = s.map.cells.map((c) => c.colour);
  await page.waitForFunction((want) => {
    const got = [...document.querySelectorAll('#hv-sw-map rect.hv-cell')].map((e) => e.getAttribute('fill'));
    return JSON.stringify(got) === JSON.stringify(want);
  }, expected, {timeout: 10000}).catch(() => {});
  const fills = await page.$$eval('#hv-sw-map rect.hv-cell', (r) => r.map((e) => e.getAttribute('fill')));
  assert.deepEqual(fills, expected);
  const rows = await page.$$eval('#hv-sw-table tbody tr', (r) => r.map((e) => e.querySelector('th').textContent));
  assert.deepEqual(rows, ['0.5', '1.25', '2']);
  assert.equal(await page.textContent('#hv-sw-status'), `6 runs in ${s.elapsed.toFixed(1)} s with ${s.workers} workers.`);
  const cli = execFileSync(nativeCli, cliArgs(s.command_line), {encoding: 'utf8'});
  assert.equal(await page.evaluate(() => Module.sweepCsv()), cli);
  // Load the middle cell from its row, initialize with a seed, then undo back to the fields.
  await page.click('#hv-sw-table tbody tr:nth-child(2) button');
  const radius = `#hv-f-${(JSON.parse(await page.evaluate(() => Module.describe())).fields.find((f) => /radius/.test(f.label))).key}`;
  assert.equal(await page.inputValue(radius), '1.25');
  await page.click('#hv-sw-loaded button[data-sweep="seed:2"]');
  assert.equal((await appState(page)).status, 'paused');
  await page.click('#hv-sw-loaded button[data-sweep="undo"]');
  assert.notEqual(await page.inputValue(radius), '1.25');
  await keepPicture(page, 'sweep-accessible.png', {fullPage: true});
  assert.deepEqual(errors, []);
  await context.close();
});
