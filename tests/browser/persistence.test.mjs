// Bandada — browser tests of what survives: raw field text across reloads, shared links (fresh
// browser, old formats), navigation through history with and without the back/forward cache,
// and storage that throws.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test, threadsMatter, useSuite, launch, openPage, gotoReady, appState, clickWidget, typeField, waitState, root, freshPage} from './helpers.mjs';

const suite = useSuite();

const fresh = (b = suite.browser) => freshPage(b, suite.url);

test('a reload restores the raw text of every field, and Initialize is refused with a message', async () => {
  const {context, page, errors} = await fresh();
  await typeField(page, 'n', '');
  await typeField(page, 'r', '1.');
  await typeField(page, 'sep', '-');
  await typeField(page, 'ali', '1e');
  await page.reload();
  await page.waitForFunction(() => window.bandadaReady === true);
  const s = await appState(page);
  assert.deepEqual(s.texts.slice(0, 4), ['', '1.', '-', '1e']);
  assert.equal(s.status, 'no flock', 'a reload does not keep a simulation');
  await clickWidget(page, 'Initialize');
  const after = await appState(page);
  assert.equal(after.status, 'no flock');
  for (let i = 0; i < 4; ++i) assert.notEqual(after.errors[i], '');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a share link opened in a fresh browser reproduces the fields and verifies the run', threadsMatter('the verified run steps on threads or in the step worker'), async () => {
  const a = await fresh();
  await typeField(a.page, 'n', '120');
  await typeField(a.page, 'coh', '0,05');
  await clickWidget(a.page, 'Initialize');
  for (let i = 0; i < 6; ++i) await clickWidget(a.page, 'Step');
  const made = await waitState(a.page, (s) => s.steps === 6);
  await clickWidget(a.page, 'Copy share link');
  const shared = await waitState(a.page, (s) => s.share_url !== '');
  assert.match(shared.share_url, /#v=1&n=120&.*steps=6&fp=/);
  await a.context.close();

  const other = await launch();  // a different browser: nothing in common but the link
  try {
    const context = await other.newContext({viewport: {width: 1400, height: 860}});
    const page = await context.newPage();
    await gotoReady(page, shared.share_url);
    let s = await appState(page);
    assert.deepEqual(s.texts, made.texts);
    assert.equal(await page.evaluate(() => window.location.hash), '', 'the share string left the address bar');
    assert.equal(s.has_previous_inputs, true);
    await clickWidget(page, 'Initialize');
    await clickWidget(page, 'Replay the shared run');
    s = await waitState(page, (st) => st.link.kind === 'identical');
    assert.equal(s.steps, 6);
    assert.equal(s.fingerprint, made.fingerprint);
    // After an edit, a reload keeps the edit, not the link.
    await typeField(page, 'seed', '77');
    await page.reload();
    await page.waitForFunction(() => window.bandadaReady === true);
    s = await appState(page);
    assert.equal(s.texts[6], '77');
    assert.equal(s.texts[0], '120');
    await context.close();
  } finally {
    await other.close();
  }
});

test('every share string ever released still opens with its fields, on load and pasted into an open tab', async () => {
  const rows = fs.readFileSync(path.join(root, 'tests/fixtures/share_strings.tsv'), 'utf8')
    .split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split('\t'));
  assert.ok(rows.length >= 5);
  const context = await suite.browser.newContext();
  const page = await context.newPage();
  await gotoReady(page, suite.url);
  for (const cols of rows) {
    const want = cols.slice(1, 8).map((c) => (c === '<empty>' ? '' : c));
    for (const how of ['load', 'paste']) {
      if (how === 'load') await page.goto('about:blank');
      await page.goto(suite.url + '#' + cols[0]);  // from about:blank a load, else only a hashchange
      if (how === 'load') await page.waitForFunction(() => window.bandadaReady === true);
      const s = await waitState(page, (st) => JSON.stringify(st.texts) === JSON.stringify(want), 5000)
        .catch(async () => appState(page));
      assert.deepEqual(s.texts, want, `${how}: ${cols[0]}`);
      assert.equal(await page.evaluate(() => window.location.hash), '');
      await page.evaluate(() => Module.setField(0, 'something else'));
    }
  }
  await context.close();
});

test('leaving the page and coming back through history (no back/forward cache) brings the paused flock back', threadsMatter('a page left and reloaded starts its threads or step worker again'), async () => {
  const {context, page} = await fresh();
  await page.evaluate(() => { Module.command('initialize'); Module.command('run'); });
  await waitState(page, (s) => s.steps >= 8);
  await page.evaluate(() => { Module.command('pause'); Module.selectGlyph(7); });
  const left = await appState(page);
  await page.goto(suite.url + 'assets/favicon.svg');
  await page.goBack();
  await page.waitForFunction(() => window.bandadaReady === true);
  const s = await waitState(page, (st) => !st.busy && st.status === 'paused' && st.steps > 0);
  assert.equal(s.steps, left.steps);
  assert.equal(s.fingerprint, left.fingerprint);
  assert.equal(s.selection, 7);
  assert.match(s.notice, /fingerprint matches/);
  // A reload is not navigation: it keeps the fields, not the simulation.
  await page.reload();
  await page.waitForFunction(() => window.bandadaReady === true);
  assert.equal((await appState(page)).status, 'no flock');
  await context.close();
});

test('a back/forward cache restore keeps the paused flock as it was', threadsMatter('a page restored from the cache keeps its threads or step worker'), async () => {
  const b = await launch({ignoreDefaultArgs: ['--disable-back-forward-cache']});
  try {
    const context = await b.newContext();
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.addEventListener('pageshow', (e) => { if (e.persisted) window.bandadaFromCache = true; });
    });
    await gotoReady(page, suite.url);
    await page.evaluate(() => { Module.command('initialize'); Module.command('step'); Module.command('step'); Module.selectGlyph(4); });
    const left = await appState(page);
    await page.goto(suite.url + 'assets/favicon.svg');
    await page.goBack({waitUntil: 'commit'});
    await page.waitForFunction(() => window.bandadaReady === true);
    assert.equal(await page.evaluate(() => window.bandadaFromCache === true), true, 'restored from the cache');
    const s = await appState(page);
    assert.equal(s.status, 'paused');
    assert.equal(s.steps, 2);
    assert.equal(s.fingerprint, left.fingerprint);
    assert.equal(s.selection, 4);
    await context.close();
  } finally {
    await b.close();
  }
});

test('storage that throws on read and on write leaves the app working, with a quiet notice', async () => {
  const context = await suite.browser.newContext({viewport: {width: 1400, height: 860}});
  await context.addInitScript(() => {
    Storage.prototype.getItem = () => { throw new DOMException('denied', 'SecurityError'); };
    Storage.prototype.setItem = () => { throw new DOMException('full', 'QuotaExceededError'); };
  });
  const errors = [];
  const page = await openPage(context, suite.url, errors);
  await typeField(page, 'n', '90');
  await clickWidget(page, 'Initialize');
  await clickWidget(page, 'Step');
  const s = await waitState(page, (st) => st.steps === 1);
  assert.equal(s.n, 90);
  assert.match(s.storage_notice, /refuses storage/);
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  assert.deepEqual(errors, []);
  await context.close();
});

test('Copy share link writes the clipboard inside the click, as WebKit and Safari require', async () => {
  const context = await suite.browser.newContext({viewport: {width: 1400, height: 860},
                                                  permissions: ['clipboard-read', 'clipboard-write']});
  // WebKit's rule, in Chromium: a write is allowed only while a click or tap is being handled.
  await context.addInitScript(() => {
    const real = navigator.clipboard.writeText.bind(navigator.clipboard);
    let gesture = false;
    for (const type of ['click', 'touchend']) {
      addEventListener(type, () => { gesture = true; }, true);  // capture: before the page's handlers
      addEventListener(type, () => { gesture = false; });       // bubble: after them
    }
    navigator.clipboard.writeText = (text) =>
      gesture ? real(text) : Promise.reject(new DOMException('not inside a gesture', 'NotAllowedError'));
  });
  const page = await openPage(context, suite.url);
  await typeField(page, 'n', '77');
  await clickWidget(page, 'Copy share link');
  const s = await waitState(page, (st) => st.share_url !== '');
  await page.waitForFunction(() => window.bandadaClipboard !== -1);
  assert.equal(await page.evaluate(() => window.bandadaClipboard), 1, 'the write was allowed');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), s.share_url);
  assert.match(s.share_url, /#v=1&n=77&/);
  await context.close();
});
