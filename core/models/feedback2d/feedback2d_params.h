// Bandada — the feedback engine's fields: share keys, labels, ranges and default text, checked
// by the same number grammar as every other field (docs/models/feedback2d.md, "Inputs").
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "feedback2d.h"
#include "model/field_table.h"

namespace bandada {

enum class Feedback2dField : int { n, r, alpha, sigma, lambda, turn, feedback, seed };
inline constexpr int kFeedback2dFieldCount = 8;
using Feedback2dFieldTexts = std::array<std::string, kFeedback2dFieldCount>;

/// The whole table, in field order (for the shared link reader and checker).
const FieldInfo* feedback2d_fields();
const Feedback2dFieldTexts& feedback2d_default_texts();

/// The fields checked; params filled when all are valid (operation and switch left default).
using Feedback2dCheck = TableCheck<Feedback2dParams, kFeedback2dFieldCount>;

Feedback2dCheck check_feedback2d(const Feedback2dFieldTexts& texts);

/// "flock", "probabilistic", "sum" or "gravity"; false for anything else.
bool parse_operation(std::string_view text, Feedback2dOperation& out);

}  // namespace bandada
