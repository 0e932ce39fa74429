// Bandada — the sweep worker's wasm module: one instance per Web Worker (web/sweep_pool.js),
// with no page, no threads and no shared memory, so it needs no cross-origin isolation. It runs
// rows of a sweep, of an experiment and of an optimisation's iteration by the code the CLI runs them
// with (core/run/): the page's rows are the CLI's.
#include <emscripten/bind.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "common/number_text.h"
#include "models/all_models.h"
#include "run/experiment.h"
#include "run/optimize.h"
#include "run/sweep_plan.h"

namespace {

bandada::SweepPlan g_plan;
std::string g_error;
const bandada::Experiment* g_experiment = nullptr;  // rows of an experiment instead of a sweep
size_t g_seeds = 0;
bandada::OptimizeReplay g_optimize;  // an optimisation's iteration instead, when g_optimizing
bool g_optimizing = false;

/// The sweep as the page's plan text (core's sweep_spec_text: its base as a share string); or
/// "experiment", its name and its seeds, one a line; or "optimize" and an optimisation's text
/// (optimize_spec_text: its runs so far), whose rows are the runs of its iteration under way.
/// "" or why not.
std::string plan(const std::string& text) {
  const std::vector<std::string> lines = bandada::split_text(text, '\n');
  g_experiment = nullptr;
  g_optimizing = lines[0] == "optimize";
  if (g_optimizing) {
    g_error = g_optimize.load(text.substr(lines[0].size()));
    return g_error;
  }
  if (lines.size() == 3 && lines[0] == "experiment") {
    g_experiment = bandada::find_experiment(lines[1]);
    g_seeds = std::strtoul(lines[2].c_str(), nullptr, 10);
    g_error = g_experiment && g_seeds > 0 ? "" : "no experiment called " + lines[1];
    return g_error;
  }
  bandada::SweepSpec spec;
  g_error = bandada::read_sweep_spec_text(text, spec);
  if (g_error.empty()) g_error = bandada::plan_sweep(spec, g_plan);
  return g_error;
}

/// Row r: "ok", its CSV line and its measures (tab-separated), on three lines; or "error" and why.
std::string row(int r) {
  if (g_error.empty() && g_optimizing) {
    std::string line, cells;
    const std::string e = g_optimize.run(r < 0 ? ~size_t{0} : static_cast<size_t>(r), line, cells);
    return e.empty() ? "ok\n" + line + "\n" + cells : "error\n" + e;
  }
  if (g_error.empty() && g_experiment) {
    std::string line;
    std::vector<std::string> values;
    const std::string e = bandada::experiment_row(
        *g_experiment, g_seeds, r < 0 ? ~size_t{0} : static_cast<size_t>(r), "csv", line, values);
    if (!e.empty()) return "error\n" + e;
    std::string joined;
    for (size_t k = 0; k < values.size(); ++k) joined += (k ? "\t" : "") + values[k];
    return "ok\n" + line + "\n" + joined;
  }
  if (!g_error.empty() || r < 0 || static_cast<size_t>(r) >= g_plan.rows()) return "error\nno such row";
  std::string line;
  bandada::RowResult m;
  const std::string e = bandada::sweep_row(g_plan, static_cast<size_t>(r), line, m);
  if (!e.empty()) return "error\n" + e;
  std::string values;
  for (size_t k = 0; k < m.measures.size(); ++k) values += (k ? "\t" : "") + m.measures[k].value;
  return "ok\n" + line + "\n" + values;
}

}  // namespace

EMSCRIPTEN_BINDINGS(bandada_sweep) {
  bandada::add_all_models();  // this module has no main: its models are registered as it loads
  emscripten::function("plan", &plan);
  emscripten::function("row", &row);
}
