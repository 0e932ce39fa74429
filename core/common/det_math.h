// Bandada — sin, cos, atan2, exp and log of our own: only + − × ÷, sqrt, floor and exact bit
// work, so native and wasm give the same bits (platform libm differs in the last bits between
// glibc and musl). Accurate to a few ulp (exp and log to about 1 ulp over the range the crowd
// uses), which is plenty for the models; what matters is that every target agrees.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

namespace bandada {

inline constexpr double kPi = 3.14159265358979311600;

double det_sin(double x);
double det_cos(double x);
/// Angle of (x, y) in (−π, π]; 0 for (0, 0).
double det_atan2(double y, double x);

/// det_exp's constants, polynomial and scaling, shared by the scalar and the two-lane version so
/// that both do the same operations with the same numbers.
namespace det_exp_parts {
inline constexpr double kLn2Hi = 6.93147180369123816490e-01, kLn2Lo = 1.90821492927058770002e-10;
inline constexpr double kInvLn2 = 1.44269504088896338700e+00;
inline constexpr double kInv13 = 1.0 / 6227020800.0;  // 1/13!, then 1/12! … 1/1!, 1/0! below
inline constexpr double kInv[] = {1.0 / 479001600.0,
                                  1.0 / 39916800.0,
                                  1.0 / 3628800.0,
                                  1.0 / 362880.0,
                                  1.0 / 40320.0,
                                  1.0 / 5040.0,
                                  1.0 / 720.0,
                                  1.0 / 120.0,
                                  1.0 / 24.0,
                                  1.0 / 6.0,
                                  1.0 / 2.0,
                                  1.0,
                                  1.0};
/// 2^e for a normal exponent e, from its bits.
inline double pow2(int e) {
  const uint64_t bits = static_cast<uint64_t>(e + 1023) << 52;
  double d;
  std::memcpy(&d, &bits, sizeof d);
  return d;
}
}  // namespace det_exp_parts

/// e^x: Cody–Waite reduction x = k·ln2 + r, |r| ≤ ln2/2, a degree-13 Taylor polynomial in
/// Horner form, then × 2^k. 0 below −745, +∞ above 709.78.
inline double det_exp(double x) {
  using namespace det_exp_parts;
  if (x != x) return x;
  if (x < -745.0) return 0.0;
  if (x > 709.78) return INFINITY;
  // floor of v, |v| < 1100 here, by truncation toward zero and a step down for negatives: the
  // same value as std::floor, in fewer instructions than a baseline x86-64 build gives floor.
  const double v = x * kInvLn2 + 0.5, tv = static_cast<double>(static_cast<int64_t>(v));
  const double k = tv > v ? tv - 1.0 : tv;
  const double r = (x - k * kLn2Hi) - k * kLn2Lo;
  double p = kInv13;
  for (double c : kInv) p = p * r + c;
  // × 2^k, in two halves so that k down to −1074 (subnormal results) stays exact.
  const int ki = static_cast<int>(k);
  const int a = ki / 2, b = ki - a;
  return p * pow2(a) * pow2(b);
}

/// Two lanes of double: SSE2 natively, f64x2 in wasm. Each lane does a scalar's operations in
/// the same order (IEEE, no contraction), so a lane's result is the scalar's, bit for bit.
typedef double DetF64x2 __attribute__((vector_size(16)));
typedef int64_t DetI64x2 __attribute__((vector_size(16)));

/// c in both lanes.
inline DetF64x2 det_splat(double c) { return DetF64x2{c, c}; }
/// v where the lane's mask is set (all ones, as a comparison gives), else +0.
inline DetF64x2 det_where(DetI64x2 mask, DetF64x2 v) {
  DetI64x2 bits;
  std::memcpy(&bits, &v, sizeof bits);
  bits &= mask;
  std::memcpy(&v, &bits, sizeof v);
  return v;
}

/// det_exp of both lanes, each lane bit for bit det_exp of it: the same reduction, polynomial and
/// scaling, two at a time (where the step needs many exponentials, half the work of the scalar).
/// A lane outside [−745, 709.78] (or NaN) sends both to the scalar.
inline DetF64x2 det_exp_x2(DetF64x2 x) {
  using namespace det_exp_parts;
  if (!(x[0] >= -745.0 && x[0] <= 709.78 && x[1] >= -745.0 && x[1] <= 709.78))
    return DetF64x2{det_exp(x[0]), det_exp(x[1])};
  const DetF64x2 v = x * det_splat(kInvLn2) + det_splat(0.5);
  const DetF64x2 tv = __builtin_convertvector(__builtin_convertvector(v, DetI64x2), DetF64x2);
  const DetF64x2 k = tv - det_where(tv > v, det_splat(1.0));  // tv − 1 or tv − 0 (tv, exactly)
  const DetF64x2 r = (x - k * det_splat(kLn2Hi)) - k * det_splat(kLn2Lo);
  DetF64x2 p = det_splat(kInv13);
  for (double c : kInv) p = p * r + det_splat(c);
  const int k0 = static_cast<int>(k[0]), k1 = static_cast<int>(k[1]);
  const int a0 = k0 / 2, a1 = k1 / 2;
  return p * DetF64x2{pow2(a0), pow2(a1)} * DetF64x2{pow2(k0 - a0), pow2(k1 - a1)};
}

/// ln x for x > 0 (NaN below, −∞ at 0): x = m·2^e with m in [√½, √2) (frexp is exact), then
/// ln m = 2·atanh((m − 1)/(m + 1)) by its odd series to s^23 (|s| ≤ 0.172). For the normal draws
/// of a scenario's spreads (Box–Muller).
inline double det_log(double x) {
  if (!(x > 0.0)) return x == 0.0 ? -INFINITY : NAN;
  if (x == INFINITY) return x;
  int e = 0;
  double m = std::frexp(x, &e);  // [0.5, 1)
  if (m < 0.70710678118654752440) {
    m *= 2.0;
    --e;
  }
  const double s = (m - 1.0) / (m + 1.0), s2 = s * s;
  double p = 1.0 / 23.0;
  for (int k = 21; k >= 1; k -= 2) p = p * s2 + 1.0 / k;
  const double kLn2Hi = 6.93147180369123816490e-01, kLn2Lo = 1.90821492927058770002e-10;
  return (e * kLn2Hi + 2.0 * s * p) + e * kLn2Lo;
}

}  // namespace bandada
