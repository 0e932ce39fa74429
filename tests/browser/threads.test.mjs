// Bandada — threads in the page (issue 14): served cross-origin isolated, the page loads its
// threaded build and steps on every core; served without the headers, it falls back to the
// single-thread build and says why. Both reach the same fingerprint.
import {test, before, after} from 'node:test';
import assert from 'node:assert/strict';
import {launch, startServer, openPage, appState, nextFrames} from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

async function runOn(isolated) {
  const {server, url} = await startServer({isolated});
  const context = await browser.newContext({viewport: {width: 1400, height: 900}});
  const errors = [];
  try {
    const page = await openPage(context, url, errors);
    const facts = await page.evaluate(() => ({
      isolated: self.crossOriginIsolated,
      cores: navigator.hardwareConcurrency,
      build: [...document.scripts].map((s) => s.src).find((s) => /bandada(-mt)?\.js$/.test(s)),
    }));
    // 3-D flock, 20 000 boids: a step worth splitting; computed whole (no frames in between).
    await page.evaluate(() => {
      Module.command('model:boids3d');
      Module.setField(0, '20000');
      Module.setField(1, '0.4');
      Module.command('initialize');
    });
    await page.waitForFunction(() => JSON.parse(Module.appState()).status === 'paused', null, {timeout: 60000});
    for (let k = 0; k < 5; ++k) await page.evaluate(() => Module.command('step'));
    await page.waitForFunction(() => JSON.parse(Module.appState()).steps === 5, null, {timeout: 60000});
    await nextFrames(page, 2);
    const s = await appState(page);
    const shown = await page.evaluate(() => JSON.parse(Module.uiRects()).widgets.threads !== undefined);
    return {facts, s, shown, errors};
  } finally {
    await context.close();
    server.close();
  }
}

test('isolated: the threaded build on every core; without the headers: one thread, said on screen; the same bits', async () => {
  const mt = await runOn(true);
  const st = await runOn(false);
  assert.equal(mt.facts.isolated, true);
  assert.match(mt.facts.build, /bandada-mt\.js$/);
  const cores = Math.min(16, mt.facts.cores);
  assert.equal(mt.s.threads, cores, 'one thread per core');
  assert.equal(mt.s.threads_note, `threads: ${cores}`);
  assert.equal(st.facts.isolated, false);
  assert.match(st.facts.build, /\/bandada\.js$/);
  assert.equal(st.s.threads, 1);
  assert.equal(st.s.threads_note, 'threads: 1 — host is not cross-origin isolated');
  assert.ok(mt.shown && st.shown, 'the threads line is on screen');
  assert.equal(mt.s.steps, 5);
  assert.equal(mt.s.fingerprint, st.s.fingerprint);
  assert.deepEqual(mt.errors, []);
  assert.deepEqual(st.errors, []);
});
