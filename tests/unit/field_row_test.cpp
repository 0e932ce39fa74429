// Bandada — one row per field: the ring model with one field more (tests/models/ring/ring_plus.cpp:
// its row, its value in the params and its use in the step, nothing else) is found by every front
// end through the seam: the CLI's option, the link's key, the views' input, the sweep's axis and
// the JSON's name all follow from the row.
#include <doctest/doctest.h>

#include <string>

#include "app/registry.h"
#include "cli/run_args.h"
#include "common/number_text.h"
#include "models/ring/ring_session.h"
#include "run/run.h"
#include "run/sweep_plan.h"

using namespace bandada;

namespace {

size_t field_by_key(const ModelSession& s, std::string_view key) {
  for (size_t i = 0; i < s.field_count(); ++i)
    if (key == s.field(i).key) return i;
  return s.field_count();
}

/// The command line's run: read (cli/run_args.h), then prepared; "" or why not.
std::string run_args(const std::vector<std::string>& args, Run& run) {
  RunSpec spec;
  RunArgs parsed;
  const std::string error = read_run_args(args, spec, parsed);
  return error.empty() ? prepare(spec, run) : error;
}

std::string run_json(std::vector<std::string> args) {
  Run run;
  const std::string error = run_args(args, run);
  REQUIRE_MESSAGE(error.empty(), error);
  return run.session->export_json();
}

}  // namespace

TEST_CASE("a field added as one row reaches the CLI, links, the views' inputs, sweeps and the JSON") {
  REQUIRE(make_session(ring_plus_model().id) != nullptr);
  std::unique_ptr<ModelSession> plain = make_session("ring"), plus = make_session("ring-plus");
  REQUIRE(plus->field_count() == plain->field_count() + 1);

  SUBCASE("the views: one more input, with its label, help and range, and its message when wrong") {
    const size_t k = field_by_key(*plus, "ph");
    REQUIRE(k < plus->field_count());
    CHECK(std::string(plus->field(k).label) == "phase φ");
    CHECK(plus->text(k) == "0");
    plus->edit(k, "2");
    CHECK_FALSE(plus->error(k).empty());  // out of its row's range -1 … 1
    plus->edit(k, "0,25");
    CHECK(plus->error(k).empty());
  }
  SUBCASE("the CLI: --phase, used by the step, and named in the JSON") {
    const std::string still =
        run_json({"--model", "ring-plus", "--count", "3", "--omega", "0.5", "--steps", "2"});
    const std::string moved = run_json(
        {"--model", "ring-plus", "--count", "3", "--omega", "0.5", "--phase", "0.25", "--steps", "2"});
    CHECK(still.find("\"phase\":0}") != std::string::npos);
    CHECK(moved.find("\"phase\":0.25}") != std::string::npos);
    // two steps of ω + φ = 0.75 each from 0: the first point at 1.5
    CHECK(moved.find("\"angles\":[1.5,") != std::string::npos);
    // without it, the same ring as the plain model
    const std::string ring = run_json({"--model", "ring", "--count", "3", "--omega", "0.5", "--steps", "2"});
    CHECK(still.substr(still.find("\"angles\"")) == ring.substr(ring.find("\"angles\"")));
    Run bad;
    CHECK(run_args({"--model", "ring-plus", "--phase", "5"}, bad).find("--phase '5'") == 0);
  }
  SUBCASE("links: its key is written and read back") {
    plus->edit(field_by_key(*plus, "ph"), "0,5");
    const std::string link = plus->share_string();
    CHECK(link.find("&ph=0,5") != std::string::npos);
    std::unique_ptr<ModelSession> other = make_session("ring-plus");
    REQUIRE(other->open_link(link).ok);
    CHECK(other->text(field_by_key(*other, "ph")) == "0,5");
  }
  SUBCASE("sweeps: an axis over it") {
    SweepSpec spec;
    REQUIRE(read_sweep_args({"--model", "ring-plus", "--x", "phase=0:0.5:3", "--seeds", "1", "--steps", "1"},
                            spec) == "");
    SweepPlan plan;
    REQUIRE(plan_sweep(spec, plan) == "");
    REQUIRE(plan.rows() == 3);
    std::string line;
    RowResult m;
    REQUIRE(sweep_row(plan, 2, line, m) == "");
    CHECK(line.rfind("0.5,", 0) == 0);                       // x = φ = 0.5 on the last row
    CHECK(m.measures[0].value == format_double(0.1 + 0.5));  // first angle after one step of ω + φ
  }
}
