// Bandada — one row of a plan (see row.h).
#include "row.h"

#include <cmath>
#include <cstdlib>

namespace bandada {

double RowResult::number(std::string_view name) const {
  for (size_t k = 0; k < measures.size(); ++k)
    if (measures[k].name == name) return numbers[k];
  return NAN;
}

std::string RowResult::text(std::string_view name) const {
  for (const ModelSession::Measure& m : measures)
    if (m.name == name) return m.value;
  return "nan";
}

double measure_text_number(const std::string& text) {
  // As the tables read a row's cells back (summarise): the C library's correctly rounded reading,
  // so a value printed to 17 digits reads back to its own bits.
  if (text.empty()) return NAN;
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  return *end == 0 ? v : NAN;
}

double measure_number(const ModelSession::Measure& m) {
  return m.numeric ? measure_text_number(m.value) : NAN;
}

std::string run_row(const RunSpec& spec, RowResult& out) {
  out = RowResult();
  Run run;
  const std::string e = prepare(spec, run);
  if (!e.empty()) return e;
  out.measures = run.session->measures();
  for (const ModelSession::Measure& m : out.measures) out.numbers.push_back(measure_number(m));
  return {};
}

}  // namespace bandada
