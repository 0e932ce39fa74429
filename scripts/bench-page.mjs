// Bandada — the page's own figures (see bench.sh): the 3-D flock at N = 100 000, r = 0.305 running
// in headless Chromium (SwiftShader WebGL), served with the isolation headers (threaded build)
// and without (single-thread build): steps per second over 10 s of running, the longest
// main-thread task (PerformanceObserver 'longtask'), how many tasks took over 100 ms, and how
// many frames Pause takes to act. Each figure the median of 5 runs (--quick: 1 run of 4 s).
import {launch, startServer, openPage} from '../tests/browser/helpers.mjs';

const quick = process.argv.includes('--quick');
const runs = quick ? 1 : 5, seconds = quick ? 4 : 10;
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
const browser = await launch();
try {
  for (const isolated of [true, false]) {
    const {server, url} = await startServer({isolated});
    const rows = [];
    for (let r = 0; r < runs; ++r) {
      const context = await browser.newContext({viewport: {width: 1400, height: 900}});
      const page = await openPage(context, url);
      await page.evaluate(() => {
        window.longTasks = [];
        new PerformanceObserver((l) => { for (const e of l.getEntries()) window.longTasks.push(e.duration); })
          .observe({type: 'longtask'});
        Module.command('model:boids3d');
        Module.setField(0, '100000');
        Module.setField(1, '0.305');
        Module.command('initialize');
      });
      await page.waitForFunction(() => JSON.parse(Module.appState()).status === 'paused', null, {timeout: 120000});
      const s0 = await page.evaluate(() => { window.longTasks = []; Module.command('run'); return JSON.parse(Module.appState()).steps; });
      const t0 = Date.now();
      await page.waitForTimeout(seconds * 1000);
      const out = await page.evaluate(() => {
        const st = JSON.parse(Module.appState());
        return {steps: st.steps, threads: st.threads, tasks: window.longTasks};
      });
      const sps = (out.steps - s0) / ((Date.now() - t0) / 1000);
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
      rows.push({sps, threads: out.threads, longest: Math.max(0, ...out.tasks), over100: out.tasks.filter((d) => d > 100).length, frames});
      await context.close();
    }
    server.close();
    console.log(`page, ${isolated ? 'isolated (threaded build)' : 'not isolated (single-thread build)'}: threads ${rows[0].threads}, ` +
      `${median(rows.map((r) => r.sps)).toFixed(1)} steps/s at N=100000 r=0.305, longest main-thread task ` +
      `${median(rows.map((r) => r.longest)).toFixed(0)} ms, tasks over 100 ms: ${median(rows.map((r) => r.over100))} in ${seconds} s, ` +
      `Pause acts within ${median(rows.map((r) => r.frames))} frame(s)`);
  }
} finally {
  await browser.close();
}
