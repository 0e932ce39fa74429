// Bandada — parameters of the 3-D periodic flock (docs/models/boids3d.md, "Parameters").
// One struct, one table of fields (share key, label, range, default text), checked at the door.
#pragma once

#include <array>
#include <cstdint>
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

enum class Boids3dField : int { count, radius, separation, alignment, cohesion, max_speed, seed };
inline constexpr int kBoids3dFieldCount = 7;

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

struct ParamsCheck {
  bool ok = false;
  Boids3dParams params;
  std::array<std::string, kBoids3dFieldCount> errors;  ///< empty string where the field is valid
};

/// Validates every field; params is filled only when all are valid.
ParamsCheck check_params(const Boids3dFieldTexts& texts);

/// Checks a Params struct built in code (the CLI's explicit flags go through text instead).
bool params_in_range(const Boids3dParams& p);

}  // namespace bandada
