// Bandada — see docs-images.sh: serves build/web and photographs the app for the README.
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {launch, startServer, openPage} from '../tests/browser/helpers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'docs/images');
fs.mkdirSync(dir, {recursive: true});
const {server, url} = await startServer();
const browser = await launch();
try {
  // The desktop page (1400 × 860): the 3-D flock after 8 s of running, a boid selected.
  const wide = await browser.newContext({viewport: {width: 1400, height: 860}});
  const pw = await openPage(wide, url);
  await pw.evaluate(() => { Module.command('model:boids3d'); Module.command('initialize'); Module.command('run'); });
  await pw.waitForTimeout(8000);
  await pw.evaluate(() => { Module.command('pause'); Module.selectGlyph(7); });
  await pw.waitForTimeout(500);
  await pw.screenshot({path: path.join(dir, 'desktop.png')});
  await wide.close();
  console.log('docs-images: wrote docs/images/desktop.png');
  if (process.env.DOCS_IMAGES_ONLY === 'desktop') process.exit(0);

  // A phone (390 × 844 CSS px, touch, DPR 2): the 2-D flock running with a predator, Parameters open.
  const phone = await browser.newContext({viewport: {width: 390, height: 844}, hasTouch: true, isMobile: true,
                                          deviceScaleFactor: 2});
  const page = await openPage(phone, url);
  await page.evaluate(() => {
    Module.command('model:flock2d');
    Module.command('initialize');
    Module.pressModel(450, 300, false);  // the default tool places a predator
    Module.command('run');
  });
  await page.waitForTimeout(4000);
  await page.evaluate(() => Module.command('pause'));
  await page.screenshot({path: path.join(dir, 'phone.png')});
  await phone.close();
  console.log('docs-images: wrote docs/images/phone.png');

  // The feedback engine's regime map, made by the page's own sweep (accessible view, desktop),
  // and the page's time for the README's two 20 × 20 × 3 sweeps (live run paused, every core).
  const desk = await browser.newContext({viewport: {width: 1100, height: 1000}});
  const p2 = await openPage(desk, url);
  const sweep = async (model, fields, def) => {
    await p2.evaluate(([m, f, d]) => {
      Module.command('model:' + m);
      for (const [k, v] of Object.entries(f)) Module.setField(k, v);
      const names = JSON.parse(Module.sweepState()).fields;
      for (const [k, v] of Object.entries(d))
        Module.sweepSet(k, String(k === 'x' || k === 'y' ? names.findIndex((n) => n.startsWith(v)) : v));
      Module.sweepSet('measure', String(JSON.parse(Module.sweepState()).measures.indexOf(d.measure_name)));
      Module.sweepCommand('start');
    }, [model, fields, def]);
    await p2.waitForFunction(() => JSON.parse(Module.sweepState()).status !== 'running', null, {timeout: 900000, polling: 1000});
    const state = JSON.parse(await p2.evaluate(() => Module.sweepState()));
    if (state.status !== 'done') throw new Error(`the ${model} sweep ${state.status}: ${state.error || state.why_not}`);
    return state;
  };
  const fb = await sweep('feedback2d', {0: '200'}, {x: 'random turn', x_from: 0, x_to: 1, x_count: 20, use_y: 1, y: 'attraction',
                                                  y_from: 0, y_to: 1.5, y_count: 20, seeds: 3, steps: 300, measure_name: 'regime'});
  const counts = {};
  for (const c of fb.map.cells) counts[c.word] = (counts[c.word] || 0) + 1;
  console.log(`docs-images: feedback engine 20 x 20 x 3 at n = 200, 300 cycles: ${fb.elapsed.toFixed(1)} s with ${fb.workers} workers; cells ${JSON.stringify(counts)}`);
  await p2.evaluate(() => window.bandadaStartHtmlView(''));
  await p2.waitForSelector('#hv-sw-map rect.hv-cell');
  await (await p2.$('#hv-sw-map')).screenshot({path: path.join(dir, 'regime-map.png')});
  console.log('docs-images: wrote docs/images/regime-map.png');
  await p2.evaluate(() => window.bandadaStopHtmlView());
  const fl = await sweep('flock2d', {}, {x: 'separation w', x_from: 0, x_to: 4, x_count: 20, use_y: 1, y: 'perception',
                                        y_from: 25, y_to: 100, y_count: 20, seeds: 3, steps: 300, measure_name: 'order'});
  console.log(`docs-images: 2-D flock 20 x 20 x 3 at N = 300, 300 steps: ${fl.elapsed.toFixed(1)} s with ${fl.workers} workers`);
  await desk.close();
} finally {
  await browser.close();
  server.close();
}
