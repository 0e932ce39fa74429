// Bandada — the 2-D flock's fields (see flock2d_params.h).
#include "flock2d_params.h"

namespace bandada {

const FieldInfo* flock2d_fields() { return kept_row_infos(flock2d_rows::kRows); }
const Flock2dFieldTexts& flock2d_default_texts() { return kept_row_initials(flock2d_rows::kRows); }

Flock2dCheck check_flock2d(const Flock2dFieldTexts& texts) {
  using P = Flock2dParams;
  double v[kFlock2dFieldCount];
  Flock2dCheck out = check_rows(flock2d_rows::kRows, texts, v);
  if (out.errors[1].empty() && out.errors[2].empty() && v[2] > v[1]) {  // r_s ≤ r
    out.errors[2] = "must be at most the perception radius r";
    out.ok = false;
    out.params = P{};
  }
  return out;
}

}  // namespace bandada
