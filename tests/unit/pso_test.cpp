// Bandada — the PSO model: the truss solver against a hand-worked determinate truss, the 10-bar
// truss at its published optimum, every landscape at its known optimum, the swarm's rules (its
// evaluations, ties, von Neumann's torus, the same bits for any thread count), divergence without
// constriction, convergence with it, the model as bytes, and golden fingerprints.
#include "models/pso/pso.h"

#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "app/registry.h"
#include "app/share_codec.h"
#include "common/swarm.h"
#include "models/pso/pso_export.h"
#include "models/pso/truss.h"

using namespace bandada;

TEST_CASE("a two-bar truss solved by hand: forces, stresses and the node's displacement") {
  // Node 2 at (4, 3) hangs from pins at (0, 0) and (4, 0), loaded (8, −10); E = 1000, areas 1
  // and 2. Equilibrium at node 2: the inclined member carries 10 in tension (8 / 0.8), the upright
  // one 16 in compression (−0.6·10 − 10). Its elongations 10·5/1000 = 0.05 and −16·3/2000 = −0.024
  // give uy = −0.024 and 0.8·ux + 0.6·uy = 0.05, so ux = 0.0805.
  const std::vector<TrussNode> nodes = {{0, 0, true}, {4, 0, true}, {4, 3, false, 8, -10}};
  const TrussResult r = solve_truss(nodes, {{0, 2}, {1, 2}}, {1, 2}, 1000);
  REQUIRE(r.ok);
  CHECK(r.force[0] == doctest::Approx(10));
  CHECK(r.force[1] == doctest::Approx(-16));
  CHECK(r.stress[1] == doctest::Approx(-8));
  CHECK(r.length[0] == doctest::Approx(5));
  CHECK(r.uy[2] == doctest::Approx(-0.024));
  CHECK(r.ux[2] == doctest::Approx(0.0805));
  CHECK(r.ux[0] == 0.0);
  SUBCASE("a mechanism (one bar cannot hold a node) is said, not solved") {
    CHECK_FALSE(solve_truss(nodes, {{0, 2}}, {1}, 1000).ok);
  }
}

TEST_CASE("the 10-bar truss at its published optimum: 5 060.9 lb, every constraint just met") {
  // Haftka and Gürdal's optimum of case 1, as the literature tabulates it (to two decimals).
  const double a[10] = {30.52, 0.1, 23.2, 15.22, 0.1, 0.55, 7.46, 21.04, 21.53, 0.1};
  const Truss10Design t = truss10_design(a);
  REQUIRE(t.ok);
  CHECK(t.weight == doctest::Approx(kTruss10Best).epsilon(2e-4));
  CHECK(t.max_displacement_ratio == doctest::Approx(1).epsilon(0.01));  // node 2's vertical 2 in is active
  CHECK(t.max_stress_ratio == doctest::Approx(1).epsilon(0.02));        // member 5 at 25 ksi
  CHECK(t.violation < 0.02);
  const double heavy[10] = {35, 35, 35, 35, 35, 35, 35, 35, 35, 35};
  CHECK(truss10_design(heavy).violation == 0.0);
  const double light[10] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
  CHECK(truss10_design(light).violation > 1);
}

TEST_CASE("every landscape takes its known optimum's value at its optimum") {
  for (uint32_t D : {2u, 10u, 30u}) {
    for (PsoLandscape l :
         {PsoLandscape::sphere, PsoLandscape::rosenbrock, PsoLandscape::rastrigin, PsoLandscape::ackley,
          PsoLandscape::griewank, PsoLandscape::schwefel, PsoLandscape::styblinski_tang}) {
      const PsoLandscapeInfo& info = pso_landscape_info(l);
      std::vector<double> x(D, info.x_opt);
      CHECK_MESSAGE(
          pso_score(l, x.data(), D).value == doctest::Approx(pso_optimum(l, D)).epsilon(1e-9).scale(1),
          info.name << " D=" << D);
      x[0] += 0.3;  // and more a little way off
      CHECK_MESSAGE(pso_score(l, x.data(), D).value > pso_optimum(l, D), info.name);
    }
  }
  const double h[4][2] = {{3, 2}, {-2.805118, 3.131312}, {-3.779310, -3.283186}, {3.584428, -1.848126}};
  for (const auto& p : h) CHECK(pso_score(PsoLandscape::himmelblau, p, 2).value < 1e-9);
  PsoLandscape l;
  CHECK(parse_pso_landscape("styblinski-tang", l));
  CHECK(l == PsoLandscape::styblinski_tang);
  CHECK_FALSE(parse_pso_landscape("Sphere", l));
  CHECK(pso_dims(PsoLandscape::truss10, 3) == 10);
  CHECK(pso_dims(PsoLandscape::himmelblau, 30) == 2);
}

TEST_CASE("von Neumann's torus is the most square split with both sides at least 3; others are refused") {
  CHECK(swarm_grid(30).rows == 5);
  CHECK(swarm_grid(30).cols == 6);
  CHECK(swarm_grid(16).rows == 4);
  CHECK(swarm_grid(9).cols == 3);
  CHECK(swarm_grid(12).rows == 3);
  for (uint32_t p : {2u, 7u, 8u, 10u, 11u, 13u, 14u, 22u}) CHECK_MESSAGE(swarm_grid(p).rows == 0, p);
  CHECK(swarm_topology_fits(SwarmTopology::vonneumann, 7).find("7 particles have no such split") !=
        std::string::npos);
  CHECK(swarm_topology_fits(SwarmTopology::vonneumann, 20).empty());
  CHECK_FALSE(swarm_topology_fits(SwarmTopology::ring, 2).empty());
}

TEST_CASE("the swarm: P·(T + 1) evaluations, ties to the lowest index, guides by topology") {
  PsoParams p;
  p.particles = 12;
  p.landscape = PsoLandscape::sphere;
  Pso m(p);
  CHECK(m.evaluations() == 12);
  for (int t = 0; t < 25; ++t) m.step();
  CHECK(m.evaluations() == 12 * 26);
  SUBCASE("equal bests: the lowest index leads") {
    Swarm s = swarm_place(4, {-1, -1}, {1, 1}, 3);
    swarm_take(s, {{0, 5}, {0, 2}, {0, 7}, {0, 2}});
    CHECK(swarm_leader(s) == 1);
    swarm_move(s, SwarmSettings{}, 1);
    for (uint32_t g : s.guide) CHECK(g == 1);
    SwarmSettings ring;
    ring.topology = SwarmTopology::ring;
    swarm_move(s, ring, 1);
    CHECK(s.guide[0] == 1);  // 3, 0, 1: 1 and 3 tie at 2, the lower wins
    CHECK(s.guide[2] == 1);
    CHECK(s.guide[3] == 3);  // 2, 3, 0: 3 alone
  }
  SUBCASE("feasibility first: any feasible design beats an infeasible lighter one") {
    CHECK(swarm_better({0, 9000}, {0.01, 100}));
    CHECK_FALSE(swarm_better({0, 9000}, {0, 9000}));
  }
}

TEST_CASE("the same bits for any thread count, and back from bytes") {
  for (SwarmTopology t : {SwarmTopology::gbest, SwarmTopology::ring, SwarmTopology::vonneumann}) {
    PsoParams p;
    p.particles = 30;
    p.dims = 10;
    p.swarm.topology = t;
    p.swarm.boundary = SwarmBoundary::reflect;
    p.vmax = 0.2;
    Pso one(p), two(p);
    two.set_threads(2);
    for (int k = 0; k < 60; ++k) {
      one.step();
      two.step();
    }
    CHECK(one.fingerprint() == two.fingerprint());
    Pso back(PsoParams{});
    REQUIRE(pso_unpack(pso_pack(one), back));
    CHECK(back.fingerprint() == one.fingerprint());
    for (int k = 0; k < 20; ++k) {
      one.step();
      back.step();
    }
    CHECK(back.fingerprint() == one.fingerprint());
    std::string cut = pso_pack(one);
    cut.pop_back();
    CHECK_FALSE(pso_unpack(cut, back));
  }
}

TEST_CASE("without constriction and with nothing to bound it the swarm diverges; with χ it converges") {
  PsoParams p;
  p.landscape = PsoLandscape::sphere;
  p.dims = 10;
  p.swarm.update = SwarmUpdate::inertia;
  p.w = p.w_end = 1;
  p.c1 = p.c2 = 2;
  Pso wild(p);
  for (int k = 0; k < 3000 && !wild.diverged_at(); ++k) wild.step();
  REQUIRE(wild.diverged_at() > 0);
  CHECK(wild.steps() == wild.diverged_at() - 1);  // the state before the step that diverged
  const std::string j = pso_json(wild);
  CHECK(j.find("inf") == std::string::npos);
  CHECK(j.find("nan") == std::string::npos);
  const uint64_t fp = wild.fingerprint();
  wild.step();
  CHECK(wild.fingerprint() == fp);  // nothing once diverged

  p.swarm.update = SwarmUpdate::constriction;
  Pso tame(p);
  for (int k = 0; k < 400; ++k) tame.step();
  CHECK(tame.diverged_at() == 0);
  CHECK(tame.error() < 1e-10);
  CHECK(tame.in_basin());
}

TEST_CASE("a particle outside the box with no boundary is never a best; with a boundary it stays inside") {
  PsoParams p;
  p.landscape = PsoLandscape::schwefel;  // better values wait outside [−500, 500]
  p.dims = 5;
  Pso loose(p);
  for (int k = 0; k < 200; ++k) loose.step();
  for (uint32_t d = 0; d < 5; ++d) CHECK(std::fabs(loose.best_x()[d]) <= 500);
  p.swarm.boundary = SwarmBoundary::absorb;
  Pso held(p);
  for (int k = 0; k < 50; ++k) held.step();
  for (uint32_t i = 0; i < held.size(); ++i) CHECK(held.inside(i));
}

TEST_CASE("determinism: fixed swarms end on golden fingerprints, natively and in wasm") {
  PsoParams p;
  p.dims = 10;
  p.particles = 20;
  p.seed = 7;
  p.swarm.topology = SwarmTopology::vonneumann;
  Pso a(p);
  for (int k = 0; k < 100; ++k) a.step();
  CHECK(fingerprint_hex(a.fingerprint()) == "c59f02551d3409dd");
  p.landscape = PsoLandscape::truss10;
  p.particles = 16;
  p.swarm.boundary = SwarmBoundary::absorb;
  Pso b(p);
  for (int k = 0; k < 40; ++k) b.step();
  CHECK(fingerprint_hex(b.fingerprint()) == "e08472db6c4039dd");
  p.landscape = PsoLandscape::ackley;
  p.swarm.update = SwarmUpdate::inertia;
  p.w = 0.9;
  p.w_end = 0.4;
  p.horizon = 50;
  p.swarm.boundary = SwarmBoundary::random;
  Pso c(p);
  for (int k = 0; k < 80; ++k) c.step();
  CHECK(fingerprint_hex(c.fingerprint()) == "90d711e3d6fb6bab");
}

TEST_CASE(
    "no nan on screen: a particle outside the box has no value, \"—\" in the table and empty in the CSV") {
  auto s = make_session("pso");
  REQUIRE(s);
  REQUIRE(s->command("initialize").ok);
  REQUIRE(s->compute(3).ok);  // with no boundary, some of the 30 have left Rastrigin's box by now
  std::vector<double> v(s->columns().size());
  size_t outside = s->size();
  for (size_t i = 0; i < s->size() && outside == s->size(); ++i) {
    s->row(i, v.data());
    if (std::isnan(v[1])) outside = i;
  }
  REQUIRE(outside < s->size());
  CHECK(format_cell(s->columns()[1], v[1]) == "—");
  const std::string csv = s->export_csv();
  CHECK(csv.find("nan") == std::string::npos);
  size_t line = 0;
  for (size_t k = 0; k <= outside; ++k) line = csv.find('\n', line) + 1;
  CHECK(csv.compare(line, std::to_string(outside).size() + 2, std::to_string(outside) + ",,") == 0);
}

TEST_CASE("the view: the landscape under the swarm as shades with contours, lowest at the optimum") {
  auto s = make_session("pso");
  REQUIRE(s->command("initialize").ok);  // Rastrigin in 2-D: its optimum at the plane's middle
  DrawData d;
  s->draw(d);
  REQUIRE(d.field_nx == 49);
  REQUIRE(d.field.size() == 49u * 49u);
  size_t low = 0;
  for (size_t k = 1; k < d.field.size(); ++k)
    if (d.field[k] < d.field[low]) low = k;
  CHECK(low == 24 * 49 + 24);  // the middle cell's centre is the optimum, 0
  CHECK(d.field[low] == 0);
  CHECK(d.field[0] > d.field[low] + 100);  // a corner is far higher
  size_t segments = 0;
  for (const Overlay& o : d.overlays)
    if (o.kind == Overlay::Kind::segment) {
      ++segments;
      for (float v : {o.x, o.y, o.x2, o.y2}) CHECK((v >= 0 && v <= d.width));
    }
  CHECK(segments > 50);
  d.reset(0);  // another model's draw starts with no field
  CHECK(d.field.empty());
  CHECK(d.field_nx == 0);
}

TEST_CASE("the topology's links on request: to the best (global best), a ring, von Neumann's torus") {
  auto s = make_session("pso");
  REQUIRE(s->command("initialize").ok);  // 30 particles, global best
  auto segments = [&] {
    DrawData d;
    s->draw(d);
    size_t n = 0;
    for (const Overlay& o : d.overlays) n += o.kind == Overlay::Kind::segment && o.colour == kFrame;
    return n;
  };
  CHECK(segments() == 0);  // off at first
  DrawData before;
  s->draw(before);
  s->set_display(0, true);
  DrawData after;
  s->draw(after);
  CHECK(after.version != before.version);  // the views draw it again
  CHECK(segments() == 29);                 // each to the best, but the best itself
  s->choose(static_cast<size_t>(s->choice_index("topology")), 1);
  CHECK(segments() == 30);  // a ring: each to the next
  s->choose(static_cast<size_t>(s->choice_index("topology")), 2);
  CHECK(segments() == 60);  // a 5 × 6 torus: each to the next in its row and in its column
}

TEST_CASE("the 10-bar truss drawn as a structure: members as wide as their areas, coloured by stress") {
  auto s = make_session("pso");
  s->choose(static_cast<size_t>(s->choice_index("landscape")), static_cast<int>(PsoLandscape::truss10));
  REQUIRE(s->command("initialize").ok);
  auto members = [&] {
    DrawData d;
    s->draw(d);
    std::vector<Overlay> m;
    for (const Overlay& o : d.overlays)
      if (o.kind == Overlay::Kind::segment && o.colour >= kRamp) m.push_back(o);
    return m;
  };
  const std::vector<Overlay> best = members();
  REQUIRE(best.size() == 10);
  // The swarm's best design: each member 1 px + 0.4 px per in² wide, its colour its |σ| / 25 ksi.
  PsoParams p;  // the same run, beside the session
  p.landscape = PsoLandscape::truss10;
  p.dims = pso_dims(p.landscape, p.dims);
  const Pso pso(p);
  REQUIRE(pso.fingerprint() == s->fingerprint());
  const Truss10Design t = truss10_design(pso.best_x());
  for (size_t k = 0; k < 10; ++k) {
    CHECK(best[k].width == doctest::Approx(1 + 0.4 * pso.best_x()[k]));
    CHECK(best[k].colour == kRamp + static_cast<int>(15 * std::fmin(1.0, std::fabs(t.stress[k]) / 25) + 0.5));
  }
  // Member 6 joins nodes 1 (720, 360) and 2 (720, 0): upright, 360 units long, on the plane.
  CHECK(best[5].x == best[5].x2);
  CHECK(std::fabs(best[5].y - best[5].y2) == 360.0f);
  // Following a particle draws its design instead; no other landscape draws a truss.
  s->select(3);
  const std::vector<Overlay> followed = members();
  REQUIRE(followed.size() == 10);
  CHECK(followed[0].width == doctest::Approx(1 + 0.4 * pso.swarm().x[3 * 10]));
  s->choose(static_cast<size_t>(s->choice_index("landscape")), static_cast<int>(PsoLandscape::sphere));
  REQUIRE(s->command("initialize").ok);
  CHECK(members().empty());
}
