// Bandada — the crowd model's fields (see crowd_params.h).
#include "crowd_params.h"

namespace bandada {

const FieldInfo* crowd_fields() { return kept_row_infos(crowd_rows::kRows); }
const CrowdFieldTexts& crowd_default_texts() { return kept_row_initials(crowd_rows::kRows); }
CrowdCheck check_crowd(const CrowdFieldTexts& texts) { return check_rows(crowd_rows::kRows, texts); }

}  // namespace bandada
