// Bandada — feedback engine fields (see feedback2d_params.h).
#include "feedback2d_params.h"

namespace bandada {
namespace {

const FieldInfo kFields[kFeedback2dFieldCount] = {
    {"n", "points n", "number of points, whole number 2 … 2000 (re-initializes)", true, 2, 2000, false,
     nullptr, true},
    {"r", "radius r", "local radius, 5 … 400", false, 5, 400, false},
    {"alpha", "attraction α", "attraction weight, 0 … 3", false, 0, 3, false},
    {"sigma", "separation σ", "separation weight, 0 … 3", false, 0, 3, false},
    {"lambda", "alignment λ", "alignment weight, 0 … 3", false, 0, 3, false},
    {"turn", "random turn g", "turning noise, 0 … 1", false, 0, 1, false},
    {"feedback", "feedback f", "counter-rule strength, 0 … 2", false, 0, 2, false},
    {"seed", "seed", "LCG seed, whole number 0 … 4294967295 (re-initializes)", true, 0, 4294967295.0, false,
     nullptr, true},
};

const Feedback2dFieldTexts kDefaults = {"200", "60", "1", "1", "1", "0.2", "1", "1"};

}  // namespace

const FieldInfo& field_info(Feedback2dField f) {
  return kFields[static_cast<int>(f)];
}
const FieldInfo* feedback2d_fields() {
  return kFields;
}
const Feedback2dFieldTexts& feedback2d_default_texts() {
  return kDefaults;
}

Feedback2dCheck check_feedback2d(const Feedback2dFieldTexts& texts) {
  Feedback2dCheck out;
  double v[kFeedback2dFieldCount] = {};
  bool all = check_field_table(kFields, kFeedback2dFieldCount, texts.data(), out.errors.data(), v);
  if (!all) return out;
  out.ok = true;
  Feedback2dParams& p = out.params;
  p.n = static_cast<uint32_t>(v[0]);
  p.r = v[1];
  p.alpha = v[2];
  p.sigma = v[3];
  p.lambda = v[4];
  p.turn = v[5];
  p.feedback = v[6];
  p.seed = static_cast<uint32_t>(v[7]);
  return out;
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
