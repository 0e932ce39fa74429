// Bandada — "Run all" of one model's cards in the threaded page, timed: serves build/web with the
// isolation headers, opens the page in headless Chromium, presses the model's "Run these" in the
// Experiments tab and waits until every card has its verdict. Prints each card's seconds and
// verdict, the total, and whether each card's output equals the committed file (with each card's
// own seeds and the social force model, docs/verification/NAME.csv).
//   node scripts/bench-cards.mjs [--model crowd] [--seeds S]
// --seeds S: S seeds a point, as the page's "Seeds a point" (default: each card's own). The page
// runs each card as its rooms name it (the social force model).
// A benchmark, not a test: its figure goes in docs/verification.md with the machine.
import fs from 'node:fs';
import path from 'node:path';
import {launch, startServer, openPage, root} from '../tests/browser/helpers.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const model = arg('--model', 'crowd'), seeds = Number(arg('--seeds', '0'));
const browser = await launch();
const {server, url} = await startServer({isolated: true});
try {
  const context = await browser.newContext({viewport: {width: 1400, height: 900}});
  const page = await openPage(context, url);
  await page.evaluate((m) => Module.command('model:' + m), model);
  const state = async () => JSON.parse(await page.evaluate(() => Module.experimentsState()));
  const said = await page.evaluate((s) => Module.experimentCommand('seeds:' + s), seeds);
  if (said) throw new Error(said);
  const t0 = Date.now();
  await page.evaluate((m) => Module.experimentCommand('run_model:' + m), model);
  let w = await state();
  while (w.busy) {
    await page.waitForTimeout(2000);
    w = await state();
  }
  const total = (Date.now() - t0) / 1000;
  const threads = JSON.parse(await page.evaluate(() => Module.appState())).threads;
  let same = 0, compared = 0;
  for (const [k, e] of w.experiments.entries()) {
    if (e.model !== model || e.kind === 'opens') continue;
    let note = '';
    const file = path.join(root, 'docs/verification', e.name + '.csv');
    if (!seeds && fs.existsSync(file)) {
      const mine = await page.evaluate((i) => Module.experimentCsv(i), k);
      ++compared;
      if (mine === fs.readFileSync(file, 'utf8')) ++same, note = ', = committed';
      else note = ', DIFFERS from the committed file';
    }
    console.log(`${e.name}: ${e.status}, ${e.seconds?.toFixed(1)} s, ${e.seeds} seed(s) a point, ` +
      `${e.verdict ? (e.verdict.holds ? 'holds' : 'does not hold') : 'no verdict'}${note}`);
  }
  console.log(`all ${model} cards in the threaded page (${threads} threads, ${seeds || 'each card\'s own'} ` +
    `seed(s) a point): ${(total / 60).toFixed(1)} min` +
    (compared ? `; ${same} of ${compared} equal the committed output` : ''));
  await context.close();
} finally {
  server.close();
  await browser.close();
}
