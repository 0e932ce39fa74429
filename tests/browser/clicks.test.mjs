// Bandada — every button takes the click a user gives it where it is drawn (issue 37): the test hook
// reports the frame on screen, so a click at a button's drawn centre must act, on a fresh page, after
// Initialize, after a combo pick and after plane clicks; the view's switches sit in the page header,
// always in sight; and a panel that scrolls says so.
import assert from 'node:assert/strict';
import {test, useSuite, freshPage, appState, uiRects, nextFrames, canvasPoint, waitFor, regionPixels} from './helpers.mjs';

const suite = useSuite();
const MODELS = ['boids3d', 'feedback2d', 'flock2d', 'crowd', 'pso'];
/// Hook entries that are not buttons: lines of text, fields, sliders, combos, radio buttons, tabs, the
/// headers that fold a group of fields (crowd.test.mjs opens one and finds its fields).
const NOT_BUTTONS = /^(field:|group:|slider:|choice:|tool:|tab:|columns:|more-below|model$|status$|threads$|hint$|draw-note$|link-check$|state-message$|file-link-note$|recording-stopped$|playback-time$|clip-mark$|share-url$|energy-plot$|sweep-map$|table-note$|legend:|view-hint$|speed|exp-verdict:)/;
const DOWNLOADS = new Set(['Save state', 'Save trajectories', 'Table CSV', 'Series CSV', 'State JSON', 'Save picture']);

/// What a user can see change: the run, its numbers, its notices, the share link, the zoom.
async function seen(page) {
  const s = await appState(page);
  return JSON.stringify([s.model, s.status, s.steps, s.n, s.fingerprint, s.texts, s.chosen, s.notice, s.extra,
                         s.share_url, s.recording, s.clip_note, s.plane_zoom, s.camera_distance, s.state_message,
                         await page.evaluate(() => document.body.classList.contains('html-mode'))]);
}

/// Scrolls the panel (a wheel over it, as a user does) until the widget is wholly on screen.
async function scrollTo(page, name) {
  for (let k = 0; k < 40; ++k) {
    const r = (await uiRects(page)).widgets[name];
    if (!r || (r[2] > 0 && r[3] > 0)) return r;
    const s = await appState(page);
    const [x, y] = await canvasPoint(page, 40, s.stacked ? s.view[3] + 150 : 300);
    await page.mouse.move(x, y);
    await page.mouse.wheel(0, r[1] > 300 ? 120 : -120);
    await nextFrames(page, 2);
  }
  return (await uiRects(page)).widgets[name];
}

/// Clicks the button at its drawn centre (moving there first, as a hand does) and waits until it
/// acts: a download, the file chooser, or a visible change of state. Returns what it did, or null.
async function clickActs(page, name, {file = false} = {}) {
  const r = await scrollTo(page, name);
  assert.ok(r && r[2] > 0 && r[3] > 0, `${name} is on screen`);
  const before = await seen(page);
  let event = null;
  const onDownload = () => { event = 'download'; };
  const onChooser = () => { event = 'file chooser'; };
  page.on('download', onDownload);
  page.on('filechooser', onChooser);
  const [x, y] = await canvasPoint(page, r[0] + r[2] / 2, r[1] + r[3] / 2);
  await page.mouse.move(x, y, {steps: 3});
  await nextFrames(page, 2);
  await page.mouse.click(x, y);
  let what = null;
  const t0 = Date.now();
  let changed = 0;
  while (Date.now() - t0 < 8000) {  // a PNG of a large view can take seconds in a software renderer
    await nextFrames(page, 1);
    if (event) { what = event; break; }
    // A click that saves a file may also change what the page shows (a notice) a frame before the
    // browser reports the download: where a file is expected, a changed state waits 2 s more.
    if (!changed && (await seen(page)) !== before) changed = Date.now();
    if (changed && (!file || Date.now() - changed > 2000)) { what = 'state'; break; }
  }
  if (!what && changed) what = 'state';
  page.off('download', onDownload);
  page.off('filechooser', onChooser);
  return what;
}

/// Every enabled button drawn now (the view's switches last: one leaves the WebGL view) acts.
async function everyButtonActs(page, label, {skip = []} = {}) {
  const ui = await uiRects(page);
  const names = Object.keys(ui.widgets).filter((n) => !NOT_BUTTONS.test(n) && !skip.includes(n) &&
                                                      !ui.disabled.includes(n) && ui.widgets[n][3] > 0);
  assert.ok(names.includes('Copy share link') && names.includes('Initialize'), `${label}: ${names}`);
  // Reset takes the run away (what needs one is disabled after it), and one switch leaves the view.
  const last = ['Reset', 'Record clip', 'Accessible view'];
  const order = (n) => last.indexOf(n);
  names.sort((a, b) => order(a) - order(b));
  for (const name of names) {
    if ((await uiRects(page)).disabled.includes(name)) assert.fail(`${label}: ${name} was disabled by an earlier click`);
    if ((name === 'Initialize' || name === 'Reset') && (await appState(page)).status !== 'no flock' &&
        (await appState(page)).steps === 0) {  // they act on a run that has moved: move it first
      await page.evaluate(() => Module.command('step'));
      await waitFor(() => appState(page), (st) => st.steps > 0, 10000, 'a step');
    }
    if (name === 'Reset view') {  // it acts on a zoom: zoom first, as a user would before undoing it
      const v = (await appState(page)).view;
      const [x, y] = await canvasPoint(page, v[0] + v[2] / 2, v[1] + v[3] / 2);
      await page.mouse.move(x, y);
      await page.keyboard.down('Control');
      await page.mouse.wheel(0, -300);
      await page.keyboard.up('Control');
      await nextFrames(page, 3);
    }
    const what = await clickActs(page, name, {file: DOWNLOADS.has(name) || name.startsWith('Open ')});
    assert.ok(what, `${label}: a click at the drawn centre of ${name} did nothing`);
    if (DOWNLOADS.has(name)) assert.equal(what, 'download', `${label}: ${name} gives a file`);
    if (name.startsWith('Open '))
      assert.equal(what, 'file chooser', `${label}: ${name} opens the picker`);
    if (name === 'Copy share link') {
      const s = await waitFor(async () => [await appState(page), (await uiRects(page)).widgets], ([st, w]) => st.share_url && (w['share-url']), 5000, 'the link');
      assert.match(s[0].share_url, /#/, `${label}: the share link`);
    }
    if (name === 'Record clip') {
      const s = await appState(page);
      assert.ok(s.recording || s.clip_note, `${label}: Record clip records, or says why not`);
      if (s.recording) {
        assert.ok((await uiRects(page)).widgets['clip-mark'], `${label}: the recording mark is in sight`);
        assert.ok(await clickActs(page, 'Record clip'), `${label}: Stop clip`);
        assert.equal((await appState(page)).recording, false, `${label}: the clip stopped`);
      }
    }
    if (name === 'Accessible view')
      assert.ok(await page.evaluate(() => document.body.classList.contains('html-mode')), `${label}: the accessible view`);
  }
  return names;
}

async function fresh(model) {
  const opened = await freshPage(suite.browser, suite.url, {viewport: {width: 1400, height: 860}, acceptDownloads: true});
  await opened.page.evaluate((m) => Module.command('model:' + m), model);
  await nextFrames(opened.page, 3);
  return opened;
}

test('the 2-D flock\'s first Copy share link, clicked where it is drawn, copies the link', async () => {
  const {context, page, errors} = await fresh('flock2d');
  const r = (await uiRects(page)).widgets['Copy share link'];
  // The hook's rectangle is where the button is drawn: its frame's colour at its left edge, not the panel's.
  const px = await regionPixels(page, [r[0] + 2, r[1] + r[3] / 2, 1, 1]);
  const bg = [0.09, 0.10, 0.13].map((c) => Math.round(c * 255));
  assert.ok(Math.abs(px.data[0] - bg[0]) + Math.abs(px.data[1] - bg[1]) + Math.abs(px.data[2] - bg[2]) > 30,
            `a button is drawn at the hook's rectangle (pixel ${px.data.slice(0, 3)})`);
  assert.equal(await clickActs(page, 'Copy share link'), 'state');
  assert.match((await appState(page)).share_url, /#.*m=flock2d/);
  assert.deepEqual(errors, []);
  await context.close();
});

for (const model of MODELS) {
  test(`${model}: every button acts when clicked where it is drawn, on a fresh page and after Initialize`, async () => {
    let {context, page, errors} = await fresh(model);
    await everyButtonActs(page, `${model}, fresh page`, {skip: ['Accessible view', 'Record clip']});
    assert.deepEqual(errors, []);
    await context.close();
    ({context, page, errors} = await fresh(model));
    assert.equal(await clickActs(page, 'Initialize'), 'state');
    await waitFor(() => appState(page), (s) => !s.busy && s.status !== 'no flock' && s.steps === 0, 20000, 'initialized');
    await everyButtonActs(page, `${model}, after Initialize`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('the 2-D flock: Copy share link and Step act after a combo pick and after plane clicks', async () => {
  const {context, page, errors} = await fresh('flock2d');
  assert.equal(await clickActs(page, 'Initialize'), 'state');
  // Pick RK4 from the integrator combo, by clicks.
  assert.equal(await clickActs(page, 'choice:int'), null, 'opening a combo changes nothing yet');
  await nextFrames(page, 2);
  assert.equal(await clickActs(page, 'choice:int:RK4'), 'state');
  assert.equal((await appState(page)).chosen.int, 1);
  // A predator (a click) and an attractor (a right click) on the plane.
  const v = (await appState(page)).view;
  const [x, y] = await canvasPoint(page, v[0] + v[2] * 0.3, v[1] + v[3] * 0.4);
  await page.mouse.click(x, y);
  await nextFrames(page, 3);
  await page.mouse.click(x + 60, y + 40, {button: 'right'});
  await nextFrames(page, 3);
  const s = await appState(page);
  assert.equal(s.extra.predators, 1);
  assert.equal(s.extra.attractors, 1);
  assert.equal(await clickActs(page, 'Copy share link'), 'state');
  assert.match((await appState(page)).share_url, /int=rk4/);
  const steps = (await appState(page)).steps;
  assert.equal(await clickActs(page, 'Step'), 'state');
  await waitFor(() => appState(page), (st) => st.steps === steps + 1, 5000, 'one step');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the view\'s switches are in the header on every screen, and a panel that scrolls says so', async () => {
  for (const [label, options] of [['desktop', {viewport: {width: 1400, height: 860}}],
    ['tablet', {viewport: {width: 820, height: 1180}, hasTouch: true, isMobile: true}],
    ['phone', {viewport: {width: 390, height: 844}, hasTouch: true, isMobile: true, deviceScaleFactor: 2}]]) {
    const {context, page, errors} = await freshPage(suite.browser, suite.url, options);
    const width = await page.evaluate(() => document.getElementById('canvas').getBoundingClientRect().width);
    for (const model of ['flock2d', 'crowd']) {
      await page.evaluate((m) => Module.command('model:' + m), model);
      await nextFrames(page, 3);
      const w = (await uiRects(page)).widgets;
      for (const name of ['Save picture', 'Record clip', 'Accessible view']) {
        const r = w[name];
        assert.ok(r, `${label}/${model}: ${name} is listed`);
        assert.ok(r[1] + r[3] <= 0 && r[1] >= -44, `${label}/${model}: ${name} is in the header (${r})`);
        assert.ok(r[0] >= 0 && r[0] + r[2] <= width, `${label}/${model}: ${name} is inside the page across (${r})`);
      }
      // Where the panel's body is longer than its room, it says so until scrolled to its end; where it
      // is not, there is nothing to scroll. The 2-D flock's fields alone are taller than a desktop's.
      // The pointer rests where it will scroll first: a widget's hint under it takes room too.
      const at = [40, (await appState(page)).stacked ? (await appState(page)).view[3] + 300 : 300];
      const [x, y] = await canvasPoint(page, at[0], at[1]);
      if (!options.hasTouch) {
        await page.mouse.move(x, y);
        await nextFrames(page, 3);
      }
      const cue = (await uiRects(page)).widgets['more-below'];
      if (label === 'desktop' && model === 'flock2d') assert.ok(cue && cue[2] > 0, 'the 2-D flock\'s panel says that more lies below');
      for (let k = 0; k < (cue ? 50 : 3) && (!cue || (await uiRects(page)).widgets['more-below']); ++k) {
        if (options.hasTouch) {  // a finger drags the panel up
          const cdp = await page.context().newCDPSession(page);
          await cdp.send('Input.dispatchTouchEvent', {type: 'touchStart', touchPoints: [{x, y}]});
          for (let j = 1; j <= 5; ++j) {
            await cdp.send('Input.dispatchTouchEvent', {type: 'touchMove', touchPoints: [{x, y: y - 50 * j}]});
            await nextFrames(page, 1);
          }
          await cdp.send('Input.dispatchTouchEvent', {type: 'touchEnd', touchPoints: []});
          await cdp.detach();
        } else {
          await page.mouse.move(x, y);
          await page.mouse.wheel(0, 400);
        }
        await nextFrames(page, 2);
      }
      assert.equal((await uiRects(page)).widgets['more-below'], undefined, `${label}/${model}: no cue at the end`);
      assert.equal((await appState(page)).panel_scroll > 0, !!cue, `${label}/${model}: the panel scrolls where it said so`);
      await page.reload();
      await page.waitForFunction(() => window.bandadaReady === true);
    }
    assert.deepEqual(errors, []);
    await context.close();
  }
});
