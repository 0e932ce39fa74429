// Bandada — experiments (see experiment.h): each row a RunSpec of the base, the point's settings
// and the seed, run by prepare, as a sweep's rows are.
#include "experiment.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "app/registry.h"
#include "common/number_text.h"
#include "run/row.h"
#include "run/run.h"

namespace bandada {

double ExperimentTable::mean(size_t p, std::string_view measure) const {
  for (size_t k = 0; k < measures.size(); ++k)
    if (measures[k] == measure && p < cells.size()) return cells[p][k].mean;
  return NAN;
}
double ExperimentTable::sd(size_t p, std::string_view measure) const {
  for (size_t k = 0; k < measures.size(); ++k)
    if (measures[k] == measure && p < cells.size()) return cells[p][k].sd;
  return NAN;
}

double ExperimentTable::min(size_t p, std::string_view measure) const {
  for (size_t k = 0; k < measures.size(); ++k)
    if (measures[k] == measure && p < cells.size()) return cells[p][k].min;
  return NAN;
}
double ExperimentTable::max(size_t p, std::string_view measure) const {
  for (size_t k = 0; k < measures.size(); ++k)
    if (measures[k] == measure && p < cells.size()) return cells[p][k].max;
  return NAN;
}

std::string experiment_heading(const Experiment& e) {
  return e.heading.empty() ? "Claim " + std::to_string(e.claim) : e.heading;
}

const std::vector<Experiment>& experiments() {
  static std::vector<Experiment> all;
  static size_t from_models = 0;
  if (from_models != models().size()) {  // models may be added after a first call (tests)
    all.clear();
    for (const ModelEntry& m : models()) {
      if (!m.experiments) continue;
      std::vector<Experiment> own = m.experiments();
      std::stable_sort(own.begin(), own.end(),
                       [](const Experiment& a, const Experiment& b) { return a.claim < b.claim; });
      all.insert(all.end(), own.begin(), own.end());
    }
    from_models = models().size();
  }
  return all;
}

const Experiment* find_experiment(std::string_view name) {
  for (const Experiment& e : experiments())
    if (e.name == name) return &e;
  return nullptr;
}

size_t experiment_rows(const Experiment& e, size_t seeds) {
  if (e.kind == Experiment::Kind::opens) return 0;
  return e.points.size() * (e.kind == Experiment::Kind::runs ? seeds : 1);
}

std::string experiment_header(const Experiment& e) {
  std::string out;
  for (const std::string& a : e.axes) out += a + ",";
  if (e.kind == Experiment::Kind::timed) return out + "steps_per_second\n";
  out += "seed";
  for (const std::string& m : e.measures) out += "," + m;
  return out + "\n";
}

namespace {

std::string json_label(const std::string& v) {
  const RealParse p = parse_real_text(v);
  return p.ok && v.find(',') == std::string::npos ? v : "\"" + v + "\"";
}

}  // namespace

std::string experiment_row(const Experiment& e, size_t seeds, size_t r, const std::string& format,
                           std::string& line, std::vector<std::string>& values, double budget_ms) {
  if (r >= experiment_rows(e, seeds)) return "no row " + std::to_string(r);
  const bool timed = e.kind == Experiment::Kind::timed;
  const size_t point = timed ? r : r / seeds;
  const ExperimentPoint& p = e.points[point];
  const std::string seed = std::to_string(timed ? 1 : r % seeds + 1);
  RunSpec spec;
  std::string err = experiment_spec(e, point, timed ? 1 : r % seeds + 1, spec);
  spec.steps = timed ? 0 : e.steps;
  spec.steps_given = true;
  Run run;
  RowResult result;
  if (err.empty()) err = timed ? prepare(spec, run) : run_row(spec, result);
  std::string where;
  for (size_t k = 0; k < p.labels.size(); ++k) where += (k ? ", " : "") + e.axes[k] + " " + p.labels[k];
  if (!err.empty()) return e.name + ": row " + std::to_string(r) + " (" + where + "): " + err;
  values.clear();
  if (timed) {
    // Steps until the budget is spent (at least one), timed by a steady clock.
    using clock = std::chrono::steady_clock;
    const auto t0 = clock::now();
    double ms = 0;
    uint64_t n = 0;
    while (n == 0 || ms < budget_ms) {
      const CommandResult c = run.session->compute(1);
      if (!c.ok) return e.name + ": row " + std::to_string(r) + " (" + where + "): " + c.message;
      ++n;
      ms = std::chrono::duration<double, std::milli>(clock::now() - t0).count();
    }
    char b[32];
    std::snprintf(b, sizeof b, "%.4g", 1000.0 * static_cast<double>(n) / ms);
    values.push_back(b);
  } else {
    for (const std::string& want : e.measures) values.push_back(result.text(want));
  }
  if (format == "csv") {
    line.clear();
    for (const std::string& l : p.labels) line += l + ",";
    if (!timed) line += seed + ",";
    for (size_t k = 0; k < values.size(); ++k) line += (k ? "," : "") + values[k];
  } else {
    line = "{";
    for (size_t k = 0; k < p.labels.size(); ++k)
      line += (k ? ",\"" : "\"") + e.axes[k] + "\":" + json_label(p.labels[k]);
    if (!timed) line += ",\"seed\":" + seed;
    const std::vector<std::string> names = timed ? std::vector<std::string>{"steps_per_second"} : e.measures;
    for (size_t k = 0; k < values.size(); ++k) {
      const bool number = parse_real_text(values[k]).ok && values[k] != "nan";
      line += ",\"" + names[k] + "\":" +
              (number               ? values[k]
               : values[k] == "nan" ? "null"
                                    : "\"" + values[k] + "\"");
    }
    line += "}";
  }
  return {};
}

std::string experiment_spec(const Experiment& e, size_t p, uint64_t seed, RunSpec& spec) {
  spec = RunSpec();
  spec.model = e.model;
  spec.threads = e.threads;
  const std::unique_ptr<ModelSession> s = make_session(e.model);
  if (!s) return "--model must be " + model_list() + " ('" + shown(e.model) + "' is none of them)";
  std::string err = add_named_settings(*s, e.base, spec);
  if (err.empty()) err = add_named_settings(*s, p < e.points.size() ? e.points[p].set : e.try_it, spec);
  if (err.empty() && seed) err = add_named_settings(*s, {{"seed", std::to_string(seed)}}, spec);
  return err;
}

ExperimentTable tabulate(const Experiment& e, size_t seeds,
                         const std::vector<std::vector<std::string>>& values) {
  ExperimentTable t;
  const bool timed = e.kind == Experiment::Kind::timed;
  t.measures = timed ? std::vector<std::string>{"steps_per_second"} : e.measures;
  const size_t per = timed ? 1 : seeds;
  for (size_t p = 0; p < e.points.size(); ++p) {
    std::vector<SweepSummary> row;
    for (size_t k = 0; k < t.measures.size(); ++k) {
      std::vector<std::string> v;
      for (size_t s = 0; s < per && p * per + s < values.size(); ++s)
        if (k < values[p * per + s].size()) v.push_back(values[p * per + s][k]);
      row.push_back(summarise(v, true));
    }
    t.cells.push_back(row);
  }
  return t;
}

std::string verdict_line(const Experiment& e, const Verdict& v) {
  return std::string("verdict: ") + (v.holds ? "holds: " : "does not hold: ") + v.text + " (rule: " + e.rule +
         ")";
}

}  // namespace bandada
