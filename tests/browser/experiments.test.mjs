// Bandada — the Experiments tab (issue 27): a lesson's claims as cards, each run in the page's
// workers by the code `bandada-cli experiment` runs, so a card's rows and verdict equal the CLI's
// byte for byte; Try it loads the telling configuration into the live model (Undo puts the fields
// back); claim 9's card opens the integrator comparison; the accessible view shows every card,
// verdict and number; a phone's layout has the tab too.
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {test, useSuite, appState, nextFrames, freshPage, uiRects, clickWidget, nativeCli,
        waitFor, keepPicture} from './helpers.mjs';

const suite = useSuite();

const expState = async (page) => JSON.parse(await page.evaluate(() => Module.experimentsState()));
/// Scrolls the panel under the mouse (the wheel, as a person would) until the widget is inside it.
async function scrollTo(page, name) {
  const tab = (await uiRects(page)).widgets['tab:Experiments'];  // the tab bar scrolls with the cards
  const bottom = await page.evaluate(() => document.getElementById('canvas').getBoundingClientRect().height);
  for (let k = 0; k < 40; ++k) {
    const r = (await uiRects(page)).widgets[name];
    if (r && r[1] > tab[1] && r[1] + r[3] < bottom - 4) return;
    await page.mouse.move(tab[0] + 20, (tab[1] + bottom) / 2);
    await page.mouse.wheel(0, 240);
    await nextFrames(page, 2);
  }
  throw new Error(`${name} never scrolled into view`);
}
const cli = (args) => execFileSync(nativeCli, ['experiment', ...args], {encoding: 'utf8'});

test('Experiments tab: Run these gives every card of the 2-D flock its rows and verdict; each equals bandada-cli experiment', async () => {
  const {context, page, errors} = await freshPage(suite.browser, suite.url, {viewport: {width: 1400, height: 900}});
  await clickWidget(page, 'tab:Experiments');
  const names = cli(['--list']).trim().split('\n').map((l) => l.split('\t')[0]);
  let w = await expState(page);
  assert.deepEqual(w.experiments.map((e) => e.name), names, 'the page lists the CLI\'s experiments, model by model, in claim order');
  const flock = w.experiments.filter((e) => e.model === 'flock2d');
  assert.deepEqual(flock.map((e) => e.claim), [1, 2, 3, 4, 5, 6, 7, 8, 9]);
  assert.deepEqual(flock.map((e) => e.name), cli(['--list', '--model', 'flock2d']).trim().split('\n').map((l) => l.split('\t')[0]));
  assert.equal(w.seeds, 0, 'each claim\'s own seeds unless chosen');
  // The short form: one seed a point, as `--seeds 1` (docs_test checks the CLI's five-seed verdicts
  // against docs/experiments.md, and the card below runs with its own seeds).
  await clickWidget(page, 'exp-seeds');
  await clickWidget(page, 'exp-seeds:1');
  assert.equal((await expState(page)).seeds, 1, 'the combo chose one seed a point');
  const t0 = Date.now();
  await clickWidget(page, 'exp-run-model:flock2d');
  w = await expState(page);
  assert.equal(w.busy, true);
  assert.ok(w.experiments.filter((e) => e.status === 'queued').length >= 6, 'one runs, the rest wait');
  assert.ok(w.experiments.filter((e) => e.model !== 'flock2d').every((e) => e.status === 'idle'), 'only the 2-D flock\'s cards');
  // Progress shows as rows finish: the first card's curve has points before its last row is in.
  const partial = await waitFor(() => expState(page), (s) => s.experiments[0].finished > 0, 60000, 'a first row');
  assert.ok(partial.experiments[0].points.some((p) => p.n > 0));
  w = await waitFor(() => expState(page), (s) => !s.busy, 300000, 'every experiment');
  const seconds = (Date.now() - t0) / 1000;
  console.log(`# every card in the page, one seed a point: ${seconds.toFixed(1)} s (${w.experiments.filter((e) => e.status === 'done').map((e) => `${e.name} ${e.seconds?.toFixed(1)} s`).join(', ')})`);
  await nextFrames(page, 2);
  await keepPicture(page, 'experiments-tab.png');
  const check = async (k, e, seeds) => {
    assert.equal(e.status, 'done', `${e.name}: ${e.error}`);
    assert.ok(e.verdict && typeof e.verdict.holds === 'boolean' && e.verdict.text.length > 10, e.name);
    const csv = await page.evaluate((i) => Module.experimentCsv(i), k);
    const lines = csv.trim().split('\n');
    assert.match(lines.at(-1), /^verdict: (holds|does not hold): .+ \(rule: .+\)$/);
    if (e.kind === 'timed') {
      // Timings differ run to run: the rows are its points (the CLI's rows by the same code), every
      // rate a positive number.
      assert.deepEqual(lines.slice(1, -1).map((l) => l.split(',').slice(0, 2).join(',')),
                       e.points.map((p) => p.labels.join(',')));
      assert.equal(lines[0], 'count,search,steps_per_second');
      for (const l of lines.slice(1, -1)) assert.ok(Number(l.split(',')[2]) > 0, l);
    } else {
      assert.equal(e.seeds, seeds || e.own_seeds);
      assert.equal(e.rows, e.points.length * e.seeds, `${e.name}: a row per point and seed`);
      assert.equal(csv, cli(seeds ? [e.name, '--seeds', String(seeds)] : [e.name]),
                   `${e.name}: the page's rows and verdict are the CLI's`);
    }
  };
  for (const [k, e] of w.experiments.entries()) if (e.kind !== 'opens' && e.model === 'flock2d') await check(k, e, 1);
  // Back to each claim's own seeds: one card's Run is the CLI's without --seeds.
  await clickWidget(page, 'exp-seeds');
  await clickWidget(page, 'exp-seeds:0');
  const own = w.experiments.findIndex((e) => e.name === 'separation-loosens');
  await scrollTo(page, `exp-run:${w.experiments[own].name}`);
  await clickWidget(page, `exp-run:${w.experiments[own].name}`);
  const w5 = await waitFor(() => expState(page), (s) => !s.busy, 120000, 'the card with its own seeds');
  assert.equal(w5.experiments[own].own_seeds, 5);
  // The card run by its own button is brought into view when its verdict is ready (issue 85: the
  // result and plot landed below the fold).
  await nextFrames(page, 3);
  const verdict = (await uiRects(page)).widgets[`exp-verdict:${w.experiments[own].name}`];
  assert.ok(verdict && verdict[3] > 0, `the verdict is on screen: ${verdict}`);
  await check(own, w5.experiments[own], 0);
  w.experiments[own] = w5.experiments[own];
  // The accessible view: a card per claim, every verdict, a table of numbers per card.
  await page.evaluate(() => window.bandadaStartHtmlView());
  await nextFrames(page, 3);
  assert.equal(await page.$eval('#hv-exp-seeds', (el) => el.value), '0', 'the view shows the seeds chosen');
  await page.selectOption('#hv-exp-seeds', '3');
  assert.equal((await expState(page)).seeds, 3, 'the accessible view chooses the seeds too');
  const view = await page.evaluate(() => [...document.querySelectorAll('#hv-exp-cards article')].map((a) => ({
    name: a.dataset.name, title: a.querySelector('h3').textContent, verdict: a.querySelector('.hv-exp-verdict')?.textContent || '',
    rows: a.querySelectorAll('table tr').length, buttons: [...a.querySelectorAll('button')].map((b) => b.getAttribute('aria-label'))})));
  assert.equal(view.length, w.experiments.length);
  assert.deepEqual(await page.$$eval('#hv-exp-cards h3.hv-exp-group', (hs) => hs.map((h) => h.querySelector('button').dataset.exp)),
                   ['run_model:flock2d', 'run_model:crowd', 'run_model:pso'], 'each model\'s cards under its heading, with Run these');
  for (const [k, c] of view.entries()) {
    const e = w.experiments[k];
    assert.equal(c.title, `${e.heading}. ${e.claim_text}`);
    if (e.model === 'flock2d') assert.equal(e.heading, `Claim ${e.claim}`);
    if (e.kind === 'opens') {
      assert.deepEqual(c.buttons, ['Open the comparison: Claim 9']);
      continue;
    }
    assert.deepEqual(c.buttons, [`Run: ${e.heading}`, `Try it: ${e.heading}`]);
    if (e.model !== 'flock2d') continue;  // not run here: the crowd's test below runs two of them
    assert.equal(c.verdict, (e.verdict.holds ? 'Holds: ' : 'Does not hold: ') + e.verdict.text);
    assert.equal(c.rows, e.points.length + 1, `${e.name}: a row per point`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('the crowd\'s verification cards: three short ones (and the particle swarm\'s truss) run in the page equal the CLI\'s rows and verdicts; a card\'s own plot draws its references and its run; Try it opens the card\'s room by name', async () => {
  const {context, page, errors} = await freshPage(suite.browser, suite.url, {viewport: {width: 1400, height: 900}});
  await page.evaluate(() => Module.command('model:crowd'));
  await clickWidget(page, 'tab:Experiments');
  let w = await expState(page);
  const crowd = w.experiments.filter((e) => e.model === 'crowd');
  assert.deepEqual(crowd.map((e) => e.name), cli(['--list', '--model', 'crowd']).trim().split('\n').map((l) => l.split('\t')[0]));
  assert.ok(crowd.some((e) => e.heading === 'RiMEA 1') && crowd.every((e) => !e.heading.startsWith('Claim')));
  // A card's own plot: before any run, its references alone (Weidmann's curve; the experiment's
  // every passage), drawn in both views.
  const plotOf = (st, name) => st.experiments.find((e) => e.name === name).plot;
  const fd = plotOf(w, 'rimea-04'), nt = plotOf(w, 'wuppertal-2018');
  assert.deepEqual(fd.series.map((s) => [s.name, s.reference, s.x.length]), [['the model, mean of the three areas', false, 0], ['Weidmann (1993)', true, 70]]);
  assert.ok(Math.abs(fd.series[1].y[9] - 1.059) < 1e-3, 'Weidmann\'s speed at 1 P/m²');
  assert.deepEqual(nt.series[1].y, Array.from({length: 75}, (_, k) => k + 1), 'the experiment\'s N-t: every passage');
  assert.equal(plotOf(w, 'rimea-01'), null, 'a card without its own plot draws its first measure');
  for (const name of ['rimea-01', 'rimea-10', 'rimea-16', 'pso-truss']) {  // and a card of the particle swarm
    const k = w.experiments.findIndex((e) => e.name === name);
    assert.equal(await page.evaluate((i) => Module.experimentCommand('run:' + i), k), '');
    w = await waitFor(() => expState(page), (s) => !s.busy, 120000, name);
    const e = w.experiments[k];
    assert.equal(e.status, 'done', `${name}: ${e.error}`);
    assert.equal(e.seeds, name === 'pso-truss' ? 5 : 3, 'the card\'s own seeds');
    assert.equal(await page.evaluate((i) => Module.experimentCsv(i), k), cli([name]), `${name}: the page's rows and verdict are the CLI's`);
    if (name !== 'rimea-16') assert.equal(e.verdict.holds, true, `${name}: ${e.verdict.text}`);
  }
  // RiMEA 16 run: its plot has the model's six points (line density, speed) beside the band.
  const band = plotOf(w, 'rimea-16');
  assert.equal(band.series[0].x.length, 6, 'a point per line density');
  assert.deepEqual(band.series.slice(1).map((s) => s.reference), [true, true, true]);
  const rows = cli(['rimea-16']).trim().split('\n').slice(1, -1).map((l) => l.split(','));
  const first = rows.filter((r) => r[0] === '0.2').map((r) => Number(r[2]));
  assert.ok(Math.abs(band.series[0].y[0] - first.reduce((a, b) => a + b) / first.length) < 1e-9, 'the first point is the mean speed of its seeds');
  // Try it: the card's room, by name in the link, initialized and running.
  await scrollTo(page, 'exp-try:rimea-06');
  await clickWidget(page, 'exp-try:rimea-06');
  const s = await appState(page);
  assert.equal(s.model, 'crowd');
  assert.equal(s.status, 'running');
  assert.match(await page.evaluate(() => Module.shareString()), /scenario=rimea-06/);
  const room = JSON.parse(await page.evaluate(() => Module.stateJson()));
  assert.equal(room.placed, 20, 'the card\'s twenty people');
  // A link that names only a bundled scenario runs the file's people, not the panel's defaults
  // (issue 85: RiMEA 12c ran 200 at 1 m/s; the file says 150 at 1.34, as bandada-cli --bundled).
  const named = await context.newPage();
  await named.goto(suite.url + '#m=crowd&v=1&scenario=rimea-12c');
  await named.waitForFunction(() => window.bandadaReady === true);
  assert.equal(await named.evaluate(() => Module.command('initialize')), true);
  const c12 = JSON.parse(await named.evaluate(() => Module.stateJson()));
  assert.equal(c12.placed, 150, 'RiMEA 12c\'s 150 people');
  assert.equal(JSON.parse(execFileSync(nativeCli, ['--model', 'crowd', '--bundled', 'rimea-12c'], {encoding: 'utf8'})).placed, 150);
  await named.close();
  await page.evaluate(() => window.bandadaStartHtmlView());
  await nextFrames(page, 3);
  const figures = await page.evaluate(() => Object.fromEntries([...document.querySelectorAll('#hv-exp-cards article')]
    .filter((a) => a.querySelector('figure')).map((a) => [a.dataset.name, {caption: a.querySelector('figcaption').textContent,
      refs: a.querySelectorAll('polyline.hv-exp-ref').length, model: a.querySelector('polyline.hv-exp-model').getAttribute('points').split(' ').filter(Boolean).length}])));
  assert.deepEqual(Object.keys(figures).sort(), ['rimea-04', 'rimea-16', 'wuppertal-2018']);
  assert.match(figures['rimea-04'].caption, /orange: Weidmann \(1993\)/);
  assert.equal(figures['rimea-16'].refs, 3);
  assert.equal(figures['rimea-16'].model, 6, 'the accessible view draws the run\'s six points');
  assert.match(figures['wuppertal-2018'].caption, /orange: the experiment, 040_c_56_h-/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Try it loads the telling configuration and runs it; Undo Try it gives the fields back; claim 9 opens the comparison', async () => {
  const {context, page, errors} = await freshPage(suite.browser, suite.url, {viewport: {width: 1400, height: 900}});
  await page.evaluate(() => Module.command('model:flock2d'));
  await nextFrames(page, 2);
  const before = (await appState(page)).texts.slice();
  await page.evaluate(() => Module.command('model:boids3d'));  // Try it switches to the experiment's model
  await clickWidget(page, 'tab:Experiments');
  await clickWidget(page, 'exp-try:separation-loosens');
  let s = await appState(page);
  assert.equal(s.model, 'flock2d');
  const wsep = 3;  // the flock's fields: count, radius, sep-radius, w-sep, …
  assert.equal(s.texts[wsep], '10');
  assert.equal(s.status, 'running');
  const others = s.texts.filter((t, i) => i !== wsep);
  assert.deepEqual(others, before.filter((t, i) => i !== wsep), 'only what the claim is about changes (the rest at the defaults)');
  await clickWidget(page, 'tab:Experiments');
  await clickWidget(page, 'exp-undo-try');
  s = await appState(page);
  assert.deepEqual(s.texts, before, 'Undo Try it: the fields as they were');
  // Claim 9: the comparison, Euler and RK4 side by side.
  await clickWidget(page, 'tab:Experiments');
  await scrollTo(page, 'exp-try:euler-vs-rk4');
  await clickWidget(page, 'exp-try:euler-vs-rk4');
  s = await waitFor(() => appState(page), (q) => q.extra?.comparing === true, 20000, 'the comparison');
  assert.equal(s.model, 'flock2d');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a phone\'s layout has the Experiments tab, and its cards fit the width', async () => {
  const {context, page, errors} = await freshPage(suite.browser, suite.url, {viewport: {width: 390, height: 844}, isMobile: true, hasTouch: true});
  const rects = await uiRects(page);
  assert.ok(rects.widgets['tab:Experiments'], 'the tab is there');
  await page.tap('canvas', {position: {x: rects.widgets['tab:Experiments'][0] + 5, y: rects.widgets['tab:Experiments'][1] + 5}});
  await nextFrames(page, 4);
  const run = (await uiRects(page)).widgets['exp-run:more-boids'];
  assert.ok(run, 'the first card\'s Run is on screen');
  assert.ok(run[0] + run[2] <= 390, 'inside the width');
  assert.deepEqual(errors, []);
  await context.close();
});
