// Bandada — Euler against RK4 on the 2-D flock: the attractor potential by hand, the orbit
// preset (energy conserved by the model, so the integrators' errors show), and the twin flock
// that "compare integrators" runs in lock-step.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>

#include "models/flock2d/flock2d_controller.h"

using namespace bandada;

namespace {

int orbit_preset() {
  for (size_t k = 0; k < flock2d_presets().size(); ++k)
    if (flock2d_presets()[k].orbit) return static_cast<int>(k);
  return -1;
}

// Largest |E(t) − E(0)| / E(0) over `steps` steps, and the largest speed seen.
void energy_error(Flock2dController& c, int steps, double& error, double& top_speed) {
  const double e0 = c.model()->total_energy();
  error = top_speed = 0;
  for (int s = 0; s < steps; ++s) {
    c.compute(1);
    error = std::max(error, std::fabs(c.model()->total_energy() - e0) / e0);
    for (size_t i = 0; i < c.model()->size(); ++i)
      top_speed = std::max(top_speed, std::sqrt(c.model()->vx()[i] * c.model()->vx()[i] +
                                                c.model()->vy()[i] * c.model()->vy()[i]));
  }
}

}  // namespace

TEST_CASE("the attractor potential by hand: w_g·d beyond r_s, w_g·(d²/(2r_s) + r_s/2) within") {
  Flock2dParams p;
  p.attractor_weight = 2;
  p.separation_radius = 10;
  // Boid 0 at 100 from the attractor (across the seam in x), boid 1 at 5, at rest.
  Flock2d f(p, {850, 55}, {300, 300}, {0, 0}, {0, 0});
  f.add_attractor(50, 300);
  CHECK(f.kinetic_energy() == 0.0);
  CHECK(f.attractor_potential() == doctest::Approx(2.0 * 100.0 + 2.0 * (25.0 / 20.0 + 5.0)).epsilon(1e-15));
  CHECK(f.total_energy() == f.attractor_potential());
}

TEST_CASE("the orbit preset: 20 boids round one attractor, raw forces, the speed cap never reached") {
  const int k = orbit_preset();
  REQUIRE(k >= 0);
  Flock2dController c;
  REQUIRE(c.initialize().ok);  // a running flock of 300 first: the preset draws its own
  c.apply_preset(k);
  REQUIRE(c.model());
  CHECK(c.model()->size() == 20);
  CHECK(c.law() == ForceLaw::raw);
  CHECK(c.start() == Start::orbits);
  CHECK(c.model()->predators().empty());
  REQUIRE(c.model()->attractors().size() == 1);
  CHECK(c.model()->attractors()[0].x == 450.0);
  CHECK(c.model()->attractors()[0].y == 300.0);
  CHECK(c.circles().empty());
  for (size_t i = 0; i < 20; ++i) {  // each starts at its orbit's far point, 60 … 220 out
    const double dx = c.model()->px()[i] - 450, dy = c.model()->py()[i] - 300;
    const double d = std::sqrt(dx * dx + dy * dy);
    CHECK(d >= 60 - 1e-9);
    CHECK(d <= 220 + 1e-9);
  }
  double error = 0, top = 0;
  energy_error(c, 600, error, top);
  CHECK(top < 0.8 * c.model()->params().max_speed);  // the cap never acts: the model conserves energy
}

TEST_CASE("on the orbit preset RK4 conserves energy and Euler does not") {
  double error[2], top[2];
  for (int e = 0; e < 2; ++e) {
    Flock2dController c;
    c.apply_preset(orbit_preset());
    c.set_integrator(e == 0 ? Integrator::euler : Integrator::rk4);
    REQUIRE(c.initialize().ok);
    energy_error(c, 1000, error[e], top[e]);
  }
  CHECK(error[1] < 1e-3);             // RK4: nearly conserved over ~20 orbits
  CHECK(error[0] > 10.0 * error[1]);  // Euler: plainly not
  CHECK(error[0] > 0.01);
}

TEST_CASE("compare integrators: the twin is exactly a run of the other integrator, in lock-step") {
  for (Integrator main : {Integrator::euler, Integrator::rk4}) {
    Flock2dController a, b;
    for (Flock2dController* c : {&a, &b}) {
      c->apply_preset(orbit_preset());
      c->edit(Flock2dField::w_coh, "0.5");  // boids interact too
    }
    a.set_integrator(main);
    b.set_integrator(main == Integrator::euler ? Integrator::rk4 : Integrator::euler);
    REQUIRE(a.set_compare(true).ok);
    REQUIRE(a.initialize().ok);
    REQUIRE(b.initialize().ok);
    REQUIRE(a.twin());
    a.add_predator(100, 100);  // markers go to both flocks; each has its own predator
    b.add_predator(100, 100);
    a.compute(150);
    b.compute(150);
    CHECK(a.twin()->fingerprint() == b.model()->fingerprint());
    CHECK(a.twin()->predators()[0].x == b.model()->predators()[0].x);
    CHECK(a.model()->fingerprint() != a.twin()->fingerprint());
    const Flock2dSample& s = a.series().back();
    CHECK(s.twin_energy == b.model()->total_energy());
    CHECK(s.twin_distance > 0.0);
    CHECK(a.series().size() == 151);
    CHECK(std::isnan(b.series().back().twin_energy));  // b does not compare
    // Removing a marker removes the same one from the twin, even where the predators now differ.
    REQUIRE(a.remove_nearest(a.model()->predators()[0].x, a.model()->predators()[0].y).ok);
    CHECK(a.model()->predators().empty());
    CHECK(a.twin()->predators().empty());
  }
}

TEST_CASE("compare integrators is capped at 2 000 boids and says so") {
  Flock2dController c;
  c.edit(Flock2dField::count, "2001");
  CHECK_FALSE(c.set_compare(true).ok);
  CHECK(c.notice().find("at most 2000") != std::string::npos);
  CHECK_FALSE(c.comparing());
  c.edit(Flock2dField::count, "2000");
  REQUIRE(c.set_compare(true).ok);
  REQUIRE(c.initialize().ok);
  CHECK(c.twin());
  c.edit(Flock2dField::count, "2500");  // growing past the cap ends the comparison, with a notice
  c.commit(static_cast<size_t>(Flock2dField::count));
  CHECK(c.model()->size() == 2500);
  CHECK_FALSE(c.comparing());
  CHECK_FALSE(c.twin());
  CHECK(c.notice().find("Compare integrators is off") != std::string::npos);
}

TEST_CASE("a twin starts from the flock as it is when the switch is turned on mid-run") {
  Flock2dController c;
  c.edit(Flock2dField::count, "60");
  REQUIRE(c.initialize().ok);
  c.compute(20);
  REQUIRE(c.set_compare(true).ok);
  CHECK(c.twin()->fingerprint() != 0);
  CHECK(c.series().back().twin_distance == 0.0);  // the same boids at the start
  CHECK(std::isnan(c.series()[5].twin_energy));   // nothing to compare before
  c.compute(30);
  CHECK(c.series().back().twin_distance > 0.0);
  c.set_integrator(Integrator::rk4);  // the integrators swap: a new twin from the current state
  CHECK(c.twin()->params().integrator == Integrator::euler);
  CHECK(c.series().back().twin_distance > 0.0);
  c.reset();
  CHECK_FALSE(c.twin());
}

TEST_CASE("the orbit start and the comparison travel in the link") {
  Flock2dController c;
  c.apply_preset(orbit_preset());
  REQUIRE(c.set_compare(true).ok);
  const std::string link = c.share_string();
  CHECK(link.find("&start=orbits") != std::string::npos);
  CHECK(link.find("&cmp=on") != std::string::npos);
  CHECK(link.find("&attr=450~300") != std::string::npos);
  Flock2dController d;
  REQUIRE(d.open_link(link).ok);
  CHECK(d.start() == Start::orbits);
  CHECK(d.comparing());
  CHECK(d.preset() == orbit_preset());
  REQUIRE(d.initialize().ok);
  c.initialize();
  CHECK(d.model()->fingerprint() == c.model()->fingerprint());
  CHECK(d.twin()->fingerprint() == c.twin()->fingerprint());
  Flock2dController e;  // an old link: neither key, so drawn at random, no comparison
  REQUIRE(e.open_link("m=flock2d&v=1&count=50").ok);
  CHECK(e.start() == Start::random);
  CHECK_FALSE(e.comparing());
}

TEST_CASE("the 2-D flock's threads: any count gives the bits of one thread and of brute force") {
  Flock2dParams p;
  p.n = 2500;
  p.r = 40;
  p.integrator = Integrator::rk4;
  Flock2d brute(p);
  brute.use_brute_force(true);
  brute.add_predator(100, 100);
  for (int s = 0; s < 4; ++s) brute.step();
  for (unsigned threads : {1u, 2u, 3u, 8u}) {
    Flock2d f(p);
    f.set_threads(threads);
    f.add_predator(100, 100);
    for (int s = 0; s < 4; ++s) f.step();
    CHECK(f.fingerprint() == brute.fingerprint());
  }
}
