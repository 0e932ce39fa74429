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

IsoPoint svg_point(const DrawData& d, double x, double y, double z, double scale, double cx, double cy) {
  if (d.space == Space::plane) return {x, d.y_up ? d.height - y : y};
  const IsoPoint p = iso_project(x, y, z);
  return {cx + p.x * scale, cy - p.y * scale};
}

void svg_glyphs(const DrawData& d, double scale, double cx, double cy, std::vector<float>& out) {
  out.resize(d.count * 6);
  for (size_t i = 0; i < d.count; ++i) {
    const float* p = &d.pos[i * 3];
    const float* u = &d.dir[i * 3];
    const IsoPoint q = svg_point(d, p[0], p[1], p[2], scale, cx, cy);
    double ux = u[0], uy = d.y_up ? -u[1] : u[1];
    if (d.space == Space::cube) {
      iso_direction(u[0], u[1], u[2], ux, uy);
      uy = -uy;
    }
    float* o = &out[i * 6];
    o[0] = static_cast<float>(q.x);
    o[1] = static_cast<float>(q.y);
    o[2] = static_cast<float>(ux);
    o[3] = static_cast<float>(uy);
    o[4] = d.colour[i];
    o[5] = d.highlight[i];
  }
}

}  // namespace bandada
