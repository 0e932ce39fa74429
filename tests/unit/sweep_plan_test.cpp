// Bandada — a sweep as data (core/run/sweep_plan.h): the spec read from arguments (cli/) and
// written back, core's messages naming the part that is wrong, and a map cell's summary over seeds.
#include "run/sweep_plan.h"

#include <doctest/doctest.h>

#include <cmath>

#include "cli/run_args.h"

using namespace bandada;

TEST_CASE("a sweep's arguments read into a spec are written back to the same arguments") {
  const std::vector<std::string> args = {"--model",     "flock2d", "--count",     "40",   "--steps",
                                         "5",           "--x",     "w-sep=0:2:3", "--y",  "radius=30:60:2",
                                         "--seed-list", "3,7",     "--measure",   "order"};
  SweepSpec spec;
  REQUIRE(read_sweep_args(args, spec) == "");
  CHECK(run_options(spec.base) == std::vector<std::string>{"--model", "flock2d", "--count", "40"});
  CHECK(spec.x.key == "w-sep");
  CHECK(spec.y.count == "2");
  SweepSpec again;
  REQUIRE(read_sweep_args(sweep_args(spec), again) == "");
  CHECK(sweep_args(again) == sweep_args(spec));
}

TEST_CASE("plan_sweep names what is wrong by the part, as the page shows it") {
  SweepSpec spec;
  spec.base.model = "flock2d";
  spec.x = {"bogus", "0", "1", "2"};
  SweepPlan plan;
  CHECK(plan_sweep(spec, plan).rfind("x: 'bogus' is not a field of flock2d (count, radius", 0) == 0);
  spec.x = {"w-sep", "0", "zero", "2"};
  CHECK(plan_sweep(spec, plan).rfind("x: to 'zero': ", 0) == 0);
  spec.x = {"w-sep", "0", "1", "2"};
  spec.has_y = true;
  spec.y = spec.x;
  CHECK(plan_sweep(spec, plan) == "x and y name the same field: pick two different ones");
  spec.has_y = false;
  spec.steps = "-1";
  CHECK(plan_sweep(spec, plan).rfind("steps '-1': ", 0) == 0);
  spec.steps = "3";
  CHECK(plan_sweep(spec, plan) == "");
  CHECK(plan.rows() == 2);
}

TEST_CASE(
    "a map cell: the mean and n - 1 standard deviation of numbers; the most frequent word, mixed on a tie") {
  const SweepSummary a = summarise({"1", "2", "6"}, true);
  CHECK(a.n == 3);
  CHECK(a.mean == 3.0);
  CHECK(a.sd == doctest::Approx(std::sqrt(7.0)));
  CHECK(summarise({"0.5"}, true).sd == 0.0);
  CHECK(summarise({"edge", "chaos", "edge"}, false).word == "edge");
  CHECK(summarise({"edge", "chaos"}, false).word == "mixed");
}
