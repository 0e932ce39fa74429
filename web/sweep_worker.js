// Bandada — one sweep worker (see sweep_pool.js): loads its own wasm instance, plans the sweep
// once, then computes the rows it is handed, one message each.
'use strict';
importScripts('bandada-sweep.js');
let ready = null;
onmessage = async (e) => {
  const m = e.data;
  if (m.plan !== undefined) {
    ready = BandadaSweep().then((mod) => {
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
