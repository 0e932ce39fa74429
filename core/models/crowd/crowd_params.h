// Bandada — the crowd model's fields: share keys, labels, ranges and default text
// (docs/models/crowd.md, "Inputs"). A new field is one row here, its member of CrowdParams and its
// use in the step.
#pragma once

#include <array>
#include <iterator>
#include <string>

#include "common/field_table.h"
#include "crowd.h"

namespace bandada {

namespace crowd_rows {
using P = CrowdParams;
// clang-format off
inline constexpr FieldRow<P> kRows[] = {
    {{"n", "people N", "people placed at Initialize, whole number 1 … 20000 (re-initializes)", true, 1, 20000, false, "count", true},
     "200", {nullptr, &P::n}},
    {{"w", "exit width", "m, 0.4 … 5: every exit of the room (re-initializes)", false, 0.4, 5, false, "exit-width", true},
     "1", {&P::exit_width}},
    {{"v0", "desired speed v0", "m/s, more than 0 and at most 10 (the paper: 1 calm … 5 panic)", false, 0, 10, true, "v0"},
     "1", {&P::v0}},
    {{"p", "herding p", "0 … 1: 0 each to the nearest exit, 1 with the neighbours' mean direction", false, 0, 1, false, "herding"},
     "0", {&P::herding}},
    {{"R", "herding radius R", "m, 0.5 … 20: whose directions herding averages", false, 0.5, 20, false, "herd-radius"},
     "4", {&P::herd_radius}},
    {{"dt", "internal step dt", "s, 0.0002 … 0.005 (a 0.04 s frame is ceil(0.04/dt) equal steps)", false, 0.0002, 0.005, false, "dt"},
     "0.002", {&P::dt}},
    {{"seed", "seed", "LCG seed, whole number 0 … 4294967295 (re-initializes)", true, 0, 4294967295.0, false, nullptr, true},
     "1", {nullptr, &P::seed}},
};
// clang-format on
}  // namespace crowd_rows
inline constexpr int kCrowdFieldCount = static_cast<int>(std::size(crowd_rows::kRows));
using CrowdFieldTexts = std::array<std::string, kCrowdFieldCount>;

enum class CrowdField : int { n, exit_width, v0, herding, herd_radius, dt, seed };

const FieldInfo* crowd_fields();
const CrowdFieldTexts& crowd_default_texts();
using CrowdCheck = TableCheck<CrowdParams, kCrowdFieldCount>;
CrowdCheck check_crowd(const CrowdFieldTexts& texts);

}  // namespace bandada
