// Bandada — who can reach an exit (crowd_reach.h): decided for a body of the person's own radius on
// the walls themselves, exact both ways at passages 1 mm wider and narrower than the body (straight
// and on a slant), tried on files in the form JuPedSim Web writes them (its radius 0.15 m, start
// areas that reach the walls) and on every bundled room with that radius; and the navigation field
// leads through every passage the check lets through.
#include "models/crowd/crowd_reach.h"

#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "common/number_text.h"
#include "models/crowd/crowd.h"
#include "models/crowd/crowd_bundled.h"
#include "models/crowd/crowd_scenario.h"
#include "unit/fixtures_dir.h"

using namespace bandada;

namespace {

std::string field_file(const std::string& name) {
  std::ifstream in(std::string(kBandadaFixtures) + "/scenarios/field/" + name, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::string num(double v) { return format_shortest(v); }

/// A 4 × 4 m room whose only way out is a corridor `w` wide: east from the room, then north 6 m
/// (so no straight line reaches the exit), or on a slant at 45° for 5 m; one start area over the
/// room, `n` people of radius r.
std::string passage_room(double w, bool slant, double r, int n = 3) {
  std::string wkt, exit;
  if (!slant) {
    wkt = "POLYGON ((0 0, 4 0, 4 1, 8 1, 8 7, " + num(8 - w) + " 7, " + num(8 - w) + " " + num(1 + w) +
          ", 4 " + num(1 + w) + ", 4 4, 0 4, 0 0))";
    exit = "[[" + num(8 - w) + ", 6.5], [8, 6.5], [8, 7], [" + num(8 - w) + ", 7]]";
  } else {
    const double h = w * std::sqrt(2.0);  // the band's height along y for a width w across it
    wkt = "POLYGON ((0 0, 4 0, 4 2, 9 7, 9 " + num(7 + h) + ", 4 " + num(2 + h) + ", 4 4, 0 4, 0 0))";
    exit = "[[8.5, 6.5], [9, 7], [9, " + num(7 + h) + "], [8.5, " + num(6.5 + h) + "]]";
  }
  return R"J({"walkable_area_wkt": ")J" + wkt +
         R"J(", "exits": {"out": {"type": "polygon", "coordinates": )J" + exit +
         R"J(}}, "distributions": {"d": {"type": "polygon", "coordinates": [[0, 0], [4, 0], [4, 4], [0, 4]],
         "parameters": {"number": )J" +
         std::to_string(n) + R"J(, "radius": )J" + num(r) + "}}}}";
}

CrowdScenario read(const std::string& text) {
  CrowdScenario s;
  const std::string why = read_crowd_scenario(text, "", s);
  INFO(why);
  REQUIRE(why.empty());
  return s;
}

/// Whether a body of radius r at (x, y) can reach the scenario's first exit.
bool reaches(const CrowdScenario& s, double r, double x, double y) {
  const CrowdLayout L = crowd_scenario_room(s);
  const CrowdFreeSpace ground(L.walls, L.columns, L.x0, L.y0, L.x0 + L.width, L.y0 + L.height, r);
  return ground.meets(ground.part_of(x, y), s.exits[0].area);
}

}  // namespace

TEST_CASE(
    "a passage 1 mm wider than a body lets it through and 1 mm narrower does not, straight or on a slant") {
  for (double r : {0.1, 0.15, 0.25})
    for (bool slant : {false, true}) {
      INFO("r = " << r << (slant ? ", on a slant" : ", straight"));
      const CrowdScenario wide = read(passage_room(2 * r + 0.001, slant, r)),
                          narrow = read(passage_room(2 * r - 0.001, slant, r));
      CHECK(reaches(wide, r, 2, 2));
      CHECK_FALSE(reaches(narrow, r, 2, 2));
      // The crowd's own answer, with the start area named where it refuses.
      const Crowd open(CrowdParams(), wide, 0.0), shut(CrowdParams(), narrow, 0.0);
      CHECK(open.placed() == 3);
      CHECK(open.unreached_start() == "");
      CHECK(shut.unreached_start() == "d");
      CHECK(shut.unreached_people() == 3);
    }
}

TEST_CASE("a centre exactly a radius from a wall stands on the ground; 10 µm nearer does not") {
  const std::vector<CrowdSegment> walls = {{0, 0, 2, 0}, {2, 0, 2, 2}, {2, 2, 0, 2}, {0, 2, 0, 0}};
  const CrowdFreeSpace ground(walls, {}, 0, 0, 2, 2, 0.15);
  CHECK(ground.parts() == 1);
  CHECK(ground.part_of(0.15, 1) == 0);
  CHECK(ground.part_of(1, 1.85) == 0);
  CHECK(ground.part_of(0.15, 0.15) == 0);  // in the corner, a radius from both walls
  CHECK(ground.part_of(0.14999, 1) == -1);
  // A column in a room splits nothing; one in a corridor 1 m wide splits it when less than a body
  // is left each side (0.5 − 0.21 = 0.29 m), not when more is (0.31 m).
  const CrowdFreeSpace pillar(walls, {{1, 1, 0.3}}, 0, 0, 2, 2, 0.15);
  CHECK(pillar.parts() == 1);
  CHECK(pillar.part_of(1, 1.45) == 0);
  CHECK(pillar.part_of(1, 1.44) == -1);
  const std::vector<CrowdSegment> corridor = {{0, 0, 4, 0}, {0, 1, 4, 1}};
  CHECK(CrowdFreeSpace(corridor, {{2, 0.5, 0.21}}, 0, 0, 4, 1, 0.15).parts() == 2);
  CHECK(CrowdFreeSpace(corridor, {{2, 0.5, 0.19}}, 0, 0, 4, 1, 0.15).parts() == 1);
}

TEST_CASE("files in JuPedSim Web's form open: its radius 0.15 m, start areas that reach the walls") {
  for (const char* name : {"rimea-01.json", "rimea-02.json", "rimea-06.json", "rimea-09-four-exits.json",
                           "rimea-12a.json", "room-8x5.json", "corridor-060.json"}) {
    const CrowdScenario s = read(field_file(name));
    uint32_t want = 0;
    for (const CrowdStartArea& a : s.starts) want += a.number;
    for (uint32_t seed = 1; seed <= 10; ++seed) {  // each seed places them elsewhere, walls included
      INFO(name << ", seed " << seed);
      CrowdParams p;
      p.seed = seed;
      const Crowd c(p, s, 0.0);
      CHECK(c.placed() == want);
      CHECK(c.unreached_start() == "");
    }
  }
}

TEST_CASE("every bundled room opens with JuPedSim Web's radius and start areas grown to the walls") {
  for (const BundledScenario& b : crowd_bundled_scenarios()) {
    CrowdScenario s = read(b.text);
    for (CrowdStartArea& a : s.starts) {
      a.radius = CrowdSpread{0.15, 0, false};
      // the area's box, 0.5 m larger each way: people are placed up to the walls of its room
      CrowdBox box = box_of(a.area);
      a.area = {{box.x0 - 0.5, box.y0 - 0.5},
                {box.x1 + 0.5, box.y0 - 0.5},
                {box.x1 + 0.5, box.y1 + 0.5},
                {box.x0 - 0.5, box.y1 + 0.5}};
    }
    INFO(b.name);
    const Crowd c(CrowdParams(), s, 0.0);
    CHECK(c.unreached_start() == "");
  }
}

TEST_CASE("the navigation field leads through every passage the check lets through") {
  // A point that follows the person's heading in steps of 2 cm, from where each person stands,
  // reaches the exit: through a corridor 1 mm wider than the body, straight and on a slant.
  for (bool slant : {false, true}) {
    const double r = 0.15;
    const CrowdScenario s = read(passage_room(2 * r + 0.001, slant, r));
    const Crowd placed(CrowdParams(), s, 0.0);
    REQUIRE(placed.placed() == 3);
    const CrowdLayout L = crowd_scenario_room(s);
    for (size_t i = 0; i < placed.size(); ++i) {
      double x = placed.x()[i], y = placed.y()[i];
      int steps = 0;
      for (; steps < 3000 && !inside_ring(s.exits[0].area, x, y); ++steps) {
        const Crowd here(CrowdParams(), L, {x}, {y}, {r});
        double ex, ey;
        here.heading(0, ex, ey);
        REQUIRE((ex != 0 || ey != 0));
        x += 0.02 * ex;
        y += 0.02 * ey;
      }
      INFO((slant ? "on a slant" : "straight") << ", person " << i << " ends at (" << x << ", " << y << ")");
      CHECK(inside_ring(s.exits[0].area, x, y));
    }
  }
}
