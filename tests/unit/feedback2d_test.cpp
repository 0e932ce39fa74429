// Bandada — the 2-D feedback engine, rule by rule from hand-computed cases
// (docs/models/feedback2d.md), and its deterministic trigonometry.
#include "models/feedback2d/feedback2d.h"

#include <doctest/doctest.h>

#include <cmath>

#include "app/share_codec.h"
#include "common/det_math.h"
#include "common/lcg.h"
#include "models/feedback2d/feedback2d_params.h"

using namespace bandada;

namespace {

// Only the rule under test switched on; no noise unless asked.
Feedback2dParams quiet(Feedback2dOperation op = Feedback2dOperation::flock) {
  Feedback2dParams p;
  p.alpha = p.sigma = p.lambda = 0;
  p.turn = 0;
  p.feedback = 0;
  p.operation = op;
  return p;
}

}  // namespace

TEST_CASE("our sin, cos and atan2 match the known values, atan2 in (−π, π]") {
  CHECK(det_sin(0.0) == 0.0);
  CHECK(det_cos(0.0) == 1.0);
  CHECK(det_sin(kPi / 2) == doctest::Approx(1.0).epsilon(1e-15));
  CHECK(det_cos(kPi) == doctest::Approx(-1.0).epsilon(1e-15));
  CHECK(det_sin(-kPi / 6) == doctest::Approx(-0.5).epsilon(1e-15));
  CHECK(det_atan2(1, 1) == doctest::Approx(kPi / 4).epsilon(1e-15));
  CHECK(det_atan2(0.0, -1.0) == kPi);
  CHECK(det_atan2(-1e-300, -1.0) == doctest::Approx(-kPi));
  CHECK(det_atan2(0.0, 0.0) == 0.0);
  CHECK(det_atan2(-2, 0) == doctest::Approx(-kPi / 2));
  for (int i = -50; i <= 50; ++i) {
    const double x = i * 0.37;
    CHECK(det_sin(x) == doctest::Approx(std::sin(x)).epsilon(1e-14));
    CHECK(det_cos(x) == doctest::Approx(std::cos(x)).epsilon(1e-14));
  }
}

TEST_CASE("the start draws x, y, heading and speed per point in index order") {
  Feedback2dParams p;
  p.n = 3;
  p.seed = 1;
  Feedback2d m(p);
  Lcg rng(1);
  const double x = 60 + 880 * rng.next(), y = 60 + 580 * rng.next();
  const double phi = 2 * kPi * rng.next(), speed = 0.5 + 1.5 * rng.next();
  CHECK(m.px()[0] == x);
  CHECK(m.py()[0] == y);
  CHECK(m.vx()[0] == speed * det_cos(phi));
  CHECK(m.vy()[0] == speed * det_sin(phi));
  CHECK(m.px()[1] == 60 + 880 * rng.next());
  CHECK(m.next_phase() == Feedback2dPhase::local_rule);
  CHECK(m.delta_history().empty());
  CHECK(m.mA()[2] == 1.0);
}

TEST_CASE("the wall pushes inward within 60 units of a border") {
  CHECK(feedback2d_wall(0, 1000) == 0.1);
  CHECK(feedback2d_wall(30, 1000) == doctest::Approx(0.05));
  CHECK(feedback2d_wall(60, 1000) == 0.0);
  CHECK(feedback2d_wall(500, 1000) == 0.0);
  CHECK(feedback2d_wall(970, 1000) == doctest::Approx(-0.05));
  CHECK(feedback2d_wall(680, 700) == doctest::Approx(-0.1 * (1 - 20.0 / 60.0)));
}

TEST_CASE("Flock: cohesion 0.003·(mean p − p) and alignment 0.05·(mean v − v)") {
  Feedback2dParams p = quiet();
  p.alpha = 1;
  p.lambda = 1;
  Feedback2d m(p, {500, 510}, {350, 350}, {1, 0}, {0, 1});
  m.advance_phase();
  const double cx = 0.003 * (510.0 - 500.0);
  const double ax = 0.05 * (0.0 - 1.0), ay = 0.05 * (1.0 - 0.0);
  CHECK(m.vx()[0] == 1 + (cx + ax));
  CHECK(m.vy()[0] == 0 + (0.0 + ay));
  CHECK(m.px()[0] == 500 + m.vx()[0]);
  CHECK(m.neighbors()[0] == 1);
}

TEST_CASE("separation acts inside 0.4·r only, falling off linearly") {
  Feedback2dParams p = quiet();
  p.sigma = 1;
  Feedback2d inside(p, {500, 510}, {350, 350}, {0, 0}, {0, 0});  // d = 10 < 24
  inside.advance_phase();
  CHECK(inside.vx()[0] == doctest::Approx(0.6 * -1.0 * (1 - 10.0 / 24.0)));
  Feedback2d outside(p, {500, 530}, {350, 350}, {0, 0}, {0, 0});  // d = 30: a neighbour, no push
  outside.advance_phase();
  CHECK(outside.vx()[0] == 0.0);
  CHECK(outside.neighbors()[0] == 1);
  Feedback2d beyond(p, {500, 560}, {350, 350}, {0, 0}, {0, 0});  // d = 60 = r: not a neighbour
  beyond.advance_phase();
  CHECK(beyond.neighbors()[0] == 0);
}

TEST_CASE("Sum steers toward the previous result's centre and mean velocity") {
  Feedback2dParams p = quiet(Feedback2dOperation::sum);
  p.alpha = 1;
  p.lambda = 1;
  Feedback2d m(p, {400, 600}, {350, 350}, {1, -1}, {0, 0});
  m.advance_phase();
  CHECK(m.vx()[0] == 1 + (0.0004 * (500.0 - 400.0) + 0.04 * (0.0 - 1.0)));
}

TEST_CASE("Gravity pulls over all pairs with q = d² + 400 and G = 540/n") {
  Feedback2dParams p = quiet(Feedback2dOperation::gravity);
  p.alpha = 1;
  Feedback2d m(p, {300, 700}, {350, 350}, {0, 0}, {0, 0});  // far beyond r: gravity still acts
  m.advance_phase();
  const double q = 400.0 * 400.0 + 400.0;
  CHECK(m.vx()[0] == (540.0 / 2) * (400.0 / (q * std::sqrt(q))));
  CHECK(m.neighbors()[0] == 0);
}

TEST_CASE("a point leaving the plane is put on the border with its outward velocity zeroed") {
  Feedback2dParams p = quiet();
  Feedback2d m(p, {1, 500}, {350, 350}, {-3, 0}, {0.5, 0});
  m.advance_phase();
  CHECK(m.px()[0] == 0.0);
  CHECK(m.vx()[0] == 0.0);
  CHECK(m.vy()[0] == 0.5);
}

TEST_CASE("V/F: outside 2.2·D, or against the heading when order ≥ 0.15, is F") {
  Feedback2dParams p = quiet();
  // Order = |Σ v̂|/n = 3/5 ≥ 0.15, heading +x; point 3 flies backwards, point 4 is far away.
  Feedback2d m(p, {500, 501, 502, 503, 504}, {350, 351, 352, 353, 354}, {1, 1, 1, -1, 1}, {0, 0, 0, 0, 0});
  CHECK(m.is_v()[0] == 1);
  CHECK(m.is_v()[3] == 0);
  CHECK(m.result().coherence == doctest::Approx(0.8));
  Feedback2d low(p, {500, 501, 502, 503}, {350, 350, 350, 350}, {1, -1, 0, 0}, {0, 0, 1, -1});  // order 0
  CHECK(low.result().order < 0.15);
  CHECK(low.result().coherence == 1.0);  // below 0.15 the heading is not asked
  Feedback2d far(p, {100, 101, 102, 103, 104, 105, 106, 107, 108, 900}, std::vector<double>(10, 350.0),
                 std::vector<double>(10, 1.0), std::vector<double>(10, 0.0));
  CHECK(far.is_v()[9] == 0);  // |p − c| > 2.2·D
  CHECK(far.is_v()[0] == 1);
}

TEST_CASE("the counter-rule moves the weights, relaxes them 0.5 % toward 1 and clamps to [0.2, 3]") {
  Feedback2dParams p = quiet();
  p.feedback = 1;  // k = 0.04
  Feedback2d m(p, {400, 500, 600}, {350, 350, 350}, {0, 0, 0}, {0, 0, 0});
  for (int i = 0; i < 4; ++i) m.advance_phase();
  const double D = m.result().D;
  // Point 0: d = 100, nothing moved, no turning (mean |Δφ| = 0: that term is skipped).
  double mA = 1 + 0.04 * (100.0 / D - 1);
  mA += 0.005 * (1 - mA);
  CHECK(m.mA()[0] == doctest::Approx(mA));
  CHECK(m.mS()[0] == 1.0);  // nobody has neighbours (spacing 100 > r): mean 0, the term is skipped
  CHECK(m.mG()[0] == 1.0);  // nobody turned: mean |Δφ| = 0, skipped
  CHECK(m.mA()[1] < 1.0);   // the centre point is closer than D: it pulls less
  CHECK(m.cycles() == 1);
  Feedback2dParams strong = quiet();
  strong.feedback = 2;
  Feedback2d s(strong, {0.5, 999.5}, {350, 350}, {0, 0}, {0, 0});
  for (int c = 0; c < 200; ++c) s.cycle();
  for (double w : s.mA()) {
    CHECK(w >= 0.2);
    CHECK(w <= 3.0);
  }
}

TEST_CASE("ΔR and the regime: fixed point only after 120 quiet cycles") {
  Feedback2dParams p = quiet();
  Feedback2d m(p, {400, 450, 500}, {300, 330, 360}, {0, 0, 0}, {0, 0, 0});
  CHECK(m.regime() != Feedback2dRegime::fixed_point);
  for (int c = 0; c < 119; ++c) m.cycle();
  CHECK(m.delta_history().size() == 119);
  CHECK(m.result().delta == 0.0);
  CHECK(m.regime() != Feedback2dRegime::fixed_point);
  m.cycle();
  CHECK(m.regime() == Feedback2dRegime::fixed_point);
  // Ordered and together: edge, before any history.
  Feedback2d e(p, {400, 410, 420}, {350, 350, 350}, {1, 1, 1}, {0, 0, 0});
  CHECK(e.regime() == Feedback2dRegime::edge);
}

TEST_CASE("four single phases equal one cycle, for every operation") {
  for (auto op : {Feedback2dOperation::flock, Feedback2dOperation::probabilistic, Feedback2dOperation::sum,
                  Feedback2dOperation::gravity}) {
    CAPTURE(operation_name(op));
    Feedback2dParams p;
    p.n = 150;
    p.operation = op;
    p.no_contradiction = true;
    Feedback2d a(p), b(p);
    for (int c = 0; c < 5; ++c) {
      a.cycle();
      for (int k = 0; k < 4; ++k) b.advance_phase();
    }
    CHECK(a.px() == b.px());
    CHECK(a.vy() == b.vy());
    CHECK(a.mG() == b.mG());
    CHECK(a.cycles() == 5);
  }
}

TEST_CASE("the grid finds the neighbours that all pairs find (strictly closer than r)") {
  for (double r : {5.0, 37.0, 60.0, 150.0, 400.0}) {
    Feedback2dParams p;
    p.n = 300;
    p.r = r;
    p.seed = 9;
    Feedback2d m(p);
    for (size_t i = 0; i < m.size(); ++i) {
      uint32_t k = 0;
      for (size_t j = 0; j < m.size(); ++j) {
        const double dx = m.px()[j] - m.px()[i], dy = m.py()[j] - m.py()[i];
        if (j != i && std::sqrt(dx * dx + dy * dy) < r) ++k;
      }
      CHECK(m.neighbors()[i] == k);
    }
  }
}

TEST_CASE("live parameters apply from the next phase; n and the seed stay") {
  Feedback2dParams p;
  p.n = 50;
  Feedback2d m(p);
  Feedback2dParams q = p;
  q.n = 999;
  q.seed = 77;
  q.alpha = 2.5;
  m.set_live_params(q);
  CHECK(m.params().n == 50);
  CHECK(m.params().seed == 1);
  CHECK(m.params().alpha == 2.5);
}

TEST_CASE("the feedback fields check the grammar and ranges") {
  Feedback2dFieldTexts t = feedback2d_default_texts();
  CHECK(check_feedback2d(t).ok);
  t[0] = "1";
  t[1] = "4,9";
  t[5] = "1.";
  Feedback2dCheck c = check_feedback2d(t);
  CHECK_FALSE(c.ok);
  CHECK_FALSE(c.errors[0].empty());
  CHECK_FALSE(c.errors[1].empty());
  CHECK_FALSE(c.errors[5].empty());
  Feedback2dOperation op;
  CHECK(parse_operation("gravity", op));
  CHECK(op == Feedback2dOperation::gravity);
  CHECK_FALSE(parse_operation("Gravity", op));
}

TEST_CASE("Probabilistic keeps a same-class neighbour when its draw is below 0.9; separation sees all") {
  // Two V points: find a seed whose first draw drops point 0's neighbour (u ≥ 0.9) and whose
  // second keeps point 1's (u < 0.9). The draws come before the ξ draws, i then j ascending.
  uint32_t seed = 0;
  for (;; ++seed) {
    Lcg probe(seed);
    const double u0 = probe.next(), u1 = probe.next();
    if (u0 >= 0.9 && u1 < 0.9) break;
  }
  Feedback2dParams p = quiet(Feedback2dOperation::probabilistic);
  p.alpha = 1;
  p.seed = seed;
  Feedback2d m(p, {500, 530}, {350, 350}, {1, 1}, {0, 0});
  REQUIRE(m.is_v()[0] == m.is_v()[1]);
  m.advance_phase();
  CHECK(m.vx()[0] == 1.0);                          // its only neighbour was dropped: no cohesion
  CHECK(m.vx()[1] == 1 + 0.003 * (500.0 - 530.0));  // kept
  CHECK(m.neighbors()[0] == 1);                     // the count is the full set
}

TEST_CASE("ΔR is |c − c'|/1000 + |D − D'|/1000 + |O − O'| against the result before") {
  Feedback2dParams p = quiet();
  p.sigma = 1;
  Feedback2d m(p, {500, 505, 700}, {350, 352, 400}, {1, 0, 0}, {0, 1, 0});
  const Feedback2dResult before = m.result();
  m.cycle();
  const Feedback2dResult& after = m.result();
  const double dcx = after.cx - before.cx, dcy = after.cy - before.cy;
  CHECK(after.delta == std::sqrt(dcx * dcx + dcy * dcy) / 1000.0 + std::fabs(after.D - before.D) / 1000.0 +
                           std::fabs(after.order - before.order));
  CHECK(after.delta > 0.0);
  REQUIRE(m.delta_history().size() == 1);
  CHECK(m.delta_history()[0] == after.delta);
}

TEST_CASE("chaos: order below 0.25 and coherence below 60 %") {
  // 23 points fly +x and 17 fly −x in a tight block: order (23 − 17)/40 = 0.15, so the heading
  // rule applies and the 17 are F: coherence 23/40 = 0.575.
  std::vector<double> x, y, vx, vy;
  for (int i = 0; i < 40; ++i) {
    x.push_back(500 + i % 8);
    y.push_back(350 + i / 8);
    vx.push_back(i < 23 ? 1.0 : -1.0);
    vy.push_back(0.0);
  }
  Feedback2d m(quiet(), x, y, vx, vy);
  CHECK(m.result().order == doctest::Approx(0.15));
  CHECK(m.result().coherence == doctest::Approx(0.575));
  CHECK(m.regime() == Feedback2dRegime::chaos);
}

TEST_CASE("determinism: fixed feedback runs end on golden fingerprints, natively and in wasm") {
  Feedback2dParams p;
  p.n = 150;
  p.seed = 7;
  p.operation = Feedback2dOperation::probabilistic;
  Feedback2d a(p);
  for (int c = 0; c < 60; ++c) a.cycle();
  a.advance_phase();
  CHECK(fingerprint_hex(a.fingerprint()) == "d1b51496d89dd86e");
  p.operation = Feedback2dOperation::gravity;
  p.no_contradiction = true;
  p.n = 60;
  Feedback2d b(p);
  for (int c = 0; c < 40; ++c) b.cycle();
  CHECK(fingerprint_hex(b.fingerprint()) == "88ee32082fc5488f");
}
