// Bandada — the step worker's half of the workers' module (web/step_worker.js): where the page
// has no threads, its long steps are computed here, in a wasm instance of its own, from the
// model's bytes (core/app/remote_step.h). Built into bandada-sweep.js beside the sweep rows.
#include <emscripten/bind.h>

#include <string>

#include "app/remote_step.h"

namespace {

bandada::RemoteModel g_model;

/// Loads a model's bytes: "" or why not.
std::string load(const std::string& kind, const std::string& bytes) { return g_model.load(kind, bytes); }

/// The model's next step, as bytes (a view of this instance's memory, valid until the next call):
/// a string saying why not when nothing is loaded.
emscripten::val step() {
  const std::string& out = g_model.step();
  if (out.empty()) return emscripten::val("nothing loaded");
  return emscripten::val(
      emscripten::typed_memory_view(out.size(), reinterpret_cast<const uint8_t*>(out.data())));
}

}  // namespace

EMSCRIPTEN_BINDINGS(bandada_step) {
  emscripten::function("load", &load);
  emscripten::function("step", &step);
}
