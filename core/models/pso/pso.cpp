// Bandada — particle swarm optimisation as a model (see pso.h).
#include "pso.h"

#include <cmath>

#include "common/det_math.h"
#include "common/fingerprint.h"
#include "common/parallel.h"

namespace bandada {

SwarmSettings PsoParams::settings() const {
  SwarmSettings s = swarm;
  s.chi = chi;
  s.c1 = c1;
  s.c2 = c2;
  s.w = w;
  s.w_end = w_end;
  s.horizon = horizon;
  s.vmax = vmax;
  return s;
}

Pso::Pso(const PsoParams& p) : params_(p) {
  const PsoLandscapeInfo& info = pso_landscape_info(p.landscape);
  const uint32_t D = pso_dims(p.landscape, p.dims);
  swarm_ = swarm_place(p.particles, std::vector<double>(D, info.lo), std::vector<double>(D, info.hi), p.seed);
  evaluate();
}

void Pso::set_live_params(const PsoParams& p) {
  params_.swarm = p.swarm;
  params_.chi = p.chi;
  params_.c1 = p.c1;
  params_.c2 = p.c2;
  params_.w = p.w;
  params_.w_end = p.w_end;
  params_.horizon = p.horizon;
  params_.vmax = p.vmax;
}

void Pso::evaluate() {
  std::vector<SwarmScore> scores(swarm_.P);
  parallel_for(swarm_.P, threads_, [&](size_t a, size_t b, unsigned) {
    for (size_t i = a; i < b; ++i) {
      const uint32_t k = static_cast<uint32_t>(i);
      scores[i] = swarm_inside(swarm_, k) ? pso_score(params_.landscape, &swarm_.x[i * swarm_.D], swarm_.D)
                                          : SwarmScore{INFINITY, 0};
      if (!std::isfinite(scores[i].value)) scores[i] = SwarmScore{INFINITY, 0};
    }
  });
  swarm_take(swarm_, scores);
  evaluations_ += swarm_.P;
  summarise();
}

void Pso::summarise() {
  leader_ = swarm_leader(swarm_);
  const uint32_t P = swarm_.P, D = swarm_.D;
  std::vector<double> c(D, 0.0);
  for (uint32_t i = 0; i < P; ++i)
    for (uint32_t d = 0; d < D; ++d) c[d] += swarm_.x[size_t{i} * D + d] / P;
  double sum = 0, diag = 0;
  for (uint32_t i = 0; i < P; ++i) {
    double r = 0;
    for (uint32_t d = 0; d < D; ++d) {
      const double q = swarm_.x[size_t{i} * D + d] - c[d];
      r += q * q;
    }
    sum += std::sqrt(r);
  }
  for (uint32_t d = 0; d < D; ++d) diag += (swarm_.hi[d] - swarm_.lo[d]) * (swarm_.hi[d] - swarm_.lo[d]);
  diversity_ = sum / P / std::sqrt(diag);
}

void Pso::step() {
  if (diverged_at_) return;
  Swarm before = swarm_;
  swarm_move(swarm_, params_.settings(), threads_);
  for (size_t k = 0; k < swarm_.v.size(); ++k)
    if (!(std::fabs(swarm_.v[k]) <= kPsoDivergence) || !std::isfinite(swarm_.x[k])) {
      diverged_at_ = before.steps + 1;
      swarm_ = std::move(before);
      return;
    }
  evaluate();
}

double Pso::error() const { return best().value - pso_optimum(params_.landscape, swarm_.D); }

double Pso::log10_error() const {
  const double e = error();
  return e > 0 ? det_log(e) / det_log(10.0) : NAN;
}

bool Pso::in_basin() const {
  const double x_opt = pso_landscape_info(params_.landscape).x_opt;
  if (std::isnan(x_opt) || best().violation != 0) return false;
  for (uint32_t d = 0; d < swarm_.D; ++d)
    if (!(std::fabs(best_x()[d] - x_opt) <= 0.5)) return false;
  return true;
}

uint64_t Pso::fingerprint() const {
  Fingerprint f;
  f.add(uint64_t{swarm_.P});
  f.add(uint64_t{swarm_.D});
  f.add(swarm_.steps);
  f.add(evaluations_);
  f.add(diverged_at_);
  for (const std::vector<double>* v : {&swarm_.x, &swarm_.v, &swarm_.best_x})
    for (double d : *v) f.add(d);
  for (const SwarmScore& s : swarm_.best) {
    f.add(s.violation);
    f.add(s.value);
  }
  for (const Lcg& g : swarm_.rng) f.add(uint64_t{g.state});
  return f.value();
}

}  // namespace bandada
