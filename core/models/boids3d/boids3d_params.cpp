// Bandada — 3-D flock parameters: the field rows (boids3d_params.h), defaults per format version,
// validation.
#include "models/boids3d/boids3d_params.h"

#include "common/number_text.h"

namespace bandada {

const FieldInfo& field_info(Boids3dField f) { return boids3d_fields()[static_cast<int>(f)]; }
const FieldInfo* boids3d_fields() { return kept_row_infos(boids3d_rows::kRows); }

const Boids3dFieldTexts& boids3d_default_texts(int format_version) {
  (void)format_version;  // only version 1 exists so far: its defaults are the rows' texts
  return kept_row_initials(boids3d_rows::kRows);
}

FieldCheck check_field(Boids3dField f, std::string_view text) {
  return check_field_text(field_info(f), text);
}

ParamsCheck check_params(const Boids3dFieldTexts& texts) { return check_rows(boids3d_rows::kRows, texts); }

bool params_in_range(const Boids3dParams& p) {
  auto in = [](double x, double lo, double hi) { return x >= lo && x <= hi; };
  return p.count <= 100000 && p.radius > 0 && p.radius <= 10 && in(p.separation, -1000, 1000) &&
         in(p.alignment, -1000, 1000) && in(p.cohesion, -1000, 1000) && in(p.max_speed, 0, 1000);
}

}  // namespace bandada
