// Bandada — a parameter sweep as a plan and its rows: what `bandada-cli sweep` prints and what
// the page's sweep workers compute, by the same code, so the page's CSV is the CLI's. Data in
// core, below both front ends.
#pragma once

#include <cmath>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "app/model_session.h"
#include "run/row.h"
#include "run/run.h"

namespace bandada {

struct SweepAxis {
  std::string key;                  ///< a field's option name (radius, w-sep, feedback)
  size_t field = 0;                 ///< the field's index
  std::vector<std::string> values;  ///< the option text each grid value is given as (rounded if whole)
};

/// One axis as given: a field's option name and its grid as typed (FROM, TO, COUNT values).
struct SweepAxisSpec {
  std::string key, from, to, count;
};

/// A sweep as data, before it is checked: what `bandada-cli sweep`'s options say (cli/sweep.cpp
/// reads them), and what the page's Sweep tab fills in from its fields. plan_sweep checks it and
/// names what is wrong.
struct SweepSpec {
  RunSpec base;                      ///< the run every row is, before its axes and seed are set
  std::optional<std::string> steps;  ///< the steps each row runs (none: as the base says, --cycles say)
  SweepAxisSpec x, y;
  bool has_y = false;
  std::string seeds = "1";  ///< S: seeds 1 … S, unless …
  std::string seed_list;    ///< … a,b,c is given
  std::string measures;     ///< m1,m2,…: those printed (empty: every measure)
  std::string format = "csv", shard = "0/1", threads;
};

struct SweepPlan {
  std::string model;      ///< the model's id
  RunSpec base;           ///< the run every row is, with the sweep's steps
  size_t seed_field = 0;  ///< the field each row's seed is given as
  SweepAxis x, y;
  bool has_y = false;
  std::vector<std::string> seeds;
  std::vector<std::string> names;  ///< every measure the model has …
  std::vector<bool> numeric;       ///< … whether it is a number (else a word, such as a regime)
  std::vector<size_t> picked;      ///< … and the ones printed, in order
  std::string format = "csv", shard = "0/1", threads;
  std::vector<std::string> warnings;  ///< what the base run's --config refused and replaced
  size_t rows() const;                ///< x-major, then y, then seed
  size_t per_x() const;               ///< rows per x value
};

/// The spec as `bandada-cli sweep` arguments: what the page shows as its command line, and what
/// the CLI's reader (cli/sweep.cpp) reads back to the same spec.
std::vector<std::string> sweep_args(const SweepSpec& spec);
/// A page's base run as its workers receive it (its model, its share string, the options beside it,
/// one a line); "" when it cannot travel so (only a base of a model, a link and options does).
std::string base_spec_text(const RunSpec& base);
/// Reads a page's plan text line by line: the base's lines into `base`, every other line (its
/// tab-separated fields, and its text after the key) to `line`, which returns false for a line it
/// cannot read. "" or why not, naming the plan (`what`: "sweep") and the line.
std::string read_plan_text(
    const std::string& text, const char* what, RunSpec& base,
    const std::function<bool(const std::vector<std::string>&, const std::string&)>& line);
/// The spec as the page's sweep workers receive it, and read back ("" or why not): the base as
/// its model and share string (the share codec), the axes, seeds, steps and measures one a line.
/// Only a base of a model and a link travels (the page's); others are refused.
std::string sweep_spec_text(const SweepSpec& spec);
std::string read_sweep_spec_text(const std::string& text, SweepSpec& spec);
/// Checks a spec (the base run, both axes against the model's fields, every grid point's fields,
/// the seeds, steps and measures) and plans its rows; "" or why not, naming the part.
std::string plan_sweep(const SweepSpec& spec, SweepPlan& plan);
/// A cell of a sweep's map: one measure over the cell's seeds, summarised.
struct SweepSummary {
  size_t n = 0;                 ///< values summarised
  double mean = 0, sd = 0;      ///< numbers: the mean and the standard deviation (n − 1; 0 for one value)
  double min = NAN, max = NAN;  ///< numbers: the least and the greatest (NaN when any value is)
  std::string word;             ///< words (a regime): the most frequent, "mixed" on a tie
};
/// Summarises a cell's values (as the rows print them) of a numeric measure or of a word.
SweepSummary summarise(const std::vector<std::string>& values, bool numeric);

/// The CSV header line (with its newline).
std::string sweep_header(const SweepPlan& plan);
/// How row r's output line starts: its grid values and seed (csv: "x,y,seed,"; jsonl: the
/// object up to the seed), so a file's rows can be told from another sweep's.
std::string sweep_row_prefix(const SweepPlan& plan, size_t r);
/// Row r as a run: the base with its grid values and seed set.
RunSpec sweep_row_spec(const SweepPlan& plan, size_t r);
/// Runs row r (run_row): its output line (no newline) and every measure; "" or the row's error.
std::string sweep_row(const SweepPlan& plan, size_t r, std::string& line, RowResult& result);

}  // namespace bandada
