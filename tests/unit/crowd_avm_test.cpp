// Bandada — the anticipation velocity model (crowd_avm.cpp, docs/models/crowd.md): JuPedSim's rules
// on hand-made cases (the free walk, the spacing over the time gap, the creep and the back-off of a
// body pressed to the one ahead, the slide along a wall), the same bits on any thread count, and the
// state file's part of its own (orientations that continue bit for bit, older files unchanged).
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "crowd_cases.h"
#include "models/crowd/crowd.h"

using namespace bandada;

namespace {

CrowdParams avm(double dt = 0.005) {
  CrowdParams p = params(dt);
  p.model = kCrowdAnticipation;
  return p;
}

/// A corridor without ends along x, `count` people of radius 0.2 on its axis, `gap` apart centre
/// to centre, filling its length exactly: everyone has the one ahead at the same distance.
Crowd ring(const CrowdParams& p, int count, double gap) {
  const double L = count * gap;
  CrowdLayout room{"ring", L, 2, {{0, 0, L, 0}, {L, 2, 0, 2}}, {}, {}, 0, 0.5, L, 1.5};
  room.periodic = 1;
  std::vector<double> x, y, r;
  for (int k = 0; k < count; ++k) {
    x.push_back(gap / 2 + k * gap);
    y.push_back(1.0);
    r.push_back(0.2);
  }
  return Crowd(p, room, x, y, r);
}

}  // namespace

TEST_CASE("anticipation velocity model: alone, a person walks straight at v0 from the first step") {
  CrowdParams p = avm();
  p.v0 = 1.2;
  Crowd c(p, open_room(), {10}, {15}, {0.2});
  c.step();  // the orientation starts at (0, 0), so the first turn is the whole one (JuPedSim's)
  CHECK(c.vx()[0] == 1.2);
  CHECK(c.vy()[0] == 0.0);
  CHECK(c.x()[0] == doctest::Approx(10 + 0.04 * 1.2).epsilon(1e-14));
  CHECK(c.pressure()[0] == 0.0);
}

TEST_CASE("anticipation velocity model: behind another, a person walks at the spacing over the time gap") {
  CrowdParams p = avm();
  p.avm_t = 2.0;
  // 0.5 m apart on the exit's axis: the one in front walks at v0; the one behind at the spacing
  // d − (r_i + r_j + 0.02) over T, its direction turned a little sideways by the one ahead.
  Crowd c(p, open_room(), {10, 10.9}, {15, 15}, {0.2, 0.2});
  c.step();
  CHECK(std::hypot(c.vx()[1], c.vy()[1]) == doctest::Approx(1.0).epsilon(1e-14));
  const double h = 0.005, bx = c.x()[0] - c.vx()[0] * h, by = c.y()[0] - c.vy()[0] * h,
               fx = c.x()[1] - c.vx()[1] * h, fy = c.y()[1] - c.vy()[1] * h;
  const double spacing = std::hypot(fx - bx, fy - by) - 0.42;
  CHECK(std::hypot(c.vx()[0], c.vy()[0]) == doctest::Approx(spacing / 2.0).epsilon(1e-12));
  CHECK(c.vx()[0] > 0.2);
  CHECK(c.vx()[0] < 0.3);
}

TEST_CASE("anticipation velocity model: pressed to the one ahead, nobody walks on; everyone backs off") {
  // Round a ring 0.405 m apart: 0.015 m inside the corridor's spacing r_i + r_j + 0.02, whatever
  // way the sideways repulsion turns them. The speed, the spacing over T, is −0.014 m/s, which
  // JuPedSim clips to −0.01: everyone steps back. The collision-free speed model, which clips at 0,
  // leaves them all standing body to body.
  Crowd pressed = ring(avm(), 10, 0.405);
  pressed.step();
  for (size_t i = 0; i < pressed.size(); ++i) {
    CAPTURE(i);
    CHECK(std::hypot(pressed.vx()[i], pressed.vy()[i]) == doctest::Approx(0.01).epsilon(1e-12));
    CHECK(pressed.vx()[i] < 0.0);
  }
  CrowdParams csm = avm();
  csm.model = kCrowdCollisionFree;
  Crowd standing = ring(csm, 10, 0.4);
  standing.step();
  CHECK(standing.mean_speed() < 1e-3);
}

TEST_CASE(
    "anticipation velocity model: a spacing that gives less than 0.01 m/s gives a creep forward, back, or a "
    "stop, at random") {
  // 0.415 m apart: spacing −0.005 m, −0.0047 m/s over T: below the creep speed, so each person's
  // speed is +0.01, −0.01 or 0 (PR #1516), drawn from the seed, the time and the person; all three occur.
  CrowdParams p = avm();
  Crowd c = ring(p, 12, 0.415);
  c.step();
  int forward = 0, back = 0, stop = 0;
  for (size_t i = 0; i < c.size(); ++i) {
    const double v = std::hypot(c.vx()[i], c.vy()[i]);
    CAPTURE(v);
    CHECK((v == 0.0 || v == doctest::Approx(0.01).epsilon(1e-12)));
    (v == 0.0 ? stop : c.vx()[i] > 0 ? forward : back) += 1;
  }
  CHECK(forward > 0);
  CHECK(back > 0);
  CHECK(stop > 0);
  // Another seed, other draws: the same rule, other people.
  p.seed = 2;
  Crowd d = ring(p, 12, 0.415);
  d.step();
  bool differ = false;
  for (size_t i = 0; i < c.size(); ++i) differ = differ || c.vx()[i] != d.vx()[i];
  CHECK(differ);
}

TEST_CASE(
    "anticipation velocity model: walking up a slanted wall, a person slides along it and keeps off it") {
  // The wall rises 1 m over 20 across the way east; within r + 0.1 m of it the direction loses its
  // part into the wall and is pushed out, so the body never touches it. Without the rule the step's
  // collision stops a body against the wall (its centre at 0).
  CrowdLayout room = open_room();
  const CrowdSegment wall{5, 14.5, 25, 15.5};
  room.walls.push_back(wall);
  Crowd c(avm(), room, {10}, {15}, {0.2});
  double nearest = 1e9;
  for (int s = 0; s < 1000 && c.size() > 0; ++s) {
    c.step();
    if (c.size() == 0) break;
    const double px = c.x()[0] - wall.x1, py = c.y()[0] - wall.y1, sx = wall.x2 - wall.x1,
                 sy = wall.y2 - wall.y1;
    const double u = std::fmin(1.0, std::fmax(0.0, (px * sx + py * sy) / (sx * sx + sy * sy)));
    nearest = std::fmin(nearest, std::hypot(px - u * sx, py - u * sy));
  }
  CHECK(nearest >= 0.2);
  CHECK(c.evacuated() == 1);
}

TEST_CASE("anticipation velocity model: the same bits for any thread count, and in its bytes") {
  CrowdParams p;
  p.n = 300;
  p.model = kCrowdAnticipation;
  const uint64_t want = same_bits_any_threads(p, [](const Crowd& c) { CHECK(c.mean_speed() > 0.1); });
  continues_through_bytes(p);
  p.model = kCrowdCollisionFree;
  Crowd c(p);
  for (int s = 0; s < 40; ++s) c.step();
  CHECK(c.fingerprint() != want);
}

TEST_CASE(
    "anticipation velocity model: its state file part holds the constants and orientations, and only when "
    "used") {
  CrowdParams p;
  p.n = 30;
  Crowd plain(p);
  const std::string before = crowd_pack(plain);
  p.avm_ta = 0.5;
  Crowd own(p);
  const std::string after = crowd_pack(own);
  // the law's part (tag, model, fourteen constants), then the tag, seven constants, two empty-ish lists
  CHECK(after.size() == before.size() + 4 + 4 + 14 * 8 + 4 + 7 * 8 + 2 * (8 + 30 * 8));
  Crowd back(CrowdParams{});
  REQUIRE(crowd_unpack(after, back));
  CHECK(back.params().avm_ta == 0.5);
  CHECK(crowd_pack(back) == after);
  std::string bad = after;
  bad[before.size() + 4 + 4 + 14 * 8 + 4 + 4 * 8 + 7] = static_cast<char>(0xff);  // t_r's high byte: NaN
  CHECK_FALSE(crowd_unpack(bad, back));
  std::string cut = after;
  cut.resize(cut.size() - 8);  // an orientation short
  CHECK_FALSE(crowd_unpack(cut, back));
}
