// Bandada — sin, cos and atan2 of our own: only + − × ÷ and sqrt, so native and wasm give the
// same bits (platform libm differs in the last bits between glibc and musl). Accurate to a few
// ulp, which is plenty for the 2-D models; what matters is that every target agrees.
#pragma once

namespace bandada {

inline constexpr double kPi = 3.14159265358979311600;

double det_sin(double x);
double det_cos(double x);
/// Angle of (x, y) in (−π, π]; 0 for (0, 0).
double det_atan2(double y, double x);

}  // namespace bandada
