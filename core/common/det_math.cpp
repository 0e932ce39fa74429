// Bandada — deterministic trigonometry (see det_math.h). Range reduction by Cody–Waite with a
// two-part π/2, kernels with the classic fdlibm minimax coefficients, atan by two half-angle
// reductions and a short series.
#include "det_math.h"

#include <cmath>

namespace bandada {
namespace {

constexpr double kPio2Hi = 1.57079632673412561417e+00;  // first 33 bits of π/2: k·kPio2Hi is exact
constexpr double kPio2Lo = 6.07710050650619224932e-11;  // π/2 − kPio2Hi
constexpr double kTwoOverPi = 6.36619772367581382433e-01;

double kernel_sin(double x) {
  const double z = x * x;
  const double p = -1.66666666666666324348e-01 +
                   z * (8.33333333332248946124e-03 +
                        z * (-1.98412698298579493134e-04 +
                             z * (2.75573137070700676789e-06 +
                                  z * (-2.50507602534068634195e-08 + z * 1.58969099521155010221e-10))));
  return x + x * z * p;
}

double kernel_cos(double x) {
  const double z = x * x;
  const double p = 4.16666666666666019037e-02 +
                   z * (-1.38888888888741095749e-03 +
                        z * (2.48015872894767294178e-05 +
                             z * (-2.75573143513906633035e-07 +
                                  z * (2.08757232129817482790e-09 + z * -1.13596475577881948265e-11))));
  return 1.0 - 0.5 * z + z * z * p;
}

// x = k·π/2 + r with |r| ≤ π/4 (about); returns the quadrant k mod 4.
int reduce(double x, double& r) {
  const double k = std::floor(x * kTwoOverPi + 0.5);
  r = (x - k * kPio2Hi) - k * kPio2Lo;
  const long long q = static_cast<long long>(k) % 4;
  return static_cast<int>(q < 0 ? q + 4 : q);
}

// atan(t) for t in [0, 1]: two half-angle steps t ← t / (1 + √(1 + t²)) bring t below 0.2.
double atan_unit(double t) {
  for (int i = 0; i < 2; ++i) t = t / (1.0 + std::sqrt(1.0 + t * t));
  const double z = t * t;
  double sum = 0.0;
  for (int n = 12; n >= 1; --n) sum = (n % 2 ? -1.0 : 1.0) / (2 * n + 1) + z * sum;  // Horner
  return 4.0 * (t + t * z * sum);
}

}  // namespace

double det_sin(double x) {
  if (!std::isfinite(x) || std::fabs(x) > 1e9) return 0.0;  // never asked for here; no UB
  double r;
  switch (reduce(x, r)) {
    case 0:
      return kernel_sin(r);
    case 1:
      return kernel_cos(r);
    case 2:
      return -kernel_sin(r);
    default:
      return -kernel_cos(r);
  }
}

double det_cos(double x) {
  if (!std::isfinite(x) || std::fabs(x) > 1e9) return 1.0;
  double r;
  switch (reduce(x, r)) {
    case 0:
      return kernel_cos(r);
    case 1:
      return -kernel_sin(r);
    case 2:
      return -kernel_cos(r);
    default:
      return kernel_sin(r);
  }
}

double det_atan2(double y, double x) {
  if (x == 0.0 && y == 0.0) return 0.0;
  const double ax = std::fabs(x), ay = std::fabs(y);
  double a = ay <= ax ? atan_unit(ay / ax) : kPi / 2 - atan_unit(ax / ay);
  if (x < 0) a = kPi - a;
  return y < 0 ? -a : a;
}

}  // namespace bandada
