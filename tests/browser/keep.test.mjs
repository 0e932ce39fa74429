// Bandada — keep and resume in the page (issue 28): Save state downloads the whole state, Open
// state (the picker, or a file dropped on the page) continues it bit for bit, in a fresh page and
// on the command line; a bad file changes nothing and says why; the accessible view does the same.
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {test, useSuite, appState, nextFrames, freshPage, clickWidget, nativeCli, outDir} from './helpers.mjs';

const suite = useSuite();
// The same in both builds (nothing here depends on threads): the threaded pass runs these.

async function saveState(page) {
  const [download] = await Promise.all([page.waitForEvent('download'), clickWidget(page, 'Save state')]);
  const chunks = [];
  for await (const c of await download.createReadStream()) chunks.push(c);
  return [download.suggestedFilename(), Buffer.concat(chunks).toString('utf8')];
}

async function openState(page, file) {
  const events = (await appState(page)).state_events;
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), clickWidget(page, 'Open state')]);
  await chooser.setFiles(file);
  await page.waitForFunction((n) => JSON.parse(Module.appState()).state_events > n, events, {timeout: 10000});
  await nextFrames(page, 2);
}

async function steps(page, k) {
  for (let i = 0; i < k; ++i) await page.evaluate(() => Module.command('step'));
  await nextFrames(page, 1);
}

const scratch = () => {
  fs.mkdirSync(outDir, {recursive: true});
  return fs.mkdtempSync(path.join(outDir, 'state-'));
};

test('Save state, then Open state in a fresh page, continues bit for bit (and as the CLI does)', async () => {
  const dir = scratch();
  const {context, page, errors} = await freshPage(suite.browser, suite.url);
  await page.evaluate(() => Module.command('model:flock2d'));
  await page.evaluate(() => { Module.setField(0, '150'); Module.command('initialize'); });
  await page.evaluate(() => { Module.pressModel(450, 300, false); Module.pressModel(120, 100, true); });
  await steps(page, 12);
  const [name, text] = await saveState(page);
  assert.equal(name, 'bandada-flock2d-step12.state');
  assert.match(text, /^bandada-state 1\nmodel flock2d\nsteps 12\n/);
  const saved = path.join(dir, name);
  fs.writeFileSync(saved, text);
  assert.match((await appState(page)).state_message, /^Saved step 12, fingerprint [0-9a-f]{16}\.$/);
  await steps(page, 7);
  const whole = await appState(page);
  const wholeJson = await page.evaluate(() => Module.stateJson());

  const fresh = await freshPage(suite.browser, suite.url);
  assert.equal((await appState(fresh.page)).model, 'boids3d', 'a fresh page starts elsewhere');
  await openState(fresh.page, saved);
  let s = await appState(fresh.page);
  assert.equal(s.model, 'flock2d', 'Open state switches to the file\'s model');
  assert.equal(s.steps, 12);
  assert.equal(s.status, 'paused');
  assert.equal(s.state_ok, true);
  assert.match(s.state_message, /^Continues from step 12, fingerprint [0-9a-f]{16} \(matches\)\.$/);
  assert.equal(s.sessions.flock2d.extra.predators, 1);
  assert.equal(s.sessions.flock2d.extra.attractors, 1);
  await steps(fresh.page, 7);
  s = await appState(fresh.page);
  assert.equal(s.fingerprint, whole.fingerprint, 'the same bits as never having stopped');
  assert.equal(await fresh.page.evaluate(() => Module.stateJson()), wholeJson);
  // The command line continues the page's file to the same JSON.
  assert.equal(execFileSync(nativeCli, ['--state', saved, '--steps', '7'], {encoding: 'utf8'}), wholeJson);
  assert.deepEqual(errors, []);
  assert.deepEqual(fresh.errors, []);
  await fresh.context.close();
  await context.close();
});

test('a damaged or foreign file changes nothing and says why; a file dropped on the page opens', async () => {
  const dir = scratch();
  const good = path.join(dir, 'good.state');
  execFileSync(nativeCli, ['--model', 'feedback2d', '--n', '40', '--cycles', '3', '--save-state', good]);
  const text = fs.readFileSync(good, 'utf8');
  const bad = path.join(dir, 'bad.state');
  fs.writeFileSync(bad, text.replace('steps 3', 'steps 4'));
  const other = path.join(dir, 'other.state');
  fs.writeFileSync(other, 'a holiday photo\n');

  const {context, page, errors} = await freshPage(suite.browser, suite.url);
  await page.evaluate(() => Module.command('initialize'));
  await steps(page, 3);
  const before = await appState(page);
  for (const [file, why] of [[bad, /checksum does not match/], [other, /not a Bandada state file/]]) {
    await openState(page, file);
    const s = await appState(page);
    assert.equal(s.state_ok, false);
    assert.match(s.state_message, /^Not opened \(nothing changed\): /);
    assert.match(s.state_message, why);
    assert.equal(s.model, before.model);
    assert.equal(s.fingerprint, before.fingerprint);
    assert.deepEqual(s.texts, before.texts);
  }
  // Drop the good file on the page.
  await page.evaluate((t) => {
    const dt = new DataTransfer();
    dt.items.add(new File([t], 'good.state', {type: 'text/plain'}));
    document.getElementById('canvas').dispatchEvent(new DragEvent('drop', {dataTransfer: dt, bubbles: true, cancelable: true}));
  }, text);
  await page.waitForFunction(() => JSON.parse(Module.appState()).model === 'feedback2d', null, {timeout: 10000});
  const s = await appState(page);
  assert.equal(s.steps, 3);
  assert.match(s.state_message, /^Continues from step 3, /);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the accessible view saves and opens state files with its own labelled controls', async () => {
  const dir = scratch();
  const file = path.join(dir, 'b.state');
  execFileSync(nativeCli, ['--count', '60', '--steps', '5', '--save-state', file]);
  const {context, page, errors} = await freshPage(suite.browser, suite.url);
  await page.evaluate(() => window.bandadaStartHtmlView());
  await nextFrames(page, 2);
  await page.getByLabel('Open state').setInputFiles(file);
  await page.waitForFunction(() => /Continues from step 5/.test(document.getElementById('hv-state-msg').textContent), null, {timeout: 10000});
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', {name: 'Save state'}).click()]);
  const chunks = [];
  for await (const c of await download.createReadStream()) chunks.push(c);
  assert.equal(Buffer.concat(chunks).toString('utf8'), fs.readFileSync(file, 'utf8'), 'opened and saved again: the same file');
  assert.deepEqual(errors, []);
  await context.close();
});
