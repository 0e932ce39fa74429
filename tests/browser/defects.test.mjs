// Bandada — what a demanding new user found (issue 12), each reproduced as they did it, with
// real clicks and keys in the WebGL page: garbage links, a link opened while a field is being
// typed in, and counts typed into a running 2-D model.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {useSuite, openPage, appState, clickWidget, typeField, waitState, nextFrames} from './helpers.mjs';

const suite = useSuite();

async function fresh() {
  const context = await suite.browser.newContext({viewport: {width: 1400, height: 900}});
  const errors = [];
  const page = await openPage(context, suite.url, errors);
  return {context, page, errors};
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

test('typing a count into the running 2-D flock changes nothing until Enter; an invalid one never', async () => {
  const {context, page, errors} = await fresh();
  await page.evaluate(() => Module.command('model:flock2d'));
  await nextFrames(page);
  await clickWidget(page, 'Initialize');
  for (let i = 0; i < 3; ++i) await clickWidget(page, 'Step');
  let s = await waitState(page, (st) => st.steps === 3);
  const fingerprint = s.fingerprint;
  await typeField(page, 'count', '1e9');
  s = await appState(page);
  assert.equal(s.n, 300, 'an invalid count leaves the flock alone');
  assert.match(s.errors[0], /from 1 to 20000/);
  await typeField(page, 'count', '');
  for (const ch of '250') {
    await page.keyboard.type(ch);
    await nextFrames(page, 2);
    s = await appState(page);
    assert.equal(s.n, 300, 'no resize while typing');
    assert.equal(s.fingerprint, fingerprint);
  }
  await page.keyboard.press('Enter');
  s = await waitState(page, (st) => st.n === 250);
  assert.equal(s.steps, 3, 'the same flock, resized, not rebuilt');
  assert.deepEqual(errors, []);
  await context.close();
});
