// Bandada — the 2-D flock as bytes (flock2d_pack / flock2d_unpack): how a page without threads
// hands its long steps to a Web Worker running the same build, and takes each step back whole.
#include "common/bytes.h"
#include "flock2d.h"
#include "flock2d_params.h"

namespace bandada {
namespace {

constexpr uint32_t kMagic = 0x46324401;  // "F2D", layout 1
constexpr uint64_t kMaxMarkers = 1u << 20;

// Markers and obstacles as flat arrays of their numbers.
std::vector<double> flat(const std::vector<Marker>& v) {
  std::vector<double> out;
  for (const Marker& m : v) out.insert(out.end(), {m.x, m.y, m.vx, m.vy});
  return out;
}
std::vector<double> flat(const std::vector<Circle>& v) {
  std::vector<double> out;
  for (const Circle& c : v) out.insert(out.end(), {c.x, c.y, c.r});
  return out;
}
std::vector<double> flat(const std::vector<Wall>& v) {
  std::vector<double> out;
  for (const Wall& w : v) out.insert(out.end(), {w.x1, w.y1, w.x2, w.y2});
  return out;
}

/// The flock's state as numbers and arrays of numbers, in the order of its bytes.
struct Flock2dRecord {
  uint32_t magic = kMagic;
  Flock2dParams p;
  uint8_t law = 0, integrator = 0, start = 0;
  uint32_t rng = 0;
  double nearest = 0;
  uint8_t nearest_known = 0;
  std::vector<double> x, y, vx, vy, last_vx, last_vy, predators, attractors, circles, walls;
  uint64_t steps = 0;
  uint8_t brute = 0;
};

/// The one list of the members, walked by the writer (pack) and the reader (unpack) alike.
template <class Io, class R>
void walk_members(Io& io, R& r) {
  io(r.magic);
  io(r.p.n);
  for (auto* v : {&r.p.r, &r.p.separation_radius, &r.p.separation_weight, &r.p.alignment_weight,
                  &r.p.cohesion_weight, &r.p.max_speed, &r.p.max_force, &r.p.dt, &r.p.predator_weight,
                  &r.p.attractor_weight, &r.p.leader_weight, &r.p.obstacle_weight})
    io(*v);
  for (auto* v : {&r.law, &r.integrator, &r.start}) io(*v);
  io(r.p.seed);
  io(r.p.leader);
  io(r.rng);
  io(r.nearest);
  io(r.nearest_known);
  for (auto* v : {&r.x, &r.y, &r.vx, &r.vy, &r.last_vx, &r.last_vy}) io(*v, r.p.n);
  io(r.predators, 4 * kMaxMarkers);
  io(r.attractors, 4 * kMaxMarkers);
  io(r.circles, 3 * kMaxMarkers);
  io(r.walls, 4 * kMaxMarkers);
  io(r.steps);
  io(r.brute);
}

/// Whether a record read is a state this engine can have: the sizes add up, params in their
/// fields' ranges, a finite state (anything else could send a step's grid out of its cells).
bool possible(const Flock2dRecord& r) {
  const Flock2dParams& p = r.p;
  for (const std::vector<double>* v : {&r.x, &r.y, &r.vx, &r.vy})
    if (v->size() != p.n) return false;
  for (const std::vector<double>* v : {&r.last_vx, &r.last_vy})  // none before a first step
    if (!v->empty() && v->size() != p.n) return false;
  if (r.magic != kMagic || r.last_vx.size() != r.last_vy.size() || r.law > 1 || r.integrator > 1 ||
      r.start > 1 || r.nearest_known > 1 || r.brute > 1 || r.predators.size() % 4 ||
      r.attractors.size() % 4 || r.circles.size() % 3 || r.walls.size() % 4)
    return false;
  const FieldInfo* fields = flock2d_fields();
  auto in = [fields](Flock2dField k, double v) { return in_field_range(fields[static_cast<int>(k)], v); };
  if (!in(Flock2dField::count, p.n) || !in(Flock2dField::radius, p.r) ||
      !in(Flock2dField::sep_radius, p.separation_radius) || p.separation_radius > p.r ||
      !in(Flock2dField::w_sep, p.separation_weight) || !in(Flock2dField::w_ali, p.alignment_weight) ||
      !in(Flock2dField::w_coh, p.cohesion_weight) || !in(Flock2dField::max_speed, p.max_speed) ||
      !in(Flock2dField::max_force, p.max_force) || !in(Flock2dField::dt, p.dt) ||
      !in(Flock2dField::w_pred, p.predator_weight) || !in(Flock2dField::w_attr, p.attractor_weight) ||
      !in(Flock2dField::w_leader, p.leader_weight) || !in(Flock2dField::w_obs, p.obstacle_weight) ||
      p.leader < -1 || p.leader >= static_cast<int64_t>(p.n))
    return false;
  for (const std::vector<double>* v :
       {&r.x, &r.y, &r.vx, &r.vy, &r.last_vx, &r.last_vy, &r.predators, &r.attractors, &r.circles, &r.walls})
    for (double d : *v)
      if (!(d - d == 0.0) || d > 1e9 || d < -1e9) return false;  // finite, and not absurdly far
  for (size_t i = 2; i < r.circles.size(); i += 3)
    if (!(r.circles[i] > 0)) return false;  // a radius
  return true;
}

}  // namespace

std::string flock2d_pack(const Flock2d& f) {
  Flock2dRecord r;
  r.p = f.params_;
  r.law = static_cast<uint8_t>(f.params_.law);
  r.integrator = static_cast<uint8_t>(f.params_.integrator);
  r.start = static_cast<uint8_t>(f.params_.start);
  r.rng = f.rng_.state;
  r.nearest = f.nearest_;
  r.nearest_known = f.nearest_known_ ? 1 : 0;
  r.x = f.px_;
  r.y = f.py_;
  r.vx = f.vx_;
  r.vy = f.vy_;
  r.last_vx = f.last_vx_;
  r.last_vy = f.last_vy_;
  r.predators = flat(f.predators_);
  r.attractors = flat(f.attractors_);
  r.circles = flat(f.circles_);
  r.walls = flat(f.walls_);
  r.steps = f.steps_;
  r.brute = f.brute_ ? 1 : 0;
  ByteWriter w;
  w.reserve(512 +
            (r.x.size() * 6 + r.predators.size() + r.attractors.size() + r.circles.size() + r.walls.size()) *
                sizeof(double));
  walk_members(w, r);
  return w.take();
}

bool flock2d_unpack(std::string_view bytes, Flock2d& f) {
  ByteReader in(bytes);
  Flock2dRecord r;
  walk_members(in, r);
  if (!in.finished() || !possible(r)) return false;
  Flock2dParams p = r.p;
  p.law = static_cast<ForceLaw>(r.law);
  p.integrator = static_cast<Integrator>(r.integrator);
  p.start = static_cast<Start>(r.start);
  const unsigned threads = f.threads_;
  f = Flock2d(p, std::move(r.x), std::move(r.y), std::move(r.vx), std::move(r.vy));
  f.rng_.state = r.rng;
  f.last_vx_ = std::move(r.last_vx);
  f.last_vy_ = std::move(r.last_vy);
  f.nearest_ = r.nearest;
  f.nearest_known_ = r.nearest_known != 0;
  const std::vector<double>&m = r.predators, &g = r.attractors, &c = r.circles, &w = r.walls;
  for (size_t i = 0; i < m.size(); i += 4) f.predators_.push_back({m[i], m[i + 1], m[i + 2], m[i + 3]});
  for (size_t i = 0; i < g.size(); i += 4) f.attractors_.push_back({g[i], g[i + 1], g[i + 2], g[i + 3]});
  for (size_t i = 0; i < c.size(); i += 3) f.circles_.push_back({c[i], c[i + 1], c[i + 2]});
  for (size_t i = 0; i < w.size(); i += 4) f.walls_.push_back({w[i], w[i + 1], w[i + 2], w[i + 3]});
  f.steps_ = r.steps;
  f.brute_ = r.brute != 0;
  f.threads_ = threads;
  return true;
}

}  // namespace bandada
