// Bandada — the particle swarm (core/common/swarm.h) as an optimiser over any model's fields: each
// particle a setting of the fields that vary, each evaluation one run of the model with those
// fields (run_row, the bytes of that run alone), the objective a measure a sweep knows, averaged
// over seeds. Beside the sweep's plan: the CLI (`bandada-cli optimize`) and the page drive it.
//
// An optimisation is iterations 0 … I: iteration 0 evaluates the placed swarm, each later one
// moves it (the particle swarm's update: constriction, absorbing walls at the ranges) and evaluates it
// again, so it makes P·(I + 1)·S runs. Its log (docs/optimize.md) is one line per run, then the
// best so far and the swarm's whole state after each iteration: a log cut anywhere is resumed by
// replaying it, and the rest appended ends with the bytes of an uninterrupted one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/swarm.h"
#include "run/row.h"
#include "run/run.h"

namespace bandada {

/// One field that varies, as given: its option name and its range's ends as typed.
struct OptimizeVary {
  std::string key, lo, hi;
};

/// A measure a fit aims at, and its target as typed.
struct OptimizeFit {
  std::string measure, target;
};

/// An optimisation as data, before it is checked (the CLI's options, the page's panel).
struct OptimizeSpec {
  RunSpec base;                      ///< the run every evaluation is, before its fields and seed are set
  std::optional<std::string> steps;  ///< the steps of each run (none: as the base says)
  std::vector<OptimizeVary> vary;
  std::string measure;
  int direction = 0;  ///< −1 minimise, +1 maximise, 0 not given
  /// Or a fit: minimise the root mean square of the measures' relative errors against the targets.
  std::vector<OptimizeFit> fit;
  std::string seeds;   ///< S: seeds 1 … S ("": one run a particle, with the base's own seed)
  std::string robust;  ///< K: the objective is mean + K·sd (minimising; mean − K·sd maximising)
  std::string swarm = "20", iterations = "20", swarm_seed = "1", topology = "gbest";
};

struct OptimizeVar {
  std::string key;
  size_t field = 0;
  double lo = 0, hi = 0;
  bool integer = false;  ///< a whole-number field takes the particle's coordinate rounded
};

struct OptimizePlan {
  std::string model;
  RunSpec base;  ///< with the steps
  size_t seed_field = 0;
  std::vector<OptimizeVar> vars;
  std::string measure;  ///< the objective's column: a measure, or "fit_error"
  bool maximize = false;
  std::vector<OptimizeFit> fits;  ///< a fit's measures, and their targets as numbers
  std::vector<double> targets;
  double robust = 0;
  std::vector<std::string> seeds;  ///< the seed each run of a particle is given, in order
  uint32_t particles = 20, iterations = 20, swarm_seed = 1;
  SwarmSettings swarm;
  std::vector<std::string> warnings;  ///< what the base's --config refused and replaced
  size_t runs_per_iteration() const { return size_t{particles} * seeds.size(); }
  size_t runs() const { return runs_per_iteration() * (size_t{iterations} + 1); }
};

/// The spec as `bandada-cli optimize` arguments (without --threads, --out and --resume): what
/// the page shows as its command line, and the log's first line.
std::vector<std::string> optimize_args(const OptimizeSpec& spec);
/// The spec as the page's workers receive it, with the cells of the runs made so far (each run's
/// cells after its fields, in log order), one a line; "" when the base cannot travel so
/// (base_spec_text). Read back: "" or why not.
std::string optimize_spec_text(const OptimizeSpec& spec, const std::vector<std::string>& values);
std::string read_optimize_spec_text(const std::string& text, OptimizeSpec& spec,
                                    std::vector<std::string>& values);
/// Checks a spec (the base, each field and its range against the field's limits, the measure, the
/// swarm against its topology, the seeds) and plans it; "" or why not, naming the part.
std::string plan_optimize(const OptimizeSpec& spec, OptimizePlan& plan);
/// The log's first two lines: "# bandada-cli optimize ARGS" (what makes this log this
/// optimisation's) and the column header, each with its newline.
std::string optimize_head(const OptimizeSpec& spec, const OptimizePlan& plan);

/// The optimisation's state between runs: which iteration runs next, the swarm, the best so far.
class Optimizer {
 public:
  explicit Optimizer(const OptimizePlan& plan);

  uint32_t iteration() const { return iteration_; }  ///< the iteration whose runs come next
  bool done() const { return iteration_ > plan_.iterations; }
  /// Run k of this iteration (particle k / S, seed k % S) as a spec, and its log line up to its
  /// measure ("run,IT,PARTICLE,SEED,v1,…,"), by which a resumed log's lines are checked.
  RunSpec run_spec(size_t k) const;
  std::string run_prefix(size_t k) const;
  /// Particle i's field texts in the iteration under way (as its runs are given them).
  std::vector<std::string> particle_texts(uint32_t i) const;
  /// This iteration's runs' cells after their fields (optimize_cells, one per run, in order; the
  /// last cell is the objective's): each particle's objective, its best, the swarm's best; the
  /// swarm moves on. Returns the lines that close the iteration: "best,…" and "state,…", each with its
  /// newline.
  std::string take(const std::vector<std::string>& values);

  /// The best so far: its particle, iteration, field texts and objective (NaN before any).
  uint32_t best_particle() const { return leader_; }
  double best_objective() const { return best_objective_; }
  std::vector<std::string> best_texts() const;
  size_t null_runs() const { return null_runs_; }  ///< runs with no number, counted as the worst
  /// Each particle's objective in the last iteration taken (NaN: a run of it had no number).
  const std::vector<double>& last_objectives() const { return objectives_; }

 private:
  std::vector<std::string> texts(const double* x) const;
  const OptimizePlan& plan_;
  Swarm swarm_;
  uint32_t iteration_ = 0, leader_ = 0;
  double best_objective_ = 0;
  size_t null_runs_ = 0;
  std::vector<double> objectives_;
};

/// Makes run k of the optimiser's iteration under way: its cells (optimize_cells); returns why
/// the model refused the run ("" when it ran), such a run's cells being the worst's.
std::string optimize_run(const OptimizePlan& plan, const Optimizer& opt, size_t k, std::string& cells);

/// An optimisation rebuilt from its text (optimize_spec_text): planned, and its swarm moved by the
/// values made so far, so its next runs are the CLI's. The page's workers make runs so.
class OptimizeReplay {
 public:
  /// "" or why not (a text that cannot be read, a spec that does not plan, values that are not
  /// whole iterations).
  std::string load(const std::string& text);
  const OptimizePlan& plan() const { return plan_; }
  const Optimizer& optimizer() const { return *opt_; }
  /// Run k of the iteration under way: its whole log line and its cells (optimize_cells); "" or
  /// why not.
  std::string run(size_t k, std::string& line, std::string& cells) const;

 private:
  OptimizePlan plan_;
  std::unique_ptr<Optimizer> opt_;
};

/// The run's measure text as the optimiser reads it: its number, or NaN (none, a word, "nan").
double optimize_value(const std::string& text);
/// What a run's line holds after its fields: the measure as the run printed it; for a fit, each
/// fitted measure and then the error. `result` null: a run the model refused (the worst).
std::string optimize_cells(const OptimizePlan& plan, const RowResult* result);

}  // namespace bandada
