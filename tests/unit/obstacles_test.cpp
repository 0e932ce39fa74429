// Bandada — the 2-D flock's obstacles (docs/models/flock2d.md, "Obstacles"): the force from a
// hand case, and the guarantee that no step's path crosses a wall or enters a circle, over many
// random layouts with fast boids and predators, in Euler and RK4.
#include <doctest/doctest.h>

#include <cmath>

#include "common/lcg.h"
#include "models/flock2d/flock2d.h"

using namespace bandada;

namespace {

Flock2dParams quiet(ForceLaw law, double w_obs) {  // only the obstacle acts
  Flock2dParams p;
  p.law = law;
  p.separation_weight = p.alignment_weight = p.cohesion_weight = 0;
  p.predator_weight = p.attractor_weight = 0;
  p.obstacle_weight = w_obs;
  p.max_speed = 50;
  p.max_force = 0.5;
  return p;
}

// An independent check of one move from (x, y) by (dx, dy): does it cross wall w (nearest image)?
bool crosses(const Wall& w, double x, double y, double dx, double dy) {
  const double hx = (w.x2 - w.x1) / 2, hy = (w.y2 - w.y1) / 2;
  const double mx = x + minimal_image(w.x1 + hx - x, kFlockWidth),
               my = y + minimal_image(w.y1 + hy - y, kFlockHeight);
  const double ax = mx - hx, ay = my - hy, ex = 2 * hx, ey = 2 * hy;
  const double s0 = ex * (y - ay) - ey * (x - ax), s1 = ex * (y + dy - ay) - ey * (x + dx - ax);
  if ((s0 > 0 && s1 > 0) || (s0 < 0 && s1 < 0)) return false;  // both ends on one side
  const double t0 = dx * (ay - y) - dy * (ax - x), t1 = dx * (ay + ey - y) - dy * (ax + ex - x);
  return !((t0 > 0 && t1 > 0) || (t0 < 0 && t1 < 0)) && s0 != 0;  // the path's line splits the wall
}

// How close the move's segment comes to circle c's centre, minus its radius (< 0: it entered).
double clearance(const Circle& c, double x, double y, double dx, double dy) {
  const double cx = x + minimal_image(c.x - x, kFlockWidth), cy = y + minimal_image(c.y - y, kFlockHeight);
  const double len2 = dx * dx + dy * dy;
  double t = len2 > 0 ? ((cx - x) * dx + (cy - y) * dy) / len2 : 0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const double qx = x + t * dx - cx, qy = y + t * dy - cy;
  return std::sqrt(qx * qx + qy * qy) - c.r;
}

}  // namespace

TEST_CASE("the obstacle force from a hand case: raw falls off linearly over the perception radius") {
  // A boid at (100, 100), 20 below the rim of a circle centred at (100, 130) with radius 10.
  Flock2d f(quiet(ForceLaw::raw, 2), {100}, {100}, {1}, {0});
  f.add_circle(100, 130, 10);
  f.step();  // dt = 1: v' = v + 2·(0, −1)·(1 − 20/50)
  CHECK(f.vx()[0] == doctest::Approx(1.0));
  CHECK(f.vy()[0] == doctest::Approx(-1.2));
  CHECK(f.px()[0] == doctest::Approx(101.0));
  CHECK(f.py()[0] == doctest::Approx(98.8));
}

TEST_CASE("the steering form: limit(v_max·u − v, f_max) away from the nearest surface, weighted") {
  // A wall along x = 130 from y = 50 to y = 150; the boid at (100, 100) moving +x at 2.
  Flock2d f(quiet(ForceLaw::steering, 1), {100}, {100}, {2}, {0});
  f.add_wall(130, 50, 130, 150);
  f.step();  // u = (−1, 0); v_max·u − v = (−52, 0), limited to 0.5: v' = (1.5, 0)
  CHECK(f.vx()[0] == doctest::Approx(1.5));
  CHECK(f.vy()[0] == doctest::Approx(0.0));
  Flock2d far(quiet(ForceLaw::steering, 1), {10}, {100}, {2}, {0});  // 120 away: beyond L = r = 50
  far.add_wall(130, 50, 130, 150);
  far.step();
  CHECK(far.vx()[0] == 2.0);
}

TEST_CASE("a fast boid stops on the wall's near side, never across, and keeps only its tangent velocity") {
  Flock2dParams p = quiet(ForceLaw::raw, 0);
  Flock2d f(p, {100}, {100}, {40}, {10});  // would jump 40 to the right, through the wall
  f.add_wall(120, 0, 120, 250);
  f.step();
  CHECK(f.px()[0] < 120.0);
  CHECK(f.px()[0] > 119.999);
  CHECK(f.vx()[0] == 0.0);
  CHECK(f.vy()[0] == 10.0);
}

TEST_CASE("boids drawn inside circles move out the shortest way; overlapping circles act as their union") {
  Flock2dParams p;
  p.n = 400;
  Flock2d f(p);
  f.add_circle(450, 300, 120);
  f.add_circle(560, 300, 80);  // overlaps the first
  for (size_t i = 0; i < f.size(); ++i)
    for (const Circle& c : f.circles()) CHECK(clearance(c, f.px()[i], f.py()[i], 0, 0) >= 0.0);
  CHECK(f.remove_nearest_obstacle(560, 385));
  CHECK(f.circles().size() == 1);
}

TEST_CASE("no step's path ever crosses a wall or enters a circle: random layouts, fast boids, predators") {
  Lcg rng(2026);
  long checked = 0;
  for (int layout = 0; layout < 24; ++layout) {
    Flock2dParams p;
    p.n = 60;
    p.seed = static_cast<uint32_t>(layout + 1);
    // 100 units a step at dt = 2, far more than any wall or circle is thick, yet under half the
    // torus, so the check below can rebuild each path from its two ends. (RK4 moves along its
    // uncapped stage velocities: with f_max = 2 they stay under about 100 as well; raw forces
    // have no such bound, so they run with Euler, whose move is the capped velocity.)
    p.max_speed = 50;
    p.max_force = 2;
    p.dt = 2;
    p.cohesion_weight = 3;
    p.law = layout % 4 == 0 ? ForceLaw::raw : ForceLaw::steering;
    p.integrator = layout % 2 ? Integrator::rk4 : Integrator::euler;
    Flock2d f(p);
    for (int k = 0; k < 4; ++k) {  // draws in sequence: argument order is the compiler's choice
      const double x = 900 * rng.next(), y = 600 * rng.next(), r = 5 + 60 * rng.next();
      f.add_circle(x, y, r);
    }
    for (int k = 0; k < 5; ++k) {
      const double x = 900 * rng.next(), y = 600 * rng.next(), a = 6.283185307179586 * rng.next();
      const double len = 20 + 270 * rng.next();
      f.add_wall(x, y, x + len * (a < 3.14 ? 0.6 : -0.8), y + len * (a < 3.14 ? 0.8 : 0.6));
    }
    f.add_predator(450, 300);
    f.add_predator(100, 100);
    for (int t = 0; t < 120; ++t) {
      std::vector<double> x = f.px(), y = f.py();
      std::vector<Marker> pred = f.predators();
      f.step();
      for (size_t i = 0; i < f.size(); ++i) {
        const double dx = minimal_image(f.px()[i] - x[i], kFlockWidth),
                     dy = minimal_image(f.py()[i] - y[i], kFlockHeight);
        REQUIRE(std::fabs(dx) < 300);  // (the path is rebuilt from its ends: see above)
        REQUIRE(std::fabs(dy) < 300);
        for (const Wall& w : f.walls()) REQUIRE_FALSE(crosses(w, x[i], y[i], dx, dy));
        for (const Circle& c : f.circles()) REQUIRE(clearance(c, x[i], y[i], dx, dy) > -1e-9 * c.r);
        ++checked;
      }
      for (size_t k = 0; k < pred.size(); ++k) {
        const double dx = minimal_image(f.predators()[k].x - pred[k].x, kFlockWidth);
        const double dy = minimal_image(f.predators()[k].y - pred[k].y, kFlockHeight);
        for (const Wall& w : f.walls()) REQUIRE_FALSE(crosses(w, pred[k].x, pred[k].y, dx, dy));
        for (const Circle& c : f.circles()) REQUIRE(clearance(c, pred[k].x, pred[k].y, dx, dy) > -1e-9 * c.r);
      }
    }
  }
  CHECK(checked == 24 * 120 * 60);
}
