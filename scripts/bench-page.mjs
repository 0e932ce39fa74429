// Bandada — the page's own figures (see bench.sh), in headless Chromium (SwiftShader WebGL), each
// served with the isolation headers (threaded build) and without (single-thread build, its steps
// in the step worker):
// - the 3-D flock of the engine benchmark (N = 100 000, r = 0.305, weights 0, max speed 2, seed 1),
//   measured from step 150, once it has spread over the cube (k ≈ 20, as in bandada-bench): the
//   figure the page's targets compare with the benchmark's rate;
// - the 3-D flock with the page's own weights at N = 100 000, r = 0.305, from Initialize: its
//   boids start packed in the middle (k ≈ 37 and rising), so each step costs more;
// - the 2-D flock at N = 20 000, r = 25;
// - the crowd: 2 000 people in the hall (140 × 100 m, eight exits), threaded page only; real
//   time is 25 steps/s (each 0.04 s of model time).
// Each: steps per second over 10 s of running, the longest main-thread task (PerformanceObserver
// 'longtask'), how many tasks took over 100 ms, how many frames were drawn per second, and how
// many frames Pause takes to act; each figure the median of 5 runs, with their range (--quick:
// 1 run of 4 s).
import {launch, startServer, openPage} from '../tests/browser/helpers.mjs';
import {benchmarkFlock, pageFlock, crowd, flock2d} from './page-flocks.mjs';

const quick = process.argv.includes('--quick');
const runs = quick ? 1 : 5, seconds = quick ? 4 : 10;
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
const browser = await launch();
// One figure set: `setup` builds the flock in the page, which runs to step `from` (unmeasured),
// then is run for `seconds`.
async function measure(isolated, setup, from = 0) {
  const {server, url} = await startServer({isolated});
  const rows = [];
  for (let r = 0; r < runs; ++r) {
    const context = await browser.newContext({viewport: {width: 1400, height: 900}});
    const page = await openPage(context, url);
    await page.evaluate(setup);
    await page.waitForFunction(() => JSON.parse(Module.appState()).status === 'paused', null, {timeout: 120000});
    if (from > 0) {
      await page.evaluate(() => Module.command('run'));
      await page.waitForFunction((n) => JSON.parse(Module.appState()).steps >= n, from, {timeout: 120000, polling: 100});
      await page.evaluate(() => Module.command('pause'));
      await page.waitForFunction(() => JSON.parse(Module.appState()).status === 'paused');
    }
    await page.evaluate(() => {
      window.longTasks = [];
      new PerformanceObserver((l) => { for (const e of l.getEntries()) window.longTasks.push(e.duration); })
        .observe({type: 'longtask'});
    });
    const s0 = await page.evaluate(() => {
      window.longTasks = [];
      Module.command('run');
      const st = JSON.parse(Module.appState());
      return {steps: st.steps, drawn: st.draw.drawn};
    });
    const t0 = Date.now();
    await page.waitForTimeout(seconds * 1000);
    const out = await page.evaluate(() => {
      const st = JSON.parse(Module.appState());
      return {steps: st.steps, drawn: st.draw.drawn, threads: st.threads, tasks: window.longTasks};
    });
    const elapsed = (Date.now() - t0) / 1000;
    const sps = (out.steps - s0.steps) / elapsed, fps = (out.drawn - s0.drawn) / elapsed;
    // Pause: frames from the click until the state says paused and the step count stops.
    const frames = await page.evaluate(() => new Promise((resolve) => {
      Module.command('pause');
      let n = 0;
      const tick = () => {
        ++n;
        const st = JSON.parse(Module.appState());
        if (st.status === 'paused') resolve(n); else requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    }));
    rows.push({sps, fps, threads: out.threads, longest: Math.max(0, ...out.tasks), over100: out.tasks.filter((d) => d > 100).length, frames});
    await context.close();
  }
  server.close();
  // The median, and with several runs their range too.
  const fig = (key, digits) => {
    const v = rows.map((r) => r[key]);
    const range = runs > 1 ? ` (${Math.min(...v).toFixed(digits)}–${Math.max(...v).toFixed(digits)})` : '';
    return median(v).toFixed(digits) + range;
  };
  return `threads ${rows[0].threads}, ${fig('sps', 1)} steps/s, longest main-thread task ` +
    `${fig('longest', 0)} ms, tasks over 100 ms: ${fig('over100', 0)} in ${seconds} s, ` +
    `${fig('fps', 1)} frames drawn/s, Pause acts within ${fig('frames', 0)} frame(s)`;
}

try {
  const build = (isolated) => isolated ? 'isolated (threaded build)' : 'not isolated (single-thread build)';
  for (const isolated of [true, false])
    console.log(`page, ${build(isolated)}, 3-D benchmark flock N=100000 r=0.305 from step 150 (k≈20): ` +
      await measure(isolated, benchmarkFlock, 150));
  for (const isolated of [true, false])
    console.log(`page, ${build(isolated)}, 3-D default weights N=100000 r=0.305 from Initialize: ` +
      await measure(isolated, pageFlock));
  for (const isolated of [true, false])
    console.log(`page, ${build(isolated)}, 2-D flock N=20000 r=25: ` +
      await measure(isolated, flock2d));
  console.log(`page, ${build(true)}, crowd N=2000 in the hall: ` + await measure(true, crowd));
} finally {
  await browser.close();
}
