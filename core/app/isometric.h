// Bandada — the fixed isometric projection of the SVG view. The view looks along (1, 1, 1);
// screen axes are e1 = (1, 0, −1)/√2 (right) and e2 = (−1, 2, −1)/√6 (up). Plain math, so the
// tests check it natively and the page only writes SVG elements.
#pragma once

#include <cstddef>
#include <vector>

#include "app/model_session.h"

namespace bandada {

struct IsoPoint {
  double x, y;  ///< model units in the projection plane, y up
};

IsoPoint iso_project(double x, double y, double z);

/// The unit direction of a velocity in the plane; false (and 0, 0) when the velocity is zero or
/// (nearly) along the view axis, so the boid is drawn as a point.
bool iso_direction(double vx, double vy, double vz, double& ux, double& uy);

/// Per glyph of the draw data, in index order, 6 floats for the SVG view: x, y (pixels, y
/// down), the unit glyph direction (0, 0 for a point), the colour class and the highlight.
/// A cube is projected isometrically (`scale` pixels per model unit, its centre at (cx, cy));
/// a plane keeps model units, flipped when its y grows upwards.
void svg_glyphs(const DrawData& d, double scale, double cx, double cy, std::vector<float>& out);

/// A model point in the SVG view's coordinates (the same mapping as svg_glyphs).
IsoPoint svg_point(const DrawData& d, double x, double y, double z, double scale, double cx, double cy);

}  // namespace bandada
