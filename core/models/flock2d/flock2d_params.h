// Bandada — the 2-D flock's fields: CLI option names, labels, ranges and default text, checked
// by the same number grammar as every other field (docs/models/flock2d.md, "Inputs").
#pragma once

#include <array>
#include <string>

#include "flock2d.h"
#include "model/field_table.h"

namespace bandada {

enum class Flock2dField : int {
  count,
  radius,
  sep_radius,
  w_sep,
  w_ali,
  w_coh,
  max_speed,
  max_force,
  dt,
  w_pred,
  w_attr,
  w_leader,
  seed,
  w_obs  ///< appended after the seed: older fields keep their places
};
inline constexpr int kFlock2dFieldCount = 14;
using Flock2dFieldTexts = std::array<std::string, kFlock2dFieldCount>;

/// The whole table, in field order (for the shared link reader and checker).
const FieldInfo* flock2d_fields();
const Flock2dFieldTexts& flock2d_default_texts();

/// The fields checked; params filled when all are valid (force law, integrator and leader are
/// not text fields: left default).
using Flock2dCheck = TableCheck<Flock2dParams, kFlock2dFieldCount>;

/// Each field by the grammar and its range, then r_s ≤ r.
Flock2dCheck check_flock2d(const Flock2dFieldTexts& texts);

}  // namespace bandada
