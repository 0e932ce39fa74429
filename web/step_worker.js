// Bandada — the step worker: where the page cannot run threads, it computes the page's long
// steps in a wasm instance of its own (bandada-sweep.js, web/step_worker.cpp). The page sends a
// model's bytes and how many steps it wants; each step goes back whole, in order, and its buffer
// comes back once read. Messages wait for the module, in the order they came; a message with a
// new `gen` and no model stops the work.
'use strict';
importScripts('bandada-sweep.js');
let mod = null;
let gen = 0;
let credit = 0;  // steps asked for and not computed yet
let timer = null;
let spare = [];  // buffers the page has read and sent back
const ready = BandadaSweep().then((m) => (mod = m));

function run() {
  timer = null;
  if (credit <= 0) return;
  --credit;
  const out = mod.step();
  if (typeof out === 'string') {
    credit = 0;
    postMessage({gen, error: out});
    return;
  }
  // Into a buffer the page gave back (same size: the same model), else a new one: allocating
  // ~12 MB a step (100 000 boids) cost up to 30 ms a step in garbage collection.
  const k = spare.findIndex((b) => b.byteLength === out.length);
  const bytes = k >= 0 ? new Uint8Array(spare.splice(k, 1)[0]) : new Uint8Array(out.length);
  bytes.set(out);
  postMessage({gen, bytes: bytes.buffer}, [bytes.buffer]);
  schedule();
}
// One step a task, so a stop or a new model posted meanwhile is read before the next step.
function schedule() {
  if (timer === null && credit > 0) timer = setTimeout(run, 0);
}

function handle(m) {
  if (m.spare) {
    spare.push(m.spare);
    if (spare.length > 4) spare.shift();
    return;
  }
  if (m.model) {
    gen = m.gen;
    const error = mod.load(m.kind, new Uint8Array(m.model));
    credit = error ? 0 : m.steps;
    if (error) postMessage({gen, error});
  } else if (m.gen !== gen) {
    gen = m.gen;
    credit = 0;
  } else {
    credit += m.steps;
  }
  schedule();
}

onmessage = (e) => {
  ready.then(() => handle(e.data), (err) => postMessage({gen: e.data.gen, error: String(err)}));
};
