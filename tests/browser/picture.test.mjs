// Bandada — a picture and a clip of the view (issue 28): Save picture gives a PNG of the view at
// its own resolution whose pixels are the canvas's, with a caption strip; Record clip records the
// view with MediaRecorder (a visible mark while it records), and the file has frames and a
// duration; the accessible view saves its SVG with the same caption.
import assert from 'node:assert/strict';
import {test, useSuite, appState, nextFrames, freshPage, clickWidget, uiRects} from './helpers.mjs';
import {imagePixelsSource} from './image_pixels.mjs';

const suite = useSuite();
// The same in both builds (nothing here depends on threads): the threaded pass runs these.

async function downloaded(page, action) {
  const [download] = await Promise.all([page.waitForEvent('download'), action()]);
  const chunks = [];
  for await (const c of await download.createReadStream()) chunks.push(c);
  return [download.suggestedFilename(), Buffer.concat(chunks)];
}

/// Decodes two PNGs in the page and compares them there (only counts come back): pixels within
/// ±2 per channel over the first one's top `rows` rows, lit pixels of the first, and text-coloured
/// pixels in its strip below `rows`.
const compare = (page, picture, shot, rows) => page.evaluate(async ([a, b, rows, source]) => {
  const decode = (0, eval)(source);
  const pixels = (b64) => decode('data:image/png;base64,' + b64);
  const p = await pixels(a), q = await pixels(b);
  let same = 0, lit = 0, text = 0;
  for (let i = 0; i < q.data.length; i += 4) {
    let d = 0;
    for (let k = 0; k < 3; ++k) d = Math.max(d, Math.abs(p.data[i + k] - q.data[i + k]));
    if (d <= 2) ++same;
    if (p.data[i] + p.data[i + 1] + p.data[i + 2] > 200) ++lit;
  }
  for (let y = rows; y < p.height; ++y)
    for (let x = 0; x < Math.min(p.width, 300); ++x) if (p.data[(y * p.width + x) * 4] > 120) ++text;
  return {width: p.width, height: p.height, total: q.data.length / 4, same, lit, text};
}, [picture.toString('base64'), shot.toString('base64'), rows, imagePixelsSource]);

test('Save picture: a PNG of the view at its own resolution, the canvas\'s pixels, with a caption', async () => {
  const {context, page, errors} = await freshPage(suite.browser, suite.url, {viewport: {width: 1200, height: 800}});
  await page.evaluate(() => Module.command('model:flock2d'));
  await page.evaluate(() => { Module.command('initialize'); Module.command('step'); Module.command('step'); });
  await nextFrames(page, 3);
  const view = (await appState(page)).view;  // x, y, w, h in CSS px (the device pixel ratio is 1 here)
  const [name, png] = await downloaded(page, () => clickWidget(page, 'Save picture'));
  assert.equal(name, 'bandada-flock2d-step2.png');
  const strip = await page.evaluate(() => window.bandadaLastPicture.strip);
  // The same region of the page as the browser shows it (a screenshot of the canvas).
  const box = await page.evaluate(() => { const r = document.getElementById('canvas').getBoundingClientRect(); return [r.left, r.top]; });
  const shot = await page.screenshot({clip: {x: box[0] + view[0], y: box[1] + view[1], width: Math.round(view[2]), height: Math.round(view[3])}});
  const c = await compare(page, png, shot, Math.round(view[3]));
  assert.equal(c.width, Math.round(view[2]));
  assert.equal(c.height, Math.round(view[3]) + strip, 'the view, then the caption strip');
  assert.ok(c.same / c.total > 0.995, `the picture is the canvas: ${c.same} of ${c.total} pixels agree`);
  assert.ok(c.lit > 100, 'the flock is in it');
  assert.ok(c.text > 30, 'a caption is written under the view');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Record clip: a visible mark while recording, then a video with frames and a duration, named after the model and steps', async () => {
  const {context, page, errors} = await freshPage(suite.browser, suite.url, {viewport: {width: 1200, height: 800}});
  await page.evaluate(() => Module.command('model:flock2d'));
  await page.evaluate(() => { Module.command('initialize'); Module.command('run'); });
  await clickWidget(page, 'Record clip');
  await page.waitForTimeout(600);
  await nextFrames(page, 2);
  assert.ok((await uiRects(page)).widgets['clip-mark'], 'the recording mark is on screen');
  await page.waitForTimeout(1800);
  const [name, clip] = await downloaded(page, () => clickWidget(page, 'Record clip'));
  assert.match(name, /^bandada-flock2d-steps\d+-\d+\.(webm|mp4)$/);
  const [a, b] = name.match(/steps(\d+)-(\d+)/).slice(1).map(Number);
  assert.ok(b > a, `the steps it spans: ${a} to ${b}`);
  assert.ok(clip.length > 2000, `${clip.length} bytes`);
  const info = await page.evaluate(async () => {
    const c = window.bandadaLastClip;
    const v = document.createElement('video');
    v.muted = true;
    v.src = URL.createObjectURL(c.blob);
    await new Promise((r, j) => { v.onloadedmetadata = r; v.onerror = () => j(new Error('the clip does not load')); });
    if (!Number.isFinite(v.duration)) {  // a recorded WebM states no duration: seek past the end to learn it
      v.currentTime = 1e9;
      await new Promise((r) => { v.ontimeupdate = r; });
    }
    return {duration: v.duration, width: v.videoWidth, height: v.videoHeight, frames: c.frames, type: c.type};
  });
  console.log(`# the clip: ${info.type}, ${info.frames} frames, ${info.duration.toFixed(2)} s, ${info.width} × ${info.height}`);
  assert.ok(info.duration > 1.5 && info.duration < 10, `duration ${info.duration} s`);
  assert.ok(info.frames >= 10, `${info.frames} frames drawn into it`);
  assert.ok(info.width > 100 && info.height > 100, `${info.width} × ${info.height}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the accessible view saves its SVG, with the caption', async () => {
  const {context, page, errors} = await freshPage(suite.browser, suite.url);
  await page.evaluate(() => { Module.command('initialize'); Module.command('step'); });
  await page.evaluate(() => window.bandadaStartHtmlView());
  await nextFrames(page, 3);
  const [name, svg] = await downloaded(page, () => page.getByRole('button', {name: 'Save picture (SVG)'}).click());
  assert.equal(name, 'bandada-boids3d-step1.svg');
  const text = svg.toString('utf8');
  assert.match(text, /^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  assert.match(text, /Bandada · 3-D periodic flock · step 1 · fingerprint [0-9a-f]{16}/);
  const visible = (text.match(/<line [^>]*>/g) || []).filter((l) => /stroke="rgb/.test(l) && /visibility="visible"/.test(l)).length;
  assert.ok(visible >= 100, `the boids are drawn with their colours (${visible})`);
  assert.deepEqual(errors, []);
  await context.close();
});
