// Bandada — real-time scheduler (see scheduler.h).
#include "scheduler.h"

#include <algorithm>
#include <cmath>

namespace bandada {

int StepScheduler::add(double elapsed_seconds, int speed) {
  if (!(elapsed_seconds >= 0.0) || !std::isfinite(elapsed_seconds)) return 0;  // NaN fails >=
  const int k = std::clamp(speed, 1, kMostSpeed);
  const int64_t cap = kCapMicros * k;
  double micros = elapsed_seconds * 1e6 * k;
  if (micros > static_cast<double>(cap)) micros = static_cast<double>(cap);
  accumulated_ += static_cast<int64_t>(std::llround(micros));
  // The accumulator itself holds at most 250 ms of model time per unit of speed: a frame never
  // runs more than 6·speed steps, even with a partial step left over from the frame before.
  if (accumulated_ > cap) accumulated_ = cap;
  int due = static_cast<int>(accumulated_ / kStepMicros);
  accumulated_ -= static_cast<int64_t>(due) * kStepMicros;
  return due;
}

int steps_within_budget(int due, double step_ms, double budget_ms) {
  if (due <= 0) return 0;
  if (!(step_ms > 0.0) || !std::isfinite(step_ms)) return due;  // nothing known to cost
  const double fit = budget_ms / step_ms;                       // NaN or inf when the budget is
  if (fit >= static_cast<double>(due)) return due;              // NaN fails every comparison
  if (!(fit >= 1.0)) return 1;
  return static_cast<int>(fit);
}

}  // namespace bandada
