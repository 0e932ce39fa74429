// Bandada — the 3-D flock's rules, each from a hand-computed case (docs/models/boids3d.md).
#include "models/boids3d/boids3d.h"

#include <doctest/doctest.h>

#include <atomic>
#include <cmath>
#include <limits>

#include "app/share_codec.h"
#include "common/lcg.h"
#include "models/boids3d/periodic.h"

using namespace bandada;

namespace {

Boids3dParams params(double radius, double sep = 1, double ali = 1, double coh = 1, double vmax = 1000) {
  Boids3dParams p;
  p.radius = radius;
  p.separation = sep;
  p.alignment = ali;
  p.cohesion = coh;
  p.max_speed = vmax;
  return p;
}

struct B {
  double x, y, z, vx, vy, vz;
};

Boids3dState make(std::initializer_list<B> boids) {
  Boids3dState s;
  for (const B& b : boids) {
    s.x.push_back(b.x);
    s.y.push_back(b.y);
    s.z.push_back(b.z);
    s.vx.push_back(b.vx);
    s.vy.push_back(b.vy);
    s.vz.push_back(b.vz);
  }
  return s;
}

// Components by both searches; the test checks they agree and returns one.
Boids3dComponents components(const Boids3dParams& p, const Boids3dState& s) {
  Boids3dComponents g, b;
  boids3d_components(p, s, NeighbourSearch::grid, g);
  boids3d_components(p, s, NeighbourSearch::brute_force, b);
  REQUIRE(g.neighbors == b.neighbors);
  REQUIRE(g.sx == b.sx);
  REQUIRE(g.cx == b.cx);
  REQUIRE(g.ax == b.ax);
  return g;
}

}  // namespace

TEST_CASE("the LCG advances before each draw: the first values of seeds 0 and 1") {
  Lcg a(0);
  CHECK(a.next() == 0.23606797284446657);  // 1013904223 / 2^32
  CHECK(a.state == 1013904223u);
  CHECK(a.next() == 0.278566908556968);  // 1196435762 / 2^32
  CHECK(a.next() == 0.8195337599609047);
  Lcg b(1);
  CHECK(b.next() == 0.23645552527159452);  // 1015568748 / 2^32
  CHECK(b.next() == 0.3692706737201661);
  CHECK(b.next() == 0.5042420323006809);
}

TEST_CASE("the start draws x, y, z, vx, vy, vz per boid, boid 0 first, and caps the speed") {
  Boids3dParams p = params(1);
  p.count = 2;
  p.seed = 0;
  Boids3dState s = boids3d_initial_state(p);
  Lcg rng(0);
  double u[12];
  for (double& v : u) v = rng.next();
  CHECK(s.x[0] == -1.7736232224851847);  // (0.23606797284446657 - 0.5) * 4.2 * 1.6
  CHECK(s.y[0] == (u[1] - 0.5) * 4.2 * 1.6);
  CHECK(s.z[0] == (u[2] - 0.5) * 4.2 * 1.6);
  CHECK(s.vx[0] == (u[3] - 0.5) * 2);
  CHECK(s.vz[0] == (u[5] - 0.5) * 2);
  CHECK(s.x[1] == (u[6] - 0.5) * 4.2 * 1.6);
  CHECK(s.vz[1] == (u[11] - 0.5) * 2);

  p.max_speed = 0.1;  // every initial velocity is longer than this: all capped to 0.1
  Boids3dState c = boids3d_initial_state(p);
  for (size_t i = 0; i < 2; ++i)
    CHECK(std::sqrt(c.vx[i] * c.vx[i] + c.vy[i] * c.vy[i] + c.vz[i] * c.vz[i]) == doctest::Approx(0.1));
  CHECK(c.x == s.x);
}

TEST_CASE("wrap maps into [-4.2, 4.2), +4.2 becoming -4.2") {
  CHECK(wrap_periodic(4.2) == -4.2);
  CHECK(wrap_periodic(-4.2) == -4.2);
  CHECK(wrap_periodic(0.0) == 0.0);
  CHECK(wrap_periodic(4.1) == 4.1);
  CHECK(wrap_periodic(4.3) == doctest::Approx(-4.1));
  CHECK(wrap_periodic(-4.3) == doctest::Approx(4.1));
  CHECK(wrap_periodic(9.4) == doctest::Approx(1.0));
  CHECK(wrap_periodic(-9.4) == doctest::Approx(-1.0));
  double below = std::nextafter(-4.2, -5.0);
  CHECK(wrap_periodic(below) < 4.2);
  CHECK(wrap_periodic(below) >= -4.2);
  Lcg rng(7);
  for (int i = 0; i < 10000; ++i) {
    double x = (rng.next() - 0.5) * 100.0;
    double w = wrap_periodic(x);
    CHECK(w >= -4.2);
    CHECK(w < 4.2);
  }
}

TEST_CASE("the cap scales a velocity longer than max speed to max speed, others unchanged") {
  double vx = 3, vy = 4, vz = 0;
  cap_speed(vx, vy, vz, 2.5);
  CHECK(vx == 1.5);
  CHECK(vy == 2.0);
  vx = 0.3, vy = 0.4, vz = 0;
  cap_speed(vx, vy, vz, 0.5);  // exactly at the cap: unchanged
  CHECK(vx == 0.3);
  CHECK(vy == 0.4);
  cap_speed(vx, vy, vz, 0.0);
  CHECK(vx == 0.0);
  CHECK(vy == 0.0);
}

TEST_CASE("a pair across a wrap face are close neighbours") {
  Boids3dState s = make({{4.1, 0, 0, 1, 0, 0}, {-4.1, 0, 0, 0, 1, 0}});
  Boids3dComponents c = components(params(1), s);
  double d = (-4.1 - 4.1) + 8.4;  // δ_01 = wrap(x_1 − x_0) ≈ +0.2
  CHECK(c.neighbors[0] == 1);
  CHECK(c.neighbors[1] == 1);
  CHECK(c.cx[0] == d);
  CHECK(c.cx[1] == -d);
  CHECK(c.sx[0] == -1.0);  // 0.2 < 0.35·r: separation pushes away, across the face
  CHECK(c.sx[1] == 1.0);
  CHECK(c.ax[0] == -1.0);  // mean neighbour velocity (0,1,0) minus own (1,0,0)
  CHECK(c.ay[0] == 1.0);
}

TEST_CASE("a neighbour exactly at the radius counts; one just beyond does not") {
  Boids3dState at = make({{0, 0, 0, 0, 0, 0}, {0.5, 0, 0, 0, 0, 0}});
  CHECK(components(params(0.5), at).neighbors[0] == 1);
  Boids3dState beyond = make({{0, 0, 0, 0, 0, 0}, {std::nextafter(0.5, 1.0), 0, 0, 0, 0, 0}});
  CHECK(components(params(0.5), beyond).neighbors[0] == 0);
}

TEST_CASE("separation needs |δ| strictly below 0.35·r") {
  Boids3dState at = make({{0, 0, 0, 0, 0, 0}, {0, 0.35, 0, 0, 0, 0}});
  Boids3dComponents c = components(params(1), at);
  CHECK(c.neighbors[0] == 1);
  CHECK(c.sy[0] == 0.0);
  CHECK(c.cy[0] == 0.35);  // still counted for cohesion
  Boids3dState inside = make({{0, 0, 0, 0, 0, 0}, {0, std::nextafter(0.35, 0.0), 0, 0, 0, 0}});
  CHECK(components(params(1), inside).sy[0] == -1.0);
}

TEST_CASE("separation is summed, not averaged") {
  Boids3dState s =
      make({{0, 0, 0, 0, 0, 0}, {0.1, 0, 0, 0, 0, 0}, {0, 0.1, 0, 0, 0, 0}, {0.1, 0, 0, 0, 0, 0}});
  Boids3dComponents c = components(params(1), s);
  CHECK(c.sx[0] == -2.0);
  CHECK(c.sy[0] == -1.0);
}

TEST_CASE("coincident boids add no separation but count for alignment and cohesion") {
  Boids3dState s = make({{1, 1, 1, 0.5, 0, 0}, {1, 1, 1, 0, 0.25, 0}});
  Boids3dComponents c = components(params(1), s);
  CHECK(c.neighbors[0] == 1);
  CHECK(c.sx[0] == 0.0);
  CHECK(c.sy[0] == 0.0);
  CHECK(c.cx[0] == 0.0);
  CHECK(c.ax[0] == -0.5);
  CHECK(c.ay[0] == 0.25);
}

TEST_CASE("alignment is mean neighbour velocity minus own; cohesion the mean displacement") {
  Boids3dState s = make({{0, 0, 0, 1, 0, 0}, {0.5, 0, 0, 0, 2, 0}, {0, -0.5, 0, 0, 0, 4}});
  Boids3dComponents c = components(params(1), s);
  CHECK(c.neighbors[0] == 2);
  CHECK(c.ax[0] == -1.0);  // (0 + 0)/2 − 1
  CHECK(c.ay[0] == 1.0);   // (2 + 0)/2 − 0
  CHECK(c.az[0] == 2.0);
  CHECK(c.cx[0] == 0.25);
  CHECK(c.cy[0] == -0.25);
}

TEST_CASE("a boid without neighbours has S, A and C all zero and keeps flying") {
  Boids3dParams p = params(0.5, 5, 5, 5, 1000);
  Boids3dState s = make({{0, 0, 0, 1, 2, 3}, {3, 3, 3, 0, 0, 0}});
  Boids3dComponents c = components(p, s);
  CHECK(c.neighbors[0] == 0);
  CHECK(c.sx[0] == 0.0);
  CHECK(c.ax[0] == 0.0);
  CHECK(c.cx[0] == 0.0);
  Boids3dState next;
  boids3d_integrate(p, s, c, next);
  CHECK(next.vx[0] == 1.0);
  CHECK(next.x[0] == 0.04);
  CHECK(next.z[0] == 0.04 * 3);
}

TEST_CASE("one step: v' = cap(v + sep·S + ali·A + coh·C), x' = wrap(x + 0.04·v')") {
  Boids3dParams p = params(1, 0.5, 0.25, 2, 1000);
  Boids3dState s = make({{4.19, 0, 0, 1, 0, 0}, {-4.19, 0.2, 0, 0, 1, 0}});
  Boids3dComponents c = components(p, s);
  Boids3dState n;
  boids3d_integrate(p, s, c, n);
  // Boid 0 by hand: δ = (0.02, 0.2, 0), |δ| = √0.05, S = −δ/|δ|, A = (−1, 1, 0), C = δ.
  double dx = (-4.19 - 4.19) + 8.4, dy = 0.2;
  double d = std::sqrt(dx * dx + dy * dy);
  double vx = 1 + 0.5 * (-dx / d) + 0.25 * -1.0 + 2 * dx;
  double vy = 0 + 0.5 * (-dy / d) + 0.25 * 1.0 + 2 * dy;
  CHECK(n.vx[0] == vx);
  CHECK(n.vy[0] == vy);
  CHECK(n.x[0] == wrap_periodic(4.19 + 0.04 * vx));
  CHECK(n.x[0] < -4.0);  // it crossed the +x face
  p.max_speed = 0.5;
  boids3d_integrate(p, s, c, n);
  CHECK(std::sqrt(n.vx[0] * n.vx[0] + n.vy[0] * n.vy[0] + n.vz[0] * n.vz[0]) == doctest::Approx(0.5));
}

TEST_CASE("N = 0 and N = 1 are valid flocks with zero readouts, never NaN") {
  Boids3dParams p = params(1);
  p.count = 0;
  Boids3d none(p);
  none.step();
  CHECK(none.size() == 0);
  CHECK(mean_speed(none.state()) == 0.0);
  CHECK(order_parameter(none.state()) == 0.0);
  CHECK(none.steps() == 1);
  CHECK(none.time() == 0.04);
  p.count = 1;
  Boids3d one(p);
  double x0 = one.state().x[0], vx0 = one.state().vx[0];
  one.step();
  CHECK(one.components().neighbors[0] == 0);
  CHECK(one.state().vx[0] == vx0);
  CHECK(one.state().x[0] == wrap_periodic(x0 + 0.04 * vx0));
  CHECK(order_parameter(one.state()) == doctest::Approx(1.0));
}

TEST_CASE("mean speed and order: a stationary boid adds nothing to order") {
  Boids3dState s = make({{0, 0, 0, 3, 4, 0}, {1, 1, 1, 0, 0, 0}, {2, 2, 2, 0, 0, 1}});
  CHECK(mean_speed(s) == 2.0);  // (5 + 0 + 1) / 3
  CHECK(order_parameter(s) == doctest::Approx(std::sqrt(0.6 * 0.6 + 0.8 * 0.8 + 1.0) / 3));
}

TEST_CASE("a sliced step gives the same bits as a whole step") {
  Boids3dParams p = params(1.0, 0.1, 0.06, 0.02, 2);
  p.count = 700;
  p.seed = 3;
  Boids3d whole(p), sliced(p);
  for (int t = 0; t < 5; ++t) {
    whole.step();
    sliced.begin_step();
    while (!sliced.advance_step(97)) {
      CHECK(sliced.step_progress() > 0.0);
    }
  }
  CHECK(sliced.steps() == 5);
  CHECK(state_fingerprint(sliced.state()) == state_fingerprint(whole.state()));
  CHECK(sliced.components().ax == whole.components().ax);
}

TEST_CASE("the fingerprint changes with any bit of the state") {
  Boids3dState s = make({{0, 0, 0, 1, 0, 0}});
  uint64_t a = state_fingerprint(s);
  s.vz[0] = std::nextafter(0.0, 1.0);
  CHECK(state_fingerprint(s) != a);
  CHECK(state_fingerprint(Boids3dState{}) != a);
}

TEST_CASE("determinism: a fixed run ends on the golden fingerprint, natively and in wasm") {
  Boids3dParams p = params(1.2, 0.1, 0.06, 0.02, 2);
  p.count = 500;
  p.seed = 42;
  Boids3d flock(p);
  for (int t = 0; t < 200; ++t) flock.step();
  CHECK(fingerprint_hex(state_fingerprint(flock.state())) == "d4772025f7e7f90d");
}

TEST_CASE("the step's threads: any count gives the bits of one thread and of brute force") {
  Boids3dParams p;
  p.count = 3000;
  p.radius = 0.9;
  p.seed = 7;
  Boids3d brute(p, NeighbourSearch::brute_force);
  for (int s = 0; s < 3; ++s) brute.step();
  for (unsigned threads : {1u, 2u, 3u, 8u}) {
    Boids3d f(p);
    f.set_threads(threads);
    for (int s = 0; s < 3; ++s) f.step();
    CHECK(state_fingerprint(f.state()) == state_fingerprint(brute.state()));
  }
  Boids3d sliced(p);  // slices of a step split across threads, as the page would ask
  sliced.set_threads(3);
  for (int s = 0; s < 3; ++s) {
    sliced.begin_step();
    while (!sliced.advance_step(700)) {
    }
  }
  CHECK(state_fingerprint(sliced.state()) == state_fingerprint(brute.state()));
}

TEST_CASE("steps computed in blocks, one ahead, until stopped: the bits of stepping one at a time") {
  Boids3dParams p = params(1.0, 0.1, 0.06, 0.02, 2);
  p.count = 2500;
  p.seed = 5;
  std::atomic<bool> stop{false}, yes{true}, no{false};
  for (NeighbourSearch search : {NeighbourSearch::grid, NeighbourSearch::brute_force}) {
    CAPTURE(static_cast<int>(search));
    Boids3d one(p, search), f(p, search);
    f.set_threads(3);
    for (int t = 0; t < 7; ++t) one.step();
    for (int pair = 0; pair < 3; ++pair) {
      const uint64_t shown = state_fingerprint(f.state());
      const uint64_t steps = f.steps();
      CHECK(f.compute_until(stop, yes, 97));
      CHECK(state_fingerprint(f.state()) == shown);  // neither the shown state …
      CHECK(f.steps() == steps);                     // … nor its time moved
      f.commit_step();
      CHECK(f.steps() == steps + 1);
      CHECK(f.step_in_progress());  // the ahead step is pending now, and whole
      CHECK(f.compute_step(0));
      f.commit_step();
      CHECK_FALSE(f.step_in_progress());
    }
    stop = true;  // a Pause: the step stops where it is (parallel_for_until's test stops one part-way)
    CHECK_FALSE(f.compute_until(stop, yes, 64));
    const uint64_t shown = state_fingerprint(f.state());
    stop = false;
    CHECK(f.compute_until(stop, no, 64));  // … and is done later, whole, nothing ahead
    CHECK(state_fingerprint(f.state()) == shown);
    f.commit_step();
    CHECK_FALSE(f.step_in_progress());
    CHECK(f.steps() == 7);
    CHECK(state_fingerprint(f.state()) == state_fingerprint(one.state()));
    CHECK(f.components().ax == one.components().ax);
  }
  // Both whole, then the pending step finished on this thread instead (sliced, as when the
  // background is switched off): the grid holds the step ahead by then, and the pending step's
  // components must still be its own.
  {
    Boids3d one(p), g(p);
    g.set_threads(2);
    for (int t = 0; t < 2; ++t) one.step();
    g.step();
    CHECK(g.compute_until(stop, yes, 97));
    CHECK(g.advance_step(static_cast<size_t>(-1)));
    CHECK(g.components().ax == one.components().ax);  // shown now: the table reads them
    CHECK(g.components().neighbors == one.components().neighbors);
    one.step();
    CHECK(g.advance_step(static_cast<size_t>(-1)));  // the ahead step, pending now
    CHECK(g.steps() == 3);
    CHECK(state_fingerprint(g.state()) == state_fingerprint(one.state()));
    CHECK(g.components().ax == one.components().ax);
  }
  // Cancelled, a step and the one ahead of it are both dropped.
  Boids3d f(p);
  const uint64_t start = state_fingerprint(f.state());
  CHECK(f.compute_until(stop, yes, 100));
  f.cancel_step();
  CHECK_FALSE(f.step_in_progress());
  f.step();
  Boids3d g(p);
  g.step();
  CHECK(f.steps() == 1);
  CHECK(state_fingerprint(f.state()) == state_fingerprint(g.state()));
  CHECK(state_fingerprint(f.state()) != start);
}
