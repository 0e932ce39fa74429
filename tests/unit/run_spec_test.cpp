// Bandada — a run is data (core/run/run.h): a RunSpec built in C++, with no option text, runs to
// the same bytes as the command line that says the same; a sweep planned from data gives the CLI's
// rows; the page's plan text and the command line shown both read back to the same rows.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "app/registry.h"
#include "cli/run_args.h"
#include "run/experiment.h"
#include "run/run.h"
#include "run/sweep_plan.h"

using namespace bandada;

namespace {

std::string json_of(const RunSpec& spec) {
  Run run;
  const std::string e = prepare(spec, run);
  REQUIRE_MESSAGE(e.empty(), e);
  return run.session->export_json();
}

RunSpec from_args(const std::vector<std::string>& args) {
  RunSpec spec;
  RunArgs parsed;
  const std::string e = read_run_args(args, spec, parsed);
  REQUIRE_MESSAGE(e.empty(), e);
  return spec;
}

/// The 2-D flock with 40 boids and perception radius 35, 6 steps: fields by index.
RunSpec small_flock() {
  const std::unique_ptr<ModelSession> s = make_session("flock2d");
  REQUIRE(std::string(s->field(0).label) == "boids N");
  REQUIRE(std::string(s->field(1).label) == "perception r");
  RunSpec spec;
  spec.model = "flock2d";
  spec.set_field(0, "40");
  spec.set_field(1, "35");
  spec.steps = 6;
  spec.steps_given = true;
  return spec;
}

std::vector<std::string> rows_of(const SweepSpec& spec) {
  SweepPlan plan;
  const std::string e = plan_sweep(spec, plan);
  REQUIRE_MESSAGE(e.empty(), e);
  std::vector<std::string> out;
  for (size_t r = 0; r < plan.rows(); ++r) {
    std::string line;
    RowResult m;
    REQUIRE(sweep_row(plan, r, line, m) == "");
    out.push_back(line);
  }
  return out;
}

}  // namespace

TEST_CASE("a RunSpec built in C++ runs to the bytes of the command line that says the same") {
  const RunSpec data = small_flock();
  const std::string cli =
      json_of(from_args({"--model", "flock2d", "--count", "40", "--radius", "35", "--steps", "6"}));
  CHECK(json_of(data) == cli);
  // and it prints as that command line, which reads back to it
  CHECK(run_options(data) ==
        std::vector<std::string>{"--model", "flock2d", "--count", "40", "--radius", "35", "--steps", "6"});
  CHECK(json_of(from_args(run_options(data))) == cli);
  // a field set again is set last, in place of the first (as given again at the end of a command line)
  RunSpec again = data;
  again.set_field(0, "41");
  CHECK(again.settings.size() == 2);
  CHECK(json_of(again) == json_of(from_args({"--model", "flock2d", "--count", "40", "--radius", "35",
                                             "--count", "41", "--steps", "6"})));
}

TEST_CASE("a sweep planned from data gives the rows of the CLI's sweep, and of the page's plan text") {
  SweepSpec data;
  data.base = small_flock();
  data.base.steps_given = false;
  data.steps = "6";
  data.x = {"radius", "30", "50", "3"};
  data.seeds = "2";
  data.measures = "order,groups";
  const std::vector<std::string> rows = rows_of(data);
  REQUIRE(rows.size() == 6);
  SweepSpec cli;
  REQUIRE(read_sweep_args({"--model", "flock2d", "--count", "40", "--steps", "6", "--x", "radius=30:50:3",
                           "--seeds", "2", "--measure", "order,groups"},
                          cli) == "");
  CHECK(rows_of(cli) == rows);
  // the command line the page shows reads back to the same rows
  SweepSpec shown;
  REQUIRE(read_sweep_args(sweep_args(data), shown) == "");
  CHECK(rows_of(shown) == rows);
  // a row is the single run with its axis and seed set: its measures are that run's
  Run single;
  RunSpec one = data.base;
  one.set_field(1, "40");
  one.set_field(12, "2");
  one.steps = 6;
  one.steps_given = true;
  REQUIRE(prepare(one, single) == "");
  std::string order;
  for (const ModelSession::Measure& m : single.session->measures())
    if (m.name == "order") order = m.value;
  CHECK(rows[3] == "40,2," + order + "," + [&] {
    for (const ModelSession::Measure& m : single.session->measures())
      if (m.name == "groups") return m.value;
    return std::string();
  }());
}

TEST_CASE("the page's workers read the plan text back: the base by its share string, rows equal") {
  std::unique_ptr<ModelSession> s = make_session("feedback2d");
  SweepSpec page;
  page.base.model = "feedback2d";
  page.base.has_link = true;
  page.base.link = s->share_string();
  page.steps = "2";
  page.x = {s->field(s->field_count() - 1).option(), "0", "1", "2"};
  page.seeds = "1";
  const std::string text = sweep_spec_text(page);
  REQUIRE_FALSE(text.empty());
  SweepSpec back;
  REQUIRE(read_sweep_spec_text(text, back) == "");
  CHECK(sweep_spec_text(back) == text);
  CHECK(rows_of(back) == rows_of(page));
  CHECK(read_sweep_spec_text("x\tradius\n", back) != "");       // an axis line cut short
  CHECK(read_sweep_spec_text("shell\trm -rf\n", back) != "");   // a line of no known kind
  CHECK(read_sweep_spec_text("model\tflock2d\n", back) != "");  // no x axis
  page.base.set_field(0, "5");  // a base the share string does not hold is not sent as if it did
  CHECK(sweep_spec_text(page).empty());
}

TEST_CASE("settings by name resolve against the model, and a wrong one is named") {
  const std::unique_ptr<ModelSession> s = make_session("flock2d");
  RunSpec spec;
  spec.model = "flock2d";
  CHECK(add_named_settings(*s, {{"count", "40"}, {"search", "all-pairs"}, {"compare", "on"}}, spec) == "");
  REQUIRE(spec.settings.size() == 3);
  CHECK(spec.settings[0].kind == RunSpec::Setting::Kind::field);
  CHECK(spec.settings[1].kind == RunSpec::Setting::Kind::option);
  CHECK(spec.settings[2].kind == RunSpec::Setting::Kind::choice);
  CHECK(
      add_named_settings(*s, {{"bogus", "1"}}, spec).rfind("unknown option --bogus for --model flock2d", 0) ==
      0);
  CHECK(add_named_settings(*s, {{"compare", "maybe"}}, spec) == "--compare must be off or on");
  // every experiment's points resolve
  for (const Experiment& e : experiments())
    for (size_t p = 0; p <= e.points.size(); ++p) {
      RunSpec point;
      CHECK_MESSAGE(experiment_spec(e, p, 1, point) == "", e.name);
    }
}

TEST_CASE("the page's plan text carries a file the model opened (a scenario), so its rows run in that room") {
  std::unique_ptr<ModelSession> s = make_session("crowd");
  const std::string scenario =
      R"J({"walkable_area_wkt": "POLYGON ((0 0, 12 0, 12 5, 0 5, 0 0))",
          "exits": {"e": {"type": "polygon", "coordinates": [[11, 1], [12, 1], [12, 4], [11, 4]]}},
          "distributions": {"d": {"type": "polygon", "coordinates": [[1, 1], [5, 1], [5, 4], [1, 4]],
                                  "parameters": {"number": 8}}}})J";
  size_t option = 0;
  while (std::string(s->cli_options()[option].name) != "scenario") ++option;
  SweepSpec page;
  page.base.model = "crowd";
  page.base.has_link = true;
  page.base.link = s->share_string();
  RunSpec::Setting file;
  file.kind = RunSpec::Setting::Kind::option;
  file.index = option;
  file.text = scenario;
  file.source = "my room.json";
  page.base.settings.push_back(file);
  page.steps = "5";
  page.x = {"v0", "1", "1.5", "2"};
  page.seeds = "1";
  page.measures = "inside";
  const std::string text = sweep_spec_text(page);
  REQUIRE_FALSE(text.empty());
  CHECK(text.find('\n', text.find("option\t")) - text.find("option\t") > 20);  // one line, encoded
  SweepSpec back;
  REQUIRE(read_sweep_spec_text(text, back) == "");
  REQUIRE(back.base.settings.size() == 1);
  CHECK(back.base.settings[0].text == scenario);
  CHECK(back.base.settings[0].source == "my room.json");
  CHECK(rows_of(back) == rows_of(page));
  const std::string row = rows_of(back)[0];  // everyone inside after 5 steps: the file's eight, not 200
  CHECK(row.substr(row.find_last_of(",\t ") + 1) == "8");
  CHECK(read_sweep_spec_text("option\t0\t%zz\t\nx\tv0\t1\t2\t2\n", back) != "");
}
