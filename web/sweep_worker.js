// Bandada — one sweep worker (see sweep_pool.js): loads its own wasm instance once, plans what it
// is sent (a sweep, an experiment, an optimisation's iteration), then computes the rows it is
// handed, one message each. A new plan reuses the instance.
'use strict';
importScripts('bandada-sweep.js');
let loaded = null;
let ready = null;
onmessage = async (e) => {
  const m = e.data;
  if (m.plan !== undefined) {
    loaded = loaded || BandadaSweep();
    ready = loaded.then((mod) => {
      const error = mod.plan(m.plan);
      if (error) postMessage({row: 0, error});
      else postMessage({ready: true});
      return mod;
    });
    return;
  }
  const mod = await ready;
  const [status, line, values] = mod.row(m.row).split('\n');
  if (status === 'ok') postMessage({row: m.row, line, values});
  else postMessage({row: m.row, error: line});
};
