// Bandada — the page's sweep pool: Web Workers, each with its own wasm instance
// (bandada-sweep.js, from web/sweep_worker.cpp), hand-fed one row at a time so the map fills in
// as rows finish and Cancel stops at once (the workers are terminated). Results go back to the
// app through Module.sweepRowDone(r, line, values, error).
(function () {
  'use strict';
  let workers = [];
  let generation = 0;

  function stop() {
    for (const w of workers) w.terminate();
    workers = [];
  }

  window.bandadaSweepPool = {
    /// args: the step count, then one argument per line; rows: how many; count: workers.
    start(args, rows, count) {
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
          Module.sweepRowDone(m.row, m.line || '', m.values || '', m.error || '');
          if (m.error) {
            stop();
            return;
          }
          feed(w);
        };
        w.onerror = (e) => {
          if (mine !== generation) return;
          stop();
          Module.sweepRowDone(0, '', '', 'a sweep worker failed: ' + (e.message || 'unknown error'));
        };
        w.postMessage({plan: args});
        workers.push(w);
      }
    },
    cancel() {
      ++generation;
      stop();
    },
  };
})();
