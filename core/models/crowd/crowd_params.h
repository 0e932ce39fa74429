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
    {{"sfm-a", "social force A", "N, 0 … 100000: how hard people keep their distance (Helbing: 2000)", false, 0, 100000, false, nullptr, false, "2000", "social force model: constants"},
     "2000", {&P::sfm_a}},
    {{"sfm-b", "social range B", "m, more than 0 and at most 1: over what distance the social force fades (0.08)", false, 0, 1, true, nullptr, false, "0.08", "social force model: constants"},
     "0.08", {&P::sfm_b}},
    {{"sfm-tau", "relaxation time tau", "s, more than 0 and at most 5: how quickly people take up their desired velocity (0.5)", false, 0, 5, true, nullptr, false, "0.5", "social force model: constants"},
     "0.5", {&P::sfm_tau}},
    {{"sfm-k", "body force k", "kg/s2, 0 … 1000000: bodies pushing back where they overlap (120000)", false, 0, 1000000, false, nullptr, false, "120000", "social force model: constants"},
     "120000", {&P::sfm_k}},
    {{"sfm-kappa", "friction kappa", "kg/(m s), 0 … 1000000: sliding friction where bodies touch (240000)", false, 0, 1000000, false, nullptr, false, "240000", "social force model: constants"},
     "240000", {&P::sfm_kappa}},
    {{"sfm-wall-a", "wall force A_w", "N, 0 … 100000: how hard people keep off walls and columns (2000)", false, 0, 100000, false, nullptr, false, "2000", "social force model: constants"},
     "2000", {&P::sfm_wall_a}},
    {{"sfm-wall-b", "wall range B_w", "m, more than 0 and at most 1: over what distance the walls' force fades (0.08)", false, 0, 1, true, nullptr, false, "0.08", "social force model: constants"},
     "0.08", {&P::sfm_wall_b}},
    {{"sfm-noise", "fluctuation xi", "N, 0 … 1000: a random force on each person, each component a normal draw times xi, new every 0.04 s (0: none)", false, 0, 1000, false, nullptr, false, "0", "social force model: constants"},
     "0", {&P::sfm_noise}},
    {{"csm-a", "repulsion a", "0 … 100: how strongly people turn away from each other (collision-free speed model; 8)", false, 0, 100, false, nullptr, false, "8", "collision-free speed model: constants"},
     "8", {&P::csm_a}},
    {{"csm-d", "repulsion range D", "m, more than 0 and at most 1: over what distance that fades (0.1)", false, 0, 1, true, nullptr, false, "0.1", "collision-free speed model: constants"},
     "0.1", {&P::csm_d}},
    {{"csm-wall-a", "wall repulsion a_w", "0 … 100: how strongly people turn away from walls and columns (5)", false, 0, 100, false, nullptr, false, "5", "collision-free speed model: constants"},
     "5", {&P::csm_wall_a}},
    {{"csm-wall-d", "wall range D_w", "m, more than 0 and at most 1: over what distance that fades (0.02)", false, 0, 1, true, nullptr, false, "0.02", "collision-free speed model: constants"},
     "0.02", {&P::csm_wall_d}},
    {{"csm-t", "time gap T", "s, 0.1 … 10: people walk at the gap ahead divided by T, at most v0 (1)", false, 0.1, 10, false, nullptr, false, "1", "collision-free speed model: constants"},
     "1", {&P::csm_t}},
    {{"csm-noise", "direction noise eta", "0 … 100: ours, not JuPedSim's: a random turn added to each person's direction, new every 0.04 s, against gridlock (0: none)", false, 0, 100, false, nullptr, false, "0", "collision-free speed model: constants"},
     "0", {&P::csm_noise}},
    {{"avm-a", "repulsion strength", "0 … 20: how strongly people step aside for those ahead (anticipation velocity model; 8)", false, 0, 20, false, nullptr, false, "8", "anticipation velocity model: constants"},
     "8", {&P::avm_a}},
    {{"avm-d", "repulsion range", "m, more than 0 and at most 5: over what distance that fades (0.1)", false, 0, 5, true, nullptr, false, "0.1", "anticipation velocity model: constants"},
     "0.1", {&P::avm_d}},
    {{"avm-buffer", "wall buffer", "m, 0 … 1: within their radius and this of a wall people slide along it (0.1)", false, 0, 1, false, nullptr, false, "0.1", "anticipation velocity model: constants"},
     "0.1", {&P::avm_buffer}},
    {{"avm-ta", "anticipation time t_a", "s, 0 … 5: how far ahead people judge a gap closing (1)", false, 0, 5, false, nullptr, false, "1", "anticipation velocity model: constants"},
     "1", {&P::avm_ta}},
    {{"avm-tr", "reaction time", "s, more than 0 and at most 1: how quickly people turn to a new direction (0.3)", false, 0, 1, true, nullptr, false, "0.3", "anticipation velocity model: constants"},
     "0.3", {&P::avm_tr}},
    {{"avm-t", "time gap T_avm", "s, more than 0 and at most 10: people walk at the spacing ahead divided by it, at most v0 (1.06)", false, 0, 10, true, nullptr, false, "1.06", "anticipation velocity model: constants"},
     "1.06", {&P::avm_t}},
    {{"avm-pushout", "wall push-out", "0 … 10: how hard a wall within the buffer turns people out (0.3)", false, 0, 10, false, nullptr, false, "0.3", "anticipation velocity model: constants"},
     "0.3", {&P::avm_pushout}},
    {{"x2", "second exit at", "m, 0 … 1000: a second exit as wide as the others, centred this far along the outer walls anticlockwise from the bottom-left corner (0: none; preset rooms; re-initializes)", false, 0, 1000, false, "second-exit", true, "0"},
     "0", {&P::exit2}},
};
// clang-format on
}  // namespace crowd_rows
inline constexpr int kCrowdFieldCount = static_cast<int>(std::size(crowd_rows::kRows));
using CrowdFieldTexts = std::array<std::string, kCrowdFieldCount>;

enum class CrowdField : int {
  n,
  exit_width,
  v0,
  herding,
  herd_radius,
  dt,
  seed,
  sfm_a,
  sfm_b,
  sfm_tau,
  sfm_k,
  sfm_kappa,
  sfm_wall_a,
  sfm_wall_b,
  sfm_noise,
  csm_a,
  csm_d,
  csm_wall_a,
  csm_wall_d,
  csm_t,
  csm_noise,
  avm_a,
  avm_d,
  avm_buffer,
  avm_ta,
  avm_tr,
  avm_t,
  avm_pushout,
  exit2
};

const FieldInfo* crowd_fields();
const CrowdFieldTexts& crowd_default_texts();
using CrowdCheck = TableCheck<CrowdParams, kCrowdFieldCount>;
CrowdCheck check_crowd(const CrowdFieldTexts& texts);

}  // namespace bandada
