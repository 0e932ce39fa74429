// Bandada — crowd scenario files (docs/models/crowd.md, "Scenario files"): the WKT reader, the
// JSON reader's refusals with their paths and what it keeps (file order, journeys in every form),
// the people placed where the file says with the spreads it asks for, our own log, and the
// measurement of passages and areas from frame positions.
#include "models/crowd/crowd_scenario.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>

#include "app/registry.h"
#include "app/remote_step.h"
#include "common/det_math.h"
#include "models/all_models.h"
#include "models/crowd/crowd.h"
#include "models/crowd/crowd_bundled.h"
#include "models/crowd/crowd_controller.h"
#include "models/crowd/crowd_measure.h"
#include "models/crowd/crowd_params.h"
#include "run/run.h"
#include "unit/fixtures_dir.h"

using namespace bandada;

namespace {

std::string fixture(const std::string& name) {
  std::ifstream in(std::string(kBandadaFixtures) + "/scenarios/" + name, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

/// A small valid scenario with `extra` members spliced in at its top level.
std::string scenario(const std::string& extra = "", const std::string& starts = "") {
  return R"J({"walkable_area_wkt": "POLYGON ((0 0, 10 0, 10 6, 0 6, 0 0))",)J" + extra +
         R"J("exits": {"e1": {"type": "polygon", "coordinates": [[9.5, 2], [10, 2], [10, 4], [9.5, 4]]}},
            "distributions": {)J" +
         (starts.empty() ? R"J("d1": {"type": "polygon", "coordinates": [[1, 1], [4, 1], [4, 5], [1, 5]],
                                     "parameters": {"number": 10}})J"
                         : starts) +
         "}}";
}

}  // namespace

TEST_CASE("WKT: polygons with holes and multipolygons, closed or not, in the project's number grammar") {
  std::vector<CrowdPolygon> p;
  CHECK(read_wkt_polygons("POLYGON ((0 0, 4 0, 4 4, 0 4, 0 0), (1 1, 1 2, 2 2, 2 1))", p) == "");
  REQUIRE(p.size() == 1);
  CHECK(p[0].size() == 2);
  CHECK(p[0][0].size() == 4);  // the closing point is dropped
  CHECK(p[0][1].size() == 4);  // an open ring is taken as it is
  CHECK(read_wkt_polygons("multipolygon(((0 0,1 0,1 1)),((5 5,6 5,6 6,5 5)))", p) == "");
  CHECK(p.size() == 2);
  CHECK(read_wkt_polygons("POLYGON ((-1.5e1 0, 2.25 0, 2.25 1))", p) == "");
  CHECK(p[0][0][0].x == -15.0);
  CHECK(p[0][0][1].x == 2.25);
  CHECK(read_wkt_polygons("LINESTRING (0 0, 1 1)", p).find("POLYGON or MULTIPOLYGON") != std::string::npos);
  CHECK(read_wkt_polygons("POLYGON ((0 0, 1 0))", p).find("at least three points") != std::string::npos);
  CHECK(read_wkt_polygons("POLYGON ((0 0, 1 0, 1 1)) x", p).find("nothing after") != std::string::npos);
  CHECK(read_wkt_polygons("POLYGON ((0 0 0, 1 0 0, 1 1 0))", p).find("two coordinates") != std::string::npos);
  CHECK(read_wkt_polygons("POLYGON ((0 0, 1,5 0, 1 1))", p) !=
        "");  // a comma is WKT's, never a decimal point
  CHECK(p.empty());
}

TEST_CASE("point in polygon: inside the outer ring and in none of its holes") {
  std::vector<CrowdPolygon> p;
  REQUIRE(read_wkt_polygons("POLYGON ((0 0, 4 0, 4 4, 0 4), (1 1, 3 1, 3 3, 1 3))", p) == "");
  CHECK(inside_polygons(p, 0.5, 0.5));
  CHECK_FALSE(inside_polygons(p, 2, 2));  // in the hole
  CHECK_FALSE(inside_polygons(p, 5, 2));
}

TEST_CASE("the corridor fixture reads whole: its exit, its start area, its seed, its length, its notes") {
  CrowdScenario s;
  REQUIRE(read_crowd_scenario(fixture("corridor.json"), "", s) == "");
  REQUIRE(s.exits.size() == 1);
  CHECK(s.exits[0].id == "exit-east");
  REQUIRE(s.starts.size() == 1);
  CHECK(s.starts[0].number == 12);
  CHECK(s.starts[0].radius.mean == 0.2);
  CHECK(s.starts[0].v0.mean == 1.3);
  CHECK(s.starts[0].exits == std::vector<uint32_t>{0});
  CHECK(s.seed == 7);
  CHECK(s.max_time == 90);
  // It names the collision-free speed model (in both places), with two of its constants under
  // JuPedSim's names; the social force model's relaxation time it also gives is noted, not used.
  CHECK(s.model == kCrowdCollisionFree);
  CHECK(s.constants == std::vector<std::pair<std::string, double>>{{"csm-a", 2.6}, {"csm-d", 0.1}});
  CHECK(std::find(s.notes.begin(), s.notes.end(),
                  "parameters the CollisionFreeSpeedModel does not use (relaxation_time)") != s.notes.end());
}

TEST_CASE("distributions keep the file's order, not the keys' alphabetical order") {
  CrowdScenario s;
  const std::string starts = R"J("zz": {"coordinates": [[1, 1], [2, 1], [2, 2]], "parameters": {"number": 1}},
                                "aa": {"coordinates": [[3, 1], [4, 1], [4, 2]], "parameters": {"number": 2}})J";
  REQUIRE(read_crowd_scenario(scenario("", starts), "", s) == "");
  REQUIRE(s.starts.size() == 2);
  CHECK(s.starts[0].id == "zz");
  CHECK(s.starts[1].id == "aa");
}

TEST_CASE(
    "journeys: stages, transitions in a journey and at the top level are one route; disagreeing forms are "
    "refused by both names") {
  CrowdScenario s;
  const std::string two_exits = R"J("exits": {"e1": {"coordinates": [[9.5, 2], [10, 2], [10, 4], [9.5, 4]]},
                                             "e2": {"coordinates": [[0, 2], [0.5, 2], [0.5, 4], [0, 4]]}},)J";
  auto with = [&](const std::string& journeys) {
    std::string text = scenario(journeys);
    const size_t at = text.find("\"exits\"");
    const size_t end = text.find("\"distributions\"");
    return text.substr(0, at) + two_exits + text.substr(end);
  };
  REQUIRE(read_crowd_scenario(with(R"J("journeys": [{"id": "j", "stages": ["d1", "e2"]}],)J"), "", s) == "");
  CHECK(s.starts[0].exits == std::vector<uint32_t>{1});
  REQUIRE(read_crowd_scenario(
              with(R"J("transitions": [{"from": "d1", "to": "e2"}, {"from": "d1", "to": "e1"}],)J"), "", s) ==
          "");
  CHECK(s.starts[0].exits == std::vector<uint32_t>{0, 1});
  REQUIRE(
      read_crowd_scenario(
          with(
              R"J("journeys": [{"id": "j", "stages": ["d1", "e2"], "transitions": [{"from": "d1", "to": "e2"}]}],)J"),
          "", s) == "");
  const std::string why = read_crowd_scenario(
      with(
          R"J("journeys": [{"id": "j", "stages": ["d1", "e2"]}], "transitions": [{"from": "d1", "to": "e1"}],)J"),
      "", s);
  CHECK(why.find("journeys[0].stages") == 0);
  CHECK(why.find("transitions") != std::string::npos);
  CHECK(read_crowd_scenario(with(R"J("journeys": [{"id": "j", "stages": ["d1", "nowhere"]}],)J"), "", s)
            .find("journeys[0].stages[1]") == 0);
  // No journey: everyone heads for the nearest exit.
  REQUIRE(read_crowd_scenario(with(""), "", s) == "");
  CHECK(s.starts[0].exits.empty());
}

TEST_CASE("refusals name their JSON path") {
  CrowdScenario s;
  auto why = [&](const std::string& text) { return read_crowd_scenario(text, "", s); };
  CHECK(why("[1, 2]").find("(the file)") == 0);
  CHECK(why("{").find("not JSON: a syntax error at byte") == 0);
  CHECK(why(scenario(R"J("zones": {"z": {}},)J")).find("zones.z: an object with \"coordinates\"") == 0);
  CHECK(why(scenario(R"J("bandada": {"wish": 1},)J")).find("bandada.wish") == 0);
  CHECK(
      why(scenario("", R"J("d1": {"coordinates": [[1, 1], [4, 1], [4, 5]], "parameters": {"number": 2.5}})J"))
          .find("distributions.d1.parameters.number") == 0);
  CHECK(
      why(scenario(
              "",
              R"J("d1": {"coordinates": [[1, 1], [4, 1], [4, 5]], "parameters": {"number": 2, "distribution_mode": "by_density"}})J"))
          .find("distributions.d1.parameters.distribution_mode") == 0);
  auto premove = [&](const std::string& params) {
    return why(scenario(
        "",
        R"J("d1": {"coordinates": [[1, 1], [4, 1], [4, 5]], "parameters": {"number": 2, )J" + params + "}}"));
  };
  CHECK(premove(R"J("use_premovement": "yes")J").find("distributions.d1.parameters.use_premovement") == 0);
  CHECK(premove(R"J("use_premovement": true, "premovement_distribution": "normal")J")
            .find("distributions.d1.parameters.premovement_distribution: \"gamma\"") == 0);
  CHECK(premove(R"J("use_premovement": true, "premovement_param_a": 3)J")
            .find("distributions.d1.parameters.premovement_param_a: give premovement_param_a and") == 0);
  CHECK(premove(R"J("use_premovement": true, "premovement_distribution": "uniform", "premovement_param_a": 50,
                    "premovement_param_b": 10)J")
            .find("distributions.d1.parameters.premovement_param_b: the latest time") == 0);
  CHECK(premove(R"J("use_premovement": true, "premovement_distribution": "weibull", "premovement_param_a": 50,
                    "premovement_param_b": 0)J")
            .find("distributions.d1.parameters.premovement_param_b: a shape") == 0);
  CHECK(premove(R"J("use_premovement": true, "premovement_seed": -4)J")
            .find("distributions.d1.parameters.premovement_seed") == 0);
  // Off, the other keys are ignored, as the anchor ignores them.
  CHECK(premove(R"J("use_premovement": false, "premovement_distribution": "normal")J") == "");
  CHECK(s.starts[0].premovement.kind == CrowdPremovement::none);
  CHECK(why(scenario(R"J("config": {"simulation_settings": {"baseSeed": -1}},)J"))
            .find("config.simulation_settings.baseSeed") == 0);
  // Found by fuzzing: coordinates so large that Boost's robust rescaling overflowed and threw.
  CHECK(why(R"J({"walkable_area_wkt": "POLYGON ((0 0, 1e300 0, 1e300 1, 0 1))"})J")
            .find("walkable_area_wkt: coordinates within") == 0);
  CHECK(why(scenario("",
                     R"J("d1": {"coordinates": [[1, 1], [4e200, 1], [4, 5]], "parameters": {"number": 2}})J"))
            .find("distributions.d1.coordinates: coordinates within") == 0);
  // Our own keys are accepted only when empty for now, and the anchor's own keys are ignored.
  CHECK(
      why(scenario(
          R"J("bandada": {}, "_description": "x", "_expectations": {}, "ui_state": {}, "project_version": "2.0",)J")) ==
      "");
  CHECK(s.notes.empty());
  CHECK(why(scenario(R"J("mystery": 1,)J")) == "");
  CHECK(s.notes == std::vector<std::string>{
                       "no model_type: the web tool's default, the collision-free speed model, runs",
                       "key mystery is not read"});
}

TEST_CASE("people are placed in their start areas in file order, with the spreads the file asks for") {
  CrowdScenario s;
  const std::string starts =
      R"J("west": {"coordinates": [[1, 1], [4, 1], [4, 5], [1, 5]],
                 "parameters": {"number": 30, "radius": 0.2, "v0": 1.2, "v0_distribution": "gaussian", "v0_std": 0.3}},
         "east": {"coordinates": [[5, 1], [8, 1], [8, 5], [5, 5]],
                 "parameters": {"number": 20, "radius": 0.25, "radius_distribution": "gaussian", "radius_std": 0.05}})J";
  REQUIRE(read_crowd_scenario(scenario("", starts), "", s) == "");
  CrowdParams p;
  const Crowd c(p, s, 0.0);
  REQUIRE(c.size() == 50);
  CHECK(c.short_start() == "");
  double mean = 0;
  for (size_t i = 0; i < 50; ++i) {
    const bool west = i < 30;
    CHECK(c.x()[i] > (west ? 1 : 5));
    CHECK(c.x()[i] < (west ? 4 : 8));
    if (west) {
      CHECK(c.radius()[i] == 0.2);
      CHECK(c.own_speeds()[i] >= 0.1);
      CHECK(c.own_speeds()[i] <= 5.0);
      mean += c.own_speeds()[i] / 30;
    } else {
      CHECK(c.own_speeds()[i] == 1.2);  // the anchor's default speed
      CHECK(c.radius()[i] >= 0.1);
      CHECK(c.radius()[i] <= 1.0);
    }
  }
  CHECK(std::fabs(mean - 1.2) < 0.2);
  // The same file and seed place the same people, bit for bit; another seed elsewhere.
  const Crowd again(p, s, 0.0), other(
                                    [&] {
                                      CrowdParams q;
                                      q.seed = 2;
                                      return q;
                                    }(),
                                    s, 0.0);
  CHECK(again.fingerprint() == c.fingerprint());
  CHECK(other.fingerprint() != c.fingerprint());
  // More than fit: the area is named.
  s.starts[1].number = 2000;
  const Crowd full(p, s, 0.0);
  CHECK(full.short_start() == "east");
}

TEST_CASE("a start area cut off from every exit of its journey is named, with how many stand there") {
  // Two parts of a MULTIPOLYGON floor: the exit in the first, the people in the second.
  const std::string two_parts =
      R"J({"walkable_area_wkt": "MULTIPOLYGON (((0 0, 10 0, 10 6, 0 6, 0 0)), ((20 0, 30 0, 30 6, 20 6, 20 0)))",
           "exits": {"e1": {"type": "polygon", "coordinates": [[9.5, 2], [10, 2], [10, 4], [9.5, 4]]}},
           "distributions": {
             "near": {"type": "polygon", "coordinates": [[1, 1], [4, 1], [4, 5], [1, 5]], "parameters": {"number": 5}},
             "far": {"type": "polygon", "coordinates": [[21, 1], [24, 1], [24, 5], [21, 5]], "parameters": {"number": 10}}}})J";
  CrowdScenario s;
  REQUIRE(read_crowd_scenario(two_parts, "", s) == "");
  const Crowd cut(CrowdParams(), s, 0.0);
  CHECK(cut.placed() == 15);
  CHECK(cut.unreached_start() == "far");
  CHECK(cut.unreached_people() == 10);
  // A hole from side to side but for two 5 cm gaps, narrower than anyone, walls the exit off.
  const std::string walled =
      R"J({"walkable_area_wkt": "POLYGON ((0 0, 10 0, 10 6, 0 6, 0 0), (7 0.05, 7.2 0.05, 7.2 5.95, 7 5.95, 7 0.05))",)J";
  CrowdScenario h;
  REQUIRE(read_crowd_scenario(walled + scenario().substr(scenario().find("\"exits\"")), "", h) == "");
  const Crowd c(CrowdParams(), h, 0.0);
  CHECK(c.unreached_start() == "d1");
  CHECK(c.unreached_people() == 10);
  // The same floors joined: everyone can leave.
  REQUIRE(read_crowd_scenario(scenario(), "", h) == "");
  const Crowd open(CrowdParams(), h, 0.0);
  CHECK(open.unreached_start() == "");
  CHECK(open.unreached_people() == 0);
}

TEST_CASE("our own log agrees with the platform's to within 2 ulp") {
  for (double x : {1e-300, 1e-10, 0.001, 0.1, 0.5, 0.7071, 0.99999, 1.0, 1.5, 2.0, 10.0, 12345.678, 1e300}) {
    const double a = det_log(x), b = std::log(x);
    CHECK(std::fabs(a - b) <= 2 * std::fabs(std::nextafter(b, INFINITY) - b) + 1e-300);
  }
  CHECK(det_log(1.0) == 0.0);
  CHECK(std::isnan(det_log(-1.0)));
  CHECK(det_log(0.0) == -INFINITY);
}

TEST_CASE("a line counts passages from frame positions, with the 10–90 % flow; an area its density") {
  CrowdScenario s;
  REQUIRE(read_crowd_scenario(fixture("corridor.json"), "", s) == "");
  CrowdParams p;
  Crowd c(p, s, 0.0);
  CrowdMeasures m;
  m.lines.emplace_back();
  REQUIRE(read_measure_line("12;0;12;4", m.lines[0]) == "");
  m.areas.emplace_back();
  REQUIRE(read_measure_area("POLYGON ((10 0, 14 0, 14 4, 10 4))", m.areas[0]) == "");
  CHECK(m.areas[0].area == 16);
  m.frame(c);
  for (int f = 0; f < 500; ++f) {
    c.step();
    m.frame(c);
  }
  const CrowdLine& l = m.lines[0];
  REQUIRE(l.passages.size() == 12);  // everyone crosses once, eastward
  for (size_t k = 0; k < 12; ++k) {
    CHECK(l.passages[k].dir == -1);  // (0, 4) × (+x, 0) < 0
    if (k) CHECK(l.passages[k].t >= l.passages[k - 1].t);
  }
  const double expect = (10 - 1) / (l.passages[10].t - l.passages[1].t);  // i0 = 1, i1 = 10
  CHECK(l.flow() == expect);
  CHECK(m.areas[0].density.size() == 501);
  CHECK(m.areas[0].density[0] == 0);
  double top = 0;
  for (double d : m.areas[0].density) top = std::max(top, d);
  CHECK(top > 0);
  CHECK(read_measure_line("1;2;3", m.lines[0]) != "");
  CHECK(read_measure_area("POLYGON ((0 0, 1 0, 1 1), (0.2 0.1, 0.3 0.1, 0.3 0.2))", m.areas[0]) != "");
}

TEST_CASE(
    "a scenario room with negative coordinates draws inside the view, and the session's JSON keeps the "
    "file's coordinates") {
  add_all_models();
  std::unique_ptr<ModelSession> s = make_session("crowd");
  REQUIRE(s);
  const std::string folder = pack_list({"config.json", fixture("two-rooms-folder/config.json"),
                                        "geometry.wkt", fixture("two-rooms-folder/geometry.wkt")});
  REQUIRE(s->cli_option("scenario", folder) == "");
  REQUIRE(s->command("initialize").ok);
  DrawData d;
  s->draw(d);
  REQUIRE(d.count == 60);
  CHECK(d.width == 20);
  CHECK(d.height == 10);
  bool negative = false;
  for (size_t i = 0; i < d.count; ++i) {
    CHECK(d.pos[i * 3] >= 0);
    CHECK(d.pos[i * 3] <= d.width);
    CHECK(d.pos[i * 3 + 1] >= 0);
    CHECK(d.pos[i * 3 + 1] <= d.height);
  }
  const std::string json = s->export_json();
  negative = json.find("\"p\":[-") != std::string::npos;
  CHECK(negative);  // the west room's people, in the file's own coordinates
  CHECK(s->cli_option("scenario", "{}").find("--scenario: walkable_area_wkt") == 0);
}

namespace {

bool same_rings(const CrowdRing& a, const CrowdRing& b) {
  if (a.size() != b.size()) return false;
  for (size_t k = 0; k < a.size(); ++k)
    if (a[k].x != b[k].x || a[k].y != b[k].y) return false;
  return true;
}

/// Whether two scenarios hold the same room, people, routes and settings, bit for bit.
bool same_scenario(const CrowdScenario& a, const CrowdScenario& b) {
  bool same = a.walkable.size() == b.walkable.size() && a.exits.size() == b.exits.size() &&
              a.starts.size() == b.starts.size() && a.seed == b.seed && a.has_seed == b.has_seed &&
              a.max_time == b.max_time && a.lines.size() == b.lines.size() &&
              a.areas.size() == b.areas.size() && a.columns.size() == b.columns.size() &&
              a.zones.size() == b.zones.size() && a.checkpoints.size() == b.checkpoints.size();
  for (size_t k = 0; same && k < a.checkpoints.size(); ++k) {
    const CrowdCheckpoint &x = a.checkpoints[k], &y = b.checkpoints[k];
    same = x.id == y.id && same_rings(x.area, y.area) && x.wait == y.wait && x.wait_std == y.wait_std &&
           x.gaussian == y.gaussian && x.throughput == y.throughput && x.factor == y.factor;
  }
  for (size_t k = 0; same && k < a.zones.size(); ++k)
    same = a.zones[k].id == b.zones[k].id && a.zones[k].factor == b.zones[k].factor &&
           same_rings(a.zones[k].area, b.zones[k].area);
  for (size_t p = 0; same && p < a.walkable.size(); ++p) {
    same = a.walkable[p].size() == b.walkable[p].size();
    for (size_t r = 0; same && r < a.walkable[p].size(); ++r)
      same = same_rings(a.walkable[p][r], b.walkable[p][r]);
  }
  for (size_t k = 0; same && k < a.exits.size(); ++k)
    same = a.exits[k].id == b.exits[k].id && same_rings(a.exits[k].area, b.exits[k].area) &&
           a.exits[k].throughput == b.exits[k].throughput;
  for (size_t k = 0; same && k < a.starts.size(); ++k) {
    const CrowdStartArea &x = a.starts[k], &y = b.starts[k];
    same = x.id == y.id && same_rings(x.area, y.area) && x.number == y.number && x.exits == y.exits &&
           x.radius.mean == y.radius.mean && x.radius.std == y.radius.std &&
           x.radius.gaussian == y.radius.gaussian && x.v0.mean == y.v0.mean && x.v0.std == y.v0.std &&
           x.v0.gaussian == y.v0.gaussian && x.premovement.kind == y.premovement.kind &&
           x.premovement.a == y.premovement.a && x.premovement.b == y.premovement.b &&
           x.premovement.seed == y.premovement.seed && x.premovement.has_seed == y.premovement.has_seed &&
           x.ages.size() == y.ages.size() && x.checkpoints == y.checkpoints && x.flow == y.flow &&
           x.flow_start == y.flow_start && x.flow_end == y.flow_end;
    for (size_t r = 0; same && r < x.ages.size(); ++r)
      same = x.ages[r].from == y.ages[r].from && x.ages[r].to == y.ages[r].to &&
             x.ages[r].v_min == y.ages[r].v_min && x.ages[r].v_max == y.ages[r].v_max;
  }
  for (size_t k = 0; same && k < a.lines.size(); ++k)
    same = a.lines[k].x1 == b.lines[k].x1 && a.lines[k].y1 == b.lines[k].y1 &&
           a.lines[k].x2 == b.lines[k].x2 && a.lines[k].y2 == b.lines[k].y2;
  for (size_t k = 0; same && k < a.areas.size(); ++k) same = same_rings(a.areas[k], b.areas[k]);
  for (size_t k = 0; same && k < a.columns.size(); ++k)
    same = a.columns[k].x == b.columns[k].x && a.columns[k].y == b.columns[k].y &&
           a.columns[k].r == b.columns[k].r;
  return same;
}

const char* kOurKeys =
    R"J("bandada": {"lines": [[[8, 0.1], [8, 5.9]]], "areas": ["POLYGON ((5 1, 7 1, 7 5, 5 5, 5 1))"],
                    "columns": [[6.1, 3.3, 0.35]]},)J";

}  // namespace

TEST_CASE("the \"bandada\" object: measurement lines and areas and columns, each refused by its path") {
  CrowdScenario s;
  REQUIRE(read_crowd_scenario(scenario(kOurKeys), "", s) == "");
  REQUIRE(s.lines.size() == 1);
  CHECK(s.lines[0].x1 == 8);
  CHECK(s.lines[0].y2 == 5.9);
  REQUIRE(s.areas.size() == 1);
  CHECK(s.areas[0].size() == 4);
  REQUIRE(s.columns.size() == 1);
  CHECK(s.columns[0].r == 0.35);
  CHECK(crowd_scenario_room(s).columns.size() == 1);
  auto why = [&](const std::string& extra) { return read_crowd_scenario(scenario(extra), "", s); };
  CHECK(why(R"J("bandada": {"lines": [[[8, 1], [8, 1.05]]]},)J").find("bandada.lines[0]: a line at least") ==
        0);
  CHECK(why(R"J("bandada": {"lines": [[8, 1, 8, 2]]},)J").find("bandada.lines[0]: a line [[x1, y1]") == 0);
  CHECK(why(R"J("bandada": {"areas": ["POLYGON ((0 0, 1 1, 1 0, 0 1))"]},)J")
            .find("bandada.areas[0]: not a simple") == 0);
  CHECK(why(R"J("bandada": {"areas": [3]},)J").find("bandada.areas[0]") == 0);
  CHECK(why(R"J("bandada": {"columns": [[60, 3, 0.4]]},)J").find("bandada.columns[0]: a column centred") ==
        0);
  CHECK(why(R"J("bandada": {"columns": [[6, 3, 40]]},)J").find("bandada.columns[0][2]: a radius") == 0);
  CHECK(why(R"J("bandada": [1],)J").find("bandada: an object") == 0);
}

TEST_CASE("an age table (RiMEA 7): read by distribution, refused by its path, drawn within its rows") {
  const std::string table =
      R"J("bandada": {"age_tables": {"d1": [{"ages": [18, 30], "speed": [0.58, 1.61]},
                                            {"ages": [30, 50], "speed": [1.41, 1.54]},
                                            {"ages": [50, 80], "speed": [0.68, 1.41]}]}},)J";
  CrowdScenario s;
  REQUIRE(read_crowd_scenario(scenario(table), "", s) == "");
  REQUIRE(s.starts[0].ages.size() == 3);
  CHECK(s.starts[0].ages[1].from == 30);
  CHECK(s.starts[0].ages[2].v_max == 1.41);
  CrowdScenario back;  // written back and read again, the same table
  REQUIRE(read_crowd_scenario(write_crowd_scenario(s), "", back) == "");
  CHECK(same_scenario(s, back));
  // The crowd's people walk at their draws: each within their row's range, in placement order.
  CrowdParams p;
  p.seed = 7;
  const Crowd c(p, s, 0.0);
  const std::vector<CrowdAgeDraw> draws = crowd_age_draws(s.starts[0], 0, 7);
  REQUIRE(draws.size() == 10);
  REQUIRE(c.own_speeds().size() == 10);
  size_t rows[3] = {0, 0, 0};
  for (size_t i = 0; i < 10; ++i) {
    const CrowdAgeRow& r = s.starts[0].ages[draws[i].row];
    CHECK(c.own_speeds()[i] == draws[i].v0);
    CHECK(draws[i].v0 >= r.v_min);
    CHECK(draws[i].v0 <= r.v_max);
    ++rows[draws[i].row];
  }
  CHECK(rows[0] + rows[1] + rows[2] == 10);
  CHECK(rows[2] > 0);  // half the ages are over 50
  // The table leaves the placement's draws as they were: the same places as without it.
  CrowdScenario plain = s;
  plain.starts[0].ages.clear();
  const Crowd without(p, plain, 0.0);
  CHECK(without.x() == c.x());
  CHECK(without.own_speeds() != c.own_speeds());
  auto why = [&](const std::string& rows) {
    return read_crowd_scenario(scenario(R"J("bandada": {"age_tables": {"d1": )J" + rows + "}},"), "", s);
  };
  CHECK(why(R"J([{"ages": [18, 30], "speed": [1, 1.5]}, {"ages": [25, 50], "speed": [1, 1.4]}])J") ==
        "bandada.age_tables.d1[1].ages: ages that do not overlap the row before's (it ends at 30)");
  CHECK(why(R"J([{"ages": [18, 30], "speed": [1, 1.5]}, {"ages": [35, 50], "speed": [1, 1.4]}])J") ==
        "bandada.age_tables.d1[1].ages: ages that start where the row before's end (30), leaving no gap");
  CHECK(why(R"J([{"ages": [30, 18], "speed": [1, 1.5]}])J") ==
        "bandada.age_tables.d1[0].ages: [from, to] with to above from");
  CHECK(why(R"J([{"ages": [18, 30], "speed": [1.5, 1]}])J") ==
        "bandada.age_tables.d1[0].speed: [min, max] with max at least min");
  CHECK(why(R"J([{"ages": [18, 30], "speed": [1, 9]}])J") ==
        "bandada.age_tables.d1[0].speed[1]: 0.1 … 5 m/s");
  CHECK(why(R"J([{"ages": [18, 30]}])J").find("bandada.age_tables.d1[0]: a row") == 0);
  CHECK(why(R"J([{"ages": 18, "speed": [1, 1.5]}])J") ==
        "bandada.age_tables.d1[0].ages: [from, to], in years");
  CHECK(why("[]") == "bandada.age_tables.d1: a list of 1 to 20 rows");
  CHECK(read_crowd_scenario(
            scenario(R"J("bandada": {"age_tables": {"nobody": [{"ages": [1, 2], "speed": [1, 1]}]}},)J"), "",
            s) == "bandada.age_tables.nobody: a distribution of this file");
  CHECK(read_crowd_scenario(scenario(R"J("bandada": {"age_tables": [1]},)J"), "", s) ==
        "bandada.age_tables: an object keyed by distribution id");
}

namespace {
/// A corridor without ends, 20 x 2 m, walked east, with `extra` in its "bandada" object.
std::string corridor_without_ends(const std::string& extra = "", const std::string& room = "") {
  return R"J({"walkable_area_wkt": ")J" + (room.empty() ? "POLYGON ((0 0, 20 0, 20 2, 0 2, 0 0))" : room) +
         R"J(", "distributions": {"d": {"type": "polygon", "coordinates": [[0.5, 0.3], [19.5, 0.3], [19.5, 1.7],
              [0.5, 1.7]], "parameters": {"number": 30, "radius": 0.2, "v0": 1.0}}},
              "bandada": {"periodic": "east")J" +
         extra + "}}";
}
}  // namespace

TEST_CASE("a corridor without ends: read, refused by its path, walked round the seam, seen across it") {
  CrowdScenario s;
  REQUIRE(read_crowd_scenario(corridor_without_ends(), "", s) == "");
  CHECK(s.periodic == 1);
  CHECK(s.exits.empty());
  const CrowdLayout L = crowd_scenario_room(s);
  CHECK(L.periodic == 1);
  CHECK(L.walls.size() == 2);  // the long walls only: the ends are the seam
  CrowdScenario back;
  REQUIRE(read_crowd_scenario(write_crowd_scenario(s), "", back) == "");
  CHECK(back.periodic == 1);
  // Refused by the path: exits, a room that is not one rectangle, columns, lines, another word.
  CHECK(read_crowd_scenario(scenario(R"J("bandada": {"periodic": "east"},)J"), "", s) ==
        "exits: none: a corridor without ends (bandada.periodic) has no exits");
  CHECK(read_crowd_scenario(corridor_without_ends("", "POLYGON ((0 0, 20 0, 20 2, 10 3, 0 2, 0 0))"), "", s)
            .find("bandada.periodic: a walkable area that is one rectangle") == 0);
  CHECK(read_crowd_scenario(corridor_without_ends(R"J(, "columns": [[5, 1, 0.2]])J"), "", s) ==
        "bandada.periodic: no columns: a corridor without ends has none");
  CHECK(read_crowd_scenario(corridor_without_ends(R"J(, "lines": [[[5, 0], [5, 2]]])J"), "", s) ==
        "bandada.periodic: no measurement lines: a corridor without ends measures with areas");
  std::string north = corridor_without_ends();
  north.replace(north.find("\"east\""), 6, "\"north\"");
  CHECK(read_crowd_scenario(north, "", s).find("bandada.periodic: \"east\" or \"west\"") == 0);
  // A lone walker goes round and round: always inside [0, 20), about 1 m/s along, nobody leaves.
  REQUIRE(read_crowd_scenario(corridor_without_ends(), "", s) == "");
  CrowdParams p;
  p.v0 = 1.2;
  Crowd one(p, crowd_scenario_room(s), {19.0}, {1.0}, {0.2});
  double along = 0, last = one.x()[0];
  for (int f = 0; f < 625; ++f) {  // 25 s
    one.step();
    REQUIRE(one.size() == 1);
    CHECK(one.x()[0] >= 0.0);
    CHECK(one.x()[0] < 20.0);
    along += one.sep_x(one.x()[0] - last);
    last = one.x()[0];
  }
  CHECK(along > 1.2 * 25 - 1);  // 30 m less the start from rest (tau = 0.5 s): a lap and a half
  CHECK(along < 1.2 * 25);
  // Across the seam: with the collision-free speed model, a walker at x = 19.5 has someone
  // 0.8 m ahead at x = 0.3, so walks at the gap over T (0.4 m/s), not at v0.
  p.model = kCrowdCollisionFree;
  Crowd two(p, crowd_scenario_room(s), {19.5, 0.3}, {1.0, 1.0}, {0.2, 0.2});
  two.step();
  const double moved = two.sep_x(two.x()[0] - 19.5) / kCrowdFrame;
  CHECK(moved == doctest::Approx(0.4).epsilon(0.02));
}

TEST_CASE("a lattice places a density random places cannot reach, clear of everyone and of the seam") {
  // 6 P/m² over a corridor without ends, 10 x 4 m, of people of radius 0.2 m.
  const std::string text = R"J({"walkable_area_wkt": "POLYGON ((0 0, 10 0, 10 4, 0 4, 0 0))",
      "distributions": {"d": {"type": "polygon", "coordinates": [[0, 0], [10, 0], [10, 4], [0, 4]],
                              "parameters": {"number": 240, "radius": 0.2}}},
      "bandada": {"periodic": "east", "lattice": ["d"]}})J";
  CrowdScenario s;
  REQUIRE(read_crowd_scenario(text, "", s) == "");
  REQUIRE(s.starts[0].lattice);
  CrowdParams p;
  const Crowd c(p, s, 0.0);
  CHECK(c.short_start().empty());
  REQUIRE(c.size() == 240);
  double closest = INFINITY;
  for (size_t i = 0; i < c.size(); ++i) {
    CHECK(c.x()[i] >= 0.2);
    CHECK(c.x()[i] <= 9.8);
    CHECK(c.y()[i] >= 0.2 - 1e-12);
    CHECK(c.y()[i] <= 3.8 + 1e-12);
    for (size_t j = i + 1; j < c.size(); ++j) {
      const double dx = c.sep_x(c.x()[j] - c.x()[i]), dy = c.y()[j] - c.y()[i];
      closest = std::min(closest, std::sqrt(dx * dx + dy * dy));
    }
  }
  CHECK(closest >= 0.4 - 1e-9);  // two radii, across the seam too
  CrowdScenario random = s;      // without the lattice the same head count does not fit
  random.starts[0].lattice = false;
  CHECK(Crowd(p, random, 0.0).short_start() == "d");
  CrowdScenario back;
  REQUIRE(read_crowd_scenario(write_crowd_scenario(s), "", back) == "");
  CHECK(back.starts[0].lattice);
  CHECK(read_crowd_scenario(corridor_without_ends(R"J(, "lattice": ["nobody"])J"), "", s) ==
        "bandada.lattice[0]: a distribution of this file");
}

TEST_CASE("--measure-from: the areas' means start at that time, whichever option comes first") {
  add_all_models();
  auto area_speed = [](const char* from, bool before) {
    std::unique_ptr<ModelSession> s = make_session("crowd");
    if (before && from) REQUIRE(s->cli_option("measure-from", from) == "");
    REQUIRE(s->cli_option("scenario", fixture("corridor-without-ends.json")) == "");
    if (!before && from) REQUIRE(s->cli_option("measure-from", from) == "");
    REQUIRE(s->command("initialize").ok);
    REQUIRE(s->compute(250).ok);  // 10 s, the first of it from rest
    for (const ModelSession::Measure& m : s->measures())
      if (m.name == "area1_speed") return m.value;
    return std::string("none");
  };
  const std::string all = area_speed(nullptr, false), late = area_speed("5", false);
  CHECK(all != late);                       // the start from rest is left out
  CHECK(area_speed("5", true) == late);     // given before the file, kept
  CHECK(area_speed("20", false) == "nan");  // nothing measured yet
  CHECK(std::stod(late) > std::stod(all));  // people walk faster once under way
  std::unique_ptr<ModelSession> s = make_session("crowd");
  CHECK(s->cli_option("measure-from", "-1") == "--measure-from '-1': seconds, 0 … 100000");
}

TEST_CASE("a scenario written by Bandada reads back whole, bit for bit, and runs the same crowd") {
  for (const char* name : {"corridor.json", "corner.json", "holes.json", "premovement.json"}) {
    CAPTURE(name);
    CrowdScenario a, b;
    REQUIRE(read_crowd_scenario(fixture(name), "", a) == "");
    a.lines.push_back({0.1 + 0.2, 0.7, 1.0 / 3.0, 3.9});  // numbers WKT and JSON must not round
    const std::string text = write_crowd_scenario(a);
    REQUIRE(read_crowd_scenario(text, "", b) == "");
    CHECK(same_scenario(a, b));
    CHECK(b.notes.empty());  // nothing of ours that the reader calls foreign
    CHECK(write_crowd_scenario(b) == text);
  }
  CrowdScenario a, b;
  REQUIRE(read_crowd_scenario(scenario(kOurKeys), "", a) == "");
  REQUIRE(read_crowd_scenario(write_crowd_scenario(a), "", b) == "");
  CHECK(same_scenario(a, b));
  add_all_models();
  std::unique_ptr<ModelSession> s1 = make_session("crowd"), s2 = make_session("crowd");
  REQUIRE(s1->cli_option("scenario", fixture("holes.json")) == "");
  REQUIRE(s1->command("initialize").ok);
  REQUIRE(s2->cli_option("scenario", s1->export_file()) == "");
  REQUIRE(s2->command("initialize").ok);
  REQUIRE(s1->compute(30).ok);
  REQUIRE(s2->compute(30).ok);
  CHECK(s1->fingerprint() == s2->fingerprint());
  CHECK(s1->export_json() == s2->export_json());
}

TEST_CASE(
    "in the page: an opened file places its crowd at once, what is typed after it is saved with it, and a "
    "file that cannot place its people changes nothing") {
  add_all_models();
  std::unique_ptr<ModelSession> s = make_session("crowd");
  CHECK(s->export_file() == "");  // a preset is not a file to save
  REQUIRE(s->command("initialize").ok);
  REQUIRE(s->cli_option("scenario", scenario(kOurKeys)) == "");
  CHECK(s->size() == 10);  // the file's crowd is on screen without another Initialize
  CHECK(s->export_json().find("\"lines\":[") != std::string::npos);
  const uint64_t opened = s->fingerprint();
  const std::string saved = s->export_file();
  CHECK(saved.find("\"baseSeed\"") != std::string::npos);
  const std::string crowded = scenario("", R"J("d1": {"coordinates": [[1, 1], [2, 1], [2, 2], [1, 2]],
                                                     "parameters": {"number": 400}})J");
  CHECK(
      s->cli_option("scenario", crowded).find("--scenario: distributions.d1.parameters.number: 400 people") ==
      0);
  CHECK(s->fingerprint() == opened);
  CHECK(s->export_file() == saved);
  const size_t seed = static_cast<size_t>(CrowdField::seed);
  s->edit(seed, "99");
  REQUIRE(s->command("initialize").ok);
  CrowdScenario back;
  REQUIRE(read_crowd_scenario(s->export_file(), "", back) == "");
  CHECK(back.seed == 99);
  CHECK(back.lines.size() == 1);
  CHECK(back.columns.size() == 1);
}

TEST_CASE("premovement draws follow the anchor's four distributions, from our own exp and log") {
  // Each distribution's sample mean and variance against its own, over 40 000 draws.
  struct Case {
    CrowdPremovement::Kind kind;
    double a, b, mean, var;
  };
  const double g1 = std::tgamma(1 + 1 / 1.195), g2 = std::tgamma(1 + 2 / 1.195);
  const Case cases[] = {
      {CrowdPremovement::uniform, 10, 100, 55, 90.0 * 90.0 / 12},
      {CrowdPremovement::gamma, 1.291, 103.901, 1.291 * 103.901, 1.291 * 103.901 * 103.901},
      {CrowdPremovement::gamma, 0.5, 20, 10, 200},  // a shape below 1
      {CrowdPremovement::lognormal, 4.586, 0.967, std::exp(4.586 + 0.967 * 0.967 / 2),
       (std::exp(0.967 * 0.967) - 1) * std::exp(2 * 4.586 + 0.967 * 0.967)},
      {CrowdPremovement::weibull, 139.285, 1.195, 139.285 * g1, 139.285 * 139.285 * (g2 - g1 * g1)},
  };
  for (const Case& c : cases) {
    CAPTURE(c.kind);
    CAPTURE(c.a);
    CrowdPremovement p;
    p.kind = c.kind;
    p.a = c.a;
    p.b = c.b;
    Lcg rng(7);
    const int n = 40000;
    double sum = 0, sq = 0, lo = INFINITY, hi = 0;
    for (int i = 0; i < n; ++i) {
      const double t = crowd_premovement_draw(p, rng);
      sum += t;
      sq += t * t;
      lo = std::min(lo, t);
      hi = std::max(hi, t);
    }
    const double mean = sum / n, var = sq / n - mean * mean;
    CHECK(std::fabs(mean - c.mean) < 4 * std::sqrt(c.var / n));
    CHECK(std::fabs(var / c.var - 1) < 0.1);
    CHECK(lo >= 0);
    if (c.kind == CrowdPremovement::uniform) {
      CHECK(lo >= 10);
      CHECK(hi < 100);
    }
  }
}

TEST_CASE(
    "RiMEA 5: each person stands until their premovement time, then walks; a state file keeps the times") {
  CrowdScenario s;
  REQUIRE(read_crowd_scenario(fixture("premovement.json"), "", s) == "");
  REQUIRE(s.starts[0].premovement.kind == CrowdPremovement::uniform);
  CrowdParams p;
  p.seed = s.seed;
  Crowd c(p, s, 0.0);
  REQUIRE(c.size() == 10);
  const std::vector<double> start = c.start_times();
  REQUIRE(start.size() == 10);
  // The times are the area's own generator's, seeded with premovement_seed: uniform on [10, 100].
  Lcg rng(12345);
  for (size_t i = 0; i < 10; ++i) CHECK(start[i] == 10 + 90 * rng.next());
  const std::vector<double> x0 = c.x(), y0 = c.y();
  std::vector<double> moved(10, -1);  // when each first stood 5 cm from where they started
  const size_t frames = 130 / 0.04;
  bool saved = false;
  std::string bytes;
  for (size_t f = 0; f < frames && c.size() > 0; ++f) {
    c.step();
    if (!saved && c.time() >= 30) {
      bytes = crowd_pack(c);
      saved = true;
    }
    for (size_t k = 0; k < c.size(); ++k) {
      const uint32_t id = c.ids()[k];
      if (moved[id] < 0 && std::hypot(c.x()[k] - x0[id], c.y()[k] - y0[id]) > 0.05) moved[id] = c.time();
    }
    if (c.time() <= 10) CHECK(c.waiting() == c.size());
  }
  CHECK(c.evacuated() == 10);
  for (size_t i = 0; i < 10; ++i) {
    CAPTURE(i);
    CHECK(moved[i] >= start[i]);
    CHECK(moved[i] <= start[i] + 0.5);  // the anchor's V&V test allows 0.5 s
  }
  // A state file saved at 30 s continues to the same crowd.
  Crowd back(p);
  REQUIRE(crowd_unpack(bytes, back));
  CHECK(back.start_times() == start);
  while (back.time() + 1e-9 < c.time()) back.step();
  CHECK(back.fingerprint() == c.fingerprint());
  // The same file without premovement places the same people (the times come from their own
  // generator) and they walk at once.
  CrowdScenario off = s;
  off.starts[0].premovement = CrowdPremovement{};
  Crowd now(p, off, 0.0);
  CHECK(now.x() == x0);
  CHECK(now.start_times().empty());
  CHECK(now.waiting() == 0);
}

TEST_CASE(
    "a corner pushes once; an exit area is an opening in the walls; a body beside a jamb aims clear of it") {
  // Found by the RiMEA 9 card, whose people stood in front of its doorways for good:
  // - a scenario's rings meet at every corner, so a corner was the nearest point of two walls and
  //   pushed twice;
  // - the walkable area's edge along an exit area was a wall, whose push held people out of an
  //   exit strip against it (the holes fixture's west strip is 0.4 m deep; a body stands off a wall
  //   by about 0.44 m at 1.2 m/s);
  // - an exit area's nearest point could be a jamb's corner, so a body aimed into it.
  CrowdParams p;
  p.v0 = 1.34;
  CrowdScenario hall;  // a 6 x 4 m room with a square pillar, a hole, from (3, 1) to (4, 2)
  REQUIRE(read_crowd_scenario(
              R"J({"walkable_area_wkt": "POLYGON ((0 0, 6 0, 6 4, 0 4, 0 0), (3 1, 3 2, 4 2, 4 1, 3 1))",
                   "exits": {"e": {"type": "polygon", "coordinates": [[5, 3], [6, 3], [6, 4], [5, 4]]}},
                   "distributions": {"d": {"type": "polygon", "coordinates": [[1, 1], [2, 1], [2, 3], [1, 3]],
                                           "parameters": {"number": 1}}}})J",
              "", hall) == "");
  // Before the pillar's corner (3, 1), the nearest point of two of its edges: the normal forces on
  // the body are that corner's once, the floor's and the pillar's two far corners'.
  Crowd one(p, crowd_scenario_room(hall), {2.7}, {0.8}, {0.25});
  one.step();
  const CrowdParams dp;
  auto fn = [&](double d) { return dp.sfm_a * std::exp((0.25 - d) / dp.sfm_b); };
  const double normal =
      fn(std::hypot(0.3, 0.2)) + fn(0.8) + fn(std::hypot(0.3, 1.2)) + fn(std::hypot(1.3, 0.2));
  REQUIRE(one.size() == 1);
  // (at the frame's last internal step, after 0.04 s in which the corner pushes the body 5 mm
  // away: within 10 %; counted twice, it is 77 % more)
  CHECK(one.pressure()[0] * 2 * 3.141592653589793 * 0.25 == doctest::Approx(normal).epsilon(0.1));

  // The room's edge along an exit is open: the walls stop at the exit strip's ends.
  const CrowdLayout room = crowd_scenario_room(hall);
  for (const CrowdSegment& w : room.walls) {
    const bool along = (w.x1 == 6 && w.x2 == 6 && std::fmax(w.y1, w.y2) > 3) ||
                       (w.y1 == 4 && w.y2 == 4 && std::fmax(w.x1, w.x2) > 5);
    CHECK_FALSE(along);
  }

  // A doorway 1 m wide and 1 m deep in the west wall (from y = 1.5 to 2.5), the exit area filling
  // it: two at the jambs and one behind them, where the RiMEA 9 run left three of its people for
  // its last 480 s, all leave.
  CrowdScenario s;
  REQUIRE(read_crowd_scenario(
              R"J({"walkable_area_wkt": "POLYGON ((0 0, 6 0, 6 4, 0 4, 0 2.5, -1 2.5, -1 1.5, 0 1.5, 0 0))",
                   "exits": {"door": {"type": "polygon", "coordinates": [[-1, 1.5], [0, 1.5], [0, 2.5], [-1, 2.5]]}},
                   "distributions": {"d": {"type": "polygon", "coordinates": [[1, 1], [5, 1], [5, 3], [1, 3]],
                                           "parameters": {"number": 1}}}})J",
              "", s) == "");
  Crowd three(p, crowd_scenario_room(s), {0.485, 0.487, 1.011}, {1.505, 2.496, 2.004}, {0.25, 0.25, 0.25});
  for (int f = 0; f < 500 && three.size() > 0; ++f) three.step();  // 20 s for a walk of about 1 m
  CHECK(three.evacuated() == 3);
}

TEST_CASE("the bundled scenarios: each reads, places its people, and opens by name, in a link too") {
  REQUIRE(crowd_bundled_scenarios().size() >= 10);
  for (const BundledScenario& b : crowd_bundled_scenarios()) {
    CrowdScenario s;
    CHECK_MESSAGE(read_crowd_scenario(b.text, "", s) == "", b.name);
    uint32_t want = 0;
    for (const CrowdStartArea& a : s.starts) want += a.number;
    const Crowd c(CrowdParams(), s, 0.0);
    CHECK_MESSAGE(c.placed() == want, b.name);  // a file's head count is a requirement
    CHECK_MESSAGE(c.short_start() == "", b.name);
    CHECK_MESSAGE(c.unreached_start() == "", b.name);  // everyone can reach an exit of their journey
  }
  CHECK(crowd_bundled_scenario("rimea-01") != nullptr);
  CHECK(crowd_bundled_scenario("no-such-room") == nullptr);

  // --bundled NAME, the seed given before or after it: the seed given wins over the file's.
  std::unique_ptr<ModelSession> s = make_session("crowd");
  REQUIRE(s->cli_option("bundled", "no-such-room").find("the bundled scenarios are door-flow, ") !=
          std::string::npos);
  auto run = [](const std::vector<std::pair<std::string, std::string>>& named) {
    std::unique_ptr<ModelSession> m = make_session("crowd");
    RunSpec spec;
    spec.model = "crowd";
    REQUIRE(add_named_settings(*m, named, spec) == "");
    spec.steps = 10;
    spec.steps_given = true;
    Run r;
    REQUIRE(prepare(spec, r) == "");
    return r.session->export_json();
  };
  const std::string a = run({{"seed", "7"}, {"bundled", "rimea-06"}}),
                    b = run({{"bundled", "rimea-06"}, {"seed", "7"}});
  CHECK(a == b);
  CHECK(a != run({{"bundled", "rimea-06"}}));
  CHECK(a.find("\"placed\":20") != std::string::npos);

  // A link carries the bundled room by name, and what was typed beside it.
  std::unique_ptr<ModelSession> live = make_session("crowd");
  REQUIRE(live->cli_option("bundled", "rimea-10") == "");
  live->edit(static_cast<size_t>(CrowdField::v0), "1.1");
  const std::string link = live->share_string();
  CHECK(link.find("scenario=rimea-10") != std::string::npos);
  std::unique_ptr<ModelSession> opened = make_session("crowd");
  REQUIRE(opened->open_link(link).ok);
  CHECK(opened->share_string() == link);
  REQUIRE(opened->command("initialize").ok);
  REQUIRE(live->command("initialize").ok);
  CHECK(opened->export_json() == live->export_json());
  // A link that names only the scenario shows and runs the file's people, not the panel's
  // defaults (issue 85: RiMEA 12c ran 200 people at 1 m/s, the file says 150 at 1.34).
  std::unique_ptr<ModelSession> named = make_session("crowd");
  REQUIRE(named->open_link("m=crowd&v=1&scenario=rimea-12c").ok);
  CHECK(named->field_text(static_cast<size_t>(CrowdField::n)).text == "150");
  CHECK(named->field_text(static_cast<size_t>(CrowdField::v0)).text == "1.34");
  REQUIRE(named->command("initialize").ok);
  CHECK(named->export_json().find("\"placed\":150") != std::string::npos);
  // A link without one leaves a bundled room for the preset, and keeps a file the user opened (a
  // reload opens the file again, then reads its link's fields).
  std::unique_ptr<ModelSession> preset = make_session("crowd");
  const std::string plain = preset->share_string();
  REQUIRE(opened->open_link(plain).ok);
  CHECK(opened->share_string() == plain);
  std::unique_ptr<ModelSession> file = make_session("crowd");
  REQUIRE(file->cli_option("scenario", fixture("corner.json")) == "");
  const std::string with_file = file->share_string();
  REQUIRE(file->open_link(with_file).ok);
  REQUIRE(file->command("initialize").ok);
  CHECK(file->export_json().find("\"placed\":20") != std::string::npos);  // the corner's 20, not 200
}

TEST_CASE("the room choice names an open scenario, and choosing a preset leaves it, the one shown too") {
  // Issue 85: with RiMEA 12c open the room combo read "Room 15 x 15 m", and choosing that room (or
  // any preset) kept the scenario: the only way back to a preset was a new link.
  for (const char* how : {"bundled", "file"}) {
    CAPTURE(how);
    std::unique_ptr<ModelSession> s = make_session("crowd");
    const int room = s->choice_index("preset");
    REQUIRE(room >= 0);
    const std::string before = s->choice_shown(static_cast<size_t>(room));
    CHECK(before == s->choices()[static_cast<size_t>(room)].names[static_cast<size_t>(s->chosen(room))]);
    if (std::string(how) == "bundled")
      REQUIRE(s->cli_option("bundled", "rimea-12c") == "");
    else
      REQUIRE(s->cli_option("scenario", fixture("corner.json")) == "");
    CHECK(s->chosen(static_cast<size_t>(room)) == -1);
    CHECK(s->choice_shown(static_cast<size_t>(room)) ==
          (std::string(how) == "bundled" ? "rimea-12c" : "opened file"));
    REQUIRE(s->command("initialize").ok);
    s->choose(static_cast<size_t>(room), 0);  // the preset that was chosen before the file
    CHECK(s->choice_shown(static_cast<size_t>(room)) == before);
    CHECK(s->export_file().empty());
    CHECK(s->share_string().find("scenario=") == std::string::npos);
    REQUIRE(s->command("initialize").ok);
    CHECK(s->export_json().find("\"room\":\"" + before) != std::string::npos);
  }
}

TEST_CASE("premovement measured (RiMEA 5): when each person first stands 0.1 m off, kept by a state file") {
  CrowdScenario s;
  REQUIRE(read_crowd_scenario(crowd_bundled_scenario("rimea-05")->text, "", s) == "");
  CrowdParams p;
  Crowd c(p, s, 0.0);
  CrowdMeasures m;
  m.frame(c);
  for (int f = 0; f < 1500; ++f) c.step(), m.frame(c);  // 60 s: some have started, some wait
  const std::vector<double> moved = m.first_moves();
  REQUIRE(moved.size() == 10);
  size_t started = 0;
  for (size_t k = 0; k < 10; ++k) {
    const double start = c.start_times()[k];
    if (start < 59) {
      REQUIRE_FALSE(std::isnan(moved[k]));
      CHECK(moved[k] >= start);        // nobody before their time
      CHECK(moved[k] <= start + 1.0);  // and within a second of it
      ++started;
    } else {
      CHECK(std::isnan(moved[k]));
    }
  }
  CHECK(started > 0);
  CHECK(started < 10);
  // A state file's part carries them: read back, the same first moves, and the next frames agree.
  CrowdMeasures back;
  REQUIRE(back.read_bytes(m.bytes(), c));
  CHECK(back.bytes() == m.bytes());
  for (int f = 0; f < 100; ++f) c.step(), m.frame(c), back.frame(c);
  CHECK(back.bytes() == m.bytes());
}

TEST_CASE("the operational model is a choice: --operational-model, a link's om=, the room's preset kept") {
  std::unique_ptr<ModelSession> s = make_session("crowd");
  REQUIRE(s->choices().size() == 2);
  CHECK(std::string(s->choices()[1].option()) == "operational-model");
  const std::string plain = s->share_string();
  CHECK(plain.find("&om=") == std::string::npos);  // the social force model: links as before
  s->choose(1, 1);
  s->choose(0, 3);  // a link kept no room but the first before (it wrote room=3, and read preset=)
  const std::string link = s->share_string();
  CHECK(link.find("&om=csm") != std::string::npos);
  std::unique_ptr<ModelSession> opened = make_session("crowd");
  REQUIRE(opened->open_link(link).ok);
  CHECK(opened->chosen(1) == 1);
  CHECK(opened->chosen(0) == 3);
  CHECK(opened->share_string() == link);
  REQUIRE(opened->command("initialize").ok);
  REQUIRE(s->command("initialize").ok);
  for (int k = 0; k < 5; ++k) opened->command("step"), s->command("step");
  CHECK(opened->export_json() == s->export_json());
  // An unknown word is a warning, and the social force model runs.
  REQUIRE(opened->open_link("m=crowd&v=1&om=gcfm").ok);
  CHECK(opened->chosen(1) == 0);
  // On the command line, as a run.
  RunSpec spec;
  spec.model = "crowd";
  std::unique_ptr<ModelSession> m = make_session("crowd");
  CHECK(add_named_settings(*m, {{"operational-model", "csm"}}, spec) == "");
  CHECK(add_named_settings(*m, {{"operational-model", "gcfm"}}, spec) ==
        "--operational-model must be sfm, csm or avm");
}

TEST_CASE("model_type picks the operational model; a wrong or disagreeing one is refused by its path") {
  CrowdScenario s;
  auto why = [&](const std::string& extra) { return read_crowd_scenario(scenario(extra), "", s); };
  CHECK(why(R"J("model_type": "SocialForceModel",)J") == "");
  CHECK(s.model == kCrowdSocialForce);
  CHECK(why(R"J("model_type": "CollisionFreeSpeedModel",)J") == "");
  CHECK(s.model == kCrowdCollisionFree);
  CHECK(why("") == "");  // no model named, and not a file Bandada saved: the web tool's default
  CHECK(s.model == kCrowdCollisionFree);
  CHECK(why(R"J("bandada": {},)J") == "");  // one Bandada saved keeps the social force model
  CHECK(s.model == kCrowdSocialForce);
  CHECK(why(R"J("model_type": "GeneralizedCentrifugalForceModel",)J") ==
        "model_type: \"GeneralizedCentrifugalForceModel\" is not built: Bandada runs SocialForceModel, "
        "CollisionFreeSpeedModel and AnticipationVelocityModel");
  CHECK(why(R"J("model_type": "AnticipationVelocityModel",)J") == "");
  CHECK(s.model == kCrowdAnticipation);
  CHECK(why(R"J("model_type": 3,)J").find("model_type: \"3\" is not built") == 0);
  const std::string params = R"J("config": {"simulation_settings": {"simulationParams": {)J";
  CHECK(why(R"J("model_type": "SocialForceModel", )J" + params +
            R"J("model_type": "CollisionFreeSpeedModel"}}},)J") ==
        "config.simulation_settings.simulationParams.model_type: \"CollisionFreeSpeedModel\" disagrees with "
        "model_type (\"SocialForceModel\")");
  // The chosen model's constants under JuPedSim's names, each in its field's range.
  CHECK(why(params +
            R"J("model_type": "CollisionFreeSpeedModel", "T": 0.5, "strength_geometry_repulsion": 3}}},)J") ==
        "");
  CHECK(s.constants == std::vector<std::pair<std::string, double>>{{"csm-t", 0.5}, {"csm-wall-a", 3}});
  CHECK(why(params + R"J("model_type": "CollisionFreeSpeedModel", "time_gap": 0}}},)J") ==
        "config.simulation_settings.simulationParams.time_gap: a time gap in s, 0.1 … 10");
  CHECK(why(params + R"J("model_type": "CollisionFreeSpeedModel", "range_neighbor_repulsion": 0}}},)J") ==
        "config.simulation_settings.simulationParams.range_neighbor_repulsion: a range in m, more than 0 and "
        "at most 1");
  CHECK(why(params + R"J("model_type": "CollisionFreeSpeedModel", "strength_neighbor_repulsion": -1}}},)J")
            .find("strength_neighbor_repulsion: a strength 0 … 100") != std::string::npos);
  // The other model's: noted once, not used, not checked.
  CHECK(why(params + R"J("model_type": "SocialForceModel", "T": 0, "agent_strength": 1500}}},)J") == "");
  CHECK(s.constants == std::vector<std::pair<std::string, double>>{{"sfm-a", 1500}});
  CHECK(s.notes.back() == "parameters the SocialForceModel does not use (T)");
  // Written back: the model and its constants, read again the same.
  CrowdScenario back;
  REQUIRE(read_crowd_scenario(write_crowd_scenario(s), "", back) == "");
  CHECK(back.model == kCrowdSocialForce);
  CHECK(back.constants == s.constants);
}

TEST_CASE("a way out through a passage narrower than 0.6 m: the navigation field reaches behind it") {
  // The Wuppertal bottleneck is 0.5 m wide: keeping 0.3 m off every wall closes it, and people
  // out of sight of the exit had no way to go (they stood for good). Now the field reaches them
  // through it, keeping a cell off the walls and to the middle of the passage.
  std::shared_ptr<CrowdScenario> s = open_bundled("wuppertal-2018-bottleneck");
  REQUIRE(s);
  s->starts[0].number = 1;
  s->starts[0].radius.mean = 0.2;
  s->starts[0].area = {{-2.5, 4}, {-1.5, 4}, {-1.5, 5}, {-2.5, 5}};  // off to the side, far back
  // The collision-free speed model's person walks out. The social force model's reaches the
  // bottleneck's mouth and stays there: alone, the walls' social force at the mouth's corners
  // (2 000 N·e^(−0.09/0.08) twice, about 650 N back) outweighs their drive (80·1.34/0.5 = 214 N).
  for (uint32_t model : {kCrowdSocialForce, kCrowdCollisionFree}) {
    CrowdParams p;
    p.model = model;
    Crowd c(p, *s, 0.0);
    REQUIRE(c.placed() == 1);
    double nearest = 10;
    for (int k = 0; k < 500 && c.size() > 0; ++k) {  // 20 s
      c.step();
      if (c.size() > 0) nearest = std::min(nearest, std::hypot(c.x()[0], c.y()[0]));
    }
    CAPTURE(model);
    CHECK(nearest < 0.6);
    CHECK(c.evacuated() == (model == kCrowdCollisionFree ? 1u : 0u));
  }
}

namespace {

/// A 20 × 4 m corridor with its exit at the east end, one person walking east from x = 1, and
/// `zones` (JSON members of "zones").
std::string zone_corridor(const std::string& zones, const char* model) {
  return std::string(R"J({"walkable_area_wkt": "POLYGON ((0 0, 20 0, 20 4, 0 4, 0 0))", "model_type": ")J") +
         model + R"J(", "seed": 3,
    "exits": {"e": {"coordinates": [[19.5, 0], [20, 0], [20, 4], [19.5, 4]]}},
    "zones": {)J" +
         zones + R"J(},
    "distributions": {"d": {"coordinates": [[0.5, 1.5], [1.5, 1.5], [1.5, 2.5], [0.5, 2.5]],
                            "parameters": {"number": 1, "radius": 0.2, "v0": 1.2}}}})J";
}

/// The person's speed when their centre first passes x (frames of 0.04 s), or −1 if they never do.
double speed_at(const std::string& text, double x) {
  CrowdScenario s;
  REQUIRE(read_crowd_scenario(text, "", s) == "");
  CrowdParams p;
  p.model = s.model;
  Crowd c(p, s, 0);
  REQUIRE(c.size() == 1);
  for (int f = 0; f < 1000 && c.size() == 1; ++f) {
    c.step();
    if (c.x()[0] >= x) return std::sqrt(c.vx()[0] * c.vx()[0] + c.vy()[0] * c.vy()[0]);
  }
  return -1;
}

}  // namespace

TEST_CASE("a speed zone scales the desired speed of whoever is inside it, in both operational models") {
  const std::string slow =
      R"J("z": {"coordinates": [[6, 0], [14, 0], [14, 4], [6, 4]], "speed_factor": 0.4})J";
  // The collision-free speed model walks at its desired speed when nothing is ahead: exactly.
  const char* csm = "CollisionFreeSpeedModel";
  CHECK(speed_at(zone_corridor("", csm), 10) == doctest::Approx(1.2).epsilon(1e-12));
  CHECK(speed_at(zone_corridor(slow, csm), 10) == doctest::Approx(0.48).epsilon(1e-12));
  CHECK(speed_at(zone_corridor(slow, csm), 17) == doctest::Approx(1.2).epsilon(1e-12));  // out again
  // The social force model relaxes toward it over τ = 0.5 s: well inside, within 2 %.
  const char* sfm = "SocialForceModel";
  CHECK(speed_at(zone_corridor(slow, sfm), 12) == doctest::Approx(0.48).epsilon(0.02));
  CHECK(speed_at(zone_corridor(slow, sfm), 4) == doctest::Approx(1.2).epsilon(0.02));
  // Overlapping zones: the factor furthest from 1 counts, whichever comes first in the file.
  const std::string both =
      R"J("fast": {"coordinates": [[6, 0], [14, 0], [14, 4], [6, 4]], "speed_factor": 1.5},
                               "slow": {"coordinates": [[8, 0], [12, 0], [12, 4], [8, 4]], "speed_factor": 0.3})J";
  CHECK(speed_at(zone_corridor(both, csm), 7) == doctest::Approx(1.8).epsilon(1e-12));
  CHECK(speed_at(zone_corridor(both, csm), 10) == doctest::Approx(0.36).epsilon(1e-12));
  std::vector<CrowdZone> zones = {{"a", {{0, 0}, {2, 0}, {2, 2}, {0, 2}}, 0.5},
                                  {"b", {{0, 0}, {2, 0}, {2, 2}, {0, 2}}, 1.5}};
  CHECK(crowd_zone_factor(zones, 1, 1) == 0.5);  // a tie: the first
  CHECK(crowd_zone_factor(zones, 3, 1) == 1.0);  // outside every zone
}

TEST_CASE(
    "speed zones: refused by their path, clipped at 3 as the web tool does, written back and kept by a state "
    "file") {
  CrowdScenario s;
  auto why = [&](const std::string& zones) {
    return read_crowd_scenario(zone_corridor(zones, "SocialForceModel"), "", s);
  };
  const std::string square = R"J("coordinates": [[6, 0], [14, 0], [14, 4], [6, 4]])J";
  CHECK(why(R"J("z": {)J" + square + R"J(, "speed_factor": 0})J") ==
        "zones.z.speed_factor: a number more than 0 (the desired speed is multiplied by it)");
  CHECK(why(R"J("z": {)J" + square + R"J(, "speed_factor": "slow"})J").find("zones.z.speed_factor") == 0);
  CHECK(why(R"J("z": {"coordinates": [[30, 0], [34, 0], [34, 4]]})J") ==
        "zones.z: a zone that touches no walkable ground");
  CHECK(why(R"J("z": {"type": "circle", )J" + square + "}").find("zones.z.type") == 0);
  CHECK(why(R"J("z": {)J" + square + R"J(, "speed_factor": 4, "colour": "red"})J") == "");
  REQUIRE(s.zones.size() == 1);
  CHECK(s.zones[0].factor == 3);
  CHECK(s.notes == std::vector<std::string>{"zones.z.speed_factor 4 counts as 3, as the web tool clips it",
                                            "zones.z.colour is not read"});
  CHECK(why(R"J("z": {)J" + square + "}") == "");  // no factor: 1, as the web tool reads it
  CHECK(s.zones[0].factor == 1);
  // Written back and read again the same; a state file continues a run through a zone bit for bit.
  REQUIRE(why(R"J("z": {)J" + square + R"J(, "speed_factor": 0.35})J") == "");
  CrowdScenario back;
  REQUIRE(read_crowd_scenario(write_crowd_scenario(s), "", back) == "");
  CHECK(same_scenario(s, back));
  CrowdParams p;
  Crowd c(p, s, 0);
  for (int f = 0; f < 150; ++f) c.step();  // 6 s: inside the zone
  REQUIRE(c.x()[0] > 6);
  REQUIRE(c.x()[0] < 14);
  const std::string bytes = crowd_pack(c);
  Crowd again(p);
  REQUIRE(crowd_unpack(bytes, again));
  REQUIRE(again.layout().zones.size() == 1);
  CHECK(again.layout().zones[0].factor == 0.35);
  CHECK(crowd_pack(again) == bytes);
  for (int f = 0; f < 100; ++f) c.step(), again.step();
  CHECK(again.fingerprint() == c.fingerprint());
  // A record whose zone factor is out of range is refused.
  std::string bad = bytes;
  const size_t at = bad.rfind(std::string("\x66\x66\x66\x66\x66\x66\xd6\x3f", 8));  // 0.35's last bytes
  REQUIRE(at != std::string::npos);
  bad[at + 7] = static_cast<char>(0x7f);  // about 1e300
  CHECK_FALSE(crowd_unpack(bad, again));
}

namespace {

/// A 20 × 4 m corridor with its exit at the east end, `n` people at its west end walking east
/// through `checkpoints` (JSON members) named in order by `stages`, with `exit_extra` on the exit.
std::string journey_corridor(const std::string& checkpoints, const std::string& stages, const char* model,
                             int n = 1, const std::string& exit_extra = "", const std::string& params = "") {
  return std::string(R"J({"walkable_area_wkt": "POLYGON ((0 0, 20 0, 20 4, 0 4, 0 0))", "model_type": ")J") +
         model + R"J(", "seed": 4,
    "exits": {"e": {"coordinates": [[19.5, 0], [20, 0], [20, 4], [19.5, 4]])J" +
         exit_extra + R"J(}},
    "checkpoints": {)J" +
         checkpoints + R"J(},
    "distributions": {"d": {"coordinates": [[0.3, 0.3], [3.7, 0.3], [3.7, 3.7], [0.3, 3.7]],
                            "parameters": {"number": )J" +
         std::to_string(n) + R"J(, "radius": 0.2, "v0": 1.2)J" + params + R"J(}}},
    "journeys": [{"id": "j", "stages": ["d", )J" +
         stages + R"J("e"]}]})J";
}

Crowd journey_crowd(const std::string& text, CrowdScenario& s) {
  const std::string why = read_crowd_scenario(text, "", s);
  REQUIRE(why == "");
  CrowdParams p;
  p.model = s.model;
  p.seed = s.seed;
  return Crowd(p, s, 0);
}

}  // namespace

TEST_CASE("a person waits at a checkpoint for their waiting time, standing on their point, then goes on") {
  const std::string desk =
      R"J("desk": {"coordinates": [[9, 1], [11, 1], [11, 3], [9, 3]], "waiting_time": 4,
                   "waiting_time_distribution": "constant"})J";
  for (const char* model : {"CollisionFreeSpeedModel", "SocialForceModel"}) {
    CAPTURE(model);
    CrowdScenario s;
    Crowd c = journey_crowd(journey_corridor(desk, R"("desk", )", model), s);
    REQUIRE(c.size() == 1);
    REQUIRE(c.checkpoint_of(0) == 0);
    // Their point is inside the desk, at least 0.8 r from its edges.
    CHECK(c.target_x()[0] >= 9.16);
    CHECK(c.target_x()[0] <= 10.84);
    CHECK(c.target_y()[0] >= 1.16);
    CHECK(c.target_y()[0] <= 2.84);
    double before = 0;
    int f = 0;
    for (; f < 1000 && c.wait_until()[0] < 0; ++f) {
      before = c.time();
      c.step();
    }
    REQUIRE(c.wait_until()[0] >= 0);
    // They reached it (within r + 0.5 m of their point) during the last frame, and wait 4 s from then.
    const double dx = c.x()[0] - c.target_x()[0], dy = c.y()[0] - c.target_y()[0];
    CHECK(std::sqrt(dx * dx + dy * dy) <= 0.7);
    const double reached = c.wait_until()[0] - 4.0;
    CHECK(reached > before);
    CHECK(reached <= c.time() + 1e-12);
    CHECK(c.waiting_at_checkpoints() == 1);
    while (c.time() + kCrowdFrame < c.wait_until()[0] - 1e-9) {  // all through the wait: still at the desk
      c.step();
      REQUIRE(c.checkpoint_of(0) == 0);
    }
    const double ex = c.x()[0] - c.target_x()[0], ey = c.y()[0] - c.target_y()[0];
    CHECK(std::sqrt(ex * ex + ey * ey) < 0.1);  // standing on their point by the end
    c.step();
    CHECK(c.checkpoint_of(0) == -1);  // on to the exit
    CHECK(c.wait_until()[0] == -1);
    for (f = 0; f < 1000 && c.size() == 1; ++f) c.step();
    CHECK(c.evacuated() == 1);
    // Without the wait they are out sooner by the wait, less what walking on to their point
    // within it saves (at most 0.7 m there and back at 1.2 m/s).
    CrowdScenario t;
    Crowd quick =
        journey_crowd(journey_corridor(R"J("desk": {"coordinates": [[9, 1], [11, 1], [11, 3], [9, 3]]})J",
                                       R"("desk", )", model),
                      t);
    for (f = 0; f < 1000 && quick.size() == 1; ++f) quick.step();
    REQUIRE(quick.evacuated() == 1);
    CHECK(c.exit_times()[0] - quick.exit_times()[0] >= 4.0 - 1.4 / 1.2);
    CHECK(c.exit_times()[0] - quick.exit_times()[0] <= 4.5);
  }
}

TEST_CASE("a gaussian waiting time: each person's own draw, never below 0.1 s") {
  const std::string desk =
      R"J("desk": {"coordinates": [[9, 0.2], [11, 0.2], [11, 3.8], [9, 3.8]], "waiting_time": 1,
                   "waiting_time_distribution": "gaussian", "waiting_time_std": 3})J";
  CrowdScenario s;
  Crowd c = journey_crowd(journey_corridor(desk, R"("desk", )", "CollisionFreeSpeedModel", 12), s);
  REQUIRE(c.size() == 12);
  std::vector<double> waits(12, -1), seen(12, -1);
  for (int f = 0; f < 2000 && c.size() > 0; ++f) {
    c.step();
    for (size_t i = 0; i < c.size(); ++i) {
      const uint32_t id = c.ids()[i];
      if (c.wait_until()[i] >= 0 && seen[id] < 0) seen[id] = c.wait_until()[i], waits[id] = c.time();
    }
  }
  CHECK(c.evacuated() == 12);
  size_t clipped = 0, long_waits = 0;
  for (size_t k = 0; k < 12; ++k) {
    REQUIRE(seen[k] >= 0);
    const double w = seen[k] - waits[k];  // their wait, less at most the frame they reached it in
    CHECK(w >= 0.1 - kCrowdFrame - 1e-9);
    clipped += w < 0.1 + 1e-9 ? 1 : 0;
    long_waits += w > 2.5 ? 1 : 0;
  }
  CHECK(clipped + long_waits >= 2);  // a spread of 3 s about 1 s: some clipped, some long
}

TEST_CASE("a throttled exit and a throttled checkpoint keep their caps; a checkpoint's speed factor") {
  for (const char* model : {"CollisionFreeSpeedModel", "SocialForceModel"}) {
    CAPTURE(model);
    // 10 people, an exit that lets one out every 2 s: the exit times are at least 2 s apart.
    CrowdScenario s;
    Crowd c =
        journey_crowd(journey_corridor("", "", model, 10,
                                       R"J(, "enable_throughput_throttling": true, "max_throughput": 0.5)J"),
                      s);
    REQUIRE(s.exits[0].throughput == 0.5);
    for (int f = 0; f < 3000 && c.size() > 0; ++f) c.step();
    REQUIRE(c.evacuated() == 10);
    double closest = INFINITY;
    for (size_t k = 1; k < 10; ++k) closest = std::min(closest, c.exit_times()[k] - c.exit_times()[k - 1]);
    CHECK(closest >= 2.0);
    CHECK(closest < 2.1);  // a queue stands at the door: each goes as soon as allowed
    // A gate that passes one every 1.5 s: people leave its stage at least 1.5 s apart.
    CrowdScenario t;
    Crowd g =
        journey_crowd(journey_corridor(R"J("gate": {"coordinates": [[9, 1.5], [10, 1.5], [10, 2.5], [9, 2.5]],
                                      "enable_throughput_throttling": true, "max_throughput": 0.6667})J",
                                       R"("gate", )", model, 8),
                      t);
    std::vector<double> passed;
    std::vector<int32_t> was(8, 0);
    for (int f = 0; f < 3000 && g.size() > 0; ++f) {
      g.step();
      for (size_t i = 0; i < g.size(); ++i)
        if (g.checkpoint_of(i) < 0 && was[g.ids()[i]] == 0) was[g.ids()[i]] = 1, passed.push_back(g.time());
    }
    REQUIRE(passed.size() == 8);
    for (size_t k = 1; k < passed.size(); ++k) CHECK(passed[k] - passed[k - 1] >= 1.5 - kCrowdFrame);
    CHECK(passed.back() - passed.front() >= 7 * 1.49);
  }
  // A checkpoint's own speed factor, while one heads for it and is inside it: exactly in the
  // collision-free speed model.
  CrowdScenario s;
  Crowd c = journey_crowd(
      journey_corridor(
          R"J("ramp": {"coordinates": [[6, 0], [14, 0], [14, 4], [6, 4]], "speed_factor": 0.5})J",
          R"("ramp", )", "CollisionFreeSpeedModel"),
      s);
  for (int f = 0; f < 1000 && c.x()[0] < 8; ++f) c.step();
  REQUIRE(c.checkpoint_of(0) == 0);
  CHECK(std::hypot(c.vx()[0], c.vy()[0]) == doctest::Approx(0.6).epsilon(1e-12));
}

TEST_CASE("flow spawning places the stated number over its window, and who finds no room waits for it") {
  const std::string text = R"J({"walkable_area_wkt": "POLYGON ((0 0, 20 0, 20 4, 0 4, 0 0))", "seed": 2,
    "model_type": "CollisionFreeSpeedModel",
    "exits": {"e": {"coordinates": [[19.5, 0], [20, 0], [20, 4], [19.5, 4]]}},
    "distributions": {"d": {"coordinates": [[0.3, 0.3], [3.7, 0.3], [3.7, 3.7], [0.3, 3.7]],
      "parameters": {"number": 12, "radius": 0.2, "v0": 1.2, "use_flow_spawning": true,
                     "flow_start_time": 2, "flow_end_time": 8}}}})J";
  CrowdScenario s;
  Crowd c = journey_crowd(text, s);
  CHECK(c.size() == 0);
  CHECK(c.expected() == 12);
  CHECK(c.arrivals_total() == 12);
  std::vector<double> at;  // when each was placed, in order of their numbers
  for (int f = 0; f < 1000 && (c.size() > 0 || !c.arrivals().empty()); ++f) {
    c.step();
    while (at.size() < c.placed()) at.push_back(c.time());
  }
  REQUIRE(at.size() == 12);
  for (size_t k = 0; k < 12; ++k) {  // person k is due at 2 + 0.5 k s, and placed within the frame
    CHECK(at[k] >= 2 + 0.5 * k);
    CHECK(at[k] < 2 + 0.5 * k + kCrowdFrame + 1e-9);
  }
  CHECK(c.arrivals_waited() == 0);
  CHECK(c.evacuated() == 12);
  CHECK(std::isfinite(c.evacuation_time()));
  // A start area with room for one: 20 arrive in 2 s; they wait for room, and none is dropped.
  std::string tight = text;
  tight.replace(tight.find("[[0.3, 0.3], [3.7, 0.3], [3.7, 3.7], [0.3, 3.7]]"), 48,
                "[[0.3, 1.7], [0.9, 1.7], [0.9, 2.3], [0.3, 2.3]]");
  tight.replace(tight.find("\"number\": 12"), 12, "\"number\": 20");
  tight.replace(tight.find("\"flow_end_time\": 8"), 18, "\"flow_end_time\": 4");
  CrowdScenario t;
  Crowd w = journey_crowd(tight, t);
  for (int f = 0; f < 3000 && (w.size() > 0 || !w.arrivals().empty()); ++f) {
    w.step();
    CHECK(std::isnan(w.evacuation_time()) == (w.size() > 0 || !w.arrivals().empty()));
  }
  CHECK(w.placed() == 20);
  CHECK(w.evacuated() == 20);
  CHECK(w.arrivals_waited() > 10);
  CHECK(w.arrivals_wait_max() > 1.0);
  CHECK(w.arrivals_wait_total() >= w.arrivals_wait_max());
}

TEST_CASE(
    "checkpoints, throttles and flow spawning: refused by their path, written back, kept by a state file") {
  const std::string desk =
      R"J("desk": {"coordinates": [[9, 1], [11, 1], [11, 3], [9, 3]], "waiting_time": 2})J";
  CrowdScenario s;
  auto why = [&](const std::string& text) { return read_crowd_scenario(text, "", s); };
  const char* csm = "CollisionFreeSpeedModel";
  CHECK(why(journey_corridor(desk, "", csm)) ==
        "checkpoints.desk: a checkpoint on a journey (it is in no journey's stages or transitions)");
  CHECK(why(journey_corridor(
            R"J("desk": {"coordinates": [[9, 1], [11, 1], [11, 3], [9, 3]], "speed_factor": 0})J",
            R"("desk", )", csm)) ==
        "checkpoints.desk.speed_factor: a number more than 0 (the desired speed is multiplied by it)");
  CHECK(
      why(journey_corridor(
          R"J("desk": {"coordinates": [[9, 1], [11, 1], [11, 3], [9, 3]], "enable_throughput_throttling": true,
                         "max_throughput": 0})J",
          R"("desk", )", csm)) ==
      "checkpoints.desk.max_throughput: persons per second, more than 0 and at most 1000 (throttling is on)");
  CHECK(why(journey_corridor("", "", csm, 1,
                             R"J(, "enable_throughput_throttling": true, "max_throughput": -1)J"))
            .find("exits.e.max_throughput: ") == 0);
  CHECK(why(journey_corridor("", "", csm, 1, "",
                             R"J(, "use_flow_spawning": true, "flow_start_time": 5, "flow_end_time": 5)J")) ==
        "distributions.d.parameters.flow_end_time: a window that ends after it starts (flow_end_time above "
        "flow_start_time; 5 … 5 s given)");
  std::string after = journey_corridor(desk, "", csm);
  after.replace(after.find(R"("stages": ["d", "e"])"), 20, R"("stages": ["d", "e", "desk"])");
  CHECK(why(after) ==
        "journeys[0].stages[2]: a checkpoint before the journey's exits (its stages: distributions, "
        "checkpoints "
        "in order, exits)");
  // A stage on another part of the floor: a second room with no way between them.
  std::string apart = journey_corridor(R"J("desk": {"coordinates": [[30, 1], [32, 1], [32, 3], [30, 3]]})J",
                                       R"("desk", )", csm);
  apart.replace(apart.find("POLYGON ((0 0, 20 0, 20 4, 0 4, 0 0))"), 37,
                "MULTIPOLYGON (((0 0, 20 0, 20 4, 0 4, 0 0)), ((25 0, 35 0, 35 4, 25 4, 25 0)))");
  CHECK(why(apart) ==
        "checkpoints.desk: a stage reachable from the one before it on the journey of d (d lies on another "
        "part "
        "of the walkable area)");
  // Transitions through a checkpoint give the same route as the stages.
  std::string moved = journey_corridor(desk, "", csm);
  moved.replace(moved.find(R"("stages": ["d", "e"])"), 20,
                R"("transitions": [{"from": "d", "to": "desk"}, {"from": "desk", "to": "e"}])");
  REQUIRE(why(moved) == "");
  CHECK(s.starts[0].checkpoints == std::vector<uint32_t>{0});
  // Written back and read the same; a state file taken mid-wait, with arrivals to come, continues
  // bit for bit.
  REQUIRE(
      why(journey_corridor(
          R"J("desk": {"coordinates": [[9, 0.2], [11, 0.2], [11, 3.8], [9, 3.8]], "waiting_time": 3,
                           "waiting_time_distribution": "gaussian", "waiting_time_std": 1},
                  "gate": {"coordinates": [[14, 1], [15, 1], [15, 3], [14, 3]], "enable_throughput_throttling": true,
                           "max_throughput": 2})J",
          R"("desk", "gate", )", csm, 16, R"J(, "enable_throughput_throttling": true, "max_throughput": 1)J",
          R"J(, "use_flow_spawning": true, "flow_start_time": 1, "flow_end_time": 12)J")) == "");
  CrowdScenario back;
  REQUIRE(read_crowd_scenario(write_crowd_scenario(s), "", back) == "");
  CHECK(same_scenario(s, back));
  Crowd c = journey_crowd(write_crowd_scenario(s), back);
  for (int f = 0; f < 250; ++f) c.step();  // 10 s: some wait at the desk, some have yet to arrive
  REQUIRE(c.waiting_at_checkpoints() > 0);
  REQUIRE(!c.arrivals().empty());
  const std::string bytes = crowd_pack(c);
  CrowdParams p;
  Crowd again(p);
  REQUIRE(crowd_unpack(bytes, again));
  CHECK(crowd_pack(again) == bytes);
  for (int f = 0; f < 750; ++f) c.step(), again.step();
  CHECK(again.fingerprint() == c.fingerprint());
  CHECK(c.evacuated() == 16);
  // Two threads: the same bits.
  Crowd two = journey_crowd(write_crowd_scenario(s), back);
  two.set_threads(2);
  for (int f = 0; f < 1000; ++f) two.step();
  CHECK(two.fingerprint() == c.fingerprint());
  // Cut short, the bytes are refused.
  CHECK_FALSE(crowd_unpack(bytes.substr(0, bytes.size() - 9), again));
}

TEST_CASE(
    "the zone and checkpoint tools edit a scenario's room: a new crowd at once, Save scenario keeps them") {
  add_all_models();
  std::unique_ptr<ModelSession> s = make_session("crowd");
  REQUIRE(s);
  const int zone_tool = 8, checkpoint_tool = 9;  // after the start tool
  // A preset room has no scenario to hold them: refused, and said why.
  REQUIRE(s->command("initialize").ok);
  s->set_tool(zone_tool);
  CommandResult r = s->drag(2, 2, 5, 5);
  CHECK_FALSE(r.ok);
  CHECK(r.message.find("belong to a scenario's room") != std::string::npos);
  const std::string folder = pack_list({"config.json", fixture("waiting-checkpoint-folder/config.json"),
                                        "geometry.wkt", fixture("waiting-checkpoint-folder/geometry.wkt")});
  REQUIRE(s->cli_option("scenario", folder) == "");
  REQUIRE(s->command("initialize").ok);
  for (int f = 0; f < 50; ++f) s->command("step");
  CHECK_FALSE(s->drag(12, 1, 12.3, 2).ok);  // thinner than 0.5 m
  REQUIRE(s->drag(12, 0, 15, 3).ok);
  CHECK(s->export_json().find("\"zones\":[{\"id\":\"zone-1\",\"speed_factor\":0.5,") != std::string::npos);
  CHECK(s->export_json().find("\"steps\":0,") != std::string::npos);  // a new crowd, at its start
  s->set_tool(checkpoint_tool);
  REQUIRE(s->drag(4, 0.5, 5, 2.5).ok);
  CrowdScenario saved;
  REQUIRE(read_crowd_scenario(s->export_file(), "", saved) == "");
  REQUIRE(saved.zones.size() == 1);
  CHECK(saved.zones[0].factor == kCrowdToolZoneFactor);
  REQUIRE(saved.checkpoints.size() == 2);
  CHECK(saved.checkpoints[1].id == "checkpoint-1");
  CHECK(saved.checkpoints[1].wait == kCrowdToolWait);
  CHECK(saved.starts[0].checkpoints == std::vector<uint32_t>{0, 1});  // passed after the desk
  // The room runs as the saved file does, bit for bit.
  for (int f = 0; f < 300; ++f) s->command("step");
  std::unique_ptr<ModelSession> again = make_session("crowd");
  REQUIRE(again->cli_option("scenario", s->export_file()) == "");
  REQUIRE(again->command("initialize").ok);
  for (int f = 0; f < 300; ++f) again->command("step");
  CHECK(again->export_json() == s->export_json());
}

TEST_CASE("the people and erase tools in a room with checkpoints keep everyone's stage (a defect found)") {
  const std::string desk =
      R"J("desk": {"coordinates": [[9, 1], [11, 1], [11, 3], [9, 3]], "waiting_time": 1})J";
  CrowdScenario s;
  Crowd c = journey_crowd(journey_corridor(desk, R"("desk", )", "SocialForceModel", 4), s);
  REQUIRE(c.size() == 4);
  REQUIRE(c.add_people(6, 2, 1.0, 3) > 0);
  REQUIRE(c.stages().size() == c.size());
  CHECK(c.checkpoint_of(c.size() - 1) == -1);  // a newcomer walks to the exits: no journey of theirs
  REQUIRE(c.remove_nearest(c.x()[0], c.y()[0]));
  REQUIRE(c.stages().size() == c.size());
  CHECK(c.target_x().size() == c.size());
  CHECK(c.wait_until().size() == c.size());
  for (int f = 0; f < 1500 && c.size() > 0; ++f) c.step();
  CHECK(c.size() == 0);
  // and the bytes of a crowd so edited read back
  Crowd d = journey_crowd(journey_corridor(desk, R"("desk", )", "SocialForceModel", 4), s);
  d.add_people(6, 2, 1.0, 2);
  d.remove_nearest(d.x()[1], d.y()[1]);
  CrowdParams p;
  Crowd back(p);
  CHECK(crowd_unpack(crowd_pack(d), back));
}

TEST_CASE("a person added with the tool before the first arrival keeps everyone's lists in step") {
  // Every start area of the file brings its people by flow spawning, so nobody stands at first;
  // the tool adds someone, then the arrivals come. Each keeps their own desired speed: the
  // newcomer the field's, each arrival their area's draw (1.2 m/s here). Before the people were
  // one structure, the newcomer got no speed, the first arrival's was read as theirs, and the
  // last arrival's was read past the list's end (a crash).
  CrowdScenario s;
  REQUIRE(read_crowd_scenario(fixture("flow-spawning.json"), "", s) == "");
  CrowdParams p;
  p.v0 = 0.7;
  Crowd c(p, s, 0.0);
  REQUIRE(c.size() == 0);
  const CrowdLayout& L = c.layout();
  REQUIRE(c.add_people(L.x0 + L.width / 2, L.y0 + L.height / 2, 1.0, 1) == 1);
  for (int f = 0; f < 100; ++f) c.step();  // 4 s: some have arrived
  REQUIRE(c.size() > 2);
  for (size_t n : {c.own_speeds().size(), c.ids().size(), c.radius().size(), c.pressure().size(),
                   c.stages().size(), c.target_x().size(), c.wait_until().size()})
    CHECK(n == c.size());
  CHECK(std::isnan(c.own_speeds()[0]));  // the field's speed, live
  for (size_t i = 1; i < c.size(); ++i) CHECK(c.own_speeds()[i] == 1.2);
  // A state file writes the field's speed as it is now, and reads it back as the newcomer's own.
  Crowd back(p, s, 0.0);
  REQUIRE(crowd_unpack(crowd_pack(c), back));
  CHECK(back.own_speeds()[0] == 0.7);
  CHECK(back.size() == c.size());
}

TEST_CASE("the checkpoint and zone tools say when a box reaches off the floor (issue 85)") {
  // A room 10 x 6 m: a box 1 x 2 m from y = -1 has 1 m² off the floor. It is kept (people aim
  // only at its part on the floor, as for a file's), and the tool says so; one on the floor says nothing.
  std::unique_ptr<ModelSession> s = make_session("crowd");
  REQUIRE(s->cli_option("scenario", scenario()) == "");
  REQUIRE(s->command("initialize").ok);
  auto tool = [&](const char* id) {
    for (size_t k = 0; k < s->tools().size(); ++k)
      if (std::string(s->tools()[k].id) == id) s->set_tool(static_cast<int>(k));
  };
  tool("checkpoint");
  CommandResult r = s->drag(4, -1, 5, 1);
  REQUIRE(r.ok);
  CHECK(r.message ==
        "The checkpoint added; 1.00 m² of it lies outside the walkable area: people aim only at its part on "
        "the floor.");
  CHECK(s->notice() == r.message);  // the page shows it under the readouts
  r = s->drag(2, 2, 3, 4);
  REQUIRE(r.ok);
  CHECK(r.message.empty());
  tool("zone");
  r = s->drag(6, 5, 9, 6.5);
  REQUIRE(r.ok);
  CHECK(r.message ==
        "The zone added; 1.50 m² of it lies outside the walkable area: only people on the floor walk in it.");
}
