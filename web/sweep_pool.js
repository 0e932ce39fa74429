// Bandada — the page's pools of sweep workers: Web Workers, each with its own wasm instance
// (bandada-sweep.js, from web/sweep_worker.cpp), hand-fed one row at a time so results show as
// rows finish and Cancel stops at once (the workers are terminated). Two pools, so a sweep and an
// experiment never cancel each other: results go back to the app through Module.sweepRowDone and
// Module.experimentRowDone (r, line, values, error).
(function () {
  'use strict';
  function makePool(done) {
    let workers = [];
    let generation = 0;
    const stop = () => {
      for (const w of workers) w.terminate();
      workers = [];
    };
    return {
      /// plan: what the workers plan from (a sweep's arguments, or an experiment), one a line;
      /// rows: how many; count: workers.
      start(plan, rows, count) {
        stop();
        const mine = ++generation;
        let next = 0;
        const feed = (w) => {
          if (next < rows) w.postMessage({row: next++});
        };
        for (let k = 0; k < count; ++k) {
          const w = new Worker('sweep_worker.js');
          w.onmessage = (e) => {
            if (mine !== generation) return;
            const m = e.data;
            if (m.ready) {
              feed(w);
              return;
            }
            done(m.row, m.line || '', m.values || '', m.error || '');
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
          workers.push(w);
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
})();
