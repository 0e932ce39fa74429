// Bandada — trajectories in the page (issue 39): Save trajectories writes the run since Initialize
// byte for byte as the CLI's --trajectories does; Open trajectories draws a PeTrack file (ours, or
// an archive's in centimetres) over the room, following the run or its own time slider, and Play
// moves it on; a bad file changes nothing and says why by its line.
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {test, useSuite, appState, uiRects, nextFrames, freshPage, clickWidget, nativeCli, outDir, root,
        waitState, canvasPoint, openVia} from './helpers.mjs';

const suite = useSuite();
const corridor = path.join(root, 'tests/fixtures/scenarios/corridor.json');

const drop = (page, name, text) => openVia(page, () => page.evaluate(([n, t]) => {
  const dt = new DataTransfer();
  dt.items.add(new File([t], n, {type: 'text/plain'}));
  document.body.dispatchEvent(new DragEvent('drop', {dataTransfer: dt, bubbles: true, cancelable: true}));
}, [name, text]));

test('Save trajectories is the CLI\'s file; Open trajectories follows the run, its slider and Play', async () => {
  fs.mkdirSync(outDir, {recursive: true});
  const dir = fs.mkdtempSync(path.join(outDir, 'trajectories-'));
  const cliFile = path.join(dir, 'cli.txt');
  execFileSync(nativeCli, ['--model', 'crowd', '--scenario', corridor, '--steps', '25', '--trajectories', cliFile],
               {stdio: ['ignore', 'ignore', 'ignore']});
  const {context, page, errors} = await freshPage(suite.browser, suite.url);
  await page.evaluate(() => Module.command('model:crowd'));
  await nextFrames(page, 2);
  let s = await drop(page, 'corridor.json', fs.readFileSync(corridor, 'utf8'));
  assert.equal(s.state_ok, true, s.state_message);
  for (let i = 0; i < 25; ++i) await page.evaluate(() => Module.command('step'));
  s = await waitState(page, (st) => st.steps === 25);
  assert.ok(s.recorded_bytes > 0 && s.recording_stopped === false);
  const [download] = await Promise.all([page.waitForEvent('download'), clickWidget(page, 'Save trajectories')]);
  assert.equal(download.suggestedFilename(), 'bandada-crowd-trajectories.txt');
  const chunks = [];
  for await (const c of await download.createReadStream()) chunks.push(c);
  const saved = Buffer.concat(chunks).toString('utf8');
  assert.equal(saved, fs.readFileSync(cliFile, 'utf8'), 'the page\'s recording is the CLI\'s file, byte for byte');

  // Open it again to watch: it follows the run, frame for frame.
  s = await openVia(page, async () => {
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), clickWidget(page, 'Open trajectories')]);
    await chooser.setFiles(cliFile);
  });
  assert.equal(s.state_ok, true, s.state_message);
  assert.match(s.state_message, /^Opened cli\.txt: 12 people over 1\.00 s/);
  assert.equal(s.playback.people, 12);
  assert.equal(s.playback.follow, true);
  assert.equal(s.playback.frame, 25, 'the file\'s frame is the run\'s');
  const rows = saved.split('\n').filter((l) => / 25 /.test(l) && !l.startsWith('#')).length;
  assert.equal(s.playback.shown, rows);
  assert.equal(s.steps, 25, 'opening trajectories leaves the run alone');
  await page.evaluate(() => Module.command('initialize'));
  s = await waitState(page, (st) => st.playback && st.playback.frame === 0);

  // The slider takes over: a press at its middle shows the middle of the file.
  const r = (await uiRects(page)).widgets['playback-time'];
  assert.ok(r, 'a time slider');
  const [x, y] = await canvasPoint(page, r[0] + r[2] / 2, r[1] + r[3] / 2);
  await page.mouse.click(x, y);
  await nextFrames(page, 3);
  s = await appState(page);
  assert.equal(s.playback.follow, false);
  assert.ok(Math.abs(s.playback.t - 0.5) < 0.1, `the slider's middle is about 0.5 s, not ${s.playback.t}`);
  await clickWidget(page, 'Play trajectories');
  s = await waitState(page, (st) => st.playback.t === 1, 10000);
  assert.equal(s.playback.frame, 25, 'Play runs to the last frame and stops there');

  // An archive's file in centimetres at 16 fps opens; a bad one changes nothing and says why.
  s = await drop(page, 'archive.txt', '# framerate: 16 fps\n# id frame x/cm y/cm z/cm\n1 0 250 100 0\n2 0 300 100 0\n1 16 400 120 0\n');
  assert.equal(s.state_ok, true, s.state_message);
  assert.equal(s.playback.name, 'archive.txt');
  assert.equal(s.playback.people, 2);
  s = await drop(page, 'bad.txt', '1 0 250\n');
  assert.equal(s.state_ok, false);
  assert.equal(s.state_message, 'Not opened (nothing changed): bad.txt as trajectories: line 1: a row is \'id frame x y\' (then z), split by spaces.');
  assert.equal(s.playback.name, 'archive.txt');
  await clickWidget(page, 'Close trajectories');
  assert.equal((await appState(page)).playback, undefined);

  // The accessible view saves the recording and opens trajectories too.
  await clickWidget(page, 'Accessible view');
  await page.waitForFunction(() => document.body.classList.contains('html-mode'));
  await page.waitForSelector('#hv-save-trajectories:not([hidden])');
  const [again] = await Promise.all([page.waitForEvent('download'), page.click('#hv-save-trajectories')]);
  const more = [];
  for await (const c of await again.createReadStream()) more.push(c);
  assert.equal(Buffer.concat(more).toString('utf8'), await page.evaluate(() => Module.recordedText()));
  assert.match(Buffer.concat(more).toString('utf8'), /^# framerate: 25 fps\n# id frame x\/m y\/m z\/m\n1 0 /);
  s = await openVia(page, () => page.setInputFiles('#hv-open-state', cliFile));
  assert.equal(s.playback.name, 'cli.txt');
  assert.match(await page.locator('#hv-state-msg').innerText(), /^Opened cli\.txt/);
  await page.waitForFunction(() => document.querySelectorAll('#hv-overlays circle.c1').length >= 12);
  assert.deepEqual(errors, []);
  await context.close();
});

/// Room metres to page pixels in the WebGL view (the plane fitted, not zoomed; y grows upwards).
async function roomPoint(page, x, y) {
  const v = (await appState(page)).view;
  const d = JSON.parse(await page.evaluate(() => Module.describe()));
  const s = Math.min((v[2] - 24) / d.width, (v[3] - 24) / d.height);
  return canvasPoint(page, v[0] + v[2] / 2 + (x - d.width / 2) * s, v[1] + v[3] / 2 + (d.height / 2 - y) * s);
}

async function stroke(page, from, to) {
  await page.mouse.move(...(await roomPoint(page, ...from)));
  await page.mouse.down();
  await page.mouse.move(...(await roomPoint(page, ...to)), {steps: 6});
  await page.mouse.up();
  await nextFrames(page, 3);
}

test('a measurement line and area drawn with the tools measure as the CLI\'s options do, and Save scenario keeps them',
     async () => {
  const {context, page, errors} = await freshPage(suite.browser, suite.url, {viewport: {width: 1400, height: 900}});
  await page.evaluate(() => Module.command('model:crowd'));
  await nextFrames(page, 2);
  let s = await drop(page, 'corridor.json', fs.readFileSync(corridor, 'utf8'));
  assert.equal(s.state_ok, true, s.state_message);
  await clickWidget(page, 'tool:line');
  await stroke(page, [12, -0.5], [12, 4.5]);  // across the corridor, from beyond its walls
  await clickWidget(page, 'tool:area');
  await stroke(page, [10, 0], [14, 4]);
  let j = JSON.parse(await page.evaluate(() => Module.stateJson()));
  assert.equal(j.lines.length, 1, 'the line is measured');
  assert.equal(j.areas.length, 1, 'the area is measured');
  const [a, b] = [j.lines[0].a, j.lines[0].b];
  const area = j.areas[0].area;
  assert.ok(Math.abs(a[0] - 12) < 0.2 && Math.abs(b[0] - 12) < 0.2, `the line where it was drawn: ${a} ${b}`);
  assert.ok(Math.abs(area - 16) < 1.5, `the area where it was drawn: ${area} m²`);
  for (let i = 0; i < 300; ++i) await page.evaluate(() => Module.command('step'));
  s = await waitState(page, (st) => st.steps === 300);
  j = JSON.parse(await page.evaluate(() => Module.stateJson()));
  assert.equal(j.lines[0].count, 12, 'everyone crossed the line on the way out');
  const line = `${j.lines[0].a.join(';')};${j.lines[0].b.join(';')}`;
  const ring = j.areas[0];
  // The CLI measures the same from the same figures (drawn at frame 0, so no frame is missing).
  const dir = fs.mkdtempSync(path.join(outDir, 'measure-'));
  const [download] = await Promise.all([page.waitForEvent('download'), clickWidget(page, 'Save scenario')]);
  const file = path.join(dir, 'with-measures.json');
  await download.saveAs(file);
  const saved = JSON.parse(fs.readFileSync(file, 'utf8'));
  assert.equal(saved.bandada.lines.length, 1, 'Save scenario keeps the drawn line');
  assert.equal(saved.bandada.areas.length, 1, 'and the drawn area');
  const cli = JSON.parse(execFileSync(nativeCli, ['--model', 'crowd', '--scenario', file, '--steps', '300'],
                                      {encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore']}));
  assert.deepEqual(cli.lines, j.lines, `line ${line}: the page's passages are the CLI's`);
  assert.deepEqual(cli.areas, j.areas, `area ${ring.area} m²: the page's densities are the CLI's`);
  const readouts = await page.evaluate(() => JSON.parse(Module.viewJson(1, 0, 0)).readouts.map((r) => r[0]));
  assert.ok(readouts.includes('line 1') && readouts.includes('area 1'), readouts.join(', '));
  assert.deepEqual(errors, []);
  await context.close();
});

test('the start tool: a rectangle dragged on the room is where N people stand, and the link carries it to the CLI',
     async () => {
  const {context, page, errors} = await freshPage(suite.browser, suite.url, {viewport: {width: 1400, height: 900}});
  await page.evaluate(() => { Module.command('model:crowd'); Module.setField(0, '20'); Module.command('initialize'); });
  await nextFrames(page, 2);
  await clickWidget(page, 'tool:start');
  await stroke(page, [2, 3], [7, 9]);
  const j = JSON.parse(await page.evaluate(() => Module.stateJson()));
  assert.equal(j.placed, 20);
  for (const p of j.people) {
    assert.ok(p.p[0] > 1.8 && p.p[0] < 7.2 && p.p[1] > 2.8 && p.p[1] < 9.2, `inside the rectangle drawn: ${p.p}`);
  }
  const link = await page.evaluate(() => Module.shareString());
  assert.match(link, /&start=/);
  await page.evaluate(() => { for (let k = 0; k < 10; ++k) Module.command('step'); });
  const cli = execFileSync(nativeCli, ['--config', link, '--steps', '10'], {encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore']});
  assert.equal(await page.evaluate(() => Module.stateJson()), cli, 'the CLI runs the same crowd from the link');
  assert.deepEqual(errors, []);
  await context.close();
});
