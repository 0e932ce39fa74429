// Bandada — the feedback engine's fields: share keys, labels, ranges and default text, checked
// by the same number grammar as every other field (docs/models/feedback2d.md, "Inputs").
#pragma once

#include <array>
#include <iterator>
#include <string>
#include <string_view>

#include "common/field_table.h"
#include "feedback2d.h"

namespace bandada {

/// The feedback engine's fields, one row each (docs/models/feedback2d.md, "Inputs"): a new field
/// is one row here, its member of Feedback2dParams and its use in the engine.
namespace feedback2d_rows {
using P = Feedback2dParams;
// One row a field, its info on the first line.
// clang-format off
inline constexpr FieldRow<P> kRows[] = {
    {{"n", "points n", "number of points, whole number 2 … 2000 (re-initializes)", true, 2, 2000, false, nullptr, true},
     "200", {nullptr, &P::n}},
    {{"r", "radius r", "local radius, 5 … 400", false, 5, 400, false},
     "60", {&P::r}},
    {{"alpha", "attraction α", "attraction weight, 0 … 3", false, 0, 3, false},
     "1", {&P::alpha}},
    {{"sigma", "separation σ", "separation weight, 0 … 3", false, 0, 3, false},
     "1", {&P::sigma}},
    {{"lambda", "alignment λ", "alignment weight, 0 … 3", false, 0, 3, false},
     "1", {&P::lambda}},
    {{"turn", "random turn g", "turning noise, 0 … 1", false, 0, 1, false},
     "0.2", {&P::turn}},
    {{"feedback", "feedback f", "counter-rule strength, 0 … 2", false, 0, 2, false},
     "1", {&P::feedback}},
    {{"seed", "seed", "LCG seed, whole number 0 … 4294967295 (re-initializes)", true, 0, 4294967295.0, false, nullptr, true},
     "1", {nullptr, &P::seed}},
};
// clang-format on
}  // namespace feedback2d_rows
inline constexpr int kFeedback2dFieldCount = static_cast<int>(std::size(feedback2d_rows::kRows));
using Feedback2dFieldTexts = std::array<std::string, kFeedback2dFieldCount>;

/// Places of the fields the code names.
enum class Feedback2dField : int { n, r, alpha, sigma, lambda, turn, feedback, seed };

/// The whole table, in field order (for the shared link reader and checker).
const FieldInfo* feedback2d_fields();
const Feedback2dFieldTexts& feedback2d_default_texts();

/// The fields checked; params filled when all are valid (operation and switch left default).
using Feedback2dCheck = TableCheck<Feedback2dParams, kFeedback2dFieldCount>;

Feedback2dCheck check_feedback2d(const Feedback2dFieldTexts& texts);

/// "flock", "probabilistic", "sum" or "gravity"; false for anything else.
bool parse_operation(std::string_view text, Feedback2dOperation& out);

}  // namespace bandada
