// Bandada — the crowd's plane geometry: points, segments, columns and polygons in metres, and
// the few questions the room, navigation, placement, the step and the measures ask of them.
// Kept out of the step and the readers (as box2d keeps its manifolds out of its solver).
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

namespace bandada {

struct CrowdPoint {
  double x, y;
};
/// A wall, an exit cut in one, or a measurement line: a segment, metres.
struct CrowdSegment {
  double x1, y1, x2, y2;
};
/// A round column people cannot enter.
struct CrowdColumn {
  double x, y, r;
};
/// A ring of a polygon, not closed (its last point is not its first), in the file's order.
using CrowdRing = std::vector<CrowdPoint>;
/// A polygon: its outer ring, then its holes.
using CrowdPolygon = std::vector<CrowdRing>;

/// The point of segment s nearest (px, py). (Inline, as path_meets: the step asks them of every
/// person against every wall and exit edge, each internal step.)
inline void nearest_on(const CrowdSegment& s, double px, double py, double& qx, double& qy) {
  const double dx = s.x2 - s.x1, dy = s.y2 - s.y1, len2 = dx * dx + dy * dy;
  double t = len2 > 0 ? ((px - s.x1) * dx + (py - s.y1) * dy) / len2 : 0.0;
  t = std::min(1.0, std::max(0.0, t));
  qx = s.x1 + t * dx;
  qy = s.y1 + t * dy;
}
/// A margin far above the rounding of a distance among points whose |x| + |y| sum to `size`: the
/// box tests below answer only beyond it, so their quick answers are the measured ones.
inline double rounding_margin(double size) { return 1e-9 * (1.0 + size); }
/// Whether segment s's box lies further than `reach` from (px, py) along x or y, by more than the
/// rounding margin: then distance_to(s, px, py) >= reach, without measuring it.
inline bool beyond_reach(const CrowdSegment& s, double px, double py, double reach) {
  const double beyond = reach + rounding_margin(std::fabs(px) + std::fabs(py) + std::fabs(s.x1) +
                                                std::fabs(s.y1) + std::fabs(s.x2) + std::fabs(s.y2));
  return std::min(s.x1, s.x2) - px > beyond || px - std::max(s.x1, s.x2) > beyond ||
         std::min(s.y1, s.y2) - py > beyond || py - std::max(s.y1, s.y2) > beyond;
}
/// A ring's bounding box, and the largest |x| + |y| among its points (for margins of rounding).
struct CrowdBox {
  double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY, size = 0;
};
CrowdBox box_of(const CrowdRing& ring);
/// How far (x, y) lies outside the box (0 inside or on it), less a margin far above the rounding
/// of any distance to a point of the ring (so never more than such a distance, as computed).
inline double beyond_box(const CrowdBox& b, double x, double y) {
  const double dx = std::max(0.0, std::max(b.x0 - x, x - b.x1)),
               dy = std::max(0.0, std::max(b.y0 - y, y - b.y1));
  return std::sqrt(dx * dx + dy * dy) - rounding_margin(b.size + std::fabs(x) + std::fabs(y));
}
/// The distance from (px, py) to segment s.
double distance_to(const CrowdSegment& s, double px, double py);
/// Where the path (x0, y0) → (x1, y1) first meets segment s, as a fraction of the path in
/// [0, 1]; false when it does not (parallel paths never meet it). A numerator more than twice the
/// denominator makes a quotient of 2 or more in size, outside [0, 1] whatever its sign: such a
/// path is answered without dividing, with the answer the division gives (most edges of a room
/// are far from a step's path).
inline bool path_meets(double x0, double y0, double x1, double y1, const CrowdSegment& s, double& t) {
  const double rx = x1 - x0, ry = y1 - y0, sx = s.x2 - s.x1, sy = s.y2 - s.y1;
  const double den = rx * sy - ry * sx;
  if (den == 0.0) return false;
  const double qx = s.x1 - x0, qy = s.y1 - y0, na = qx * sy - qy * sx;
  if (std::fabs(na) > 2 * std::fabs(den)) return false;
  const double a = na / den;
  if (a < 0.0 || a > 1.0) return false;
  const double nb = qx * ry - qy * rx;
  if (std::fabs(nb) > 2 * std::fabs(den)) return false;
  const double b = nb / den;
  if (b < 0.0 || b > 1.0) return false;
  t = a;
  return true;
}
/// Where the path first enters column c (from outside), as a fraction of the path; false when not.
bool path_enters(double x0, double y0, double x1, double y1, const CrowdColumn& c, double& t);
/// Where along w (0 … 1) the ring's edges cross or touch it: proper crossings, and the ends of
/// edges that run along it (exactly collinear); appended to t.
void cuts_along(const CrowdSegment& w, const CrowdRing& ring, std::vector<double>& t);
/// Whether (x, y) lies in the ring or on its edge (within 1e-9 m).
bool in_or_on(const CrowdRing& ring, double x, double y);
/// The distance from (x, y) to the area (0 inside it).
double distance_to_area(const CrowdRing& ring, double x, double y);
/// Whether (x, y) lies inside the ring (crossing number; a point on an edge may go either way).
bool inside_ring(const CrowdRing& ring, double x, double y);
/// inside_ring, answered false without the ring's edges for a point beyond its box (b, its box):
/// there the crossings are none, or all of a closed ring's, an even number.
inline bool inside_ring(const CrowdRing& ring, const CrowdBox& b, double x, double y) {
  return !(beyond_box(b, x, y) > 0.0) && inside_ring(ring, x, y);
}
/// Whether (x, y) lies inside the polygons: inside an outer ring and in none of its holes.
bool inside_polygons(const std::vector<CrowdPolygon>& polygons, double x, double y);

}  // namespace bandada
