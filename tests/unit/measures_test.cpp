// Bandada — the measures the lesson's claims need (docs/measures.md), on hand-made layouts:
// groups joined within r across the torus's wrap, the turning angle, the leader's distance to
// the flock's centre.
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "common/groups.h"
#include "common/lcg.h"
#include "models/boids3d/boids3d.h"
#include "models/flock2d/flock2d.h"

using namespace bandada;

namespace {

Flock2d still(std::vector<double> x, std::vector<double> y, double r = 50) {
  Flock2dParams p;
  p.r = r;
  p.separation_radius = std::fmin(25, r);
  const size_t n = x.size();
  return Flock2d(p, std::move(x), std::move(y), std::vector<double>(n, 1.0), std::vector<double>(n, 0.0));
}

// The groups by brute force: every pair, the same rule.
Groups brute_groups(const std::vector<double>& x, const std::vector<double>& y, double r) {
  const size_t n = x.size();
  std::vector<size_t> label(n);
  for (size_t i = 0; i < n; ++i) label[i] = i;
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t i = 0; i < n; ++i)
      for (size_t j = 0; j < n; ++j) {
        const double dx = minimal_image(x[j] - x[i], kFlockWidth),
                     dy = minimal_image(y[j] - y[i], kFlockHeight);
        if (std::sqrt(dx * dx + dy * dy) <= r && label[j] != label[i]) {
          label[i] = label[j] = std::min(label[i], label[j]);
          changed = true;
        }
      }
  }
  Groups g;
  g.boids = n;
  std::vector<uint32_t> size(n, 0);
  for (size_t i = 0; i < n; ++i) ++size[label[i]];
  for (uint32_t s : size)
    if (s) {
      ++g.count;
      g.largest = std::max(g.largest, s);
    }
  return g;
}

}  // namespace

TEST_CASE("groups: a chain of steps of exactly r is one group; a gap just over r splits it") {
  // Along x at 0, 50, 100, 150: steps of exactly r = 50 join (at most r); 200.001 is apart.
  Flock2d f = still({0, 50, 100, 150, 200.001}, {300, 300, 300, 300, 300});
  const Groups g = f.groups();
  CHECK(g.count == 2);
  CHECK(g.largest == 4);
  CHECK(g.largest_share() == doctest::Approx(0.8));
}

TEST_CASE("groups join across the wrap on both axes") {
  // Two boids 10 apart across x = 0 (at 895 and 5), two across y = 0 (at 595 and 5), one alone.
  Flock2d f = still({895, 5, 400, 400, 200}, {100, 100, 595, 5, 300}, 20);
  const Groups g = f.groups();
  CHECK(g.count == 3);
  CHECK(g.largest == 2);
  // A corner: four boids round (0, 0), each 2 from the corner, all one group.
  Flock2d c = still({1, 899, 1, 899}, {1, 1, 599, 599}, 3);
  CHECK(c.groups().count == 1);
  CHECK(c.groups().largest_share() == 1.0);
}

TEST_CASE("groups: none for no boids, one each when r joins nobody, one when r spans the plane") {
  CHECK(still({}, {}).groups().count == 0);
  CHECK(still({}, {}).groups().largest_share() == 0.0);
  Flock2d apart = still({100, 300, 500, 700}, {100, 200, 300, 400}, 10);
  CHECK(apart.groups().count == 4);
  CHECK(apart.groups().largest_share() == 0.25);
  Flock2d all = still({100, 300, 500, 700}, {100, 200, 300, 400}, 300);
  CHECK(all.groups().count == 1);
}

TEST_CASE("groups agree with every pair checked, for drawn flocks and radii small and large") {
  for (double r : {3.0, 12.0, 50.0, 160.0, 290.0}) {
    Lcg rng(7);
    std::vector<double> x, y;
    for (int i = 0; i < 400; ++i) {
      x.push_back(900 * rng.next());
      y.push_back(600 * rng.next());
    }
    const Groups want = brute_groups(x, y, r);
    Flock2d f = still(x, y, r);
    const Groups got = f.groups();
    CAPTURE(r);
    CHECK(got.count == want.count);
    CHECK(got.largest == want.largest);
  }
}

TEST_CASE("groups in the 3-D cube join across its faces") {
  Boids3dState s;
  // Two boids 0.2 apart across x = ±4.2, a third 1 away from both.
  for (auto [x, y, z] : {std::array<double, 3>{4.1, 0, 0}, {-4.1, 0, 0}, {0, 0, 1}}) {
    s.x.push_back(x);
    s.y.push_back(y);
    s.z.push_back(z);
    s.vx.push_back(0);
    s.vy.push_back(0);
    s.vz.push_back(0);
  }
  CHECK(boids3d_groups(s, 0.25).count == 2);
  CHECK(boids3d_groups(s, 0.1).count == 3);
  CHECK(boids3d_groups(s, 5).count == 1);
}

TEST_CASE("turning angle: the mean angle between each boid's velocity before and after the step") {
  // Two boids far apart, nothing but alignment (none in range): with raw forces and no weights a
  // boid goes straight: no turning.
  Flock2dParams p;
  p.law = ForceLaw::raw;
  p.separation_weight = p.alignment_weight = p.cohesion_weight = 0;
  p.max_speed = 50;
  Flock2d straight(p, {100, 600}, {100, 400}, {1, 0}, {0, 2});
  CHECK(straight.turning_angle() == 0.0);  // no step yet
  straight.step();
  CHECK(straight.turning_angle() == 0.0);
  // One attractor pulls boid 0 (moving +x) straight down, perpendicular to its velocity: its new
  // velocity (1, a) turns by atan(a); boid 1 heads straight at the attractor and does not turn.
  p.attractor_weight = 1;
  p.separation_radius = 25;
  Flock2d pulled(p, {100, 100}, {100, 300}, {1, 0}, {0, 1});
  pulled.add_attractor(100, 400);
  pulled.step();
  // Raw attractor force at distance ≥ r_s: the unit direction, so a = (0, 1) for both.
  const double want = (std::atan(1.0) + 0.0) / 2.0;
  CHECK(pulled.turning_angle() == doctest::Approx(want).epsilon(1e-12));
}

TEST_CASE("leader distance: NaN without a leader; the circular centre across the wrap") {
  Flock2d none = still({100, 200}, {100, 100});
  CHECK(std::isnan(none.leader_distance()));
  // Boids at x = 890 and 10 (centre 0 across the wrap), y = 300; the leader at (0, 300) is on the
  // centre, a leader at (30, 340) is 50 from it.
  Flock2dParams p;
  p.leader = 2;
  Flock2d on(p, {890, 10, 0}, {300, 300, 300}, {1, 1, 1}, {0, 0, 0});
  CHECK(on.leader_distance() == doctest::Approx(0).epsilon(1e-9));
  Flock2d off(p, {890, 10, 30}, {300, 300, 340}, {1, 1, 1}, {0, 0, 0});
  // The centre now includes the leader: x mean of {−10, 10, 30} on the circle ≈ 10, y ≈ 313.3.
  const double d = off.leader_distance();
  CHECK(d > 20);
  CHECK(d < 40);
}

TEST_CASE("groups are kept for a state and follow its steps and its radius") {
  // groups() is kept until the positions or r change (a step off the page's thread computes it
  // there): after each step, and after a new r, it must be the new state's, not the one before's.
  Lcg rng(11);
  std::vector<double> x, y;
  for (int i = 0; i < 300; ++i) {
    x.push_back(900 * rng.next());
    y.push_back(600 * rng.next());
  }
  Flock2d f = still(x, y, 30);
  f.groups();
  for (int s = 0; s < 40; ++s) {
    f.step();
    const Groups want = brute_groups(f.px(), f.py(), f.params().r);
    CHECK(f.groups().count == want.count);
    CHECK(f.groups().largest == want.largest);
  }
  Flock2dParams wider = f.params();
  wider.r = 120;
  f.set_live_params(wider);
  CHECK(f.groups().count == brute_groups(f.px(), f.py(), 120).count);
}
