// Bandada — the 2-D flock's obstacles: circles and walls that boids and predators steer around
// and never cross, on the torus (docs/models/flock2d.md, "Obstacles"). Part of Flock2d.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "common/det_math.h"
#include "flock2d.h"

namespace bandada {
namespace {

constexpr double kW = kFlockWidth, kH = kFlockHeight;

}  // namespace

namespace {

constexpr double kPushOut = 1e-9;  // how far outside a circle a moved-out boid lands

struct Seg {  // a wall through the image nearest a point: its ends a and b
  double ax, ay, bx, by;
};

Seg nearest_image(const Wall& w, double x, double y) {
  const double hx = (w.x2 - w.x1) / 2, hy = (w.y2 - w.y1) / 2;
  const double mx = x + minimal_image(w.x1 + hx - x, kFlockWidth),
               my = y + minimal_image(w.y1 + hy - y, kFlockHeight);
  return {mx - hx, my - hy, mx + hx, my + hy};
}

// The point of segment s nearest (x, y).
void closest_on(const Seg& s, double x, double y, double& qx, double& qy) {
  const double ex = s.bx - s.ax, ey = s.by - s.ay, len2 = ex * ex + ey * ey;
  double t = len2 > 0 ? ((x - s.ax) * ex + (y - s.ay) * ey) / len2 : 0.0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  qx = s.ax + t * ex;
  qy = s.ay + t * ey;
}

}  // namespace

void Flock2d::add_circle(double x, double y, double r) {
  circles_.push_back({wrap_torus(x, kW), wrap_torus(y, kH), r});
  push_out_all();
}

void Flock2d::add_wall(double x1, double y1, double x2, double y2) { walls_.push_back({x1, y1, x2, y2}); }

void Flock2d::clear_obstacles() {
  circles_.clear();
  walls_.clear();
}

bool Flock2d::remove_nearest_obstacle(double x, double y) {
  double best = 1e300;
  int kind = -1;
  size_t at = 0;
  for (size_t k = 0; k < circles_.size(); ++k) {
    const double dx = minimal_image(circles_[k].x - x, kW), dy = minimal_image(circles_[k].y - y, kH);
    const double gap = std::fabs(std::sqrt(dx * dx + dy * dy) - circles_[k].r);
    if (gap < best) best = gap, kind = 0, at = k;
  }
  for (size_t k = 0; k < walls_.size(); ++k) {
    const Seg s = nearest_image(walls_[k], x, y);
    double qx, qy;
    closest_on(s, x, y, qx, qy);
    const double gap = std::sqrt((x - qx) * (x - qx) + (y - qy) * (y - qy));
    if (gap < best) best = gap, kind = 1, at = k;
  }
  if (kind == 0) circles_.erase(circles_.begin() + static_cast<std::ptrdiff_t>(at));
  if (kind == 1) walls_.erase(walls_.begin() + static_cast<std::ptrdiff_t>(at));
  return kind >= 0;
}

void Flock2d::push_out(double& x0, double& y0) const {
  // Inside (x, y) of a circle: the gap to its rim is negative.
  auto inside_any = [this](double x, double y) {
    for (const Circle& c : circles_) {
      const double dx = minimal_image(x - c.x, kW), dy = minimal_image(y - c.y, kH);
      if (std::sqrt(dx * dx + dy * dy) < c.r) return true;
    }
    return false;
  };
  if (!inside_any(x0, y0)) return;
  // The nearest point just outside every circle among the rims of the circles that cover the
  // point: first straight out of each, then 64 directions around each (overlapping circles act
  // as their union). From a centre, straight out is +x.
  double best = 1e300, bx = x0, by = y0;
  for (const Circle& c : circles_) {
    const double dx = minimal_image(x0 - c.x, kW), dy = minimal_image(y0 - c.y, kH);
    const double d = std::sqrt(dx * dx + dy * dy);
    if (d >= c.r) continue;
    for (int k = -1; k < 64; ++k) {
      const double ux = k < 0 ? (d > 0 ? dx / d : 1.0) : det_cos(6.283185307179586 * k / 64);
      const double uy = k < 0 ? (d > 0 ? dy / d : 0.0) : det_sin(6.283185307179586 * k / 64);
      const double qx = x0 - dx + (c.r + kPushOut) * ux, qy = y0 - dy + (c.r + kPushOut) * uy;
      const double mx = qx - x0, my = qy - y0, move = std::sqrt(mx * mx + my * my);
      if (move < best && !inside_any(wrap_torus(qx, kW), wrap_torus(qy, kH))) {
        best = move;
        bx = qx;
        by = qy;
      }
    }
  }
  x0 = wrap_torus(bx, kW);
  y0 = wrap_torus(by, kH);
}

void Flock2d::push_out_all() {
  nearest_known_ = groups_known_ = false;  // boids may move
  for (size_t i = 0; i < px_.size(); ++i) push_out(px_[i], py_[i]);
  for (Marker& m : predators_) push_out(m.x, m.y);
}

bool Flock2d::nearest_surface(double x, double y, double L, double& ux, double& uy, double& gap) const {
  gap = L;
  bool found = false;
  for (const Circle& c : circles_) {
    const double dx = minimal_image(x - c.x, kW), dy = minimal_image(y - c.y, kH);
    const double d = std::sqrt(dx * dx + dy * dy), g = d - c.r;
    if (g < gap) {
      gap = g < 0 ? 0 : g;
      ux = d > 0 ? dx / d : 1.0;
      uy = d > 0 ? dy / d : 0.0;
      found = true;
    }
  }
  for (const Wall& w : walls_) {
    const Seg s = nearest_image(w, x, y);
    double qx, qy;
    closest_on(s, x, y, qx, qy);
    const double dx = x - qx, dy = y - qy, d = std::sqrt(dx * dx + dy * dy);
    if (d < gap) {
      gap = d;
      if (d > 0) {
        ux = dx / d;
        uy = dy / d;
      } else {  // on the wall: its left normal
        const double ex = s.bx - s.ax, ey = s.by - s.ay, e = std::sqrt(ex * ex + ey * ey);
        ux = e > 0 ? -ey / e : 1.0;
        uy = e > 0 ? ex / e : 0.0;
      }
      found = true;
    }
  }
  return found;
}

void Flock2d::obstacle_force(double x, double y, double vx, double vy, double& ax, double& ay) const {
  ax = ay = 0.0;
  const Flock2dParams& p = params_;
  double ux = 0, uy = 0, gap = 0;
  if (p.obstacle_weight == 0.0 || !nearest_surface(x, y, p.r, ux, uy, gap)) return;
  if (p.law == ForceLaw::raw) {
    const double fall = 1.0 - gap / p.r;
    ax = p.obstacle_weight * ux * fall;
    ay = p.obstacle_weight * uy * fall;
    return;
  }
  double sx = p.max_speed * ux - vx, sy = p.max_speed * uy - vy;
  limit(sx, sy, p.max_force);
  ax = p.obstacle_weight * sx;
  ay = p.obstacle_weight * sy;
}

void Flock2d::keep_out(double x, double y, double& dx, double& dy, double& vx, double& vy) const {
  if (circles_.empty() && walls_.empty()) return;
  for (int pass = 0; pass < 4; ++pass) {
    double best = 2.0, nx = 0, ny = 0;
    for (const Circle& c : circles_) {  // the rim reached from outside: the smaller root
      const double cx = x + minimal_image(c.x - x, kW), cy = y + minimal_image(c.y - y, kH);
      const double ox = x - cx, oy = y - cy;
      const double a = dx * dx + dy * dy, b = 2 * (ox * dx + oy * dy), cc = ox * ox + oy * oy - c.r * c.r;
      if (a == 0.0) continue;
      const double disc = b * b - 4 * a * cc;
      if (disc < 0) continue;
      const double t = (-b - std::sqrt(disc)) / (2 * a);
      if (t < 0.0 || t > 1.0 || t >= best || b >= 0.0) continue;  // b ≥ 0: moving away from the centre
      best = t;
      nx = (ox + t * dx) / c.r;
      ny = (oy + t * dy) / c.r;
    }
    for (const Wall& w : walls_) {  // the segment crossed, from the side the mover is on
      const Seg s = nearest_image(w, x, y);
      const double ex = s.bx - s.ax, ey = s.by - s.ay;
      const double side = ex * (y - s.ay) - ey * (x - s.ax), toward = ex * dy - ey * dx;
      if (side == 0.0 || toward == 0.0 || (side > 0) == (toward > 0)) continue;  // not moving across
      const double denom = dx * ey - dy * ex;
      if (denom == 0.0) continue;
      const double t = ((s.ax - x) * ey - (s.ay - y) * ex) / denom;
      const double u = ((s.ax - x) * dy - (s.ay - y) * dx) / denom;
      if (t < 0.0 || t > 1.0 || u < 0.0 || u > 1.0 || t >= best) continue;
      best = t;
      const double e = std::sqrt(ex * ex + ey * ey);
      nx = (side > 0 ? -ey : ey) / e;  // the normal on the mover's side
      ny = (side > 0 ? ex : -ex) / e;
    }
    if (best > 1.0) return;  // a clear path
    const double len = std::sqrt(dx * dx + dy * dy), eps = 1e-9 * (1.0 + len);
    const double t = best - eps / len;
    const double k = t > 0 ? t : 0.0;
    dx *= k;
    dy *= k;
    const double vn = vx * nx + vy * ny;
    if (vn < 0) {  // no velocity into the surface
      vx -= vn * nx;
      vy -= vn * ny;
    }
  }
  dx = dy = 0.0;  // still meeting an obstacle after four passes: stay
}

}  // namespace bandada
