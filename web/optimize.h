// Bandada — the page's optimiser: the particle swarm over the fields of the model on screen
// (core/run/optimize.h), each iteration's runs made in a pool of Web Workers (web/sweep_pool.js)
// by the code `bandada-cli optimize` runs them with, so the page's log is the CLI's byte for byte.
// The page holds the swarm between iterations; each worker rebuilds it from the plan's text and
// the values so far. Both views draw from here; nothing here names a model.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "app/model_session.h"
#include "run/optimize.h"

namespace web {

/// A field the swarm searches, as the user types its range.
struct OptimizeVaryRow {
  size_t field = 0;
  std::string lo, hi;
};

/// The optimisation as the user types it (raw texts, like every field of the app).
struct OptimizeDefinition {
  std::vector<OptimizeVaryRow> vary;
  size_t measure = 0;  ///< index into measures(): the model's numeric measures
  bool maximize = false;
  std::string seeds = "2", steps = "300", swarm = "8", iterations = "8", swarm_seed = "1";
};

/// One particle of an evaluated iteration: where it was, and its objective (NaN: no number).
struct OptimizeParticle {
  std::vector<double> x;
  double objective = 0;
};

class PageOptimize {
 public:
  enum class Status { idle, running, done, cancelled, failed };
  static constexpr size_t kMaxFields = 6;

  /// The definition for this model (its own defaults when it had none).
  OptimizeDefinition& definition(const bandada::ModelSession& s);
  const std::string& model() const { return model_; }
  /// The model's numeric measures, the ones an optimisation can aim at (from a run of the
  /// session's fields, kept while they do not change).
  const std::vector<std::string>& measures(const bandada::ModelSession& s);

  /// Why the definition cannot run as it stands ("" when it can). Kept until the definition or the
  /// session's inputs change, so the views may ask every frame.
  std::string check(const bandada::ModelSession& s);
  /// After check(): the definition as one `bandada-cli optimize` command line; its runs in all.
  const std::string& command_line() const { return checked_line_; }
  size_t checked_runs() const { return checked_plan_.runs(); }

  bool start(bandada::ModelSession& s, bool live_running, double now_ms);
  void cancel();
  /// A worker made run k of the iteration under way: its log line and cells, or its error.
  void run_done(size_t k, const std::string& line, const std::string& cells, const std::string& error,
                double now_ms);

  Status status() const { return status_; }
  const std::string& error() const { return error_; }
  size_t runs() const { return plan_.runs(); }
  size_t finished() const { return finished_; }
  int workers() const { return workers_; }
  double elapsed_seconds(double now_ms) const;
  double eta_seconds(double now_ms) const;

  /// The last run: its plan, the best objective after each closed iteration, each iteration's
  /// particles, and the best so far (its field texts; empty before the first iteration closed).
  const bandada::OptimizePlan& plan() const { return plan_; }
  const std::vector<double>& best_history() const { return best_; }
  const std::vector<std::vector<OptimizeParticle>>& iterations() const { return particles_; }
  std::vector<std::string> best_texts() const;
  double best_objective() const { return best_.empty() ? 0.0 : best_.back(); }
  size_t null_runs() const { return opt_ ? opt_->null_runs() : 0; }
  /// The log as `bandada-cli optimize --out FILE` writes it (so far, while it runs).
  const std::string& log() const { return log_; }

  /// The definition in a share link (`opt=…`), and back; false leaves it as it was.
  std::string link_text(const bandada::ModelSession& s);
  bool open_link_text(const bandada::ModelSession& s, const std::string& text);
  /// A link carried a definition that cannot be read: say so in the Optimise tab.
  void note_bad_link() {
    error_ = "The link's optimisation could not be read and was ignored; the fields opened.";
    show = true;
  }
  /// Asks the Optimise tab to come forward (a link opened one); cleared by the view that shows it.
  bool show = false;
  /// The definition goes into share links (once an optimisation ran, or a link brought one).
  bool in_link = false;

  /// The best's fields into the session (the fields before kept for undo_use()); the seed waits.
  bool use_best(bandada::ModelSession& s);
  bool can_undo_use(const bandada::ModelSession& s) const;
  void undo_use(bandada::ModelSession& s);

 private:
  bandada::OptimizeSpec spec(const bandada::ModelSession& s) const;
  void start_iteration();

  std::string model_;
  OptimizeDefinition def_;
  std::string measures_key_;
  std::vector<std::string> measures_;
  std::string checked_key_, checked_why_, checked_line_;
  bandada::OptimizeSpec checked_spec_;
  bandada::OptimizePlan checked_plan_;

  bandada::OptimizeSpec spec_;
  bandada::OptimizePlan plan_;
  std::unique_ptr<bandada::Optimizer> opt_;
  std::string base_share_, log_, error_;
  Status status_ = Status::idle;
  std::vector<std::string> all_values_;  // every run's cells so far, in log order
  std::vector<std::string> lines_, cells_;
  std::vector<bool> in_;
  size_t in_count_ = 0, finished_ = 0;
  std::vector<double> best_;
  std::vector<std::vector<OptimizeParticle>> particles_;
  int workers_ = 0;
  double t0_ms_ = 0, last_ms_ = 0;
  std::string undo_text_, undo_model_;
};

PageOptimize& page_optimize();

}  // namespace web
