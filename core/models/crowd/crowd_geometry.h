// Bandada — the crowd's plane geometry: points, segments, columns and polygons in metres, and
// the few questions the room, navigation, placement, the step and the measures ask of them.
// Kept out of the step and the readers (as box2d keeps its manifolds out of its solver).
#pragma once

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

/// The point of segment s nearest (px, py).
void nearest_on(const CrowdSegment& s, double px, double py, double& qx, double& qy);
/// The distance from (px, py) to segment s.
double distance_to(const CrowdSegment& s, double px, double py);
/// Where the path (x0, y0) → (x1, y1) first meets segment s, as a fraction of the path in
/// [0, 1]; false when it does not (parallel paths never meet it).
bool path_meets(double x0, double y0, double x1, double y1, const CrowdSegment& s, double& t);
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
/// Whether (x, y) lies inside the polygons: inside an outer ring and in none of its holes.
bool inside_polygons(const std::vector<CrowdPolygon>& polygons, double x, double y);

}  // namespace bandada
