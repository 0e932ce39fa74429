// Bandada — the PSO model's fields: share keys, labels, ranges and default text, checked by the
// same number grammar as every other field (docs/models/pso.md, "Inputs").
#pragma once

#include <array>
#include <iterator>
#include <string>
#include <string_view>

#include "common/field_table.h"
#include "pso.h"

namespace bandada {

namespace pso_rows {
using P = PsoParams;
// One row a field, its info on the first line.
// clang-format off
inline constexpr FieldRow<P> kRows[] = {
    {{"dims", "dimensions D", "the landscape's dimensions, whole number 2 … 30 (Himmelblau is 2-D, the truss 10-D; re-initializes)", true, 2, 30, false, nullptr, true},
     "2", {nullptr, &P::dims}},
    {{"particles", "particles P", "swarm size, whole number 2 … 1000 (re-initializes)", true, 2, 1000, false, nullptr, true},
     "30", {nullptr, &P::particles}},
    {{"chi", "constriction χ", "the constriction factor, 0 … 1 (Clerc and Kennedy: 0.72984 with c1 = c2 = 2.05)", false, 0, 1, false},
     "0.72984", {&P::chi}},
    {{"c1", "pull to own best c1", "the cognitive weight, 0 … 4", false, 0, 4, false},
     "2.05", {&P::c1}},
    {{"c2", "pull to guide c2", "the social weight, 0 … 4", false, 0, 4, false},
     "2.05", {&P::c2}},
    {{"w", "inertia w", "the inertia weight at the start, 0 … 1.2 (update: inertia)", false, 0, 1.2, false},
     "0.72984", {&P::w}},
    {{"w_end", "inertia at the end", "the inertia weight after the horizon, 0 … 1.2 (equal to w: fixed)", false, 0, 1.2, false, "w-end"},
     "0.72984", {&P::w_end}},
    {{"horizon", "inertia horizon", "steps over which w goes to its end value, whole number 1 … 1000000", true, 1, 1000000, false},
     "1000", {nullptr, &P::horizon}},
    {{"vmax", "speed limit", "the largest speed per coordinate as a share of the box's width, 0 … 1 (0: none)", false, 0, 1, false},
     "0", {&P::vmax}},
    {{"seed", "seed", "LCG seed, whole number 0 … 4294967295 (re-initializes)", true, 0, 4294967295.0, false, nullptr, true},
     "1", {nullptr, &P::seed}},
};
// clang-format on
}  // namespace pso_rows
inline constexpr int kPsoFieldCount = static_cast<int>(std::size(pso_rows::kRows));
using PsoFieldTexts = std::array<std::string, kPsoFieldCount>;

enum class PsoField : int { dims, particles, chi, c1, c2, w, w_end, horizon, vmax, seed };

const FieldInfo* pso_fields();
const PsoFieldTexts& pso_default_texts();
using PsoCheck = TableCheck<PsoParams, kPsoFieldCount>;
PsoCheck check_pso(const PsoFieldTexts& texts);

}  // namespace bandada
