// Bandada — parameters of the 3-D periodic flock (docs/models/boids3d.md, "Parameters").
// One struct, one table of field rows (share key, label, range, default text, place), checked at
// the door.
#pragma once

#include <array>
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>

#include "common/field_table.h"

namespace bandada {

/// Inputs of the 3-D flock. Lengths are model units, time is seconds of model time.
struct Boids3dParams {
  uint32_t count = 0;       ///< N, boids, 0 … 100 000
  double radius = 1.0;      ///< r, neighbour radius, 0 < r ≤ 10 (edge included)
  double separation = 0.0;  ///< weight of S per 0.04 s step, −1000 … 1000
  double alignment = 0.0;   ///< weight of A per step, −1000 … 1000
  double cohesion = 0.0;    ///< weight of C per step, −1000 … 1000
  double max_speed = 1.0;   ///< speed cap, model units per second, 0 … 1000
  uint32_t seed = 0;        ///< LCG seed, 0 … 4294967295
};

/// The 3-D flock's fields, one row each, as every model has them (common/field_table.h): its
/// info (share key, label, help, grammar, range, CLI name), its text in a new session (format
/// version 1's default, frozen: a new default means a new format version) and its place in
/// Boids3dParams.
namespace boids3d_rows {
using P = Boids3dParams;
// clang-format off
inline constexpr FieldRow<P> kRows[] = {
    {{"n", "count N", "number of boids, whole number 0 … 100000", true, 0, 100000, false, "count"},
     "400", {nullptr, &P::count}},
    {{"r", "radius r", "neighbour radius in model units, more than 0 and at most 10", false, 0, 10, true, "radius"},
     "1.6", {&P::radius}},
    {{"sep", "separation", "weight of S per 0.04 s step, -1000 … 1000", false, -1000, 1000, false, "separation"},
     "0.03", {&P::separation}},
    {{"ali", "alignment", "weight of A per 0.04 s step, -1000 … 1000", false, -1000, 1000, false, "alignment"},
     "0.06", {&P::alignment}},
    {{"coh", "cohesion", "weight of C per 0.04 s step, -1000 … 1000", false, -1000, 1000, false, "cohesion"},
     "0.03", {&P::cohesion}},
    {{"max", "max speed", "speed cap in model units per second, 0 … 1000", false, 0, 1000, false, "max-speed"},
     "0.25", {&P::max_speed}},
    {{"seed", "seed", "LCG seed, whole number 0 … 4294967295", true, 0, 4294967295.0, false, "seed"},
     "1", {nullptr, &P::seed}},
};
// clang-format on
}  // namespace boids3d_rows

/// Places of the fields the code names.
enum class Boids3dField : int { count, radius, separation, alignment, cohesion, max_speed, seed };
inline constexpr int kBoids3dFieldCount = static_cast<int>(std::size(boids3d_rows::kRows));

const FieldInfo& field_info(Boids3dField f);
/// The whole table, in field order.
const FieldInfo* boids3d_fields();

/// Text of every field, in Boids3dField order.
using Boids3dFieldTexts = std::array<std::string, kBoids3dFieldCount>;

/// The newest share-string format version this build writes.
inline constexpr int kBoids3dFormatVersion = 1;

/// Default field text of a share-format version (1 … kBoids3dFormatVersion). Frozen forever:
/// a link of version v that lacks a key takes version v's default.
const Boids3dFieldTexts& boids3d_default_texts(int format_version = kBoids3dFormatVersion);

/// Validates one field's text by the number grammar and the field's range.
FieldCheck check_field(Boids3dField f, std::string_view text);

/// Every field checked: ok, the params (filled only when all are valid) and each field's message.
using ParamsCheck = TableCheck<Boids3dParams, kBoids3dFieldCount>;

/// Validates every field; params is filled only when all are valid.
ParamsCheck check_params(const Boids3dFieldTexts& texts);

/// Checks a Params struct built in code (the CLI's explicit flags go through text instead).
bool params_in_range(const Boids3dParams& p);

}  // namespace bandada
