// Bandada — the seeded linear congruential generator every model starts from.
// s ← (1664525·s + 1013904223) mod 2^32, advanced before each draw; u = s / 2^32 ∈ [0, 1).
// For repeatable examples, not cryptography. A value type: whoever seeds owns it.
#pragma once

#include <cstdint>

namespace bandada {

struct Lcg {
  uint32_t state = 0;

  explicit Lcg(uint32_t seed) : state(seed) {}

  /// Next uniform draw in [0, 1); the first draw of seed 0 is 1013904223 / 2^32.
  double next() {
    state = state * 1664525u + 1013904223u;  // unsigned wrap-around is the mod 2^32
    return static_cast<double>(state) / 4294967296.0;
  }
};

}  // namespace bandada
