// Bandada — the optimiser as the page runs it (core/run/optimize.h): its plan travels to the
// workers as text with the values made so far, and each worker's run of an iteration is the run
// the CLI makes, so the page's log is the CLI's.
#include "run/optimize.h"

#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <vector>

#include "app/registry.h"

using namespace bandada;

namespace {

OptimizeSpec page_spec() {
  std::unique_ptr<ModelSession> s = make_session("boids3d");
  OptimizeSpec spec;
  spec.base.model = "boids3d";
  spec.base.has_link = true;
  spec.base.link = s->share_string();
  spec.steps = "3";
  spec.vary = {{"radius", "0.5", "2"}, {"alignment", "0", "0.2"}};
  spec.direction = 1;
  spec.measure = "order";
  spec.seeds = "2";
  spec.swarm = "4";
  spec.iterations = "2";
  spec.swarm_seed = "7";
  return spec;
}

/// The whole log as the CLI writes it, made the CLI's way: one Optimizer in process.
std::string cli_log(const OptimizeSpec& spec) {
  OptimizePlan plan;
  REQUIRE(plan_optimize(spec, plan) == "");
  std::string log = optimize_head(spec, plan);
  Optimizer opt(plan);
  while (!opt.done()) {
    std::vector<std::string> values(plan.runs_per_iteration());
    for (size_t k = 0; k < values.size(); ++k) {
      optimize_run(plan, opt, k, values[k]);
      log += opt.run_prefix(k) + values[k] + "\n";
    }
    log += opt.take(values);
  }
  return log;
}

}  // namespace

TEST_CASE("the page's optimisation text reads back to the same spec, and a damaged one is refused") {
  const OptimizeSpec spec = page_spec();
  const std::string text = optimize_spec_text(spec, {"0.5", "0.25"});
  REQUIRE_FALSE(text.empty());
  OptimizeSpec back;
  std::vector<std::string> values;
  REQUIRE(read_optimize_spec_text(text, back, values) == "");
  CHECK(optimize_args(back) == optimize_args(spec));
  CHECK(values == std::vector<std::string>{"0.5", "0.25"});
  CHECK(optimize_spec_text(back, values) == text);
  CHECK(read_optimize_spec_text("vary\tradius\t1\n", back, values) != "");  // a range cut short
  CHECK(read_optimize_spec_text("shell\trm -rf\n", back, values) != "");    // no such line
  OptimizeSpec fixed = spec;
  fixed.base.set_field(0, "5");  // a base the share string does not hold does not travel
  CHECK(optimize_spec_text(fixed, {}).empty());
}

TEST_CASE("workers rebuilt from the text make the CLI's runs, iteration by iteration") {
  const OptimizeSpec spec = page_spec();
  const std::string want = cli_log(spec);
  // The page: its own Optimizer takes each iteration's cells; every run is made by a fresh
  // replay of the text with the values so far, as a worker that just received it would.
  OptimizePlan plan;
  REQUIRE(plan_optimize(spec, plan) == "");
  Optimizer page(plan);
  std::string log = optimize_head(spec, plan);
  std::vector<std::string> all;
  while (!page.done()) {
    std::vector<std::string> values(plan.runs_per_iteration());
    for (size_t k = values.size(); k-- > 0;) {  // in any order: the workers finish as they finish
      OptimizeReplay worker;
      REQUIRE(worker.load(optimize_spec_text(spec, all)) == "");
      std::string line;
      REQUIRE(worker.run(k, line, values[k]) == "");
      CHECK(line == page.run_prefix(k) + values[k]);
    }
    for (size_t k = 0; k < values.size(); ++k) log += page.run_prefix(k) + values[k] + "\n";
    all.insert(all.end(), values.begin(), values.end());
    log += page.take(values);
  }
  CHECK(log == want);
  CHECK(page.best_texts().size() == 2);
  OptimizeReplay worker;
  CHECK(worker.load(optimize_spec_text(spec, {"1"})) != "");  // not a whole iteration's values
  std::string line, cells;
  REQUIRE(worker.load(optimize_spec_text(spec, {})) == "");
  CHECK(worker.run(plan.runs_per_iteration(), line, cells) != "");  // no such run
}
