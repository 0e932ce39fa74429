// Bandada — the crowd model (docs/models/crowd.md): its own exp against the platform's, the
// driving, social, compression and friction terms on hand-made cases, walls that are never
// crossed, people leaving only through exits, the same bits for any thread count, and its bytes.
#include "models/crowd/crowd.h"

#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <vector>

#include "app/share_codec.h"
#include "common/det_math.h"
#include "common/lcg.h"
#include "crowd_cases.h"

using namespace bandada;

TEST_CASE("det_exp agrees with exp to a few ulp over the range the social force uses") {
  CHECK(det_exp(0.0) == 1.0);
  CHECK(det_exp(-800) == 0.0);
  CHECK(std::isinf(det_exp(710)));
  double worst = 0;
  Lcg rng(3);
  for (int k = 0; k < 200000; ++k) {
    const double x = -60 + 70 * rng.next();
    const double want = std::exp(x), got = det_exp(x);
    worst = std::fmax(worst, std::fabs(got - want) / want);
  }
  CAPTURE(worst);
  CHECK(worst < 5e-16);  // about 2 ulp
}

TEST_CASE("det_exp_x2 gives each lane det_exp's bits, also at the ends of its range") {
  // The crowd's neighbour sums take their exponentials two at a time: a lane that differed in
  // its last bit would change every run's bytes, so this compares bits, not closeness.
  auto bits = [](double v) {
    uint64_t b;
    std::memcpy(&b, &v, sizeof b);
    return b;
  };
  Lcg rng(11);
  size_t differ = 0;
  auto check = [&](double a, double b) {
    const DetF64x2 got = det_exp_x2(DetF64x2{a, b});
    differ += bits(got[0]) != bits(det_exp(a));
    differ += bits(got[1]) != bits(det_exp(b));
  };
  for (int k = 0; k < 200000; ++k) {
    const double span = k % 4 == 0 ? 1500.0 : k % 4 == 1 ? 80.0 : k % 4 == 2 ? 2.0 : 1e-12;
    check(span * (rng.next() - 0.7), span * (rng.next() - 0.5));
  }
  // the ends: subnormal results, the last finite ones, those sent to the scalar, a NaN, zeros,
  // the halfway points of the reduction
  const double ends[] = {-745.0,
                         -744.99,
                         -709.1,
                         -708.39,
                         709.78,
                         709.7,
                         -745.0001,
                         709.79,
                         -0.0,
                         0.0,
                         NAN,
                         -INFINITY,
                         INFINITY,
                         0.5 * 0.69314718055994530942,
                         -0.5 * 0.69314718055994530942,
                         -1e-300,
                         1e-300};
  for (double a : ends)
    for (double b : ends) check(a, b);
  CHECK(differ == 0);
  // the NaN lane stays NaN, the other is exact
  const DetF64x2 mixed = det_exp_x2(DetF64x2{NAN, 0.0});
  CHECK(std::isnan(mixed[0]));
  CHECK(mixed[1] == 1.0);
}

TEST_CASE("the step's quick answers are the answers: squared reach, boxes, a path far from an edge") {
  // Who is within reach is decided on the squared distance first (s >= 4, s >= 9), then on the
  // square root: the same decision when sqrt(s) >= c exactly for s >= c² and never below it.
  for (double c : {kCrowdReach, kCrowdCsmCutoff}) {
    CHECK(std::sqrt(c * c) == c);
    CHECK(std::sqrt(std::nextafter(c * c, 0.0)) < c);
  }
  // A point beyond an exit's box is not inside it; one inside is, as the ring says.
  const CrowdRing door = {{34, 0}, {36, 0}, {36, 0.5}, {34, 0.5}};
  const CrowdBox box = box_of(door);
  Lcg rng(7);
  for (int k = 0; k < 20000; ++k) {
    const double x = 33 + 4 * rng.next(), y = -0.5 + 1.5 * rng.next();
    CHECK(inside_ring(door, box, x, y) == inside_ring(door, x, y));
  }
  // A step's path against a segment: the quick refusal gives what the two divisions give.
  // (half the steps start within 5 mm of the segment, so many of them meet it)
  size_t met = 0;
  for (int k = 0; k < 20000; ++k) {
    const CrowdSegment w = {10 * rng.next(), 10 * rng.next(), 10 * rng.next(), 10 * rng.next()};
    const double u = rng.next(), near = k % 2 == 0 ? 0.005 : 10.0;
    const double x0 = w.x1 + u * (w.x2 - w.x1) + near * (rng.next() - 0.5),
                 y0 = w.y1 + u * (w.y2 - w.y1) + near * (rng.next() - 0.5),
                 x1 = x0 + 0.01 * (rng.next() - 0.5), y1 = y0 + 0.01 * (rng.next() - 0.5);
    const double rx = x1 - x0, ry = y1 - y0, sx = w.x2 - w.x1, sy = w.y2 - w.y1, den = rx * sy - ry * sx;
    const double qx = w.x1 - x0, qy = w.y1 - y0;
    const double a = (qx * sy - qy * sx) / den, b = (qx * ry - qy * rx) / den;
    const bool want = den != 0.0 && !(a < 0.0 || a > 1.0 || b < 0.0 || b > 1.0);
    double t = -1;
    CHECK(path_meets(x0, y0, x1, y1, w, t) == want);
    if (want) CHECK(t == a);
    met += want;
  }
  CHECK(met > 1000);
}

TEST_CASE("alone, far from everything: the driving term m(v0·e − v)/τ toward the exit, exactly") {
  Crowd c(params(0.005), open_room(), {10}, {15}, {0.3});  // on the exit's axis, 20 m from it
  c.step();                                                // 8 internal steps of 0.005 s
  // e = (1, 0) (the aim 0.5 m beyond the exit), and v after each step v + h·(v0·1 − v)/τ.
  double v = 0, x = 10;
  for (int k = 0; k < 8; ++k) {
    v += 0.005 * (1.0 * 1 - v) / 0.5;
    x += 0.005 * v;
  }
  CHECK(c.vx()[0] == doctest::Approx(v).epsilon(1e-12));
  CHECK(c.vy()[0] == 0.0);
  CHECK(c.x()[0] == doctest::Approx(x).epsilon(1e-12));
}

TEST_CASE("two people: the social force A·exp((r_ij − d_ij)/B), equal and opposite") {
  // Mirror images about the exit's axis (y = 15): their y velocities are opposite, x equal.
  Crowd d(params(), open_room(), {10, 10}, {14.5, 15.5}, {0.3, 0.3});
  d.step();
  CHECK(d.vy()[0] == doctest::Approx(-d.vy()[1]).epsilon(1e-12));
  CHECK(d.vx()[0] == doctest::Approx(d.vx()[1]).epsilon(1e-12));
  CHECK(d.vy()[0] < 0.0);  // pushed apart
  // One behind the other on the axis, 1 m apart: each is pushed along the axis by
  // A·e^{(0.6 − 1)/0.08}/m, so their speeds part by about 2·0.04 s·A·e^{−5}/m in a frame.
  Crowd e(params(), open_room(), {10, 11}, {15, 15}, {0.3, 0.3});
  Crowd f(params(), open_room(), {10}, {15}, {0.3});
  Crowd g(params(), open_room(), {11}, {15}, {0.3});
  e.step();
  f.step();
  g.step();
  CHECK(g.vx()[0] - f.vx()[0] == doctest::Approx(0.0).epsilon(1e-12));  // alone, alike
  CHECK(e.vx()[1] - e.vx()[0] == doctest::Approx(2 * 0.04 * 2000 * std::exp(-5.0) / 80.0).epsilon(0.02));
}

TEST_CASE("overlapping people: body compression k·(r_ij − d_ij) on top of the social force") {
  CrowdParams one = params(0.005);
  Crowd a(one, open_room(), {10, 10.5}, {15, 15}, {0.3, 0.3});  // 0.1 m overlap
  Crowd b(one, open_room(), {10, 10.7}, {15, 15}, {0.3, 0.3});  // 0.1 m apart
  a.step();
  b.step();
  const double spread_a = a.vx()[1] - a.vx()[0], spread_b = b.vx()[1] - b.vx()[0];
  // 0.1 m of overlap: A·e^{1.25} + k·0.1 = 6 981 + 12 000 N against A·e^{−1.25} = 573 N apart;
  // the pressed pair parts more than ten times as fast (until they no longer touch).
  CHECK(spread_a > 10 * spread_b);
  CHECK(spread_a > 2 * 0.005 * (2000 * std::exp(1.25) + 1.2e5 * 0.1) / 80);  // the first internal step alone
}

TEST_CASE("sliding friction: κ·overlap·Δv_t brakes a person sliding past a touching one") {
  CrowdParams one = params(0.0005);
  // Two people touching (0.05 m overlap), one at rest, in a room whose exit is straight ahead of
  // both: friction couples their motion along the contact's tangent.
  Crowd c(one, open_room(), {10, 10}, {14.75, 15.3}, {0.3, 0.3});
  for (int k = 0; k < 3; ++k) c.step();
  // Without friction the pair would separate only along y; with it, their x speeds stay close.
  CHECK(std::fabs(c.vx()[0] - c.vx()[1]) < 0.05);
}

TEST_CASE("nobody crosses a wall: a panicking crowd in the corridor passes the middle wall only by its gap") {
  CrowdParams p;
  p.n = 150;
  p.v0 = 5;
  p.layout = 3;  // the corridor bottleneck
  p.dt = 0.005;  // the coarsest step allowed, with the crowd pressed hardest
  Crowd c(p);
  std::vector<double> x = c.x(), y = c.y();
  std::vector<uint32_t> id = c.ids();
  size_t through = 0;
  for (int s = 0; s < 1500 && c.size() > 0; ++s) {
    c.step();
    for (size_t i = 0; i < c.size(); ++i) {
      REQUIRE(std::isfinite(c.x()[i]));
      REQUIRE(std::isfinite(c.vx()[i]));
      CHECK(c.x()[i] >= 0.0);
      CHECK(c.x()[i] <= 20.0);
      CHECK(c.y()[i] >= 0.0);
      CHECK(c.y()[i] <= 10.0);
      // Find this person a frame ago (ids ascend in index order, people only leave).
      size_t k = 0;
      while (id[k] != c.ids()[i]) ++k;
      if (x[k] < 10.0 && c.x()[i] >= 10.0) {  // crossed x = 10 this frame: through the 1.2 m gap
        const double t = (10.0 - x[k]) / (c.x()[i] - x[k]);
        const double yc = y[k] + t * (c.y()[i] - y[k]);
        CHECK(yc > 4.4 - 0.1);
        CHECK(yc < 5.6 + 0.1);
        ++through;
      }
    }
    x = c.x();
    y = c.y();
    id = c.ids();
  }
  CHECK(through > 50);
  CHECK(c.evacuated() + c.size() == c.placed());
}

TEST_CASE("people leave only through an exit, and each leaving time is recorded in order") {
  CrowdParams p;
  p.n = 40;
  p.dt = 0.004;
  Crowd c(p);
  for (int s = 0; s < 3000 && c.size() > 0; ++s) c.step();
  CHECK(c.size() == 0);
  CHECK(c.evacuated() == 40);
  for (size_t k = 1; k < c.exit_times().size(); ++k) CHECK(c.exit_times()[k] >= c.exit_times()[k - 1]);
  CHECK(c.evacuation_time() == c.exit_times().back());
  CHECK(c.evacuation_time() > 5.0);
}

TEST_CASE("the same bits for any thread count, with herding on") {
  CrowdParams p;
  p.n = 300;
  p.herding = 0.5;
  p.v0 = 2;
  same_bits_any_threads(p);
}

TEST_CASE("determinism: fixed crowd runs end on golden fingerprints, natively and in wasm") {
  // Frozen: the step's phases (forces, move and collide, exits) may be rearranged, never its bits.
  // Renewed once for one kind of exit (a segment exit is a thin exit area for the step).
  CrowdParams p;
  p.n = 150;
  p.herding = 0.5;
  p.v0 = 2;
  Crowd a(p);
  for (int s = 0; s < 250; ++s) a.step();
  CHECK(a.evacuated() > 0);  // the exits' phase ran
  CHECK(fingerprint_hex(a.fingerprint()) == "acbcd991e9b7cd3d");
  p.herding = 0;
  p.n = 60;
  Crowd b(p);
  for (int s = 0; s < 100; ++s) b.step();
  CHECK(fingerprint_hex(b.fingerprint()) == "7a84394bdd421b85");
}

TEST_CASE("a crowd as bytes: read back whole, continued to the same bits; damaged bytes refused") {
  CrowdParams p;
  p.n = 80;
  p.layout = 2;  // with a column
  Crowd a(p);
  for (int s = 0; s < 30; ++s) a.step();
  REQUIRE(a.cut_exit(0.2, 5.0, 1.0));
  const std::string bytes = crowd_pack(a);
  Crowd b(CrowdParams{});
  REQUIRE(crowd_unpack(bytes, b));
  CHECK(crowd_pack(b) == bytes);
  for (int s = 0; s < 30; ++s) {
    a.step();
    b.step();
  }
  CHECK(a.fingerprint() == b.fingerprint());
  Crowd untouched(CrowdParams{});
  const uint64_t before = untouched.fingerprint();
  CHECK_FALSE(crowd_unpack(bytes.substr(0, bytes.size() - 3), untouched));
  std::string bad = bytes;
  bad[15] = static_cast<char>(0x7f);  // the desired speed's high byte: out of range
  CHECK_FALSE(crowd_unpack(bad, untouched));
  CHECK(untouched.fingerprint() == before);
}

TEST_CASE("the tools: an exit cut into a wall, a column, people brushed in, erase") {
  CrowdParams p;
  p.n = 10;
  Crowd c(p);
  const size_t walls = c.layout().walls.size();
  REQUIRE(c.cut_exit(7.5, 0.3, 1.0));  // the bottom wall
  CHECK(c.layout().exits.size() == 2);
  CHECK(c.layout().walls.size() == walls + 1);  // split in two around the new exit
  CHECK_FALSE(c.cut_exit(7.5, 7.5, 1.0));       // no wall within 1 m
  REQUIRE(c.add_column(3, 3, 0.5));
  CHECK(c.add_people(10, 10, 1.0, 5) > 0);
  const size_t n = c.size();
  REQUIRE(c.remove_nearest(3, 3.6));  // the column's rim
  CHECK(c.layout().columns.empty());
  CHECK(c.size() == n);
}

TEST_CASE("the force law's constants are fields: A, B, tau, the walls' A_w and B_w, each used as given") {
  // Two people 1 m apart on the exit's axis, as above, with A = 500 N and B = 0.2 m: their
  // speeds part by about 2·0.04 s·A·e^{(0.6 − 1)/B}/m in a frame.
  CrowdParams p = params();
  p.sfm_a = 500;
  p.sfm_b = 0.2;
  Crowd e(p, open_room(), {10, 11}, {15, 15}, {0.3, 0.3});
  e.step();
  CHECK(e.vx()[1] - e.vx()[0] == doctest::Approx(2 * 0.04 * 500 * std::exp(-2.0) / 80.0).epsilon(0.02));
  // tau = 0.25 s: the lone walker's speed after the frame, step by step as above.
  CrowdParams q = params(0.005);
  q.sfm_tau = 0.25;
  Crowd a(q, open_room(), {10}, {15}, {0.3});
  a.step();
  double v = 0;
  for (int k = 0; k < 8; ++k) v += 0.005 * (1.0 - v) / 0.25;
  CHECK(a.vx()[0] == doctest::Approx(v).epsilon(1e-12));
  // A person 0.5 m below the floor's wall, otherwise alone: pushed up by A_w·e^{(0.3 − 0.5)/B_w}/m
  // in the first internal step, and the people's own A and B play no part.
  CrowdParams w = params(0.005);
  w.sfm_wall_a = 3000;
  w.sfm_wall_b = 0.1;
  w.sfm_a = 0;
  Crowd f(w, open_room(), {10}, {0.5}, {0.3});
  w.sfm_wall_a = 0;
  Crowd g(w, open_room(), {10}, {0.5}, {0.3});
  f.step();
  g.step();
  // Over the frame, the wall's push adds to the upward speed about 0.04·A_w·e^{−2}/m (less as
  // the person moves off, more nearer; within 10 %).
  CHECK(f.vy()[0] - g.vy()[0] == doctest::Approx(0.04 * 3000 * std::exp(-2.0) / 80.0).epsilon(0.1));
}

TEST_CASE("the fluctuation: a random force, the same bits for any thread count, none at xi = 0") {
  CrowdParams p;
  p.n = 200;
  p.sfm_noise = 200;
  same_bits_any_threads(p);
  CrowdParams quiet = p;
  quiet.sfm_noise = 0;
  Crowd a(p), b(quiet), still(quiet);
  for (int s = 0; s < 40; ++s) a.step(), b.step();
  CHECK(a.fingerprint() != b.fingerprint());
  // A lone person held by nothing, with v0 near 0, wanders: each 0.04 s a force of 2 × 200 N
  // (sd) moves them; the drive pulls them back. Over 25 frames the velocity's components have a
  // spread near the Ornstein–Uhlenbeck figure, and a mean near 0.
  CrowdParams lone = params(0.002);
  lone.v0 = 1e-9;
  lone.sfm_noise = 200;
  double sum = 0, sum2 = 0;
  size_t count = 0;
  for (uint32_t seed = 1; seed <= 40; ++seed) {
    lone.seed = seed;
    Crowd c(lone, open_room(), {15}, {15}, {0.3});
    for (int s = 0; s < 25; ++s) {
      c.step();
      for (double v : {c.vx()[0], c.vy()[0]}) sum += v, sum2 += v * v, ++count;
    }
  }
  const double mean = sum / count, sd = std::sqrt(sum2 / count - mean * mean);
  // A force of sd ξ held for 0.04 s, relaxed with τ = 0.5 s: the stationary velocity sd is about
  // (ξ/m)·sqrt(0.04·τ/2) = 2.5·0.1 = 0.25 m/s (less over the first frames: within 20 %).
  CAPTURE(sd);
  CHECK(std::fabs(mean) < 0.05);
  CHECK(sd == doctest::Approx(0.25).epsilon(0.2));
}

TEST_CASE("the force law in bytes and links: written only where it differs from its first values") {
  CrowdParams p;
  p.n = 30;
  Crowd plain(p);
  p.sfm_a = 1500;
  p.sfm_noise = 10;
  Crowd own(p);
  const std::string a = crowd_pack(plain), b = crowd_pack(own);
  CHECK(b.size() == a.size() + 4 + 4 + 14 * 8);  // the tag, the model and the fourteen constants
  Crowd back(CrowdParams{});
  REQUIRE(crowd_unpack(b, back));
  CHECK(back.params().sfm_a == 1500);
  CHECK(back.params().sfm_noise == 10);
  CHECK(crowd_pack(back) == b);
  std::string bad = b;
  bad[a.size() + 8 + 7] = static_cast<char>(0xff);  // A's high byte: NaN
  CHECK_FALSE(crowd_unpack(bad, back));
  std::string tag = b;
  tag[a.size()] ^= 1;  // not the law's tag
  CHECK_FALSE(crowd_unpack(tag, back));
}

namespace {
CrowdParams speed_model(double dt = 0.005) {
  CrowdParams p = params(dt);
  p.model = kCrowdCollisionFree;
  return p;
}
}  // namespace

TEST_CASE("collision-free speed model: alone, a person walks straight at v0 from the first step") {
  CrowdParams p = speed_model();
  p.v0 = 1.2;
  Crowd c(p, open_room(), {10}, {15}, {0.2});
  c.step();  // 8 internal steps of 0.005 s, each x + v0·h
  CHECK(c.vx()[0] == 1.2);
  CHECK(c.vy()[0] == 0.0);
  CHECK(c.x()[0] == doctest::Approx(10 + 0.04 * 1.2).epsilon(1e-14));
  CHECK(c.pressure()[0] == 0.0);  // no forces in this model
}

TEST_CASE("collision-free speed model: behind another at gap s, a person walks at s/T") {
  CrowdParams p = speed_model();
  p.csm_t = 2.0;
  // 0.5 m of gap on the exit's axis: the front one walks at v0 = 1, the one behind at s/T, the
  // front one's repulsion e^(−5)·8 = 0.05 too weak to turn them round.
  Crowd c(p, open_room(), {10, 10.9}, {15, 15}, {0.2, 0.2});
  c.step();
  CHECK(c.vx()[1] == 1.0);
  // Their speeds in the frame's last internal step came from the positions before it.
  const double h = 0.005, back = c.x()[0] - c.vx()[0] * h, front = c.x()[1] - c.vx()[1] * h;
  CHECK(c.vx()[0] == doctest::Approx((front - back - 0.4) / 2.0).epsilon(1e-12));
  CHECK(c.vx()[0] > 0.25);
  CHECK(c.vx()[0] < 0.3);
  CHECK(c.vy()[0] == 0.0);
}

TEST_CASE("collision-free speed model: a wall bends the direction, not the speed") {
  // Walking toward the exit 0.3 m above the floor's wall (radius 0.25): the wall's repulsion
  // 5·e^(−2.5) turns the direction up, away from it; the speed stays v0.
  CrowdLayout room = open_room();
  room.walls.push_back({5, 14.7, 25, 14.7});
  Crowd c(speed_model(), room, {10}, {15}, {0.25});
  c.step();
  CHECK(std::hypot(c.vx()[0], c.vy()[0]) == doctest::Approx(1.0).epsilon(1e-14));
  CHECK(c.vy()[0] > 0.2);
}

TEST_CASE("collision-free speed model: a neighbour across a wall does not count") {
  // B ahead of A and within A's corridor (lateral 0.5 ≤ 0.6): A walks at the gap over T, slower
  // than v0. With a wall between them, A walks at v0 (its direction bent by the wall, not by B).
  CrowdLayout open = open_room(), walled = open_room();
  walled.walls.push_back({5, 15.35, 25, 15.35});
  Crowd a(speed_model(), open, {10, 11}, {15, 15.5}, {0.3, 0.3});
  Crowd b(speed_model(), walled, {10, 11}, {15, 15.5}, {0.3, 0.3});
  a.step();
  b.step();
  CHECK(std::hypot(a.vx()[0], a.vy()[0]) < 0.7);
  CHECK(std::hypot(b.vx()[0], b.vy()[0]) == doctest::Approx(1.0).epsilon(1e-14));
}

TEST_CASE("collision-free speed model: the same bits for any thread count, and in its bytes") {
  CrowdParams p;
  p.n = 300;
  p.model = kCrowdCollisionFree;
  const uint64_t want = same_bits_any_threads(p, [](const Crowd& c) { CHECK(c.evacuated() > 0); });
  continues_through_bytes(p);
  CrowdParams sf = p;
  sf.model = kCrowdSocialForce;
  Crowd c(sf);
  for (int s = 0; s < 40; ++s) c.step();
  CHECK(c.fingerprint() != want);
}

TEST_CASE("collision-free speed model: the direction noise eta is ours and off by default") {
  CrowdParams p = speed_model();
  Crowd exact(p, open_room(), {10}, {15}, {0.2});
  p.csm_noise = 1.0;
  Crowd noisy(p, open_room(), {10}, {15}, {0.2});
  exact.step();
  noisy.step();
  CHECK(exact.vy()[0] == 0.0);
  CHECK(noisy.vy()[0] != 0.0);  // turned by the draw, at the same speed
  CHECK(std::hypot(noisy.vx()[0], noisy.vy()[0]) == doctest::Approx(1.0).epsilon(1e-14));
}

TEST_CASE("a room edit that does not fit comes back as data: which kind, which of them, why") {
  CrowdParams p;
  CrowdRoomEdits e;
  e.exits = {{15, 2, 15, 4}, {15, 10, 15, 10.2}};  // the second is 0.2 m wide
  CrowdLayout room;
  const CrowdRoomError bad = crowd_room(p, e, room);
  CHECK_FALSE(bad.ok());
  CHECK(bad.what == CrowdRoomError::Edit::exit);
  CHECK(bad.index == 1);
  CHECK(bad.reason == "at least 0.4 m wide");
  CHECK(bad.cli_words() == "--exit number 2: at least 0.4 m wide");
  e.exits.pop_back();
  e.has_start = true;
  e.sx0 = e.sy0 = 1, e.sx1 = e.sy1 = 1.2;
  CHECK(crowd_room(p, e, room).cli_words() ==
        "--start-area: a rectangle at least 0.5 m each way inside the room (15 × 15 m)");
  e.has_start = false;
  CHECK(crowd_room(p, e, room).ok());
  CHECK(room.exits.size() == 2);  // the preset's and the one cut
}

TEST_CASE("a second exit along the outer walls: on each side, kept off the corners, moved off the first") {
  auto second = [](double s, double width = 1.0) {
    CrowdParams p;
    p.exit2 = s;
    p.exit_width = width;
    CrowdLayout room;
    REQUIRE(crowd_room(p, {}, room).ok());
    return room.exits;
  };
  CHECK(second(0).size() == 1);  // 0: none, the paper's room as it was
  // The 15 × 15 m room, anticlockwise from (0, 0): bottom 0 … 15, right 15 … 30, top 30 … 45,
  // left 45 … 60.
  const std::vector<CrowdSegment> bottom = second(7.5);
  REQUIRE(bottom.size() == 2);
  CHECK(bottom[1].y1 == 0.0);
  CHECK(std::fmin(bottom[1].x1, bottom[1].x2) == 7.0);
  CHECK(std::fmax(bottom[1].x1, bottom[1].x2) == 8.0);
  const CrowdSegment top = second(37.5)[1];
  CHECK(top.y1 == 15.0);
  CHECK(std::fmin(top.x1, top.x2) == 7.0);  // 7.5 m back from the top-right corner
  const CrowdSegment left = second(50)[1];
  CHECK(left.x1 == 0.0);
  CHECK(std::fmin(left.y1, left.y2) == 9.5);     // 5 m down from the top-left corner
  CHECK(second(110)[1].y1 == second(50)[1].y1);  // past 60 m it goes round again
  // Near a corner it stays on its side, 0.1 m from the corner.
  const CrowdSegment corner = second(0.2)[1];
  CHECK(corner.y1 == 0.0);
  CHECK(std::fmin(corner.x1, corner.x2) == doctest::Approx(0.1));
  // On the first exit (the right wall's middle, y 7 … 8) it moves to the nearest place a wall
  // holds it whole: beside it, sharing no part of it.
  const std::vector<CrowdSegment> both = second(22.5);
  REQUIRE(both.size() == 2);
  CHECK(both[1].x1 == 15.0);
  const double lo = std::fmin(both[1].y1, both[1].y2), hi = std::fmax(both[1].y1, both[1].y2);
  CHECK(hi - lo == doctest::Approx(1.0));
  CHECK((hi <= 7.0 + 1e-9 || lo >= 8.0 - 1e-9));
  CHECK(std::fabs(lo - 7.5) <= 1.05);
  // People leave by it: with a second exit on the left wall the room empties sooner.
  CrowdParams one, two;
  one.n = two.n = 60;
  two.exit2 = 52.5;
  Crowd a(one), b(two);
  for (int k = 0; k < 20 * 25; ++k) {
    a.step();
    b.step();
  }
  CHECK(b.exit_times().size() > a.exit_times().size());
}
