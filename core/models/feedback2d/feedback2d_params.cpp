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

const FieldInfo* feedback2d_fields() { return kFields; }
const Feedback2dFieldTexts& feedback2d_default_texts() { return kDefaults; }

Feedback2dCheck check_feedback2d(const Feedback2dFieldTexts& texts) {
  using P = Feedback2dParams;
  static const FieldTarget<P> kTargets[kFeedback2dFieldCount] = {
      {nullptr, &P::n}, {&P::r},    {&P::alpha},    {&P::sigma},
      {&P::lambda},     {&P::turn}, {&P::feedback}, {nullptr, &P::seed}};
  return check_table(kFields, kTargets, texts);
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
