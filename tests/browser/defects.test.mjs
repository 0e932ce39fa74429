// Bandada — what a demanding new user found (issue 12), each reproduced as they did it, with
// real clicks and keys in the WebGL page: garbage links, a link opened while a field is being
// typed in, and counts typed into a running 2-D model.
import assert from 'node:assert/strict';
import {test, threadsMatter, useSuite, openPage, appState, clickWidget, typeField, waitState, nextFrames, freshPage, tapInOneFrame, chordInOneFrame,
        canvasPoint, uiRects} from './helpers.mjs';

const suite = useSuite();

const fresh = () => freshPage(suite.browser, suite.url, {viewport: {width: 1400, height: 900}});

/// A fresh page showing the 2-D flock.
async function freshFlock2d() {
  const opened = await fresh();
  await opened.page.evaluate(() => Module.command('model:flock2d'));
  await nextFrames(opened.page);
  return opened;
}

test('a garbage link is reported as such and the typed fields stay as they were', async () => {
  const {context, page, errors} = await fresh();
  await typeField(page, 'n', '55');
  await typeField(page, 'seed', '7');
  for (const junk of ['#hello%20world', '#%%%garbage', '#<script>alert(1)</script>']) {
    await page.evaluate((h) => { location.hash = h; }, junk);
    const s = await waitState(page, (st) => st.notice.includes('no Bandada configuration'));
    assert.equal(s.texts[0], '55', junk);
    assert.equal(s.texts[6], '7', junk);
    assert.ok(!s.notice.includes('Opened'), junk);
    await page.evaluate(() => Module.command('clear_selection'));  // a user action clears the notice
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('a link opened while a field is being typed in fills every field, that one too, and says so', async () => {
  const {context, page, errors} = await fresh();
  await typeField(page, 'n', '77');  // the field keeps the keyboard: no Enter, no click elsewhere
  assert.equal((await appState(page)).texts[0], '77');
  await page.evaluate(() => { location.hash = '#v=1&n=13&seed=4'; });
  const s = await waitState(page, (st) => st.texts[6] === '4');
  await nextFrames(page, 4);  // the field that had the keyboard must not write its old text back
  const after = await appState(page);
  assert.equal(after.texts[0], '13');
  assert.match(after.notice, /Opened a shared configuration/);
  assert.equal(s.texts[6], '4');
  assert.deepEqual(errors, []);
  await context.close();
});

test('typing a count into the running 2-D flock changes nothing until Enter; an invalid one never', threadsMatter('a running flock steps on threads or in the step worker'), async () => {
  const {context, page, errors} = await freshFlock2d();
  await clickWidget(page, 'Initialize');
  for (let i = 0; i < 3; ++i) await clickWidget(page, 'Step');
  let s = await waitState(page, (st) => st.steps === 3);
  const fingerprint = s.fingerprint;
  await typeField(page, 'count', '1e9');
  s = await appState(page);
  assert.equal(s.n, 300, 'an invalid count leaves the flock alone');
  assert.match(s.errors[0], /from 1 to 20000/);
  await typeField(page, 'count', '');
  for (const ch of '259') {
    await page.keyboard.type(ch);
    await nextFrames(page, 2);
    s = await appState(page);
    assert.equal(s.n, 300, 'no resize while typing');
    assert.equal(s.fingerprint, fingerprint);
  }
  // Quick taps, down and up between two frames (as on a slow frame), still count.
  await tapInOneFrame(page, 'Backspace', 8);
  await waitState(page, (st) => st.texts[0] === '25');
  await page.keyboard.type('0');
  await nextFrames(page, 2);
  assert.equal((await appState(page)).n, 300, 'no resize while typing');
  await tapInOneFrame(page, 'Enter', 13);
  s = await waitState(page, (st) => st.n === 250);
  assert.equal(s.steps, 3, 'the same flock, resized, not rebuilt');
  assert.deepEqual(errors, []);
  await context.close();
});

/// rAF intervals (ms) over `ms` of wall time.
function frameTimes(page, ms) {
  return page.evaluate((span) => new Promise((resolve) => {
    const out = [];
    let last = performance.now();
    const end = last + span;
    const tick = (now) => {
      out.push(now - last);
      last = now;
      if (now < end) requestAnimationFrame(tick);
      else resolve(out);
    };
    requestAnimationFrame(tick);
  }), ms);
}

test('100 000 boids where drawing is slow: drawing adapts and says so, frames stay short, Pause acts within 2 frames', threadsMatter('Pause must reach threads or the step worker within 2 frames'), async () => {
  const {context, page, errors} = await fresh();
  await page.evaluate(() => { Module.setField(0, '100000'); Module.setField(1, '0.305'); Module.command('initialize'); });
  await waitState(page, (s) => !s.busy && s.n === 100000, 60000);
  // A new size starts from a subset this renderer draws quickly (software here: ~1 600 points),
  // and keeps it until frames of this size say otherwise, not those of the size before.
  const start = (await appState(page)).draw.stride;
  assert.ok(start >= 64, `starts from 1 in ${start}`);
  await clickWidget(page, 'Run');
  await frameTimes(page, 1000);  // the plan settles on what this machine can draw
  const frames = await frameTimes(page, 3000);
  const s = await appState(page);
  assert.equal(s.status, 'running');
  assert.equal(s.draw.cones, false, 'points above 20 000 boids');
  assert.match(s.draw.note, /100000 boids/, 'the plan says what it leaves out');
  // A software renderer's drawing takes the cores the steps need: while they run, frames draw
  // only when something changed, and the subset stays at the start size (~1 600 points).
  assert.equal(s.draw.paced, true);
  assert.ok(100000 / s.draw.stride <= 1600, `1 in ${s.draw.stride}`);
  const note = JSON.parse(await page.evaluate(() => Module.uiRects())).widgets['draw-note'];
  assert.ok(note && note[2] > 0 && note[3] > 0, 'and the panel shows it, under the threads line');
  // The steps are computed off the page's thread, which reports no progress: the busy bar says
  // what it does, not a "0%" that never moves.
  const v = JSON.parse(await page.evaluate(() => Module.viewJson(1, 0, 0)));
  assert.equal(v.progress_known, false);
  assert.equal(v.progress_label, 'Computing step');
  assert.ok(Math.max(...frames) < 250, `frames: ${frames.map(Math.round).join(' ')}`);
  assert.ok(s.steps > 0, 'it steps');
  // Pause by a real click: counted in frames from the click.
  const r = JSON.parse(await page.evaluate(() => Module.uiRects())).widgets.Pause;
  const box = await page.evaluate(() => { const b = document.getElementById('canvas').getBoundingClientRect(); return [b.left, b.top]; });
  await page.mouse.click(box[0] + r[0] + r[2] / 2, box[1] + r[1] + r[3] / 2);
  const waited = await page.evaluate(() => new Promise((resolve) => {
    let frames = 0;
    const tick = () => {
      if (JSON.parse(Module.appState()).status === 'paused') resolve(frames);
      else if (++frames > 30) resolve(frames);
      else requestAnimationFrame(tick);
    };
    tick();
  }));
  assert.ok(waited <= 2, `Pause took ${waited} frames`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the accessible view draws a subset of a huge flock quickly and says so', async () => {
  const {context, page, errors} = await fresh();
  await page.evaluate(() => { Module.setField(0, '100000'); Module.setField(1, '0.305'); Module.command('initialize'); });
  await waitState(page, (s) => !s.busy && s.n === 100000, 60000);
  const t0 = Date.now();
  await clickWidget(page, 'Accessible view');
  await page.waitForFunction(() => document.querySelectorAll('.hv-glyph[visibility="visible"]').length > 0);
  assert.ok(Date.now() - t0 < 5000, 'drawn within seconds');
  const shown = await page.locator('.hv-glyph[visibility="visible"]').count();
  assert.ok(shown <= 4000, `${shown} SVG glyphs`);
  assert.match(await page.locator('#hv-draw-note').innerText(), /1 in 25 of 100000/);
  assert.match(await page.locator('#hv-page').innerText(), /of 100000/);
  // Running, its steps are computed off the page's thread: the progress bar is indeterminate.
  await page.getByRole('button', {name: 'Run', exact: true}).click();
  await page.waitForFunction(() => !document.getElementById('hv-progress').hidden);
  assert.equal(await page.locator('#hv-progress').getAttribute('value'), null);
  assert.equal(await page.locator('#hv-progress').textContent(), 'Computing step');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the panels and the view keep their colours: a panel background is cleared by the frame, not drawn', async () => {
  const {context, page, errors} = await fresh();
  await page.evaluate(() => Module.command('initialize'));
  await nextFrames(page, 3);
  const s = await appState(page);
  const box = await page.evaluate(() => { const b = document.getElementById('canvas').getBoundingClientRect(); return [b.left, b.top, b.height]; });
  // One pixel of the page against one pixel of a plain element of the expected colour.
  const pixel = (x, y) => page.screenshot({clip: {x, y, width: 1, height: 1}});
  const reference = async (rgb) => {
    await page.evaluate((rgb) => {
      const d = document.createElement('div');
      d.id = 'ref';
      d.style.cssText = `position:fixed;left:0;top:0;width:4px;height:4px;z-index:99;background:rgb(${rgb})`;
      document.body.appendChild(d);
    }, rgb);
    const shot = await pixel(1, 1);
    await page.evaluate(() => document.getElementById('ref').remove());
    return shot;
  };
  const panel = await pixel(box[0] + 12, box[1] + box[2] - 12);  // the left panel, below its last widget
  const [vx, vy, , vh] = s.view;
  const view = await pixel(box[0] + vx + 12, box[1] + vy + vh - 12);  // the view's corner
  assert.ok(panel.equals(await reference('23,26,33')), 'the panel is the window colour');
  assert.ok(view.equals(await reference('14,17,23')), 'the view is its own darker colour');
  assert.deepEqual(errors, []);
  await context.close();
});

// Modifiers come from the events, in order: a chord that ends within one frame keeps its
// modifier (ImGui's SDL2 backend read SDL_GetModState(), the state after the whole queue).
test('Ctrl+A that ends within one frame still selects all: "1.25", Ctrl+A, Backspace, "0.7" gives 0.7', async () => {
  const {context, page, errors} = await freshFlock2d();
  await typeField(page, 'w-sep', '1.25');
  const key = (type, code, k) => [type, {code, key: code, keyCode: k, which: k}];
  for (let round = 0; round < 3; ++round) {
    await chordInOneFrame(page, 'Control', [key('keydown', 'KeyA', 65), key('keyup', 'KeyA', 65)]);
    await tapInOneFrame(page, 'Backspace', 8);
    await page.keyboard.type(round === 2 ? '0.7' : '1.25', {delay: 15});
    await nextFrames(page, 3);
  }
  const s = await appState(page);
  assert.equal(s.texts[3], '0.7');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a Shift+click whose Shift goes up within the frame removes the nearest marker, not adds one', async () => {
  const {context, page, errors} = await freshFlock2d();
  await clickWidget(page, 'Initialize');
  const v = (await appState(page)).view;
  const [x, y] = await canvasPoint(page, v[0] + v[2] * 0.3, v[1] + v[3] * 0.5);
  await page.mouse.click(x, y);  // the predator tool: a predator there
  await nextFrames(page);
  assert.equal((await appState(page)).sessions.flock2d.extra.predators, 1);
  const at = {clientX: x + 5, clientY: y, button: 0};
  await chordInOneFrame(page, 'Shift', [['mousedown', {...at, buttons: 1}], ['mouseup', {...at, buttons: 0}]]);
  await nextFrames(page, 3);
  assert.equal((await appState(page)).sessions.flock2d.extra.predators, 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a shortcut pressed right after a click leaves a field still acts (ImGui lets go of the keyboard two frames later)', async () => {
  const {context, page, errors} = await freshFlock2d();
  await clickWidget(page, 'Initialize');
  await typeField(page, 'w-sep', '2');  // a field has the keyboard (the 2-D flock's fields act live)
  const v = (await appState(page)).view;
  const [x, y] = await canvasPoint(page, v[0] + 6, v[1] + v[3] - 6);  // the view, away from any boid
  await page.mouse.click(x, y);  // leaves the field (a predator lands there, by the default tool) …
  await page.keyboard.press('s');  // … and S at once, before ImGui says the keyboard is free
  const s = await waitState(page, (st) => st.steps === 1, 5000);
  assert.equal(s.texts[3], '2', 'the field kept its text');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the hint line holds the whole hint of every button and field, on a desktop and on a phone', async () => {
  for (const viewport of [{width: 1400, height: 900}, {width: 390, height: 844}]) {
    const {context, page, errors} = await freshPage(suite.browser, suite.url, {viewport});
    for (const model of ['boids3d', 'feedback2d', 'flock2d']) {
      await page.evaluate((m) => Module.command('model:' + m), model);
      await nextFrames(page, 3);
      const rects = (await uiRects(page)).widgets;
      for (const name of Object.keys(rects).filter((n) => n === 'Copy share link' || n.startsWith('field:'))) {
        const r = rects[name];
        if (r[1] + r[3] / 2 > viewport.height) continue;  // below the fold
        const [x, y] = await canvasPoint(page, r[0] + r[2] / 2, r[1] + r[3] / 2);
        await page.mouse.move(x, y);
        await nextFrames(page, 3);
        assert.equal((await appState(page)).hint_fits, true, `${viewport.width} px, ${model}, ${name}: the hint is cut`);
      }
    }
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('on a 1400 × 900 page every model\'s share and export buttons are in view without scrolling', async () => {
  const {context, page, errors} = await freshPage(suite.browser, suite.url, {viewport: {width: 1400, height: 900}});
  const height = await page.evaluate(() => document.getElementById('canvas').getBoundingClientRect().height);
  for (const model of ['boids3d', 'feedback2d', 'flock2d']) {
    await page.evaluate((m) => Module.command('model:' + m), model);
    await nextFrames(page, 3);
    const w = (await uiRects(page)).widgets;
    for (const name of ['Copy share link', 'Table CSV', 'Series CSV', 'State JSON'])
      assert.ok(w[name] && w[name][1] + w[name][3] <= height, `${model}: ${name} at ${w[name]} in a ${height} px panel`);
    assert.equal((await appState(page)).panel_scroll, 0);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('a renderer whose name is masked (WebKit says "Apple GPU") is found slow by measuring: no multisampling, the software plan', async () => {
  const context = await suite.browser.newContext({viewport: {width: 1400, height: 900}});
  await context.addInitScript(() => {
    for (const Context of [WebGLRenderingContext, WebGL2RenderingContext]) {
      const get = Context.prototype.getParameter;
      Context.prototype.getParameter = function (p) {
        const r = get.call(this, p);
        return typeof r === 'string' && /swiftshader|angle|google/i.test(r) ? 'Apple GPU' : r;
      };
    }
  });
  const errors = [];
  const page = await openPage(context, suite.url, errors);
  const masked = await page.evaluate(() => {
    const gl = document.createElement('canvas').getContext('webgl2');
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    return gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER);
  });
  assert.equal(masked, 'Apple GPU', 'the renderer\'s name says nothing');
  const r = (await appState(page)).renderer;
  assert.ok(r.probe_ms > 3, `SwiftShader's probe frame: ${r.probe_ms} ms`);
  assert.equal(r.msaa, false);
  assert.equal(r.slow, true);
  assert.deepEqual(errors, []);
  await context.close();
});
