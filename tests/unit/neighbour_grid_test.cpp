// Bandada — the grid finds exactly the brute force's neighbours and gives the same bits, for
// every radius: small, typical, 2.8–4.2 (two cells per axis), ≥ 4.2 and ≥ 7.3 (everyone).
#include "models/boids3d/neighbour_grid.h"

#include <doctest/doctest.h>

#include <cmath>
#include <cstring>

#include "common/lcg.h"
#include "models/boids3d/boids3d.h"

using namespace bandada;

namespace {

bool same_bits(const std::vector<double>& a, const std::vector<double>& b) {
  return a.size() == b.size() &&
         (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0);
}

void check_same(const Boids3dParams& p, const Boids3dState& s) {
  Boids3dComponents g, b;
  boids3d_components(p, s, NeighbourSearch::grid, g);
  boids3d_components(p, s, NeighbourSearch::brute_force, b);
  CHECK(g.neighbors == b.neighbors);
  CHECK(same_bits(g.sx, b.sx));
  CHECK(same_bits(g.sy, b.sy));
  CHECK(same_bits(g.sz, b.sz));
  CHECK(same_bits(g.ax, b.ax));
  CHECK(same_bits(g.ay, b.ay));
  CHECK(same_bits(g.az, b.az));
  CHECK(same_bits(g.cx, b.cx));
  CHECK(same_bits(g.cy, b.cy));
  CHECK(same_bits(g.cz, b.cz));
}

// Random state with some boids on cell faces, on the box faces and on top of each other.
Boids3dState random_state(size_t n, uint32_t seed, double cell) {
  Lcg rng(seed);
  Boids3dState s;
  s.resize(n);
  for (size_t i = 0; i < n; ++i) {
    double* pos[3] = {&s.x[i], &s.y[i], &s.z[i]};
    for (double* c : pos) {
      double u = rng.next();
      if (i % 7 == 3)
        *c = -4.2 + cell * std::floor(u * 8.4 / cell);  // on a cell face
      else if (i % 11 == 5)
        *c = -4.2;  // on the box face
      else
        *c = (u - 0.5) * 8.4;
    }
    if (i % 13 == 6 && i > 0) {
      s.x[i] = s.x[i - 1];
      s.y[i] = s.y[i - 1];
      s.z[i] = s.z[i - 1];
    }
    s.vx[i] = rng.next() - 0.5;
    s.vy[i] = rng.next() - 0.5;
    s.vz[i] = rng.next() - 0.5;
  }
  return s;
}

}  // namespace

TEST_CASE("distance limits are exactly the spec's tests on sqrt(d²)") {
  for (double r : {0.05, 0.3, 1.0, 1.2, 2.8, 3.3, 4.2, 7.3, 10.0}) {
    DistanceLimits lim = DistanceLimits::for_radius(r);
    CHECK(std::sqrt(lim.within) <= r);
    CHECK(std::sqrt(std::nextafter(lim.within, 1e9)) > r);
    CHECK(std::sqrt(lim.separation) < 0.35 * r);
    CHECK(std::sqrt(std::nextafter(lim.separation, 1e9)) >= 0.35 * r);
  }
}

TEST_CASE("grid and brute force agree bit for bit over many radii and states") {
  const double radii[] = {0.05, 0.3, 0.7,  1.0, 1.2, 1.68, 2.0, 2.1, 2.8, 2.9,
                          3.0,  3.3, 3.36, 3.4, 3.5, 4.2,  5.0, 7.3, 10.0};
  uint32_t seed = 1;
  for (double r : radii) {
    for (size_t n : {size_t(0), size_t(1), size_t(2), size_t(60), size_t(600)}) {
      CAPTURE(r);
      CAPTURE(n);
      Boids3dParams p;
      p.radius = r;
      p.count = static_cast<uint32_t>(n);
      double cell = 8.4 / std::max(1.0, std::floor(8.4 / r));
      check_same(p, random_state(n, seed++, cell));
    }
  }
}

TEST_CASE("radii from 2.8 to 4.2: two cells per axis never count a neighbour twice") {
  Boids3dParams p;
  p.radius = 4.2;
  Boids3dState s;
  s.resize(2);
  s.x = {-2.1, 2.1};  // |δ| = 4.2 both ways round: one neighbour, δ = −4.2
  s.y = {0, 0};
  s.z = {0, 0};
  Boids3dComponents g;
  boids3d_components(p, s, NeighbourSearch::grid, g);
  CHECK(g.neighbors[0] == 1);
  CHECK(g.cx[0] == -4.2);
  CHECK(g.cx[1] == -4.2);
  check_same(p, s);
  p.radius = 3.0;
  check_same(p, random_state(300, 99, 4.2));
}

TEST_CASE("a radius of 7.3 or more makes every boid a neighbour of every other") {
  Boids3dParams p;
  p.radius = 7.3;
  Boids3dState s = random_state(80, 5, 8.4);
  Boids3dComponents g;
  boids3d_components(p, s, NeighbourSearch::grid, g);
  for (uint32_t k : g.neighbors) CHECK(k == 79);
}

TEST_CASE("whole runs agree between grid and brute force") {
  Boids3dParams p;
  p.count = 400;
  p.radius = 1.1;
  p.separation = 0.2;
  p.alignment = 0.1;
  p.cohesion = 0.05;
  p.max_speed = 3;
  p.seed = 11;
  Boids3d g(p, NeighbourSearch::grid), b(p, NeighbourSearch::brute_force);
  for (int t = 0; t < 30; ++t) {
    g.step();
    b.step();
  }
  CHECK(state_fingerprint(g.state()) == state_fingerprint(b.state()));
}

TEST_CASE("the grid scans few candidates per neighbour, and the stencil never sees a cell twice") {
  Boids3dParams p;
  p.count = 4000;
  p.radius = 0.7;
  Boids3dState s = random_state(4000, 17, 8.4);
  NeighbourGrid grid;
  grid.build(s, p.radius);
  CHECK(grid.reach() == 2);
  CHECK(grid.cells_per_axis() >= 2 * grid.reach() + 1);
  Boids3dComponents c;
  c.resize(s.size());
  grid.components(0, s.size());
  grid.gather(0, s.size(), c);
  uint64_t k = 0;
  for (uint32_t v : c.neighbors) k += v;
  CHECK(static_cast<double>(grid.candidates_tested()) / static_cast<double>(k) < 5.0);
  check_same(p, s);
}

TEST_CASE(
    "the grid's components, computed in any split of its positions and gathered, are the brute force's") {
  // Each position's sums wait in the grid until gather() puts them at their boid's index: the
  // second half first, on another thread's scan, then the first, then gathered in two parts.
  const double radius = 0.9;
  Boids3dState s = random_state(3000, 23, 8.4);
  NeighbourGrid grid;
  grid.build(s, radius);
  NeighbourGrid::Scan other;
  grid.components(s.size() / 2, s.size(), other);
  grid.components(0, s.size() / 2);
  Boids3dComponents c, b;
  c.resize(s.size());
  b.resize(s.size());
  grid.gather(s.size() / 3, s.size(), c);
  grid.gather(0, s.size() / 3, c);
  brute_force_components(s, radius, 0, s.size(), b);
  CHECK(c.neighbors == b.neighbors);
  for (auto m : {&Boids3dComponents::sx, &Boids3dComponents::ay, &Boids3dComponents::cz})
    CHECK(std::memcmp((c.*m).data(), (b.*m).data(), s.size() * sizeof(double)) == 0);
}
