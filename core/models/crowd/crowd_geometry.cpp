// Bandada — the crowd's plane geometry (crowd_geometry.h): segments, paths, rings. Only + − × ÷
// and sqrt, so native and wasm give the same bits.
#include "crowd_geometry.h"

#include <algorithm>
#include <cmath>

namespace bandada {

CrowdBox box_of(const CrowdRing& ring) {
  CrowdBox b;
  for (const CrowdPoint& q : ring) {
    b.x0 = std::min(b.x0, q.x);
    b.x1 = std::max(b.x1, q.x);
    b.y0 = std::min(b.y0, q.y);
    b.y1 = std::max(b.y1, q.y);
    b.size = std::max(b.size, std::fabs(q.x) + std::fabs(q.y));
  }
  return b;
}

double distance_to(const CrowdSegment& s, double px, double py) {
  double qx, qy;
  nearest_on(s, px, py, qx, qy);
  return std::sqrt((px - qx) * (px - qx) + (py - qy) * (py - qy));
}

/// Where the path first enters column c (from outside), as a fraction of the path; false when not.
bool path_enters(double x0, double y0, double x1, double y1, const CrowdColumn& c, double& t) {
  const double dx = x1 - x0, dy = y1 - y0, fx = x0 - c.x, fy = y0 - c.y;
  const double a = dx * dx + dy * dy, b = 2 * (fx * dx + fy * dy), cc = fx * fx + fy * fy - c.r * c.r;
  if (a == 0.0 || cc < 0.0) return false;  // no move, or already inside (pushed out elsewhere)
  const double disc = b * b - 4 * a * cc;
  if (disc < 0.0) return false;
  const double t0 = (-b - std::sqrt(disc)) / (2 * a);
  if (t0 < 0.0 || t0 > 1.0) return false;
  t = t0;
  return true;
}

/// Where along w (0 … 1) the ring's edges cross or touch it: proper crossings, and the ends of
/// edges that run along it (exactly collinear).
void cuts_along(const CrowdSegment& w, const CrowdRing& ring, std::vector<double>& t) {
  const double dx = w.x2 - w.x1, dy = w.y2 - w.y1, dd = dx * dx + dy * dy;
  for (size_t k = 0; k < ring.size(); ++k) {
    const CrowdPoint &q = ring[k], &q2 = ring[(k + 1) % ring.size()];
    const double ex = q2.x - q.x, ey = q2.y - q.y, qx = q.x - w.x1, qy = q.y - w.y1;
    const double cross = dx * ey - dy * ex;
    if (cross != 0.0) {
      const double a = (qx * ey - qy * ex) / cross, b = (qx * dy - qy * dx) / cross;
      if (a > 0.0 && a < 1.0 && b >= 0.0 && b <= 1.0) t.push_back(a);
    } else if (qx * dy - qy * dx == 0.0 && dd > 0.0) {
      for (double u : {(qx * dx + qy * dy) / dd, ((q2.x - w.x1) * dx + (q2.y - w.y1) * dy) / dd})
        if (u > 0.0 && u < 1.0) t.push_back(u);
    }
  }
}

/// Whether (x, y) lies in the ring or on its edge (within 1e-9 m).
bool in_or_on(const CrowdRing& ring, double x, double y) {
  if (inside_ring(ring, x, y)) return true;
  for (size_t k = 0; k < ring.size(); ++k) {
    const CrowdPoint &a = ring[k], &b = ring[(k + 1) % ring.size()];
    if (distance_to({a.x, a.y, b.x, b.y}, x, y) < 1e-9) return true;
  }
  return false;
}

/// The distance from (x, y) to the area (0 inside it).
double distance_to_area(const CrowdRing& ring, double x, double y) {
  if (inside_ring(ring, x, y)) return 0.0;
  double d = INFINITY;
  for (size_t k = 0; k < ring.size(); ++k) {
    const CrowdPoint &a = ring[k], &b = ring[(k + 1) % ring.size()];
    d = std::min(d, distance_to({a.x, a.y, b.x, b.y}, x, y));
  }
  return d;
}

bool inside_ring(const CrowdRing& ring, double x, double y) {
  bool in = false;
  for (size_t i = 0, j = ring.size() - 1; i < ring.size(); j = i++) {
    const CrowdPoint &a = ring[i], &b = ring[j];
    if ((a.y > y) != (b.y > y) && x < (b.x - a.x) * (y - a.y) / (b.y - a.y) + a.x) in = !in;
  }
  return in;
}

bool inside_polygons(const std::vector<CrowdPolygon>& polygons, double x, double y) {
  for (const CrowdPolygon& p : polygons) {
    if (p.empty() || !inside_ring(p[0], x, y)) continue;
    bool in_hole = false;
    for (size_t h = 1; h < p.size() && !in_hole; ++h) in_hole = inside_ring(p[h], x, y);
    if (!in_hole) return true;
  }
  return false;
}

}  // namespace bandada
