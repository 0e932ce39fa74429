// Bandada — the sweep worker's wasm module: one instance per Web Worker (web/sweep_pool.js),
// with no page, no threads and no shared memory, so it needs no cross-origin isolation. It runs
// rows of a sweep by the code the CLI runs them with (core/run/sweep_plan.h): the page's rows are the CLI's.
#include <emscripten/bind.h>

#include <string>
#include <vector>

#include "common/number_text.h"
#include "models/all_models.h"
#include "run/sweep_plan.h"

namespace {

bandada::SweepPlan g_plan;
std::string g_error;

/// The sweep as its arguments, one a line (core's sweep_args of the page's spec). "" or why not.
std::string plan(const std::string& text) {
  bandada::SweepSpec spec;
  g_error = bandada::read_sweep_args(bandada::split_text(text, '\n'), spec);
  if (g_error.empty()) g_error = bandada::plan_sweep(spec, g_plan);
  return g_error;
}

/// Row r: "ok", its CSV line and its measures (tab-separated), on three lines; or "error" and why.
std::string row(int r) {
  if (!g_error.empty() || r < 0 || static_cast<size_t>(r) >= g_plan.rows()) return "error\nno such row";
  std::string line;
  std::vector<bandada::ModelSession::Measure> m;
  const std::string e = bandada::sweep_row(g_plan, static_cast<size_t>(r), line, m);
  if (!e.empty()) return "error\n" + e;
  std::string values;
  for (size_t k = 0; k < m.size(); ++k) values += (k ? "\t" : "") + m[k].value;
  return "ok\n" + line + "\n" + values;
}

}  // namespace

EMSCRIPTEN_BINDINGS(bandada_sweep) {
  bandada::add_all_models();  // this module has no main: its models are registered as it loads
  emscripten::function("plan", &plan);
  emscripten::function("row", &row);
}
