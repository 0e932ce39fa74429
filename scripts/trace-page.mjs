// Bandada — where the page's main thread spends a run: a Chromium trace of the threaded page (the
// same headless Chromium and software WebGL as bench-page.mjs) running one flock for a few
// seconds, summed by what the main thread and the GPU process's thread did.
//
//   node scripts/trace-page.mjs [page|benchmark|flock2d] [--seconds S] [--paused] [--profile]
//
// Prints the long tasks (over 50 ms), the main thread's busiest trace slices and the GPU thread's
// busy time. --paused traces the page paused (frames drawn, no step). --profile adds a sampled
// CPU profile of the main thread; its wasm functions have names only in a page linked with
// -DBANDADA_PROFILE_FUNCS=ON (docs/performance.md). Needs the wasm build (build/web).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {launch, startServer, openPage} from '../tests/browser/helpers.mjs';
import {benchmarkFlock, pageFlock, flock2d} from './page-flocks.mjs';

const args = process.argv.slice(2);
const which = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--seconds') || 'page';
const setups = {page: pageFlock, benchmark: benchmarkFlock, flock2d};
if (!setups[which]) {
  console.error(`trace-page: no flock "${which}" (page, benchmark or flock2d)`);
  process.exit(2);
}
const secondsAt = args.indexOf('--seconds');
const seconds = secondsAt < 0 ? 4 : Number(args[secondsAt + 1]);
if (!(seconds > 0 && seconds <= 600)) {
  console.error(`trace-page: --seconds wants a number of seconds, 0 < S <= 600 (got "${args[secondsAt + 1] ?? ''}")`);
  process.exit(2);
}
const paused = args.includes('--paused'), profiling = args.includes('--profile');
const traceFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bandada-trace-')), 'trace.json');

const browser = await launch();
const {server, url} = await startServer({isolated: true});
try {
  const context = await browser.newContext({viewport: {width: 1400, height: 900}});
  const page = await openPage(context, url);
  await page.evaluate(setups[which]);
  await page.waitForFunction(() => JSON.parse(Module.appState()).status === 'paused', null, {timeout: 120000});
  await page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.longTasks.push(e.duration); })
      .observe({type: 'longtask'});
  });
  const cdp = profiling ? await context.newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', {interval: 500});
    await cdp.send('Profiler.start');
  }
  await browser.startTracing(page, {path: traceFile, categories: ['toplevel', 'blink', 'gpu', 'cc', 'v8', 'webgl']});
  const steps0 = await page.evaluate((paused) => {
    if (!paused) Module.command('run');
    return JSON.parse(Module.appState()).steps;
  }, paused);
  await page.waitForTimeout(seconds * 1000);
  const {steps, tasks} = await page.evaluate(() => ({steps: JSON.parse(Module.appState()).steps, tasks: window.longTasks}));
  await browser.stopTracing();
  const ms = (us) => (us / 1000).toFixed(0);
  console.log(`${which} flock, ${paused ? 'paused' : 'running'} ${seconds} s: ${steps - steps0} steps; ` +
    `${tasks.length} main-thread tasks over 50 ms, the longest ${Math.max(0, ...tasks).toFixed(0)} ms, ` +
    `${tasks.filter((d) => d > 100).length} over 100 ms`);

  // The trace: complete slices ('X') on the renderer's main thread and the GPU process's.
  const trace = JSON.parse(fs.readFileSync(traceFile, 'utf8'));
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const thread = new Map();
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name') thread.set(`${e.pid}:${e.tid}`, e.args.name);
  const sums = (name) => {
    const total = new Map(), count = new Map(), most = new Map();
    for (const e of events) {
      if (e.ph !== 'X' || thread.get(`${e.pid}:${e.tid}`) !== name) continue;
      total.set(e.name, (total.get(e.name) || 0) + (e.dur || 0));
      count.set(e.name, (count.get(e.name) || 0) + 1);
      most.set(e.name, Math.max(most.get(e.name) || 0, e.dur || 0));
    }
    return {total, count, most};
  };
  const main = sums('CrRendererMain');
  console.log('main thread, busiest slices (they nest: a slice includes those it calls): ' +
    'total, count, longest');
  for (const [name, us] of [...main.total].sort((a, b) => b[1] - a[1]).slice(0, 14))
    console.log(`  ${ms(us).padStart(6)} ms  ${String(main.count.get(name)).padStart(5)}×  ` +
      `${ms(main.most.get(name)).padStart(4)} ms  ${name}`);
  const gpu = sums('CrGpuMain');
  const busy = gpu.total.get('ThreadControllerImpl::RunTask') || 0;
  console.log(`GPU process's main thread (software WebGL draws here): busy ${ms(busy)} ms of ` +
    `${seconds * 1000} (${(busy / 10 / seconds / 1000).toFixed(0)} % of a core)`);

  if (cdp) {
    const {profile} = await cdp.send('Profiler.stop');
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const self = new Map();
    profile.samples.forEach((id, i) => {
      const f = byId.get(id).callFrame, key = f.functionName || f.url || '(anonymous)';
      self.set(key, (self.get(key) || 0) + (profile.timeDeltas[i] || 0));
    });
    console.log('main thread CPU profile, self time ("(program)" is the browser\'s own code):');
    for (const [name, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 14))
      console.log(`  ${ms(us).padStart(6)} ms  ${name}`);
  }
} finally {
  fs.rmSync(path.dirname(traceFile), {recursive: true, force: true});
  await browser.close();
  server.close();
}
