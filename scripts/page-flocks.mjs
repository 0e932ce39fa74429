// Bandada — the flocks the page's benchmark (bench-page.mjs) and its trace (trace-page.mjs) set up
// in the page, each run in the page by page.evaluate.

// The engine benchmark's flock: a gas that spreads over the cube (bench/bench.cpp, scenario()).
export const benchmarkFlock = () => {
  Module.command('model:boids3d');
  ['100000', '0.305', '0', '0', '0', '2', '1'].forEach((text, field) => Module.setField(field, text));
  Module.command('initialize');
};
// The 3-D flock with the page's own weights, N = 100 000, r = 0.305.
export const pageFlock = () => {
  Module.command('model:boids3d');
  Module.setField(0, '100000');
  Module.setField(1, '0.305');
  Module.command('initialize');
};
// The crowd: 2 000 people in the hall.
export const crowd = () => {
  Module.command('model:crowd');
  Module.choose('preset', 4);  // the hall
  Module.setField(0, '2000');
  Module.commitField(0);
  Module.command('initialize');
};
// The 2-D flock at N = 20 000, r = 25.
export const flock2d = () => {
  Module.command('model:flock2d');
  const radius = JSON.parse(Module.describe()).fields.findIndex((f) => /perception/.test(f.label));
  Module.setField(0, '20000');
  Module.commitField(0);
  Module.setField(radius, '25');
  Module.commitField(radius);
  Module.command('initialize');
};
