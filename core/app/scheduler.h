// Bandada — the real-time scheduler: wall time in, whole 0.04 s steps out.
// Each call adds the elapsed time, rounded to whole microseconds and capped at 250 ms, to an
// accumulator that never holds more than 250 ms ("at most 250 ms per frame"): longer gaps are
// dropped, never caught up, and no frame runs more than 6 steps. Nothing here reads a clock.
#pragma once

#include <cstdint>

namespace bandada {

class StepScheduler {
 public:
  static constexpr int64_t kStepMicros = 40000;
  static constexpr int64_t kCapMicros = 250000;
  /// The most times faster than real time a run may go (the page's "max").
  static constexpr int kMostSpeed = 1000;

  /// Adds elapsed wall time (seconds), `speed` times faster than real time, and returns how many
  /// whole steps are now due (0 … 6·speed). Negative, NaN or infinite elapsed values are ignored.
  int add(double elapsed_seconds, int speed = 1);
  /// Discards the partial step time (Pause does this).
  void reset() { accumulated_ = 0; }
  int64_t accumulated_micros() const { return accumulated_; }

 private:
  int64_t accumulated_ = 0;
};

/// A page's step estimated above this many ms computes off its main thread where the build has
/// threads (ModelSession::set_background); a shorter one costs a frame less than a hand-over.
inline constexpr double kBackgroundAboveMs = 2.0;

/// How many of `due` whole steps, each estimated at step_ms, fit in budget_ms: all of them
/// when they fit, else as many as fit but at least one. NaN, negative or infinite budgets and
/// estimates never reach an integer cast (one step runs).
int steps_within_budget(int due, double step_ms, double budget_ms);

}  // namespace bandada
