// Bandada — the fixed isometric projection of the SVG view. The view looks along (1, 1, 1);
// screen axes are e1 = (1, 0, −1)/√2 (right) and e2 = (−1, 2, −1)/√6 (up). Plain math, so the
// tests check it natively and the page only writes SVG elements.
#pragma once

#include <cstddef>
#include <vector>

#include "models/boids3d/boids3d_state.h"

namespace bandada {

struct IsoPoint {
  double x, y;  ///< model units in the projection plane, y up
};

IsoPoint iso_project(double x, double y, double z);

/// The unit direction of a velocity in the plane; false (and 0, 0) when the velocity is zero or
/// (nearly) along the view axis, so the boid is drawn as a point.
bool iso_direction(double vx, double vy, double vz, double& ux, double& uy);

/// Per boid, in index order: screen x, screen y (pixels, y down) and the unit glyph direction
/// (0, 0 for a point), as floats for the page: out gets 4·N values. `scale` is pixels per model
/// unit and (cx, cy) the screen position of the cube's centre.
void iso_glyphs(const Boids3dState& s, double scale, double cx, double cy, std::vector<float>& out);

}  // namespace bandada
