// Bandada — particle swarm optimisation's update (see swarm.h).
#include "common/swarm.h"

#include <algorithm>
#include <cmath>

#include "common/bytes.h"
#include "common/parallel.h"

namespace bandada {

const char* swarm_topology_name(SwarmTopology t) {
  return t == SwarmTopology::gbest ? "gbest" : t == SwarmTopology::ring ? "ring" : "vonneumann";
}
const char* swarm_update_name(SwarmUpdate u) {
  return u == SwarmUpdate::constriction ? "constriction" : "inertia";
}
const char* swarm_boundary_name(SwarmBoundary b) {
  switch (b) {
    case SwarmBoundary::none:
      return "none";
    case SwarmBoundary::absorb:
      return "absorb";
    case SwarmBoundary::reflect:
      return "reflect";
    case SwarmBoundary::random:
      return "random";
  }
  return "none";
}

bool swarm_better(const SwarmScore& a, const SwarmScore& b) {
  if (a.violation != b.violation) return a.violation < b.violation;
  return a.value < b.value;
}

SwarmGrid swarm_grid(uint32_t particles) {
  SwarmGrid g;
  for (uint32_t r = 3; r * r <= particles; ++r)
    if (particles % r == 0 && particles / r >= 3) g = {r, particles / r};  // the last is the squarest
  return g;
}

std::string swarm_topology_fits(SwarmTopology t, uint32_t particles) {
  if (t == SwarmTopology::vonneumann && swarm_grid(particles).rows == 0)
    return "von Neumann needs a torus of rows × columns, both at least 3: " + std::to_string(particles) +
           " particles have no such split (9, 12, 15, 16, 18, 20, … do)";
  if (t == SwarmTopology::ring && particles < 3) return "a ring needs at least 3 particles";
  return {};
}

uint32_t swarm_particle_seed(uint32_t seed, uint32_t i) {
  uint32_t h = seed + 0x9E3779B9u * (i + 1u);
  h ^= h >> 16;
  h *= 0x85EBCA6Bu;
  h ^= h >> 13;
  h *= 0xC2B2AE35u;
  h ^= h >> 16;
  return h;
}

Swarm swarm_place(uint32_t P, const std::vector<double>& lo, const std::vector<double>& hi, uint32_t seed) {
  Swarm s;
  s.P = P;
  s.D = static_cast<uint32_t>(lo.size());
  s.lo = lo;
  s.hi = hi;
  const size_t n = size_t{P} * s.D;
  s.x.assign(n, 0.0);
  s.v.assign(n, 0.0);
  s.score.assign(P, SwarmScore{});
  s.best.assign(P, SwarmScore{});
  s.guide.assign(P, 0);
  for (uint32_t i = 0; i < P; ++i) {
    s.rng.emplace_back(swarm_particle_seed(seed, i));
    Lcg& g = s.rng.back();
    double* x = &s.x[size_t{i} * s.D];
    double* v = &s.v[size_t{i} * s.D];
    for (uint32_t d = 0; d < s.D; ++d) x[d] = lo[d] + (hi[d] - lo[d]) * g.next();
    for (uint32_t d = 0; d < s.D; ++d) v[d] = (lo[d] + (hi[d] - lo[d]) * g.next() - x[d]) / 2;
  }
  s.best_x = s.x;
  return s;
}

bool swarm_inside(const Swarm& s, uint32_t i) {
  const double* x = &s.x[size_t{i} * s.D];
  for (uint32_t d = 0; d < s.D; ++d)
    if (!(x[d] >= s.lo[d] && x[d] <= s.hi[d])) return false;
  return true;
}

uint32_t swarm_leader(const Swarm& s) {
  uint32_t b = 0;
  for (uint32_t i = 1; i < s.P; ++i)
    if (swarm_better(s.best[i], s.best[b])) b = i;
  return b;
}

namespace {

/// The neighbours of particle i whose personal best may guide it (itself included), best first
/// by comparing in ascending index: the lowest index wins a tie.
uint32_t guide_of(const Swarm& s, SwarmTopology t, const SwarmGrid& g, uint32_t i, uint32_t leader) {
  if (t == SwarmTopology::gbest) return leader;
  uint32_t n[5];
  size_t k = 0;
  if (t == SwarmTopology::ring) {
    n[k++] = (i + s.P - 1) % s.P;
    n[k++] = i;
    n[k++] = (i + 1) % s.P;
  } else {
    if (g.rows == 0) return leader;  // no torus for P (refused before a run): the global best
    const uint32_t r = i / g.cols, c = i % g.cols;
    n[k++] = i;
    n[k++] = ((r + g.rows - 1) % g.rows) * g.cols + c;
    n[k++] = ((r + 1) % g.rows) * g.cols + c;
    n[k++] = r * g.cols + (c + g.cols - 1) % g.cols;
    n[k++] = r * g.cols + (c + 1) % g.cols;
  }
  std::sort(n, n + k);
  uint32_t b = n[0];
  for (size_t j = 1; j < k; ++j)
    if (swarm_better(s.best[n[j]], s.best[b])) b = n[j];
  return b;
}

void move_one(Swarm& s, const SwarmSettings& k, uint32_t i, double w) {
  Lcg& g = s.rng[i];
  double* x = &s.x[size_t{i} * s.D];
  double* v = &s.v[size_t{i} * s.D];
  const double* p = &s.best_x[size_t{i} * s.D];
  const double* q = &s.best_x[size_t{s.guide[i]} * s.D];
  for (uint32_t d = 0; d < s.D; ++d) {
    const double r1 = g.next(), r2 = g.next();
    const double pull = k.c1 * r1 * (p[d] - x[d]) + k.c2 * r2 * (q[d] - x[d]);
    double vd = k.update == SwarmUpdate::constriction ? k.chi * (v[d] + pull) : w * v[d] + pull;
    const double width = s.hi[d] - s.lo[d];
    if (k.vmax > 0) vd = std::clamp(vd, -k.vmax * width, k.vmax * width);
    double xd = x[d] + vd;
    if (k.boundary != SwarmBoundary::none && !(xd >= s.lo[d] && xd <= s.hi[d])) {
      if (k.boundary == SwarmBoundary::absorb) {
        xd = xd < s.lo[d] ? s.lo[d] : s.hi[d];
        vd = 0;
      } else if (k.boundary == SwarmBoundary::reflect) {
        xd = xd < s.lo[d] ? 2 * s.lo[d] - xd : 2 * s.hi[d] - xd;
        if (!(xd >= s.lo[d] && xd <= s.hi[d])) xd = xd < s.lo[d] ? s.lo[d] : s.hi[d];  // past both walls
        vd = -vd;
      } else {
        xd = s.lo[d] + width * g.next();
        vd = 0;
      }
    }
    x[d] = xd;
    v[d] = vd;
  }
}

}  // namespace

void swarm_move(Swarm& s, const SwarmSettings& k, unsigned threads) {
  const uint32_t leader = swarm_leader(s);
  const SwarmGrid grid = swarm_grid(s.P);  // von Neumann's torus, once a step
  for (uint32_t i = 0; i < s.P; ++i) s.guide[i] = guide_of(s, k.topology, grid, i, leader);
  const double t = std::min(static_cast<double>(s.steps), k.horizon);
  const double w = k.horizon > 0 ? k.w + (k.w_end - k.w) * t / k.horizon : k.w;
  parallel_for(s.P, threads, [&](size_t a, size_t b, unsigned) {
    for (size_t i = a; i < b; ++i) move_one(s, k, static_cast<uint32_t>(i), w);
  });
  ++s.steps;
}

void swarm_take(Swarm& s, const std::vector<SwarmScore>& scores) {
  const bool first = s.steps == 0;
  s.improved = 0;
  for (uint32_t i = 0; i < s.P; ++i) {
    s.score[i] = scores[i];
    if (first || swarm_better(scores[i], s.best[i])) {
      s.best[i] = scores[i];
      std::copy_n(&s.x[size_t{i} * s.D], s.D, &s.best_x[size_t{i} * s.D]);
      s.improved += first ? 0 : 1;
    }
  }
}

}  // namespace bandada

namespace bandada {

std::string swarm_pack(const Swarm& s) {
  ByteWriter w;
  w.put(s.P);
  w.put(s.D);
  for (const std::vector<double>* a : {&s.lo, &s.hi, &s.x, &s.v, &s.best_x}) w.put(*a);
  for (const std::vector<SwarmScore>* a : {&s.score, &s.best})
    for (const SwarmScore& k : *a) {
      w.put(k.violation);
      w.put(k.value);
    }
  w.put(s.guide);
  for (const Lcg& g : s.rng) w.put(g.state);
  w.put(s.steps);
  w.put(s.improved);
  return w.take();
}

}  // namespace bandada
