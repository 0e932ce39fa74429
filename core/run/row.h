// Bandada — one row of any plan: a sweep's grid point and seed, an experiment's point and seed, an
// optimiser's particle and seed. Each is a RunSpec run by prepare (run.h), so a row is exactly the
// single run with those settings; its measures come back as the text a row prints and as the
// numbers that text reads back to, so what a plan judges or optimises is what its file shows.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "app/model_session.h"
#include "run/run.h"

namespace bandada {

struct RowResult {
  std::vector<ModelSession::Measure> measures;  ///< every measure the model gives, in its order
  std::vector<double> numbers;                  ///< each one's text read back; NaN: a word, or none
  /// The number of measure `name` (NaN when the model has no such measure or it has no number).
  double number(std::string_view name) const;
  /// The text of measure `name` ("nan" when the model has no such measure).
  std::string text(std::string_view name) const;
};

/// Runs `spec` to its end and reads its measures; "" or why not.
std::string run_row(const RunSpec& spec, RowResult& out);

/// A measure's text read as a number: NaN for a word, an empty cell, "nan" or anything else
/// that is not wholly a number.
double measure_number(const ModelSession::Measure& m);
double measure_text_number(const std::string& text);

}  // namespace bandada
