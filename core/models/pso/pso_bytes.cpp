// Bandada — the PSO model as bytes (pso_pack / pso_unpack): state files, and a page without
// threads handing its steps to a Web Worker running the same build.
#include <cmath>

#include "common/bytes.h"
#include "pso.h"
#include "pso_params.h"

namespace bandada {
namespace {

constexpr uint32_t kMagic = 0x50534F01;  // "PSO", layout 1
constexpr uint64_t kMost = 30 * 1000;    // D·P at most

/// The model's state as numbers and arrays of numbers, in the order of its bytes.
struct PsoRecord {
  uint32_t magic = kMagic;
  PsoParams p;
  uint8_t landscape = 0, topology = 0, update = 0, boundary = 0;
  uint32_t P = 0, D = 0;
  std::vector<double> x, v, best_x, score_violation, score_value, best_violation, best_value;
  std::vector<uint32_t> guide, rng;
  uint64_t steps = 0, evaluations = 0, diverged_at = 0;
  uint32_t improved = 0;
};

template <class Io, class R>
void walk_members(Io& io, R& r) {
  io(r.magic);
  io(r.p.dims);
  io(r.p.particles);
  io(r.p.seed);
  for (auto* d : {&r.p.chi, &r.p.c1, &r.p.c2, &r.p.w, &r.p.w_end, &r.p.vmax}) io(*d);
  io(r.p.horizon);
  for (auto* b : {&r.landscape, &r.topology, &r.update, &r.boundary}) io(*b);
  io(r.P);
  io(r.D);
  for (auto* a : {&r.x, &r.v, &r.best_x}) io(*a, kMost);
  for (auto* a : {&r.score_violation, &r.score_value, &r.best_violation, &r.best_value}) io(*a, 1000);
  io(r.guide, 1000);
  io(r.rng, 1000);
  io(r.steps);
  io(r.evaluations);
  io(r.diverged_at);
  io(r.improved);
}

/// Whether a record read is a state this model can have.
bool possible(const PsoRecord& r) {
  const FieldInfo* f = pso_fields();
  auto in = [f](PsoField k, double v) { return in_field_range(f[static_cast<int>(k)], v); };
  const PsoParams& p = r.p;
  if (r.magic != kMagic || r.landscape >= kPsoLandscapes || r.topology > 2 || r.update > 1 || r.boundary > 3)
    return false;
  if (!in(PsoField::dims, p.dims) || !in(PsoField::particles, p.particles) || !in(PsoField::chi, p.chi) ||
      !in(PsoField::c1, p.c1) || !in(PsoField::c2, p.c2) || !in(PsoField::w, p.w) ||
      !in(PsoField::w_end, p.w_end) || !in(PsoField::horizon, p.horizon) || !in(PsoField::vmax, p.vmax))
    return false;
  const PsoLandscape l = static_cast<PsoLandscape>(r.landscape);
  if (r.P != p.particles || r.D != pso_dims(l, p.dims)) return false;
  const size_t n = size_t{r.P} * r.D;
  for (const std::vector<double>* a : {&r.x, &r.v, &r.best_x})
    if (a->size() != n) return false;
  for (const std::vector<double>* a : {&r.score_violation, &r.score_value, &r.best_violation, &r.best_value})
    if (a->size() != r.P) return false;
  if (r.guide.size() != r.P || r.rng.size() != r.P || r.improved > r.P) return false;
  for (uint32_t g : r.guide)
    if (g >= r.P) return false;
  for (const std::vector<double>* a : {&r.x, &r.v, &r.best_x, &r.score_value, &r.best_value})
    for (double d : *a)
      if (!std::isfinite(d) || std::fabs(d) > 1e300) return false;
  for (const std::vector<double>* a : {&r.score_violation, &r.best_violation})
    for (double d : *a)
      if (!(d >= 0)) return false;
  for (double d : r.best_violation)
    if (!std::isfinite(d)) return false;  // a personal best is always a position in the box
  return true;
}

}  // namespace

std::string pso_pack(const Pso& m) {
  PsoRecord r;
  r.p = m.params_;
  r.landscape = static_cast<uint8_t>(m.params_.landscape);
  r.topology = static_cast<uint8_t>(m.params_.swarm.topology);
  r.update = static_cast<uint8_t>(m.params_.swarm.update);
  r.boundary = static_cast<uint8_t>(m.params_.swarm.boundary);
  const Swarm& s = m.swarm_;
  r.P = s.P;
  r.D = s.D;
  r.x = s.x;
  r.v = s.v;
  r.best_x = s.best_x;
  for (uint32_t i = 0; i < s.P; ++i) {
    r.score_violation.push_back(s.score[i].violation);
    r.score_value.push_back(s.score[i].value);
    r.best_violation.push_back(s.best[i].violation);
    r.best_value.push_back(s.best[i].value);
    r.rng.push_back(s.rng[i].state);
  }
  r.guide = s.guide;
  r.steps = s.steps;
  r.evaluations = m.evaluations_;
  r.diverged_at = m.diverged_at_;
  r.improved = s.improved;
  ByteWriter w;
  walk_members(w, r);
  return w.take();
}

bool pso_unpack(std::string_view bytes, Pso& m) {
  ByteReader in(bytes);
  PsoRecord r;
  walk_members(in, r);
  if (!in.finished() || !possible(r)) return false;
  PsoParams p = r.p;
  p.landscape = static_cast<PsoLandscape>(r.landscape);
  p.swarm.topology = static_cast<SwarmTopology>(r.topology);
  p.swarm.update = static_cast<SwarmUpdate>(r.update);
  p.swarm.boundary = static_cast<SwarmBoundary>(r.boundary);
  if (!swarm_topology_fits(p.swarm.topology, p.particles).empty()) return false;
  PsoParams tiny = p;  // a placed swarm of the right shape, then every part as it was sent
  Pso g(tiny);
  Swarm& s = g.swarm_;
  s.x = std::move(r.x);
  s.v = std::move(r.v);
  s.best_x = std::move(r.best_x);
  for (uint32_t i = 0; i < r.P; ++i) {
    s.score[i] = {r.score_violation[i], r.score_value[i]};
    s.best[i] = {r.best_violation[i], r.best_value[i]};
    s.rng[i].state = r.rng[i];
  }
  s.guide = std::move(r.guide);
  s.steps = r.steps;
  s.improved = r.improved;
  g.evaluations_ = r.evaluations;
  g.diverged_at_ = r.diverged_at;
  g.summarise();
  g.threads_ = m.threads_;
  m = std::move(g);
  return true;
}

}  // namespace bandada
