// Bandada — the 2-D flock's fields (see flock2d_params.h).
#include "flock2d_params.h"

namespace bandada {
namespace {

const FieldInfo kFields[kFlock2dFieldCount] = {
    {"count", "boids N", "number of boids, whole number 1 … 20000", true, 1, 20000, false, nullptr, true},
    {"radius", "perception r", "perception radius, 1 … 300", false, 1, 300, false},
    {"sep-radius", "separation r_s", "separation radius, more than 0 and at most r", false, 0, 300, true},
    {"w-sep", "separation w_s", "separation weight, 0 … 10", false, 0, 10, false},
    {"w-ali", "alignment w_a", "alignment weight, 0 … 10", false, 0, 10, false},
    {"w-coh", "cohesion w_c", "cohesion weight, 0 … 10", false, 0, 10, false},
    {"max-speed", "speed limit v_max", "units per step, more than 0 and at most 50", false, 0, 50, true},
    {"max-force", "force limit f_max", "units per step², more than 0 and at most 10", false, 0, 10, true},
    {"dt", "time step dt", "more than 0 and at most 2", false, 0, 2, true},
    {"w-pred", "predator fear w_p", "0 … 20", false, 0, 20, false},
    {"w-attr", "attractor weight w_g", "0 … 10", false, 0, 10, false},
    {"w-leader", "leader weight w_l", "0 … 10", false, 0, 10, false},
    {"seed", "seed", "LCG seed, whole number 0 … 4294967295", true, 0, 4294967295.0, false, nullptr, true},
    {"w-obs", "obstacle weight w_o", "0 … 20: how hard boids steer away from obstacles", false, 0, 20, false},
};

const Flock2dFieldTexts kDefaults = {"300", "50", "25", "1.5", "1.0", "1.0", "4",
                                     "0.1", "1",  "3",  "0.5", "1",   "1",   "3"};

}  // namespace

const FieldInfo* flock2d_fields() { return kFields; }
const Flock2dFieldTexts& flock2d_default_texts() { return kDefaults; }

Flock2dCheck check_flock2d(const Flock2dFieldTexts& texts) {
  using P = Flock2dParams;
  static const FieldTarget<P> kTargets[kFlock2dFieldCount] = {{nullptr, &P::n},
                                                              {&P::r},
                                                              {&P::separation_radius},
                                                              {&P::separation_weight},
                                                              {&P::alignment_weight},
                                                              {&P::cohesion_weight},
                                                              {&P::max_speed},
                                                              {&P::max_force},
                                                              {&P::dt},
                                                              {&P::predator_weight},
                                                              {&P::attractor_weight},
                                                              {&P::leader_weight},
                                                              {nullptr, &P::seed},
                                                              {&P::obstacle_weight}};
  double v[kFlock2dFieldCount];
  Flock2dCheck out = check_table(kFields, kTargets, texts, v);
  if (out.errors[1].empty() && out.errors[2].empty() && v[2] > v[1]) {  // r_s ≤ r
    out.errors[2] = "must be at most the perception radius r";
    out.ok = false;
    out.params = P{};
  }
  return out;
}

}  // namespace bandada
