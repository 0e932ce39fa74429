// Bandada — the periodic cube of the 3-D flock: period L = 8.4, positions in [-4.2, 4.2).
#pragma once

#include <cmath>

namespace bandada {

inline constexpr double kHalfBox = 4.2;
inline constexpr double kBox = 8.4;  // == 2 * kHalfBox exactly in binary64
inline constexpr double kDt = 0.04;  // seconds per step, fixed

/// Maps x into [-4.2, 4.2) exactly as the spec writes it: x − L·floor((x + 4.2)/L), then one
/// correction each way for rounding. floor is exact, so this is the same bits on every target.
inline double wrap_periodic(double x) {
  double y = x - kBox * std::floor((x + kHalfBox) / kBox);
  if (y >= kHalfBox) y -= kBox;
  if (y < -kHalfBox) y += kBox;
  return y;
}

}  // namespace bandada
