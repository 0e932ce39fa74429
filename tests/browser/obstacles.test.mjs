// Bandada — obstacles in the 2-D flock (issue 16): drawn with the circle and wall tools by mouse
// and by touch, erased by a tap, the Gate preset run, and the page's bits equal to the CLI's.
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {test, threadsMatter, useSuite, appState, nextFrames, waitState, freshPage, canvasPoint, nativeCli, keepPicture} from './helpers.mjs';

const suite = useSuite();

async function flock(options = {}) {
  const r = await freshPage(suite.browser, suite.url, {viewport: {width: 1400, height: 900}, ...options});
  await r.page.evaluate(() => { Module.command('model:flock2d'); Module.command('initialize'); });
  await nextFrames(r.page, 2);
  return r;
}

/// Plane units to page pixels in the WebGL view (the plane fitted, not zoomed).
async function planePoint(page, x, y) {
  const v = (await appState(page)).view;
  const s = Math.min((v[2] - 24) / 900, (v[3] - 24) / 600);
  return canvasPoint(page, v[0] + v[2] / 2 + (x - 450) * s, v[1] + v[3] / 2 + (y - 300) * s);
}

const TOOLS = ['predator', 'attractor', 'select', 'leader', 'erase', 'circle', 'wall'];

async function tool(page, id) {  // (the radios are tested elsewhere; here the strokes are)
  await page.evaluate((k) => Module.setTool(k), TOOLS.indexOf(id));
}

test('circles and walls are drawn by dragging the mouse, erased by a click, and the page gives the CLI\'s bits', threadsMatter('steps run on threads or in the step worker'), async () => {
  const {context, page, errors} = await flock();
  await tool(page, 'circle');
  const c0 = await planePoint(page, 450, 300), c1 = await planePoint(page, 510, 300);
  await page.mouse.move(...c0);
  await page.mouse.down();
  await page.mouse.move(...c1, {steps: 6});
  await page.mouse.up();
  await nextFrames(page, 3);
  await tool(page, 'wall');
  const w0 = await planePoint(page, 200, 100), w1 = await planePoint(page, 200, 350);
  await page.mouse.move(...w0);
  await page.mouse.down();
  await page.mouse.move(...w1, {steps: 6});
  await page.mouse.up();
  await nextFrames(page, 3);
  let j = JSON.parse(await page.evaluate(() => Module.stateJson()));
  assert.equal(j.circles.length, 1);
  assert.ok(Math.abs(j.circles[0].r - 60) < 2, `radius ${j.circles[0].r}`);
  assert.equal(j.walls.length, 1);
  // The same configuration on the command line gives the same bits.
  const link = await page.evaluate(() => Module.shareString());
  await page.evaluate(() => { Module.command('initialize'); for (let k = 0; k < 5; ++k) Module.command('step'); });
  const cli = execFileSync(nativeCli, ['--config', link, '--steps', '5'], {encoding: 'utf8'});
  assert.equal(await page.evaluate(() => Module.stateJson()), cli);
  await keepPicture(page, 'obstacles-drawn.png');
  // Erase: a click near the wall removes it, not the circle.
  await tool(page, 'erase');
  await page.mouse.click(...(await planePoint(page, 205, 220)));
  await nextFrames(page, 3);
  j = JSON.parse(await page.evaluate(() => Module.stateJson()));
  assert.equal(j.walls.length, 0);
  assert.equal(j.circles.length, 1);
  const s = await appState(page);
  assert.ok(!s.errors.some((e) => e !== ''));
  assert.deepEqual(errors, []);
  await context.close();
});

test('on a touch screen a finger draws a wall, and the Gate preset streams the flock through its gap', async () => {
  const {context, page, errors} = await flock({hasTouch: true});
  await tool(page, 'wall');
  const cdp = await context.newCDPSession(page);
  const a = await planePoint(page, 700, 100), b = await planePoint(page, 700, 300);
  await cdp.send('Input.dispatchTouchEvent', {type: 'touchStart', touchPoints: [{x: a[0], y: a[1]}]});
  for (let k = 1; k <= 8; ++k)
    await cdp.send('Input.dispatchTouchEvent', {type: 'touchMove', touchPoints: [{x: a[0], y: a[1] + (b[1] - a[1]) * k / 8}]});
  await cdp.send('Input.dispatchTouchEvent', {type: 'touchEnd', touchPoints: []});
  await nextFrames(page, 3);
  let j = JSON.parse(await page.evaluate(() => Module.stateJson()));
  assert.equal(j.walls.length, 1, 'a finger drew a wall');
  // The Gate preset replaces the obstacles with its own: a wall with a gap at y 255 … 345.
  await page.evaluate(() => Module.choose('preset', 6));
  await page.evaluate(() => Module.command('run'));
  await waitState(page, (s) => s.steps >= 60, 60000);
  await page.evaluate(() => Module.command('pause'));
  j = JSON.parse(await page.evaluate(() => Module.stateJson()));
  assert.equal(j.walls.length, 2);
  assert.deepEqual(j.walls.map((w) => [w.a[1], w.b[1]]), [[0, 255], [345, 600]]);
  await keepPicture(page, 'obstacles-gate.png');
  assert.deepEqual(errors, []);
  await context.close();
});
