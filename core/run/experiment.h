// Bandada — an experiment: a claim a lesson makes, tested by runs and judged by a stated rule
// (docs/experiments.md). Each is data a model's folder provides (ModelEntry::experiments): the
// claim, what varies (a few points, each a set of a single run's options), the seeds, steps and
// measures, and the rule that turns the numbers into a verdict. `bandada-cli experiment` and the
// page's Experiments tab run the same rows by the same code, so their rows are equal.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "run/sweep_plan.h"

namespace bandada {

/// Settings by the names the model gives its fields, choices and options (radius, search,
/// preset), with their values: an experiment's data, resolved against the model when it runs.
using NamedSettings = std::vector<std::pair<std::string, std::string>>;

/// One point of what varies: its values in the label columns, and the settings that make it.
struct ExperimentPoint {
  std::vector<std::string> labels;
  NamedSettings set;
};

/// Every measure of every point, summarised over the seeds (for `timed` experiments: one row a
/// point, steps_per_second).
struct ExperimentTable {
  std::vector<std::string> measures;
  std::vector<std::vector<SweepSummary>> cells;  ///< [point][measure]
  /// The mean of `measure` at point p (NaN for a measure it does not have).
  double mean(size_t p, std::string_view measure) const;
  double sd(size_t p, std::string_view measure) const;
  /// The least and the greatest over the seeds (NaN when a seed's value is, or none).
  double min(size_t p, std::string_view measure) const;
  double max(size_t p, std::string_view measure) const;
};

struct Verdict {
  bool holds = false;
  std::string text;  ///< the numbers that decided it, in a sentence
};

/// One line of a card's own plot, in the plot's units: the model's, from the rows so far (points
/// with error bars `sd`, empty for none), or a reference (a published curve, an experiment's).
struct PlotSeries {
  std::string name;
  bool reference = false;
  std::vector<double> x, y, sd;
};

/// A card's own plot, for a claim whose picture is not one measure over the points: the
/// fundamental diagram against Weidmann's curve, an N-t curve beside an experiment's.
struct ExperimentPlot {
  std::string x_label, y_label;
  std::vector<PlotSeries> series;  ///< the model's first, then the references
};

struct Experiment {
  std::string name;  ///< the CLI's NAME
  int claim = 0;     ///< the claim's number in the lesson (the order of --list)
  /// What the card is called before its claim ("RiMEA 1", "NIST door flow"); "": "Claim N".
  std::string heading;
  std::string claim_text;         ///< the claim in one sentence, in our words
  std::string credit;             ///< where the claim comes from
  std::string varies;             ///< what varies, in words
  std::string model;              ///< the model's id
  NamedSettings base;             ///< settings every run gets
  unsigned threads = 0;           ///< threads a step may use (0: one, as every sweep row)
  std::vector<std::string> axes;  ///< the label columns
  std::vector<ExperimentPoint> points;
  /// How a row is made: runs of `steps` steps, `seeds` seeds a point, each row's measures (runs);
  /// steps per second of the engine, one row a point, one after another (timed, in the page one
  /// worker); or nothing to run: the card opens a view of the lab (opens).
  enum class Kind { runs, timed, opens } kind = Kind::runs;
  uint64_t steps = 500;
  size_t seeds = 5;
  std::vector<std::string> measures;  ///< printed, in order (runs); the first is the curve's
  std::string rule;                   ///< the rule the verdict applies, in words
  Verdict (*judge)(const ExperimentTable&) = nullptr;
  /// The card's own plot from the rows so far (an empty table before a run: the references
  /// only); null: the first measure's mean over the points.
  ExperimentPlot (*plot)(const ExperimentTable&) = nullptr;
  /// The telling configuration "Try it" loads, over the base (fields and choices); an `opens`
  /// card loads it as its only action.
  NamedSettings try_it;
};

/// The card's heading: its own, else "Claim N".
std::string experiment_heading(const Experiment& e);
/// Every registered model's experiments: model by model, as registered, each in claim order.
const std::vector<Experiment>& experiments();
const Experiment* find_experiment(std::string_view name);

/// An experiment's rows with S seeds (runs: points × S, point-major; timed: one a point).
size_t experiment_rows(const Experiment& e, size_t seeds);
/// The CSV header line (with its newline).
std::string experiment_header(const Experiment& e);
/// Row r with S seeds: its output line (csv or jsonl, no newline) and its values, one per
/// measure; "" or the row's error. A timed row measures steps per second for about `budget_ms`
/// (at least one step), so it differs run to run; every other row is exact.
std::string experiment_row(const Experiment& e, size_t seeds, size_t r, const std::string& format,
                           std::string& line, std::vector<std::string>& values, double budget_ms = 250);
/// The run of point p (or, past the last point, of the base and Try it) with `seed` (0: the
/// model's own), as data; "" or why not (a name the model does not have).
std::string experiment_spec(const Experiment& e, size_t p, uint64_t seed, RunSpec& spec);
/// The rows' values (in row order) summarised per point, and judged.
ExperimentTable tabulate(const Experiment& e, size_t seeds,
                         const std::vector<std::vector<std::string>>& values);
/// "verdict: holds: … (rule: …)" or "verdict: does not hold: …", no newline.
std::string verdict_line(const Experiment& e, const Verdict& v);

}  // namespace bandada
