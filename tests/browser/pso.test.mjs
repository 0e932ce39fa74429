// Bandada — the particle swarm in the page: the landscape drawn under the swarm (WebGL: low valleys
// dark, high walls pale; the accessible view: its contours), chosen from the panel as a user
// chooses it, and a run that equals the CLI's bits; a topology that does not fit the swarm is
// refused with its reason and nothing changes.
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {test, useSuite, freshPage, appState, nextFrames, clickWidget, regionPixels, nativeCli, uiRects} from './helpers.mjs';
import {imagePixelsSource} from './image_pixels.mjs';

const suite = useSuite();
const brightness = (px) => {
  let sum = 0;
  for (let k = 0; k < px.data.length; k += 4) sum += px.data[k] + px.data[k + 1] + px.data[k + 2];
  return sum / (px.data.length / 4);
};

test('the particle swarm: the landscape under it (dark valley, pale walls, in both views, with contours); the run is the CLI\'s', async () => {
  const {context, page, errors} = await freshPage(suite.browser, suite.url, {viewport: {width: 1400, height: 900}});
  await page.evaluate(() => Module.command('model:pso'));
  await nextFrames(page, 2);
  await clickWidget(page, 'choice:landscape');
  await clickWidget(page, 'choice:landscape:sphere');
  assert.match(await page.evaluate(() => Module.shareString()), /&landscape=sphere/);
  await page.evaluate(() => Module.command('initialize'));
  await nextFrames(page, 3);
  const s = await appState(page);
  // The plane is square, centred in the view: its middle is the sphere's optimum, its corner the
  // highest ground. A few pixels beside the middle against a few inside the top-left corner.
  const [vx, vy, vw, vh] = s.view, side = Math.min(vw, vh) - 24, cx = vx + vw / 2, cy = vy + vh / 2;
  const middle = brightness(await regionPixels(page, [cx + 12, cy + 12, 3, 3]));
  const corner = brightness(await regionPixels(page, [cx - side / 2 + 4, cy - side / 2 + 4, 3, 3]));
  assert.ok(corner > middle + 90, `the corner (${corner.toFixed(0)}) is paler than the valley (${middle.toFixed(0)})`);
  for (let k = 0; k < 20; ++k) await page.evaluate(() => Module.command('step'));
  const state = await page.evaluate(() => Module.stateJson());
  assert.equal(state, execFileSync(nativeCli, ['--model', 'pso', '--landscape', 'sphere', '--steps', '20'], {encoding: 'utf8'}),
               'the page\'s swarm is the CLI\'s, bit for bit');
  // A topology that does not fit: von Neumann with 7 particles is refused by Initialize, with why.
  await page.evaluate(() => { Module.setField(1, '7'); Module.commitField?.(1); });
  await clickWidget(page, 'choice:topology');
  await clickWidget(page, 'choice:topology:von Neumann');
  const refused = await page.evaluate(() => Module.command('initialize'));
  assert.match(JSON.stringify(refused) + (await appState(page)).notice, /7 particles have no such split/);
  // The accessible view draws the same swarm over the landscape's contours.
  await page.evaluate(() => { Module.setField(1, '30'); Module.choose('topology', 0); Module.command('initialize'); });
  await page.evaluate(() => window.bandadaStartHtmlView());
  await nextFrames(page, 3);
  const view = await page.evaluate(() => ({
    glyphs: [...document.querySelectorAll('#hv-glyphs line')].filter((l) => l.getAttribute('visibility') !== 'hidden').length,
    contours: document.querySelectorAll('#hv-overlays line.c8').length,
    field: [document.getElementById('hv-field').getAttribute('visibility'), (document.getElementById('hv-field').getAttribute('href') || '').slice(0, 22)],
  }));
  assert.equal(view.glyphs, 30, 'an arrow per particle');
  assert.ok(view.contours > 20, `the landscape's contours (${view.contours} segments)`);
  assert.deepEqual(view.field, ['visible', 'data:image/png;base64,'], 'the landscape\'s shades under the swarm');
  // Its pixels: the picture's middle (the sphere's valley) darker than its corner, as in WebGL.
  const shades = await page.evaluate(async (source) => {
    const {width, height, data} = await (0, eval)(source)(document.getElementById('hv-field').getAttribute('href'));
    const at = (x, y) => data[(y * width + x) * 4] + data[(y * width + x) * 4 + 1] + data[(y * width + x) * 4 + 2];
    return {size: [width, height], middle: at(24, 24), corner: at(0, 0)};
  }, imagePixelsSource);
  assert.deepEqual(shades.size, [49, 49]);
  assert.ok(shades.corner > shades.middle + 90, JSON.stringify(shades));
  await page.evaluate(() => Module.command('model:crowd'));
  await nextFrames(page, 3);
  assert.equal(await page.evaluate(() => document.getElementById('hv-field')?.getAttribute('visibility') ?? 'hidden'), 'hidden',
               'another model: no landscape');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the 10-bar truss drawn as a structure: each member as wide as its area and coloured by its stress, in both views', async () => {
  const {context, page, errors} = await freshPage(suite.browser, suite.url, {viewport: {width: 1400, height: 900}});
  await page.evaluate(() => Module.command('model:pso'));
  await nextFrames(page, 2);
  // The legend lists only what is drawn (issue 85: it listed the truss's members on Rastrigin).
  const legend = async () => Object.keys((await uiRects(page)).widgets).filter((k) => k.startsWith('legend:'));
  await page.evaluate(() => Module.command('initialize'));
  await nextFrames(page, 3);
  let words = await legend();
  assert.ok(words.includes('legend:particle, with its velocity'), words.join(' | '));
  assert.ok(!words.some((w) => /truss/.test(w)), words.join(' | '));
  await page.evaluate(() => { Module.choose('landscape', 8); Module.command('initialize'); });
  await nextFrames(page, 3);
  words = await legend();
  assert.ok(words.some((w) => /^legend:truss member/.test(w)), words.join(' | '));
  // The view is the structure alone (issue 85: the swarm sat in a corner of the first two areas'
  // slice, under red "outside the box" marks that the loads shared): no particle, no landscape.
  assert.ok(words.some((w) => /^legend:truss node/.test(w)), words.join(' | '));
  assert.ok(!words.some((w) => /particle|outside the box/.test(w)), words.join(' | '));
  assert.equal(await page.evaluate(() => { Module.viewJson(1, 0, 0); return Module.glyphs(1, 0, 0).length; }), 0,
               'no particle drawn over the structure');
  assert.match(await page.evaluate(() => Module.shareString()), /&landscape=truss10/);
  // What applies to the truss is said: its ten dimensions (the field D is the functions'), and
  // what a "—" in the particles' table means (issue 85).
  const readouts = JSON.parse(await page.evaluate(() => Module.viewJson(1, 0, 0))).readouts.map((r) => r.slice(0, 2).join(' '));
  assert.ok(readouts.includes('dimensions 10, the member areas (the field D is for the functions)'), readouts.join(' | '));
  await page.evaluate(() => window.bandadaStartHtmlView());
  await nextFrames(page, 3);
  assert.match(await page.$eval('#hv-table-note', (e) => e.textContent), /^value —: not evaluated \(outside the box/);
  // The accessible view: ten members, each in a colour of the blue → red ramp, as wide as the
  // swarm's best design's area (1 px + 0.4 px per in²).
  const best = JSON.parse(await page.evaluate(() => Module.stateJson())).best.x;
  const members = await page.evaluate(() => [...document.querySelectorAll('#hv-overlays line')]
    .filter((l) => /var\(--c(\d+)\)/.test(l.getAttribute('style') || ''))
    .map((l) => {
      const style = l.getAttribute('style'), c = +style.match(/var\(--c(\d+)\)/)[1];
      return {c, width: +style.match(/stroke-width: ([\d.]+)/)[1], hex: getComputedStyle(document.documentElement).getPropertyValue('--c' + c).trim(),
              x: (+l.getAttribute('x1') + +l.getAttribute('x2')) / 2, y: (+l.getAttribute('y1') + +l.getAttribute('y2')) / 2};
    }));
  assert.equal(members.length, 10, 'ten members');
  members.forEach((m, k) => {
    assert.ok(m.c >= 16 && m.c < 32, `member ${k + 1} in a ramp colour (${m.c})`);
    assert.ok(Math.abs(m.width - (1 + 0.4 * best[k])) < 1e-3, `member ${k + 1}: width ${m.width} for ${best[k]} in²`);
  });
  // The WebGL view draws the widest member in its colour at its middle.
  await page.evaluate(() => window.bandadaStopHtmlView?.());
  const widest = members.reduce((a, b) => (b.width > a.width ? b : a));
  const s = await appState(page);
  const [vx, vy, vw, vh] = s.view, side = Math.min(vw, vh) - 24;
  const px = await regionPixels(page, [vx + vw / 2 - side / 2 + widest.x / 1000 * side - 1, vy + vh / 2 - side / 2 + widest.y / 1000 * side - 1, 3, 3]);
  const [r, g, b] = [1, 3, 5].map((k) => parseInt(widest.hex.slice(k, k + 2), 16));
  let near = Infinity;
  for (let k = 0; k < px.data.length; k += 4)
    near = Math.min(near, Math.abs(px.data[k] - r) + Math.abs(px.data[k + 1] - g) + Math.abs(px.data[k + 2] - b));
  assert.ok(near < 30, `the widest member (${widest.width} px, ${widest.hex}) is drawn in its colour (nearest ${near})`);
  assert.deepEqual(errors, []);
  await context.close();
});
