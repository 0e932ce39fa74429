// Bandada — the 2-D flock's fields: CLI option names, labels, ranges and default text, checked
// by the same number grammar as every other field (docs/models/flock2d.md, "Inputs").
#pragma once

#include <array>
#include <iterator>
#include <string>

#include "common/field_table.h"
#include "flock2d.h"

namespace bandada {

/// The 2-D flock's fields, one row each (docs/models/flock2d.md, "Inputs"): a new field is one
/// row here, its member of Flock2dParams and its use in the step. Appended rows keep the older
/// fields' places (links and saved text name fields by key, the enum below by place).
namespace flock2d_rows {
using P = Flock2dParams;
// One row a field, its info on the first line.
// clang-format off
inline constexpr FieldRow<P> kRows[] = {
    {{"count", "boids N", "number of boids, whole number 1 … 20000", true, 1, 20000, false, nullptr, true},
     "300", {nullptr, &P::n}},
    {{"radius", "perception r", "perception radius, 1 … 300", false, 1, 300, false},
     "50", {&P::r}},
    {{"sep-radius", "separation r_s", "separation radius, more than 0 and at most r", false, 0, 300, true},
     "25", {&P::separation_radius}},
    {{"w-sep", "separation w_s", "separation weight, 0 … 10", false, 0, 10, false},
     "1.5", {&P::separation_weight}},
    {{"w-ali", "alignment w_a", "alignment weight, 0 … 10", false, 0, 10, false},
     "1.0", {&P::alignment_weight}},
    {{"w-coh", "cohesion w_c", "cohesion weight, 0 … 10", false, 0, 10, false},
     "1.0", {&P::cohesion_weight}},
    {{"max-speed", "speed limit v_max", "units per step, more than 0 and at most 50", false, 0, 50, true},
     "4", {&P::max_speed}},
    {{"max-force", "force limit f_max", "units per step², more than 0 and at most 10", false, 0, 10, true},
     "0.1", {&P::max_force}},
    {{"dt", "time step dt", "more than 0 and at most 2", false, 0, 2, true},
     "1", {&P::dt}},
    {{"w-pred", "predator fear w_p", "0 … 20", false, 0, 20, false},
     "3", {&P::predator_weight}},
    {{"w-attr", "attractor weight w_g", "0 … 10", false, 0, 10, false},
     "0.5", {&P::attractor_weight}},
    {{"w-leader", "leader weight w_l", "0 … 10", false, 0, 10, false},
     "1", {&P::leader_weight}},
    {{"seed", "seed", "LCG seed, whole number 0 … 4294967295", true, 0, 4294967295.0, false, nullptr, true},
     "1", {nullptr, &P::seed}},
    {{"w-obs", "obstacle weight w_o", "0 … 20: how hard boids steer away from obstacles", false, 0, 20, false},
     "3", {&P::obstacle_weight}},
};
// clang-format on
}  // namespace flock2d_rows
inline constexpr int kFlock2dFieldCount = static_cast<int>(std::size(flock2d_rows::kRows));
using Flock2dFieldTexts = std::array<std::string, kFlock2dFieldCount>;

/// Places of the fields the code names (not every field needs one).
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
  w_obs
};

/// The whole table, in field order (for the shared link reader and checker).
const FieldInfo* flock2d_fields();
const Flock2dFieldTexts& flock2d_default_texts();

/// The fields checked; params filled when all are valid (force law, integrator and leader are
/// not text fields: left default).
using Flock2dCheck = TableCheck<Flock2dParams, kFlock2dFieldCount>;

/// Each field by the grammar and its range, then r_s ≤ r.
Flock2dCheck check_flock2d(const Flock2dFieldTexts& texts);

}  // namespace bandada
