// Bandada — scenario files in the page (issue 39): Open scenario (the picker, one file or the
// folder form's two files dropped together) places the file's crowd at once, with the same bits as
// the CLI; Save scenario writes a file that runs the same crowd again; a bad file changes nothing
// and says why; an opened file survives a reload, and the share row says a link cannot carry it;
// a file with premovement says who is still waiting.
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {test, useSuite, appState, uiRects, nextFrames, freshPage, clickWidget, nativeCli, outDir, root,
        waitState, waitFor, openVia} from './helpers.mjs';

const suite = useSuite();
const fixtures = path.join(root, 'tests/fixtures/scenarios');

/// The folder form: its config.json and geometry.wkt dropped on the page together.
function dropFolder(page, folder) {
  return page.evaluate(([c, g]) => {
    const dt = new DataTransfer();
    dt.items.add(new File([c], 'config.json', {type: 'application/json'}));
    dt.items.add(new File([g], 'geometry.wkt', {type: 'text/plain'}));
    document.body.dispatchEvent(new DragEvent('drop', {dataTransfer: dt, bubbles: true, cancelable: true}));
  }, [fs.readFileSync(path.join(folder, 'config.json'), 'utf8'), fs.readFileSync(path.join(folder, 'geometry.wkt'), 'utf8')]);
}

async function saveScenario(page) {
  const [download] = await Promise.all([page.waitForEvent('download'), clickWidget(page, 'Save scenario')]);
  const chunks = [];
  for await (const c of await download.createReadStream()) chunks.push(c);
  return [download.suggestedFilename(), Buffer.concat(chunks).toString('utf8')];
}

test('Open scenario places the file\'s crowd with the CLI\'s bits; Save scenario runs it again; a reload keeps it',
     async () => {
  fs.mkdirSync(outDir, {recursive: true});
  const dir = fs.mkdtempSync(path.join(outDir, 'scenario-'));
  const corridor = path.join(fixtures, 'corridor.json');
  const {context, page, errors} = await freshPage(suite.browser, suite.url);
  assert.equal((await appState(page)).model, 'boids3d');
  await page.evaluate(() => Module.command('model:crowd'));
  await nextFrames(page, 2);
  let s = await openVia(page, async () => {
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), clickWidget(page, 'Open scenario')]);
    await chooser.setFiles(corridor);
  });
  assert.equal(s.state_ok, true, s.state_message);
  assert.match(s.state_message, /^Opened corridor\.json: the room is the file's/);
  // The file names the collision-free speed model, which runs; what that model does not use is said.
  assert.match(s.state_message, /the CollisionFreeSpeedModel does not use \(relaxation_time\)/);
  assert.equal(s.model, 'crowd');
  assert.equal(s.status, 'paused');
  assert.equal(s.n, 12, 'the file\'s twelve people stand at once');
  assert.equal(s.opened_file, 'corridor.json');
  assert.ok((await uiRects(page)).widgets['file-link-note'], 'the share row says a link cannot carry the room');
  for (let i = 0; i < 25; ++i) await page.evaluate(() => Module.command('step'));
  await waitState(page, (st) => st.steps === 25);
  const json = await page.evaluate(() => Module.stateJson());
  assert.equal(execFileSync(nativeCli, ['--model', 'crowd', '--scenario', corridor, '--steps', '25'],
                            {encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore']}), json,
               'the page\'s crowd is the native CLI\'s, byte for byte');

  // What is typed after opening is saved with the room; the saved file runs the same on the CLI.
  await page.evaluate(() => Module.setField(6, '5'));  // the seed
  await page.evaluate(() => Module.command('initialize'));
  const [name, text] = await saveScenario(page);
  assert.equal(name, 'corridor.json');
  const saved = JSON.parse(text);
  assert.equal(saved.config.simulation_settings.baseSeed, 5);
  assert.ok(saved.walkable_area_wkt.startsWith('POLYGON'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  for (let i = 0; i < 10; ++i) await page.evaluate(() => Module.command('step'));
  await waitState(page, (st) => st.steps === 10);
  assert.equal(execFileSync(nativeCli, ['--model', 'crowd', '--scenario', file, '--steps', '10'],
                            {encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore']}),
               await page.evaluate(() => Module.stateJson()), 'Save scenario holds the room as it ran');

  // A bad file changes nothing, and says why with its JSON path.
  const before = await appState(page);
  const crowded = JSON.parse(fs.readFileSync(corridor, 'utf8'));
  crowded.distributions['start-west'].parameters.number = 900;
  for (const [bad, why] of [['{"walkable', /not JSON/], [JSON.stringify(crowded), /distributions\.start-west\.parameters\.number: 900 people do not fit/]]) {
    s = await openVia(page, () => page.evaluate((t) => {
      const dt = new DataTransfer();
      dt.items.add(new File([t], 'bad.json', {type: 'application/json'}));
      document.body.dispatchEvent(new DragEvent('drop', {dataTransfer: dt, bubbles: true, cancelable: true}));
    }, bad));
    assert.equal(s.state_ok, false);
    assert.match(s.state_message, /^Not opened \(nothing changed\): bad\.json: /);
    assert.match(s.state_message, why);
    assert.equal(s.fingerprint, before.fingerprint);
    assert.equal(s.steps, before.steps);
    assert.equal(s.opened_file, 'corridor.json');
  }

  // The folder form: config.json and geometry.wkt dropped together.
  const folder = path.join(fixtures, 'two-rooms-folder');
  s = await openVia(page, () => dropFolder(page, folder));
  assert.equal(s.state_ok, true, s.state_message);
  assert.equal(s.n, 60);
  const dropped = s.fingerprint;

  // A reload brings the opened room back: Initialize places the same crowd.
  await page.reload();
  await page.waitForFunction(() => window.bandadaReady === true);
  s = await appState(page);
  assert.equal(s.model, 'crowd');
  assert.equal(s.opened_file, 'config.json and geometry.wkt');
  await page.evaluate(() => Module.command('initialize'));
  s = await waitState(page, (st) => st.n === 60);
  assert.equal(s.fingerprint, dropped);

  // A kept file that no longer opens is said after the reload, not dropped silently.
  await page.evaluate(() => localStorage.setItem('bandada.crowd.file', 'old.json\n{"walkable'));
  await page.reload();
  await page.waitForFunction(() => window.bandadaReady === true);
  s = await appState(page);
  assert.equal(s.state_ok, false);
  assert.match(s.state_message, /^The scenario old\.json opened before this reload does not open now: .*not JSON/);
  assert.equal(s.opened_file, '');

  // Premovement (RiMEA 5): the readouts say who is still waiting; the JSON is the CLI's.
  const rimea5 = path.join(fixtures, 'premovement.json');
  s = await openVia(page, async () => {
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), clickWidget(page, 'Open scenario')]);
    await chooser.setFiles(rimea5);
  });
  assert.equal(s.state_ok, true, s.state_message);
  await page.evaluate(() => Module.command('step'));
  await waitState(page, (st) => st.steps === 1);
  const readouts = JSON.parse(await page.evaluate(() => Module.viewJson(1, 0, 0))).readouts.map((r) => r.slice(0, 2).join(' '));
  assert.ok(readouts.includes('waiting 10 (premovement: not walking yet)'), readouts.join(' | '));
  const rimea5Json = await page.evaluate(() => Module.stateJson());
  assert.equal(execFileSync(nativeCli, ['--model', 'crowd', '--scenario', rimea5, '--steps', '1'],
                            {encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore']}), rimea5Json);
  assert.equal(JSON.parse(rimea5Json).waiting, 10);

  // The room combo names the open file, and choosing a preset there leaves it, for good (issue 85:
  // it read "Room 15 × 15 m" and choosing that room kept the file, after a reload too).
  s = await appState(page);
  assert.equal(s.chosen.preset, -1);
  assert.equal(s.shown.preset, 'opened file');
  assert.deepEqual((await uiRects(page)).clipped, [], 'the combo shows the whole name');
  const room = 'Room 15 × 15 m, one 1 m exit';
  await clickWidget(page, 'choice:preset');
  await nextFrames(page, 2);
  await clickWidget(page, 'choice:preset:' + room);
  s = await waitState(page, (st) => st.chosen.preset === 0);
  assert.equal(s.shown.preset, room);
  assert.equal(s.opened_file, '');
  assert.equal(JSON.parse(await page.evaluate(() => Module.stateJson())).room, room, 'the preset room\'s crowd stands');
  assert.equal(await page.evaluate(() => localStorage.getItem('bandada.crowd.file')), null);
  await page.reload();
  await page.waitForFunction(() => window.bandadaReady === true);
  s = await appState(page);
  assert.equal(s.opened_file, '');
  assert.equal(s.shown.preset, room);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a page sweep of an opened scenario runs in its room: the CSV is the CLI\'s sweep of the file', async () => {
  const {context, page, errors} = await freshPage(suite.browser, suite.url, {viewport: {width: 1400, height: 900}});
  await page.evaluate(() => Module.command('model:crowd'));
  await nextFrames(page, 2);
  const s = await openVia(page, () => page.evaluate((t) => {
    const dt = new DataTransfer();
    dt.items.add(new File([t], 'corridor.json', {type: 'application/json'}));
    document.body.dispatchEvent(new DragEvent('drop', {dataTransfer: dt, bubbles: true, cancelable: true}));
  }, fs.readFileSync(path.join(fixtures, 'corridor.json'), 'utf8')));
  assert.equal(s.state_ok, true, s.state_message);
  const sweepState = async () => JSON.parse(await page.evaluate(() => Module.sweepState()));
  const v0 = (await sweepState()).fields.findIndex((f) => /speed v0/.test(f));
  await page.evaluate((d) => { for (const [k, v] of Object.entries(d)) Module.sweepSet(k, String(v)); },
                      {x: v0, x_from: '1', x_to: '1.5', x_count: '2', use_y: 0, seeds: '1', steps: '50'});
  let q = await sweepState();
  assert.equal(q.why_not, '');
  assert.match(q.command_line, / --scenario corridor\.json /, 'the command line names the opened file');
  await page.evaluate(() => Module.sweepCommand('start'));
  q = await waitFor(sweepState, (r) => r.status === 'done', 60000, 'sweep');
  const csv = await page.evaluate(() => Module.sweepCsv());
  const args = [];
  for (const m of q.command_line.matchAll(/'([^']*)'|(\S+)/g)) args.push(m[1] !== undefined ? m[1] : m[2]);
  const cliArgs = args.slice(1).map((a) => a === 'corridor.json' ? path.join(fixtures, 'corridor.json') : a);
  assert.equal(csv, execFileSync(nativeCli, cliArgs, {encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore']}));
  assert.match(csv, /\n1,1,12,/, 'the file\'s twelve people inside (not the preset\'s 200)');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a file with a speed zone: its outline drawn and named in the legend, the CLI\'s bits, and Save scenario keeps the zone', async () => {
  const folder = path.join(fixtures, 'slow-zone-folder');
  const {context, page, errors} = await freshPage(suite.browser, suite.url);
  await page.evaluate(() => Module.command('model:crowd'));
  await nextFrames(page, 2);
  const s = await openVia(page, () => dropFolder(page, folder));
  assert.equal(s.state_ok, true, s.state_message);
  assert.equal(s.n, 40);
  const view = JSON.parse(await page.evaluate(() => Module.viewJson(1, 0, 0)));
  const zone = view.overlays.filter((o) => o[0] === 4 && o[1] === 10);  // segments in the zone's colour (kZone)
  assert.equal(zone.length, 4, 'the zone\'s four edges');
  const legend = JSON.parse(await page.evaluate(() => Module.describe())).legend.map((l) => l[1]);
  assert.ok(legend.includes('speed zone'), legend.join(', '));
  for (let i = 0; i < 400; ++i) await page.evaluate(() => Module.command('step'));
  await waitState(page, (st) => st.steps === 400);
  const json = await page.evaluate(() => Module.stateJson());
  assert.equal(execFileSync(nativeCli, ['--model', 'crowd', '--scenario', folder, '--steps', '400'],
                            {encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore']}), json);
  assert.ok(JSON.parse(json).zones[0].inside > 0, 'people are in the zone at 16 s');
  const text = await page.evaluate(() => Module.exportFile());  // what Save scenario writes (the first test clicks it)
  assert.deepEqual(Object.keys(JSON.parse(text).zones), ['slow-middle']);
  assert.equal(JSON.parse(text).zones['slow-middle'].speed_factor, 0.4);
  assert.deepEqual(errors, []);
  await context.close();
});

test('checkpoints and arrivals in the page: outlines named in the legend, the CLI\'s bits, Save scenario keeps them',
     async () => {
  const {context, page, errors} = await freshPage(suite.browser, suite.url);
  await page.evaluate(() => Module.command('model:crowd'));
  await nextFrames(page, 2);
  const folder = path.join(fixtures, 'waiting-checkpoint-folder');
  let s = await openVia(page, () => dropFolder(page, folder));
  assert.equal(s.state_ok, true, s.state_message);
  const view = JSON.parse(await page.evaluate(() => Module.viewJson(1, 0, 0)));
  const purple = view.overlays.filter((o) => o[0] === 4 && o[1] === 7);  // segments in the checkpoint's colour
  assert.equal(purple.length, 4, 'the desk\'s four edges');
  const legend = JSON.parse(await page.evaluate(() => Module.describe())).legend.map((l) => l[1]);
  assert.ok(legend.includes('checkpoint'), legend.join(', '));
  for (let i = 0; i < 300; ++i) await page.evaluate(() => Module.command('step'));
  await waitState(page, (st) => st.steps === 300);
  let json = await page.evaluate(() => Module.stateJson());
  assert.equal(execFileSync(nativeCli, ['--model', 'crowd', '--scenario', folder, '--steps', '300'],
                            {encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore']}), json);
  assert.ok(JSON.parse(json).checkpoints[0].waiting > 0, 'people wait at the desk at 12 s');
  let text = await page.evaluate(() => Module.exportFile());  // what Save scenario writes
  assert.equal(JSON.parse(text).checkpoints.desk.waiting_time, 6);
  assert.deepEqual(JSON.parse(text).journeys[0].stages, ['queue', 'desk', 'far-end']);
  // The zone and checkpoint tools: drag a rectangle, and a new crowd stands in the edited room.
  const tools = JSON.parse(await page.evaluate(() => Module.describe())).tools;
  await page.evaluate((k) => Module.setTool(k), tools.indexOf('speed zone (x 0.5)'));
  await page.evaluate(() => Module.drag(12, 0, 15, 3));
  await page.evaluate((k) => Module.setTool(k), tools.indexOf('checkpoint (wait 5 s)'));
  await page.evaluate(() => Module.drag(4, 0.5, 5, 2.5));
  await nextFrames(page, 2);
  const drawn = JSON.parse(await page.evaluate(() => Module.viewJson(1, 0, 0))).overlays;
  assert.equal(drawn.filter((o) => o[0] === 4 && o[1] === 10).length, 4, 'the new zone\'s four edges, in teal');
  assert.equal(drawn.filter((o) => o[0] === 4 && o[1] === 7).length, 8, 'two checkpoints\' edges, in purple');
  assert.equal(JSON.parse(await page.evaluate(() => Module.stateJson())).steps, 0, 'a new crowd at once');
  text = await page.evaluate(() => Module.exportFile());
  assert.equal(JSON.parse(text).zones['zone-1'].speed_factor, 0.5);
  assert.equal(JSON.parse(text).checkpoints['checkpoint-1'].waiting_time, 5);
  assert.deepEqual(JSON.parse(text).journeys[0].stages, ['queue', 'desk', 'checkpoint-1', 'far-end']);
  // A single file with arrivals over 15 s and a throttled exit.
  const flow = path.join(fixtures, 'flow-spawning.json');
  s = await openVia(page, () => page.evaluate((t) => {
    const dt = new DataTransfer();
    dt.items.add(new File([t], 'flow-spawning.json', {type: 'application/json'}));
    document.body.dispatchEvent(new DragEvent('drop', {dataTransfer: dt, bubbles: true, cancelable: true}));
  }, fs.readFileSync(flow, 'utf8')));
  assert.equal(s.state_ok, true, s.state_message);
  for (let i = 0; i < 200; ++i) await page.evaluate(() => Module.command('step'));
  await waitState(page, (st) => st.steps === 200);
  json = await page.evaluate(() => Module.stateJson());
  assert.equal(execFileSync(nativeCli, ['--model', 'crowd', '--scenario', flow, '--steps', '200'],
                            {encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore']}), json);
  assert.ok(JSON.parse(json).arrivals.to_come > 0, 'some are still to arrive at 8 s');
  text = await page.evaluate(() => Module.exportFile());
  const lobby = JSON.parse(text).distributions.lobby.parameters;
  assert.deepEqual([lobby.use_flow_spawning, lobby.flow_start_time, lobby.flow_end_time], [true, 0, 15]);
  assert.equal(JSON.parse(text).exits['east-door'].max_throughput, 1.5);
  assert.deepEqual(errors, []);
  await context.close();
});
