// Bandada — trajectories (docs/models/crowd.md, "Trajectories"): the PeTrack reader's rules
// (PedPy's), what it refuses and why, the page's recording within its budget, and a run's
// recording read back to the crowd's own positions, starting afresh at each Initialize.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "app/model_session.h"
#include "app/registry.h"
#include "common/petrack.h"
#include "models/all_models.h"
#include "run/state_file.h"

using namespace bandada;

namespace {

std::unique_ptr<ModelSession> crowd_session() {
  add_all_models();
  return make_session("crowd");
}

}  // namespace

TEST_CASE("PeTrack: the archive's header gives the frame rate and the unit; rows sort by frame, then id") {
  Trajectories t;
  REQUIRE(read_petrack("# description: a bottleneck\n# framerate: 16.00 fps\n# id frame x/cm y/cm z/cm\n"
                       "2 1 300 -50 170\n1 1 250\t100 170 # a note\n\n1 0 200 100 170\n",
                       t) == "");
  CHECK(t.fps == 16);
  CHECK(t.assumed.empty());
  CHECK(t.frames == std::vector<uint64_t>{0, 1});
  CHECK(t.first == std::vector<size_t>{0, 1, 3});
  REQUIRE(t.rows.size() == 3);
  CHECK(t.rows[1].id == 1);
  CHECK(t.rows[1].x == 2.5);
  CHECK(t.rows[2].y == -0.5);
  CHECK(t.people == 2);
  CHECK(t.x0 == 2.0);
  CHECK(t.x1 == 3.0);
  CHECK(t.duration() == 1.0 / 16);
  CHECK(t.frame_at(0) == 0);
  CHECK(t.frame_at(0.0624) == 0);
  CHECK(t.frame_at(0.0625) == 1);
  CHECK(t.frame_at(100) == 1);

  REQUIRE(read_petrack("1 7 1.5 2\n", t) == "");  // no header: assumed, and said
  CHECK(t.assumed == std::vector<std::string>{"25 fps", "metres"});
  CHECK(t.frames == std::vector<uint64_t>{7});
}

TEST_CASE("PeTrack: a bad file is refused by its line, and nothing is read") {
  Trajectories t;
  REQUIRE(read_petrack("1 0 1 1\n", t) == "");
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"", "no rows: a PeTrack file has rows 'id frame x y z'"},
      {"# only a header\n", "no rows: a PeTrack file has rows 'id frame x y z'"},
      {"1 0 1\n", "line 1: a row is 'id frame x y' (then z), split by spaces"},
      {"1 0 1 1\nx 0 1 1\n", "line 2: the id is a whole number"},
      {"1 -1 1 1\n", "line 1: the frame is a whole number"},
      {"1 0 1,5 1\n", "line 1: x and y are numbers like 2.5, within 1 000 km"},
      {"1 0 nan 1\n", "line 1: x and y are numbers like 2.5, within 1 000 km"},
      {"1 0 1e7 1\n", "line 1: x and y are numbers like 2.5, within 1 000 km"},
      {"# framerate: -25 fps\n1 0 1 1\n", "line 1: the framerate is a positive number of frames a second"},
      {"1 0 1 1\n2 0 1 1\n1 0 2 2\n", "line 3: person 1 appears twice in frame 0"},
  };
  for (const auto& one : bad) {
    CAPTURE(one.first);
    CHECK(read_petrack(one.first, t) == one.second);
    CHECK(t.rows.size() == 1);  // the last good read stands
  }
}

TEST_CASE("KeptText keeps whole pieces up to its budget, then stops until a new run begins") {
  KeptText k(10);
  k.add("abcd");
  k.add("efgh");
  k.add("ij");
  CHECK(k.text() == "abcdefghij");
  CHECK_FALSE(k.stopped());
  k.add("k");
  CHECK(k.stopped());
  k.add("");  // a new run
  CHECK(k.text().empty());
  CHECK_FALSE(k.stopped());
  k.add("12345678901");  // one piece over the budget: none of it
  CHECK(k.text().empty());
  CHECK(k.stopped());
  k.add("1");
  CHECK(k.text().empty());
}

TEST_CASE("a run's trajectories, kept as the page keeps them, read back to the crowd's own positions") {
  auto s = crowd_session();
  REQUIRE(s);
  KeptText kept(1u << 24);
  s->attach_output("trajectories", [&](std::string_view piece) { kept.add(piece); });
  REQUIRE(s->cli_option("trajectories", "") == "");
  s->edit(0, "30");
  s->commit(0);
  REQUIRE(s->command("initialize").ok);
  for (int k = 0; k < 5; ++k) REQUIRE(s->command("step").ok);
  const std::string first = kept.text();
  REQUIRE(first.rfind("# framerate: 25 fps\n# id frame x/m y/m z/m\n", 0) == 0);
  Trajectories t;
  REQUIRE(read_petrack(first, t) == "");
  CHECK(t.frames == std::vector<uint64_t>{0, 1, 2, 3, 4, 5});
  CHECK(t.people == 30);
  // The last frame's rows are the table's positions, to the bit.
  std::vector<double> row(s->description().columns.size());
  for (size_t i = 0; i < 30; ++i) {
    s->row(i, row.data());
    const Trajectories::Row& r = t.rows[t.first[5] + i];
    CHECK(r.id == static_cast<uint64_t>(row[1]) + 1);
    CHECK(r.x == row[2]);
    CHECK(r.y == row[3]);
  }
  // Initialize again: a new recording from frame 0, not appended to the old one.
  REQUIRE(s->command("initialize").ok);
  REQUIRE(s->command("step").ok);
  REQUIRE(read_petrack(kept.text(), t) == "");
  CHECK(t.frames == std::vector<uint64_t>{0, 1});
  CHECK(kept.text().size() < first.size());
}

TEST_CASE(
    "the page's measuring tools: a line drawn is the CLI's --measure-line; an area drawn later is null "
    "before") {
  auto drawn = crowd_session(), given = crowd_session();
  REQUIRE(given->cli_option("measure-line", "2;0;2;15") == "");
  for (auto* s : {drawn.get(), given.get()}) {
    s->edit(0, "40");
    s->commit(0);
    REQUIRE(s->command("initialize").ok);
  }
  int line = -1, area = -1;
  for (size_t t = 0; t < drawn->tools().size(); ++t) {
    if (std::string(drawn->tools()[t].id) == "line") line = static_cast<int>(t);
    if (std::string(drawn->tools()[t].id) == "area") area = static_cast<int>(t);
  }
  REQUIRE(line >= 0);
  REQUIRE(area >= 0);
  drawn->set_tool(line);
  CHECK_FALSE(drawn->drag(2, 0, 2, 0.05).ok);  // too short: refused, and said
  REQUIRE(drawn->drag(2, 0, 2, 15).ok);
  for (int k = 0; k < 100; ++k) {
    REQUIRE(drawn->command("step").ok);
    REQUIRE(given->command("step").ok);
  }
  CHECK(drawn->export_json() == given->export_json());
  drawn->set_tool(area);
  REQUIRE(drawn->drag(6, 2, 1, 9).ok);
  REQUIRE(drawn->command("step").ok);
  const std::string json = drawn->export_json();
  const size_t at = json.find("\"areas\":[{\"area\":35,\"density\":[null,");
  REQUIRE(at != std::string::npos);
  std::string nulls = json.substr(at);
  nulls = nulls.substr(0, nulls.find(']'));
  size_t count = 0;
  for (size_t p = nulls.find("null"); p != std::string::npos; p = nulls.find("null", p + 1)) ++count;
  CHECK(count == 100);  // frames 0 … 99, before it was drawn at frame 100
  bool shown = false;
  for (const Readout& r : drawn->readouts()) shown = shown || std::string(r.label) == "area 1";
  CHECK(shown);
}

TEST_CASE(
    "the start tool: N people stand in the rectangle dragged, as --start-area places them; a link keeps it") {
  auto drawn = crowd_session(), given = crowd_session();
  REQUIRE(given->cli_option("start-area", "2;3;7;9") == "");
  for (auto* s : {drawn.get(), given.get()}) {
    s->edit(0, "25");
    s->commit(0);
    REQUIRE(s->command("initialize").ok);
  }
  int start = -1;
  for (size_t t = 0; t < drawn->tools().size(); ++t)
    if (std::string(drawn->tools()[t].id) == "start") start = static_cast<int>(t);
  REQUIRE(start >= 0);
  drawn->set_tool(start);
  CHECK_FALSE(drawn->drag(2, 3, 2.2, 9).ok);  // too narrow: refused, nothing changed
  CHECK_FALSE(drawn->drag(2, 3, 70, 9).ok);   // outside the room
  REQUIRE(drawn->drag(7, 9, 2, 3).ok);        // any two corners
  CHECK(drawn->export_json() == given->export_json());
  std::vector<double> row(drawn->description().columns.size());
  for (size_t i = 0; i < 25; ++i) {
    drawn->row(i, row.data());
    CHECK(row[2] >= 2);
    CHECK(row[2] <= 7);
    CHECK(row[3] >= 3);
    CHECK(row[3] <= 9);
  }
  // The link (and the text kept for a reload) carries it.
  auto opened = crowd_session();
  REQUIRE(opened->open_link(drawn->share_string()).ok);
  REQUIRE(opened->command("initialize").ok);
  CHECK(opened->export_json() == drawn->export_json());
  CHECK(given->cli_option("start-area", "1;2;3") != "");
}

TEST_CASE("the page's plots of a measure: line 1's N–t curve and area 1's density, frame by frame") {
  auto s = crowd_session();
  size_t line_plot = 0, area_plot = 0;
  for (size_t k = 0; k < s->series_info().size(); ++k) {
    if (std::string(s->series_info()[k].title).find("line 1") == 0) line_plot = k;
    if (std::string(s->series_info()[k].title).find("area 1") == 0) area_plot = k;
  }
  REQUIRE(line_plot > 0);
  REQUIRE(area_plot > 0);
  CHECK(s->series_info()[line_plot].optional);  // hidden in a run that measures nothing
  s->edit(0, "40");
  s->commit(0);
  REQUIRE(s->command("initialize").ok);
  REQUIRE(s->compute(20).ok);
  CHECK(std::isnan(s->series_value(line_plot, s->series_length() - 1)));
  REQUIRE(s->cli_option("measure-line", "14;0;14;15") == "");
  REQUIRE(s->cli_option("measure-area", "POLYGON ((10 2, 14 2, 14 13, 10 13, 10 2))") == "");
  REQUIRE(s->command("initialize").ok);
  REQUIRE(s->compute(300).ok);
  const size_t n = s->series_length();
  REQUIRE(n == 301);
  // The curve climbs by whole passages to the line's count; the JSON's passage times say when.
  const std::string json = s->export_json();
  std::vector<double> times;
  for (size_t p = json.find("{\"t\":"); p != std::string::npos; p = json.find("{\"t\":", p + 1))
    times.push_back(std::stod(json.substr(p + 5)));
  REQUIRE(times.size() > 5);
  for (size_t i = 0; i < n; ++i) {
    const double t = 0.04 * static_cast<double>(s->series_step(i));
    size_t before = 0;
    for (double q : times) before += q < t ? 1 : 0;
    CHECK(s->series_value(line_plot, i) == static_cast<double>(before));
  }
  CHECK(s->series_value(line_plot, n - 1) == static_cast<double>(times.size()));
  // The density is the JSON's, frame by frame.
  const size_t at = json.find("\"density\":[");
  REQUIRE(at != std::string::npos);
  std::vector<double> density;
  for (size_t p = at + 11; json[p - 1] != ']'; p = json.find_first_of(",]", p) + 1)
    density.push_back(std::stod(json.substr(p)));
  REQUIRE(density.size() == n);
  for (size_t i = 0; i < n; ++i)
    CHECK(s->series_value(area_plot, i) == doctest::Approx(density[i]).epsilon(1e-15));
  CHECK(s->series_csv().find("line_1:_people_across") != std::string::npos);
}

TEST_CASE("a state file keeps the lines and areas: continued, the JSON is the uninterrupted run's") {
  auto whole = crowd_session(), half = crowd_session();
  for (auto* s : {whole.get(), half.get()}) {
    s->edit(0, "40");
    s->commit(0);
    REQUIRE(s->cli_option("measure-line", "14;0;14;15") == "");
    REQUIRE(s->command("initialize").ok);
  }
  auto draw_area = [](ModelSession& s) {  // an area drawn at frame 100: null before it
    for (size_t t = 0; t < s.tools().size(); ++t)
      if (std::string(s.tools()[t].id) == "area") s.set_tool(static_cast<int>(t));
    REQUIRE(s.drag(10, 2, 14, 13).ok);
  };
  REQUIRE(whole->compute(100).ok);
  draw_area(*whole);
  REQUIRE(whole->compute(200).ok);
  REQUIRE(half->compute(100).ok);
  draw_area(*half);
  REQUIRE(half->compute(50).ok);
  StateFile file;
  REQUIRE(read_state_file(write_state_file(*half), file) == "");
  std::string why;
  std::unique_ptr<ModelSession> continued = session_from_state(file, why);
  REQUIRE_MESSAGE(continued, why);
  REQUIRE(continued->compute(150).ok);
  const std::string json = continued->export_json();
  CHECK(json == whole->export_json());
  CHECK(json.find("\"lines\":[{") != std::string::npos);
  CHECK(json.find("\"areas\":[{\"area\":44,\"density\":[null,") != std::string::npos);
  // Written again after a reading, the file is the same (its measures whole).
  CHECK(write_state_file(*session_from_state(file, why)) == write_state_file(*half));
}
