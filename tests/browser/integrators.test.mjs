// Bandada — Euler against RK4 side by side (issue 16): the Orbit preset with "compare
// integrators" on draws both energy curves, visibly apart, and the page's numbers are the CLI's.
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {test, threadsMatter, useSuite, appState, nextFrames, freshPage, uiRects, regionPixels, nativeCli, keepPicture} from './helpers.mjs';

const suite = useSuite();

// For each pixel column of the plot, the mean row of the pixels of one hue (or null): the
// curves are antialiased, so a pixel counts by which channel dominates, not by exact colour.
const BLUE = (r, g, b) => b > 150 && b - r > 60;
const ORANGE = (r, g, b) => r > 150 && r - b > 80;
function curveRows(px, hue) {
  const rows = [];
  for (let x = 0; x < px.width; ++x) {
    let sum = 0, count = 0;
    for (let y = 0; y < px.height; ++y) {
      const k = (y * px.width + x) * 4;
      if (hue(px.data[k], px.data[k + 1], px.data[k + 2])) {
        sum += y;
        ++count;
      }
    }
    rows.push(count ? sum / count : null);
  }
  return rows;
}

test('the Orbit preset compared: both energy curves drawn, labelled and apart; the twin on the plane; the CLI agrees', threadsMatter('both integrators run on threads or in the step worker'), async () => {
  const {context, page, errors} = await freshPage(suite.browser, suite.url, {viewport: {width: 1400, height: 900}});
  const presets = JSON.parse(await page.evaluate(() => { Module.command('model:flock2d'); return Module.describe(); }))
    .choices.find((c) => c.key === 'preset').names;
  await page.evaluate((k) => { Module.choose('preset', k); Module.choose('cmp', 1); Module.command('initialize'); },
    presets.indexOf('Orbit'));
  await page.evaluate(() => { for (let k = 0; k < 400; ++k) Module.command('step'); });
  await nextFrames(page, 4);
  const s = await appState(page);
  assert.equal(s.extra.comparing, true);
  const readouts = JSON.stringify(JSON.parse(await page.evaluate(() => Module.viewJson(1, 0, 0))).readouts);
  assert.match(readouts, /Euler \(filled\) · RK4 twin \(outlines\), at most 2000 boids/);
  assert.match(readouts, /boid to twin/);
  // The numbers: RK4 keeps energy, Euler's swings; the page equals the CLI run of its link.
  const page_json = JSON.parse(await page.evaluate(() => Module.stateJson()));
  const {euler, rk4} = page_json.energy;
  assert.equal(euler.length, 401);
  assert.equal(rk4.length, 401);
  const spread = (v) => (Math.max(...v) - Math.min(...v)) / v[0];
  assert.ok(spread(rk4) < 1e-3, `RK4 energy spread ${spread(rk4)}`);
  assert.ok(spread(euler) > 10 * spread(rk4), `Euler ${spread(euler)} against RK4 ${spread(rk4)}`);
  const link = await page.evaluate(() => Module.shareString());
  assert.match(link, /cmp=on/);
  const cli = JSON.parse(execFileSync(nativeCli, ['--config', link, '--steps', '400'], {encoding: 'utf8'}));
  assert.deepEqual(cli.energy, page_json.energy);
  assert.equal(cli.twin_fingerprint, page_json.twin_fingerprint);
  // The picture: in the energy plot, a blue curve (Euler) and an orange one (RK4) apart.
  const plot = (await uiRects(page)).widgets['energy-plot'];
  assert.ok(plot, 'the energy plot with two curves is on screen');
  await keepPicture(page, 'integrators-orbit-compared.png');
  const px = await regionPixels(page, plot);
  const blue = curveRows(px, BLUE), orange = curveRows(px, ORANGE);
  const both = blue.map((b, x) => (b !== null && orange[x] !== null ? Math.abs(b - orange[x]) : null)).filter((d) => d !== null);
  assert.ok(blue.filter((b) => b !== null).length > px.width / 2, 'the Euler curve spans the plot');
  assert.ok(orange.filter((b) => b !== null).length > px.width / 2, 'the RK4 curve spans the plot');
  const apart = both.filter((d) => d > 4).length;
  assert.ok(apart > both.length / 4, `the curves are apart in ${apart} of ${both.length} columns`);
  // The twin on the plane: faint outlines, one per boid, and they go when the switch goes off.
  const overlays = async () => JSON.parse(await page.evaluate(() => Module.viewJson(1, 0, 0))).overlays.length;
  const withTwin = await overlays();
  await page.evaluate(() => Module.choose('cmp', 0));
  await nextFrames(page, 2);
  assert.equal(await overlays(), withTwin - 20);
  assert.equal((await appState(page)).extra.comparing, false);
  assert.deepEqual(errors, []);
  await context.close();
});

test('compare integrators above 2 000 boids is refused with a notice, and the flock runs on', async () => {
  const {context, page, errors} = await freshPage(suite.browser, suite.url, {viewport: {width: 1400, height: 900}});
  await page.evaluate(() => {
    Module.command('model:flock2d');
    Module.setField(0, '3000');
    Module.commitField(0);
    Module.command('initialize');
    Module.choose('cmp', 1);
  });
  await nextFrames(page, 2);
  const s = await appState(page);
  assert.equal(s.extra.comparing, false);
  assert.match(s.notice, /at most 2000 boids/);
  assert.deepEqual(errors, []);
  await context.close();
});
