// Bandada — the SVG view's isometric projection: known points, and velocities along the view
// axis drawn as points.
#include <doctest/doctest.h>

#include <cmath>

#include "app/isometric.h"

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
  for (IsoPoint p : {xr, up, zl}) CHECK(std::sqrt(p.x * p.x + p.y * p.y) == doctest::Approx(std::sqrt(2.0 / 3.0)));
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
  Boids3dState s;
  s.resize(2);
  s.x = {0, 0};
  s.y = {1, 0};
  s.z = {0, 0};
  s.vx = {0, 2};
  s.vy = {3, 2};
  s.vz = {0, 2};
  std::vector<float> g;
  iso_glyphs(s, 10.0, 100.0, 50.0, g);
  REQUIRE(g.size() == 8);
  CHECK(g[0] == doctest::Approx(100.0));
  CHECK(g[1] == doctest::Approx(50.0 - 10.0 * 2.0 / std::sqrt(6.0)));
  CHECK(g[3] == doctest::Approx(-1.0));  // moving up is −y on screen
  CHECK(g[6] == 0.0f);                   // boid 1 flies along the view axis: a point
  CHECK(g[7] == 0.0f);
}
