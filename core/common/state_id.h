// Bandada — names for a model's states: a new number for every model built (and whenever a model
// says its state changed), unique across the process, so what a view caches can tell a new model
// from an old one even at the same address and step. Never a heap address.
#pragma once

#include <cstdint>
#include <initializer_list>

namespace bandada {

/// The next state id: 1, 2, 3, … (thread-safe).
uint64_t new_state_id();

/// A DrawData version from what a frame shows: the model's state id, its steps, and what else the
/// view draws (a selection, the display switches). Never 0, which means "do not cache".
inline uint64_t draw_version(uint64_t state, uint64_t steps, uint64_t shown) {
  uint64_t h = 1469598103934665603ull;  // FNV-1a over the three numbers' bytes
  for (uint64_t v : {state, steps, shown})
    for (int b = 0; b < 8; ++b) h = (h ^ ((v >> (8 * b)) & 0xFF)) * 1099511628211ull;
  return h ? h : 1;
}

}  // namespace bandada
