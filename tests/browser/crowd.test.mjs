// Bandada — the crowd model in the page (issue 29): it appears in the model menu with nothing
// but its folder and one line of the composition root; the room is drawn to scale with green
// exits; people run out through the exit and the readouts and plots follow; the tools edit the
// room; its state equals the CLI's.
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {test, useSuite, appState, nextFrames, freshPage, clickWidget, uiRects, canvasPoint, nativeCli,
        waitFor, keepPicture} from './helpers.mjs';

const suite = useSuite();
// The same in both builds (nothing here depends on threads): the threaded pass runs these.

test('the crowd: chosen from the menu, run, people leave through the exit; the state is the CLI\'s', async () => {
  const {context, page, errors} = await freshPage(suite.browser, suite.url, {viewport: {width: 1400, height: 900}});
  const models = JSON.parse(await page.evaluate(() => Module.describe())).models;
  assert.ok(models.some((m) => m[0] === 'crowd'), 'the menu lists the crowd');
  await page.evaluate(() => Module.command('model:crowd'));
  await page.evaluate(() => { Module.setField(0, '60'); Module.command('initialize'); });
  let s = await appState(page);
  assert.equal(s.model, 'crowd');
  assert.equal(s.n, 60);
  const view = JSON.parse(await page.evaluate(() => Module.viewJson(1, 0, 0)));
  const kinds = view.overlays.map((o) => o[0]);
  assert.ok(view.overlays.filter((o) => o[1] === 3).length >= 1, 'an exit drawn in green');  // kGreen = 3
  assert.ok(kinds.length >= 60 + 5, 'a disc per person, and the walls');
  // Ten steps by the Step command, then the CLI's JSON for the same run.
  for (let k = 0; k < 10; ++k) await page.evaluate(() => Module.command('step'));
  assert.equal(await page.evaluate(() => Module.stateJson()),
               execFileSync(nativeCli, ['--model', 'crowd', '--count', '60', '--steps', '10'], {encoding: 'utf8'}));
  // Run until some have left: the readouts say how many are inside and the outflow.
  await page.evaluate(() => { Module.setField(2, '3'); Module.command('run'); });  // v0
  s = await waitFor(() => appState(page), (q) => q.n < 55, 60000, 'people leaving');
  const readouts = JSON.parse(await page.evaluate(() => Module.viewJson(1, 0, 0))).readouts.map((r) => r.slice(0, 2).join(' '));
  assert.ok(readouts.some((r) => /^inside \d+ of 60$/.test(r)), readouts.join(' | '));
  assert.ok(readouts.some((r) => /^outflow \d+ people\/s/.test(r)), readouts.join(' | '));
  await keepPicture(page, 'crowd.png');
  await page.evaluate(() => Module.command('pause'));
  // Run to the end (issue 85: a crowd could only be watched in real time): "max" chosen beside
  // Run, the room empties and the run stops by itself, everyone's time said.
  await clickWidget(page, 'speed');
  await clickWidget(page, 'speed:max');
  assert.equal((await appState(page)).speed, 1000);
  await page.evaluate(() => Module.command('run'));
  s = await waitFor(() => appState(page), (q) => q.n === 0 && q.status === 'paused', 60000, 'the room empty');
  const end = JSON.parse(await page.evaluate(() => Module.stateJson()));
  assert.equal(end.evacuated, 60);
  assert.ok(end.evacuation_time > 0 && end.steps >= end.evacuation_time / 0.04 - 1, `${end.evacuation_time} s at step ${end.steps}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the crowd\'s tools: cut an exit, place a column, draw a wall, erase; each changes the room', async () => {
  const {context, page, errors} = await freshPage(suite.browser, suite.url, {viewport: {width: 1400, height: 900}});
  await page.evaluate(() => Module.command('model:crowd'));
  await page.evaluate(() => { Module.setField(0, '20'); Module.command('initialize'); });
  const room = async () => {
    const j = JSON.parse(await page.evaluate(() => Module.stateJson()));
    return {walls: j.walls.length, exits: j.exits.length, columns: j.columns.length, people: j.people.length};
  };
  const before = await room();
  assert.deepEqual(before, {walls: 5, exits: 1, columns: 0, people: 20});
  const tools = JSON.parse(await page.evaluate(() => Module.describe())).tools;
  const use = (label) => page.evaluate((k) => Module.setTool(k), tools.indexOf(label));
  await use('cut an exit');
  assert.ok(await page.evaluate(() => Module.pressModel(7.5, 0.2, false)), 'an exit cut into the bottom wall');
  await use('place a column');
  assert.ok(await page.evaluate(() => Module.pressModel(5, 13, false)));
  await use('draw a wall');
  await page.evaluate(() => Module.drag(2, 2, 2, 6));
  let r = await room();
  assert.deepEqual(r, {walls: 7, exits: 2, columns: 1, people: 20});
  await use('erase');
  assert.ok(await page.evaluate(() => Module.pressModel(5, 13.5, false)));
  r = await room();
  assert.equal(r.columns, 0);
  // The edited room continues exactly through a state file on the command line.
  const file = await page.evaluate(() => Module.saveState());
  assert.match(file, /^bandada-state 1\nmodel crowd\n/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the operational model is a choice on the crowd\'s panel: the collision-free speed and anticipation velocity models run with the CLI\'s bits, and a link and a reload keep it', async () => {
  const {context, page, errors} = await freshPage(suite.browser, suite.url, {viewport: {width: 1400, height: 2000}});
  await page.evaluate(() => Module.command('model:crowd'));
  await nextFrames(page, 3);
  // Each model's constants sit under a header, folded at first so the tools stay in view.
  let widgets = (await uiRects(page)).widgets;
  assert.ok(widgets['group:collision-free speed model: constants'], 'a header for the constants');
  assert.equal(widgets['field:csm-t'], undefined, 'folded at first');
  await clickWidget(page, 'group:collision-free speed model: constants');
  widgets = (await uiRects(page)).widgets;
  assert.ok(widgets['field:csm-t'], 'opened: the time gap T');
  // Escape closes an open list and does nothing else (issue 85: it stayed open, and the next click
  // picked an item from it).
  const before = await page.evaluate(() => Module.shareString());
  await clickWidget(page, 'choice:om');
  assert.ok((await uiRects(page)).widgets['choice:om:collision-free speed'], 'the list is open');
  await page.keyboard.press('Escape');
  await nextFrames(page, 3);
  assert.equal((await uiRects(page)).widgets['choice:om:collision-free speed'], undefined, 'Escape closed it');
  assert.equal(await page.evaluate(() => Module.shareString()), before);
  // Chosen on the panel, as a user chooses it: the combo, then its second entry.
  await clickWidget(page, 'choice:om');
  await clickWidget(page, 'choice:om:collision-free speed');
  assert.match(await page.evaluate(() => Module.shareString()), /&om=csm/);
  await page.evaluate(() => { Module.setField(0, '60'); Module.command('initialize'); });
  for (let k = 0; k < 10; ++k) await page.evaluate(() => Module.command('step'));
  const state = await page.evaluate(() => Module.stateJson());
  assert.match(state, /"operational_model":"csm"/);
  assert.equal(state, execFileSync(nativeCli, ['--model', 'crowd', '--count', '60', '--operational-model', 'csm',
                                               '--steps', '10'], {encoding: 'utf8'}));
  const readouts = JSON.parse(await page.evaluate(() => Module.viewJson(1, 0, 0))).readouts.map((r) => r.slice(0, 2).join(' '));
  assert.ok(readouts.some((r) => /^model collision-free speed/.test(r)), readouts.join(' | '));
  // Pressure is the social force model's alone: for a speed model it is said to be undefined, not 0.
  assert.ok(readouts.includes('largest pressure not defined: this model has no forces'), readouts.join(' | '));
  // The third, JuPedSim's anticipation velocity model: its constants under their own header, and
  // the same bits as the command line's (its orientations and random creeps included).
  assert.ok((await uiRects(page)).widgets['group:anticipation velocity model: constants'], 'its constants\' header');
  await clickWidget(page, 'choice:om');
  await clickWidget(page, 'choice:om:anticipation velocity');
  assert.match(await page.evaluate(() => Module.shareString()), /&om=avm/);
  await page.evaluate(() => Module.command('initialize'));
  for (let k = 0; k < 10; ++k) await page.evaluate(() => Module.command('step'));
  assert.equal(await page.evaluate(() => Module.stateJson()),
               execFileSync(nativeCli, ['--model', 'crowd', '--count', '60', '--operational-model', 'avm', '--steps', '10'],
                            {encoding: 'utf8'}));
  await clickWidget(page, 'choice:om');
  await clickWidget(page, 'choice:om:collision-free speed');
  // The page's own link, opened again after a reload: still the collision-free speed model.
  await page.reload();
  await page.waitForFunction(() => window.bandadaReady === true);
  assert.match(await page.evaluate(() => Module.shareString()), /&om=csm/);
  assert.deepEqual(errors, []);
  await context.close();
});
