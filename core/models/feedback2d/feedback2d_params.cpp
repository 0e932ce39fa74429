// Bandada — feedback engine fields (see feedback2d_params.h).
#include "feedback2d_params.h"

namespace bandada {

const FieldInfo* feedback2d_fields() { return kept_row_infos(feedback2d_rows::kRows); }
const Feedback2dFieldTexts& feedback2d_default_texts() { return kept_row_initials(feedback2d_rows::kRows); }

Feedback2dCheck check_feedback2d(const Feedback2dFieldTexts& texts) {
  return check_rows(feedback2d_rows::kRows, texts);
}

bool parse_operation(std::string_view text, Feedback2dOperation& out) {
  for (auto op : {Feedback2dOperation::flock, Feedback2dOperation::probabilistic, Feedback2dOperation::sum,
                  Feedback2dOperation::gravity})
    if (text == operation_name(op)) {
      out = op;
      return true;
    }
  return false;
}

}  // namespace bandada
