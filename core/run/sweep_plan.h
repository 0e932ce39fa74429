// Bandada — a parameter sweep as a plan and its rows: what `bandada-cli sweep` prints and what
// the page's sweep workers compute, by the same code, so the page's CSV is the CLI's. Data in
// core, below both front ends.
#pragma once

#include <string>
#include <vector>

#include "app/model_session.h"

namespace bandada {

struct SweepAxis {
  std::string key;                  ///< a field's option name (radius, w-sep, feedback)
  std::vector<std::string> values;  ///< the option text each grid value is given as (rounded if whole)
};

struct SweepPlan {
  std::string model;              ///< the model's id
  std::vector<std::string> base;  ///< the options every row gets (model, --config, fields, steps)
  SweepAxis x, y;
  bool has_y = false;
  std::vector<std::string> seeds;
  std::vector<std::string> names;  ///< every measure the model has …
  std::vector<bool> numeric;       ///< … whether it is a number (else a word, such as a regime)
  std::vector<size_t> picked;      ///< … and the ones printed, in order
  std::string format = "csv", shard = "0/1", threads;
  size_t rows() const;   ///< x-major, then y, then seed
  size_t per_x() const;  ///< rows per x value
};

/// Reads a sweep's arguments (as after `bandada-cli sweep`) and checks the base run; "" or why not.
std::string plan_sweep(const std::vector<std::string>& args, SweepPlan& plan);
/// The CSV header line (with its newline).
std::string sweep_header(const SweepPlan& plan);
/// Runs row r: its output line (no newline) and every measure; "" or the row's error.
std::string sweep_row(const SweepPlan& plan, size_t r, std::string& line,
                      std::vector<ModelSession::Measure>& measures);

}  // namespace bandada
