// Bandada — the 2-D flock with predators and attractors, rule by rule from hand-computed cases
// (docs/models/flock2d.md).
#include "models/flock2d/flock2d.h"

#include <doctest/doctest.h>

#include <cmath>

#include "app/share_codec.h"
#include "common/lcg.h"

using namespace bandada;

namespace {

// Raw forces, one weight at a time, no speed cap in the way.
Flock2dParams raw(double ws = 0, double wa = 0, double wc = 0, double wp = 0, double wg = 0) {
  Flock2dParams p;
  p.law = ForceLaw::raw;
  p.separation_weight = ws;
  p.alignment_weight = wa;
  p.cohesion_weight = wc;
  p.predator_weight = wp;
  p.attractor_weight = wg;
  p.max_speed = 50;
  return p;
}

}  // namespace

TEST_CASE("minimal image and wrap on the 900 × 600 torus") {
  CHECK(minimal_image(890, 900) == -10.0);
  CHECK(minimal_image(-890, 900) == 10.0);
  CHECK(minimal_image(450, 900) == -450.0);
  CHECK(minimal_image(100, 600) == 100.0);
  CHECK(wrap_torus(900, 900) == 0.0);
  CHECK(wrap_torus(-1, 900) == 899.0);
  CHECK(wrap_torus(-1e-20, 900) == 0.0);  // rounds to 900, which is 0
  CHECK(wrap_torus(1234, 600) == 34.0);
}

TEST_CASE("separation is −Σ r/|r|²: magnitude 1/distance, only inside r_s") {
  Flock2d f(raw(1), {100, 110}, {100, 100}, {0, 0}, {0, 0});
  f.step();
  CHECK(f.vx()[0] == -10.0 / 100.0);
  CHECK(f.px()[0] == 100 + -10.0 / 100.0);
  Flock2d out(raw(1), {100, 130}, {100, 100}, {0, 0}, {0, 0});  // 30 ≥ r_s = 25
  out.step();
  CHECK(out.vx()[0] == 0.0);
}

TEST_CASE("alignment is mean v_j − v_i and cohesion the mean minimal-image displacement") {
  Flock2d a(raw(0, 1), {100, 130}, {100, 100}, {1, 0}, {0, 1});
  a.step();
  CHECK(a.vx()[0] == 1 + (0.0 - 1.0));
  CHECK(a.vy()[0] == 0 + (1.0 - 0.0));
  Flock2d c(raw(0, 0, 1), {895, 5}, {300, 300}, {0, 0}, {0, 0});  // across the seam: 10 apart
  c.step();
  CHECK(c.vx()[0] == 10.0);
  CHECK(c.vx()[1] == -10.0);
  CHECK(c.px()[0] == wrap_torus(895 + 10.0, 900));
  Flock2d v(raw(0, 0, 1), {300, 300}, {596, 4}, {0, 0}, {0, 0});  // across the y seam: 8 apart
  v.step();
  CHECK(v.vy()[0] == 8.0);
  CHECK(v.py()[0] == wrap_torus(596 + 8.0, 600));
  CHECK(v.py()[0] == 4.0);
}

TEST_CASE("boids flee predators within 2r, falling off linearly; the predator chases at 0.8·v_max") {
  Flock2d f(raw(0, 0, 0, 1), {120}, {100}, {0}, {0});
  f.add_predator(100, 100);
  f.step();
  CHECK(f.vx()[0] == doctest::Approx((20.0 / 20.0) * (1 - 20.0 / 100.0)));
  CHECK(f.predators()[0].vx == 0.8 * 50);  // a boid within 3r: chase it
  CHECK(f.predators()[0].x == 100 + 0.8 * 50);
  Flock2d far(raw(0, 0, 0, 1), {400}, {100}, {0}, {0});
  far.add_predator(100, 100);
  far.step();
  CHECK(far.vx()[0] == 0.0);             // beyond 2r: no fear
  CHECK(far.predators()[0].x == 100.0);  // nobody within 3r: at rest stays at rest
  Flock2d on(raw(0, 0, 0, 1), {100}, {100}, {0}, {0});
  on.add_predator(100, 100);
  on.step();
  CHECK(on.vx()[0] == 0.0);  // exactly on the predator: nothing from it
}

TEST_CASE("attractors pull with (p_G − p)/max(|p_G − p|, r_s)") {
  Flock2d f(raw(0, 0, 0, 0, 1), {100, 300}, {100, 500}, {0, 0}, {0, 0});
  f.add_attractor(300, 100);
  f.step();
  CHECK(f.vx()[0] == 1.0);  // 200 away: a unit pull
  Flock2d near(raw(0, 0, 0, 0, 1), {100}, {100}, {0}, {0});
  near.add_attractor(110, 100);
  near.step();
  CHECK(near.vx()[0] == 10.0 / 25.0);  // inside r_s: divided by r_s
}

TEST_CASE("steering: limit(v_max·d/|d| − v, f_max) per rule, then weighted") {
  Flock2dParams p;
  p.separation_weight = p.alignment_weight = p.cohesion_weight = p.predator_weight = 0;
  p.attractor_weight = 2;
  Flock2d f(p, {100}, {100}, {1}, {0});
  f.add_attractor(100, 300);
  f.step();
  const double sx = 0 - 1, sy = 4 * 1.0 - 0;  // desired (0, 4) minus v = (1, 0)
  const double len = std::sqrt(sx * sx + sy * sy);
  CHECK(f.vx()[0] == doctest::Approx(1 + 2 * (sx * 0.1 / len)));
  CHECK(f.vy()[0] == doctest::Approx(0 + 2 * (sy * 0.1 / len)));
}

TEST_CASE("Euler vs RK4 for a lone boid under a constant pull: RK4 is exact, Euler off by a·dt²·n/2") {
  Flock2dParams p = raw(0, 0, 0, 0, 1);
  p.dt = 0.5;
  p.n = 1;  // live params would grow the flock otherwise
  Flock2d euler(p, {100}, {100}, {0}, {0}), rk4(p, {100}, {100}, {0}, {0});
  p.integrator = Integrator::rk4;
  rk4.set_live_params(p);
  euler.add_attractor(400, 100);
  rk4.add_attractor(400, 100);
  for (int n = 0; n < 6; ++n) {
    euler.step();
    rk4.step();
  }
  const double t = 3.0;
  CHECK(rk4.px()[0] == doctest::Approx(100 + 0.5 * t * t).epsilon(1e-12));
  CHECK(euler.px()[0] == doctest::Approx(100 + 0.5 * t * t + 1.0 * 0.25 * 6 / 2).epsilon(1e-12));
  CHECK(rk4.vx()[0] == doctest::Approx(3.0));
  CHECK(rk4.kinetic_energy() == doctest::Approx(4.5));
}

TEST_CASE("the speed limit caps v after each step") {
  Flock2dParams p = raw(0, 0, 0, 0, 10);
  p.max_speed = 2;
  Flock2d f(p, {100}, {100}, {0}, {0});
  f.add_attractor(400, 100);
  f.step();
  CHECK(f.vx()[0] == 2.0);
}

TEST_CASE("a leader adds one more rule toward it for boids within r") {
  Flock2dParams p = raw();
  p.leader = 1;
  p.leader_weight = 1;
  Flock2d f(p, {100, 120, 300}, {100, 100, 100}, {0, 0, 0}, {0, 0, 0});
  f.step();
  CHECK(f.vx()[0] == 20.0);  // toward the leader
  CHECK(f.vx()[1] == 0.0);   // the leader itself
  CHECK(f.vx()[2] == 0.0);   // beyond r
}

TEST_CASE("the grid finds the brute force's neighbours: whole runs agree bit for bit") {
  for (double r : {5.0, 30.0, 50.0, 150.0, 250.0}) {
    CAPTURE(r);
    Flock2dParams p;
    p.n = 400;
    p.r = r;
    p.separation_radius = std::min(25.0, r);
    p.seed = 3;
    p.integrator = r == 50.0 ? Integrator::rk4 : Integrator::euler;
    Flock2d g(p), b(p);
    b.use_brute_force(true);
    g.add_predator(450, 300);
    b.add_predator(450, 300);
    for (int t = 0; t < 5; ++t) {
      g.step();
      b.step();
    }
    CHECK(g.px() == b.px());
    CHECK(g.vy() == b.vy());
    CHECK(g.neighbour_counts() == b.neighbour_counts());
  }
}

TEST_CASE(
    "the grid's shifted-cell pre-test keeps exactly the spec's neighbours at the radius and across the "
    "wrap") {
  // Pairs at exactly r, one ulp either side of it, across both seams, and coordinates just
  // outside [0, W) × [0, H) as the RK4 stages leave them.
  Flock2dParams p;
  p.r = 25.0;
  std::vector<double> x, y;
  auto add = [&](double a, double b) {
    x.push_back(a);
    y.push_back(b);
  };
  for (double dx : {25.0, std::nextafter(25.0, 0.0), std::nextafter(25.0, 100.0)}) {
    add(0.0, 300.0);
    add(900.0 - dx, 300.0);  // across the x seam
    add(450.0, 0.0);
    add(450.0, 600.0 - dx);  // across the y seam
    add(-0.25, 100.0);
    add(-0.25 + dx, 100.0);  // left of the box
    add(900.25, 500.0);
    add(900.25 - dx, 500.0);  // right of it
    add(300.0 + 3.0 * dx / 5.0, 450.0 + 4.0 * dx / 5.0);
    add(300.0, 450.0);  // a 3-4-5 diagonal
  }
  const std::vector<double> v(x.size(), 0.0);
  Flock2d g(p, x, y, v, v), b(p, x, y, v, v);
  b.use_brute_force(true);
  CHECK(g.neighbour_counts() == b.neighbour_counts());
  // Two boids across the seam: exactly r apart is no neighbour (|d| < r), an ulp closer is.
  for (double at : {875.0, std::nextafter(875.0, 900.0)}) {
    const std::vector<double> two_x{0.0, at}, two_y{300.0, 300.0}, two_v{0.0, 0.0};
    Flock2d two(p, two_x, two_y, two_v, two_v);
    CHECK(two.neighbour_counts() == std::vector<uint32_t>(2, at == 875.0 ? 0 : 1));
  }
}

TEST_CASE("live N: more boids come from the continuing generator, fewer drop the highest indices") {
  Flock2dParams p;
  p.n = 10;
  Flock2d f(p);
  p.n = 15;
  f.set_live_params(p);
  Flock2d fifteen(p);
  CHECK(f.size() == 15);
  CHECK(f.px() == fifteen.px());
  p.n = 4;
  f.set_live_params(p);
  CHECK(f.size() == 4);
  CHECK(f.px()[3] == fifteen.px()[3]);
  p.seed = 99;
  f.set_live_params(p);
  CHECK(f.params().seed == 1);  // a new seed is a new flock, not a live edit
}

TEST_CASE("markers: the nearest is removed, clear removes all") {
  Flock2d f(Flock2dParams{});
  f.add_predator(100, 100);
  f.add_attractor(890, 100);
  f.add_attractor(500, 500);
  CHECK(f.remove_nearest_marker(5, 100));  // across the seam: the attractor at 890
  CHECK(f.attractors().size() == 1);
  CHECK(f.predators().size() == 1);
  f.clear_markers();
  CHECK_FALSE(f.remove_nearest_marker(0, 0));
}

TEST_CASE("readouts: order, mean speed, kinetic energy and mean nearest-neighbour distance") {
  Flock2d f(raw(), {100, 103, 900 - 1.0}, {100, 104, 100}, {3, 0, 0}, {4, 0, 2});
  CHECK(f.mean_speed() == doctest::Approx(7.0 / 3));
  CHECK(f.kinetic_energy() == doctest::Approx(12.5 + 0 + 2));
  CHECK(f.order() == doctest::Approx(std::sqrt(0.6 * 0.6 + 1.8 * 1.8) / 3));
  // Nearest: 0↔1 are 5 apart; boid 2 sits across the seam, 101 from boid 0.
  CHECK(f.mean_nearest_distance() == doctest::Approx((5 + 5 + 101) / 3.0));
}

TEST_CASE("the spec's own check: steering orders N = 150 (seed 1) by step 300, raw forces collapse") {
  Flock2dParams p;
  p.n = 150;
  Flock2d steering(p);
  p.law = ForceLaw::raw;
  Flock2d raw_law(p);
  for (int t = 0; t < 300; ++t) {
    steering.step();
    raw_law.step();
  }
  CHECK(steering.order() == doctest::Approx(0.9).epsilon(0.05));
  CHECK(steering.mean_nearest_distance() == doctest::Approx(20).epsilon(0.15));
  CHECK(raw_law.order() < 0.1);
  CHECK(raw_law.mean_nearest_distance() < 3.0);
}

TEST_CASE("determinism: fixed 2-D flock runs end on golden fingerprints, natively and in wasm") {
  Flock2dParams p;
  p.n = 200;
  p.seed = 3;
  p.leader = 5;
  p.integrator = Integrator::rk4;
  Flock2d a(p);
  a.add_predator(450, 300);
  a.add_attractor(200, 150);
  for (int t = 0; t < 80; ++t) a.step();
  CHECK(fingerprint_hex(a.fingerprint()) == "dfd1858481025f54");
  p.law = ForceLaw::raw;
  p.integrator = Integrator::euler;
  p.leader = -1;
  Flock2d b(p);
  for (int t = 0; t < 120; ++t) b.step();
  CHECK(fingerprint_hex(b.fingerprint()) == "025487185334b71a");
}

TEST_CASE("wrap_torus lands in [0, L) for any finite coordinate, however large") {
  for (double x : {67798784168595896.0, -67798784168595896.0, 1e300, -1e300, 9e15, -899.9999999999999, 1e-320,
                   -1e-320, 900.0, -900.0}) {
    CAPTURE(x);
    const double w = wrap_torus(x, kFlockWidth);
    CHECK(w >= 0.0);
    CHECK(w < kFlockWidth);
  }
  CHECK(wrap_torus(905.5, 900) == doctest::Approx(5.5));
  CHECK(wrap_torus(-1.0, 900) == 899.0);
  Flock2dParams p;
  p.n = 1;
  Flock2d f(p);
  f.add_predator(67798784168595896.0, 1);
  CHECK(f.predators()[0].x >= 0.0);
}

TEST_CASE(
    "the mean nearest distance, kept once computed, follows every step and change of N or r and boids a "
    "circle moves") {
  Flock2dParams p;
  p.n = 200;
  Flock2d f(p);
  auto fresh = [&f]() {  // the same state in a new flock: nothing kept
    return Flock2d(f.params(), f.px(), f.py(), f.vx(), f.vy()).mean_nearest_distance();
  };
  CHECK(f.mean_nearest_distance() == fresh());
  f.step();
  CHECK(f.mean_nearest_distance() == fresh());
  p.n = 120;  // fewer boids
  f.set_live_params(p);
  CHECK(f.mean_nearest_distance() == fresh());
  p.n = 300;  // more
  f.set_live_params(p);
  CHECK(f.mean_nearest_distance() == fresh());
  p.r = 80;  // another radius
  f.set_live_params(p);
  CHECK(f.mean_nearest_distance() == fresh());
  f.add_circle(450, 300, 200);  // pushes the boids inside it out to its rim
  CHECK(f.mean_nearest_distance() == fresh());
}

TEST_CASE(
    "the nearest-neighbour readout is the literal mean of each boid's nearest distance, on any thread "
    "count") {
  // Sparse enough that some boids have nobody within r (they look at everyone).
  Flock2dParams p;
  p.n = 900;
  p.r = 12;
  p.separation_radius = 6;
  p.seed = 3;
  Flock2d f(p);
  for (int s = 0; s < 3; ++s) f.step();
  const std::vector<double>&x = f.px(), &y = f.py();
  double sum = 0;
  size_t lonely = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    double best = INFINITY, within = INFINITY;
    for (size_t j = 0; j < x.size(); ++j) {
      if (j == i) continue;
      const double rx = minimal_image(x[j] - x[i], 900), ry = minimal_image(y[j] - y[i], 600);
      const double d = std::sqrt(rx * rx + ry * ry);
      best = std::min(best, d);
      if (d < p.r) within = std::min(within, d);
    }
    lonely += within == INFINITY;
    sum += best;
  }
  REQUIRE(lonely > 0);
  for (unsigned threads : {1u, 2u, 3u}) {
    Flock2d g(f.params(), x, y, f.vx(), f.vy());
    g.set_threads(threads);
    CHECK(g.mean_nearest_distance() == sum / static_cast<double>(x.size()));
  }
}

TEST_CASE("a step reuses the readout's neighbour search only for the very same positions: the same bits") {
  for (Integrator integrator : {Integrator::euler, Integrator::rk4}) {
    CAPTURE(static_cast<int>(integrator));
    Flock2dParams p;
    p.n = 400;
    p.r = 40;
    p.separation_radius = 20;
    p.integrator = integrator;
    p.seed = 9;
    Flock2d reading(p), plain(p);  // plain: every step on a fresh copy, which searches anew
    reading.set_threads(2);
    for (int s = 0; s < 12; ++s) {
      if (s == 5) {  // moves boids out of the circle, and so must not reuse the search before it
        reading.mean_nearest_distance();
        reading.add_circle(450, 300, 120);
        plain.add_circle(450, 300, 120);
      }
      reading.mean_nearest_distance();  // a search of the positions the next step starts from
      reading.step();
      Flock2d next = plain;
      next.step();
      plain = std::move(next);
      // A copy starts without the search, and steps to the same bits.
      Flock2d copy = reading;
      copy.step();
      Flock2d again = reading;
      again.mean_nearest_distance();
      again.step();
      CHECK(copy.fingerprint() == again.fingerprint());
    }
    CHECK(reading.fingerprint() == plain.fingerprint());
  }
}
