// Bandada — the page's parameter sweep: a definition for the model on screen (one or two fields
// over a grid, seeds, steps, the measure to map), run row by row in a pool of Web Workers
// (web/sweep_pool.js), each row computed by the code the CLI uses (core/run/sweep_plan.h), so the page's CSV
// is the CLI's. Cells aggregate their seeds (mean and standard deviation, or the most frequent
// word). Both views draw from here; nothing here names a model.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "app/model_session.h"
#include "run/sweep_plan.h"

namespace web {

/// The sweep as the user types it (raw texts, like every field of the app).
struct SweepDefinition {
  size_t x = 0, y = 1;  ///< field indices of the model
  bool use_y = true;
  std::string x_from, x_to, x_count = "10", y_from, y_to, y_count = "10";
  std::string seeds = "3", steps = "300";
  size_t measure = 0;  ///< index into the model's measures
};

/// One cell of the map: its grid values and what its finished seeds gave.
struct SweepCell {
  std::string x, y;                 ///< the values used (rounded for whole-number fields)
  size_t finished = 0, seeds = 0;   ///< rows done of this cell, of all
  std::vector<std::string> values;  ///< the measure per finished seed (seed order)
  double mean = 0, sd = 0;          ///< numeric measures: mean over seeds and their standard deviation
  std::string word;                 ///< word measures: the most frequent, or "mixed" on a tie
  std::string colour;               ///< "#rrggbb" on the map ("" until a seed finished)
};

class PageSweep {
 public:
  enum class Status { idle, running, done, cancelled, failed };

  /// The definition for this model (its own defaults when it had none).
  SweepDefinition& definition(const bandada::ModelSession& s);
  const std::string& model() const { return model_; }

  /// Why the definition cannot run as it stands ("" when it can). Kept until the definition or the
  /// session's inputs change, so the views may ask every frame.
  std::string check(const bandada::ModelSession& s);
  /// After check() said "": the plan (its measures' names, grid values, base options).
  const bandada::SweepPlan& checked_plan() const { return checked_plan_; }
  /// After check(): the definition as one `bandada-cli sweep` command line (for the user to copy).
  const std::string& command_line() const { return checked_line_; }

  /// Plans and hands the rows to the worker pool; false with the reason in error().
  bool start(bandada::ModelSession& s, bool live_running, double now_ms);
  void cancel();
  /// A link carried a sweep definition that cannot be read: say so in the Sweep tab.
  void note_bad_link() {
    error_ = "The link's sweep definition could not be read and was ignored; the fields opened.";
    show = true;
  }
  /// A worker finished row r: its CSV line, its measures (tab-separated), or its error.
  void row_done(size_t r, const std::string& line, const std::string& values, const std::string& error,
                double now_ms);

  Status status() const { return status_; }
  const std::string& error() const { return error_; }
  size_t rows() const { return results_.size(); }
  size_t finished() const { return finished_; }
  int workers() const { return workers_; }
  /// Seconds left, from the rate so far (negative when unknown).
  double eta_seconds(double now_ms) const;
  double elapsed_seconds(double now_ms) const;

  /// The map of the last run (x-major): columns × rows; measure name, and whether it is a word.
  size_t columns() const { return plan_.x.values.size(); }
  size_t lines() const { return plan_.has_y ? plan_.y.values.size() : 1; }
  const SweepCell& cell(size_t xi, size_t yi) const { return cells_[xi * lines() + yi]; }
  const bandada::SweepPlan& plan() const { return plan_; }
  const std::string& measure_name() const { return measure_name_; }
  bool categorical() const { return categorical_; }
  /// The colour scale of a numeric map (the finished cells' means).
  double lo() const { return lo_; }
  double hi() const { return hi_; }
  /// The words of a category map and their colours.
  std::vector<std::pair<std::string, std::string>> categories() const;

  /// The CSV of the finished run: header and every row in order, as the CLI prints it.
  std::string csv() const;
  /// The definition in a share link (`sweep=…`), and back; false leaves it as it was.
  std::string link_text(const bandada::ModelSession& s);
  bool open_link_text(const bandada::ModelSession& s, const std::string& text);
  /// Loads cell (xi, yi) into the session's fields like a link (the fields before it are kept for
  /// undo_load()); the fields hold the sweep's base, x and y; the seed waits for initialize().
  bool load_cell(bandada::ModelSession& s, size_t xi, size_t yi);
  bool can_undo_load(const bandada::ModelSession& s) const;
  void undo_load(bandada::ModelSession& s);
  /// The loaded cell's seed s into the seed field, then Initialize.
  void initialize_with_seed(bandada::ModelSession& s, const std::string& seed);
  /// The cell last loaded, so the views can offer its seeds.
  bool loaded() const { return loaded_; }
  size_t loaded_x() const { return loaded_x_; }
  size_t loaded_y() const { return loaded_y_; }

  /// Asks the Sweep tab to come forward (a link opened one); cleared by the view that shows it.
  bool show = false;
  /// The definition goes into share links (once a sweep ran, or a link brought one).
  bool in_link = false;

 private:
  void aggregate(size_t xi, size_t yi);
  void recolour();

  std::string model_;
  SweepDefinition def_;
  /// This definition for the session's current fields, as core's sweep spec.
  bandada::SweepSpec spec(const bandada::ModelSession& s) const;

  std::string checked_key_, checked_why_, checked_line_;  // the last check, kept while nothing changes
  std::vector<std::string> checked_args_;
  bandada::SweepPlan checked_plan_;
  bandada::SweepPlan plan_;
  std::string base_share_, measure_name_, error_;
  bool categorical_ = false;
  size_t measure_index_ = 0;
  Status status_ = Status::idle;
  std::vector<bool> done_;
  std::vector<std::string> results_;                // CSV line per row
  std::vector<std::vector<std::string>> measures_;  // every measure per row
  std::vector<SweepCell> cells_;
  size_t finished_ = 0;
  int workers_ = 0;
  double t0_ms_ = 0, last_ms_ = 0, lo_ = 0, hi_ = 1;
  std::string undo_text_, undo_model_;
  size_t loaded_x_ = 0, loaded_y_ = 0;
  bool loaded_ = false;
};

PageSweep& page_sweep();

/// The run the live session is, as the page's plans start from it: its model, its share string,
/// and the file it opened (a scenario), which a link cannot carry.
bandada::RunSpec page_run_base(const bandada::ModelSession& s);
/// A default end of a range over field f: half (low) or twice (high) its value, in its limits.
std::string default_range_end(const bandada::ModelSession& s, size_t f, bool high);
/// The field of the session with option name `key` (field_count() when none).
size_t field_by_option(const bandada::ModelSession& s, const std::string& key);
/// Seed `seed` into the session's seed field, then Initialize.
void initialize_with_seed(bandada::ModelSession& s, const std::string& seed);

/// The numeric map's colour at t in [0, 1] (dark blue → green → yellow), as "#rrggbb".
std::string sweep_colour(double t);

}  // namespace web
