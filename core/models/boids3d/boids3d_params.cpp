// Bandada — 3-D flock parameters: field table, defaults per format version, validation.
#include "models/boids3d/boids3d_params.h"

#include "common/number_text.h"

namespace bandada {
namespace {

const FieldInfo kFields[kBoids3dFieldCount] = {
    {"n", "count N", "number of boids, whole number 0 … 100000", true, 0, 100000, false, "count"},
    {"r", "radius r", "neighbour radius in model units, more than 0 and at most 10", false, 0, 10, true,
     "radius"},
    {"sep", "separation", "weight of S per 0.04 s step, -1000 … 1000", false, -1000, 1000, false,
     "separation"},
    {"ali", "alignment", "weight of A per 0.04 s step, -1000 … 1000", false, -1000, 1000, false, "alignment"},
    {"coh", "cohesion", "weight of C per 0.04 s step, -1000 … 1000", false, -1000, 1000, false, "cohesion"},
    {"max", "max speed", "speed cap in model units per second, 0 … 1000", false, 0, 1000, false, "max-speed"},
    {"seed", "seed", "LCG seed, whole number 0 … 4294967295", true, 0, 4294967295.0, false, "seed"},
};

// Version 1 defaults, chosen by measurement with bandada-cli (README, "Defaults").
// FROZEN: never edit; a new default means a new format version with its own row.
const Boids3dFieldTexts kDefaultsV1 = {"400", "1.6", "0.03", "0.06", "0.03", "0.25", "1"};

}  // namespace

const FieldInfo& field_info(Boids3dField f) { return kFields[static_cast<int>(f)]; }
const FieldInfo* boids3d_fields() { return kFields; }

const Boids3dFieldTexts& boids3d_default_texts(int format_version) {
  (void)format_version;  // only version 1 exists so far
  return kDefaultsV1;
}

FieldCheck check_field(Boids3dField f, std::string_view text) {
  return check_field_text(field_info(f), text);
}

ParamsCheck check_params(const Boids3dFieldTexts& texts) {
  ParamsCheck pc;
  double v[kBoids3dFieldCount] = {};
  if (!check_field_table(kFields, kBoids3dFieldCount, texts.data(), pc.errors.data(), v)) return pc;
  pc.ok = true;
  pc.params.count = static_cast<uint32_t>(v[0]);
  pc.params.radius = v[1];
  pc.params.separation = v[2];
  pc.params.alignment = v[3];
  pc.params.cohesion = v[4];
  pc.params.max_speed = v[5];
  pc.params.seed = static_cast<uint32_t>(v[6]);
  return pc;
}

bool params_in_range(const Boids3dParams& p) {
  auto in = [](double x, double lo, double hi) { return x >= lo && x <= hi; };
  return p.count <= 100000 && p.radius > 0 && p.radius <= 10 && in(p.separation, -1000, 1000) &&
         in(p.alignment, -1000, 1000) && in(p.cohesion, -1000, 1000) && in(p.max_speed, 0, 1000);
}

}  // namespace bandada
