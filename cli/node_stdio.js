// Bandada — pre-js for the Node builds (CLI, tests, benchmarks).
// NOT A BUG: emscripten writes stdout through process.stdout, which is asynchronous on a pipe;
// EXIT_RUNTIME then calls process.exit() and whatever the pipe had not taken (past 64 KiB)
// was lost. Blocking handles make every write complete before exit.
for (const stream of [process.stdout, process.stderr]) {
  if (stream._handle && stream._handle.setBlocking) stream._handle.setBlocking(true);
}
