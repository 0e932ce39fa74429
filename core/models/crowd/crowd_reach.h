// Bandada — where a body can go in a room (crowd_reach.cpp): the ground its centre may stand on,
// at least its radius from every wall and from every column's surface, as the step's own walls
// and columns give it, and that ground's parts. A person can reach an exit only when the part they
// stand in meets it. Decided on the walls themselves, not on the navigation field's cells.
#pragma once

#include <memory>
#include <vector>

#include "crowd_geometry.h"

namespace bandada {

class CrowdFreeSpace {
 public:
  /// The free ground of a body of radius r among `walls` and `columns`, within the box
  /// [x0, x1] × [y0, y1]. Arcs are drawn as chords whose middles lie within 0.1 mm of the arc (88
  /// to a circle for 0.15 m), so the ground is at most 0.1 mm wider than the exact one at a corner
  /// or a wall's end; along a straight wall it is exact.
  CrowdFreeSpace(const std::vector<CrowdSegment>& walls, const std::vector<CrowdColumn>& columns, double x0,
                 double y0, double x1, double y1, double r);
  ~CrowdFreeSpace();
  CrowdFreeSpace(const CrowdFreeSpace&) = delete;
  CrowdFreeSpace& operator=(const CrowdFreeSpace&) = delete;
  /// How many separate parts the free ground has.
  size_t parts() const;
  /// The part whose ground holds (x, y), or lies within 1 µm of it (a centre exactly r from a wall
  /// is on the ground's edge); −1 when none.
  int part_of(double x, double y) const;
  /// Whether part k of the ground meets the area (a point of it in the area or on its edge).
  bool meets(int k, const CrowdRing& area) const;

 private:
  struct Ground;
  std::unique_ptr<Ground> ground_;
};

}  // namespace bandada
