// Bandada — the PSO model's fields (see pso_params.h).
#include "pso_params.h"

namespace bandada {

const FieldInfo* pso_fields() { return kept_row_infos(pso_rows::kRows); }
const PsoFieldTexts& pso_default_texts() { return kept_row_initials(pso_rows::kRows); }
PsoCheck check_pso(const PsoFieldTexts& texts) { return check_rows(pso_rows::kRows, texts); }

}  // namespace bandada
