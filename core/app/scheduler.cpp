// Bandada — real-time scheduler (see scheduler.h).
#include "scheduler.h"

#include <cmath>

namespace bandada {

int StepScheduler::add(double elapsed_seconds) {
  if (!(elapsed_seconds >= 0.0) || !std::isfinite(elapsed_seconds)) return 0;  // NaN fails >=
  double micros = elapsed_seconds * 1e6;
  if (micros > static_cast<double>(kCapMicros)) micros = static_cast<double>(kCapMicros);
  accumulated_ += static_cast<int64_t>(std::llround(micros));
  int due = static_cast<int>(accumulated_ / kStepMicros);
  accumulated_ -= static_cast<int64_t>(due) * kStepMicros;
  return due;
}

}  // namespace bandada
