// Bandada — isometric projection (see isometric.h).
#include "isometric.h"

#include <cmath>

namespace bandada {
namespace {

constexpr double kInvSqrt2 = 0.70710678118654752440;
constexpr double kInvSqrt6 = 0.40824829046386301637;

}  // namespace

IsoPoint iso_project(double x, double y, double z) {
  return {(x - z) * kInvSqrt2, (2.0 * y - x - z) * kInvSqrt6};
}

bool iso_direction(double vx, double vy, double vz, double& ux, double& uy) {
  ux = uy = 0.0;
  const double speed2 = vx * vx + vy * vy + vz * vz;
  if (speed2 == 0.0) return false;
  IsoPoint p = iso_project(vx, vy, vz);
  const double len2 = p.x * p.x + p.y * p.y;
  if (len2 <= 1e-18 * speed2) return false;  // along the view axis: a point
  const double len = std::sqrt(len2);
  ux = p.x / len;
  uy = p.y / len;
  return true;
}

void iso_glyphs(const Boids3dState& s, double scale, double cx, double cy, std::vector<float>& out) {
  out.resize(s.size() * 4);
  for (size_t i = 0; i < s.size(); ++i) {
    IsoPoint p = iso_project(s.x[i], s.y[i], s.z[i]);
    double ux, uy;
    iso_direction(s.vx[i], s.vy[i], s.vz[i], ux, uy);
    out[i * 4 + 0] = static_cast<float>(cx + p.x * scale);
    out[i * 4 + 1] = static_cast<float>(cy - p.y * scale);
    out[i * 4 + 2] = static_cast<float>(ux);
    out[i * 4 + 3] = static_cast<float>(-uy);
  }
}

}  // namespace bandada
