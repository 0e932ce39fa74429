// Bandada — the claims of the 2-D flock's lesson as experiments (docs/experiments.md). Each rule
// was written from the claim before it was run; a claim that does not hold under the lesson's
// own defaults is a finding, and the verdict says so with its numbers.
#include <cmath>
#include <string>
#include <vector>

#include "common/number_text.h"
#include "run/experiment.h"

namespace bandada {
namespace {

const char* kLesson = "the 2-D flock's lesson";

std::string f2(double v) { return format_fixed(v, 2); }
std::string pm(const ExperimentTable& t, size_t p, const char* m, int digits = 2) {
  return format_fixed(t.mean(p, m), digits) + " ± " + format_fixed(t.sd(p, m), digits);
}

/// Points that set one option to each of the values.
std::vector<ExperimentPoint> over(const std::string& option, std::vector<std::string> values) {
  std::vector<ExperimentPoint> out;
  for (const std::string& v : values) out.push_back({{v}, {{option, v}}});
  return out;
}

/// A card of this lesson: the 2-D flock, credited to the lesson; each maker fills in its claim.
Experiment card() {
  Experiment e;
  e.model = "flock2d";
  e.credit = kLesson;
  return e;
}

/// Claim 1.
Experiment more_boids() {
  Experiment e = card();
  e.name = "more-boids";
  e.claim = 1;
  e.claim_text = "Add boids and collective motion appears.";
  e.varies = "the number of boids N, 10 to 1 000 (other fields at their defaults)";
  e.axes = {"count"};
  e.points = over("count", {"10", "30", "100", "300", "1000"});
  e.measures = {"order", "largest_group_share", "groups"};
  e.rule = "the mean order at the largest N is at least 0.5, and at least 0.2 above the smallest N's";
  e.judge = [](const ExperimentTable& t) {
    const size_t last = t.cells.size() - 1;
    const double a = t.mean(0, "order"), b = t.mean(last, "order");
    return Verdict{b >= 0.5 && b - a >= 0.2, "order goes from " + pm(t, 0, "order") + " at N = 10 to " +
                                                 pm(t, last, "order") + " at N = 1 000"};
  };
  e.try_it = {{"count", "1000"}};
  return e;
}

/// Claim 2.
Experiment separation_loosens() {
  Experiment e = card();
  e.name = "separation-loosens";
  e.claim = 2;
  e.claim_text = "A higher separation weight loosens the group, and it may scatter.";
  e.varies = "the separation weight w_s, 0 to 10";
  e.axes = {"w-sep"};
  e.points = over("w-sep", {"0", "1.5", "3", "6", "10"});
  e.measures = {"mean_nearest_distance", "groups", "largest_group_share"};
  e.rule = "the mean nearest-neighbour distance at w_s = 10 is at least 1.25 times that at w_s = 0";
  e.judge = [](const ExperimentTable& t) {
    const size_t last = t.cells.size() - 1;
    const double a = t.mean(0, "mean_nearest_distance"), b = t.mean(last, "mean_nearest_distance");
    return Verdict{b >= 1.25 * a, "the nearest neighbour is " + pm(t, 0, "mean_nearest_distance") +
                                      " away at w_s = 0 and " + pm(t, last, "mean_nearest_distance") +
                                      " at w_s = 10 (" + f2(b / a) + "×); groups go from " +
                                      pm(t, 0, "groups", 1) + " to " + pm(t, last, "groups", 1)};
  };
  e.try_it = {{"w-sep", "10"}};
  return e;
}

/// Claim 3.
Experiment alignment_orders() {
  Experiment e = card();
  e.name = "alignment-orders";
  e.claim = 3;
  e.claim_text = "A higher alignment weight lines the boids up in tidy, ordered columns.";
  e.varies = "the alignment weight w_a, 0 to 3";
  e.axes = {"w-ali"};
  e.points = over("w-ali", {"0", "0.5", "1", "2", "3"});
  e.measures = {"order", "groups", "largest_group_share"};
  e.rule = "the mean order rises by at least 0.2 from w_a = 0 to w_a = 3";
  e.judge = [](const ExperimentTable& t) {
    const size_t last = t.cells.size() - 1;
    const double a = t.mean(0, "order"), b = t.mean(last, "order");
    return Verdict{b - a >= 0.2, "order rises from " + pm(t, 0, "order") + " to " + pm(t, last, "order") +
                                     " as w_a goes from 0 to 3"};
  };
  e.try_it = {{"w-ali", "3"}};
  return e;
}

/// Claim 4.
Experiment radius_groups() {
  Experiment e = card();
  e.name = "radius-groups";
  e.claim = 4;
  e.claim_text =
      "A small perception radius splits the flock into several small groups; a larger one forms one big "
      "group.";
  e.varies = "the perception radius r, 25 to 150 (r_s stays 25); two boids are in one group when within r";
  e.axes = {"radius"};
  e.points = over("radius", {"25", "35", "50", "100", "150"});
  e.measures = {"groups", "largest_group_share", "order"};
  e.rule =
      "at the smallest r there are at least 3 groups on average and the largest holds under half of the "
      "boids; at the largest r the largest group holds at least 90 %";
  e.judge = [](const ExperimentTable& t) {
    const size_t last = t.cells.size() - 1;
    const bool small = t.mean(0, "groups") >= 3 && t.mean(0, "largest_group_share") < 0.5;
    const bool big = t.mean(last, "largest_group_share") >= 0.9;
    return Verdict{small && big, "r = 25: " + pm(t, 0, "groups", 1) + " groups, the largest " +
                                     pm(t, 0, "largest_group_share") +
                                     " of the boids; r = 150: " + pm(t, last, "groups", 1) +
                                     " groups, the largest " + pm(t, last, "largest_group_share")};
  };
  e.try_it = {{"radius", "25"}};
  return e;
}

/// Claim 5.
Experiment all_max_twitchy() {
  Experiment e = card();
  e.name = "all-max-twitchy";
  e.claim = 5;
  e.claim_text =
      "All three weights at their maximum give unnatural, twitchy motion; start balanced "
      "(separation 1.5, alignment 1.0, cohesion 1.0).";
  e.varies = "the three weights together: balanced (1.5, 1, 1), all 5, all at the maximum 10";
  e.axes = {"weights"};
  e.points = {{{"balanced"}, {{"w-sep", "1.5"}, {"w-ali", "1"}, {"w-coh", "1"}}},
              {{"all-5"}, {{"w-sep", "5"}, {"w-ali", "5"}, {"w-coh", "5"}}},
              {{"all-10"}, {{"w-sep", "10"}, {"w-ali", "10"}, {"w-coh", "10"}}}};
  e.measures = {"turning_angle", "order", "mean_nearest_distance"};
  e.rule =
      "the mean turning angle per step with all three weights at 10 is at least twice the balanced one's";
  e.judge = [](const ExperimentTable& t) {
    const double a = t.mean(0, "turning_angle"), b = t.mean(2, "turning_angle");
    return Verdict{b >= 2 * a, "boids turn " + pm(t, 0, "turning_angle", 4) + " rad a step balanced and " +
                                   pm(t, 2, "turning_angle", 4) + " with all three at 10 (" + f2(b / a) +
                                   "×)"};
  };
  e.try_it = {{"w-sep", "10"}, {"w-ali", "10"}, {"w-coh", "10"}};
  return e;
}

/// Claim 6.
Experiment speed_zone() {
  Experiment e = card();
  e.name = "speed-zone";
  e.claim = 6;
  e.claim_text =
      "A max speed of about 5–10 % of the perception radius (2.5–5 at r = 50) is the stable zone: "
      "too slow and a boid cannot respond, too fast and the group falls apart.";
  e.varies = "the speed limit v_max, 0.5 to 20, at r = 50";
  e.axes = {"max-speed"};
  e.points = over("max-speed", {"0.5", "1", "2.5", "5", "10", "20"});
  e.measures = {"largest_group_share", "order", "groups"};
  e.rule = "the largest group's mean share is higher at both v_max = 2.5 and 5 than at both 0.5 and 20";
  e.judge = [](const ExperimentTable& t) {
    const double slow = t.mean(0, "largest_group_share"), fast = t.mean(5, "largest_group_share");
    const double z1 = t.mean(2, "largest_group_share"), z2 = t.mean(3, "largest_group_share");
    const double zone = std::fmin(z1, z2), out = std::fmax(slow, fast);
    return Verdict{zone > out, "the largest group holds " + pm(t, 0, "largest_group_share") +
                                   " at v_max = 0.5, " + pm(t, 2, "largest_group_share") + " at 2.5, " +
                                   pm(t, 3, "largest_group_share") + " at 5 and " +
                                   pm(t, 5, "largest_group_share") + " at 20"};
  };
  e.try_it = {{"max-speed", "20"}};
  return e;
}

/// Claim 7.
Experiment grid_vs_all_pairs() {
  Experiment e = card();
  e.name = "grid-vs-all-pairs";
  e.claim = 7;
  e.claim_text =
      "Checking every pair's distance collapses beyond about 1 000 boids; a spatial grid fixes it.";
  e.varies = "the number of boids N, 250 to 16 000, with the grid and with every pair checked (one thread)";
  e.threads = 1;
  e.axes = {"count", "search"};
  for (const char* n : {"250", "1000", "2000", "4000", "8000", "16000"})
    for (const char* s : {"grid", "all-pairs"}) e.points.push_back({{n, s}, {{"count", n}, {"search", s}}});
  e.kind = Experiment::Kind::timed;
  e.rule =
      "every pair checked falls below 30 steps a second (a frame rate) at some N up to 4 000, and the grid "
      "is at or above 30 at that N; timings are this machine's";
  e.judge = [](const ExperimentTable& t) {
    for (size_t p = 0; p + 1 < t.cells.size(); p += 2) {
      const double grid = t.mean(p, "steps_per_second"), all = t.mean(p + 1, "steps_per_second");
      const char* ns[] = {"250", "1 000", "2 000", "4 000", "8 000", "16 000"};
      if (all < 30)
        return Verdict{p / 2 <= 3 && grid >= 30,
                       std::string("every pair checked falls to ") + format_fixed(all, 1) +
                           " steps/s at N = " + ns[p / 2] + ", where the grid runs " + format_fixed(grid, 1) +
                           "; at 16 000 the grid runs " + format_fixed(t.mean(10, "steps_per_second"), 1) +
                           " and every pair " + format_fixed(t.mean(11, "steps_per_second"), 2)};
    }
    return Verdict{false, "every pair checked stays at or above 30 steps/s up to N = 16 000 here (" +
                              format_fixed(t.mean(11, "steps_per_second"), 1) + ")"};
  };
  e.try_it = {{"count", "16000"}};
  return e;
}

/// Claim 8.
Experiment leader_drags() {
  Experiment e = card();
  e.name = "leader-drags";
  e.claim = 8;
  e.claim_text = "A leader whose pull is stronger drags the flock along.";
  e.varies = "the leader weight w_l, 0 to 10, boid 0 leading";
  e.base = {{"leader", "0"}};
  e.axes = {"w-leader"};
  e.points = over("w-leader", {"0", "1", "3", "10"});
  e.measures = {"leader_distance", "largest_group_share", "order"};
  e.rule =
      "the mean distance from the leader to the flock's centre at w_l = 10 is at most half that at w_l = 0";
  e.judge = [](const ExperimentTable& t) {
    const size_t last = t.cells.size() - 1;
    const double a = t.mean(0, "leader_distance"), b = t.mean(last, "leader_distance");
    return Verdict{b <= 0.5 * a, "the flock's centre is " + pm(t, 0, "leader_distance", 1) +
                                     " from the leader at w_l = 0 and " + pm(t, last, "leader_distance", 1) +
                                     " at w_l = 10"};
  };
  e.try_it = {{"leader", "0"}, {"w-leader", "10"}};
  return e;
}

/// Claim 9.
Experiment euler_vs_rk4() {
  Experiment e = card();
  e.name = "euler-vs-rk4";
  e.claim = 9;
  e.claim_text = "Euler does not conserve energy; RK4 does better.";
  e.varies = "the integrator, side by side from one start (the integrator comparison)";
  e.kind = Experiment::Kind::opens;
  e.try_it = {{"preset", "orbit"}, {"compare", "on"}};
  e.rule = "see the comparison's energy plot";
  return e;
}

}  // namespace

const std::vector<Experiment>& flock2d_experiments() {
  static const std::vector<Experiment> all = {more_boids(),        separation_loosens(), alignment_orders(),
                                              radius_groups(),     all_max_twitchy(),    speed_zone(),
                                              grid_vs_all_pairs(), leader_drags(),       euler_vs_rk4()};
  return all;
}

}  // namespace bandada
