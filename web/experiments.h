// Bandada — the page's Experiments tab: a lesson's claims (core/run/experiment.h), each run row by
// row in a pool of Web Workers (web/sweep_pool.js) by the code `bandada-cli experiment` runs, so a
// card's rows and verdict are the CLI's. One experiment runs at a time; "Run all" queues the
// rest. Both views draw from here; nothing here names a model.
#pragma once

#include <cstddef>
#include <deque>
#include <string>
#include <vector>

#include "run/experiment.h"

namespace web {

/// One card's last run.
struct ExperimentCard {
  enum class Status { idle, queued, running, done, failed, cancelled } status = Status::idle;
  size_t rows = 0, finished = 0;
  std::vector<bool> done;
  std::vector<std::string> lines;                ///< the CSV line per row
  std::vector<std::vector<std::string>> values;  ///< the measures per row
  bandada::ExperimentTable table;                ///< the finished rows, per point
  bandada::Verdict verdict;                      ///< once every row is in
  std::string error;
  size_t seeds = 0;               ///< seeds a point this run had
  double t0_ms = 0, seconds = 0;  ///< when it started; how long it took
};

class PageExperiments {
 public:
  /// Starts experiment k (its rows to the pool), or queues it behind the one running.
  void run(size_t k, double now_ms);
  /// Queues every card (model: "" ), or every card of one model.
  void run_all(double now_ms, const std::string& model = "");
  /// Seeds a point for the experiments Run or Run all from now on: 0, each experiment's own (as
  /// the CLI without --seeds), or 1 … 20 (as --seeds S). False for any other.
  bool set_seeds(size_t seeds);
  size_t seeds() const { return seeds_; }
  /// Stops the running experiment and empties the queue.
  void cancel();
  /// A worker finished row r of the running experiment.
  void row_done(size_t r, const std::string& line, const std::string& values, const std::string& error,
                double now_ms);

  const ExperimentCard& card(size_t k);
  bool busy() const { return active_ < cards_.size(); }
  /// The card's output as `bandada-cli experiment NAME` prints it (header, rows, verdict line).
  std::string csv(size_t k);

  /// Loads the experiment's telling configuration into its model's live session (the fields
  /// before kept for undo_try()), switches to that model, initializes and runs it.
  std::string try_it(size_t k);
  bool can_undo_try() const { return !undo_text_.empty(); }
  void undo_try();

 private:
  void start(size_t k, size_t seeds, double now_ms);
  std::vector<ExperimentCard> cards_;
  size_t active_ = static_cast<size_t>(-1);
  std::deque<size_t> queue_;
  size_t seeds_ = 0;
  std::string undo_text_;
  size_t undo_model_ = 0;
};

PageExperiments& page_experiments();
/// A model's cards under one heading: the model's menu title.
std::string group_title(const std::string& model);

}  // namespace web
