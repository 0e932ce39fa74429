// Bandada — the claims about particle swarm optimisation as experiments (docs/experiments.md,
// docs/models/pso.md). Each rule was written from the claim before it was run; a claim that does
// not hold is a finding, and the verdict says so with its numbers.
#include <cmath>
#include <string>
#include <vector>

#include "common/number_text.h"
#include "models/pso/pso_landscape.h"
#include "run/experiment.h"

namespace bandada {
namespace {

std::string fx(double v, int digits = 2) { return format_fixed(v, digits); }
std::string pm(const ExperimentTable& t, size_t p, const char* m, int digits = 2) {
  return fx(t.mean(p, m), digits) + " ± " + fx(t.sd(p, m), digits);
}
/// A share over the seeds as a percentage ("43 %").
std::string pct(double share) { return fx(100 * share, 0) + " %"; }

Experiment card(const char* name, int claim, const char* credit) {
  Experiment e;
  e.model = "pso";
  e.name = name;
  e.claim = claim;
  e.credit = credit;
  return e;
}

/// Claim 1.
Experiment diverges_without_constriction() {
  Experiment e = card("pso-constriction", 1, "Clerc and Kennedy (2002); Kennedy and Eberhart (1995)");
  e.claim_text =
      "Without constriction, with no speed limit and no boundary, the swarm's speeds grow without bound; "
      "with "
      "the constriction factor χ it converges.";
  e.varies =
      "the update: the original one (inertia w = 1, c1 = c2 = 2) against constriction (χ = 0.72984, "
      "c1 = c2 = 2.05); 30 particles on the 10-D sphere, no speed limit, no boundary, 1 000 steps";
  e.axes = {"update"};
  e.base = {{"landscape", "sphere"}, {"dims", "10"}};
  e.points = {{{"1995"}, {{"update", "inertia"}, {"w", "1"}, {"w-end", "1"}, {"c1", "2"}, {"c2", "2"}}},
              {{"constriction"}, {{"update", "constriction"}}}};
  e.steps = 1000;
  e.seeds = 5;
  e.measures = {"diverged_at", "log10_error", "evaluations"};
  e.rule =
      "every seed of the original update diverges (a speed passes 1e12) within the 1 000 steps, and no "
      "seed with constriction does, each ending within 1e-6 of the optimum";
  e.judge = [](const ExperimentTable& t) {
    const bool wild = t.min(0, "diverged_at") > 0, tame = t.max(1, "diverged_at") == 0;
    const bool close = t.max(1, "log10_error") <= -6;
    return Verdict{wild && tame && close,
                   "the original update diverged at step " + fx(t.min(0, "diverged_at"), 0) + " to " +
                       fx(t.max(0, "diverged_at"), 0) +
                       (wild ? " in every seed" : " (not every seed diverged)") + "; with constriction " +
                       (tame ? "none diverged" : "a seed diverged") + ", log10 error " +
                       pm(t, 1, "log10_error", 1) + " after 1 000 steps"};
  };
  e.try_it = {{"landscape", "sphere"}, {"update", "inertia"}, {"w", "1"},
              {"w-end", "1"},          {"c1", "2"},           {"c2", "2"}};
  return e;
}

/// Claim 2.
Experiment sphere_geometric() {
  Experiment e = card("pso-sphere-rate", 2, "Clerc and Kennedy (2002): convergence of the constricted swarm");
  e.claim_text =
      "On the sphere, the error falls geometrically: a straight line on a log scale, at a steady rate.";
  e.varies =
      "the dimensions, 2, 10 and 30: 30 particles, constriction, global best, 500 steps; the rate is the "
      "least-squares slope of log10 error over the steps";
  e.axes = {"dims"};
  e.base = {{"landscape", "sphere"}};
  for (const char* d : {"2", "10", "30"}) e.points.push_back({{d}, {{"dims", d}}});
  e.steps = 500;
  e.seeds = 5;
  e.measures = {"error_slope", "error_fit_r2", "log10_error"};
  e.rule =
      "at every dimension, on the mean of the seeds, the fitted slope is below 0 and the fit's R² is at "
      "least "
      "0.95 (the rate is printed: the error's factor per step and the steps per decade)";
  e.judge = [](const ExperimentTable& t) {
    bool ok = true;
    std::string text;
    const char* dims[] = {"2", "10", "30"};
    for (size_t p = 0; p < t.cells.size(); ++p) {
      const double slope = t.mean(p, "error_slope"), r2 = t.mean(p, "error_fit_r2");
      ok = ok && slope < 0 && r2 >= 0.95;
      text += std::string(p ? "; " : "") + "D = " + dims[p] + ": " + fx(-1 / slope, 1) +
              " steps a decade (×" + fx(std::pow(10.0, slope), 4) + " a step), R² " + fx(r2, 3) +
              ", log10 error " + pm(t, p, "log10_error", 1) + " at 500";
    }
    return Verdict{ok, text};
  };
  e.try_it = {{"landscape", "sphere"}};
  return e;
}

/// Claim 3.
Experiment ring_finds_basin() {
  Experiment e = card("pso-ring-basin", 3, "Kennedy and Mendes (2002): neighbourhood topologies");
  e.claim_text = "On 10-D Rastrigin, a ring reaches the global basin more often than the global best.";
  e.varies =
      "the topology, global best against ring: 30 particles, constriction, 2 000 steps (60 030 "
      "evaluations); the global basin is every coordinate of the best within 0.5 of 0";
  e.axes = {"topology"};
  e.base = {{"landscape", "rastrigin"}, {"dims", "10"}};
  e.points = {{{"gbest"}, {{"topology", "gbest"}}}, {{"ring"}, {{"topology", "ring"}}}};
  e.steps = 2000;
  e.seeds = 30;
  e.measures = {"in_basin", "best_value"};
  e.rule =
      "over 30 seeds, the ring's success rate (the share of seeds whose best lies in the global basin) is "
      "above the global best's; the rates are printed whichever way they fall";
  e.judge = [](const ExperimentTable& t) {
    const double g = t.mean(0, "in_basin"), r = t.mean(1, "in_basin");
    return Verdict{r > g, "the global basin reached by " + pct(r) + " of seeds with a ring and " + pct(g) +
                              " with the global best; the best values " + pm(t, 1, "best_value") + " and " +
                              pm(t, 0, "best_value")};
  };
  e.try_it = {{"landscape", "rastrigin"}, {"topology", "ring"}};
  return e;
}

/// Claim 4.
Experiment more_particles() {
  Experiment e = card("pso-swarm-size", 4, "the swarm-size studies of PSO (Bratton and Kennedy 2007)");
  e.claim_text = "More particles buy reliability at a cost in evaluations.";
  e.varies =
      "the swarm size P, 10 to 80: 10-D Rastrigin, constriction, ring, 1 000 steps, so P·1 001 evaluations";
  e.axes = {"particles"};
  e.base = {{"landscape", "rastrigin"}, {"dims", "10"}, {"topology", "ring"}};
  for (const char* p : {"10", "20", "40", "80"}) e.points.push_back({{p}, {{"particles", p}}});
  e.steps = 1000;
  e.seeds = 30;
  e.measures = {"in_basin", "evaluations", "best_value"};
  e.rule =
      "over 30 seeds, the success rate with 80 particles is above the rate with 10, while the evaluations "
      "grow "
      "eightfold";
  e.judge = [](const ExperimentTable& t) {
    const size_t last = t.cells.size() - 1;
    const double a = t.mean(0, "in_basin"), b = t.mean(last, "in_basin");
    std::string text;
    const char* ps[] = {"10", "20", "40", "80"};
    for (size_t p = 0; p < t.cells.size(); ++p)
      text += std::string(p ? "; " : "") + "P = " + ps[p] + ": " + pct(t.mean(p, "in_basin")) +
              " of seeds in the basin, " + fx(t.mean(p, "evaluations"), 0) + " evaluations";
    return Verdict{b > a && t.mean(last, "evaluations") == 8 * t.mean(0, "evaluations"), text};
  };
  e.try_it = {{"landscape", "rastrigin"}, {"particles", "80"}, {"topology", "ring"}};
  return e;
}

/// Claim 5.
Experiment truss() {
  Experiment e =
      card("pso-truss", 5, "Haftka and Gürdal, Elements of Structural Optimization, design problem 2");
  e.claim_text =
      "A seeded swarm designs the 10-bar truss within 1 % of the best published weight, 5 060.9 lb, in "
      "50 000 evaluations.";
  e.varies =
      "nothing: 50 particles, constriction, global best, absorbing walls, 999 steps (50 000 evaluations); "
      "constraints by feasibility first";
  e.axes = {"swarm"};
  e.base = {{"landscape", "truss10"}};
  e.points = {{{"50 particles"}, {{"particles", "50"}, {"boundary", "absorb"}}}};
  e.steps = 999;
  e.seeds = 5;
  e.measures = {"best_value", "violation", "max_stress_ratio", "max_displacement_ratio", "evaluations"};
  e.rule =
      "every seed's design is feasible (no member above 25 ksi, no node moved more than 2 in, checked again "
      "on "
      "the design reported) and the lightest seed's weight lies within 1 % of 5 060.9 lb";
  e.judge = [](const ExperimentTable& t) {
    const bool feasible = t.max(0, "violation") == 0 && t.max(0, "max_stress_ratio") <= 1 &&
                          t.max(0, "max_displacement_ratio") <= 1;
    const double best = t.min(0, "best_value"), gap = 100 * (best / kTruss10Best - 1);
    return Verdict{feasible && std::fabs(gap) <= 1,
                   "the lightest design " + fx(best, 1) + " lb (" + (gap >= 0 ? "+" : "") + fx(gap, 2) +
                       " % against 5 060.9), the seeds " + pm(t, 0, "best_value", 1) + " lb; " +
                       (feasible ? "every design feasible" : "a design infeasible") + " (largest stress " +
                       fx(25 * t.max(0, "max_stress_ratio"), 2) + " ksi, largest displacement " +
                       fx(2 * t.max(0, "max_displacement_ratio"), 3) + " in); " +
                       fx(t.mean(0, "evaluations"), 0) + " evaluations"};
  };
  e.try_it = {{"landscape", "truss10"}, {"particles", "50"}, {"boundary", "absorb"}};
  return e;
}

}  // namespace

const std::vector<Experiment>& pso_experiments() {
  static const std::vector<Experiment> all = {diverges_without_constriction(), sphere_geometric(),
                                              ring_finds_basin(), more_particles(), truss()};
  return all;
}

}  // namespace bandada
