// Bandada — phones, tablets and desktops (issue 13): at 390 × 844 (touch, DPR 2), 820 × 1180
// (touch) and 1400 × 900, for every model and both views, nothing is cut off or covered and no
// panel lies over the view; on the phone, fields are typed into by touch, panels scroll by a
// finger, sliders drag, and a pinch zooms. Pictures of each go to test-output/screens/ with
// BANDADA_PICTURES=1.
import assert from 'node:assert/strict';
import {test, useSuite, appState, uiRects, nextFrames, waitState, freshPage, keepPicture} from './helpers.mjs';

const suite = useSuite();
// Layouts do not depend on threads: the threaded pass runs these.
const MODELS = ['boids3d', 'feedback2d', 'flock2d', 'crowd', 'pso'];
const SCREENS = {
  phone: {viewport: {width: 390, height: 844}, hasTouch: true, isMobile: true, deviceScaleFactor: 2},
  tablet: {viewport: {width: 820, height: 1180}, hasTouch: true, isMobile: true},
  desktop: {viewport: {width: 1400, height: 900}},
};
const TEXT_ONLY = new Set(['hint', 'status', 'link-check', 'threads', 'clip-mark', 'table-note']);  // lines of text, not targets
const textOnly = (name) => TEXT_ONLY.has(name) || name.startsWith('more-below') ||  // the scroll cue is a line too
  name.startsWith('exp-verdict:') || name.endsWith('-caption');

const overlaps = (a, b) => a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3];

/// Every widget drawn now: inside the canvas across, never under the view; 44 px tall on touch.
async function checkWidgets(page, label, coarse) {
  const s = await appState(page);
  const {widgets} = await uiRects(page);
  const width = await page.evaluate(() => document.getElementById('canvas').getBoundingClientRect().width);
  const names = Object.keys(widgets);
  assert.ok(names.length > 5, `${label}: widgets drawn`);
  for (const name of names) {
    const r = widgets[name];
    if (r[2] <= 0 || r[3] <= 0) continue;  // clipped away by a scrolled window: reached by scrolling
    if (name.startsWith('legend:') || name === 'view-hint') continue;  // the view's own legend and hint, drawn in it
    assert.ok(r[0] >= -0.5 && r[0] + r[2] <= width + 0.5, `${label}: ${name} ${r} cut off across (${width} px)`);
    assert.ok(!overlaps(r, s.view), `${label}: ${name} ${r} lies under the view ${s.view}`);
    if (coarse && !textOnly(name))
      assert.ok(r[3] >= 43.5 && r[2] >= 43.5, `${label}: ${name} is ${r[2]} × ${r[3]} px on a touch screen`);
  }
}

const sessions = new WeakMap();  // one CDP session per page: a touch lives across its events

async function touch(page, type, points) {
  if (!sessions.has(page)) sessions.set(page, await page.context().newCDPSession(page));
  await sessions.get(page).send('Input.dispatchTouchEvent', {type, touchPoints: points.map(([x, y]) => ({x, y}))});
}

async function canvasXY(page, x, y) {
  const r = await page.evaluate(() => { const b = document.getElementById('canvas').getBoundingClientRect(); return [b.left, b.top]; });
  return [r[0] + x, r[1] + y];
}

async function tapWidget(page, name) {
  const r = (await uiRects(page)).widgets[name];
  assert.ok(r, `no widget ${name}`);
  const p = await canvasXY(page, r[0] + r[2] / 2, r[1] + r[3] / 2);
  await touch(page, 'touchStart', [p]);
  await touch(page, 'touchEnd', []);
  await nextFrames(page, 3);
}

for (const [screen, options] of Object.entries(SCREENS)) {
  test(`${screen}: every model's widgets fit, none under the view, each tab in turn; the accessible view in one piece`, async () => {
    const {context, page, errors} = await freshPage(suite.browser, suite.url, options);
    const coarse = !!options.hasTouch;
    for (const model of MODELS) {
      await page.evaluate((m) => { Module.command('model:' + m); Module.command('initialize'); }, model);
      await nextFrames(page, 4);
      const s = await appState(page);
      assert.equal(s.stacked, screen !== 'desktop', `${screen}: stacked layout below 1100 px`);
      assert.equal(s.coarse, coarse);
      assert.ok(s.view[2] >= Math.min(560, options.viewport.width - 1), `${screen}/${model}: the view is ${s.view[2]} px wide`);
      assert.ok(s.view[3] >= 200, `${screen}/${model}: the view is ${s.view[3]} px tall`);
      if (s.stacked) {
        for (const tab of ['Parameters', 'Table', 'Plots', 'Sweep', 'Experiments']) {
          await tapOrClick(page, 'tab:' + tab, coarse);
          await checkWidgets(page, `${screen}/${model}/${tab}`, coarse);
        }
        await tapOrClick(page, 'tab:Parameters', coarse);
      } else {
        await checkWidgets(page, `${screen}/${model}`, coarse);
      }
      await keepPicture(page, 'screens/' + `${screen}-${model}-webgl` + '.png');
    }
    // The accessible view: one column when narrow, nothing over the drawing, no sideways scroll.
    await page.evaluate(() => window.bandadaStartHtmlView(''));
    for (const model of MODELS) {
      await page.selectOption('#hv-model', model);
      await page.waitForFunction((m) => document.getElementById('hv-model').value === m, model);
      await page.click('button[data-cmd=initialize]');
      await nextFrames(page, 3);
      const bad = await page.evaluate(() => {
        const svg = document.getElementById('hv-svg').getBoundingClientRect();
        const hit = (r) => r.width > 0 && r.height > 0 && r.left < svg.right && svg.left < r.right && r.top < svg.bottom && svg.top < r.bottom;
        const out = [];
        for (const el of document.querySelectorAll('#html-view input, #html-view button, #html-view select, #html-view label, #html-view table, #html-view small, #html-view p'))
          if (!el.closest('#hv-svg') && hit(el.getBoundingClientRect())) out.push(el.id || el.tagName + ':' + el.textContent.slice(0, 20));
        return {out, wide: document.documentElement.scrollWidth - window.innerWidth};
      });
      assert.deepEqual(bad.out, [], `${screen}/${model}: elements over the drawing`);
      assert.ok(bad.wide <= 1, `${screen}/${model}: the page scrolls sideways by ${bad.wide} px`);
      await keepPicture(page, 'screens/' + `${screen}-${model}-accessible` + '.png', {fullPage: true});
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
}

async function tapOrClick(page, name, coarse) {
  if (coarse) return tapWidget(page, name);
  const r = (await uiRects(page)).widgets[name];
  const p = await canvasXY(page, r[0] + r[2] / 2, r[1] + r[3] / 2);
  await page.mouse.click(p[0], p[1]);
  await nextFrames(page, 3);
}

test('phone: a tapped field opens the device keyboard through a real input, and keeps the raw text', async () => {
  const {context, page, errors} = await freshPage(suite.browser, suite.url, SCREENS.phone);
  await tapWidget(page, 'field:n');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'touch-edit', 'a real input has the focus');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('4,');  // raw text: an incomplete number stays as typed
  await waitState(page, (s) => s.texts[0] === '4,');
  await page.keyboard.press('Enter');
  await nextFrames(page, 2);
  assert.equal(await page.evaluate(() => document.getElementById('touch-edit').hidden), true);
  const s = await appState(page);
  assert.equal(s.texts[0], '4,');
  assert.notEqual(s.errors[0], '');
  // The same in the accessible view: its own inputs take the keyboard.
  await page.evaluate(() => window.bandadaStartHtmlView(''));
  await page.tap('#hv-f-seed');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('1.');
  await waitState(page, (st) => st.texts[6] === '1.');
  assert.deepEqual(errors, []);
  await context.close();
});

test('phone: a one-finger drag scrolls the panel, and a slider dragged by touch writes its field', async () => {
  const {context, page, errors} = await freshPage(suite.browser, suite.url, SCREENS.phone);
  await page.evaluate(() => { Module.command('model:flock2d'); Module.command('initialize'); });
  await nextFrames(page, 3);
  // The slider of the perception radius, dragged from its left end to its right end.
  const r = (await uiRects(page)).widgets['slider:radius'];
  assert.ok(r, 'the perception radius has a slider');
  const y = r[1] + r[3] / 2;
  const from = await canvasXY(page, r[0] + 4, y), to = await canvasXY(page, r[0] + r[2] - 4, y);
  await touch(page, 'touchStart', [from]);
  for (let k = 1; k <= 8; ++k) {
    await touch(page, 'touchMove', [[from[0] + (to[0] - from[0]) * k / 8, from[1]]]);
    await nextFrames(page, 1);
  }
  await touch(page, 'touchEnd', []);
  let s = await waitState(page, (st) => Number(st.texts[1]) > 250);
  assert.match(s.texts[1], /^\d+(\.\d+)?$/, 'the field shows the slider\'s value');
  assert.ok(Math.abs(JSON.parse(await page.evaluate(() => Module.stateJson())).boids.length - 300) === 0);
  // A drag upward over the panel scrolls it.
  const v = s.view;
  const start = await canvasXY(page, 200, v[3] + 300);
  await touch(page, 'touchStart', [start]);
  for (let k = 1; k <= 10; ++k) {
    await touch(page, 'touchMove', [[start[0], start[1] - 25 * k]]);
    await nextFrames(page, 1);
  }
  await touch(page, 'touchEnd', []);
  s = await waitState(page, (st) => st.panel_scroll > 100);
  await keepPicture(page, 'screens/' + 'phone-scrolled' + '.png');
  assert.deepEqual(errors, []);
  await context.close();
});

test('phone: a pinch zooms the 3-D view and the 2-D plane, Reset view undoes it, one finger still orbits', async () => {
  const {context, page, errors} = await freshPage(suite.browser, suite.url, SCREENS.phone);
  await page.evaluate(() => Module.command('initialize'));
  await nextFrames(page, 2);
  const pinchOut = async () => {
    const v = (await appState(page)).view;
    const [cx, cy] = await canvasXY(page, v[2] / 2, v[3] / 2);
    await touch(page, 'touchStart', [[cx - 30, cy], [cx + 30, cy]]);
    for (let k = 1; k <= 6; ++k) {
      await touch(page, 'touchMove', [[cx - 30 - 15 * k, cy], [cx + 30 + 15 * k, cy]]);
      await nextFrames(page, 1);
    }
    await touch(page, 'touchEnd', []);
    await nextFrames(page, 2);
  };
  const d0 = (await appState(page)).camera_distance;
  await pinchOut();
  assert.ok((await appState(page)).camera_distance < d0 * 0.6, 'spreading two fingers brings the cube closer');
  // One finger orbits the cube.
  const v = (await appState(page)).view;
  const before = await page.screenshot({clip: {x: 0, y: 0, width: 390, height: v[3]}});
  const [x, y] = await canvasXY(page, v[2] / 2, v[3] / 2);
  await touch(page, 'touchStart', [[x, y]]);
  for (let k = 1; k <= 6; ++k) { await touch(page, 'touchMove', [[x + 20 * k, y]]); await nextFrames(page, 1); }
  await touch(page, 'touchEnd', []);
  await nextFrames(page, 3);
  assert.ok(!before.equals(await page.screenshot({clip: {x: 0, y: 0, width: 390, height: v[3]}})), 'one finger orbits');
  await page.evaluate(() => { Module.command('model:flock2d'); Module.command('initialize'); });
  await nextFrames(page, 2);
  await pinchOut();
  const s = await appState(page);
  assert.ok(s.plane_zoom > 2, `the plane zoomed ${s.plane_zoom}×`);
  assert.equal(s.extra.predators, 0, 'a pinch is not a tap: no predator placed');
  await keepPicture(page, 'screens/' + 'phone-pinched-plane' + '.png');
  await tapWidget(page, 'tab:Parameters');
  const canvasH = await page.evaluate(() => document.getElementById('canvas').getBoundingClientRect().height);
  const onScreen = (r) => r && r[1] >= s.view[3] + 40 && r[1] + r[3] <= canvasH - 4;
  for (let k = 0; k < 20 && !onScreen((await uiRects(page)).widgets['Reset view']); ++k) {  // scroll down to it
    const [px, py] = await canvasXY(page, 200, s.view[3] + 400);
    await touch(page, 'touchStart', [[px, py]]);
    for (let j = 1; j <= 5; ++j) { await touch(page, 'touchMove', [[px, py - 40 * j]]); await nextFrames(page, 1); }
    await touch(page, 'touchEnd', []);
    await nextFrames(page, 2);
  }
  await tapWidget(page, 'Reset view');
  assert.equal((await appState(page)).plane_zoom, 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test('tablet: turning it re-lays out without a reload, and a slider of the accessible view drags by touch', async () => {
  // Playwright reloads an isMobile page when its viewport changes: turn a touch tablet without it.
  const {context, page, errors} = await freshPage(suite.browser, suite.url, {...SCREENS.tablet, isMobile: false});
  assert.equal((await appState(page)).stacked, true);
  const navigations = [];
  page.on('framenavigated', (f) => navigations.push(f.url()));
  await page.setViewportSize({width: 1180, height: 820});  // landscape
  await waitState(page, (s) => s.stacked === false);
  await page.setViewportSize({width: 820, height: 1180});
  await waitState(page, (s) => s.stacked === true && s.view[2] === 820);
  assert.deepEqual(navigations, [], 'no reload');
  await page.evaluate(() => { Module.command('model:flock2d'); window.bandadaStartHtmlView(''); });
  await page.waitForFunction(() => document.getElementById('hv-f-radius-slider') !== null);
  const box = await page.locator('#hv-f-radius-slider').boundingBox();
  const y = box.y + box.height / 2, thumb = box.x + box.width * (50 - 1) / (300 - 1);  // r = 50 in 1 … 300
  await touch(page, 'touchStart', [[thumb, y]]);
  for (let k = 1; k <= 8; ++k) await touch(page, 'touchMove', [[thumb + (box.x + box.width - 4 - thumb) * k / 8, y]]);
  await touch(page, 'touchEnd', []);
  const s = await waitState(page, (st) => Number(st.texts[1]) > 250);
  assert.equal(await page.inputValue('#hv-f-radius'), s.texts[1], 'the typed field follows the slider');
  assert.deepEqual(errors, []);
  await context.close();
});
