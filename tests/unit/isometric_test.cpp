// Bandada — the SVG view's isometric projection: known points, and velocities along the view
// axis drawn as points.
#include "app/isometric.h"

#include <doctest/doctest.h>

#include <cmath>

using namespace bandada;

TEST_CASE("the isometric projection maps known points") {
  IsoPoint o = iso_project(0, 0, 0);
  CHECK(o.x == 0.0);
  CHECK(o.y == 0.0);
  IsoPoint up = iso_project(0, 1, 0);  // +y is straight up on screen
  CHECK(up.x == doctest::Approx(0.0));
  CHECK(up.y == doctest::Approx(2.0 / std::sqrt(6.0)));
  IsoPoint xr = iso_project(1, 0, 0);  // +x goes right and down, +z left and down
  IsoPoint zl = iso_project(0, 0, 1);
  CHECK(xr.x == doctest::Approx(1.0 / std::sqrt(2.0)));
  CHECK(xr.y == doctest::Approx(-1.0 / std::sqrt(6.0)));
  CHECK(zl.x == doctest::Approx(-xr.x));
  CHECK(zl.y == doctest::Approx(xr.y));
  IsoPoint diag = iso_project(4.2, 4.2, 4.2);  // the view axis collapses to the centre
  CHECK(diag.x == doctest::Approx(0.0));
  CHECK(diag.y == doctest::Approx(0.0));
  // Unit edges of the cube all project to the same length, as isometric drawing wants.
  for (IsoPoint p : {xr, up, zl})
    CHECK(std::sqrt(p.x * p.x + p.y * p.y) == doctest::Approx(std::sqrt(2.0 / 3.0)));
}

TEST_CASE("a velocity along the view axis, or zero, is drawn as a point") {
  double ux, uy;
  CHECK_FALSE(iso_direction(1, 1, 1, ux, uy));
  CHECK(ux == 0.0);
  CHECK_FALSE(iso_direction(-0.3, -0.3, -0.3, ux, uy));
  CHECK_FALSE(iso_direction(0, 0, 0, ux, uy));
  CHECK(iso_direction(0, 1, 0, ux, uy));
  CHECK(ux == doctest::Approx(0.0));
  CHECK(uy == doctest::Approx(1.0));
  CHECK(iso_direction(1, 0, 0, ux, uy));
  CHECK(std::sqrt(ux * ux + uy * uy) == doctest::Approx(1.0));
}

TEST_CASE("glyphs are laid out per boid in index order, y down on screen") {
  DrawData d;
  d.space = Space::cube;
  d.count = 2;
  d.pos = {0, 1, 0, 0, 0, 0};
  const float r3 = static_cast<float>(1.0 / std::sqrt(3.0));
  d.dir = {0, 1, 0, r3, r3, r3};
  d.colour = {kBoid, kRed};
  d.highlight = {0, 1};
  std::vector<float> g;
  svg_glyphs(d, 10.0, 100.0, 50.0, g);
  REQUIRE(g.size() == 12);
  CHECK(g[0] == doctest::Approx(100.0));
  CHECK(g[1] == doctest::Approx(50.0 - 10.0 * 2.0 / std::sqrt(6.0)));
  CHECK(g[3] == doctest::Approx(-1.0));  // moving up is −y on screen
  CHECK(g[8] == 0.0f);                   // boid 1 flies along the view axis: a point
  CHECK(g[9] == 0.0f);
  CHECK(g[10] == kRed);
  CHECK(g[11] == 1.0f);
}

TEST_CASE("a plane keeps model units, flipped when its y grows upwards") {
  DrawData d;
  d.space = Space::plane;
  d.width = 1000;
  d.height = 700;
  d.y_up = true;
  d.count = 1;
  d.pos = {100, 600, 0};
  d.dir = {0, 1, 0};
  d.colour = {kWhite};
  d.highlight = {0};
  std::vector<float> g;
  svg_glyphs(d, 10.0, 0, 0, g);
  CHECK(g[0] == 100.0f);
  CHECK(g[1] == 100.0f);
  CHECK(g[3] == -1.0f);
}
