// Bandada — the page's pools of sweep workers: Web Workers, each with its own wasm instance
// (bandada-sweep.js, from web/sweep_worker.cpp), hand-fed one row at a time so results show as
// rows finish and Cancel stops at once (the workers are terminated). Three pools, so a sweep, an
// experiment and an optimisation never cancel each other: results go back to the app through
// Module.sweepRowDone, Module.experimentRowDone and Module.optimizeRunDone (r, line, values,
// error). A pool whose workers are idle keeps them for its next plan (an optimisation's next
// iteration), so their wasm is not loaded again.
(function () {
  'use strict';
  function makePool(done) {
    let workers = [];
    let generation = 0;
    let busy = 0;  // rows handed out and not back
    const stop = () => {
      for (const w of workers) w.terminate();
      workers = [];
      busy = 0;
    };
    return {
      /// plan: what the workers plan from (a sweep's arguments, an experiment, an optimisation), one a line;
      /// rows: how many; count: workers.
      start(plan, rows, count) {
        const reuse = busy === 0 && workers.length === count ? workers : null;
        if (!reuse) stop();
        const mine = ++generation;
        let next = 0;
        const feed = (w) => {
          if (next < rows) {
            w.postMessage({row: next++});
            ++busy;
          }
        };
        for (let k = 0; k < count; ++k) {
          const w = reuse ? reuse[k] : new Worker('sweep_worker.js');
          w.onmessage = (e) => {
            if (mine !== generation) return;
            const m = e.data;
            if (m.ready) {
              feed(w);
              return;
            }
            busy = Math.max(0, busy - 1);
            done(m.row, m.line || '', m.values || '', m.error || '');
            if (mine !== generation) return;  // done() began the pool's next plan
            if (m.error) {
              stop();
              return;
            }
            feed(w);
          };
          w.onerror = (e) => {
            if (mine !== generation) return;
            stop();
            done(0, '', '', 'a worker failed: ' + (e.message || 'unknown error'));
          };
          w.postMessage({plan});
          if (!reuse) workers.push(w);
        }
      },
      cancel() {
        ++generation;
        stop();
      },
    };
  }
  window.bandadaSweepPool = makePool((...a) => Module.sweepRowDone(...a));
  window.bandadaExperimentPool = makePool((...a) => Module.experimentRowDone(...a));
  window.bandadaOptimizePool = makePool((...a) => Module.optimizeRunDone(...a));
})();
