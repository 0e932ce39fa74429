// Bandada — pre-js for the Node builds (CLI, tests, benchmarks).
// NOT A BUG: emscripten writes stdout through process.stdout, which is asynchronous on a pipe;
// EXIT_RUNTIME then calls process.exit() and whatever the pipe had not taken (past 64 KiB)
// was lost. Blocking handles make every write complete before exit.
for (const stream of [process.stdout, process.stderr]) {
  if (stream._handle && stream._handle.setBlocking) stream._handle.setBlocking(true);
}
// Node 20 has a fetch() that cannot read a path, and emscripten 3.1.6 fetches the wasm whenever
// fetch exists: the bytes are handed over here instead, so `node bandada-cli.js …` needs no flag.
if (typeof fetch === "function" && !Module["wasmBinary"] && typeof __filename === "string") {
  try {
    Module["wasmBinary"] = require("fs").readFileSync(__filename.replace(/\.js$/, ".wasm"));
  } catch (e) {
    // not beside its .js: emscripten's own loading says what went wrong
  }
}
