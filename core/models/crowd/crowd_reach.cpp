// Bandada — where a body can go in a room (crowd_reach.h). The walls, chained where one ends where
// the next begins, and the columns are grown by the body's radius with Boost.Geometry's buffer;
// what of the box is left is the ground the body's centre may stand on, and its polygons are the
// ground's separate parts. Runs once per radius when a scenario's people are placed, never in the
// step (Boost's round joins take the platform's sin and cos; they move a chord's ends by a few
// ulp, far below the 0.1 mm the chords themselves may lie inside the exact arc).
#include "crowd_reach.h"

#include <algorithm>
#include <cmath>

#include "crowd_boost.h"

namespace bandada {
namespace {

namespace bg = boost::geometry;
using Pt = crowd_bg::Point;
using crowd_bg::Line;
using crowd_bg::Lines;
using crowd_bg::Multi;
using Poly = crowd_bg::Polygon;

/// Chords to a whole circle of radius r: enough that a chord's middle lies within 0.1 mm of the arc,
/// r·(1 − cos(π/n)) ≤ r·(π/n)²/2 ≤ 1e-4 m (88 for r = 0.15 m, 224 for 1 m; sqrt only, no libm
/// cos), even, at least 32.
int chords(double r) {
  const int n = static_cast<int>(std::ceil(3.141592653589793 * std::sqrt(r / 2e-4)));
  return std::max(32, std::min(4096, n + (n & 1)));
}

/// The walls as chains: a wall that begins exactly where the last one ended continues its chain
/// (a ring's edges are one chain, joined round at each corner, not two ends drawn over each other).
Lines chains(const std::vector<CrowdSegment>& walls) {
  Lines out;
  for (const CrowdSegment& w : walls) {
    if (w.x1 == w.x2 && w.y1 == w.y2) {  // a wall of no length: a chain of its own (a point)
      out.push_back(Line{Pt(w.x1, w.y1), Pt(w.x2, w.y2)});
      out.push_back(Line{});  // and nothing continues it
      continue;
    }
    if (!out.empty() && !out.back().empty() && out.back().back().x() == w.x1 &&
        out.back().back().y() == w.y1) {
      out.back().push_back(Pt(w.x2, w.y2));
      continue;
    }
    out.push_back(Line{Pt(w.x1, w.y1), Pt(w.x2, w.y2)});
  }
  return out;
}

/// What a body of radius r cannot stand in: every wall and column grown by r.
Multi grown(const std::vector<CrowdSegment>& walls, const std::vector<CrowdColumn>& columns, double r) {
  const int n = chords(r);
  const bg::strategy::buffer::join_round join(n);
  const bg::strategy::buffer::end_round end(n);
  const bg::strategy::buffer::point_circle circle(n);
  const bg::strategy::buffer::side_straight side;
  Multi out;
  Lines lines;
  for (Line& l : chains(walls)) {
    if (l.empty()) continue;
    // A chain of one point (a wall of no length) is a point; Boost wants two distinct points.
    if (l.size() == 2 && bg::equals(l[0], l[1])) {
      Multi disc;
      bg::buffer(l[0], disc, bg::strategy::buffer::distance_symmetric<double>(r), side, join, end, circle);
      Multi both;
      bg::union_(out, disc, both);
      out = std::move(both);
      continue;
    }
    lines.push_back(std::move(l));
  }
  if (!lines.empty()) {
    Multi walls_grown;
    bg::buffer(lines, walls_grown, bg::strategy::buffer::distance_symmetric<double>(r), side, join, end,
               circle);
    Multi both;
    bg::union_(out, walls_grown, both);
    out = std::move(both);
  }
  for (const CrowdColumn& c : columns) {
    Multi disc;
    const bg::strategy::buffer::point_circle round(chords(c.r + r));
    bg::buffer(Pt(c.x, c.y), disc, bg::strategy::buffer::distance_symmetric<double>(c.r + r), side, join, end,
               round);
    Multi both;
    bg::union_(out, disc, both);
    out = std::move(both);
  }
  return out;
}

Poly polygon_of(const CrowdRing& ring) {
  Poly p;
  for (const CrowdPoint& q : ring) p.outer().push_back(Pt(q.x, q.y));
  if (!ring.empty()) p.outer().push_back(Pt(ring[0].x, ring[0].y));
  bg::correct(p);
  return p;
}

}  // namespace

struct CrowdFreeSpace::Ground {
  Multi parts;
};

CrowdFreeSpace::CrowdFreeSpace(const std::vector<CrowdSegment>& walls,
                               const std::vector<CrowdColumn>& columns, double x0, double y0, double x1,
                               double y1, double r)
    : ground_(std::make_unique<Ground>()) {
  Poly box;
  bg::convert(bg::model::box<Pt>(Pt(x0, y0), Pt(x1, y1)), box);
  bg::difference(box, grown(walls, columns, r), ground_->parts);
}

CrowdFreeSpace::~CrowdFreeSpace() = default;

size_t CrowdFreeSpace::parts() const { return ground_->parts.size(); }

int CrowdFreeSpace::part_of(double x, double y) const {
  const Pt p(x, y);
  int best = -1;
  double nearest = 1e-6;
  for (size_t k = 0; k < ground_->parts.size(); ++k) {
    if (bg::covered_by(p, ground_->parts[k])) return static_cast<int>(k);
    const double d = bg::distance(p, ground_->parts[k]);
    if (d <= nearest) {
      nearest = d;
      best = static_cast<int>(k);
    }
  }
  return best;
}

bool CrowdFreeSpace::meets(int k, const CrowdRing& area) const {
  if (k < 0 || static_cast<size_t>(k) >= ground_->parts.size() || area.size() < 3) return false;
  return bg::intersects(ground_->parts[static_cast<size_t>(k)], polygon_of(area));
}

}  // namespace bandada
