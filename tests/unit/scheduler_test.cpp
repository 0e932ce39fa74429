// Bandada — the real-time scheduler: whole 0.04 s steps from elapsed time, 250 ms cap.
#include "app/scheduler.h"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>

using namespace bandada;

TEST_CASE("the scheduler runs whole 0.04 s steps from elapsed wall time") {
  StepScheduler s;
  SUBCASE("0 s runs nothing") { CHECK(s.add(0.0) == 0); }
  SUBCASE("0.039 s runs nothing, and 0.001 s more completes a step") {
    CHECK(s.add(0.039) == 0);
    CHECK(s.add(0.001) == 1);
    CHECK(s.accumulated_micros() == 0);
  }
  SUBCASE("0.04 s is one step") { CHECK(s.add(0.04) == 1); }
  SUBCASE("0.12 s is exactly 3 steps") {
    CHECK(s.add(0.12) == 3);
    CHECK(s.accumulated_micros() == 0);
  }
  SUBCASE("0.25 s is 6 steps with 10 ms left") {
    CHECK(s.add(0.25) == 6);
    CHECK(s.accumulated_micros() == 10000);
  }
  SUBCASE("0.2501 s is capped at 0.25 s") {
    CHECK(s.add(0.2501) == 6);
    CHECK(s.accumulated_micros() == 10000);
  }
  SUBCASE("a 5 s gap runs at most 6 steps") { CHECK(s.add(5.0) == 6); }
  SUBCASE("a partial step left over plus a long gap still runs at most 6 steps") {
    CHECK(s.add(0.039) == 0);
    CHECK(s.add(5.0) == 6);
    CHECK(s.accumulated_micros() == 10000);
  }
  SUBCASE("1e9 s is capped too") { CHECK(s.add(1e9) == 6); }
  SUBCASE("negative, NaN and infinite elapsed times are ignored") {
    CHECK(s.add(-1.0) == 0);
    CHECK(s.add(std::nan("")) == 0);
    CHECK(s.add(std::numeric_limits<double>::infinity()) == 0);
    CHECK(s.accumulated_micros() == 0);
  }
}

TEST_CASE("elapsed time is rounded to whole microseconds and accumulates exactly") {
  StepScheduler s;
  int steps = 0;
  for (int i = 0; i < 1000; ++i) steps += s.add(1.0 / 60.0);  // 16 667 µs each
  CHECK(steps == 16667 * 1000 / 40000);
  CHECK(s.accumulated_micros() == 16667 * 1000 % 40000);
  s.reset();
  CHECK(s.accumulated_micros() == 0);
}

TEST_CASE("a NaN, negative or infinite frame budget never reaches an integer cast: one step runs") {
  CHECK(steps_within_budget(3, 2.0, std::nan("")) == 1);
  CHECK(steps_within_budget(3, 2.0, -1.0) == 1);
  CHECK(steps_within_budget(3, 2.0, -INFINITY) == 1);
  CHECK(steps_within_budget(3, 2.0, INFINITY) == 3);
  CHECK(steps_within_budget(3, std::nan(""), 5.0) == 3);
  CHECK(steps_within_budget(3, 2.0, 4.0) == 2);
  CHECK(steps_within_budget(0, 2.0, 4.0) == 0);
  CHECK(steps_within_budget(6, 1e-300, 1e300) == 6);
}

TEST_CASE("faster than real time: speed k makes k times the steps due, capped at 6·k a call") {
  StepScheduler s;
  CHECK(s.add(0.04, 4) == 4);
  CHECK(s.add(0.01, 4) == 1);
  CHECK(s.add(1.0, 4) == 25);  // 250 ms a unit of speed: 1 s of model time at most
  StepScheduler one;
  CHECK(one.add(0.04, 1) == 1);
  CHECK(one.add(0.04, 0) == 1);  // below 1 is real time
}
